"""The team pages' controller (Team Swiss, C.04.6): teams and rosters, line-ups, board
results typed on a match's boards, forfeited matches, team standings and their PDFs.

Each action runs one storage command (:mod:`swissdesk.storage.commands.teams`) through the
window's action lane (:meth:`MainWindow.run_action <swissdesk.gui.mainwindow.MainWindow.
run_action>`), exactly as the individual pages do.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from swissdesk.gui.team_models import StandingLine
from swissdesk.gui.team_pages import ForfeitDialog, LineupDialog, TeamDialog
from swissdesk.i18n import N_, _
from swissdesk.storage import (
    AddTeam,
    AssignTeamPairingNumbers,
    BoardResult,
    EditTeam,
    EnterBoardResult,
    ForfeitMatch,
    MemberData,
    RemoveTeam,
    RequestTeamBye,
    SetLineup,
    SetTeamSettings,
    TeamData,
    TeamRow,
    parse_result,
)
from swissdesk.storage.teamtrf import board_standings

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow


LATE_TEAM_HINT = N_(
    "In a team event the participants are teams: add one with Teams > Add team (before "
    "round 1), and a late player with the team's roster on the Teams page."
)


class TeamsController:
    """The Teams, Matches and Team standings pages."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.teams: list[TeamRow] = []
        self.round = 0
        self.match = 1
        self._seen_paired = 0
        page = window.teams_page
        page.model.commit = self._commit_team
        page.roster_model.commit = self._commit_team
        page.model.invalid_edit.connect(lambda m: self.w.prompter.error(_("Team data"), m))
        page.roster_model.invalid_edit.connect(lambda m: self.w.prompter.error(_("Roster"), m))
        page.team_selected.connect(self._show_team)
        page.add_team.clicked.connect(self.add_team)
        page.sort.clicked.connect(self.sort_teams)
        page.remove_team.clicked.connect(self.remove_team)
        page.bye.clicked.connect(self.request_bye)
        page.add_player.clicked.connect(self.add_roster_player)
        page.remove_player.clicked.connect(self.remove_roster_player)
        page.up.clicked.connect(lambda: self.move_roster_player(-1))
        page.down.clicked.connect(lambda: self.move_roster_player(1))
        mp = window.matches_page
        mp.round_changed.connect(self.show_round)
        mp.match_selected.connect(self._show_match)
        mp.result_typed.connect(self.result_typed)
        mp.lineup_first.clicked.connect(lambda: self.edit_lineup(first=True))
        mp.lineup_second.clicked.connect(lambda: self.edit_lineup(first=False))
        mp.forfeit.clicked.connect(self.forfeit_match)
        mp.print.clicked.connect(self.print_match_sheets)
        standings = window.team_standings_page
        standings.print.clicked.connect(self.print_standings)
        standings.print_crosstable.clicked.connect(self.print_crosstable)
        standings.print_boards.clicked.connect(self.print_board_results)

    # -----------------------------------------------------------------------------------
    # Tabs

    def late_entry_refused(self) -> bool:
        """Players > Late entry in a team event: point to the Teams page instead of adding
        a team with no roster (issue 16); True when the command was refused."""
        if not self.is_team:
            return False
        self.w.prompter.info(_("Late entry"), _(LATE_TEAM_HINT))
        return True

    @property
    def is_team(self) -> bool:
        s = self.w.tournament_settings
        return s is not None and s.is_team

    def update_enabled(self) -> None:
        """The Teams menu works in a team event; teams are added before round 1."""
        team = self.is_team
        actions = self.w.menu_actions
        for key in ("lineup_first", "lineup_second", "forfeit_match", "match_sheets"):
            actions[key].setEnabled(team and self.w.rounds_paired > 0)
        actions["add_team"].setEnabled(team and self.w.rounds_paired == 0)
        actions["sort_teams"].setEnabled(team and self.w.rounds_paired < 4)
        for key in ("team_standings_pdf", "team_crosstable_pdf", "board_results_pdf"):
            actions[key].setEnabled(team)
        actions["team_pairings_pdf"].setEnabled(team and self.w.rounds_paired > 0)
        from swissdesk.gui.printing import document_kinds

        for shown in (False, True):  # File > Export PDF: the open event's documents
            for kind, _title in document_kinds(shown):
                action = actions[f"report_{kind}"]
                action.setVisible(shown == team)
                action.setEnabled(shown == team)
        if team:  # a late player joins a team's roster (Teams page), not the pairing list
            actions["late"].setEnabled(False)
        actions["late"].setStatusTip(_(LATE_TEAM_HINT) if team else "")
        page = self.w.teams_page
        page.add_team.setEnabled(actions["add_team"].isEnabled())
        page.remove_team.setEnabled(actions["add_team"].isEnabled())
        page.sort.setEnabled(actions["sort_teams"].isEnabled())

    def edit_lineup_first(self) -> None:
        self._to_matches()
        self.edit_lineup(first=True)

    def edit_lineup_second(self) -> None:
        self._to_matches()
        self.edit_lineup(first=False)

    def _to_matches(self) -> None:
        if self.w.tabs.currentIndex() != self.w.PAGE_MATCHES:
            self.w.show_page(self.w.PAGE_MATCHES)

    def update_tabs(self) -> None:
        """The team pages for a team event; the individual standings otherwise. The View
        menu's command of a hidden page is hidden too (its shortcut does nothing)."""
        team = self.is_team
        tabs = self.w.tabs
        actions = self.w.menu_actions
        for index in self.w.TEAM_PAGES:
            tabs.setTabVisible(index, team)
        tabs.setTabVisible(self.w.PAGE_STANDINGS, not team)
        tabs.setTabVisible(self.w.PAGE_CROSS, not team)
        for index in range(tabs.count()):
            action = actions[f"page_{index}"]
            action.setVisible(tabs.isTabVisible(index))
            action.setEnabled(tabs.isTabVisible(index))

    def after_create(self, team: tuple[object, ...] | None) -> None:
        """Store the team options chosen in the new-tournament dialog."""
        if team is None:
            return
        settings, win, draw, loss = team
        self.w.run_action(
            SetTeamSettings(settings, win, draw, loss),  # type: ignore[arg-type]
            _("Team options"),
        )
        self.w.show_page(self.w.PAGE_TEAMS)

    # -----------------------------------------------------------------------------------
    # Teams and rosters

    def refresh_teams(self) -> None:
        tf = self.w.file
        if tf is None:
            return
        keep = self.w.teams_page.selected_tpn()
        self.teams = self.w.guarded(_("Reading the teams"), tf.teams) or []
        self.w.teams_page.set_teams(self.teams, keep)

    def _show_team(self, tpn: int) -> None:
        team = next((t for t in self.teams if t.tpn == tpn), None)
        self.w.teams_page.show_roster(team)

    def _commit_team(self, tpn: int, data: TeamData) -> bool:
        return self.w.run_action(EditTeam(tpn, data), "Edit team", deferred=True) is not None

    def add_team(self) -> None:
        dialog = TeamDialog(self.w)
        if self.w.prompter.run_dialog(dialog):
            self.add_team_data(dialog.data())

    def add_team_data(self, data: TeamData) -> bool:
        return self.w.run_action(AddTeam(data), "Add team") is not None

    def request_bye(self) -> None:
        """A team's requested bye (half-point, zero-point, ...) for a round not yet paired."""
        from swissdesk.gui.dialogs import ByeDialog

        settings = self.w.tournament_settings
        if settings is None:
            return
        dialog = ByeDialog(
            self.w.player_rows,
            self.w.rounds_paired + 1,
            settings.total_rounds,
            settings.scoring,
            self.w.teams_page.selected_tpn(),
            self.w,
        )
        if self.w.prompter.run_dialog(dialog):
            self.w.run_action(
                RequestTeamBye(dialog.tpn(), dialog.round_number(), dialog.bye_kind()),
                _("Team bye"),
            )

    def remove_team(self) -> None:
        tpn = self.w.teams_page.selected_tpn()
        team = next((t for t in self.teams if t.tpn == tpn), None)
        if team is not None and self.w.prompter.confirm(
            _("Remove team"),
            _("Remove no. {number} {team} and its roster?").format(number=team.tpn, team=team.name),
        ):
            self.w.run_action(RemoveTeam(team.tpn), _("Remove team"))

    def sort_teams(self) -> None:
        self.w.run_action(AssignTeamPairingNumbers(), _("Sort teams"))

    def _team(self) -> TeamRow | None:
        return self.w.teams_page.roster_model.team

    def add_roster_player(self) -> None:
        team = self._team()
        if team is None:
            return
        new = MemberData(_("Player {number}").format(number=len(team.members) + 1))
        members = [*team.data.members, new]
        if self.w.run_action(EditTeam(team.tpn, replace(team.data, members=tuple(members)))):
            roster = self.w.teams_page.roster
            index = roster.model().index(len(members) - 1, 2)
            roster.setCurrentIndex(index)
            roster.edit(index)

    def remove_roster_player(self) -> None:
        team = self._team()
        row = self.w.teams_page.roster.currentIndex().row()
        if team is None or not 0 <= row < len(team.members):
            return
        members = [m for i, m in enumerate(team.data.members) if i != row]
        self.w.run_action(EditTeam(team.tpn, replace(team.data, members=tuple(members))))

    def move_roster_player(self, delta: int) -> None:
        team = self._team()
        roster = self.w.teams_page.roster
        row = roster.currentIndex().row()
        if (
            team is None
            or not 0 <= row < len(team.members)
            or not 0 <= row + delta < len(team.members)
        ):
            return
        members = list(team.data.members)
        members[row], members[row + delta] = members[row + delta], members[row]
        if self.w.run_action(EditTeam(team.tpn, replace(team.data, members=tuple(members)))):
            roster.selectRow(row + delta)

    # -----------------------------------------------------------------------------------
    # Matches

    def refresh_matches(self) -> None:
        page = self.w.matches_page
        paired = self.w.rounds_paired
        page.round.blockSignals(True)
        page.round.setRange(min(1, paired), paired)
        if not 1 <= self.round <= paired or paired != self._seen_paired:
            self.round = paired  # a newly paired round is shown at once
            self._seen_paired = paired
        page.round.setValue(self.round)
        page.round.blockSignals(False)
        self.show_round(self.round)

    def show_round(self, round_number: int, board_row: int | None = None) -> None:
        tf = self.w.file
        self.round = round_number
        page = self.w.matches_page
        if tf is None or round_number < 1:
            page.set_matches([], None)
            return
        view = self.w.guarded(_("Reading the matches"), lambda: tf.team_round_view(round_number))
        if view is None:
            return
        page.model.reports = self.w.phones.reports_for(round_number)
        page.set_matches(view.matches, self.match)
        if board_row is not None:
            page.show_match(page.current_match(), board_row)

    def _show_match(self, number: int) -> None:
        self.match = number
        page = self.w.matches_page
        match = next((m for m in page.model.matches() if m.number == number), None)
        page.show_match(match)

    def enter_board_result(self, board: int, result: BoardResult | None) -> bool:
        page = self.w.matches_page
        match = page.current_match()
        if match is None:
            return False
        outcome = self.w.run_action(
            EnterBoardResult(self.round, match.number, board, result),
            _("Board result"),
            light=True,
        )
        self.w.mark_team_pages_stale()
        self.show_round(self.round, board_row=min(board, len(match.boards) - 1))
        return outcome is not None

    def result_typed(self, board: int, result: object) -> None:
        self.enter_board_result(board, result if isinstance(result, BoardResult) else None)

    def edit_lineup(self, *, first: bool) -> None:
        match = self.w.matches_page.current_match()
        if match is None:
            return
        tpn = match.first_tpn if first else match.second_tpn
        teams = self.w.guarded(_("Teams"), self._teams) or []
        team = next((t for t in teams if t.tpn == tpn), None)
        if team is None:
            return
        current = [b.first if first else b.second for b in match.boards]
        dialog = LineupDialog(team, len(match.boards), current, self.round, self.w)
        if self.w.prompter.run_dialog(dialog):
            self.set_lineup(tpn, dialog.positions())

    def _teams(self) -> list[TeamRow]:
        assert self.w.file is not None
        return self.w.file.teams()

    def set_lineup(self, tpn: int, positions: tuple[int | None, ...]) -> bool:
        ok = self.w.run_action(SetLineup(self.round, tpn, positions), "Line-up") is not None
        self.show_round(self.round)
        return ok

    def forfeit_match(self) -> None:
        match = self.w.matches_page.current_match()
        if match is None:
            return
        dialog = ForfeitDialog(match, self.w)
        if self.w.prompter.run_dialog(dialog):
            self.set_forfeit(dialog.value())

    def set_forfeit(self, value: str) -> bool:
        match = self.w.matches_page.current_match()
        if match is None:
            return False
        result = None if value == "cancel" else parse_result(value)
        ok = (
            self.w.run_action(ForfeitMatch(self.round, match.number, result), "Forfeit") is not None
        )
        self.show_round(self.round)
        return ok

    # -----------------------------------------------------------------------------------
    # Standings and documents

    def standings_lines(self) -> tuple[tuple[str, ...], list[StandingLine]]:
        from swissdesk.tiebreaks.team import (
            DEFAULT_TEAM_TIEBREAKS,
            format_team_value,
            team_standings,
        )

        tf = self.w.file
        if tf is None:
            return (), []
        tournament = tf.snapshot()
        codes = tuple(tournament.tiebreaks) or DEFAULT_TEAM_TIEBREAKS
        names = {p.tpn: p.name for p in tournament.players}
        rows = team_standings(tournament, codes, tournament.rounds_with_pairings)
        lines = [
            StandingLine(
                r.rank_label,
                r.tpn,
                names[r.tpn],
                r.match_points,
                r.game_points,
                tuple(format_team_value(c, v) for c, v in zip(codes, r.values, strict=True)),
            )
            for r in rows
        ]
        # GP ranks (a tie-break) but has its own column already: shown once.
        shown = [i for i, c in enumerate(codes) if c != "GP"]
        lines = [replace(line, values=tuple(line.values[i] for i in shown)) for line in lines]
        return tuple(codes[i] for i in shown), lines

    def refresh_standings(self) -> None:
        if not self.is_team:  # an individual event has no team standings
            return
        loaded = self.w.guarded(_("Team standings"), self.standings_lines)
        if loaded is None:
            return
        codes, lines = loaded
        page = self.w.team_standings_page
        page.model.set_standings(codes, lines)
        tf = self.w.file
        page.board_model.set_boards(board_standings(tf.team_event()) if tf is not None else ())
        page.title.setText(
            _("Team standings after round {number}").format(number=self._complete_rounds())
        )

    def _complete_rounds(self) -> int:
        tf = self.w.file
        return tf.snapshot().rounds_with_pairings if tf is not None else 0

    def print_standings(self) -> None:
        """The Team standings page's Export PDF (Teams > Team standings (PDF)…)."""
        self.w.printing.export_pdf("team-standings")

    def print_match_sheets(self) -> None:
        """The Matches page's Match sheets (Teams > Match sheets (PDF)…): the round shown."""
        self.w.printing.export_pdf("team-sheets")

    def print_crosstable(self) -> None:
        self.w.printing.export_pdf("team-crosstable")

    def print_board_results(self) -> None:
        self.w.printing.export_pdf("team-boards")

    def go_to_match(self, round_number: int, match_number: int) -> None:
        """Show a match of a round on the Matches page, its first board selected (a key
        typed for a match on the board list lands here: boards carry the results)."""
        self.match = match_number
        self.w.show_page(self.w.PAGE_MATCHES)
        page = self.w.matches_page
        page.round.blockSignals(True)
        page.round.setValue(round_number)
        page.round.blockSignals(False)
        self.show_round(round_number, board_row=0)
        page.boards.view.setFocus()


__all__ = ["TeamsController", "parse_result"]
