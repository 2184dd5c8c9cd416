"""Table model of the audit log: every action with its time, newest first."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
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
from swissdesk.i18n import N_
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
    "RecoverFile": "Copied into a clean file",
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
    "RatingCorrection": "Rating correction",
    "Undo": "Undo",
    "AddSection": "Section added",
    "RemoveSection": "Section removed",
    "OrderSections": "Sections ordered",
    "RenameEvent": "Event named",
    "SetDocumentLanguage": "Language of the documents",
    "MovePlayer": "Moved to section",
    "CheckIn": "Check-in",
    "MarkAbsentees": "Absent (no check-in)",
    "IssueCodes": "Personal codes",
    "RevokeCodes": "Code taken away",
    "OpenCheckIn": "Phones: check-in",
    "OpenReporting": "Phones: results",
    "PhoneCheckIn": "Check-in (phone)",
    "ReportResult": "Result (phone)",
    "ReportMatch": "Match (phone)",
    "KioskCheckIn": "Check-in (kiosk)",
    "AcceptReports": "Reports accepted",
    "DismissReport": "Report set aside",
    "SetEntryFee": "Entry fee",
}
"""(A redone action keeps its own name; its summary starts with "redone:".)"""


class AuditModel(TableModel):
    """Every action in the event's audit log, newest first, with the section it changed
    (shown for an event of several sections)."""

    SECTION = 5
    """(The last column: the others keep their places for an event of one tournament.)"""
    columns = (
        Column(N_("#"), RIGHT, 5),
        Column(N_("Time"), LEFT, 19),
        Column(N_("Action"), LEFT, 18),
        Column(N_("What changed"), LEFT, 60, stretch=True),
        Column(N_("Undone"), LEFT, 7),
        Column(N_("Section"), LEFT, 16, N_("The section the action changed ((event): the event)")),
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
                    if row.undone:
                        return "redone" if row.action == "Undo" else "undone"
                    return ""
                case 5:
                    return row.section if row.section_id is not None else "(event)"
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


_FIELD_NAMES = {
    "name": "name",
    "rating": "rating",
    "sex": "sex",
    "title": "title",
    "federation": "federation",
    "fide_id": "FIDE ID",
    "birth_date": "born",
    "club": "club",
    "members": "team members",
    "total_rounds": "rounds",
    "chief_arbiter": "chief arbiter",
    "deputy_arbiters": "deputy arbiters",
    "organiser": "organiser",
    "time_control": "time control",
    "tiebreaks": "tie-breaks",
    "start_date": "start date",
    "end_date": "end date",
}
_SHOWN_AS_IS = ("reason", "engine")


def _shown(value: Any) -> str:
    if value in (None, "", [], ()):
        return "—"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def _changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """``rating: 2100 → 2150`` for each field that changed."""
    return [
        f"  {_FIELD_NAMES.get(key, key.replace('_', ' '))}: {_shown(before.get(key))} → "
        f"{_shown(value)}"
        for key, value in after.items()
        if before.get(key) != value
    ]


def _pairing_lines(text: str, who: Callable[[Any], str]) -> list[str]:
    """The pairing text (``white black`` per line, ``bye 0``) with the players' names."""
    out = []
    for board, line in enumerate(text.strip().splitlines()[1:], 1):
        parts = line.split()
        if len(parts) != 2:
            continue
        if parts[1] == "0":
            out.append(f"  bye: {who(int(parts[0]))}")
        else:
            out.append(f"  board {board}: {who(int(parts[0]))} – {who(int(parts[1]))}")
    return out


