"""Issue 38, layout in the longest languages: in every printed document, in German, Russian,
Polish and Turkish, no column name and no cell is wider than its column.

Every table a document draws is a :class:`GridTable` (the round robin's square table too);
the test records each one as it is drawn and measures its headings (set at most a quarter
smaller: ``crowded_headers``) and its body cells (``overflowing_cells``) against the
column's room, with the font and size the table draws them in. The pairing cards' own
columns are measured by test_report_languages.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from report_test_support import multilingual_tournament, seeker_event

from swissdesk.i18n import using_language
from swissdesk.model.ratings import NationalRating, Rating, RatingMethod
from swissdesk.reports import KINDS, render
from swissdesk.reports.layout import MARGIN_X, GridTable
from tests.prizes.prize_support import EVENT, category, plan_text, prize, write_plan

LONGEST = ("en", "de", "ru", "pl", "tr")
"""German and Russian write the longest column names, Polish and Turkish long words too;
English, the source, as the others are measured against it."""

HAND = Path(__file__).resolve().parents[1] / "trf" / "team_hand.trf"
PLAN = plan_text(
    category("U2000", rating_below=2000),
    category("Women", sex="w"),
    prize(1, 1000),
    prize(2, 600),
    prize(1, 100, category="U2000", item="Book"),
)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[GridTable]]:
    """The tables drawn while the test runs (each page's part of a split table)."""
    tables: list[GridTable] = []
    draw = GridTable.draw

    def recording(self: GridTable) -> None:
        tables.append(self)
        self.page_width = self.canv._pagesize[0]  # type: ignore[attr-defined]
        draw(self)

    monkeypatch.setattr(GridTable, "draw", recording)
    yield tables


def _individual(kind: str) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        tournament = multilingual_tournament()
        tournament = dataclasses.replace(
            tournament,
            players=tuple(
                dataclasses.replace(p, club="Schachklub Kreuzberg", fide_rating=p.rating)
                for p in tournament.players
            ),
        )
        extra: dict[str, Any] = {"codes": {1: "123456", 2: "654321"}} if kind == "codes" else {}
        render(kind, tournament, folder / f"{kind}.pdf", **extra)
        if kind == "starting-list":  # every order, and a national list's columns (issue 31)
            render(kind, tournament, folder / "by-name.pdf", order="name")
            several = dataclasses.replace(
                tournament,
                players=tuple(
                    dataclasses.replace(p, national_ratings=(NationalRating("POL", Rating(2000)),))
                    for p in tournament.players
                ),
                rating_method=RatingMethod.FIDON,
                rating_federation="POL",
            )
            render(kind, several, folder / "several.pdf", order="rating")

    return make


def _norms(folder: Path) -> None:
    """The title norms and the rating changes of the norm tests' GM-norm event (a summary,
    a certificate with every opponent, game by game)."""
    event = seeker_event()
    render("norms", event, folder / "norms.pdf")
    render("ratings", event, folder / "ratings.pdf")


def _team(folder: Path) -> None:
    from swissdesk.reports.team import (
        render_board_results,
        render_match_sheets,
        render_team_crosstable,
        render_team_pairings,
        render_team_standings,
    )
    from swissdesk.trf.team_records import read_team_trf

    event = read_team_trf(HAND)
    render_team_pairings(event.tournament, folder / "p.pdf", round_number=2)
    render_match_sheets(event, folder / "m.pdf", round_number=2)
    render_team_standings(event.tournament, folder / "s.pdf")
    render_team_crosstable(event.tournament, folder / "c.pdf")
    render_board_results(event, folder / "b.pdf")


def _round_robin(folder: Path) -> None:
    from tests.engines.round_robin.support import rr_tournament

    tournament = rr_tournament(6, cycles=2, played=10)
    render("crosstable", tournament, folder / "table.pdf")
    render("schedule", tournament, folder / "schedule.pdf")
    render("boards", tournament, folder / "boards.pdf", round_number=3)


def _prizes(folder: Path) -> None:
    from swissdesk.cli import main

    plan = write_plan(folder, PLAN)
    pdf = folder / "prizes.pdf"
    language = _CURRENT[0]
    assert main(["prizes", str(EVENT), "--plan", str(plan), "--pdf", str(pdf),
                 "--language", language]) == 0  # fmt: skip


_CURRENT = ["en"]
"""The language the prize list is asked for (the command sets its own)."""

DOCUMENTS: dict[str, Callable[[Path], None]] = {
    **{kind: _individual(kind) for kind in KINDS if kind != "norms"},
    "norms": _norms,
    "team documents": _team,
    "round robin": _round_robin,
    "prizes": _prizes,
}
"""Every document kind: the individual ones (pairings, standings, cards, cross table,
check-in list, norms, ...), the team ones, a round robin's table and the prize list."""


@pytest.mark.parametrize("document", list(DOCUMENTS))
def test_no_heading_or_cell_overflows_its_column(
    document: str, drawn: list[GridTable], tmp_path: Path
) -> None:
    """Each document in the longest languages: every column name and every cell of every
    table fits its column, and every table the page."""
    problems: list[str] = []
    for language in LONGEST:
        drawn.clear()
        _CURRENT[0] = language
        with using_language(language):
            DOCUMENTS[document](tmp_path)
        for table in drawn:
            problems += [f"{language} heading {cell!r}" for cell in table.crowded_headers()]
            problems += [f"{language} cell {cell!r}" for cell in table.overflowing_cells()]
            room = table.page_width - 2 * MARGIN_X  # type: ignore[attr-defined]
            if table.width > room + 0.5:
                problems.append(f"{language} table {table.width:.0f} wider than the page's {room:.0f}")
    kinds_without_tables = {"cards", "slips", "codes"}
    assert drawn or document in kinds_without_tables, document
    assert not sorted(set(problems)), (document, sorted(set(problems)))


def test_the_cell_measure_can_fail() -> None:
    """A cell wider than its column is reported, one that fits is not."""
    table = GridTable(
        header=[["Nr.", "Ergebnis"]],
        body=[["1", "kampflos gewonnen"], ["2", "1-0"]],
        col_widths=[20.0, 30.0],
        font_size=9.0,
        align=["RIGHT", "CENTER"],
        bold_columns=frozenset(),
        zebra=False,
    )
    assert table.overflowing_cells() == ["kampflos gewonnen"]
