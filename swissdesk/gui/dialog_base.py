"""The base of the arbiter's form dialogs: OK checks the form first and lists the problems.

Every form opens with the focus on its first field (not on OK, so a stray Enter or Space
does not confirm it), and Esc on a form with changes asks before discarding them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

NOT_A_CHANGE = "swissdesk_not_a_change"
"""Property of a widget whose content is no change of the form (a search field)."""

_FIELDS = (QLineEdit, QComboBox, QAbstractSpinBox, QListWidget, QPlainTextEdit)


def error_label() -> QLabel:
    label = QLabel()
    label.setStyleSheet("color: #b00020;")
    label.setWordWrap(True)
    label.setVisible(False)
    return label


def _value(widget: QWidget) -> Any:
    if isinstance(widget, QComboBox):
        return widget.currentIndex(), widget.currentText() if widget.isEditable() else ""
    if isinstance(widget, QLineEdit | QAbstractSpinBox):
        return widget.text()
    if isinstance(widget, QListWidget):
        return tuple(widget.item(i).text() for i in range(widget.count()))
    if isinstance(widget, QPlainTextEdit):
        return widget.toPlainText()
    if isinstance(widget, QAbstractButton):
        return widget.isChecked()
    return None


class ValidatedDialog(QDialog):
    """A form dialog whose OK button runs :meth:`problems` first and shows them."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.errors = error_label()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setVisible(False)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.try_accept)
        self.buttons.rejected.connect(self.cancel)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.note)
        layout.addWidget(self.errors)
        layout.addWidget(self.buttons)
        self._clean: tuple[Any, ...] | None = None
        self.discard_asked = 0
        """How often Esc/Cancel asked before discarding changes (for tests)."""

    @property
    def ok_button(self) -> QAbstractButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def problems(self) -> list[str]:
        return []

    def set_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))

    def try_accept(self) -> None:
        found = self.problems()
        if found:
            self.errors.setText("\n".join(f"• {p}" for p in found))
            self.errors.setVisible(True)
            return
        self.accept()

    # -- focus on the first field ----------------------------------------------------

    def first_field(self) -> QWidget | None:
        """The field the arbiter types into first: the first enabled input of the form."""
        for i in range(self.form.rowCount()):
            item = self.form.itemAt(i, QFormLayout.ItemRole.FieldRole) or self.form.itemAt(
                i, QFormLayout.ItemRole.SpanningRole
            )
            widget = item.widget() if item is not None else None
            if widget is None:
                continue
            candidates = [widget, *widget.findChildren(QWidget)]
            for w in candidates:
                if isinstance(w, _FIELDS) and w.isEnabled() and not w.isHidden():
                    return w
        return None

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._clean is None:
            self._clean = self.form_state()
            field = self.first_field()
            if field is not None:
                field.setFocus()

    # -- Esc asks before discarding changes -------------------------------------------

    def form_state(self) -> tuple[Any, ...]:
        """Everything typed or chosen in the form (compared to see whether it changed)."""
        fields = [
            w
            for w in self.findChildren(QWidget)
            if isinstance(w, (*_FIELDS, QAbstractButton))
            and not isinstance(w.parent(), QComboBox | QAbstractSpinBox)
            and not w.property(NOT_A_CHANGE)
            and w not in self.buttons.buttons()
        ]
        return tuple(_value(w) for w in fields)

    def has_changes(self) -> bool:
        return self._clean is not None and self.form_state() != self._clean

    def confirm_discard(self) -> bool:
        """Ask whether to throw the changes away (through the window's prompter if any)."""
        self.discard_asked += 1
        title = "Discard changes?"
        text = f"{self.windowTitle()}: discard what was typed?"
        prompter = getattr(self.parentWidget(), "prompter", None)
        if prompter is not None:
            return bool(prompter.confirm(title, text))
        answer = QMessageBox.question(
            self,
            title,
            text,
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Discard

    def cancel(self) -> None:
        """Esc or Cancel by the arbiter: ask first if something was typed."""
        if self.isVisible() and self.has_changes() and not self.confirm_discard():
            return
        self.reject()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            event.accept()
            self.cancel()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        # The window's close button asks too; closing from code (tests, quit) does not.
        if event.spontaneous() and self.has_changes() and not self.confirm_discard():
            event.ignore()
            return
        super().closeEvent(event)
