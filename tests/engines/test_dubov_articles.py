"""Article-level tests of the Dubov engine (C.04.4.1, 2026), including the text's examples."""

from __future__ import annotations

from itertools import permutations, product

import pytest

from swissdesk.engines import CriteriaViolation, NoValidPairing, Pair, RoundPairing, get_engine
from swissdesk.engines.acceleration import with_baku_acceleration
from swissdesk.engines.dubov import verify_dubov
from swissdesk.engines.dubov.articles import (
    average_rating_of_opponents,
    max_t,
    may_meet,
    middle_first_order,
    precedes,
)
from swissdesk.engines.dubov.engine import _first_transposition, dubov_players, legality_matrix
from swissdesk.model.state import PreferenceStrength
from swissdesk.model.tournament import Colour
from tests.engines.builders import tournament


def pairs_of(t, **kw) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    r = get_engine("dubov").pair(t, **kw)
    out = [(p.white, p.black) for p in r.pairs]
    if r.bye is not None:
        out.append((r.bye, 0))
    return out


# ---------------------------------------------------------------- art. 1: definitions


@pytest.mark.parametrize(("rounds", "expected"), [(4, 2), (5, 3), (9, 3), (10, 4), (11, 4)])
def test_art_1_8_2_maxt_is_two_plus_rounds_divided_by_five_rounded_down(
    rounds: int, expected: int
) -> None:
    assert max_t(rounds) == expected


def test_art_1_7_1_aro_rounds_half_up_and_1_7_3_is_zero_without_games() -> None:
    assert average_rating_of_opponents([2000, 2001]) == 2001  # 2000.5 -> the higher
    assert average_rating_of_opponents([2000, 2000, 2001]) == 2000  # 2000.33
    assert average_rating_of_opponents([2000, 2001, 2001]) == 2001  # 2000.67
    assert average_rating_of_opponents([]) == 0


def test_art_1_7_1_aro_counts_over_the_board_games_only() -> None:
    # 1 beat 3 over the board, then won by forfeit against 2 (not a played game).
    t = tournament(
        {1: ["3w1", "2b+"], 2: ["4w1", "1w-"], 3: ["1b0", "4b1"], 4: ["2b0", "3w0"]},
        ratings={1: 2400, 2: 2000, 3: 1801, 4: 1700},
    )
    players = dubov_players(t, 3)
    assert players[1].aro == 1801
    assert players[4].aro == (2000 + 1801 + 1) // 2  # 1900.5 -> 1901


def test_art_1_6_4_player_without_games_has_a_mild_preference_for_black() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["Z"]})
    p = dubov_players(t, 2)[3]
    assert (p.preference, p.strength) == (Colour.BLACK, PreferenceStrength.MILD)


def test_art_1_6_1_same_colour_twice_is_an_absolute_preference() -> None:
    t = tournament({1: ["2w1", "3w1"], 2: ["1b0", "4b1"], 3: ["4w1", "1b0"], 4: ["3b0", "2w0"]})
    p = dubov_players(t, 3)
    assert (p[1].preference, p[1].strength) == (Colour.BLACK, PreferenceStrength.ABSOLUTE)
    assert (p[2].preference, p[2].strength) == (Colour.WHITE, PreferenceStrength.ABSOLUTE)
    assert (p[3].preference, p[3].strength) == (Colour.WHITE, PreferenceStrength.MILD)


def test_art_1_8_upfloat_count_from_played_games_against_higher_scores() -> None:
    # Round 2: 3 (0 points) met 1 (1 point): an upfloat for 3; 4 (1 point) won by forfeit
    # against 2 (0 points): not a played game, so no float (reading D-DUB-3).
    t = tournament(
        {1: ["2w1", "3w1"], 2: ["1b0", "4w-"], 3: ["4b0", "1b0"], 4: ["3w1", "2b+"]},
    )
    players = dubov_players(t, 3)
    assert (players[3].upfloats, players[3].upfloated_last_round) == (1, True)
    assert players[2].upfloats == 0
    t2 = tournament(
        {1: ["2w1", "4w1"], 2: ["1b0", "3w1"], 3: ["4b1", "2b0"], 4: ["3w0", "1b0"]},
    )
    players = dubov_players(t2, 3)
    assert (players[4].upfloats, players[4].upfloated_last_round) == (1, True)
    assert players[1].upfloats == 0


