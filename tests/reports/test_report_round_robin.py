"""The printed cross table of a round robin: the classic square table with each game's
colour, one sub-column per cycle, points, place and tie-breaks; the players GRC art. 6.6
leaves out keep their line without a place; 24 players in a double round robin fit one
landscape page."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from report_test_support import all_text, find_row, pdf_pages

from swissdesk.lists.round_robin_grid import round_robin_grid
from swissdesk.model.tournament import ResultCode
from swissdesk.reports import render
from swissdesk.tiebreaks import compute_standings
from tests.engines.round_robin.support import rr_tournament

W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
FW, FL = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS


def leaves(player: int, last_played: int):
    def result(rnd: int, white: int, black: int) -> ResultCode:
        if player in (white, black):
            if rnd > last_played:
                return FL if white == player else FW
            return W if white == player else L
        return D

    return result


def test_the_square_table_reads_back(tmp_path: Path) -> None:
    t = rr_tournament(6, cycles=2, played=10)
    out = render("crosstable", t, tmp_path / "ct.pdf")
    pages = pdf_pages(out)
    assert len(pages) == 1
    row = find_row(pages[0], "1")
    # No. 1 won every game in the table built by rr_tournament (the lower number wins).
    assert row[:2] == ["1", "Player 01"]
    assert row.count("1") >= 10
    text = all_text(out)
    assert "One sub-column per cycle (2 cycles)" in text
    assert "grey background: the player had Black" in text


def test_grid_colours_and_cycles() -> None:
    t = rr_tournament(4, cycles=2, played=6)
    grid = round_robin_grid(t, compute_standings(t, ["SB"]))
    first = grid.rows[0]
    assert first.cells[0] is None  # his own column
    against_4 = first.cells[3]
    assert against_4 is not None and len(against_4) == 2
    colours = {g.colour for g in against_4 if g is not None}
    assert len(colours) == 2  # the second cycle reversed the colours


def test_a_player_left_out_keeps_his_line_without_a_place(tmp_path: Path) -> None:
    t = rr_tournament(6, played=5, result=leaves(6, 2))
    out = render("crosstable", t, tmp_path / "ct.pdf")
    row = find_row(pdf_pages(out)[0], "6")
    assert "–" in row
    text = " ".join(all_text(out).split())  # the legend's lines joined
    assert "no. 6: withdrew having completed less than half the games" in text
    assert "(0)" in text  # a win over no. 6 stays in its cell, in brackets


def test_twenty_four_players_double_round_robin_on_one_page(tmp_path: Path) -> None:
    t = rr_tournament(24, cycles=2, played=46)
    out = render("crosstable", t, tmp_path / "ct.pdf")
    assert len(PdfReader(out).pages) == 1
    assert find_row(pdf_pages(out)[0], "24")[1] == "Player 24"


def test_the_board_list_names_the_round_robin_bye(tmp_path: Path) -> None:
    t = rr_tournament(5, played=1)
    text = all_text(render("boards", t, tmp_path / "b.pdf", round_number=1))
    assert "bye (no game)" in text and "pairing-allocated" not in text


def test_the_schedule_prints_every_round_of_the_table(tmp_path: Path) -> None:
    t = rr_tournament(5, cycles=2, played=3)
    out = render("schedule", t, tmp_path / "s.pdf")
    text = all_text(out)
    for r in range(1, 11):
        assert f"Round {r}" in text
    assert "No. 1 Player 01: bye (no game)" in text  # round 1 of the table for 5/6
    assert "cycle 2" in text


def test_a_swiss_prints_its_rounds_paired_so_far(tmp_path: Path) -> None:
    t = rr_tournament(4, played=2)
    swiss = type(t)(players=t.players, total_rounds=5)
    text = all_text(render("schedule", swiss, tmp_path / "s.pdf"))
    assert "Pairings of every round" in text and "Round 2" in text and "Round 3" not in text
