"""Prize categories: who counts as "under 1800", "U16", "woman", "SUI", "club member".

A category is a set of conditions a player must all meet: a rating band (on the
tournament's rating or the national rating, with the arbiter's rule for unrated players),
an age group, the sex, the federation, the club, and a tick the arbiter sets by hand. A
player may belong to several categories.

Ages as FIDE counts them, by the year in which the player reaches the age:

* youth (U8 ... U20): "All chess players who shall not [have] reached the age of 8, 10 or
  12 before January 1st of the year in which the WC are held are eligible" (FIDE Handbook
  D.04.07, FIDE World Championships U8, U10 & U12, art. 6); the World Youth Championships
  (U14, U16, U18) say the same of the 14th, 16th and 18th birthday, and the World Junior
  Championship U20 of 2024 took players "born on or after January 1, 2004". So a player is
  *under N* in year Y when born in Y - N or later: they reach N in the event's year at
  the earliest.
* seniors (50+, 65+): "Open 50+, open to all players who are 50 or older in the year of the
  tournament" (FIDE Handbook D.04.03, FIDE World Senior Championships, approved by the
  FIDE Council on 13 March 2023, art. 2.1-2.4). A player is *N+* in year Y when born in
  Y - N or earlier.

A category may count ages on the event's first day instead (``AgeCount.FIRST_DAY``: the
exact age that day), for events whose rules say so. The event's year and first day are
the section's start date (else its end date, else its first round's date).
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from swissdesk.i18n import _, ngettext, pgettext
from swissdesk.model.entry_rules import birth_year
from swissdesk.model.schedule import parse_date

TOURNAMENT_RATING = "tournament"
"""The rating the section pairs with (its rating type: standard, rapid or blitz)."""
NATIONAL_RATING = "national"
"""The rating on the national list the section keeps beside FIDE's."""
RATINGS: tuple[str, ...] = (TOURNAMENT_RATING, NATIONAL_RATING)
"""The ratings a rating band may read (:meth:`Entrant.rating`)."""


class Unrated(enum.Enum):
    """What a rating band does with a player who has no rating (0) on its list."""

    EXCLUDE = "exclude"
    """Not in the band (the default)."""
    INCLUDE = "include"
    """In the band, whatever its limits ("under 1800, unrated players included")."""
    ONLY = "only"
    """The category of the unrated players ("best unrated"); rating limits are ignored."""
    COUNT_AS = "count-as"
    """Counted as having the rating ``Category.unrated_as``."""


class AgeCount(enum.Enum):
    """How an age group counts a player's age."""

    FIDE = "fide"
    """By the year in which the player reaches the age (FIDE's youth and senior events)."""
    FIRST_DAY = "first-day"
    """The exact age on the event's first day."""


YOUTH_GROUPS: tuple[int, ...] = (8, 10, 12, 14, 16, 18, 20)
"""FIDE's youth age groups U8 ... U18 and the juniors' U20."""
SENIOR_GROUPS: tuple[int, ...] = (50, 65)
"""FIDE's senior age groups 50+ and 65+."""

FEMALE = "F"
MALE = "M"
_SEX_CODES = {"f": FEMALE, "w": FEMALE, "female": FEMALE, "woman": FEMALE, "women": FEMALE,
              "m": MALE, "male": MALE, "man": MALE, "men": MALE}  # fmt: skip
"""A player's sex as files write it (TRF ``m``/``w``, the FIDE list ``M``/``F``)."""


