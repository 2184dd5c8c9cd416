"""Qt table models of the arbiter's lists: players, a round's boards, standings, cross table,
audit log.

Every model holds only plain data (the storage's view dataclasses, a tournament snapshot,
computed standings) and is refreshed by the window after each action with ``set_*``
methods, which reset the model. Numbers are right-aligned, names left-aligned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from swissdesk.gui import validation
from swissdesk.model.text import matches
from swissdesk.model.tournament import (
    Colour,
    HalfPoints,
    ResultCode,
    Tournament,
    half_points_to_str,
)
from swissdesk.storage import (
    AuditEntry,
    BoardResult,
    BoardView,
    ByeKind,
    PlayerData,
    PlayerRow,
    PlayerStatus,
    RoundView,
    UnpairedView,
)
from swissdesk.tiebreaks import Standings

Index = QModelIndex | QPersistentModelIndex

DISPLAY = Qt.ItemDataRole.DisplayRole
EDIT = Qt.ItemDataRole.EditRole
ALIGN = Qt.ItemDataRole.TextAlignmentRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole
SORT = Qt.ItemDataRole.UserRole
FOREGROUND = Qt.ItemDataRole.ForegroundRole
FONT = Qt.ItemDataRole.FontRole

RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
CENTER = int(Qt.AlignmentFlag.AlignCenter)

GREY = QColor(110, 110, 110)


def points(value: HalfPoints) -> str:
    """Half-points as the arbiter reads them: ``3``, ``2½``, ``½``."""
    whole, half = divmod(value, 2)
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


RESULT_DISPLAY: dict[BoardResult, str] = {
    BoardResult.WHITE_WINS: "1 – 0",
    BoardResult.BLACK_WINS: "0 – 1",
    BoardResult.DRAW: "½ – ½",
    BoardResult.WHITE_WINS_BY_FORFEIT: "+ – −",
    BoardResult.BLACK_WINS_BY_FORFEIT: "− – +",
    BoardResult.DOUBLE_FORFEIT: "− – −",
    BoardResult.BOTH_LOSE: "0 – 0",
    BoardResult.ADJOURNED: "adj.",
}
"""How the round view shows each board result."""

BYE_DISPLAY: dict[ResultCode, str] = {
    ResultCode.PAIRING_ALLOCATED_BYE: "bye (PAB)",
    ResultCode.FULL_POINT_BYE: "full-point bye",
    ResultCode.HALF_POINT_BYE: "half-point bye",
    ResultCode.ZERO_POINT_BYE: "zero-point bye",
    ResultCode.NOT_PAIRED: "absent",
}

BYE_KIND_DISPLAY: dict[ByeKind, str] = {
    ByeKind.HALF: "½-point bye",
    ByeKind.ZERO: "0-point bye",
    ByeKind.FULL: "1-point bye",
    ByeKind.ABSENT: "absent",
}


def result_display(board: BoardView) -> str:
    if board.result is not None:
        return RESULT_DISPLAY[board.result]
    return board.result_text


@dataclass(frozen=True, slots=True)
class Column:
    """A column: header, alignment, default width in characters, header tooltip."""

    title: str
    align: int = LEFT
    width: int = 8
    tip: str = ""
    stretch: bool = False
    """Takes the window's spare width (the name columns)."""


class TableModel(QAbstractTableModel):
    """Read-only table over a list of rows; subclasses say what each cell shows."""

    columns: Sequence[Column] = ()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []

    def rowCount(self, parent: Index | None = None) -> int:
        if parent is not None and parent.isValid():
            return 0
        return len(self._rows)

    def columnCount(self, parent: Index | None = None) -> int:
        if parent is not None and parent.isValid():
            return 0
        return len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.columns):
            col = self.columns[section]
            if role == DISPLAY:
                return col.title
            if role == TOOLTIP and col.tip:
                return col.tip
            if role == ALIGN:
                return col.align
        elif orientation == Qt.Orientation.Vertical and role == DISPLAY:
            return section + 1
        return None

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if not 0 <= index.column() < len(self.columns):
            return None
        if role == ALIGN:
            return self.columns[index.column()].align
        return self.cell(self._rows[index.row()], index.column(), role)

    def cell(self, row: Any, column: int, role: int) -> Any:
        """What ``row`` shows in ``column`` for ``role`` (``None`` for nothing)."""
        raise NotImplementedError

    def row_at(self, row: int) -> Any:
        return self._rows[row]

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def display_text(self, row: int, column: int) -> str:
        """The text shown in a cell (for tests and copying)."""
        value = self.data(self.index(row, column), DISPLAY)
        return "" if value is None else str(value)