def describe_entry(entry: AuditEntry, names: Mapping[int, str]) -> str:
    """An audit entry for a person: who, when, what changed (before → after), the players
    by number and name (``names``: TPN -> name as the players list shows them now)."""
    p = entry.payload if isinstance(entry.payload, Mapping) else {}

    def who(tpn: Any) -> str:
        if not isinstance(tpn, int):
            return "—"
        name = names.get(tpn)
        return f"no. {tpn} {name}" if name else f"no. {tpn}"

    action = ACTION_NAMES.get(entry.action, entry.action)
    lines = [f"{action} — {local_time(entry.at)} (entry #{entry.id})"]
    if p.get("by"):
        lines.append(f"By: {p['by']}")
    lines.append(f"What: {entry.summary[:1].upper()}{entry.summary[1:]}")
    if entry.undo_of is not None:
        lines.append(
            f"This undoes entry #{entry.undo_of}."
            if entry.action == "Undo"
            else f"Redone: the undo #{entry.undo_of} is reverted."
        )
    if entry.undone:
        lines.append(
            "Redone later (see the newer entry)."
            if entry.action == "Undo"
            else "Undone later: it no longer counts."
        )
    lines.append("")
    if entry.action in ("EnterResult", "CorrectResult"):
        lines.append(f"Round {p.get('round')}, board {p.get('board')}:")
        lines.append(f"  White {who(p.get('white'))}")
        lines.append(f"  Black {who(p.get('black'))}")
        before = p.get("before") or "no result"
        after = p.get("after") or "no result"
        lines.append(f"Result: {before} → {after}")
    elif entry.action == "EditPlayer":
        lines.append(f"Player: {who(p.get('tpn'))}")
        lines += _changes(p.get("before", {}), p.get("after", {}))
    elif entry.action == "EditSettings":
        lines.append("Settings changed:")
        lines += _changes(p.get("before", {}), p.get("after", {}))
    elif entry.action in ("AddPlayer", "LateEntry"):
        data = p.get("player", {})
        lines.append(f"Player: {who(p.get('tpn'))}")
        lines += [
            f"  {_FIELD_NAMES.get(k, k)}: {_shown(v)}"
            for k, v in data.items()
            if v not in (None, "", [], 0)
        ]
        if p.get("from_round"):
            lines.append(f"Plays from round {p['from_round']}.")
    elif entry.action in ("Withdraw", "RequestBye", "CancelBye", "RemovePlayer"):
        lines.append(f"Player: {who(p.get('tpn'))}")
        if p.get("from_round"):
            lines.append(f"From round {p['from_round']} on.")
        if p.get("round"):
            lines.append(f"Round {p['round']}" + (f": {p['kind']} bye" if p.get("kind") else ""))
    elif entry.action in ("PairNextRound", "UnpairLastRound"):
        lines.append(
            f"Round {p.get('round')}" + (f", paired by {p['engine']}" if p.get("engine") else "")
        )
        if isinstance(p.get("pairing"), str):
            lines += _pairing_lines(p["pairing"], who)
        if p.get("explanation"):
            lines += ["", "The engine's explanation:"]
            lines += [f"  {name_players(line, names)}" for line in p["explanation"]]
    elif entry.action == "ManualPairingChange":
        lines.append(f"Round {p.get('round')}, changed by hand.")
        if isinstance(p.get("before"), str) and isinstance(p.get("after"), str):
            old = set(_pairing_lines(p["before"], who))
            new = _pairing_lines(p["after"], who)
            lines.append("Boards now (changed ones marked *):")
            lines += [f"{'*' if line not in old else ' '}{line}" for line in new]
        for warning in p.get("warnings") or ():
            lines.append(f"Confirmed despite: {warning}")
    elif entry.action == "Undo":
        lines.append(f"Undid entry #{p.get('undone')}: {p.get('summary', '')}")
    for key in _SHOWN_AS_IS:
        if p.get(key) and not (key == "engine" and entry.action == "PairNextRound"):
            lines.append(f"{key.capitalize()}: {p[key]}")
    return "\n".join(lines).rstrip()


_LISTED = re.compile(r"^(\s*\[C\d+\][^:]*: )([\d, ]+)$")
_BYE = re.compile(r"(bye: )(\d+)\b")


def name_players(line: str, names: Mapping[int, str]) -> str:
    """An engine explanation line with the players it lists named: ``[C6] 1 downfloater(s):
    3`` becomes ``... 3 (no. 3 Wróbel, Łukasz)``; the PAB line likewise."""

    def named(tpn: str) -> str:
        name = names.get(int(tpn))
        return f"{tpn} ({name})" if name else tpn

    listed = _LISTED.match(line)
    if listed:
        numbers = [n.strip() for n in listed.group(2).split(",") if n.strip()]
        return listed.group(1) + ", ".join(named(n) for n in numbers)
    return _BYE.sub(lambda m: m.group(1) + named(m.group(2)), line)
