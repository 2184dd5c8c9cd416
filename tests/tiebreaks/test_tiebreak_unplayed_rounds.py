"""Unplayed rounds in the Buchholz family: C.07 (2026) art. 16, one test per rule.

Every expected value is worked out by hand in the comment above it (points, not half-points).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from swissdesk.model.tournament import Tournament
from swissdesk.tiebreaks import compute_standings

Builder = Callable[..., Tournament]


def shown(t: Tournament, code: str) -> dict[int, str]:
    """Each player's displayed value of one tie-break."""
    return {row.tpn: row.values[0].display for row in compute_standings(t, [code]).rows}


@pytest.fixture
def byes_and_withdrawal(crosstable: Builder) -> Tournament:
    """4 players, 3 rounds. Player 1 wins round 1, takes a half-point bye, then withdraws
    (zero-point bye): both byes are category 16.2.5. Players 3 and 4 each get a PAB
    (16.2.1). Scores: 1 -> 1.5, 2 -> 1.5, 3 -> 2.5, 4 -> 1.0."""
    return crosstable(
        {
            1: "2w1 H   Z",
            2: "1b0 3w= 4b1",
            3: "4w1 2b= U",
            4: "3b0 U   2w0",
        }
    )


def test_requested_byes_at_the_end_count_as_draws_for_the_opponents(
    byes_and_withdrawal: Tournament,
) -> None:
    # Art. 16.3.2: player 1's H and Z (category 16.2.5) count as draws in the opponents' view,
    # so player 2 sees 1 + 0.5 + 0.5 = 2.0 for player 1, not 1.5.
    # BH(2) = 2.0 (player 1) + 2.5 (player 3) + 1.0 (player 4) = 5.5.
    assert shown(byes_and_withdrawal, "BH")[2] == "5.5"


def test_own_unplayed_rounds_use_a_dummy_capped_at_draws_times_rounds(
    byes_and_withdrawal: Tournament,
) -> None:
    # Art. 16.4 / 16.4.2: the dummy's score is the player's own score, capped at
    # draw points x rounds = 0.5 x 3 = 1.5.
    # BH(1) = 1.5 (player 2) + 1.5 (dummy, H) + 1.5 (dummy, Z) = 4.5.
    # BH(3) = 1.0 + 1.5 + min(2.5, 1.5) for the PAB = 4.0.
    # BH(4) = 2.5 + min(1.0, 1.5) for the PAB + 1.5 = 5.0.
    assert shown(byes_and_withdrawal, "BH") == {1: "4.5", 2: "5.5", 3: "4.0", 4: "5.0"}


def test_sonneborn_berger_scores_the_dummy_with_the_points_awarded(
    byes_and_withdrawal: Tournament,
) -> None:
    # SB(1) = 1.5 x 1 + 1.5 x 0.5 (H) + 1.5 x 0 (Z) = 2.25
    # SB(2) = 2.0 x 0 + 2.5 x 0.5 + 1.0 x 1 = 2.25
    # SB(3) = 1.0 x 1 + 1.5 x 0.5 + 1.5 x 1 (PAB) = 3.25
    # SB(4) = 2.5 x 0 + 1.0 x 1 (PAB) + 1.5 x 0 = 1.00
    assert shown(byes_and_withdrawal, "SB") == {1: "2.25", 2: "2.25", 3: "3.25", 4: "1.00"}


def test_cut_one_removes_a_voluntary_unplayed_round_first(
    byes_and_withdrawal: Tournament,
) -> None:
    # Art. 16.5.1: player 1's contributions are 1.5 (game), 1.5 (H), 1.5 (Z); a VUR is cut.
    # Player 4's lowest contribution (1.0) is a PAB, which is not a VUR: it is cut normally.
    assert shown(byes_and_withdrawal, "BH/C1") == {1: "3.0", 2: "4.5", 3: "3.0", 4: "4.0"}


def test_fore_buchholz_turns_final_round_games_into_draws(
    byes_and_withdrawal: Tournament,
) -> None:
    # Art. 8.3: final-round pairings count as draws. Player 2 (won round 3) -> 1.0,
    # player 4 (lost round 3) -> 1.5; player 3's final-round PAB and player 1's absence stay.
    # FB(1) = 1.0 + min(1.5, 1.5) + 1.5 = 4.0; FB(2) = 2.0 + 2.5 + 1.5 = 6.0;
    # FB(3) = 1.5 + 1.0 + min(2.5, 1.5) = 4.0; FB(4) = 2.5 + min(1.5, 1.5) + 1.0 = 5.0.
    assert shown(byes_and_withdrawal, "FB") == {1: "4.0", 2: "6.0", 3: "4.0", 4: "5.0"}


def test_average_of_opponents_buchholz_uses_games_played_only(
    byes_and_withdrawal: Tournament,
) -> None:
    # Art. 8.2, over-the-board opponents only, BH as above:
    # AOB(1) = BH(2) = 5.50; AOB(2) = (4.5 + 4.0 + 5.0) / 3 = 4.50;
    # AOB(3) = (5.0 + 5.5) / 2 = 5.25; AOB(4) = (4.0 + 5.5) / 2 = 4.75.
    assert shown(byes_and_withdrawal, "AOB") == {1: "5.50", 2: "4.50", 3: "5.25", 4: "4.75"}


