"""Child process of the quit test: the real application (``run_app``), every dialog opened
from its menu action and closed with Esc, then Quit.

Usage: ``python dialog_tour_worker.py``. Prints ``OPENED <title>`` for each modal window it
closed and ``TOUR DONE`` before quitting; the parent checks the exit code (issue 18, item 1:
Change pairing…, Esc, Quit ended in a segmentation fault).
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow

from swissdesk.gui.app import create_application, run_app


def say(line: str) -> None:
    print(line, flush=True)


def press_escape() -> None:
    """Close whatever modal window is up the way the arbiter does: Esc."""
    modal = QApplication.activeModalWidget()
    if modal is not None:
        say(f"OPENED {modal.windowTitle()}")
        QTest.keyClick(modal, Qt.Key.Key_Escape)


def tour() -> None:
    window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMainWindow))
    actions = [
        "act_new",
        "act_open",
        "act_import",
        "act_sample",
        "act_settings",
        "act_add_player",
        "act_late",
        "act_withdraw",
        "act_bye",
        "act_manual",
        "act_explain",
        "act_unpair",
        "act_export",
        "act_copy",
        "act_keys",
        "act_about",
    ]
    for name in actions:
        getattr(window, name).trigger()
        QApplication.processEvents()
    window.players_page.table.selectRow(0)  # type: ignore[attr-defined]
    window.show_page(window.PAGE_PLAYERS)  # type: ignore[attr-defined]
    window.act_edit_player.trigger()  # type: ignore[attr-defined]
    for action in window.report_actions.values():  # type: ignore[attr-defined]
        action.trigger()
    say("TOUR DONE")
    quit_when_idle(window)


def quit_when_idle(window: QMainWindow) -> None:
    """Quit once the engine has answered Explain (else Quit asks to stop it, and Esc says
    no); the text it shows is closed with Esc like the rest."""
    if window.controller.busy or QApplication.activeModalWidget() is not None:  # type: ignore[attr-defined]
        QTimer.singleShot(50, lambda: quit_when_idle(window))
        return
    window.act_quit.trigger()  # type: ignore[attr-defined]


def main() -> int:
    app = create_application()
    escaper = QTimer(app)
    escaper.setInterval(30)
    escaper.timeout.connect(press_escape)
    escaper.start()
    QTimer.singleShot(200, tour)
    return run_app(None)


if __name__ == "__main__":
    sys.exit(main())
