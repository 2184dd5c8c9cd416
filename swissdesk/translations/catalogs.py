"""Extract, update, compile and check the message catalogs (Babel's toolchain, issue 38).

The check is what CI runs (``tests/i18n``): the template equals what the source marks today,
every language's catalog translates every message (all plural forms the language has, the same
``{fields}`` as the English), nothing fuzzy, and every compiled ``.mo`` says what its ``.po``
says. A failure names the command that repairs it.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from swissdesk.i18n import CATALOG_DIR, DOMAIN, LANGUAGES, SOURCE_LANGUAGE

PACKAGE_DIR = Path(__file__).resolve().parents[1]
TEMPLATE = CATALOG_DIR / f"{DOMAIN}.pot"
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
}
METHOD_MAP = [
    ("venue/templates/**.html", "jinja2"),
    ("**/templates/**.html", "jinja2"),
    ("**.py", "python"),
]
OPTIONS_MAP = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The header date of every file written (a real date would change every file on every run)."""
TRANSLATED_LANGUAGES = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)
REPAIR = "python -m swissdesk.translations update, translate, then python -m swissdesk.translations compile"
HEADER = (
    "# swissdesk's messages (issue 38), kept by python -m swissdesk.translations:\n"
    "# extract/update write this file, translators fill in msgstr, compile writes the .mo.\n"
    "# Brace fields ({name}) stay as they are; the words around them may move."
)
_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)?(?:[!:][^{}]*)?\}")


def po_path(language: str) -> Path:
    return CATALOG_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def _skip(dirname: str) -> bool:
    name = Path(dirname).name
    return name not in ("__pycache__", "tests") and not name.startswith(".")


def extract() -> Catalog:
    """Every message the source marks today, as a template."""
    catalog = Catalog(
        project="swissdesk", version="", creation_date=FIXED_DATE, revision_date=FIXED_DATE,
        fuzzy=False, copyright_holder="the swissdesk authors", msgid_bugs_address="",
        header_comment=HEADER,
    )  # fmt: skip
    for _filename, _lineno, message, comments, context in extract_from_dir(
        PACKAGE_DIR,
        method_map=METHOD_MAP,
        options_map=OPTIONS_MAP,
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
        directory_filter=_skip,
    ):
        catalog.add(message, None, auto_comments=comments, context=context)
    return catalog


def _write_po(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, no_location=True, sort_output=True, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def write_template() -> Catalog:
    """``extract`` written to ``swissdesk.pot``."""
    template = extract()
    _write_po(TEMPLATE, template)
    return template


def update(languages: Iterable[str] = TRANSLATED_LANGUAGES) -> None:
    """Bring every language's ``.po`` to the template: new messages empty, vanished ones
    dropped, changed ones emptied (no fuzzy guesses: a translator sees what is new)."""
    template = write_template()
    for language in languages:
        path = po_path(language)
        if path.exists():
            catalog = read_catalog(path, language)
        else:
            catalog = Catalog(
            locale=language, domain=DOMAIN, project="swissdesk", header_comment=HEADER,
            creation_date=FIXED_DATE, fuzzy=False, last_translator="the swissdesk authors",
            language_team=LANGUAGES[language], msgid_bugs_address="",
        )  # fmt: skip
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.revision_date = FIXED_DATE
        catalog.fuzzy = False
        _write_po(path, catalog)


def compile_all(languages: Iterable[str] = TRANSLATED_LANGUAGES) -> None:
    """Write each ``.mo`` from its ``.po`` (what :mod:`swissdesk.i18n` reads)."""
    for language in languages:
        catalog = read_catalog(po_path(language), language)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        mo_path(language).write_bytes(buffer.getvalue())


def fields(text: str) -> set[str]:
    """The ``{field}`` names of a brace-formatted message (``{{`` is a literal brace)."""
    return {m.group(1) or "" for m in _FIELD.finditer(text.replace("{{", "").replace("}}", ""))}


def _key(message: Message) -> tuple[str, str | None]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid, message.context


def check_template() -> list[str]:
    """Messages the source marks that the template lacks, and the other way round."""
    if not TEMPLATE.exists():
        return [f"{TEMPLATE.name} is missing: run python -m swissdesk.translations update"]
    marked = {_key(m) for m in extract() if m.id}
    stored = {_key(m) for m in read_catalog(TEMPLATE) if m.id}
    problems = [f"not in {TEMPLATE.name}: {k[0]!r}" for k in sorted(marked - stored, key=str)]
    problems += [f"no longer marked: {k[0]!r}" for k in sorted(stored - marked, key=str)]
    if problems:
        problems.append(f"repair: {REPAIR}")
    return problems


def check_language(language: str) -> list[str]:
    """What keeps ``language``'s catalog from being complete and right."""
    path = po_path(language)
    if not path.exists():
        return [f"{language}: {path} is missing; repair: {REPAIR}"]
    catalog = read_catalog(path, language)
    template = {_key(m): m for m in read_catalog(TEMPLATE) if m.id} if TEMPLATE.exists() else {}
    problems: list[str] = []
    seen = set()
    for message in catalog:
        if not message.id:
            continue
        key = _key(message)
        seen.add(key)
        if key not in template:
            problems.append(f"{language}: not in the template any more: {key[0]!r}")
            continue
        if message.fuzzy:
            problems.append(f"{language}: fuzzy: {key[0]!r}")
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string] if isinstance(message.string, str) else list(message.string or ())
        )
        if isinstance(message.id, tuple) and len(strings) != catalog.num_plurals:
            problems.append(
                f"{language}: {key[0]!r} has {len(strings)} plural forms, "
                f"the language has {catalog.num_plurals}"
            )
        if not strings or any(not s for s in strings):
            problems.append(f"{language}: untranslated: {key[0]!r}")
            continue
        expected = set().union(*(fields(i) for i in ids))
        for string in strings:
            got = fields(string)
            if not got <= expected or (isinstance(message.id, str) and got != expected):
                problems.append(
                    f"{language}: {key[0]!r} -> {string!r}: fields {sorted(got)} "
                    f"where the English has {sorted(expected)}"
                )
    problems += [f"{language}: missing: {k[0]!r}" for k in sorted(set(template) - seen, key=str)]
    problems += _check_compiled(language, catalog)
    if problems:
        problems.append(f"repair: {REPAIR}")
    return problems


def _check_compiled(language: str, catalog: Catalog) -> list[str]:
    """The ``.mo`` says what the ``.po`` says (compared message by message, not byte by byte:
    the header names the Babel version that wrote it)."""
    path = mo_path(language)
    if not path.exists():
        return [f"{language}: {path.name} missing: run python -m swissdesk.translations compile"]
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    expected = dict(gettext.GNUTranslations(buffer)._catalog)  # type: ignore[attr-defined]
    with path.open("rb") as handle:
        stored = dict(gettext.GNUTranslations(handle)._catalog)  # type: ignore[attr-defined]
    expected.pop("", None)
    stored.pop("", None)
    if expected != stored:
        return [f"{language}: {path.name} is stale: run python -m swissdesk.translations compile"]
    return []


def check() -> list[str]:
    """Everything CI checks about the catalogs, as messages (empty: all is well)."""
    problems = check_template()
    for language in TRANSLATED_LANGUAGES:
        problems += check_language(language)
    return problems
