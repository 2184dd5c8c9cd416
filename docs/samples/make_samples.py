"""Regenerate the sample pages of docs/samples/ (one PNG per printed document).

    python docs/samples/make_samples.py [--corpus ../shared/corpus]

Uses a 40-player, 11-round corpus tournament with its players renamed to names in many
alphabets, renders every document kind with ``swissdesk.reports.render`` and converts the
first page to PNG with ``pdftoppm`` (poppler-utils) at 70 dpi.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from swissdesk.model.tournament import Tournament, TournamentInfo
from swissdesk.reports import KINDS, render
from swissdesk.trf import read_trf

HERE = Path(__file__).resolve().parent
SOURCE = "dutch-full/dutch-0005-n040-r11-default.trf"

PLAYERS = [
    ("Łukasz Ćwikliński", "GM", "POL"), ("Иван Соколов", "GM", "RUS"),
    ("Nguyễn Ngọc Trường Sơn", "GM", "VIE"), ("Γεώργιος Μαστροκούκος", "IM", "GRE"),
    ("Søren Ødegaard", "IM", "NOR"), ("María José Pérez", "WGM", "ESP"),
    ("Ahmet Ağaoğlu", "IM", "TUR"), ("Zoë Müller", "WIM", "GER"),
    ("Jiří Dvořák", "FM", "CZE"), ("Ana Šarić", "WGM", "CRO"),
    ("Олександр Шевченко", "FM", "UKR"), ("Kristján Guðmundsson", "FM", "ISL"),
    ("Đặng Thị Hương", "WFM", "VIE"), ("François Lefèvre", "FM", "FRA"),
    ("Ömer Çelik", "CM", "TUR"), ("Łucja Żółkiewska", "WFM", "POL"),
    ("Αικατερίνη Νικολάου", "WCM", "GRE"), ("Dmitrij Kovačević", "CM", "SRB"),
    ("João Gonçalves", "", "POR"), ("Mihaela Ionescu-Păun", "", "ROU"),
    ("Пётр Ёлкин", "", "RUS"), ("Ľubomír Šťastný", "", "SVK"),
    ("Ēriks Bērziņš", "", "LAT"), ("Jonas Žemaitis", "", "LTU"),
    ("Tõnu Põld", "", "EST"), ("Gábor Szőke", "", "HUN"),
    ("Trần Văn Đức", "", "VIE"), ("Ilse Van Damme", "", "BEL"),
    ("Björn Åström", "", "SWE"), ("Mateja Škrbić", "", "SLO"),
    ("Σταύρος Παπαδάκης", "", "CYP"), ("Aleksandra Wójcik", "", "POL"),
    ("Nikola Đorđević", "", "SRB"), ("Sinéad Ó Briain", "", "IRL"),
    ("Ramón Núñez", "", "ARG"), ("Vüqar Həsənov", "", "AZE"),
    ("Ərtoğrul Məmmədli", "", "AZE"), ("Јована Петровић", "", "SRB"),
    ("Liisa Mäkelä", "", "FIN"), ("Chloé Lemaître", "", "FRA"),
]  # fmt: skip


def sample_tournament(corpus: Path) -> Tournament:
    t = read_trf(corpus / SOURCE)
    players = []
    for p in t.players:
        name, title, fed = PLAYERS[(p.tpn - 1) % len(PLAYERS)]
        players.append(
            replace(p, name=name, title=title, federation=fed, fide_id=str(1_100_000 + p.tpn))
        )
    info = TournamentInfo(
        name="Międzynarodowy Festiwal Szachowy Kraków Open 2026",
        city="Kraków",
        federation="POL",
        start_date="2026/11/14",
        end_date="2026/11/22",
        organiser="Krakowski Klub Szachowy Hetman",
        chief_arbiter="IA Anna Kowalska",
    )
    return replace(t, players=tuple(players), info=info, tiebreaks=("BH/C1", "BH", "SB", "WIN"))


def _shrink(png: Path) -> None:
    """Store the page as a 16-grey palette PNG: a fraction of the size, same look."""
    from PIL import Image

    with Image.open(png) as image:
        small = image.convert("L").quantize(colors=16)
    small.save(png, optimize=True)


def main() -> int:
    parser = argparse.ArgumentParser(description="Regenerate docs/samples/*.png")
    parser.add_argument("--corpus", type=Path, default=HERE.parents[2] / "shared" / "corpus")
    parser.add_argument("--dpi", type=int, default=70)
    args = parser.parse_args()
    tournament = sample_tournament(args.corpus)
    rounds = {
        "boards": 9,
        "alphabetical": 9,
        "slips": 9,
        "cards": 11,
        "standings": 11,
        "crosstable": 11,
        "ratings": 11,
        "norms": 11,
    }
    with tempfile.TemporaryDirectory() as scratch:
        for kind in KINDS:
            pdf = render(kind, tournament, Path(scratch) / f"{kind}.pdf", round_number=rounds[kind])
            stem = HERE / f"sample-{kind}"
            subprocess.run(
                [
                    "pdftoppm",
                    "-png",
                    "-r",
                    str(args.dpi),
                    "-f",
                    "1",
                    "-l",
                    "1",
                    "-singlefile",
                    str(pdf),
                    str(stem),
                ],
                check=True,
            )
            _shrink(Path(f"{stem}.png"))
            print(f"{stem}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
