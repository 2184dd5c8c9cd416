"""Reading the served files in a child process, off the server's interpreter.

Reading a file again after a saved result (SQLAlchemy, the standings, the cross table: ~0.1 s
of Python for a 40-player open, more for a 300-player one) in a thread of the server would
hold the interpreter's lock (the GIL) that the server's loop needs for every page request
and live page meanwhile. The server hands the read to one child process instead (started
once with ``spawn``, as the window's pairing worker is; it keeps its files open between
reads) and only takes in the result: the plain page data, unpickled in a few
milliseconds.

A child that died (killed, out of memory) is replaced at the next read; until then the
pages keep showing what was read last. Where no child process can be started, the read
runs in a thread as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait
from pathlib import Path

from swissdesk.venue.source import FileRead, FileReader, ReadRequest, ServedFile, read_file

log = logging.getLogger("swissdesk.venue")

_READERS: dict[str, FileReader] = {}
"""The child's open files, by path (a child process holds only this)."""


def _child_started() -> None:
    """In the child, first: end with the server. The server may end by a signal that
    skips its clean-up (uvicorn raises SIGTERM again once it stopped serving; the window
    kills a server that does not stop), and a pool's worker would then wait for work
    forever: a thread waits for the parent to end and ends the child."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_for_parent() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=wait_for_parent, name="venue-parent-watch", daemon=True).start()


def _read_in_child(request: ReadRequest) -> FileRead:
    """In the child: read the file of ``request`` (opened at the first read and kept)."""
    reader = _READERS.get(request.path)
    if reader is None:
        reader = _READERS[request.path] = FileReader(Path(request.path))
    try:
        return read_file(reader, request)
    except BaseException:
        # A file replaced or damaged meanwhile: open it afresh at the next read.
        _READERS.pop(request.path, None)
        reader.close()
        raise


def _open_in_child(paths: list[str]) -> int:
    """In the child: open ``paths`` before the first change (the imports and the file
    checks then cost nothing when a result is saved)."""
    for path in paths:
        if path not in _READERS:
            _READERS[path] = FileReader(Path(path))
    return len(_READERS)


async def read_in_thread(served: ServedFile, request: ReadRequest) -> FileRead:
    """Read ``served`` again in a worker thread of this process (the tests' default)."""
    return await asyncio.to_thread(read_file, served.reader, request)


class ChildReader:
    """Reads the served files in one child process (see the module's docstring)."""

    def __init__(self, paths: list[Path]) -> None:
        self._paths = [str(p) for p in paths]
        self._pool: Executor | None = None

    def _executor(self) -> Executor | None:
        if self._pool is None:
            try:
                self._pool = ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_child_started,
                )
            except (OSError, NotImplementedError, ImportError) as exc:
                log.warning("venue: no child process to read the files in (%s)", exc)
                return None
        return self._pool

    def start(self) -> None:
        """Start the child and let it open the files (returns at once)."""
        pool = self._executor()
        if pool is not None:
            with contextlib.suppress(Exception):
                pool.submit(_open_in_child, self._paths)

    async def __call__(self, served: ServedFile, request: ReadRequest) -> FileRead:
        pool = self._executor()
        if pool is None:
            return await read_in_thread(served, request)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, _read_in_child, request)
        except BrokenProcessPool:
            log.warning("venue: the reading process stopped; starting another one")
            self._drop()
            raise

    def _drop(self, wait: bool = False) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)

    def close(self) -> None:
        """Stop the child (its files close with it) and wait for it to end."""
        self._drop(wait=True)
