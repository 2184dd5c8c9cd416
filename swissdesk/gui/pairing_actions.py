"""The arbiter's pairing actions: pair the next round, cancel, explain a round's pairing.

The engine runs in the :class:`~swissdesk.gui.pairing.PairingController`'s worker on a
plain snapshot; its answer is stored here, on the GUI thread, as one ``PairNextRound``
command through the window's action lane, unless the tournament changed meanwhile.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from swissdesk.engines import RoundPairing
from swissdesk.gui.pairing import PairingJob, PairingOutcome
from swissdesk.storage import AssignPairingNumbers, PairNextRound

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow


class PairingActions:
    """Round > Pair next round, Cancel pairing, Explain pairing (and the page's buttons)."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.explanations: dict[int, tuple[str, ...]] = {}
        """The engine's explanation of each round paired or explained in this session."""
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
            answer = self.w.guarded("Pairing", tf.can_pair_next_round)
            if answer is not None:
                can_pair, why = answer
        next_round = self.w.rounds_paired + 1
        actions["pair"].setEnabled(can_pair)
        page.pair_button.setEnabled(can_pair)
        page.pair_button.setText(f"Pair round {next_round}")
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
        answer = self.w.guarded("Pair next round", tf.can_pair_next_round)
        if answer is None:
            return
        ok, why = answer
        if not ok:
            self.w.prompter.error("Pair next round", why[:1].upper() + why[1:] + ".")
            return
        n = self.w.rounds_paired + 1
        if (
            n == 1
            and not self.w.players.players_in_initial_order()
            and self.w.prompter.confirm(
                "Pairing numbers",
                "The pairing numbers do not follow rating, title and name "
                "(C.04.2 art. 2.2). Sort them before pairing round 1?",
            )
            and self.w.run_action(AssignPairingNumbers(), "Sort pairing numbers") is None
        ):
            return
        snapshot = self.w.guarded("Pair next round", tf.snapshot)
        if snapshot is None:
            return
        system = self.w.tournament_settings.system
        self._pairing_generation = self.w.generation
        self.w.controller.start(PairingJob(snapshot, n, system, explain=True, purpose="pair"))
        self.w.show_page(self.w.PAGE_ROUNDS)
        self.w.statusBar().showMessage(f"Pairing round {n} with the {system} system…")

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
        what = "Explaining" if job.purpose == "explain" else "Pairing"
        seconds = int(time.monotonic() - self._busy_since)
        self.w.rounds_page.busy_label.setText(f"{what} round {job.round_number}… {seconds} s")

    def _pairing_finished(self, outcome: PairingOutcome) -> None:
        job = outcome.job
        if outcome.pairing is None:
            if outcome.error_kind == "cancelled":
                self.w.statusBar().showMessage("Pairing cancelled", 5000)
                self.w.pairing_failed.emit("cancelled")
                return
            if outcome.error_kind == "crash":
                from swissdesk.gui.app import write_crash_log

                log = write_crash_log(outcome.message)
                message = (
                    "The pairing engine failed unexpectedly; nothing was changed.\n"
                    f"Details were written to {log}."
                )
            else:
                message = outcome.message
            self.w.prompter.error(f"Round {job.round_number}", message)
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
            message = (
                "The tournament changed while the engine was pairing (a result, a player or "
                "a bye), so this pairing was not stored. Pair the round again."
            )
            if self.w.file is not None:
                self.w.prompter.error(f"Round {job.round_number}", message)
            self.w.pairing_failed.emit(message)
            return
        result = self.w.run_action(PairNextRound(pairing, engine=job.system), "Pair next round")
        if result is None:
            self.w.pairing_failed.emit("refused")
            return
        self.w.statusBar().showMessage(
            f"Round {job.round_number} paired in {outcome.seconds:.1f} s", 8000
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
            stored = self.w.guarded("Explain", lambda: self._stored_explanation(n))
            if stored:
                self.explanations[n] = stored
        if n in self.explanations:
            self._show_explanation(n, None)
            return
        tf = self.w.file
        snapshot = self.w.guarded("Explain", lambda: tf.snapshot(through_round=n - 1))
        if snapshot is None or self.w.controller.busy:
            return
        self.w.controller.start(
            PairingJob(
                snapshot, n, self.w.tournament_settings.system, explain=True, purpose="explain"
            )
        )
        self.w.statusBar().showMessage(f"Asking the engine to explain round {n}…")

    def _stored_explanation(self, n: int) -> tuple[str, ...]:
        """The explanation recorded in the audit log with the pairing of round ``n``."""
        assert self.w.file is not None
        for entry in reversed(self.w.file.audit_log()):
            if (
                entry.action == "PairNextRound"
                and not entry.undone
                and entry.payload.get("round") == n
            ):
                return tuple(str(line) for line in entry.payload.get("explanation") or ())
        return ()

    def _show_explanation(self, n: int, pairing: RoundPairing | None) -> None:
        lines = list(self.explanations.get(n, ()))
        shown = self.w.round_view
        view = shown if shown and shown.round_number == n else None
        settings = self.w.tournament_settings
        header = [f"Round {n}: how the {settings.system if settings else ''} engine paired it"]
        if view is not None and view.changed_by_hand:
            header.append("Note: the arbiter changed this pairing by hand afterwards.")
        if pairing is not None and view is not None:
            stored = [(b.white_tpn, b.black_tpn) for b in view.boards]
            if stored != [(p.white, p.black) for p in pairing.pairs] and not view.changed_by_hand:
                header.append(
                    "Note: recomputed now, on the results as they stand; a result corrected "
                    "since may explain a difference from the published pairing."
                )
        text = "\n".join([*header, "", *(lines or ["(the engine gave no explanation)"])])
        self.w.explanation_ready.emit(n, text)
        self.w.prompter.show_text(f"Explain round {n}", text)
