"""Issue 27, items 2 and 9: the team standings PDF (GP printed twice, overlapping headers,
no "after round N", tied teams shown "3, 3"), the board results' percentages (2 of 3 printed
as 66) and the permissions of written PDFs (individual 0600, team 0644: the umask for both).
"""

from __future__ import annotations

import itertools
import os
import stat
from pathlib import Path

import pytest
from pypdf import PdfReader
from report_test_support import multilingual_tournament, pdf_pages

from swissdesk.model.tournament import (
    TEAM_SCORING,
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
    TournamentInfo,
)
from swissdesk.reports import render
from swissdesk.reports.fonts import BOLD
from swissdesk.reports.scripts import text_width
from swissdesk.reports.team import percentage, render_team_standings
from swissdesk.storage import TournamentFile

HAND = Path(__file__).resolve().parents[1] / "trf" / "team_hand.trf"


def drawn_round() -> Tournament:
    """Four teams, one round: 1-2 and 3-4 both 2-2 (every team 1 MP, 2 GP)."""
    draw = ResultCode.DRAW

    def match(opponent: int, colour: Colour) -> RoundEntry:
        return RoundEntry(opponent, colour, draw, game_points=4)

    entries = {1: match(2, Colour.WHITE), 2: match(1, Colour.BLACK),
               3: match(4, Colour.WHITE), 4: match(3, Colour.BLACK)}  # fmt: skip
    teams = tuple(Player(tpn, f"Team {tpn}", rounds=(entries[tpn],)) for tpn in range(1, 5))
    return Tournament(
        players=teams,
        total_rounds=5,
        scoring=TEAM_SCORING,
        info=TournamentInfo(name="Club Cup"),
        system="team",
        is_team=True,
    )


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_team_standings_print_gp_once_and_say_after_which_round(tmp_path: Path) -> None:
    out = render_team_standings(drawn_round(), tmp_path / "s.pdf", rounds=1)
    page = pdf_pages(out)[0]
    header = next(row for row in page if row and row[0].text == "Rk")
    texts = [c.text for c in header]
    assert texts.count("GP") == 1, texts
    assert texts == ["Rk", "No.", "Team", "MP", "GP", "BH:MP", "SB:MPxGP", "DE"]
    assert "after round 1" in _text(out)


def test_team_standings_headers_fit_their_columns(tmp_path: Path) -> None:
    """ "BH:MP" and "SB:MPxGP" overlapped: every heading ends before the next begins."""
    out = render_team_standings(drawn_round(), tmp_path / "s.pdf", rounds=1)
    header = next(row for row in pdf_pages(out)[0] if row and row[0].text == "Rk")
    for left, right in itertools.pairwise(header):
        assert left.x + text_width(left.text, BOLD, 9) < right.x, (left.text, right.text)


def test_tied_teams_share_a_place_written_as_a_range(tmp_path: Path) -> None:
    """All four teams equal on MP, GP and every tie-break: "1-4", as the individual
    standings write a shared place (not "1, 1, 1, 1")."""
    out = render_team_standings(drawn_round(), tmp_path / "s.pdf", rounds=1)
    ranks = [row[0].text for row in pdf_pages(out)[0] if row and row[0].text[:1].isdigit()]
    assert ranks[:4] == ["1-4"] * 4


def test_board_results_percentage_is_rounded_not_cut() -> None:
    assert percentage(4, 3) == "67"  # 2 points of 3 games
    assert percentage(1, 3) == "17"
    assert percentage(2, 2) == "50"
    assert percentage(0, 0) == ""


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_individual_and_team_pdfs_get_the_users_umask(tmp_path: Path, umask: int) -> None:
    from swissdesk.cli import main
    from swissdesk.reports.team import render_team_report

    team_file = tmp_path / "t.swissdesk"
    assert main(["import", str(HAND), "-o", str(team_file), "--yes-i-know", "3"]) == 0
    old = os.umask(umask)
    try:
        individual = render("standings", multilingual_tournament(), tmp_path / "i.pdf")
        with TournamentFile.open(team_file) as tf:
            team = render_team_report("standings", tf, tmp_path / "team.pdf")
    finally:
        os.umask(old)
    assert _mode(individual) == _mode(team) == 0o666 & ~umask
