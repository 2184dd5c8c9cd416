"""Custom rating list formats in the window (FIDE's checklist C.02 Q117): the arbiter maps a
national list's columns once (CSV or fixed width), sees the first players a sample file
gives, and saves the format by name; File > Import rating list… and the downloads then read
that list with it (:mod:`swissdesk.ratinglist.formats`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from swissdesk.gui.dialog_base import fit_to_screen
from swissdesk.i18n import _
from swissdesk.ratinglist import RatingListError
from swissdesk.ratinglist.formats import (
    DELIMITERS,
    ENCODINGS,
    FIELDS,
    FormatError,
    ListFormat,
    preview,
)


class ListFormatDialog(QDialog):
    """One format: its name, the list's name, layout, delimiter, lines before the players,
    encoding, each field's column, and a preview from a sample file."""

    def __init__(
        self,
        fmt: ListFormat | None,
        taken: Sequence[str] = (),
        choose_file: Callable[[], str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Rating list format"))
        self.taken = {n for n in taken if fmt is None or n != fmt.name}
        self.choose_file = choose_file
        self.result_format: ListFormat | None = None
        self.delete_requested = False
        layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "How to read a national list in its federation's own layout. CSV: each field's "
                "column number (1 = the first) or its name in the header line. Fixed width: the "
                "characters from-to (1 = the first, both included). A player needs a name and "
                "an ID (FIDE ID or the list's own)."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.name = QLineEdit(fmt.name if fmt else "")
        self.name.setPlaceholderText(_("e.g. FEDA"))
        form.addRow(_("&Format name"), self.name)
        self.list_name = QLineEdit(fmt.source if fmt else "")
        self.list_name.setPlaceholderText(
            _("the list's name beside FIDE's (default: the format's)")
        )
        form.addRow(_("&List name"), self.list_name)
        self.layout_box = QComboBox()
        self.layout_box.addItem(_("CSV (separated fields)"), "csv")
        self.layout_box.addItem(_("Fixed-width columns"), "fixed")
        if fmt is not None:
            self.layout_box.setCurrentIndex(0 if fmt.layout == "csv" else 1)
        form.addRow(_("La&yout"), self.layout_box)
        self.delimiter = QComboBox()
        for char, label in DELIMITERS.items():
            self.delimiter.addItem(_(label), char)
        if fmt is not None and fmt.delimiter in DELIMITERS:
            self.delimiter.setCurrentIndex(list(DELIMITERS).index(fmt.delimiter))
        form.addRow(_("&Separator"), self.delimiter)
        self.layout_box.currentIndexChanged.connect(self._layout_changed)
        self._layout_changed()
        self.skip = QSpinBox()
        self.skip.setRange(0, 100)
        self.skip.setValue(fmt.skip if fmt else 1)
        self.skip.setToolTip(_("Lines before the first player; the header is the last of them"))
        form.addRow(_("Lines &before the players"), self.skip)
        self.encoding = QComboBox()
        for name in ENCODINGS:
            self.encoding.addItem(name, name)
        if fmt is not None:
            self.encoding.setCurrentIndex(list(ENCODINGS).index(fmt.encoding))
        form.addRow(_("&Encoding"), self.encoding)
        layout.addLayout(form)
        self.columns = QTableWidget(len(FIELDS), 2)
        self.columns.setHorizontalHeaderLabels([_("Field"), _("Column")])
        self.columns.verticalHeader().setVisible(False)
        self.columns.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for row, (key, label) in enumerate(FIELDS.items()):
            item = QTableWidgetItem(_(label))
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.columns.setItem(row, 0, item)
            self.columns.setItem(row, 1, QTableWidgetItem(fmt.columns.get(key, "") if fmt else ""))
        layout.addWidget(self.columns, 1)
        self.preview_button = QPushButton(_("&Preview with a file…"))
        self.preview_button.clicked.connect(self.preview_file)
        layout.addWidget(self.preview_button)
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setFixedHeight(80)
        self.preview.setPlaceholderText(_("The first players a sample file gives show here."))
        layout.addWidget(self.preview)
        self.error_label = QLabel()
        self.error_label.setStyleSheet("color: #b00020;")
        self.error_label.setWordWrap(True)
        self.error_label.setVisible(False)
        layout.addWidget(self.error_label)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        if fmt is not None:
            delete = buttons.addButton(
                _("&Delete format"), QDialogButtonBox.ButtonRole.DestructiveRole
            )
            delete.clicked.connect(self.delete_format)
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 720)
        fit_to_screen(self)  # a 768-pixel laptop has less room than 720 and a frame

    def _layout_changed(self) -> None:
        """A separator only means something in a CSV list."""
        self.delimiter.setEnabled(self.layout_box.currentData() == "csv")

    def set_column(self, key: str, spec: str) -> None:
        """Type ``spec`` as the column of ``key`` (tests, the arbiter's typing)."""
        row = list(FIELDS).index(key)
        item = self.columns.item(row, 1)
        if item is not None:
            item.setText(spec)

    def current(self) -> ListFormat:
        """The format as filled in, checked; :class:`FormatError` says what is wrong."""
        columns = {}
        for row, key in enumerate(FIELDS):
            item = self.columns.item(row, 1)
            text = item.text().strip() if item is not None else ""
            if text:
                columns[key] = text
        fmt = ListFormat(
            name=self.name.text().strip(),
            layout=str(self.layout_box.currentData()),
            columns=columns,
            delimiter=str(self.delimiter.currentData()),
            skip=self.skip.value(),
            encoding=str(self.encoding.currentData()),
            source=self.list_name.text().strip(),
        ).check()
        if fmt.name in self.taken:
            raise FormatError(_("a format named {name} exists already").format(name=repr(fmt.name)))
        return fmt

    def _error(self, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    def preview_file(self, path: str = "") -> None:
        """Show the first players ``path`` (or a file the arbiter picks) gives."""
        if not path and self.choose_file is not None:
            path = self.choose_file()
        if not path:
            return
        try:
            lines = preview(path, self.current())
        except RatingListError as exc:
            self._error(str(exc))
            return
        self._error("")
        self.preview.setPlainText("\n".join(lines) or _("no player read"))

    def try_accept(self) -> None:
        try:
            self.result_format = self.current()
        except RatingListError as exc:
            self._error(str(exc))
            return
        self.accept()

    def delete_format(self) -> None:
        """Delete the format being edited (the caller deletes it once the dialog closes)."""
        self.delete_requested = True
        self.accept()
