"""The sample tournament shipped with swissdesk, and the script that regenerates it.

A realistic open a newcomer can explore at once: 40 players from many federations (names
in Latin, Polish, Cyrillic, Greek and Vietnamese spelling), 9 rounds, five played with the
Dutch system, a late entry, a withdrawal, requested byes, a forfeit, and round 6 paired with
some results entered. It is built through the storage actions, so its audit log reads like a
real tournament day. Regenerate with::

    python -m swissdesk.gui.sample            # writes swissdesk/resources/sample/
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

SAMPLE_NAME = "Riverside Open 2026"
SAMPLE_FILE = "riverside-open-2026.swissdesk"
SAMPLE_TRF = "riverside-open-2026.trf"
SEED = 20260314

# (name, title, rating, federation, sex, birth year, FIDE ID)
PLAYERS: tuple[tuple[str, str, int, str, str, str, str], ...] = (
    ("Wróbel, Łukasz", "GM", 2598, "POL", "m", "1994", "1124567"),
    ("Иванов, Дмитрий", "GM", 2571, "RUS", "m", "1990", "4178230"),
    ("Παπαδόπουλος, Νίκος", "IM", 2489, "GRE", "m", "1997", "4211946"),
    ("Nguyễn, Văn An", "IM", 2476, "VIE", "m", "2001", "12405213"),
    ("Schneider, Jonas", "IM", 2455, "GER", "m", "1999", "24652310"),
    ("Fernández, Lucía", "WGM", 2398, "ESP", "w", "1996", "2293815"),
    ("O'Connor, Patrick", "FM", 2381, "IRL", "m", "1988", "2508714"),
    ("Kowalczyk, Agnieszka", "WIM", 2342, "POL", "w", "2003", "21157234"),
    ("Rossi, Marco", "FM", 2336, "ITA", "m", "1985", "851426"),
    ("Haddad, Karim", "FM", 2318, "LBN", "m", "1993", "5601187"),
    ("Dubois, Camille", "WFM", 2265, "FRA", "w", "2000", "26031542"),
    ("Yılmaz, Emre", "CM", 2254, "TUR", "m", "2005", "44581932"),
    ("Andersen, Sofie", "WFM", 2231, "DEN", "w", "2002", "1460841"),
    ("Петренко, Олена", "WIM", 2224, "UKR", "w", "1998", "14118923"),
    ("Silva, Rafael", "", 2207, "BRA", "m", "1991", "2125633"),
    ("Novák, Tomáš", "CM", 2193, "CZE", "m", "2004", "374562"),
    ("Tanaka, Hiroshi", "", 2176, "JPN", "m", "1979", "7700123"),
    ("Müller, Anna", "", 2158, "SUI", "w", "2006", "1308254"),
    ("Van den Berg, Pieter", "", 2141, "NED", "m", "1972", "1017302"),
    ("Kovačević, Ivana", "WCM", 2129, "CRO", "w", "2007", "14556721"),
    ("Smith, Daniel", "", 2112, "ENG", "m", "1987", "433519"),
    ("Nagy, Bence", "", 2098, "HUN", "m", "2008", "753241"),
    ("Lindqvist, Erik", "", 2075, "SWE", "m", "1969", "1705113"),
    ("Georgiou, Eleni", "", 2051, "CYP", "w", "1995", "12904601"),
    ("Popescu, Andrei", "", 2034, "ROU", "m", "1983", "1251932"),
    ("Chen, Wei", "", 2016, "CHN", "m", "2009", "8612345"),
    ("Kumar, Arjun", "", 1998, "IND", "m", "2010", "35087419"),
    ("Horvath, Lukas", "", 1973, "AUT", "m", "1976", "1623482"),
    ("Johansson, Maja", "", 1951, "SWE", "w", "2011", "1777632"),
    ("Ben Ali, Youssef", "", 1932, "TUN", "m", "2000", "5507211"),
    ("Sokolova, Мария", "", 1908, "RUS", "w", "2012", "34276153"),
    ("Moreau, Luc", "", 1887, "FRA", "m", "1958", "604232"),
    ("Kim, Min-jun", "", 1863, "KOR", "m", "2013", "11020591"),
    ("García, Mateo", "", 1840, "ARG", "m", "2012", "20174125"),
    ("Oliveira, Beatriz", "", 1812, "POR", "w", "2009", "1949312"),
    ("Weber, Klaus", "", 1786, "GER", "m", "1951", "4612345"),
    ("Ahmed, Sara", "", 1745, "EGY", "w", "2014", "10615421"),
    ("Lehtonen, Aino", "", 1702, "FIN", "w", "2013", "530012"),
    ("Brown, Oliver", "", 0, "ENG", "m", "2015", ""),
)
LATE_ENTRY = ("Κωνσταντίνου, Ελένη", "WFM", 2189, "GRE", "w", "2004", "4237145")
"""Arrives for round 3 (C.04.2 art. 2.4): pairing numbers below hers shift by one."""

CLUBS: dict[str, str] = {
    "ENG": "Riverside Chess Club",
    "POL": "KS Hetman Wrocław",
    "GER": "SK Bad Homburg",
    "GRE": "Ilioupolis Chess Club",
    "FRA": "Échiquier de Lille",
    "SWE": "SK Rockaden",
    "RUS": "",
}
"""A club per federation (the starting list prints it; a few players play for none)."""

ROUNDS = 9
PLAYED = 5
ROUND_IN_PROGRESS_RESULTS = 12
"""Results already entered in round 6 (the rest of its boards are still playing)."""


def sample_file() -> Path | None:
    """The shipped sample tournament, or ``None`` if it is not installed."""
    from swissdesk.paths import resource_path

    path = resource_path("sample", SAMPLE_FILE)
    return path if path.is_file() else None


def _result(rng: random.Random, white: int, black: int, forfeit: bool = False) -> str:
    if forfeit:
        return "+-"
    expected = 1 / (1 + 10 ** ((black - white - 35) / 400))
    draw = 0.32 * (1 - abs(expected - 0.5))
    roll = rng.random()
    if roll < draw:
        return "1/2"
    return "1-0" if rng.random() < (expected - draw / 2) / (1 - draw) else "0-1"


def build_sample(folder: Path, *, rounds_played: int = PLAYED, seed: int = SEED) -> Path:
    """Build the sample tournament in ``folder`` (overwriting it); returns its path."""
    from swissdesk.storage import (
        AddPlayer,
        AssignPairingNumbers,
        ByeKind,
        EnterResult,
        LateEntry,
        PlayerData,
        RequestBye,
        TournamentFile,
        TournamentSettings,
        Withdraw,
        parse_result,
    )
    from swissdesk.tiebreaks import DEFAULT_TIEBREAKS

    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SAMPLE_FILE
    path.unlink(missing_ok=True)
    settings = TournamentSettings(
        name=SAMPLE_NAME,
        city="Riverside",
        federation="ENG",
        start_date="2026/03/14",
        end_date="2026/03/18",
        organiser="Riverside Chess Club",
        chief_arbiter="IA Margaret Holloway",
        deputy_arbiters=("FA Tomasz Zieliński",),
        time_control="90 min/40 moves + 30 min, 30 s per move from move 1",
        tournament_type="Individual: Swiss-System (FIDE Dutch)",
        total_rounds=ROUNDS,
        system="dutch",
        tiebreaks=DEFAULT_TIEBREAKS,
    )

    def data(row: tuple[str, str, int, str, str, str, str]) -> PlayerData:
        name, title, rating, fed, sex, born, fide = row
        return PlayerData(name, rating, sex, title, fed, fide, born, club=CLUBS.get(fed, ""))

    with TournamentFile.create(path, settings) as tf:
        order = list(PLAYERS)
        rng.shuffle(order)  # registered at the door in arrival order
        for row in order:
            tf.execute(AddPlayer(data(row)))
        tf.execute(AssignPairingNumbers())
        by_name = {p.name: p.tpn for p in tf.players()}
        tf.execute(RequestBye(by_name["Moreau, Luc"], 2, ByeKind.HALF))
        for n in range(1, rounds_played + 2):
            if n == 3:
                tf.execute(LateEntry(data(LATE_ENTRY), 3))
            if n == 4:
                tpn = next(p.tpn for p in tf.players() if p.name == "Smith, Daniel")
                tf.execute(RequestBye(tpn, 4, ByeKind.ZERO))
            if n == 5:
                tpn = next(p.tpn for p in tf.players() if p.name == "Lindqvist, Erik")
                tf.execute(Withdraw(tpn, 5))
            tf.pair_next_round()
            view = tf.round_view(n)
            boards = view.boards
            if n == rounds_played + 1:
                boards = tuple(rng.sample(list(boards), ROUND_IN_PROGRESS_RESULTS))
            for b in boards:
                forfeit = n == 2 and b.board == len(view.boards)
                text = _result(rng, b.white_rating, b.black_rating, forfeit)
                tf.execute(EnterResult(n, b.board, parse_result(text)))
    return path


def export_trf(path: Path, trf_path: Path) -> None:
    """The sample's complete rounds as a TRF-2026 file (for other programs and tests)."""
    from swissdesk.storage import TournamentFile
    from swissdesk.trf import write_trf

    with TournamentFile.open(path) as tf:
        write_trf(tf.snapshot(), trf_path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the shipped sample tournament.")
    default = Path(__file__).resolve().parents[1] / "resources" / "sample"
    parser.add_argument("--out", type=Path, default=default, help="output folder")
    args = parser.parse_args(argv)
    path = build_sample(args.out)
    export_trf(path, args.out / SAMPLE_TRF)
    print(f"wrote {path} and {args.out / SAMPLE_TRF}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
