"""A scripted team tournament day through the window (Team Swiss, C.04.6): create the
event with its team options, register teams and rosters, edit a roster in place, sort the
teams, pair, set a line-up with a reserve and an empty board, type board results by keys
with the match score live, forfeit a match, read the team standings and a PDF back."""

from __future__ import annotations

import os
from pathlib import Path

from gui_support import column_texts
from pypdf import PdfReader
from PySide6.QtCore import Qt

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.team_models import (
    MatchBoardsModel,
    MatchesModel,
    RosterModel,
    TeamsModel,
    TeamStandingsModel,
)
from swissdesk.gui.team_pages import (
    ForfeitDialog,
    LineupDialog,
    TeamDialog,
    TeamTournamentDialog,
)
from swissdesk.model.tournament import ResultCode
from swissdesk.storage import TournamentFile

TEAMS = [
    ("Riverside", "RIV", 2300),
    ("Hilltop", "HIL", 2250),
    ("Lakeside", "LAK", 2200),
    ("Old Town", "OLD", 2150),
    ("Harbour", "HAR", 2100),
]


def fill_tournament(dialog: TeamTournamentDialog) -> bool:
    dialog.name.setText("Club Team Cup")
    dialog.rounds.setValue(4)
    dialog.system.setCurrentIndex(dialog.system.findData("team"))
    assert dialog.form.isRowVisible(dialog.boards)
    dialog.boards.setValue(3)
    dialog.preferences.setCurrentIndex(dialog.preferences.findData("B"))
    folder = os.environ.get("SWISSDESK_SCREENSHOTS")
    if folder:
        dialog.adjustSize()
        dialog.grab().save(str(Path(folder) / "team-new-tournament.png"))
    return True


def team_filler(name: str, short: str, base: int):  # type: ignore[no-untyped-def]
    def fill(dialog: TeamDialog) -> bool:
        dialog.name.setText(name)
        dialog.short.setText(short)
        dialog.federation.setText("eng")
        lines = [f"{name} Player {i}; {base - 20 * i}; ; {base * 10 + i}" for i in range(1, 5)]
        dialog.roster.setPlainText("\n".join(lines))
        return True

    return fill


def shown(text: str) -> str:
    """A label's text without the marks that fix its direction (LRM, isolates)."""
    return text.translate(dict.fromkeys(map(ord, "\u200e\u2068\u2069")))


def shoot(window: MainWindow, name: str) -> None:
    """Keep a picture of the page when SWISSDESK_SCREENSHOTS names a folder."""
    folder = os.environ.get("SWISSDESK_SCREENSHOTS")
    if folder:
        from PySide6.QtWidgets import QApplication

        QApplication.processEvents()  # the layout follows the texts just set
        window.tabs.currentWidget().grab().save(str(Path(folder) / f"{name}.png"))


