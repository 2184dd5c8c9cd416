"""The list sequence in the window (FIDE's checklist C.02 Q124-126): which FIDE lists the
tournament rating is taken from, in which order. The arbiter ticks the lists to use,
orders them (Up, Down) or goes back to the default of the rate of play (standard: standard,
rapid, blitz; rapid: effective rapid, blitz; blitz: effective blitz, rapid; the effective
lists take the standard rating when there is none, Rapid and Blitz Rating Regulations art.
7.2.1)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from swissdesk.i18n import _
from swissdesk.model.ratings import ListKind


def sequence_text(sequence: Sequence[ListKind]) -> str:
    """``FIDE effective rapid → FIDE blitz``; the default when empty."""
    if not sequence:
        return _("the default of the rate of play")
    return " → ".join(_(k.label) for k in sequence)


class ListSequenceDialog(QDialog):
    """Tick and order the lists; :attr:`sequence` (``()``: the default) once accepted."""

    def __init__(self, sequence: Sequence[ListKind], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("List sequence"))
        self.sequence: tuple[ListKind, ...] = tuple(sequence)
        layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "The tournament rating is taken from the first ticked list that has the player, "
                "in this order (then the national and manual ratings as the method says)."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.lists = QListWidget()
        ordered = [*sequence, *(k for k in ListKind if k not in sequence)]
        for kind in ordered:
            item = QListWidgetItem(_(kind.label))
            item.setData(Qt.ItemDataRole.UserRole, kind.value)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if kind in sequence else Qt.CheckState.Unchecked
            )
            self.lists.addItem(item)
        self.lists.setCurrentRow(0)
        row = QHBoxLayout()
        row.addWidget(self.lists, 1)
        side = QVBoxLayout()
        up = QPushButton(_("&Up"))
        down = QPushButton(_("&Down"))
        up.clicked.connect(lambda: self.move_list(-1))
        down.clicked.connect(lambda: self.move_list(1))
        side.addWidget(up)
        side.addWidget(down)
        side.addStretch(1)
        row.addLayout(side)
        layout.addLayout(row)
        self.error_label = QLabel()
        self.error_label.setStyleSheet("color: #b00020;")
        self.error_label.setVisible(False)
        layout.addWidget(self.error_label)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        default = buttons.addButton(
            _("De&fault of the rate of play"), QDialogButtonBox.ButtonRole.ResetRole
        )
        default.clicked.connect(self.use_default)
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(460, 320)

    def move_list(self, step: int) -> None:
        """Move the current list up (-1) or down (1)."""
        row = self.lists.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.lists.count():
            return
        item = self.lists.takeItem(row)
        self.lists.insertItem(target, item)
        self.lists.setCurrentRow(target)

    def chosen(self) -> tuple[ListKind, ...]:
        """The ticked lists in their order."""
        out = []
        for i in range(self.lists.count()):
            item = self.lists.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(ListKind(str(item.data(Qt.ItemDataRole.UserRole))))
        return tuple(out)

    def use_default(self) -> None:
        self.sequence = ()
        self.accept()

    def try_accept(self) -> None:
        chosen = self.chosen()
        if not chosen:
            self.error_label.setText(_("Tick at least one list (or take the default)."))
            self.error_label.setVisible(True)
            return
        self.sequence = chosen
        self.accept()
