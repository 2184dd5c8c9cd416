"""What the arbiter decides about a player beyond their data: not eligible for a half-point
bye (C.02 VCL Q175-176), expelled (Q197-198).

A tournament's rules may exclude some players from half-point byes (a free entry, a
qualification condition); such a player's request for one is refused. An expelled player is
withdrawn from the next round on, like any withdrawal (C.04.2 art. 3.2), and is left out of
the standings; the games they played still count for their opponents' tie-breaks.

The flags are kept per section in the file's ``meta`` table (key ``player_flags:<section>``,
a JSON object of player ids), beside the event's name: small data that needs no schema step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from swissdesk.i18n import _, said
from swissdesk.storage import convert
from swissdesk.storage.commands.base import Action, Outcome, player_by_tpn
from swissdesk.storage.commands.players import Withdraw, undo_withdraw, withdraw
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import MetaRecord
from swissdesk.storage.sections import section_of

NO_HALF_BYE = "no_half_bye"
EXPELLED = "expelled"


def _key(s: Session) -> str:
    return f"player_flags:{section_of(s)}"


def read_flags(s: Session) -> dict[str, list[int]]:
    """The section's flags: ``{"no_half_bye": [player id, ...], "expelled": [...]}``."""
    rec = s.get(MetaRecord, _key(s))
    if rec is None:
        return {}
    try:
        data = json.loads(rec.value)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        str(k): [int(i) for i in v if isinstance(i, int)]
        for k, v in data.items()
        if isinstance(v, list)
    }


def flagged(s: Session, flag: str) -> set[int]:
    """The ids of the section's players with ``flag``."""
    return set(read_flags(s).get(flag, []))


def _write_flags(s: Session, flags: Mapping[str, list[int]]) -> None:
    kept = {k: sorted(set(v)) for k, v in flags.items() if v}
    rec = s.get(MetaRecord, _key(s))
    if not kept:
        if rec is not None:
            s.delete(rec)
        return
    value = json.dumps(kept, sort_keys=True)
    if rec is None:
        s.add(MetaRecord(key=_key(s), value=value))
    else:
        rec.value = value


def _set_flag(s: Session, flag: str, player_id: int, on: bool) -> bool:
    """Set or clear ``flag``; whether it was set before."""
    flags = read_flags(s)
    ids = set(flags.get(flag, []))
    before = player_id in ids
    (ids.add if on else ids.discard)(player_id)
    flags[flag] = sorted(ids)
    _write_flags(s, flags)
    return before


@dataclass(frozen=True, slots=True)
class SetHalfByeEligibility(Action):
    """Whether a player may have a half-point bye (C.02 VCL Q175: the tournament's rules
    may exclude some players; their requests are then refused, Q176)."""

    tpn: int
    eligible: bool


def set_half_bye_eligibility(s: Session, a: SetHalfByeEligibility) -> Outcome:
    rec = player_by_tpn(s, a.tpn)
    before = _set_flag(s, NO_HALF_BYE, rec.id, not a.eligible)
    if before == (not a.eligible):
        refusal = (
            _("no. {tpn} {name} is already eligible for half-point byes")
            if a.eligible
            else _("no. {tpn} {name} is already not eligible for half-point byes")
        )
        raise ActionRefused(refusal.format(tpn=rec.tpn, name=rec.name))
    payload = {"id": rec.id, "tpn": rec.tpn, "eligible": a.eligible}
    return (
        said("no. {tpn} {name}: eligible for half-point byes", tpn=rec.tpn, name=rec.name)
        if a.eligible
        else said(
            "no. {tpn} {name}: not eligible for half-point byes", tpn=rec.tpn, name=rec.name
        ),
        payload,
        (),
    )


def undo_set_half_bye_eligibility(s: Session, payload: Mapping[str, Any]) -> None:
    _set_flag(s, NO_HALF_BYE, int(payload["id"]), bool(payload["eligible"]))


def refuse_half_bye(s: Session, player_id: int, who: str) -> None:
    """A half-point bye for a player the tournament's rules exclude from them (Q176)."""
    if player_id in flagged(s, NO_HALF_BYE):
        raise ActionRefused(
            _(
                "{who} is not eligible for a half-point bye (the tournament's rules; Players > "
                "Half-point byes allowed, 'swissdesk half-byes FILE N allowed' changes it)"
            ).format(who=who)
        )


@dataclass(frozen=True, slots=True)
class ExpelPlayer(Action):
    """Expel a player (C.02 VCL Q197-198): withdrawn from round ``from_round`` on (the next
    round by default) and left out of the standings; their games count for their opponents."""

    tpn: int
    from_round: int | None = None
    reason: str = ""


def expel_player(s: Session, a: ExpelPlayer) -> Outcome:
    rec = player_by_tpn(s, a.tpn)
    if rec.id in flagged(s, EXPELLED):
        raise ActionRefused(
            _("no. {tpn} {name} is already expelled").format(tpn=rec.tpn, name=rec.name)
        )
    from_round = a.from_round if a.from_round is not None else convert.last_paired_round(s) + 1
    withdrawn: dict[str, Any] | None = None
    if rec.withdrawn_from_round is None:
        _summary, withdrawn, _notes = withdraw(s, Withdraw(a.tpn, from_round))
    elif a.from_round is not None and a.from_round != rec.withdrawn_from_round:
        raise ActionRefused(
            _(
                "no. {tpn} {name} is withdrawn from round {withdrawn_from_round}: expel them "
                "from that round"
            ).format(tpn=rec.tpn, name=rec.name, withdrawn_from_round=rec.withdrawn_from_round)
        )
    _set_flag(s, EXPELLED, rec.id, True)
    payload = {"id": rec.id, "tpn": rec.tpn, "withdrawn": withdrawn, "reason": a.reason}
    left = rec.withdrawn_from_round
    return (
        said(
            "no. {tpn} {name} expelled ({reason}): not paired from round {left}, left out of "
            "the standings",
            tpn=rec.tpn,
            name=rec.name,
            reason=a.reason,
            left=left,
        )
        if a.reason
        else said(
            "no. {tpn} {name} expelled: not paired from round {left}, left out of the "
            "standings",
            tpn=rec.tpn,
            name=rec.name,
            left=left,
        ),
        payload,
        (),
    )


def undo_expel_player(s: Session, payload: Mapping[str, Any]) -> None:
    _set_flag(s, EXPELLED, int(payload["id"]), False)
    if payload.get("withdrawn") is not None:
        undo_withdraw(s, payload["withdrawn"])
