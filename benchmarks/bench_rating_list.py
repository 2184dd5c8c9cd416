"""Rating list offline: import a synthetic combined FIDE XML list of a million players, then
look players up (issue 20 targets: import <= 90 s and <= 300 MB, lookup <= 50 ms).

    python benchmarks/bench_rating_list.py [--players 1000000] [--queries 1000] [--zip]

The list is written in the official XML layout (every tag of ``players_list_xml``) with
names drawn from several alphabets and accents, into a temporary folder. The import runs in
a child process so that its peak memory (``ru_maxrss``) is its own. Lookups: 1,000 random
queries (a name prefix of 2-8 letters, "surname g", "given s", a FIDE ID), median and worst.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from swissdesk.ratinglist import RatingList

SURNAMES = [
    "Smith",
    "Müller",
    "Nowak",
    "García",
    "Rossi",
    "Ivanov",
    "Петров",
    "Kowalski",
    "Nguyễn",
    "Øvergaard",
    "Łukasz",
    "Jensen",
    "Dubois",
    "Papadopoulos",
    "Σαββίδης",
    "Horváth",
    "Novák",
    "Yılmaz",
    "O'Neill",
    "Van-Dijk",
    "Gelashvili",
    "Hakobyan",
    "Kumar",
    "Sharma",
    "Chen",
    "Wang",
    "Tanaka",
    "Kim",
    "Silva",
    "Santos",
    "Fischer",
    "Carlsen",
    "Anand",
    "Nakamura",
    "So",
    "Caruana",
]
GIVEN = [
    "Anna",
    "Magnus",
    "Ivan",
    "Sofia",
    "Li",
    "Wei",
    "José",
    "Zoë",
    "Ömer",
    "Jan",
    "Eva",
    "Giorgi",
    "Arman",
    "Priya",
    "Hana",
    "Luis",
]
FEDS = [
    "NOR",
    "GER",
    "POL",
    "ESP",
    "ITA",
    "RUS",
    "IND",
    "CHN",
    "USA",
    "FRA",
    "ENG",
    "NED",
    "GEO",
    "ARM",
    "VIE",
    "TUR",
    "GRE",
    "HUN",
    "CZE",
    "BRA",
]


def write_list(path: Path, players: int, seed: int) -> list[tuple[int, str]]:
    rng = random.Random(seed)
    sample: list[tuple[int, str]] = []
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
        for i in range(players):
            fide_id = 1_000_000 + i * 7
            surname = rng.choice(SURNAMES) + (rng.choice(("", "", "ski", "son", "ova", "ez")))
            name = f"{surname}, {rng.choice(GIVEN)}"
            std = rng.choice(("", str(rng.randint(1400, 2850))))
            rapid = rng.choice(("", "", str(rng.randint(1400, 2850))))
            blitz = rng.choice(("", "", str(rng.randint(1400, 2850))))
            escaped = name.replace("'", "&apos;")
            out.write(
                f"<player><fideid>{fide_id}</fideid><name>{escaped}</name>"
                f"<country>{rng.choice(FEDS)}</country><sex>{rng.choice('MF')}</sex>"
                f"<title>{rng.choice(('', '', '', '', 'FM', 'IM', 'GM'))}</title><w_title></w_title>"
                f"<o_title></o_title><foa_title></foa_title><rating>{std}</rating>"
                f"<games>{rng.randint(0, 9)}</games><k>20</k><rapid_rating>{rapid}</rapid_rating>"
                f"<rapid_games>0</rapid_games><rapid_k>20</rapid_k><blitz_rating>{blitz}"
                f"</blitz_rating><blitz_games>0</blitz_games><blitz_k>20</blitz_k>"
                f"<birthday>{rng.randint(1940, 2018)}</birthday><flag>{rng.choice(('', 'i', 'w'))}"
                "</flag></player>\n"
            )
            if i % 997 == 0:
                sample.append((fide_id, name))
        out.write("</playerslist>\n")
    return sample


def queries(sample: list[tuple[int, str]], count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    for _ in range(count):
        fide_id, name = rng.choice(sample)
        surname, _, given = name.partition(", ")
        kind = rng.randrange(4)
        if kind == 0:
            out.append(surname[: rng.randint(2, 8)].lower())
        elif kind == 1:
            out.append(f"{surname} {given[:1]}")
        elif kind == 2:
            out.append(f"{given} {surname[:2]}")
        else:
            out.append(str(fide_id))
    return out


def child_import(database: str, source: str) -> None:
    started = time.monotonic()
    summary = RatingList(database).import_file(source)
    seconds = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = usage.ru_utime + usage.ru_stime
    print(f"{summary.players} {seconds:.1f} {usage.ru_maxrss / 1024:.0f} {cpu:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--zip", action="store_true", help="import the list zipped")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child_import(*args.child)
        return
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "players_list_xml_foa.xml"
        started = time.monotonic()
        sample = write_list(source, args.players, 20)
        print(
            f"wrote {args.players:,} players, {source.stat().st_size / 1e6:.0f} MB of XML "
            f"in {time.monotonic() - started:.0f} s"
        )
        if args.zip:
            archive = source.with_name("players_list_xml.zip")
            with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
                zf.write(source, source.name)
            source.unlink()
            source = archive
        database = Path(folder) / "list.sqlite"
        out = subprocess.run(
            [sys.executable, __file__, "--child", str(database), str(source)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        print(
            f"import: {int(out[0]):,} players in {out[1]} s ({out[3]} s CPU), "
            f"peak memory {out[2]} MB"
        )
        rating_list = RatingList(database)
        times: list[float] = []
        cpu_times: list[float] = []
        found = 0
        for q in queries(sample, args.queries, 21):
            t0, c0 = time.perf_counter(), time.process_time()
            found += bool(rating_list.find(q, limit=20))
            times.append(1000 * (time.perf_counter() - t0))
            cpu_times.append(1000 * (time.process_time() - c0))
        print(
            f"lookup: {len(times)} queries, median {statistics.median(times):.1f} ms, "
            f"worst {max(times):.1f} ms (CPU: median {statistics.median(cpu_times):.1f} ms, "
            f"worst {max(cpu_times):.1f} ms), {found} with a result"
        )


if __name__ == "__main__":
    main()
