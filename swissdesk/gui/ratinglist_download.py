"""Downloading the rating lists from the window (FIDE's checklist C.02 Q135-136): the lists
this computer keeps with their addresses (FIDE's by default), one button to download them
all with progress and Cancel, and the choice to keep them at most a day old.

Downloads run in a :class:`QThread` (:class:`DownloadThread`); the window keeps working and
the lists on this computer stay usable until each new one is imported whole
(:mod:`swissdesk.ratinglist.download`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressDialog,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from swissdesk.i18n import _, ngettext
from swissdesk.ratinglist import DEFAULT_SOURCE, RatingList, RatingListError
from swissdesk.ratinglist.download import (
    FIDE_DOWNLOAD_PAGE,
    FIDE_LIST_URL,
    DownloadCancelled,
    Refreshed,
    age_hours,
    check_url,
    refresh,
)
from swissdesk.ratinglist.store import ListDownload

KEEP_FRESH_KEY = "rating_lists/keep_fresh"
"""QSettings key: download the kept lists when swissdesk starts and once a day while it
runs (default on; only lists downloaded once before, so nothing is fetched unasked)."""


def _when(download: ListDownload) -> str:
    age = age_hours(download)
    if age is None:
        return _("never")
    if age < 1:
        ago = _("less than an hour ago")
    elif age < 48:
        ago = _("{hours} h ago").format(hours=f"{age:.0f}")
    else:
        days = round(age / 24)
        ago = ngettext("{count} day ago", "{count} days ago", days).format(count=days)
    return f"{download.checked} UTC ({ago})"


class DownloadListsDialog(QDialog):
    """The lists to download: name, address, last download; add, remove, Download all."""

    def __init__(
        self,
        downloads: Sequence[ListDownload],
        *,
        keep_fresh: bool,
        formats: Sequence[str] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Download rating lists"))
        self._kept = {d.name: d for d in downloads}
        self.formats = list(formats)
        layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "swissdesk downloads these lists and imports each in place of the one on this "
                "computer; a download cut short or a damaged file changes nothing. Do it at "
                "home: the venue needs no network. FIDE's lists: {link}."
            ).format(link=f'<a href="{FIDE_DOWNLOAD_PAGE}">{FIDE_DOWNLOAD_PAGE}</a>')
        )
        intro.setWordWrap(True)
        intro.setOpenExternalLinks(True)
        layout.addWidget(intro)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(
            [_("List"), _("Address (URL)"), _("Format"), _("Last downloaded")]
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        for download in downloads:
            self._add_row(
                download.name, download.url, _when(download), new=False, fmt=download.format
            )
        layout.addWidget(self.table)
        row = QHBoxLayout()
        add = QPushButton(_("&Add a list"))
        add.setToolTip(_("A national list with its address: name it (e.g. ESP) and give the URL"))
        add.clicked.connect(self.add_list)
        self.remove_button = QPushButton(_("&Remove list"))
        self.remove_button.setToolTip(_("Stop downloading the list (its players stay)"))
        self.remove_button.clicked.connect(self.remove_list)
        fide = QPushButton(_("&FIDE's address"))
        fide.setToolTip(
            _("Give the FIDE list its default address, {url}").format(url=FIDE_LIST_URL)
        )
        fide.clicked.connect(self.reset_fide)
        for button in (add, self.remove_button, fide):
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.keep_fresh = QCheckBox(
            _(
                "&Keep these lists at most a day old: download them when swissdesk starts and "
                "once a day while it runs (when this computer is online)"
            )
        )
        self.keep_fresh.setChecked(keep_fresh)
        layout.addWidget(self.keep_fresh)
        self.error_label = QLabel()
        self.error_label.setStyleSheet("color: #b00020;")
        self.error_label.setWordWrap(True)
        self.error_label.setVisible(False)
        layout.addWidget(self.error_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.download_button = buttons.addButton(
            _("&Download all"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.removed: list[str] = []
        self.result_downloads: list[ListDownload] = []
        self.resize(900, 360)

    def _add_row(self, name: str, url: str, when: str, *, new: bool, fmt: str = "") -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        name_item = QTableWidgetItem(name)
        if not new:
            name_item.setFlags(name_item.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self.table.setItem(row, 0, name_item)
        self.table.setItem(row, 1, QTableWidgetItem(url))
        formats = QComboBox()
        formats.addItem(_("FIDE's layout"), "")
        for name_ in self.formats:
            formats.addItem(name_, name_)
        if fmt and fmt not in self.formats:
            formats.addItem(_("{format} (deleted)").format(format=fmt), fmt)
        formats.setCurrentIndex(max(0, formats.findData(fmt)))
        formats.setToolTip(_("How the file is read: FIDE's XML/TXT, or a custom list format"))
        self.table.setCellWidget(row, 2, formats)
        when_item = QTableWidgetItem(when)
        when_item.setFlags(when_item.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self.table.setItem(row, 3, when_item)

    def add_list(self) -> None:
        """A new row, its name cell ready to type."""
        self._add_row("", "", _("never"), new=True)
        row = self.table.rowCount() - 1
        self.table.setCurrentCell(row, 0)
        item = self.table.item(row, 0)
        if item is not None:
            self.table.editItem(item)

    def remove_list(self) -> None:
        """Remove the selected list (the FIDE list stays: give it another address)."""
        row = self.table.currentRow()
        if row < 0:
            return
        name = self._text(row, 0)
        if name == DEFAULT_SOURCE:
            self._error(_("The FIDE list is always downloaded; give it another address instead."))
            return
        if name in self._kept:
            self.removed.append(name)
        self.table.removeRow(row)

    def reset_fide(self) -> None:
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 1)
            if self._text(row, 0) == DEFAULT_SOURCE and item is not None:
                item.setText(FIDE_LIST_URL)

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def _error(self, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.setVisible(True)

    def downloads(self) -> list[ListDownload]:
        """The lists as edited (a list whose address changed is due again); raises
        :class:`RatingListError` for a missing name, a name given twice or a bad address."""
        out: list[ListDownload] = []
        for row in range(self.table.rowCount()):
            name, url = self._text(row, 0), self._text(row, 1)
            if not name:
                raise RatingListError(
                    _("Row {number}: give the list a name (e.g. ESP).").format(number=row + 1)
                )
            if any(d.name == name for d in out):
                raise RatingListError(_("{name}: two lists have this name.").format(name=name))
            try:
                url = check_url(url)
            except RatingListError as exc:
                raise RatingListError(f"{name}: {exc}") from None
            box = self.table.cellWidget(row, 2)
            fmt = str(box.currentData()) if isinstance(box, QComboBox) else ""
            if fmt and fmt not in self.formats:
                raise RatingListError(
                    _("{name}: the format {format} was deleted; choose another").format(
                        name=name, format=repr(fmt)
                    )
                )
            old = self._kept.get(name)
            if old is None:
                out.append(ListDownload(name, url, format=fmt))
            elif old.url != url or old.format != fmt:
                out.append(replace(old, url=url, format=fmt, checked="", sha256="", bytes=0))
            else:
                out.append(old)
        return out

    def try_accept(self) -> None:
        try:
            self.result_downloads = self.downloads()
        except RatingListError as exc:
            self._error(str(exc))
            return
        self.accept()


class DownloadThread(QThread):
    """Downloads and imports the lists one after the other; reports a line of progress and
    per mille, then the outcome: a line per list downloaded and a line per failure."""

    progress = Signal(str, int)
    outcome = Signal(object, object)
    """``(list of Refreshed, list of error lines)``."""

    def __init__(
        self,
        rating_list: RatingList,
        downloads: Sequence[ListDownload],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.rating_list = rating_list
        self.downloads = list(downloads)
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    def run(self) -> None:
        done: list[Refreshed] = []
        errors: list[str] = []
        for n, download in enumerate(self.downloads):
            if self._cancel.is_set():
                errors.append(
                    _("{name}: cancelled; its list is unchanged").format(name=download.name)
                )
                continue
            prefix = _("{name} ({number} of {total})").format(
                name=download.name, number=n + 1, total=len(self.downloads)
            )

            def report(phase: str, amount: int, total: int, prefix: str = prefix) -> None:
                verb = (
                    _("Downloading {list}") if phase == "download" else _("Importing {list}")
                ).format(list=prefix)
                if total:
                    self.progress.emit(f"{verb}…", 1000 * amount // total)
                else:
                    self.progress.emit(f"{verb}: {amount / 1e6:.1f} MB…", 0)

            try:
                done.append(
                    refresh(
                        self.rating_list,
                        download,
                        progress=report,
                        should_cancel=self._cancel.is_set,
                    )
                )
            except DownloadCancelled:
                errors.append(
                    _("{name}: cancelled; its list is unchanged").format(name=download.name)
                )
            except RatingListError as exc:
                errors.append(f"{download.name}: {exc}")
            except Exception as exc:  # a bug: shown, never a silent thread death
                errors.append(
                    _("{name}: the download failed: {problem}").format(
                        name=download.name, problem=repr(exc)
                    )
                )
        self.outcome.emit(done, errors)


class DownloadProgressDialog(QProgressDialog):
    """Progress and Cancel while the lists download; :attr:`done` and :attr:`errors`."""

    def __init__(
        self,
        rating_list: RatingList,
        downloads: Sequence[ListDownload],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Connecting…"), _("Cancel"), 0, 1000, parent)
        self.setWindowTitle(_("Download rating lists"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumDuration(0)
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.done_lists: list[Refreshed] = []
        self.errors: list[str] = []
        self.finished_ = False
        self.thread_ = DownloadThread(rating_list, downloads, self)
        self.thread_.progress.connect(self._progress)
        self.thread_.outcome.connect(self._finished)
        self.canceled.connect(self.thread_.cancel)
        self.thread_.start()

    def _progress(self, text: str, permille: int) -> None:
        self.setLabelText(text)
        self.setValue(permille)

    def _finished(self, done: list[Refreshed], errors: list[str]) -> None:
        self.done_lists, self.errors, self.finished_ = done, errors, True
        self.thread_.wait()
        self.done(1 if done and not errors else 0)

    def stop(self) -> None:
        """Cancel and wait for the download thread (closing, tests)."""
        self.thread_.cancel()
        self.thread_.wait()
