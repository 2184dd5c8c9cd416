"""Table models of a team event's pages: teams, a team's roster, the matches of a round,
one match's boards and the team standings (C.04.6, C.07 team tie-breaks).

The teams and roster models are edited in place like the players list: an edited cell
hands the team's new data to ``commit`` (the controller runs the ``EditTeam`` action); a
value that cannot be right emits ``invalid_edit`` with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import Qt, Signal

from swissdesk.gui.tablemodel import (
    CENTER,
    DISPLAY,
    EDIT,
    FOREGROUND,
    GREY,
    LEFT,
    RESULT_DISPLAY,
    RIGHT,
    SORT,
    TOOLTIP,
    Column,
    Index,
    TableModel,
    points,
    reported_cell,
)
from swissdesk.i18n import N_, _, localize_number, pgettext
from swissdesk.storage import MatchView, MemberData, ReportView, TeamData, TeamRow
from swissdesk.storage.teamtrf import BoardStanding
from swissdesk.storage.teamviews import BoardLine, MemberRow

TeamCommit = Callable[[int, TeamData], bool]


class _Editable(TableModel):
    """A table whose cells in ``editable`` columns are edited in place."""

    editable: frozenset[int] = frozenset()
    invalid_edit = Signal(str)

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid() and index.column() in self.editable:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: Index, value: Any, role: int = EDIT) -> bool:
        if role != EDIT or not index.isValid() or index.column() not in self.editable:
            return False
        return self.edit_cell(index.row(), index.column(), str(value).strip())

    def edit_cell(self, row: int, column: int, text: str) -> bool:
        raise NotImplementedError


class TeamsModel(_Editable):
    """The teams in pairing-number order (strength: average rating of the N best)."""

    TPN, NAME, SHORT, FED, STRENGTH, PLAYERS = range(6)
    columns = (
        Column(N_("No."), RIGHT, 4, N_("Team pairing number")),
        Column(N_("Team"), LEFT, 24, stretch=True),
        Column(N_("Short"), LEFT, 6, N_("Short name (TRF 310 nickname)")),
        Column(N_("Fed."), CENTER, 5),
        Column(N_("Strength"), RIGHT, 7, N_("Average rating of the N best roster players")),
        Column(N_("Players"), RIGHT, 6, N_("Players on the roster")),
    )
    editable = frozenset({NAME, SHORT, FED})

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.commit: TeamCommit | None = None

    def teams(self) -> list[TeamRow]:
        return list(self._rows)

    def cell(self, row: TeamRow, column: int, role: int) -> Any:
        if role in (DISPLAY, EDIT, SORT):
            values: tuple[Any, ...] = (
                row.tpn,
                row.name,
                row.short_name,
                row.federation,
                row.strength,
                len(row.members),
            )
            value = values[column]
            return value if role == SORT or isinstance(value, str) else str(value)
        return None

    def edit_cell(self, row: int, column: int, text: str) -> bool:
        team: TeamRow = self._rows[row]
        data = team.data
        if column == self.NAME:
            if not text:
                self.invalid_edit.emit(_("a team needs a name"))
                return False
            data = replace(data, name=text)
        elif column == self.SHORT:
            data = replace(data, short_name=text[:5])
        else:
            if text and (len(text) != 3 or not text.isalpha()):
                self.invalid_edit.emit(
                    _("federation {text}: three letters, e.g. GER").format(text=repr(text))
                )
                return False
            data = replace(data, federation=text.upper())
        return self.commit(team.tpn, data) if self.commit is not None else False


class RosterModel(_Editable):
    """One team's roster in board order (position 1 plays board 1 by default)."""

    POS, TITLE, NAME, RATING, FIDE_ID, FED = range(6)
    columns = (
        Column(N_("Pos."), RIGHT, 4, N_("Roster position (board order)")),
        Column(N_("Title"), CENTER, 5),
        Column(N_("Player"), LEFT, 26, stretch=True),
        Column(N_("Rating"), RIGHT, 6),
        Column(N_("FIDE ID"), RIGHT, 10),
        Column(N_("Fed."), CENTER, 5),
    )
    editable = frozenset({TITLE, NAME, RATING, FIDE_ID, FED})

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.team: TeamRow | None = None
        self.commit: TeamCommit | None = None

    def set_team(self, team: TeamRow | None) -> None:
        self.team = team
        self.set_rows(team.members if team is not None else ())

    def cell(self, row: MemberRow, column: int, role: int) -> Any:
        if role in (DISPLAY, EDIT, SORT):
            d = row.data
            values: tuple[Any, ...] = (
                row.position,
                d.title,
                d.name,
                d.rating,
                d.fide_id,
                d.federation,
            )
            value = values[column]
            return value if role == SORT or isinstance(value, str) else str(value)
        return None

    def members(self) -> list[MemberData]:
        return [m.data for m in self._rows]

    def edit_cell(self, row: int, column: int, text: str) -> bool:
        member: MemberData = self._rows[row].data
        if column == self.NAME:
            if not text:
                self.invalid_edit.emit(_("a roster player needs a name"))
                return False
            member = replace(member, name=text)
        elif column == self.RATING:
            if not text.isdigit():
                self.invalid_edit.emit(
                    _("rating {text}: a number, 0 for unrated").format(text=repr(text))
                )
                return False
            member = replace(member, rating=int(text))
        elif column == self.TITLE:
            member = replace(member, title=text.upper())
        elif column == self.FIDE_ID:
            if text and not text.isdigit():
                self.invalid_edit.emit(_("FIDE ID {text}: digits only").format(text=repr(text)))
                return False
            member = replace(member, fide_id=text)
        else:
            member = replace(member, federation=text.upper())
        members = self.members()
        members[row] = member
        return self.commit_members(members)

    def commit_members(self, members: Sequence[MemberData]) -> bool:
        if self.team is None or self.commit is None:
            return False
        return self.commit(self.team.tpn, replace(self.team.data, members=tuple(members)))


