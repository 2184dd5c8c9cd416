"""The base of the arbiter's form dialogs: OK checks the form first and lists the problems.

Every form opens with the focus on its first field (not on OK, so a stray Enter or Space
does not confirm it), and Esc on a form with changes asks before discarding them. The form
scrolls when the screen is too small for it (a 1366x768 laptop: the new-tournament dialog
with the team options is taller than that), so OK and Cancel are always on screen.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QScrollArea,
    QStyle,
    QStyleOptionFrame,
    QVBoxLayout,
    QWidget,
)

from swissdesk.i18n import _

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


FRAME_ALLOWANCE = QSize(24, 48)
"""Room a window's frame and title bar take around its contents (a typical desktop)."""


def available_size(widget: QWidget) -> QSize:
    """The room a top-level window of ``widget`` may take: its screen's available area (the
    desktop less its panels) less the window frame."""
    screen = widget.screen() or QApplication.primaryScreen()
    if screen is None:
        return QSize(1366 - FRAME_ALLOWANCE.width(), 768 - 40 - FRAME_ALLOWANCE.height())
    area = screen.availableGeometry().size()
    return QSize(area.width() - FRAME_ALLOWANCE.width(), area.height() - FRAME_ALLOWANCE.height())


def placeholder_width(edit: QLineEdit) -> int:
    """The width ``edit`` needs to show its placeholder whole (counted as QLineEdit's own
    size hint counts its characters: text, its margins, the frame)."""
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    text = edit.fontMetrics().horizontalAdvance(edit.placeholderText())
    margins, contents = edit.textMargins(), edit.contentsMargins()
    inner = text + 2 * 2 + margins.left() + margins.right() + contents.left() + contents.right()
    size = edit.style().sizeFromContents(
        QStyle.ContentsType.CT_LineEdit, option, QSize(inner, edit.sizeHint().height()), edit
    )
    return size.width()


def widen_to_placeholders(window: QWidget, most: int) -> None:
    """Each line edit of ``window`` with a placeholder at least as wide as it (the hint says
    what to type; French, German and Russian hints are longer than the field Qt sizes by
    its characters), up to ``most`` pixels."""
    widened = False
    for edit in window.findChildren(QLineEdit):
        if edit.placeholderText() and not isinstance(edit.parent(), QComboBox | QAbstractSpinBox):
            needed = min(placeholder_width(edit), most)
            if edit.minimumWidth() < needed:
                edit.setMinimumWidth(needed)
                widened = True
    if widened:  # a scrolled form does not tell the window it grew: say so, then recount
        for area in window.findChildren(QScrollArea):
            area.updateGeometry()
        layout = window.layout()
        if layout is not None:
            layout.activate()


def fit_to_screen(window: QWidget) -> None:
    """Give ``window`` the size it asks for, within the screen: never taller or wider than
    the room there is (what does not fit scrolls); its fields as wide as their hints."""
    room = available_size(window)
    widen_to_placeholders(window, room.width() * 2 // 3)
    hint = window.sizeHint()
    width = min(max(window.width(), hint.width()), room.width())
    height = min(max(window.height(), hint.height()), room.height())
    window.resize(max(width, window.minimumSizeHint().width()), height)


class FormScrollArea(QScrollArea):
    """The form of a dialog, scrolled when the screen has no room for all of it: it asks
    for the form's full size, and takes as little as a few rows when it must."""

    def sizeHint(self) -> QSize:
        widget = self.widget()
        if widget is None:
            return super().sizeHint()
        hint = widget.sizeHint()
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(hint.width() + bar, hint.height() + 2 * self.frameWidth())

    def minimumSizeHint(self) -> QSize:
        widget = self.widget()
        if widget is None:
            return super().minimumSizeHint()
        least = widget.minimumSizeHint()
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(least.width() + bar, min(least.height(), 6 * self.fontMetrics().height()))


class ValidatedDialog(QDialog):
    """A form dialog whose OK button runs :meth:`problems` first and shows them."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.form_widget = QWidget()
        self.form_widget.setLayout(self.form)
        self.form_scroll = FormScrollArea()
        self.form_scroll.setWidget(self.form_widget)
        self.form_scroll.setWidgetResizable(True)
        self.form_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
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
        layout.addWidget(self.form_scroll, 1)
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
        if self._clean is None:  # the first time: as big as the form, within the screen
            fit_to_screen(self)
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
        title = _("Discard changes?")
        text = _("{dialog}: discard what was typed?").format(dialog=self.windowTitle())
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
