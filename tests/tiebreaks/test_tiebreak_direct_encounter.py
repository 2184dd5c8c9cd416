"""Direct encounter (C.07 art. 6), including tied players who did not all meet."""

from __future__ import annotations

from collections.abc import Callable

from swissdesk.model.tournament import Tournament
from swissdesk.tiebreaks import compute_standings, parse_tiebreak
from swissdesk.tiebreaks.compute import build_view, direct_encounter_positions

Builder = Callable[..., Tournament]
DE = parse_tiebreak("DE")


def positions(t: Tournament, group: list[int], code: str = "DE") -> dict[int, int]:
    view = build_view(t, t.rounds_with_pairings)
    return direct_encounter_positions(view, group, parse_tiebreak(code))


def test_three_tied_players_who_all_met(crosstable: Builder) -> None:
    # FIDE Arbiters' seminar (tie-breaks), "Direct Encounter": 1 beat 2, 2 drew 3, 1 drew 3:
    # 1 has 1½, 3 has 1, 2 has ½ among themselves -> order 1, 3, 2.
    # With a bye each (H for 3, PAB for 2, absence for 1) all three have 1.5 points.
    t = crosstable({1: "2w1 3b= Z", 2: "1b0 U 3w=", 3: "H 1w= 2b="})
    rows = compute_standings(t, ["DE"]).rows
    assert [r.points_display for r in rows] == ["1.5", "1.5", "1.5"]
    assert [(r.tpn, r.values[0].display, r.rank_label) for r in rows] == [
        (1, "1", "1"),
        (3, "2", "2"),
        (2, "3", "3"),
    ]


def test_two_tied_players_separated_by_their_game(crosstable: Builder) -> None:
    t = crosstable({1: "2b0 U", 2: "1w1 .", 3: "."}, total_rounds=2)
    assert positions(t, [1, 2]) == {2: 1, 1: 2}


def test_drawn_game_separates_nobody(crosstable: Builder) -> None:
    t = crosstable({1: "2w=", 2: "1b="})
    assert positions(t, [1, 2]) == {1: 0, 2: 0}


def test_forfeit_is_not_an_encounter_unless_p(crosstable: Builder) -> None:
    # Art. 15.1: a forfeit is an unplayed round, not a game; DE/P counts it as played.
    t = crosstable({1: "2w+", 2: "1b-"})
    assert positions(t, [1, 2]) == {1: 0, 2: 0}
    assert positions(t, [1, 2], "DE/P") == {1: 1, 2: 2}


def test_not_all_met_nobody_can_be_separated(crosstable: Builder) -> None:
    # Art. 6.2: 1 beat 2, but 3 met neither: 3 could still reach 2 points > 1, so no order.
    t = crosstable({1: "2w1", 2: "1b0", 3: "U"})
    assert positions(t, [1, 2, 3]) == {1: 0, 2: 0, 3: 0}


def test_not_all_met_a_player_beyond_reach_is_placed_first(crosstable: Builder) -> None:
    # 1 beat both 2 and 3 (2 points); 2 and 3 never met, each could reach only 1 point.
    # 1 is first; 2 and 3 stay tied (they have not met), both second.
    t = crosstable({1: "2w1 3b1", 2: "1b0 U", 3: "U 1w0"})
    assert positions(t, [1, 2, 3]) == {1: 1, 2: 2, 3: 2}


def test_direct_encounter_is_applied_again_to_the_still_tied(crosstable: Builder) -> None:
    # 4 players all met: 1 scores 2.5, 2 scores 1.5, 3 and 4 score 1 each; applied again to
    # 3 and 4 alone, 3 beat 4 -> order 1, 2, 3, 4.
    t = crosstable(
        {
            1: "2w= 3w1 4b1",
            2: "1b= 4w0 3b1",
            3: "4w1 1b0 2w0",
            4: "3b0 2b1 1w0",
        }
    )
    assert positions(t, [1, 2, 3, 4]) == {1: 1, 2: 2, 3: 3, 4: 4}


def test_cycle_among_the_still_tied_stays_tied(crosstable: Builder) -> None:
    # 1 beats everyone; 2 beat 3, 3 beat 4, 4 beat 2: the last three stay tied (second).
    t = crosstable(
        {
            1: "2w1 3w1 4b1",
            2: "1b0 4w0 3b1",
            3: "4w1 1b0 2w0",
            4: "3b0 2b1 1w0",
        }
    )
    assert positions(t, [1, 2, 3, 4]) == {1: 1, 2: 2, 3: 2, 4: 2}


def test_direct_encounter_only_inside_the_score_group(crosstable: Builder) -> None:
    # 1 and 2 tie on 1 point; 2 beat 1. 3 (0 points) lost to 1 but is alone on its score.
    t = crosstable({1: "2w0 3b1", 2: "1b1 .", 3: ". 1w0"})
    rows = compute_standings(t, ["DE"]).rows
    assert [(r.tpn, r.values[0].display) for r in rows] == [(2, "1"), (1, "2"), (3, "0")]
