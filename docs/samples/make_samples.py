"""Regenerate the sample pages of docs/samples/ (one PNG per printed document).

    python docs/samples/make_samples.py [--corpus ../shared/corpus]

Uses a 40-player, 11-round corpus tournament with its players renamed to names in many
alphabets, renders every document kind with ``swissdesk.reports.render`` and converts the
first page to PNG with ``pdftoppm`` (poppler-utils) at 70 dpi. Then the pages issue 27
changed: a Double-Swiss board list (the match score and both games from the White
player's side), result slips and a board list with right-to-left and mixed names, the
starting list by rating and the team standings.
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
            pdf = render(
                kind, tournament, Path(scratch) / f"{kind}.pdf", round_number=rounds.get(kind)
            )
            page(pdf, HERE / f"sample-{kind}", args.dpi)
        folder = Path(scratch)
        page(double_swiss_boards(folder), HERE / "double-swiss-boards", args.dpi)
        mixed = mixed_tournament()
        page(render("slips", mixed, folder / "slips.pdf", round_number=3), HERE / "bidi-slips",
             args.dpi)  # fmt: skip
        page(render("boards", mixed, folder / "boards.pdf", round_number=3),
             HERE / "bidi-boards", args.dpi)  # fmt: skip
        page(render("starting-list", tournament, folder / "sl.pdf", order="rating"),
             HERE / "sample-starting-list-rating", args.dpi)  # fmt: skip
        page(team_standings(folder), HERE / "sample-team-standings", args.dpi)
    return 0


def page(pdf: Path, stem: Path, dpi: int) -> None:
    """The first page of ``pdf`` as ``stem.png``."""
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", str(pdf),
         str(stem)],
        check=True,
    )  # fmt: skip
    _shrink(Path(f"{stem}.png"))
    print(f"{stem}.png")


DOUBLE_SWISS_NAMES = [
    "Papadopoulou, Alexandra", "Fernández de la Vega, María José", "Wróblewski, Łukasz",
    "Van den Bergh, Pieter", "Al-Shammari, Mohammed", "Schneider-Müllenbach, Jonas",
    "Nguyễn Thị Ánh Tuyết", "Oosterwijk, Hendrika", "Kim, Min-jun", "Smith, Daniel",
    "Rossi, Marco", "Brown, Oliver",
]  # fmt: skip


def double_swiss_boards(folder: Path) -> Path:
    """Round 4 of a generated 12-player Double-Swiss event (seed 3)."""
    from swissdesk.engines import get_engine
    from swissdesk.trf.generator import GeneratorSettings, generate_tournament

    settings = GeneratorSettings(players=12, rounds=4, seed=3, system="double-swiss")
    t = generate_tournament(settings, get_engine("double-swiss"))
    players = tuple(replace(p, name=DOUBLE_SWISS_NAMES[p.tpn - 1]) for p in t.players)
    t = replace(t, players=players, info=TournamentInfo(name="Double-Swiss Open 2026"))
    return render("boards", t, folder / "ds.pdf", round_number=4)


MIXED_NAMES = {
    1: "Sharma, शर्मा", 2: "ศรีสุข, สมชาย", 3: "الشمري, محمد", 4: "Zürich Altstetten",
    5: "विश्वनाथन आनंद", 6: "כהן, דוד", 7: "علاء عبد الله, أحمد",
}  # fmt: skip


def mixed_tournament() -> Tournament:
    """The report tests' seven-player event with right-to-left and shaped names."""
    sys.path.insert(0, str(HERE.parents[1] / "tests" / "reports"))
    from report_test_support import multilingual_tournament

    t = multilingual_tournament()
    players = tuple(replace(p, name=MIXED_NAMES[p.tpn]) for p in t.players)
    info = replace(t.info, name="Altstetten Open — كأس الأندية")
    return replace(t, players=players, info=info)


def team_standings(folder: Path) -> Path:
    """The team standings of the tests' hand-made team file."""
    from swissdesk.reports.team import render_team_standings
    from swissdesk.trf.team_records import read_team_trf

    event = read_team_trf(HERE.parents[1] / "tests" / "trf" / "team_hand.trf")
    t = event.tournament
    return render_team_standings(t, folder / "team.pdf", rounds=t.rounds_with_pairings)


if __name__ == "__main__":
    sys.exit(main())
