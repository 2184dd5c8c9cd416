"""Who may play which section: rating and age limits, the same person in two sections, and
sections played at the same time. Warnings for the registration desk, never refusals:
the arbiter knows the event's rules and exceptions (a player seeded up by the organiser,
a Sunday blitz between two rounds of the open).

Ages count on 1 January of the year the section starts, as FIDE's youth championships
("under 16 on 1 January") and senior events ("50 or older on 1 January") count them.
Dates are the tournament's own strings (``YYYY/MM/DD``; a birth date may be a year alone,
as in the FIDE rating list).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass

from swissdesk.model.schedule import parse_date


@dataclass(frozen=True, slots=True)
class Person:
    """What the desk knows to tell two registrations of one person apart."""

    name: str
    fide_id: str = ""
    birth_date: str = ""


def birth_year(text: str) -> int | None:
    """The year of a birth date written ``YYYY/MM/DD``, ``YYYY-MM-DD`` or ``YYYY``."""
    day = parse_date(text)
    if day is not None:
        return day.year
    digits = text.strip()[:4]
    return int(digits) if len(digits) == 4 and digits.isdigit() else None


def age_on_first_january(birth_date: str, year: int) -> int | None:
    """The age a player born on ``birth_date`` has on 1 January of ``year`` (``None`` if
    the birth date is unknown). A birth year alone counts as born on 1 January."""
    day = parse_date(birth_date)
    if day is None:
        born = birth_year(birth_date)
        return None if born is None else year - born
    age = year - day.year
    if (day.month, day.day) > (1, 1):
        age -= 1
    return age


def rule_warnings(
    name: str,
    rating: int,
    birth_date: str,
    *,
    section: str,
    rating_from: int = 0,
    rating_below: int = 0,
    age_under: int = 0,
    age_from: int = 0,
    year: int,
) -> list[str]:
    """Why ``name`` does not fit the section's rules (empty: fits, or nothing to tell)."""
    out: list[str] = []
    if rating_below and rating >= rating_below:
        out.append(f"{name} is rated {rating}: {section} is for players rated under {rating_below}")
    if rating_from and rating < rating_from:
        shown = str(rating) if rating else "unrated"
        out.append(
            f"{name} is {'rated ' if rating else ''}{shown}: {section} is for players rated "
            f"{rating_from} and above"
        )
    if age_under or age_from:
        age = age_on_first_january(birth_date, year)
        if age is None:
            out.append(
                f"{name} has no birth date: {section} has an age limit "
                f"({_age_text(age_under, age_from)}); check the player's age"
            )
        elif age_under and age >= age_under:
            out.append(
                f"{name} is {age} on 1 January {year}: {section} is for players under {age_under}"
            )
        elif age_from and age < age_from:
            out.append(
                f"{name} is {age} on 1 January {year}: {section} is for players aged "
                f"{age_from} and over"
            )
    return out


def _age_text(age_under: int, age_from: int) -> str:
    parts = ([f"under {age_under}"] if age_under else []) + (
        [f"{age_from} and over"] if age_from else []
    )
    return ", ".join(parts)


def same_person(a: Person, b: Person) -> str | None:
    """Why ``a`` and ``b`` look like one person ("same FIDE ID"), ``None`` if they do not.

    The FIDE ID decides when both have one; otherwise the name (case, spacing and the
    comma ignored) together with the birth year when both have a birth date."""
    if a.fide_id.strip() and b.fide_id.strip():
        return "same FIDE ID" if a.fide_id.strip() == b.fide_id.strip() else None
    if _name_key(a.name) != _name_key(b.name) or not _name_key(a.name):
        return None
    if a.birth_date.strip() and b.birth_date.strip():
        if birth_year(a.birth_date) != birth_year(b.birth_date):
            return None
        return "same name and birth date"
    return "same name"


def _name_key(name: str) -> str:
    return " ".join(name.replace(",", " ").split()).casefold()


def playing_days(
    start_date: str, end_date: str, round_dates: Sequence[str]
) -> frozenset[_dt.date] | None:
    """The days a section is played: its rounds' dates, else every day from its start to
    its end date; ``None`` when it has no dates at all."""
    days = {d for d in (parse_date(t) for t in round_dates if t) if d is not None}
    if days:
        return frozenset(days)
    start, end = parse_date(start_date), parse_date(end_date)
    if start is None and end is None:
        return None
    first = start or end
    last = end or start
    assert first is not None and last is not None
    if last < first:
        first, last = last, first
    if (last - first).days > 366:
        return frozenset({first, last})
    return frozenset(first + _dt.timedelta(days=n) for n in range((last - first).days + 1))


def played_at_the_same_time(
    a: frozenset[_dt.date] | None, b: frozenset[_dt.date] | None
) -> bool | None:
    """Whether two sections share a playing day (a day is the finest the schedule knows);
    ``None`` when one of them has no dates."""
    if a is None or b is None:
        return None
    return bool(a & b)
