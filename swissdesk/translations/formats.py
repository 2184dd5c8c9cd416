"""Dates and numbers as the document's language writes them (Babel's CLDR data, issue 38).

``12 March 2026`` / ``12 mars 2026`` / ``12. März 2026``; ``1,234`` / ``1 234`` / ``1.234``.
Scores are not numbers here: half points print as ``½`` in every language (``5½``), which the
score formatters already do; ratings are printed as plain digits (FIDE's lists never group them).
"""

from __future__ import annotations

from datetime import date, datetime

from babel.dates import format_date as _format_date
from babel.dates import format_datetime as _format_datetime
from babel.numbers import format_decimal

from swissdesk.i18n import current_language


def format_date(value: date, length: str = "long", language: str | None = None) -> str:
    """``value`` in ``language`` (default: the current one); ``length`` is CLDR's
    ``short``/``medium``/``long``/``full``."""
    return _format_date(value, format=length, locale=language or current_language())


def format_datetime(value: datetime, length: str = "medium", language: str | None = None) -> str:
    """A moment (a printout's "printed at") in ``language``."""
    return _format_datetime(value, format=length, locale=language or current_language())


def format_integer(value: int, language: str | None = None) -> str:
    """A count or an amount with the language's digit grouping (``12 345`` in French)."""
    return format_decimal(value, locale=language or current_language())
