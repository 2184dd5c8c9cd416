"""Regenerate the pictures of the prize list (issue 36).

    python docs/screenshots/make_prize_screenshots.py

Opens a copy of the sample event (swissdesk/resources/sample, after round 5), imports the
plan docs/samples/riverside-prizes.toml (Hort system, paid in 5 CHF notes, five
categories) in the window, and writes an offscreen screenshot of the prize list and of a
category's standings to docs/screenshots/, and the pages of the prize-giving PDF to
docs/samples/ with ``pdftoppm`` (poppler-utils).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HERE = Path(__file__).resolve().parent
SAMPLES = HERE.parent / "samples"
PLAN = SAMPLES / "riverside-prizes.toml"
sys.path.insert(0, str(HERE))

from make_rating_screenshots import page  # noqa: E402


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="swissdesk-prize-shots-"))
    os.environ["SWISSDESK_CONFIG_DIR"] = str(tmp / "config")
    os.environ["SWISSDESK_DATA_DIR"] = str(tmp / "Tournaments")

    from PySide6.QtCore import QSettings

    from swissdesk.gui.app import create_application
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.gui.sample import sample_file
    from swissdesk.prizes import read_plan
    from swissdesk.reports.prizes import render_prizes
    from swissdesk.storage import AppSettings
    from swissdesk.storage.commands.prizes import SetPrizePlan

    source = sample_file()
    assert source is not None
    event = tmp / "riverside-open-2026.swissdesk"
    shutil.copyfile(source, event)
    app = create_application()
    window = MainWindow(
        AppSettings(tmp / "config"), QSettings(str(tmp / "gui.ini"), QSettings.Format.IniFormat)
    )
    window.resize(1280, 720)
    window.show()
    assert window.open_file(event)
    window.run_action(SetPrizePlan(read_plan(PLAN)), "Import prize plan")
    window.prizes.open_prizes()
    dialog = window.prizes.dialog
    assert dialog is not None and dialog.prizes is not None
    dialog.resize(1180, 760)
    app.processEvents()
    dialog.grab().save(str(HERE / "prizes.png"))
    print("wrote", HERE / "prizes.png")
    dialog.show_box.setCurrentText("Category: Women")
    app.processEvents()
    dialog.grab().save(str(HERE / "prizes-category.png"))
    print("wrote", HERE / "prizes-category.png")
    tournament = window.prizes.tournament
    assert tournament is not None
    pdf = render_prizes(tournament, dialog.prizes, tmp / "prizes.pdf")
    page(pdf, 1, SAMPLES / "prizes-list")
    page(pdf, 3, SAMPLES / "prizes-categories")
    dialog.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
