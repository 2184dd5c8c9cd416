"""Adjourned games (FIDE's checklist for tournament programs, C.02 VCL Q157-169).

An adjourned game is registered as such ('adj'), counts as a draw for the pairings until its
result is known (C.04.2 art. 3.1; never another provisional score, Q167), can be given its
result at any time, also rounds back in FIDE mode (Q162), a result other than a draw being a
Level-3 warning and ``### Adjournment @ Round n`` (Q163). While one is open, the next round
is paired only after a Level-2 confirmation (Q168), and in FIDE mode neither the final
standings nor a TRF are produced (Q169). A TRF marks it ``?`` with record 162's ``X`` (Q164,
Q165); a file's ``?``, or a result symbol TRF does not define, is imported as adjourned
(Q166).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.errors import InputError
from swissdesk.lists.standings import check_after_round
from swissdesk.model.tournament import ResultCode, adjourned_games
from swissdesk.reports.standings import render_standings
from swissdesk.storage import (
    BoardResult,
    ConfirmationRequired,
    CorrectResult,
    EnterResult,
    LeaveFideMode,
    Level,
    PlayerData,
    TournamentFile,
    TournamentSettings,
    Undo,
)
from swissdesk.tiebreaks import compute_standings
from swissdesk.trf import format_trf, parse_trf

PLAYERS = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, 9)]


def event(tmp_path: Path, rounds: int = 4) -> TournamentFile:
    settings = TournamentSettings(name="Adjourned Open", total_rounds=rounds, tiebreaks=("BH",))
    return TournamentFile.create(tmp_path / "a.swissdesk", settings, players=PLAYERS)


def play(tf: TournamentFile, *, adjourn_board: int | None = None, confirmed: int = 0) -> int:
    pairing, _ = tf.pair_next_round(confirmed=confirmed)
    n = pairing.round_number
    for board in range(1, len(pairing.pairs) + 1):
        result = BoardResult.ADJOURNED if board == adjourn_board else BoardResult.WHITE_WINS
        tf.execute(EnterResult(n, board, result))
    return n


def test_q157_a_game_is_registered_as_adjourned(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, adjourn_board=2)
        board = tf.round_view(1).boards[1]
        assert board.result is BoardResult.ADJOURNED and board.result_text == "adj"
        assert adjourned_games(tf.snapshot()) == [(1, board.white_tpn, board.black_tpn)]


def test_q167_an_adjourned_game_counts_as_a_draw_meanwhile(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, adjourn_board=2)
        board = tf.round_view(1).boards[1]
        snapshot = tf.snapshot()
        entry = snapshot.players_by_tpn[board.white_tpn].entry(1)
        assert entry is not None and entry.result is ResultCode.DRAW and entry.adjourned
        points = {row.tpn: row.points for row in compute_standings(snapshot, ()).rows}
        assert points[board.white_tpn] == points[board.black_tpn] == 1


def test_q168_pairing_around_an_adjourned_game_is_level_2(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, adjourn_board=2)
        board = tf.round_view(1).boards[1]
        with pytest.raises(ConfirmationRequired) as asked:
            tf.pair_next_round()
        assert asked.value.level is Level.CONFIRM
        (warning,) = asked.value.warnings
        assert f"round 1 board 2 ({board.white_tpn}-{board.black_tpn})" in warning
        assert tf.rounds_paired() == 1
        tf.pair_next_round(confirmed=2)
        assert tf.rounds_paired() == 2


def test_q162_an_adjourned_result_is_entered_rounds_later_in_fide_mode(tmp_path: Path) -> None:
    """Round 1's adjourned game, after round 4 was paired: a correction of round 1 would be
    refused in FIDE mode (Q189-191); the adjourned game's result is not."""
    with event(tmp_path) as tf:
        play(tf, adjourn_board=2)
        for _ in range(2):
            play(tf, confirmed=2)
        tf.pair_next_round(confirmed=2)
        assert tf.settings().fide_mode
        tf.execute(CorrectResult(1, 2, BoardResult.DRAW))
        assert tf.round_view(1).boards[1].result is BoardResult.DRAW
        assert adjourned_games(tf.snapshot()) == [] and tf.integrity_log() == []