# ---------------------------------------------------------------------------------------
# Players


def player_status_text(row: PlayerRow) -> str:
    """``active``, ``withdrawn from round 4``, ``late entry, plays from round 3``, byes."""
    parts: list[str] = []
    if row.status is PlayerStatus.WITHDRAWN or row.withdrawn_from_round is not None:
        parts.append(f"withdrawn from round {row.withdrawn_from_round}")
    elif row.late_entry_round is not None:
        parts.append(f"late entry, plays from round {row.late_entry_round}")
    else:
        parts.append("active")
    for rnd, kind in row.byes:
        parts.append(f"round {rnd}: {BYE_KIND_DISPLAY[kind]}")
    return "; ".join(parts)


PlayerCommit = Callable[[int, PlayerData], bool]


class PlayersModel(TableModel):
    """The list of participants; personal data editable in place with validation.

    An edit is validated here (rating range, title, federation code, FIDE ID digits), then
    handed to ``commit(tpn, data)`` (the window runs the ``EditPlayer`` action); a refused
    value emits :attr:`invalid_edit` with the reason.
    """

    invalid_edit = Signal(str)

    TPN, TITLE, NAME, RATING, FED, FIDE_ID, SEX, BIRTH, POINTS, STATUS = range(10)
    columns = (
        Column("No.", RIGHT, 5, "Tournament pairing number (TPN, C.04.2 art. 2.3)"),
        Column("Title", LEFT, 5),
        Column("Name", LEFT, 28, stretch=True),
        Column("Rating", RIGHT, 7),
        Column("Fed", LEFT, 5, "FIDE federation code"),
        Column("FIDE ID", RIGHT, 10),
        Column("Sex", LEFT, 4),
        Column("Born", LEFT, 10),
        Column("Pts", RIGHT, 5, "Points after the last complete round"),
        Column("Status", LEFT, 30),
    )
    _editable = frozenset({TITLE, NAME, RATING, FED, FIDE_ID, SEX, BIRTH})

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.commit: PlayerCommit | None = None

    def set_players(self, rows: Sequence[PlayerRow]) -> None:
        self.set_rows(rows)

    def players(self) -> list[PlayerRow]:
        return list(self._rows)

    def cell(self, row: PlayerRow, column: int, role: int) -> Any:
        if role in (DISPLAY, EDIT):
            match column:
                case self.TPN:
                    return row.tpn
                case self.TITLE:
                    return row.title
                case self.NAME:
                    return row.name
                case self.RATING:
                    return row.rating if role == EDIT else (row.rating or "")
                case self.FED:
                    return row.federation
                case self.FIDE_ID:
                    return row.fide_id
                case self.SEX:
                    return validation.sex_word(row.sex)  # the TRF code as a word
                case self.BIRTH:
                    return row.birth_date
                case self.POINTS:
                    return points(row.score)
                case self.STATUS:
                    return player_status_text(row)
        if role == SORT:
            match column:
                case self.TPN:
                    return row.tpn
                case self.RATING:
                    return row.rating
                case self.POINTS:
                    return row.score
                case self.NAME:
                    return row.name.casefold()
                case self.TITLE:
                    return (
                        validation.TITLES.index(row.title)
                        if row.title in (validation.TITLES)
                        else len(validation.TITLES)
                    )
            return str(self.cell(row, column, DISPLAY)).casefold()
        if role == FOREGROUND and row.status is not PlayerStatus.ACTIVE:
            return QBrush(GREY)
        if role == TOOLTIP and column == self.STATUS:
            return player_status_text(row)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid() and index.column() in self._editable:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: Index, value: Any, role: int = EDIT) -> bool:
        if not index.isValid() or role != EDIT or index.column() not in self._editable:
            return False
        row: PlayerRow = self._rows[index.row()]
        data = row.data
        text = "" if value is None else str(value)
        problem: str | None
        match index.column():
            case self.NAME:
                problem = validation.check_name(text)
                data = replace(data, name=text)
            case self.TITLE:
                problem = validation.check_title(text)
                data = replace(data, title=text)
            case self.RATING:
                parsed = validation.parse_rating(text)
                problem = parsed if isinstance(parsed, str) else None
                if isinstance(parsed, int):
                    data = replace(data, rating=parsed)
            case self.FED:
                problem = validation.check_federation(text.strip().upper())
                data = replace(data, federation=text)
            case self.FIDE_ID:
                problem = validation.check_fide_id(text.strip())
                data = replace(data, fide_id=text)
            case self.SEX:
                problem = validation.check_sex(text)
                data = replace(data, sex=text)
            case _:
                problem = validation.check_birth_date(text.strip())
                data = replace(data, birth_date=text)
        if problem is not None:
            self.invalid_edit.emit(f"No. {row.tpn} {row.name}: {problem}")
            return False
        data = validation.normalise(data)
        if data == row.data:
            return True
        if self.commit is None:
            return False
        return self.commit(row.tpn, data)


