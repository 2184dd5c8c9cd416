"""The players page's controller: register, correct and order the participants, late
entries, withdrawals and requested byes (C.04.2 art. 2-3).

Each action opens its dialog, then runs one storage command through the window's action
lane (:meth:`MainWindow.run_action <swissdesk.gui.mainwindow.MainWindow.run_action>`).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from swissdesk.gui.dialogs import ByeDialog, LateEntryDialog, PlayerDialog, WithdrawDialog
from swissdesk.gui.models import PlayersModel
from swissdesk.gui.player_dialogs import DeskPlayerDialog, ProhibitedPairsDialog
from swissdesk.gui.round_robin import DrawLotsDialog, PairingNumbersDialog
from swissdesk.gui.tablemodel import points_words
from swissdesk.i18n import _
from swissdesk.model.ratings import ARBITER, RatingMethod
from swissdesk.model.round_robin import is_round_robin
from swissdesk.storage import (
    AddPlayer,
    AssignPairingNumbers,
    CancelBye,
    DrawLots,
    EditPlayer,
    ExpelPlayer,
    LateEntry,
    PlayerData,
    ProhibitPairs,
    RemovePlayer,
    RequestBye,
    SetHalfByeEligibility,
    SetLaterRatings,
    Withdraw,
)

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow


class PlayersController:
    """The Players menu, the players page's toolbar, context menu and in-place edits."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        page = window.players_page
        page.model.commit = self._commit_player_edit
        page.model.invalid_edit.connect(lambda msg: self.w.prompter.error(_("Player data"), msg))
        page.table.doubleClicked.connect(lambda _i: None)

    def update_enabled(self) -> None:
        """Registering and removing before round 1, late entries after; TPNs until round 4
        (a round robin: its numbers are its places in the table, final at round 1, and it
        has no late entries or requested byes)."""
        before_round_one = self.w.rounds_paired == 0
        settings = self.w.tournament_settings
        table = settings is not None and is_round_robin(settings.system)
        actions = self.w.menu_actions
        actions["add_player"].setEnabled(before_round_one)
        actions["remove_player"].setEnabled(before_round_one)
        actions["late"].setEnabled(not before_round_one and not table)
        actions["bye"].setEnabled(not table)
        # Out of FIDE mode numbers may still change after round 4, as a Level-4 warning
        # (C.04.2 art. 2.3; checklist Q151-152); in FIDE mode they are frozen.
        fide = settings is None or settings.fide_mode
        numbers = self.w.rounds_paired < (1 if table else 4) or not (table or fide)
        actions["sort"].setEnabled(numbers)
        actions["draw_lots"].setEnabled(before_round_one)
        actions["order_numbers"].setEnabled(numbers)
        # Later ratings belong to an event over 30 days (C.02 VCL Q210-213).
        actions["later_ratings"].setEnabled(
            settings is not None and settings.rating_rules.long_event and not settings.is_team
        )

    def refresh_players(self) -> None:
        page = self.w.players_page
        settings = self.w.tournament_settings
        method = settings.rating_rules.method if settings is not None else RatingMethod.FIDE
        page.model.set_players(self.w.player_rows, method)
        # The tournament rating is its own column when the method makes it differ (Q116).
        # With FIDE's method it still differs where the list sequence gives another list's
        # rating or the arbiter's estimate stands in (Q123, C.04.2 art. 2.1).
        differs = any(r.tournament_rating != r.rating for r in self.w.player_rows)
        page.table.setColumnHidden(
            PlayersModel.TOURNAMENT_RATING, method is RatingMethod.FIDE and not differs
        )
        page.refresh_count()

    def _selected_tpn(self) -> int | None:
        if self.w.tabs.currentIndex() == self.w.PAGE_PLAYERS:
            return self.w.players_page.selected_tpn()
        return None

    def _national_federation(self) -> str:
        """The federation whose national list the section reads (record 172's)."""
        s = self.w.tournament_settings
        return s.rating_rules.federation(s.federation) if s is not None else ""

    def _commit_player_edit(self, tpn: int, data: PlayerData) -> bool:
        return self.w.run_action(EditPlayer(tpn, data), _("Edit player"), deferred=True) is not None

    def add_player(self) -> None:
        """Players > Add player (also the desk's): the section to register in, chosen in
        the dialog for an event of several; the desk's warnings shown before OK."""
        tf = self.w.file
        if tf is None:
            return
        sections = self.w.sections or []
        if not sections:
            sections = self.w.guarded(_("Add player"), tf.sections) or []
        dialog = DeskPlayerDialog(
            sections,
            tf.section_id,
            lambda data, section: tf.desk_warnings(data, section),
            self.w,
            national_federation=self._national_federation(),
        )
        if not self.w.prompter.run_dialog(dialog):
            return
        section = dialog.section_id()
        if self.w.run_action(AddPlayer(dialog.data()), _("Add player"), section=section):
            if section == tf.section_id and self.w.tabs.currentIndex() != self.w.PAGE_DESK:
                self.w.show_page(self.w.PAGE_PLAYERS)
            elif section != tf.section_id:
                name = next((s.name for s in self.w.sections if s.id == section), "")
                self.w.statusBar().showMessage(
                    _("{player} registered in {section}").format(
                        player=dialog.data().name, section=name
                    ),
                    10_000,
                )

    def edit_player(self) -> None:
        tpn = self._selected_tpn()
        row = next((p for p in self.w.player_rows if p.tpn == tpn), None)
        if row is None:
            self.w.prompter.info(_("Edit player"), _("Select a player in the players list first."))
            return
        dialog = PlayerDialog(
            row.data,
            self.w,
            title=_("Edit no. {number}").format(number=row.tpn),
            rating_kind=self.w.rating_list.rating_kind(),
            national_federation=self._national_federation(),
        )
        if self.w.prompter.run_dialog(dialog):
            self.w.run_action(EditPlayer(row.tpn, dialog.data()), _("Edit player"))

    def remove_player(self) -> None:
        tpn = self._selected_tpn()
        row = next((p for p in self.w.player_rows if p.tpn == tpn), None)
        if row is None:
            self.w.prompter.info(
                _("Remove player"), _("Select a player in the players list first.")
            )
            return
        n = len(self.w.player_rows)
        question = _("Remove no. {tpn} {name}?").format(tpn=row.tpn, name=row.name)
        if row.tpn < n:
            question += "\n" + _("Pairing numbers {first}–{last} will move up by one.").format(
                first=row.tpn + 1, last=n
            )
        if self.w.prompter.confirm(_("Remove player"), question):
            self.w.run_action(RemovePlayer(row.tpn), _("Remove player"))

    def players_in_initial_order(self) -> bool:
        """Whether TPNs follow C.04.2 art. 2.2 (tournament rating, title, the section's
        criterion)."""
        tf = self.w.file
        return (
            True if tf is None else bool(self.w.guarded(_("Pairing numbers"), tf.in_initial_order))
        )

    def assign_pairing_numbers(self) -> None:
        self.run_numbering(AssignPairingNumbers(), _("Sort pairing numbers"))

    def run_numbering(self, action: AssignPairingNumbers, title: str) -> bool:
        """Run ``action``; what departs from C.04.2 art. 2.2 is asked first (checklist
        Q149, Q150, Q154: the arbiter confirms, the audit log keeps it)."""
        # The warning is asked by the action lane at its level (storage.levels), like
        # every other action's; No changes nothing.
        return self.w.run_action(action, title) is not None

    def draw_lots(self) -> None:
        """Pairing numbers by lot or by the Varma tables (GRC Annex 2), seed recorded."""
        dialog = DrawLotsDialog(len(self.w.player_rows), self.w)
        if self.w.prompter.run_dialog(dialog):
            action = DrawLots(
                seed=dialog.seed_value(), method=dialog.method(), apart=dialog.apart_by()
            )
            if self.w.run_action(action, _("Draw pairing numbers")):
                self.w.show_page(self.w.PAGE_PLAYERS)

    def order_pairing_numbers(self) -> None:
        """The arbiter's own numbering (a round robin's table places, assigned by hand)."""
        if not self.w.player_rows:
            self.w.prompter.info(_("Set pairing numbers"), _("Register the players first."))
            return
        dialog = PairingNumbersDialog(self.w.player_rows, self.w)
        if self.w.prompter.run_dialog(dialog):
            self.run_numbering(AssignPairingNumbers(dialog.order()), _("Set pairing numbers"))

    def late_entry(self) -> None:
        if self.w.tournament_settings is None or self.w.teams.late_entry_refused():
            return
        s = self.w.tournament_settings
        dialog = LateEntryDialog(
            self.w.player_rows,
            self.w.rounds_paired,
            s.total_rounds,
            points_words(s.scoring.points(s.late_entry_result)),
            self.w,
            scoring=s.scoring,
            default_missed=s.late_entry_result,
            rating_kind=self.w.rating_list.rating_kind(),
        )
        if self.w.prompter.run_dialog(dialog):
            action = LateEntry(dialog.data(), dialog.from_round.value(), dialog.missed_result())
            self.w.run_action(action, _("Late entry"))

    def withdraw(self) -> None:
        if self.w.tournament_settings is None:
            return
        dialog = WithdrawDialog(
            self.w.player_rows,
            self.w.rounds_paired + 1,
            self.w.tournament_settings.total_rounds,
            self._selected_tpn(),
            self.w,
        )
        if self.w.prompter.run_dialog(dialog):
            self.w.run_action(Withdraw(dialog.tpn(), dialog.round_number()), _("Withdraw player"))

    def expel(self) -> None:
        """Players > Expel player…: withdrawn from the round chosen on and left out of the
        standings (C.02 VCL Q197-198); the reason is kept in the audit log."""
        if self.w.tournament_settings is None:
            return
        dialog = WithdrawDialog(
            self.w.player_rows,
            self.w.rounds_paired + 1,
            self.w.tournament_settings.total_rounds,
            self._selected_tpn(),
            self.w,
        )
        dialog.setWindowTitle(_("Expel player"))
        if not self.w.prompter.run_dialog(dialog):
            return
        reason = self.w.prompter.ask_text(
            _("Expel player"), _("Why (kept in the audit log; may stay empty):")
        )
        if reason is None:
            return
        self.w.run_action(
            ExpelPlayer(dialog.tpn(), dialog.round_number(), reason.strip()), _("Expel player")
        )

    def later_ratings(self) -> None:
        """Players > Later ratings…: the ratings of a later rating period, from a round on
        (C.02 VCL Q212-213), for the whole section at once."""
        from swissdesk.gui.later_ratings import LaterRatingsDialog

        settings = self.w.tournament_settings
        if settings is None:
            return
        if not settings.rating_rules.long_event:
            self.w.prompter.error(
                _("Later ratings"),
                _(
                    "Later ratings belong to an event over 30 days: tick Over 30 days in the "
                    "tournament settings (Ranking rating) first."
                ),
            )
            return
        dialog = LaterRatingsDialog(
            self.w.player_rows, settings.total_rounds, self.w.rounds_paired + 1, self.w
        )
        if not self.w.prompter.run_dialog(dialog):
            return
        source, date = dialog.source()
        if not source:
            source, date = ARBITER, datetime.date.today().isoformat()
        action = SetLaterRatings(dialog.round.value(), dialog.changes(), source, date)
        self.w.run_action(action, _("Later ratings"))

    def half_byes(self) -> None:
        """Players > Half-point byes…: whether the selected player may have half-point byes
        under the tournament's rules (C.02 VCL Q175-176)."""
        tf = self.w.file
        tpn = self._selected_tpn()
        if tf is None:
            return
        if tpn is None:
            self.w.prompter.error(
                _("Half-point byes"), _("Select a player on the Players page first.")
            )
            return
        refused = self.w.guarded(_("Half-point byes"), tf.half_byes_refused)
        if refused is None:
            return
        now = _("refused") if tpn in refused else _("allowed")
        choice = self.w.prompter.choose(
            _("Half-point byes"),
            _(
                "No. {tpn}: half-point byes are {now} now. Under the tournament's rules (a free entry, a qualification condition) a player may be refused them."
            ).format(tpn=tpn, now=now),
            [_("Allowed"), _("Refused")],
        )
        # (the words are translated: the choice is compared with the state, not the word)
        if choice is None or (choice == 0) == (tpn not in refused):
            return
        self.w.run_action(SetHalfByeEligibility(tpn, choice == 0), _("Half-point byes"))

    def request_bye(self) -> None:
        if self.w.tournament_settings is None:
            return
        dialog = ByeDialog(
            self.w.player_rows,
            self.w.rounds_paired + 1,
            self.w.tournament_settings.total_rounds,
            self.w.tournament_settings.scoring,
            self._selected_tpn(),
            self.w,
        )
        if self.w.prompter.run_dialog(dialog):
            self.w.run_action(
                RequestBye(dialog.tpn(), dialog.round_number(), dialog.bye_kind()),
                _("Requested bye"),
            )

    def prohibited_pairs(self) -> None:
        """Edit > Prohibited pairs…: prohibit a pair or lift a prohibition (Q194-196)."""
        tf = self.w.file
        settings = self.w.tournament_settings
        if tf is None or settings is None:
            return
        pairs = self.w.guarded(_("Prohibited pairs"), tf.prohibited_pairs)
        if pairs is None:
            return
        dialog = ProhibitedPairsDialog(
            self.w.player_rows,
            pairs,
            started=self.w.rounds_paired > 0,
            fide_mode=settings.fide_mode,
            parent=self.w,
        )
        if self.w.prompter.run_dialog(dialog):
            action = ProhibitPairs(dialog.players(), lift=dialog.lifting())
            self.w.run_action(action, _("Prohibited pairs"))

    def cancel_bye(self) -> None:
        tpn = self._selected_tpn()
        row = next((p for p in self.w.player_rows if p.tpn == tpn), None)
        if row is None or not row.byes:
            self.w.prompter.info(
                _("Cancel bye"), _("Select a player with a requested bye in the players list.")
            )
            return
        rnd = row.byes[0][0]
        if self.w.prompter.confirm(
            _("Cancel bye"),
            _("Cancel the bye of no. {tpn} {name} in round {rnd}?").format(
                tpn=row.tpn, name=row.name, rnd=rnd
            ),
        ):
            self.w.run_action(CancelBye(row.tpn, rnd), _("Cancel bye"))
