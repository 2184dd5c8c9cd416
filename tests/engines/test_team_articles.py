"""Unit tests of the Team Pairing System (C.04.6), named after the article they pin."""

from __future__ import annotations

from typing import Any

import pytest

from swissdesk.engines import get_engine
from swissdesk.engines.acceleration import baku_virtual_points
from swissdesk.engines.base import NoValidPairing, RoundPairing
from swissdesk.engines.team.colours import allocate, c8_cost, c9_cost, team_colour
from swissdesk.engines.team.verify import team_pairing_problems
from swissdesk.errors import InputError
from swissdesk.model.team import MILD, STRONG, TeamState, build_team_states, colour_preference
from swissdesk.model.tournament import Colour, ResultCode, Tournament
from swissdesk.trf.json_state import state_to_tournament

W, B = Colour.WHITE, Colour.BLACK
Match = tuple[int, int, str]  # white TPN, black TPN, white's "MP:GP" (or "+"/"-" forfeits)


def team_state(
    teams: int,
    rounds: list[list[Match | tuple[int, str]]],
    *,
    boards: int = 4,
    absent: tuple[int, ...] = (),
    **options: Any,
) -> dict[str, Any]:
    """A JSON team state: each round lists matches (white, black, white's result) and byes."""
    history: dict[int, list[dict[str, Any]]] = {t: [] for t in range(1, teams + 1)}
    for r, matches in enumerate(rounds, start=1):
        for item in matches:
            if len(item) == 2:
                history[item[0]].append(
                    {"round": r, "opponent": 0, "colour": "-", "result": item[1]}
                )
                continue
            white, black, result = item  # type: ignore[misc]
            mark = result[0] if result[0] in "+-" else ""
            mp, gp = (float(x) for x in result.lstrip("+-").split(":"))
            other = {"+": "-", "-": "+", "": ""}[mark]
            back = f"{other}{2 - mp:g}:{boards - gp:g}" if mark != "-" or mp else "+2:0"
            if mark == "-" and result.startswith("-0:0") and other == "+":
                back = f"+2:{boards:g}"
            history[white].append({"round": r, "opponent": black, "colour": "w", "result": result})
            history[black].append({"round": r, "opponent": white, "colour": "b", "result": back})
    data: dict[str, Any] = {
        "system": "team",
        "rounds_total": options.pop("rounds_total", 9),
        "initial_colour": "white",
        "boards": boards,
        "players": [
            {"tpn": t, "history": h, "absent_next": t in absent} for t, h in history.items()
        ],
    }
    data.update(options)
    return data


def pair(data: dict[str, Any]) -> RoundPairing:
    return get_engine("team").pair(state_to_tournament(data, "test"))


def boards(pairing: RoundPairing) -> list[tuple[int, int]]:
    return [(p.white, p.black) for p in pairing.pairs]


def state(tpn: int, colours: str, *, score: int = 0, secondary: int = 0) -> TeamState:
    seq = tuple(W if c == "w" else B for c in colours)
    return TeamState(
        tpn=tpn,
        available=True,
        score=score,
        secondary=secondary,
        match_points=score,
        game_points=secondary,
        colours=seq,
        opponents=frozenset(),
        pab_blocked=False,
        played_matches=len(seq),
        floated_previous=False,
    )


# --- art. 1.7: colour preferences -------------------------------------------------------


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ("", None),
        ("w", None),
        ("b", None),
        ("bb", W),  # CD -2 < -1
        ("wb", None),  # CD 0, last two differ
        ("wbb", W),  # CD -1, Black in the last two
        ("bwbb", W),  # CD -2
        ("ww", B),
        ("bww", B),  # CD +1, White in the last two
        ("wbww", B),
        ("bwwb", None),
    ],
)
def test_art_1_7_1_type_a_preferences(colours: str, expected: Colour | None) -> None:
    seq = tuple(W if c == "w" else B for c in colours)
    assert colour_preference(seq, "A", False)[0] is expected