class PlayersFilterModel(QSortFilterProxyModel):
    """Search box filter (name, federation, FIDE ID, TPN) and numeric sorting."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._needle = ""

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._needle = text.strip()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._needle:
            return True
        model = self.sourceModel()
        if not isinstance(model, PlayersModel):
            return True
        row = model.row_at(source_row)
        # Accents and case ignored: "muller" finds Müller, "lodz" finds Łódź (issue 18).
        return matches(self._needle, str(row.tpn), row.name, row.federation, row.fide_id, row.title)


# ---------------------------------------------------------------------------------------
# Rounds


@dataclass(frozen=True, slots=True)
class ByeLine:
    """A line below the boards: the PAB, a requested bye, an absence, a withdrawn player."""

    player: UnpairedView


class BoardsModel(TableModel):
    """A round's boards, then the PAB and the players not paired (byes, absences)."""

    BOARD, W_TPN, WHITE, W_RATING, W_PTS, RESULT, B_PTS, BLACK, B_RATING, B_TPN = range(10)
    columns = (
        Column("Bd", RIGHT, 4, "Board"),
        Column("No.", RIGHT, 5, "White's pairing number"),
        Column("White", LEFT, 24, stretch=True),
        Column("Rtg", RIGHT, 6),
        Column("Pts", RIGHT, 5, "White's points before the round"),
        Column("Result", CENTER, 8, "Keys: 1 = 1-0, 0 = 0-1, = or 5 = draw, + / - = forfeit"),
        Column("Pts", RIGHT, 5, "Black's points before the round"),
        Column("Black", LEFT, 24, stretch=True),
        Column("Rtg", RIGHT, 6),
        Column("No.", RIGHT, 5, "Black's pairing number"),
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.view: RoundView | None = None
        self.withdrawn: frozenset[int] = frozenset()

    def set_round(self, view: RoundView | None, withdrawn: frozenset[int] = frozenset()) -> None:
        """Show ``view``; ``withdrawn`` TPNs are labelled as such rather than "absent"."""
        self.view = view
        self.withdrawn = withdrawn
        rows: list[Any] = []
        if view is not None:
            rows.extend(view.boards)
            if view.pab is not None:
                rows.append(ByeLine(view.pab))
            rows.extend(ByeLine(u) for u in view.unpaired)
        self.set_rows(rows)

    def board_at(self, row: int) -> BoardView | None:
        if 0 <= row < len(self._rows):
            item = self._rows[row]
            return item if isinstance(item, BoardView) else None
        return None

    def row_of_board(self, board: int) -> int:
        for i, item in enumerate(self._rows):
            if isinstance(item, BoardView) and item.board == board:
                return i
        return -1

    @property
    def board_count(self) -> int:
        return sum(1 for r in self._rows if isinstance(r, BoardView))

    @property
    def results_entered(self) -> int:
        return sum(1 for r in self._rows if isinstance(r, BoardView) and r.has_result)

    def cell(self, row: BoardView | ByeLine, column: int, role: int) -> Any:
        if isinstance(row, ByeLine):
            return self._bye_cell(row.player, column, role)
        if role == DISPLAY:
            match column:
                case self.BOARD:
                    return row.board
                case self.W_TPN:
                    return row.white_tpn
                case self.WHITE:
                    return row.white_name
                case self.W_RATING:
                    return row.white_rating or ""
                case self.W_PTS:
                    return points(row.white_score)
                case self.RESULT:
                    return result_display(row)
                case self.B_PTS:
                    return points(row.black_score)
                case self.BLACK:
                    return row.black_name
                case self.B_RATING:
                    return row.black_rating or ""
                case self.B_TPN:
                    return row.black_tpn
        if role == FONT and column == self.RESULT:
            font = QFont()
            font.setBold(True)
            return font
        if role == TOOLTIP and column == self.RESULT and not row.has_result:
            return "No result yet: type 1, 0, =, + or -"
        return None

    def _bye_cell(self, player: UnpairedView, column: int, role: int) -> Any:
        if role == DISPLAY:
            match column:
                case self.W_TPN:
                    return player.tpn
                case self.WHITE:
                    return player.name
                case self.RESULT:
                    return points(player.points)
                case self.BLACK:
                    if player.tpn in self.withdrawn and player.result is ResultCode.NOT_PAIRED:
                        return "withdrawn"
                    return BYE_DISPLAY.get(player.result, player.result.value)
        if role == FOREGROUND:
            return QBrush(GREY)
        return None


# ---------------------------------------------------------------------------------------
# Standings and cross table


class StandingsModel(TableModel):
    """The ranking with the tournament's tie-breaks (C.07 art. 5)."""

    FIXED = 5

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.standings: Standings | None = None
        self.columns = self._columns(())

    @staticmethod
    def _columns(codes: Sequence[str]) -> tuple[Column, ...]:
        return (
            Column("Rk", RIGHT, 5, "Place (shared places as 3-5)"),
            Column("No.", RIGHT, 5, "Pairing number"),
            Column("Name", LEFT, 28, stretch=True),
            Column("Rtg", RIGHT, 6),
            Column("Pts", RIGHT, 5),
            *(Column(code, RIGHT, 7, f"Tie-break {code}") for code in codes),
        )

    def set_standings(self, standings: Standings | None) -> None:
        self.beginResetModel()
        self.standings = standings
        self.columns = self._columns(standings.codes if standings is not None else ())
        self._rows = list(standings.rows) if standings is not None else []
        self.endResetModel()

    def cell(self, row: Any, column: int, role: int) -> Any:
        if role != DISPLAY:
            return None
        match column:
            case 0:
                return row.rank_label
            case 1:
                return row.tpn
            case 2:
                return row.name
            case 3:
                return row.rating or ""
            case 4:
                return points(row.points)
        return row.values[column - self.FIXED].display


@dataclass(frozen=True, slots=True)
class CrossRow:
    rank_label: str
    tpn: int
    name: str
    rating: int
    cells: tuple[str, ...]
    points: HalfPoints


def cross_cell(
    result: ResultCode, colour: Colour | None, opponent_rank: int | None, scoring_text: str
) -> str:
    """One wall-chart cell: opponent's place, colour, result (``12w1``, ``5b½``, ``-  +``)."""
    if opponent_rank is None:
        return {
            ResultCode.PAIRING_ALLOCATED_BYE: "PAB",
            ResultCode.FULL_POINT_BYE: "bye 1",
            ResultCode.HALF_POINT_BYE: "bye ½",
            ResultCode.ZERO_POINT_BYE: "bye 0",
        }.get(result, "–")
    c = "w" if colour is Colour.WHITE else "b" if colour is Colour.BLACK else ""
    return f"{opponent_rank}{c}{scoring_text}"


_CROSS_RESULT: dict[ResultCode, str] = {
    ResultCode.WIN: "1",
    ResultCode.UNRATED_WIN: "1",
    ResultCode.DRAW: "½",
    ResultCode.UNRATED_DRAW: "½",
    ResultCode.LOSS: "0",
    ResultCode.UNRATED_LOSS: "0",
    ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "−",
}


def cross_rows(tournament: Tournament, standings: Standings) -> list[CrossRow]:
    """The wall chart: players in standings order, each round as opponent's place, colour
    and result (C.04.2 art. 3.6 publishing; the usual FIDE cross-table layout)."""
    rank_of = {row.tpn: i for i, row in enumerate(standings.rows, start=1)}
    by_tpn = tournament.players_by_tpn
    out: list[CrossRow] = []
    for row in standings.rows:
        player = by_tpn[row.tpn]
        cells = []
        for r in range(1, standings.after_round + 1):
            entry = player.entry(r)
            if entry is None:
                cells.append("")
                continue
            opp = rank_of.get(entry.opponent) if entry.opponent is not None else None
            cells.append(
                cross_cell(entry.result, entry.colour, opp, _CROSS_RESULT.get(entry.result, ""))
            )
        out.append(
            CrossRow(row.rank_label, row.tpn, row.name, row.rating, tuple(cells), row.points)
        )
    return out


class CrossTableModel(TableModel):
    """The cross table (wall chart): one column per round, opponents by their place."""

    FIXED = 4

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.columns = self._columns(0)

    @staticmethod
    def _columns(rounds: int) -> tuple[Column, ...]:
        return (
            Column("Rk", RIGHT, 5),
            Column("Name", LEFT, 26, stretch=True),
            Column("Rtg", RIGHT, 6),
            Column("No.", RIGHT, 5),
            *(
                Column(str(r), CENTER, 6, f"Round {r}: opponent's place, colour, result")
                for r in range(1, rounds + 1)
            ),
            Column("Pts", RIGHT, 5),
        )

    def set_cross(self, rows: Sequence[CrossRow], rounds: int) -> None:
        self.beginResetModel()
        self.columns = self._columns(rounds)
        self._rows = list(rows)
        self.endResetModel()

    def cell(self, row: CrossRow, column: int, role: int) -> Any:
        if role != DISPLAY:
            return None
        if column == 0:
            return row.rank_label
        if column == 1:
            return row.name
        if column == 2:
            return row.rating or ""
        if column == 3:
            return row.tpn
        if column == len(self.columns) - 1:
            return points(row.points)
        return row.cells[column - self.FIXED]


# ---------------------------------------------------------------------------------------
# Audit log


def local_time(iso: str) -> str:
    """An audit-log UTC time shown in the computer's local time, to the second."""
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M:%S")


ACTION_NAMES: dict[str, str] = {
    "CreateTournament": "Tournament created",
    "ImportTournament": "Imported",
    "EditSettings": "Settings changed",
    "AddPlayer": "Player added",
    "EditPlayer": "Player edited",
    "RemovePlayer": "Player removed",
    "AssignPairingNumbers": "Pairing numbers",
    "LateEntry": "Late entry",
    "CloseParticipantList": "List closed",
    "Withdraw": "Withdrawal",
    "RequestBye": "Bye requested",
    "CancelBye": "Bye cancelled",
    "PairNextRound": "Round paired",
    "ManualPairingChange": "Manual pairing",
    "UnpairLastRound": "Round unpaired",
    "EnterResult": "Result",
    "CorrectResult": "Result corrected",
    "Undo": "Undo",
}


class AuditModel(TableModel):
    """Every action in the file's audit log, newest first."""

    columns = (
        Column("#", RIGHT, 5),
        Column("Time", LEFT, 19),
        Column("Action", LEFT, 18),
        Column("What changed", LEFT, 60, stretch=True),
        Column("Undone", LEFT, 7),
    )

    def set_entries(self, entries: Sequence[AuditEntry]) -> None:
        self.set_rows(list(reversed(entries)))

    def cell(self, row: AuditEntry, column: int, role: int) -> Any:
        if role == DISPLAY:
            match column:
                case 0:
                    return row.id
                case 1:
                    return local_time(row.at)
                case 2:
                    return ACTION_NAMES.get(row.action, row.action)
                case 3:
                    return row.summary
                case 4:
                    return "undone" if row.undone else ""
        if role == TOOLTIP and column == 3:
            return _payload_text(row)
        if role == FOREGROUND and row.undone:
            return QBrush(GREY)
        return None


def _payload_text(entry: AuditEntry) -> str:
    lines = [entry.summary]
    reason = entry.payload.get("reason") if isinstance(entry.payload, dict) else None
    if reason:
        lines.append(f"Reason: {reason}")
    return "\n".join(lines)


__all__ = [
    "AuditModel",
    "BoardsModel",
    "CrossTableModel",
    "PlayersFilterModel",
    "PlayersModel",
    "StandingsModel",
    "cross_rows",
    "half_points_to_str",
    "points",
]
