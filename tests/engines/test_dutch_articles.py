"""Article-level tests of the Dutch engine on small hand-made tournaments (C.04.3, 2026)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.engines import CriteriaViolation, NoValidPairing, Pair, RoundPairing, get_engine
from swissdesk.engines.verify import absolute_criteria_problems, verify_absolute_criteria
from swissdesk.model.tournament import Colour
from swissdesk.trf import read_trf
from tests.engines.builders import tournament
from tests.engines.corpus_support import CORPUS


def pairs_of(t, **kw) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    r = get_engine("dutch").pair(t, **kw)
    out = [(p.white, p.black) for p in r.pairs]
    if r.bye is not None:
        out.append((r.bye, 0))
    return out


def test_art_3_2_round_one_top_half_meets_bottom_half_and_5_2_5_initial_colour() -> None:
    """Round 1: S1 = TPN 1-3 against S2 = 4-6 in order; odd TPNs of S1 get the initial colour."""
    t = tournament({i: [] for i in range(1, 7)})
    assert pairs_of(t) == [(1, 4), (5, 2), (3, 6)]


def test_art_5_1_initial_colour_black_swaps_round_one_colours() -> None:
    t = tournament({i: [] for i in range(1, 5)}, initial=Colour.BLACK)
    assert pairs_of(t) == [(3, 1), (2, 4)]


def test_c5_pab_goes_to_the_lowest_ranked_eligible_player_round_one() -> None:
    t = tournament({i: [] for i in range(1, 6)})
    result = pairs_of(t)
    assert result[-1] == (5, 0)


def test_c1_players_who_played_do_not_meet_again() -> None:
    # Round 1: 1-3 (1 won), 2-4 (2 won) -> winners 1, 2 meet; losers 3, 4 meet.
    t = tournament({1: ["3w1"], 2: ["4b1"], 3: ["1b0"], 4: ["2w0"]})
    assert sorted(tuple(sorted(p)) for p in pairs_of(t)) == [(1, 2), (3, 4)]
    # If the winners had already met, the pairing must avoid the rematch.
    t2 = tournament({1: ["2w1", "3w1"], 2: ["1b0", "4b1"], 3: ["4w1", "1b0"], 4: ["3b0", "2w0"]})
    got = {tuple(sorted(p)) for p in pairs_of(t2)}
    assert (1, 2) not in got and (3, 4) not in got


def test_c2_pab_never_twice() -> None:
    """Player 3 had the PAB in round 1: in round 2 it goes to someone else."""
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["U"]})
    result = pairs_of(t)
    assert (3, 0) not in result
    assert result[-1][1] == 0


def test_c3_non_topscorers_with_same_absolute_preference_do_not_meet() -> None:
    """1 and 2 both had White twice (absolute preference for Black): they may not meet."""
    t = tournament(
        {1: ["3w1", "4w1"], 2: ["4w1", "3w1"], 3: ["1b0", "2b0"], 4: ["2b0", "1b0"]},
        total_rounds=5,
    )
    with pytest.raises(NoValidPairing):
        get_engine("dutch").pair(t)


def test_c3_topscorers_exempt_in_the_final_round() -> None:
    """Art. 1.8: in the last round topscorers may meet despite equal absolute preferences."""
    rounds = {
        1: ["3w1", "5w1"],
        2: ["4w1", "6w1"],
        3: ["1b0", "4w="],
        4: ["2b0", "3b="],
        5: ["6b=", "1b0"],
        6: ["5w=", "2b0"],
    }
    got = {tuple(sorted(p)) for p in pairs_of(tournament(rounds, total_rounds=3))}
    assert got == {(1, 2), (3, 5), (4, 6)}
    # One round earlier they are not topscorers: 1 and 2 may not meet.
    got = {tuple(sorted(p)) for p in pairs_of(tournament(rounds, total_rounds=5))}
    assert (1, 2) not in got


def test_preset_requested_bye_is_not_paired() -> None:
    """C.04.2 art. 3.3: a player with a pre-set bye for the round is left out."""
    t = tournament({1: ["2w1", "H"], 2: ["1b0"], 3: ["4w1"], 4: ["3b0"]})
    result = pairs_of(t)
    assert all(1 not in pair for pair in result)
    assert len(result) == 2 and result[-1][1] == 0


def test_art_5_2_1_both_colour_preferences_granted() -> None:
    # 1 had White, 2 had Black: 1 prefers Black, 2 prefers White.
    t = tournament({1: ["3w1"], 2: ["4b1"], 3: ["1b0"], 4: ["2w0"]})
    assert pairs_of(t)[0] == (2, 1)


def test_c_04_2_art_3_6_board_order_by_scores_then_tpn() -> None:
    t = tournament({1: ["3w1"], 2: ["4b1"], 3: ["1b0"], 4: ["2w0"]})
    boards = pairs_of(t)
    assert {boards[0][0], boards[0][1]} == {1, 2}


def test_c9_pab_to_the_candidate_with_fewest_unplayed_games() -> None:
    """Two players on 0 points could take the PAB; the one who played more games gets it."""
    t = tournament(
        {
            1: ["4w1", "2b1"],
            2: ["5b1", "1w0"],
            3: ["Z", "5w1"],
            4: ["1b0", "Z"],
            5: ["2w0", "3b0"],
        },
        total_rounds=5,
    )
    result = pairs_of(t)
    assert result[-1] == (5, 0)


def _c9_last_bracket(unplayed: int) -> list[tuple[int, int]]:
    """Round 4 of seven players, four of them absent: 1 and 2 (2 points) come down to 3
    (1 point, had the PAB, so nobody of the last scoregroup may take it, [C2]).
    ``unplayed`` lost round 1 by forfeit; the other of 1 and 2 played every game."""
    x, y = unplayed, 3 - unplayed
    rounds = {
        x: ["4b-", "5w1", "6b1"],
        y: ["5w1", "6b0", "7w1"],
        3: ["U", "4w0", "5b0"],
        4: [f"{x}w+", "3b1", "H", "Z"],
        5: [f"{y}b0", f"{x}b0", "3w1", "Z"],
        6: ["7w=", f"{y}w1", f"{x}w0", "Z"],
        7: ["6b=", "H", f"{y}b0", "Z"],
    }
    return pairs_of(tournament(rounds, total_rounds=5), round_number=4)


@pytest.mark.parametrize("unplayed", [1, 2])
def test_c9_pab_to_the_mdp_with_fewest_unplayed_games_in_the_last_bracket(
    unplayed: int,
) -> None:
    """C.04.3 art. 2.4.4 [C9] and its note: the last bracket (two MDPs and a resident who
    may not take the PAB) downfloats exactly one player, the PAB assignee, so [C9] decides
    which MDP that is, whatever the MDPs' ranking: the one without an unplayed game."""
    got = _c9_last_bracket(unplayed)
    assert got[-1] == (3 - unplayed, 0)
    assert {*got[0]} == {unplayed, 3}