@pytest.mark.parametrize(
    ("colours", "last_round", "expected"),
    [
        ("", False, (None, 0)),  # item 5: yet to play a match
        ("bb", False, (W, STRONG)),  # item 1
        ("ww", False, (B, STRONG)),  # item 2
        ("b", False, (W, MILD)),  # item 3 read as CD -1 (D-TB-MILD)
        ("w", False, (B, MILD)),  # item 4: CD +1
        ("wb", False, (W, MILD)),  # item 3: CD 0, Black last, not the last round
        ("bw", False, (B, MILD)),  # item 4
        ("wb", True, (None, 0)),  # item 5: CD 0 in the last round
        ("wbb" + "w", True, (None, 0)),
        ("bwbb", True, (W, STRONG)),  # items 1 before 5 (D-TB-ORDER)
        ("wbww", True, (B, STRONG)),
        ("bww", True, (B, STRONG)),  # CD +1 with White in the last two: strong
    ],
)
def test_art_1_7_2_type_b_preferences(
    colours: str, last_round: bool, expected: tuple[Colour | None, int]
) -> None:
    seq = tuple(W if c == "w" else B for c in colours)
    assert colour_preference(seq, "B", last_round) == expected


def test_art_1_7_no_colour_preferences() -> None:
    assert colour_preference((B, B, B), "none", False) == (None, 0)


# --- [C8] / [C9] ------------------------------------------------------------------------


def test_c8_c9_costs_per_pair() -> None:
    both_white = team_colour(state(1, "bb"), "B", False), team_colour(state(2, "bb"), "B", False)
    strong_mild = team_colour(state(1, "bb"), "B", False), team_colour(state(2, "b"), "B", False)
    opposite = team_colour(state(1, "bb"), "B", False), team_colour(state(2, "ww"), "B", False)
    assert (c8_cost(*both_white), c9_cost(*both_white, "B")) == (1, 1)
    assert (c8_cost(*strong_mild), c9_cost(*strong_mild, "B")) == (1, 0)
    assert (c8_cost(*opposite), c9_cost(*opposite, "B")) == (0, 0)
    assert c9_cost(*both_white, "A") == 0  # [C9] is Type B only


# --- art. 4: colour allocation ----------------------------------------------------------


def colours_for(a: TeamState, b: TeamState, kind: str = "A", **kw: Any) -> tuple[int, int, str]:
    return allocate(
        team_colour(a, kind, False),
        team_colour(b, kind, False),
        kind=kind,
        use_secondary=kw.get("use_secondary", True),
        initial_colour=kw.get("initial", W),
    )


def test_art_4_3_1_first_round_by_first_team_parity() -> None:
    assert colours_for(state(3, ""), state(6, "")) == (3, 6, "4.3.1")
    assert colours_for(state(4, ""), state(7, "")) == (7, 4, "4.3.1")
    assert colours_for(state(3, ""), state(6, ""), initial=B) == (6, 3, "4.3.1")


def test_art_4_2_first_team_by_score_then_secondary_then_tpn() -> None:
    # Both odd: the first-team gets the initial colour (4.3.1).
    assert colours_for(state(3, "", secondary=5), state(5, "", secondary=9)) == (5, 3, "4.3.1")
    assert colours_for(
        state(3, "", secondary=5), state(5, "", secondary=9), use_secondary=False
    ) == (3, 5, "4.3.1")
    assert colours_for(state(3, "", score=2, secondary=9), state(5, "", score=4)) == (5, 3, "4.3.1")


def test_art_4_3_2_single_preference_granted() -> None:
    assert colours_for(state(1, "ww"), state(2, "wb")) == (2, 1, "4.3.2")


def test_art_4_3_3_opposite_preferences_granted() -> None:
    assert colours_for(state(1, "ww"), state(2, "bb")) == (2, 1, "4.3.3")


def test_art_4_3_4_type_b_strong_beats_mild() -> None:
    assert colours_for(state(1, "w"), state(2, "ww"), "B") == (1, 2, "4.3.4")


def test_art_4_3_5_white_to_the_lower_colour_difference() -> None:
    # Both prefer White (CD -2 and -3, Type A): the lower CD gets it.
    assert colours_for(state(1, "bb"), state(2, "bbb")) == (2, 1, "4.3.5")


