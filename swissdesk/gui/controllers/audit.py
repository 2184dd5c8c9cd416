"""The audit page's controller: the log of every action, undo and redo through it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swissdesk.i18n import _
from swissdesk.storage import Redo, Undo

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow


class AuditController:
    """The audit log page, Edit > Undo and Edit > Redo (multi-level: each repeats further;
    the question says what is undone or redone)."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def refresh_audit(self) -> None:
        if self.w.file is None:
            return
        tf = self.w.file
        entries = self.w.guarded(_("Audit log"), tf.audit_log)
        if entries is not None:
            page = self.w.audit_page
            page.names = {p.tpn: p.name for p in self.w.player_rows}
            several = len(self.w.sections) > 1
            page.names_by_section = {}
            if several:
                for row in self.w.guarded(_("Audit log"), tf.event_players) or []:
                    names = page.names_by_section.setdefault(row.section_id, {})
                    names[row.player.tpn] = row.player.name
            page.model.set_entries(entries)
            page.show_sections(several)

    def undo(self) -> None:
        if self.w.file is None:
            return
        log = self.w.guarded(_("Undo"), self.w.file.audit_log)
        last = next((e for e in reversed(log or []) if not e.undone and e.action != "Undo"), None)
        what = f"\n\n{last.summary}" if last is not None else ""
        elsewhere = (
            last is not None
            and len(self.w.sections) > 1
            and last.section_id != self.w.file.section_id
        )
        if elsewhere and last is not None:
            what += "\n\n" + (
                _(
                    "(The event's last action was in the section {section}: Undo goes back "
                    "through every section.)"
                ).format(section=last.section)
                if last.section
                else _(
                    "(The event's last action was on the whole event: Undo goes back through "
                    "every section.)"
                )
            )
        if self.w.prompter.confirm(_("Undo"), _("Undo the last action?") + what):
            result = self.w.run_action(Undo(), _("Undo"))
            if result is not None and elsewhere and last is not None:
                where = last.section or _("the event")
                self.w.statusBar().showMessage(
                    _("Undone in {where}: {summary}").format(where=where, summary=last.summary),
                    10_000,
                )

    def redo(self) -> None:
        """Edit > Redo (Ctrl+Shift+Z): the action the latest Undo reverted, again."""
        if self.w.file is None:
            return
        log = self.w.guarded(_("Redo"), self.w.file.audit_log) or []
        what = ""
        for entry in reversed(log):
            if entry.action == "Undo":
                if not entry.undone:
                    what = "\n\n" + str(entry.payload.get("summary", ""))
                    break
            elif entry.undo_of is None:
                break
        if not what:
            self.w.prompter.info(_("Redo"), _("There is nothing to redo."))
            return
        if self.w.prompter.confirm(_("Redo"), _("Redo the action undone last?") + what):
            self.w.run_action(Redo(), _("Redo"))
