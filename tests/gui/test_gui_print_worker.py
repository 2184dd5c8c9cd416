"""Issue 18 item 8: a long print job never pauses the window. The click does not read the
tournament on the GUI thread (the worker does, 0.9 s with 1,500 players), the document is
rendered in a child process (pure Python in the window's process would contend for the
GIL), and a page image reaches the printer in bands (the printer's engine
holds Python's GIL while it compresses each call's pixels)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage, QPainter

from swissdesk.gui import printing, render_job
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


def test_the_snapshot_reaches_the_child_whole_in_small_pieces(sample_copy: Path) -> None:
    import multiprocessing

    from swissdesk.storage import TournamentFile

    with TournamentFile.open(sample_copy) as tf:
        snapshot = tf.snapshot(include_pending=True)
    assert len(snapshot.players) > render_job.PIECE // 4
    mine, theirs = multiprocessing.Pipe()
    sizes: list[int] = []
    original = mine.send

    def send(obj: Any) -> None:
        sizes.append(len(obj) if isinstance(obj, tuple) else 0)
        original(obj)

    sender = threading.Thread(target=render_job.send_snapshot, args=(_Sender(send), snapshot))
    sender.start()
    received = render_job.receive_snapshot(theirs)
    sender.join()
    assert received == snapshot
    assert max(sizes) <= render_job.PIECE


class _Sender:
    """A connection whose ``send`` is observed."""

    def __init__(self, send: Any) -> None:
        self.send = send


def test_the_document_is_rendered_in_a_child_process(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path, monkeypatch: Any
) -> None:  # type: ignore[no-untyped-def]
    """The reports module of the window's process is never called: the child renders."""
    import swissdesk.reports

    def not_here(*_args: Any, **_kwargs: Any) -> Path:
        raise AssertionError("rendered in the window's process")

    monkeypatch.setattr(swissdesk.reports, "render", not_here)
    assert window.open_file(sample_copy)
    window.printing.child_from_players = 1  # as for a big event (300 players and more)
    window.printing.start(printing.PrintRequest("cards", 3), None, pdf=tmp_path / "c.pdf")
    assert window.printing.wait()
    assert window.printing.last_message == "ready"
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")


def test_without_a_child_process_the_worker_thread_renders(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path, monkeypatch: Any
) -> None:  # type: ignore[no-untyped-def]
    def no_processes(_method: str) -> Any:
        raise OSError("no processes here")

    monkeypatch.setattr(printing.multiprocessing, "get_context", no_processes)
    assert window.open_file(sample_copy)
    window.printing.child_from_players = 1
    window.printing.start(printing.PrintRequest("boards", 3), None, pdf=tmp_path / "b.pdf")
    assert window.printing.wait()
    assert window.printing.last_message == "ready"
    assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")


def test_an_arbiters_error_in_the_child_is_a_message(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(sample_copy)
    window.printing.child_from_players = 1
    out = tmp_path / "missing" / "b.pdf"
    window.printing.start(printing.PrintRequest("boards", 3), None, pdf=out)
    assert window.printing.wait()
    title, message = window.prompter.errors[-1]  # type: ignore[attr-defined]
    assert title == "Print" and "does not exist" in message and "Traceback" not in message



def test_a_small_event_is_rendered_in_the_worker_thread(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path, monkeypatch: Any
) -> None:  # type: ignore[no-untyped-def]
    """40 players render in a fraction of the time a child process takes to start."""

    def no_child(*_args: Any, **_kwargs: Any) -> Path:
        raise AssertionError("a child process for 40 players")

    monkeypatch.setattr(printing, "render_in_child", no_child)
    assert window.open_file(sample_copy)
    assert window.printing.child_from_players == printing.CHILD_FROM_PLAYERS > 40
    window.printing.start(printing.PrintRequest("boards", 3), None, pdf=tmp_path / "b.pdf")
    assert window.printing.wait()
    assert window.printing.last_message == "ready"