def test_art_4_3_6_alternate_to_the_most_recent_difference() -> None:
    # Same CD, no preferences; right-aligned, the latest difference is where 1 had White.
    assert colours_for(state(1, "bwbw"), state(2, "wbbw"), "none") == (2, 1, "4.3.6")
    assert colours_for(state(1, "bwb"), state(2, "wbb"), "none") == (2, 1, "4.3.6")
    assert colours_for(state(1, "wbb"), state(2, "bwb"), "none") == (1, 2, "4.3.6")


def test_art_4_3_7_first_team_preference() -> None:
    assert colours_for(state(1, "wbb"), state(2, "wbb")) == (1, 2, "4.3.7")


def test_art_4_3_8_first_team_alternates() -> None:
    assert colours_for(state(1, "wb"), state(2, "wb"), "none") == (1, 2, "4.3.8")


def test_art_4_3_9_other_team_alternates() -> None:
    # The first-team (more points) has not played; the other, CD 0, had Black last.
    assert colours_for(state(5, "", score=4), state(2, "wb"), "none") == (2, 5, "4.3.9")


# --- art. 1.4, 3.4, [C2]: the PAB -------------------------------------------------------


def test_art_1_4_pab_is_a_drawn_match_by_default() -> None:
    data = team_state(3, [[(1, 2, "2:3"), (3, "PAB")]], boards=6)
    tournament = state_to_tournament(data, "test")
    entry = tournament.player(3).entry(1)
    assert entry is not None and entry.result is ResultCode.PAIRING_ALLOCATED_BYE
    st = build_team_states(tournament, 2)[3]
    assert (st.match_points, st.game_points) == (2, 6)  # 1 MP, 3 GP (boards/2), half-points
    assert st.pab_blocked


def test_art_1_4_pab_points_from_the_state() -> None:
    data = team_state(3, [[(1, 2, "2:3"), (3, "PAB")]], points={"pab": [2, 4]})
    st = build_team_states(state_to_tournament(data, "test"), 2)[3]
    assert (st.match_points, st.game_points) == (4, 8)


def test_c2_pab_not_twice_nor_after_a_forfeit_win() -> None:
    # Round 1: 1 won by forfeit against 2, 3 had the PAB.
    pairing = pair(team_state(3, [[(1, 2, "+2:4"), (3, "PAB")]]))
    assert pairing.bye == 2  # 1 won by forfeit, 3 had the PAB ([C2])
    # A half-point bye does not block the PAB (D-C2-FPB).
    rounds: list[list[Match | tuple[int, str]]] = [[(1, 2, "1:2"), (3, 4, "1:2"), (5, "HPB")]]
    assert pair(team_state(5, rounds, points={"hpb": [0, 0]})).bye == 5


def test_art_3_4_pab_lowest_score_then_most_matches_then_largest_tpn() -> None:
    # Round 1: 1-2 drawn, 3-4 drawn, 5 absent (zero-point bye): 5 has the lowest score.
    rounds: list[list[Match | tuple[int, str]]] = [[(1, 2, "1:2"), (3, 4, "1:2"), (5, "ZPB")]]
    assert pair(team_state(5, rounds)).bye == 5
    # Everybody level: the largest TPN.
    rounds = [[(1, 2, "1:2"), (3, 4, "1:2"), (5, "HPB")]]
    assert pair(team_state(5, rounds)).bye == 4  # 5 played no match (3.4.3)


# --- [C1] and forfeits --------------------------------------------------------------------


def test_forfeited_match_counts_as_unplayed_for_c1_and_colours() -> None:
    data = team_state(2, [[(1, 2, "+2:4")]])
    tournament = state_to_tournament(data, "test")
    states = build_team_states(tournament, 2)
    assert states[1].colours == () and states[1].opponents == frozenset()
    assert boards(pair(data)) == [(1, 2)]  # 4.3.1 again: no colour history


def test_c1_teams_that_played_cannot_meet_again() -> None:
    with pytest.raises(NoValidPairing):
        pair(team_state(2, [[(1, 2, "1:2")]]))


def test_art_3_3_3_impossible_round_exits_with_code_1(tmp_path: Any) -> None:
    import json

    from swissdesk.cli import main

    path = tmp_path / "impossible.json"
    path.write_text(json.dumps(team_state(2, [[(1, 2, "1:2")]])), encoding="utf-8")
    assert main(["pair", str(path)]) == 1


