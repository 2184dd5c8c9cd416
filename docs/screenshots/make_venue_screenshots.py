"""Regenerate the venue's screenshots (issue 34): the pages as a phone (360x780) and the
hall's screens (1920x1080, 1280x720) show them.

Usage: ``python docs/screenshots/make_venue_screenshots.py [OUT_FOLDER]`` (default: this
folder). Needs Debian's ``chromium`` and ``chromium-driver`` and the test extras (Selenium).
Serves a copy of the shipped sample tournament (Riverside Open 2026, 40 players, round 6 of
9) with ``swissdesk serve`` on loopback, and takes:

- ``venue-phone-pairings.png``: "Where do I play?", the round's boards;
- ``venue-phone-found.png``: a player found by name (board, colour, opponent, large type);
- ``venue-phone-player.png``: a player's page (every round, score, rank);
- ``venue-phone-standings.png``: the standings with the tie-breaks;
- ``venue-phone-crosstable.png``: the cross table scrolled to the later rounds, the
  numbers and names kept at the left;
- ``venue-display-1920.png`` and ``venue-display-1280.png``: the hall's display mode;
- ``venue-window.png``: the window serving (offscreen): the Venue button in the status bar and
  the address dialog with its QR code and a hall screen's address (``--window``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def browser(profile: Path, width: int, height: int):  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_AVOID_STATS", "true")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--force-device-scale-factor=1", "--no-first-run",
                f"--user-data-dir={profile}", f"--window-size={width},{height}"):  # fmt: skip
        options.add_argument(arg)
    driver = webdriver.Chrome(
        options=options,
        service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"),
    )
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    if inner != [width, height]:
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    return driver


def main(out: Path) -> None:
    from swissdesk.gui.sample import sample_file
    from swissdesk.storage import TournamentFile
    from swissdesk.venue.source import section_slugs

    work = Path(tempfile.mkdtemp(prefix="venue-shots-"))
    source = sample_file()
    assert source is not None
    path = Path(shutil.copy(source, work / "riverside.swissdesk"))
    with TournamentFile.open(path) as tf:  # brings the sample to the current file format
        slug = section_slugs(tf)[0][0]
        n = tf.rounds_paired()
        board = tf.round_view(n).boards[2]
        player = board.white_tpn
        name = next(p.name for p in tf.players() if p.tpn == player)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "swissdesk", "serve", str(path), "--host", "127.0.0.1",
         "--port", str(port), "--announce", "Round 7 starts at 14:00 · Prize giving 18:30"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        for line in server.stdout:
            if line.startswith("swissdesk-venue-ready"):
                break
        url = f"http://127.0.0.1:{port}"
        phone = browser(work / "phone", 360, 780)
        try:
            shots = {
                "venue-phone-pairings.png": f"/s/{slug}/",
                "venue-phone-found.png": f"/s/{slug}/find?q={name.split(',')[0].lower()}",
                "venue-phone-player.png": f"/s/{slug}/player/{player}",
                "venue-phone-standings.png": f"/s/{slug}/standings",
            }
            for file, page in shots.items():
                phone.get(url + page)
                time.sleep(1.0)  # the live connection says "Live"
                phone.save_screenshot(str(out / file))
                print("wrote", out / file)
            phone.get(f"{url}/s/{slug}/crosstable")
            time.sleep(1.0)
            phone.execute_script("document.querySelector('.scroll').scrollLeft = 150")
            phone.save_screenshot(str(out / "venue-phone-crosstable.png"))
            print("wrote", out / "venue-phone-crosstable.png")
        finally:
            phone.quit()
        for width, height in ((1920, 1080), (1280, 720)):
            screen = browser(work / f"screen{width}", width, height)
            try:
                screen.get(f"{url}/display?section={slug}&rows=15&every=60")
                time.sleep(1.5)
                target = out / f"venue-display-{width}.png"
                screen.save_screenshot(str(target))
                print("wrote", target)
            finally:
                screen.quit()
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)


def window_shot(out: Path) -> None:
    """The window serving the sample: its status bar and the address dialog."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    tmp = Path(tempfile.mkdtemp(prefix="venue-window-"))
    os.environ["SWISSDESK_CONFIG_DIR"] = str(tmp / "config")
    os.environ["SWISSDESK_DATA_DIR"] = str(tmp / "Tournaments")
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QPainter, QPixmap

    from swissdesk.gui.app import create_application
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.gui.sample import sample_file
    from swissdesk.storage import AppSettings

    app = create_application()
    window = MainWindow(
        AppSettings(tmp / "config"), QSettings(str(tmp / "gui.ini"), QSettings.Format.IniFormat)
    )
    window.resize(1280, 800)
    window.show()
    source = sample_file()
    assert source is not None
    window.open_file(Path(shutil.copy(source, tmp / "riverside.swissdesk")))
    window.venue.start("127.0.0.1", free_port())
    deadline = time.monotonic() + 120
    while not window.venue.urls and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.02)
    dialog = window.venue.dialog
    assert dialog is not None, window.venue.error_text
    dialog.first_board.setValue(1)
    dialog.last_board.setValue(20)
    for _ in range(20):
        app.processEvents()
    # One picture: the window with the dialog drawn over its middle.
    canvas = QPixmap(window.size())
    window.render(canvas)
    inner = dialog.grab()
    painter = QPainter(canvas)
    painter.drawPixmap((canvas.width() - inner.width()) // 2, 60, inner)
    painter.end()
    target = out / "venue-window.png"
    canvas.save(str(target))
    print("wrote", target)
    window.venue.stop_serving(wait=True)
    window.close()
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--window"]
    folder = Path(args[0]) if args else Path(__file__).resolve().parent
    if "--window" in sys.argv:
        window_shot(folder)
    else:
        main(folder)
