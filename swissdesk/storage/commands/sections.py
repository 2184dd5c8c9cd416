"""The event's sections: adding, removing and ordering them, and moving a player who
entered the wrong section (issue 33).

A section is a complete tournament (its ``tournament`` row and its players, rounds and
results, :mod:`swissdesk.storage.sections`); every other command acts on one section. The
commands here act on the event: their audit rows name no section (``None``), except
:class:`MovePlayer`, which names the section the player left.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from swissdesk.engines.base import fide_approved
from swissdesk.i18n import _, said
from swissdesk.model.tournament import DOUBLE_SWISS, DOUBLE_SWISS_SCORING, ScoringSystem
from swissdesk.storage import convert, desk
from swissdesk.storage.commands import round_robin
from swissdesk.storage.commands.base import (
    Action,
    Outcome,
    check_settings,
    insert_entries,
    player_by_tpn,
    set_tpns,
    tournament_row,
    tpn_map,
)
from swissdesk.storage.commands.players import (
    NEW_PLAYER,
    TPN_FROZEN_AFTER_ROUND,
    initial_order_key,
    order_warning,
    record_order_key,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import (
    EntryRecord,
    MetaRecord,
    PlayerRecord,
    PrizePlanRecord,
    TeamMemberRecord,
    TeamRecord,
    TeamSettingsRecord,
    TournamentRecord,
)
from swissdesk.storage.sections import AUDIT_SECTION, in_section, section_of
from swissdesk.storage.views import PlayerData, TournamentSettings

EVENT_NAME = "event_name"
"""The ``meta`` key of the event's own name."""


def _event_level(s: Session) -> None:
    """The audit row of this action names the event, not a section."""
    s.info[AUDIT_SECTION] = None


def _sections(s: Session) -> list[TournamentRecord]:
    return list(
        s.scalars(select(TournamentRecord).order_by(TournamentRecord.position, TournamentRecord.id))
    )


def check_section_name(s: Session, name: str, *, section_id: int | None) -> None:
    """A section's name is how the arbiter, the CLI (``--section``) and the hall tell it
    apart: another section of the event may not have it; with several sections, it may not
    be empty. ``section_id``: the section being renamed (``None``: a new one)."""
    others = [rec for rec in _sections(s) if rec.id != section_id]
    if not others:
        return
    if not name.strip():
        raise ActionRefused(_("the event has several sections: each needs a name"))
    wanted = " ".join(name.split()).casefold()
    for rec in others:
        if " ".join(rec.name.split()).casefold() == wanted:
            raise ActionRefused(
                _("the event already has a section called {name!r}").format(name=rec.name)
            )


@dataclass(frozen=True, slots=True)
class AddSection(Action):
    """Add a section (a new tournament with its own settings) at the end of the event."""

    settings: TournamentSettings


def add_section(s: Session, a: AddSection) -> Outcome:
    settings = a.settings
    if settings.system == DOUBLE_SWISS and settings.scoring == ScoringSystem():
        from dataclasses import replace

        settings = replace(settings, scoring=DOUBLE_SWISS_SCORING)
    settings = round_robin.new_round_robin(settings, 0)
    check_settings(settings)
    with in_section(s, None):
        if not settings.name.strip():
            raise ActionRefused(_("a new section needs a name"))
        check_section_name(s, settings.name, section_id=None)
        position = (s.execute(select(func.max(TournamentRecord.position))).scalar() or 0) + 1
        rec = TournamentRecord(position=position)
        rec.extra_records = "[]"
        rec.forbidden_pairs = "[]"
        rec.list_closed = False
        # FIDE mode as for a new tournament: on for a FIDE-approved system (C.02 VCL Q40).
        rec.fide_mode = fide_approved(settings.system)
        rec.integrity_log = "[]"
        convert.write_settings(rec, settings)
        s.add(rec)
        s.flush()
        new_id = rec.id
    _event_level(s)
    payload = {"id": new_id, "settings": convert.settings_to_dict(settings)}
    return said("section {name!r} added", name=settings.name), payload, ()


def undo_add_section(s: Session, payload: Mapping[str, Any]) -> None:
    with in_section(s, None):
        _delete_empty_section(s, int(payload["id"]))


