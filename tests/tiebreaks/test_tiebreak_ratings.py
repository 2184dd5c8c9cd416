"""Rating-based tie-breaks (C.07 art. 10) and the rating tables they use (B.02 8.1)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from swissdesk.model.ratings import UnratedMethod, UnratedRule
from swissdesk.model.tournament import Tournament
from swissdesk.tiebreaks import compute_standings
from swissdesk.tiebreaks.rating_tables import dp_for_percentage, expected_score_hundredths

Builder = Callable[..., Tournament]


def shown(t: Tournament, code: str) -> dict[int, str]:
    return {row.tpn: row.values[0].display for row in compute_standings(t, [code]).rows}


@pytest.fixture
def rated(crosstable: Builder) -> Tournament:
    """Player 1 (2150) scores 2/3 against 2000, 2100 and 2200; a forfeit win and a PAB
    for others do not count as games."""
    return crosstable(
        {
            1: "2w1 3b= 4w=",
            2: "1b0 4b0 3w0",
            3: "4w= 1w= 2b1",
            4: "3b= 2w1 1b=",
        },
        ratings={1: 2150, 2: 2000, 3: 2100, 4: 2200},
    )


def test_rating_tables() -> None:
    # B.02 table 8.1(a): p = 0.67 -> dp 125, p = 0.17 -> -273, p = 1.00 -> 800.
    assert dp_for_percentage(67) == 125
    assert dp_for_percentage(17) == -273
    assert dp_for_percentage(100) == 800
    # Table 8.1(b): a 100-point difference (band 99-106) gives 0.64 / 0.36;
    # beyond 735 the stronger player expects 1.00.
    assert expected_score_hundredths(2100, 2000) == 64
    assert expected_score_hundredths(2000, 2100) == 36
    assert expected_score_hundredths(2736, 2000) == 100
    assert expected_score_hundredths(2735, 2000) == 99


def test_average_rating_of_opponents(rated: Tournament) -> None:
    # ARO(1) = (2000 + 2100 + 2200) / 3 = 2100.
    assert shown(rated, "ARO")[1] == "2100"
    # ARO-C1 excludes the lowest-rated opponent: (2100 + 2200) / 2 = 2150.
    assert shown(rated, "ARO/C1")[1] == "2150"


def test_tournament_performance_rating(rated: Tournament) -> None:
    # TPR(1) = ARO 2100 + dp(2/3 -> 0.67) = 2100 + 125 = 2225.
    assert shown(rated, "TPR")[1] == "2225"


def test_perfect_tournament_performance(rated: Tournament) -> None:
    # PTP(1): the lowest rating whose expected score reaches 2.00 against 2000, 2100, 2200.
    # At 2226: differences 226 (0.79), 126 (0.67), 26 (0.54) -> 2.00.
    # At 2225: 225 (0.78), 125 (0.67), 25 (0.53) -> 1.98, not enough.
    assert shown(rated, "PTP")[1] == "2226"


def test_perfect_performance_of_a_zero_score(rated: Tournament) -> None:
    # Player 2 lost every game: PTP = lowest opponent (2100) - 800.
    assert shown(rated, "PTP")[2] == "1300"


def test_averages_of_opponents_performances(rated: Tournament) -> None:
    tpr = {t: int(v) for t, v in shown(rated, "TPR").items()}
    ptp = {t: int(v) for t, v in shown(rated, "PTP").items()}
    # APRO(1) and APPO(1): averages over opponents 2, 3, 4, rounded half up.
    apro = (tpr[2] + tpr[3] + tpr[4]) / 3
    appo = (ptp[2] + ptp[3] + ptp[4]) / 3
    assert int(shown(rated, "APRO")[1]) == int(apro + 0.5)
    assert int(shown(rated, "APPO")[1]) == int(appo + 0.5)


def test_average_rounds_half_up(crosstable: Builder) -> None:
    t = crosstable({1: "2w= 3b=", 2: "1b= U", 3: "U 1w="}, ratings={1: 1500, 2: 2000, 3: 2001})
    assert shown(t, "ARO")[1] == "2001"  # 2000.5 -> 2001


def test_forfeits_byes_and_unrated_opponents_are_not_rated_games(crosstable: Builder) -> None:
    t = crosstable(
        {1: "2w+ 3b1 4w1", 2: "1b- U 3w0", 3: "U 1w0 2b1", 4: ". . 1b0", 5: ". . U"},
        ratings={1: 2000, 2: 1000, 3: 1800, 4: 0},
    )
    # Only the game against 3 counts: 2 (forfeit) and 4 (unrated) are left out.
    assert shown(t, "ARO")[1] == "1800"
    # A player without any game has no value, shown empty.
    by_tpn = {r.tpn: r for r in compute_standings(t, ["ARO"]).rows}
    assert by_tpn[5].values[0].value is None
    assert by_tpn[5].values[0].display == ""


@pytest.mark.parametrize(
    ("rule", "aro"),
    [
        (UnratedRule(), "2000"),  # C.07 default: the unrated opponent is left out
        (UnratedRule(UnratedMethod.FIXED, 1400), "1700"),  # (2000 + 1400) / 2
        (UnratedRule(UnratedMethod.LOWEST), "1800"),  # lowest rated: 1600 -> (2000 + 1600) / 2
        (UnratedRule(UnratedMethod.AVERAGE), "1900"),  # average 1800 -> (2000 + 1800) / 2
    ],
)
def test_checklist_q208_unrated_players_count_with_the_rating_the_regulations_give(
    crosstable: Builder, rule: UnratedRule, aro: str
) -> None:
    t = crosstable(
        {1: "2w1 3b1", 2: "1b0 4w=", 3: "4b= 1w0", 4: "3w= 2b="},
        ratings={1: 1800, 2: 2000, 3: 0, 4: 1600},
    )
    t = replace(t, unrated_rule=rule)
    assert shown(t, "ARO")[1] == aro
    # The unrated player's own rating (RTNG) is the one the rule gives (0: none).
    assert shown(t, "RTNG")[3] == str(rule.rating([1800, 2000, 1600]))
