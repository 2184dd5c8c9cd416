"""Title norms, article by article (FIDE Title Regulations effective from 1 January 2024,
art. 1.4).

The regulations' own worked figures come first: the minimum performances "prior to
rounding" of art. 1.4.8 (2599.5 is a GM performance, 2599.4 is not) and the rows of table
1.4.9. Then hand-computed cases, each worked out in its docstring: the seeker (player 1, an
IM of FRA, host FRA) meets opponent i in round i.
"""

from __future__ import annotations

import pytest
from norm_support import CASE_A, Opp, seeker_event

from swissdesk.norms import NormResult, NormTitle, evaluate_norms, norms_sought
from swissdesk.tiebreaks.rating_tables import dp_for_percentage


def norm(tournament, title: NormTitle = NormTitle.GM, **kwargs) -> NormResult:  # type: ignore[no-untyped-def]
    """The seeker's evaluation for ``title``: the achieved norm if any, else the plain one."""
    player = evaluate_norms(tournament, **kwargs).by_tpn()[1]
    for result in player.achieved:
        if result.title is title:
            return result
    return next(r for r in player.latest if r.title is title)


def failed_articles(result: NormResult) -> list[str]:
    return [c.article for c in result.failed]


# -- art. 1.4.8 / 1.4.9: the printed figures ------------------------------------------


def test_art_1_4_8_minimum_level_prior_to_rounding() -> None:
    """GM: 2599.5 before rounding is enough. Ten opponents summing 24505 average 2450.5,
    rounded upward 2451 (1.4.7 b); 7/10 = 70 %, dp 149: Rp 2600. Summing 24504: 2450.4,
    2450, Rp 2599: no norm."""
    feds = ["GER", "ESP", "NED", "USA", "ITA", "SUI", "AUT", "BEL", "ENG", "SWE"]
    titles = ["GM", "GM", "GM", "GM", "IM", "", "", "", "", ""]
    results = ["="] * 6 + ["1"] * 4  # no title result after round 9 (1.4.1 e)

    def event(last: int):  # type: ignore[no-untyped-def]
        ratings = [2450] * 9 + [last]
        return seeker_event(
            [Opp(r, t, f, x) for r, t, f, x in zip(ratings, titles, feds, results, strict=True)]
        )

    enough = norm(event(2455))
    assert (enough.average, enough.percentage, enough.dp, enough.performance) == (2451, 70, 149, 2600)
    assert enough.achieved
    short = norm(event(2454))
    assert (short.average, short.performance) == (2450, 2599)
    assert failed_articles(short) == ["1.4.8"]


@pytest.mark.parametrize(
    ("score_half_points", "games", "percentage", "dp"),
    [(13, 9, 72, 166), (12, 9, 67, 125), (11, 9, 61, 80), (7, 10, 35, -110), (9, 13, 35, -110)],
)
def test_art_1_4_9_percentage_rounded_then_table(
    score_half_points: int, games: int, percentage: int, dp: int
) -> None:
    """6.5/9 = 72.2 % -> 72, 6/9 = 66.7 % -> 67, 5.5/9 = 61.1 % -> 61, 3.5/10 = 35 %,
    4.5/13 = 34.6 % -> 35 (0.5 % rounded up); dp from the table."""
    value = score_half_points * 50
    assert (value * 2 + games) // (games * 2) == percentage
    assert dp_for_percentage(percentage) == dp


# -- the whole rule on a clean case ----------------------------------------------------


def test_art_1_4_gm_norm_achieved_with_its_certificate_figures() -> None:
    result = norm(seeker_event(CASE_A))
    assert result.achieved
    assert (result.average, result.percentage, result.dp, result.performance) == (2486, 72, 166, 2652)
    assert result.points == 6.5 and len(result.games) == 9
    assert result.counts_as == 9  # 6.5 scored, 6 needed: no full point above (1.4.1 d)
    assert [g.opponent for g in result.games] == list(range(2, 11))


def test_art_1_4_1d_each_full_point_above_counts_as_a_game() -> None:
    """Case A with the last draw a win: 7/9 = 78 %, Rp 2706; with Ra 2486 the norm needs
    6 points (67 %, dp 125: 2611; 5.5 gives 2566): one full point more, 10 games."""
    opponents = [*CASE_A[:8], Opp(2380, "", "FRA", "1")]
    result = norm(seeker_event(opponents))
    assert result.achieved and result.counts_as == 10


# -- art. 1.4.3 / 1.4.4: federations ------------------------------------------------------


