"""Results: entering a board's result in the current round and correcting an earlier one
(C.04.2 art. 4.3).

Each command dataclass is followed by its ``apply`` function; both share ``undo_result``
(the registry, :mod:`swissdesk.storage.commands.registry`, pairs them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from swissdesk.model.tournament import ResultCode
from swissdesk.storage import convert
from swissdesk.storage.commands.base import Action, Outcome, board_sides, tournament_row, tpn_map
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.results import BoardResult, result_text
from swissdesk.storage.schema import EntryRecord


@dataclass(frozen=True, slots=True)
class EnterResult(Action):
    """Enter (or replace, or with ``None`` clear) a board's result in the last paired round."""

    round_number: int
    board: int
    result: BoardResult | None


def enter_result(s: Session, a: EnterResult) -> Outcome:
    last = convert.last_paired_round(s)
    if a.round_number > last or a.round_number < 1:
        raise ActionRefused(f"round {a.round_number} is not paired")
    if a.round_number < last:
        raise ActionRefused(
            f"round {a.round_number} is over (round {last} is paired): use "
            "'correct result' for it (C.04.2 art. 4.3)"
        )
    return _set_result(s, a.round_number, a.board, a.result, correction=False)


@dataclass(frozen=True, slots=True)
class CorrectResult(Action):
    """Correct the result of a board of an earlier round (C.04.2 art. 4.3).

    The correction counts for the standings and the next pairing to be done; a round
    already paired keeps its published pairing.
    """

    round_number: int
    board: int
    result: BoardResult
    reason: str = ""


def correct_result(s: Session, a: CorrectResult) -> Outcome:
    last = convert.last_paired_round(s)
    if a.round_number > last or a.round_number < 1:
        raise ActionRefused(f"round {a.round_number} is not paired")
    summary, payload, warnings = _set_result(s, a.round_number, a.board, a.result, correction=True)
    payload["reason"] = a.reason
    if a.round_number < last:
        warnings = (
            *warnings,
            f"round {last} keeps its published pairing; the correction counts for the "
            f"standings and from the pairing of round {last + 1} on (C.04.2 art. 4.3)",
        )
    return summary, payload, warnings


def _set_result(
    s: Session,
    round_number: int,
    board: int,
    result: BoardResult | None,
    *,
    correction: bool,
) -> Outcome:
    if tournament_row(s).is_team:  # a match's result is settled from its boards (teams.py)
        raise ActionRefused(
            "in a team event a match's result comes from its boards: enter them on the "
            "Matches page (swissdesk team result)"
        )
    entries = list(
        s.scalars(
            select(EntryRecord).where(
                EntryRecord.round_number == round_number,
                EntryRecord.board == board,
                EntryRecord.kind == "game",
            )
        )
    )
    if not entries:
        boards = s.scalars(
            select(EntryRecord.board)
            .where(EntryRecord.round_number == round_number, EntryRecord.kind == "game")
            .distinct()
        ).all()
        count = len([b for b in boards if b is not None])
        raise ActionRefused(
            f"round {round_number} has no board {board}"
            + (f" (boards 1-{count})" if count else " (it has no boards)")
        )
    white, black = board_sides(entries)
    before = result_text(
        _code(white.result), _code(black.result) if black else None, white.adjourned
    )
    restore = [[e.player_id, e.result, e.adjourned] for e in (white, black) if e is not None]
    if correction and not before:
        raise ActionRefused(
            f"board {board} of round {round_number} has no result yet: enter it instead"
        )
    if result is None:
        white.result = None
        white.adjourned = False
        if black is not None:
            black.result = None
            black.adjourned = False
    else:
        wc, bc = result.codes
        white.result = wc.value
        white.adjourned = result.adjourned
        if black is not None:
            black.result = bc.value
            black.adjourned = result.adjourned
    after = result.value if result is not None else ""
    if correction and before == after:
        raise ActionRefused(f"board {board} of round {round_number} is already {after}")
    tpn = tpn_map(s)
    payload = {
        "round": round_number,
        "board": board,
        "white": tpn[white.player_id],
        "black": tpn[black.player_id] if black else None,
        "before": before,
        "after": after,
        "restore": restore,
    }
    shown = after or "no result"
    verb = "corrected to" if correction else "result"
    prev = f" (was {before})" if before else ""
    return f"round {round_number} board {board}: {verb} {shown}{prev}", payload, ()


def undo_result(s: Session, payload: Mapping[str, Any]) -> None:
    for player_id, code, adjourned in payload["restore"]:
        s.execute(
            update(EntryRecord)
            .where(
                EntryRecord.round_number == payload["round"],
                EntryRecord.player_id == player_id,
            )
            .values(result=code, adjourned=adjourned)
        )


def _code(value: str | None) -> ResultCode | None:
    return ResultCode(value) if value is not None else None
