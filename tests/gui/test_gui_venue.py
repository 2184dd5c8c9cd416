"""The venue from the window (issue 34): Venue > Serve starts ``swissdesk serve`` in a child
process on the open file, the status bar shows its address, the address dialog its QR code
and the hall screens' addresses; a result saved in the window reaches the pages; the hall's
announcement reaches the display; a taken port is a clear message; stopping, or closing the
tournament, ends the server and leaves the file as the window wrote it."""

from __future__ import annotations

import os
import signal
import socket
import urllib.request
import zipfile
from pathlib import Path

from gui_support import ScriptedPrompter
from pypdf import PdfReader
from pytestqt.qtbot import QtBot

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.venue import HallNoticeDialog, ServeDialog, VenueDialog
from swissdesk.storage import BoardResult, EnterResult, TournamentFile

START = 120_000
"""How long a test waits for the server to start (ms; a bound for a broken test on a busy
machine, not a speed target)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return str(response.read().decode("utf-8"))


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def serve_here(window: MainWindow, port: int, *, fide_ids: bool = False) -> None:
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)

    def fill(dialog: ServeDialog) -> bool:
        dialog.host.setCurrentIndex(dialog.host.findData("127.0.0.1"))
        dialog.port.setValue(port)
        dialog.fide_ids.setChecked(fide_ids)
        return True

    prompter.dialogs.append(fill)
    window.menu_actions["venue_serve"].trigger()


def pending_board(window: MainWindow) -> tuple[int, int]:
    assert window.file is not None
    n = window.file.rounds_paired()
    board = next(b for b in window.file.round_view(n).boards if not b.has_result)
    return n, board.board


def test_venue_menu_serves_the_open_tournament_with_address_qr_and_live_results(
    window: MainWindow, sample_copy: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    assert window.open_file(sample_copy)
    assert not window.menu_actions["venue_stop"].isEnabled()
    assert not window.venue.indicator.isVisible()
    port = free_port()
    serve_here(window, port)
    assert window.venue.serving and window.venue.indicator.text() == "Venue: starting…"
    qtbot.waitUntil(lambda: bool(window.venue.urls), timeout=START)
    url = window.venue.urls[0]
    assert url == f"http://127.0.0.1:{port}/"
    assert window.venue.indicator.isVisible() and window.venue.indicator.text() == f"Venue: {url}"
    assert window.menu_actions["venue_stop"].isEnabled()
    dialog = window.venue.dialog
    assert isinstance(dialog, VenueDialog) and dialog.isVisible()  # not modal
    assert not dialog.qr.pixmap().isNull() and dialog.qr.pixmap().width() > 150
    dialog.first_board.setValue(21)
    dialog.last_board.setValue(40)
    screen = dialog.display_url.text()
    assert screen.startswith(f"{url}display?") and "boards=21-40" in screen
    # The check-in kiosk's address, with this run's secret (issue 35), answers.
    kiosk = dialog.kiosk_url.text()
    assert kiosk.startswith(f"{url}kiosk?key=") and len(kiosk) > len(url) + 30
    assert "Check-in desk" in get(kiosk)

    assert "Where do I play?" in get(url + "s/" + screen.split("section=")[1].split("&")[0] + "/")
    # A result saved in the window (its lane, its thread) reaches the pages.
    n, board = pending_board(window)
    page = f"{url}s/{screen.split('section=')[1].split('&')[0]}/round/{n}"
    before = get(page)
    assert window.run_action(EnterResult(n, board, BoardResult.DRAW))
    qtbot.waitUntil(lambda: get(page) != before, timeout=30_000)

    # The hall's announcement reaches the screens.
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)

    def announce(d: HallNoticeDialog) -> bool:
        d.announcement.setText("Round 5 starts at 14:00")
        d.round_start.setText("14:00")
        return True

    prompter.dialogs.append(announce)
    window.menu_actions["venue_notice"].trigger()
    qtbot.waitUntil(lambda: "Round 5 starts at 14:00" in get(screen), timeout=30_000)

    # The board list carries the address and its QR code while it serves (a setting).
    assert dialog.on_lists.isChecked()
    boards = window.printing.export_pdf_to("boards", tmp_path / "boards.pdf", None)
    assert boards is not None and f"Live: {url}" in pdf_text(boards)
    dialog.on_lists.setChecked(False)
    plain = window.printing.export_pdf_to("boards", tmp_path / "plain.pdf", None)
    assert plain is not None and "Live:" not in pdf_text(plain)
    dialog.on_lists.setChecked(True)

    window.menu_actions["venue_stop"].trigger()
    qtbot.waitUntil(lambda: not window.venue.serving, timeout=30_000)
    assert not window.venue.indicator.isVisible() and window.venue.dialog is None
    after = window.printing.export_pdf_to("boards", tmp_path / "after.pdf", None)
    assert after is not None and "Live:" not in pdf_text(after)  # not serving: no address
    assert not prompter.errors
    # The file is the window's: the result is in it, nothing else was written.
    with TournamentFile.open(sample_copy) as tf:
        assert tf.round_view(n).boards[board - 1].result == BoardResult.DRAW
        assert tf.audit_log()[-1].action == "EnterResult"


def test_a_taken_port_is_a_clear_message(
    window: MainWindow, sample_copy: Path, qtbot: QtBot
) -> None:
    assert window.open_file(sample_copy)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        serve_here(window, taken.getsockname()[1])
        qtbot.waitUntil(lambda: not window.venue.serving, timeout=START)
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)
    assert len(prompter.errors) == 1
    title, message = prompter.errors[0]
    assert title == "Venue" and "is taken by another program" in message
    assert "Traceback" not in message
    assert not window.venue.indicator.isVisible()


def test_closing_the_tournament_stops_serving(
    window: MainWindow, sample_copy: Path, qtbot: QtBot
) -> None:
    assert window.open_file(sample_copy)
    serve_here(window, free_port())
    qtbot.waitUntil(lambda: bool(window.venue.urls), timeout=START)
    process = window.venue.process
    assert process is not None
    window.files.close_tournament()
    qtbot.waitUntil(lambda: not window.venue.serving, timeout=30_000)
    assert not window.venue.indicator.isVisible()
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter) and not prompter.errors


def test_publish_writes_the_web_site_from_the_window(
    window: MainWindow, sample_copy: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    assert window.open_file(sample_copy)
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)
    prompter.files.append(str(tmp_path / "club-site"))
    window.menu_actions["venue_publish"].trigger()
    qtbot.waitUntil(lambda: window.venue.publisher is None, timeout=START)
    assert not prompter.errors
    with zipfile.ZipFile(tmp_path / "club-site.zip") as site:
        names = site.namelist()
    assert any(n.endswith("index.html") for n in names)
    assert any("/standings" in n for n in names)


def test_a_server_that_dies_is_a_message_and_the_window_goes_on(
    window: MainWindow, sample_copy: Path, qtbot: QtBot
) -> None:
    assert window.open_file(sample_copy)
    assert window.file is not None
    actions = len(window.file.audit_log())
    serve_here(window, free_port())
    qtbot.waitUntil(lambda: bool(window.venue.urls), timeout=START)
    process = window.venue.process
    assert process is not None
    os.kill(process.processId(), signal.SIGKILL)  # a crash, not the arbiter's Stop
    qtbot.waitUntil(lambda: not window.venue.serving, timeout=30_000)
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)
    assert len(prompter.errors) == 1
    title, message = prompter.errors[0]
    assert title == "Venue" and message.startswith("The venue's server stopped")
    assert "The tournament file is untouched" in message
    assert not window.venue.indicator.isVisible() and not window.venue.urls
    n, board = pending_board(window)  # the window goes on: a result is saved
    assert window.run_action(EnterResult(n, board, BoardResult.WHITE_WINS))
    assert len(window.file.audit_log()) == actions + 1
