"""The rare game results of a Double-Swiss board typed in the round view (C.04.5 preface):
``h`` ½-0, Shift+H 0-½, ``z`` 0-0 and ``*`` a double forfeit, as game 1 or game 2, each
in that game's own colours (game 2: the board's Black has White)."""

from __future__ import annotations

from pathlib import Path

from gui_support import column_texts
from PySide6.QtCore import Qt
from test_gui_double_swiss_day import PLAYERS, fill_tournament, pair, player_filler

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import BoardsModel
from swissdesk.storage import TournamentFile


def test_rare_game_keys_store_the_right_match(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    prompter = window.prompter
    path = tmp_path / "ds.swissdesk"
    prompter.dialogs.append(fill_tournament)
    prompter.files.append(str(path))
    window.new_tournament()
    for name, rating in PLAYERS[:6]:
        prompter.dialogs.append(player_filler(name, rating))
        window.add_player()
    pair(qtbot, window, 1)
    page = window.rounds_page
    page.table.setFocus()
    page.select_row(0)
    shift = Qt.KeyboardModifier.ShiftModifier
    keys = [(("1", None), ("h", None)), (("z", None), ("=", None)), (("*", None), ("H", shift))]
    for first, second in keys:
        for key, mod in (first, second):
            if mod is None:
                qtbot.keyClick(page.table, key)
            else:
                qtbot.keyClick(page.table, key, mod)
    assert prompter.errors == []
    shown = column_texts(page.model, BoardsModel.RESULT)[:3]
    assert shown == ["1 – ½ (1:0, 0:½)", "½ – ½ (0:0, ½:½)", "½ – 0 (-:-, ½:0)"]
    assert page.counter.text() == "3 of 3 results entered"
    with TournamentFile.open(path) as tf:
        t = tf.snapshot()
    got = []
    for row in range(3):
        board = page.model.board_at(row)
        assert board is not None
        white = t.player(board.white_tpn).rounds[0]
        black = t.player(board.black_tpn).rounds[0]
        got.append(
            (
                [g.result.value for g in white.games],
                [g.result.value for g in black.games],
                white.game_points,
                black.game_points,
            )
        )
    # Game 2 is in its own colours: the board's Black has White.
    # 1 then h: 1-0, then ½-0 for the board's Black: White 1+0, Black 0+½.
    # z then =: 0-0, then ½-½: ½ each.  * then Shift+H: --, then 0-½: White 0+½, Black 0.
    # A single forfeited game leaves the match played (preface): not ended by forfeit.
    assert [(w, b) for _, _, w, b in got] == [(2, 1), (1, 1), (1, 0)]
    assert [(w, b) for w, b, _, _ in got] == [
        (["1", "0"], ["0", "="]),
        (["0", "="], ["0", "="]),
        (["-", "="], ["-", "0"]),
    ]
    third = page.model.board_at(2)
    assert third is not None
    assert not t.player(third.white_tpn).rounds[0].match_ended_by_forfeit
