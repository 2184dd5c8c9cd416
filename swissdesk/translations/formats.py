"""Dates and numbers as the document's language writes them (Babel's CLDR data, issue 38).

``12 March 2026`` / ``12 mars 2026`` / ``12. März 2026``; ``1,234`` / ``1 234`` / ``1.234``.
Scores are not numbers here: half points print as ``½`` in every language (``5½``), which the
score formatters already do; ratings are printed as plain digits (FIDE's lists never group them).

:class:`BabelNumbers` is installed into :mod:`swissdesk.i18n` when this package is imported
(:func:`swissdesk.i18n.install_number_formats`), so the sentences the lower layers word (a
prize's tie, the prize fund) write amounts as the reader's language does, though those layers
never import Babel. Money: CLDR's grouping and decimal signs and the side of the currency code
in the language's standard currency pattern (``1.500 CHF`` de, ``1 500 CHF`` fr, ``CHF 1.500``
nl and pt), a no-break space between them; the decimals are the prize plan's, never CLDR's
currency digits (a plan counting whole francs prints ``1.500 CHF``, not ``1.500,00 CHF``).
English keeps the amount before the code (``1,500 CHF``), as swissdesk's English always wrote
prize money and as the European events it serves print it.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from functools import cache

from babel import Locale
from babel.dates import format_date as _format_date
from babel.dates import format_datetime as _format_datetime
from babel.numbers import format_decimal

from swissdesk.i18n import SOURCE_LANGUAGE, EnglishNumbers, current_language


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


NO_BREAK_SPACE = "\u00a0"


@cache
def _code_first(language: str) -> bool:
    """Whether ``language``'s standard currency pattern writes the currency before the
    number (``¤ #,##0.00`` in Dutch and Portuguese)."""
    pattern = str(Locale.parse(language).currency_formats["standard"].pattern)
    return pattern.split(";")[0].strip().startswith("¤")


@cache
def _number_symbols(language: str) -> dict[str, str]:
    """CLDR's number symbols of ``language`` (Latin digits), read once: a standings table
    asks for them in every cell."""
    return dict(Locale.parse(language).number_symbols["latn"])


class BabelNumbers(EnglishNumbers):
    """CLDR's number formats (Babel) for every language but English, which keeps
    :class:`~swissdesk.i18n.EnglishNumbers` (the same digits CLDR's English writes)."""

    def decimal(self, value: Decimal, decimals: int, language: str) -> str:
        if language == SOURCE_LANGUAGE:
            return super().decimal(value, decimals, language)
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
        return format_decimal(value, format=pattern, locale=language)

    def money(self, value: Decimal, decimals: int, code: str, language: str) -> str:
        if language == SOURCE_LANGUAGE or not code:
            return super().money(value, decimals, code, language)  # (the number: self.decimal)
        shown = self.decimal(value, decimals, language)
        if _code_first(language):
            return f"{code}{NO_BREAK_SPACE}{shown}"
        return f"{shown}{NO_BREAK_SPACE}{code}"

    def symbols(self, language: str) -> tuple[str, str]:
        if language == SOURCE_LANGUAGE:
            return super().symbols(language)
        numbers = _number_symbols(language)
        return numbers["decimal"], numbers["group"]

    def signs(self, language: str) -> tuple[str, str]:
        if language == SOURCE_LANGUAGE:
            return super().signs(language)
        numbers = _number_symbols(language)
        return numbers["plusSign"], numbers["minusSign"]
