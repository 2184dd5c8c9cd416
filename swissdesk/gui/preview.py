"""File > Print preview…: the pages of a rendered document, drawn off the GUI thread.

Qt's own preview dialog paints every page on the window's thread when it opens; with a
document of a few hundred pages (1,500 pairing cards) the window would freeze for a
minute. Here a worker rasterises the pages at screen resolution (``printing.page_images``)
and hands each image over as it is ready: the first pages show at once, the rest follow,
and the dialog answers keys and clicks meanwhile. A page is kept as PNG (about 90 KB for a
page of pairing cards) and decoded only while it is in view: a few hundred full-size images
would take a gigabyte. Closing it stops the worker. Print…
closes it with "accepted": the caller then sends the very PDF previewed to the printer
(the normal print job, also off the thread).
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QBuffer,
    QByteArray,
    QIODevice,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    QThread,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QImage, QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from swissdesk.gui.dialog_base import fit_to_screen
from swissdesk.gui.printing import page_count, page_images
from swissdesk.i18n import _, ngettext

PREVIEW_DPI = 96
"""Resolution of the page images: a page is about 800 pixels high, crisp at 100 % zoom."""
ZOOM_STEPS = (25, 35, 50, 70, 100)
"""Zoom levels in percent of the page images' size."""


class PageRenderer(QObject):
    """Rasterises the pages of a PDF in its worker thread, one signal per page."""

    page = Signal(int, QByteArray, QSize)
    """(page number from 1, the page as PNG, its size in pixels)."""
    finished = Signal()
    failed = Signal(str)

    def __init__(self, pdf: Path, total: int, dpi: int = PREVIEW_DPI) -> None:
        super().__init__()
        self.pdf = pdf
        self.total = total
        self.dpi = dpi
        self.cancel_requested = False

    def run(self) -> None:
        try:
            pages = list(range(1, self.total + 1))
            for number, image in enumerate(page_images(self.pdf, pages, self.dpi), start=1):
                if self.cancel_requested:
                    break
                buffer = QBuffer()
                buffer.open(QIODevice.OpenModeFlag.WriteOnly)
                # The binding takes the format as str (its stubs say bytes, which it refuses).
                if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
                    raise RuntimeError(
                        _("page {number} could not be kept as an image").format(number=number)
                    )
                self.page.emit(number, buffer.data(), image.size())
            self.finished.emit()
        except Exception as exc:  # shown in the dialog, never a traceback
            self.failed.emit(str(exc) or type(exc).__name__)


