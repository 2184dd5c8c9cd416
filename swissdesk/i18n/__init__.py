"""The language of every text swissdesk shows or prints (issue 38), standard library only.

One translation system for the window, the command line's messages, the printed documents and
the venue's pages: GNU gettext catalogs (``swissdesk/translations/<ll>/LC_MESSAGES/<area>.po``,
compiled to ``.mo`` beside them; one catalog per area of the source, :data:`DOMAINS`, so the
window's translators and the documents' never edit the same file), extracted and compiled with
Babel by ``python -m swissdesk.translations``. At run time the areas' catalogs of a language
are one: ``_()`` finds a message whichever area marked it. Gettext rather than Qt's ``tr``/``.ts`` because three of
the four places that speak are not Qt (the PDFs, the web pages, the command line) and the
storage's refusals reach all four: one catalog, one toolchain, one completeness test. Qt's own
dialogs (file chooser, print dialog) take the ``qtbase_<ll>.qm`` files PySide6 ships.

Two languages can be at work in one process: the arbiter's (the window, the command line's
messages) and a tournament's (its printed documents and venue pages, chosen per event, or a
player's browser). The arbiter's is the process language (:func:`set_process_language`); a
document is built inside ``with using_language(code):``, which holds for the current thread or
asyncio task only (a :class:`~contextvars.ContextVar`), so a PDF in French never changes the
window's German.

Marking: ``_("Round {number}").format(number=n)`` (brace fields, named, so a translation may
reorder them), ``ngettext`` for anything counted (Polish and Russian have three plural forms),
``pgettext`` where one English word has two meanings ("White" the colour and the player), and
``N_`` for module-level constants, translated with ``_()`` where they are shown. A sentence
made in one place and read in another, by someone else or later (an audit summary, a warning, a
checker's finding, an engine's explanation line), is a :class:`Message` (``said``/``said_n``):
English for everyone else, worded again in each reader's language (:mod:`.message`).

Numbers in the reader's locale (:func:`format_decimal`, :func:`format_money`,
:func:`number_symbols`): the lower layers (prizes, norms) word their sentences here, yet CLDR's
number formats live in Babel, which they may not import. So this module keeps a small hook with
an English fallback (``1,500.50``, ``1,500 CHF``), and :mod:`swissdesk.translations` installs
Babel's implementation (:func:`install_number_formats`) when it is imported, which the reports,
the venue, the window and the command line do: a prize list worded by any of them writes
``1.500 CHF`` in German and ``1 500 CHF`` in French. Machine-readable output never goes through
these (CSV and TOML use :meth:`swissdesk.prizes.money.Currency.plain`).
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Protocol

DOMAINS = ("gui", "reports", "venue", "cli", "storage", "core")
"""The catalogs, one per area of the source: ``swissdesk/gui`` -> ``gui``, ``reports``,
``venue``, ``cli``, ``storage``; everything else (model, engines, lists, tie-breaks, ...) ->
``core``."""
SOURCE_LANGUAGE = "en"
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "fr": "Français",
    "de": "Deutsch",
    "es": "Español",
    "it": "Italiano",
    "pt": "Português",
    "pl": "Polski",
    "ru": "Русский",
    "tr": "Türkçe",
    "nl": "Nederlands",
}
"""The languages swissdesk speaks (ISO 639-1 code -> the language's own name, as a language
chooser shows it). English is the source language: its catalog is the messages themselves."""

CATALOG_DIR = Path(__file__).resolve().parents[1] / "translations"
"""``<ll>/LC_MESSAGES/<area>.mo`` per language and area (package data of
``swissdesk.translations``)."""

_process_language = SOURCE_LANGUAGE
_current: ContextVar[str | None] = ContextVar("swissdesk_language", default=None)


def normalize_language(code: str | None) -> str | None:
    """The supported language a locale name or tag means (``fr_FR.UTF-8``, ``pt-BR``, ``DE``
    -> ``fr``, ``pt``, ``de``), or None when swissdesk does not speak it."""
    if not code:
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, the way gettext reads it (``LANGUAGE``, a colon list
    of preferences, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English when none is spoken."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for preference in value.split(":"):
            if preference in ("C", "POSIX"):
                return SOURCE_LANGUAGE
            found = normalize_language(preference)
            if found:
                return found
        if variable != "LANGUAGE":
            break
    return SOURCE_LANGUAGE


def best_match(accept_language: str | None, default: str = SOURCE_LANGUAGE) -> str:
    """The supported language a browser's ``Accept-Language`` header prefers most
    (RFC 9110 section 12.5.4: tags with ``q`` weights, ``q=0`` meaning "not this"), or
    ``default``. A malformed header is read as far as it makes sense, never refused."""
    if not accept_language:
        return default
    choices: list[tuple[float, int, str]] = []
    for position, part in enumerate(accept_language.split(",")[:32]):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        found = normalize_language(tag)
        if found and weight > 0:
            choices.append((-weight, position, found))
    return min(choices)[2] if choices else default


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``language`` (English, or a language without a catalog: the
    messages themselves)."""
    combined = _gettext.NullTranslations()
    if language == SOURCE_LANGUAGE or language not in LANGUAGES:
        return combined
    for domain in DOMAINS:
        combined.add_fallback(
            _gettext.translation(domain, localedir=CATALOG_DIR, languages=[language], fallback=True)
        )
    return combined


