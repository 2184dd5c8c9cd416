"""The pairing controller: the engine runs off the GUI thread, the result comes back as a signal.

:class:`PairingController` lives on the GUI thread. :meth:`~PairingController.start` hands a
plain :class:`~swissdesk.model.Tournament` snapshot (never a database object) to a
:class:`PairingThread`; that thread runs the engine in a child process (so a pure-Python
engine pairing a thousand players neither competes with the GUI thread for the interpreter
lock nor survives a Cancel) and falls back to running it in the thread itself where no child
process can be started. The answer arrives on the GUI thread as :attr:`~PairingController.
finished`.

:class:`PairingActions` are the arbiter's pairing commands (pair the next round, cancel,
explain a round): they start jobs here and store the answer on the GUI thread as one
``PairNextRound`` command through the window's action lane, unless the tournament changed
meanwhile.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import threading
import time
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from swissdesk.engines import RoundPairing
from swissdesk.engines.explained import from_stored
from swissdesk.gui.audit_model import name_players
from swissdesk.gui.engine_job import child_main, run_job
from swissdesk.i18n import _, current_language
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.tournament import Tournament
from swissdesk.storage import AssignPairingNumbers, PairNextRound, StartManualPairing

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow

POLL_SECONDS = 0.02


@dataclass(frozen=True, slots=True)
class PairingJob:
    """What to pair: the snapshot before ``round_number``, the system, and why.

    ``purpose`` is ``"pair"`` (store the result as the next round), ``"explain"`` (only
    show the engine's explanation of a round already paired) or ``"manual"`` (open the
    manual-pairing phase of the round with the engine's pairing to compare with; a
    ``from_engine`` round created by hand starts from it; ``then_change`` opens the change
    dialog once the phase is open).
    """

    tournament: Tournament
    round_number: int
    system: str
    explain: bool = True
    purpose: str = "pair"
    from_engine: bool = False
    then_change: bool = False


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
            return ("cancelled", _("pairing cancelled"))
        assert message is not None
        return message

    def _run_in_process(self) -> tuple[Any, ...] | None:
        """The job's answer from a child process; ``None`` if the child could not run it."""
        ctx = multiprocessing.get_context("spawn")
        receiver, sender = ctx.Pipe(duplex=False)
        j = self.job
        process = ctx.Process(
            target=child_main,
            args=(sender, j.tournament, j.round_number, j.system, j.explain, current_language()),
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
                    return ("cancelled", _("pairing cancelled"))
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
            raise RuntimeError(_("a pairing is already running"))
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
        outcome = PairingOutcome(thread.job, None, "cancelled", _("pairing cancelled"))
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


class PairingActions:
    """Round > Pair next round, Cancel pairing, Explain pairing (and the page's buttons)."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.explanations: dict[int, tuple[str, ...]] = {}
        """The engine's explanation of each round paired or explained in this session."""
        self.can_pair = False
        """Whether the next round can be paired now (read on every update)."""
        self._pairing_generation = -1
        self._busy_since = 0.0
        self._elapsed = QTimer(window)
        self._elapsed.setInterval(1000)
        self._elapsed.timeout.connect(self._show_elapsed)
        window.controller.busy_changed.connect(self._busy_changed)
        window.controller.finished.connect(self._pairing_finished)
        r = window.rounds_page
        r.pair_button.clicked.connect(self.pair_next_round)
        r.cancel_button.clicked.connect(self.cancel_pairing)
        r.explain_button.clicked.connect(self.explain_round)

    def update_enabled(self) -> None:
        """Pair when storage says the next round can be paired; explain a shown round."""
        busy = self.w.controller.busy
        page = self.w.rounds_page
        actions = self.w.menu_actions
        can_pair, why = False, ""
        if self.w.file is not None and not busy:
            tf = self.w.file
            answer = self.w.guarded(_("Pairing"), tf.can_pair_next_round)
            if answer is not None:
                can_pair, why = answer
        self.can_pair = can_pair
        next_round = self.w.rounds_paired + 1
        actions["pair"].setEnabled(can_pair)
        page.pair_button.setEnabled(can_pair)
        page.pair_button.setText(_("Pair round {next_round}").format(next_round=next_round))
        page.pair_button.setToolTip(why)
        actions["pair"].setStatusTip(why)
        view = self.w.round_view
        actions["explain"].setEnabled(view is not None and not busy)
        page.explain_button.setEnabled(view is not None and not busy)

    def pair_next_round(self) -> None:
        """Start the engine on the next round (in the pairing controller's worker)."""
        if self.w.file is None or self.w.controller.busy or self.w.tournament_settings is None:
            return
        tf = self.w.file
        answer = self.w.guarded(_("Pair next round"), tf.can_pair_next_round)
        if answer is None:
            return
        ok, why = answer
        if not ok:
            self.w.prompter.error(_("Pair next round"), why[:1].upper() + why[1:] + ".")
            return
        n = self.w.rounds_paired + 1
        table = is_round_robin(self.w.tournament_settings.system)
        if (
            n == 1
            and not table  # a round robin's numbers are drawn by lot, not by rating
            and not self.w.players.players_in_initial_order()
            and self.w.prompter.confirm(
                _("Pairing numbers"),
                _(
                    "The pairing numbers do not follow rating, title and name "
                    "(C.04.2 art. 2.2). Sort them before pairing round 1?"
                ),
                default_yes=True,  # the rule's order is the safe answer (issue 18)
            )
            and self.w.run_action(AssignPairingNumbers(), _("Sort pairing numbers")) is None
        ):
            return
        if not self.w.event_sections.confirm_absentees(n):
            return  # the players not checked in: set absent, or paired anyway
        snapshot = self.w.guarded(_("Pair next round"), tf.snapshot)
        if snapshot is None:
            return
        system = self.w.tournament_settings.system
        self._pairing_generation = self.w.generation
        self.w.controller.start(PairingJob(snapshot, n, system, explain=True, purpose="pair"))
        self.w.show_page(self.w.PAGE_ROUNDS)
        self.w.statusBar().showMessage(
            _("Pairing round {n} with the {system} system…").format(n=n, system=system)
        )

    def start_manual(self, n: int, *, from_engine: bool, then_change: bool = False) -> None:
        """Compute the engine's pairing of round ``n`` in the worker, then open the
        manual-pairing phase with it (with none when the engine finds no pairing)."""
        if self.w.file is None or self.w.controller.busy or self.w.tournament_settings is None:
            return
        tf = self.w.file
        snapshot = self.w.guarded(_("Pair by hand"), lambda: tf.snapshot(through_round=n - 1))
        if snapshot is None:
            return
        system = self.w.tournament_settings.system
        self._pairing_generation = self.w.generation
        job = PairingJob(
            snapshot,
            n,
            system,
            explain=False,
            purpose="manual",
            from_engine=from_engine,
            then_change=then_change,
        )
        self.w.controller.start(job)
        self.w.show_page(self.w.PAGE_ROUNDS)
        self.w.statusBar().showMessage(
            _("The engine pairs round {n} for the comparison…").format(n=n)
        )

    def _open_manual_phase(self, outcome: PairingOutcome) -> None:
        """The engine answered for a manual pairing: open the phase (Q63: also when the
        engine found no pairing, the round is then the arbiter's to make)."""
        job = outcome.job
        if outcome.error_kind in ("cancelled", "crash", "input"):
            if outcome.error_kind != "cancelled":
                self.w.prompter.error(
                    _("Round {round_number}").format(round_number=job.round_number), outcome.message
                )
            return
        if self.w.file is None or self.w.generation != self._pairing_generation:
            self.w.prompter.error(
                _("Round {round_number}").format(round_number=job.round_number),
                _("The tournament changed while the engine was pairing: start again."),
            )
            return
        error = outcome.message if outcome.pairing is None else ""
        if outcome.pairing is None and job.from_engine:
            job = dataclasses.replace(job, from_engine=False)  # nothing to start from
        action = StartManualPairing(
            job.round_number,
            outcome.pairing,
            engine=job.system,
            engine_error=error,
            from_engine=job.from_engine,
        )
        if self.w.run_action(action, _("Pair by hand")) is None:
            return
        self.w.rounds.refresh_rounds(job.round_number)
        self.w.show_page(self.w.PAGE_ROUNDS)
        if error:
            self.w.prompter.info(
                _("Round {round_number} by hand").format(round_number=job.round_number),
                _(
                    "The engine found no pairing of round {round_number} by the rules ({error}). Pair the round by hand (Round > Change pairing…), then finish: the round is recorded as the chief arbiter's pairing (### MPA)."
                ).format(round_number=job.round_number, error=error),
            )
        elif job.then_change:
            self.w.rounds.manual_pairing()

    def cancel_pairing(self) -> None:
        self.w.controller.cancel()

    def _busy_changed(self, busy: bool) -> None:
        self.w.rounds_page.set_busy(busy)
        if busy:
            self._busy_since = time.monotonic()
            self._show_elapsed()
            self._elapsed.start()
        else:
            self._elapsed.stop()
            self.w.rounds_page.busy_label.setText("")
        self.w.update_enabled()

    def _show_elapsed(self) -> None:
        job = self.w.controller.job
        if job is None:
            return
        what = (
            _("Explaining round {round_number}… {seconds} s")
            if job.purpose == "explain"
            else _("Pairing round {round_number}… {seconds} s")
        )
        seconds = int(time.monotonic() - self._busy_since)
        self.w.rounds_page.busy_label.setText(
            what.format(round_number=job.round_number, seconds=seconds)
        )

    def _pairing_finished(self, outcome: PairingOutcome) -> None:
        job = outcome.job
        if job.purpose == "manual":
            self._open_manual_phase(outcome)
            return
        if outcome.pairing is None:
            if outcome.error_kind == "cancelled":
                self.w.statusBar().showMessage(_("Pairing cancelled"), 5000)
                self.w.pairing_failed.emit("cancelled")
                return
            if outcome.error_kind == "crash":
                from swissdesk.gui.app import write_crash_log

                log = write_crash_log(outcome.message)
                if log is not None:
                    message = _(
                        "The pairing engine failed unexpectedly; nothing was changed.\nDetails were written to {log}."
                    ).format(log=log)
                else:
                    message = _(
                        "The pairing engine failed unexpectedly; nothing was changed.\nNo log "
                        "could be written (no log folder could be written to)."
                    )
            else:
                message = outcome.message
            if outcome.error_kind == "no-pairing" and job.purpose == "pair":
                # C.02 VCL Q63: a tournament that cannot be paired by the rules is finished
                # by hand.
                self.w.pairing_failed.emit(message)
                if self.w.prompter.confirm(
                    _("Round {round_number}").format(round_number=job.round_number),
                    _(
                        "{message}.\n\nPair round {round_number} by hand? It is recorded as the chief arbiter's pairing (### MPA)."
                    ).format(
                        message=message[:1].upper() + message[1:], round_number=job.round_number
                    ),
                ):
                    self.start_manual(job.round_number, from_engine=False)
                return
            self.w.prompter.error(
                _("Round {round_number}").format(round_number=job.round_number), message
            )
            self.w.pairing_failed.emit(message)
            return
        pairing = outcome.pairing
        self.explanations[job.round_number] = pairing.explanation
        if job.purpose == "explain":
            self._show_explanation(job.round_number, pairing)
            return
        if (
            self.w.file is None
            or self.w.rounds_paired + 1 != job.round_number
            or self.w.generation != self._pairing_generation
        ):
            message = _(
                "The tournament changed while the engine was pairing (a result, a player or "
                "a bye), so this pairing was not stored. Pair the round again."
            )
            if self.w.file is not None:
                self.w.prompter.error(
                    _("Round {round_number}").format(round_number=job.round_number), message
                )
            self.w.pairing_failed.emit(message)
            return
        result = self.w.run_action(PairNextRound(pairing, engine=job.system), _("Pair next round"))
        if result is None:
            self.w.pairing_failed.emit("refused")
            return
        self.w.statusBar().showMessage(
            _("Round {round_number} paired in {seconds:.1f} s").format(
                round_number=job.round_number, seconds=outcome.seconds
            ),
            8000,
        )
        self.w.rounds.refresh_rounds(job.round_number)
        self.w.show_page(self.w.PAGE_ROUNDS)
        self.w.rounds_page.table.setFocus()
        self.w.round_paired.emit(job.round_number)

    def explain_round(self) -> None:
        view = self.w.round_view
        if view is None or self.w.file is None or self.w.tournament_settings is None:
            return
        n = view.round_number
        if n not in self.explanations:
            # The engine's explanation is kept in the audit log when the round was paired.
            stored = self.w.guarded(_("Explain"), lambda: self._stored_explanation(n))
            if stored:
                self.explanations[n] = stored
        if n in self.explanations:
            self._show_explanation(n, None)
            return
        tf = self.w.file
        snapshot = self.w.guarded(_("Explain"), lambda: tf.snapshot(through_round=n - 1))
        if snapshot is None or self.w.controller.busy:
            return
        self.w.controller.start(
            PairingJob(
                snapshot, n, self.w.tournament_settings.system, explain=True, purpose="explain"
            )
        )
        self.w.statusBar().showMessage(_("Asking the engine to explain round {n}…").format(n=n))

    def _stored_explanation(self, n: int) -> tuple[str, ...]:
        """The explanation recorded in the audit log with the pairing of round ``n``."""
        assert self.w.file is not None
        for entry in reversed(self.w.file.audit_log()):
            if (
                entry.action == "PairNextRound"
                and not entry.undone
                and entry.payload.get("round") == n
            ):
                return from_stored(
                    entry.payload.get("explanation") or (), entry.payload.get("explanation_said")
                )
        return ()

    def _show_explanation(self, n: int, pairing: RoundPairing | None) -> None:
        names = {p.tpn: p.name for p in self.w.player_rows}
        lines = [name_players(line, names) for line in self.explanations.get(n, ())]
        shown = self.w.round_view
        view = shown if shown and shown.round_number == n else None
        settings = self.w.tournament_settings
        system = settings.system if settings else ""
        header = [
            _("Round {number}: how the {system} engine paired it").format(number=n, system=system)
        ]
        if view is not None and view.changed_by_hand:
            header.append(_("Note: the arbiter changed this pairing by hand afterwards."))
        if pairing is not None and view is not None:
            stored = [(b.white_tpn, b.black_tpn) for b in view.boards]
            if stored != [(p.white, p.black) for p in pairing.pairs] and not view.changed_by_hand:
                header.append(
                    _(
                        "Note: recomputed now, on the results as they stand; a result "
                        "corrected since may explain a difference from the published pairing."
                    )
                )
        text = "\n".join([*header, "", *(lines or [_("(the engine gave no explanation)")])])
        self.w.explanation_ready.emit(n, text)
        self.w.prompter.show_text(_("Explain round {n}").format(n=n), text)
