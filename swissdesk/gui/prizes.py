"""The prize list in the window (issue 36): the prizes, their winners and amounts, why,
and each category's standings, from :func:`swissdesk.prizes.compute_prizes` (the same
computation the CLI and the PDF show). Plain rows only: no ORM object reaches Qt."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from swissdesk.gui.tablemodel import DISPLAY, RIGHT, TOOLTIP, Column, TableModel, points
from swissdesk.prizes import OVERALL, Award, CategoryRow, PrizeList


class PrizeListModel(TableModel):
    """One row per line of the prize list (a prize, or a share of tied places' money)."""

    columns = (
        Column("List", width=10),
        Column("Prize", width=16),
        Column("No.", RIGHT, 4),
        Column("Name", width=24, stretch=True),
        Column("Amount", RIGHT, 10),
        Column("Item", width=12),
        Column("Why", width=40, stretch=True),
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
            return "Standings" if row.category == OVERALL else row.category
        if column == 1:
            return row.label
        if column == 2:
            return "" if row.tpn is None else str(row.tpn)
        if column == 3:
            return row.name if row.tpn is not None else "(not awarded)"
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
        Column("Cat.", RIGHT, 5, "The rank in the category"),
        Column("Rank", RIGHT, 5, "The rank in the standings"),
        Column("No.", RIGHT, 4),
        Column("Name", width=28, stretch=True),
        Column("Pts", RIGHT, 5),
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

    PRIZE_LIST = "Prize list"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Prize list")
        self.rules = QLabel()
        self.rules.setWordWrap(True)
        self.show_box = QComboBox()
        self.show_box.setAccessibleName("Show")
        self.prize_model = PrizeListModel(self)
        self.category_model = CategoryStandingsModel(self)
        self.table = QTableView()
        self.table.setModel(self.prize_model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.import_button = QPushButton("&Import plan…")
        self.export_button = QPushButton("E&xport plan…")
        self.pdf_button = QPushButton("Prize list &PDF…")
        self.csv_button = QPushButton("Treasurer's &CSV…")
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.reject)
        top = QHBoxLayout()
        show_label = QLabel("&Show:")
        show_label.setBuddy(self.show_box)
        top.addWidget(show_label)
        top.addWidget(self.show_box, 1)
        buttons = QHBoxLayout()
        for b in (self.import_button, self.export_button, self.pdf_button, self.csv_button):
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
        shown = self.show_box.currentText()
        self.show_box.blockSignals(True)
        self.show_box.clear()
        self.show_box.addItem(self.PRIZE_LIST)
        for cat in prizes.categories if prizes is not None else ():
            self.show_box.addItem(f"Category: {cat.name}")
        index = self.show_box.findText(shown)
        self.show_box.setCurrentIndex(max(index, 0))
        self.show_box.blockSignals(False)
        for b in (self.export_button, self.pdf_button, self.csv_button):
            b.setEnabled(prizes is not None)
        if prizes is None:
            self.rules.setText(message)
            self.notes.setText("")
        else:
            from swissdesk.reports.prizes import sharing_text

            money = prizes.plan.rules.money
            self.rules.setText(f"After round {prizes.after_round}. {sharing_text(prizes)}")
            totals = (
                f"Paid {money.text(prizes.paid, code=True)} of "
                f"{money.text(prizes.fund, code=True)}"
                + (f"; not awarded {money.text(prizes.kept, code=True)}" if prizes.kept else "")
                + "."
            )
            self.notes.setText("\n".join([totals, *prizes.notes]))
        self._show()

    def _show(self, _index: int = 0) -> None:
        text = self.show_box.currentText()
        prizes = self.prizes
        if text.startswith("Category: ") and prizes is not None:
            name = text.removeprefix("Category: ")
            cat = next((c for c in prizes.categories if c.name == name), None)
            self.category_model.set_rows(list(cat.rows) if cat is not None else [])
            self.table.setModel(self.category_model)
            self.table.setToolTip(cat.description if cat is not None else "")
        else:
            self.prize_model.set_prizes(prizes)
            self.table.setModel(self.prize_model)
            self.table.setToolTip("")
        self.table.resizeColumnsToContents()
