"""Unit tests of the Lim system (C.04.4.3, 2026 text), named after the article they pin."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from swissdesk.engines import get_engine
from swissdesk.engines.base import CriteriaViolation, NoValidPairing, Pair, RoundPairing
from swissdesk.engines.lim import LimEngine
from swissdesk.engines.lim.engine import (
    GroupRecord,
    LimOptions,
    LimRound,
    _stuck_fallback,
    _type_rank,
    allocate_colours,
    colour_scrutiny,
    exchange_order,
)
from swissdesk.engines.lim.verify import lim_problems, verify_lim
from swissdesk.model.tournament import Colour
from swissdesk.trf import parse_trf
from tests.engines.builders import tournament

ROUND_TWO = {
    1: ["5w1"],
    2: ["6b="],
    3: ["7w1"],
    4: ["8b1"],
    5: ["1b0"],
    6: ["2w="],
    7: ["3b0"],
    8: ["4w0"],
}
"""After round one: 1, 3, 4 on 1 point, 2 and 6 on ½ (the median), 5, 7, 8 on 0."""


def _exchange_sequence(ordered: list[int]) -> list[list[tuple[int, int]]]:
    """Every complete proposal of a group in the order of art. 4 (naive enumeration)."""
    if not ordered:
        return [[]]
    first = ordered[0]
    out = []
    for c in exchange_order(ordered):
        rest = [p for p in ordered if p not in (first, c)]
        out += [[(first, c), *tail] for tail in _exchange_sequence(rest)]
    return out


def _as_sets(pairing: list[tuple[int, int]]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(p) for p in pairing)


def _columns(*cols: str) -> list[frozenset[frozenset[int]]]:
    return [frozenset(frozenset(map(int, pair.split("v"))) for pair in col.split()) for col in cols]


def _text(pairing: RoundPairing) -> list[str]:
    return [line for line in pairing.to_text().split("\n")[1:] if line]


# --------------------------------------------------------------------------- art. 4


def test_art_4_2_exchanges_to_find_a_compatible_opponent_for_player_1() -> None:
    """The table of art. 4.2: #1 tries 4, 5, 6, 3, 2, the others re-proposed by art. 2.4."""
    assert exchange_order([1, 2, 3, 4, 5, 6]) == [4, 5, 6, 3, 2]
    sequence = _exchange_sequence([1, 2, 3, 4, 5, 6])
    first_per_opponent = []
    for pairing in sequence:
        if not first_per_opponent or pairing[0] != first_per_opponent[-1][0]:
            first_per_opponent.append(pairing)
    assert [_as_sets(p) for p in first_per_opponent] == _columns(
        "1v4 2v5 3v6", "1v5 2v4 3v6", "1v6 2v4 3v5", "1v3 2v5 4v6", "1v2 3v5 4v6"
    )


def test_art_4_3_exchanges_to_find_a_compatible_opponent_for_player_2() -> None:
    """The table of art. 4.3: with 1 v 6 kept, #2 tries 4, 5, 3; then #1 must change."""
    assert exchange_order([2, 3, 4, 5]) == [4, 5, 3]
    sequence = [_as_sets(p) for p in _exchange_sequence([1, 2, 3, 4, 5, 6])]
    columns = _columns("1v6 2v4 3v5", "1v6 2v5 3v4", "1v6 2v3 4v5", "1v3 2v6 4v5", "1v2 3v5 4v6")
    start = sequence.index(columns[0])
    assert sequence[start : start + 3] == columns[:3]
    positions = [sequence.index(col) for col in columns]
    assert positions == sorted(positions)


def test_art_4_4_player_2_has_no_opponent_leaving_player_1_one() -> None:
    """Art. 4.4: #1 and #2 met everybody but #6: 1 v 6 is kept and the group cannot be
    completed with 2 - no complete proposal pairs #2 while #1 keeps a compatible one."""
    met = {frozenset(p) for p in [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]}
    complete = [p for p in _exchange_sequence([1, 2, 3, 4, 5, 6]) if not _as_sets(p) & met]
    assert complete == []


