"""Tie-breaks computed from a player's own results (C.07 art. 7, KS art. 9.2, STD)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from swissdesk.model.tournament import ScoringSystem, Tournament
from swissdesk.tiebreaks import compute_standings

Builder = Callable[..., Tournament]


def shown(t: Tournament, code: str) -> dict[int, str]:
    return {row.tpn: row.values[0].display for row in compute_standings(t, [code]).rows}


@pytest.fixture
def mixed(crosstable: Builder) -> Tournament:
    """4 players, 3 rounds: a half-point bye then withdrawal (1), PABs (3, 4).
    Scores: 1 -> 1.5, 2 -> 1.5, 3 -> 2.5, 4 -> 1.0."""
    return crosstable(
        {
            1: "2w1 H   Z",
            2: "1b0 3w= 4b1",
            3: "4w1 2b= U",
            4: "3b0 U   2w0",
        }
    )


def test_wins_count_byes_worth_a_win(mixed: Tournament) -> None:
    # WIN counts every round scored as a win, PAB included (3: a win and a PAB).
    assert shown(mixed, "WIN") == {1: "1", 2: "1", 3: "2", 4: "1"}


def test_games_won_count_over_the_board_wins_only(mixed: Tournament) -> None:
    assert shown(mixed, "WON") == {1: "1", 2: "1", 3: "1", 4: "0"}


def test_black_games_and_black_wins(mixed: Tournament) -> None:
    # Player 2 played Black in rounds 1 and 3 and won round 3 with Black.
    assert shown(mixed, "BPG") == {1: "0", 2: "2", 3: "1", 4: "1"}
    assert shown(mixed, "BWG") == {1: "0", 2: "1", 3: "0", 4: "0"}


def test_rounds_elected_to_play_exclude_requested_byes(mixed: Tournament) -> None:
    # REP (formerly GE): player 1 elected to play round 1 only; a PAB counts as elected.
    assert shown(mixed, "REP") == {1: "1", 2: "3", 3: "3", 4: "3"}
    assert shown(mixed, "GE") == shown(mixed, "REP")


def test_progressive_scores_and_cut(mixed: Tournament) -> None:
    # PS(1) = 1 + 1.5 + 1.5 = 4.0; PS(3) = 1 + 1.5 + 2.5 = 5.0.
    # Art. 14.1.1: PS-C1 drops the score after round 1: PS/C1(1) = 3.0.
    assert shown(mixed, "PS") == {1: "4.0", 2: "2.0", 3: "5.0", 4: "2.0"}
    assert shown(mixed, "PS/C1") == {1: "3.0", 2: "2.0", 3: "4.0", 4: "2.0"}


def test_progressive_scores_arbiters_seminar_example(crosstable: Builder) -> None:
    # FIDE Arbiters' seminar (tie-breaks), "Sum of Progressive Scores": running totals
    # 1 2 3 4 5 6 6½ 7 7 give 41½.
    t = crosstable({1: "U U U U U U H H Z"}, total_rounds=9)
    (row,) = compute_standings(t, ["PS"], after_round=9).rows
    assert row.values[0].display == "41.5"


def test_koya_counts_points_against_opponents_with_half_the_maximum(mixed: Tournament) -> None:
    # Limit 50 % of 3 points = 1.5: opponents 1 (1.5), 2 (1.5) and 3 (2.5) qualify, 4 does not.
    # KS(1) = 1 (v 2); KS(2) = 0 (v 1) + 0.5 (v 3) = 0.5; KS(3) = 0.5 (v 2); KS(4) = 0.
    assert shown(mixed, "KS") == {1: "1.0", 2: "0.5", 3: "0.5", 4: "0.0"}
    # With a limit of 60 % (1.8 points) only player 3 qualifies.
    assert shown(mixed, "KS/L60") == {1: "0.0", 2: "0.5", 3: "0.0", 4: "0.0"}


def test_standard_points_ignore_the_scoring_system(crosstable: Builder) -> None:
    # 3-1-0 scoring: a win is worth 3 (6 half-points), a draw 1 (2 half-points).
    t = crosstable({1: "2w1 3b=", 2: "1b0 U", 3: "U 1w="})
    three_one = ScoringSystem(
        win=6, draw=2, loss=0, forfeit_win=6, pairing_allocated_bye=6, full_point_bye=6,
        half_point_bye=2,
    )  # fmt: skip
    t = Tournament(players=t.players, total_rounds=2, scoring=three_one)
    rows = {r.tpn: r for r in compute_standings(t, ["STD"]).rows}
    assert rows[1].points_display == "4.0"
    assert rows[1].values[0].display == "1.5"
    assert rows[2].values[0].display == "1.0"  # the PAB is worth a win
    assert rows[3].values[0].display == "1.5"


def test_pairing_number_and_rating(crosstable: Builder) -> None:
    t = crosstable({1: "2w=", 2: "1b="}, ratings={1: 1800, 2: 2000})
    rows = compute_standings(t, ["RTNG"]).rows
    assert [r.tpn for r in rows] == [2, 1]
    rows = compute_standings(t, ["TPN"]).rows
    assert [r.tpn for r in rows] == [1, 2]
    assert [r.rank_label for r in rows] == ["1", "2"]
