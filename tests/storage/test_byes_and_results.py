"""Byes, withdrawals and results (FIDE's checklist for tournament programs, C.02 VCL
Q170-188).

Withdrawn players are marked in the standings, on the command line, in the window and in the
printed standings and cross table (Q170); a second or later half-point bye is a Level-3
warning (Q174); a full-point bye, deprecated, a Level-2 warning and ``### FPB @ Round n``
(Q177-179); unrated results (fewer than one move, TRF ``W``/``D``/``L``) are entered like any
other (Q185).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from swissdesk.cli import main
from swissdesk.model.tournament import ResultCode
from swissdesk.reports.crosstable import render_crosstable
from swissdesk.reports.standings import render_standings
from swissdesk.storage import (
    BoardResult,
    ByeKind,
    ConfirmationRequired,
    EnterResult,
    Level,
    PlayerData,
    RequestBye,
    TournamentFile,
    TournamentSettings,
    Undo,
    Withdraw,
)
from swissdesk.storage.results import parse_result
from swissdesk.tiebreaks import compute_standings
from swissdesk.trf import format_trf

PLAYERS = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, 9)]


def event(tmp_path: Path, rounds: int = 5) -> TournamentFile:
    settings = TournamentSettings(name="Byes Open", total_rounds=rounds, tiebreaks=("BH",))
    return TournamentFile.create(tmp_path / "b.swissdesk", settings, players=PLAYERS)


def play(tf: TournamentFile, result: BoardResult = BoardResult.WHITE_WINS) -> int:
    pairing, _ = tf.pair_next_round(confirmed=2)
    for board in range(1, len(pairing.pairs) + 1):
        tf.execute(EnterResult(pairing.round_number, board, result))
    return pairing.round_number


def test_q170_withdrawn_players_are_marked_in_the_standings_and_documents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with event(tmp_path) as tf:
        play(tf)
        tf.execute(Withdraw(6, from_round=2))
        play(tf)
        snapshot = tf.snapshot()
        path = tf.path
    rows = {row.tpn: row for row in compute_standings(snapshot, ("BH",)).rows}
    assert rows[6].withdrawn and rows[6].shown_name == "Player 06 (withdrawn)"
    assert not rows[5].withdrawn and rows[5].shown_name == "Player 05"
    # after round 1 no. 6 had not left yet (withdrawn from round 2: shown from then on)
    assert not {r.tpn: r for r in compute_standings(snapshot, (), after_round=0).rows}[6].withdrawn
    capsys.readouterr()
    assert main(["standings", str(path)]) == 0
    assert "Player 06 (withdrawn)" in capsys.readouterr().out
    for render in (render_standings, render_crosstable):
        pdf = render(snapshot, tmp_path / f"{render.__name__}.pdf")
        text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
        assert "Player 06 (withdrawn)" in text, render.__name__


def test_q174_a_second_half_point_bye_is_level_3(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        tf.execute(RequestBye(3, 1, ByeKind.HALF))
        play(tf)
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(RequestBye(3, 3, ByeKind.HALF))
        assert asked.value.level is Level.CONFIRM_FACTS
        assert "no. 3 Player 03 already has a half-point bye in round 1" in (
            asked.value.warnings[0]
        )
        tf.execute(RequestBye(3, 3, ByeKind.HALF, confirmed=3))
        tf.execute(RequestBye(4, 3, ByeKind.HALF))  # another player's first: no question
        with pytest.raises(ConfirmationRequired, match="half"):
            tf.execute(RequestBye(3, 4, ByeKind.HALF))  # the third too


def test_q177_q178_q179_a_full_point_bye_is_level_2_and_logged(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(RequestBye(5, 1, ByeKind.FULL))
        assert asked.value.level is Level.CONFIRM
        assert "deprecated" in asked.value.warnings[0]
        tf.execute(RequestBye(5, 1, ByeKind.FULL, confirmed=2))
        line = "### FPB @ Round 1: no. 5 Player 05: full-point bye requested"
        assert [e.trf_line for e in tf.integrity_log()] == [line]
        tf.execute(Undo())
        assert tf.integrity_log() == []
        tf.execute(RequestBye(5, 1, ByeKind.FULL, confirmed=2))
        play(tf)
        text = format_trf(tf.snapshot())
        assert line in text.splitlines()
        assert any(x.startswith("001    5") and "0000 - F" in x for x in text.splitlines())


@pytest.mark.parametrize(
    ("typed", "white", "black"),
    [
        ("1-0u", ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS),
        ("0-1U", ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN),
        ("1/2u", ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW),
    ],
)
def test_q185_unrated_results_are_entered(
    tmp_path: Path, typed: str, white: ResultCode, black: ResultCode
) -> None:
    """A game with fewer than one move each: it scores for the standings and the pairing
    like the result, and is written W/D/L so that it is not rated."""
    with event(tmp_path) as tf:
        pairing, _ = tf.pair_next_round()
        tf.execute(EnterResult(1, 1, parse_result(typed)))
        board = tf.round_view(1).boards[0]
        assert board.result_text == typed.lower()
        for other in range(2, len(pairing.pairs) + 1):
            tf.execute(EnterResult(1, other, BoardResult.DRAW))
        snap = tf.snapshot()
        w, b = snap.players_by_tpn[board.white_tpn], snap.players_by_tpn[board.black_tpn]
        assert (w.rounds[0].result, b.rounds[0].result) == (white, black)
        line = next(
            x for x in format_trf(snap).splitlines() if x.startswith(f"001 {board.white_tpn:>4}")
        )
        assert line[91:99].endswith(white.value)


def test_q175_q176_a_player_not_eligible_for_half_point_byes_is_refused_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from swissdesk.storage import SetHalfByeEligibility
    from swissdesk.storage.errors import ActionRefused

    with event(tmp_path) as tf:
        tf.execute(SetHalfByeEligibility(4, eligible=False))
        assert tf.half_byes_refused() == {4}
        with pytest.raises(ActionRefused, match="not eligible for a half-point bye"):
            tf.execute(RequestBye(4, 1, ByeKind.HALF))
        tf.execute(RequestBye(4, 1, ByeKind.ZERO))  # other byes stay possible
        tf.execute(Undo())
        tf.execute(Undo())  # the flag
        assert tf.half_byes_refused() == set()
        tf.execute(RequestBye(4, 1, ByeKind.HALF))
        path = tf.path
    capsys.readouterr()
    assert main(["half-byes", str(path), "5", "refused"]) == 0
    assert "no. 5: half-point byes refused" in capsys.readouterr().out
    assert main(["bye", str(path), "5", "2", "half"]) == 2
    assert "not eligible for a half-point bye" in capsys.readouterr().err


def test_q197_q198_an_expelled_player_leaves_the_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Expelled after round 1: not paired in round 2, not in the standings; the game they
    played still counts for their opponent's Buchholz."""
    from swissdesk.storage import ExpelPlayer

    with event(tmp_path) as tf:
        play(tf)
        board = tf.round_view(1).boards[0]
        before = {r.tpn: r for r in compute_standings(tf.snapshot(), ("BH",)).rows}
        tf.execute(ExpelPlayer(board.black_tpn, reason="misconduct"))
        snap = tf.snapshot()
        standings = compute_standings(snap, ("BH",))
        assert board.black_tpn not in {r.tpn for r in standings.rows}
        assert standings.expelled == (board.black_tpn,)
        assert len(standings.rows) == 7 and standings.rows[-1].rank_label in ("7", "6-7", "5-7")
        opponent = {r.tpn: r for r in standings.rows}[board.white_tpn]
        assert opponent.values == before[board.white_tpn].values  # the game still counts
        pairing, _ = tf.pair_next_round(confirmed=2)
        paired = {t for pair in pairing.pairs for t in (pair.white, pair.black)}
        assert board.black_tpn not in paired
        path = tf.path
    capsys.readouterr()
    assert main(["standings", str(path)]) == 0  # after round 1 (round 2 has no results)
    out = capsys.readouterr().out
    assert f"Expelled, not in the standings: no. {board.black_tpn}" in out
