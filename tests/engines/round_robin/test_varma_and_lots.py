"""Pairing numbers for a round robin: the draw by lot and the restricted draw of the Varma
tables (FIDE Handbook C.05, GRC Annex 2)."""

from __future__ import annotations

import random

import pytest

from swissdesk.engines.round_robin import berger_table
from swissdesk.engines.round_robin.lots import (
    VARMA,
    Entrant,
    draw_lots,
    restricted_draw,
    varma_sets,
)


def last_three_rounds_meetings(players: int) -> set[frozenset[int]]:
    table = berger_table(players)
    return {frozenset((p.white, p.black)) for r in table[-3:] for p in r}


ANNEX_EXCEPTIONS = {12: {frozenset((6, 12))}}
"""Pairs of one Varma set that do meet in the last three rounds of the Berger table: the
annex's set C for 11/12 players is (6, 8, 12), and 6-12 is a game of round 11. With 11
players 12 is the bye and no game is played."""


@pytest.mark.parametrize("size", sorted(VARMA))
def test_varma_sets_split_the_numbers_and_never_meet_in_the_last_three_rounds(size: int) -> None:
    """Annex 2: players of the same set do not meet in the last three rounds (the one pair
    the printed table lets meet is listed in ANNEX_EXCEPTIONS)."""
    sets = VARMA[size]
    assert sorted(n for s in sets for n in s) == list(range(1, size + 1))
    late = last_three_rounds_meetings(size)
    within = {
        frozenset((a, b)) for s in sets for a in s for b in s if a < b and frozenset((a, b)) in late
    }
    assert within == ANNEX_EXCEPTIONS.get(size, set())


def test_varma_sets_leave_out_the_bye_number_for_an_odd_field() -> None:
    assert varma_sets(19) == (
        (6, 7, 8, 9, 15, 16, 17, 18),
        (1, 2, 3, 11, 12, 13, 14),
        (5, 10, 19),
        (4,),
    )
    assert varma_sets(8) is None and varma_sets(25) is None


def entrants(federations: list[str]) -> list[Entrant]:
    return [Entrant(i, f"Player {i:02d}", fed) for i, fed in enumerate(federations, start=1)]


def test_a_draw_by_lot_is_reproduced_by_its_seed() -> None:
    field = entrants([""] * 12)
    first = draw_lots(field, 20261127)
    assert draw_lots(field, 20261127) == first
    assert sorted(first.numbers.values()) == list(range(1, 13))
    assert draw_lots(field, 20261128).numbers != first.numbers
    assert first.method == "lot" and first.seed == 20261127


FIELDS = [
    ["GER"] * 4 + ["NED"] * 3 + ["FRA"] * 2 + ["ESP", "ITA", "SUI"],
    ["IND"] * 5 + ["USA"] * 4 + ["CHN"] * 3 + ["NOR", "ENG", "AZE", "ARM", "UZB"],
    ["RUS"] * 2 + ["UKR"] * 2 + ["POL"] * 2 + ["HUN"] * 2 + ["CZE", "SVK", "AUT"],
    ["SRB"] * 6 + ["CRO"] * 5 + ["BIH"] * 3 + ["MNE"] * 2 + ["SLO", "MKD", "ALB", "GRE", "ROU"],
]


@pytest.mark.parametrize("federations", FIELDS, ids=lambda f: f"{len(f)}players")
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 99, 2026])
def test_restricted_draw_keeps_federations_apart_in_the_last_three_rounds(
    federations: list[str], seed: int
) -> None:
    field = entrants(federations)
    draw = restricted_draw(field, seed)
    assert draw.method == "varma" and not draw.warnings
    assert sorted(draw.numbers.values()) == list(range(1, len(field) + 1))
    late = last_three_rounds_meetings(len(field))
    fed_of_number = {draw.numbers[e.key]: e.federation for e in field}
    for pair in late:
        a, b = sorted(pair)
        if b > len(field) or pair in ANNEX_EXCEPTIONS.get(len(field), set()):
            continue  # the bye, or the annex's own exception
        assert fed_of_number[a] != fed_of_number[b], (a, b, fed_of_number[a])
    assert restricted_draw(field, seed) == draw


def test_restricted_draw_order_largest_federation_first_then_fide_code_then_names() -> None:
    field = [
        Entrant(1, "Zeta", "NED"),
        Entrant(2, "Alpha", "NED"),
        Entrant(3, "Mid", "GER"),
        Entrant(4, "Beta", "GER"),
        Entrant(5, "Solo", "ARM"),
        Entrant(6, "Other", ""),
        Entrant(7, "Gamma", "NED"),
        Entrant(8, "Kappa", "ESP"),
        Entrant(9, "Lambda", "ESP"),
        Entrant(10, "Omega", "FRA"),
    ]
    draw = restricted_draw(field, 7)
    told = [step.split(" (")[0] for step in draw.steps[1:]]
    assert told == ["NED", "ESP", "GER", "ARM", "FRA", "(no federation)"]
    assert draw.steps[1].split(": ", 2)[2].startswith("Alpha no.")


def test_a_federation_larger_than_every_set_is_drawn_with_a_warning() -> None:
    field = entrants(["GER"] * 6 + ["NED", "FRA", "ESP", "ITA"])
    draw = restricted_draw(field, 3)
    assert sorted(draw.numbers.values()) == list(range(1, 11))
    assert draw.warnings and "GER has 6 players" in draw.warnings[0]


def test_outside_the_varma_tables_the_numbers_are_drawn_by_lot_with_a_warning() -> None:
    draw = restricted_draw(entrants(["GER", "GER", "NED", "NED", "FRA", "FRA"]), 5)
    assert draw.method == "lot" and "9 to 24 players" in draw.warnings[0]


def test_restricted_draw_property_on_random_fields() -> None:
    """Whenever every federation fits in a set the draw keeps them all apart."""
    rng = random.Random(32)
    for _ in range(300):
        n = rng.randint(9, 24)
        sizes = sorted((len(s) for s in varma_sets(n) or ()), reverse=True)
        feds: list[str] = []
        for i, room in enumerate(sizes):
            feds += [f"F{i}"] * rng.randint(1, room)
        while len(feds) < n:
            feds.append(f"X{len(feds)}")
        feds = feds[:n]
        rng.shuffle(feds)
        field = entrants(feds)
        draw = restricted_draw(field, rng.randrange(10**9))
        if draw.warnings:
            continue
        fed_of = {draw.numbers[e.key]: e.federation for e in field}
        for pair in last_three_rounds_meetings(n):
            a, b = sorted(pair)
            if b <= n and pair not in ANNEX_EXCEPTIONS.get(n, set()):
                assert fed_of[a] != fed_of[b]