# ------------------------------------------------------------ art. 4: sorting criteria


def test_art_4_1_3_sets_are_ordered_by_their_smallest_differing_sequence_number() -> None:
    assert precedes([1, 2], [1, 3])
    assert precedes([1, 9], [2, 3])  # {#1, #P} before {#2, #3}
    assert not precedes([2, 3], [1, 9])
    assert not precedes([1, 2], [1, 2])


def test_art_4_3_3_example_seven_players_numbered_from_the_middle() -> None:
    """The text's example: A..G get #1..#7 as D, C, E, B, F, A, G."""
    assert middle_first_order(list("ABCDEFG")) == list("DCEBFAG")


def test_art_4_3_3_even_list_takes_the_higher_of_the_two_middle_players() -> None:
    assert middle_first_order(list("ABCDEF")) == list("CDBEAF")
    assert middle_first_order(["A"]) == ["A"]
    assert middle_first_order([]) == []


def test_art_4_4_2_note_transpositions_order_of_three_players() -> None:
    """The note's order {A,B,C} {A,C,B} {B,A,C} {B,C,A} {C,A,B} {C,B,A} is lexicographic."""
    assert ["".join(p) for p in permutations("ABC")] == ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]


def test_art_3_2_6_t2_is_the_first_legal_transposition_for_every_legality_pattern() -> None:
    """Against brute force: every 3x3 pattern of legal pairs (S1 = 0-2, G2 = 3-5)."""
    s1, g2 = [0, 1, 2], [3, 4, 5]
    for bits in product((0, 1), repeat=9):
        legal = [bytearray(6) for _ in range(6)]
        for k, bit in enumerate(bits):
            a, b = s1[k // 3], g2[k % 3]
            legal[a][b] = legal[b][a] = bit
        expected = next(
            (
                list(p)
                for p in permutations(g2)
                if all(legal[a][b] for a, b in zip(s1, p, strict=True))
            ),
            None,
        )
        assert _first_transposition(s1, g2, legal) == expected, bits


# -------------------------------------------------------------- art. 3: the procedure


def test_art_3_2_3_round_one_first_half_against_second_half_and_5_2_1_colours() -> None:
    """Nobody has played: G1 = TPN 1-3, G2 = 4-6; T2 in TPN order; 5.2.1: the higher ranked
    player with an odd TPN gets the initial colour."""
    t = tournament({i: [] for i in range(1, 7)})
    assert pairs_of(t) == [(1, 4), (5, 2), (3, 6)]


def test_art_5_1_initial_colour_black() -> None:
    t = tournament({i: [] for i in range(1, 5)}, initial=Colour.BLACK)
    assert pairs_of(t) == [(3, 1), (2, 4)]


def test_art_3_1_5_pab_to_the_largest_tpn_in_round_one() -> None:
    t = tournament({i: [] for i in range(1, 6)})
    assert pairs_of(t)[-1] == (5, 0)


def test_art_3_1_4_pab_to_the_player_with_more_games_played() -> None:
    # After round 1 (2 had a zero-point bye), 2, 4 and 5 have 0 points; 4 and 5 played a game,
    # 2 did not: the bye goes to 5 (more games, then the larger TPN).
    t = tournament({1: ["4w1"], 2: ["Z"], 3: ["5b1"], 4: ["1b0"], 5: ["3w0"]})
    assert pairs_of(t)[-1] == (5, 0)


def test_art_3_1_1_c2_no_second_pab() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["U"]})
    assert pairs_of(t)[-1] == (2, 0)


