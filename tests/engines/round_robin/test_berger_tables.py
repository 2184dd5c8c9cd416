"""The Berger tables (FIDE Handbook C.05, GRC Annex 1) for every size from 3 to 24 players,
single and double, against the printed annex and an independent construction."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from swissdesk.engines.base import Pair
from swissdesk.engines.round_robin import berger_round, berger_table, schedule
from swissdesk.model.round_robin import RoundRobinSettings

ANNEX = Path(__file__).with_name("berger_tables_annex1.txt")
SIZES = range(3, 25)


def printed_tables() -> dict[int, list[list[tuple[int, int]]]]:
    """The annex's tables as printed, keyed by the even size (4, 6, ... 16)."""
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    current: list[list[tuple[int, int]]] = []
    for line in ANNEX.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        header = re.match(r"(\d+) or (\d+) players:", line)
        if header:
            current = []
            tables[int(header[2])] = current
            continue
        body = line.split(":", 1)[1].strip().rstrip(".")
        current.append([tuple(int(x) for x in p.strip().split("-")) for p in body.split(",")])
    return tables


def berger_explained(size: int) -> list[list[tuple[int, int]]]:
    """A second construction, the one TEC's tie-break server documents ("Berger
    explained"): list the numbers 1..N-1 board by board (White before Black), pair the last
    with N (whose colour alternates, Black first), then pair from the end of the list."""
    rounds = [[(b, size + 1 - b) for b in range(1, size // 2 + 1)]]
    n_white = False
    for _ in range(2, size):
        listed = [x for pair in rounds[-1] for x in pair if x < size]
        first = listed.pop()
        current = [(first, size) if n_white else (size, first)]
        n_white = not n_white
        while listed:
            black, white = listed.pop(), listed.pop()
            current.append((white, black))
        rounds.append(current)
    return rounds


def as_tuples(pairs: tuple[Pair, ...]) -> list[tuple[int, int]]:
    return [(p.white, p.black) for p in pairs]


def test_annex_1_printed_tables_are_the_ones_swissdesk_pairs() -> None:
    printed = printed_tables()
    assert sorted(printed) == [4, 6, 8, 10, 12, 14, 16]
    for size, rounds in printed.items():
        assert [as_tuples(r) for r in berger_table(size)] == rounds, size
        assert [as_tuples(r) for r in berger_table(size - 1)] == rounds, size - 1


@pytest.mark.parametrize("players", SIZES)
def test_every_size_follows_the_berger_construction(players: int) -> None:
    size = players + players % 2
    assert [as_tuples(r) for r in berger_table(players)] == berger_explained(size)


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("cycles", [1, 2])
def test_everyone_meets_everyone_once_per_cycle(players: int, cycles: int) -> None:
    rounds = schedule(players, RoundRobinSettings(cycles))
    size = players + players % 2
    assert len(rounds) == (size - 1) * cycles
    met: dict[frozenset[int], list[int]] = {}
    byes: dict[int, int] = {}
    for step in rounds:
        seen = [t for p in step.pairs for t in (p.white, p.black)]
        if step.bye is not None:
            seen.append(step.bye)
            byes[step.bye] = byes.get(step.bye, 0) + 1
        assert sorted(seen) == list(range(1, players + 1)), step
        for p in step.pairs:
            met.setdefault(frozenset((p.white, p.black)), []).append(p.white)
    assert len(met) == players * (players - 1) // 2
    for whites in met.values():
        assert len(whites) == cycles
        if cycles == 2:
            assert whites[0] != whites[1], "the second cycle reverses the colours"
    if players % 2:  # GRC Annex 1: the highest number counts as a bye
        assert byes == dict.fromkeys(range(1, players + 1), cycles)
    else:
        assert not byes


def test_the_bye_is_the_game_against_the_highest_number() -> None:
    table = berger_round(8, 2)
    assert as_tuples(table) == [(8, 5), (6, 4), (7, 3), (1, 2)]
    step = schedule(7, RoundRobinSettings())[1]
    assert step.bye == 5 and as_tuples(step.pairs) == [(6, 4), (7, 3), (1, 2)]


@pytest.mark.parametrize("players", SIZES)
def test_double_round_robin_reverses_the_last_two_rounds_of_the_first_cycle(
    players: int,
) -> None:
    """GRC Annex 1: "For a double-round tournament it is recommended to reverse the order of
    the last two rounds of the first cycle" - and the second cycle reverses the colours."""
    per_cycle = players + players % 2 - 1
    swapped = schedule(players, RoundRobinSettings(2, swap_last_two=True))
    plain = schedule(players, RoundRobinSettings(2, swap_last_two=False))
    assert [s.table_round for s in plain] == [*range(1, per_cycle + 1)] * 2
    order = list(range(1, per_cycle + 1))
    order[-2:] = order[:-3:-1]
    assert [s.table_round for s in swapped] == [*order, *range(1, per_cycle + 1)]
    table = berger_table(players)
    for step in swapped:
        expected = table[step.table_round - 1]
        if step.cycle == 2:
            expected = tuple(Pair(p.black, p.white) for p in expected)
        real = tuple(p for p in expected if max(p.white, p.black) <= players)
        assert step.pairs == real


def colours_in_a_row(players: int, settings: RoundRobinSettings) -> int:
    """The longest run of one colour any player has."""
    longest = 0
    runs: dict[int, tuple[str, int]] = {}
    for step in schedule(players, settings):
        for pair in step.pairs:
            for tpn, colour in ((pair.white, "w"), (pair.black, "b")):
                last, length = runs.get(tpn, ("", 0))
                length = length + 1 if last == colour else 1
                runs[tpn] = (colour, length)
                longest = max(longest, length)
    return longest


@pytest.mark.parametrize("players", SIZES)
def test_reversing_the_last_two_rounds_avoids_three_colours_in_a_row(players: int) -> None:
    assert colours_in_a_row(players, RoundRobinSettings(2, swap_last_two=True)) <= 2
    if players % 2 == 0:  # the reason for the recommendation: nos. 1 and N/2 + 1
        assert colours_in_a_row(players, RoundRobinSettings(2, swap_last_two=False)) == 3


def test_a_single_cycle_is_never_reordered() -> None:
    assert [s.table_round for s in schedule(10, RoundRobinSettings(1))] == list(range(1, 10))
