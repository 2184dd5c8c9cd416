"""Rating changes, article by article (FIDE Rating Regulations effective from 1 March 2024,
art. 8.3.1 as amended from 1 October 2025; Rapid and Blitz Rating Regulations of 1 March
2024).

The regulations print no worked example of a calculation: what they print are the two
conversion tables (8.1.1, 8.1.2), the constants of art. 8.2-8.3 and the rounding rules.
Those printed rows and rules are checked first; then hand-computed cases, each worked out
in its docstring.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from swissdesk.elo import (
    NATIONAL,
    NationalSystem,
    PlayerRatingInput,
    RatingInputs,
    counted_difference,
    development_coefficient,
    expected_score,
    fide_cap,
    rating_changes,
    round_half_away_from_zero,
)
from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
    TournamentInfo,
)
from swissdesk.tiebreaks.rating_tables import dp_for_percentage

CODES = {"1": ResultCode.WIN, "=": ResultCode.DRAW, "0": ResultCode.LOSS,
         "+": ResultCode.FORFEIT_WIN, "-": ResultCode.FORFEIT_LOSS,
         "W": ResultCode.UNRATED_WIN}  # fmt: skip
MIRROR = {ResultCode.WIN: ResultCode.LOSS, ResultCode.LOSS: ResultCode.WIN,
          ResultCode.DRAW: ResultCode.DRAW, ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
          ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
          ResultCode.UNRATED_WIN: ResultCode.UNRATED_LOSS}  # fmt: skip


def one_player_event(
    rating: int,
    games: list[tuple[int, str]],
    *,
    birth: str = "",
    start: str = "2026/11/20",
) -> Tournament:
    """Player 1 (``rating``, born ``birth``) meets one new opponent per round:
    ``(opponent rating, result)`` with result ``1 = 0 + - W``."""
    mine: list[RoundEntry] = []
    others: list[Player] = []
    n = len(games)
    for i, (opp_rating, code) in enumerate(games):
        result = CODES[code]
        tpn = i + 2
        mine.append(RoundEntry(tpn, Colour.WHITE, result))
        theirs = [RoundEntry.bye(ResultCode.NOT_PAIRED)] * n
        theirs[i] = RoundEntry(1, Colour.BLACK, MIRROR[result])
        others.append(Player(tpn, f"Opponent {tpn}", rating=opp_rating, rounds=tuple(theirs)))
    me = Player(1, "Player", rating=rating, birth_date=birth, rounds=tuple(mine))
    return Tournament(
        (me, *others), total_rounds=n, info=TournamentInfo(name="Rated", start_date=start)
    )


# -- art. 8.1.2: D into PD, the table as printed -------------------------------------------


@pytest.mark.parametrize(
    ("d", "higher", "lower"),
    [
        (0, 50, 50), (3, 50, 50), (4, 51, 49), (10, 51, 49), (11, 52, 48), (25, 53, 47),
        (91, 62, 38), (92, 63, 37), (197, 75, 25), (198, 76, 24), (344, 88, 12),
        (345, 89, 11), (391, 91, 9), (392, 92, 8), (400, 92, 8), (411, 92, 8), (412, 93, 7),
        (619, 98, 2), (620, 99, 1), (735, 99, 1), (736, 100, 0), (1000, 100, 0),
    ],
)  # fmt: skip
def test_art_8_1_2_table_rows(d: int, higher: int, lower: int) -> None:
    """Every band edge checked is a row of table 8.1.2 (PD for H and for L)."""
    assert expected_score(d) == higher
    assert expected_score(-d) == lower


@pytest.mark.parametrize(
    ("p", "dp"),
    [(100, 800), (99, 677), (92, 401), (85, 296), (67, 125), (57, 50), (51, 7), (50, 0),
     (49, -7), (35, -110), (29, -158), (8, -401), (1, -677), (0, -800)],
)  # fmt: skip
def test_art_8_1_1_table_rows(p: int, dp: int) -> None:
    assert dp_for_percentage(p) == dp


# -- art. 8.3.1: the 400-point rule ---------------------------------------------------------


def test_art_8_3_1_difference_over_400_counts_as_400() -> None:
    """A 2100 beats a 1600: D = 500 counts as 400, PD .92 (not .96), K 20 gives
    20 x (1 - .92) = +1.60; the 1600 loses 20 x (0 - .08) = -1.60."""
    t = one_player_event(2100, [(1600, "1")])
    report = rating_changes(t).by_tpn()
    game = report[1].games[0]
    assert (game.difference, game.capped, game.expected) == (400, True, 92)
    assert report[1].change == Fraction(8, 5)
    assert report[2].games[0].difference == -400
    assert report[2].change == Fraction(-8, 5)


def test_art_8_3_1_no_cap_from_2650_in_standard_chess() -> None:
    """From 1 October 2025 a player rated 2650+ uses the real difference: a 2700 (K 10)
    beating a 2200: D = 500, PD .96, +0.40 (with the cap it would be .92, +0.80). The
    2200 (below 2650, K 20) keeps the cap: D = -400, PD .08, -1.60."""
    t = one_player_event(2700, [(2200, "1")])
    report = rating_changes(t).by_tpn()
    assert report[1].k is not None and report[1].k.value == 10
    assert (report[1].games[0].difference, report[1].games[0].expected) == (500, 96)
    assert report[1].change == Fraction(2, 5)
    assert report[2].games[0].difference == -400
    assert report[2].change == Fraction(-8, 5)


def test_art_7_3_1_rapid_keeps_the_cap_for_everyone() -> None:
    """The rapid and blitz text has no 2650 exemption: the same game in rapid gives the
    2700 PD .92 and +0.80."""
    t = one_player_event(2700, [(2200, "1")])
    report = rating_changes(t, RatingInputs(rating_type="rapid")).by_tpn()
    assert report[1].games[0].difference == 400
    assert report[1].change == Fraction(4, 5)
    assert fide_cap(2700, "standard") is None and fide_cap(2700, "blitz") == 400
    assert counted_difference(1500, 2000, cap=400) == (-400, True)


def test_art_7_3_1_rapid_600_points_apart_above_2600_not_rated() -> None:
    """Rapid/blitz from 1 December 2024: 2650 against 2040 (610 apart, one above 2600) is
    not rated; 2650 against 2060 (590 apart) is."""
    t = one_player_event(2650, [(2040, "1"), (2060, "1")])
    rapid = rating_changes(t, RatingInputs(rating_type="blitz")).by_tpn()[1]
    assert [g.counted for g in rapid.games] == [False, True]
    assert "600" in rapid.games[0].note
    standard = rating_changes(t).by_tpn()[1]
    assert [g.counted for g in standard.games] == [True, True]


def test_art_8_3_1_game_against_unrated_opponent_not_rated() -> None:
    """Only games against rated players count: a 1900 beating an unrated player and drawing
    a 1900 changes by 20 x (0.5 - 0.5) = 0; the unrated game is listed, not counted."""
    t = one_player_event(1900, [(0, "1"), (1900, "=")])
    me = rating_changes(t).by_tpn()[1]
    assert [g.counted for g in me.games] == [False, True]
    assert me.change == 0
    assert "unrated opponent" in me.games[0].note


def test_art_5_1_forfeits_and_unrated_results_not_rated() -> None:
    """A forfeit win, a forfeit loss and a game marked W (played, not rated) change
    nothing; the one real game (a 2000 beats a 2000, K 20) gives +10.00."""
    t = one_player_event(2000, [(2000, "+"), (2100, "-"), (1900, "W"), (2000, "1")])
    me = rating_changes(t).by_tpn()[1]
    assert [g.counted for g in me.games] == [False, False, False, True]
    assert me.change == 10


def test_art_8_3_2_event_change_is_the_sum_of_k_times_delta() -> None:
    """A 2000 (K 20): win against 1900 (D 100: PD .64, +7.20), draw with 2100 (D -100:
    PD .36, +2.80), loss to 2050 (D -50: PD .43, -8.60): Sigma = +1.40, rounded +1."""
    t = one_player_event(2000, [(1900, "1"), (2100, "="), (2050, "0")])
    me = rating_changes(t).by_tpn()[1]
    assert [g.change for g in me.games] == [Fraction(36, 5), Fraction(14, 5), Fraction(-43, 5)]
    assert me.expected == Fraction(143, 100) and me.points == Fraction(3, 2)
    assert me.change == Fraction(7, 5)
    assert (me.change_rounded, me.new_rating) == (1, 2001)


# -- art. 8.3.3: K ------------------------------------------------------------------------


def test_art_8_3_3_junior_k_40_until_the_end_of_the_year_of_the_18th_birthday() -> None:
    """In an event of 2026: born 2008 (18 in 2026) and rated 2150: K 40; born 2007: 20;
    born 2010 but rated 2300 (not under 2300): 20."""
    assert development_coefficient(2150, birth_year=2008, event_year=2026).value == 40
    assert development_coefficient(2150, birth_year=2007, event_year=2026).value == 20
    assert development_coefficient(2300, birth_year=2010, event_year=2026).value == 20


def test_art_8_3_3_junior_k_in_an_event() -> None:
    """A junior (born 2012/05/01) rated 1800 beats a 1800 in an event starting 2026/11/20:
    K 40, 40 x (1 - .50) = +20."""
    t = one_player_event(1800, [(1800, "1")], birth="2012/05/01")
    me = rating_changes(t).by_tpn()[1]
    assert me.k is not None and me.k.value == 40 and "junior" in me.k.reason
    assert me.change == 20


def test_art_8_3_3_new_player_rating_level_and_k_times_n() -> None:
    """29 rated games before: 40; 30: 20; 2400+: 10; 2399: 20. K x n <= 700: K 40 over 18
    games is 720, so K = 38 (38 x 18 = 684)."""
    assert development_coefficient(1700, rated_games=29).value == 40
    assert development_coefficient(1700, rated_games=30).value == 20
    assert development_coefficient(2400).value == 10
    assert development_coefficient(2399).value == 20
    capped = development_coefficient(1700, rated_games=5, games_in_event=18)
    assert capped.value == 38 and "700" in capped.reason


def test_art_8_3_3_k_from_the_list_or_the_arbiter_wins() -> None:
    """The list's K (it knows the player once reached 2400) and the arbiter's K replace
    the rules: a 2350 whose list K is 10 gains 10 x (1 - .50) = +5 against a 2350."""
    t = one_player_event(2350, [(2350, "1")])
    listed = RatingInputs({1: PlayerRatingInput(k_factor=10, k_source="rating list 2026-11")})
    me = rating_changes(t, listed).by_tpn()[1]
    assert me.k is not None and (me.k.value, me.k.source) == (10, "list")
    assert me.change == 5
    arbiter = RatingInputs({1: PlayerRatingInput(k_factor=40, k_source="arbiter")})
    assert rating_changes(t, arbiter).by_tpn()[1].change == 20


# -- art. 8.3.4: rounding ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "rounded"),
    [(Fraction(15, 2), 8), (Fraction(-15, 2), -8), (Fraction(749, 100), 7),
     (Fraction(-1, 2), -1), (Fraction(1, 2), 1), (Fraction(-49, 100), 0), (Fraction(0), 0)],
)  # fmt: skip
def test_art_8_3_4_half_rounded_away_from_zero(change: Fraction, rounded: int) -> None:
    assert round_half_away_from_zero(change) == rounded


# -- art. 7.1.4, 8.2: unrated players -------------------------------------------------------


def test_art_8_2_first_rating_with_two_hypothetical_1800_draws() -> None:
    """3/5 against 1500, 1600, 1700, 1800, 1900: Ra = (8500 + 2 x 1800) / 7 = 1728.57;
    p = (3 + 1) / 7 = 57 %, dp = 50; Ru = 1778.57, rounded 1779."""
    t = one_player_event(0, [(1500, "1"), (1600, "1"), (1700, "1"), (1800, "0"), (1900, "0")])
    me = rating_changes(t).by_tpn()[1]
    assert me.change is None and me.k is None
    assert me.initial is not None
    assert me.initial.average == Fraction(12100, 7)
    assert (me.initial.percentage, me.initial.dp, me.initial.rating) == (57, 50, 1779)
    assert me.initial.published and me.new_rating == 1779


def test_art_8_2_3_maximum_initial_rating_2200() -> None:
    """5/5 against five 2300s: Ra = (11500 + 3600) / 7 = 2157.14, p = 6/7 = 86 %, dp 309:
    2466, capped at 2200."""
    t = one_player_event(0, [(2300, "1")] * 5)
    initial = rating_changes(t).by_tpn()[1].initial
    assert initial is not None and (initial.rating, initial.published) == (2200, True)


def test_art_7_1_4_five_games_and_the_1400_floor() -> None:
    """Four games are not enough; 1/5 against five 1400s gives Ra = 10600/7 = 1514.29,
    p = 2/7 = 29 %, dp -158: 1356, below 1400: not published."""
    four = rating_changes(one_player_event(0, [(1800, "1")] * 4)).by_tpn()[1]
    assert four.initial is not None and not four.initial.published
    assert "4 of 5" in four.status
    low = one_player_event(0, [(1400, "1")] + [(1400, "0")] * 4)
    initial = rating_changes(low).by_tpn()[1].initial
    assert initial is not None and initial.rating == 1356 and not initial.published
    assert "1400" in initial.status


def test_art_8_2_1_zero_score_disregarded() -> None:
    t = one_player_event(0, [(1600, "0")] * 6)
    me = rating_changes(t).by_tpn()[1]
    assert me.initial is not None and me.initial.rating is None
    assert "8.2.1" in me.status


def test_unrated_opponents_do_not_count_towards_a_first_rating() -> None:
    """An unrated player's game against another unrated player is no rated game (8.2.2)."""
    t = one_player_event(0, [(0, "1")] + [(1600, "1")] * 5)
    me = rating_changes(t).by_tpn()[1]
    assert me.initial is not None and me.initial.games == 5


# -- a national list ----------------------------------------------------------------------


def test_national_list_with_its_own_k_and_limit() -> None:
    """National K 25 and a 350-point rule: a 1700 nationally beats a 2200: D -350 (capped
    from -500, band 345-357), PD .11, 25 x .89 = +22.25; without a limit D -500, PD .04,
    25 x .96 = +24.00."""
    t = one_player_event(2000, [(2000, "1")])
    inputs = RatingInputs(
        {1: PlayerRatingInput(national_rating=1700), 2: PlayerRatingInput(national_rating=2200)},
        national=NationalSystem("ECF", k=25, cap=350),
    )
    report = rating_changes(t, inputs, system=NATIONAL)
    me = report.by_tpn()[1]
    assert report.list_name == "ECF"
    assert (me.games[0].difference, me.games[0].expected) == (-350, 11)
    assert me.change == Fraction(89, 4)
    uncapped = RatingInputs(inputs.players, national=NationalSystem("ECF", k=25, cap=None))
    assert rating_changes(t, uncapped, system=NATIONAL).by_tpn()[1].change == 24
