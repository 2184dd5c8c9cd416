"""The message catalogs are complete and right in every language (issue 38): what the source
marks is in the template, every language translates all of it (every plural form, the same
``{fields}``), nothing fuzzy, the compiled ``.mo`` current. The failure names the repair."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from swissdesk import i18n
from swissdesk.translations import catalogs


def test_the_template_holds_every_marked_message_and_nothing_else() -> None:
    problems = catalogs.check_template()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", catalogs.TRANSLATED_LANGUAGES)
def test_catalog_is_complete(language: str) -> None:
    problems = catalogs.check_language(language)
    assert not problems, "\n".join(problems[:60])


def test_ten_languages_are_spoken() -> None:
    assert list(i18n.LANGUAGES) == ["en", "fr", "de", "es", "it", "pt", "pl", "ru", "tr", "nl"]
    assert all(
        catalogs.po_path(code, domain).exists()
        for code in catalogs.TRANSLATED_LANGUAGES
        for domain in i18n.DOMAINS
    )


def test_each_area_of_the_source_has_its_own_catalog() -> None:
    assert catalogs.domain_of("gui/mainwindow.py") == "gui"
    assert catalogs.domain_of("venue/templates/round.html") == "venue"
    assert catalogs.domain_of("lists/standings.py") == "core"
    assert catalogs.domain_of("errors.py") == "core"


def test_brace_fields_are_read_as_format_would() -> None:
    assert catalogs.fields("Round {number} of {rounds}") == {"number", "rounds"}
    assert catalogs.fields("{points:>4} {{literal}}") == {"points"}
    assert catalogs.fields("no fields") == set()


def test_check_finds_a_missing_message_a_wrong_field_and_a_missing_plural_form(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """The check itself can fail: a catalog with each kind of fault is reported."""
    template = Catalog(domain="reports")
    for msgid in ("Round {number}", "Standings", ("{n} player", "{n} players")):
        template.add(msgid)  # type: ignore[arg-type]
    broken = Catalog(locale="pl", domain="reports")
    broken.add("Round {number}", "Runda {numer}")
    broken.add(("{n} player", "{n} players"), ("{n} zawodnik", "{n} zawodników"))
    (tmp_path / "pl" / "LC_MESSAGES").mkdir(parents=True)
    monkeypatch.setattr(catalogs, "CATALOG_DIR", tmp_path)
    catalogs._write_po(catalogs.template_path("reports"), template)
    catalogs._write_po(catalogs.po_path("pl", "reports"), broken)
    problems = "\n".join(catalogs._check_catalog("pl", "reports"))
    assert "missing: 'Standings'" in problems
    assert "fields ['numer'] where the English has ['number']" in problems
    assert "untranslated: '{n} player'" in problems  # Polish has three forms, two given
    assert "reports.mo missing" in problems
    assert "repair: python -m swissdesk.translations update" in "\n".join(
        catalogs.check_language("pl")
    )


def test_one_message_has_one_translation_across_areas(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """At run time the areas' catalogs are one (the first area in DOMAINS wins), so a msgid
    two areas translate differently would silently show the first area's word everywhere:
    the check reports it; a context (pgettext) keeps two uses apart."""
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    monkeypatch.setattr(catalogs, "CATALOG_DIR", tmp_path)
    window = Catalog(locale="de", domain="gui")
    window.add("Cross table", "Kreuztabelle")
    window.add("Bd", "Brett")
    documents = Catalog(locale="de", domain="reports")
    documents.add("Cross table", "Fortschrittstabelle")
    documents.add("Bd", "Br.", context="column")
    documents.add("Standings", "Rangliste")
    catalogs._write_po(catalogs.po_path("de", "gui"), window)
    catalogs._write_po(catalogs.po_path("de", "reports"), documents)
    problems = catalogs.check_one_translation("de")
    assert len(problems) == 1, problems
    assert "'Cross table' is translated two ways: gui 'Kreuztabelle', reports " in problems[0]
    assert "only gui's shows" in problems[0]
    assert "check_one_translation" in catalogs.check_language.__code__.co_names
