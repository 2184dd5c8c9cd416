"""A double round robin through the window: the new-tournament dialog with the round-robin
options (cycles, the order of the last two rounds, no Buchholz offered), five players, the
pairing numbers drawn by lot and set by hand, all ten rounds paired from the Berger tables
and their results typed on the board list, a withdrawal scored as forfeits, the square
cross table with its colours, the standings with the round-robin tie-breaks, the PDF."""

from __future__ import annotations

from pathlib import Path

from gui_support import column_texts
from pypdf import PdfReader
from pytestqt.qtbot import QtBot

from swissdesk.engines.round_robin import schedule
from swissdesk.gui.dialogs import PlayerDialog, TournamentDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.round_robin import (
    BACKGROUND,
    BLACK_GAME,
    OWN_CELL,
    DrawLotsDialog,
    PairingNumbersDialog,
)
from swissdesk.model.round_robin import RoundRobinSettings
from swissdesk.storage import TournamentFile, Withdraw

PLAYERS = [
    ("Adams, Anna", "2400", "ENG"),
    ("Brown, Bob", "2350", "USA"),
    ("Clark, Cleo", "2300", "ENG"),
    ("Davis, Dan", "2250", "USA"),
    ("Evans, Eve", "2200", "WLS"),
]


def fill_tournament(dialog: TournamentDialog) -> bool:
    dialog.name.setText("Club Championship")
    dialog.system.setCurrentIndex(dialog.system.findData("round-robin"))
    assert dialog.round_robin
    assert not dialog.form.isRowVisible(dialog.rounds)  # the table gives the rounds
    assert dialog.form.isRowVisible(dialog.cycles)
    assert not {"BH", "FB", "AOB"} & set(dialog.tiebreaks.offered())
    assert dialog.tiebreaks.codes() == ("DE", "WIN", "SB", "KS")
    assert "bye of an odd field scores nothing" in dialog.scoring.currentText()
    dialog.cycles.setValue(2)
    assert dialog.swap.isEnabled() and dialog.swap.isChecked()
    return True


def player_filler(name: str, rating: str, federation: str):  # type: ignore[no-untyped-def]
    def fill(dialog: PlayerDialog) -> bool:
        dialog.player.name.setText(name)
        dialog.player.rating.setText(rating)
        dialog.player.federation.setText(federation)
        return True

    return fill


def pair(qtbot: QtBot, window: MainWindow, round_number: int) -> None:
    with qtbot.waitSignal(window.round_paired, timeout=60_000) as blocker:
        window.pair_next_round()
    assert blocker.args == [round_number]


def test_a_double_round_robin_day(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    prompter = window.prompter
    path = tmp_path / "rr.swissdesk"
    prompter.dialogs.append(fill_tournament)
    prompter.files.append(str(path))
    window.new_tournament()
    for name, rating, fed in PLAYERS:
        prompter.dialogs.append(player_filler(name, rating, fed))
        window.add_player()
    with TournamentFile.open(path) as tf:
        settings = tf.settings()
    assert settings.system == "round-robin" and settings.total_rounds == 10
    assert settings.round_robin == RoundRobinSettings(2, True)

    # Pairing numbers: by lot (seed recorded), then one change by hand.
    def draw(dialog: DrawLotsDialog) -> bool:
        assert not dialog.varma.isEnabled()  # the Varma tables start at 9 players
        dialog.seed.setText("2026")
        return True

    prompter.dialogs.append(draw)
    window.players.draw_lots()
    assert window.file is not None
    assert window.file.audit_log()[-1].payload["seed"] == 2026

    def by_hand(dialog: PairingNumbersDialog) -> bool:
        dialog.list.setCurrentRow(4)
        for _ in range(4):
            dialog.move_up()  # the last number becomes no. 1
        return True

    before = {p.tpn: p.name for p in window.player_rows}
    prompter.dialogs.append(by_hand)
    window.players.order_pairing_numbers()
    after = {p.tpn: p.name for p in window.player_rows}
    assert after[1] == before[5] and after[2] == before[1]

    table = schedule(5, RoundRobinSettings(2))
    page = window.rounds_page
    boards = page.model
    keys = ["1", "=", "0"]
    for rnd in range(1, 11):
        if rnd == 9:
            window.run_action(Withdraw(3, 9), "Withdraw")
        pair(qtbot, window, rnd)
        assert boards.board_count == 2
        shown = [(boards.board_at(i).white_tpn, boards.board_at(i).black_tpn) for i in range(2)]  # type: ignore[union-attr]
        assert shown == [(p.white, p.black) for p in table[rnd - 1].pairs]
        page.table.setFocus()
        page.select_row(0)
        for row in range(2):
            board = boards.board_at(row)
            assert board is not None
            if board.has_result:  # a forfeit of the withdrawn no. 3
                assert 3 in (board.white_tpn, board.black_tpn)
                continue
            page.select_row(row)
            qtbot.keyClick(page.table, keys[(rnd + row) % 3])
        assert page.counter.text() == "2 of 2 results entered"
    assert prompter.errors == []

    # The square cross table: five lines, two columns per opponent, colours.
    window.show_page(window.PAGE_CROSS)
    grid = window.cross_page.grid_model
    assert window.cross_page.table.model() is grid
    assert grid.rowCount() == 5
    assert grid.columnCount() == 3 + 5 * 2 + 2 + 4
    assert column_texts(grid, 0) == ["1", "2", "3", "4", "5"]
    own = grid.index(0, 3)
    assert grid.data(own, BACKGROUND) == OWN_CELL
    backgrounds = [
        grid.data(grid.index(r, c), BACKGROUND) for r in range(5) for c in range(3, 13)
    ]
    assert BLACK_GAME in backgrounds

    # Standings with the round-robin tie-breaks.
    window.show_page(window.PAGE_STANDINGS)
    standings = window.standings_page.model
    assert standings.standings is not None
    assert standings.standings.codes == ("DE", "WIN", "SB", "KS")

    # The cross table as PDF: the square table.
    pdf = window.export_pdf_to("crosstable", tmp_path / "ct.pdf", None)
    assert pdf is not None
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "One sub-column per cycle (2 cycles)" in text


def test_new_tournament_offers_a_team_round_robin(qtbot: QtBot, window: MainWindow) -> None:
    from swissdesk.engines import system_names
    from swissdesk.gui.team_pages import TEAM_ROUND_ROBIN, TeamTournamentDialog

    dialog = TeamTournamentDialog(system_names(), parent=window)
    qtbot.addWidget(dialog)
    dialog.name.setText("League")
    dialog.system.setCurrentIndex(dialog.system.findData(TEAM_ROUND_ROBIN))
    assert dialog.is_team and dialog.round_robin
    assert dialog.form.isRowVisible(dialog.boards) and dialog.form.isRowVisible(dialog.cycles)
    dialog.cycles.setValue(2)
    settings = dialog.settings()
    assert settings.system == "round-robin" and settings.is_team
    assert settings.round_robin == RoundRobinSettings(2, True)
    assert settings.scoring.pairing_allocated_bye == 0
    assert not any(code.startswith("BH") for code in settings.tiebreaks)
    team, *_ = dialog.team_settings()
    assert team.pab_game_points == 0
