"""A Chess960 event (C.02 VCL Q222): the setting, and the starting position drawn for each
round when it is paired (:mod:`swissdesk.model.chess960`).

Kept per section in the file's ``meta`` table (key ``chess960:<section>``, a JSON object
``{"on": true, "positions": {"1": 518}}``), beside the event's name: no schema step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from swissdesk.i18n import _, said
from swissdesk.model.chess960 import describe, draw_position
from swissdesk.storage.commands.base import Action, Outcome
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import MetaRecord
from swissdesk.storage.sections import section_of


@dataclass(frozen=True, slots=True)
class Chess960State:
    """Whether the section plays Chess960, and the position drawn for each paired round."""

    on: bool = False
    positions: Mapping[int, int] | None = None

    def position(self, round_number: int) -> int | None:
        return (self.positions or {}).get(round_number)


def _key(s: Session) -> str:
    return f"chess960:{section_of(s)}"


def read_state(s: Session) -> Chess960State:
    rec = s.get(MetaRecord, _key(s))
    if rec is None:
        return Chess960State(False, {})
    try:
        data = json.loads(rec.value)
        positions = {int(r): int(n) for r, n in dict(data.get("positions", {})).items()}
        return Chess960State(bool(data.get("on")), positions)
    except (ValueError, TypeError, AttributeError):
        return Chess960State(False, {})


def _write_state(s: Session, state: Chess960State) -> None:
    rec = s.get(MetaRecord, _key(s))
    positions = dict(state.positions or {})
    if not state.on and not positions:
        if rec is not None:
            s.delete(rec)
        return
    value = json.dumps({"on": state.on, "positions": {str(r): n for r, n in positions.items()}})
    if rec is None:
        s.add(MetaRecord(key=_key(s), value=value))
    else:
        rec.value = value


@dataclass(frozen=True, slots=True)
class SetChess960(Action):
    """Play (or stop playing) Chess960: from the next round paired on, each round gets a
    starting position drawn at random, the same for all its boards."""

    on: bool


def set_chess960(s: Session, a: SetChess960) -> Outcome:
    state = read_state(s)
    if state.on == a.on:
        raise ActionRefused(
            _("the tournament already plays Chess960")
            if a.on
            else _("the tournament does not play Chess960")
        )
    _write_state(s, Chess960State(a.on, state.positions))
    summary = (
        said("the tournament plays Chess960 from the next round paired")
        if a.on
        else said("the tournament no longer plays Chess960 from the next round paired")
    )
    return summary, {"on": a.on}, ()


def undo_set_chess960(s: Session, payload: Mapping[str, Any]) -> None:
    state = read_state(s)
    _write_state(s, Chess960State(not payload["on"], state.positions))


def draw_for_round(s: Session, round_number: int) -> int | None:
    """When the event plays Chess960, draw and keep round ``round_number``'s position (the
    pairing of the round does it); ``None`` otherwise."""
    state = read_state(s)
    if not state.on:
        return None
    number = draw_position()
    positions = dict(state.positions or {})
    positions[round_number] = number
    _write_state(s, Chess960State(True, positions))
    return number


def keep_position(s: Session, round_number: int, number: int) -> None:
    """Give round ``round_number`` back its position (an unpairing undone)."""
    state = read_state(s)
    positions = dict(state.positions or {})
    positions[round_number] = number
    _write_state(s, Chess960State(state.on, positions))


def forget_round(s: Session, round_number: int) -> None:
    """The round's pairing is undone or deleted: its position goes with it."""
    state = read_state(s)
    positions = dict(state.positions or {})
    if positions.pop(round_number, None) is not None:
        _write_state(s, Chess960State(state.on, positions))


def round_text(s: Session, round_number: int) -> str:
    """``Chess960 position 518 (RNBQKBNR)`` for a round that has one, else ``""``."""
    number = read_state(s).position(round_number)
    return describe(number) if number is not None else ""
