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

from swissdesk.i18n import CATALOG_DIR, DOMAINS, LANGUAGES, SOURCE_LANGUAGE

PACKAGE_DIR = Path(__file__).resolve().parents[1]
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "said": None,
    "said_n": (1, 2),
}
METHOD_MAP = [
    ("**/templates/**.html", "jinja2"),
    ("**.py", "python"),
]
OPTIONS_MAP = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The header date of every file written (a real date would change every file on every run)."""
TRANSLATED_LANGUAGES = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)
REPAIR = (
    "python -m swissdesk.translations update, translate the empty msgstr in "
    "swissdesk/translations/<ll>/LC_MESSAGES/<area>.po, then python -m swissdesk.translations "
    "compile"
)
HEADER = (
    "# swissdesk's messages (issue 38), kept by python -m swissdesk.translations:\n"
    "# extract/update write this file, translators fill in msgstr, compile writes the .mo.\n"
    "# Brace fields ({name}) stay as they are; the words around them may move."
)
_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)?(?:[!:][^{}]*)?\}")


def template_path(domain: str) -> Path:
    return CATALOG_DIR / f"{domain}.pot"


def po_path(language: str, domain: str) -> Path:
    return CATALOG_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def mo_path(language: str, domain: str) -> Path:
    return po_path(language, domain).with_suffix(".mo")


def domain_of(filename: str) -> str:
    """The catalog a source file's messages go to: its area's (``gui/...`` -> ``gui``)."""
    area = Path(filename).parts[0]
    return area if area in DOMAINS else "core"


def _skip(dirname: str) -> bool:
    name = Path(dirname).name
    return name not in ("__pycache__", "tests") and not name.startswith(".")


def _new_template() -> Catalog:
    return Catalog(
        project="swissdesk", version="", creation_date=FIXED_DATE, revision_date=FIXED_DATE,
        fuzzy=False, copyright_holder="the swissdesk authors", msgid_bugs_address="",
        header_comment=HEADER,
    )  # fmt: skip


def extract() -> dict[str, Catalog]:
    """Every message the source marks today, as one template per area (:data:`DOMAINS`)."""
    templates = {domain: _new_template() for domain in DOMAINS}
    for filename, _lineno, message, comments, context in extract_from_dir(
        PACKAGE_DIR,
        method_map=METHOD_MAP,
        options_map=OPTIONS_MAP,
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
        directory_filter=_skip,
    ):
        templates[domain_of(filename)].add(message, None, auto_comments=comments, context=context)
    return templates


def _write_po(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, no_location=True, sort_output=True, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=path.stem)


def write_templates() -> dict[str, Catalog]:
    """``extract`` written to ``<area>.pot``."""
    templates = extract()
    for domain, template in templates.items():
        _write_po(template_path(domain), template)
    return templates


def update(languages: Iterable[str] = TRANSLATED_LANGUAGES) -> None:
    """Bring every language's catalogs to the templates: new messages empty, vanished ones
    dropped, changed ones emptied (no fuzzy guesses: a translator sees what is new)."""
    templates = write_templates()
    for language in languages:
        for domain, template in templates.items():
            path = po_path(language, domain)
            if path.exists():
                catalog = read_catalog(path, language)
            else:
                catalog = Catalog(
                    locale=language, domain=domain, project="swissdesk", header_comment=HEADER,
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
        for domain in DOMAINS:
            catalog = read_catalog(po_path(language, domain), language)
            buffer = io.BytesIO()
            write_mo(buffer, catalog, use_fuzzy=False)
            mo_path(language, domain).write_bytes(buffer.getvalue())


def fields(text: str) -> set[str]:
    """The ``{field}`` names of a brace-formatted message (``{{`` is a literal brace)."""
    return {m.group(1) or "" for m in _FIELD.finditer(text.replace("{{", "").replace("}}", ""))}


def _key(message: Message) -> tuple[str, str | None]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid, message.context


def check_template() -> list[str]:
    """Messages the source marks that the templates lack, and the other way round."""
    problems: list[str] = []
    for domain, template in extract().items():
        path = template_path(domain)
        if not path.exists():
            problems.append(f"{path.name} is missing")
            continue
        marked = {_key(m) for m in template if m.id}
        stored = {_key(m) for m in read_catalog(path) if m.id}
        problems += [f"not in {path.name}: {k[0]!r}" for k in sorted(marked - stored, key=str)]
        problems += [
            f"no longer marked ({path.name}): {k[0]!r}" for k in sorted(stored - marked, key=str)
        ]
    if problems:
        problems.append(f"repair: {REPAIR}")
    return problems


def check_language(language: str) -> list[str]:
    """What keeps ``language``'s catalogs from being complete and right."""
    problems: list[str] = []
    for domain in DOMAINS:
        problems += _check_catalog(language, domain)
    problems += check_one_translation(language)
    if problems:
        problems.append(f"repair: {REPAIR}")
    return problems


def _check_catalog(language: str, domain: str) -> list[str]:
    path = po_path(language, domain)
    where = f"{language}/{domain}"
    if not path.exists():
        return [f"{where}: {path} is missing"]
    catalog = read_catalog(path, language)
    tpath = template_path(domain)
    template = {_key(m): m for m in read_catalog(tpath) if m.id} if tpath.exists() else {}
    problems: list[str] = []
    seen = set()
    for message in catalog:
        if not message.id:
            continue
        key = _key(message)
        seen.add(key)
        if key not in template:
            problems.append(f"{where}: not in the template any more: {key[0]!r}")
            continue
        if message.fuzzy:
            problems.append(f"{where}: fuzzy: {key[0]!r}")
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string] if isinstance(message.string, str) else list(message.string or ())
        )
        if isinstance(message.id, tuple) and len(strings) != catalog.num_plurals:
            problems.append(
                f"{where}: {key[0]!r} has {len(strings)} plural forms, "
                f"the language has {catalog.num_plurals}"
            )
        if not strings or any(not s for s in strings):
            problems.append(f"{where}: untranslated: {key[0]!r}")
            continue
        expected = set().union(*(fields(i) for i in ids))
        for string in strings:
            got = fields(string)
            if not got <= expected or (isinstance(message.id, str) and got != expected):
                problems.append(
                    f"{where}: {key[0]!r} -> {string!r}: fields {sorted(got)} "
                    f"where the English has {sorted(expected)}"
                )
    problems += [f"{where}: missing: {k[0]!r}" for k in sorted(set(template) - seen, key=str)]
    problems += _check_compiled(language, domain, catalog)
    return problems


