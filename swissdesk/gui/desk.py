"""The registration desk's page: every section's players in one list, and check-in (issue 33).

At an event of several sections the arbiter registers everyone at one desk: this page lists
every player of every section (the section first), searchable like the players page, with
each player's check-in. Space ticks the selected players in (or takes it back); Enter opens
the player's section on its players page. The page is "All sections" for an event of
several sections and "Check-in" for a single tournament.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from swissdesk.gui.models import SearchFilterModel, player_status_text
from swissdesk.gui.tablemodel import (
    CENTER,
    DISPLAY,
    FOREGROUND,
    GREY,
    LEFT,
    RIGHT,
    SORT,
    TOOLTIP,
    Column,
    TableModel,
)
from swissdesk.i18n import N_, _, ngettext
from swissdesk.storage import EventPlayerRow, PlayerStatus

CHECKED = "✔"


class EventPlayersModel(TableModel):
    """Every section's players: section, number, name, rating, federation, FIDE ID, born,
    status and check-in."""

    SECTION, TPN, NAME, RATING, FED, FIDE_ID, BIRTH, STATUS, CHECKED_IN = range(9)
    columns = (
        Column(N_("Section"), LEFT, 14),
        Column(N_("No."), RIGHT, 5, N_("Pairing number in the section")),
        Column(N_("Name"), LEFT, 28, stretch=True),
        Column(N_("Rating"), RIGHT, 7),
        Column(N_("Fed"), LEFT, 5),
        Column(N_("FIDE ID"), RIGHT, 10),
        Column(N_("Born"), LEFT, 10),
        Column(N_("Status"), LEFT, 22),
        Column(
            N_("In"), CENTER, 4, N_("Checked in at the desk (Space ticks the selected players)")
        ),
    )

    def set_players(self, rows: Sequence[EventPlayerRow]) -> None:
        self.set_rows(rows)

    def players(self) -> list[EventPlayerRow]:
        return list(self._rows)

    def cell(self, row: EventPlayerRow, column: int, role: int) -> Any:
        p = row.player
        if role == DISPLAY:
            match column:
                case self.SECTION:
                    return row.section
                case self.TPN:
                    return p.tpn
                case self.NAME:
                    return p.name
                case self.RATING:
                    return p.rating or ""
                case self.FED:
                    return p.federation
                case self.FIDE_ID:
                    return p.fide_id
                case self.BIRTH:
                    return p.birth_date
                case self.STATUS:
                    return player_status_text(p)
                case self.CHECKED_IN:
                    return CHECKED if p.checked_in else ""
        if role == SORT:
            match column:
                case self.SECTION:
                    return (row.section_id, p.tpn)
                case self.TPN | self.RATING:
                    return p.tpn if column == self.TPN else p.rating
                case self.CHECKED_IN:
                    return (p.checked_in, row.section_id, p.tpn)
            return self.cell(row, column, DISPLAY)
        if role == FOREGROUND and p.status is not PlayerStatus.ACTIVE:
            return GREY
        if role == TOOLTIP and column == self.CHECKED_IN:
            return _("checked in") if p.checked_in else _("not checked in (Space)")
        return None


class EventPlayersFilter(SearchFilterModel):
    """The search box: name, section, federation, FIDE ID or pairing number; and, ticked,
    only the players not checked in yet (the missing list, issue 35)."""

    missing_only = False

    def set_missing_only(self, on: bool) -> None:
        self.beginFilterChange()
        self.missing_only = on
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Any) -> bool:
        if self.missing_only:
            model = self.sourceModel()
            if isinstance(model, EventPlayersModel):
                p = model.row_at(source_row).player
                if p.checked_in or p.status is not PlayerStatus.ACTIVE:
                    return False
        return super().filterAcceptsRow(source_row, source_parent)

    def search_fields(self, source_row: int) -> tuple[str, ...] | None:
        model = self.sourceModel()
        if not isinstance(model, EventPlayersModel):
            return None
        row = model.row_at(source_row)
        p = row.player
        return (str(p.tpn), p.name, p.federation, p.fide_id, row.section)


class DeskTable(QTableView):
    """The list; Space asks to tick the selected players in, Enter to open one."""

    toggle_requested = Signal()
    open_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.modifiers():
            self.toggle_requested.emit()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.open_requested.emit()
            return
        super().keyPressEvent(event)


class DeskPage(QWidget):
    """All sections' players and their check-in, searchable (Ctrl+F)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from swissdesk.gui.pages import fit_columns

        self.model = EventPlayersModel(self)
        self.proxy = EventPlayersFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = DeskTable()
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(EventPlayersModel.SECTION, Qt.SortOrder.AscendingOrder)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        fit_columns(self.table, self.model)
        self.model.modelReset.connect(lambda: fit_columns(self.table, self.model))
        self.caption = QLabel(_("All sections"))
        font = self.caption.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.caption.setFont(font)
        self.search = QLineEdit()
        self.search.setPlaceholderText(
            _("Search name, section, federation, FIDE ID or number  (Ctrl+F)")
        )
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_search)
        self.search.returnPressed.connect(self._to_table)
        self.count = QLabel()
        self.missing = QCheckBox(_("Not checked in &only"))
        self.missing.setToolTip(_("Show only the players still missing (live: phones included)"))
        self.missing.toggled.connect(self.proxy.set_missing_only)
        self.add_button = QPushButton(_("&Add player…"))
        self.check_in_button = QPushButton(_("Check &in / out  (Space)"))
        self.move_button = QPushButton(_("&Move to section…"))
        top = QHBoxLayout()
        top.addWidget(self.caption)
        top.addSpacing(20)
        top.addWidget(self.search, 1)
        top.addWidget(self.missing)
        top.addWidget(self.count)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.check_in_button, self.move_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)
        find = QAction(self)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.triggered.connect(lambda: self.search.setFocus())
        self.addAction(find)

    def _to_table(self) -> None:
        """Enter in the search box: to the first player found (Space then ticks them in)."""
        if self.proxy.rowCount() > 0:
            self.table.setFocus()
            self.table.selectRow(0)

    def set_players(self, rows: Sequence[EventPlayerRow], *, several: bool) -> None:
        """Show ``rows``; ``several``: the event has more than one section."""
        selected = {(r.section_id, r.player.tpn) for r in self.selected()}
        current = self.table.currentIndex()
        self.model.set_players(rows)
        self.table.setColumnHidden(EventPlayersModel.SECTION, not several)
        self.caption.setText(_("All sections") if several else _("Check-in"))
        self.move_button.setVisible(several)
        checked = sum(1 for r in rows if r.player.checked_in)
        self.count.setText(
            ngettext(
                "{count} player, {checked} checked in, {missing} missing",
                "{count} players, {checked} checked in, {missing} missing",
                len(rows),
            ).format(count=len(rows), checked=checked, missing=len(rows) - checked)
        )
        if selected:
            self._select(selected, current.row())

    def _select(self, keys: set[tuple[int, int]], row_hint: int) -> None:
        selection = self.table.selectionModel()
        first = True
        for proxy_row in range(self.proxy.rowCount()):
            source = self.proxy.mapToSource(self.proxy.index(proxy_row, 0))
            row = self.model.row_at(source.row())
            if (row.section_id, row.player.tpn) in keys:
                flag = (
                    selection.SelectionFlag.ClearAndSelect
                    if first
                    else selection.SelectionFlag.Select
                ) | selection.SelectionFlag.Rows
                selection.select(self.proxy.index(proxy_row, 0), flag)
                if first:
                    self.table.setCurrentIndex(self.proxy.index(proxy_row, 0))
                first = False

    def selected(self) -> list[EventPlayerRow]:
        """The selected players, top to bottom."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [
            self.model.row_at(self.proxy.mapToSource(self.proxy.index(r, 0)).row()) for r in rows
        ]