def set_process_language(code: str | None) -> str:
    """Make ``code`` (or English, when swissdesk does not speak it) the arbiter's language:
    the window's and the command line's messages. Returns the language chosen."""
    global _process_language
    _process_language = normalize_language(code) or SOURCE_LANGUAGE
    return _process_language


def process_language() -> str:
    """The arbiter's language (what :func:`set_process_language` chose last), whatever
    document language is in force here."""
    return _process_language


def current_language() -> str:
    """The language texts are produced in here and now: the document's inside
    :func:`using_language`, the arbiter's elsewhere."""
    return _current.get() or _process_language


@contextmanager
def using_language(code: str | None) -> Iterator[str]:
    """Produce texts in ``code`` (a tournament's printed documents, a player's venue page)
    within the block, in this thread or task only; an unknown code means English."""
    language = normalize_language(code) or SOURCE_LANGUAGE
    token = _current.set(language)
    try:
        yield language
    finally:
        _current.reset(token)


def gettext(message: str) -> str:
    """``message`` in the current language; the empty text stays empty (gettext gives a
    catalog's own header for it: a table column without a name showed "Project-Id-Version:
    ..." in every language but English)."""
    if not message:
        return message
    return translations(current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that ``n`` takes in the current language."""
    return translations(current_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in ``context`` ("colour" for "White" the colour,
    "player" for White the player)."""
    return translations(current_language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` within ``context``."""
    return translations(current_language()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (module-level constants,
    translated with :func:`gettext` where they are shown)."""
    return message


_ = gettext


class NumberFormats(Protocol):
    """How numbers are written in a language (installed by :mod:`swissdesk.translations`)."""

    def decimal(self, value: Decimal, decimals: int, language: str) -> str:
        """``value`` with exactly ``decimals`` decimals, grouped (``1.500,50`` in German)."""
        ...

    def money(self, value: Decimal, decimals: int, code: str, language: str) -> str:
        """An amount and its currency code where the language writes it (``1.500 CHF``)."""
        ...

    def symbols(self, language: str) -> tuple[str, str]:
        """The language's decimal sign and digit-grouping sign (``(",", ".")`` in German)."""
        ...

    def signs(self, language: str) -> tuple[str, str]:
        """The language's plus and minus signs (CLDR's ``plusSign``, ``minusSign``)."""
        ...


class EnglishNumbers:
    """The fallback before Babel's formats are installed, and the source language's own:
    ``1,500.50``, and the amount before its code (``1,500 CHF``), as swissdesk's English
    has always written prize money."""

    def decimal(self, value: Decimal, decimals: int, language: str) -> str:
        return f"{value:,.{decimals}f}"

    def money(self, value: Decimal, decimals: int, code: str, language: str) -> str:
        shown = self.decimal(value, decimals, language)
        return f"{shown} {code}" if code else shown

    def symbols(self, language: str) -> tuple[str, str]:
        return ".", ","

    def signs(self, language: str) -> tuple[str, str]:
        return "+", "-"


_number_formats: NumberFormats = EnglishNumbers()


def install_number_formats(formats: NumberFormats) -> None:
    """Make ``formats`` write every number from now on (:mod:`swissdesk.translations` installs
    Babel's CLDR formats when it is imported)."""
    global _number_formats
    _number_formats = formats


def _decimal(value: str | Decimal | int) -> Decimal:
    return value if isinstance(value, Decimal) else Decimal(value)


def format_decimal(
    value: str | Decimal | int, decimals: int = 0, language: str | None = None
) -> str:
    """``value`` as ``language`` (default: the current one) writes it, with exactly
    ``decimals`` decimals: ``1,500.50`` / ``1.500,50`` / ``1 500,50``."""
    return _number_formats.decimal(_decimal(value), decimals, language or current_language())


def format_money(
    value: str | Decimal | int, decimals: int, code: str, language: str | None = None
) -> str:
    """An amount in currency units with its code (none: the number alone), as ``language``
    (default: the current one) writes money: ``1,500 CHF`` / ``1.500 CHF`` / ``CHF 1.500``."""
    return _number_formats.money(_decimal(value), decimals, code, language or current_language())


def number_symbols(language: str | None = None) -> tuple[str, str]:
    """``(decimal sign, grouping sign)`` of ``language`` (default: the current one), so that
    what a reader types back in the form they read is understood (``1.500`` is fifteen
    hundred to a German reader)."""
    return _number_formats.symbols(language or current_language())


def localize_number(text: str, language: str | None = None) -> str:
    """A number written plainly (``41.25``, ``-3``, ``+7.40``, as the tie-breaks, the rating
    changes and the machine-readable outputs write it) as ``language`` (default: the current
    one) writes it: its decimal sign and its plus and minus signs (``41,25``, ``+7,40`` in
    German), never grouped (ratings, averages and tie-break values are printed as plain digits,
    as FIDE's lists print them). Anything else (an empty cell, ``-``, an arbiter's own text)
    comes back unchanged. Points are not numbers here: they are written with ``½``
    (``swissdesk.lists.crosstable.score_text``)."""
    match = _PLAIN_NUMBER.fullmatch(text)
    if match is None:
        return text
    sign, whole, fraction = match.groups()
    language = language or current_language()
    decimal, _group = _number_formats.symbols(language)
    plus, minus = _number_formats.signs(language)
    shown = {"+": plus, "-": minus}.get(sign, "") + whole
    return shown + (decimal + fraction if fraction is not None else "")


_PLAIN_NUMBER = re.compile(r"([+-]?)([0-9]+)(?:\.([0-9]+))?")


# The sentence that remembers its message, for every layer (it uses gettext above).
from swissdesk.i18n.message import Message, in_language, listed, said, said_n, worded  # noqa: E402

__all__ = [
    "CATALOG_DIR",
    "DOMAINS",
    "LANGUAGES",
    "N_",
    "SOURCE_LANGUAGE",
    "EnglishNumbers",
    "Message",
    "NumberFormats",
    "_",
    "best_match",
    "current_language",
    "format_decimal",
    "format_money",
    "gettext",
    "in_language",
    "install_number_formats",
    "language_from_environment",
    "listed",
    "localize_number",
    "ngettext",
    "normalize_language",
    "npgettext",
    "number_symbols",
    "pgettext",
    "process_language",
    "said",
    "said_n",
    "set_process_language",
    "translations",
    "using_language",
    "worded",
]
