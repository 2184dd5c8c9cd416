"""The audit page's controller: the log of every action, and undoing the latest one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swissdesk.storage import Undo

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow


class AuditController:
    """The audit log page and Edit > Undo (the log says what the undo reverts)."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def refresh_audit(self) -> None:
        if self.w.file is None:
            return
        tf = self.w.file
        entries = self.w.guarded("Audit log", tf.audit_log)
        if entries is not None:
            self.w.audit_page.model.set_entries(entries)

    def undo(self) -> None:
        if self.w.file is None:
            return
        log = self.w.guarded("Undo", self.w.file.audit_log)
        last = next((e for e in reversed(log or []) if not e.undone and e.action != "Undo"), None)
        what = f"\n\n{last.summary}" if last is not None else ""
        if self.w.prompter.confirm("Undo", f"Undo the last action?{what}"):
            self.w.run_action(Undo(), "Undo")
