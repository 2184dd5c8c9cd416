"""Later ratings linked to rounds and the choice of the tie-breaks' ratings, as the file
keeps them (C.02 VCL Q210-216)."""

from __future__ import annotations

import pytest

from swissdesk.model.ratings import (
    LaterRating,
    PlayerRatings,
    Rating,
    RatingRules,
    TiebreakRatingMode,
    TiebreakRatings,
    rating_in_round,
)


def test_q212_q213_later_ratings_survive_the_files_json() -> None:
    ratings = PlayerRatings(
        standard=Rating(2100, "FIDE", "2026-11"),
        later=(
            LaterRating(4, Rating(2115, "FIDE", "2026-12")),
            LaterRating(8, Rating(2090, "FIDE", "2027-01")),
        ),
    )
    assert PlayerRatings.from_json(ratings.to_json()) == ratings
    # round 1 holds the first rating; a later one never starts in round 1 or before
    assert PlayerRatings.from_json({"later": [{"from_round": 1, "value": 2000}]}).later == ()
    assert PlayerRatings.from_json({"later": "junk"}).later == ()
    # only later ratings: the set is not empty (an older file's figures do not replace it)
    assert not PlayerRatings(later=ratings.later).empty


def test_q213_the_rating_of_a_round() -> None:
    later = ((4, 2115), (8, 2090))
    assert [rating_in_round(2100, later, r) for r in (1, 3, 4, 7, 8, 9)] == [
        2100,
        2100,
        2115,
        2115,
        2090,
        2090,
    ]


def test_q210_q216_the_sections_rules_keep_the_flag_and_the_choice() -> None:
    rules = RatingRules(
        long_event=True, tiebreak_ratings=TiebreakRatings(TiebreakRatingMode.ROUND, 5)
    )
    assert RatingRules.from_json(rules.to_json()) == rules
    old = {k: v for k, v in rules.to_json().items() if k not in ("long_event", "tiebreak_ratings")}
    assert RatingRules.from_json(old) == RatingRules()  # files before the flag: not long


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("first", TiebreakRatings()),
        ("each", TiebreakRatings(TiebreakRatingMode.EACH_ROUND)),
        ("round:5", TiebreakRatings(TiebreakRatingMode.ROUND, 5)),
        ("5", TiebreakRatings(TiebreakRatingMode.ROUND, 5)),
    ],
)
def test_q216_tiebreak_ratings_parse(text: str, expected: TiebreakRatings) -> None:
    assert TiebreakRatings.parse(text) == expected
    assert TiebreakRatings.parse(expected.code) == expected


@pytest.mark.parametrize("text", ["round", "round:0", "latest", ""])
def test_q216_tiebreak_ratings_refuse_what_is_no_choice(text: str) -> None:
    with pytest.raises(ValueError):
        TiebreakRatings.parse(text)
