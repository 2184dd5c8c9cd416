"""The pages of the main window: welcome, players, rounds, standings, cross table, audit log.

Pages only show data and emit what the arbiter asked for; the window runs the storage
actions and refreshes the pages.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QAction, QFont, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStyle,
    QTabBar,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from swissdesk.gui.audit_model import describe_entry
from swissdesk.gui.models import (
    AuditModel,
    BoardsModel,
    CrossTableModel,
    PlayersFilterModel,
    PlayersModel,
    StandingsModel,
    TableModel,
)
from swissdesk.i18n import N_, _, ngettext
from swissdesk.storage import AuditEntry, BoardResult

RESULT_KEYS: dict[str, BoardResult] = {
    "1": BoardResult.WHITE_WINS,
    "0": BoardResult.BLACK_WINS,
    "=": BoardResult.DRAW,
    "5": BoardResult.DRAW,
    "½": BoardResult.DRAW,
    "+": BoardResult.WHITE_WINS_BY_FORFEIT,
    "-": BoardResult.BLACK_WINS_BY_FORFEIT,
    "*": BoardResult.DOUBLE_FORFEIT,
    "z": BoardResult.BOTH_LOSE,
    "Z": BoardResult.BOTH_LOSE,
    "h": BoardResult.WHITE_HALF_BLACK_ZERO,
    "H": BoardResult.WHITE_ZERO_BLACK_HALF,
    "w": BoardResult.WHITE_WINS_UNRATED,
    "l": BoardResult.BLACK_WINS_UNRATED,
    "d": BoardResult.DRAW_UNRATED,
}
"""Keys of the result entry: ``1`` 1-0, ``0`` 0-1, ``=``/``5`` draw, ``+``/``-`` forfeits,
``*`` double forfeit, ``z`` 0-0, ``h`` ½-0, ``Shift+H`` 0-½, ``w``/``l``/``d`` the unrated
1-0, 0-1, ½-½ (fewer than one move; C.02 VCL Q185) (also in ``menus.RESULT_CHOICES``)."""


def make_table(model: TableModel, *, proxy: PlayersFilterModel | None = None) -> QTableView:
    """A tidy read-mostly table: row selection, alternating colours, widths by column."""
    view = QTableView()
    view.setModel(proxy if proxy is not None else model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
    view.horizontalHeader().setHighlightSections(False)
    view.horizontalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
    fit_columns(view, model)
    model.modelReset.connect(lambda: fit_columns(view, model))
    return view


def heading_width(header: QHeaderView, text: str) -> int:
    """The width a column needs to show its heading whole (the header's font and margins):
    German and Russian headings are often wider than the column's content."""
    metrics = header.fontMetrics()
    widest = max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    return widest + 2 * margin + 2


def fit_columns(view: QTableView, model: TableModel) -> None:
    """Column widths from each column's expected characters, never narrower than the
    column's heading in the window's language; the last column stretches."""
    char = view.fontMetrics().horizontalAdvance("0")
    header = view.horizontalHeader()
    stretch = any(col.stretch for col in model.columns)
    header.setStretchLastSection(not stretch)
    for i, col in enumerate(model.columns):
        heading = model.headerData(i, Qt.Orientation.Horizontal)
        least = heading_width(header, heading) if isinstance(heading, str) else 0
        header.resizeSection(i, max(col.width * char + 14, 36, least))
        header.setSectionResizeMode(
            i,
            QHeaderView.ResizeMode.Stretch if col.stretch else QHeaderView.ResizeMode.Interactive,
        )


def _caption(text: str) -> QLabel:
    label = QLabel(text)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 1.25)
    font.setBold(True)
    label.setFont(font)
    return label


def _home_abbreviated(folder: Path) -> str:
    """``~/Documents/swissdesk`` rather than the full home path."""
    try:
        return str(Path("~") / folder.relative_to(Path.home()))
    except ValueError:
        return str(folder)