def test_art_3_2_5_s1_sorted_by_ascending_aro() -> None:
    """S1 follows the ARO, not the TPN: 2 (ARO 1500) comes before 1 (ARO 2300)."""
    # Round 1: 1 and 2 won with Black (White seekers now), 3 and 4 won with White.
    rounds = {
        1: ["5b1"],
        2: ["6b1"],
        5: ["1w0"],
        6: ["2w0"],
        3: ["7w1"],
        4: ["8w1"],
        7: ["3b0"],
        8: ["4b0"],
    }
    ratings = {1: 2400, 2: 2390, 3: 2380, 4: 2370, 5: 2300, 6: 1500, 7: 1900, 8: 1600}
    t = tournament(rounds, ratings=ratings)
    r = get_engine("dubov").pair(t, explain=True)
    # Bracket 1: G1 = {1, 2}, G2 = {3, 4}: S1 = [2, 1], T2 = [3, 4].
    assert any("S1 2, 1  T2 3, 4" in line for line in r.explanation)
    assert {(p.white, p.black) for p in r.pairs[:2]} == {(2, 3), (1, 4)}


def test_art_3_2_4_shift_when_one_subgroup_must_pair_inside() -> None:
    """Four winners seek White, none Black: two White seekers are shifted into G2."""
    rounds = {
        1: ["5b1"],
        2: ["6b1"],
        3: ["7b1"],
        4: ["8b1"],
        5: ["1w0"],
        6: ["2w0"],
        7: ["3w0"],
        8: ["4w0"],
    }
    t = tournament(rounds, ratings={i: 2500 - 10 * i for i in range(1, 9)})
    r = get_engine("dubov").pair(t, explain=True)
    text = "\n".join(r.explanation)
    # G1 = {1, 2, 3, 4} (ARO 2450, 2440, 2430, 2420): sorted 4, 3, 2, 1; the numbering from
    # the middle gives #1 = 3, #2 = 2: 3.2.4.2 shifts {3, 2} to G2 (G2 is empty).
    assert "G1 1, 2, 3, 4  G2 -" in text
    assert "shifted to equalise 3, 2" in text
    assert {frozenset((p.white, p.black)) for p in r.pairs[:2]} == {
        frozenset((4, 2)),
        frozenset((1, 3)),
    }


def _three_rounds() -> dict[int, list[str]]:
    # After round 2: 1 has 2 points alone; 2, 3, 4, 6 have 1; 5 has 0. 1 met 4 and 6, so the
    # upfloater comes from {2, 3} (both prefer White like 1, neither upfloated yet).
    return {
        1: ["4w1", "6b1"],
        2: ["5w1", "4b0"],
        3: ["6w0", "5b1"],
        4: ["1b0", "2w1"],
        5: ["2b0", "3w0"],
        6: ["3b1", "1w0"],
    }


def test_art_3_2_2_first_upfloater_set_in_art_4_2_order() -> None:
    """Equal quality: the first set by descending score, then ascending TPN (4.2.2): 2."""
    t = tournament(_three_rounds(), total_rounds=5)
    r = get_engine("dubov").pair(t, explain=True)
    assert {r.pairs[0].white, r.pairs[0].black} == {1, 2}
    assert any("upfloaters 2 " in line for line in r.explanation)


def test_art_3_2_2_c6_maximises_the_upfloater_scores() -> None:
    """3 (1.5 points) beats 2 (1 point) as 1's upfloater ([C6], 4.2.2: score first)."""
    rounds = _three_rounds()
    rounds[3] = ["6w=", "5b1"]
    rounds[6] = ["3b=", "1w0"]
    t = tournament(rounds, total_rounds=5)
    r = get_engine("dubov").pair(t)
    assert {r.pairs[0].white, r.pairs[0].black} == {1, 3}


