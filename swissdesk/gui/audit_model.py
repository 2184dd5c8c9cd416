"""Table model of the audit log: every action with its time, newest first."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from PySide6.QtGui import QBrush

from swissdesk.engines.explained import PLAYER_FIELDS, from_stored
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
from swissdesk.i18n import N_, Message, _, in_language
from swissdesk.storage import AuditEntry, LevelWarning


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
    "CreateTournament": N_("Tournament created"),
    "ImportTournament": N_("Imported"),
    "RecoverFile": N_("Copied into a clean file"),
    "EditSettings": N_("Settings changed"),
    "AddPlayer": N_("Player added"),
    "EditPlayer": N_("Player edited"),
    "RemovePlayer": N_("Player removed"),
    "AssignPairingNumbers": N_("Pairing numbers"),
    "LateEntry": N_("Late entry"),
    "CloseParticipantList": N_("List closed"),
    "Withdraw": N_("Withdrawal"),
    "RequestBye": N_("Bye requested"),
    "CancelBye": N_("Bye cancelled"),
    "PairNextRound": N_("Round paired"),
    "ManualPairingChange": N_("Manual pairing"),
    "UnpairLastRound": N_("Round unpaired"),
    "EnterResult": N_("Result"),
    "CorrectResult": N_("Result corrected"),
    "RatingCorrection": N_("Rating correction"),
    "Undo": N_("Undo"),
    "AddSection": N_("Section added"),
    "RemoveSection": N_("Section removed"),
    "OrderSections": N_("Sections ordered"),
    "RenameEvent": N_("Event named"),
    "SetDocumentLanguage": N_("Language of the documents"),
    "MovePlayer": N_("Moved to section"),
    "CheckIn": N_("Check-in"),
    "MarkAbsentees": N_("Absent (no check-in)"),
    "IssueCodes": N_("Personal codes"),
    "RevokeCodes": N_("Code taken away"),
    "OpenCheckIn": N_("Phones: check-in"),
    "OpenReporting": N_("Phones: results"),
    "PhoneCheckIn": N_("Check-in (phone)"),
    "ReportResult": N_("Result (phone)"),
    "ReportMatch": N_("Match (phone)"),
    "KioskCheckIn": N_("Check-in (kiosk)"),
    "AcceptReports": N_("Reports accepted"),
    "DismissReport": N_("Report set aside"),
    "SetExternalTiebreak": N_("External tie-break"),
    "DrawLotsForTies": N_("Lots drawn for ties"),
    "SetEntryFee": N_("Entry fee"),
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
                    return action_name(row.action)
                case 3:
                    return row.summary
                case 4:
                    if row.undone:
                        return _("redone") if row.action == "Undo" else _("undone")
                    return ""
                case 5:
                    return row.section if row.section_id is not None else _("(event)")
        if role == TOOLTIP and column == 3:
            return _payload_text(row)
        if role == FOREGROUND and row.undone:
            return QBrush(GREY)
        return None


_BYE_KINDS = {
    "half": N_("Round {number}: half-point bye"),
    "zero": N_("Round {number}: zero-point bye"),
    "full": N_("Round {number}: full-point bye"),
}
"""The detail line of a requested bye, by the stored kind (``ByeKind``'s values)."""


def _payload_text(entry: AuditEntry) -> str:
    lines = [entry.summary]
    reason = entry.payload.get("reason") if isinstance(entry.payload, dict) else None
    if reason:
        lines.append(_("Reason: {reason}").format(reason=reason))
    return "\n".join(lines)


_FIELD_NAMES = {
    "name": N_("name"),
    "rating": N_("rating"),
    "sex": N_("sex"),
    "title": N_("title"),
    "federation": N_("federation"),
    "fide_id": N_("FIDE ID"),
    "birth_date": N_("born"),
    "club": N_("club"),
    "members": N_("team members"),
    "total_rounds": N_("rounds"),
    "chief_arbiter": N_("chief arbiter"),
    "deputy_arbiters": N_("deputy arbiters"),
    "organiser": N_("organiser"),
    "time_control": N_("time control"),
    "tiebreaks": N_("tie-breaks"),
    "start_date": N_("start date"),
    "end_date": N_("end date"),
}
_SHOWN_AS_IS = ("reason", "engine")


def _shown(value: Any) -> str:
    if value in (None, "", [], ()):
        return "—"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def action_name(action: str) -> str:
    """The name the window shows for an action (translated; an unknown one as stored)."""
    name = ACTION_NAMES.get(action)
    return _(name) if name else action


def _field_name(key: str) -> str:
    name = _FIELD_NAMES.get(key)
    return _(name) if name else key.replace("_", " ")


def _changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """``rating: 2100 → 2150`` for each field that changed."""
    return [
        f"  {_field_name(key)}: {_shown(before.get(key))} → {_shown(value)}"
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
            out.append("  " + _("bye: {player}").format(player=who(int(parts[0]))))
        else:
            out.append(
                "  "
                + _("board {number}: {white} – {black}").format(
                    number=board, white=who(int(parts[0])), black=who(int(parts[1]))
                )
            )
    return out


def describe_entry(entry: AuditEntry, names: Mapping[int, str]) -> str:
    """An audit entry for a person: who, when, what changed (before → after), the players
    by number and name (``names``: TPN -> name as the players list shows them now)."""
    p = entry.payload if isinstance(entry.payload, Mapping) else {}

    def who(tpn: Any) -> str:
        if not isinstance(tpn, int):
            return "—"
        name = names.get(tpn)
        if name:
            return _("no. {number} {name}").format(number=tpn, name=name)
        return _("no. {number}").format(number=tpn)

    action = action_name(entry.action)
    lines = [
        _("{action} — {time} (entry #{number})").format(
            action=action, time=local_time(entry.at), number=entry.id
        )
    ]
    if p.get("by"):
        lines.append(_("By: {who}").format(who=p["by"]))
    what = f"{entry.summary[:1].upper()}{entry.summary[1:]}"
    lines.append(_("What: {summary}").format(summary=what))
    if entry.undo_of is not None:
        lines.append(
            _("This undoes entry #{number}.").format(number=entry.undo_of)
            if entry.action == "Undo"
            else _("Redone: the undo #{number} is reverted.").format(number=entry.undo_of)
        )
    if entry.undone:
        lines.append(
            _("Redone later (see the newer entry).")
            if entry.action == "Undo"
            else _("Undone later: it no longer counts.")
        )
    lines.append("")
    round_number = p.get("round")
    if entry.action in ("EnterResult", "CorrectResult"):
        lines.append(
            _("Round {round}, board {board}:").format(round=round_number, board=p.get("board"))
        )
        lines.append("  " + _("White {player}").format(player=who(p.get("white"))))
        lines.append("  " + _("Black {player}").format(player=who(p.get("black"))))
        before = p.get("before") or _("no result")
        after = p.get("after") or _("no result")
        lines.append(_("Result: {before} → {after}").format(before=before, after=after))
    elif entry.action == "EditPlayer":
        lines.append(_("Player: {player}").format(player=who(p.get("tpn"))))
        lines += _changes(p.get("before", {}), p.get("after", {}))
    elif entry.action == "EditSettings":
        lines.append(_("Settings changed:"))
        lines += _changes(p.get("before", {}), p.get("after", {}))
    elif entry.action in ("AddPlayer", "LateEntry"):
        data = p.get("player", {})
        lines.append(_("Player: {player}").format(player=who(p.get("tpn"))))
        lines += [
            f"  {_field_name(k)}: {_shown(v)}"
            for k, v in data.items()
            if v not in (None, "", [], 0)
        ]
        if p.get("from_round"):
            lines.append(_("Plays from round {number}.").format(number=p["from_round"]))
    elif entry.action in ("Withdraw", "RequestBye", "CancelBye", "RemovePlayer"):
        lines.append(_("Player: {player}").format(player=who(p.get("tpn"))))
        if p.get("from_round"):
            lines.append(_("From round {number} on.").format(number=p["from_round"]))
        if round_number:
            kind = _BYE_KINDS.get(str(p.get("kind")))
            lines.append(
                _(kind).format(number=round_number)
                if kind
                else _("Round {number}").format(number=round_number)
            )
    elif entry.action in ("PairNextRound", "UnpairLastRound"):
        lines.append(
            _("Round {number}, paired by {engine}").format(number=round_number, engine=p["engine"])
            if p.get("engine")
            else _("Round {number}").format(number=round_number)
        )
        if isinstance(p.get("pairing"), str):
            lines += _pairing_lines(p["pairing"], who)
        if p.get("explanation"):
            lines += ["", _("The engine's explanation:")]
            stored = from_stored(p["explanation"], p.get("explanation_said"))
            lines += [f"  {name_players(line, names)}" for line in stored]
    elif entry.action == "ManualPairingChange":
        lines.append(_("Round {number}, changed by hand.").format(number=round_number))
        if isinstance(p.get("before"), str) and isinstance(p.get("after"), str):
            old = set(_pairing_lines(p["before"], who))
            new = _pairing_lines(p["after"], who)
            lines.append(_("Boards now (changed ones marked *):"))
            lines += [f"{'*' if line not in old else ' '}{line}" for line in new]
        for warning in p.get("warnings") or ():
            lines.append(
                _("Confirmed despite: {warning}").format(
                    warning=LevelWarning.from_json(warning).shown
                )
            )
    elif entry.action == "Undo":
        lines.append(
            _("Undid entry #{number}: {summary}").format(
                number=p.get("undone"),
                summary=in_language(p.get("summary_said"), str(p.get("summary", ""))),
            )
        )
    shown_as_is = {"reason": _("Reason: {text}"), "engine": _("Engine: {text}")}
    for key in _SHOWN_AS_IS:
        if p.get(key) and not (key == "engine" and entry.action == "PairNextRound"):
            lines.append(shown_as_is[key].format(text=p[key]))
    return "\n".join(lines).rstrip()


_LISTED = re.compile(r"^(\s*\[C\d+\][^:]*: )([\d, ]+)$")
_BYE = re.compile(r"(bye: )(\d+)\b")


def name_players(line: str, names: Mapping[int, str]) -> str:
    """An engine explanation line with the players it lists named: ``[C6] 1 downfloater(s):
    3`` becomes ``... 3 (no. 3 Wróbel, Łukasz)``; the PAB line likewise."""

    def named(tpn: str) -> str:
        name = names.get(int(tpn))
        return f"{tpn} ({name})" if name else tpn

    if isinstance(line, Message):
        # Worded in the reader's language, its player fields named.
        def numbers(tpns: str) -> str:
            return ", ".join(named(t.strip()) for t in tpns.split(","))

        return line.shown(dict.fromkeys(PLAYER_FIELDS, numbers))
    listed = _LISTED.match(line)
    if listed:
        tpns = [n.strip() for n in listed.group(2).split(",") if n.strip()]
        return listed.group(1) + ", ".join(named(n) for n in tpns)
    return _BYE.sub(lambda m: m.group(1) + named(m.group(2)), line)
