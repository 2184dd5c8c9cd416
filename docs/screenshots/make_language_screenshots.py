"""Regenerate the main window's screenshot in each of the ten languages (issue 38).

Usage: ``python docs/screenshots/make_language_screenshots.py [OUT_FOLDER]`` (default: this
folder). Runs offscreen on temporary settings: for each language, the window is built in that
language (as ``swissdesk gui --language LL`` builds it) at the size it has on a 1366x768
laptop (1342x680, the screen less a 40-pixel panel and the frame), the sample tournament
open on its rounds page, and saved as ``main-window-<ll>.png``. Look at each for text cut off.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SIZE = (1342, 680)
"""The window's contents on a 1366x768 screen (tests/gui/test_gui_language.py: ROOM)."""


def main(out: Path) -> None:
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
    for code in LANGUAGES:
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
    apply_language(app, "en")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent)