@pytest.fixture
def forfeits(crosstable: Builder) -> Tournament:
    """4 players, 3 rounds with a forfeit in rounds 1 and 3.
    Scores: 1 -> 2.5, 2 -> 1.0, 3 -> 1.5, 4 -> 1.0."""
    return crosstable(
        {
            1: "2w+ 3w= 4b1",
            2: "1b- 4w0 3b+",
            3: "4w1 1b= 2w-",
            4: "3b0 2b1 1w0",
        }
    )


def test_forfeits_use_the_scheduled_opponent_as_cap(forfeits: Tournament) -> None:
    # Art. 16.3.1: forfeits count with the points awarded in the opponents' view.
    # Art. 16.4.1: the dummy for a forfeit is min(own score, scheduled opponent's score).
    # BH(1) = min(2.5, 1.0) + 1.5 + 1.0 = 3.5
    # BH(2) = min(1.0, 2.5) + 1.0 + min(1.0, 1.5) = 3.0
    # BH(3) = 1.0 + 2.5 + min(1.5, 1.0) = 4.5
    # BH(4) = 1.5 + 1.0 + 2.5 = 5.0
    assert shown(forfeits, "BH") == {1: "3.5", 2: "3.0", 3: "4.5", 4: "5.0"}


def test_forfeits_counted_as_played_with_the_p_modifier(forfeits: Tournament) -> None:
    # /P: the forfeit opponent's adjusted score counts as if the game had been played.
    # BH/P(2) = 2.5 + 1.0 + 1.5 = 5.0 instead of 3.0.
    assert shown(forfeits, "BH/P") == {1: "3.5", 2: "5.0", 3: "4.5", 4: "5.0"}


def test_forfeit_results_in_sonneborn_berger(forfeits: Tournament) -> None:
    # SB(1) = 1.0 x 1 + 1.5 x 0.5 + 1.0 x 1 = 2.75; SB(2) = 0 + 0 + 1.0 x 1 = 1.00
    # SB(3) = 1.0 x 1 + 2.5 x 0.5 + 0 = 2.25; SB(4) = 0 + 1.0 x 1 + 0 = 1.00
    assert shown(forfeits, "SB") == {1: "2.75", 2: "1.00", 3: "2.25", 4: "1.00"}


@pytest.fixture
def bye_in_the_middle(crosstable: Builder) -> Tournament:
    """4 players, 4 rounds. Player 1 takes a half-point bye in round 2 and plays on
    (category 16.2.3); player 2 is absent in round 4 (16.2.5).
    Scores: 1 -> 2.5, 2 -> 1.0, 3 -> 3.5, 4 -> 1.5."""
    return crosstable(
        {
            1: "2w1 H   3b0 4w1",
            2: "1b0 3w0 4w1 Z",
            3: "4w= 2b1 1w1 U",
            4: "3b= U   2b0 1b0",
        }
    )


def test_requested_bye_followed_by_games_keeps_its_points(bye_in_the_middle: Tournament) -> None:
    # Art. 16.3.1: player 1's H (16.2.3) counts 0.5 for the opponents: adjusted 2.5.
    # Art. 16.3.2: player 2's final Z counts as a draw: adjusted 1.5 instead of 1.0.
    # BH(4) = 3.5 + min(1.5, 2.0) (PAB) + 1.5 (player 2 adjusted) + 2.5 = 9.0.
    # BH(1) = 1.5 + min(2.5, 2.0) (H, dummy capped at 0.5 x 4) + 3.5 + 1.5 = 8.5.
    # BH(2) = 2.5 + 3.5 + 1.5 + min(1.0, 2.0) (Z) = 8.5.
    values = shown(bye_in_the_middle, "BH")
    assert (values[1], values[2], values[4]) == ("8.5", "8.5", "9.0")


def test_buchholz_cut_and_median_with_a_requested_bye(bye_in_the_middle: Tournament) -> None:
    # Player 1 contributions: 1.5, 2.0 (H, a VUR), 3.5, 1.5.
    # Art. 16.5.1: Cut-1 removes the VUR (2.0), not the lowest value 1.5: 8.5 - 2.0 = 6.5.
    # Median-1 then also removes the highest value (3.5): 6.5 - 3.5 = 3.0.
    assert shown(bye_in_the_middle, "BH/C1")[1] == "6.5"
    assert shown(bye_in_the_middle, "BH/M1")[1] == "3.0"
    # Player 2's absence (1.0) is both a VUR and the lowest value: 8.5 - 1.0 = 7.5.
    assert shown(bye_in_the_middle, "BH/C1")[2] == "7.5"


def test_sonneborn_berger_cut_takes_the_higher_of_vur_and_least_value(
    bye_in_the_middle: Tournament,
) -> None:
    # SB(1) = 1.5 x 1 + 2.0 x 0.5 (H) + 3.5 x 0 + 1.5 x 1 = 4.00.
    # Art. 16.5.1 note for SB: the lowest VUR contribution is 1.0 (the H); the least
    # significant value (lowest-scored opponent, 1.5, first such round) contributes 1.5.
    # The higher of the two, 1.5, is cut: SB/C1(1) = 2.50.
    assert shown(bye_in_the_middle, "SB")[1] == "4.00"
    assert shown(bye_in_the_middle, "SB/C1")[1] == "2.50"


def test_cut_never_removes_more_than_the_rounds_played(crosstable: Builder) -> None:
    # Two rounds, Median-2 asks for four cuts: everything is cut, value 0.
    t = crosstable({1: "2w1 3b1", 2: "1b0 3w=", 3: "2b= 1w0"})
    assert shown(t, "BH/M2") == {1: "0.0", 2: "0.0", 3: "0.0"}
