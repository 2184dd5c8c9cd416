"""The prize list in the window (issue 36): the prizes, their winners and amounts, why,
and each category's standings, from :func:`swissdesk.prizes.compute_prizes` (the same
computation the CLI and the PDF show). Plain rows only: no ORM object reaches Qt."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

import swissdesk.translations  # noqa: F401  (installs CLDR's number formats: swissdesk.i18n)
from swissdesk.errors import InputError
from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.gui.tablemodel import DISPLAY, RIGHT, TOOLTIP, Column, TableModel, points
from swissdesk.i18n import N_, _
from swissdesk.prizes import OVERALL, Award, CategoryRow, PrizeList, PrizePlan, loads


class PrizeListModel(TableModel):
    """One row per line of the prize list (a prize, or a share of tied places' money)."""

    columns = (
        Column(N_("List"), width=10),
        Column(N_("Prize"), width=16),
        Column(N_("No."), RIGHT, 4),
        Column(N_("Name"), width=24, stretch=True),
        Column(N_("Amount"), RIGHT, 10),
        Column(N_("Item"), width=12),
        Column(N_("Why"), width=40, stretch=True),
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.prizes: PrizeList | None = None

    def set_prizes(self, prizes: PrizeList | None) -> None:
        self.prizes = prizes
        self.set_rows(list(prizes.awards) if prizes is not None else [])

    def cell(self, row: Award, column: int, role: int) -> Any:
        if role not in (DISPLAY, TOOLTIP):
            return None
        money = self.prizes.plan.rules.money if self.prizes is not None else None
        if column == 0:
            return _("Standings") if row.category == OVERALL else row.category
        if column == 1:
            return row.label
        if column == 2:
            return "" if row.tpn is None else str(row.tpn)
        if column == 3:
            return row.name if row.tpn is not None else _("(not awarded)")
        if column == 4:
            if row.tpn is None or money is None or (row.item and not row.amount):
                return ""
            return money.text(row.amount, code=True)
        if column == 5:
            return row.item
        return row.reason


class CategoryStandingsModel(TableModel):
    """A category's standings: the category rank, the overall rank, the player."""

    columns = (
        Column(N_("Cat."), RIGHT, 5, N_("The rank in the category")),
        Column(N_("Rank"), RIGHT, 5, N_("The rank in the standings")),
        Column(N_("No."), RIGHT, 4),
        Column(N_("Name"), width=28, stretch=True),
        Column(N_("Pts"), RIGHT, 5),
    )

    def cell(self, row: CategoryRow, column: int, role: int) -> Any:
        if role != DISPLAY:
            return None
        return (
            row.label, str(row.placed.rank), str(row.placed.tpn), row.placed.name,
            points(row.placed.points),
        )[column]  # fmt: skip


class PrizesDialog(QDialog):
    """Tournament > Prize list: the list, the category standings, the plan's import and
    export, the PDF for the prize-giving and the treasurer's CSV."""

    PRIZE_LIST = N_("Prize list")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Prize list"))
        self.rules = QLabel()
        self.rules.setWordWrap(True)
        self.show_box = QComboBox()
        self.show_box.setAccessibleName(_("Show"))
        self.prize_model = PrizeListModel(self)
        self.category_model = CategoryStandingsModel(self)
        self.table = QTableView()
        self.table.setModel(self.prize_model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.edit_button = QPushButton(_("&Edit plan…"))
        self.tick_button = QPushButton(_("&Tick players…"))
        self.import_button = QPushButton(_("&Import plan…"))
        self.export_button = QPushButton(_("E&xport plan…"))
        self.pdf_button = QPushButton(_("Prize list &PDF…"))
        self.csv_button = QPushButton(_("Treasurer's &CSV…"))
        self.close_button = QPushButton(_("Close"))
        self.close_button.clicked.connect(self.reject)
        top = QHBoxLayout()
        show_label = QLabel(_("&Show:"))
        show_label.setBuddy(self.show_box)
        top.addWidget(show_label)
        top.addWidget(self.show_box, 1)
        buttons = QHBoxLayout()
        for b in (self.edit_button, self.tick_button, self.import_button, self.export_button,
                  self.pdf_button, self.csv_button):  # fmt: skip
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.rules)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.notes)
        layout.addLayout(buttons)
        self.prizes: PrizeList | None = None
        self.show_box.currentIndexChanged.connect(self._show)
        self.resize(980, 640)

    def set_prizes(self, prizes: PrizeList | None, message: str = "") -> None:
        """Show ``prizes`` (``None``: ``message`` says why there is no list)."""
        self.prizes = prizes
        shown = self.show_box.currentData()
        self.show_box.blockSignals(True)
        self.show_box.clear()
        self.show_box.addItem(_(self.PRIZE_LIST), None)
        for cat in prizes.categories if prizes is not None else ():
            self.show_box.addItem(_("Category: {name}").format(name=cat.name), cat.name)
        index = self.show_box.findData(shown) if shown is not None else 0
        self.show_box.setCurrentIndex(max(index, 0))
        self.show_box.blockSignals(False)
        for b in (self.export_button, self.pdf_button, self.csv_button):
            b.setEnabled(prizes is not None)
        self.tick_button.setEnabled(
            prizes is not None and any(c.ticked for c in prizes.plan.categories)
        )
        if prizes is None:
            self.rules.setText(message)
            self.notes.setText("")
        else:
            from swissdesk.reports.prizes import sharing_text

            money = prizes.plan.rules.money
            after = _("After round {number}.").format(number=prizes.after_round)
            self.rules.setText(f"{after} {sharing_text(prizes)}")
            paid = money.text(prizes.paid, code=True)
            fund = money.text(prizes.fund, code=True)
            totals = (
                _("Paid {paid} of {fund}; not awarded {kept}.").format(
                    paid=paid, fund=fund, kept=money.text(prizes.kept, code=True)
                )
                if prizes.kept
                else _("Paid {paid} of {fund}.").format(paid=paid, fund=fund)
            )
            self.notes.setText("\n".join([totals, *prizes.notes]))
        self._show()

    def _show(self, _index: int = 0) -> None:
        name = self.show_box.currentData()
        prizes = self.prizes
        if name is not None and prizes is not None:
            cat = next((c for c in prizes.categories if c.name == name), None)
            self.category_model.set_rows(list(cat.rows) if cat is not None else [])
            self.table.setModel(self.category_model)
            self.table.setToolTip(cat.description if cat is not None else "")
        else:
            self.prize_model.set_prizes(prizes)
            self.table.setModel(self.prize_model)
            self.table.setToolTip("")
        self.table.resizeColumnsToContents()


class PlanEditorDialog(ValidatedDialog):
    """The prize plan as the text of its file (README: Prizes), checked on OK: every
    problem is named with its place (``prize 3: ...``) and nothing is kept until it reads."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(_("Prize plan"), parent)
        self.editor = QPlainTextEdit()
        self.editor.setPlainText(text)
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.editor.setFont(font)
        self.editor.setMinimumSize(620, 440)
        self.editor.setAccessibleName(_("Prize plan"))
        self.form.addRow(self.editor)
        self.set_note(
            _(
                "Categories ([[category]]), prizes ([[prize]]) and the rules for ties "
                "([rules]), as in a plan file; README, Prizes, has an example."
            )
        )
        self.plan: PrizePlan | None = None

    def problems(self) -> list[str]:
        try:
            self.plan = loads(self.editor.toPlainText())
        except InputError as exc:
            self.plan = None
            return [str(exc)]
        return []


class TickPlayersDialog(ValidatedDialog):
    """Tick the players of a category the arbiter decides (``ticked = true``): one list
    per category, every player of the section with a check box."""

    def __init__(
        self,
        categories: list[str],
        players: list[tuple[int, str]],
        ticked: dict[int, frozenset[str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Tick players"), parent)
        self.category_box = QComboBox()
        self.category_box.addItems(categories)
        self.players = QListWidget()
        self.players.setMinimumSize(420, 380)
        self.form.addRow(_("&Category:"), self.category_box)
        self.form.addRow(_("&Players:"), self.players)
        self._people = players
        self._ticked = {tpn: set(names) for tpn, names in ticked.items()}
        self.changes: list[tuple[int, str, bool]] = []
        self.category_box.currentIndexChanged.connect(self._fill)
        self.players.itemChanged.connect(self._changed)
        self._fill()

    def _fill(self, _index: int = 0) -> None:
        name = self.category_box.currentText()
        self.players.blockSignals(True)
        self.players.clear()
        for tpn, player in self._people:
            item = QListWidgetItem(f"{tpn}  {player}")
            item.setData(Qt.ItemDataRole.UserRole, tpn)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = name in self._ticked.get(tpn, set())
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.players.addItem(item)
        self.players.blockSignals(False)

    def _changed(self, item: QListWidgetItem) -> None:
        tpn = int(item.data(Qt.ItemDataRole.UserRole))
        name = self.category_box.currentText()
        on = item.checkState() == Qt.CheckState.Checked
        names = self._ticked.setdefault(tpn, set())
        (names.add if on else names.discard)(name)
        self.changes = [c for c in self.changes if c[:2] != (tpn, name)]
        self.changes.append((tpn, name, on))
