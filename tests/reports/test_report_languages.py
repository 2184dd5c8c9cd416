"""The printed documents in the tournament's language (issue 38).

Every document is drawn inside ``using_language``; read back with pypdf it shows that
language's words (the expected words are written out here, not taken from the catalogs, so a
missing or wrong translation fails). Every column name fits its column in every language
(German and Russian have the longest), and ``--language`` on the command line picks the
language, defaults to the tournament's and refuses one swissdesk does not print in.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from report_test_support import all_text, multilingual_tournament
from reportlab.lib.units import mm

from swissdesk.cli import main
from swissdesk.i18n import LANGUAGES, using_language
from swissdesk.model.ratings import NationalRating, Rating, RatingMethod
from swissdesk.reports import KINDS, layout, render
from swissdesk.reports import cards as cards_module
from swissdesk.reports.fonts import BOLD
from swissdesk.reports.layout import HEADER_SHRINK, GridTable, frame_size
from swissdesk.reports.scripts import text_width
from swissdesk.storage import PlayerData, SetDocumentLanguage, TournamentFile, TournamentSettings

STANDINGS = {
    "en": "Standings",
    "fr": "Classement",
    "de": "Rangliste",
    "es": "Clasificación",
    "it": "Classifica",
    "pt": "Classificação",
    "pl": "Klasyfikacja",
    "ru": "Положение",
    "tr": "Sıralama",
    "nl": "Stand",
}
"""The standings' title in each language (the federations' word)."""

ROUND_3 = {
    "en": "Round 3",
    "fr": "Ronde 3",
    "de": "Runde 3",
    "es": "Ronda 3",
    "it": "Turno 3",
    "pt": "Ronda 3",
    "pl": "Runda 3",
    "ru": "Тур 3",
    "tr": "3. tur",
    "nl": "Ronde 3",
}
BUCHHOLZ = {"ru": "Бухгольц", "de": "Buchholz", "fr": "Buchholz"}
WITHDRAWN_OR_BYE = {
    "fr": "exempt d'appariement",
    "de": "Freilos",
    "es": "bye por emparejamiento",
    "pl": "pauza z kojarzenia",
    "ru": "пропуск тура по жеребьёвке",
    "tr": "eşlendirme bay'ı",
    "nl": "bye door indeling",
}
"""The pairing-allocated bye below the board list."""


def test_the_ten_languages_are_tested() -> None:
    assert set(STANDINGS) == set(LANGUAGES) == set(ROUND_3)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_standings_and_the_board_list_print_in_the_language(
    language: str, tmp_path: Path
) -> None:
    tournament = multilingual_tournament()
    with using_language(language):
        standings = render("standings", tournament, tmp_path / "s.pdf")
        boards = render("boards", tournament, tmp_path / "b.pdf", round_number=3)
    text = all_text(standings)
    assert STANDINGS[language] in text
    if language in BUCHHOLZ:
        assert BUCHHOLZ[language] in text  # the tie-break legend names them
    board_text = all_text(boards)
    assert ROUND_3[language] in board_text
    if language in WITHDRAWN_OR_BYE:
        assert WITHDRAWN_OR_BYE[language] in board_text
    if language != "en":
        assert "Standings" not in text and "Page 1 of 1" not in text
    assert "Międzynarodowy Open Kraków 2026" in text  # the names stay as they are


def test_dates_are_written_the_language_s_way(tmp_path: Path) -> None:
    """The event's dates (TRF 2026/11/20) as the language writes them (CLDR, Babel)."""
    tournament = multilingual_tournament()
    expected = {"fr": "20 novembre 2026", "de": "20. November 2026", "en": "November 20, 2026",
                "pl": "20 listopada 2026", "ru": "20 ноября 2026"}  # fmt: skip
    for language, words in expected.items():
        with using_language(language):
            pdf = render("standings", tournament, tmp_path / f"{language}.pdf")
        assert words in all_text(pdf), language


