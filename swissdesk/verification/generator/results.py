"""Game results drawn from FIDE's rating table (C.02 checklist Q32).

The expected score comes from the FIDE Rating Regulations (Handbook B.02, in force from
1 March 2024, art. 8.3.1 as amended from 1 October 2025): table 8.1(b) turns the rating
difference ``D`` into the higher-rated player's scoring probability ``PD``, and "a difference
in rating of more than 400 points shall be counted for rating purposes as though it were a
difference of 400 points" for players rated below 2650 (for 2650 and above the actual
difference counts). The table has no colour advantage, so none is added.

A table gives the expectation only; the draw rate shapes the rest. Between equal ratings a
game is drawn with the draw rate ``d``; the draws shrink with the difference as
``d * 2 * min(PD, 1 - PD)``, and wins and losses take what is left so that the expected score
is exactly ``PD``: ``P(win) = PD - P(draw) / 2``. Everything is in integer parts of 10,000
(the table's hundredths times the draw percentage), so a seed gives the same results on every
machine.
"""

from __future__ import annotations

import random

from swissdesk.model.tournament import ResultCode
from swissdesk.tiebreaks.rating_tables import expected_score_hundredths

RULE_OF_400 = 400
"""Art. 8.3.1: the largest rating difference counted (for players rated below 2650)."""

RULE_OF_400_LIMIT = 2650
"""Art. 8.3.1 (from 1 October 2025): from this rating on the actual difference counts."""


def scoring_probability(rating: int, opponent: int) -> int:
    """Expected score of ``rating`` against ``opponent`` in hundredths (table 8.1(b)), the
    difference capped at 400 unless the higher-rated of the two is rated 2650 or more.

    An unrated player (0) has no rating to compare: the game is taken as even (50).
    """
    if rating <= 0 or opponent <= 0:
        return 50
    difference = rating - opponent
    if max(rating, opponent) < RULE_OF_400_LIMIT:
        difference = max(-RULE_OF_400, min(RULE_OF_400, difference))
    return expected_score_hundredths(opponent + difference, opponent)


def result_odds(white: int, black: int, draw_percent: int) -> tuple[int, int, int]:
    """``(win, draw, loss)`` chances of White in parts of 10,000 (they add up to 10,000)."""
    expected = scoring_probability(white, black) * 100
    draw = draw_percent * 2 * min(expected, 10_000 - expected) // 100
    draw -= draw % 2
    win = expected - draw // 2
    return win, draw, 10_000 - win - draw


def draw_result(
    rng: random.Random, white: int, black: int, draw_percent: int
) -> tuple[ResultCode, ResultCode]:
    """White's and Black's results of one game played over the board."""
    win, draw, _ = result_odds(white, black, draw_percent)
    u = rng.randrange(10_000)
    if u < win:
        return ResultCode.WIN, ResultCode.LOSS
    if u < win + draw:
        return ResultCode.DRAW, ResultCode.DRAW
    return ResultCode.LOSS, ResultCode.WIN
