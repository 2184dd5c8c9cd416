"""Qt table models of the arbiter's lists: players and a round's boards (here), standings and
cross table (:mod:`swissdesk.gui.standings_models`), audit log
(:mod:`swissdesk.gui.audit_model`), on the base in :mod:`swissdesk.gui.tablemodel`; all
importable from here.

Every model holds only plain data (the storage's view dataclasses, a tournament snapshot,
computed standings) and is refreshed by the window after each action with ``set_*``
methods, which reset the model. Numbers are right-aligned, names left-aligned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import (
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QFont

from swissdesk.gui import validation
from swissdesk.gui.audit_model import ACTION_NAMES, AuditModel, local_time
from swissdesk.gui.standings_models import (
    CrossRow,
    CrossTableModel,
    StandingsModel,
    cross_cell,
    cross_rows,
)
from swissdesk.gui.tablemodel import (
    ALIGN,
    BYE_DISPLAY,
    BYE_KIND_DISPLAY,
    CENTER,
    DISPLAY,
    EDIT,
    FONT,
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
    result_display,
)
from swissdesk.i18n import N_, _
from swissdesk.model.ratings import RatingMethod
from swissdesk.model.text import matches
from swissdesk.model.tournament import (
    ResultCode,
    half_points_to_str,
)
from swissdesk.ratinglist.names import search_key
from swissdesk.storage import (
    BoardView,
    PlayerData,
    PlayerRow,
    PlayerStatus,
    ReportView,
    RoundView,
    UnpairedView,
)

# ---------------------------------------------------------------------------------------
# Players


def player_status_text(row: PlayerRow) -> str:
    """``active``, ``withdrawn from round 4``, ``late entry, plays from round 3``, byes."""
    parts: list[str] = []
    if row.status is PlayerStatus.WITHDRAWN or row.withdrawn_from_round is not None:
        parts.append(_("withdrawn from round {round}").format(round=row.withdrawn_from_round))
    elif row.late_entry_round is not None:
        parts.append(_("late entry, plays from round {round}").format(round=row.late_entry_round))
    else:
        parts.append(_("active"))
    for rnd, kind in row.byes:
        parts.append(_("round {round}: {bye}").format(round=rnd, bye=_(BYE_KIND_DISPLAY[kind])))
    return "; ".join(parts)


PlayerCommit = Callable[[int, PlayerData], bool]


class PlayersModel(TableModel):
    """The list of participants; personal data editable in place with validation.

    An edit is validated here (rating range, title, federation code, FIDE ID digits), then
    handed to ``commit(tpn, data)`` (the window runs the ``EditPlayer`` action); a refused
    value emits :attr:`invalid_edit` with the reason.
    """

    invalid_edit = Signal(str)

    TPN, TITLE, NAME, RATING, TOURNAMENT_RATING, FED, FIDE_ID, SEX, BIRTH, CLUB, POINTS, STATUS = (
        range(12)
    )
    columns = (
        Column(N_("No."), RIGHT, 5, N_("Tournament pairing number (TPN, C.04.2 art. 2.3)")),
        Column(N_("Title"), LEFT, 5),
        Column(N_("Name"), LEFT, 28, stretch=True),
        Column(N_("Rating"), RIGHT, 7, N_("FIDE rating (the official one: the rating change's)")),
        Column(
            N_("T.Rtg"),
            RIGHT,
            6,
            N_(
                "Tournament rating: what orders and pairs the players, by the section's method "
                "(TRF-2026 record 172); shown when the method is not FIDE's rating"
            ),
        ),
        Column(N_("Fed"), LEFT, 5, N_("FIDE federation code")),
        Column(N_("FIDE ID"), RIGHT, 10),
        Column(N_("Sex"), LEFT, 7),  # "female" whole
        Column(N_("Born"), LEFT, 10),
        Column(N_("Club"), LEFT, 16, N_("Club or town (printed on the starting list)")),
        Column(N_("Pts"), RIGHT, 5, N_("Points after the last complete round")),
        Column(N_("Status"), LEFT, 30),
    )
    _editable = frozenset({TITLE, NAME, RATING, FED, FIDE_ID, SEX, BIRTH, CLUB})

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.commit: PlayerCommit | None = None
        self.rating_method = RatingMethod.FIDE

    def set_players(
        self, rows: Sequence[PlayerRow], rating_method: RatingMethod = RatingMethod.FIDE
    ) -> None:
        self.rating_method = rating_method
        self.set_rows(rows)

    def tournament_rating(self, row: PlayerRow) -> int:
        """The row's tournament rating by the section's method (TRF-2026 record 172)."""
        return row.tournament_rating

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
                case self.TOURNAMENT_RATING:
                    return self.tournament_rating(row) or ""
                case self.FED:
                    return row.federation
                case self.FIDE_ID:
                    return row.fide_id
                case self.SEX:
                    return validation.sex_word(row.sex)  # the TRF code as a word
                case self.BIRTH:
                    return row.birth_date
                case self.CLUB:
                    return row.club
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
                case self.TOURNAMENT_RATING:
                    return self.tournament_rating(row)
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
            case self.CLUB:
                problem = None
                data = replace(data, club=text)
            case _:
                problem = validation.check_birth_date(text.strip())
                data = replace(data, birth_date=text)
        if problem is not None:
            self.invalid_edit.emit(
                _("No. {number} {name}: {problem}").format(
                    number=row.tpn, name=row.name, problem=problem
                )
            )
            return False
        data = validation.normalise(data)
        if data == row.data:
            return True
        if self.commit is None:
            return False
        return self.commit(row.tpn, data)


class SearchFilterModel(QSortFilterProxyModel):
    """A search box's filter with numeric sorting: a row stays when the needle matches one
    of its :meth:`search_fields`, accents and case ignored ("muller" finds Müller, "lodz"
    finds Łódź, issue 18)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT)
        self._needle = ""

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._needle = text.strip()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def search_fields(self, source_row: int) -> tuple[str, ...] | None:
        """The texts of ``source_row`` the search looks in; ``None``: keep the row."""
        raise NotImplementedError

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._needle:
            return True
        fields = self.search_fields(source_row)
        return fields is None or matches(self._needle, *fields)


