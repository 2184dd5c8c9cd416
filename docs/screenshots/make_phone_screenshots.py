"""Regenerate the screenshots of check-in and results from the players' phones (issue 35).

Usage: ``python docs/screenshots/make_phone_screenshots.py [OUT_FOLDER]`` (default: this
folder). Needs Debian's ``chromium`` and ``chromium-driver`` and the test extras (Selenium).
Takes a copy of the shipped sample (Riverside Open 2026, round 6 of 9 being played), gives
the codes, opens result reporting, serves it with ``swissdesk serve`` on loopback, and:

- ``phones-checkin.png``: the check-in page on a phone (360x780), a code typed
  (check-in opened on a second copy, before its round 7);
- ``phones-checked-in.png``: the answer after checking in;
- ``phones-report.png``: a player's board with the three result buttons;
- ``phones-confirmed.png``: the opponent's phone after confirming;
- ``phones-window.png``: the window's board list (offscreen) with one board confirmed, one
  reported by one player and one disputed, not entered yet.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "screenshots"))

from make_venue_screenshots import browser  # noqa: E402


def main(out: Path) -> None:
    from selenium.webdriver.common.by import By

    from swissdesk.gui.sample import sample_file
    from swissdesk.storage import (
        BoardResult,
        EnterResult,
        IssueCodes,
        OpenCheckIn,
        OpenReporting,
        ReportResult,
        TournamentFile,
    )
    from tests.venue.venue_support import running_server

    work = Path(tempfile.mkdtemp(prefix="phone-shots-"))
    source = sample_file()
    assert source is not None
    path = Path(shutil.copy(source, work / "riverside.swissdesk"))
    before = Path(shutil.copy(source, work / "riverside-checkin.swissdesk"))
    with TournamentFile.open(path) as tf:
        tf.execute(IssueCodes())
        tf.execute(OpenReporting(6))
        codes = tf.player_codes()
        boards = [b for b in tf.round_view(6).boards if not b.has_result]
    with TournamentFile.open(before) as tf:  # round 6 complete, check-in for round 7
        tf.execute(IssueCodes())
        for b in tf.round_view(6).boards:
            if not b.has_result:
                tf.execute(EnterResult(6, b.board, BoardResult.DRAW))
        tf.execute(OpenCheckIn(7, fresh=True))
        first_code = tf.player_codes()[3]
    try:
        with running_server(before) as url:
            phone = browser(work / "phone1", 360, 780)
            try:
                phone.get(f"{url}/checkin")
                phone.find_element(By.ID, "code").send_keys(first_code)
                phone.save_screenshot(str(out / "phones-checkin.png"))
                phone.find_element(By.ID, "send").click()
                time.sleep(0.5)
                phone.save_screenshot(str(out / "phones-checked-in.png"))
            finally:
                phone.quit()
        with running_server(path) as url:
            board = boards[0]
            phone = browser(work / "phone2", 360, 780)
            try:
                phone.get(f"{url}/report")
                phone.find_element(By.ID, "code").send_keys(codes[board.white_tpn])
                phone.find_element(By.ID, "send").click()
                time.sleep(0.5)
                phone.save_screenshot(str(out / "phones-report.png"))
                phone.find_element(By.CSS_SELECTOR, "button[value='1-0']").click()
                time.sleep(0.3)
                phone.delete_all_cookies()
                phone.get(f"{url}/report")
                phone.find_element(By.ID, "code").send_keys(codes[board.black_tpn])
                phone.find_element(By.ID, "send").click()
                time.sleep(0.3)
                phone.find_element(By.CSS_SELECTOR, "button[value='1-0']").click()
                time.sleep(0.5)
                phone.save_screenshot(str(out / "phones-confirmed.png"))
            finally:
                phone.quit()
        with TournamentFile.open(path) as tf:  # two more boards: one-sided, disputed
            tf.execute(ReportResult(codes[boards[1].black_tpn], 6, BoardResult.DRAW))
            tf.execute(ReportResult(codes[boards[2].white_tpn], 6, BoardResult.WHITE_WINS))
            tf.execute(ReportResult(codes[boards[2].black_tpn], 6, BoardResult.DRAW))
        window_shot(path, out)
        for name in ("checkin", "checked-in", "report", "confirmed", "window"):
            print("wrote", out / f"phones-{name}.png")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def window_shot(path: Path, out: Path) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    tmp = Path(tempfile.mkdtemp(prefix="phones-window-"))
    os.environ["SWISSDESK_CONFIG_DIR"] = str(tmp / "config")
    os.environ["SWISSDESK_DATA_DIR"] = str(tmp / "Tournaments")
    from PySide6.QtCore import QSettings

    from swissdesk.gui.app import create_application
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.storage import AppSettings

    app = create_application()
    window = MainWindow(
        AppSettings(tmp / "config"), QSettings(str(tmp / "gui.ini"), QSettings.Format.IniFormat)
    )
    window.resize(1280, 800)
    window.show()
    window.open_file(path)
    window.show_page(window.PAGE_ROUNDS)
    for _ in range(20):
        app.processEvents()
    window.grab().save(str(out / "phones-window.png"))
    window.close()
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent)
