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
from swissdesk.i18n import _, ngettext
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
            _("&Add team…"), _("Remo&ve team"), _("Sort by &strength"), _("Team &bye…")
        )
        roster_bar, (self.add_player, self.remove_player, self.up, self.down) = _buttons(
            _("Add &player"), _("&Remove player"), _("Move &up"), _("Move do&wn")
        )
        self.roster_title = QLabel(_("Roster"))
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(_caption(_("Teams")))
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
        self.count.setText(
            ngettext("{count} team", "{count} teams", len(teams)).format(count=len(teams))
            + ", "
            + ngettext("{count} player", "{count} players", players).format(count=players)
        )
        row = next((i for i, t in enumerate(teams) if t.tpn == keep), 0 if teams else -1)
        if row >= 0:
            self.table.selectRow(row)
            self.show_roster(teams[row])
        else:
            self.show_roster(None)

    def show_roster(self, team: TeamRow | None) -> None:
        self.roster_model.set_team(team)
        self.roster_title.setText(
            _("Roster of {team} (no. {number}, strength {strength})").format(
                team=team.name, number=team.tpn, strength=team.strength
            )
            if team is not None
            else _("Roster")
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
        self.round.setPrefix(_("Round "))
        self.round.valueChanged.connect(self.round_changed.emit)
        self.score = QLabel()
        font = self.score.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.score.setFont(font)
        bar, (self.lineup_first, self.lineup_second, self.forfeit, self.print) = _buttons(
            _("Line-up (&first team)…"),
            _("Line-up (&second team)…"),
            _("&Forfeit match…"),
            _("Match &sheets"),
        )
        head = QHBoxLayout()
        head.addWidget(_caption(_("Matches")))
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
        state = "" if match.complete else "   " + _("(in progress)")
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
        self.title = _caption(_("Team standings"))
        self.print = QPushButton(_("Standings &PDF…"))
        self.print_crosstable = QPushButton(_("Cross &table PDF…"))
        self.print_boards = QPushButton(_("&Board results PDF…"))
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
        box.addWidget(_caption(_("Individual board scores")))
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
            self.system.addItem(
                _("Team round robin (Berger tables on the teams)"), TEAM_ROUND_ROBIN
            )
        self.boards = QSpinBox()
        self.boards.setRange(1, 50)
        self.boards.setValue(4)
        self.preferences = QComboBox()
        self.preferences.addItem(_("Type A (only strong preferences)"), "A")
        self.preferences.addItem(_("Type B (strong and mild preferences)"), "B")
        self.preferences.addItem(_("None"), "none")
        self.primary = QComboBox()
        self.primary.addItem(_("Match points"), "match")
        self.primary.addItem(_("Game points"), "game")
        self.match_points = QComboBox()
        for label, values in (("2 – 1 – 0", (4, 2, 0)), ("3 – 1 – 0", (6, 2, 0))):
            self.match_points.addItem(label, values)
        from swissdesk.gui.dialogs import TEAM_TIEBREAK_CHOICES, TiebreakEditor

        self.team_tiebreaks = TiebreakEditor(DEFAULT_TEAM_TIEBREAKS, names=TEAM_TIEBREAK_CHOICES)
        self.team_rows = [
            (_("B&oards per match:"), self.boards),
            (_("Colour preferences:"), self.preferences),  # (the P is the Place's)
            (_("Primary score:"), self.primary),
            (_("&Match points:"), self.match_points),
            (_("Team tie-&breaks:"), self.team_tiebreaks),
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
        if not self.is_team:
            return super().problems()
        # The team tie-breaks are C.07's team list, not the individual editor's.
        out = self.form_problems()
        from swissdesk.gui.dialogs import TEAM_TIEBREAK_CHOICES

        codes = self.team_tiebreaks.codes()
        known = ", ".join(TEAM_TIEBREAK_CHOICES)
        out += [
            _("tie-break {code}: a team event ranks by {known}").format(
                code=repr(code), known=known
            )
            for code in codes
            if code not in TEAM_TIEBREAK_CHOICES
        ]
        if len(set(codes)) != len(codes):
            out.append(_("a tie-break appears twice in the list"))
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
            problems.append(_("line {number}: the name is missing").format(number=number))
            continue
        if fields[1] and not fields[1].isdigit():
            problems.append(
                _("line {number}: the rating {text} is no number").format(
                    number=number, text=repr(fields[1])
                )
            )
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
        super().__init__(_("Add team"), parent)
        self.name = QLineEdit()
        self.short = QLineEdit()
        self.short.setMaxLength(5)
        self.federation = QLineEdit()
        self.federation.setMaxLength(3)
        self.club = QLineEdit()
        self.roster = RosterEdit()
        self.roster.setPlaceholderText(
            _(
                "One player per line, board order:\nname; rating; title; FIDE ID; federation\n"
                "(Enter: next line; Tab: next field; Ctrl+Enter: add the team)"
            )
        )
        self.roster.submitted.connect(self.try_accept)
        f = self.form
        f.addRow(_("&Name:"), self.name)
        f.addRow(_("&Short name:"), self.short)
        f.addRow(_("&Federation:"), self.federation)
        f.addRow(_("&Club:"), self.club)
        f.addRow(_("&Roster:"), self.roster)
        self.resize(520, 420)

    def problems(self) -> list[str]:
        out = [] if self.name.text().strip() else [_("the team needs a name")]
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
        super().__init__(
            _("Line-up of {team}, round {number}").format(team=team.name, number=round_number),
            parent,
        )
        self.combos: list[QComboBox] = []
        for board in range(1, boards + 1):
            combo = QComboBox()
            combo.addItem(_("(empty board: forfeited game)"), None)
            for m in team.members:
                combo.addItem(f"{m.position}. {m.data.name} ({m.data.rating})", m.position)
            name = current[board - 1] if board <= len(current) else None
            pos = next((m.position for m in team.members if m.data.name == name), None)
            combo.setCurrentIndex(max(0, combo.findData(pos)) if pos is not None else 0)
            self.combos.append(combo)
            self.form.addRow(_("Board &{number}:").format(number=board), combo)
        self.resize(420, 0)

    def positions(self) -> tuple[int | None, ...]:
        return tuple(c.currentData() for c in self.combos)

    def problems(self) -> list[str]:
        named = [p for p in self.positions() if p is not None]
        out = []
        if len(set(named)) != len(named):
            out.append(_("a player can play on one board only"))
        if named != sorted(named):
            out.append(_("the line-up keeps the roster's board order"))
        return out


class ForfeitDialog(ValidatedDialog):
    """A forfeited match: which team wins it (or both lose), or cancel a forfeit."""

    def __init__(self, match: MatchView, parent: QWidget | None = None) -> None:
        super().__init__(_("Forfeited match {number}").format(number=match.number), parent)
        self.choice = QComboBox()
        self.choice.addItem(_("{team} wins by forfeit (+ –)").format(team=match.first_name), "+-")
        self.choice.addItem(_("{team} wins by forfeit (– +)").format(team=match.second_name), "-+")
        self.choice.addItem(_("Both teams lose by forfeit (– –)"), "--")
        if match.forfeit is not None:
            self.choice.addItem(_("Cancel the forfeit (the boards decide)"), "cancel")
        self.form.addRow(_("&Result:"), self.choice)
        self.choice.setFocus(Qt.FocusReason.OtherFocusReason)

    def problems(self) -> list[str]:
        return []

    def value(self) -> str:
        return str(self.choice.currentData())
