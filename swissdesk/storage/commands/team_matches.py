"""Team matches (C.04.6): line-ups, board results, forfeited matches and team byes.

A match's result is settled from its boards once every board has a result (an empty board
is a forfeited game): the game points of each side (``entry.game_points``) and the match
result (win/draw/loss, whose match points the tournament's scoring gives, 2/1/0 by default:
art. 1.2). A forfeited whole match is ``+``/``-`` on the two entries (art. 1.6.1: no colour
counts, the pairing may repeat). Teams and rosters: :mod:`swissdesk.storage.commands.teams`.

Each command dataclass is followed by its ``apply`` and ``undo`` functions; the registry
(:mod:`swissdesk.storage.commands.registry`) pairs them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.orm import Session

from swissdesk.i18n import _, said
from swissdesk.model.tournament import ResultCode
from swissdesk.storage import convert
from swissdesk.storage.commands import players as player_commands
from swissdesk.storage.commands.base import (
    Action,
    Outcome,
    player_by_tpn,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.levels import information, integrity_payload, require
from swissdesk.storage.results import BoardResult, result_text
from swissdesk.storage.schema import (
    EntryRecord,
    PlayerRecord,
    TeamBoardRecord,
)
from swissdesk.storage.teamviews import (
    GAME_POINTS,
    effective_codes,
    lineup_rows,
    match_entries,
    roster,
    team_settings,
)
from swissdesk.storage.views import ByeKind

# ---------------------------------------------------------------------------------------
# Line-ups, board results, forfeited matches


def _saved_board(b: TeamBoardRecord) -> dict[str, Any]:
    """One line-up row as Undo keeps it (``_insert_boards`` puts it back)."""
    return {
        "id": b.id,
        "team_id": b.team_id,
        "round_number": b.round_number,
        "board": b.board,
        "member_id": b.member_id,
        "result": b.result,
    }


def _insert_boards(s: Session, rows: Sequence[Mapping[str, Any]]) -> None:
    """Put saved line-up rows back, ids included."""
    if rows:
        s.flush()
        s.execute(insert(TeamBoardRecord), [dict(r) for r in rows])


def capture(s: Session, round_number: int, team_ids: Sequence[int]) -> dict[str, Any]:
    """What Undo needs to restore a round's line-ups and match entries of ``team_ids``."""
    boards = [_saved_board(b) for t in team_ids for b in lineup_rows(s, t, round_number)]
    entries = [
        {"id": e.id, "result": e.result, "game_points": e.game_points}
        for e in s.scalars(
            select(EntryRecord).where(
                EntryRecord.round_number == round_number, EntryRecord.player_id.in_(team_ids)
            )
        )
    ]
    return {"round": round_number, "teams": list(team_ids), "boards": boards, "entries": entries}


def undo_lineup_change(s: Session, payload: Mapping[str, Any]) -> None:
    """Undo of every line-up, board-result and forfeit action: the rows as they were."""
    s.execute(
        delete(TeamBoardRecord).where(
            TeamBoardRecord.round_number == payload["round"],
            TeamBoardRecord.team_id.in_(payload["teams"]),
        )
    )
    _insert_boards(s, payload["boards"])
    for e in payload["entries"]:
        s.execute(
            update(EntryRecord)
            .where(EntryRecord.id == e["id"])
            .values(result=e["result"], game_points=e["game_points"])
        )
    s.expire_all()


def _match_of_team(s: Session, round_number: int, team_id: int) -> EntryRecord:
    entry = s.scalars(
        select(EntryRecord).where(
            EntryRecord.round_number == round_number, EntryRecord.player_id == team_id
        )
    ).first()
    if entry is None or entry.kind != "game" or entry.board is None:
        raise ActionRefused(_(
                                "the team has no match in round {round_number}"
                            ).format(round_number=round_number))
    return entry


def _check_round(s: Session, round_number: int) -> None:
    last = convert.last_paired_round(s)
    if not 1 <= round_number <= last:
        raise ActionRefused(_(
                                "round {round_number} is not paired"
                            ).format(round_number=round_number))
    from swissdesk.storage.commands.results import check_correctable

    check_correctable(s, round_number, last)  # FIDE mode: this round and the one before


