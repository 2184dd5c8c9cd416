"""Issue 18 item 8: File > Print… (document, round, then printer, copies and pages), Print
preview…, the job in a worker thread with progress while the window stays responsive.
Printing goes to a PDF file through ``QPrinter`` (never a real dialog or printer)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtPrintSupport import QPrinter
from slow_work import PAGE_SECONDS, TICKS_PER_SECOND, Ticks, slow_pages

from swissdesk.gui import printing
from swissdesk.gui.mainwindow import MainWindow

needs_raster = pytest.mark.skipif(
    printing.rasteriser() is None, reason="neither QtPdf nor pdftoppm is installed"
)


def choose(kind: str, round_number: int | None = None) -> Any:
    def handler(dialog: printing.PrintOptionsDialog) -> bool:
        dialog.kind.setCurrentIndex(dialog.kind.findData(kind))
        assert dialog.round.isEnabled() == (kind in printing.ROUND_KINDS)
        if round_number is not None:
            dialog.round.setValue(round_number)
        return True

    return handler


def to_pdf(path: Path, pages: tuple[int, int] | None = None, copies: int = 1) -> Any:
    def handler(printer: QPrinter) -> bool:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(path))
        printer.setResolution(72)
        printer.setCopyCount(copies)
        if pages is not None:
            printer.setPrintRange(QPrinter.PrintRange.PageRange)
            printer.setFromTo(*pages)
        return True

    return handler


@needs_raster
def test_print_a_chosen_round_to_a_pdf_printer(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(sample_copy)
    prompter: Any = window.prompter
    reference = window.printing.export_pdf_to("boards", tmp_path / "ref.pdf", 3)
    assert reference is not None
    out = tmp_path / "printed.pdf"
    prompter.dialogs.append(choose("boards", 3))
    prompter.printers.append(to_pdf(out))
    window.menu_actions["print"].trigger()
    assert window.printing.busy, "the job runs in its worker: the click returns at once"
    assert window.printing.progress.isVisible()
    assert window.printing.wait()
    assert prompter.errors == []
    assert window.printing.last_message.startswith("Printed ")
    assert len(PdfReader(out).pages) == len(PdfReader(reference).pages)
    assert not window.printing.progress.isVisible()


@needs_raster
def test_print_pages_and_copies(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(sample_copy)
    prompter: Any = window.prompter
    reference = window.printing.export_pdf_to("cards", tmp_path / "ref.pdf", 6)
    assert reference is not None and len(PdfReader(reference).pages) >= 2
    out = tmp_path / "cards.pdf"
    prompter.dialogs.append(choose("cards", 6))
    prompter.printers.append(to_pdf(out, pages=(2, 2), copies=2))
    window.printing.print_document()
    assert window.printing.wait()
    assert prompter.errors == []
    printed = PdfReader(out)
    copies = 1 if QPrinter().supportsMultipleCopies() else 2
    assert len(printed.pages) == copies


@needs_raster
def test_the_window_stays_responsive_while_printing(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Each page takes a known time to rasterise (``slow_pages``), so the job lasts long
    enough to tell a free event loop from a blocked one however fast the machine is."""
    monkeypatch.setattr(printing, "page_images", slow_pages(printing.page_images))
    assert window.open_file(sample_copy)
    prompter: Any = window.prompter
    prompter.dialogs.append(choose("cards", 6))
    prompter.printers.append(to_pdf(tmp_path / "cards.pdf"))
    ticks = Ticks()
    ticks.start()
    window.printing.print_document()
    assert window.printing.wait()
    ticks.stop()
    pages = len(PdfReader(tmp_path / "cards.pdf").pages)
    assert ticks.seconds >= pages * PAGE_SECONDS
    assert ticks.rate >= TICKS_PER_SECOND, "the event loop ran while the job worked"


@needs_raster
def test_print_preview_shows_the_rendered_pdf_and_prints_what_was_seen(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(sample_copy)
    prompter: Any = window.prompter
    prompter.dialogs.append(choose("cards", 6))
    window.menu_actions["preview"].trigger()
    assert window.printing.wait()
    title, pdf = prompter.previews[-1]
    assert title == "Pairing cards, round 6"
    previewed = len(PdfReader(pdf).pages)
    assert previewed >= 2
    # Print… in the preview: the printer dialog, then the very PDF previewed.
    out = tmp_path / "from-preview.pdf"
    prompter.preview_prints.append(True)
    prompter.dialogs.append(choose("cards", 6))
    prompter.printers.append(to_pdf(out))
    window.menu_actions["preview"].trigger()
    assert window.printing.wait()  # the preview's document
    assert window.printing.wait()  # and its printing
    assert prompter.errors == []
    assert window.printing.last_message == f"Printed {previewed} pages"
    assert len(PdfReader(out).pages) == previewed


def test_cancel_stops_the_job(qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(sample_copy)
    prompter: Any = window.prompter
    prompter.dialogs.append(choose("cards", 6))
    out = tmp_path / "cancelled.pdf"
    prompter.printers.append(to_pdf(out))
    window.printing.print_document()
    window.printing.cancel_button.click()
    assert window.printing.wait()
    assert window.printing.last_message == "cancelled"
    assert prompter.errors == []


def test_cancel_in_the_options_prints_nothing(window: MainWindow, sample_copy: Path) -> None:
    assert window.open_file(sample_copy)
    prompter: Any = window.prompter
    prompter.dialogs.append(lambda _d: False)
    window.printing.print_document()
    assert not window.printing.busy and prompter.printers == []
