"""The base of every table model: roles, alignments, columns and a read-only row list.

Also the shared display texts (points as the arbiter reads them, board results, byes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

import swissdesk.translations  # noqa: F401  (installs CLDR's number formats: swissdesk.i18n)
from swissdesk.i18n import N_, _, ngettext, npgettext
from swissdesk.lists.crosstable import score_text
from swissdesk.model.double_swiss import match_text
from swissdesk.model.tournament import HalfPoints, ResultCode
from swissdesk.storage import BoardResult, BoardView, ByeKind, ReportView

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
REPORT_COLOUR = QColor("#1f5fbf")
"""A result reported from the phones, not entered yet."""
REPORT_DISPUTED = QColor("#b00020")
"""A report the opponent disputed: the arbiter goes to the board."""


def reported_cell(report: ReportView, role: int, explain: Callable[[str, str], str]) -> Any:
    """A result reported from the phones and not entered yet, as the board list and the
    matches page show it: the report in italics (blue; red when disputed) and a tooltip that
    ``explain`` words from who reported/answered and the device."""
    if role == DISPLAY:
        return f"({report.text})"
    if role == FONT:
        font = QFont()
        font.setItalic(True)
        return font
    if role == FOREGROUND:
        return QBrush(REPORT_DISPUTED if report.state == "disputed" else REPORT_COLOUR)
    if role == TOOLTIP:
        who = _("reported by no. {number} {name}").format(
            number=report.reporter_tpn, name=report.reporter_name
        )
        if report.answered_tpn is not None:
            answer = (
                _("disputed by no. {number}")
                if report.state == "disputed"
                else _("confirmed by no. {number}")
            )
            who += ", " + answer.format(number=report.answered_tpn)
        return explain(who, report.device or _("phone"))
    return None


def points(value: HalfPoints) -> str:
    """Half-points as the arbiter reads them: ``3``, ``2½``, ``½``, in every language, as the
    documents and the venue's pages print them (one function: ``lists.crosstable.score_text``)."""
    return score_text(value)


def points_words(value: HalfPoints) -> str:
    """Half-points in words: ``½ point``, ``1 point``, ``1½ points``, ``0 points`` (the
    plural form of the whole points: "½ point" and "1½ points" as English says them)."""
    whole, half = divmod(value, 2)
    if half:  # a fraction: English says "½ point" and "1½ points"; Russian "очка" for both
        text = npgettext("fraction", "{points} point", "{points} points", 1 if value == 1 else 2)
    else:
        text = ngettext("{points} point", "{points} points", whole)
    return text.format(points=points(value))


RESULT_DISPLAY: dict[BoardResult, str] = {
    BoardResult.WHITE_WINS: "1 – 0",
    BoardResult.BLACK_WINS: "0 – 1",
    BoardResult.DRAW: "½ – ½",
    BoardResult.WHITE_WINS_BY_FORFEIT: "+ – −",
    BoardResult.BLACK_WINS_BY_FORFEIT: "− – +",
    BoardResult.DOUBLE_FORFEIT: "− – −",
    BoardResult.BOTH_LOSE: "0 – 0",
    BoardResult.WHITE_HALF_BLACK_ZERO: "½ – 0",
    BoardResult.WHITE_ZERO_BLACK_HALF: "0 – ½",
    BoardResult.ADJOURNED: N_("adj."),
    BoardResult.WHITE_WINS_UNRATED: "1 – 0 u",
    BoardResult.BLACK_WINS_UNRATED: "0 – 1 u",
    BoardResult.DRAW_UNRATED: "½ – ½ u",
    BoardResult.WHITE_HALF: "½ – 0",
    BoardResult.BLACK_HALF: "0 – ½",
}
"""How the round view shows each board result."""

BYE_DISPLAY: dict[ResultCode, str] = {
    ResultCode.PAIRING_ALLOCATED_BYE: N_("bye (PAB)"),
    ResultCode.FULL_POINT_BYE: N_("full-point bye"),
    ResultCode.HALF_POINT_BYE: N_("half-point bye"),
    ResultCode.ZERO_POINT_BYE: N_("zero-point bye"),
    ResultCode.NOT_PAIRED: N_("absent"),
}

BYE_KIND_DISPLAY: dict[ByeKind, str] = {
    ByeKind.HALF: N_("½-point bye"),
    ByeKind.ZERO: N_("0-point bye"),
    ByeKind.FULL: N_("1-point bye"),
    ByeKind.ABSENT: N_("absent"),
}
"""(English, as marked: shown through :func:`swissdesk.i18n.gettext`.)"""


def parse_board_result(text: str) -> BoardResult | None:
    """The board result a stored game text names (``"1/2"``), ``None`` if unusual."""
    return next((r for r in BoardResult if r.value == text), None)


def match_games(board: BoardView) -> list[tuple[ResultCode, ResultCode]] | None:
    """A Double-Swiss board's games as ``(left player's code, right player's code)``: game
    1 as stored (the left player had White), game 2 turned round (it is stored in its own
    colours, the right player White). ``None`` when not both games are known."""
    if board.games is None or not all(board.games):
        return None
    results = [parse_board_result(g) for g in board.games]
    if results[0] is None or results[1] is None:
        return None
    first, second = results[0].codes, results[1].codes
    return [first, (second[1], second[0])]


def result_display(board: BoardView) -> str:
    if board.games is not None:
        # Double-Swiss (C.04.5): the match score, then each game, all from the left
        # player's side ("0 – 2 (0:1, 0:1)"; in game 2's own colours that reads 1-0).
        if not board.has_result:
            return ""
        games = match_games(board)
        return match_text(games) if games is not None else " ".join(board.games)
    if board.result is not None:
        return _(RESULT_DISPLAY[board.result])
    return board.result_text


@dataclass(frozen=True, slots=True)
class Column:
    """A column: header, alignment, default width in characters, header tooltip (the header
    and tip in English, marked with ``N_``: shown in the window's language)."""

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
                return _(col.title)
            if role == TOOLTIP and col.tip:
                return _(col.tip)
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