def test_art_4_and_5_2_second_scrutiny_is_the_first_best_proposal_in_exchange_order() -> None:
    """Art. 4 + 5.2 (D-LIM-6): the fewest pairs due the same colour, then the first in
    the exchange order - the matching-based search against the naive enumeration."""
    rng = random.Random(14)
    checked = 0
    for _ in range(300):
        n = rng.choice([2, 4, 6, 8])
        players = list(range(1, n + 1))
        edges = {frozenset(p) for p in combinations(players, 2) if rng.random() < 0.7}
        due = {p: rng.choice("WB-") for p in players}

        def compatible(a: int, b: int, edges: set[frozenset[int]] = edges) -> bool:
            return frozenset((a, b)) in edges

        def same_due(a: int, b: int, due: dict[int, str] = due) -> bool:
            return due[a] != "-" and due[a] == due[b]

        candidates = [p for p in _exchange_sequence(players) if all(compatible(a, b) for a, b in p)]
        if not candidates:
            continue
        best = min(sum(same_due(a, b) for a, b in p) for p in candidates)
        want = next(p for p in candidates if sum(same_due(a, b) for a, b in p) == best)
        assert colour_scrutiny(players, compatible, same_due) == want
        checked += 1
    assert checked > 100


# ------------------------------------------------------------------- art. 7, 8


def test_art_7_2_round_one_forty_players_colours_by_lot() -> None:
    """Art. 7.2's own example: 1 v 21, 22 v 2, 3 v 23, ... 40 v 20 (White first)."""
    players = {tpn: [] for tpn in range(1, 41)}
    white = get_engine("lim").pair(tournament(players), 1)
    assert _text(white)[:4] == ["1 21", "22 2", "3 23", "24 4"]
    assert _text(white)[-1] == "40 20"
    black = get_engine("lim").pair(tournament(players, initial=Colour.BLACK), 1)
    assert _text(black)[:4] == ["21 1", "2 22", "23 3", "4 24"]
    assert _text(black)[-1] == "20 40"


def test_art_7_1_round_one_bye_to_the_lowest_rated_of_the_pairing_list() -> None:
    pairing = get_engine("lim").pair(tournament({tpn: [] for tpn in range(1, 8)}), 1)
    assert pairing.bye == 7
    assert _text(pairing) == ["1 4", "5 2", "3 6", "7 0"]


def test_art_8_3_round_two_top_group_then_bottom_group_then_the_median() -> None:
    """Art. 8.3 / 2.2: 1 point first, then 0 upward, the median (½) last, paired downward."""
    pairing = get_engine("lim").pair(tournament(ROUND_TWO), 2, explain=True)
    groups = [line for line in pairing.explanation if "scoregroup" in line]
    assert groups[0].startswith("scoregroup 1 (downward)")
    assert groups[1].startswith("scoregroup 0 (upward)")
    assert groups[2].startswith("median scoregroup 0.5 (downward)")
    assert _text(pairing) == ["4 1", "2 3", "5 6", "7 8"]


# ---------------------------------------------------------------- art. 2.3, 3


def test_art_3_2_2_and_3_2_4_parity_floater_equalises_the_due_colours() -> None:
    """Group {1, 3, 4} due B, B, W: floating 3 or 1 leaves the due colours equal (3.2.2),
    the lowest numbered of those floats downward (3.2.4): 3, not 4. Upward, group
    {5, 7, 8} due W, W, B: 7 or 5; the highest numbered floats upward: 5."""
    pairing = get_engine("lim").pair(tournament(ROUND_TWO), 2, explain=True)
    assert "  3 floats (art. 2.3.4)" in pairing.explanation
    assert "  5 floats (art. 2.3.4)" in pairing.explanation


