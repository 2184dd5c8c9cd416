"""What every arbiter action shares: the command base class, the step type and helpers.

An action is a frozen dataclass (the *command*, e.g. :class:`~swissdesk.storage.commands.
players.AddPlayer`) plus one pair of functions beside it in its area module: ``apply``
changes the rows and returns what the audit log records, ``undo`` reverts it from that
record. :mod:`swissdesk.storage.commands.registry` pairs each command type with its
:class:`Step`; :meth:`TournamentFile.execute <swissdesk.storage.service.TournamentFile.
execute>` runs the step in one transaction together with its audit-log row.

The helpers take the session and never keep ORM objects (no row leaves the package).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from swissdesk.i18n import _
from swissdesk.model.round_robin import MAX_CYCLES, is_round_robin
from swissdesk.storage.errors import ActionRefused, StorageError
from swissdesk.storage.schema import EntryRecord, PlayerRecord, RoundRecord, TournamentRecord
from swissdesk.storage.sections import section_of
from swissdesk.storage.views import PlayerData, TournamentSettings
from swissdesk.tiebreaks import tiebreak_problems


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of all actions; ``undoable`` says whether :class:`Undo` can revert it.

    ``confirmed`` is the warning level the arbiter accepted for this action (keyword only,
    0 by default; :mod:`swissdesk.storage.levels`): an action whose warnings reach a higher
    level raises :class:`~swissdesk.storage.errors.ConfirmationRequired` and changes
    nothing. It is recorded with the command, so Redo runs it with the same answer.
    ``during_manual_pairing``: the action may run while a round is being paired by hand
    (most may not: the round must be finished or cancelled first).
    """

    undoable: ClassVar[bool] = True
    during_manual_pairing: ClassVar[bool] = False
    confirmed: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class Undo(Action):
    """Revert the latest action not yet undone (repeat to go further back).

    Refused when that action cannot be reverted safely (creating the tournament, importing).
    """

    undoable: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Redo(Action):
    """Run again the action the latest Undo reverted (repeat to go forward again).

    Only while nothing new was done since that Undo: a new action clears what can be
    redone, as in every editor. The redone action gets its own audit record (which undoes
    the Undo record), so Undo can revert it again.
    """

    undoable: ClassVar[bool] = False


Outcome = tuple[str, dict[str, Any], tuple[str, ...]]
"""What an action's ``apply`` returns: summary, audit payload, warnings."""

_A = TypeVar("_A", bound=Action)


@dataclass(frozen=True, slots=True)
class Step(Generic[_A]):
    """How one command changes the file (``apply``, in the action's transaction) and how
    its audit record reverts it (``undo``, given the payload ``apply`` returned)."""

    apply: Callable[[Session, _A], Outcome]
    undo: Callable[[Session, Mapping[str, Any]], None]


def utc_now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")


def check_settings(settings: TournamentSettings) -> None:
    if settings.total_rounds < 1:
        raise ActionRefused(_("the number of rounds must be at least 1 (C.04.1 art. 1)"))
    if not settings.system.strip():
        raise ActionRefused(_("choose a pairing system"))
    if ":" in settings.system:  # a system's options (lim:2003,maxi) must be its own
        from swissdesk.engines import get_engine

        try:
            get_engine(settings.system)
        except KeyError as exc:
            raise ActionRefused(str(exc.args[0])) from None
    if is_round_robin(settings.system):
        cycles = settings.round_robin.cycles
        if not 1 <= cycles <= MAX_CYCLES:
            raise ActionRefused(
                _("a round robin is played over 1 to {MAX_CYCLES} cycles, not {cycles}").format(
                    MAX_CYCLES=MAX_CYCLES, cycles=cycles
                )
            )
        problems = tiebreak_problems(settings.system, settings.tiebreaks)
        if problems:
            raise ActionRefused(problems[0])


def check_player_data(data: PlayerData) -> None:
    if not data.name.strip():
        raise ActionRefused(_("a player needs a name"))
    if data.rating < 0:
        raise ActionRefused(_("the rating of {name} cannot be negative").format(name=data.name))


def tournament_row(s: Session) -> TournamentRecord:
    """The settings row of the session's section (the tournament every command acts on)."""
    rec = s.get(TournamentRecord, section_of(s))
    if rec is None:
        raise StorageError(_("the tournament file has no tournament settings (damaged file?)"))
    return rec


def round_row(s: Session, number: int) -> RoundRecord | None:
    """The session's section's paired round ``number`` (``None`` if not paired)."""
    return s.get(RoundRecord, (section_of(s), number))


def player_by_tpn(s: Session, tpn: int) -> PlayerRecord:
    rec = s.scalars(select(PlayerRecord).where(PlayerRecord.tpn == tpn)).first()
    if rec is None:
        raise ActionRefused(_("there is no player with pairing number {tpn}").format(tpn=tpn))
    return rec


def tpn_map(s: Session) -> dict[int, int]:
    """Player id -> current TPN."""
    return {pid: tpn for pid, tpn in s.execute(select(PlayerRecord.id, PlayerRecord.tpn))}


def set_tpns(s: Session, mapping: Mapping[int, int]) -> None:
    """Give players new TPNs (two passes: SQLite checks uniqueness row by row)."""
    if not mapping:
        return
    s.flush()
    for pid in mapping:
        s.execute(update(PlayerRecord).where(PlayerRecord.id == pid).values(tpn=-pid - 1))
    for pid, tpn in mapping.items():
        s.execute(update(PlayerRecord).where(PlayerRecord.id == pid).values(tpn=tpn))
    s.expire_all()


def entry_row(
    player_id: int,
    round_number: int,
    kind: str,
    *,
    board: int | None = None,
    opponent_id: int | None = None,
    colour: str | None = None,
    result: str | None = None,
) -> dict[str, Any]:
    return {
        "player_id": player_id,
        "round_number": round_number,
        "kind": kind,
        "board": board,
        "opponent_id": opponent_id,
        "colour": colour,
        "result": result,
        "adjourned": False,
        "games": None,
        "game_points": None,
    }


def insert_entries(s: Session, rows: Iterable[Mapping[str, Any]]) -> None:
    data = [dict(r) for r in rows]
    if data:
        s.flush()
        s.execute(insert(EntryRecord), data)
        s.expire_all()


def board_sides(entries: Sequence[EntryRecord]) -> tuple[EntryRecord, EntryRecord | None]:
    """The White and Black entries of a board (the first one if colours are unknown)."""
    ordered = sorted(entries, key=lambda e: (e.colour != "w", e.colour == "b", e.player_id))
    white = ordered[0]
    black = ordered[1] if len(ordered) > 1 else None
    return white, black


def game_board(s: Session, round_number: int, board: int) -> tuple[EntryRecord, EntryRecord]:
    """The White and Black game entries of a board of two players, or refused."""
    entries = list(
        s.scalars(
            select(EntryRecord).where(
                EntryRecord.round_number == round_number,
                EntryRecord.board == board,
                EntryRecord.kind == "game",
            )
        )
    )
    if len(entries) != 2:
        raise ActionRefused(
            _("round {round_number} has no board {board} with two players").format(
                round_number=round_number, board=board
            )
        )
    white, black = board_sides(entries)
    assert black is not None
    return white, black
