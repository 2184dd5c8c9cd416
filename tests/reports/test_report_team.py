"""Printed documents of a team event: pairing list, match sheets, standings, cross table,
board-by-board results (read back from the PDF text)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from swissdesk.reports.team import (
    render_board_results,
    render_match_sheets,
    render_team_crosstable,
    render_team_pairings,
    render_team_standings,
    round_matches,
)
from swissdesk.storage.teamtrf import board_standings
from swissdesk.trf.team_records import read_team_trf

HAND = Path(__file__).resolve().parents[1] / "trf" / "team_hand.trf"


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def test_team_pairing_list_has_one_match_per_line(tmp_path: Path) -> None:
    event = read_team_trf(HAND)
    assert round_matches(event.tournament, 2) == [(5, 1), (2, 3)]
    text = _text(render_team_pairings(event.tournament, tmp_path / "p.pdf", round_number=2))
    assert "Epsilon Club" in text and "Alpha Club" in text and "(forfeit)" in text
    assert "Delta Club (4): HPB" in text


def test_team_standings_and_cross_table(tmp_path: Path) -> None:
    event = read_team_trf(HAND)
    text = _text(render_team_standings(event.tournament, tmp_path / "s.pdf"))
    assert text.index("Alpha Club") < text.index("Delta Club") < text.index("Beta Club")
    assert "SB:MPxGP" in text
    cross = _text(render_team_crosstable(event.tournament, tmp_path / "c.pdf"))
    assert "PAB" in cross and "HPB" in cross


def test_match_sheets_show_the_line_ups(tmp_path: Path) -> None:
    event = read_team_trf(HAND)
    text = _text(render_match_sheets(event, tmp_path / "m.pdf", round_number=2))
    assert "Alpha,Kim" in text  # the out-of-order line-up (record 300) of team 1
    assert "Captain:" in text


def test_board_by_board_individual_results(tmp_path: Path) -> None:
    event = read_team_trf(HAND)
    boards = {(s.board, s.name): (s.team, s.points, s.games) for s in board_standings(event)}
    # Alpha,Ann (1) won on board 1 in round 1 and on board 2 in round 2 (record 300);
    # the reserve Alpha,Kim (11) drew on board 1 in round 2.
    assert boards[1, "Alpha,Ann"] == ("Alpha Club", 2, 1) == boards[2, "Alpha,Ann"]
    assert boards[1, "Alpha,Kim"] == ("Alpha Club", 1, 1)
    text = _text(render_board_results(event, tmp_path / "b.pdf"))
    assert "Board 1" in text and "Board 2" in text and "Perf" in text
