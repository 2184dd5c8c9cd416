"""The prize list's controller (issue 36): computes the list with the plan the section
keeps, imports and exports the plan file, writes the PDF and the treasurer's CSV."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from swissdesk.errors import InputError
from swissdesk.gui.prizes import PlanEditorDialog, PrizesDialog, TickPlayersDialog
from swissdesk.i18n import N_, _, using_language
from swissdesk.model.tournament import Tournament
from swissdesk.prizes import (
    PrizeList,
    csv_text,
    dumps,
    read_plan,
    tournament_prizes,
    write_plan,
)
from swissdesk.storage.commands.prizes import SetPrizePlan, TickCategory

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow

NO_PLAN = N_(
    "This section has no prize plan yet. Import one (a TOML file: README, Prizes): "
    "categories, prizes and the event's rules for ties. The same file serves every event."
)
EMPTY_PLAN = """version = 1

[rules]
sharing = "equal"   # or "hort" (with hort_percent = 50) or "none"
currency = "EUR"

[[prize]]
place = 1
amount = 500
"""
PLAN_FILTER = N_("Prize plans (*.toml);;All files (*)")


class PrizesController:
    """Tournament > Prize list."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.dialog: PrizesDialog | None = None
        self.tournament: Tournament | None = None

    def compute(self) -> tuple[Tournament, PrizeList | None, str]:
        """The snapshot, the prize list (``None``: no plan, or no round complete) and why."""
        from swissdesk.lists.standings import last_complete_round

        tf = self.w.file
        assert tf is not None
        snapshot = tf.snapshot()
        plan = tf.prize_plan()
        if plan is None:
            return snapshot, None, _(NO_PLAN)
        inputs = tf.rating_inputs()
        prizes = tournament_prizes(
            snapshot,
            plan,
            after_round=last_complete_round(snapshot),
            national={tpn: i.national_rating for tpn, i in inputs.players.items()},
            ticked=tf.prize_ticks(),
            withdrawn=frozenset(tf.withdrawn()),
        )
        return snapshot, prizes, ""

    def open_prizes(self) -> None:
        if self.w.file is None:
            return
        if self.dialog is None:
            self.dialog = PrizesDialog(self.w)
            self.dialog.edit_button.clicked.connect(self.edit_plan)
            self.dialog.tick_button.clicked.connect(self.tick_players)
            self.dialog.import_button.clicked.connect(self.import_plan)
            self.dialog.export_button.clicked.connect(self.export_plan)
            self.dialog.pdf_button.clicked.connect(self.export_pdf)
            self.dialog.csv_button.clicked.connect(self.export_csv)
        self.refresh()
        self.dialog.show()

    def refresh(self) -> None:
        if self.dialog is None or self.w.file is None:
            return
        result = self.w.guarded(_("Prize list"), self.compute)
        if result is None:
            return
        self.tournament, prizes, message = result
        self.dialog.set_prizes(prizes, message)

    def import_plan(self) -> None:
        title = _("Import prize plan")
        name = self.w.prompter.open_file(title, "", _(PLAN_FILTER))
        if not name:
            return
        plan = self.w.guarded(title, lambda: read_plan(Path(name)))
        if plan is None:
            return
        if self.w.file is not None and self.w.file.prize_plan() == plan:
            self.w.prompter.info(title, _("The section already has this plan."))
            return
        if self.w.run_action(SetPrizePlan(plan), title) is not None:
            self.refresh()

    def edit_plan(self) -> None:
        """The plan's text, edited and checked in the window, kept as one action."""
        tf = self.w.file
        if tf is None:
            return
        plan = self.w.guarded(_("Prize plan"), tf.prize_plan)
        text = dumps(plan) if plan is not None else EMPTY_PLAN
        editor = PlanEditorDialog(text, self.dialog)
        if not self.w.prompter.run_dialog(editor) or editor.plan is None:
            return
        if editor.plan != plan:
            self.w.run_action(SetPrizePlan(editor.plan), _("Prize plan"))
        self.refresh()

    def tick_players(self) -> None:
        prizes, tf = self._prizes(), self.w.file
        if prizes is None or tf is None:
            return
        names = [c.name for c in prizes.plan.categories if c.ticked]
        ticked = self.w.guarded(_("Tick players"), tf.prize_ticks) or {}
        people = [(p.tpn, p.name) for p in self.w.player_rows]
        dialog = TickPlayersDialog(names, people, ticked, self.dialog)
        if not self.w.prompter.run_dialog(dialog):
            return
        for tpn, name, on in dialog.changes:
            if self.w.run_action(TickCategory(tpn, name, on), _("Tick players")) is None:
                break
        self.refresh()

    def _prizes(self) -> PrizeList | None:
        return self.dialog.prizes if self.dialog is not None else None

    def export_plan(self) -> None:
        prizes = self._prizes()
        if prizes is None:
            return
        title = _("Export prize plan")
        name = self.w.prompter.save_file(title, "prizes.toml", _(PLAN_FILTER))
        if name:
            self.w.guarded(title, lambda: write_plan(prizes.plan, Path(name)))

    def export_pdf(self) -> None:
        from swissdesk.reports.prizes import render_prizes

        prizes, tournament = self._prizes(), self.tournament
        if prizes is None or tournament is None:
            return
        title = _("Prize list PDF")
        name = self.w.prompter.save_file(title, "prizes.pdf", "PDF (*.pdf)")
        if not name or self.w.file is None:
            return
        language = self.w.file.document_language()  # printed in the tournament's language

        def render() -> None:
            with using_language(language):
                render_prizes(tournament, prizes, Path(name))

        self.w.guarded(title, render)

    def export_csv(self) -> None:
        prizes = self._prizes()
        if prizes is None:
            return
        title = _("Treasurer's CSV")
        # Translators: a file dialog's filter: translate the words, keep "(*.csv)".
        name = self.w.prompter.save_file(title, "prizes.csv", _("CSV files (*.csv)"))
        if name:
            self.w.guarded(title, lambda: _write_text(Path(name), csv_text(prizes)))


def _write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(
            _("{path}: cannot write ({reason})").format(path=path, reason=exc.strerror)
        ) from None
