"""Which language speaks where (issue 38): the arbiter's for the window and the command line,
a tournament's or a browser's for documents and venue pages, never mixed between threads."""

from __future__ import annotations

import io
import threading
from datetime import date

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from swissdesk import i18n
from swissdesk.translations import formats


@pytest.fixture
def french_catalog(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    catalog = Catalog(locale="fr", domain="reports")
    catalog.add("Standings", "Classement")
    # CLDR gives French three forms: one (0, 1), many (1 000 000 de joueurs), other.
    catalog.add(("{n} player", "{n} players"), ("{n} joueur", "{n} de joueurs", "{n} joueurs"))
    catalog.add("White", "Blancs", context="colour")
    venue = Catalog(locale="fr", domain="venue")
    venue.add("Pairings", "Appariements")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (folder / "reports.mo").write_bytes(buffer.getvalue())
    buffer = io.BytesIO()
    write_mo(buffer, venue)
    (folder / "venue.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "CATALOG_DIR", tmp_path)
    i18n.translations.cache_clear()
    yield
    i18n.translations.cache_clear()
    i18n.set_process_language("en")


def test_a_document_language_holds_inside_its_block_only(french_catalog) -> None:  # type: ignore[no-untyped-def]
    assert i18n._("Standings") == "Standings"
    with i18n.using_language("fr_FR.UTF-8") as language:
        assert language == "fr"
        assert i18n._("Standings") == "Classement"
        assert i18n.ngettext("{n} player", "{n} players", 1) == "{n} joueur"
        assert i18n.ngettext("{n} player", "{n} players", 2) == "{n} joueurs"
        assert i18n.ngettext("{n} player", "{n} players", 0) == "{n} joueur"
        assert i18n.pgettext("colour", "White") == "Blancs"
        assert i18n._("Pairings") == "Appariements"  # another area's catalog
        assert i18n._("Not in the catalog") == "Not in the catalog"
    assert i18n._("Standings") == "Standings"


def test_a_french_pdf_in_one_thread_leaves_the_arbiters_english_in_another(french_catalog) -> None:  # type: ignore[no-untyped-def]
    inside = threading.Event()
    release = threading.Event()
    seen: list[str] = []

    def print_in_french() -> None:
        with i18n.using_language("fr"):
            inside.set()
            release.wait(5)
            seen.append(i18n._("Standings"))

    worker = threading.Thread(target=print_in_french)
    worker.start()
    inside.wait(5)
    seen.append(i18n._("Standings"))
    release.set()
    worker.join(5)
    assert seen == ["Standings", "Classement"]


def test_the_process_language_is_the_arbiters(french_catalog) -> None:  # type: ignore[no-untyped-def]
    assert i18n.set_process_language("fr") == "fr"
    assert i18n._("Standings") == "Classement"
    with i18n.using_language("en"):
        assert i18n._("Standings") == "Standings"
    assert i18n.set_process_language("xx") == "en"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de-CH,de;q=0.9,en;q=0.8", "de"),
        ("ja,fr;q=0.5,pl;q=0.7", "pl"),
        ("pt-BR", "pt"),
        ("en;q=0.1, ru", "ru"),
        ("fr;q=0, nl", "nl"),
        ("ja, zh", "en"),
        ("", "en"),
        (";;q=,,,", "en"),
        ("tr;q=abc, it;q=0.2", "it"),
    ],
)
def test_a_browser_language_picks_the_venue_page_language(header: str, expected: str) -> None:
    assert i18n.best_match(header) == expected


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "ja:pl", "LANG": "de_DE.UTF-8"}, "pl"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "tr_TR.UTF-8"}, "tr"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_language_is_read_as_gettext_reads_it(
    environ: dict[str, str], expected: str
) -> None:
    assert i18n.language_from_environment(environ) == expected


def test_dates_and_numbers_as_each_language_writes_them() -> None:
    day = date(2026, 3, 12)
    assert formats.format_date(day, language="en") == "March 12, 2026"
    assert formats.format_date(day, language="fr") == "12 mars 2026"
    assert formats.format_date(day, language="de") == "12. März 2026"
    assert formats.format_integer(12345, language="de") == "12.345"
    assert formats.format_integer(12345, language="en") == "12,345"
    with i18n.using_language("pl"):
        assert formats.format_date(day) == "12 marca 2026"


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_an_empty_text_stays_empty_in_every_language(code: str) -> None:
    """gettext gives a catalog's header for the empty text: a team match table's colour
    column, which has no name, was headed "Project-Id-Version: swissdesk VERSION ..." in
    every language but English."""
    with i18n.using_language(code):
        assert i18n._("") == ""
        assert i18n._("Round {number}") != "" and "Project-Id" not in i18n._("Round {number}")