class PlayersFilterModel(SearchFilterModel):
    """Search box filter (name, federation, FIDE ID, TPN) and numeric sorting."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def search_fields(self, source_row: int) -> tuple[str, ...] | None:
        model = self.sourceModel()
        if not isinstance(model, PlayersModel):
            return None
        row = model.row_at(source_row)
        return (str(row.tpn), row.name, row.federation, row.fide_id, row.title)


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
        Column(N_("Bd"), RIGHT, 4, N_("Board")),
        Column(N_("No."), RIGHT, 5, N_("White's pairing number")),
        Column(N_("White"), LEFT, 24, stretch=True),
        Column(N_("Rtg"), RIGHT, 6),
        Column(N_("Pts"), RIGHT, 5, N_("White's points before the round")),
        # Wide enough for a Double-Swiss match, both games: "1½ – ½ (1:0, ½:½)".
        Column(
            N_("Result"), CENTER, 18, N_("Keys: 1 = 1-0, 0 = 0-1, = or 5 = draw, + / - = forfeit")
        ),
        Column(N_("Pts"), RIGHT, 5, N_("Black's points before the round")),
        Column(N_("Black"), LEFT, 24, stretch=True),
        Column(N_("Rtg"), RIGHT, 6),
        Column(N_("No."), RIGHT, 5, N_("Black's pairing number")),
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.view: RoundView | None = None
        self.withdrawn: frozenset[int] = frozenset()
        self.round_robin = False
        """A round robin's bye is the table's bye number: no game, not a PAB."""
        self._had: list[bool] = []
        self._entered = 0
        self._boards = 0
        self._board_rows: dict[int, int] = {}
        self.reports: dict[int, ReportView] = {}
        """Board -> the result reported from the players' phones (issue 35), shown in the
        result cell of a board without a result."""

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

    def update_board(self, row: int, board: BoardView, view: RoundView) -> None:
        """One board's result changed: that row only (no reset of a 750-board list)."""
        self.view = view
        self._rows[row] = board
        self._entered += int(board.has_result) - int(self._had[row])
        self._had[row] = board.has_result
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.columns) - 1))

    def set_rows(self, rows: Sequence[Any]) -> None:
        super().set_rows(rows)
        self._had = [isinstance(r, BoardView) and r.has_result for r in self._rows]
        self._entered = sum(self._had)
        self._boards = sum(1 for r in self._rows if isinstance(r, BoardView))
        self._board_rows = {
            r.board: i for i, r in enumerate(self._rows) if isinstance(r, BoardView)
        }

    def board_at(self, row: int) -> BoardView | None:
        if 0 <= row < len(self._rows):
            item = self._rows[row]
            return item if isinstance(item, BoardView) else None
        return None

    def row_of_board(self, board: int) -> int:
        return self._board_rows.get(board, -1)

    def row_of_player(self, text: str) -> int:
        """The first row with a player whose name contains every typed word (accents and
        case ignored), or whose pairing number is ``#n``; -1 if none."""
        text = text.strip()
        if text.startswith("#") and text[1:].isdigit():
            tpn = int(text[1:])
            for i, item in enumerate(self._rows):
                tpns = (
                    (item.white_tpn, item.black_tpn)
                    if isinstance(item, BoardView)
                    else (item.player.tpn,)
                )
                if tpn in tpns:
                    return i
            return -1
        words = search_key(text).split()
        if not words:
            return -1
        for i, item in enumerate(self._rows):
            names = (
                (item.white_name, item.black_name)
                if isinstance(item, BoardView)
                else (item.player.name,)
            )
            if any(all(w in search_key(name) for w in words) for name in names):
                return i
        return -1

    @property
    def board_count(self) -> int:
        return self._boards

    @property
    def results_entered(self) -> int:
        return self._entered

    def cell(self, row: BoardView | ByeLine, column: int, role: int) -> Any:
        if isinstance(row, ByeLine):
            return self._bye_cell(row.player, column, role)
        if column == self.RESULT and self.reports and not row.has_result:
            report = self.reports.get(row.board)
            if report is not None:
                return self._report_cell(report, role)
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
            return _("No result yet: type 1, 0, =, +, - or *, or right-click")
        if role == TOOLTIP and column == self.RESULT and row.games is not None:
            g1, g2 = row.games
            return _(
                "Match {score} (from {first}'s side). Game 1: {first} (White) – {second} "
                "{game1}; game 2: {second} (White) – {first} {game2}, as on the result slip."
            ).format(
                score=result_display(row).split(" (")[0],
                first=row.white_name,
                second=row.black_name,
                game1=g1,
                game2=g2,
            )
        return None

    @staticmethod
    def _report_cell(report: ReportView, role: int) -> Any:
        """A board with a result reported from the phones but not entered."""
        return reported_cell(
            report,
            role,
            lambda who, device: _(
                "From the phones: {result}; {who} ({device}). Not entered yet: Ctrl+Shift+E "
                "accepts this board, Ctrl+Shift+Y every confirmed board; typing a result "
                "enters yours (the arbiter's entry wins)."
            ).format(result=report.text, who=who, device=device),
        )

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
                        return _("withdrawn")
                    if self.round_robin and player.result is ResultCode.PAIRING_ALLOCATED_BYE:
                        return _("bye (no game this round)")
                    return _(BYE_DISPLAY.get(player.result, player.result.value))
        if role == FOREGROUND:
            return QBrush(GREY)
        return None


__all__ = [
    "ACTION_NAMES",
    "ALIGN",
    "BYE_DISPLAY",
    "BYE_KIND_DISPLAY",
    "CENTER",
    "DISPLAY",
    "EDIT",
    "FONT",
    "FOREGROUND",
    "GREY",
    "LEFT",
    "RESULT_DISPLAY",
    "RIGHT",
    "SORT",
    "TOOLTIP",
    "AuditModel",
    "BoardsModel",
    "Column",
    "CrossRow",
    "CrossTableModel",
    "Index",
    "PlayersFilterModel",
    "PlayersModel",
    "StandingsModel",
    "TableModel",
    "cross_cell",
    "cross_rows",
    "half_points_to_str",
    "local_time",
    "points",
    "result_display",
]
