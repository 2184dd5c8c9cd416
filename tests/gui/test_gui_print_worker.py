"""Issue 18 item 8: a long print job never pauses the window. The click does not read the
tournament on the GUI thread (the worker does, 0.9 s with 1,500 players), and a page image
reaches the printer in bands (the printer's engine holds Python's GIL while it compresses
each call's pixels)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage, QPainter

from swissdesk.gui import printing
from swissdesk.gui.mainwindow import MainWindow


def test_the_click_leaves_reading_the_round_to_the_worker(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(sample_copy)
    assert window.file is not None
    tf = window.file
    readers: list[str] = []
    original = tf.snapshot

    def snapshot(*args: Any, **kwargs: Any) -> Any:
        readers.append(threading.current_thread().name)
        return original(*args, **kwargs)

    tf.snapshot = snapshot  # type: ignore[method-assign]
    window.printing.start(printing.PrintRequest("boards", 3), None, pdf=tmp_path / "b.pdf")
    assert window.printing.wait()
    assert window.printing.last_message == "ready"
    assert readers and threading.main_thread().name not in readers
    assert (tmp_path / "b.pdf").stat().st_size > 0


def test_a_page_image_drawn_in_bands_is_the_same_image(qtbot) -> None:  # type: ignore[no-untyped-def]
    height, width = 3 * printing.BAND_ROWS + 17, 61  # the last band is shorter
    pixels = bytes((x * 7 + y * 3) % 256 for y in range(height) for x in range(width))
    image = QImage(pixels, width, height, width, QImage.Format.Format_Grayscale8).copy()
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    whole = QImage(image.size(), QImage.Format.Format_RGB32)
    banded = QImage(image.size(), QImage.Format.Format_RGB32)
    whole.fill(0)
    banded.fill(0)
    painter = QPainter(whole)
    painter.drawImage(0, 0, image)
    painter.end()
    painter = QPainter(banded)
    printing._draw_in_bands(painter, image)
    painter.end()
    assert banded == whole
    assert whole == image