def _ensure_lineup(s: Session, team_id: int, round_number: int, boards: int) -> None:
    """Store the default line-up (the first N of the roster) if none is stored."""
    if lineup_rows(s, team_id, round_number):
        return
    members = roster(s, team_id)[:boards]
    for board in range(1, boards + 1):
        s.add(
            TeamBoardRecord(
                team_id=team_id,
                round_number=round_number,
                board=board,
                member_id=members[board - 1].id if board <= len(members) else None,
            )
        )
    s.flush()


def settle_match(s: Session, round_number: int, number: int) -> bool:
    """Write the match's result and game points from its boards (``NULL`` while a board
    lacks its result); a forfeited match is left as it is. True when complete."""
    first, second = match_entries(s, round_number, number)
    if first.result in ("+", "-"):
        return True
    boards = team_settings(s).boards
    rows_a = {b.board: b for b in lineup_rows(s, first.player_id, round_number)}
    rows_b = {b.board: b for b in lineup_rows(s, second.player_id, round_number)}
    if not rows_a or not rows_b:
        first.result = second.result = None
        first.game_points = second.game_points = None
        return False
    pa = pb = 0
    for board in range(1, boards + 1):
        ra, rb = rows_a.get(board), rows_b.get(board)
        codes = effective_codes(
            ra.member_id if ra else None,
            rb.member_id if rb else None,
            ra.result if ra else None,
            rb.result if rb else None,
        )
        if codes is None:
            first.result = second.result = None
            first.game_points = second.game_points = None
            return False
        pa += GAME_POINTS.get(codes[0], 0)
        pb += GAME_POINTS.get(codes[1], 0)
    if pa > pb:
        first.result, second.result = ResultCode.WIN.value, ResultCode.LOSS.value
    elif pa < pb:
        first.result, second.result = ResultCode.LOSS.value, ResultCode.WIN.value
    else:
        first.result = second.result = ResultCode.DRAW.value
    first.game_points, second.game_points = pa, pb
    return True


@dataclass(frozen=True, slots=True)
class SetLineup(Action):
    """A team's line-up for a paired round: ``positions[i]`` is the roster position (1 =
    first on the roster) of the player on board ``i + 1``, ``None`` for an empty board (a
    forfeited game). Reserves may play; the line-up keeps the roster's order (the board
    order rule of team competitions). Refused while the team's boards have results."""

    round_number: int
    tpn: int
    positions: tuple[int | None, ...]


def set_lineup(s: Session, a: SetLineup) -> Outcome:
    _check_round(s, a.round_number)
    p = player_by_tpn(s, a.tpn)
    entry = _match_of_team(s, a.round_number, p.id)
    boards = team_settings(s).boards
    if len(a.positions) != boards:
        raise ActionRefused(_(
                                "a line-up names {boards} boards (empty boards as none)"
                            ).format(boards=boards))
    members = roster(s, p.id)
    by_pos = {m.position: m for m in members}
    named = [x for x in a.positions if x is not None]
    for x in named:
        if x not in by_pos:
            raise ActionRefused(_(
                                    "{name} has no roster player no. {x}"
                                ).format(name=p.name, x=x))
    if len(set(named)) != len(named):
        raise ActionRefused(_("a player can play on one board only"))
    if named != sorted(named):
        raise ActionRefused(
            _(
                "the line-up of {name} must keep the roster's board order (a stronger-listed "
                "player sits on a higher board)"
            ).format(name=p.name)
        )
    if entry.result in ("+", "-"):
        raise ActionRefused(_(
                                "the match of {name} in round {round_number} was forfeited"
                            ).format(name=p.name, round_number=a.round_number))
    current = lineup_rows(s, p.id, a.round_number)
    if any(b.result is not None for b in current):
        raise ActionRefused(
            _(
                "boards of {name} in round {round_number} have results: clear them first"
            ).format(name=p.name, round_number=a.round_number)
        )
    first, second = match_entries(s, a.round_number, entry.board or 0)
    payload = capture(s, a.round_number, [first.player_id, second.player_id])
    s.execute(
        delete(TeamBoardRecord).where(
            TeamBoardRecord.team_id == p.id, TeamBoardRecord.round_number == a.round_number
        )
    )
    s.flush()
    for board, pos in enumerate(a.positions, start=1):
        s.add(
            TeamBoardRecord(
                team_id=p.id,
                round_number=a.round_number,
                board=board,
                member_id=by_pos[pos].id if pos is not None else None,
            )
        )
    s.flush()
    settle_match(s, a.round_number, entry.board or 0)
    shown = " ".join(str(x) if x is not None else "-" for x in a.positions)
    return said(
               "round {round_number}: line-up of {name}: {shown}",
               round_number=a.round_number,
               name=p.name,
               shown=shown,
           ), payload, ()