# --- art. 3.5 / 3.6 -----------------------------------------------------------------------


def test_art_3_6_2_first_identifier_in_round_one() -> None:
    # Tops {1, 2, 3}, bottoms 4, 5, 6: identifier 1 2 3 4 5 6; colours by 4.3.1.
    assert boards(pair(team_state(6, []))) == [(1, 4), (5, 2), (3, 6)]


def test_c5_upfloater_with_the_highest_score() -> None:
    # After round 1: 1 and 3 won (2 MP), 5-6 drawn (1 MP), 2 and 4 lost.
    # Round 2: top group {1, 3} pairs itself; then {5, 6} (already met) need partners.
    rounds: list[list[Match | tuple[int, str]]] = [[(1, 2, "2:3"), (3, 4, "2:3"), (5, 6, "1:2")]]
    pairing = pair(team_state(6, rounds))
    assert sorted(tuple(sorted(p)) for p in boards(pairing)) == [(1, 3), (2, 5), (4, 6)]


def test_c4_c5_art_3_5_4_first_set_by_tpn() -> None:
    # Round 1: 1 won, 2-3 and 4-5 drawn, 6 lost to 1, 7 had the PAB (1 MP).
    rounds: list[list[Match | tuple[int, str]]] = [
        [(1, 6, "2:3"), (2, 3, "1:2"), (4, 5, "1:2"), (7, "PAB")]
    ]
    pairing = pair(team_state(7, rounds))
    # Team 1 alone needs one upfloater with 1 MP: the first by TPN is 2.
    assert any(set(p) == {1, 2} for p in boards(pairing))
    assert pairing.bye == 6


def test_baku_virtual_match_points_c04_7_art_1_4_4_example_2() -> None:
    # 11 rounds, match points 2/1/0: two virtual MP in rounds 1-3, one in rounds 4-6.
    assert baku_virtual_points(11, 4) == (4, 4, 4, 2, 2, 2, 0, 0, 0, 0, 0)
    data = team_state(8, [], acceleration="baku", rounds_total=11)
    tournament = state_to_tournament(data, "test")
    assert tournament.acceleration_for(4, 1) == 4 and tournament.acceleration_for(5, 1) == 0
    # GA = 1-4 and GB = 5-8 are paired as two scoregroups.
    assert sorted(tuple(sorted(p)) for p in boards(pair(data))) == [(1, 3), (2, 4), (5, 7), (6, 8)]


def test_baku_needs_match_points_as_primary_score() -> None:
    with pytest.raises(InputError, match="match points"):
        state_to_tournament(team_state(8, [], acceleration="baku", primary_score="game"), "t")


def test_primary_score_game_points_decides_the_scoregroups() -> None:
    # By game points 1 (3.5) and 3 (3) lead; by match points 1 and 3 tie with 2... (won).
    rounds: list[list[Match | tuple[int, str]]] = [[(1, 2, "2:3.5"), (3, 4, "2:3")]]
    pairing = pair(team_state(4, rounds, primary_score="game"))
    assert sorted(tuple(sorted(p)) for p in boards(pairing)) == [(1, 3), (2, 4)]
    assert boards(pairing)[0] in ((1, 3), (3, 1))


def test_verifier_reports_c1_and_c2_violations() -> None:
    from swissdesk.engines.base import Pair

    tournament: Tournament = state_to_tournament(
        team_state(3, [[(1, 2, "1:2"), (3, "PAB")]]), "test"
    )
    bad = RoundPairing(2, (Pair(1, 2),), bye=3)
    problems = team_pairing_problems(tournament, bad)
    assert any("[C1]" in p for p in problems) and any("[C2]" in p for p in problems)


@pytest.mark.parametrize(
    "result", ["2-3", "x:1", "3:1:", "2:9"], ids=["dash", "letters", "extra", "too-many-gp"]
)
def test_json_team_result_errors_are_clear(result: str) -> None:
    data = team_state(2, [[(1, 2, "1:2")]])
    data["players"][0]["history"][0]["result"] = result
    with pytest.raises(InputError, match="team 1 round 1"):
        state_to_tournament(data, "test")
