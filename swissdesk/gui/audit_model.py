"""Table model of the audit log: every action with its time, newest first."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from PySide6.QtGui import QBrush

from swissdesk.gui.tablemodel import (
    DISPLAY,
    FOREGROUND,
    GREY,
    LEFT,
    RIGHT,
    TOOLTIP,
    Column,
    TableModel,
)
from swissdesk.storage import AuditEntry


def local_time(iso: str) -> str:
    """An audit-log UTC time shown in the computer's local time, to the second."""
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M:%S")


ACTION_NAMES: dict[str, str] = {
    "CreateTournament": "Tournament created",
    "ImportTournament": "Imported",
    "EditSettings": "Settings changed",
    "AddPlayer": "Player added",
    "EditPlayer": "Player edited",
    "RemovePlayer": "Player removed",
    "AssignPairingNumbers": "Pairing numbers",
    "LateEntry": "Late entry",
    "CloseParticipantList": "List closed",
    "Withdraw": "Withdrawal",
    "RequestBye": "Bye requested",
    "CancelBye": "Bye cancelled",
    "PairNextRound": "Round paired",
    "ManualPairingChange": "Manual pairing",
    "UnpairLastRound": "Round unpaired",
    "EnterResult": "Result",
    "CorrectResult": "Result corrected",
    "Undo": "Undo",
}


class AuditModel(TableModel):
    """Every action in the file's audit log, newest first."""

    columns = (
        Column("#", RIGHT, 5),
        Column("Time", LEFT, 19),
        Column("Action", LEFT, 18),
        Column("What changed", LEFT, 60, stretch=True),
        Column("Undone", LEFT, 7),
    )

    def set_entries(self, entries: Sequence[AuditEntry]) -> None:
        self.set_rows(list(reversed(entries)))

    def cell(self, row: AuditEntry, column: int, role: int) -> Any:
        if role == DISPLAY:
            match column:
                case 0:
                    return row.id
                case 1:
                    return local_time(row.at)
                case 2:
                    return ACTION_NAMES.get(row.action, row.action)
                case 3:
                    return row.summary
                case 4:
                    return "undone" if row.undone else ""
        if role == TOOLTIP and column == 3:
            return _payload_text(row)
        if role == FOREGROUND and row.undone:
            return QBrush(GREY)
        return None


def _payload_text(entry: AuditEntry) -> str:
    lines = [entry.summary]
    reason = entry.payload.get("reason") if isinstance(entry.payload, dict) else None
    if reason:
        lines.append(f"Reason: {reason}")
    return "\n".join(lines)