def test_art_1_4_3_norm_missed_by_one_foreign_opponent() -> None:
    """Case A with every foreign opponent from GER: one federation other than FRA is
    short of two: no norm (everything else holds: 4 FRA, 5 GER of at most 6). One GER
    opponent from ESP instead: a norm."""
    one_foreign = [Opp(o.rating, o.title, "GER" if o.federation != "FRA" else "FRA", o.result)
                   for o in CASE_A]  # fmt: skip
    missed = norm(seeker_event(one_foreign))
    assert failed_articles(missed) == ["1.4.3"]
    assert missed.checks[1].actual == "1 (GER)"
    fixed = list(one_foreign)
    fixed[1] = Opp(2580, "GM", "ESP", "=")
    assert norm(seeker_event(fixed)).achieved


def test_art_1_4_4_at_most_three_fifths_from_own_and_two_thirds_from_one() -> None:
    """Six FRA opponents of nine (more than 3/5 = 5): no norm; seven GER (more than 2/3
    = 6) for a player of FRA: no norm."""
    six_own = list(CASE_A)
    six_own[3] = Opp(2500, "IM", "FRA", "1")
    six_own[7] = Opp(2400, "FM", "FRA", "1")
    result = norm(seeker_event(six_own))
    assert failed_articles(result) == ["1.4.4"] and "3/5" in result.failed[0].requirement
    seven = [Opp(o.rating, o.title, "GER", o.result) for o in CASE_A]
    seven[0] = Opp(2600, "GM", "ESP", "=")
    seven[1] = Opp(2580, "GM", "NED", "=")
    result = norm(seeker_event(seven))
    assert failed_articles(result) == ["1.4.4"] and "2/3" in result.failed[0].requirement


def test_art_1_4_3d_big_swiss_waives_the_foreign_rules() -> None:
    """The six-FRA case in a Swiss with 20 FIDE rated players from GER, ESP and NED
    present in every round (10 of them GM/IM): exempt, a norm. With 19 such players:
    not exempt."""
    six_own = list(CASE_A)
    six_own[3] = Opp(2500, "IM", "FRA", "1")
    six_own[7] = Opp(2400, "FM", "FRA", "1")
    field = [(("GER", "ESP", "NED")[i % 3], "IM" if i < 10 else "") for i in range(20)]
    big = evaluate_norms(seeker_event(six_own, field=field[:13]))
    # 13 field players plus the 7 foreign opponents who each played one round: only the
    # field is present in every round.
    assert big.swiss_exemption.players == 13 and not big.swiss_exemption.applies
    report = evaluate_norms(seeker_event(six_own, field=field))
    assert report.swiss_exemption.applies
    result = report.by_tpn()[1].achieved[0]
    assert result.title is NormTitle.GM and any("1.4.3d" in x for x in result.exceptions)
    robin = evaluate_norms(seeker_event(six_own, field=field, system="round-robin"))
    assert not robin.swiss_exemption.applies


def test_art_1_4_3a_national_championship_exempts_host_players() -> None:
    from swissdesk.norms import NormSettings

    six_own = list(CASE_A)
    six_own[3] = Opp(2500, "IM", "FRA", "1")
    six_own[7] = Opp(2400, "FM", "FRA", "1")
    six_own[0] = Opp(2600, "GM", "FRA", "=")  # now 7 of 9 from FRA
    declared = NormSettings(exemption="1.4.3a")
    assert failed_articles(norm(seeker_event(six_own))) == ["1.4.4", "1.4.4"]  # 3/5, 2/3
    assert norm(seeker_event(six_own), settings=declared).achieved
    # a player of another federation gets no exemption from a national championship:
    # 7 FRA opponents are more than 2/3
    guest = norm(seeker_event(six_own, federation="BEL"), settings=declared)
    assert failed_articles(guest) == ["1.4.4"]


# -- art. 1.4.5: titles ------------------------------------------------------------------


def test_art_1_4_5_two_gms_are_short_for_a_gm_norm_not_for_an_im_norm() -> None:
    two_gms = list(CASE_A)
    two_gms[2] = Opp(2560, "IM", "NED", "1")
    event = seeker_event(two_gms, title="FM")
    assert failed_articles(norm(event)) == ["1.4.5b"]
    assert norm(event, NormTitle.IM).achieved


# -- art. 1.4.6: the rating floor and unrated opponents ---------------------------------