def test_art_3_2_3_maxi_tournament_floats_the_lowest_numbered_beyond_100_points() -> None:
    """Maxi-tournaments: 3 is 160 points from 4 (the lowest numbered), so 4 floats."""
    t = tournament(ROUND_TWO, ratings={3: 2470, 4: 2310})
    assert _text(get_engine("lim").pair(t, 2))[0] == "4 1"
    maxi = LimEngine(maxi=True).pair(t, 2, explain=True)
    assert "  4 floats (art. 2.3.4)" in maxi.explanation
    assert _text(maxi)[0] == "3 1"


def test_art_3_9_floater_types_in_order_of_disadvantage() -> None:
    """Types a (came in, no opponent next door) > b > c > d (the least disadvantage)."""
    a, b, c, d = (
        _type_rank(True, False),
        _type_rank(True, True),
        _type_rank(False, False),
        _type_rank(False, True),
    )
    assert d < c < b < a


def test_art_3_8_incoming_floater_takes_a_resident_due_the_other_colour() -> None:
    """Median {2, 6} with 3 coming down (due Black): 2 is due White, so 3 meets 2; 5 coming
    up then meets 6."""
    pairing = get_engine("lim").pair(tournament(ROUND_TWO), 2, explain=True)
    assert "  pairs: 3-2, 5-6" in pairing.explanation


BLOCKED_MEDIAN = """\
012 lim-s555004-p05 before round 5
XXR 6
XXC white1
001    1      Player 1                          2483                             4.0    1     5 w 1     4 b 1     2 w 1     3 b 1
001    2      Player 2                          2478                             3.0    2     6 b 1     3 w 1     1 b 0     8 w 1
001    3      Player 3                          2442                             2.0    3     7 w 1     2 b 0     5 w 1     1 w 0
001    4      Player 4                          2336                             2.0    4     8 b 1     1 w 0     6 b 1  0000 - Z
001    5      Player 5                          2231                             1.5    5     1 b 0     8 w =     3 b 0     6 w 1
001    6      Player 6                          1940                             1.0    7     2 w 0     7 b 1     4 w 0     5 b 0
001    7      Player 7                          1367                             1.0    8     3 b 0     6 w 0     8 b 0  0000 - U
001    8      Player 8                          1325                             1.5    6     4 w 0     5 b =     7 w 1     2 b 0
"""
"""A reference case (shared corpus, seed 555004 round 5) whose median is blocked."""


def test_art_2_6_1_blocked_median_cracks_the_nearest_lower_pairing() -> None:
    """Median {3, 4} gets 1 and 2 from above, none from below: 1 met 3 and 4 (blocked).
    More floaters from above, so the pairing 7-5 of scoregroup 1½ is cracked (2.6.1)."""
    pairing = get_engine("lim").pair(parse_trf(BLOCKED_MEDIAN), explain=True)
    assert any(
        "pairing 7-5 of scoregroup 1.5 cracked (art. 2.6.1)" in line for line in pairing.explanation
    )
    assert _text(pairing) == ["1 7", "5 2", "4 3", "6 8"]