def _delete_empty_section(s: Session, section_id: int) -> None:
    with in_section(s, section_id):
        if s.scalars(select(PlayerRecord.id).limit(1)).first() is not None:
            raise ActionRefused(
                _("the section has players: remove or move them before the section goes")
            )
        s.execute(delete(TeamSettingsRecord))
        s.execute(delete(PrizePlanRecord))
    s.execute(delete(TournamentRecord).where(TournamentRecord.id == section_id))


@dataclass(frozen=True, slots=True)
class RemoveSection(Action):
    """Remove a section that has no players (move or remove them first); the event keeps at
    least one section."""

    section_id: int


def remove_section(s: Session, a: RemoveSection) -> Outcome:
    with in_section(s, None):
        sections = _sections(s)
        rec = next((r for r in sections if r.id == a.section_id), None)
        if rec is None:
            raise ActionRefused(
                _("the event has no section {section_id}").format(section_id=a.section_id)
            )
        if len(sections) == 1:
            raise ActionRefused(_("an event keeps at least one section"))
        row = {c.name: getattr(rec, c.name) for c in TournamentRecord.__table__.columns}
        with in_section(s, rec.id):
            team = s.scalars(select(TeamSettingsRecord)).first()
            team_row = (
                {c.name: getattr(team, c.name) for c in TeamSettingsRecord.__table__.columns}
                if team is not None
                else None
            )
            prizes = s.scalars(select(PrizePlanRecord.content)).first()
        name = rec.name
        _delete_empty_section(s, rec.id)
    _event_level(s)
    payload = {"row": row, "team_settings": team_row, "prize_plan": prizes}
    return said("section {name!r} removed", name=name), payload, ()


def undo_remove_section(s: Session, payload: Mapping[str, Any]) -> None:
    with in_section(s, None):
        s.add(TournamentRecord(**payload["row"]))
        s.flush()
        if payload["team_settings"] is not None:
            s.add(TeamSettingsRecord(**payload["team_settings"]))
        if payload.get("prize_plan") is not None:
            s.add(PrizePlanRecord(section_id=payload["row"]["id"], content=payload["prize_plan"]))


@dataclass(frozen=True, slots=True)
class OrderSections(Action):
    """Put the event's sections in this order (their ids; every section once): the order
    of the section switcher, the CLI's list and the combined board list for the hall."""

    order: tuple[int, ...]


def order_sections(s: Session, a: OrderSections) -> Outcome:
    with in_section(s, None):
        sections = _sections(s)
        if sorted(a.order) != sorted(r.id for r in sections):
            raise ActionRefused(_("the new order must name every section of the event once"))
        before = {str(r.id): r.position for r in sections}
        by_id = {r.id: r for r in sections}
        for position, section_id in enumerate(a.order, start=1):
            by_id[section_id].position = position
        names = ", ".join(by_id[i].name for i in a.order)
    _event_level(s)
    return said("sections ordered: {names}", names=names), {"before": before}, ()


def undo_order_sections(s: Session, payload: Mapping[str, Any]) -> None:
    with in_section(s, None):
        for rec in _sections(s):
            rec.position = int(payload["before"][str(rec.id)])


@dataclass(frozen=True, slots=True)
class RenameEvent(Action):
    """Name the event as a whole ("Bern Chess Weekend"): the heading of the combined lists
    of all sections (``""``: named after its sections, see :func:`event_name`)."""

    name: str


def event_name(s: Session) -> str:
    """The event's name: the one given, else the words all its sections' names begin with
    ("Bern Open A", "Bern Open B": "Bern Open"), else its sections' names."""
    rec = s.get(MetaRecord, EVENT_NAME)
    if rec is not None and rec.value.strip():
        return rec.value
    with in_section(s, None):
        names = [r.name.strip() for r in _sections(s) if r.name.strip()]
    if len(names) <= 1:
        return names[0] if names else ""
    common: list[str] = []
    for words in zip(*(n.split() for n in names), strict=False):
        if any(w != words[0] for w in words):
            break
        common.append(words[0])
    shared = " ".join(common).strip(" -–:,")
    if len(shared) >= 3:
        return shared
    shown = " / ".join(names[:3])
    return shown + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def rename_event(s: Session, a: RenameEvent) -> Outcome:
    rec = s.get(MetaRecord, EVENT_NAME)
    before = rec.value if rec is not None else None
    if rec is None:
        s.add(MetaRecord(key=EVENT_NAME, value=a.name.strip()))
    else:
        rec.value = a.name.strip()
    _event_level(s)
    shown = a.name.strip() or "after its sections"
    return said("event named {shown!r}", shown=shown), {"before": before}, ()


