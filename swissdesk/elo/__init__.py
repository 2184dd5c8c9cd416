"""Rating changes: what every player takes home in rating points (FIDE Rating Regulations,
the Rapid and Blitz Rating Regulations, and a national Elo list).

Standard library only, below storage: the window, the PDFs and ``swissdesk ratings`` show
the one computation :func:`rating_changes` makes. Storage only keeps the inputs
(:class:`PlayerRatingInput`, :class:`NationalSystem`).
"""

from swissdesk.elo.change import (
    FIDE,
    NATIONAL,
    GameChange,
    InitialRating,
    NationalSystem,
    PlayerChange,
    PlayerRatingInput,
    RatingInputs,
    RatingReport,
    counted_difference,
    expected_score,
    fide_cap,
    hundredths,
    points_text,
    rating_changes,
    report_rows,
)
from swissdesk.elo.kfactor import KFactor, development_coefficient, year_of
from swissdesk.elo.regulations import (
    RAPID_BLITZ_REGULATIONS,
    RATING_REGULATIONS,
    round_half_away_from_zero,
    round_half_up,
)

__all__ = [
    "FIDE",
    "NATIONAL",
    "RAPID_BLITZ_REGULATIONS",
    "RATING_REGULATIONS",
    "GameChange",
    "InitialRating",
    "KFactor",
    "NationalSystem",
    "PlayerChange",
    "PlayerRatingInput",
    "RatingInputs",
    "RatingReport",
    "counted_difference",
    "development_coefficient",
    "expected_score",
    "fide_cap",
    "hundredths",
    "points_text",
    "rating_changes",
    "report_rows",
    "round_half_away_from_zero",
    "round_half_up",
    "year_of",
]
