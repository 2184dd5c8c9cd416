"""A scripted Double-Swiss tournament day (C.04.5) through the window: create with the
Double-Swiss system, register seven players, pair round 1, type both games of every board
by keys (game 1 then game 2, each in its own colours), a single-game forfeit, a requested
bye, pair round 2, read the standings, print the board list and read the PDF back."""

from __future__ import annotations

from pathlib import Path

from gui_support import column_texts
from pypdf import PdfReader
from PySide6.QtCore import Qt

from swissdesk.gui.dialogs import PlayerDialog, TournamentDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import BoardsModel, points
from swissdesk.storage import ByeKind, RequestBye, TournamentFile

PLAYERS = [
    ("Adams, Anna", "2400"),
    ("Brown, Bob", "2350"),
    ("Clark, Cleo", "2300"),
    ("Davis, Dan", "2250"),
    ("Evans, Eve", "2200"),
    ("Foster, Finn", "2150"),
    ("Green, Gail", "2100"),
]


def fill_tournament(dialog: TournamentDialog) -> bool:
    dialog.name.setText("Double-Swiss Open")
    dialog.rounds.setValue(4)
    dialog.system.setCurrentIndex(dialog.system.findData("double-swiss"))
    assert "Double-Swiss" in dialog.scoring.currentText()  # PAB 1½ offered with the system
    return True


def player_filler(name: str, rating: str):  # type: ignore[no-untyped-def]
    def fill(dialog: PlayerDialog) -> bool:
        dialog.player.name.setText(name)
        dialog.player.rating.setText(rating)
        return True

    return fill


def pair(qtbot, window: MainWindow, round_number: int) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.round_paired, timeout=60_000) as blocker:
        window.pair_next_round()
    assert blocker.args == [round_number]


def test_a_double_swiss_day(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    prompter = window.prompter
    path = tmp_path / "ds.swissdesk"
    prompter.dialogs.append(fill_tournament)
    prompter.files.append(str(path))
    window.new_tournament()
    for name, rating in PLAYERS:
        prompter.dialogs.append(player_filler(name, rating))
        window.add_player()
    with TournamentFile.open(path) as tf:
        assert tf.settings().system == "double-swiss"
        assert tf.settings().scoring.pairing_allocated_bye == 3

    pair(qtbot, window, 1)
    page = window.rounds_page
    boards = page.model
    assert boards.board_count == 3
    assert "Double-Swiss" in page.notice.text()
    page.table.setFocus()
    page.select_row(0)
    keys = [("1", "="), ("+", "1"), ("=", "=")]  # 1½-½; a forfeited game 1, then a win
    for row, (first, second) in enumerate(keys):
        assert page.table.currentIndex().row() == row
        qtbot.keyClick(page.table, first)
        assert page.counter.text() == f"{row} of 3 results entered"  # waits for game 2
        assert "now game 2" in page.notice.text()
        qtbot.keyClick(page.table, second)
        assert page.counter.text() == f"{row + 1} of 3 results entered"
    shown = column_texts(boards, BoardsModel.RESULT)[:3]
    # The match score, then each game, all from the board's White player's side (issue 27:
    # game 2 in its own colours, "+ – − | 1 – 0", looked like a 1-0 match for the left).
    assert shown == ["1½ – ½ (1:0, ½:½)", "1 – 1 (+:-, 0:1)", "1 – 1 (½:½, ½:½)"]
    tip = boards.data(boards.index(1, BoardsModel.RESULT), Qt.ItemDataRole.ToolTipRole)
    assert "game 2:" in tip and "(White)" in tip and "1-0" in tip
    assert prompter.errors == []
    with TournamentFile.open(path) as tf:
        snapshot = tf.snapshot()
    board2 = boards.board_at(1)
    assert board2 is not None
    entry = snapshot.player(board2.white_tpn).rounds[0]
    # One forfeited game: the match is played (counts for [C1], colour kept), scores 1.
    assert entry.played and entry.colour is not None and entry.game_points == 2

    # A requested half-point bye (one match) for round 2, then round 2.
    window.run_action(RequestBye(1, 2, ByeKind.HALF), "Bye")
    pair(qtbot, window, 2)
    assert boards.board_count == 3
    met = {
        frozenset((board.white_tpn, board.black_tpn))
        for board in [boards.board_at(i) for i in range(3)]
        if board
    }
    with TournamentFile.open(path) as tf:
        first_round = {
            frozenset((p.tpn, e.opponent))
            for p in tf.snapshot().players
            for e in p.rounds[:1]
            if e.opponent is not None
        }
    assert not met & first_round  # [C1]: played matches are not repeated
    page.table.setFocus()
    page.select_row(0)
    for _ in range(3):
        qtbot.keyClick(page.table, "1")
        qtbot.keyClick(page.table, "0")
    assert page.counter.text() == "3 of 3 results entered"

    # Standings: match scores (sum of game points).
    window.show_page(window.PAGE_STANDINGS)
    standings = window.standings_page.model
    with TournamentFile.open(path) as tf:
        expected = {p.name: p.score for p in tf.players()}
        t = tf.snapshot()
    totals = {p.name: sum(t.entry_points(e) for e in p.rounds) for p in t.players}
    assert expected == totals
    shown_pts = dict(zip(column_texts(standings, 2), column_texts(standings, 4), strict=True))
    assert shown_pts == {name: points(score) for name, score in expected.items()}

    # The cross table shows match scores (1 – 0 then ½ – ½ on board 1 of round 1: 1½).
    window.show_page(window.PAGE_CROSS)
    cross = window.cross_page.model
    cells = [column_texts(cross, c) for c in range(cross.columnCount())]
    assert any(text.endswith("w1½") for column in cells for text in column)
    assert any(text.endswith("w2") for column in cells for text in column)  # round 2: 2-0

    # The board list of round 2 printed and read back: each match and both its games, read
    # from the White player's side (the left player won both: 1-0, then 0-1 in its colours).
    pdf = window.export_pdf_to("boards", tmp_path / "boards.pdf", 2)
    assert pdf is not None
    text = "\n".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert text.count("2 – 0 (1:0, 1:0)") == 3
    assert prompter.errors == []