def test_a_team_tournament_day(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    prompter = window.prompter
    path = tmp_path / "cup.swissdesk"
    prompter.dialogs.append(fill_tournament)
    prompter.files.append(str(path))
    window.new_tournament()
    assert path.is_file()
    assert window.tabs.currentIndex() == window.PAGE_TEAMS
    assert window.tabs.isTabVisible(window.PAGE_MATCHES)
    assert not window.tabs.isTabVisible(window.PAGE_STANDINGS)
    with TournamentFile.open(path) as tf:
        assert tf.settings().is_team and tf.team_settings().boards == 3
        assert tf.team_settings().colour_preferences == "B"

    # Teams with their rosters, entered weakest first.
    for name, short, base in TEAMS[::-1]:
        prompter.dialogs.append(team_filler(name, short, base))
        window.teams.add_team()
    page = window.teams_page
    assert column_texts(page.model, TeamsModel.NAME)[0] == "Harbour"
    assert page.count.text() == "5 teams, 20 players"

    # The roster is edited in place like the players list: a rating, then the order.
    page.table.selectRow(0)
    roster = page.roster_model
    assert roster.team is not None and roster.team.name == "Harbour"
    assert roster.setData(roster.index(3, RosterModel.RATING), "2400")
    qtbot.wait(1)  # the deferred refresh
    page.roster.selectRow(3)
    for _ in range(3):
        page.up.click()
    assert column_texts(roster, RosterModel.NAME)[0] == "Harbour Player 4"
    assert not roster.setData(roster.index(0, RosterModel.RATING), "strong")
    assert prompter.errors[-1][0] == "Roster"
    prompter.errors.clear()

    page.sort.click()
    assert column_texts(page.model, TeamsModel.NAME) == [
        "Riverside",
        "Hilltop",
        "Harbour",  # its 2400 reserve, now first, lifts the average of the 3 best
        "Lakeside",
        "Old Town",
    ]
    shoot(window, "team-teams")

    # Round 1 through the ordinary pairing path (the team engine in the worker).
    with qtbot.waitSignal(window.round_paired, timeout=60_000):
        window.pair_next_round()
    assert window.menu_actions["forfeit_match"].isEnabled()
    assert not window.menu_actions["add_team"].isEnabled()  # round 1 is paired
    window.show_page(window.PAGE_MATCHES)
    mp = window.matches_page
    assert mp.model.rowCount() == 2
    first = mp.model.row_at(0)

    # Line-up of the first team: a reserve on board 2, board 3 left empty.
    def lineup(dialog: LineupDialog) -> bool:
        dialog.combos[1].setCurrentIndex(dialog.combos[1].findData(4))
        dialog.combos[2].setCurrentIndex(0)
        return True

    prompter.dialogs.append(lineup)
    window.menu_actions["lineup_first"].trigger()  # Teams > Line-up of the first team
    assert mp.boards_model.display_text(1, MatchBoardsModel.FIRST).endswith("Player 4")
    assert mp.boards_model.display_text(2, MatchBoardsModel.FIRST) == "(empty board)"
    assert mp.boards_model.display_text(2, MatchBoardsModel.RESULT) == "− – +"
    assert shown(mp.score.text()).startswith(f"{first.first_name}  0 – 1")

    # Board results by keys; the cursor moves on and the score follows.
    view = mp.boards.view
    view.setFocus()
    mp.boards.selectRow(0)
    qtbot.keyClick(view, "1")
    assert shown(mp.score.text()).startswith(f"{first.first_name}  1 – 1")
    assert view.currentIndex().row() == 1
    qtbot.keyClick(view, "=")
    assert "1½ – 1½" in mp.score.text() and "in progress" not in mp.score.text()
    assert column_texts(mp.model, MatchesModel.STATE)[0] == "complete"
    qtbot.keyClick(view, "0")  # the empty board takes no result
    assert prompter.errors and "empty place" in prompter.errors[-1][1]
    prompter.errors.clear()
    shoot(window, "team-matches")

    # The second match is forfeited by its second team.
    mp.table.selectRow(1)
    second = mp.model.row_at(1)

    def forfeit(dialog: ForfeitDialog) -> bool:
        dialog.choice.setCurrentIndex(dialog.choice.findData("+-"))
        return True

    prompter.dialogs.append(forfeit)
    mp.forfeit.click()
    assert column_texts(mp.model, MatchesModel.STATE)[1] == "forfeited + – −"
    assert column_texts(mp.model, MatchesModel.SCORE)[1] == "3 – 0"
    with TournamentFile.open(path) as tf:
        loser = tf.snapshot().player(second.second_tpn).entry(1)
        assert loser is not None and loser.result is ResultCode.FORFEIT_LOSS

    # Team standings after round 1, and the PDF read back.
    window.show_page(window.PAGE_TEAM_STANDINGS)
    standings = window.team_standings_page.model
    assert standings.rowCount() == 5
    assert column_texts(standings, 2)[0] == second.first_name  # 2 MP and all 3 games
    assert column_texts(standings, 3)[:2] == ["2", "1"]
    per_board = window.team_standings_page.board_model  # the individual board scores
    # Issue 16: Players > Late entry would add a team with no roster; it points to Teams.
    assert not window.menu_actions["late"].isEnabled()
    window.late_entry()
    assert prompter.infos[-1][0] == "Late entry" and "Teams > Add team" in prompter.infos[-1][1]
    assert per_board.rowCount() > 0 and column_texts(per_board, 0)[0] == "1"
    shoot(window, "team-standings")
    pdf = tmp_path / "standings.pdf"
    prompter.files.append(str(pdf))
    window.team_standings_page.print.click()
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "Team standings" in text and second.first_name in text

    # A team asks for a half-point bye in round 2 (Teams page, "Team bye…").
    window.show_page(window.PAGE_TEAMS)
    page.table.selectRow(1)
    prompter.dialogs.append(lambda dialog: True)  # the selected team, round 2, half-point
    page.bye.click()
    with TournamentFile.open(path) as tf:
        assert tf.audit_log()[-1].action == "RequestTeamBye"

    # Round 2 pairs; the match sheets print the line-ups.
    with qtbot.waitSignal(window.round_paired, timeout=60_000):
        window.pair_next_round()
    window.show_page(window.PAGE_MATCHES)
    assert mp.round.value() == 2
    assert mp.model.rowCount() == 2  # four teams play, one has its bye
    sheets = tmp_path / "sheets.pdf"
    prompter.files.append(str(sheets))
    mp.print.click()
    assert "Player 1" in "".join(p.extract_text() for p in PdfReader(sheets).pages)
    assert prompter.errors == []


def test_every_team_model_passes_the_model_tester(qtmodeltester, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.cli import main

    source = Path(__file__).parent.parent / "trf" / "team_hand.trf"
    target = tmp_path / "t.swissdesk"
    assert main(["import", str(source), "-o", str(target), "--yes-i-know", "3"]) == 0
    with TournamentFile.open(target) as tf:
        teams = TeamsModel()
        qtmodeltester.check(teams)
        teams.set_rows(tf.teams())
        qtmodeltester.check(teams)
        roster = RosterModel()
        qtmodeltester.check(roster)
        roster.set_team(tf.teams()[0])
        qtmodeltester.check(roster)
        matches = MatchesModel()
        view = tf.team_round_view(2)
        matches.set_rows(view.matches)
        qtmodeltester.check(matches)
        boards = MatchBoardsModel()
        qtmodeltester.check(boards)
        for m in view.matches:
            boards.set_match(m)
            qtmodeltester.check(boards)
        standings = TeamStandingsModel()
        qtmodeltester.check(standings)
        from swissdesk.tiebreaks.team import team_standings

        t = tf.snapshot()
        from swissdesk.gui.team_models import StandingLine

        lines = [
            StandingLine(
                r.rank_label, r.tpn, t.player(r.tpn).name, r.match_points, r.game_points, ("1",)
            )
            for r in team_standings(t, ("GP",))
        ]
        standings.set_standings(("GP",), lines)
        qtmodeltester.check(standings)
        assert standings.columnCount() == 6
        from swissdesk.gui.team_models import BoardStandingsModel
        from swissdesk.storage.teamtrf import board_standings

        per_board = BoardStandingsModel()
        qtmodeltester.check(per_board)
        per_board.set_boards(board_standings(tf.team_event()))
        qtmodeltester.check(per_board)
        assert column_texts(per_board, 1)[:2] == ["Alpha,Ann", "Delta,Gus"]
    assert Qt.ItemFlag.ItemIsEditable & teams.flags(teams.index(0, TeamsModel.NAME))


def test_team_menu_is_off_in_an_individual_event(make_window, sample_copy: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(use_process=False)
    assert window.open_file(sample_copy)
    assert not window.menu_actions["add_team"].isEnabled()
    assert not window.menu_actions["forfeit_match"].isEnabled()
    assert not window.tabs.isTabVisible(window.PAGE_TEAMS)
    assert window.tabs.isTabVisible(window.PAGE_STANDINGS)
