"""Issue 18, "Also": every document names the organiser (and the chief arbiter) in its
header, in any script, on a line of its own below the place and dates."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from report_test_support import all_text, multilingual_tournament, pdf_pages, row_texts

from swissdesk.model.tournament import Tournament
from swissdesk.reports import KINDS, render
from swissdesk.reports.layout import people_line

ORGANISER = "Šachový klub Zürich – Łódź"
ARBITER = "IA Ærøskøbing Ğül"


def _tournament(organiser: str, arbiter: str) -> Tournament:
    t = multilingual_tournament()
    info = dataclasses.replace(
        t.info, city="Zürich", organiser=organiser, chief_arbiter=arbiter
    )
    return dataclasses.replace(t, info=info)


@pytest.mark.parametrize("kind", KINDS)
def test_header_names_the_organiser_and_chief_arbiter(kind: str, tmp_path: Path) -> None:
    out = render(kind, _tournament(ORGANISER, ARBITER), tmp_path / f"{kind}.pdf")
    text = all_text(out)
    assert f"Organiser: {ORGANISER}" in text, text[:300]
    assert f"Chief arbiter: {ARBITER}" in text
    for page in pdf_pages(out):
        # The third line of the header: below the name and the place, above the body.
        tops = [" ".join(row_texts(row)) for row in page[:4]]
        line = next(i for i, t in enumerate(tops) if t.startswith("Organiser:"))
        assert line == 2, tops
        assert "Zürich" in tops[1]


def test_header_without_organiser_or_arbiter_has_no_empty_labels(tmp_path: Path) -> None:
    out = render("standings", _tournament("", ""), tmp_path / "s.pdf")
    text = all_text(out)
    assert "Organiser" not in text and "Chief arbiter" not in text


def test_people_line_names_whoever_is_known() -> None:
    assert people_line("Club", "") == "Organiser: Club"
    assert people_line(" ", "IA X") == "Chief arbiter: IA X"
    assert people_line("Club", "IA X") == "Organiser: Club   Chief arbiter: IA X"