def sex_code(text: str) -> str:
    """``"F"``, ``"M"`` or ``""`` for a sex as a file or the arbiter writes it."""
    return _SEX_CODES.get(text.strip().lower(), "")


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass(frozen=True, slots=True)
class Entrant:
    """What the categories read of one player (no result, no database row).

    ``ratings`` maps a rating's name (:data:`TOURNAMENT_RATING`, :data:`NATIONAL_RATING`)
    to its value, 0 for none; ``ticked`` names the categories the arbiter ticked for them.
    """

    tpn: int
    name: str
    ratings: Mapping[str, int] = field(default_factory=dict)
    birth_date: str = ""
    sex: str = ""
    federation: str = ""
    club: str = ""
    title: str = ""
    fide_id: str = ""
    ticked: frozenset[str] = frozenset()
    withdrawn: bool = False

    def rating(self, kind: str = TOURNAMENT_RATING) -> int:
        """The player's rating on ``kind``'s list (0: unrated there)."""
        return self.ratings.get(kind, 0)


@dataclass(frozen=True, slots=True)
class Category:
    """A prize category: every condition set must hold (0 or empty: no condition).

    ``rating_from``/``rating_below`` make a band on the rating named ``rating``
    ("1600-1799": from 1600, below 1800); ``unrated`` says what the band does with a player
    unrated there. ``age_under``/``age_from`` make an age group (U16: under 16; 50+: from
    50), counted as ``age_count`` says. ``sex`` is ``"F"`` or ``"M"``; ``federations`` and
    ``clubs`` list the ones admitted (any of them); ``ticked``: only the players the arbiter
    ticked for this category. ``min_players``: the category's prizes are given only when
    it has at least this many players (0: always).
    """

    name: str
    rating_from: int = 0
    rating_below: int = 0
    rating: str = TOURNAMENT_RATING
    unrated: Unrated = Unrated.EXCLUDE
    unrated_as: int = 0
    age_under: int = 0
    age_from: int = 0
    age_count: AgeCount = AgeCount.FIDE
    sex: str = ""
    federations: tuple[str, ...] = ()
    clubs: tuple[str, ...] = ()
    ticked: bool = False
    min_players: int = 0

    @property
    def has_rating_band(self) -> bool:
        return bool(self.rating_from or self.rating_below)

    @property
    def has_age_group(self) -> bool:
        return bool(self.age_under or self.age_from)

    def describe(self, year: int | None = None) -> str:
        """The conditions in words ("rated under 1800; unrated included; U16 (born 2010
        or later)"), in the current language; ``year`` is the event's year, for the age
        groups' birth years. Each condition is a phrase of its own, joined by "; "."""
        parts: list[str] = []
        national = self.rating != TOURNAMENT_RATING
        if self.unrated is Unrated.ONLY:
            parts.append(_("unrated (national rating)") if national else _("unrated"))
        elif self.has_rating_band:
            low, below = self.rating_from, self.rating_below
            if low and below:
                band = (
                    _("rated {low}-{high} (national rating)") if national
                    else _("rated {low}-{high}")
                ).format(low=low, high=below - 1)  # fmt: skip
            elif below:
                band = (
                    _("rated under {below} (national rating)") if national
                    else _("rated under {below}")
                ).format(below=below)  # fmt: skip
            else:
                band = (
                    _("rated {low} and above (national rating)") if national
                    else _("rated {low} and above")
                ).format(low=low)  # fmt: skip
            parts.append(band)
            if self.unrated is Unrated.INCLUDE:
                parts.append(_("unrated included"))
            elif self.unrated is Unrated.COUNT_AS:
                parts.append(_("unrated counted as {rating}").format(rating=self.unrated_as))
        if self.has_age_group:
            parts.append(self._age_text(year))
        if self.sex:
            parts.append(
                pgettext("category", "women") if self.sex == FEMALE
                else pgettext("category", "men")
            )  # fmt: skip
        if self.federations:
            parts.append(_("federation {codes}").format(codes="/".join(self.federations)))
        if self.clubs:
            parts.append(_("club {names}").format(names=" / ".join(self.clubs)))
        if self.ticked:
            parts.append(_("ticked by the arbiter"))
        if self.min_players:
            parts.append(
                ngettext(
                    "prizes given from {count} player", "prizes given from {count} players",
                    self.min_players,
                ).format(count=self.min_players)
            )
        return "; ".join(parts) or _("every player")

    def _age_text(self, year: int | None) -> str:
        out: list[str] = []
        fide = self.age_count is AgeCount.FIDE and year is not None
        if self.age_under:
            out.append(
                _("U{age} (born {year} or later)").format(
                    age=self.age_under, year=(year or 0) - self.age_under
                ) if fide else _("U{age}").format(age=self.age_under)
            )  # fmt: skip
        if self.age_from:
            out.append(
                _("{age}+ (born {year} or earlier)").format(
                    age=self.age_from, year=(year or 0) - self.age_from
                ) if fide else _("{age}+").format(age=self.age_from)
            )  # fmt: skip
        if self.age_count is AgeCount.FIRST_DAY:
            out.append(_("age on the first day"))
        return ", ".join(out)


