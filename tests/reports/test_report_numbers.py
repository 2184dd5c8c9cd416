"""Numbers in the documents' tables (issue 38): points with ``½`` in every language (the
chess convention, as the wall lists, the pairing cards, the window and the venue already
wrote them), every other decimal figure (tie-break values, expected scores, rating changes)
with the document language's decimal sign (CLDR: ``41,25`` and ``+7,40`` in German and
Russian), never grouped. Read back with pypdf; the expected texts are written out here."""

from __future__ import annotations

import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from report_test_support import (
    all_text,
    find_row,
    multilingual_tournament,
    pdf_pages,
    seeker_event,
)

from swissdesk.elo import rating_changes
from swissdesk.i18n import localize_number, using_language
from swissdesk.reports import render

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "swissdesk" / "resources" / "sample" / "riverside-open-2026.swissdesk"
PLAN = ROOT / "docs" / "samples" / "riverside-prizes.toml"

DECIMAL_POINT = re.compile(r"[+-]?\d+\.\d+")
"""A table cell holding a figure with a decimal point (``3.5``, ``+7.40``)."""


@pytest.mark.parametrize(
    ("language", "row_1", "row_2"),
    [
        ("en", ["2", "1.0", "2.0", "2.00"], ["1½", "1.0", "2.0", "1.50"]),
        ("de", ["2", "1,0", "2,0", "2,00"], ["1½", "1,0", "2,0", "1,50"]),
        ("ru", ["2", "1,0", "2,0", "2,00"], ["1½", "1,0", "2,0", "1,50"]),
    ],
)
def test_standings_write_points_with_a_half_and_tiebreaks_in_the_locale(
    tmp_path: Path, language: str, row_1: list[str], row_2: list[str]
) -> None:
    """Points, then BH/C1, BH, SB (the tournament's tie-breaks)."""
    with using_language(language):
        out = render("standings", multilingual_tournament(), tmp_path / "s.pdf", round_number=2)
    page = pdf_pages(out)[0]
    assert find_row(page, "1")[-4:] == row_1
    assert find_row(page, "2")[-4:] == row_2  # no. 4: 1½ points, SB 1.50
    assert find_row(page, "5")[-3:] == localized(["1.5", "2.5", "1.25"], language)


def localized(values: list[str], language: str) -> list[str]:
    return [v.replace(".", ",") if language != "en" else v for v in values]


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_cross_table_points_with_a_half_and_tiebreaks_in_the_locale(
    tmp_path: Path, language: str
) -> None:
    with using_language(language):
        out = render("crosstable", multilingual_tournament(), tmp_path / "x.pdf", round_number=2)
    page = pdf_pages(out)[0]
    row = find_row(page, "2")  # no. 4: PAB, then a draw
    assert row[7] == "1½"
    assert row[8:] == localized(["1.0", "2.0", "1.50"], language)


@pytest.mark.parametrize("language", ["de", "ru"])
def test_rating_changes_in_the_locale_and_points_with_a_half(
    tmp_path: Path, language: str
) -> None:
    event = seeker_event()
    with using_language(language):
        out = render("ratings", event, tmp_path / "r.pdf")
    seeker = rating_changes(event).by_tpn()[1]
    assert seeker.change is not None
    row = find_row(pdf_pages(out)[0], "1")
    # No., name, title, federation, rating, K, games, points, expected, change, new rating
    assert row[7] == "6½"
    assert row[8] == "4,07"
    assert seeker.change == Fraction("24.3")
    assert row[9] == "+24,30"
    text = all_text(out)
    assert "+2,00" in text and "-6,50" in text and "0,30" in text  # game by game
    assert "6.5" not in text and "+2.00" not in text and "4.07" not in text


def test_rating_changes_keep_the_english_decimal_point(tmp_path: Path) -> None:
    out = render("ratings", seeker_event(), tmp_path / "r.pdf")
    row = find_row(pdf_pages(out)[0], "1")
    assert row[7:9] == ["6½", "4.07"]
    assert "+2.00" in all_text(out)


@pytest.mark.parametrize(
    ("language", "result", "average", "performance"),
    [
        ("en", "6½ of 9 games (rounds 1-9), 72 %", "2486 (art. 1.4.7)",
         "2652 = 2486 +166 (art. 1.4.8, 1.4.9)"),
        ("de", "6½ aus 9 Partien (Runden 1-9), 72 %", "2486 (Art. 1.4.7)",
         "2652 = 2486 +166 (Art. 1.4.8, 1.4.9)"),
        ("ru", "6½ из 9 партий (туры 1-9), 72 %", "2486 (ст. 1.4.7)",
         "2652 = 2486 +166 (ст. 1.4.8, 1.4.9)"),
    ],
)  # fmt: skip
def test_norm_report_writes_the_points_with_a_half(
    tmp_path: Path, language: str, result: str, average: str, performance: str
) -> None:
    """The certificate's figures: the result with ½, the articles as the language cites
    them (the glossary: "Art." in German, "ст." in Russian)."""
    with using_language(language):
        out = render("norms", seeker_event(), tmp_path / "n.pdf")
    pages = pdf_pages(out)
    assert find_row(pages[0], "1")[6] == "6½"  # the achieved norms' table: Pts
    text = all_text(out)
    for line in (result, average, performance):
        assert line in text
    assert "6.5" not in text


