"""Issue 35 end to end in a real browser (Debian's Chromium, headless): the window opens
result reporting, the venue server runs as its own process, two players report and confirm
their result on their phones, and the arbiter's board list in the window shows it marked as
confirmed, by itself; one key enters it."""

from __future__ import annotations

import time
from pathlib import Path

from gui_support import ScriptedPrompter
from pytestqt.qtbot import QtBot

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import BoardsModel
from swissdesk.gui.phones import PhonesDialog
from swissdesk.storage import BoardResult
from tests.venue.browser_support import browser_paths, chromium
from tests.venue.venue_support import running_server

WAIT = 30.0
"""A bound for a broken test on a busy machine (ms below), not a speed target."""


def wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.1)
    raise AssertionError(f"waited {WAIT} s for {what}")


def report_on_phone(driver: object, url: str, code: str, result: str) -> str:
    """One phone: the report page, the code, then the result button; the answer shown."""
    from selenium.webdriver.common.by import By

    driver.get(f"{url}/report")  # type: ignore[attr-defined]
    driver.find_element(By.ID, "code").send_keys(code)  # type: ignore[attr-defined]
    driver.find_element(By.ID, "send").click()  # type: ignore[attr-defined]
    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "form.results button"),  # type: ignore[attr-defined]
             "the board and its result buttons")  # fmt: skip
    driver.find_element(By.CSS_SELECTOR, f"button[value='{result}']").click()  # type: ignore[attr-defined]
    wait_for(lambda: driver.find_elements(By.ID, "answer"), "the answer")  # type: ignore[attr-defined]
    return str(driver.find_element(By.ID, "answer").text)  # type: ignore[attr-defined]


def test_two_players_report_and_confirm_on_their_phones_and_the_board_list_shows_it(
    window: MainWindow, sample_copy: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    browser_paths()
    assert window.open_file(sample_copy)
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)

    def open_reporting(dialog: PhonesDialog) -> bool:
        dialog.reports.setChecked(True)
        return True

    prompter.dialogs.append(open_reporting)
    window.menu_actions["phones"].trigger()
    assert window.file is not None
    codes = window.file.player_codes()
    board = next(b for b in window.file.round_view(6).boards if not b.has_result)
    model = window.rounds_page.model

    def cell() -> str:
        return str(model.index(model.row_of_board(board.board), BoardsModel.RESULT).data())

    with running_server(sample_copy) as url, chromium(tmp_path / "phone", 360, 780) as phone:
        answer = report_on_phone(phone, url, codes[board.white_tpn].lower(), "1-0")
        assert "your opponent confirms" in answer
        qtbot.waitUntil(lambda: "reported" in cell(), timeout=int(WAIT * 1000))
        phone.delete_all_cookies()  # the opponent's phone: another browser, no cookie
        answer = report_on_phone(phone, url, codes[board.black_tpn], "1-0")
        assert "both players agree" in answer
        qtbot.waitUntil(lambda: cell() == "(1-0 confirmed)", timeout=int(WAIT * 1000))
    tip = model.index(model.row_of_board(board.board), BoardsModel.RESULT).data(3)
    assert "Chrome" in str(tip) and f"confirmed by no. {board.black_tpn}" in str(tip)
    window.rounds_page.select_row(model.row_of_board(board.board))
    window.menu_actions["accept_board_report"].trigger()
    assert window.file.round_view(6).boards[board.board - 1].result is BoardResult.WHITE_WINS
    audit = [e for e in window.file.audit_log() if e.action == "ReportResult"]
    assert len(audit) == 2 and "from a phone" in audit[-1].summary