FLOAT_44 = """\
012 lim-s555015-p08 before round 8
XXR 9
XXC black1
001    1      Player 1                          2544                             5.0    1     7 b 1     4 w 1     2 b 1     6 w =     3 b 0  0000 - H     5 w 1
001    2      Player 2                          2443                             4.5    3     8 w 1     5 b 1     1 w 0     4 b 1  0000 - H     6 w 0     9 b 1
001    3      Player 3                          2382                             4.0    5     9 b 1     6 w 0     7 b 0     8 b 1     1 w 1     5 w =    10 b =
001    4      Player 4                          2337                             4.5    4    10 w 1     1 b 0    12 w 1     2 w 0     6 b =     9 b 1    11 w 1
001    5      Player 5                          2258                             4.0    6    11 b 1     2 w 0     6 b 1     7 w 1  0000 - H     3 b =     1 b 0
001    6      Player 6                          2226                             4.0    7    12 w 1     3 b 1     5 w 0     1 b =     4 w =     2 b 1     7 w 0
001    7      Player 7                          2090                             5.0    2     1 w 0    10 b 1     3 w 1     5 b 0     8 w 1    12 w 1     6 b 1
001    8      Player 8                          1866                             4.0    8     2 b 0    11 w 1     9 b 1     3 w 0     7 b 0    10 b 1    12 w 1
001    9      Player 9                          1627                             2.5    9     3 w 0    12 b =     8 w 0    10 b 1    11 b 1     4 w 0     2 w 0
001   10      Player 10                         1598                             1.0   12     4 b 0     7 w 0    11 b =     9 w 0    12 b 0     8 w 0     3 w =
001   11      Player 11                         1525                             1.5   11     5 w 0     8 b 0    10 w =    12 b 0     9 w 0  0000 - U     4 b 0
001   12      Player 12                         1465                             2.5   10     6 b 0     9 w =     4 b 0    11 w 1    10 w 1     7 b 0     8 b 0  0000 - Z
"""
"""A reference case (shared corpus, seed 555015 round 8): art. 4.4 in an even group."""


def test_art_4_4_2_even_group_floats_the_lowest_numbered_with_the_unpaired_player() -> None:
    """Scoregroup 4 (3, 5, 6, 8 with 1 and 4 from above): after the floaters' pairs 5 has
    no opponent left (4.4) and the group was even, so 6 floats with him (4.4.2)."""
    pairing = get_engine("lim").pair(parse_trf(FLOAT_44), explain=True)
    assert "  5 floats (art. 4.4)" in pairing.explanation
    assert "  6 floats (art. 4.4.2)" in pairing.explanation
    assert _text(pairing) == ["2 7", "8 1", "3 4", "5 9", "11 6", "10 0"]


# ------------------------------------------------------------------ art. 1, 6


def test_art_1_1_bye_to_the_lowest_ranked_of_the_lowest_group_who_may_have_it() -> None:
    """7 had the PAB in round one, so 5 (lowest group, next lowest ranked) gets it."""
    t = tournament(
        {1: ["4w1"], 2: ["5b1"], 3: ["6w="], 4: ["1b0"], 5: ["2w0"], 6: ["3b="], 7: ["U"]}
    )
    assert get_engine("lim").pair(t, 2).bye == 5


def test_edition_2003_art_8_2_a_requested_full_point_bye_does_not_block_the_pab() -> None:
    """2026 (C.04.1 art. 4): 5's full-point bye blocks the PAB, 4 had one, so 3 gets it.
    2003 handbook art. 8.2 bars only a previous Bye or a point won by default: 5 gets it."""
    t = tournament(
        {1: ["3w1", "2w1"], 2: ["4w1", "1b0"], 3: ["1b0", "5b1"], 4: ["2b0", "U"], 5: ["F", "3w0"]},
        total_rounds=4,
    )
    assert get_engine("lim").pair(t, 3).bye == 3
    assert LimEngine(edition="2003").pair(t, 3).bye == 5
    assert LimEngine(edition="1999").pair(t, 3).bye == 3


def test_unknown_edition_is_refused() -> None:
    with pytest.raises(ValueError, match="edition"):
        LimOptions(edition="1987")


LAST_ROUND = {1: ["3w1", "4w1"], 2: ["4w1", "3w1"], 3: ["1b0", "2b0"], 4: ["2b0", "1b0"]}
"""1 and 2: two Whites, 2 points; 3 and 4: two Blacks, 0 points; everybody else met."""