class WelcomePage(QWidget):
    """First page: New tournament, Open, recent files, Open sample tournament."""

    new_requested = Signal()
    open_requested = Signal()
    import_requested = Signal()
    sample_requested = Signal()
    recent_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("swissdesk")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 2.4)
        font.setBold(True)
        title.setFont(font)
        subtitle = QLabel(_("Swiss-system tournaments for FIDE arbiters"))
        self.new_button = QPushButton(_("&New tournament…"))
        self.open_button = QPushButton(_("&Open…"))
        self.import_button = QPushButton(_("&Import TRF…"))
        self.sample_button = QPushButton(_("Open &sample tournament"))
        for b in (self.new_button, self.open_button, self.import_button, self.sample_button):
            b.setMinimumHeight(34)
            b.setMinimumWidth(220)
        self.new_button.clicked.connect(self.new_requested)
        self.open_button.clicked.connect(self.open_requested)
        self.import_button.clicked.connect(self.import_requested)
        self.sample_button.clicked.connect(self.sample_requested)
        self.recent = QListWidget()
        self.recent.setMinimumWidth(420)
        self.recent.itemActivated.connect(self._activated)
        self.no_recent = QLabel(_("No recent tournaments yet."))
        self.no_recent.setStyleSheet("color: gray;")

        buttons = QVBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.import_button)
        buttons.addSpacing(16)
        buttons.addWidget(self.sample_button)
        buttons.addStretch(1)
        recent = QVBoxLayout()
        recent.addWidget(QLabel("<b>" + _("Recent tournaments") + "</b>"))
        recent.addWidget(self.no_recent)
        recent.addWidget(self.recent, 1)
        self.recent_stretch = QWidget()
        recent.addWidget(self.recent_stretch, 1)
        row = QHBoxLayout()
        row.addLayout(buttons)
        row.addSpacing(30)
        row.addLayout(recent, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(48, 36, 48, 36)
        layout.addWidget(title)
        layout.addWidget(subtitle)
        layout.addSpacing(24)
        layout.addLayout(row, 1)

    def set_recent(self, paths: list[Path]) -> None:
        self.recent.clear()
        for p in paths:
            item = QListWidgetItem(f"{p.stem}\n{_home_abbreviated(p.parent)}")
            item.setData(Qt.ItemDataRole.UserRole, str(p))
            item.setToolTip(str(p))
            self.recent.addItem(item)
        self.recent.setVisible(bool(paths))
        self.no_recent.setVisible(not paths)
        self.recent_stretch.setVisible(not paths)
        if paths:
            self.recent.setCurrentRow(0)

    def _activated(self, item: QListWidgetItem) -> None:
        self.recent_requested.emit(str(item.data(Qt.ItemDataRole.UserRole)))


class PlayersPage(QWidget):
    """The list of participants: search, sort by any column, edit in place."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = PlayersModel(self)
        self.proxy = PlayersFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self.table = make_table(self.model, proxy=self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(PlayersModel.TPN, Qt.SortOrder.AscendingOrder)
        # Editing starts only on F2, Enter or a double-click: a stray key must not rename
        # a player.
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.table.installEventFilter(self)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.search = QLineEdit()
        self.search.setPlaceholderText(_("Search name, federation, FIDE ID or number  (Ctrl+F)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_search)
        self.count = QLabel()
        self.toolbar = QToolBar()
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        top = QHBoxLayout()
        top.addWidget(_caption(_("Players")))
        top.addSpacing(20)
        top.addWidget(self.search, 1)
        top.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.table, 1)
        find = QAction(self)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.triggered.connect(lambda: self.search.setFocus())
        self.addAction(find)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on a cell of the players table edits it (as F2 and a double-click do)."""
        if (
            watched is self.table
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.table.state() != QAbstractItemView.State.EditingState
        ):
            index = self.table.currentIndex()
            if index.isValid() and index.flags() & Qt.ItemFlag.ItemIsEditable:
                self.table.edit(index)
                return True
        return super().eventFilter(watched, event)

    def refresh_count(self) -> None:
        rows = self.model.players()
        active = sum(1 for r in rows if r.status.value == "active")
        self.count.setText(
            ngettext(
                "{count} player, {active} active", "{count} players, {active} active", len(rows)
            ).format(count=len(rows), active=active)
        )

    def selected_tpn(self) -> int | None:
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        source = self.proxy.mapToSource(index)
        return int(self.model.row_at(source.row()).tpn)

    def select_tpn(self, tpn: int) -> None:
        """Select the player with pairing number ``tpn`` (the search is cleared)."""
        self.search.clear()
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if self.model.row_at(self.proxy.mapToSource(index).row()).tpn == tpn:
                self.table.setCurrentIndex(index)
                self.table.selectRow(row)
                self.table.scrollTo(index)
                self.table.setFocus()
                return


class ResultTable(QTableView):
    """The board list; typing a result key enters it for the selected board."""

    result_typed = Signal(int, object)
    """(row, :class:`BoardResult` or ``None`` to clear)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if text in RESULT_KEYS and mods in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.ShiftModifier,
        ):
            row = self.currentIndex().row()
            if row >= 0:
                self.result_typed.emit(row, RESULT_KEYS[text])
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            row = self.currentIndex().row()
            if row >= 0:
                self.result_typed.emit(row, None)
            event.accept()
            return
        super().keyPressEvent(event)


class RoundsPage(QWidget):
    """One tab per round; the board list with keyboard result entry; pairing controls."""

    round_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = BoardsModel(self)
        self.tabs = QTabBar()
        self.tabs.setExpanding(False)
        self.tabs.setDrawBase(False)
        self.tabs.currentChanged.connect(self._tab_changed)
        self.table = ResultTable()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.horizontalHeader().setHighlightSections(False)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        fit_columns(self.table, self.model)
        self.model.modelReset.connect(lambda: fit_columns(self.table, self.model))
        self.pair_button = QPushButton(_("Pair next round"))
        self.cancel_button = QPushButton(_("Cancel"))
        self.cancel_button.setVisible(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(160)
        self.progress.setVisible(False)
        self.busy_label = QLabel()
        self.explain_button = QPushButton(_("Explain…"))
        self.manual_button = QPushButton(_("Pair by hand…"))
        self.unpair_button = QPushButton(_("Unpair round"))
        # The manual-pairing phase (C.02 VCL Q65): a banner with its explicit end.
        self.manual_banner = QLabel()
        self.manual_banner.setWordWrap(True)
        self.manual_banner.setMinimumWidth(1)
        self.manual_banner.setStyleSheet(
            "background: #fff4d6; border: 1px solid #d9a400; padding: 4px 8px;"
        )
        self.finish_manual_button = QPushButton(_("&Finish pairing by hand"))
        self.cancel_manual_button = QPushButton(_("Cancel pairing by hand"))
        self.manual_bar = QWidget()
        bar = QHBoxLayout(self.manual_bar)
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.manual_banner, 1)
        bar.addWidget(self.finish_manual_button)
        bar.addWidget(self.cancel_manual_button)
        self.manual_bar.setVisible(False)
        self.counter = QLabel()
        counter_font = self.counter.font()
        counter_font.setBold(True)
        self.counter.setFont(counter_font)
        self.notice = QLabel()
        self.notice.setStyleSheet("color: #8a5a00;")
        self.hint = QLabel(
            _(
                "Results: 1 = 1-0   0 = 0-1   = or 5 = ½-½   + / - = forfeit   * = double forfeit"
                "   z = 0-0   h = ½-0   Shift+H = 0-½   Del = clear   ·   right-click: result menu"
                "   ·   Ctrl+F: find board or player   ·   Ctrl+PgUp/PgDn: rounds"
            )
        )
        self.hint.setStyleSheet("color: gray;")
        # Texts that change (or are long) never widen the window: they are cut at its edge,
        # the window keeps the width the arbiter gave it (issue 18).
        for label in (self.notice, self.hint, self.busy_label, self.counter):
            label.setMinimumWidth(1)  # may shrink below its text instead of pushing
        self.hint.setWordWrap(True)
        self.find_field = QLineEdit()
        self.find_field.setPlaceholderText(_("Board no. or player  (Ctrl+F)"))
        self.find_field.setClearButtonEnabled(True)
        # As wide as its hint in the window's language (the Russian one is longer), no wider.
        hint = self.find_field.fontMetrics().horizontalAdvance(self.find_field.placeholderText())
        self.find_field.setMinimumWidth(min(hint + 40, 420))
        self.find_field.setMaximumWidth(max(260, hint + 40))
        self.find_field.textEdited.connect(self.find_typed)
        self.find_field.returnPressed.connect(self._find_done)
        self.find_status = QLabel()
        self.find_status.setStyleSheet("color: gray;")
        find = QAction(self)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.triggered.connect(self.start_find)
        self.addAction(find)
        top = QHBoxLayout()
        top.addWidget(_caption(_("Rounds")))
        top.addSpacing(12)
        top.addWidget(self.tabs, 1)
        top.addWidget(self.find_status)
        top.addWidget(self.find_field)
        controls = QHBoxLayout()
        controls.addWidget(self.pair_button)
        controls.addWidget(self.progress)
        controls.addWidget(self.busy_label)
        controls.addWidget(self.cancel_button)
        controls.addWidget(self.explain_button)
        controls.addWidget(self.manual_button)
        controls.addWidget(self.unpair_button)
        controls.addStretch(1)
        controls.addWidget(self.notice)
        controls.addSpacing(12)
        controls.addWidget(self.counter)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(controls)
        layout.addWidget(self.manual_bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.hint)
        self._updating = False

    def show_manual_phase(self, text: str | None) -> None:
        """The manual-pairing banner (``None``: no round is being paired by hand)."""
        self.manual_bar.setVisible(text is not None)
        self.manual_banner.setText(text or "")

    def set_rounds(self, count: int, current: int) -> None:
        """Tabs ``Round 1`` .. ``Round count``; select ``current``."""
        self._updating = True
        try:
            while self.tabs.count() > count:
                self.tabs.removeTab(self.tabs.count() - 1)
            while self.tabs.count() < count:
                self.tabs.addTab(_("Round {number}").format(number=self.tabs.count() + 1))
            if count:
                self.tabs.setCurrentIndex(max(0, min(count, current) - 1))
        finally:
            self._updating = False

    def current_round(self) -> int:
        return self.tabs.currentIndex() + 1

    def _tab_changed(self, index: int) -> None:
        if not self._updating and index >= 0:
            self.round_selected.emit(index + 1)

    def select_row(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.table.setCurrentIndex(self.model.index(row, BoardsModel.RESULT))
            self.table.scrollTo(self.model.index(row, 0))

    def start_find(self) -> None:
        self.find_field.setFocus()
        self.find_field.selectAll()

    def find_typed(self, text: str) -> None:
        """A board number jumps to that board; a name (accents and case ignored) or a
        pairing number with ``#`` to the board of the first player who matches."""
        text = text.strip()
        row = -1
        if text.isdigit():
            row = self.model.row_of_board(int(text))
            self.find_status.setText("" if row >= 0 else _("no board {number}").format(number=text))
        elif text:
            row = self.model.row_of_player(text)
            self.find_status.setText("" if row >= 0 else _("nobody found"))
        else:
            self.find_status.clear()
        if row >= 0:
            self.select_row(row)

    def _find_done(self) -> None:
        self.find_typed(self.find_field.text())
        self.table.setFocus()

    def set_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)


