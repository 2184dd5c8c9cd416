"""Results: entering a board's result in the current round and correcting an earlier one
(C.04.2 art. 4.3).

Each command dataclass is followed by its ``apply`` function; both share ``undo_result``
(the registry, :mod:`swissdesk.storage.commands.registry`, pairs them).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from swissdesk.i18n import Message, _, said
from swissdesk.model.tournament import Colour, ResultCode, double_swiss_match
from swissdesk.storage import convert
from swissdesk.storage.commands.base import (
    Action,
    Outcome,
    board_sides,
    game_board,
    tournament_row,
    tpn_map,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.levels import (
    ADJOURNMENT,
    CORRECTION,
    IntegrityEvent,
    Level,
    LevelWarning,
    information,
    integrity_payload,
    require,
)
from swissdesk.storage.results import BoardResult, result_text
from swissdesk.storage.schema import EntryRecord, PlayerRecord


@dataclass(frozen=True, slots=True)
class EnterResult(Action):
    """Enter (or replace, or with ``None`` clear) a board's result in the last paired round."""

    round_number: int
    board: int
    result: BoardResult | None


def enter_result(s: Session, a: EnterResult) -> Outcome:
    last = convert.last_paired_round(s)
    if a.round_number > last or a.round_number < 1:
        raise ActionRefused(
            _("round {round_number} is not paired").format(round_number=a.round_number)
        )
    if a.round_number < last:
        raise ActionRefused(
            _(
                "round {round_number} is over (round {last} is paired): use 'correct result' "
                "for it (C.04.2 art. 4.3)"
            ).format(round_number=a.round_number, last=last)
        )
    return _set_result(
        s, a.round_number, a.board, a.result, correction=False, confirmed=a.confirmed
    )


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
        raise ActionRefused(
            _("round {round_number} is not paired").format(round_number=a.round_number)
        )
    if not is_adjourned(s, a.round_number, a.board):  # an adjourned game: any time (Q162)
        check_correctable(s, a.round_number, last)
    summary, payload, warnings = _set_result(
        s, a.round_number, a.board, a.result, correction=True, confirmed=a.confirmed
    )
    payload["reason"] = a.reason
    if a.round_number < last:
        warnings = (
            *warnings,
            f"round {last} keeps its published pairing; the correction counts for the "
            f"standings and from the pairing of round {last + 1} on (C.04.2 art. 4.3)",
        )
    return summary, payload, warnings


def is_adjourned(s: Session, round_number: int, board: int) -> bool:
    """Whether board ``board`` of round ``round_number`` is an adjourned game still without
    its result."""
    return bool(
        s.scalars(
            select(EntryRecord.adjourned).where(
                EntryRecord.round_number == round_number,
                EntryRecord.board == board,
                EntryRecord.kind == "game",
                EntryRecord.adjourned.is_(True),
                EntryRecord.result.is_not(None),
            )
        ).first()
    )


def adjournment_warnings(
    round_number: int, what: str, result: BoardResult
) -> tuple[list[LevelWarning], list[IntegrityEvent]]:
    """An adjourned game's result (C.02 VCL Q162-163): a draw is what the pairings counted
    (C.04.2 art. 3.1), told only; any other result changes the scores the later rounds were
    paired with: Level 3 and ``### Adjournment @ Round n``."""
    if result.codes == (ResultCode.DRAW, ResultCode.DRAW):
        return [
            LevelWarning(
                Level.INFORMATION,
                said(
                    "round {round_number}, {what}: the adjourned game ends in a draw, as the "
                    "pairings counted it",
                    round_number=round_number,
                    what=what,
                ),
            )
        ], []
    return [
        LevelWarning(
            Level.CONFIRM_FACTS,
            said(
                "round {round_number}, {what}: the adjourned game ends {result}, not the draw "
                "the pairings counted it as (C.04.2 art. 3.1)",
                round_number=round_number,
                what=what,
                result=result.value,
            ),
        )
    ], [IntegrityEvent(ADJOURNMENT, round_number, f"{what}: adjourned -> {result.value}")]


def check_correctable(s: Session, round_number: int, last: int) -> None:
    """In FIDE mode only the last paired round and the one before it can be corrected (C.02
    VCL Q189-191: the results, pairings and colours of earlier rounds stay as they are);
    an earlier round is a Level-5 refusal."""
    if round_number >= last - 1 or not tournament_row(s).fide_mode:
        return
    from swissdesk.storage.commands.fide_mode import refuse_in_fide_mode

    raise refuse_in_fide_mode(
        _("round {round_number} cannot be corrected now that round {last} is paired").format(
            round_number=round_number, last=last
        ),
        _("only round {before} and round {last} can be, C.02 VCL Q189-191").format(
            before=last - 1, last=last
        ),
    )


