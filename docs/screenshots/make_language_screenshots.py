"""Regenerate the main window's screenshot in each of the ten languages (issue 38).

Usage: ``python docs/screenshots/make_language_screenshots.py [OUT_FOLDER]`` (default: this
folder). Runs offscreen on temporary settings: for each language, the window is built in that
language (as ``swissdesk gui --language LL`` builds it) at the size it has on a 1366x768
laptop (1342x680, the screen less a 40-pixel panel and the frame), the sample tournament
open on its rounds page, and saved as ``main-window-<ll>.png``; then, in German and Russian
(the longest words, another script), three dialogs as the window opens them: the tournament
settings with the language of the documents, a late entry, the venue's address and screens
(``dialog-<name>-<ll>.png``; ``--dialogs``: only these). Look at each for text cut off.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SIZE = (1342, 680)
"""The window's contents on a 1366x768 screen (tests/gui/test_gui_language.py: ROOM)."""


def main(out: Path, *, dialogs_only: bool = False) -> None:
    folder = Path(tempfile.mkdtemp())
    os.environ["SWISSDESK_CONFIG_DIR"] = str(folder / "config")
    os.environ["SWISSDESK_DATA_DIR"] = str(folder / "tournaments")
    os.environ["SWISSDESK_LOG_DIR"] = str(folder / "logs")
    from PySide6.QtCore import QSettings

    from swissdesk.gui.app import create_application
    from swissdesk.gui.language import apply_language
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.gui.sample import sample_file
    from swissdesk.i18n import LANGUAGES
    from swissdesk.storage import AppSettings

    app = create_application()
    source = sample_file()
    assert source is not None, "the sample tournament is not installed"
    for code in () if dialogs_only else LANGUAGES:
        apply_language(app, code)
        target = folder / f"sample-{code}.swissdesk"
        shutil.copyfile(source, target)
        window = MainWindow(
            AppSettings(folder / "config"),
            QSettings(str(folder / "gui.ini"), QSettings.Format.IniFormat),
            use_process=False,
        )
        window.open_file(target)
        window.resize(*SIZE)
        window.show()
        window.show_page(MainWindow.PAGE_ROUNDS)
        for _ in range(20):
            app.processEvents()
        window.grab().save(str(out / f"main-window-{code}.png"))
        window.controller.shutdown()
        window.close()
        window.deleteLater()
        app.processEvents()
    for code in DIALOG_LANGUAGES:
        apply_language(app, code)
        dialogs(app, source, out, code)
    apply_language(app, "en")
    shutil.rmtree(folder, ignore_errors=True)


DIALOG_LANGUAGES = ("de", "ru")


def dialogs(app: Any, source: Path, out: Path, code: str) -> None:
    """The settings, late-entry and venue dialogs in ``code``, as the window shows them."""
    from swissdesk.engines import system_names
    from swissdesk.gui.dialogs import TournamentDialog
    from swissdesk.gui.player_dialogs import LateEntryDialog
    from swissdesk.gui.venue import VenueDialog
    from swissdesk.i18n import _
    from swissdesk.storage import TournamentFile

    with TournamentFile.open(source) as tf:
        settings, players = tf.settings(), tf.players()
    shown = {
        "settings": TournamentDialog(
            system_names(), settings, document_language=code, title=_("Tournament settings")
        ),
        "late-entry": LateEntryDialog(players, 3, settings.total_rounds, "0"),
        "venue": VenueDialog(
            ["http://192.168.1.20:8080/"],
            [("open", "Open"), ("u1600", "U1600")],
            kiosk_url="http://192.168.1.20:8080/kiosk?key=7Hk2",
        ),
    }
    for name, dialog in shown.items():
        dialog.show()
        for _step in range(20):
            app.processEvents()
        if isinstance(dialog, TournamentDialog):  # down to the language of the documents
            dialog.form_scroll.ensureWidgetVisible(dialog.language)
            app.processEvents()
        dialog.grab().save(str(out / f"dialog-{name}-{code}.png"))
        dialog.close()
        dialog.deleteLater()
        app.processEvents()


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--dialogs"]
    main(
        Path(arguments[0]) if arguments else Path(__file__).resolve().parent,
        dialogs_only="--dialogs" in sys.argv[1:],
    )
