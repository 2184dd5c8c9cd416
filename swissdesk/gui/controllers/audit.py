"""The audit page's controller: the log of every action, undo and redo through it."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
        entries = self.w.guarded("Audit log", tf.audit_log)
        if entries is not None:
            self.w.audit_page.names = {p.tpn: p.name for p in self.w.player_rows}
            self.w.audit_page.model.set_entries(entries)

    def undo(self) -> None:
        if self.w.file is None:
            return
        log = self.w.guarded("Undo", self.w.file.audit_log)
        last = next((e for e in reversed(log or []) if not e.undone and e.action != "Undo"), None)
        what = f"\n\n{last.summary}" if last is not None else ""
        if self.w.prompter.confirm("Undo", f"Undo the last action?{what}"):
            self.w.run_action(Undo(), "Undo")

    def redo(self) -> None:
        """Edit > Redo (Ctrl+Shift+Z): the action the latest Undo reverted, again."""
        if self.w.file is None:
            return
        log = self.w.guarded("Redo", self.w.file.audit_log) or []
        what = ""
        for entry in reversed(log):
            if entry.action == "Undo":
                if not entry.undone:
                    what = "\n\n" + str(entry.payload.get("summary", ""))
                    break
            elif entry.undo_of is None:
                break
        if not what:
            self.w.prompter.info("Redo", "There is nothing to redo.")
            return
        if self.w.prompter.confirm("Redo", f"Redo the action undone last?{what}"):
            self.w.run_action(Redo(), "Redo")