@dataclass(frozen=True, slots=True)
class EnterBoardResult(Action):
    """Enter (``None``: clear) the result of one board of a match, from the first team's
    side (``1-0``: the first team's player won). An empty board is a forfeited game
    already and takes no result."""

    round_number: int
    match: int
    board: int
    result: BoardResult | None


def enter_board_result(s: Session, a: EnterBoardResult) -> Outcome:
    _check_round(s, a.round_number)
    try:
        first, second = match_entries(s, a.round_number, a.match)
    except KeyError:
        raise ActionRefused(_(
                                "round {round_number} has no match {match}"
                            ).format(round_number=a.round_number, match=a.match)) from None
    boards = team_settings(s).boards
    if not 1 <= a.board <= boards:
        raise ActionRefused(_("a match has boards 1 to {boards}").format(boards=boards))
    if first.result in ("+", "-"):
        raise ActionRefused(
            _(
                "match {match} of round {round_number} was forfeited: cancel the forfeit first"
            ).format(match=a.match, round_number=a.round_number)
        )
    if a.result is BoardResult.ADJOURNED:
        raise ActionRefused(_("an adjourned game has no result yet: leave the board empty"))
    payload = capture(s, a.round_number, [first.player_id, second.player_id])
    _ensure_lineup(s, first.player_id, a.round_number, boards)
    _ensure_lineup(s, second.player_id, a.round_number, boards)
    row_a = {b.board: b for b in lineup_rows(s, first.player_id, a.round_number)}.get(a.board)
    row_b = {b.board: b for b in lineup_rows(s, second.player_id, a.round_number)}.get(a.board)
    if row_a is None or row_b is None or row_a.member_id is None or row_b.member_id is None:
        raise ActionRefused(
            _(
                "board {board} has an empty place: the game is forfeited (change the line-up)"
            ).format(board=a.board)
        )
    old_a, old_b = row_a.result, row_b.result
    if a.result is None:
        row_a.result = row_b.result = None
    else:
        ca, cb = a.result.codes
        row_a.result, row_b.result = ca.value, cb.value
    notes: tuple[str, ...] = ()
    if old_a is not None and a.result is not None and (old_a, old_b) != (row_a.result, row_b.result):
        from swissdesk.storage.commands.results import correction_warnings

        before = result_text(ResultCode(old_a), ResultCode(old_b) if old_b else None)
        found, events = correction_warnings(
            a.round_number,
            convert.last_paired_round(s),
            said("match {match} board {board}", match=a.match, board=a.board),
            before,
            a.result.value,
        )
        payload.update(
            require(a.confirmed, _("a board result already entered changes"), found)
        )
        payload.update(integrity_payload(*events))
        notes = information(found)
    s.flush()
    complete = settle_match(s, a.round_number, a.match)
    names: dict[int, str] = {
        pid: name
        for pid, name in s.execute(
            select(PlayerRecord.id, PlayerRecord.name).where(
                PlayerRecord.id.in_((first.player_id, second.player_id))
            )
        )
    }
    summary = said(
        "round {round_number} match {match} ({names} - {names2}) board {board}: {text}",
        round_number=a.round_number,
        match=a.match,
        names=names[first.player_id],
        names2=names[second.player_id],
        board=a.board,
        text=a.result.value if a.result is not None else said("cleared"),
    )
    if complete:
        summary = said(
            "{board_result}; match {first:g}-{second:g}",
            board_result=summary,
            first=(first.game_points or 0) / 2,
            second=(second.game_points or 0) / 2,
        )
    return summary, payload, notes