class RankedPage(QWidget):
    """Standings or cross table after a chosen round."""

    round_selected = Signal(int)

    def __init__(self, title: str, model: TableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.table = make_table(model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.after = QComboBox()
        self.after.currentIndexChanged.connect(self._changed)
        self.message = QLabel()
        self.message.setStyleSheet("color: gray;")
        self.message.setWordWrap(True)
        self.tiebreaks = QLabel()
        top = QHBoxLayout()
        top.addWidget(_caption(_(title)))
        top.addSpacing(20)
        top.addWidget(QLabel(_("After round:")))
        top.addWidget(self.after)
        top.addSpacing(20)
        top.addWidget(self.tiebreaks, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.message)
        layout.addWidget(self.table, 1)
        self._updating = False

    def set_rounds(self, completed: int, selected: int) -> None:
        self._updating = True
        try:
            self.after.clear()
            for r in range(1, completed + 1):
                self.after.addItem(str(r), r)
            if completed:
                self.after.setCurrentIndex(max(1, min(selected, completed)) - 1)
        finally:
            self._updating = False

    def selected_round(self) -> int:
        data = self.after.currentData()
        return int(data) if data is not None else 0

    def _changed(self, _index: int) -> None:
        if not self._updating:
            self.round_selected.emit(self.selected_round())


class StandingsPage(RankedPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(N_("Standings"), StandingsModel(), parent)


class CrossTablePage(RankedPage):
    """The wall chart; a round robin shows the square table instead (``grid_model``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(N_("Cross table"), CrossTableModel(), parent)
        from swissdesk.gui.round_robin import RoundRobinGridModel

        self.grid_model = RoundRobinGridModel(self)

    def show_grid(self, grid: Any) -> None:
        """Show a round robin's square table (``Grid`` from lists.round_robin_grid)."""
        self.use_grid(True)
        self.grid_model.set_grid(grid)
        fit_columns(self.table, self.grid_model)  # after the view has reset its header

    def use_grid(self, on: bool) -> None:
        """Show the round robin's square table (or the wall chart)."""
        wanted = self.grid_model if on else self.model
        if self.table.model() is not wanted:
            self.table.setModel(wanted)
            fit_columns(self.table, wanted)


class AuditPage(QWidget):
    """Every action with its time and what it changed; the selected entry in full below
    (before/after values, the engine's original pairing of a manual change, the reason)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = AuditModel(self)
        self.names: dict[int, str] = {}
        """TPN -> name, to name the players in the details (set by the controller)."""
        self.names_by_section: dict[int, dict[int, str]] = {}
        """The same for every section of the event (an entry is named in its section)."""
        self.table = make_table(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setPlaceholderText(_("Select an entry to see everything it recorded."))
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.details)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        self.table.selectionModel().currentRowChanged.connect(self._show_details)
        self.model.modelReset.connect(self.details.clear)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(_caption(_("Audit log")))
        top.addStretch(1)
        note = QLabel(_("Every action is saved at once and recorded here."))
        note.setStyleSheet("color: gray;")
        top.addWidget(note)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)

    def first_index(self) -> QModelIndex:
        return self.model.index(0, 0)

    def _show_details(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            self.details.clear()
            return
        entry = self.model.row_at(current.row())
        names = self.names
        if entry.section_id is not None and entry.section_id in self.names_by_section:
            names = self.names_by_section[entry.section_id]
        self.details.setPlainText(audit_details(entry, names))

    def show_sections(self, several: bool) -> None:
        """The Section column, for an event of several sections."""
        self.table.setColumnHidden(AuditModel.SECTION, not several)


def audit_details(entry: AuditEntry, names: Mapping[int, str] | None = None) -> str:
    """An audit entry in full, written for a person (:func:`describe_entry`)."""
    return describe_entry(entry, names or {})