def check_one_translation(language: str) -> list[str]:
    """Messages two areas translate differently in ``language``: one msgid (in one context)
    has one translation. At run time the areas' catalogs are one, searched in :data:`DOMAINS`
    order, so the second area's word would never show: the window, the documents and the
    venue pages would silently print the first area's. Where the two uses truly need two
    words (a PDF column's abbreviation), the source gives one of them a context
    (``pgettext``)."""
    found: dict[tuple[str, str | None], dict[str, object]] = {}
    for domain in DOMAINS:
        path = po_path(language, domain)
        if not path.exists():
            continue
        for message in read_catalog(path, language):
            if not message.id:
                continue
            strings = (
                message.string if isinstance(message.string, str) else tuple(message.string or ())
            )
            if not strings or (isinstance(strings, tuple) and not all(strings)):
                continue  # untranslated: reported by the completeness check
            found.setdefault(_key(message), {})[domain] = strings
    problems: list[str] = []
    for key, by_domain in sorted(found.items(), key=str):
        if len(set(map(str, by_domain.values()))) > 1:
            ways = ", ".join(f"{domain} {text!r}" for domain, text in by_domain.items())
            first = next(iter(by_domain))
            context = f" (context {key[1]!r})" if key[1] else ""
            problems.append(
                f"{language}: {key[0]!r}{context} is translated two ways: {ways}; "
                f"only {first}'s shows: make them one, or give one use a context (pgettext)"
            )
    return problems


def _check_compiled(language: str, domain: str, catalog: Catalog) -> list[str]:
    """The ``.mo`` says what the ``.po`` says (compared message by message, not byte by byte:
    the header names the Babel version that wrote it)."""
    path = mo_path(language, domain)
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