def test_art_6_last_round_same_score_players_meet_despite_the_colours() -> None:
    """Art. 6: in the last round equal scores meet even with a third same colour."""
    pairing = get_engine("lim").pair(tournament(LAST_ROUND, total_rounds=3), 3)
    assert {frozenset((p.white, p.black)) for p in pairing.pairs} == {
        frozenset((1, 2)),
        frozenset((3, 4)),
    }


def test_art_2_1_before_the_last_round_the_same_pairs_are_incompatible() -> None:
    with pytest.raises(NoValidPairing):
        get_engine("lim").pair(tournament(LAST_ROUND, total_rounds=5), 3)


# ------------------------------------------------------------------------ art. 5


def _colours(rounds: dict[int, list[str]], a: int, b: int, group: int) -> tuple[int, int]:
    t = tournament(rounds, total_rounds=9)
    rnd = LimRound(t, len(rounds[1]) + 1, LimOptions())
    return allocate_colours(rnd, a, b, group)


def test_art_5_3_same_colour_twice_gets_the_alternate() -> None:
    """1 had White twice and must get Black even though 2 is due Black too (5.3)."""
    rounds = {1: ["3w1", "4w1"], 2: ["3b1", "4w1"], 3: ["1b0", "2w0"], 4: ["2b0", "1b0"]}
    assert _colours(rounds, 1, 2, 4) == (2, 1)


def test_art_5_4_the_latest_differing_colour_decides() -> None:
    """Both due Black; going back, the last round where they differ: 1 had White, 2 Black,
    so 1 alternates to Black and 2 to White."""
    rounds = {
        1: ["5w1", "6b1", "7w="],
        2: ["6b1", "5b1", "8w="],
        5: ["1b0", "2w0", "U"],
        6: ["2w0", "1w0", "U"],
        7: ["U", "8b=", "1b="],
        8: ["U", "7w=", "2b="],
    }
    assert _colours(rounds, 1, 2, 5) == (2, 1)


def test_art_5_4_identical_histories_higher_ranked_at_the_median_lower_below() -> None:
    """Identical histories: the higher ranked gets the due colour at or above the median,
    the lower ranked below it."""
    rounds = {1: ["3w1"], 2: ["4w1"], 3: ["1b0"], 4: ["2b0"]}
    assert _colours(rounds, 1, 2, 2) == (2, 1)  # 1 (higher) gets Black, his due colour
    assert _colours(rounds, 1, 2, 0) == (1, 2)  # below the median: 2 gets Black


def test_art_5_two_players_without_a_game_higher_ranked_gets_the_drawn_colour() -> None:
    rounds = {1: ["U"], 2: ["Z"], 3: ["4w1"], 4: ["3b0"]}
    assert _colours(rounds, 2, 1, 0) == (1, 2)


# --------------------------------------------------- stuck median, verifier, Baku


def test_stuck_median_fallback_keeps_the_pairs_made_and_breaks_no_criterion() -> None:
    """Art. 2.6 with nothing left to crack: a complete compatible pairing that keeps as many
    of the procedure's pairs as possible (not a rule of the text; the explanation says so)."""
    t = tournament(ROUND_TWO)
    rnd = LimRound(t, 2, LimOptions())
    records = [GroupRecord(2, "down", [1, 3, 4], [], pairs=[(1, 4)])]
    pairs = _stuck_fallback(rnd, records, None)
    assert (1, 4, 2) in pairs
    assert len(pairs) == 4
    for a, b, _ in pairs:
        assert rnd.compatible(a, b)


def test_verifier_rejects_a_rematch_and_a_third_colour_in_a_row() -> None:
    t = tournament({1: ["3w1", "4w1"], 2: ["4b1", "3b1"], 3: ["1b0", "2w0"], 4: ["2w0", "1b0"]})
    rematch = RoundPairing(3, (Pair(2, 3), Pair(4, 1)))
    assert any("already played" in p for p in lim_problems(t, rematch))
    third_white = RoundPairing(3, (Pair(1, 2), Pair(3, 4)))
    with pytest.raises(CriteriaViolation, match="three times"):
        verify_lim(t, third_white)


