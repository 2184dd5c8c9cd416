"""The registration desk's rules (swissdesk/model/entry_rules.py): ages on 1 January, rating
limits, one person in two registrations, sections played at the same time."""

from __future__ import annotations

import datetime as dt

from swissdesk.model.entry_rules import (
    Person,
    age_on_first_january,
    played_at_the_same_time,
    playing_days,
    rule_warnings,
    same_person,
)


def test_age_counts_on_1_january_of_the_sections_year() -> None:
    # FIDE youth events: "under 16 on 1 January" - born on 1 January 2010 is 16 then.
    assert age_on_first_january("2010/01/01", 2026) == 16
    assert age_on_first_january("2010/01/02", 2026) == 15
    assert age_on_first_january("2010-12-31", 2026) == 15
    assert age_on_first_january("2010", 2026) == 16  # a year alone, as the rating list has
    assert age_on_first_january("", 2026) is None


def test_rating_and_age_limits_warn_with_the_reason() -> None:
    fits = rule_warnings(
        "Ann", 1799, "2011/05/05", section="B", rating_below=1800, age_under=16, year=2026
    )
    assert fits == []
    assert rule_warnings("Ann", 1800, "", section="B", rating_below=1800, year=2026) == [
        "Ann is rated 1800: B is for players rated under 1800"
    ]
    assert rule_warnings("Ann", 0, "", section="A", rating_from=1800, year=2026) == [
        "Ann is unrated: A is for players rated 1800 and above"
    ]
    assert rule_warnings("Ann", 1500, "", section="U16", age_under=16, year=2026) == [
        "Ann has no birth date: U16 has an age limit (under 16); check the player's age"
    ]
    assert rule_warnings("Ann", 1500, "1962/03/03", section="Seniors", age_from=65, year=2026) == [
        "Ann is 63 on 1 January 2026: Seniors is for players aged 65 and over"
    ]


def test_one_person_is_told_by_fide_id_else_name_and_birth_year() -> None:
    assert same_person(Person("Kim", "123"), Person("Kim, K.", "123")) == "same FIDE ID"
    assert same_person(Person("Kim", "123"), Person("Kim", "456")) is None
    assert same_person(Person("Müller, Hans"), Person("müller,  hans")) == "same name"
    assert (
        same_person(Person("Hans", birth_date="1990/01/01"), Person("hans", birth_date="1990"))
        == "same name and birth date"
    )
    assert same_person(Person("Hans", birth_date="1990"), Person("Hans", birth_date="1991")) is None


def test_sections_play_at_the_same_time_when_they_share_a_day() -> None:
    weekend = playing_days("2026/06/06", "2026/06/07", ())
    assert weekend == frozenset({dt.date(2026, 6, 6), dt.date(2026, 6, 7)})
    sunday_blitz = playing_days("2026/06/07", "", ())
    next_week = playing_days("", "", ("2026/06/13", "2026/06/14"))
    assert played_at_the_same_time(weekend, sunday_blitz) is True
    assert played_at_the_same_time(weekend, next_week) is False
    assert played_at_the_same_time(weekend, playing_days("", "", ())) is None
    # The rounds' dates decide over the start and end dates.
    assert playing_days("2026/06/01", "2026/06/30", ("2026/06/06",)) == frozenset(
        {dt.date(2026, 6, 6)}
    )
