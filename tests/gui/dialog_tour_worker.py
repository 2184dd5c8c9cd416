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
        "new",
        "open",
        "import",
        "import_rating_list",
        "download_rating_lists",
        "sample",
        "settings",
        "add_player",
        "late",
        "withdraw",
        "bye",
        "manual",
        "prohibited",
        "leave_fide_mode",
        "explain",
        "unpair",
        "export",
        "copy",
        "update_ratings",
        "keys",
        "about",
    ]
    menu_actions = window.menu_actions  # type: ignore[attr-defined]
    for name in actions:
        menu_actions[name].trigger()
        QApplication.processEvents()
    window.players_page.table.selectRow(0)  # type: ignore[attr-defined]
    window.show_page(window.PAGE_PLAYERS)  # type: ignore[attr-defined]
    menu_actions["edit_player"].trigger()
    for key, action in menu_actions.items():
        if key.startswith("report_"):
            action.trigger()
    say("TOUR DONE")
    quit_when_idle(window)


def quit_when_idle(window: QMainWindow) -> None:
    """Quit once the engine has answered Explain (else Quit asks to stop it, and Esc says
    no); the text it shows is closed with Esc like the rest."""
    if window.controller.busy or QApplication.activeModalWidget() is not None:  # type: ignore[attr-defined]
        QTimer.singleShot(50, lambda: quit_when_idle(window))
        return
    window.menu_actions["quit"].trigger()  # type: ignore[attr-defined]


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
