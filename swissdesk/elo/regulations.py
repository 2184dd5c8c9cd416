"""Which FIDE texts this package implements, and the small rules they state in numbers.

Standard library only. The editions (FIDE Handbook, in force on 27 November 2026):

* FIDE Rating Regulations effective from 1 March 2024 (approved by the FIDE Council on
  15 December 2023; handbook chapter B022024), with the amendment of art. 8.3.1 effective
  from 1 October 2025 (no 400-point rule for players rated 2650 and above);
* FIDE Rapid and Blitz Rating Regulations effective from 1 March 2024 (chapter
  B02RBRegulations2024), with the rule effective from 1 December 2024 that a game between
  players 600 or more points apart is not rated when one of them is rated above 2600.

Arithmetic is exact: expected scores are integer hundredths (the tables print two decimals),
rating changes :class:`fractions.Fraction`; rounding is stated where the texts round.
"""

from __future__ import annotations

from fractions import Fraction

from swissdesk.i18n import N_

RATING_REGULATIONS = N_(
    "FIDE Rating Regulations effective from 1 March 2024 "
    "(art. 8.3.1 as amended from 1 October 2025)"
)
RAPID_BLITZ_REGULATIONS = N_("FIDE Rapid and Blitz Rating Regulations effective from 1 March 2024")

RATING_TYPES = ("standard", "rapid", "blitz")
"""The FIDE rating types, as :func:`swissdesk.model.timecontrol.rating_type` names them."""

DIFFERENCE_CAP = 400
"""Art. 8.3.1 (rapid/blitz 7.3.1): a difference of more than 400 points counts as 400."""

NO_CAP_FROM = 2650
"""Art. 8.3.1 as amended from 1 October 2025 (standard only): for a player rated 2650 and
above the real difference is used in all cases."""

UNRATED_GAP = 600
UNRATED_GAP_ABOVE = 2600
"""Rapid and blitz art. 7.3.1 (from 1 December 2024): a game between players whose ratings
differ by 600 or more is not rated if at least one of them is rated above 2600."""

INITIAL_GAMES = 5
"""Art. 7.1.4: a first rating needs at least 5 games against rated opponents (which may be
pooled from events within 26 months)."""
INITIAL_FLOOR = 1400
"""Art. 7.1.4 / 7.2.1: the rating floor; a first rating below it is not published."""
INITIAL_MAXIMUM = 2200
"""Art. 8.2.3: the maximum initial rating."""
HYPOTHETICAL_OPPONENT = 1800
"""Art. 8.2.2: two hypothetical opponents rated 1800, both games drawn."""

K_NEW = 40
K_JUNIOR = 40
K_BELOW_2400 = 20
K_FROM_2400 = 10
NEW_PLAYER_GAMES = 30
JUNIOR_AGE = 18
JUNIOR_BELOW = 2300
K_TIMES_GAMES_MAXIMUM = 700
"""Art. 8.3.3: the development coefficient K (the same text in rapid/blitz art. 7.3.3)."""


def round_half_up(value: Fraction) -> int:
    """The nearest whole number, a half rounded up (art. 8.2.3 rounds Ru "to the nearest
    whole number"; Title Regulations 1.4.7 b says "the fraction 0.5 is rounded upward")."""
    return (value.numerator * 2 + value.denominator) // (value.denominator * 2)


def round_half_away_from_zero(value: Fraction) -> int:
    """Art. 8.3.4: the rating change is rounded to the nearest whole number, 0.5 away from
    zero (+7.5 is 8, -7.5 is -8)."""
    if value < 0:
        return -round_half_up(-value)
    return round_half_up(value)


def percentage(score: Fraction, games: int) -> int:
    """A fractional score as a whole percentage, 0.5 % rounded up (the rule printed under the
    table of the Title Regulations, 1.4.9, used here for every lookup in table 8.1.1)."""
    return round_half_up(score * 100 / games)