def correction_warnings(
    round_number: int, last: int, what: str, before: str, after: str
) -> tuple[list[LevelWarning], list[IntegrityEvent]]:
    """The warning of a changed result (``what``: "board 3 (12-7)"): of the round being
    played, Level 2; of an earlier round, whose result the next pairing already used, Level
    3 and ``### Correction @ Round n`` (C.02 VCL Q115, Q190)."""
    if round_number >= last:
        return [
            LevelWarning(
                Level.CONFIRM,
                said(
                    "round {round_number}, {what}: {before} is changed to {after}",
                    round_number=round_number,
                    what=what,
                    before=before,
                    after=after,
                ),
            )
        ], []
    text = f"{what}: {before} -> {after}"
    return [
        LevelWarning(
            Level.CONFIRM_FACTS,
            said(
                "round {round_number}, {what}: {before} is corrected to {after}, after round "
                "{last} was paired with {before} (C.04.2 art. 4.3)",
                round_number=round_number,
                what=what,
                before=before,
                after=after,
                last=last,
            ),
        )
    ], [IntegrityEvent(CORRECTION, round_number, text)]


def _set_result(
    s: Session,
    round_number: int,
    board: int,
    result: BoardResult | None,
    *,
    correction: bool,
    confirmed: int = 0,
) -> Outcome:
    if tournament_row(s).is_team:  # a match's result is settled from its boards (teams.py)
        raise ActionRefused(
            _(
                "in a team event a match's result comes from its boards: enter them on the "
                "Matches page (swissdesk team result)"
            )
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
            _("round {round_number} has no board {board} (boards 1-{count})").format(
                round_number=round_number, board=board, count=count
            )
            if count
            else _("round {round_number} has no board {board} (it has no boards)").format(
                round_number=round_number, board=board
            )
        )
    white, black = board_sides(entries)
    before = result_text(
        _code(white.result), _code(black.result) if black else None, white.adjourned
    )
    restore = [[e.player_id, e.result, e.adjourned] for e in (white, black) if e is not None]
    if correction and not before:
        raise ActionRefused(
            _("board {board} of round {round_number} has no result yet: enter it instead").format(
                board=board, round_number=round_number
            )
        )
    dropped: list[dict[str, Any]] = []
    if result is None:
        # A cleared game has no result to correct for the rating report any more (Undo
        # brings the correction back with the result).
        from swissdesk.storage.commands.rating_corrections import take_game

        dropped = take_game(s, round_number, white.player_id)
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
        raise ActionRefused(
            _("board {board} of round {round_number} is already {after}").format(
                board=board, round_number=round_number, after=after
            )
        )
    ids = [e.player_id for e in (white, black) if e is not None]
    query = select(PlayerRecord.id, PlayerRecord.tpn).where(PlayerRecord.id.in_(ids))
    tpn = {pid: number for pid, number in s.execute(query)}
    payload: dict[str, Any] = {
        "round": round_number,
        "board": board,
        "white": tpn[white.player_id],
        "black": tpn[black.player_id] if black else None,
        "before": before,
        "after": after,
        "restore": restore,
    }
    if dropped:
        payload["rating_corrections"] = dropped
    notes: tuple[str, ...] = ()
    if before and after and before != after:  # a result replaced, not entered or cleared
        last = convert.last_paired_round(s)
        pair = f"{payload['white']}-{payload['black']}" if black else f"{payload['white']}"
        what = said("board {board} ({pair})", board=board, pair=pair)
        asked = _("a result already entered changes; confirm")
        if restore[0][2] and result is not None:  # the adjourned game's result (Q162-163)
            found, events = adjournment_warnings(round_number, what, result)
            asked = _("the adjourned game's result; confirm")
        else:
            found, events = correction_warnings(round_number, last, what, before, after)
        payload.update(require(confirmed, asked, found))
        payload.update(integrity_payload(*events))
        notes = information(found)
    return result_said(round_number, board, before, after, correction), payload, notes


def result_said(
    round_number: int, board: int, before: str | None, after: str | None, correction: bool
) -> Message:
    """A result's summary, one whole sentence per case (entered or corrected, with or
    without the result it replaces)."""
    fields: dict[str, Any] = {
        "round_number": round_number,
        "board": board,
        "shown": after or said("no result"),
    }
    if correction and before:
        return said(
            "round {round_number} board {board}: corrected to {shown} (was {before})",
            before=before,
            **fields,
        )
    if correction:
        return said("round {round_number} board {board}: corrected to {shown}", **fields)
    if before:
        return said(
            "round {round_number} board {board}: result {shown} (was {before})",
            before=before,
            **fields,
        )
    return said("round {round_number} board {board}: result {shown}", **fields)


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
    if payload.get("rating_corrections"):
        from swissdesk.storage.commands.rating_corrections import restore_round

        restore_round(s, payload["rating_corrections"])