def event_day(start_date: str, end_date: str = "", round_dates: Iterable[str] = ()) -> _dt.date | None:
    """The event's first day, which fixes its year for the age groups: the start date,
    else the end date, else the first round's date (``None``: no date at all)."""
    for text in (start_date, end_date, *round_dates):
        day = parse_date(text) if text else None
        if day is not None:
            return day
    return None


def _age_on(birth_date: str, day: _dt.date) -> int | None:
    born = parse_date(birth_date)
    if born is None:
        return None
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def in_age_group(category: Category, birth_date: str, day: _dt.date | None) -> bool | None:
    """Whether a player born ``birth_date`` is in ``category``'s age group on ``day``
    (``None``: the birth date, or the event's date, is not known well enough)."""
    if not category.has_age_group:
        return True
    if day is None:
        return None
    if category.age_count is AgeCount.FIDE:
        born = birth_year(birth_date)
        if born is None:
            return None
        if category.age_under and born < day.year - category.age_under:
            return False
        return not (category.age_from and born > day.year - category.age_from)
    age = _age_on(birth_date, day)
    if age is None:
        return None
    if category.age_under and age >= category.age_under:
        return False
    return not (category.age_from and age < category.age_from)


def in_rating_band(category: Category, entrant: Entrant) -> bool:
    """Whether ``entrant`` is in ``category``'s rating band (or unrated category)."""
    rating = entrant.rating(category.rating)
    if category.unrated is Unrated.ONLY:
        return rating == 0
    if not category.has_rating_band:
        return True
    if rating == 0:
        if category.unrated is Unrated.EXCLUDE:
            return False
        if category.unrated is Unrated.INCLUDE:
            return True
        rating = category.unrated_as
    if category.rating_from and rating < category.rating_from:
        return False
    return not (category.rating_below and rating >= category.rating_below)


def belongs(category: Category, entrant: Entrant, day: _dt.date | None) -> bool:
    """Whether ``entrant`` is in ``category`` (an unknown age is never in an age group)."""
    if category.ticked and category.name not in entrant.ticked:
        return False
    if category.sex and sex_code(entrant.sex) != category.sex:
        return False
    if category.federations and entrant.federation.strip().upper() not in {
        f.strip().upper() for f in category.federations
    }:
        return False
    if category.clubs and _key(entrant.club) not in {_key(c) for c in category.clubs}:
        return False
    if not in_rating_band(category, entrant):
        return False
    return in_age_group(category, entrant.birth_date, day) is True


def members(
    category: Category, entrants: Iterable[Entrant], day: _dt.date | None
) -> frozenset[int]:
    """The TPNs of the players in ``category``."""
    return frozenset(e.tpn for e in entrants if belongs(category, e, day))


def unknown_ages(
    category: Category, entrants: Iterable[Entrant], day: _dt.date | None
) -> tuple[int, ...]:
    """The TPNs of the players whose age ``category``'s age group cannot tell (no birth
    date, or no date for the event): the arbiter should check them."""
    if not category.has_age_group:
        return ()
    return tuple(
        e.tpn for e in entrants if in_age_group(category, e.birth_date, day) is None
    )