def undo_rename_event(s: Session, payload: Mapping[str, Any]) -> None:
    rec = s.get(MetaRecord, EVENT_NAME)
    if payload["before"] is None:
        if rec is not None:
            s.delete(rec)
    elif rec is not None:
        rec.value = payload["before"]


@dataclass(frozen=True, slots=True)
class MovePlayer(Action):
    """Move a player registered in the wrong section to another section of the event.

    Allowed until the player's section pairs its round 1 (refused once they have results
    there: withdraw them and enter them late in the other section). The player keeps their
    data and check-in; in the section they leave, the pairing numbers below close up (as
    when a player is removed) and their requested byes and forbidden pairings are dropped
    (a bye names a round of that section's schedule). In the other section they get the
    next pairing number before its round 1, or enter late (C.04.2 art. 2.4) from its next
    round when it has already started.
    """

    tpn: int
    to_section: int


def move_player(s: Session, a: MovePlayer) -> Outcome:
    source = section_of(s)
    if a.to_section == source:
        raise ActionRefused(_("the player is already in this section"))
    rec = player_by_tpn(s, a.tpn)
    name = rec.name
    src = tournament_row(s)
    src_name = src.name or "this section"
    last = convert.last_paired_round(s)
    if last >= 1:
        raise ActionRefused(
            _(
                "{src_name} has paired round {last}: {name} can no longer move (results count "
                "there). Withdraw the player here and enter them late in the other section"
            ).format(src_name=src_name, last=last, name=name)
        )
    target = s.get(TournamentRecord, a.to_section)
    if target is None:
        raise ActionRefused(
            _("the event has no section {to_section}").format(to_section=a.to_section)
        )
    dst_name = target.name or "the other section"
    if target.is_team != src.is_team:
        kind = "team" if src.is_team else "individual"
        raise ActionRefused(
            _("{dst_name} is not a {kind} section: {name} cannot move there").format(
                dst_name=dst_name, kind=kind, name=name
            )
        )
    data = convert.player_data_from_record(rec)
    player_id, old_tpn = rec.id, rec.tpn
    entries = list(s.scalars(select(EntryRecord).where(EntryRecord.player_id == player_id)))
    removed = convert.entry_dicts(entries)
    forbidden = json.loads(src.forbidden_pairs)
    src.forbidden_pairs = json.dumps([p for p in forbidden if player_id not in p])
    tpns_source = tpn_map(s)
    late_before = rec.late_entry_round
    s.execute(delete(EntryRecord).where(EntryRecord.player_id == player_id))
    rec.tpn = -player_id - 1
    s.flush()
    rest = sorted((t, pid) for pid, t in tpns_source.items() if pid != player_id)
    set_tpns(s, {pid: i for i, (_t, pid) in enumerate(rest, start=1)})
    warnings: list[str] = []
    if any(e["kind"] == "bye" for e in removed):
        rounds = ", ".join(str(e["round_number"]) for e in removed if e["kind"] == "bye")
        warnings.append(
            f"{name}'s byes requested in {src_name} (round {rounds}) were not carried "
            f"over: set them again in {dst_name} if they still hold"
        )
    with in_section(s, None):
        _move_rows(s, player_id, a.to_section)
    with in_section(s, a.to_section):
        new_tpn, late, shifted, missed = _place_in_target(s, data, player_id)
        warnings.extend(desk.desk_warnings(s, data, exclude_id=player_id))
        if late is None:
            warnings.extend(order_warning(s))
        round_robin.sync_rounds(s)  # the section left is synced by the lane
    payload = {
        "id": player_id,
        "from_section": source,
        "to_section": a.to_section,
        "tpn": old_tpn,
        "new_tpn": new_tpn,
        "tpns_source": tpns_source,
        "tpns_target": shifted,
        "removed": removed,
        "forbidden_pairs": forbidden,
        "late_entry_round": late_before,
        "missed_rounds": missed,
    }
    how = f" as a late entry from round {late}" if late is not None else ""
    summary = said(
        "no. {old_tpn} {name} moved from {src_name} to {dst_name} as no. {new_tpn}{how}",
        old_tpn=old_tpn,
        name=name,
        src_name=src_name,
        dst_name=dst_name,
        new_tpn=new_tpn,
        how=how,
    )
    return summary, payload, tuple(warnings)