class MatchesModel(TableModel):
    """The matches of a round with their live scores."""

    NUMBER, FIRST, SCORE, SECOND, STATE = range(5)
    columns = (
        Column(N_("Match"), RIGHT, 5),
        Column(N_("Team (White on board 1)"), LEFT, 22, stretch=True),
        Column(N_("Score"), CENTER, 9, N_("Game points, live")),
        Column(N_("Team"), LEFT, 22, stretch=True),
        Column("", LEFT, 12),
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.reports: dict[int, ReportView] = {}
        """Match number -> the captains' report from the phones (issue 35), not entered."""

    def matches(self) -> list[MatchView]:
        return list(self._rows)

    def cell(self, row: MatchView, column: int, role: int) -> Any:
        report = self.reports.get(row.number) if column == self.STATE else None
        if report is not None and not row.complete and row.forfeit is None:
            return self._report_cell(report, role)
        if role == DISPLAY:
            if column == self.NUMBER:
                return str(row.number)
            if column == self.FIRST:
                return f"{row.first_tpn}  {row.first_name}"
            if column == self.SCORE:
                return f"{points(row.first_points)} – {points(row.second_points)}"
            if column == self.SECOND:
                return f"{row.second_tpn}  {row.second_name}"
            if row.forfeit is not None:
                return _("forfeited {result}").format(result=RESULT_DISPLAY[row.forfeit])
            return _("complete") if row.complete else _("in progress")
        if role == FOREGROUND and column == self.STATE and row.complete:
            return GREY
        return None

    @staticmethod
    def _report_cell(report: ReportView, role: int) -> Any:
        """A match the captains reported from their phones, until entered."""
        return reported_cell(
            report,
            role,
            lambda who, device: _(
                "From the captains' phones: {report} (boards 1, 2, … from the first team's "
                "side; an empty place is its forfeit); {who} ({device}). Not entered yet: "
                "Ctrl+Shift+Y enters every confirmed match, Ctrl+Shift+E this match's report "
                "as it is (one-sided or disputed too); typing a board's result enters yours "
                "(the arbiter's entry wins)."
            ).format(report=report.text, who=who, device=device),
        )


@dataclass(frozen=True, slots=True)
class _BoardRow:
    line: BoardLine
    first_white: bool


class MatchBoardsModel(TableModel):
    """The boards of one match: result keys as on the round page (first team's side)."""

    BOARD, COLOUR, FIRST, FIRST_RATING, RESULT, SECOND, SECOND_RATING = range(7)
    columns = (
        Column(N_("Bd"), RIGHT, 3),
        Column("", CENTER, 3, N_("Colour of the first team's player")),
        Column(N_("Player"), LEFT, 22, stretch=True),
        Column(N_("Rtg"), RIGHT, 5),
        Column(N_("Result"), CENTER, 7, N_("1 / = / 0 / + / −, Delete clears")),
        Column(N_("Player"), LEFT, 22, stretch=True),
        Column(N_("Rtg"), RIGHT, 5),
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.current: MatchView | None = None

    def set_match(self, match: MatchView | None) -> None:
        self.current = match
        rows = [] if match is None else [_BoardRow(b, b.board % 2 == 1) for b in match.boards]
        self.set_rows(rows)

    def cell(self, row: _BoardRow, column: int, role: int) -> Any:
        b = row.line
        if role == DISPLAY:
            if column == self.BOARD:
                return str(b.board)
            if column == self.COLOUR:
                return (
                    pgettext("colour on a match sheet", "W")
                    if row.first_white
                    else pgettext("colour on a match sheet", "B")
                )
            if column == self.FIRST:
                return b.first or _("(empty board)")
            if column == self.FIRST_RATING:
                return str(b.first_rating) if b.first else ""
            if column == self.RESULT:
                return RESULT_DISPLAY[b.result] if b.result is not None else ""
            if column == self.SECOND:
                return b.second or _("(empty board)")
            return str(b.second_rating) if b.second else ""
        if role == FOREGROUND and (
            (column == self.FIRST and b.first is None)
            or (column == self.SECOND and b.second is None)
        ):
            return GREY
        if role == TOOLTIP and column == self.RESULT and (b.first is None or b.second is None):
            return _("An empty board is a forfeited game")
        return None


@dataclass(frozen=True, slots=True)
class StandingLine:
    rank: str
    """The place, "3-4" when shared."""
    tpn: int
    name: str
    match_points: int
    game_points: int
    values: tuple[str, ...]


class TeamStandingsModel(TableModel):
    """Team standings: match points, game points, the team tie-breaks (C.07)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.columns = self._columns(())

    @staticmethod
    def _columns(codes: Sequence[str]) -> tuple[Column, ...]:
        return (
            Column(N_("Rk"), RIGHT, 4),
            Column(N_("No."), RIGHT, 4),
            Column(N_("Team"), LEFT, 24, stretch=True),
            Column(N_("MP"), RIGHT, 5, N_("Match points")),
            Column(N_("GP"), RIGHT, 5, N_("Game points")),
            *(Column(code, RIGHT, 8) for code in codes),
        )

    def set_standings(self, codes: Sequence[str], lines: Sequence[StandingLine]) -> None:
        self.beginResetModel()
        self.columns = self._columns(codes)
        self._rows = list(lines)
        self.endResetModel()

    def cell(self, row: StandingLine, column: int, role: int) -> Any:
        if role != DISPLAY:
            return None
        fixed = (
            row.rank,
            str(row.tpn),
            row.name,
            points(row.match_points),
            points(row.game_points),
        )
        return fixed[column] if column < 5 else localize_number(row.values[column - 5])


class BoardStandingsModel(TableModel):
    """Individual board scores of a team event: per board its players with games, points
    and performance rating (C.07 art. 10.2, played games only)."""

    columns = (
        Column(N_("Bd"), RIGHT, 3, N_("Board")),
        Column(N_("Player"), LEFT, 22, stretch=True),
        Column(N_("Rtg"), RIGHT, 5, N_("Rating")),
        Column(N_("Team"), LEFT, 18),
        Column(N_("G"), RIGHT, 3, N_("Games on this board")),
        Column(N_("Pts"), RIGHT, 5, N_("Points on this board")),
        Column(N_("Perf"), RIGHT, 5, N_("Performance rating over the played games")),
    )

    def set_boards(self, rows: Sequence[BoardStanding]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def cell(self, row: BoardStanding, column: int, role: int) -> Any:
        if role != DISPLAY:
            return None
        return (
            str(row.board),
            row.name,
            str(row.rating or ""),
            row.team,
            str(row.games),
            points(row.points),
            "" if row.performance is None else str(row.performance),
        )[column]
