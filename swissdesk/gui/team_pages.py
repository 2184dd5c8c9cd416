"""The pages and dialogs of a team event (Team Swiss, C.04.6): teams with their rosters,
the matches of a round with per-board result entry, and the team standings; the new
tournament dialog with the team options, the team and line-up dialogs.

Pages only show data and emit what the arbiter asked for; the teams controller
(:mod:`swissdesk.gui.controllers.teams`) runs the storage actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.gui.pages import _caption, make_table
from swissdesk.gui.team_models import (
    BoardStandingsModel,
    MatchBoardsModel,
    MatchesModel,
    RosterModel,
    TeamsModel,
    TeamStandingsModel,
)
from swissdesk.model.text import plural
from swissdesk.model.tournament import TeamSettings
from swissdesk.storage import MatchView, MemberData, TeamData, TeamRow, TournamentSettings
from swissdesk.storage.commands.teams import team_scoring
from swissdesk.tiebreaks.team import DEFAULT_TEAM_TIEBREAKS, TEAM_ROUND_ROBIN_TIEBREAKS

TEAM_SYSTEM = "team"
TEAM_ROUND_ROBIN = "team:round-robin"
"""The dialog's choice of a team round robin: the Berger tables on the teams (system
``round-robin`` with ``is_team``)."""


def _narrowable(page: QWidget) -> None:
    """The page never makes the window wider than the arbiter made it (hidden tabs count
    for the tab widget's minimum width)."""
    page.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)


def _buttons(*labels: str) -> tuple[QHBoxLayout, list[QPushButton]]:
    row = QHBoxLayout()
    buttons = [QPushButton(label) for label in labels]
    for b in buttons:
        row.addWidget(b)
    row.addStretch(1)
    return row, buttons