def test_art_3_2_2_c8_avoids_a_maximum_upfloater(monkeypatch: pytest.MonkeyPatch) -> None:
    """If 2 were a maximum upfloater (art. 1.8), [C8] takes 3 instead; not in the last round."""
    from swissdesk.engines.dubov import engine as dubov_engine

    monkeypatch.setattr(dubov_engine, "is_maximum_upfloater", lambda p, rounds: p.tpn == 2)
    t = tournament(_three_rounds(), total_rounds=5)
    r = get_engine("dubov").pair(t)
    assert {r.pairs[0].white, r.pairs[0].black} == {1, 3}
    last = tournament(_three_rounds(), total_rounds=3)
    r = get_engine("dubov").pair(last)
    assert {r.pairs[0].white, r.pairs[0].black} == {1, 2}


def test_c1_no_rematch_and_no_valid_pairing_when_impossible() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"]})
    with pytest.raises(NoValidPairing):
        get_engine("dubov").pair(t)


def test_c3_no_topscorer_exception_in_the_verifier() -> None:
    """C.04.4.1 art. 2.1.3: two players with the same absolute preference never meet, even in
    the last round (the Dutch topscorer exception does not exist in Dubov)."""
    t = tournament(
        {1: ["3w1", "4w1"], 2: ["4w1", "3w1"], 3: ["1b0", "2b0"], 4: ["2b0", "1b0"]},
        total_rounds=3,
    )
    bad = RoundPairing(3, (Pair(1, 2), Pair(3, 4)))
    with pytest.raises(CriteriaViolation, match="C3"):
        verify_dubov(t, bad)


def test_c3_last_round_leaders_with_same_absolute_preference_are_not_paired() -> None:
    t = tournament(
        {1: ["3w1", "4w1"], 2: ["4w1", "3w1"], 3: ["1b0", "2b0"], 4: ["2b0", "1b0"]},
        total_rounds=3,
    )
    # 1-2 is illegal ([C3]) and 1-3, 1-4, 2-3, 2-4 were played: no pairing at all.
    with pytest.raises(NoValidPairing):
        get_engine("dubov").pair(t)


def test_explanation_names_every_bracket() -> None:
    t = tournament({i: [] for i in range(1, 8)})
    r = get_engine("dubov").pair(t, explain=True)
    text = "\n".join(r.explanation)
    assert "PAB 7" in text
    assert "Bracket 0: residents 1, 2, 3, 4, 5, 6" in text
    assert "G1 1, 2, 3  G2 4, 5, 6" in text


def test_c04_7_baku_virtual_points_enter_the_pairing_score() -> None:
    """C.04.7 art. 1: with 8 players GA = 1-4 get a virtual point in round 1, so 1-4 and
    5-8 form two brackets (instead of 1-5, 2-6, ...)."""
    t = with_baku_acceleration(tournament({i: [] for i in range(1, 9)}, total_rounds=5))
    got = {frozenset(p) for p in pairs_of(t)}
    assert got == {frozenset(p) for p in [(1, 3), (2, 4), (5, 7), (6, 8)]}


def test_art_2_1_legality_matrix_equals_may_meet_c1_c3_and_prohibited_pairs() -> None:
    """[C1] played opponents, [C3] same absolute preference, an arbiter-prohibited pair."""
    from dataclasses import replace

    t = tournament(
        {
            1: ["3w1", "4w1"],
            2: ["4w1", "3w="],
            3: ["1b0", "2b="],
            4: ["2b0", "1b0"],
            5: ["6w1", "Z"],
            6: ["5b0", "U"],
        }
    )
    t = replace(t, forbidden_pairs=frozenset({frozenset((5, 2))}))
    players = [p for p in dubov_players(t, 3).values()]
    legal = legality_matrix(players, t.forbidden_pairs)
    for i, a in enumerate(players):
        for j, b in enumerate(players):
            if i != j:
                assert bool(legal[i][j]) == may_meet(a, b, t.forbidden_pairs), (a.tpn, b.tpn)
    index = {p.tpn: i for i, p in enumerate(players)}
    assert not legal[index[1]][index[3]]  # [C1]
    assert not legal[index[2]][index[5]]  # prohibited
    assert not legal[index[3]][index[4]]  # [C3]: both had Black twice
    assert not legal[index[1]][index[2]]  # [C3]: both had White twice
    assert legal[index[1]][index[5]]
