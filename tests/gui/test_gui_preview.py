"""File > Print preview… draws its pages in a worker: the first pages show while the rest
are rasterised, the dialog stays responsive, and closing it stops the worker (the noted
freeze of Qt's own preview on a document of hundreds of pages, issue 18)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import QDialog
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas
from slow_work import PAGE_SECONDS, TICKS_PER_SECOND, Ticks, slow_pages

from swissdesk.gui import preview as preview_module
from swissdesk.gui import printing
from swissdesk.gui.preview import ZOOM_STEPS, PageModel, PreviewDialog

pytestmark = pytest.mark.skipif(
    printing.rasteriser() is None, reason="neither QtPdf nor pdftoppm is installed"
)


def numbered_pages(path: Path, count: int) -> Path:
    canvas = Canvas(str(path), pagesize=A4)
    for number in range(1, count + 1):
        canvas.setFont("Helvetica", 48)
        canvas.drawString(100, 600, f"Page {number}")
        canvas.showPage()
    canvas.save()
    return path


@pytest.fixture
def open_previews() -> Iterator[list[PreviewDialog]]:
    """Every dialog a test opens is closed (its worker stopped and waited for) after it."""
    dialogs: list[PreviewDialog] = []
    yield dialogs
    for dialog in dialogs:
        dialog.close()
        assert not dialog.rendering


def preview(pdf: Path, dialogs: list[PreviewDialog]) -> PreviewDialog:
    dialog = PreviewDialog(pdf, "Pairing cards, round 6")
    dialogs.append(dialog)
    dialog.show()
    return dialog


def test_every_page_arrives_and_the_status_counts_them(
    qtbot, tmp_path: Path, open_previews: list[PreviewDialog]
) -> None:  # type: ignore[no-untyped-def]
    pdf = numbered_pages(tmp_path / "five.pdf", 5)
    dialog = preview(pdf, open_previews)
    assert dialog.windowTitle() == "Print preview — Pairing cards, round 6"
    qtbot.waitUntil(lambda: dialog.model.rowCount() == 5 and not dialog.rendering, timeout=30_000)
    assert dialog.total == len(PdfReader(pdf).pages) == 5
    assert dialog.status.text() == "5 pages   Zoom 50 %"
    model = dialog.model
    assert model.data(model.index(4), Qt.ItemDataRole.ToolTipRole) == "Page 5 of 5"
    page = model.data(model.index(0), Qt.ItemDataRole.DecorationRole)
    assert not page.isNull() and page.height() > page.width()  # an A4 page, upright
    assert page.size() == dialog.pages.iconSize().boundedTo(page.size())


def test_zoom_steps_resize_every_page(
    qtbot, tmp_path: Path, open_previews: list[PreviewDialog]
) -> None:  # type: ignore[no-untyped-def]
    dialog = preview(numbered_pages(tmp_path / "two.pdf", 2), open_previews)
    qtbot.waitUntil(lambda: not dialog.rendering, timeout=30_000)
    start = QSize(dialog.pages.iconSize())
    dialog.zoom_in()
    assert dialog.pages.iconSize().height() > start.height()
    hint = dialog.model.data(dialog.model.index(1), Qt.ItemDataRole.SizeHintRole)
    assert hint.height() > start.height()
    page = dialog.model.data(dialog.model.index(1), Qt.ItemDataRole.DecorationRole)
    assert page.height() == dialog.pages.iconSize().height()
    while dialog.zoom_out_button.isEnabled():
        dialog.zoom_out_button.click()
    assert dialog.zoom == ZOOM_STEPS[0]
    assert dialog.status.text() == f"2 pages   Zoom {ZOOM_STEPS[0]} %"
    assert dialog.pages.iconSize().height() < start.height()
    assert dialog.zoom_in_button.isEnabled()


def test_the_dialog_stays_responsive_while_pages_are_drawn(
    qtbot, tmp_path: Path, open_previews: list[PreviewDialog], monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Each page takes a known time (``slow_pages``): the ticks measure the dialog, not
    how fast this machine rasterises."""
    monkeypatch.setattr(preview_module, "page_images", slow_pages(preview_module.page_images))
    pdf = numbered_pages(tmp_path / "many.pdf", 40)
    ticks = Ticks()
    ticks.start()
    dialog = preview(pdf, open_previews)
    assert dialog.model.rowCount() < 40, "the pages come from the worker, not the constructor"
    qtbot.waitUntil(lambda: not dialog.rendering, timeout=60_000)
    ticks.stop()
    assert dialog.model.rowCount() == 40
    assert ticks.seconds >= 40 * PAGE_SECONDS
    assert ticks.rate >= TICKS_PER_SECOND, "the event loop ran while the pages were drawn"


