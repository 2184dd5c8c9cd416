"""Corrections of a game's result for the rating report only (FIDE's checklist for
tournament programs, C.02, Q192-193).

Once later rounds were paired on a result, FIDE mode lets the arbiter correct it for the
pairings and standings only in the round before the last paired one (Q189-191,
:mod:`swissdesk.storage.commands.results`). When a result is found wrong later, or a game
must not be rated (it ended before the first move was completed, it was never played), the
rating report still has to be right: :class:`RatingCorrection` records the result the game
counts with in the rating changes, for any paired round, in its own table
(``rating_correction``). The pairings, the standings and every tie-break keep the result
entered; every exported TRF lists the correction as ``### Rating correction @ Round n``, and
a TRF import reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from swissdesk.i18n import _, said
from swissdesk.model.tournament import DOUBLE_SWISS, ResultCode, board_text
from swissdesk.model.tournament import rating_result as parse_rating_result
from swissdesk.storage import convert
from swissdesk.storage.commands.base import Action, Outcome, game_board, tournament_row, tpn_map
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.levels import Level, LevelWarning, information, require
from swissdesk.storage.schema import EntryRecord, PlayerRecord, RatingCorrectionRecord
from swissdesk.storage.views import RatingCorrectionView


@dataclass(frozen=True, slots=True)
class RatingCorrection(Action):
    """Count board ``board`` of round ``round_number`` as ``result`` in the rating report
    only (``1-0``, ``0-1``, ``1/2``, ``W-L``/``L-W``/``D-D`` for a game played but not rated,
    ``+-``/``-+``/``--`` for one not played; :data:`~swissdesk.model.tournament.
    RATING_RESULTS`); ``None`` lifts the board's correction. Any paired round, in or out of
    FIDE mode (the pairings and standings do not change); a Level-2 confirmation stating
    both results."""

    round_number: int
    board: int
    result: str | None
    reason: str = ""


def rating_correction(s: Session, a: RatingCorrection) -> Outcome:
    last = convert.last_paired_round(s)
    if not 1 <= a.round_number <= last:
        raise ActionRefused(
            _("round {round_number} is not paired").format(round_number=a.round_number)
        )
    record = tournament_row(s)
    if record.is_team or record.system == DOUBLE_SWISS:
        kind = "a team event" if record.is_team else "a Double-Swiss event"
        raise ActionRefused(
            _(
                "results cannot be corrected for the rating report only in {kind} yet (a board "
                "of single games only)"
            ).format(kind=kind)
        )
    white, black = game_board(s, a.round_number, a.board)
    if white.result is None or black.result is None:
        raise ActionRefused(
            _("board {board} of round {round_number} has no result yet: enter it first").format(
                board=a.board, round_number=a.round_number
            )
        )
    entered = board_text(ResultCode(white.result), ResultCode(black.result))
    row = s.scalars(
        select(RatingCorrectionRecord).where(
            RatingCorrectionRecord.round_number == a.round_number,
            RatingCorrectionRecord.white_id.in_((white.player_id, black.player_id)),
        )
    ).first()
    before = _row_json(row)
    current = row.result if row is not None else None
    try:
        after = None if a.result is None else parse_rating_result(a.result)
    except ValueError as exc:
        raise ActionRefused(str(exc)) from None
    if after == entered:
        after = None  # counting the result entered is no correction
    tpn = tpn_map(s)
    pair = f"{tpn[white.player_id]}-{tpn[black.player_id]}"
    where = _("round {round_number}, board {board} ({pair})").format(
        round_number=a.round_number, board=a.board, pair=pair
    )
    if after == current:
        refusal = (
            _("{where} already counts as {result} in the rating report")
            if after
            else _(
                "{where} already has no rating correction in the rating report (it counts as "
                "{entered})"
            )
        )
        raise ActionRefused(refusal.format(where=where, result=after, entered=entered))
    if row is not None:
        s.delete(row)
        s.flush()
    if after is not None:
        s.add(
            RatingCorrectionRecord(
                round_number=a.round_number,
                white_id=white.player_id,
                black_id=black.player_id,
                result=after,
                reason=a.reason.strip(),
            )
        )
    board_said = said(
        "round {round_number}, board {board} ({pair})",
        round_number=a.round_number,
        board=a.board,
        pair=pair,
    )
    if after is None:
        text = said(
            "{where}: the rating report counts {entered} again, as the pairings and standings "
            "do (was {current})",
            where=board_said,
            entered=entered,
            current=current,
        )
    else:
        text = said(
            "{where}: the rating report counts {after}; the pairings and standings keep "
            "{entered} (C.02 Q192)",
            where=board_said,
            after=after,
            entered=entered,
        )
    warnings = [LevelWarning(Level.CONFIRM, text)]
    payload: dict[str, Any] = {
        "round": a.round_number,
        "board": a.board,
        "white": tpn[white.player_id],
        "black": tpn[black.player_id],
        "entered": entered,
        "before": before,
        "after": after,
        "reason": a.reason.strip(),
    }
    payload.update(require(a.confirmed, _("the rating report changes; confirm"), warnings))
    if after is None:
        summary = said(
            "round {round_number} board {board}: rating correction {current} lifted",
            round_number=a.round_number,
            board=a.board,
            current=current,
        )
    else:
        summary = said(
            "round {round_number} board {board}: {after} for the rating report (pairings "
            "and standings: {entered})",
            round_number=a.round_number,
            board=a.board,
            after=after,
            entered=entered,
        )
    return summary, payload, information(warnings)


def undo_rating_correction(s: Session, payload: Mapping[str, Any]) -> None:
    before = payload["before"]
    tpns = {tpn: pid for pid, tpn in tpn_map(s).items()}
    ids = [tpns[payload["white"]], tpns[payload["black"]]]
    s.execute(
        delete(RatingCorrectionRecord).where(
            RatingCorrectionRecord.round_number == payload["round"],
            RatingCorrectionRecord.white_id.in_(ids),
        )
    )
    if before is not None:
        s.flush()
        s.add(RatingCorrectionRecord(round_number=payload["round"], **before))


def _row_json(row: RatingCorrectionRecord | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {
        "white_id": row.white_id,
        "black_id": row.black_id,
        "result": row.result,
        "reason": row.reason,
    }


def take_round(s: Session, round_number: int) -> list[dict[str, Any]]:
    """Remove the rating corrections of ``round_number`` (its pairing is being removed);
    returns them for :func:`restore_round`."""
    query = select(RatingCorrectionRecord).where(
        RatingCorrectionRecord.round_number == round_number
    )
    return _take(s, list(s.scalars(query)), round_number)


def take_game(s: Session, round_number: int, player_id: int) -> list[dict[str, Any]]:
    """Remove the rating correction of ``player_id``'s game in ``round_number`` (its result
    is being cleared); returns it for :func:`restore_round`."""
    query = select(RatingCorrectionRecord).where(
        RatingCorrectionRecord.round_number == round_number,
        (RatingCorrectionRecord.white_id == player_id)
        | (RatingCorrectionRecord.black_id == player_id),
    )
    return _take(s, list(s.scalars(query)), round_number)


def _take(
    s: Session, rows: list[RatingCorrectionRecord], round_number: int
) -> list[dict[str, Any]]:
    out = [{"round_number": round_number, **(_row_json(r) or {})} for r in rows]
    for r in rows:
        s.delete(r)
    if rows:
        s.flush()
    return out


def restore_round(s: Session, rows: Any) -> None:
    """Put back what :func:`take_round` removed."""
    for row in rows or ():
        s.add(RatingCorrectionRecord(**row))


def listed(s: Session) -> list[RatingCorrectionView]:
    """The session's section's rating corrections, by round and board."""
    tpn = tpn_map(s)
    names: dict[int, str] = {
        pid: name for pid, name in s.execute(select(PlayerRecord.id, PlayerRecord.name))
    }
    out = []
    for row in s.scalars(select(RatingCorrectionRecord)):
        entries = {
            e.player_id: e
            for e in s.scalars(
                select(EntryRecord).where(
                    EntryRecord.round_number == row.round_number,
                    EntryRecord.player_id.in_((row.white_id, row.black_id)),
                )
            )
        }
        white, black = entries.get(row.white_id), entries.get(row.black_id)
        if (
            white is None
            or black is None
            or white.opponent_id != row.black_id
            or white.result is None
            or black.result is None
        ):
            continue  # no longer this game (kept for an Undo that brings it back)
        out.append(
            RatingCorrectionView(
                round_number=row.round_number,
                board=white.board or 0,
                white=tpn[row.white_id],
                black=tpn[row.black_id],
                white_name=names[row.white_id],
                black_name=names[row.black_id],
                result=row.result,
                entered=board_text(ResultCode(white.result), ResultCode(black.result)),
                reason=row.reason,
            )
        )
    return sorted(out, key=lambda v: (v.round_number, v.board))