FLOOR_CASE = [
    Opp(2600, "GM", "GER", "="),
    Opp(2580, "GM", "ESP", "="),
    Opp(2560, "GM", "NED", "="),
    Opp(2520, "IM", "USA", "1"),
    Opp(2500, "IM", "ENG", "="),
    Opp(2480, "IM", "ITA", "1"),
    Opp(2450, "FM", "SUI", "="),
    Opp(2410, "FM", "AUT", "="),
    Opp(1900, "", "FRA", "1"),
]


def test_art_1_4_6_norm_with_the_rating_floor_raised() -> None:
    """Sum 22000: without the floor Ra 2444.4 -> 2444, 6/9 = 67 % (dp 125): 2569, short.
    The 1900 raised to the GM floor 2200: sum 22300, Ra 2477.8 -> 2478, Rp 2603: a norm."""
    result = norm(seeker_event(FLOOR_CASE))
    assert result.achieved
    assert (result.average, result.performance) == (2478, 2603)
    lowest = result.games[8]
    assert (lowest.rating, lowest.counted_rating) == (1900, 2200)
    assert any("1.4.6c" in x for x in result.exceptions)


def test_art_1_4_6c_only_the_lowest_opponent_is_raised() -> None:
    two_low = list(FLOOR_CASE)
    two_low[7] = Opp(2000, "FM", "AUT", "=")
    result = norm(seeker_event(two_low))
    counted = {g.rating: g.counted_rating for g in result.games}
    assert counted[1900] == 2200 and counted[2000] == 2000


def test_art_1_4_6d_unrated_opponents_count_1400_the_lowest_raised() -> None:
    """IM norm: two unrated opponents (both won) count 1400; the first, the lowest, is
    raised to the IM floor 2050. Sum 20310, Ra 2256.7 -> 2257; 7/9 = 78 %, dp 220: 2477,
    a norm. Without the floor Ra 2184: below 2230."""
    opponents = [
        Opp(0, "", "GER", "1"),
        Opp(0, "", "ESP", "1"),
        Opp(2500, "GM", "NED", "="),
        Opp(2480, "GM", "USA", "="),
        Opp(2450, "IM", "ENG", "="),
        Opp(2400, "IM", "ITA", "1"),
        Opp(2380, "IM", "SUI", "="),
        Opp(2350, "FM", "AUT", "1"),
        Opp(2300, "FM", "BEL", "1"),
    ]
    result = norm(seeker_event(opponents, title="FM"), NormTitle.IM)
    assert result.achieved
    assert [g.counted_rating for g in result.games[:2]] == [2050, 1400]
    assert (result.average, result.performance) == (2257, 2477)


# -- art. 1.4.1: games, and the exceptions ----------------------------------------------


def test_art_1_4_1c_eight_games_and_the_pab_in_a_nine_round_event() -> None:
    """Case A with round 9 the seeker's PAB: 8 games (sum 19990, Ra 2499, 6/8 = 75 %,
    dp 193: 2692) count as a 9-game norm. With a requested half-point bye instead: 8
    games only, no norm."""
    with_pab = [*CASE_A[:8], Opp(2380, "", "FRA", "U")]
    result = norm(seeker_event(with_pab))
    assert result.achieved and len(result.games) == 8
    assert any("1.4.1c" in x for x in result.exceptions)
    with_bye = [*CASE_A[:8], Opp(2380, "", "FRA", "H")]
    assert failed_articles(norm(seeker_event(with_bye))) == ["1.4.1"]


def test_art_1_4_2c_last_round_forfeit_counted_as_a_loss() -> None:
    """Ten rounds, a requested bye in round 4, a forfeit win in round 10 against a GM
    (2500 SWE): 8 games. Counted as a lost game: 9 games, sum 22490, Ra 2499; 6/9 = 67 %,
    dp 125: 2624, a norm. The same forfeit in round 5 is no game at all: no norm."""
    opponents = [
        *CASE_A[:3],
        Opp(0, "", "GER", "H"),
        *CASE_A[3:8],
        Opp(2500, "GM", "SWE", "+"),
    ]
    result = norm(seeker_event(opponents))
    assert result.achieved and len(result.games) == 9
    assert result.games[-1].score == 0 and "1.4.2 c" in result.games[-1].note
    assert (result.average, result.performance) == (2499, 2624)
    assert any("1.4.2c" in x for x in result.exceptions)
    early = list(opponents)
    early[4], early[9] = early[9], early[4]
    assert not evaluate_norms(seeker_event(early)).by_tpn()[1].achieved


