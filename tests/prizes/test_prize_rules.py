"""The prize list's rules, each pinned by a worked example (issue 36).

Amounts are whole currency units (the plan's default ``decimals = 0``); every share is a
multiple of the paying unit (``round_to``, 1 by default) and the shares of a tie group add
up to the money of the places it occupies (:func:`swissdesk.prizes.money.round_shares`).
"""

from __future__ import annotations

import datetime as dt
import itertools
from fractions import Fraction

import pytest

from swissdesk.errors import InputError
from swissdesk.prizes import (
    Category,
    Choice,
    Entrant,
    Placed,
    Prize,
    PrizePlan,
    PrizeRules,
    Sharing,
    Unrated,
    compute_prizes,
    dumps,
    equal_shares,
    hort_shares,
    loads,
    members,
    round_shares,
)
from swissdesk.prizes.categories import AgeCount, in_age_group

DAY = dt.date(2026, 7, 10)


def standings(*rows: tuple[str, float]) -> list[Placed]:
    """Players in standings order, ``(name, points)``; each its own rank (the tie-breaks
    separated them) unless the name ends with ``=`` (equal to the one before)."""
    out: list[Placed] = []
    for n, (name, points) in enumerate(rows, start=1):
        rank = out[-1].rank if name.endswith("=") and out else n
        out.append(Placed(tpn=n, name=name.rstrip("="), rank=rank, points=int(points * 2)))
    return out


def people(placed: list[Placed], **fields: dict[int, object]) -> dict[int, Entrant]:
    out = {}
    for p in placed:
        kwargs = {k: v[p.tpn] for k, v in fields.items() if p.tpn in v}
        out[p.tpn] = Entrant(tpn=p.tpn, name=p.name, **kwargs)  # type: ignore[arg-type]
    return out


def places(*amounts: int, category: str = "") -> tuple[Prize, ...]:
    return tuple(Prize(place=i, category=category, amount=a) for i, a in enumerate(amounts, 1))


def paid(plan: PrizePlan, placed: list[Placed], entrants: dict[int, Entrant] | None = None
         ) -> dict[str, int]:  # fmt: skip
    result = compute_prizes(plan, placed, entrants or people(placed), DAY)
    out: dict[str, int] = {}
    for a in result.awards:
        if a.tpn is not None:
            out[a.name] = out.get(a.name, 0) + a.amount
    assert sum(out.values()) + result.kept == plan.fund
    return out


# --- The Hort system ----------------------------------------------------------------------

HORT_EXAMPLE = standings(("A", 8), ("B", 8), ("C", 7.5), ("D", 7), ("E", 7), ("F", 7), ("G", 6))
"""The worked example of the German Wikipedia article "Hort-System": prizes 100, 80, 60,
40, 20, 10 EUR; A and B tied on 8 points, C alone on 7.5, D, E, F tied on 7."""


def test_hort_system_wikipedia_example() -> None:
    """Each keeps 50 % of their own place's prize, the other 50 % of the tied places goes
    into a pot shared equally: A 50 + 45 = 95, B 40 + 45 = 85, C 60 (no tie). For D, E, F
    the pot is 35 (11 2/3 each): the article pays 32, 22, 17, each share rounded up, which
    adds up to 71 of the 70 EUR of places 4-6. swissdesk rounds to the largest remainder:
    31 2/3, 21 2/3, 16 2/3 become 32, 22, 16 (the remainders are equal, so the units left
    go to the better-placed), and the three shares add up to 70."""
    plan = PrizePlan(prizes=places(100, 80, 60, 40, 20, 10), rules=PrizeRules(sharing=Sharing.HORT))
    assert paid(plan, HORT_EXAMPLE) == {"A": 95, "B": 85, "C": 60, "D": 32, "E": 22, "F": 16}


def test_hort_percent_is_the_events_setting() -> None:
    """hort_percent = 100 is equal sharing; 0 is the tie-breaks alone."""
    for percent, expected in ((100, (90, 90)), (0, (100, 80))):
        plan = PrizePlan(
            prizes=places(100, 80), rules=PrizeRules(sharing=Sharing.HORT, hort_percent=percent)
        )
        got = paid(plan, HORT_EXAMPLE[:3])
        assert (got["A"], got["B"]) == expected


def test_hort_shares_sum_to_the_tied_places_money() -> None:
    for own in ([100, 80], [40, 20, 10], [7, 0, 0], [999, 1, 0, 0], [5, 5, 5]):
        for percent in (0, 25, 50, 75, 100):
            for unit in (1, 5):
                scaled = [a * unit for a in own]
                shares = hort_shares(scaled, percent, unit)
                assert sum(shares) == sum(scaled)
                assert all(s % unit == 0 for s in shares)


