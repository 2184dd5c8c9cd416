"""The rounds page's controller: the board list of a round, results typed on it (C.04.2
art. 4.3 corrections for earlier rounds), manual pairing changes (art. 4.4) and unpairing.

Pairing itself (the engine in its worker, the explanation) is the pairing controller's
(:mod:`swissdesk.gui.pairing`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from swissdesk.gui import manual
from swissdesk.gui.dialogs import ManualPairingDialog
from swissdesk.gui.player_dialogs import RatingCorrectionDialog
from swissdesk.i18n import _, ngettext
from swissdesk.model.chess960 import describe
from swissdesk.model.round_robin import is_round_robin
from swissdesk.storage import (
    Action,
    BoardResult,
    CancelManualPairing,
    CorrectResult,
    EndManualPairing,
    EnterMatchResult,
    EnterResult,
    ManualPairingChange,
    RatingCorrection,
    RoundView,
    UnpairLastRound,
)

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow


class RoundsController:
    """The Round menu's board commands, the rounds page's buttons and result keys."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.view: RoundView | None = None
        """The round shown (``None`` before round 1 is paired)."""
        self.first_game: tuple[int, int, BoardResult] | None = None
        """Double-Swiss: (round, board, game 1's result) typed, waiting for game 2's key."""
        r = window.rounds_page
        r.manual_button.clicked.connect(self.manual_pairing)
        r.unpair_button.clicked.connect(self.unpair_round)
        r.finish_manual_button.clicked.connect(self.finish_manual_pairing)
        r.cancel_manual_button.clicked.connect(self.cancel_manual_pairing)
        r.round_selected.connect(self.show_round)
        r.table.result_typed.connect(self.result_typed)

    def update_enabled(self) -> None:
        """Unpair only the last round, before any result; pair by hand the next round or
        the last one; while a round is paired by hand, only its changes, Finish and Cancel
        (C.02 VCL Q65); nothing while the engine works."""
        busy = self.w.controller.busy
        page = self.w.rounds_page
        actions = self.w.menu_actions
        view = self.view
        phase = self.w.manual_phase
        last = view is not None and view.round_number == self.w.rounds_paired
        results = view is not None and any(b.has_result for b in view.boards)
        free = not busy and phase is None
        actions["unpair"].setEnabled(last and not results and free)
        page.unpair_button.setEnabled(last and not results and free)
        can_start = (
            free
            and self.w.file is not None
            and (self.w.rounds_paired > 0 or self.w.pairing.can_pair)
        )
        actions["pair_by_hand"].setEnabled(can_start)
        in_phase = phase is not None and not busy
        actions["manual"].setEnabled(in_phase or (last and free))
        page.manual_button.setEnabled(in_phase or can_start)
        page.manual_button.setText(_("Change pairing…") if in_phase else _("Pair by hand…"))
        actions["finish_manual"].setEnabled(in_phase)
        actions["cancel_manual"].setEnabled(in_phase)

    def refresh_rounds(self, round_number: int | None = None) -> None:
        if self.w.file is None or self.w.tournament_settings is None:
            return
        paired = self.w.rounds_paired
        page = self.w.rounds_page
        shown = round_number or (page.current_round() if page.tabs.count() else paired)
        if self.view is None or shown > paired or shown < 1:
            shown = max(paired, 1) if paired else 0
        page.set_rounds(paired, shown)
        self.show_round(shown, keep_row=True)

    def show_round(self, round_number: int, *, keep_row: bool = False) -> None:
        if self.w.file is None:
            return
        tf = self.w.file
        page = self.w.rounds_page
        row = page.table.currentIndex().row() if keep_row else -1
        view = None
        if round_number >= 1:
            view = self.w.guarded(
                _("Round {round_number}").format(round_number=round_number),
                lambda: tf.round_view(round_number),
            )
        same_round = (
            self.view is not None
            and view is not None
            and self.view.round_number == view.round_number
        )
        self.view = view
        withdrawn = frozenset(t for t, r in self.w.withdrawn.items() if r <= round_number)
        settings = self.w.tournament_settings
        page.model.round_robin = settings is not None and is_round_robin(settings.system)
        page.model.reports = self.w.phones.reports_for(round_number) if view else {}
        page.model.set_round(view, withdrawn)
        if view is None:
            page.counter.setText("")
            page.notice.setText(_("No round paired yet: register the players, then pair round 1."))
        else:
            self._show_counter()
            notes = []
            if view.changed_by_hand and not view.manual:
                notes.append(_("pairing changed by hand"))
            if round_number < self.w.rounds_paired:
                notes.append(_("earlier round: a change is logged as a correction"))
            if any(b.games is not None for b in view.boards):
                notes.append(
                    _(
                        "Double-Swiss: type game 1, then game 2 in its own colours (shown: the "
                        "match, then both games from White's side)"
                    )
                )
            page.notice.setText("; ".join(notes))
        page.show_manual_phase(self._phase_text(view))
        if view is not None and page.model.rowCount():
            if not (same_round and row >= 0):
                missing = view.missing_results
                row = page.model.row_of_board(missing[0]) if missing else 0
            page.select_row(min(row, page.model.rowCount() - 1))
        self.w.update_enabled()

    def _phase_text(self, view: RoundView | None) -> str | None:
        """The banner of the manual-pairing phase (None when no round is paired by hand)."""
        phase = self.w.manual_phase
        if phase is None:
            return None
        n = phase.round_number
        text = (
            _("Round {number} is being created by hand (Round > Change pairing…).")
            if phase.creating
            else _("Round {number} is being changed by hand (Round > Change pairing…).")
        ).format(number=n)
        if view is not None and view.round_number == n and view.to_pair:
            listed = ", ".join(f"{tpn} {name}" for tpn, name in view.to_pair[:12])
            more = len(view.to_pair) - 12
            text += " " + (
                ngettext(
                    "Not paired yet: {players} and {count} more.",
                    "Not paired yet: {players} and {count} more.",
                    more,
                ).format(players=listed, count=more)
                if more > 0
                else _("Not paired yet: {players}.").format(players=listed)
            )
        if phase.engine_pairing is None:
            text += " " + (
                _("The engine found no pairing by the rules ({error}).").format(
                    error=phase.engine_error
                )
                if phase.engine_error
                else _("The engine found no pairing by the rules.")
            )
        text += " " + _("Finish compares it with the engine's pairing.")
        return text

    def result_typed(self, row: int, result: BoardResult | None) -> None:
        """A result key on the board list: store it and move to the next board."""
        view = self.view
        board = self.w.rounds_page.model.board_at(row)
        if view is None or board is None or self.w.file is None:
            return
        if self.w.teams.is_team:
            self._match_of_teams(view.round_number, board.board)
            return
        if any(b.games is not None for b in view.boards):
            self.match_key_typed(row, result)
            return
        n = view.round_number
        # Changing a result already entered is asked by storage at the checklist's level
        # (Level 2 in the round being played; Level 3 and a ### Correction line for an
        # earlier round; refused in FIDE mode before the previous round).
        if n == self.w.rounds_paired and (
            board.result_text == "" or result is None or board.result is result
        ):
            action: Action = EnterResult(n, board.board, result)
        elif n == self.w.rounds_paired and result is not None:
            action = CorrectResult(n, board.board, result, reason="overwritten in the round view")
        else:
            if result is None:
                self.w.prompter.error(
                    _("Correct result"),
                    _("A result of an earlier round can be corrected, not cleared."),
                )
                return
            if result is board.result:
                self._advance(row)
                return
            action = CorrectResult(n, board.board, result, reason="corrected in the round view")
        if (
            self.w.run_action(
                action, _("Round {n}, board {board}").format(n=n, board=board.board), light=True
            )
            is not None
        ):
            self._advance(row)

    def _match_of_teams(self, round_number: int, match: int) -> None:
        """A result key on a match of a team event: refused at once (the match's result is
        the sum of its boards) and the arbiter taken to that match's boards."""
        self.w.prompter.info(
            _("Team match"),
            _(
                "Round {round_number}, match {match}: a team match's result comes from its boards. Type each board's result on the Matches page (it opens now, on this match)."
            ).format(round_number=round_number, match=match),
        )
        self.w.teams.go_to_match(round_number, match)

    def match_key_typed(self, row: int, result: BoardResult | None) -> None:
        """Double-Swiss (C.04.5): two keys per board, game 1 then game 2, each in that game's
        colours (game 2: the board's Black has White); then the match is stored and the
        next board selected. Del clears the board (or the first key typed)."""
        view = self.view
        board = self.w.rounds_page.model.board_at(row)
        page = self.w.rounds_page
        if view is None or board is None:
            return
        n = view.round_number
        where = _("Round {n}, board {board}").format(n=n, board=board.board)
        if result is BoardResult.ADJOURNED:
            self.w.prompter.error(where, _("A Double-Swiss game is entered as a result."))
            return
        if result is None:
            pending, self.first_game = self.first_game, None
            if pending is None and board.has_result and n == self.w.rounds_paired:
                self.w.run_action(EnterMatchResult(n, board.board, None, None), where, light=True)
            page.notice.setText("")
            return
        if self.first_game is None or self.first_game[:2] != (n, board.board):
            self.first_game = (n, board.board, result)
            page.notice.setText(
                _("Board {board}: game 1 {value}; now game 2 ({black_name} has White)").format(
                    board=board.board, value=result.value, black_name=board.black_name
                )
            )
            return
        first = self.first_game[2]
        self.first_game = None
        page.notice.setText("")
        reason = "corrected in the round view" if n < self.w.rounds_paired else ""
        action = EnterMatchResult(n, board.board, first, result, reason=reason)
        if self.w.run_action(action, where, light=True) is not None:
            self._advance(row)

    def apply_result(self, board_number: int, result: BoardResult | None) -> bool:
        """Show a result just saved on the last round's board without re-reading the round
        (one row changes; a 750-board round stays quick). False: re-read instead."""
        view = self.view
        page = self.w.rounds_page
        row = page.model.row_of_board(board_number)
        board = page.model.board_at(row)
        if view is None or board is None:
            return False
        changed = replace(
            board, result=result, result_text=result.value if result is not None else ""
        )
        boards = tuple(changed if b.board == board_number else b for b in view.boards)
        self.view = replace(
            view, boards=boards, complete=view.paired and all(b.has_result for b in boards)
        )
        page.model.update_board(row, changed, self.view)
        self._show_counter()
        self.w.update_enabled()
        return True

    def _show_counter(self) -> None:
        page = self.w.rounds_page
        text = _("{results_entered} of {board_count} results entered").format(
            results_entered=page.model.results_entered, board_count=page.model.board_count
        )
        view, tf = self.view, self.w.file
        if view is not None and tf is not None:  # a Chess960 event: the round's position
            state = self.w.guarded(_("Chess960"), tf.chess960)
            number = state.position(view.round_number) if state is not None else None
            if number is not None:
                text += f"   ·   {describe(number)}"
        page.counter.setText(text)

    def set_result(self, value: str) -> None:
        """Round > Set result (and the board list's context menu): the selected board."""
        page = self.w.rounds_page
        row = page.table.currentIndex().row()
        if row < 0 or page.model.board_at(row) is None:
            self.w.prompter.info(_("Set result"), _("Select a board in the round view first."))
            return
        self.result_typed(row, BoardResult(value) if value else None)

    def find_board(self) -> None:
        """Round > Find board or player: the round view's find field."""
        self.w.show_page(self.w.PAGE_ROUNDS)
        self.w.rounds_page.start_find()

    def previous_round(self) -> None:
        self._step_round(-1)

    def next_round(self) -> None:
        self._step_round(1)

    def _step_round(self, delta: int) -> None:
        """Ctrl+PgUp / Ctrl+PgDown: the previous or next round's tab."""
        page = self.w.rounds_page
        self.w.show_page(self.w.PAGE_ROUNDS)
        target = page.tabs.currentIndex() + delta
        if 0 <= target < page.tabs.count():
            page.tabs.setCurrentIndex(target)

    def _advance(self, row: int) -> None:
        model = self.w.rounds_page.model
        target = row + 1 if model.board_at(row + 1) is not None else row
        self.w.rounds_page.select_row(target)

    def next_missing(self) -> None:
        view = self.view
        if view is None:
            return
        self.w.show_page(self.w.PAGE_ROUNDS)
        missing = view.missing_results
        if missing:
            self.w.rounds_page.select_row(self.w.rounds_page.model.row_of_board(missing[0]))
            self.w.rounds_page.table.setFocus()

    def rating_correction(self) -> None:
        """Round > Correct for the rating report… (and the board list's context menu): the
        selected board's result for the rating changes only (C.02 VCL Q192-193)."""
        page = self.w.rounds_page
        view = self.view
        tf = self.w.file
        row = page.table.currentIndex().row()
        board = page.model.board_at(row) if row >= 0 else None
        if view is None or tf is None or board is None:
            self.w.prompter.info(
                _("Correct for the rating report"), _("Select a board in the round view first.")
            )
            return
        if not board.has_result:
            self.w.prompter.info(
                _("Correct for the rating report"),
                _(
                    "Board {board} of round {round_number} has no result yet: enter it first."
                ).format(board=board.board, round_number=view.round_number),
            )
            return
        listed = self.w.guarded(_("Correct for the rating report"), tf.rating_corrections) or []
        current = next(
            (
                c.result
                for c in listed
                if c.round_number == view.round_number and c.board == board.board
            ),
            "",
        )
        players = f"{board.white_tpn} {board.white_name} – {board.black_tpn} {board.black_name}"
        dialog = RatingCorrectionDialog(
            view.round_number, board.board, players, board.result_text, current, self.w
        )
        if not self.w.prompter.run_dialog(dialog):
            return
        result = dialog.chosen()
        if result is None and not current:
            return  # the result entered, and no correction to remove
        action = RatingCorrection(
            view.round_number, board.board, result, reason=dialog.reason.text().strip()
        )
        self.w.run_action(action, _("Correct for the rating report"))

    def unpair_round(self) -> None:
        view = self.view
        if view is None:
            return
        if self.w.prompter.confirm(
            _("Unpair round"),
            _(
                "Delete the pairing of round {round_number}? It has no results yet; the deletion is logged and can be undone."
            ).format(round_number=view.round_number),
        ):
            self.w.pairing.explanations.pop(view.round_number, None)
            self.w.run_action(UnpairLastRound(), _("Unpair round"))

    # -----------------------------------------------------------------------------------
    # The manual-pairing phase (C.02 VCL Q63-69)

    def pair_by_hand(self) -> None:
        """Round > Pair by hand…: open the manual-pairing phase of the next round (created
        by hand, from the engine's boards or empty) or, when it cannot be paired yet, of
        the last paired round (to change it). The engine's pairing is computed first, off
        the window's thread, for the comparison at the end."""
        if self.w.file is None or self.w.manual_phase is not None or self.w.controller.busy:
            return
        if self.w.pairing.can_pair:
            n = self.w.rounds_paired + 1
            choice = self.w.prompter.choose(
                _("Pair round {n} by hand").format(n=n),
                _(
                    "Round {n} is paired by hand until you finish; the result is then compared with the engine's pairing. Start from:"
                ).format(n=n),
                [_("the engine's pairing (change what you must)"), _("an empty round")],
            )
            if choice is None:
                return
            self.w.pairing.start_manual(n, from_engine=choice == 0)
        elif self.w.rounds_paired:
            n = self.w.rounds_paired
            if not self.w.prompter.confirm(
                _("Change round {n} by hand").format(n=n),
                _(
                    "Open round {n} to change its pairing by hand? When you finish, it is compared with the engine's pairing; a difference is recorded as '### MPA @ Round {n}'."
                ).format(n=n),
                default_yes=True,
            ):
                return
            self.w.pairing.start_manual(n, from_engine=False, then_change=True)

    def manual_pairing(self) -> None:
        """Round > Change pairing…: one change of the round being paired by hand (the phase
        is opened first when none is)."""
        phase = self.w.manual_phase
        if phase is None:
            self.pair_by_hand()
            return
        tf = self.w.file
        if tf is None:
            return
        view = self.w.guarded(_("Change pairing"), lambda: tf.round_view(phase.round_number))
        if view is None:
            return
        placed: list[tuple[int, str, str]] = []
        for b in view.boards:
            white = (
                _("board {number}, White, result in")
                if b.has_result
                else _("board {number}, White")
            ).format(number=b.board)
            black = (
                _("board {number}, Black, result in")
                if b.has_result
                else _("board {number}, Black")
            ).format(number=b.board)
            placed.append((b.white_tpn, b.white_name, white))
            placed.append((b.black_tpn, b.black_name, black))
        if view.pab is not None:
            placed.append((view.pab.tpn, view.pab.name, _("PAB")))
        placed += [(tpn, name, _("not paired yet")) for tpn, name in view.to_pair]
        placed.sort()
        dialog = ManualPairingDialog(placed, view.round_number, self.w)
        if not self.w.prompter.run_dialog(dialog):
            return
        choice = dialog.choice()
        self.apply_manual_change(view, choice.operation, choice.first, choice.second, choice.reason)

    def apply_manual_change(
        self, view: RoundView, operation: str, first: int, second: int | None, reason: str
    ) -> bool:
        """One change of the round being paired by hand (the phase is opened first when
        none is: the engine's pairing is then computed here). Storage checks the new
        boards and asks at the warning's level."""
        tf = self.w.file
        if tf is None:
            return False
        if self.w.manual_phase is None:
            started = self.w.run_action_call(
                _("Pair by hand"), lambda: tf.start_manual_pairing(view.round_number)
            )
            if not started:
                return False
        current = self.w.guarded(_("Change pairing"), lambda: tf.round_view(view.round_number))
        if current is None:
            return False
        change = self.w.guarded(
            _("Change pairing"), lambda: manual.apply_operation(current, operation, first, second)
        )
        if change is None:
            return False
        pairs, bye = change
        action = ManualPairingChange(view.round_number, pairs, bye, reason=reason)
        return self.w.run_action(action, _("Change pairing")) is not None

    def finish_manual_pairing(self) -> bool:
        """Round > Finish pairing by hand: everyone must be paired; the round is compared
        with the engine's pairing, a difference asked at Level 4 (C.02 VCL Q68-69)."""
        phase = self.w.manual_phase
        if phase is None:
            return False
        done = self.w.run_action(EndManualPairing(phase.round_number), _("Finish pairing by hand"))
        if done is not None:
            self.w.prompter.info(
                _("Pairing by hand finished"), done.summary[:1].upper() + done.summary[1:] + "."
            )
        return done is not None

    def cancel_manual_pairing(self) -> bool:
        """Round > Cancel pairing by hand: the round back as it was at the start."""
        phase = self.w.manual_phase
        if phase is None:
            return False
        what = (
            _("The round being created is removed.")
            if phase.creating
            else _("Its pairing goes back to what it was.")
        )
        if not self.w.prompter.confirm(
            _("Cancel pairing by hand"),
            _("Cancel the pairing of round {round_number} by hand? {what}").format(
                round_number=phase.round_number, what=what
            ),
        ):
            return False
        action = CancelManualPairing(phase.round_number)
        return self.w.run_action(action, _("Cancel pairing by hand")) is not None