def test_q163_a_result_other_than_a_draw_is_level_3_and_logged(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, adjourn_board=2)
        play(tf, confirmed=2)
        board = tf.round_view(1).boards[1]
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(CorrectResult(1, 2, BoardResult.BLACK_WINS))
        assert asked.value.level is Level.CONFIRM_FACTS
        assert "the adjourned game ends 0-1, not the draw" in asked.value.warnings[0]
        tf.execute(CorrectResult(1, 2, BoardResult.BLACK_WINS, confirmed=3))
        pair = f"{board.white_tpn}-{board.black_tpn}"
        assert [e.trf_line for e in tf.integrity_log()] == [
            f"### Adjournment @ Round 1: board 2 ({pair}): adjourned -> 0-1"
        ]
        tf.execute(Undo())
        assert tf.integrity_log() == [] and tf.round_view(1).boards[1].result_text == "adj"


def test_q161_q169_no_final_standings_while_an_adjourned_game_is_open(tmp_path: Path) -> None:
    with event(tmp_path, rounds=2) as tf:
        play(tf)
        play(tf, adjourn_board=3)
        snapshot = tf.snapshot()
        assert check_after_round(snapshot, 1) == 1  # an earlier round's standings: fine
        for after in (None, 2):
            with pytest.raises(InputError, match="final standings cannot be produced"):
                check_after_round(snapshot, after)
        with pytest.raises(InputError, match="adjourned game has no result"):
            render_standings(snapshot, tmp_path / "standings.pdf")
        tf.execute(EnterResult(2, 3, BoardResult.WHITE_WINS, confirmed=3))
        assert check_after_round(tf.snapshot(), None) == 2
        render_standings(tf.snapshot(), tmp_path / "standings.pdf")


def test_q169_no_trf_while_an_adjourned_game_is_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with event(tmp_path, rounds=2) as tf:
        play(tf)
        play(tf, adjourn_board=3)
        path = tf.path
    out = tmp_path / "out.trf"
    capsys.readouterr()
    assert main(["export", str(path), "-o", str(out)]) == 2
    assert "no TRF can be written while an adjourned game has no result" in (
        capsys.readouterr().err
    )
    assert not out.exists()
    assert main(["standings", str(path)]) == 2
    assert main(["result", str(path), "2", "3", "1/2"]) == 0
    assert main(["export", str(path), "-o", str(out)]) == 0


def test_q164_q165_an_adjourned_game_is_written_as_question_mark_with_162_x(
    tmp_path: Path,
) -> None:
    """Out of FIDE mode the TRF may be written with the game open: '?' on both lines and
    record 162's X giving the points it counts for (a draw); TRF16 has no '?' (the draw)."""
    with event(tmp_path, rounds=2) as tf:
        play(tf, adjourn_board=3)
        tf.execute(LeaveFideMode(confirmed=4))
        snapshot = tf.snapshot()
    text = format_trf(snapshot)
    assert "162  X 0.5" in text.splitlines()
    game_lines = [line for line in text.splitlines() if line.startswith("001")]
    assert sum(line[91:99].endswith("?") for line in game_lines) == 2
    old = format_trf(snapshot, version="16")
    assert "?" not in "".join(line[91:] for line in old.splitlines() if line.startswith("001"))
    back = parse_trf(text)
    assert adjourned_games(back) == adjourned_games(snapshot)


TRF = """012 Unknown results
142 3
001    1      Alpha, A                          2300                             1.5    1     2 w 1     3 b {r}
001    2      Beta, B                           2250                             0.0    3     1 b 0  0000 - Z
001    3      Gamma, C                          2200                             1.5    2  0000 - U     1 w {r}
"""


@pytest.mark.parametrize("symbol", ["?", "*"])
def test_q166_unknown_result_symbols_are_imported_as_adjourned(
    tmp_path: Path, symbol: str
) -> None:
    path = tmp_path / "unknown.trf"
    path.write_text(TRF.format(r=symbol), encoding="utf-8")
    with TournamentFile.import_trf(path, tmp_path / "u.swissdesk", confirmed=3) as tf:
        assert adjourned_games(tf.snapshot()) == [(2, 3, 1)]
        assert tf.round_view(2).boards[0].result_text == "adj"
        notes = tf.import_notes()
    assert any("round 2: the game 3-1 has no result in the file" in n for n in notes)
