"""Numbers on the venue's pages in the page's language (issue 38), as the documents and the
window write them: points with ``½`` in every language, tie-break values with the page
language's decimal sign (``2,5``, ``1,75`` in German and Russian); English unchanged.
Read through the framework's test client."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swissdesk.lists.crosstable import score_text
from swissdesk.lists.standings import StandingRow, last_complete_round, standings_view
from swissdesk.storage import open_for_report

OPEN = "/s/riverside-open"
SIGN = {"en": ".", "de": ",", "ru": ","}


def _row(page: str, tpn: int) -> str:
    """The table row of ``tpn`` (its link to the player's page, to the end of the row)."""
    found = re.search(rf'/player/{tpn}">[^<]*</a>.*?</tr>', page, re.S)
    assert found is not None, tpn
    return found.group(0)


def _assert_points_and_values(page: str, row: StandingRow, language: str) -> None:
    """The row of the page ends with the points (with ½) and the tie-break values, written
    with the page language's decimal sign, as the printed standings have them."""
    cells = re.findall(r'<td class="n[^"]*">([^<]*)</td>', _row(page, row.tpn))
    values = [v.replace(".", SIGN[language]) for v in row.values]
    assert cells[-len(values) - 1 :] == [score_text(row.points), *values], row.tpn


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_standings_page_writes_tiebreaks_in_the_pages_language(
    client: TestClient, events: dict[str, Path], language: str
) -> None:
    tournament, _order = open_for_report(events["open"])
    printed = standings_view(tournament, None, last_complete_round(tournament))
    page = client.get(f"{OPEN}/standings", headers={"Accept-Language": language}).text
    decimals = 0
    for row in printed.rows:
        _assert_points_and_values(page, row, language)
        decimals += sum("." in v for v in row.values)
    assert decimals  # Buchholz and Sonneborn-Berger have decimals
    if language != "en":
        assert not re.search(r'<td class="n[^"]*">\d+\.\d+</td>', page)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_cross_table_page_writes_points_with_a_half_and_tiebreaks_in_the_pages_language(
    client: TestClient, events: dict[str, Path], language: str
) -> None:
    tournament, _order = open_for_report(events["open"])
    printed = standings_view(tournament, None, last_complete_round(tournament))
    page = client.get(f"{OPEN}/crosstable", headers={"Accept-Language": language}).text
    halves = 0
    for row in printed.rows:
        _assert_points_and_values(page, row, language)
        halves += row.points % 2
    assert halves  # "1½" on the page, never "1.5"
    assert not re.search(r'<td class="n strong">\d+\.\d</td>', page)


def test_team_standings_page_writes_team_tiebreaks_in_the_pages_language(
    client: TestClient,
) -> None:
    english = client.get("/s/club-cup/standings", headers={"Accept-Language": "en"}).text
    german = client.get("/s/club-cup/standings", headers={"Accept-Language": "de"}).text
    assert re.search(r'<td class="n[^"]*">2\.0</td>', english)  # BH:MP
    assert re.search(r'<td class="n[^"]*">2,0</td>', german)
    assert not re.search(r'<td class="n[^"]*">\d+\.\d+</td>', german)
