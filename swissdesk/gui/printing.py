"""Printing: every document of :mod:`swissdesk.reports` as a PDF, from the File menu.

Board lists, pairing cards and result slips include the round in progress (missing
results left blank); standings and cross table use the complete rounds.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow

PDF_FILTER = "PDF documents (*.pdf)"


class PrintController:
    """File > Print / Export PDF: choose the file, render, open it."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def export_pdf(self, kind: str) -> None:
        if self.w.file is None:
            return
        round_number = self.w.round_view.round_number if self.w.round_view else None
        stem = self.w.file.path.stem
        suffix = (
            f" round {round_number}"
            if round_number
            and kind
            not in (
                "standings",
                "crosstable",
            )
            else ""
        )
        suggested = self.w.file.path.with_name(f"{stem} {kind}{suffix}.pdf")
        name = self.w.prompter.save_file("Export PDF", str(suggested), PDF_FILTER)
        if name:
            path = self.export_pdf_to(kind, Path(name), round_number)
            if path is not None:
                self.w.prompter.open_url(path)

    def export_pdf_to(self, kind: str, path: Path, round_number: int | None) -> Path | None:
        """Render one document with the reports module (the round in progress included)."""
        if self.w.file is None:
            return None
        tf = self.w.file

        def render() -> Path:
            from swissdesk.reports import render

            ranked = kind in ("standings", "crosstable")
            snapshot = tf.snapshot() if ranked else tf.snapshot(include_pending=True)
            rnd = None if ranked else round_number
            order = tf.board_order(rnd) if rnd else None
            return render(kind, snapshot, path, round_number=rnd, board_order=order)

        written = self.w.guarded("Export PDF", render)
        if written is not None:
            self.w.statusBar().showMessage(f"Wrote {written}", 8000)
        return written
