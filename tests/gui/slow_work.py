"""Work of a known duration for the responsiveness tests (issue 40).

Whether the window stays responsive while something works must not depend on how fast that
work happens to be: the Dutch engine pairs 400 players in 0.2 s on an idle machine, and a
test that counted the event loop's ticks during that pairing failed whenever the machine was
idle. These stand-ins take a fixed time, however fast the real work is.

:func:`slow_child_main` replaces the pairing child's entry point: it keeps a CPU busy for
:data:`ENGINE_SECONDS` (as a slow engine does; a child started with ``spawn`` imports this
module by name, since the parent's ``sys.path`` is handed to it), then pairs for real.
:func:`slow_pages` wraps the page rasteriser the print and preview workers use: each page
arrives after :data:`PAGE_SECONDS` of sleep in the worker's thread, so a worker that ran on
the GUI thread would stop the ticks.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from swissdesk.gui.engine_job import child_main
from swissdesk.model.tournament import Tournament

ENGINE_SECONDS = 4.0
"""Long enough that a blocked GUI thread (no tick for all of it) stands far apart from the
longest pause a heavily loaded machine gives a free one."""
PAGE_SECONDS = 0.05
BUSY_LOG = "SWISSDESK_TEST_BUSY_LOG"
"""The environment variable naming a file where :func:`slow_child_main` writes when it was
busy (``time.perf_counter`` is the system's monotonic clock on Linux, so the parent can put
its own ticks beside the child's span)."""
TICKS_PER_SECOND = 20
"""The least a free event loop ticks per second with a 10 ms timer (close to 100 when the
machine is idle, well over 20 with two busy loops beside the test on 2 cores)."""


def slow_child_main(
    conn: Connection,
    tournament: Tournament,
    round_number: int,
    system: str,
    explain: bool,
    language: str = "en",
) -> None:
    """The pairing child, busy for :data:`ENGINE_SECONDS` before the engine runs."""
    began = time.perf_counter()
    deadline = began + ENGINE_SECONDS
    while time.perf_counter() < deadline:
        pass
    if log := os.environ.get(BUSY_LOG):
        Path(log).write_text(f"{began!r} {time.perf_counter()!r}\n")
    child_main(conn, tournament, round_number, system, explain, language)


def slow_pages(page_images: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    """``page_images`` taking :data:`PAGE_SECONDS` longer for each page."""

    def slow(pdf: Path, pages: list[int], *args: Any, **kwargs: Any) -> Iterator[Any]:
        for image in page_images(pdf, pages, *args, **kwargs):
            time.sleep(PAGE_SECONDS)
            yield image

    return slow


class Ticks:
    """A 10 ms timer on the GUI thread: when it fired between :meth:`start` and :meth:`stop`.

    ``rate`` is the ticks per second of that span. A GUI thread that is never blocked keeps
    close to 100; a loaded 2-core machine (two busy loops beside the test) still gives well
    over 20; a blocked thread gives none while it is blocked.
    """

    INTERVAL_MS = 10

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.times: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(self.INTERVAL_MS)
        self.timer.timeout.connect(lambda: self.times.append(time.perf_counter()))
        self.started = 0.0
        self.stopped = 0.0

    def start(self) -> None:
        self.started = time.perf_counter()
        self.timer.start()

    def stop(self, at: float | None = None) -> None:
        self.timer.stop()
        self.stopped = time.perf_counter() if at is None else at

    @property
    def during(self) -> list[float]:
        """The span's ends and every tick inside it."""
        inside = [t for t in self.times if self.started <= t <= self.stopped]
        return [self.started, *inside, self.stopped]

    @property
    def count(self) -> int:
        return len(self.during) - 2

    @property
    def seconds(self) -> float:
        return self.stopped - self.started

    @property
    def rate(self) -> float:
        return self.count / self.seconds if self.seconds > 0 else 0.0

    @property
    def longest_gap(self) -> float:
        d = self.during
        return max(b - a for a, b in itertools.pairwise(d))

    def longest_gap_between(self, first: float, last: float) -> float:
        """The longest time without a tick from ``first`` to ``last`` (both ends count)."""
        inside = [t for t in self.times if first <= t <= last]
        return max(b - a for a, b in itertools.pairwise([first, *inside, last]))
