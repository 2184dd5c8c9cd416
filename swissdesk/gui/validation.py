"""Checks of what the arbiter types into the player forms and the players table (no Qt).

Each check returns a sentence for the arbiter, or ``None`` when the value is acceptable, so
that the table can refuse a bad cell and the dialogs can say exactly what to correct.
"""

from __future__ import annotations

import re
from dataclasses import replace

from swissdesk.i18n import N_, _
from swissdesk.model.tournament import Title
from swissdesk.storage import PlayerData

RATING_MIN = 0
RATING_MAX = 3500
"""Ratings accepted (0 = unrated, C.04.2 art. 2.2 ranks unrated players last)."""

TITLES: tuple[str, ...] = ("", *(t.value for t in Title))
"""Titles the forms offer, in the C.04.2 art. 2.2.2 order (blank = untitled)."""

SEXES: tuple[str, ...] = ("", "m", "w")
"""TRF sex column (C.04.A / TRF-2026 record 001): blank, ``m`` or ``w``."""

_FEDERATION = re.compile(r"^[A-Z]{3}$")
_FIDE_ID = re.compile(r"^[0-9]{1,12}$")
_BIRTH = re.compile(r"^[0-9]{4}(/[0-9]{2}/[0-9]{2})?$")


def check_name(value: str) -> str | None:
    if not value.strip():
        return _("a player needs a name")
    if len(value) > 120:
        return _("the name is longer than 120 characters")
    return None


def check_rating(value: int) -> str | None:
    if not RATING_MIN <= value <= RATING_MAX:
        return _("the rating must be between {low} and {high} (0 = unrated)").format(
            low=RATING_MIN, high=RATING_MAX
        )
    return None


def parse_rating(text: str) -> int | str:
    """The rating typed (blank = 0), or a sentence saying what is wrong."""
    text = text.strip()
    if not text:
        return 0
    if not text.isdigit():
        return _("the rating must be a whole number, not {text}").format(text=repr(text))
    value = int(text)
    problem = check_rating(value)
    return problem if problem is not None else value


def check_title(value: str) -> str | None:
    if value.strip().upper() not in TITLES:
        return _("unknown title {title}: use one of {titles}").format(
            title=repr(value), titles=", ".join(t for t in TITLES if t)
        )
    return None


def check_federation(value: str) -> str | None:
    if value and not _FEDERATION.match(value):
        return _(
            "the federation is a three-letter FIDE code such as GER or POL, not {text}"
        ).format(text=repr(value))
    return None


def check_fide_id(value: str) -> str | None:
    if value and not _FIDE_ID.match(value):
        return _("the FIDE ID has digits only, not {text}").format(text=repr(value))
    return None


SEX_CODES: dict[str, str] = {
    "m": "m", "male": "m", "man": "m",
    "w": "w", "f": "w", "female": "w", "woman": "w",
}  # fmt: skip
"""What the sex column accepts (the TRF codes, ``f`` as some files write it, and words) and
the TRF code each stands for."""

SEX_WORDS: dict[str, str] = {"m": N_("male"), "w": N_("female"), "f": N_("female")}
"""How the players' list shows a TRF sex code."""


def sex_code(value: str) -> str | None:
    """The TRF code (``m``, ``w`` or blank) for what was typed; None if it is none."""
    text = value.strip().lower()
    return "" if not text else SEX_CODES.get(text)


def sex_word(code: str) -> str:
    """``male``/``female`` for a TRF code (anything else as it is)."""
    word = SEX_WORDS.get(code.strip().lower())
    return _(word) if word else code


def check_sex(value: str) -> str | None:
    if sex_code(value) is None:
        return _("sex is m (male), w (female) or blank, not {text}").format(text=repr(value))
    return None


def check_birth_date(value: str) -> str | None:
    if value and not _BIRTH.match(value):
        return _("the birth date is YYYY or YYYY/MM/DD, not {text}").format(text=repr(value))
    return None


def normalise(data: PlayerData) -> PlayerData:
    """Trimmed text, upper-case title and federation, lower-case sex (the rest, such as the
    K factor and the national rating, as it is)."""
    return replace(
        data,
        name=" ".join(data.name.split()),
        sex=sex_code(data.sex) or data.sex.strip().lower(),
        title=data.title.strip().upper(),
        federation=data.federation.strip().upper(),
        fide_id=data.fide_id.strip(),
        birth_date=data.birth_date.strip(),
        club=" ".join(data.club.split()),
    )


K_MAX = 100


def parse_optional_number(text: str, what: str, low: int, high: int) -> int | str | None:
    """A number typed into an optional field: ``None`` when blank, the number when it is
    whole and within ``low..high``, else a sentence saying what to type."""
    value = text.strip()
    if not value:
        return None
    if not value.isdigit() or not low <= int(value) <= high:
        return _("{what}: a whole number from {low} to {high}, or blank").format(
            what=what, low=low, high=high
        )
    return int(value)


def player_problems(data: PlayerData) -> list[str]:
    """Every problem of a player's data (empty when it can be saved)."""
    d = normalise(data)
    checks = (
        check_name(d.name),
        check_rating(d.rating),
        check_title(d.title),
        check_federation(d.federation),
        check_fide_id(d.fide_id),
        check_sex(d.sex),
        check_birth_date(d.birth_date),
    )
    return [c for c in checks if c is not None]
