"""The rating list in the player dialogs: type "carl", pick "Carlsen, Magnus · NOR · 2830 · GM",
and the form is filled; plus the import of a list with a progress bar and Cancel.

Lookups run on the GUI thread: they are index range scans of a few milliseconds (issue 20's
benchmark), debounced while the arbiter types. The import of a million-player list runs in a
:class:`QThread` and can be cancelled; the previous list stays usable until it finishes.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressDialog,
    QVBoxLayout,
    QWidget,
)

from swissdesk.i18n import _
from swissdesk.model.ratings import RATING_TYPES, PlayerRatings
from swissdesk.ratinglist import ListedPlayer, RatingList, RatingListError, default_rating_list
from swissdesk.ratinglist.formats import ListFormat, import_custom
from swissdesk.ratinglist.store import ImportSummary, SourceInfo
from swissdesk.ratinglist.update import listed_ratings

VISIBLE_MATCHES = 8
DEBOUNCE_MS = 60


class RatingListLookup(QWidget):
    """A search field with live suggestions from the rating list; emits :attr:`chosen`.

    Keyboard: type, Down/Up move through the suggestions, Enter takes the highlighted one
    (Enter with no suggestion open is left to the dialog).
    """

    chosen = Signal(object)
    """The :class:`ListedPlayer` the arbiter picked."""

    def __init__(
        self, rating_list: RatingList | None, kind: str = "standard", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.rating_list = rating_list
        self.kind = kind
        self.last_source = "FIDE"
        self.query = QLineEdit()
        self.query.setPlaceholderText(_("Search the rating list: name or FIDE ID"))
        self.query.setClearButtonEnabled(True)
        self.results = QListWidget()
        self.results.setVisible(False)
        self.results.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.status = QLabel()
        self.status.setStyleSheet("color: palette(mid);")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.query)
        layout.addWidget(self.results)
        layout.addWidget(self.status)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.search)
        self.query.textEdited.connect(lambda _text: self._timer.start())
        self.query.installEventFilter(self)
        self.results.itemActivated.connect(self._take)
        self.results.itemClicked.connect(self._take)
        if rating_list is None or not rating_list.path.exists():
            self.query.setEnabled(False)
            self.status.setText(_("No rating list imported (Tools → Import rating list…)."))

    def search(self) -> None:
        """Look the typed text up and show the best matches."""
        self._timer.stop()
        self.results.clear()
        text = self.query.text().strip()
        if not text or self.rating_list is None:
            self.results.setVisible(False)
            self.status.clear()
            return
        try:
            matches = self.rating_list.find(text, limit=VISIBLE_MATCHES * 3, kind=self.kind)
        except RatingListError as exc:
            self.results.setVisible(False)
            self.status.setText(str(exc))
            return
        for m in matches:
            label = m.label(self.kind)
            if m.source != "FIDE":
                label += f" · {m.source}"
            if m.player.inactive:  # listed after the active players: say why
                label += " · " + _("inactive")
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, m.player)
            item.setData(Qt.ItemDataRole.UserRole + 1, m.source)
            if m.player.inactive:
                item.setForeground(QBrush(QColor(120, 120, 120)))
                item.setToolTip(
                    _(
                        "Inactive in FIDE's list (flag i: no rated game for a year); inactive "
                        "players are listed after the active ones."
                    )
                )
            self.results.addItem(item)
        self.results.setVisible(bool(matches))
        if matches:
            self.results.setCurrentRow(0)
            rows = min(len(matches), VISIBLE_MATCHES)
            self.results.setFixedHeight(self.results.sizeHintForRow(0) * rows + 6)
        self.status.setText("" if matches else _("Not in the rating list: type the player's data."))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.query and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.key()
            if self._timer.isActive() and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.search()
            if self.results.isVisible() and self.results.count():
                row = self.results.currentRow()
                if key == Qt.Key.Key_Down:
                    self.results.setCurrentRow(min(row + 1, self.results.count() - 1))
                    return True
                if key == Qt.Key.Key_Up:
                    self.results.setCurrentRow(max(row - 1, 0))
                    return True
                if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                    item = self.results.currentItem()
                    if item is not None:
                        self._take(item)
                        return True
                if key == Qt.Key.Key_Escape:
                    self.results.setVisible(False)
                    return True
        return super().eventFilter(watched, event)

    def list_label(self) -> str:
        """The list the last chosen player came from, as a K factor's source reads it
        (``FIDE rating list 2026-11``)."""
        dates: dict[str, str] = {}
        if self.rating_list is not None:
            try:
                dates = {s.name: s.list_date for s in self.rating_list.sources()}
            except RatingListError:
                dates = {}
        return f"{self.last_source} rating list {dates.get(self.last_source, '')}".strip()

    def listed_ratings(self, player: ListedPlayer) -> PlayerRatings:
        """Every FIDE rating ``player`` has on the list it was chosen from, with the list
        and its month (checklist Q134)."""
        sources: dict[str, SourceInfo] = {}
        if self.rating_list is not None:
            try:
                sources = {s.name: s for s in self.rating_list.sources()}
            except RatingListError:
                sources = {}
        info = sources.get(self.last_source)
        return listed_ratings(
            player,
            self.last_source,
            info.list_date if info is not None else "",
            info.kinds if info is not None and info.kinds else RATING_TYPES,
        )

    def other_lists(self, player: ListedPlayer) -> list[tuple[str, int]]:
        """The player's ratings on the other imported lists (a national list beside FIDE's,
        found by FIDE ID): ``("ESP standard", 1950)``, for the form to show and take as the
        manual rating (checklist Q128-129)."""
        if self.rating_list is None or not player.fide_id:
            return []
        try:
            matches = self.rating_list.find(str(player.fide_id), limit=10)
        except RatingListError:
            return []
        return [
            (f"{m.source} {kind}", value)
            for m in sorted(matches, key=lambda m: m.source)
            if m.source != self.last_source
            for kind in RATING_TYPES
            if (value := m.player.rating(kind))
        ]

    def _take(self, item: QListWidgetItem) -> None:
        player = item.data(Qt.ItemDataRole.UserRole)
        self.last_source = str(item.data(Qt.ItemDataRole.UserRole + 1) or "FIDE")
        self.results.setVisible(False)
        self.status.setText(_("Filled from the rating list: {player}").format(player=item.text()))
        self.chosen.emit(player)


def installed_rating_list() -> RatingList | None:
    """The user's rating list, or None when none has been imported yet."""
    rating_list = default_rating_list()
    return rating_list if rating_list.path.exists() else None


