"""The FIDE rating tables the rating-based tie-breaks need (FIDE Rating Regulations B.02).

C.07 art. 10 defines TPR and PTP through the conversion tables of the rating regulations:
table 8.1(a) turns a fractional score ``p`` into a rating difference ``dp``; table 8.1(b)
turns a rating difference ``D`` into the expected score ``PD`` of the higher-rated player.
Both are kept here in integer hundredths so that no tie-break ever compares floats.
"""

from __future__ import annotations

from bisect import bisect_left

from swissdesk.i18n import _

# Table 8.1(a): dp for p = 1.00, 0.99, ..., 0.51 (the lower half is the mirror image).
_DP_UPPER_HALF = (
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383,
    366, 351, 336, 322, 309, 296, 284, 273, 262, 251,
    240, 230, 220, 211, 202, 193, 184, 175, 166, 158,
    149, 141, 133, 125, 117, 110, 102, 95, 87, 80,
    72, 65, 57, 50, 43, 36, 29, 21, 14, 7,
)  # fmt: skip


def dp_for_percentage(p_hundredths: int) -> int:
    """Rating difference ``dp`` for a score fraction given in hundredths (0..100), table 8.1(a)."""
    if not 0 <= p_hundredths <= 100:
        raise ValueError(
            _("score fraction out of range: {p_hundredths}").format(p_hundredths=p_hundredths)
        )
    if p_hundredths == 50:
        return 0
    if p_hundredths > 50:
        return _DP_UPPER_HALF[100 - p_hundredths]
    return -_DP_UPPER_HALF[p_hundredths]


# Table 8.1(b): the upper bound of each rating-difference band and the higher-rated player's
# expected score (hundredths) in it: 0-3 -> .50, 4-10 -> .51, ..., 620-735 -> .99, > 735 -> 1.00.
_PD_BAND_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip


def expected_score_hundredths(rating: int, opponent_rating: int) -> int:
    """Expected score (hundredths) of a player rated ``rating`` against ``opponent_rating``.

    Table 8.1(b), with the difference capped at 800 as the table does.
    """
    diff = min(abs(rating - opponent_rating), 800)
    band = bisect_left(_PD_BAND_UPPER, diff)
    pd_high = 50 + band  # band 50 (beyond 735) gives 100
    return pd_high if rating >= opponent_rating else 100 - pd_high