def test_baku_virtual_points_form_the_lim_scoregroups() -> None:
    """C.04.7: group GA (1-8) gets a win's virtual points, so in round two its winners
    (1 + 1 virtual point) form the top scoregroup and its losers meet the other winners."""
    from swissdesk.engines.acceleration import with_baku_acceleration

    t = with_baku_acceleration(tournament({tpn: [] for tpn in range(1, 9)}, total_rounds=7))
    pairing = get_engine("lim").pair(t, 1)
    assert {frozenset((p.white, p.black)) for p in pairing.pairs} == {
        frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]
    }
    played = tournament(
        {
            1: ["5w1"],
            2: ["6b1"],
            3: ["7w1"],
            4: ["8b1"],
            5: ["1b0"],
            6: ["2w0"],
            7: ["3b0"],
            8: ["4w0"],
            9: ["13w1"],
            10: ["14b1"],
            11: ["15w1"],
            12: ["16b1"],
            13: ["9b0"],
            14: ["10w0"],
            15: ["11b0"],
            16: ["12w0"],
        },
        total_rounds=7,
    )
    accelerated = get_engine("lim").pair(with_baku_acceleration(played), 2, explain=True)
    assert "scoregroup 2 (downward): residents 1, 2, 3, 4" in accelerated.explanation
    assert "  pairs: 5-9, 6-10, 7-11, 8-12" in accelerated.explanation


def test_art_7_2_a_prohibited_pair_in_round_one_still_gives_a_legal_pairing() -> None:
    """Art. 7.2 has no rule for a pair the arbiter prohibited: a legal pairing keeping most
    of its pairs is given, and the explanation says so."""
    from dataclasses import replace

    t = replace(
        tournament({i: [] for i in range(1, 9)}), forbidden_pairs=frozenset({frozenset((1, 5))})
    )
    pairing = get_engine("lim").pair(t, 1, explain=True)
    pairs = {frozenset((p.white, p.black)) for p in pairing.pairs}
    assert frozenset((1, 5)) not in pairs
    assert {frozenset((3, 7)), frozenset((4, 8))} <= pairs
    assert any("prohibited pair" in line for line in pairing.explanation)


SIDE_EXHAUSTED = """\
012 swissdesk random tournament (seed 3)
XXR 9
XXC white1
001    1      Random0001, Player                2243                             5.5    2     9 w 1     7 b 1     3 w 0  0000 - H     2 w 0    12 b 1    14 w +     5 b 1
001    2      Random0002, Player                2008                             6.0    1    10 b 1     3 w 0     6 b 1     5 w 1     1 b 1     9 w 1     7 b 1     4 w -
001    3      Random0003, Player                2001                             5.0    4    11 w 1     2 b 1     1 b 1    12 w 1     9 w 1  0000 - Z  0000 - Z  0000 - Z  0000 - Z
001    4      Random0004, Player                1748                             3.5    8    12 b -  0000 - H     5 w 0     8 b 1    13 b +     7 w 0    13 w 1     2 b -
001    5      Random0005, Player                1737                             4.0    6  0000 - Z    10 w 1     4 b 1     2 b 0    12 w 1    14 b 0     9 b 1     1 w 0
001    6      Random0006, Player                1729                             3.0   10    13 w =    12 b 1     2 w 0     9 b 0    14 w 0    11 b -    11 b +    10 b =
001    7      Random0007, Player                1696                             3.5    7    14 b 1     1 w 0    12 b 0    10 w 1  0000 - H     4 b 1     2 w 0     9 b 0
001    8      Random0008, Player                1667                             1.5   14  0000 - Z    11 b -    11 b =     4 w 0  0000 - U    13 b 0  0000 - Z  0000 - Z  0000 - Z
001    9      Random0009, Player                1659                             4.0    5     1 b 0    13 b 1    14 w 1     6 w 1     3 b 0     2 b 0     5 w 0     7 w 1
001   10      Random0010, Player                1657                             3.0   11     2 w 0     5 b 0    13 w 1     7 b 0    11 b 0  0000 - U  0000 - H     6 w =
001   11      Random0011, Player                1647                             2.5   12     3 b 0     8 w -     8 w =    14 b =    10 w 1     6 w -     6 w -    12 b =
001   12      Random0012, Player                1582                             2.5   13     4 w +     6 w 0     7 w 1     3 b 0     5 b 0     1 w 0  0000 - Z    11 w =
001   13      Random0013, Player                1531                             2.5    9     6 b =     9 w 0    10 b 0  0000 - U     4 w -     8 w 1     4 b 0    14 w 0
001   14      Random0014, Player                1524                             4.5    3     7 w 0  0000 - U     9 b 0    11 w =     6 b 1     5 w 1     1 b -    13 b 1
"""
"""A generated round 9 where art. 2.6.2 asks for a higher pairing when none is left."""


