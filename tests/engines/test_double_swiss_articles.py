"""Unit tests of the Double-Swiss system (C.04.5, 2026 text), named after the article."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from swissdesk.engines import get_engine
from swissdesk.engines.base import NoValidPairing, Pair
from swissdesk.engines.double_swiss import with_double_swiss_baku
from swissdesk.engines.double_swiss.engine import (
    RoundContext,
    identifier,
    pair_bracket,
    select_upfloaters,
)
from swissdesk.engines.double_swiss.state import DSPlayer, build_players
from swissdesk.model.tournament import Colour, Tournament
from swissdesk.trf.json_state import state_to_tournament

ENGINE = get_engine("double-swiss")


def state(players: dict[int, list[tuple[int, str, str]]], **extra: object) -> Tournament:
    """A Double-Swiss JSON state: ``{tpn: [(opponent, colour, result), ...]}`` by round."""
    data: dict[str, object] = {
        "system": "double-swiss",
        "rounds_total": 9,
        "players": [
            {
                "tpn": tpn,
                "history": [
                    {"round": r, "opponent": o, "colour": c, "result": res}
                    for r, (o, c, res) in enumerate(rounds, start=1)
                ],
            }
            for tpn, rounds in players.items()
        ],
    }
    data.update(extra)
    return state_to_tournament(data)


def context(
    specs: dict[int, tuple[int, bool]],
    met: list[tuple[int, int]] = (),  # type: ignore[assignment]
    *,
    last_round: bool = False,
) -> RoundContext:
    """Players ``{tpn: (score in half-points, floated in the previous round)}``, TPNs 1..n."""
    tpns = sorted(specs)
    n = len(tpns)
    opponents: dict[int, set[int]] = {t: set() for t in tpns}
    for a, b in met:
        opponents[a].add(b)
        opponents[b].add(a)
    players = {
        t: DSPlayer(t, s, s, frozenset(opponents[t]), False, 1, (), f, True)
        for t, (s, f) in specs.items()
    }
    ok = bytearray(b"\x01") * (n * n)
    for i, t in enumerate(tpns):
        ok[i * n + i] = 0
        for o in opponents[t]:
            j = tpns.index(o)
            ok[i * n + j] = 0
    return RoundContext(Tournament(()), 5, players, tpns, ok, last_round, False)


def upfloaters(ctx: RoundContext) -> list[int]:
    top = max(p.pairing_score for p in ctx.players.values())
    residents = [i for i, t in enumerate(ctx.tpns) if ctx.players[t].pairing_score == top]
    lower = [i for i in range(ctx.n) if i not in residents]
    fast = [ctx.tpns[i] for i in select_upfloaters(ctx, residents, lower)]
    ctx.force_weighted = True
    weighted = [ctx.tpns[i] for i in select_upfloaters(ctx, residents, lower)]
    assert fast == weighted
    return fast


# ------------------------------------------------------------------ preface, art. 1


def test_preface_scores_are_the_sum_of_game_points_and_art_1_4_pab_is_a_win_and_a_draw() -> None:
    t = state({1: [(2, "w", "1=")], 2: [(1, "b", "0=")], 3: [(0, "-", "PAB")]})
    players = build_players(t, 2)
    assert [players[k].score for k in (1, 2, 3)] == [3, 1, 3]


def test_preface_single_game_forfeit_is_a_played_match_that_cannot_be_repeated() -> None:
    t = state({1: [(2, "w", "+=")], 2: [(1, "b", "-=")]})
    players = build_players(t, 2)
    assert players[1].opponents == {2}
    assert players[1].colours == (Colour.WHITE,)
    with pytest.raises(NoValidPairing):
        ENGINE.pair(t)


def test_preface_match_ended_by_forfeit_may_be_repeated_and_gives_no_colour() -> None:
    t = state({1: [(2, "w", "++")], 2: [(1, "b", "--")]})
    players = build_players(t, 2)
    assert players[1].opponents == frozenset() and players[1].colours == ()
    assert players[1].played_matches == 0
    assert ENGINE.pair(t).pairs == (Pair(1, 2),)


def test_c2_a_match_won_by_forfeit_blocks_the_pab_a_double_forfeit_does_not() -> None:
    points = {"forfeit_win": 0}
    won = state({1: [(2, "w", "--")], 2: [(1, "b", "++")], 3: [(0, "-", "PAB")]}, points=points)
    # 1 and 2 have 0 points and no played match; 2 (larger TPN) won by forfeit: 1.
    assert ENGINE.pair(won).bye == 1
    double = state({1: [(2, "w", "--")], 2: [(1, "b", "--")], 3: [(0, "-", "PAB")]})
    assert ENGINE.pair(double).bye == 2
    # A half-point bye does not block (D-C2-FPB), a full-point bye does (here worth 0).
    others = {2: [(3, "w", "11")], 3: [(2, "b", "11")], 4: [(5, "w", "11")], 5: [(4, "b", "11")]}
    assert ENGINE.pair(state({1: [(0, "-", "HPB")], **others})).bye == 1
    fpb = state({1: [(0, "-", "FPB")], **others}, points={"fpb": 0})
    assert ENGINE.pair(fpb).bye == 5


# ------------------------------------------------------------------ art. 3.4


def test_art_3_4_pab_lowest_score_then_most_matches_then_largest_tpn() -> None:
    t = state(
        {
            1: [(2, "w", "11")],
            2: [(1, "b", "00")],
            3: [(4, "w", "00")],
            4: [(3, "b", "11")],
            5: [(0, "-", "ZPB")],
        }
    )
    # 2, 3 and 5 have 0 points; 2 and 3 played a match, 5 did not: 3 (largest TPN of those).
    assert ENGINE.pair(t).bye == 3


def test_art_3_4_1_pab_leaves_a_legal_pairing_for_all_players() -> None:
    t = state(
        {
            1: [(2, "w", "11")],
            2: [(1, "b", "11")],
            3: [(0, "-", "ZPB")],
        }
    )
    # 3 (lowest score) cannot take it: 1 and 2 have met. 1 and 2 have equal scores and
    # matches: the larger TPN, 2.
    assert ENGINE.pair(t).bye == 2


# ------------------------------------------------------------------ art. 3.5


def test_art_3_5_4_example_upfloater_set_order() -> None:
    """The text's example: 2, 6, 8 have 3 points, 1, 3, 5 have 2.5; three upfloaters are
    needed, two of 3 points: {2,6,1} is the first set."""
    specs = {4: (8, False), 7: (8, False), 9: (8, False)}
    specs |= {t: (6, False) for t in (2, 6, 8)} | {t: (5, False) for t in (1, 3, 5)}
    specs |= {10: (0, False)}
    met = [(4, 7), (4, 9), (7, 9), (9, 2), (9, 6), (9, 8)]
    assert upfloaters(context(specs, met)) == [2, 6, 1]
    # If 4 and 7 have both met 6, no set holding 6 can be paired: {2,8,1} comes next.
    assert upfloaters(context(specs, [*met, (4, 6), (7, 6)])) == [2, 8, 1]


def test_c4_fewest_upfloaters_c5_highest_scores() -> None:
    specs = {1: (8, False), 2: (8, False), 3: (6, False), 4: (6, False), 5: (4, False)}
    specs |= {6: (4, False)}
    assert upfloaters(context(specs)) == []
    assert upfloaters(context(specs, [(1, 2)])) == [3, 4]
    # [C5]: 3 met 1 and 4 met 2: one of each is still possible; with 3 unable to meet
    # either, the 2-point players take its place.
    assert upfloaters(context(specs, [(1, 2), (3, 1), (3, 2)])) == [4, 5]


def test_c6_the_following_scoregroup_needs_the_fewest_upfloaters() -> None:
    specs = {1: (8, False), 2: (6, False), 3: (6, False), 4: (6, False)}
    specs |= {t: (4, False) for t in (5, 6, 7, 8)}
    # Upfloater 2 would leave 3 and 4, who have met, needing two upfloaters: 3 is chosen.
    assert upfloaters(context(specs, [(3, 4)])) == [3]
    assert upfloaters(context(specs)) == [2]


def test_c7_fewest_previous_floaters_except_in_the_last_round() -> None:
    specs = {1: (8, False), 2: (6, True), 3: (6, False), 4: (4, False)}
    assert upfloaters(context(specs)) == [3]
    assert upfloaters(context(specs, last_round=True)) == [2]


# ------------------------------------------------------------------ art. 3.6


def test_art_3_6_2_identifier_example() -> None:
    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def _bracket_pairs(ctx: RoundContext, ups: list[int] = ()) -> list[tuple[int, int]]:  # type: ignore[assignment]
    bracket = list(range(ctx.n))
    idx = [ctx.tpns.index(u) for u in ups]
    return sorted((ctx.tpns[a], ctx.tpns[b]) for a, b in pair_bracket(ctx, bracket, idx))


def test_art_3_6_4_c8_upfloater_meets_no_previous_floater_except_in_the_last_round() -> None:
    specs = {1: (8, True), 2: (8, True), 3: (8, False), 4: (6, False)}
    # Without [C8] the first identifier is 1-3 2-4; 2 floated, so 1-2 3-4.
    assert _bracket_pairs(context(specs), [4]) == [(1, 2), (3, 4)]
    assert _bracket_pairs(context(specs, last_round=True), [4]) == [(1, 3), (2, 4)]


def _first_by_enumeration(n: int, legal: set[tuple[int, int]]) -> list[tuple[int, int]] | None:
    best: tuple[int, ...] | None = None
    found: list[tuple[int, int]] | None = None

    def walk(rest: list[int], acc: list[tuple[int, int]]) -> None:
        nonlocal best, found
        if not rest:
            ident = identifier(acc)
            if best is None or ident < best:
                best, found = ident, sorted(acc)
            return
        a = rest[0]
        for b in rest[1:]:
            if (a, b) in legal:
                walk([x for x in rest if x not in (a, b)], [*acc, (a, b)])

    walk(list(range(1, n + 1)), [])
    return found


def test_art_3_6_3_first_identifier_equals_enumeration_on_random_brackets() -> None:
    rng = random.Random(15)
    for _ in range(150):
        n = rng.choice([2, 4, 6, 8, 10])
        met = [(a, b) for a, b in itertools.combinations(range(1, n + 1), 2) if rng.random() < 0.35]
        legal = {p for p in itertools.combinations(range(1, n + 1), 2)} - set(met)
        expected = _first_by_enumeration(n, legal)
        if expected is None:
            continue
        ctx = context({t: (0, False) for t in range(1, n + 1)}, met)
        assert _bracket_pairs(ctx) == expected


# ------------------------------------------------------------------ art. 4


def _only_pair(t: Tournament, round_number: int | None = None) -> Pair:
    (pair,) = ENGINE.pair(t, round_number).pairs
    return pair


def test_art_4_3_1_first_match_by_lot_and_hrp_parity() -> None:
    assert _only_pair(state({1: [], 2: []})) == Pair(1, 2)
    assert _only_pair(state({1: [], 2: []}, initial_colour="black")) == Pair(2, 1)
    # HRP 2 (a full-point bye, still no match played) has an even TPN: the other colour.
    t = state({2: [(0, "-", "FPB")], 3: [(0, "-", "ZPB")]}, round=2)
    assert _only_pair(t, 2) == Pair(3, 2)


def test_art_4_3_2_white_to_the_player_with_fewer_whites() -> None:
    t = state({1: [(8, "w", "11")], 2: [(9, "b", "11")], 8: [(1, "b", "00")], 9: [(2, "w", "00")]})
    assert Pair(2, 1) in ENGINE.pair(t).pairs


def test_art_4_3_3_latest_difference_counting_played_matches_only() -> None:
    # 1: W then B; 2: B then (forfeited match) then W. Whites equal; aligned on the latest
    # played match (C.04.2 art. 3.4), the latest difference is 1 B / 2 W: 1 gets White.
    t = state(
        {
            1: [(5, "w", "11"), (6, "b", "11"), (0, "-", "ZPB")],
            2: [(7, "b", "11"), (8, "w", "++"), (5, "w", "11")],
            5: [(1, "b", "00"), (0, "-", "ZPB"), (2, "b", "00")],
            6: [(0, "-", "ZPB"), (1, "w", "00"), (0, "-", "ZPB")],
            7: [(2, "w", "00"), (0, "-", "ZPB"), (0, "-", "ZPB")],
            8: [(0, "-", "ZPB"), (2, "b", "--"), (0, "-", "ZPB")],
        }
    )
    assert Pair(1, 2) in ENGINE.pair(t).pairs


def test_art_4_3_4_alternate_the_hrp_and_4_3_5_the_opponent() -> None:
    same = state(
        {1: [(3, "w", "11")], 2: [(4, "w", "1=")], 3: [(1, "b", "00")], 4: [(2, "b", "0=")]}
    )
    assert Pair(2, 1) in ENGINE.pair(same).pairs  # HRP 1 had White: Black now
    fresh = state({1: [(0, "-", "FPB")], 2: [(3, "b", "10")], 3: [(2, "w", "01")]})
    # HRP 1 never played; 2 had Black: 2 gets White (4.3.5), 3 takes the PAB.
    assert ENGINE.pair(fresh).pairs == (Pair(2, 1),)


# ------------------------------------------------------------------ C.04.7 and boards


def test_baku_acceleration_on_match_scores_pairs_group_a_apart_in_round_one() -> None:
    t = with_double_swiss_baku(state({k: [] for k in range(1, 9)}))
    assert t.acceleration_for(1, 1) == 4 and t.acceleration_for(5, 1) == 0
    assert ENGINE.pair(t).pairs == (Pair(1, 3), Pair(4, 2), Pair(5, 7), Pair(8, 6))


def test_board_order_by_score_then_tpn() -> None:
    t = state({1: [(2, "w", "00")], 2: [(1, "b", "11")], 3: [(4, "w", "==")], 4: [(3, "b", "==")]})
    pairing = ENGINE.pair(replace(t, total_rounds=2))
    assert [{p.white, p.black} for p in pairing.pairs] == [{2, 3}, {1, 4}] or [
        {p.white, p.black} for p in pairing.pairs
    ] == [{2, 4}, {1, 3}]


# ------------------------------------------------------------------ art. 3.5 by enumeration


def _pairable(players: list[int], legal: set[frozenset[int]]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, b)) in legal and _pairable([x for x in rest if x != b], legal)
        for b in rest
    )


def _fewest_upfloaters(
    group: list[int], lower: list[int], legal: set[frozenset[int]]
) -> int | None:
    """[C4] literally: the smallest set size for which some set pairs with ``group`` and
    leaves ``lower`` pairable ([C1], [C3])."""
    for k in range(len(group) % 2, len(lower) + 1, 2):
        for ups in itertools.combinations(lower, k):
            rest = [x for x in lower if x not in ups]
            if _pairable(sorted(group + list(ups)), legal) and _pairable(rest, legal):
                return k
    return None


def _upfloaters_by_enumeration(ctx: RoundContext) -> list[int]:
    """Art. 3.5.2-3.5.5 read literally over all sets (D-C4 .. D-C6C7-CHOICE)."""
    score = {t: p.pairing_score for t, p in ctx.players.items()}
    floated = {t: p.floated_previous for t, p in ctx.players.items()}
    top = max(score.values())
    residents = [t for t in ctx.tpns if score[t] == top]
    lower = [t for t in ctx.tpns if score[t] != top]
    legal = {
        frozenset((a, b))
        for a, b in itertools.combinations(ctx.tpns, 2)
        if ctx.legal(ctx.tpns.index(a), ctx.tpns.index(b))
    }
    k = _fewest_upfloaters(residents, lower, legal)
    assert k is not None
    candidates = []
    for ups in itertools.combinations(lower, k):
        rest = [x for x in lower if x not in ups]
        if not (_pairable(sorted(residents + list(ups)), legal) and _pairable(rest, legal)):
            continue
        profile = tuple(sorted(score[u] for u in ups))
        following = [x for x in rest if score[x] == max(score[y] for y in lower)]
        below = [x for x in rest if x not in following]
        c6 = _fewest_upfloaters(following, below, legal) if following else 0
        c7 = 0 if ctx.last_round else sum(floated[u] for u in ups)
        order = tuple(sorted(ups, key=lambda u: (-score[u], u)))
        candidates.append(((tuple(-s for s in profile), c6, c7, order), list(order)))
    return min(candidates)[1]


def test_art_3_5_upfloater_choice_equals_enumeration_on_random_groups() -> None:
    rng = random.Random(35)
    checked = 0
    for _ in range(400):
        n = rng.choice([6, 8, 10])
        specs = {t: (rng.choice([2, 3, 4, 5, 6, 8]), rng.random() < 0.3) for t in range(1, n + 1)}
        met = [p for p in itertools.combinations(range(1, n + 1), 2) if rng.random() < 0.3]
        legal = {frozenset(p) for p in itertools.combinations(range(1, n + 1), 2)} - {
            frozenset(p) for p in met
        }
        if not _pairable(list(range(1, n + 1)), legal):
            continue
        ctx = context(specs, met, last_round=rng.random() < 0.2)
        assert upfloaters(ctx) == _upfloaters_by_enumeration(ctx), (specs, met)
        checked += 1
    assert checked > 150
