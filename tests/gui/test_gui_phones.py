"""The players' phones from the window (issue 35): Venue > Players' phones opens check-in
and result reporting and gives the codes; what another program (the venue's server
process) saves shows in the window by itself; reports appear on the board list, marked,
and the arbiter accepts them with one key per board or all confirmed at once."""

from __future__ import annotations

from pathlib import Path

from gui_support import ScriptedPrompter
from pytestqt.qtbot import QtBot

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import BoardsModel
from swissdesk.gui.phones import PhonesDialog
from swissdesk.storage import (
    AssignPairingNumbers,
    BoardResult,
    OpenCheckIn,
    PhoneCheckIn,
    PlayerData,
    ReportResult,
    TournamentFile,
    TournamentSettings,
)

SEEN = 10_000
"""How long a test waits for the window to notice another program's action (ms): the
window looks once a second; a bound for a broken test on a busy machine, not a target."""


def before_round_one(folder: Path) -> Path:
    """Six players, pairing numbers given, nothing paired."""
    path = folder / "spring.swissdesk"
    players = [PlayerData(f"Player {c}", 2000 - 10 * i) for i, c in enumerate("ABCDEF")]
    with TournamentFile.create(path, TournamentSettings(name="Spring", total_rounds=5),
                               players=players) as tf:  # fmt: skip
        tf.execute(AssignPairingNumbers())
    return path


def open_phones(window: MainWindow, *, reports: bool = True, acceptance: str = "arbiter") -> None:
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)

    def fill(dialog: PhonesDialog) -> bool:
        assert dialog.codes.isChecked()  # players without codes: given by default
        dialog.reports.setChecked(reports)
        dialog.acceptance.setCurrentIndex(dialog.acceptance.findData(acceptance))
        return True

    prompter.dialogs.append(fill)
    window.menu_actions["phones"].trigger()


def result_cell(window: MainWindow, board: int) -> str:
    model = window.rounds_page.model
    row = model.row_of_board(board)
    return str(model.index(row, BoardsModel.RESULT).data())


def test_reports_from_another_program_appear_marked_and_the_arbiter_accepts_them(
    window: MainWindow, sample_copy: Path, qtbot: QtBot
) -> None:
    assert window.open_file(sample_copy)
    open_phones(window)
    assert window.file is not None
    access = window.file.phone_access()
    assert access.report_round == 6 and access.acceptance == "arbiter"
    codes = window.file.player_codes()
    assert len(codes) == 40
    view = window.file.round_view(6)
    board = next(b for b in view.boards if not b.has_result)
    # The venue's server is another program on the same file: another connection.
    with TournamentFile.open(sample_copy) as server:
        server.execute(ReportResult(codes[board.white_tpn], 6, BoardResult.BLACK_WINS))
        qtbot.waitUntil(lambda: "reported" in result_cell(window, board.board), timeout=SEEN)
        assert result_cell(window, board.board) == f"(0-1 reported by {board.white_tpn})"
        server.execute(ReportResult(codes[board.black_tpn], 6, BoardResult.BLACK_WINS))
        qtbot.waitUntil(lambda: "confirmed" in result_cell(window, board.board), timeout=SEEN)
    assert "Saved elsewhere" in window.statusBar().currentMessage()
    window.menu_actions["accept_reports"].trigger()
    assert result_cell(window, board.board) == "0 – 1"
    assert window.file.round_view(6).boards[board.board - 1].result is BoardResult.BLACK_WINS
    # The arbiter's Undo covers it.
    window.menu_actions["undo"].trigger()
    assert result_cell(window, board.board) == "(0-1 confirmed)"


def test_one_key_accepts_the_selected_boards_one_sided_report(
    window: MainWindow, sample_copy: Path, qtbot: QtBot
) -> None:
    assert window.open_file(sample_copy)
    open_phones(window)
    assert window.file is not None
    codes = window.file.player_codes()
    board = next(b for b in window.file.round_view(6).boards if not b.has_result)
    with TournamentFile.open(sample_copy) as server:
        server.execute(ReportResult(codes[board.black_tpn], 6, BoardResult.DRAW))
    qtbot.waitUntil(lambda: "reported" in result_cell(window, board.board), timeout=SEEN)
    window.rounds_page.select_row(window.rounds_page.model.row_of_board(board.board))
    window.menu_actions["accept_board_report"].trigger()
    assert result_cell(window, board.board) == "½ – ½"


def test_a_phone_check_in_shows_on_the_check_in_page(
    window: MainWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    path = before_round_one(tmp_path)
    assert window.open_file(path)
    open_phones(window, reports=False)
    assert window.file is not None
    assert window.file.phone_access().checkin_round is None  # not ticked in the dialog
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)

    def tick(dialog: PhonesDialog) -> bool:
        dialog.checkin.setChecked(True)
        return True

    prompter.dialogs.append(tick)
    window.menu_actions["phones"].trigger()
    assert window.file.phone_access().checkin_round == 1
    code = window.file.player_codes()[3]
    window.show_page(window.PAGE_DESK)
    with TournamentFile.open(path) as server:
        server.execute(PhoneCheckIn(code, device="192.0.2.9 Firefox Android"))
    qtbot.waitUntil(lambda: any(p.checked_in for p in window.player_rows), timeout=SEEN)
    assert [p.tpn for p in window.player_rows if p.checked_in] == [3]
    qtbot.waitUntil(lambda: "1 checked in" in window.desk_page.count.text(), timeout=SEEN)
    desk = window.desk_page
    assert "5 missing" in desk.count.text()
    desk.missing.setChecked(True)
    assert desk.proxy.rowCount() == 5


def test_the_window_does_not_refresh_twice_for_its_own_action(
    window: MainWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    path = before_round_one(tmp_path)
    assert window.open_file(path)
    assert window.file is not None
    window.run_action(OpenCheckIn(1), "Check-in")
    refreshed = []
    real = window.refresh
    window.refresh = lambda: (refreshed.append(1), real())[1]  # type: ignore[method-assign]
    window.phones.look()
    assert refreshed == []