# --- Equal sharing ------------------------------------------------------------------------


def test_equal_sharing_adds_the_tied_places_and_divides() -> None:
    """Three players tied for first share the 1st, 2nd and 3rd prizes (25 + 15 + 8 = 48):
    16 each; the 4th prize goes to the next player."""
    plan = PrizePlan(prizes=places(25, 15, 8, 5))
    placed = standings(("A", 5), ("B", 5), ("C", 5), ("D", 4), ("E", 3))
    assert paid(plan, placed) == {"A": 16, "B": 16, "C": 16, "D": 5}


def test_equal_sharing_rounds_to_the_largest_remainder_and_sums_to_the_fund() -> None:
    """100 EUR among three: 33 1/3 each; the one unit left goes to the best-placed (34,
    33, 33). Paid in 5 EUR notes (round_to = 5): 35, 35, 30."""
    placed = standings(("A", 5), ("B", 5), ("C", 5))
    plan = PrizePlan(prizes=places(60, 30, 10))
    assert paid(plan, placed) == {"A": 34, "B": 33, "C": 33}
    notes = PrizePlan(prizes=places(60, 30, 10), rules=PrizeRules(round_to=5))
    assert paid(notes, placed) == {"A": 35, "B": 35, "C": 30}


def test_round_shares_always_sums_to_the_pool() -> None:
    """Every pool of 0..200 units shared by 1..7 players, paying unit 1, 2 or 5: the shares
    add up to the pool, each within one paying unit of its exact value."""
    for pool, count, unit in itertools.product(range(0, 201), range(1, 8), (1, 2, 5)):
        money = pool * unit
        shares = equal_shares(money, count, unit)
        assert sum(shares) == money
        assert max(shares) - min(shares) <= unit
        assert all(abs(Fraction(s) - Fraction(money, count)) < unit for s in shares)


def test_round_shares_refuses_a_pool_off_the_paying_unit() -> None:
    with pytest.raises(ValueError):
        round_shares([Fraction(7, 2), Fraction(7, 2)], 5)


def test_tie_across_the_prize_boundary_shares_the_last_prize() -> None:
    """Three prizes, players 3 and 4 tied on points: the 3rd prize (30) is the money of
    the places they occupy (3rd and 4th, which has none): 15 each."""
    placed = standings(("A", 6), ("B", 5), ("C", 4), ("D", 4), ("E", 3))
    plan = PrizePlan(prizes=places(100, 50, 30))
    result = compute_prizes(plan, placed, people(placed), DAY)
    assert paid(plan, placed) == {"A": 100, "B": 50, "C": 15, "D": 15}
    share = next(a for a in result.awards if a.name == "D")
    assert share.prize_index is None and share.label == "share of 3rd place"
    assert "tied on 4 points for places 3-4" in share.reason


def test_not_shared_the_tie_breaks_decide() -> None:
    """sharing = "none": tied on points, the tie-breaks' order gives each place its own
    prize; only players equal after every tie-break (same rank) share."""
    plan = PrizePlan(prizes=places(100, 50, 30), rules=PrizeRules(sharing=Sharing.NONE))
    placed = standings(("A", 6), ("B", 6), ("C", 4), ("D=", 4))
    assert paid(plan, placed) == {"A": 100, "B": 50, "C": 15, "D": 15}


def test_items_are_never_shared() -> None:
    """A trophy goes to the player the tie-breaks put on its place; the money is shared."""
    prizes = (Prize(1, amount=100, item="Cup"), Prize(2, amount=50))
    placed = standings(("A", 6), ("B", 6))
    result = compute_prizes(PrizePlan(prizes=prizes), placed, people(placed), DAY)
    got = {a.name: (a.amount, a.item) for a in result.awards}
    assert got == {"A": (75, "Cup"), "B": (75, "")}


# --- One prize per player -----------------------------------------------------------------

U1800 = Category("U1800", rating_below=1800)


def _rated(placed: list[Placed], ratings: dict[int, int]) -> dict[int, Entrant]:
    return people(placed, ratings={t: {"tournament": r} for t, r in ratings.items()})


def test_one_prize_per_player_the_higher_value() -> None:
    """B is 2nd overall (60) and the best under 1800 (100): B takes the category prize,
    the 2nd place goes to C, and the U1800 2nd prize to D."""
    placed = standings(("A", 6), ("B", 5), ("C", 4.5), ("D", 4))
    entrants = _rated(placed, {1: 2100, 2: 1700, 3: 2000, 4: 1600})
    plan = PrizePlan(
        categories=(U1800,),
        prizes=(*places(200, 60), *places(100, 20, category="U1800")),
    )
    assert paid(plan, placed, entrants) == {"A": 200, "B": 100, "C": 60, "D": 20}
    result = compute_prizes(plan, placed, entrants, DAY)
    assert any("takes U1800 1st rather than a prize of the standings" in n for n in result.notes)