def test_closing_early_stops_the_worker(
    qtbot, tmp_path: Path, open_previews: list[PreviewDialog]
) -> None:  # type: ignore[no-untyped-def]
    dialog = preview(numbered_pages(tmp_path / "long.pdf", 60), open_previews)
    qtbot.waitUntil(lambda: dialog.model.rowCount() >= 1, timeout=30_000)
    dialog.close_button.click()
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert not dialog.rendering
    shown = dialog.model.rowCount()
    qtbot.wait(50)  # pages queued before the stop may still arrive, nothing after
    assert shown <= dialog.model.rowCount() < 60


def test_print_accepts_the_dialog(
    qtbot, tmp_path: Path, open_previews: list[PreviewDialog]
) -> None:  # type: ignore[no-untyped-def]
    dialog = preview(numbered_pages(tmp_path / "one.pdf", 1), open_previews)
    dialog.print_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert not dialog.rendering


def test_a_damaged_pdf_is_a_message_not_a_traceback(
    qtbot, tmp_path: Path, open_previews: list[PreviewDialog]
) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\n/Count 3\nthis is not a PDF\n")
    dialog = preview(broken, open_previews)
    qtbot.waitUntil(lambda: not dialog.rendering, timeout=30_000)
    assert dialog.status.text().startswith("The pages could not be shown")
    assert dialog.model.rowCount() == 0


def test_the_page_model_passes_the_model_tester_and_keeps_few_pages_decoded(
    qtbot, qtmodeltester, tmp_path: Path, open_previews: list[PreviewDialog]
) -> None:  # type: ignore[no-untyped-def]
    """Pages are kept as PNG and decoded when shown: a few hundred full-size page images
    would take about a gigabyte."""
    dialog = preview(numbered_pages(tmp_path / "thirty.pdf", 30), open_previews)
    qtbot.waitUntil(lambda: not dialog.rendering, timeout=60_000)
    model: PageModel = dialog.model
    qtmodeltester.check(model)
    assert model.rowCount() == 30
    for row in range(30):
        model.data(model.index(row), Qt.ItemDataRole.DecorationRole)
    assert len(model._cache) == PageModel.CACHED_PAGES
    assert sum(png.size() for png in model.pngs) < 30 * 200_000


def test_file_print_preview_with_the_real_dialogs_closes_with_esc(
    qtbot, window, sample_copy: Path
) -> None:  # type: ignore[no-untyped-def]
    """The application's own prompter: Print preview…, the document chosen, the pages
    drawn while the dialog is up, Esc closes it and stops its worker."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from swissdesk.gui.printing import PrintOptionsDialog
    from swissdesk.gui.prompter import Prompter

    assert window.open_file(sample_copy)
    window.prompter = Prompter(window)
    seen: list[PreviewDialog] = []

    def answer() -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, PrintOptionsDialog):
            modal.kind.setCurrentIndex(modal.kind.findData("cards"))
            modal.round.setValue(6)
            modal.try_accept()
        elif isinstance(modal, PreviewDialog) and not modal.rendering:
            seen.append(modal)
            QTest.keyClick(modal, Qt.Key.Key_Escape)
            return
        QTimer.singleShot(20, answer)

    QTimer.singleShot(0, answer)
    window.menu_actions["preview"].trigger()
    qtbot.waitUntil(lambda: bool(seen) and not window.printing.busy, timeout=60_000)
    dialog = seen[0]
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert dialog.model.rowCount() == dialog.total >= 2
    assert not dialog.rendering
