"""The window's round-robin pieces: the square cross table, drawing the pairing numbers by
lot (or by the Varma tables) and setting them by hand.

The cross table shows :func:`swissdesk.lists.round_robin_grid.round_robin_grid`, the
same computation the printed page uses: table numbers down and across, each game on the
colour the line's player had (grey: Black), one column per cycle for every opponent.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.gui.tablemodel import (
    CENTER,
    DISPLAY,
    LEFT,
    RIGHT,
    TOOLTIP,
    Column,
    TableModel,
    points,
)
from swissdesk.i18n import N_, _, localize_number
from swissdesk.lists.round_robin_grid import Grid, GridRow
from swissdesk.model.tournament import Colour
from swissdesk.storage import PlayerRow

BACKGROUND = Qt.ItemDataRole.BackgroundRole
BLACK_GAME = QColor(200, 200, 200)
OWN_CELL = QColor(90, 90, 90)


class RoundRobinGridModel(TableModel):
    """The square cross table: No., name, rating, one column per opponent and cycle,
    points, place, tie-breaks."""

    FIXED = 3

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.grid: Grid | None = None
        self.columns = self._columns(None)

    def _columns(self, grid: Grid | None) -> tuple[Column, ...]:
        if grid is None:
            return (Column(N_("No."), RIGHT, 4), Column(N_("Name"), LEFT, 24, stretch=True))
        cycles = grid.cycles
        games = tuple(
            Column(
                str(tpn) if k == 0 else f"{tpn}·{k + 1}",
                CENTER,
                3,
                _("Against no. {number}, cycle {cycle}").format(number=tpn, cycle=k + 1)
                if cycles > 1
                else _("Against no. {number}").format(number=tpn),
            )
            for tpn in grid.columns
            for k in range(cycles)
        )
        return (
            Column(N_("No."), RIGHT, 4, N_("Pairing number (the table's number)")),
            Column(N_("Name"), LEFT, 24, stretch=True),
            Column(N_("Rtg"), RIGHT, 5),
            *games,
            Column(N_("Pts"), RIGHT, 5),
            Column(N_("Rk"), RIGHT, 4, N_("Place; – for a player GRC art. 6.6 leaves out")),
            *(
                Column(code, RIGHT, 6, _("Tie-break {code}").format(code=code))
                for code in grid.codes
            ),
        )

    def set_grid(self, grid: Grid | None) -> None:
        self.beginResetModel()
        self.grid = grid
        self.columns = self._columns(grid)
        self._rows = list(grid.rows) if grid is not None else []
        self.endResetModel()

    def cell(self, row: GridRow, column: int, role: int) -> Any:
        grid = self.grid
        if grid is None:
            return None
        games = len(grid.columns) * grid.cycles
        first_after = self.FIXED + games
        if self.FIXED <= column < first_after:
            i, k = divmod(column - self.FIXED, grid.cycles)
            slot = row.cells[i]
            game = slot[k] if slot is not None else None
            if role == DISPLAY:
                return game.text if game is not None else ""
            if role == BACKGROUND:
                if slot is None:
                    return OWN_CELL
                if game is not None and game.colour is Colour.BLACK:
                    return BLACK_GAME
                return None
            if role == TOOLTIP and game is not None:
                if game.colour is Colour.BLACK:
                    return _("Round {number}: Black").format(number=game.round_number)
                return _("Round {number}: White").format(number=game.round_number)
            return None
        if role != DISPLAY:
            return None
        if column == 0:
            return row.tpn
        if column == 1:
            return row.name
        if column == 2:
            return row.rating or ""
        if column == first_after:
            return f"({points(row.points)})" if row.excluded else points(row.points)
        if column == first_after + 1:
            return "–" if row.excluded else row.rank_label
        values = row.values
        j = column - first_after - 2
        return localize_number(values[j]) if 0 <= j < len(values) else ""


class DrawLotsDialog(ValidatedDialog):
    """Draw the pairing numbers: by lot, or restricted by the Varma tables (GRC Annex 2);
    the seed is shown (and may be typed) so that the draw can be repeated and checked."""

    def __init__(self, players: int, parent: QWidget | None = None) -> None:
        super().__init__(_("Draw pairing numbers"), parent)
        self.lot = QRadioButton(_("By &lot: every number equally likely"))
        self.varma = QRadioButton(
            _(
                "&Restricted (Varma tables, GRC Annex 2): players of one federation (or club) "
                "kept apart in the last three rounds"
            )
        )
        self.apart = QComboBox()
        self.apart.addItem(_("federation"), "federation")
        self.apart.addItem(_("club"), "club")
        self.apart.setEnabled(False)
        self.varma.toggled.connect(self.apart.setEnabled)
        self.lot.setChecked(True)
        if not 9 <= players <= 24:
            self.varma.setEnabled(False)
            self.varma.setToolTip(_("The Varma tables cover 9 to 24 players."))
        self.seed = QLineEdit(str(secrets.randbelow(10**9)))
        self.seed.setToolTip(_("The same players and the same seed always give the same numbers."))
        box = QVBoxLayout()
        box.addWidget(self.lot)
        box.addWidget(self.varma)
        holder = QWidget()
        holder.setLayout(box)
        self.form.addRow(_("Draw:"), holder)
        self.form.addRow(_("&Keep apart by:"), self.apart)
        self.form.addRow(_("&Seed:"), self.seed)
        self.set_note(
            _(
                "The draw and its seed are kept in the audit log: anyone can repeat it. "
                "Pairing numbers are final once round 1 is paired."
            )
        )

    def problems(self) -> list[str]:
        text = self.seed.text().strip()
        if not text.isdigit():
            return [_("the seed is a whole number (0 or more)")]
        return []

    def method(self) -> str:
        return "varma" if self.varma.isChecked() else "lot"

    def apart_by(self) -> str:
        """``"federation"`` or ``"club"``: what the restricted draw keeps apart."""
        return str(self.apart.currentData())

    def seed_value(self) -> int:
        return int(self.seed.text().strip())


class PairingNumbersDialog(ValidatedDialog):
    """The arbiter's own numbering: the players in pairing-number order, moved up and down
    (or dragged) into the order wanted; number 1 at the top."""

    def __init__(self, players: Sequence[PlayerRow], parent: QWidget | None = None) -> None:
        super().__init__(_("Set pairing numbers"), parent)
        self.list = QListWidget()
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        for row in sorted(players, key=lambda p: p.tpn):
            text = f"{row.name}" + (f" ({row.federation})" if row.federation else "")
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, row.tpn)
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        up = QPushButton(_("&Up"))
        up.clicked.connect(self.move_up)
        down = QPushButton(_("&Down"))
        down.clicked.connect(self.move_down)
        buttons = QHBoxLayout()
        buttons.addWidget(up)
        buttons.addWidget(down)
        buttons.addStretch(1)
        holder = QWidget()
        layout = QVBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(_("Number 1 at the top (Ctrl+Up / Ctrl+Down move a player):")))
        layout.addWidget(self.list)
        layout.addLayout(buttons)
        self.form.addRow(holder)
        QShortcut(QKeySequence("Ctrl+Up"), self, self.move_up)
        QShortcut(QKeySequence("Ctrl+Down"), self, self.move_down)
        self.resize(420, 460)

    def move_up(self) -> None:
        self._move(-1)

    def move_down(self) -> None:
        self._move(1)

    def _move(self, delta: int) -> None:
        row = self.list.currentRow()
        target = row + delta
        if row < 0 or not 0 <= target < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(target, item)
        self.list.setCurrentRow(target)

    def order(self) -> tuple[int, ...]:
        """The current pairing numbers in the new order."""
        return tuple(
            int(self.list.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.list.count())
        )
