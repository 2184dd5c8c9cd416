"""Undo and Redo through the audit log: the lane's own two commands.

The audit log is the event's: Undo reverts the event's newest action, whichever section it
changed (it runs in that section, and its own audit row names it); Redo likewise.

:class:`~swissdesk.storage.commands.base.Undo` reverts the newest action not yet undone with
the ``undo`` of its registry step, from the audit row's payload alone;
:class:`~swissdesk.storage.commands.base.Redo` runs again the command the latest Undo
reverted (recorded in that action's payload), while nothing new came since. Both return what
the lane writes into their own audit row.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from swissdesk.i18n import Message, _, said
from swissdesk.storage.commands.base import tournament_row
from swissdesk.storage.commands.encoding import decode
from swissdesk.storage.commands.registry import REGISTRY, UNDO
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import AuditRecord
from swissdesk.storage.sections import act_in_section


def run_undo(s: Session) -> tuple[str, dict[str, Any], tuple[str, ...], int]:
    """Revert the newest action not yet undone: (summary, payload, warnings, its id)."""
    target = s.scalars(
        select(AuditRecord)
        .where(AuditRecord.undone_by.is_(None), AuditRecord.action != "Undo")
        .order_by(AuditRecord.id.desc())
        .limit(1)
    ).first()
    if target is None:
        raise ActionRefused(_("there is nothing to undo"))
    step = UNDO.get(target.action)
    if step is None:
        raise ActionRefused(
            _("the last action ({summary}) cannot be undone").format(summary=target.summary)
        )
    # The event's last action may be another section's: undo it there (its own rows).
    act_in_section(s, target.section_id)
    recorded = json.loads(target.payload)
    try:
        step.undo(s, recorded)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        # The payload is the file's data: one changed by another program is refused in
        # words (the lane rolls back whatever the undo had begun).
        raise ActionRefused(
            _(
                "the last action ({summary}) cannot be undone: its audit record is not what "
                "swissdesk wrote ({name}: {exc}); nothing was changed"
            ).format(summary=target.summary, name=type(exc).__name__, exc=exc)
        ) from exc
    before = recorded.get("integrity_before")
    if isinstance(before, list):  # the action's pairing-integrity events leave the log with it
        tournament_row(s).integrity_log = json.dumps(before)
    payload: dict[str, Any] = {
        "undone": target.id,
        "action": target.action,
        "summary": target.summary,
    }
    if recorded.get("said") is not None:  # so the audit page words it for its reader
        payload["summary_said"] = recorded["said"]
    what = Message.from_json(recorded.get("said"), target.summary)
    return said("undone: {summary}", summary=what), payload, (), target.id


def run_redo(s: Session) -> tuple[str, str, dict[str, Any], tuple[str, ...], int]:
    """Run again the action the latest Undo reverted, while nothing new came since."""
    rows = s.execute(
        select(
            AuditRecord.id, AuditRecord.action, AuditRecord.undone_by, AuditRecord.undo_of
        ).order_by(AuditRecord.id.desc())
    )
    undo_id: int | None = None
    for row_id, action, undone_by, undo_of in rows:
        if action == "Undo":
            if undone_by is None:
                undo_id = row_id
                break
        elif undo_of is None:  # a new action: what was undone before stays undone
            break
    if undo_id is None:
        raise ActionRefused(_("there is nothing to redo"))
    undo_row = s.get(AuditRecord, undo_id)
    assert undo_row is not None
    undone = json.loads(undo_row.payload).get("undone")
    target = s.get(AuditRecord, undone) if isinstance(undone, int) else None
    recorded = json.loads(target.payload).get("redo") if target is not None else None
    if target is None or recorded is None:
        raise ActionRefused(_("this action was recorded by an older swissdesk: redo it by hand"))
    command = decode(recorded)
    step = REGISTRY.get(type(command))
    if step is None:
        raise ActionRefused(_("the action {action} cannot be redone").format(action=target.action))
    act_in_section(s, target.section_id)
    summary, payload, warnings = step.apply(s, command)
    payload = {**payload, "redo": recorded}
    return (
        type(command).__name__,
        said("redone: {summary}", summary=summary),
        payload,
        warnings,
        undo_id,
    )