def _corpus_round(name: str) -> Path:
    path = CORPUS / "dutch-new" / f"{name}.trf"
    if not path.exists():
        pytest.skip("shared corpus not found beside the repository")
    return path


def test_c9_last_bracket_two_mdps_come_down_to_players_who_may_not_take_the_pab() -> None:
    """[C9], bbpPairings tournament new-9146 round 7: 60 and 66 (1.5) come down to 64, 65
    and 67 (1.0; 65 and 67 had the PAB, 64 won by forfeit). 60 lost a game by forfeit,
    66 played all of them: the PAB goes to 66."""
    t = read_trf(_corpus_round("new-9146-n067-r09-default-p07"))
    got = pairs_of(t)
    assert got[-1] == (66, 0)
    assert (64, 60) in got and (67, 65) in got


def test_c9_last_bracket_single_resident_had_the_pab() -> None:
    """[C9], bbpPairings tournament new-9144 round 9: 77 and 91 (1.5) come down to 92 (had
    the PAB). 91 has a half-point bye and a forfeit loss, 77 one unplayed game: the PAB
    goes to 77 and 91 meets 92."""
    t = read_trf(_corpus_round("new-9144-n092-r09-heavy-p09"))
    got = pairs_of(t)
    assert got[-1] == (77, 0)
    assert (92, 91) in got