@dataclass(frozen=True, slots=True)
class ForfeitMatch(Action):
    """A whole match forfeited (``+-``: the first team wins it, ``-+``, ``--``), or with
    ``None`` the forfeit cancelled (the boards decide again). The winner scores the match
    and every game; no colour counts and the teams may meet again (C.04.6 art. 1.6.1)."""

    round_number: int
    match: int
    result: BoardResult | None


_FORFEITS = {
    BoardResult.WHITE_WINS_BY_FORFEIT,
    BoardResult.BLACK_WINS_BY_FORFEIT,
    BoardResult.DOUBLE_FORFEIT,
}


def forfeit_match(s: Session, a: ForfeitMatch) -> Outcome:
    _check_round(s, a.round_number)
    if a.result is not None and a.result not in _FORFEITS:
        raise ActionRefused(_("a forfeited match is +-, -+ or --"))
    try:
        first, second = match_entries(s, a.round_number, a.match)
    except KeyError:
        raise ActionRefused(_(
                                "round {round_number} has no match {match}"
                            ).format(round_number=a.round_number, match=a.match)) from None
    payload = capture(s, a.round_number, [first.player_id, second.player_id])
    if a.result is None:
        if first.result not in ("+", "-"):
            raise ActionRefused(_(
                                    "match {match} of round {round_number} was not forfeited"
                                ).format(match=a.match, round_number=a.round_number))
        first.result = second.result = None
        settle_match(s, a.round_number, a.match)
        return said(
                   "round {round_number} match {match}: forfeit cancelled",
                   round_number=a.round_number,
                   match=a.match,
               ), payload, ()
    all_games = 2 * team_settings(s).boards
    ca, cb = a.result.codes
    first.result, second.result = ca.value, cb.value
    first.game_points = all_games if ca is ResultCode.FORFEIT_WIN else 0
    second.game_points = all_games if cb is ResultCode.FORFEIT_WIN else 0
    return said(
               "round {round_number} match {match}: forfeited {value}",
               round_number=a.round_number,
               match=a.match,
               value=a.result.value,
           ), payload, ()


# ---------------------------------------------------------------------------------------
# Byes


@dataclass(frozen=True, slots=True)
class RequestTeamBye(Action):
    """A team's requested bye for a round not yet paired: half-point (a drawn match),
    zero-point, full-point where the rules allow it, or a known absence. The PAB is the
    pairing's (art. 1.4); its match and game points are the team options'."""

    tpn: int
    round_number: int
    kind: ByeKind


def request_team_bye(s: Session, a: RequestTeamBye) -> Outcome:
    summary, payload, warnings = player_commands.request_bye(
        s, player_commands.RequestBye(a.tpn, a.round_number, a.kind)
    )
    return summary.replace("no. ", "team no. ", 1), payload, warnings


def undo_request_team_bye(s: Session, payload: Mapping[str, Any]) -> None:
    player_commands.undo_request_bye(s, payload)


def delete_round_lineups(s: Session, round_number: int) -> list[dict[str, Any]]:
    """Remove a round's line-ups (unpairing it); returns them for Undo."""
    rows = list(
        s.scalars(select(TeamBoardRecord).where(TeamBoardRecord.round_number == round_number))
    )
    if any(b.result is not None for b in rows):
        raise ActionRefused(
            _(
                "round {round_number} cannot be unpaired: boards have results (clear them "
                "first)"
            ).format(round_number=round_number)
        )
    saved = [_saved_board(b) for b in rows]
    s.execute(delete(TeamBoardRecord).where(TeamBoardRecord.round_number == round_number))
    return saved


def restore_round_lineups(s: Session, rows: Sequence[Mapping[str, Any]]) -> None:
    """Undo of ``delete_round_lineups``."""
    _insert_boards(s, rows)


__all__ = [
    "EnterBoardResult",
    "ForfeitMatch",
    "RequestTeamBye",
    "SetLineup",
]
