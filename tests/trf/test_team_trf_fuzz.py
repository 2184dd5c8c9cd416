"""Issue 39, items 3 and 4: fuzzed TRF-2026 team files are read, or refused with a
``TrfError`` naming the line (and the column, where there is one), nothing else; every file
the team reader accepts is written and read back to the same teams, rosters and matches, and
its next round pairs or says why it cannot (never a ``CriteriaViolation``, never another
traceback). The twin of :mod:`test_trf_fuzz` for the team section.

The inputs are mutations of small team files: the hand-made ``team_hand.trf`` and events of
the team generator. Mutations replace numbers (up to thousands of digits, ``inf``, ``nan``,
negative ones), insert team records (310 rosters, 320, 330, 240, 250, 260, 300, 352, 362)
with random numbers and long lists, change, insert and delete bytes, duplicate, swap and cut
lines.

``SWISSDESK_TEAM_FUZZ_EXAMPLES`` sets the number of cases (default 1,500, under a minute on
one core), ``SWISSDESK_TEAM_FUZZ_SEED`` the seed (default fixed, so CI is reproducible),
``SWISSDESK_TEAM_FUZZ_COUNTS`` a file where the counts of the run are written as JSON, and
``SWISSDESK_TEAM_FUZZ_STORAGE=1`` also imports every file read into a tournament file and
pairs its next round there (``swissdesk import`` then ``next-round``; slower).

Long run (issue 39): ten chunks of 10,000 cases, seeds 3900 to 3909, with the storage step;
the command and the figures are in the issue's closing note.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from swissdesk.engines import get_engine
from swissdesk.engines.base import pair_round
from swissdesk.errors import SwissdeskError
from swissdesk.trf import TrfError
from swissdesk.trf.team_generator import generate_team_event
from swissdesk.trf.team_records import TeamEvent, format_team_trf, parse_team_trf

EXAMPLES = int(os.environ.get("SWISSDESK_TEAM_FUZZ_EXAMPLES", "1500"))
SEED = int(os.environ.get("SWISSDESK_TEAM_FUZZ_SEED", "39"))
COUNTS_FILE = os.environ.get("SWISSDESK_TEAM_FUZZ_COUNTS")
STORAGE = os.environ.get("SWISSDESK_TEAM_FUZZ_STORAGE") == "1"

HERE = Path(__file__).resolve().parent


def _generated(teams: int, rounds: int, seed_: int, boards: int) -> bytes:
    event = generate_team_event(teams, rounds, seed_, get_engine("team"), boards=boards)
    return format_team_trf(event).encode("utf-8")


SEEDS = [
    (HERE / "team_hand.trf").read_bytes(),
    _generated(6, 3, 1, 2),
    _generated(7, 4, 2, 3),
    _generated(5, 5, 3, 2),
]

_NUMBER_RE = re.compile(rb"\d+(?:\.\d)?")

numbers = st.one_of(
    st.integers(0, 12),
    st.integers(0, 1000),
    st.sampled_from([99, 100, 999, 1000, 9999, 10_000, 50_000_000]),
    st.integers(1, 6000).map(lambda n: int("9" * n) if n < 4300 else n),
).map(lambda n: str(n).encode())
huge_numbers = st.integers(4301, 6000).map(lambda n: b"1" * n)
odd_numbers = st.sampled_from(
    [b"inf", b"nan", b"-inf", b"1e308", b"-2", b"-0.5", b"1e999", b"0x10", b"\xd9\xa3", b"1_0"]
)
points = st.one_of(
    st.sampled_from([b"0.0", b"0.5", b"1.0", b"2.0", b"3.0", b"99.5", b"100.0", b"1,5"]),
    odd_numbers,
)
ids3 = st.integers(0, 1200).map(lambda n: f"{n:03d}".encode())
ids4 = st.integers(0, 12000).map(lambda n: f"{n:04d}".encode())


def _listed(items: st.SearchStrategy[bytes], sep: bytes) -> st.SearchStrategy[bytes]:
    return st.one_of(
        st.lists(items, min_size=0, max_size=8).map(sep.join),
        st.tuples(items, st.integers(50, 3000)).map(lambda t: sep.join([t[0]] * t[1])),
    )


TEAM_RECORDS = st.one_of(
    st.tuples(
        st.just(b"310 "),
        st.integers(0, 1200).map(lambda n: f"{n:>3}".encode()),
        st.just(b" Fuzz Club                        FZC  "),
        st.sampled_from([b"  2300", b"   abc", b"   inf", b"  -100"]),
        st.just(b" "),
        points.map(lambda p: p.rjust(6)),
        st.just(b" "),
        points.map(lambda p: p.rjust(6)),
        st.just(b"   1  "),
        _listed(ids4, b" "),
    ),
    st.tuples(st.just(b"320 "), points, st.just(b" "), points, st.just(b" "), _listed(ids3, b" ")),
    st.tuples(
        st.sampled_from([b"330 +- ", b"330 -+ ", b"330 -- ", b"330 ++ "]),
        ids3,
        st.just(b" "),
        ids3,
        st.just(b" "),
        ids3,
    ),
    st.tuples(
        st.sampled_from([b"240 H ", b"240 F ", b"240 Z "]), ids3, st.just(b" "), _listed(ids4, b" ")
    ),
    st.tuples(
        st.just(b"250 "),
        points.map(lambda p: p.rjust(4)),
        st.just(b"  0.0 "),
        ids3,
        st.just(b" "),
        ids3,
        st.just(b" "),
        ids4,
        st.just(b" "),
        ids4,
    ),
    st.tuples(st.just(b"260 "), ids3, st.just(b" "), ids3, st.just(b" "), _listed(ids4, b" ")),
    st.tuples(
        st.just(b"300 "),
        ids3,
        st.just(b" "),
        ids3,
        st.just(b" "),
        ids3,
        st.just(b" "),
        _listed(ids4, b" "),
    ),
    st.tuples(st.just(b"352 "), st.sampled_from([b"WB", b"WBWB", b"", b"WX", b"W" * 500])),
    st.tuples(st.just(b"362 TW "), points, st.just(b" TD "), points, st.just(b" TL "), points),
    st.tuples(st.just(b"142 "), st.one_of(numbers, huge_numbers)),
    st.tuples(st.just(b"XXT colour_preferences="), st.sampled_from([b"A", b"B", b"none", b"x"])),
).map(b"".join)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """A seed file with one to four mutations."""
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        lines = bytes(data).split(b"\n")
        kind = draw(st.integers(0, 8))
        if kind == 0:  # replace a number
            found = list(_NUMBER_RE.finditer(data))
            if found:
                m = draw(st.sampled_from(found))
                data[m.start() : m.end()] = draw(st.one_of(numbers, huge_numbers, odd_numbers))
        elif kind in (1, 8):  # insert a team record
            at = draw(st.integers(0, len(lines)))
            lines.insert(at, draw(TEAM_RECORDS))
            data = bytearray(b"\n".join(lines))
        elif kind == 2 and data:  # change a byte (any value, non-UTF-8 ones too)
            at = draw(st.integers(0, len(data) - 1))
            data[at] = draw(st.integers(0, 255))
        elif kind == 3:  # insert bytes
            at = draw(st.integers(0, len(data)))
            data[at:at] = draw(st.binary(min_size=1, max_size=12))
        elif kind == 4 and data:  # delete a span
            at = draw(st.integers(0, len(data) - 1))
            data[at : at + draw(st.integers(1, 40))] = b""
        elif kind == 5 and lines:  # duplicate a line
            at = draw(st.integers(0, len(lines) - 1))
            lines.insert(draw(st.integers(0, len(lines))), lines[at])
            data = bytearray(b"\n".join(lines))
        elif kind == 6 and len(lines) > 1:  # swap two lines
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
        elif kind == 7 and data:  # cut the file short
            del data[draw(st.integers(0, len(data) - 1)) :]
    return bytes(data)


COUNTS: Counter[str] = Counter()
SLOWEST: list[float] = [0.0]


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _same_event(a: TeamEvent, b: TeamEvent) -> bool:
    def key(e: TeamEvent) -> object:
        return (
            [(t.tpn, t.name, t.rounds) for t in e.tournament.players],
            dict(e.rosters),
            [(p.tpn, p.rounds) for p in e.players.players],
            e.tournament.total_rounds,
        )

    return key(a) == key(b)


@pytest.fixture(scope="module", autouse=True)
def record_counts() -> Iterator[None]:
    yield
    if COUNTS_FILE:
        Path(COUNTS_FILE).write_text(
            json.dumps(
                {"examples": EXAMPLES, "seed": SEED, **COUNTS, "slowest_s": round(SLOWEST[0], 3)},
                indent=1,
            )
            + "\n"
        )


def check_team_file(data: bytes) -> None:
    """One fuzzed file: refused with a ``TrfError``, or read, written back, paired."""
    started = time.perf_counter()
    try:
        _check(data)
    finally:
        SLOWEST[0] = max(SLOWEST[0], time.perf_counter() - started)


def _check(data: bytes) -> None:
    try:
        event = parse_team_trf(_decode(data), source="fuzz.trf")
    except TrfError as exc:
        assert exc.exit_code == 2
        assert len(str(exc)) < 1000, "a message repeats a huge field"
        COUNTS["refused"] += 1
        COUNTS["refused at a line" if exc.line is not None else "refused (whole file)"] += 1
        return
    COUNTS["parsed"] += 1
    text = format_team_trf(event)
    back = parse_team_trf(text, source="written")
    assert _same_event(back, event)
    COUNTS["written and read back"] += 1
    if STORAGE:
        _through_storage(event)
    t = event.tournament
    done = t.rounds_with_pairings
    if t.total_rounds and done >= t.total_rounds:
        COUNTS["complete"] += 1
        return
    try:
        pair_round(t, done + 1, "team")
    except SwissdeskError:
        COUNTS["next round refused with a message"] += 1
        return
    COUNTS["next round paired"] += 1


def _through_storage(event: TeamEvent) -> None:
    """Import into a tournament file and pair its next round there, as the command line's
    ``import`` and ``next-round`` do."""
    from swissdesk.storage import TournamentFile

    with (
        tempfile.TemporaryDirectory(prefix="swissdesk-fuzz-") as folder,
        TournamentFile.from_team_event(Path(folder) / "t.swissdesk", event) as tf,
    ):
        COUNTS["imported"] += 1
        t = tf.snapshot()
        if t.total_rounds and t.rounds_with_pairings >= t.total_rounds:
            return
        try:
            tf.pair_next_round()
        except SwissdeskError:
            COUNTS["stored next round refused with a message"] += 1
            return
        COUNTS["stored next round paired"] += 1


@seed(SEED)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(mutated())
def test_fuzzed_team_files_are_read_or_refused_and_read_ones_round_trip_and_pair(
    data: bytes,
) -> None:
    check_team_file(data)


def test_the_team_fuzz_seeds_are_valid_files() -> None:
    """Mutations start from files the reader accepts (else the fuzz tests only refusals)."""
    for data in SEEDS:
        check_team_file(data)