def test_verifier_rejects_a_rematch() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["4w1"], 4: ["3b0"]})
    bad = RoundPairing(2, (Pair(2, 1), Pair(3, 4)))
    with pytest.raises(CriteriaViolation, match="C1"):
        verify_absolute_criteria(t, bad)


def test_verifier_rejects_a_missing_player_and_a_second_pab() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["U"]})
    with pytest.raises(CriteriaViolation, match="C2"):
        verify_absolute_criteria(t, RoundPairing(2, (Pair(1, 2),), bye=3))
    with pytest.raises(CriteriaViolation, match="not paired"):
        verify_absolute_criteria(t, RoundPairing(2, (Pair(1, 2),)))


def test_explanation_names_brackets_and_unmet_colour_criteria() -> None:
    t = tournament({1: ["3w1"], 2: ["4w1"], 3: ["1b0"], 4: ["2b0"]})
    r = get_engine("dutch").pair(t, explain=True)
    text = "\n".join(r.explanation)
    assert "Bracket 1.0" in text
    assert "[C12] 1 player without their colour preference" in text


def test_no_valid_pairing_when_everyone_has_met() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"]})
    with pytest.raises(NoValidPairing):
        get_engine("dutch").pair(t)


def test_verifier_accepts_a_colour_difference_that_shrinks() -> None:
    """C.04.1 art. 6: a player already at -4 (an irregular history) may get White."""
    t = tournament(
        {
            1: ["2b1", "3b1", "4b1", "5b1"],
            2: ["1w0", "5b0", "3w1", "4w0"],
            3: ["4w0", "1w0", "2b0", "5w1"],
            4: ["3b1", "5w1", "1w0", "2b1"],
            5: ["2w1", "4b0", "3b0", "1w0"],
        },
        total_rounds=9,
    )
    problems = absolute_criteria_problems(t, RoundPairing(5, (Pair(1, 4),), bye=None))
    assert not [p for p in problems if "colour difference" in p]
    problems = absolute_criteria_problems(t, RoundPairing(5, (Pair(4, 1),), bye=None))
    assert "player 1 would reach a colour difference of -5" in problems


def test_art_1_7_1_colour_difference_decides_when_the_history_allows_no_legal_colour() -> None:
    """BBBBWW (only manual pairings make it): White breaks "three in a row", Black a colour
    difference of -3. Art. 1.7.1 names the colour difference first, and so does
    bbpPairings; the verifier accepts White there but still rejects an avoidable third
    colour in a row."""
    t = tournament(
        {
            1: ["2b1", "3b1", "4b1", "5b1", "6w1", "7w1"],
            2: ["1w0", "3b1", "4b1", "6b1", "7w1", "5w1"],
            3: ["4w1", "1w0", "2b0", "7b0", "5w1", "6w1"],
            4: ["3b0", "5w1", "1w0", "2w0", "7b1", "6b0"],
            5: ["6w1", "4b0", "7b1", "1w0", "3b0", "2b0"],
            6: ["5b0", "7b0", "2w0", "3w1", "1b0", "4w1"],
            7: ["8w1", "6w1", "5w0", "3w1", "4w0", "1b0"],
            8: ["7b0", "U", "U", "U", "U", "U"],
        },
        total_rounds=9,
    )
    problems = absolute_criteria_problems(t, RoundPairing(7, (Pair(1, 8),), bye=None))
    assert not [p for p in problems if p.startswith("player 1 would")]
    # Player 2 (WBBBWW: last two White, difference 0) could have had Black.
    problems = absolute_criteria_problems(t, RoundPairing(7, (Pair(2, 8),), bye=None))
    assert "player 2 would get the same colour three times in a row" in problems


def test_engine_pairs_a_field_with_a_conflicting_colour_history() -> None:
    """A random field where some players already have such histories: a pairing, no
    verifier failure (it used to raise instead of pairing)."""
    from tests.engines.test_dutch_completion import _random_tournament

    t = _random_tournament(516, players=7 + 516 % 60, rounds=1 + 516 % 7)
    pairing = get_engine("dutch").pair(t)
    assert len(pairing.pairs) == len(t.players) // 2
