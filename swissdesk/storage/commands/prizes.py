"""The prize plan kept in a section, and the categories the arbiter ticks for a player
(issue 36). Storage only keeps them; the prize list is :mod:`swissdesk.prizes`' one
computation."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from swissdesk.errors import InputError
from swissdesk.i18n import _, said
from swissdesk.prizes import PrizePlan, plan_from_mapping, plan_to_mapping
from swissdesk.storage.commands.base import Action, Outcome, player_by_tpn
from swissdesk.storage.errors import ActionRefused, StorageError
from swissdesk.storage.schema import PlayerRecord, PrizePlanRecord
from swissdesk.storage.sections import section_of


def stored(s: Session) -> dict[str, Any]:
    """The session's section's ``prize_plan`` row as a mapping (``{}``: no row)."""
    rec = s.get(PrizePlanRecord, section_of(s))
    return read_column(rec.content if rec is not None else "")


def read_column(text: str) -> dict[str, Any]:
    """The ``prize_plan.content`` column as a mapping (``{}`` when empty)."""
    try:
        data = json.loads(text or "{}")
    except ValueError:
        raise StorageError(_("the prize plan in the tournament file is damaged")) from None
    if not isinstance(data, dict):
        raise StorageError(_("the prize plan in the tournament file is damaged"))
    return data


def plan_of(s: Session) -> PrizePlan | None:
    """The section's plan (``None``: it has none)."""
    data = stored(s)
    if "plan" not in data:
        return None
    try:
        return plan_from_mapping(data["plan"])
    except InputError as exc:
        raise StorageError(_(
                               "the prize plan in the tournament file cannot be used ({exc})"
                           ).format(exc=exc)) from None


def ticked_of(s: Session) -> dict[int, frozenset[str]]:
    """TPN -> the categories ticked for that player (players still in the section)."""
    ticks = stored(s).get("ticked", {})
    if not isinstance(ticks, dict):
        return {}
    tpns: dict[int, int] = {pid: tpn for pid, tpn in s.execute(select(PlayerRecord.id, PlayerRecord.tpn))}
    out: dict[int, frozenset[str]] = {}
    for key, names in ticks.items():
        tpn = tpns.get(int(key)) if str(key).isdigit() else None
        if tpn is not None and isinstance(names, list):
            out[tpn] = frozenset(str(n) for n in names)
    return out


def _write(s: Session, data: Mapping[str, Any]) -> None:
    rec = s.get(PrizePlanRecord, section_of(s))
    if not data:
        if rec is not None:
            s.delete(rec)
        return
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    if rec is None:
        s.add(PrizePlanRecord(section_id=section_of(s), content=text))
    else:
        rec.content = text


@dataclass(frozen=True, slots=True)
class SetPrizePlan(Action):
    """Keep ``plan`` as the section's prize plan (``None``: remove it). The ticks stay."""

    plan: PrizePlan | None


def set_prize_plan(s: Session, a: SetPrizePlan) -> Outcome:
    before = stored(s)
    after = dict(before)
    if a.plan is None:
        after.pop("plan", None)
        text = "prize plan removed"
    else:
        after["plan"] = plan_to_mapping(a.plan)
        text = (
            f"prize plan set: {len(a.plan.prizes)} prizes, "
            f"{len(a.plan.categories)} categories"
        )
    if after == before:
        raise ActionRefused(_("the section already has this prize plan"))
    _write(s, after)
    return text, {"before": before, "after": after}, ()


def undo_prize_column(s: Session, payload: Mapping[str, Any]) -> None:
    _write(s, payload["before"])


@dataclass(frozen=True, slots=True)
class TickCategory(Action):
    """Tick (or untick) the category ``category`` for the player ``tpn``: the categories
    with ``ticked = true`` ("club member", "local player") admit only the ticked players."""

    tpn: int
    category: str
    ticked: bool = True


def tick_category(s: Session, a: TickCategory) -> Outcome:
    name = a.category.strip()
    if not name:
        raise ActionRefused(_("name the category to tick"))
    player = player_by_tpn(s, a.tpn)
    before = stored(s)
    after = json.loads(json.dumps(before))
    ticks: dict[str, list[str]] = after.setdefault("ticked", {})
    names = [n for n in ticks.get(str(player.id), []) if n.casefold() != name.casefold()]
    if a.ticked:
        names.append(name)
    if names:
        ticks[str(player.id)] = sorted(names, key=str.casefold)
    else:
        ticks.pop(str(player.id), None)
    if after == before:
        refusal = (
            _("{name} is already ticked for {category}")
            if a.ticked
            else _("{name} is not ticked for {category}")
        )
        raise ActionRefused(refusal.format(name=player.name, category=name))
    _write(s, after)
    summary = (
        said("{name} ticked for {category}", name=player.name, category=name)
        if a.ticked
        else said("{name} no longer ticked for {category}", name=player.name, category=name)
    )
    return summary, {"before": before, "after": after}, ()