def form_values(player: ListedPlayer, kind: str) -> dict[str, str]:
    """The player form's fields for a listed player (rating of the tournament's type; in
    rapid and blitz the standard one for a player without one, R&B art. 7.2.1)."""
    sex = {"M": "m", "F": "w"}.get(player.sex.upper(), "")
    rating = player.effective_rating(kind)
    return {
        "name": player.name,
        "title": player.title or player.women_title,
        "rating": str(rating) if rating else "",
        "federation": player.federation,
        "fide_id": str(player.fide_id),
        "sex": sex,
        "birth": str(player.birth_year) if player.birth_year else "",
        "k": str(player.k(kind)) if player.k(kind) is not None else "",
    }


class ImportThread(QThread):
    """Imports one list file; reports progress in per mille and the outcome."""

    progress = Signal(int)
    outcome = Signal(object, str)
    """``(ImportSummary or None, error message)``."""

    def __init__(
        self,
        rating_list: RatingList,
        path: str,
        parent: QObject | None = None,
        fmt: ListFormat | None = None,
    ):
        super().__init__(parent)
        self.rating_list = rating_list
        self.path = path
        self.fmt = fmt
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    def run(self) -> None:
        def report(done: int, total: int) -> None:
            self.progress.emit(1000 * done // total if total else 0)

        try:
            if self.fmt is not None:
                summary = import_custom(
                    self.rating_list,
                    self.path,
                    self.fmt,
                    progress=report,
                    should_cancel=self._cancel.is_set,
                )
            else:
                summary = self.rating_list.import_file(
                    self.path, progress=report, should_cancel=self._cancel.is_set
                )
        except RatingListError as exc:
            self.outcome.emit(None, str(exc))
        except Exception as exc:  # a bug: shown, never a silent thread death
            self.outcome.emit(None, _("the import failed: {problem}").format(problem=repr(exc)))
        else:
            self.outcome.emit(summary, "")


class RatingListImportDialog(QProgressDialog):
    """Progress and Cancel for an import; :attr:`summary` or :attr:`error` when done."""

    def __init__(
        self,
        rating_list: RatingList,
        path: str,
        parent: QWidget | None = None,
        fmt: ListFormat | None = None,
    ):
        super().__init__(_("Importing {file}…").format(file=path), _("Cancel"), 0, 1000, parent)
        self.setWindowTitle(_("Import rating list"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumDuration(0)
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.summary: ImportSummary | None = None
        self.error = ""
        self.thread_ = ImportThread(rating_list, path, self, fmt)
        self.thread_.progress.connect(self.setValue)
        self.thread_.outcome.connect(self._finished)
        self.canceled.connect(self.thread_.cancel)
        self.thread_.start()

    def _finished(self, summary: ImportSummary | None, error: str) -> None:
        self.summary, self.error = summary, error
        self.thread_.wait()
        self.done(0 if summary is None else 1)

    def stop(self) -> None:
        """Cancel and wait for the import thread (closing, tests)."""
        self.thread_.cancel()
        self.thread_.wait()


class RatingUpdateDialog(QDialog):
    """The rating list's changes, one checkable line per player (all ticked): the arbiter
    accepts some and not others (FIDE's checklist, Q142-144); a warning above them when the
    list is not the one in force at the start (Q137, Q141)."""

    def __init__(
        self,
        message: str,
        updates: Sequence[tuple[int, str]],
        warning: str = "",
        parent: QWidget | None = None,
        check_after_lists: bool | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Update ratings"))
        layout = QVBoxLayout(self)
        if warning:
            self.warning = QLabel(f"⚠ {warning}")
            self.warning.setWordWrap(True)
            self.warning.setStyleSheet("color: #8a4b00; font-weight: bold;")
            layout.addWidget(self.warning)
        label = QLabel(message)
        label.setWordWrap(True)
        layout.addWidget(label)
        self.changes = QListWidget()
        for tpn, text in updates:
            item = QListWidgetItem(text)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            item.setData(Qt.ItemDataRole.UserRole, tpn)
            self.changes.addItem(item)
        layout.addWidget(self.changes)
        self.check_after_lists = QCheckBox(
            _("&Check the players like this after each new or downloaded list (before round 1)")
        )
        self.check_after_lists.setToolTip(
            _(
                "The automatic consistency check after a list update (FIDE's checklist "
                "Q138-139); Players > Update ratings from the rating list… checks on request "
                "either way"
            )
        )
        self.check_after_lists.setChecked(bool(check_after_lists))
        self.check_after_lists.setVisible(check_after_lists is not None)
        layout.addWidget(self.check_after_lists)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = buttons.addButton(
            _("&Update ticked players"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        every = buttons.addButton(_("Tick &all"), QDialogButtonBox.ButtonRole.ActionRole)
        none = buttons.addButton(_("Tick &none"), QDialogButtonBox.ButtonRole.ActionRole)
        every.clicked.connect(lambda: self.tick_all(True))
        none.clicked.connect(lambda: self.tick_all(False))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.changes.itemChanged.connect(self._update_button)
        layout.addWidget(buttons)
        self.resize(720, 420)

    def tick_all(self, checked: bool) -> None:
        state = Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        for i in range(self.changes.count()):
            self.changes.item(i).setCheckState(state)

    def _update_button(self) -> None:
        self.apply_button.setEnabled(bool(self.chosen()))

    def chosen(self) -> tuple[int, ...]:
        """The pairing numbers of the ticked players."""
        out = []
        for i in range(self.changes.count()):
            item = self.changes.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(int(item.data(Qt.ItemDataRole.UserRole)))
        return tuple(out)
