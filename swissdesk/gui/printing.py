"""Printing: every document of :mod:`swissdesk.reports` printed, previewed or saved as a PDF.

File > Print… asks which document and which round (round documents: board list, pairing
cards, result slips), then the printer, copies and pages (``QPrintDialog``); File > Print
preview… shows the pages first (``swissdesk.gui.preview``: drawn by a worker as they are
ready; its Print… prints the PDF previewed). The PDF is rendered by the reports module in
a worker thread (1,500 pairing cards take a while) with its progress in the status bar and
a Cancel button: the window stays responsive. Its pages are then painted on the printer.

Pages are rasterised with Qt's PDF module when the installed PySide6 has it (``QtPdf``, in
PySide6-Addons), else with Poppler's ``pdftoppm`` when installed. Without either, a printer
set to "Print to file (PDF)" receives the PDF itself, and a system printer the PDF through
CUPS ``lp`` (Linux, macOS); otherwise the arbiter is told to print the exported PDF.

Board lists, pairing cards and result slips include the round in progress (missing results
left blank); standings and cross table use the complete rounds.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRect, QThread, Signal
from PySide6.QtGui import QImage, QPainter
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QComboBox, QProgressBar, QPushButton, QSpinBox, QWidget

from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.storage import TournamentFile

# Translators: a file dialog's filter: translate the words, keep "(*.pdf)".
PDF_FILTER = N_("PDF documents (*.pdf)")
ROUND_KINDS = ("boards", "alphabetical", "cards", "slips")
"""The documents of one round (the others rank after the complete rounds)."""
TEAM_PREFIX = "team-"
"""The window names a team document ``team-KIND`` (``team-standings``: the team standings;
``standings`` alone are the individual ones)."""
PRINT_DPI = 300


def document_kinds(team: bool) -> list[tuple[str, str]]:
    """``(kind, title)`` of every document the window prints for an individual or a team
    event."""
    if team:
        from swissdesk.reports.team import TEAM_KIND_TITLES, TEAM_KINDS

        return [(TEAM_PREFIX + k, _(TEAM_KIND_TITLES[k])) for k in TEAM_KINDS]
    from swissdesk.reports import KIND_TITLES, KINDS
    from swissdesk.reports.starting_list import ORDERS

    kinds: list[tuple[str, str]] = []
    for k in KINDS:
        if k == "starting-list":  # one entry per order: starting-list, starting-list:rating
            kinds += [
                (k if order == "number" else f"{k}:{order}", f"{_(KIND_TITLES[k])} {_(words)}")
                for order, words in ORDERS.items()
            ]
        else:
            kinds.append((k, _(KIND_TITLES[k])))
    kinds += [
        (HALL, _("Board list for the hall (all sections)")),
        (f"{HALL}:continuous", _("Board list for the hall (boards numbered on)")),
    ]
    return kinds


def document_title(kind: str) -> str:
    """The title of a document kind (individual or ``team-...``)."""
    return dict(document_kinds(kind.startswith(TEAM_PREFIX)))[kind]


def is_round_kind(kind: str) -> bool:
    """Whether the document is about one round (asks which round)."""
    if kind.startswith(TEAM_PREFIX):
        from swissdesk.reports.team import TEAM_ROUND_KINDS

        return kind.removeprefix(TEAM_PREFIX) in TEAM_ROUND_KINDS
    return kind in ROUND_KINDS


HALL = "hall-boards"
"""The board list for the hall: every section of the event, each at its latest round."""


def render_hall(tf: TournamentFile, path: Path, *, continuous: bool) -> Path:
    """The hall's board list of the event ``tf`` belongs to (:mod:`swissdesk.reports.hall`):
    its sections with a paired round, one after another."""
    from swissdesk.reports.hall import HallSection, render_hall_boards

    sections: list[HallSection] = []
    for info in tf.sections():
        if info.rounds_paired < 1 or info.is_team:
            continue
        section = tf.section(info.id)
        r = info.rounds_paired
        snapshot = section.snapshot(include_pending=True)
        sections.append(
            HallSection(info.name, snapshot, r, section.board_order(r), section.withdrawn())
        )
    return render_hall_boards(tf.event_name(), sections, path, continuous=continuous)


def render_document(
    tf: TournamentFile, kind: str, path: Path, round_number: int | None, venue_url: str = ""
) -> Path:
    """Read what the document needs from ``tf`` and write it as a PDF at ``path`` (the
    round in progress included in round documents; rankings after the complete rounds;
    the rating changes and the norm report with the inputs the file keeps, the same the
    standings column and the player card use). ``venue_url``: the venue's address, printed
    with its QR code on the board list and the pairings by name. The document is in the
    tournament's language (issue 38), whatever the window's."""
    from swissdesk.i18n import using_language

    with using_language(tf.document_language()):
        return _render_document(tf, kind, path, round_number, venue_url)


def _render_document(
    tf: TournamentFile, kind: str, path: Path, round_number: int | None, venue_url: str
) -> Path:
    if kind.startswith(TEAM_PREFIX):
        from swissdesk.reports.team import render_team_report

        rnd = round_number if is_round_kind(kind) else None
        return render_team_report(kind.removeprefix(TEAM_PREFIX), tf, path, round_number=rnd)
    from swissdesk.reports import render

    if kind.startswith(HALL):
        return render_hall(tf, path, continuous=kind.endswith(":continuous"))
    if kind.startswith("starting-list"):
        order = kind.partition(":")[2] or "number"
        return render("starting-list", tf.snapshot(), path, order=order)
    if kind in ("checkin", "codes"):  # the players' phones (issue 35)
        return render(
            kind,
            tf.snapshot(),
            path,
            codes=tf.player_codes() if kind == "codes" else None,
            checked_in=[p.tpn for p in tf.players() if p.checked_in],
            fees=tf.entry_fees() if kind == "checkin" else None,
            currency=tf.fee_currency(),
            venue_url=venue_url,
        )
    ranked = not is_round_kind(kind)
    snapshot = tf.snapshot() if ranked else tf.snapshot(include_pending=True)
    rnd = None if ranked else round_number
    boards = tf.board_order(rnd) if rnd else None
    withdrawn = tf.withdrawn()
    rating = kind in ("ratings", "norms")
    return render(
        kind,
        snapshot,
        path,
        round_number=rnd,
        board_order=boards,
        withdrawn=withdrawn,
        rating_inputs=tf.rating_inputs() if rating else None,
        norm_settings=tf.norm_settings() if rating else None,
        venue_url=venue_url if kind in ("boards", "alphabetical", "cards") else "",
        codes=tf.player_codes() if kind == "cards" else None,
    )


class PrintCancelled(Exception):
    """The arbiter pressed Cancel while the document was being prepared."""


# ---------------------------------------------------------------------------------------
# Rasterising a PDF's pages


def rasteriser() -> str | None:
    """How this installation turns PDF pages into images: ``"qtpdf"``, ``"pdftoppm"`` or
    ``None`` (neither is available)."""
    if importlib.util.find_spec("PySide6.QtPdf") is not None:
        return "qtpdf"
    return "pdftoppm" if shutil.which("pdftoppm") else None


def page_count(pdf: Path) -> int:
    """The number of pages of a PDF reportlab wrote (its page tree's ``/Count``)."""
    import re

    counts = [int(m) for m in re.findall(rb"/Count\s+(\d+)", pdf.read_bytes())]
    return max(counts) if counts else 0


def page_images(pdf: Path, pages: list[int], dpi: int = PRINT_DPI) -> Iterator[QImage]:
    """The given pages (1-based) of ``pdf`` as images, one at a time."""
    kind = rasteriser()
    if kind == "qtpdf":
        from PySide6.QtCore import QSize

        qtpdf: Any = importlib.import_module("PySide6.QtPdf")  # PySide6-Addons only
        doc = qtpdf.QPdfDocument()
        doc.load(str(pdf))
        for number in pages:
            size = doc.pagePointSize(number - 1)
            pixels = QSize(int(size.width() * dpi / 72), int(size.height() * dpi / 72))
            yield doc.render(number - 1, pixels)
        doc.close()
        return
    if kind == "pdftoppm":
        with tempfile.TemporaryDirectory(prefix="swissdesk-print-") as folder:
            for run in _runs(pages):
                stem = Path(folder) / f"r{run[0]}"
                subprocess.run(
                    [
                        *("pdftoppm", "-r", str(dpi), "-f", str(run[0]), "-l", str(run[-1])),
                        *("-png", str(pdf), str(stem)),
                    ],
                    check=True,
                    capture_output=True,
                )
                files = sorted(Path(folder).glob(f"{stem.name}-*.png"))
                for file in files:
                    yield QImage(str(file))
                    file.unlink()
        return
    raise RuntimeError(_("no PDF rasteriser available"))


def _runs(pages: list[int], longest: int = 16) -> Iterator[list[int]]:
    """Consecutive page numbers in groups (one ``pdftoppm`` call reads the PDF once)."""
    run: list[int] = []
    for page in pages:
        if run and (page != run[-1] + 1 or len(run) >= longest):
            yield run
            run = []
        run.append(page)
    if run:
        yield run


def paint_pages(
    printer: QPrinter,
    pdf: Path,
    progress: Callable[[int, int], None] = lambda _d, _t: None,
    cancelled: Callable[[], bool] = lambda: False,
) -> int:
    """Paint the pages of ``pdf`` on ``printer`` (its page range and copies); returns the
    number of pages printed."""
    total = page_count(pdf)
    first, last = printer.fromPage(), printer.toPage()
    if printer.printRange() != QPrinter.PrintRange.PageRange or first < 1:
        first, last = 1, total
    pages = list(range(first, min(last, total) + 1))
    copies = 1 if printer.supportsMultipleCopies() else max(1, printer.copyCount())
    total_pages = len(pages) * copies
    painter = QPainter()
    if not painter.begin(printer):
        raise RuntimeError(_("the printer could not be started"))
    try:
        dpi = min(PRINT_DPI, max(72, printer.resolution()))
        collated = (image for _ in range(copies) for image in page_images(pdf, pages, dpi))
        for i, image in enumerate(collated):
            if cancelled():
                printer.abort()
                raise PrintCancelled
            if i:
                printer.newPage()
            target = painter.viewport()
            scaled = image.size().scaled(target.size(), image_aspect())
            painter.setViewport(QRect(target.x(), target.y(), scaled.width(), scaled.height()))
            painter.setWindow(image.rect())
            _draw_in_bands(painter, image)
            painter.setViewport(target)
            progress(i + 1, total_pages)
    finally:
        painter.end()
    return total_pages


BAND_ROWS = 256
"""Rows of a page image drawn by one call: the printer's engine compresses each call's
pixels while holding Python's GIL, so a whole page (100-400 ms) would pause the window."""


def _draw_in_bands(painter: QPainter, image: QImage) -> None:
    """Draw ``image`` at the window's origin in horizontal bands of ``BAND_ROWS`` rows
    (adjacent bands meet exactly: the same logical coordinates, one transformation)."""
    from PySide6.QtCore import QRectF

    width, height = image.width(), image.height()
    for top in range(0, height, BAND_ROWS):
        rows = min(BAND_ROWS, height - top)
        band = QRectF(0, top, width, rows)
        painter.drawImage(band, image, band)


def image_aspect() -> Any:
    from PySide6.QtCore import Qt

    return Qt.AspectRatioMode.KeepAspectRatio


def deliver_without_rasteriser(printer: QPrinter, pdf: Path) -> str:
    """No rasteriser: the PDF itself to a "print to file" printer, else through CUPS."""
    if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat and printer.outputFileName():
        shutil.copyfile(pdf, printer.outputFileName())
        return _("Saved as {file}").format(file=printer.outputFileName())
    lp = shutil.which("lp")
    if lp is None:
        raise RuntimeError(
            _(
                "this installation cannot print PDF pages directly: use File > Export PDF "
                "and print the PDF from its viewer"
            )
        )
    command = [lp, "-n", str(max(1, printer.copyCount()))]
    if printer.printerName():
        command += ["-d", printer.printerName()]
    if printer.printRange() == QPrinter.PrintRange.PageRange and printer.fromPage() >= 1:
        command += ["-P", f"{printer.fromPage()}-{printer.toPage()}"]
    subprocess.run([*command, str(pdf)], check=True, capture_output=True)
    if printer.printerName():
        return _("Sent to {printer}").format(printer=printer.printerName())
    return _("Sent to the default printer")


# ---------------------------------------------------------------------------------------
# The job in its worker thread


@dataclass(frozen=True, slots=True)
class PrintRequest:
    """What to print: the document kind and the round (``None``: default round)."""

    kind: str
    round_number: int | None


class PrintJob(QObject):
    """Renders one document (and prints it, if given a printer) off the GUI thread."""

    progress = Signal(int, int)
    """(done, total) pages printed; (0, 0) while the PDF is rendered."""
    finished = Signal(str)
    """A message for the status bar."""
    failed = Signal(str)

    def __init__(self, render: Callable[[Path], Path], printer: QPrinter | None, pdf: Path):
        super().__init__()
        self.render = render
        self.printer = printer
        self.pdf = pdf
        self.cancel_requested = False

    def run(self) -> None:
        try:
            self.progress.emit(0, 0)
            self.render(self.pdf)
            if self.cancel_requested:
                raise PrintCancelled
            if self.printer is None:
                self.finished.emit("ready")
                return
            if rasteriser() is None:
                self.finished.emit(deliver_without_rasteriser(self.printer, self.pdf))
                return
            done = paint_pages(
                self.printer, self.pdf, self.progress.emit, lambda: self.cancel_requested
            )
            self.finished.emit(
                ngettext("Printed {count} page", "Printed {count} pages", done).format(count=done)
            )
        except PrintCancelled:
            self.failed.emit("")
        except Exception as exc:  # shown to the arbiter, never a traceback
            self.failed.emit(str(exc) or type(exc).__name__)


class PrintOptionsDialog(ValidatedDialog):
    """Which document, and for round documents which round."""

    def __init__(
        self,
        kind: str,
        rounds: int,
        current: int,
        parent: QWidget | None = None,
        *,
        team: bool = False,
    ):
        super().__init__(_("Print"), parent)
        self.kind = QComboBox()
        for k, title in document_kinds(team):
            self.kind.addItem(title, k)
        self.kind.setCurrentIndex(max(0, self.kind.findData(kind)))
        self.round = QSpinBox()
        self.round.setRange(1, max(1, rounds))
        self.round.setValue(max(1, min(current, rounds)))
        self.form.addRow(_("&Document:"), self.kind)
        self.form.addRow(_("&Round:"), self.round)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()
        self.ok_button.setText(_("&Continue…"))

    def _kind_changed(self) -> None:
        self.round.setEnabled(is_round_kind(self.chosen_kind()))

    def chosen_kind(self) -> str:
        return str(self.kind.currentData())

    def request(self) -> PrintRequest:
        kind = self.chosen_kind()
        return PrintRequest(kind, self.round.value() if is_round_kind(kind) else None)


# ---------------------------------------------------------------------------------------
# The controller


class PrintController(QObject):
    """File > Print…, Print preview… and Export PDF. (A QObject on the GUI thread: the
    worker's signals reach its slots queued, on this thread.)"""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.worker_thread: QThread | None = None
        self.job: PrintJob | None = None
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(180)
        self.progress.setVisible(False)
        self.cancel_button = QPushButton(_("Cancel printing"))
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel)
        window.statusBar().addPermanentWidget(self.progress)
        window.statusBar().addPermanentWidget(self.cancel_button)
        self.last_message = ""
        self._then: Callable[[], None] | None = None
        self._temp = Path(tempfile.mkdtemp(prefix="swissdesk-print-"))

    @property
    def busy(self) -> bool:
        return self.job is not None

    # -- choosing ---------------------------------------------------------------------

    def _ask_request(self, kind: str = "boards") -> PrintRequest | None:
        if self.w.file is None:
            return None
        if self.busy:
            self.w.prompter.info(_("Print"), _("A document is being printed: wait or cancel it."))
            return None
        team = self.w.teams.is_team
        if team:
            kind = TEAM_PREFIX + "pairings" if kind == "boards" else kind
            current = self.w.teams.round or self.w.rounds_paired
        else:
            current = self.w.round_view.round_number if self.w.round_view else 1
        dialog = PrintOptionsDialog(kind, max(1, self.w.rounds_paired), current, self.w, team=team)
        if not self.w.prompter.run_dialog(dialog):
            return None
        return dialog.request()

    def print_document(self) -> None:
        """File > Print…: document and round, then printer, copies and pages."""
        request = self._ask_request()
        if request is not None:
            self._print_after_setup(request)

    def _print_after_setup(
        self,
        request: PrintRequest,
        pdf: Path | None = None,
        render: Callable[[Path], Path] | None = None,
    ) -> None:
        """The printer dialog (printer, copies, pages), then the print job."""
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self._title(request))
        if self.w.prompter.print_setup(printer):
            self.start(request, printer, pdf=pdf, render=render)

    def print_preview(self) -> None:
        """File > Print preview…: the pages as they will print."""
        request = self._ask_request()
        if request is None:
            return
        if rasteriser() is None:
            self.w.prompter.info(
                _("Print preview"),
                _("This installation cannot show PDF pages: the PDF opens in its viewer."),
            )
            path = self.export_pdf_to(
                request.kind, self._temp / "preview.pdf", request.round_number
            )
            if path is not None:
                self.show_pdf(path)
            return
        pdf = self._temp / f"preview-{request.kind}.pdf"

        def ready() -> None:
            if self.w.prompter.print_preview(pdf, self._title(request)):
                self.print_previewed(request, pdf)

        self.start(request, None, pdf=pdf, then=ready)

    def print_previewed(self, request: PrintRequest, pdf: Path) -> None:
        """Print… in the preview: printer, copies and pages, then the PDF previewed (not
        rendered again: what was seen is what prints)."""
        self._print_after_setup(request, pdf, render=lambda path: path)

    def _title(self, request: PrintRequest) -> str:
        title = document_title(request.kind)
        if request.round_number:
            return _("{document}, round {number}").format(
                document=title, number=request.round_number
            )
        return title

    # -- the job ----------------------------------------------------------------------

    def _renderer(self, request: PrintRequest) -> Callable[[Path], Path]:
        """What the worker runs: read what the document needs from the file (its reads are
        serialised with the actions by the file's lock; with 1,500 players this takes about
        a second, which must not freeze the window) and render it."""
        assert self.w.file is not None
        tf = self.w.file

        venue_url = self.w.venue.address_for_lists()

        def render(path: Path) -> Path:
            return render_document(tf, request.kind, path, request.round_number, venue_url)

        return render

    def start(
        self,
        request: PrintRequest,
        printer: QPrinter | None,
        *,
        pdf: Path | None = None,
        then: Callable[[], None] | None = None,
        render: Callable[[Path], Path] | None = None,
    ) -> None:
        if render is None:
            render = self.w.guarded(_("Print"), lambda: self._renderer(request))
            if render is None:
                return
        job = PrintJob(render, printer, pdf or self._temp / f"print-{request.kind}.pdf")
        thread = QThread()
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.progress.connect(self._progress)
        job.finished.connect(self._done)
        job.failed.connect(self._failed)
        self._then = then
        self.job, self.worker_thread = job, thread
        self.printer = printer  # kept alive while the worker paints on it
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.w.statusBar().showMessage(
            _("Preparing {document}…").format(document=self._title(request))
        )
        # The job allocates a great deal; a full collection of the cyclic GC (which holds
        # the GIL) then scans every object of the window and the file. Those are long-lived:
        # move them out of its reach (still freed by reference counting).
        gc.collect(1)
        gc.freeze()
        thread.start()

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        if total:
            self.w.statusBar().showMessage(
                _("Printing page {page} of {total}…").format(page=done, total=total)
            )

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel_requested = True

    def _finish(self) -> None:
        if self.worker_thread is not None:
            self.worker_thread.quit()
            self.worker_thread.wait()
        self.job = self.worker_thread = None
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)

    def _done(self, message: str) -> None:
        then, self._then = self._then, None
        self._finish()
        self.w.statusBar().clearMessage()  # "Preparing …" is over (the preview may follow)
        self.last_message = message
        if then is not None:
            then()
        elif message:
            self.w.statusBar().showMessage(message, 8000)

    def _failed(self, message: str) -> None:
        self._then = None
        self._finish()
        self.w.statusBar().clearMessage()
        self.last_message = message or "cancelled"
        if message:
            self.w.prompter.error(_("Print"), message)
        else:
            self.w.statusBar().showMessage(_("Printing cancelled"), 8000)

    def wait(self, timeout_ms: int = 60_000) -> bool:
        """Let the running job finish (tests, quitting)."""
        import time

        from PySide6.QtCore import QCoreApplication

        deadline = time.monotonic() + timeout_ms / 1000
        while self.busy and time.monotonic() < deadline:
            QCoreApplication.processEvents()
            time.sleep(0.005)
        return not self.busy

    def shutdown(self) -> None:
        self.cancel()
        if self.worker_thread is not None:
            self.worker_thread.quit()
            self.worker_thread.wait(10_000)
        shutil.rmtree(self._temp, ignore_errors=True)

    # -- PDF --------------------------------------------------------------------------

    def export_pdf(self, kind: str) -> None:
        """File > Export PDF > (document): where to save it (the folder of the last export
        is offered again), then the PDF, shown in the system's PDF viewer."""
        if self.w.file is None:
            return
        round_number = self._current_round(kind)
        title = document_title(kind)
        suffix = (
            " " + _("round {number}").format(number=round_number)
            if round_number and is_round_kind(kind)
            else ""
        )
        stem = self.w.file.path.stem
        suggested = self.w.export_folder() / f"{stem} {title.lower()}{suffix}.pdf"
        name = self.w.prompter.save_file(_("Export PDF"), str(suggested), _(PDF_FILTER))
        if not name:
            return
        path = self.export_pdf_to(kind, Path(name), round_number)
        if path is not None:
            self.w.remember_export_folder(path)
            self.show_pdf(path)

    def _current_round(self, kind: str) -> int | None:
        if kind.startswith(TEAM_PREFIX):
            return self.w.teams.round or self.w.rounds_paired or None
        return self.w.round_view.round_number if self.w.round_view else None

    def show_pdf(self, path: Path) -> None:
        """Open a PDF just written in the system's viewer; where there is none, say where
        the file is (the status bar says it in any case)."""
        if not self.w.prompter.open_url(path):
            self.w.prompter.info(
                _("PDF written"),
                _("The PDF was written to\n{path}").format(path=path)
                + "\n\n"
                + _(
                    "No program to show PDF files could be started on this computer: open "
                    "the file from the folder {folder}."
                ).format(folder=path.parent),
            )

    def export_pdf_to(self, kind: str, path: Path, round_number: int | None) -> Path | None:
        """Render one document with the reports module (the round in progress included)."""
        if self.w.file is None:
            return None
        tf = self.w.file
        venue_url = self.w.venue.address_for_lists()

        def render() -> Path:
            from swissdesk.outputs import refuse_overwriting

            refuse_overwriting(path, [tf.path])
            return render_document(tf, kind, path, round_number, venue_url)

        written = self.w.guarded(
            _("Export {document}").format(document=document_title(kind)), render
        )
        if written is not None:
            self.w.statusBar().showMessage(_("Wrote {file}").format(file=written), 30_000)
        return written