class PageModel(QAbstractListModel):
    """The pages received so far, one row each: kept as PNG, decoded at the display size
    when the view asks for them (a few dozen decoded pages are cached)."""

    CACHED_PAGES = 24

    def __init__(self, total: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.total = total
        self.pngs: list[QByteArray] = []
        self.display_size = QSize(794, 1123)
        self._cache: OrderedDict[int, QPixmap] = OrderedDict()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.pngs)

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.pngs):
            return None
        row = index.row()
        if role == Qt.ItemDataRole.DecorationRole:
            return self.pixmap(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            return _("Page {page} of {total}").format(page=row + 1, total=self.total)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return _("Page {page}").format(page=row + 1)
        if role == Qt.ItemDataRole.SizeHintRole:
            return self.display_size + QSize(8, 8)
        return None

    def append(self, png: QByteArray) -> None:
        row = len(self.pngs)
        self.beginInsertRows(QModelIndex(), row, row)
        self.pngs.append(png)
        self.endInsertRows()

    def set_display_size(self, size: QSize) -> None:
        """Show every page at ``size`` (the zoom changed)."""
        self.display_size = QSize(size)
        self._cache.clear()
        if self.pngs:
            roles = [Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.SizeHintRole]
            self.dataChanged.emit(self.index(0), self.index(len(self.pngs) - 1), roles)

    def pixmap(self, row: int) -> QPixmap:
        cache = self._cache
        got = cache.get(row)
        if got is not None:
            cache.move_to_end(row)
            return got
        image = QImage.fromData(self.pngs[row])
        got = QPixmap.fromImage(
            image.scaled(
                self.display_size,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        )
        cache[row] = got
        if len(cache) > self.CACHED_PAGES:
            cache.popitem(last=False)
        return got


class PreviewDialog(QDialog):
    """The pages of ``pdf`` side by side as they are rasterised, with zoom; Print…
    accepts the dialog, Close rejects it."""

    def __init__(self, pdf: Path, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Print preview — {document}").format(document=title))
        self.pdf = pdf
        self.total = page_count(pdf)
        self.failure = ""
        """Why the pages could not be drawn (shown instead of the page count)."""
        self.zoom_index = ZOOM_STEPS.index(50)
        self.page_size = QSize(0, 0)

        self.model = PageModel(self.total, self)
        self.pages = QListView()
        self.pages.setModel(self.model)
        self.pages.setViewMode(QListView.ViewMode.IconMode)
        self.pages.setMovement(QListView.Movement.Static)
        self.pages.setResizeMode(QListView.ResizeMode.Adjust)
        self.pages.setUniformItemSizes(True)
        self.pages.setSpacing(12)
        self.pages.setSelectionMode(QListView.SelectionMode.NoSelection)
        self.pages.setAccessibleName(_("Pages"))
        # White pages on the list's usual white would show no edges.
        self.pages.setStyleSheet("QListView { background: palette(dark); }")
        self.status = QLabel()
        self.zoom_out_button = QPushButton(_("Zoom &out"))
        self.zoom_in_button = QPushButton(_("Zoom &in"))
        self.print_button = QPushButton(_("&Print…"))
        self.close_button = QPushButton(_("&Close"))
        self.zoom_out_button.clicked.connect(self.zoom_out)
        self.zoom_in_button.clicked.connect(self.zoom_in)
        self.print_button.clicked.connect(self.accept)
        self.close_button.clicked.connect(self.reject)
        QShortcut(QKeySequence(QKeySequence.StandardKey.ZoomIn), self, self.zoom_in)
        QShortcut(QKeySequence(QKeySequence.StandardKey.ZoomOut), self, self.zoom_out)

        bar = QHBoxLayout()
        bar.addWidget(self.status, 1)
        for button in (self.zoom_out_button, self.zoom_in_button):
            bar.addWidget(button)
        bar.addSpacing(24)
        bar.addWidget(self.print_button)
        bar.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addLayout(bar)
        self.resize(1000, 760)
        fit_to_screen(self)  # a 1366x768 laptop has less height than that
        self.close_button.setFocus()

        self.renderer = PageRenderer(pdf, self.total)
        self.thread_ = QThread()
        self.renderer.moveToThread(self.thread_)
        self.thread_.started.connect(self.renderer.run)
        self.renderer.page.connect(self._add_page)
        self.renderer.finished.connect(self._rendered)
        self.renderer.failed.connect(self._render_failed)
        self._update_status()
        self._update_zoom_buttons()
        self.thread_.start()

    # -- pages --------------------------------------------------------------------------

    def _add_page(self, number: int, png: QByteArray, size: QSize) -> None:
        if self.page_size.isEmpty():
            self.page_size = QSize(size)
            self._apply_zoom()
        self.model.append(png)
        self._update_status()

    def _rendered(self) -> None:
        self._stop()
        self._update_status()

    def _render_failed(self, message: str) -> None:
        self._stop()
        self.failure = message
        self._update_status()

    def _update_status(self) -> None:
        if self.failure:
            self.status.setText(
                _("The pages could not be shown: {reason}").format(reason=self.failure)
            )
            return
        pages = ngettext("{count} page", "{count} pages", self.total).format(count=self.total)
        shown = self.model.rowCount()
        if shown < self.total and self.rendering:
            pages = _("{pages}; showing {shown} so far…").format(pages=pages, shown=shown)
        zoom = _("Zoom {percent} %").format(percent=self.zoom)
        self.status.setText(f"{pages}   {zoom}")

    # -- zoom ---------------------------------------------------------------------------

    @property
    def zoom(self) -> int:
        """The zoom in percent of the page images' size."""
        return ZOOM_STEPS[self.zoom_index]

    def _icon_size(self) -> QSize:
        size = self.page_size if not self.page_size.isEmpty() else QSize(794, 1123)
        return QSize(size.width() * self.zoom // 100, size.height() * self.zoom // 100)

    def _apply_zoom(self) -> None:
        size = self._icon_size()
        self.pages.setIconSize(size)
        self.model.set_display_size(size)
        self._update_zoom_buttons()
        self._update_status()

    def _update_zoom_buttons(self) -> None:
        self.zoom_out_button.setEnabled(self.zoom_index > 0)
        self.zoom_in_button.setEnabled(self.zoom_index < len(ZOOM_STEPS) - 1)

    def zoom_in(self) -> None:
        if self.zoom_index < len(ZOOM_STEPS) - 1:
            self.zoom_index += 1
            self._apply_zoom()

    def zoom_out(self) -> None:
        if self.zoom_index > 0:
            self.zoom_index -= 1
            self._apply_zoom()

    # -- closing ------------------------------------------------------------------------

    @property
    def rendering(self) -> bool:
        return self.thread_.isRunning()

    def _stop(self) -> None:
        """Stop the worker (it ends after the page it is on) and wait for it."""
        self.renderer.cancel_requested = True
        self.thread_.quit()
        self.thread_.wait()

    def done(self, result: int) -> None:
        self._stop()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop()
        super().closeEvent(event)
