"""The players' phones from the window (issue 35): what the arbiter opens to them, the
personal codes, the reports on the board list, and seeing at once what the phones wrote.

The phones write through the venue's server process (``swissdesk serve``), which runs each
check-in or report as one storage command on the same file. The window notices another
program's action by asking the file for its latest audit row once a second
(:data:`WATCH_MS`, one indexed ``max(id)``), and reads the pages again when it grew: a
phone's check-in shows on the check-in page, a report on the board list, within about a
second (docs/venue.md).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton, QWidget

import swissdesk.translations  # noqa: F401  (installs CLDR's number formats: swissdesk.i18n)
from swissdesk.errors import SwissdeskError
from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.i18n import _, ngettext
from swissdesk.prizes.money import Currency
from swissdesk.storage import (
    AcceptReports,
    IssueCodes,
    OpenCheckIn,
    OpenReporting,
    PhoneAccess,
    ReportView,
    RevokeCodes,
    SetEntryFee,
)

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow

WATCH_MS = 1000
"""How often the window asks the file whether another program saved an action."""


class PhonesDialog(ValidatedDialog):
    """Venue > Phones: check-in and result reporting from the players' phones."""

    def __init__(
        self,
        access: PhoneAccess,
        next_round: int | None,
        current_round: int | None,
        codes: int,
        players: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Players' phones: check-in and results"), parent)
        self.checkin = QCheckBox(
            _("Players check in from their phones for round {number}").format(number=next_round)
            if next_round
            else _("Check-in from the phones (every round is paired)")
        )
        self.checkin.setChecked(access.checkin_round is not None)
        self.checkin.setEnabled(next_round is not None)
        self.fresh = QCheckBox(_("Everyone checks in again (take the earlier ticks back)"))
        self.fresh.setEnabled(next_round is not None and access.checkin_round is None)
        self.checkin.toggled.connect(
            lambda on: self.fresh.setEnabled(on and access.checkin_round is None)
        )
        self.reports = QCheckBox(
            _("Players report the results of round {number} from their phones").format(
                number=current_round
            )
            if current_round
            else _("Result reporting (no round paired yet)")
        )
        self.reports.setChecked(access.report_round is not None)
        self.reports.setEnabled(current_round is not None)
        self.acceptance = QComboBox()
        self.acceptance.addItem(
            _("I accept each report (one key per board, or all confirmed)"), "arbiter"
        )
        self.acceptance.addItem(_("Enter a result as soon as both players agree"), "auto")
        self.acceptance.setCurrentIndex(1 if access.acceptance == "auto" else 0)
        self.codes = QCheckBox(
            ngettext(
                "Give a personal code to the {count} player without one",
                "Give a personal code to the {count} players without one",
                players - codes,
            ).format(count=players - codes)
            if codes < players
            else _("Every player has a personal code ({count})").format(count=codes)
        )
        self.codes.setChecked(codes < players)
        self.codes.setEnabled(codes < players)
        note = QLabel(
            _(
                "The phones reach the tournament through the venue server (Venue > Serve). "
                "Players use the code on their slip (File > Export PDF > Code slips). "
                "A report never replaces a result you entered."
            )
        )
        note.setWordWrap(True)
        self.form.addRow(self.checkin)
        self.form.addRow(self.fresh)
        self.form.addRow(self.reports)
        self.form.addRow(_("Agreed results:"), self.acceptance)
        self.form.addRow(self.codes)
        self.form.addRow(note)


class EntryFeeDialog(ValidatedDialog):
    """Players > Entry fee: what the selected player owes and has paid (issue 35)."""

    def __init__(self, title: str, due: int, paid: int, currency: str,
                 parent: QWidget | None = None) -> None:  # fmt: skip
        super().__init__(title, parent)
        self.money = Currency(currency, 2)
        # as the check-in list writes them in the arbiter's language (1.500,50 in German),
        # which parse_typed reads back as the same amount
        self.due = QLineEdit(self.money.text(due))
        self.paid = QLineEdit(self.money.text(paid))
        self.full = QPushButton(_("Paid in &full"))
        self.full.clicked.connect(lambda: self.paid.setText(self.due.text()))
        self.form.addRow(_("Fee due:"), self.due)
        self.form.addRow(_("Paid:"), self.paid)
        self.form.addRow("", self.full)
        unit = currency or _("the event's currency")
        note = QLabel(
            _("Amounts in {currency}, such as 25 or 25.50. The check-in list prints them "
              "with their totals.").format(currency=unit)
        )  # fmt: skip
        note.setWordWrap(True)
        self.form.addRow(note)

    def amounts(self) -> tuple[int, int]:
        """(due, paid) in cents (after :meth:`problems` found none)."""
        return (
            self.money.parse_typed(self.due.text() or "0"),
            self.money.parse_typed(self.paid.text() or "0"),
        )

    def problems(self) -> list[str]:
        found = []
        for field, label in ((self.due, _("Fee due")), (self.paid, _("Paid"))):
            try:
                self.money.parse_typed(field.text() or "0", label)
            except SwissdeskError as exc:
                found.append(str(exc))
        return found


class PhonesController:
    """The window's side of the phones: the dialog, the keys, the change watcher."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.seen = 0
        """The latest audit row the window has shown."""
        self.timer = QTimer(window)
        self.timer.setInterval(WATCH_MS)
        self.timer.timeout.connect(self.look)
        self.timer.start()

    # -- seeing other programs' actions ----------------------------------------------------

    def mark_seen(self, audit_id: int | None = None) -> None:
        """The window shows the file as of ``audit_id`` (default: as it is now)."""
        if audit_id is not None:
            self.seen = max(self.seen, audit_id)
            return
        tf = self.w.file
        if tf is None:
            self.seen = 0
            return
        with contextlib.suppress(SwissdeskError):
            self.seen = tf.last_change()

    def look(self) -> None:
        """Read the pages again when another program (the venue's phones, the command
        line) saved an action since the window last looked."""
        tf = self.w.file
        if tf is None or self.w.controller.busy:
            return
        try:
            latest = tf.last_change()
        except SwissdeskError:
            return
        if latest <= self.seen:
            return
        self.seen = latest
        try:
            entry = tf.audit_log(limit=1)
        except SwissdeskError:
            entry = []
        self.w.refresh()
        if entry:
            self.w.statusBar().showMessage(
                _("Saved elsewhere: {summary}").format(summary=entry[-1].summary), 8000
            )

    # -- the board list ----------------------------------------------------------------------

    def reports_for(self, round_number: int) -> dict[int, ReportView]:
        """Board -> report of ``round_number`` (only the round being played has any)."""
        tf = self.w.file
        if tf is None or round_number < 1 or round_number != self.w.rounds_paired:
            return {}
        try:
            return {r.board: r for r in tf.reports(round_number) if r.state != "accepted"}
        except SwissdeskError:
            return {}

    def accept_confirmed(self) -> None:
        """Round > Accept confirmed reports: every board both players confirmed."""
        r = self.w.rounds_paired
        if self.w.file is None or r < 1:
            return
        self.w.run_action(AcceptReports(r), _("Accept reports"))

    def accept_board(self) -> None:
        """Round > Accept this board's report (one-sided or disputed too: you looked); in a
        team event the report of the match selected on the *Matches* page."""
        if self.w.teams.is_team:
            self.accept_match()
            return
        page = self.w.rounds_page
        board = page.model.board_at(page.table.currentIndex().row())
        r = self.w.rounds_paired
        view = self.w.rounds.view
        if board is None or view is None or view.round_number != r:
            return
        if board.board not in page.model.reports:
            self.w.prompter.error(
                _("Accept report"), _("Board {number} has no report.").format(number=board.board)
            )
            return
        self.w.run_action(AcceptReports(r, (board.board,)), _("Accept report"))

    def accept_match(self) -> None:
        """The captains' report of the selected match entered as it is (Ctrl+Shift+E on the
        *Matches* page): a one-sided or disputed one too, the arbiter having looked. Each
        board goes through the arbiter's own board-result command; boards the arbiter
        entered keep the arbiter's result; a report made on line-ups changed since is
        refused with a sentence (``AcceptReports``)."""
        page = self.w.matches_page
        match = page.current_match()
        r = self.w.rounds_paired
        if match is None or r < 1 or self.w.teams.round != r:
            return
        if match.number not in page.model.reports:
            text = _("Match {number} has no report from the captains' phones.")
            self.w.prompter.error(_("Accept report"), text.format(number=match.number))
            return
        self.w.run_action(AcceptReports(r, (match.number,)), _("Accept report"))
        self.w.mark_team_pages_stale()
        self.w.teams.show_round(r)

    # -- the dialog and the codes --------------------------------------------------------------

    def show_dialog(self) -> None:
        """Venue > Players' phones…"""
        tf = self.w.file
        settings = self.w.tournament_settings
        if tf is None or settings is None:
            return
        state = self.w.guarded(
            _("Players' phones"), lambda: (tf.phone_access(), tf.player_codes(), tf.players())
        )
        if state is None:
            return
        access, codes, players = state
        paired = self.w.rounds_paired
        next_round = paired + 1 if paired < settings.total_rounds else None
        dialog = PhonesDialog(access, next_round, paired or None, len(codes), len(players),
                              self.w)  # fmt: skip
        if not self.w.prompter.run_dialog(dialog):
            return
        if dialog.codes.isChecked() and len(codes) < len(players):
            self.w.run_action(IssueCodes(), _("Personal codes"))
        want_checkin = dialog.checkin.isChecked()
        if want_checkin and access.checkin_round is None and next_round is not None:
            self.w.run_action(
                OpenCheckIn(next_round, fresh=dialog.fresh.isChecked()), _("Check-in")
            )
        elif not want_checkin and access.checkin_round is not None:
            self.w.run_action(OpenCheckIn(None), _("Check-in"))
        acceptance = str(dialog.acceptance.currentData())
        want_reports = dialog.reports.isChecked()
        changed_mode = acceptance != access.acceptance
        if want_reports and (access.report_round is None or changed_mode) and paired:
            self.w.run_action(OpenReporting(paired, acceptance=acceptance), _("Results"))
        elif not want_reports and access.report_round is not None:
            self.w.run_action(OpenReporting(None, acceptance=acceptance), _("Results"))

    def renew_code(self) -> None:
        """Players > New personal code: the selected player's old code stops working."""
        tpn = self.w.players_page.selected_tpn()
        if tpn is None or self.w.file is None:
            return
        has = tpn in (self.w.guarded(_("Personal codes"), self.w.file.player_codes) or {})
        self.w.run_action(IssueCodes((tpn,), renew=has), _("Personal code"))
        code = (self.w.guarded(_("Personal codes"), self.w.file.player_codes) or {}).get(tpn)
        if code:
            self.w.prompter.info(
                _("Personal code"), _("Player no. {number}: {code}").format(number=tpn, code=code)
            )

    def entry_fee(self) -> None:
        """Players > Entry fee (due, paid)…: the selected player's entry fee, one action
        (audited, undone with Undo); the check-in list prints it."""
        tf = self.w.file
        tpn = self.w.players_page.selected_tpn()
        if tf is None or tpn is None:
            return
        state = self.w.guarded(
            _("Entry fee"), lambda: (tf.entry_fees(), tf.fee_currency(), tf.players())
        )
        if state is None:
            return
        fees, currency, players = state
        name = next((p.name for p in players if p.tpn == tpn), "")
        due, paid = fees.get(tpn, (0, 0))
        title = _("Entry fee of no. {number} {name}").format(number=tpn, name=name)
        dialog = EntryFeeDialog(title, due, paid, currency, self.w)
        if not self.w.prompter.run_dialog(dialog):
            return
        new_due, new_paid = dialog.amounts()
        if (new_due, new_paid) == (due, paid) and tpn in fees:
            return
        self.w.run_action(SetEntryFee(tpn, due=new_due, paid=new_paid), _("Entry fee"))

    def revoke_code(self) -> None:
        """Players > Take the personal code away (a lost slip)."""
        tpn = self.w.players_page.selected_tpn()
        if tpn is None:
            return
        self.w.run_action(RevokeCodes((tpn,)), _("Personal code"))
