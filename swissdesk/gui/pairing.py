"""The pairing controller: the engine runs off the GUI thread, the result comes back as a signal.

:class:`PairingController` lives on the GUI thread. :meth:`~PairingController.start` hands a
plain :class:`~swissdesk.model.Tournament` snapshot (never a database object) to a
:class:`PairingThread`; that thread runs the engine in a child process (so a pure-Python
engine pairing a thousand players neither competes with the GUI thread for the interpreter
lock nor survives a Cancel) and falls back to running it in the thread itself where no child
process can be started. The answer arrives on the GUI thread as :attr:`~PairingController.
finished`; storing it (``PairNextRound``) is the window's business, on the GUI thread.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from swissdesk.engines import RoundPairing
from swissdesk.gui.engine_job import child_main, run_job
from swissdesk.model.tournament import Tournament

POLL_SECONDS = 0.02


@dataclass(frozen=True, slots=True)
class PairingJob:
    """What to pair: the snapshot before ``round_number``, the system, and why.

    ``purpose`` is ``"pair"`` (store the result as the next round) or ``"explain"`` (only
    show the engine's explanation of a round already paired).
    """

    tournament: Tournament
    round_number: int
    system: str
    explain: bool = True
    purpose: str = "pair"


@dataclass(frozen=True, slots=True)
class PairingOutcome:
    """The worker's answer: ``pairing`` on success, else ``error_kind`` and ``message``.

    ``error_kind`` is ``"no-pairing"`` (no pairing satisfies the absolute criteria),
    ``"input"`` (unknown system), ``"crash"`` (an engine bug; ``message`` holds the
    traceback) or ``"cancelled"``.
    """

    job: PairingJob
    pairing: RoundPairing | None
    error_kind: str = ""
    message: str = ""
    seconds: float = 0.0


class PairingThread(QThread):
    """Runs one :class:`PairingJob`; emits :attr:`done` with a :class:`PairingOutcome`."""

    done = Signal(object)

    def __init__(self, job: PairingJob, use_process: bool, parent: QObject | None = None):
        super().__init__(parent)
        self.job = job
        self.use_process = use_process
        self._cancel = threading.Event()

    def cancel(self) -> None:
        """Ask the job to stop: the engine process is terminated at once."""
        self._cancel.set()

    def run(self) -> None:
        started = time.perf_counter()
        try:
            message = self._compute()
        except BaseException:  # never leave the controller waiting for an answer
            message = ("crash", traceback.format_exc())
        seconds = time.perf_counter() - started
        if message[0] == "ok":
            outcome = PairingOutcome(self.job, message[1], seconds=seconds)
        else:
            outcome = PairingOutcome(self.job, None, str(message[0]), str(message[1]), seconds)
        self.done.emit(outcome)

    def _compute(self) -> tuple[Any, ...]:
        message: tuple[Any, ...] | None = None
        if self.use_process:
            try:
                message = self._run_in_process()
            except Exception:
                # No child process here (a frozen build without freeze_support, a host
                # script without a main guard, no fork allowed): pair in this thread.
                message = None
        if message is None and not self._cancel.is_set():
            j = self.job
            message = run_job(j.tournament, j.round_number, j.system, j.explain)
        if self._cancel.is_set():
            return ("cancelled", "pairing cancelled")
        assert message is not None
        return message

    def _run_in_process(self) -> tuple[Any, ...] | None:
        """The job's answer from a child process; ``None`` if the child could not run it."""
        ctx = multiprocessing.get_context("spawn")
        receiver, sender = ctx.Pipe(duplex=False)
        j = self.job
        process = ctx.Process(
            target=child_main,
            args=(sender, j.tournament, j.round_number, j.system, j.explain),
            name=f"swissdesk-pairing-round-{j.round_number}",
            daemon=True,
        )
        try:
            process.start()
        finally:
            sender.close()
        try:
            while True:
                if self._cancel.is_set():
                    process.terminate()
                    return ("cancelled", "pairing cancelled")
                if receiver.poll(POLL_SECONDS):
                    try:
                        result: tuple[Any, ...] = receiver.recv()
                    except EOFError:
                        return None  # the child died before answering
                    return result
                if not process.is_alive() and not receiver.poll(0):
                    return None
        finally:
            receiver.close()
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
                process.join()


class PairingController(QObject):
    """Starts, cancels and reports pairing jobs; one at a time.

    Signals (all on the GUI thread): :attr:`busy_changed` (bool), :attr:`finished`
    (:class:`PairingOutcome`, whatever happened, also after a Cancel).
    """

    busy_changed = Signal(bool)
    finished = Signal(object)

    def __init__(self, parent: QObject | None = None, *, use_process: bool = True) -> None:
        super().__init__(parent)
        self.use_process = use_process
        self._thread: PairingThread | None = None
        self._retired: list[PairingThread] = []
        self.last_outcome: PairingOutcome | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None

    @property
    def job(self) -> PairingJob | None:
        return self._thread.job if self._thread is not None else None

    def start(self, job: PairingJob) -> None:
        """Start ``job``; refused (RuntimeError) while another one runs."""
        if self._thread is not None:
            raise RuntimeError("a pairing is already running")
        thread = PairingThread(job, self.use_process)
        thread.done.connect(self._on_done)
        self._thread = thread
        thread.start()
        self.busy_changed.emit(True)

    def cancel(self) -> None:
        """Stop the running job at once: :attr:`finished` follows immediately with
        ``error_kind == "cancelled"``. The engine process is terminated; an engine running
        in the thread itself (fallback) finishes in the background and is ignored."""
        thread = self._thread
        if thread is None:
            return
        thread.cancel()
        self._thread = None
        self._retired.append(thread)
        thread.finished.connect(lambda: self._forget(thread))
        if thread.isFinished():
            self._forget(thread)
        outcome = PairingOutcome(thread.job, None, "cancelled", "pairing cancelled")
        self.last_outcome = outcome
        self.busy_changed.emit(False)
        self.finished.emit(outcome)

    def _forget(self, thread: PairingThread) -> None:
        if thread in self._retired:
            self._retired.remove(thread)
            thread.wait()
            thread.deleteLater()

    @Slot(object)
    def _on_done(self, outcome: PairingOutcome) -> None:
        thread = self._thread
        if thread is None or outcome.job is not thread.job:
            return
        thread.wait()
        thread.deleteLater()
        self._thread = None
        self.last_outcome = outcome
        self.busy_changed.emit(False)
        self.finished.emit(outcome)

    def shutdown(self) -> None:
        """Cancel and wait for every worker (window closing, test teardown): Qt must never
        destroy a running thread."""
        thread = self._thread
        if thread is not None:
            thread.cancel()
            thread.wait()
            self._thread = None
            self.busy_changed.emit(False)
        for old in list(self._retired):
            old.wait()
            self._forget(old)
