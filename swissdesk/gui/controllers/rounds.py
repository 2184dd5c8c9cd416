"""The rounds page's controller: the board list of a round, results typed on it (C.04.2
art. 4.3 corrections for earlier rounds), manual pairing changes (art. 4.4) and unpairing.

Pairing itself (the engine in its worker, the explanation) is the pairing controller's
(:mod:`swissdesk.gui.pairing`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from swissdesk.gui import manual
from swissdesk.gui.dialogs import ManualPairingDialog
from swissdesk.model.round_robin import is_round_robin
from swissdesk.storage import (
    Action,
    BoardResult,
    ConfirmationRequired,
    CorrectResult,
    EnterMatchResult,
    EnterResult,
    ManualPairingChange,
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
        r.round_selected.connect(self.show_round)
        r.table.result_typed.connect(self.result_typed)

    def update_enabled(self) -> None:
        """Unpair and change only the last round (unpair: before any result); not while
        the engine pairs."""
        busy = self.w.controller.busy
        page = self.w.rounds_page
        actions = self.w.menu_actions
        view = self.view
        last = view is not None and view.round_number == self.w.rounds_paired
        results = view is not None and any(b.has_result for b in view.boards)
        actions["unpair"].setEnabled(last and not results and not busy)
        page.unpair_button.setEnabled(last and not results and not busy)
        actions["manual"].setEnabled(last and not busy)
        page.manual_button.setEnabled(last and not busy)

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
            view = self.w.guarded(f"Round {round_number}", lambda: tf.round_view(round_number))
        same_round = (
            self.view is not None
            and view is not None
            and self.view.round_number == view.round_number
        )
        self.view = view
        withdrawn = frozenset(t for t, r in self.w.withdrawn.items() if r <= round_number)
        settings = self.w.tournament_settings
        page.model.round_robin = settings is not None and is_round_robin(settings.system)
        page.model.set_round(view, withdrawn)
        if view is None:
            page.counter.setText("")
            page.notice.setText("No round paired yet: register the players, then pair round 1.")
        else:
            self._show_counter()
            notes = []
            if view.changed_by_hand:
                notes.append("pairing changed by hand")
            if round_number < self.w.rounds_paired:
                notes.append("earlier round: a change is logged as a correction")
            if any(b.games is not None for b in view.boards):
                notes.append(
                    "Double-Swiss: type game 1, then game 2 in its own colours (shown: the "
                    "match, then both games from White's side)"
                )
            page.notice.setText("; ".join(notes))
        if view is not None and page.model.rowCount():
            if not (same_round and row >= 0):
                missing = view.missing_results
                row = page.model.row_of_board(missing[0]) if missing else 0
            page.select_row(min(row, page.model.rowCount() - 1))
        self.w.update_enabled()

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
        if n == self.w.rounds_paired and (
            board.result_text == "" or result is None or board.result is result
        ):
            action: Action = EnterResult(n, board.board, result)
        elif n == self.w.rounds_paired and result is not None:
            # Overwriting a result of the current round is a correction: asked, then
            # logged as one (never silently).
            if not self.w.prompter.confirm(
                "Correct result",
                f"Round {n}, board {board.board} ({board.white_name} – {board.black_name}) "
                f"already has {board.result_text}: change it to {result.value}?",
            ):
                return
            action = CorrectResult(n, board.board, result, reason="overwritten in the round view")
        else:
            if result is None:
                self.w.prompter.error(
                    "Correct result", "A result of an earlier round can be corrected, not cleared."
                )
                return
            if result is board.result:
                self._advance(row)
                return
            before = board.result_text or "no result"
            if not self.w.prompter.confirm(
                "Correct result",
                f"Round {n}, board {board.board} ({board.white_name} – {board.black_name}): "
                f"change {before} to {result.value}?\n\nThe standings change; rounds already "
                "paired keep their pairing (C.04.2 art. 4.3).",
            ):
                return
            action = CorrectResult(n, board.board, result, reason="corrected in the round view")
        if self.w.run_action(action, f"Round {n}, board {board.board}", light=True) is not None:
            self._advance(row)

    def _match_of_teams(self, round_number: int, match: int) -> None:
        """A result key on a match of a team event: refused at once (the match's result is
        the sum of its boards) and the arbiter taken to that match's boards."""
        self.w.prompter.info(
            "Team match",
            f"Round {round_number}, match {match}: a team match's result comes from its "
            "boards. Type each board's result on the Matches page (it opens now, on this "
            "match).",
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
        where = f"Round {n}, board {board.board}"
        if result is BoardResult.ADJOURNED:
            self.w.prompter.error(where, "A Double-Swiss game is entered as a result.")
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
                f"Board {board.board}: game 1 {result.value}; now game 2 "
                f"({board.black_name} has White)"
            )
            return
        first = self.first_game[2]
        self.first_game = None
        page.notice.setText("")
        reason = ""
        if n < self.w.rounds_paired:
            if not self.w.prompter.confirm(
                "Correct result",
                f"{where} ({board.white_name} – {board.black_name}): change "
                f"{board.result_text or 'no result'} to {first.value} {result.value}?\n\n"
                "The standings change; rounds already paired keep their pairing "
                "(C.04.2 art. 4.3).",
            ):
                return
            reason = "corrected in the round view"
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
        page.counter.setText(
            f"{page.model.results_entered} of {page.model.board_count} results entered"
        )

    def set_result(self, value: str) -> None:
        """Round > Set result (and the board list's context menu): the selected board."""
        page = self.w.rounds_page
        row = page.table.currentIndex().row()
        if row < 0 or page.model.board_at(row) is None:
            self.w.prompter.info("Set result", "Select a board in the round view first.")
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

    def unpair_round(self) -> None:
        view = self.view
        if view is None:
            return
        if self.w.prompter.confirm(
            "Unpair round",
            f"Delete the pairing of round {view.round_number}? It has no results yet; "
            "the deletion is logged and can be undone.",
        ):
            self.w.pairing.explanations.pop(view.round_number, None)
            self.w.run_action(UnpairLastRound(), "Unpair round")

    def manual_pairing(self) -> None:
        view = self.view
        if view is None or view.round_number != self.w.rounds_paired:
            return
        placed: list[tuple[int, str]] = []
        for b in view.boards:
            placed += [(b.white_tpn, b.white_name), (b.black_tpn, b.black_name)]
        if view.pab is not None:
            placed.append((view.pab.tpn, view.pab.name))
        placed.sort()
        dialog = ManualPairingDialog(placed, view.pab is not None, self.w)
        if not self.w.prompter.run_dialog(dialog):
            return
        choice = dialog.choice()
        self.apply_manual_change(view, choice.operation, choice.first, choice.second, choice.reason)

    def apply_manual_change(
        self, view: RoundView, operation: str, first: int, second: int | None, reason: str
    ) -> bool:
        """Compute the new pairing, let storage check the absolute criteria, ask the arbiter
        to confirm a violation, then store it (logged with the engine's pairing)."""

        def compute() -> tuple[Any, int | None]:
            if operation == "bye":
                return manual.give_bye(view, first)
            assert second is not None
            if operation == "opponents":
                return manual.set_opponents(view, first, second)
            return manual.swap_players(view, first, second)

        change = self.w.guarded("Change pairing", compute)
        if change is None:
            return False
        pairs, bye = change
        action = ManualPairingChange(view.round_number, pairs, bye, reason=reason)
        try:
            return self.w.run_action(action, "Change pairing") is not None
        except ConfirmationRequired as exc:
            if not self.w.prompter.confirm(
                "The change breaks an absolute criterion",
                "This pairing breaks the absolute criteria of C.04.3 art. 2.1. "
                "Pair it anyway? It will be recorded in the audit log.",
                exc.warnings,
            ):
                return False
            confirmed = ManualPairingChange(
                view.round_number, pairs, bye, confirmed=True, reason=reason
            )
            return self.w.run_action(confirmed, "Change pairing") is not None