def _sample(tmp_path: Path):  # type: ignore[no-untyped-def]
    from swissdesk.prizes import read_plan, tournament_prizes
    from swissdesk.storage import TournamentFile

    copy = Path(shutil.copyfile(SAMPLE, tmp_path / SAMPLE.name))
    with TournamentFile.open(copy) as tf:
        tournament = tf.snapshot()
    return tournament, tournament_prizes(tournament, read_plan(PLAN))


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_prize_lists_category_standings_write_points_with_a_half(
    tmp_path: Path, language: str
) -> None:
    from swissdesk.reports.prizes import render_prizes

    tournament, prizes = _sample(tmp_path)
    with using_language(language):
        out = render_prizes(tournament, prizes, tmp_path / "p.pdf")
    shown = [
        row
        for page in pdf_pages(out)[1:]  # the categories' standings follow the prize list
        for row in find_rows(page)
    ]
    assert shown, "no category standings"
    points = [row[-1] for row in shown]
    assert any("½" in p for p in points)
    assert all(re.fullmatch(r"\d*½?", p) for p in points), points


def find_rows(page: list[list[object]]) -> list[list[str]]:
    """The category tables' body rows: a label, a rank and a pairing number, then the name."""
    rows = []
    for row in page:
        texts = [c.text for c in row]  # type: ignore[attr-defined]
        if len(texts) >= 5 and texts[1].isdigit() and texts[2].isdigit():
            rows.append(texts)
    return rows


@pytest.mark.parametrize("language", ["de", "ru"])
def test_no_decimal_point_left_in_the_ranked_documents(tmp_path: Path, language: str) -> None:
    """Standings, cross table, rating changes and norms: no table cell holds a figure with a
    decimal point (the notes under the tables cite articles: "art. 8.1")."""
    event = seeker_event()
    with using_language(language):
        paths = [
            render("standings", multilingual_tournament(), tmp_path / "s.pdf", round_number=2),
            render("crosstable", multilingual_tournament(), tmp_path / "x.pdf", round_number=2),
            render("ratings", event, tmp_path / "r.pdf"),
            render("norms", event, tmp_path / "n.pdf"),
        ]
    for path in paths:
        cells = [cell.text for page in pdf_pages(path) for row in page for cell in row]
        assert [c for c in cells if DECIMAL_POINT.fullmatch(c)] == [], path.name


def test_localize_number_writes_plain_numbers_in_each_language() -> None:
    import swissdesk.translations  # noqa: F401  (installs CLDR's numbers)

    assert localize_number("41.25", "de") == "41,25"
    assert localize_number("+7.40", "ru") == "+7,40"
    assert localize_number("-1.60", "fr") == "-1,60"
    assert localize_number("1834", "de") == "1834"  # never grouped: ratings, averages
    assert localize_number("41.25", "en") == "41.25"
    for untouched in ("", "-", "(1779)", "GM IM", "3½", "1.4.7"):
        assert localize_number(untouched, "de") == untouched


@pytest.mark.parametrize(
    ("language", "alpha", "beta"),
    [
        ("en", ["4", "3", "3.0", "4.5", "0.0"], ["2", "2½", "6.0", "2", "0.0"]),
        ("de", ["4", "3", "3,0", "4,5", "0,0"], ["2", "2½", "6,0", "2", "0,0"]),
        ("ru", ["4", "3", "3,0", "4,5", "0,0"], ["2", "2½", "6,0", "2", "0,0"]),
    ],
)
def test_team_standings_and_cross_table_write_points_with_a_half(
    tmp_path: Path, language: str, alpha: list[str], beta: list[str]
) -> None:
    """MP and GP with ½; the team tie-breaks (BH:MP, SB:MPxGP, DE) in the locale; the cross
    table's cells with the language's colour letter and the game points with ½."""
    from swissdesk.reports.team import render_team_crosstable, render_team_standings
    from swissdesk.trf.team_records import read_team_trf

    event = read_team_trf(ROOT / "tests" / "trf" / "team_hand.trf")
    with using_language(language):
        standings = render_team_standings(event.tournament, tmp_path / "s.pdf")
        cross = render_team_crosstable(event.tournament, tmp_path / "c.pdf")
    page = pdf_pages(standings)[0]
    assert find_row(page, "1")[3:] == alpha  # Alpha Club
    assert find_row(page, "3")[3:] == beta  # Beta Club
    black = {"en": "b", "de": "s", "ru": "ч"}[language]
    assert find_row(pdf_pages(cross)[0], "1")[2:] == ["2w 1½" if language != "ru" else "2б 1½",
                                                      f"5{black} 1½", "4", "3"]  # fmt: skip