def _move_rows(s: Session, player_id: int, section_id: int) -> None:
    """Give a player's row (and a team's rows) to another section (an event-wide session)."""
    s.execute(
        update(PlayerRecord).where(PlayerRecord.id == player_id).values(section_id=section_id)
    )
    s.execute(
        update(TeamRecord).where(TeamRecord.player_id == player_id).values(section_id=section_id)
    )
    s.execute(
        update(TeamMemberRecord)
        .where(TeamMemberRecord.team_id == player_id)
        .values(section_id=section_id)
    )
    s.expire_all()


def _place_in_target(
    s: Session, data: PlayerData, player_id: int
) -> tuple[int, int | None, dict[int, int], int]:
    """The moved player's pairing number in the session's section (the next free one before
    round 1; a late entry's place after it), whether they enter late (from which round),
    the TPNs shifted to make room, and the rounds they missed."""
    trec = tournament_row(s)
    settings = convert.settings_from_record(trec)
    last = convert.last_paired_round(s)
    name = trec.name or "the other section"
    before = {pid: t for pid, t in tpn_map(s).items() if pid != player_id}
    late: int | None = None
    shifted: dict[int, int] = {}
    if last == 0:
        tpn = max(before.values(), default=0) + 1
    else:
        round_robin.refuse_in_round_robin(s, f"{name} has started: nobody joins it")
        if trec.list_closed:
            raise ActionRefused(
                _("the list of participants of {name} is closed: no late entries").format(name=name)
            )
        late = last + 1
        if late > settings.total_rounds:
            raise ActionRefused(
                _("{name} has played all its {total_rounds} rounds").format(
                    name=name, total_rounds=settings.total_rounds
                )
            )
        if last >= TPN_FROZEN_AFTER_ROUND:
            tpn = len(before) + 1
        else:
            context = convert.rating_context_of(settings)
            key = initial_order_key(data, NEW_PLAYER, context, player_id)
            records = [
                r
                for r in s.scalars(select(PlayerRecord).order_by(PlayerRecord.tpn))
                if r.id != player_id
            ]
            tpn = len(records) + 1
            for r in records:
                if key < record_order_key(r, context):
                    tpn = r.tpn
                    break
            shifted = {r.id: r.tpn + 1 for r in records if r.tpn >= tpn}
        set_tpns(s, shifted)
    s.execute(
        update(PlayerRecord)
        .where(PlayerRecord.id == player_id)
        .values(tpn=tpn, late_entry_round=late)
    )
    if late is not None:
        missed = settings.late_entry_result.value
        s.add_all(
            EntryRecord(player_id=player_id, round_number=r, kind="absent", result=missed)
            for r in range(1, last + 1)
        )
    s.flush()
    s.expire_all()
    convert.resync_official_ratings(s, player_id)  # the section's rate of play (schema 11)
    return tpn, late, {pid: before[pid] for pid in shifted}, last if late is not None else 0


def undo_move_player(s: Session, payload: Mapping[str, Any]) -> None:
    player_id = int(payload["id"])
    with in_section(s, int(payload["to_section"])):
        s.execute(delete(EntryRecord).where(EntryRecord.player_id == player_id))
        s.execute(
            update(PlayerRecord).where(PlayerRecord.id == player_id).values(tpn=-player_id - 1)
        )
        set_tpns(s, {int(k): int(v) for k, v in payload["tpns_target"].items()})
    with in_section(s, None):
        _move_rows(s, player_id, int(payload["from_section"]))
    with in_section(s, int(payload["to_section"])):
        round_robin.sync_rounds(s)  # the lane syncs the section the player is back in
    with in_section(s, int(payload["from_section"])):
        set_tpns(s, {int(k): int(v) for k, v in payload["tpns_source"].items()})
        s.execute(
            update(PlayerRecord)
            .where(PlayerRecord.id == player_id)
            .values(late_entry_round=payload["late_entry_round"])
        )
        insert_entries(s, payload["removed"])
        tournament_row(s).forbidden_pairs = json.dumps(payload["forbidden_pairs"])
        convert.resync_official_ratings(s, player_id)