def test_art_2_6_side_to_crack_exhausted_cracks_the_other_side_and_says_so() -> None:
    """Art. 2.6 cannot decide here (the reference reading gives up): the engine cracks the
    other side, says so, and the pairing breaks no absolute criterion."""
    t = parse_trf(SIDE_EXHAUSTED)
    pairing = get_engine("lim").pair(t, explain=True)
    assert any(
        "none is left: a lower one is cracked instead" in line for line in pairing.explanation
    )
    assert any("cracked for the median (art. 2.6.2)" in line for line in pairing.explanation)
    assert lim_problems(t, pairing) == []
    assert len(pairing.pairs) == 6


FOUR_FOUR_ONE = {
    1: ["6w1", "7b0", "8w1", "10b="],
    2: ["3w=", "4b=", "5b=", "6w1"],
    3: ["2b=", "5w=", "4w=", "7b1"],
    4: ["5w=", "2w=", "3b=", "8w1"],
    5: ["4b=", "3b=", "2w=", "9w1"],
    6: ["1b0", "9w=", "10b=", "2b0"],
    7: ["8w=", "1w1", "9b=", "3w0"],
    8: ["7b=", "10w=", "1b0", "4b0"],
    9: ["10w=", "6b=", "7w=", "5b0"],
    10: ["9b=", "8b=", "6w=", "1w="],
}
"""Scoregroup 2½ = 1-5 after a round robin of 2-5: only 1 can meet anybody in it."""


def test_art_4_4_1_the_parity_floater_comes_back_for_the_player_who_cannot_be_paired() -> None:
    """Odd group 1-5: 2 floats to make it even (type d, colours balanced; 4 and 5 have no
    compatible opponent next door, type c). 1 takes 4 (art. 4.2 order 4, 5, 3); 3 then has
    no opponent: he floats and 2 comes back (4.4.1); 2 has none either and, the group
    being even now, the lowest numbered 5 floats with him (4.4.2)."""
    pairing = get_engine("lim").pair(tournament(FOUR_FOUR_ONE, total_rounds=7), 5, explain=True)
    lines = list(pairing.explanation)
    start = lines.index("scoregroup 2.5 (downward): residents 1, 2, 3, 4, 5")
    assert lines[start + 1 : start + 9] == [
        "  2 floats (art. 2.3.4)",
        "  parity floater 2: keeps the most pairings (3.10.2), type d (3.9), floated last "
        "round (3.10), leaves 0 more players due one colour than the other (3.2.2), lowest "
        "numbered of those (3.2.4)",
        "  3 floats (art. 4.4)",
        "  2 comes back and 3 floats in his place (art. 4.4.1)",
        "  2 floats (art. 4.4)",
        "  5 floats (art. 4.4.2)",
        "  pairs: 1-4",
        "  floaters out: 3, 2, 5",
    ]
