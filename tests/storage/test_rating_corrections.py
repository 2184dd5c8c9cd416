"""Corrections for the rating report only (FIDE's checklist for tournament programs, C.02,
Q192-193): a game's result corrected for the rating changes, for any round, kept apart from
the result the pairings and standings use, audited and undone like every action, listed in
every exported TRF as ``### Rating correction @ Round n`` and read back on import."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from swissdesk.elo import rating_changes
from swissdesk.model.tournament import ResultCode
from swissdesk.storage import (
    BoardResult,
    ConfirmationRequired,
    EnterResult,
    LeaveFideMode,
    PlayerData,
    RatingCorrection,
    Redo,
    TournamentFile,
    TournamentSettings,
    Undo,
    UnpairLastRound,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.tiebreaks.trf_ranks import with_current_ranks
from swissdesk.trf import format_trf

FIXTURES = Path(__file__).parent / "fixtures"


def event(tmp_path: Path, name: str = "r.swissdesk", system: str = "dutch") -> TournamentFile:
    settings = TournamentSettings(name="Rating report", total_rounds=5, system=system)
    people = [PlayerData(f"Player {i:02d}", rating=2400 - 40 * i) for i in range(1, 9)]
    return TournamentFile.create(tmp_path / name, settings, players=people)


def play(tf: TournamentFile, rounds: int) -> None:
    for _ in range(rounds):
        pairing, _ = tf.pair_next_round()
        for board in range(1, len(pairing.pairs) + 1):
            tf.execute(EnterResult(pairing.round_number, board, BoardResult.WHITE_WINS))


def game(tf: TournamentFile, round_number: int, tpn: int) -> tuple[int, int]:
    """(score in hundredths, counted) of ``tpn``'s game in ``round_number`` in the FIDE
    rating report."""
    change = rating_changes(tf.snapshot()).by_tpn()[tpn]
    g = next(g for g in change.games if g.round == round_number)
    return g.score, g.counted


def export(tf: TournamentFile) -> str:
    return format_trf(with_current_ranks(tf.snapshot()))


def test_q192_a_rating_correction_changes_the_rating_report_only(tmp_path: Path) -> None:
    """In FIDE mode, after round 4 is paired, round 1's result can no longer change for the
    pairings and standings (Q189/191) but can for the rating report: White's win counts as a
    loss there, and only there."""
    with event(tmp_path) as tf:
        play(tf, 3)
        tf.pair_next_round()
        board = tf.round_view(1).boards[0]
        white, black = board.white_tpn, board.black_tpn
        standings_before = tf.snapshot()
        rated_before = rating_changes(standings_before).by_tpn()
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(RatingCorrection(1, board.board, "0-1"))
        assert asked.value.level == 2
        assert "pairings and standings keep 1-0" in asked.value.warnings[0]
        result = tf.execute(RatingCorrection(1, board.board, "0-1", reason="sheet", confirmed=2))
        assert "0-1 for the rating report (pairings and standings: 1-0)" in result.summary
        # Pairings and standings: unchanged.
        assert tf.round_view(1).boards[0].result == BoardResult.WHITE_WINS
        after = tf.snapshot()
        assert after.players == standings_before.players
        # The rating report: the corrected result, said so.
        assert game(tf, 1, white) == (0, True) and game(tf, 1, black) == (100, True)
        rated = rating_changes(after).by_tpn()
        g = next(g for g in rated[white].games if g.round == 1)
        assert g.corrected == "1 in the pairings and standings"
        assert rated[white].change < rated_before[white].change  # type: ignore[operator]
        assert rated[black].change > rated_before[black].change  # type: ignore[operator]
        views = tf.rating_corrections()
        assert [(v.round_number, v.board, v.white, v.black, v.result, v.entered, v.reason)
                for v in views] == [(1, board.board, white, black, "0-1", "1-0", "sheet")]  # fmt: skip
        entry = tf.audit_log()[-1]
        assert entry.action == "RatingCorrection"


def test_q192_a_game_made_unrated_or_a_forfeit_is_left_out_of_the_rating_report(
    tmp_path: Path,
) -> None:
    with event(tmp_path) as tf:
        play(tf, 2)
        b1, b2 = tf.round_view(2).boards[:2]
        tf.execute(RatingCorrection(2, b1.board, "W-L", confirmed=2))
        tf.execute(RatingCorrection(2, b2.board, "-+", confirmed=2))
        assert game(tf, 2, b1.white_tpn) == (0, False)
        assert game(tf, 2, b2.black_tpn) == (0, False)
        change = rating_changes(tf.snapshot()).by_tpn()[b2.black_tpn]
        note = next(g.note for g in change.games if g.round == 2)
        assert "forfeit" in note


def test_q192_undo_redo_and_lifting_a_correction(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 2)
        board = tf.round_view(1).boards[1]
        tf.execute(RatingCorrection(1, board.board, "1/2", confirmed=2))
        tf.execute(RatingCorrection(1, board.board, "0-1", confirmed=2))  # a second thought
        assert [v.result for v in tf.rating_corrections()] == ["0-1"]
        tf.execute(Undo())
        assert [v.result for v in tf.rating_corrections()] == ["1/2"]
        tf.execute(Redo())
        assert [v.result for v in tf.rating_corrections()] == ["0-1"]
        tf.execute(Undo())
        tf.execute(Undo())
        assert tf.rating_corrections() == []
        assert game(tf, 1, board.white_tpn) == (100, True)
        tf.execute(RatingCorrection(1, board.board, "½", confirmed=2))
        # The result entered again: the correction is lifted (None says the same).
        tf.execute(RatingCorrection(1, board.board, "1-0", confirmed=2))
        assert tf.rating_corrections() == []
        with pytest.raises(ActionRefused, match="already has no rating correction"):
            tf.execute(RatingCorrection(1, board.board, None, confirmed=2))


def test_q192_what_cannot_be_corrected_is_refused_in_words(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 1)
        tf.pair_next_round()  # round 2: no result yet
        with pytest.raises(ActionRefused, match="round 3 is not paired"):
            tf.execute(RatingCorrection(3, 1, "1-0", confirmed=2))
        with pytest.raises(ActionRefused, match="has no result yet"):
            tf.execute(RatingCorrection(2, 1, "1-0", confirmed=2))
        with pytest.raises(ActionRefused, match="no board 9"):
            tf.execute(RatingCorrection(1, 9, "1-0", confirmed=2))
        with pytest.raises(ActionRefused, match="unknown result '2-0'"):
            tf.execute(RatingCorrection(1, 1, "2-0", confirmed=2))
        with pytest.raises(ActionRefused, match="has no rating correction"):
            tf.execute(RatingCorrection(1, 1, "1-0", confirmed=2))
    with event(tmp_path, "ds.swissdesk", system="double-swiss") as tf:
        tf.pair_next_round()
        with pytest.raises(ActionRefused, match="in a Double-Swiss event yet"):
            tf.execute(RatingCorrection(1, 1, "1-0", confirmed=2))


def test_q192_out_of_fide_mode_too(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 2)
        tf.execute(LeaveFideMode(confirmed=4))
        board = tf.round_view(1).boards[0]
        tf.execute(RatingCorrection(1, board.board, "1/2", confirmed=2))
        assert game(tf, 1, board.white_tpn) == (50, True)


def test_q192_clearing_a_result_takes_its_correction_and_undo_gives_it_back(
    tmp_path: Path,
) -> None:
    with event(tmp_path) as tf:
        play(tf, 2)
        board = tf.round_view(2).boards[0]
        tf.execute(RatingCorrection(2, board.board, "0-1", confirmed=2))
        boards = tf.round_view(2).boards
        for b in boards:  # results first cleared (unpairing asks it): the correction goes
            tf.execute(EnterResult(2, b.board, None, confirmed=2))
        assert tf.rating_corrections() == []
        tf.execute(UnpairLastRound())
        assert tf.snapshot().rating_corrections == ()
        tf.execute(Undo())  # the pairing back, still without results
        assert tf.rating_corrections() == []
        for _ in boards:
            tf.execute(Undo())  # each result back, the first board's with its correction
        assert [v.result for v in tf.rating_corrections()] == ["0-1"]
        assert game(tf, 2, board.white_tpn) == (0, True)


def test_q193_the_trf_lists_each_correction_and_an_import_reads_it_back(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 3)
        before = export(tf)
        b = tf.round_view(2).boards[2]
        tf.execute(RatingCorrection(2, b.board, "D-D", confirmed=2))
        text = export(tf)
        report = rating_changes(tf.snapshot())
    line = (
        f"### Rating correction @ Round 2: {b.white_tpn} - {b.black_tpn} D-D for the rating "
        "report (pairings and standings: 1-0)"
    )
    assert line in text.splitlines()
    # Every other line, the players' results and points included, as before.
    assert [x for x in text.splitlines() if x != line] == before.splitlines()
    trf = tmp_path / "out.trf"
    trf.write_text(text, encoding="utf-8")
    with TournamentFile.import_trf(trf, tmp_path / "back.swissdesk") as back:
        assert [(v.round_number, v.white, v.black, v.result) for v in back.rating_corrections()] == [
            (2, b.white_tpn, b.black_tpn, "D-D")
        ]
        assert rating_changes(back.snapshot()) == report
        assert export(back).count("### Rating correction") == 1  # not kept twice


def test_q193_a_line_that_names_no_game_of_the_file_is_kept_as_a_comment(
    tmp_path: Path,
) -> None:
    with event(tmp_path) as tf:
        play(tf, 2)
        text = export(tf)
    wrong = "### Rating correction @ Round 2: 1 - 1 0-1 for the rating report"
    lines = text.splitlines()
    lines.insert(3, wrong)
    trf = tmp_path / "odd.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with TournamentFile.import_trf(trf, tmp_path / "odd.swissdesk") as back:
        assert back.rating_corrections() == []
        assert wrong in export(back).splitlines()


def test_version_8_file_upgrades_with_its_log_and_plan_and_takes_corrections(
    tmp_path: Path,
) -> None:
    """Schema 9 adds the ``rating_correction`` table: a version-8 file (FIDE mode, a
    ``### Correction`` line, a prize plan) keeps all of it and takes a correction at once."""
    path = tmp_path / "v8.swissdesk"
    shutil.copy(FIXTURES / "v8_fide.swissdesk", path)
    with TournamentFile.open(path) as tf:
        assert [e.kind for e in tf.integrity_log()] == ["Correction"]
        assert tf.prize_plan() is not None and tf.prize_ticks() == {3: frozenset({"Club"})}
        assert tf.rating_corrections() == []
        board = tf.round_view(2).boards[0]
        tf.execute(RatingCorrection(2, board.board, "W-L", confirmed=2))
        white = tf.snapshot().player(board.white_tpn)
        assert white.rounds[1].result is not ResultCode.UNRATED_WIN  # standings: unchanged
        assert len(tf.rating_corrections()) == 1


def test_q192_the_rating_changes_pdf_marks_the_corrected_game(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from swissdesk.reports.ratings import render_ratings

    with event(tmp_path) as tf:
        play(tf, 2)
        board = tf.round_view(1).boards[0]
        tf.execute(RatingCorrection(1, board.board, "1/2", confirmed=2))
        snapshot = tf.snapshot()
    out = render_ratings(snapshot, tmp_path / "ratings.pdf")
    text = " ".join((page.extract_text() or "") for page in PdfReader(out).pages)
    text = " ".join(text.split())
    assert "½ †" in text  # points written with ½ (the documents' numbers, issue 38)
    assert "† Result corrected for the rating report only" in text
    assert f"no. {board.white_tpn} Player" in text and "round 1: 1 in the pairings and standings" in text


def test_q193_the_trf_line_round_trips_through_the_model() -> None:
    """The reader takes the writer's line back (aliases of the result too); a line naming a
    game the file does not have stays a comment."""
    from swissdesk.model.tournament import parse_rating_correction, rating_result

    line = "### Rating correction @ Round 3: 12 - 7 0-1 for the rating report (pairings and standings: 1-0)"
    c = parse_rating_correction(line)
    assert c is not None and (c.round, c.white, c.black, c.result) == (3, 12, 7, "0-1")
    assert c.trf_text("1-0") == line[4:]
    assert rating_result(" ½-½ ") == "1/2" and rating_result("w-l") == "W-L"
    for bad in ("### Rating correction @ Round 3: 12 - 12 0-1 for the rating report",
                "### Rating correction @ Round 0: 1 - 2 0-1 for the rating report",
                "### Rating correction @ Round 3: 1 - 2 2-0 for the rating report",
                "### Correction @ Round 3: board 1 (1-2): 1-0 -> 0-1"):  # fmt: skip
        assert parse_rating_correction(bad) is None
