"""External tie-break values (C.02 VCL Q207): per player, a value decided outside the
program (a play-off or armageddon result, a value given by the chief arbiter), ranking as
one more tie-break after the declared ones or at the position the arbiter chooses
(:mod:`swissdesk.model.external_tiebreak`).

Kept per section in the file's ``meta`` table (key ``external_tiebreak:<section>``, a JSON
object ``{"label": "Play-off", "lower_first": false, "after": null, "values": {"<player
id>": "1.5"}}``), beside the event's name: no schema step. Every change is one undoable
action with its audit row.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from sqlalchemy.orm import Session

from swissdesk.i18n import N_, _, ngettext
from swissdesk.model.external_tiebreak import (
    LABEL_LIMIT,
    ExternalTiebreak,
    format_value,
    label_problem,
    parse_value,
)
from swissdesk.storage import convert
from swissdesk.storage.commands.base import (
    Action,
    Outcome,
    player_by_tpn,
    tournament_row,
    tpn_map,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import MetaRecord
from swissdesk.storage.sections import section_of

KEEP = ""
"""``SetExternalTiebreak.position``: leave the position as it is."""
LAST = "last"
"""``SetExternalTiebreak.position``: after all the declared tie-breaks."""


DEFAULT_LABEL = N_("Play-off")
"""The heading of a new external tie-break (in the arbiter's language when first stored)."""


def _default() -> ExternalTiebreak:
    return ExternalTiebreak(label=_(DEFAULT_LABEL))


def _key(s: Session) -> str:
    return f"external_tiebreak:{section_of(s)}"


def _from_json(text: str) -> ExternalTiebreak:
    try:
        data = json.loads(text)
        after = data.get("after")
        return ExternalTiebreak(
            label=str(data.get("label") or _(DEFAULT_LABEL)),
            lower_first=bool(data.get("lower_first")),
            after=None if after is None else int(after),
            values={int(k): Fraction(str(v)) for k, v in dict(data.get("values", {})).items()},
        )
    except (ValueError, TypeError, AttributeError, ZeroDivisionError):
        return _default()


def _to_json(external: ExternalTiebreak) -> str:
    return json.dumps(
        {
            "label": external.label,
            "lower_first": external.lower_first,
            "after": external.after,
            "values": {str(k): format_value(v) for k, v in sorted(external.values.items())},
        },
        sort_keys=True,
    )


def read_external(s: Session) -> ExternalTiebreak:
    """The section's external tie-break, values keyed by player id (the default, without
    values, when none was set)."""
    rec = s.get(MetaRecord, _key(s))
    return _default() if rec is None else _from_json(rec.value)


def _write_text(s: Session, text: str | None) -> None:
    rec = s.get(MetaRecord, _key(s))
    if text is None:
        if rec is not None:
            s.delete(rec)
    elif rec is None:
        s.add(MetaRecord(key=_key(s), value=text))
    else:
        rec.value = text


def write_external(s: Session, external: ExternalTiebreak) -> None:
    """Keep ``external`` (values keyed by player id); the default without values leaves no
    row."""
    _write_text(s, None if external == _default() else _to_json(external))


@dataclass(frozen=True, slots=True)
class SetExternalTiebreak(Action):
    """Enter, change or clear external tie-break values and say how they rank.

    ``values`` are ``(TPN, value)`` pairs as typed (``"2"``, ``"1.5"``; ``""`` removes the
    player's value); ``clear`` removes every value first. ``label`` (the column heading)
    and ``lower_first`` (a place rather than points) change when given; ``position`` is
    ``"last"`` (after the declared tie-breaks), a number of declared tie-breaks it comes
    after (``"0"``: right after the points), or ``""`` to keep it."""

    values: tuple[tuple[int, str], ...] = ()
    clear: bool = False
    label: str | None = None
    lower_first: bool | None = None
    position: str = KEEP


def _refuse_team(s: Session) -> None:
    if convert.settings_from_record(tournament_row(s)).is_team:
        raise ActionRefused(_("External tie-break values are for individual events."))


def set_external_tiebreak(s: Session, a: SetExternalTiebreak) -> Outcome:
    _refuse_team(s)
    before = s.get(MetaRecord, _key(s))
    before_text = None if before is None else before.value
    old = read_external(s)
    new = replace(old, values={} if a.clear else dict(old.values))
    if a.label is not None:
        problem = label_problem(a.label)
        if problem:
            raise ActionRefused(
                _(
                    "the external tie-break's heading must have 1 to {limit} characters, "
                    "without ':' or ','"
                ).format(limit=LABEL_LIMIT)
            )
        new = replace(new, label=a.label.strip())
    if a.lower_first is not None:
        new = replace(new, lower_first=a.lower_first)
    declared = len(convert.settings_from_record(tournament_row(s)).tiebreaks)
    if a.position == LAST:
        new = replace(new, after=None)
    elif a.position != KEEP:
        try:
            after = int(a.position)
        except ValueError:
            after = -1
        if not 0 <= after <= declared:
            raise ActionRefused(
                _(
                    "the external tie-break comes after 0 to {count} of the declared "
                    "tie-breaks"
                ).format(count=declared)
            )
        new = replace(new, after=None if after == declared else after)
    values = dict(new.values)
    for tpn, text in a.values:
        rec = player_by_tpn(s, tpn)
        if not text.strip():
            values.pop(rec.id, None)
            continue
        try:
            values[rec.id] = parse_value(text)
        except ValueError:
            raise ActionRefused(
                _("no. {tpn}: {value} is not a value (for example 2, 1.5 or -1)").format(
                    tpn=tpn, value=repr(text)
                )
            ) from None
    new = replace(new, values=values)
    if new == old:
        raise ActionRefused(_("the external tie-break is unchanged"))
    write_external(s, new)
    return describe(s, new), {"before": before_text}, ()


def describe(s: Session, external: ExternalTiebreak) -> str:
    """The external tie-break in a line: heading, direction, position and values by TPN."""
    tpn_of = tpn_map(s)
    order = _("lower first") if external.lower_first else _("higher first")
    where = (
        _("after the declared tie-breaks")
        if external.after is None
        else ngettext(
            "after {count} declared tie-break", "after {count} declared tie-breaks", external.after
        ).format(count=external.after)
    )
    shown = ", ".join(
        f"no. {tpn} {format_value(v)}"
        for tpn, v in sorted((tpn_of[k], v) for k, v in external.values.items() if k in tpn_of)
    )
    return _("external tie-break {label} ({order}, {where}): {values}").format(
        label=external.label, order=order, where=where, values=shown or _("no values")
    )


def undo_set_external_tiebreak(s: Session, payload: Mapping[str, Any]) -> None:
    before = payload.get("before")
    _write_text(s, None if before is None else str(before))


def snapshot_external(s: Session, tpn_of: Mapping[int, int]) -> ExternalTiebreak | None:
    """The section's external tie-break keyed by pairing number, for the snapshot
    (``None``: no values)."""
    external = read_external(s)
    if not external.in_use:
        return None
    return external.with_keys(tpn_of)


@dataclass(frozen=True, slots=True)
class DrawLotsForTies(Action):
    """Draw lots among the players the declared tie-breaks leave tied (C.02 VCL Q204): each
    tied group's places become the external tie-break's values (heading ``Lots``, a lower
    place first, after the declared tie-breaks), so the tied players can also be ranked by
    hand afterwards (Q205). The draw is seeded from the event, the round and the tied
    players, so drawing again gives the same result (Q206)."""


def draw_lots_for_ties(s: Session, a: DrawLotsForTies) -> Outcome:
    from swissdesk.model.external_tiebreak import draw_lots
    from swissdesk.tiebreaks import compute_standings, declared_tiebreaks

    _refuse_team(s)
    before = s.get(MetaRecord, _key(s))
    before_text = None if before is None else before.value
    if read_external(s).in_use:
        raise ActionRefused(
            _("the external tie-break already holds values: clear them first to draw lots")
        )
    snapshot = replace(convert.build_snapshot(s), external_tiebreak=None)
    standings = compute_standings(snapshot, declared_tiebreaks(snapshot))
    groups: dict[str, list[int]] = {}
    for row in standings.rows:
        if "-" in row.rank_label:
            groups.setdefault(row.rank_label, []).append(row.tpn)
    if not groups:
        raise ActionRefused(_("no players are tied after the declared tie-breaks"))
    names = {p.tpn: p.name for p in snapshot.players}
    seed = "|".join(
        (
            snapshot.info.name,
            str(section_of(s)),
            str(standings.after_round),
            ";".join(f"{t}={names[t]}" for g in groups.values() for t in g),
        )
    )
    places = draw_lots(list(groups.values()), seed)
    id_of = {tpn: pid for pid, tpn in tpn_map(s).items()}
    new = ExternalTiebreak(
        label=_("Lots"),
        lower_first=True,
        after=None,
        values={id_of[t]: v for t, v in places.items()},
    )
    write_external(s, new)
    return describe(s, new), {"before": before_text}, ()