def _code(value: str | None) -> ResultCode | None:
    return ResultCode(value) if value is not None else None


@dataclass(frozen=True, slots=True)
class EnterMatchResult(Action):
    """Enter, correct or (with ``None``) clear both games of a Double-Swiss board (C.04.5).

    Each game's result is given in that game's own colours: ``game1`` with the board's White
    (White of game 1) first, ``game2`` with the board's Black first (colours reversed, art.
    4.4). ``1-0``, ``0-1``, ``1/2``, ``0-0`` and the forfeits ``+-``, ``-+``, ``--`` of one
    game; the match ends by forfeit only when a player forfeits both games (preface). In an
    earlier round it is a correction (C.04.2 art. 4.3).
    """

    round_number: int
    board: int
    game1: BoardResult | None
    game2: BoardResult | None = None
    reason: str = ""


def enter_match_result(s: Session, a: EnterMatchResult) -> Outcome:
    last = convert.last_paired_round(s)
    if a.round_number > last or a.round_number < 1:
        raise ActionRefused(
            _("round {round_number} is not paired").format(round_number=a.round_number)
        )
    check_correctable(s, a.round_number, last)
    if (a.game1 is None) != (a.game2 is None):
        raise ActionRefused(_("give the results of both games of the match (or neither, to clear)"))
    if BoardResult.ADJOURNED in (a.game1, a.game2):
        raise ActionRefused(_("a Double-Swiss game result cannot be 'adjourned'"))
    white, black = game_board(s, a.round_number, a.board)
    before = match_text(white, black)
    restore = [[e.player_id, e.result, e.games, e.game_points] for e in (white, black)]
    if a.game1 is None or a.game2 is None:
        for e in (white, black):
            e.result = e.games = e.game_points = None
        after = ""
    else:
        record = tournament_row(s)
        scoring = convert.settings_from_record(record).scoring
        w_codes = (a.game1.codes[0], a.game2.codes[1])
        b_codes = (a.game1.codes[1], a.game2.codes[0])
        w_points = scoring.points(w_codes[0]) + scoring.points(w_codes[1])
        b_points = scoring.points(b_codes[0]) + scoring.points(b_codes[1])
        for e, codes, opp_points, colour in (
            (white, w_codes, b_points, Colour.WHITE),
            (black, b_codes, w_points, Colour.BLACK),
        ):
            entry = double_swiss_match(0, colour, codes, scoring, opp_points)
            e.result = entry.result.value
            e.games = convert.games_to_json(entry.games)
            e.game_points = entry.game_points
            e.adjourned = False
        after = match_text(white, black)
    if before == after:
        raise ActionRefused(
            (
                _("board {board} of round {round_number} is already {result}")
                if after
                else _("board {board} of round {round_number} is already empty")
            ).format(board=a.board, round_number=a.round_number, result=after)
        )
    tpn = tpn_map(s)
    payload: dict[str, Any] = {
        "round": a.round_number,
        "board": a.board,
        "white": tpn[white.player_id],
        "black": tpn[black.player_id],
        "before": before,
        "after": after,
        "restore": restore,
        "reason": a.reason,
    }
    warnings: tuple[str, ...] = ()
    if before and after:
        pair = f"{payload['white']}-{payload['black']}"
        found, events = correction_warnings(
            a.round_number,
            last,
            said("board {board} ({pair})", board=a.board, pair=pair),
            before,
            after,
        )
        payload.update(
            require(a.confirmed, _("a match result already entered changes"), found)
        )
        payload.update(integrity_payload(*events))
        warnings = information(found)
    correction = False
    if a.round_number < last and before:
        correction = True
        warnings = (
            *warnings,
            _(
                "round {last} keeps its published pairing; the correction counts for the "
                "standings and from the pairing of round {next} on (C.04.2 art. 4.3)"
            ).format(last=last, next=last + 1),
        )
    summary = result_said(a.round_number, a.board, before, after, correction)
    return summary, payload, warnings


def undo_match_result(s: Session, payload: Mapping[str, Any]) -> None:
    for player_id, code, games, game_points in payload["restore"]:
        s.execute(
            update(EntryRecord)
            .where(
                EntryRecord.round_number == payload["round"],
                EntryRecord.player_id == player_id,
            )
            .values(result=code, games=games, game_points=game_points)
        )


def match_text(white: EntryRecord, black: EntryRecord) -> str:
    """A Double-Swiss board's two games as the result sheet shows them, each in its own
    colours (``1-0 1/2``: game 1 with the board's White first, game 2 with its Black first);
    ``""`` while pending."""
    if not white.games or not black.games:
        return ""
    w1, w2 = (ResultCode(r) for _, r in json.loads(white.games))
    b1, b2 = (ResultCode(r) for _, r in json.loads(black.games))
    return f"{result_text(w1, b1)} {result_text(b2, w2)}"
