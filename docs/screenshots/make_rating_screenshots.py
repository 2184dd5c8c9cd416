"""Regenerate the pictures of the rating changes and title norms (issue 37).

    python docs/screenshots/make_rating_screenshots.py

Builds the "Zürich Norm Open 2026" (24 players, 9 rounds paired with the Dutch system,
results drawn from the Elo expectation with a fixed seed, two players in form) through the
storage actions, with a national list (SSB Elo, K 25) and national ratings, then
writes offscreen screenshots of the standings page and of two player cards to
docs/screenshots/, and the first pages of the "Rating changes" and "Title norms" PDFs
(and a norm certificate page) to docs/samples/ with ``pdftoppm`` (poppler-utils).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HERE = Path(__file__).resolve().parent
SAMPLES = HERE.parent / "samples"
SEED = 6

# name, title, rating, federation, sex, born, FIDE ID, national rating
PLAYERS = (
    ("Wróbel, Łukasz", "GM", 2612, "POL", "m", "1994", "1124567", 0),
    ("Иванов, Дмитрий", "GM", 2590, "RUS", "m", "1990", "4178230", 0),
    ("Hansen, Magnus", "GM", 2571, "NOR", "m", "1989", "1504312", 0),
    ("García, Pablo", "GM", 2556, "ESP", "m", "1987", "2201234", 0),
    ("Kovács, Péter", "GM", 2534, "HUN", "m", "1985", "700123", 0),
    ("Papadopoulos, Nikos", "IM", 2489, "GRE", "m", "1997", "4211946", 0),
    ("Nguyễn, Văn An", "IM", 2476, "VIE", "m", "2001", "12405213", 0),
    ("Schneider, Jonas", "IM", 2455, "GER", "m", "1999", "24652310", 2395),
    ("Fernández, Lucía", "WGM", 2398, "ESP", "w", "1996", "2293815", 0),
    ("Meier, Lukas", "IM", 2415, "SUI", "m", "2004", "1312345", 2430),
    ("O'Connor, Patrick", "FM", 2381, "IRL", "m", "1988", "2508714", 0),
    ("Kowalczyk, Agnieszka", "WIM", 2342, "POL", "w", "2003", "21157234", 0),
    ("Rossi, Marco", "FM", 2336, "ITA", "m", "1985", "851426", 0),
    ("Brunner, Sarah", "WIM", 2305, "SUI", "w", "2008", "1334567", 2290),
    ("Dubois, Camille", "WFM", 2265, "FRA", "w", "2000", "26031542", 0),
    ("Keller, Tim", "FM", 2252, "SUI", "m", "2010", "1345678", 2270),
    ("Andersen, Sofie", "WFM", 2231, "DEN", "w", "2002", "1460841", 0),
    ("Weber, Nina", "", 2180, "SUI", "w", "2011", "1356789", 2195),
    ("Silva, Rafael", "", 2207, "BRA", "m", "1991", "2125633", 0),
    ("Huber, Jan", "", 2150, "SUI", "m", "1970", "1301122", 2160),
    ("Tanaka, Hiroshi", "", 2176, "JPN", "m", "1979", "7700123", 0),
    ("Baumann, Eva", "", 2105, "SUI", "w", "1995", "1309876", 2120),
    ("Fischer, Leo", "", 1990, "SUI", "m", "2013", "1398765", 2010),
    ("Zimmermann, Ruth", "", 0, "SUI", "w", "1980", "", 1750),
)
IN_FORM = {"Meier, Lukas": 260, "Brunner, Sarah": 230}
"""Rating points added when drawing these players' results."""


def build_event(path: Path) -> None:
    from swissdesk.elo import NationalSystem
    from swissdesk.storage import BoardResult, EnterResult, PlayerData, TournamentFile
    from swissdesk.storage.views import TournamentSettings

    rng = random.Random(SEED)
    settings = TournamentSettings(
        name="Zürich Norm Open 2026",
        city="Zürich",
        federation="SUI",
        start_date="2026/11/14",
        end_date="2026/11/22",
        chief_arbiter="IA Anna Beispiel",
        organiser="Schachklub Zürich",
        time_control="90 min/40 moves + 30 min, 30 s per move",
        time_control_code="40/5400+30:1800+30",
        total_rounds=9,
        national_list=NationalSystem("SSB Elo", k=25, cap=400),
    )
    players = [
        PlayerData(n, r, sx, t, f, fid, b, national_rating=nr)
        for n, t, r, f, sx, b, fid, nr in PLAYERS
    ]
    strength = {n: (r or 1700) + IN_FORM.get(n, 0) for n, _t, r, *_ in PLAYERS}
    with TournamentFile.create(path, settings, players=players) as tf:
        names = {row.tpn: row.name for row in tf.players()}
        for r in range(1, 10):
            tf.pair_next_round()
            for b in tf.round_view(r).boards:
                white, black = strength[names[b.white_tpn]], strength[names[b.black_tpn]]
                expected = 1 / (1 + 10 ** ((black - white) / 400))
                x = rng.random()
                result = (
                    BoardResult.WHITE_WINS
                    if x < expected - 0.17
                    else BoardResult.DRAW
                    if x < expected + 0.17
                    else BoardResult.BLACK_WINS
                )
                tf.execute(EnterResult(r, b.board, result))


def page(pdf: Path, number: int, stem: Path) -> None:
    subprocess.run(
        ["pdftoppm", "-png", "-r", "70", "-f", str(number), "-l", str(number), "-singlefile",
         str(pdf), str(stem)],
        check=True,
    )  # fmt: skip
    from PIL import Image

    png = Path(f"{stem}.png")
    with Image.open(png) as image:
        small = image.convert("L").quantize(colors=16)
    small.save(png, optimize=True)
    print("wrote", png)


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="swissdesk-rating-shots-"))
    os.environ["SWISSDESK_CONFIG_DIR"] = str(tmp / "config")
    os.environ["SWISSDESK_DATA_DIR"] = str(tmp / "Tournaments")
    event = tmp / "zurich-norm-open-2026.swissdesk"
    build_event(event)

    from PySide6.QtCore import QSettings

    from swissdesk.gui.app import create_application
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.storage import AppSettings

    app = create_application()
    window = MainWindow(
        AppSettings(tmp / "config"), QSettings(str(tmp / "gui.ini"), QSettings.Format.IniFormat)
    )
    window.resize(1280, 720)
    window.show()
    assert window.open_file(event)
    window.show_page(window.PAGE_STANDINGS)
    app.processEvents()
    window.grab().save(str(HERE / "standings-ratings.png"))
    print("wrote", HERE / "standings-ratings.png")
    for tpn, name in ((14, "player-card.png"), (10, "player-card-national.png")):
        window.standings.player_card(tpn)
        card = window.standings.card
        assert card is not None
        card.resize(660, 1080)
        app.processEvents()
        card.grab().save(str(HERE / name))
        print("wrote", HERE / name)
        card.close()
    ratings = window.printing.export_pdf_to("ratings", tmp / "ratings.pdf", None)
    norms = window.printing.export_pdf_to("norms", tmp / "norms.pdf", None)
    assert ratings is not None and norms is not None
    page(ratings, 1, SAMPLES / "norm-open-ratings")
    page(norms, 1, SAMPLES / "norm-open-norms")
    page(norms, 3, SAMPLES / "norm-open-certificate")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