class TeamsPage(QWidget):
    """The teams (left) and the selected team's roster (right), both edited in place."""

    team_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _narrowable(self)
        self.model = TeamsModel(self)
        self.roster_model = RosterModel(self)
        self.table = make_table(self.model)
        self.roster = make_table(self.roster_model)
        triggers = (
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.setEditTriggers(triggers)
        self.roster.setEditTriggers(triggers)
        self.count = QLabel()
        top, (self.add_team, self.remove_team, self.sort, self.bye) = _buttons(
            "&Add team…", "Remo&ve team", "Sort by &strength", "Team &bye…"
        )
        roster_bar, (self.add_player, self.remove_player, self.up, self.down) = _buttons(
            "Add &player", "&Remove player", "Move &up", "Move do&wn"
        )
        self.roster_title = QLabel("Roster")
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(_caption("Teams"))
        head.addStretch(1)
        head.addWidget(self.count)
        lv.addLayout(head)
        lv.addLayout(top)
        lv.addWidget(self.table, 1)
        right = QWidget()
        rv = QVBoxLayout(right)
        rv.setContentsMargins(0, 0, 0, 0)
        rv.addWidget(self.roster_title)
        rv.addLayout(roster_bar)
        rv.addWidget(self.roster, 1)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([480, 560])
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self.table.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self._selected(current.row())
        )

    def _selected(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.team_selected.emit(self.model.row_at(row).tpn)

    def selected_tpn(self) -> int | None:
        row = self.table.currentIndex().row()
        return int(self.model.row_at(row).tpn) if 0 <= row < self.model.rowCount() else None

    def set_teams(self, teams: Sequence[TeamRow], keep: int | None = None) -> None:
        self.model.set_rows(teams)
        players = sum(len(t.members) for t in teams)
        self.count.setText(f"{plural(len(teams), 'team')}, {plural(players, 'player')}")
        row = next((i for i, t in enumerate(teams) if t.tpn == keep), 0 if teams else -1)
        if row >= 0:
            self.table.selectRow(row)
            self.show_roster(teams[row])
        else:
            self.show_roster(None)

    def show_roster(self, team: TeamRow | None) -> None:
        self.roster_model.set_team(team)
        self.roster_title.setText(
            f"Roster of {team.name} (no. {team.tpn}, strength {team.strength})"
            if team is not None
            else "Roster"
        )


class MatchesPage(QWidget):
    """A round's matches (top) and the selected match's boards (bottom) with result keys:
    ``1`` ``=`` ``0`` ``+`` ``-``, Delete clears; the match score is shown live."""

    round_changed = Signal(int)
    match_selected = Signal(int)
    result_typed = Signal(int, object)
    """(board, :class:`BoardResult` or ``None``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _narrowable(self)
        self.model = MatchesModel(self)
        self.boards_model = MatchBoardsModel(self)
        self.table = make_table(self.model)
        self.boards = _ResultKeysTable(self.boards_model)
        self.round = QSpinBox()
        self.round.setRange(0, 0)
        self.round.setPrefix("Round ")
        self.round.valueChanged.connect(self.round_changed.emit)
        self.score = QLabel()
        font = self.score.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.score.setFont(font)
        bar, (self.lineup_first, self.lineup_second, self.forfeit, self.print) = _buttons(
            "Line-up (&first team)…", "Line-up (&second team)…", "&Forfeit match…", "Match &sheets"
        )
        head = QHBoxLayout()
        head.addWidget(_caption("Matches"))
        head.addSpacing(20)
        head.addWidget(self.round)
        head.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.table, 2)
        layout.addWidget(self.score)
        layout.addLayout(bar)
        layout.addWidget(self.boards, 3)
        self.table.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self._selected(current.row())
        )
        self.boards.result_typed.connect(self._typed)

    def _selected(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.match_selected.emit(self.model.row_at(row).number)

    def _typed(self, row: int, result: object) -> None:
        if 0 <= row < self.boards_model.rowCount():
            self.result_typed.emit(row + 1, result)

    def current_match(self) -> MatchView | None:
        return self.boards_model.current

    def set_matches(self, matches: Sequence[MatchView], number: int | None) -> None:
        self.model.set_rows(matches)
        row = next((i for i, m in enumerate(matches) if m.number == number), 0)
        if matches:
            self.table.selectRow(row)
            self.show_match(matches[row])
        else:
            self.show_match(None)

    def show_match(self, match: MatchView | None, board_row: int | None = None) -> None:
        self.boards_model.set_match(match)
        if match is None:
            self.score.setText("")
            return
        state = "" if match.complete else "   (in progress)"
        score = MatchesModel().cell(match, MatchesModel.SCORE, 0)
        self.score.setText(
            f"{LEFT_TO_RIGHT}{isolated(match.first_name)}  {score}  "
            f"{isolated(match.second_name)}{state}"
        )
        if board_row is not None and 0 <= board_row < self.boards_model.rowCount():
            self.boards.selectRow(board_row)


LEFT_TO_RIGHT = "\u200e"
"""LEFT-TO-RIGHT MARK: a line of fields reads left to right whatever its first name."""


def isolated(text: str) -> str:
    """``text`` as a field with its own direction (UAX #9 first-strong isolate): an Arabic
    team name keeps its letters right to left and the line keeps its order (the first team
    on the left)."""
    return f"\u2068{text}\u2069"


class _ResultKeysTable(QWidget):
    """The boards table with the result keys (wraps a table view)."""

    result_typed = Signal(int, object)

    def __init__(self, model: MatchBoardsModel) -> None:
        super().__init__()
        from swissdesk.gui.pages import ResultTable, fit_columns

        self.view = ResultTable()
        self.view.setModel(model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().setVisible(False)
        fit_columns(self.view, model)
        model.modelReset.connect(lambda: fit_columns(self.view, model))
        self.view.result_typed.connect(self.result_typed.emit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)

    def selectRow(self, row: int) -> None:
        self.view.selectRow(row)

    def current_row(self) -> int:
        return self.view.currentIndex().row()


class TeamStandingsPage(QWidget):
    """Team standings after the last complete round (MP, GP, team tie-breaks)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _narrowable(self)
        self.model = TeamStandingsModel(self)
        self.table = make_table(self.model)
        self.title = _caption("Team standings")
        self.print = QPushButton("Standings &PDF…")
        self.print_crosstable = QPushButton("Cross &table PDF…")
        self.print_boards = QPushButton("&Board results PDF…")
        head = QHBoxLayout()
        head.addWidget(self.title)
        head.addStretch(1)
        for button in (self.print, self.print_crosstable, self.print_boards):
            head.addWidget(button)
        self.board_model = BoardStandingsModel(self)
        self.board_table = make_table(self.board_model)
        boards = QWidget()
        box = QVBoxLayout(boards)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(_caption("Individual board scores"))
        box.addWidget(self.board_table, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(boards)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(split, 1)


# ---------------------------------------------------------------------------------------
# Dialogs


class TeamTournamentDialog(TournamentDialog):
    """The new-tournament dialog with the team options when Team Swiss is chosen: boards,
    colour preferences (C.04.6 art. 1.7), primary score (art. 1.2) and match points."""

    def __init__(self, systems: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(systems, parent=parent)
        if "round-robin" in systems:
            self.system.addItem("Team round robin (Berger tables on the teams)", TEAM_ROUND_ROBIN)
        self.boards = QSpinBox()
        self.boards.setRange(1, 50)
        self.boards.setValue(4)
        self.preferences = QComboBox()
        self.preferences.addItem("Type A (only strong preferences)", "A")
        self.preferences.addItem("Type B (strong and mild preferences)", "B")
        self.preferences.addItem("None", "none")
        self.primary = QComboBox()
        self.primary.addItem("Match points", "match")
        self.primary.addItem("Game points", "game")
        self.match_points = QComboBox()
        for label, values in (("2 – 1 – 0", (4, 2, 0)), ("3 – 1 – 0", (6, 2, 0))):
            self.match_points.addItem(label, values)
        from swissdesk.gui.dialogs import TEAM_TIEBREAK_CHOICES, TiebreakEditor

        self.team_tiebreaks = TiebreakEditor(DEFAULT_TEAM_TIEBREAKS, names=TEAM_TIEBREAK_CHOICES)
        self.team_rows = [
            ("B&oards per match:", self.boards),
            ("Colour preferences:", self.preferences),  # (the P is the Place's)
            ("Primary score:", self.primary),
            ("&Match points:", self.match_points),
            ("Team tie-&breaks:", self.team_tiebreaks),
        ]
        for label, widget in self.team_rows:
            self.form.addRow(label, widget)
        self.system.currentIndexChanged.connect(self._show_team_rows)
        self._show_team_rows()

    @property
    def is_team(self) -> bool:
        return self.system.currentData() in (TEAM_SYSTEM, TEAM_ROUND_ROBIN)

    def chosen_system(self) -> str:
        data = str(self.system.currentData())
        return "round-robin" if data == TEAM_ROUND_ROBIN else data

    def _show_team_rows(self) -> None:
        for _label, widget in self.team_rows:
            self.form.setRowVisible(widget, self.is_team)
        for widget in (self.scoring, self.acceleration, self.tiebreaks):
            self.form.setRowVisible(widget, not self.is_team)
        if self.is_team and self.round_robin:
            self.form.setRowVisible(self.preferences, False)  # the table gives the colours

    def problems(self) -> list[str]:
        out = super().problems()
        if self.is_team:  # the team tie-breaks are C.07's team list, not the editor's
            out = [p for p in out if not p.startswith("tie-break")]
            from swissdesk.gui.dialogs import TEAM_TIEBREAK_CHOICES

            codes = self.team_tiebreaks.codes()
            out += [
                f"tie-break {code!r}: a team event ranks by {', '.join(TEAM_TIEBREAK_CHOICES)}"
                for code in codes
                if code not in TEAM_TIEBREAK_CHOICES
            ]
            if len(set(codes)) != len(codes):
                out.append("a tie-break appears twice in the list")
        return out

    def settings(self) -> TournamentSettings:
        base = super().settings()
        if not self.is_team:
            return base
        from dataclasses import replace

        win, draw, loss = self.match_points.currentData()
        if self.round_robin:  # the bye of an odd number of teams is no match
            return replace(
                base,
                system="round-robin",
                is_team=True,
                scoring=replace(team_scoring(win, draw, loss), pairing_allocated_bye=0),
                tiebreaks=TEAM_ROUND_ROBIN_TIEBREAKS,
                tournament_type="Team: round robin",
            )
        return replace(
            base,
            system=TEAM_SYSTEM,
            is_team=True,
            scoring=team_scoring(win, draw, loss),
            tiebreaks=self.team_tiebreaks.codes(),
            tournament_type="Team: Swiss-System",
        )

    def team_settings(self) -> tuple[TeamSettings, int, int, int]:
        """The team options and the match points (win, draw, loss in half-points)."""
        boards = self.boards.value()
        win, draw, loss = self.match_points.currentData()
        settings = TeamSettings(
            boards=boards,
            colour_preferences=str(self.preferences.currentData()),
            primary_score=str(self.primary.currentData()),
            pab_game_points=0 if self.round_robin else boards,
            half_bye_game_points=boards,
            full_bye_game_points=2 * boards,
        )
        return settings, int(win), int(draw), int(loss)


def parse_roster_lines(text: str) -> tuple[list[MemberData], list[str]]:
    """Roster lines ``name;rating;title;FIDE ID;federation`` (tabs also separate)."""
    members: list[MemberData] = []
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [f.strip() for f in line.replace("\t", ";").split(";")]
        fields += [""] * (5 - len(fields))
        if not fields[0]:
            problems.append(f"line {number}: the name is missing")
            continue
        if fields[1] and not fields[1].isdigit():
            problems.append(f"line {number}: the rating {fields[1]!r} is no number")
            continue
        members.append(
            MemberData(fields[0], int(fields[1] or 0), fields[2].upper(), fields[3], fields[4])
        )
    return members, problems


class RosterEdit(QPlainTextEdit):
    """The roster, one player a line: Enter starts the next line, Tab leaves the field like
    in every other field (a typed tab was read as a column separator), Ctrl+Enter submits
    the dialog. A roster pasted from a spreadsheet keeps its tabs (they separate columns)."""

    submitted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            event.accept()
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class TeamDialog(ValidatedDialog):
    """A new team: name, short name, federation, club and the roster (one player a line,
    pasted from a spreadsheet: name, rating, title, FIDE ID, federation)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Add team", parent)
        self.name = QLineEdit()
        self.short = QLineEdit()
        self.short.setMaxLength(5)
        self.federation = QLineEdit()
        self.federation.setMaxLength(3)
        self.club = QLineEdit()
        self.roster = RosterEdit()
        self.roster.setPlaceholderText(
            "One player per line, board order:\nname; rating; title; FIDE ID; federation\n"
            "(Enter: next line; Tab: next field; Ctrl+Enter: add the team)"
        )
        self.roster.submitted.connect(self.try_accept)
        f = self.form
        f.addRow("&Name:", self.name)
        f.addRow("&Short name:", self.short)
        f.addRow("&Federation:", self.federation)
        f.addRow("&Club:", self.club)
        f.addRow("&Roster:", self.roster)
        self.resize(520, 420)

    def problems(self) -> list[str]:
        out = [] if self.name.text().strip() else ["the team needs a name"]
        return out + parse_roster_lines(self.roster.toPlainText())[1]

    def data(self) -> TeamData:
        members, _ = parse_roster_lines(self.roster.toPlainText())
        return TeamData(
            self.name.text().strip(),
            self.short.text().strip(),
            self.federation.text().strip().upper(),
            self.club.text().strip(),
            tuple(members),
        )


class LineupDialog(ValidatedDialog):
    """A team's line-up for a round: a roster player (or an empty board) per board, in
    roster order; reserves may play."""

    def __init__(
        self,
        team: TeamRow,
        boards: int,
        current: Sequence[str | None],
        round_number: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(f"Line-up of {team.name}, round {round_number}", parent)
        self.combos: list[QComboBox] = []
        for board in range(1, boards + 1):
            combo = QComboBox()
            combo.addItem("(empty board: forfeited game)", None)
            for m in team.members:
                combo.addItem(f"{m.position}. {m.data.name} ({m.data.rating})", m.position)
            name = current[board - 1] if board <= len(current) else None
            pos = next((m.position for m in team.members if m.data.name == name), None)
            combo.setCurrentIndex(max(0, combo.findData(pos)) if pos is not None else 0)
            self.combos.append(combo)
            self.form.addRow(f"Board &{board}:", combo)
        self.resize(420, 0)

    def positions(self) -> tuple[int | None, ...]:
        return tuple(c.currentData() for c in self.combos)

    def problems(self) -> list[str]:
        named = [p for p in self.positions() if p is not None]
        out = []
        if len(set(named)) != len(named):
            out.append("a player can play on one board only")
        if named != sorted(named):
            out.append("the line-up keeps the roster's board order")
        return out


class ForfeitDialog(ValidatedDialog):
    """A forfeited match: which team wins it (or both lose), or cancel a forfeit."""

    def __init__(self, match: MatchView, parent: QWidget | None = None) -> None:
        super().__init__(f"Forfeited match {match.number}", parent)
        self.choice = QComboBox()
        self.choice.addItem(f"{match.first_name} wins by forfeit (+ –)", "+-")
        self.choice.addItem(f"{match.second_name} wins by forfeit (– +)", "-+")
        self.choice.addItem("Both teams lose by forfeit (– –)", "--")
        if match.forfeit is not None:
            self.choice.addItem("Cancel the forfeit (the boards decide)", "cancel")
        self.form.addRow("&Result:", self.choice)
        self.choice.setFocus(Qt.FocusReason.OtherFocusReason)

    def problems(self) -> list[str]:
        return []

    def value(self) -> str:
        return str(self.choice.currentData())
