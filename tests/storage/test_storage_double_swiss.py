"""A Double-Swiss tournament (C.04.5) headless: import (TRF or JSON state), next-round,
both games of every board (a single-game forfeit, a whole match forfeited), bye, withdraw,
undo, standings with match scores, export for rating, report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.model.tournament import truncated
from swissdesk.storage import (
    BoardResult,
    ByeKind,
    EnterMatchResult,
    RequestBye,
    TournamentFile,
    Undo,
    Withdraw,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.trf import read_trf, write_trf
from swissdesk.verification.generator import GeneratorSettings, generate_tournament
from tests.engines.corpus_support import CORPUS

W, B, D = BoardResult.WHITE_WINS, BoardResult.BLACK_WINS, BoardResult.DRAW


def _started(tmp_path: Path, players: int = 9, rounds: int = 5, seed: int = 3) -> Path:
    settings = GeneratorSettings(players=players, rounds=rounds, seed=seed, system="double-swiss")
    full = generate_tournament(settings, get_engine("double-swiss"))
    trf = tmp_path / "before-round-3.trf"
    write_trf(truncated(full, 3), trf)
    return trf


def _points(tf: TournamentFile) -> dict[int, int]:
    t = tf.snapshot()
    return {p.tpn: sum(t.entry_points(e) for e in p.rounds) for p in t.players}


def test_double_swiss_tournament_day_headless(tmp_path: Path) -> None:
    path = tmp_path / "ds.swissdesk"
    with TournamentFile.import_trf(_started(tmp_path), path) as tf:
        assert tf.settings().system == "double-swiss"
        pairing, _ = tf.pair_next_round(None)
        boards = tf.round_view(3).boards
        assert len(boards) == len(pairing.pairs)
        before = _points(tf)
        results = [(W, D), (D, D), (BoardResult.DOUBLE_FORFEIT, W), (W, B)]
        for board, (g1, g2) in zip(boards, results, strict=False):
            tf.execute(EnterMatchResult(3, board.board, g1, g2))
        view = tf.round_view(3)
        assert view.boards[0].result_text == "1-0 1/2"
        assert view.boards[0].games == ("1-0", "1/2")
        assert view.complete == (len(boards) <= len(results))
        for board in tf.round_view(3).boards:
            if not board.has_result:
                tf.execute(EnterMatchResult(3, board.board, D, D))
        after = _points(tf)
        first = boards[0]
        # 1-0 then 1/2: White of game 1 scores 1½, Black ½ (sum of game points).
        assert after[first.white_tpn] - before[first.white_tpn] == 3
        assert after[first.black_tpn] - before[first.black_tpn] == 1
        # A single forfeited game: the match is played (no repeat, colour kept).
        third = tf.snapshot().player(boards[2].white_tpn).rounds[2]
        assert third.played and third.colour is not None
        # Undo restores the board; entering it again is refused when unchanged.
        tf.execute(Undo())
        assert tf.round_view(3).boards[-1].result_text == ""
        last_board = view.boards[-1].board
        tf.execute(EnterMatchResult(3, last_board, D, D))
        assert tf.round_view(3).boards[-1].games == ("1/2", "1/2")
        with pytest.raises(ActionRefused):
            tf.execute(EnterMatchResult(3, 1, W, D))
        with pytest.raises(ActionRefused):
            tf.execute(EnterMatchResult(3, 1, W, None))
        tf.execute(RequestBye(boards[1].white_tpn, 4, ByeKind.HALF))
        tf.execute(Withdraw(boards[1].black_tpn, 4))
        pairing4, _ = tf.pair_next_round(None)
        seated = {t for p in pairing4.pairs for t in (p.white, p.black)}
        assert boards[1].white_tpn not in seated and boards[1].black_tpn not in seated
        snapshot = tf.snapshot()
    export = tmp_path / "rating.trf"
    with TournamentFile.open(path) as tf:
        tf_snapshot = tf.snapshot()
    write_trf(tf_snapshot, export)
    back = read_trf(export)
    assert [p.rounds[:3] for p in back.players] == [p.rounds[:3] for p in snapshot.players]
    assert "192 FIDE_DOUBLE_SWISS_2026" in export.read_text()


def test_double_swiss_command_line_result_standings_export_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cli.swissdesk"
    assert main(["import", str(_started(tmp_path)), "-o", str(path)]) == 0
    assert main(["next-round", str(path)]) == 0
    with TournamentFile.open(path) as tf:
        count = len(tf.round_view(3).boards)
    for board in range(1, count + 1):
        assert main(["result", str(path), "3", str(board), "1-0", "1/2"]) == 0
    capsys.readouterr()
    assert main(["result", str(path), "3", "1", "+-", "1/2"]) == 4  # a correction: Level 2
    assert main(["result", str(path), "3", "1", "+-", "1/2", "--yes-i-know", "2"]) == 0
    assert "+-" in capsys.readouterr().out
    assert main(["bye", str(path), "1", "4", "half"]) == 0
    assert main(["withdraw", "--from-round", "4", str(path), "2"]) == 0
    capsys.readouterr()
    assert main(["standings", str(path)]) == 0
    table = capsys.readouterr().out
    assert "Standings after round 3" in table
    out = tmp_path / "out.trf"
    assert main(["export", str(path), "-o", str(out)]) == 0
    assert main(["check", "-q", str(out)]) == 0
    texts = {}
    for kind in ("boards", "slips", "cards", "standings", "crosstable"):
        pdf = tmp_path / f"{kind}.pdf"
        args = ["report", "--kind", kind, str(path), "-o", str(pdf)]
        assert main([*args, "--round", "3"] if kind in ("boards", "slips") else args) == 0
        texts[kind] = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    # Board 1 was corrected to +- then 1/2; the others are 1-0 then 1/2: the match score,
    # then both games, read from the White player's side (issue 27).
    assert "1½ – ½ (+:-, ½:½)" in texts["boards"]
    assert "1½ – ½ (1:0, ½:½)" in texts["boards"]
    assert "Game 1, White above:" in texts["slips"] and "Game 2, Black above:" in texts["slips"]
    assert "1½" in texts["crosstable"]


@pytest.mark.skipif(not (CORPUS / "double-swiss").is_dir(), reason="shared corpus not found")
def test_import_a_json_state_and_pair_it(tmp_path: Path) -> None:
    case = CORPUS / "double-swiss" / "ds-0001-n13-r09-absences-rd05.json"
    expected = json.loads(case.read_text())["expected"]
    path = tmp_path / "json.swissdesk"
    with TournamentFile.import_trf(case, path) as tf:
        pairing, _ = tf.pair_next_round(None)
    assert [[p.white, p.black] for p in pairing.pairs] == expected["pairs"]
    assert pairing.bye == expected["pab"]


def test_an_existing_dutch_file_opens_unchanged(tmp_path: Path) -> None:
    """The Double-Swiss entries use the schema's existing ``games``/``game_points`` columns
    (schema version 1): a Dutch file made by this code opens with the same snapshot."""
    source = CORPUS / "dutch-full"
    trfs = sorted(source.glob("*.trf"))[:1] if source.is_dir() else []
    if not trfs:
        pytest.skip("shared corpus not found")
    path = tmp_path / "dutch.swissdesk"
    with TournamentFile.import_trf(trfs[0], path) as tf:
        before = tf.snapshot()
    with TournamentFile.open(path) as tf:
        after = tf.snapshot()
        assert tf.settings().system == "dutch"
    assert after == before
    assert all(not e.games and e.game_points is None for p in after.players for e in p.rounds)


def test_manual_pairing_change_warns_about_a_rematch_of_a_played_match(tmp_path: Path) -> None:
    """[C1] on matches: a match with one forfeited game was played; the warning names it."""
    from swissdesk.engines.base import Pair
    from swissdesk.storage.commands.rounds import absolute_criteria_warnings

    with TournamentFile.import_trf(_started(tmp_path), tmp_path / "m.swissdesk") as tf:
        t = tf.snapshot()
    played = next(
        (p.tpn, e.opponent) for p in t.players for e in p.rounds if e.played and e.opponent
    )
    warnings = absolute_criteria_warnings(t, 3, [Pair(*played)], None)
    assert warnings and "[C1]" in warnings[0]
    assert absolute_criteria_warnings(t, 3, [], None) == ()


def test_rare_half_zero_games_score_per_side(tmp_path: Path) -> None:
    """C.04.5 preface: a game may end ½-0; the match then scores 1 - 0 for two such games."""
    with TournamentFile.import_trf(_started(tmp_path), tmp_path / "h.swissdesk") as tf:
        tf.pair_next_round(None)
        board = tf.round_view(3).boards[0]
        before = _points(tf)
        tf.execute(EnterMatchResult(3, 1, BoardResult.WHITE_HALF, BoardResult.BLACK_HALF))
        assert tf.round_view(3).boards[0].games == ("1/2-0", "0-1/2")
        for other in tf.round_view(3).boards[1:]:
            tf.execute(EnterMatchResult(3, other.board, D, D))
        after = _points(tf)
    assert after[board.white_tpn] - before[board.white_tpn] == 2
    assert after[board.black_tpn] == before[board.black_tpn]