def _documents(tmp_path: Path, language: str) -> list[GridTable]:
    """Every document kind of the test tournament drawn in ``language``; the tables."""
    tables: list[GridTable] = []
    build = layout.build_pdf

    def capture(out_path: Path, story: Any, header: Any, **kwargs: Any) -> Path:
        tables.extend(f for f in story if isinstance(f, GridTable))
        return build(out_path, story, header, **kwargs)

    tournament = multilingual_tournament()
    tournament = dataclasses.replace(
        tournament, players=tuple(dataclasses.replace(p, club="Klub") for p in tournament.players)
    )
    with pytest.MonkeyPatch.context() as patch, using_language(language):
        for module in ("boards", "alphabetical", "standings", "crosstable", "starting_list",
                       "schedule", "phones", "ratings", "norms", "cards", "slips"):  # fmt: skip
            mod = __import__(f"swissdesk.reports.{module}", fromlist=["build_pdf"])
            patch.setattr(mod, "build_pdf", capture)
        several = dataclasses.replace(  # the starting list's rating columns (issue 31)
            tournament,
            players=tuple(
                dataclasses.replace(
                    p, fide_rating=p.rating, national_ratings=(NationalRating("POL", Rating(2000)),)
                )
                for p in tournament.players
            ),
            rating_method=RatingMethod.FIDON,
            rating_federation="POL",
        )
        render("starting-list", several, tmp_path / "several.pdf", order="rating")
        for kind in KINDS:
            extra: dict[str, Any] = {"codes": {1: "123456"}} if kind == "codes" else {}
            render(kind, tournament, tmp_path / f"{kind}.pdf", **extra)
            for order in ("rating", "name"):
                if kind == "starting-list":
                    render(kind, tournament, tmp_path / f"{kind}.pdf", order=order)
    return tables


@pytest.mark.parametrize("language", [c for c in LANGUAGES if c != "en"])
def test_every_column_name_fits_its_column(language: str, tmp_path: Path) -> None:
    """Nothing cut off: each table's column names, set at most a quarter smaller, fit
    their columns, in every document and every language."""
    tables = _documents(tmp_path, language)
    assert len(tables) >= 10
    crowded = sorted({cell for table in tables for cell in table.crowded_headers()})
    assert not crowded, f"{language}: column names wider than their columns: {crowded}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_pairing_card_columns_fit(language: str) -> None:
    width, _height = frame_size("a4")
    card_w = (width - cards_module.GAP - 2 * cards_module.INSET) / 2
    with using_language(language):
        columns = cards_module.card_columns()
        for name, share in zip(columns, cards_module._COLUMN_SHARE, strict=True):
            room = share * card_w - 1 * mm
            assert text_width(name, BOLD, 8 * HEADER_SHRINK) <= room, (language, name)


def test_the_measure_can_fail() -> None:
    """A column too narrow for its name is reported."""
    table = GridTable(
        header=[["Mannschaftspunkte"]], body=[], col_widths=[20.0], font_size=9.0,
        align=["LEFT"], bold_columns=frozenset(), zebra=False,
    )  # fmt: skip
    assert table.crowded_headers() == ["Mannschaftspunkte"]


def _event(tmp_path: Path) -> Path:
    path = tmp_path / "lyon.swissdesk"
    players = [PlayerData(f"Joueur {i}, A", 2000 - i) for i in range(1, 5)]
    with TournamentFile.create(path, TournamentSettings("Open de Lyon", total_rounds=3),
                               players=players):  # fmt: skip
        pass
    return path


def test_report_prints_in_the_tournament_s_language_by_default(tmp_path: Path) -> None:
    path = _event(tmp_path)
    out = tmp_path / "list.pdf"
    assert main(["report", str(path), "--kind", "starting-list", "-o", str(out)]) == 0
    assert "Starting list" in all_text(out)
    with TournamentFile.open(path) as tf:
        tf.execute(SetDocumentLanguage("fr"))
    out.unlink()
    assert main(["report", str(path), "--kind", "starting-list", "-o", str(out)]) == 0
    assert "Liste de départ" in all_text(out)
    out.unlink()
    assert main(["report", str(path), "--kind", "starting-list", "--language", "pl",
                 "-o", str(out)]) == 0  # fmt: skip
    assert "Lista startowa" in all_text(out)


@pytest.mark.parametrize(
    "argv",
    [
        ["report", "FILE", "--kind", "standings", "-o", "OUT"],
        ["report", "FILE", "--kind", "boards", "--all-sections", "-o", "OUT"],
        ["team", "report", "FILE", "--kind", "standings", "-o", "OUT"],
        ["prizes", "FILE", "--pdf", "OUT"],
    ],
)
def test_a_language_swissdesk_does_not_print_in_is_refused(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _event(tmp_path)
    out = tmp_path / "out.pdf"
    shown = {"FILE": str(path), "OUT": str(out)}
    code = main([shown.get(a, a) for a in argv] + ["--language", "xx"])
    assert code == 2
    err = capsys.readouterr().err
    assert "--language 'xx': swissdesk does not print in that language" in err
    assert "de (Deutsch)" in err and "Traceback" not in err
    assert not out.exists()