def test_one_prize_per_player_the_arbiters_order() -> None:
    """choose = "order": the plan lists the places first, so B keeps the 2nd place (60)
    though the U1800 1st prize is worth more; the U1800 prizes go to D and E."""
    placed = standings(("A", 6), ("B", 5), ("C", 4.5), ("D", 4), ("E", 3))
    entrants = _rated(placed, {1: 2100, 2: 1700, 3: 2000, 4: 1600, 5: 1500})
    plan = PrizePlan(
        categories=(U1800,),
        prizes=(*places(200, 60), *places(100, 20, category="U1800")),
        rules=PrizeRules(choose=Choice.ORDER),
    )
    assert paid(plan, placed, entrants) == {"A": 200, "B": 60, "D": 100, "E": 20}


def test_several_prizes_per_player_when_the_event_allows() -> None:
    placed = standings(("A", 6), ("B", 5))
    entrants = _rated(placed, {1: 1700, 2: 1600})
    plan = PrizePlan(
        categories=(U1800,),
        prizes=(*places(200,), *places(50, category="U1800")),
        rules=PrizeRules(one_per_player=False),
    )
    assert paid(plan, placed, entrants) == {"A": 250}


def test_a_category_winner_leaves_the_overall_tie() -> None:
    """C and D tied for the 3rd place; D takes the U1800 prize (worth more), so C alone
    occupies the 3rd place and takes its 30 whole."""
    placed = standings(("A", 6), ("B", 5), ("C", 4), ("D", 4))
    entrants = _rated(placed, {1: 2100, 2: 2000, 3: 1900, 4: 1700})
    plan = PrizePlan(categories=(U1800,), prizes=(*places(100, 50, 30), *places(40, category="U1800")))
    assert paid(plan, placed, entrants) == {"A": 100, "B": 50, "C": 30, "D": 40}


# --- Categories ---------------------------------------------------------------------------


def test_empty_category_prizes_are_not_awarded() -> None:
    """Nobody under 1800: the category's prizes stay with the organiser, listed so."""
    placed = standings(("A", 6), ("B", 5))
    entrants = _rated(placed, {1: 2100, 2: 2000})
    plan = PrizePlan(categories=(U1800,), prizes=(*places(100,), *places(40, 20, category="U1800")))
    result = compute_prizes(plan, placed, entrants, DAY)
    assert [(a.label, a.tpn, a.amount) for a in result.awards] == [
        ("1st place", 1, 100), ("U1800 1st", None, 0), ("U1800 2nd", None, 0),
    ]  # fmt: skip
    assert result.kept == 60
    assert any("U1800: no player in the category" in n for n in result.notes)


def test_category_with_fewer_players_than_prizes() -> None:
    """One player under 1800 for two prizes: the 1st is awarded, the 2nd is not."""
    placed = standings(("A", 6), ("B", 5), ("C", 4))
    entrants = _rated(placed, {1: 2100, 2: 2000, 3: 1500})
    plan = PrizePlan(categories=(U1800,), prizes=(*places(100,), *places(40, 20, category="U1800")))
    result = compute_prizes(plan, placed, entrants, DAY)
    assert [(a.label, a.tpn) for a in result.awards] == [
        ("1st place", 1), ("U1800 1st", 3), ("U1800 2nd", None),
    ]  # fmt: skip
    assert "not awarded: no player left in U1800" in result.awards[2].reason


def test_min_players_a_small_category_gives_no_prize() -> None:
    placed = standings(("A", 6), ("B", 5), ("C", 4))
    entrants = _rated(placed, {1: 2100, 2: 1700, 3: 1500})
    small = Category("U1800", rating_below=1800, min_players=3)
    plan = PrizePlan(categories=(small,), prizes=(*places(100,), *places(40, category="U1800")))
    result = compute_prizes(plan, placed, entrants, DAY)
    assert [a.tpn for a in result.awards] == [1, None]
    assert any("fewer than the 3 the plan asks for" in n for n in result.notes)


def test_category_standings_rank_within_the_category() -> None:
    placed = standings(("A", 6), ("B", 5), ("C", 4), ("D=", 4))
    entrants = _rated(placed, {1: 2100, 2: 1700, 3: 1600, 4: 1500})
    plan = PrizePlan(categories=(U1800,), prizes=places(10, category="U1800"))
    (cat,) = compute_prizes(plan, placed, entrants, DAY).categories
    assert [(r.label, r.placed.name) for r in cat.rows] == [("1", "B"), ("2-3", "C"), ("2-3", "D")]


