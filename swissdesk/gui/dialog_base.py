"""The base of the arbiter's form dialogs: OK checks the form first and lists the problems."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget


def error_label() -> QLabel:
    label = QLabel()
    label.setStyleSheet("color: #b00020;")
    label.setWordWrap(True)
    label.setVisible(False)
    return label


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
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.note)
        layout.addWidget(self.errors)
        layout.addWidget(self.buttons)

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
