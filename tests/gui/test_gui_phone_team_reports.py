"""A team match reported from the captains' phones shows on the window's match list,
marked, and Round > Accept confirmed reports enters it (issue 35; C.04.6)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.team_models import MatchesModel
from swissdesk.storage import (
    BoardResult,
    ReportMatch,
    TournamentFile,
)
from tests.venue.venue_support import reporting_cup

SEEN = 10_000
"""How long the test waits for the window to notice another program's action (ms)."""
W, D, B = BoardResult.WHITE_WINS, BoardResult.DRAW, BoardResult.BLACK_WINS


def cup(folder: Path) -> Path:
    return reporting_cup(folder / "cup.swissdesk")


def state_cell(window: MainWindow, row: int) -> str:
    model = window.matches_page.model
    return str(model.index(row, MatchesModel.STATE).data())


def test_captains_report_shows_on_the_match_list_and_the_arbiter_accepts_it(
    window: MainWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    path = cup(tmp_path)
    assert window.open_file(path)
    assert window.file is not None
    window.show_page(window.PAGE_MATCHES)
    match = window.file.team_round_view(1).matches[0]
    codes = window.file.player_codes()
    with TournamentFile.open(path) as server:  # the venue's server: another program
        server.execute(ReportMatch(codes[match.first_tpn], 1, (W, D, B, W)))
        qtbot.waitUntil(lambda: "reported" in state_cell(window, 0), timeout=SEEN)
        assert state_cell(window, 0) == (
            f"(2½-1½ [1-0 1/2 0-1 1-0] reported by {match.first_tpn})"
        )
        server.execute(ReportMatch(codes[match.second_tpn], 1, (W, D, B, W)))
        qtbot.waitUntil(lambda: "confirmed" in state_cell(window, 0), timeout=SEEN)
    window.menu_actions["accept_reports"].trigger()
    qtbot.waitUntil(lambda: state_cell(window, 0) == "complete", timeout=SEEN)
    done = window.file.team_round_view(1).matches[0]
    assert done.complete and [b.result for b in done.boards] == [W, D, B, W]


def test_ctrl_shift_e_accepts_the_selected_matchs_one_sided_or_disputed_report(
    window: MainWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    """Session 44 left a team match's one-sided or disputed report to ``swissdesk reports
    FILE --accept MATCH``: on the *Matches* page Round > Accept this board's report
    (Ctrl+Shift+E) enters the selected match's report as it is, the arbiter having looked;
    a match without a report is refused with a sentence, nothing entered."""
    path = cup(tmp_path)
    assert window.open_file(path)
    assert window.file is not None
    window.show_page(window.PAGE_MATCHES)
    first, second = window.file.team_round_view(1).matches
    codes = window.file.player_codes()
    with TournamentFile.open(path) as server:  # the venue's server: another program
        server.execute(ReportMatch(codes[first.first_tpn], 1, (W, D, B, W)))  # one-sided
        server.execute(ReportMatch(codes[second.first_tpn], 1, (D, D, D, D)))
        server.execute(ReportMatch(codes[second.second_tpn], 1, (W, W, D, D)))  # disputes
    qtbot.waitUntil(lambda: "disputed" in state_cell(window, 1), timeout=SEEN)
    assert "reported by" in state_cell(window, 0)
    page = window.matches_page
    page.table.selectRow(0)
    window.menu_actions["accept_board_report"].trigger()
    qtbot.waitUntil(lambda: state_cell(window, 0) == "complete", timeout=SEEN)
    assert [b.result for b in window.file.team_round_view(1).matches[0].boards] == [W, D, B, W]
    assert "disputed" in state_cell(window, 1)  # the other match left alone
    page.table.selectRow(1)
    window.menu_actions["accept_board_report"].trigger()  # the disputed report, as reported
    qtbot.waitUntil(lambda: state_cell(window, 1) == "complete", timeout=SEEN)
    assert [b.result for b in window.file.team_round_view(1).matches[1].boards] == [D, D, D, D]
    page.table.selectRow(0)  # entered: nothing left to accept
    window.menu_actions["accept_board_report"].trigger()
    assert window.prompter.errors[-1][1] == (  # type: ignore[attr-defined]
        f"Match {first.number} has no report from the captains' phones."
    )
