"""Regenerate the round-robin screenshots (issue 32) and the printed cross table's page.

Usage: ``python docs/screenshots/make_round_robin_screenshots.py [OUT_FOLDER]`` (default:
this folder). Runs offscreen on temporary settings: builds an eight-player double round
robin (pairing numbers by lot, ten of its fourteen rounds played), then takes the
new-tournament dialog, the draw of lots, a round, the square cross table and the
standings, and draws the PDF cross table with ``pdftoppm`` (poppler-utils).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PLAYERS = [
    ("Holloway, Margaret", 2310, "ENG", "WIM"),
    ("Okafor, Chidi", 2285, "NGR", "FM"),
    ("Lindqvist, Sven", 2260, "SWE", "FM"),
    ("Fernández, Lucía", 2240, "ESP", "WFM"),
    ("Nakamura, Kenji", 2215, "JPN", ""),
    ("Petrova, Anna", 2190, "BUL", "WFM"),
    ("Schneider, Paul", 2170, "GER", ""),
    ("Dubois, Claire", 2140, "FRA", ""),
]
RESULTS = ("1-0", "1/2", "0-1", "1/2", "1-0", "0-1", "1/2")


def build(path: Path) -> None:
    from swissdesk.model.round_robin import RoundRobinSettings
    from swissdesk.storage import (
        DrawLots,
        EnterResult,
        PlayerData,
        TournamentFile,
        TournamentSettings,
        parse_result,
    )

    settings = TournamentSettings(
        name="Riverside Club Championship 2026",
        city="Riverside",
        federation="ENG",
        start_date="2026/11/02",
        end_date="2026/12/14",
        organiser="Riverside Chess Club",
        chief_arbiter="IA Margaret Holloway",
        system="round-robin",
        round_robin=RoundRobinSettings(2, True),
        tiebreaks=("DE", "WIN", "SB", "KS"),
    )
    players = [PlayerData(n, r, federation=f, title=t) for n, r, f, t in PLAYERS]
    with TournamentFile.create(path, settings, players=players) as tf:
        tf.execute(DrawLots(seed=20261102))
        for rnd in range(1, 11):
            pairing, _ = tf.pair_next_round()
            for board in range(1, len(pairing.pairs) + 1):
                text = RESULTS[(rnd * 3 + board) % len(RESULTS)]
                tf.execute(EnterResult(rnd, board, parse_result(text)))
        tf.pair_next_round()


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent
    tmp = Path(tempfile.mkdtemp(prefix="swissdesk-rr-shots-"))
    os.environ["SWISSDESK_CONFIG_DIR"] = str(tmp / "config")
    os.environ["SWISSDESK_DATA_DIR"] = str(tmp / "Tournaments")

    from PySide6.QtCore import QSettings

    from swissdesk.engines import system_names
    from swissdesk.gui.app import create_application
    from swissdesk.gui.dialogs import TournamentDialog
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.gui.round_robin import DrawLotsDialog
    from swissdesk.storage import AppSettings

    app = create_application()
    window = MainWindow(
        AppSettings(tmp / "config"), QSettings(str(tmp / "gui.ini"), QSettings.Format.IniFormat)
    )
    window.resize(1280, 720)
    window.show()

    def shot(widget: object, name: str) -> None:
        app.processEvents()
        path = out / name
        widget.grab().save(str(path))  # type: ignore[attr-defined]
        print("wrote", path)

    dialog = TournamentDialog(system_names(), parent=window)
    dialog.name.setText("Riverside Club Championship 2026")
    dialog.city.setText("Riverside")
    dialog.system.setCurrentIndex(dialog.system.findData("round-robin"))
    dialog.cycles.setValue(2)
    dialog.show()
    shot(dialog, "round-robin-new-tournament.png")
    dialog.close()

    draw = DrawLotsDialog(12, window)
    draw.seed.setText("20261102")
    draw.varma.setChecked(True)
    draw.show()
    shot(draw, "round-robin-draw-lots.png")
    draw.close()

    path = tmp / "rr.swissdesk"
    build(path)
    window.open_file(path)
    window.show_page(window.PAGE_ROUNDS)
    shot(window, "round-robin-round.png")
    window.show_page(window.PAGE_CROSS)
    window.cross_page.set_rounds(10, 10)
    window.cross.refresh_cross()
    shot(window, "round-robin-crosstable.png")
    window.show_page(window.PAGE_STANDINGS)
    shot(window, "round-robin-standings.png")

    pdf = window.export_pdf_to("crosstable", tmp / "crosstable.pdf", None)
    if pdf is not None and shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "110", "-singlefile", str(pdf),
             str(out / "round-robin-crosstable-pdf")],
            check=True,
        )
        print("wrote", out / "round-robin-crosstable-pdf.png")
    window.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