def test_unrated_players_as_the_arbiter_sets() -> None:
    rated = Entrant(1, "R", ratings={"tournament": 1750})
    unrated = Entrant(2, "U")
    for rule, expected in (
        (Unrated.EXCLUDE, {1}), (Unrated.INCLUDE, {1, 2}), (Unrated.ONLY, {2}),
    ):  # fmt: skip
        cat = Category("c", rating_below=1800, unrated=rule)
        assert members(cat, (rated, unrated), DAY) == expected
    counted = Category("c", rating_below=1800, unrated=Unrated.COUNT_AS, unrated_as=1900)
    assert members(counted, (rated, unrated), DAY) == {1}


def test_fide_age_groups_count_by_the_year_of_the_event() -> None:
    """D.04.07 art. 6: U16 in 2026 means born in 2010 or later (even on 31 December 2010,
    already 16 on the event's first day is irrelevant); D.04.03: 50+ in 2026 means born
    in 1976 or earlier."""
    u16 = Category("U16", age_under=16)
    assert in_age_group(u16, "2010-12-31", DAY) is True
    assert in_age_group(u16, "2010-01-01", DAY) is True
    assert in_age_group(u16, "2009-12-31", DAY) is False
    senior = Category("50+", age_from=50)
    assert in_age_group(senior, "1976-12-31", DAY) is True
    assert in_age_group(senior, "1977-01-01", DAY) is False
    exact = Category("U16", age_under=16, age_count=AgeCount.FIRST_DAY)
    assert in_age_group(exact, "2010-07-10", DAY) is False
    assert in_age_group(exact, "2010-07-11", DAY) is True
    assert in_age_group(u16, "", DAY) is None


def test_withdrawn_players_when_the_rules_exclude_them() -> None:
    placed = standings(("A", 6), ("B", 5), ("C", 4))
    entrants = people(placed, withdrawn={1: True})
    plan = PrizePlan(prizes=places(100, 50), rules=PrizeRules(withdrawn_eligible=False))
    assert paid(plan, placed, entrants) == {"B": 100, "C": 50}


# --- The plan file ------------------------------------------------------------------------

HORT_PLAN = """
version = 1
[rules]
sharing = "hort"
hort_percent = 50
currency = "EUR"
decimals = 2
round_to = "0.50"

[[category]]
name = "U1800"
rating_below = 1800
unrated = "include"

[[category]]
name = "Women"
sex = "F"

[[prize]]
place = 1
amount = 500

[[prize]]
place = 2
amount = "250.50"

[[prize]]
category = "u1800"
place = 1
amount = 50
item = "Book"
item_value = 20
"""


def test_plan_file_round_trip() -> None:
    plan = loads(HORT_PLAN)
    assert plan.rules.sharing is Sharing.HORT and plan.rules.round_to == 50
    assert [p.amount for p in plan.prizes] == [50000, 25050, 5000]
    assert plan.prizes[2].category == "U1800"
    assert loads(dumps(plan)) == plan


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[prize]]\nplace = 1\namount = 12.5\n", "floating-point"),
        ("[[prize]]\nplace = 2\namount = 10\n", "places must be 1, 2, 3"),
        ("[[prize]]\ncategory = 'U8'\nplace = 1\namount = 10\n", "there is no category 'U8'"),
        ("[rules]\nsharing = 'half'\n", "sharing must be one of"),
        ("[rules]\nround_to = 5\n[[prize]]\nplace = 1\namount = 12\n", "not a multiple"),
        ("version = 2\n", "newer than this swissdesk reads"),
        ("[[prize]\n", "not a TOML file"),
    ],
)
def test_plan_file_errors_name_the_place(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        loads(text)


def test_one_prize_per_player_a_tied_player_shares_in_one_list_only() -> None:
    """B, C and D tied on 4 points. A takes the 1st place, C (under 1800, ahead of D) the
    U1800 prize, B the 2nd place. D, tied with both, is in line for a share of the 2nd
    place (50 between B and D: 25) and of the U1800 prize (60 between C and D: 30): D keeps
    the larger, and the 2nd place is shared again without D (B takes it whole)."""
    placed = standings(("A", 6), ("B", 4), ("C", 4), ("D", 4), ("E", 3))
    entrants = _rated(placed, {1: 2100, 2: 2000, 3: 1700, 4: 1750, 5: 2000})
    plan = PrizePlan(categories=(U1800,), prizes=(*places(100, 50), *places(60, category="U1800")))
    assert paid(plan, placed, entrants) == {"A": 100, "B": 50, "C": 30, "D": 30}
    result = compute_prizes(plan, placed, entrants, DAY)
    assert [a.label for a in result.awards if a.name == "D"] == ["share of U1800 1st"]
    assert any("D (TPN 4) takes a share of U1800 1st rather than a share of 2nd" in n
               for n in result.notes)  # fmt: skip