def test_art_1_4_1e_games_after_the_title_result_ignored() -> None:
    """Case A (a norm after round 9), then a loss to a 2300 in round 10: 10 games give
    Ra 2467, 6.5/10 = 65 %, 2577. The norm of round 9 stands; the later game is ignored."""
    result = norm(seeker_event([*CASE_A, Opp(2300, "", "FRA", "0")]))
    assert result.achieved and result.last_round_used == 9
    assert any("1.4.1e" in x for x in result.exceptions)
    # predetermined pairings (round robin): all rounds count
    robin = norm(seeker_event([*CASE_A, Opp(2300, "", "FRA", "0")], system="round-robin"))
    assert not robin.achieved


def test_art_1_4_1f_a_win_against_a_weak_opponent_ignored() -> None:
    """Round 1 a win against a 1950 (raised to 2200), then nine opponents summing 21510
    (7 points). All ten: sum 23710, Ra 2371, below 2380, and 3 GMs where ten games need
    4 (1.4.5 b). Without the round-1 win: Ra 2390, 7/9 = 78 %, dp 220: 2610, a norm."""
    opponents = [
        Opp(1950, "", "FRA", "1"),
        Opp(2500, "GM", "GER", "="),
        Opp(2480, "GM", "ESP", "="),
        Opp(2460, "GM", "NED", "1"),
        Opp(2420, "IM", "USA", "1"),
        Opp(2400, "IM", "ENG", "="),
        Opp(2380, "IM", "ITA", "1"),
        Opp(2350, "FM", "SUI", "="),
        Opp(2300, "FM", "AUT", "1"),
        Opp(2220, "", "BEL", "1"),
    ]
    player = evaluate_norms(seeker_event(opponents)).by_tpn()[1]
    plain = next(r for r in player.latest if r.title is NormTitle.GM)
    assert plain.average == 2371 and failed_articles(plain) == ["1.4.5b", "1.4.8a"]
    result = player.achieved[0]
    assert result.average == 2390 and result.performance == 2610
    assert 1 not in [g.round for g in result.games]
    assert any("1.4.1f" in x for x in result.exceptions)


# -- after each round and the forecast --------------------------------------------------


def test_norm_forecast_after_round_7_of_9() -> None:
    """After 7 rounds of Case A: 5/7 against a sum of 17590 (Ra 2513). Two rounds left,
    9 games: 2 more points (7/9 = 78 %, dp 220) need Ra >= 2380: the last two average
    >= (2379.5 x 9 - 17590) / 2 = 1912.75 -> 1913; 1.5 (72 %, 166): 2156; 1 (67 %, 125):
    2341; 0.5 (61 %, 80): 2543; nothing (56 %, 43): 2710, above anyone in the field."""
    event = seeker_event(CASE_A[:7], total_rounds=9)
    player = evaluate_norms(event).by_tpn()[1]
    assert not player.achieved
    forecast = next(f for f in player.forecasts if f.title is NormTitle.GM)
    assert forecast.rounds_left == 2 and forecast.current_average == 2513
    assert forecast.points_needed == ((1, 2543), (2, 2341), (3, 2156), (4, 1913))
    assert forecast.at_current_average == 2  # one point against a 2513 average
    assert forecast.opponents_needed == ()


def test_norm_forecast_names_missing_opponents() -> None:
    """After 6 rounds with one GM met: two more GMs are needed in the three rounds left."""
    opponents = [Opp(2600, "GM", "GER", "1")] + [Opp(2500, "IM", "ESP", "1")] * 5
    player = evaluate_norms(seeker_event(opponents, total_rounds=9)).by_tpn()[1]
    forecast = next(f for f in player.forecasts if f.title is NormTitle.GM)
    assert forecast.opponents_needed[0].startswith("2 more GM")


def test_norms_after_each_round() -> None:
    event = seeker_event(CASE_A)
    after = [bool(evaluate_norms(event, after_round=r).by_tpn()[1].achieved) for r in range(1, 10)]
    assert after == [False] * 8 + [True]


def test_norms_sought_by_title_and_sex() -> None:
    assert norms_sought("GM", "m") == ()
    assert norms_sought("IM", "m") == (NormTitle.GM,)
    assert norms_sought("FM", "w") == (NormTitle.GM, NormTitle.IM, NormTitle.WGM, NormTitle.WIM)
    assert norms_sought("WGM", "w") == (NormTitle.GM, NormTitle.IM)
    assert norms_sought("WIM", "w") == (NormTitle.GM, NormTitle.IM, NormTitle.WGM)


def test_no_norms_outside_standard_chess() -> None:
    report = evaluate_norms(seeker_event(CASE_A), rating_type="rapid")
    assert not report.applicable and "standard" in report.note
