"""Team events in storage: the arbiter's team data and the read views of teams and matches.

A team is a ``player`` row (the participant the team engine pairs, C.04.6) whose ``entry``
rows are its matches; ``team``, ``team_member`` and ``team_board`` hold its short name and
club, its roster and, per round, its line-up with each board's result. Plain dataclasses
only leave this module (no ORM row), like :mod:`swissdesk.storage.readmodels`.

Board results are written from the *first* team's side: the team with White on board 1
(the match's colour, C.04.6 art. 1.6.1), which plays White on the odd boards. ``1-0`` on a
board means the first team's player won it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from swissdesk.model.tournament import ResultCode, TeamSettings
from swissdesk.storage.results import BoardResult, board_result_from_codes
from swissdesk.storage.schema import (
    EntryRecord,
    PlayerRecord,
    TeamBoardRecord,
    TeamMemberRecord,
    TeamRecord,
    TeamSettingsRecord,
)

GAME_POINTS: dict[ResultCode, int] = {
    ResultCode.WIN: 2,
    ResultCode.DRAW: 1,
    ResultCode.FORFEIT_WIN: 2,
}
"""Game points of one board (half-points): a won game 1, a draw ½ (C.04.6 art. 1.2)."""


@dataclass(frozen=True, slots=True)
class MemberData:
    """One roster player as the arbiter enters it."""

    name: str
    rating: int = 0
    title: str = ""
    fide_id: str = ""
    federation: str = ""
    sex: str = ""


@dataclass(frozen=True, slots=True)
class TeamData:
    """A team as the arbiter enters it: ``members`` in roster (board) order."""

    name: str
    short_name: str = ""
    federation: str = ""
    club: str = ""
    members: tuple[MemberData, ...] = ()


@dataclass(frozen=True, slots=True)
class MemberRow:
    """A roster player with its stored id and roster position (1 = first board)."""

    id: int
    position: int
    data: MemberData


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One team of the list of teams; ``strength`` is the average rating of its N best
    players (N = boards), what orders the teams' pairing numbers."""

    tpn: int
    name: str
    short_name: str
    federation: str
    club: str
    strength: int
    members: tuple[MemberRow, ...]

    @property
    def data(self) -> TeamData:
        return TeamData(
            self.name,
            self.short_name,
            self.federation,
            self.club,
            tuple(m.data for m in self.members),
        )


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One board of a match: the two players (``None``: empty board) and the result from
    the first team's side (``None`` while missing)."""

    board: int
    first: str | None
    first_rating: int
    second: str | None
    second_rating: int
    result: BoardResult | None

    @property
    def text(self) -> str:
        return self.result.value if self.result is not None else ""


@dataclass(frozen=True, slots=True)
class MatchView:
    """One match of a round with its boards and the live score (game points, half-points).

    ``forfeit`` is the forfeited match's result (``+-``, ``-+``, ``--``) or ``None``.
    """

    round_number: int
    number: int
    first_tpn: int
    first_name: str
    second_tpn: int
    second_name: str
    boards: tuple[BoardLine, ...]
    first_points: int
    second_points: int
    complete: bool
    forfeit: BoardResult | None

    @property
    def score_text(self) -> str:
        def pts(v: int) -> str:
            return f"{v // 2}½" if v % 2 and v > 1 else ("½" if v == 1 else str(v // 2))

        return f"{pts(self.first_points)} - {pts(self.second_points)}"


@dataclass(frozen=True, slots=True)
class TeamRoundView:
    """The matches of a paired round, and the teams without a match (PAB, byes)."""

    round_number: int
    matches: tuple[MatchView, ...]
    unpaired: tuple[tuple[int, str, ResultCode], ...]


def team_settings(session: Session) -> TeamSettings:
    """The stored C.04.6 options (defaults when none are stored)."""
    rec = session.scalars(select(TeamSettingsRecord)).first()
    if rec is None:
        return TeamSettings()
    return TeamSettings(
        boards=rec.boards,
        colour_preferences=rec.colour_preferences,
        primary_score=rec.primary_score,
        secondary_for_colour=rec.secondary_for_colour,
        pab_game_points=rec.pab_game_points,
        half_bye_game_points=rec.half_bye_game_points,
        full_bye_game_points=rec.full_bye_game_points,
        zero_bye_game_points=rec.zero_bye_game_points,
    )


def team_strength(ratings: list[int], boards: int) -> int:
    """Average rating of the ``boards`` best players (rounded half up; 0 for no player)."""
    best = sorted(ratings, reverse=True)[: max(boards, 1)]
    if not best:
        return 0
    return (2 * sum(best) + len(best)) // (2 * len(best))


def member_data(rec: TeamMemberRecord) -> MemberData:
    return MemberData(rec.name, rec.rating, rec.title, rec.fide_id, rec.federation, rec.sex)


def roster(session: Session, team_id: int) -> list[TeamMemberRecord]:
    return list(
        session.scalars(
            select(TeamMemberRecord)
            .where(TeamMemberRecord.team_id == team_id)
            .order_by(TeamMemberRecord.position)
        )
    )


def team_rows(session: Session) -> list[TeamRow]:
    """Every team in TPN order with its roster."""
    members: dict[int, list[MemberRow]] = {}
    for m in session.scalars(select(TeamMemberRecord).order_by(TeamMemberRecord.position)):
        members.setdefault(m.team_id, []).append(MemberRow(m.id, m.position, member_data(m)))
    extra = {t.player_id: t for t in session.scalars(select(TeamRecord))}
    out = []
    for p in session.scalars(select(PlayerRecord).order_by(PlayerRecord.tpn)):
        t = extra.get(p.id)
        out.append(
            TeamRow(
                tpn=p.tpn,
                name=p.name,
                short_name=t.short_name if t else "",
                federation=p.federation,
                club=t.club if t else "",
                strength=p.rating,
                members=tuple(members.get(p.id, ())),
            )
        )
    return out


def lineup_rows(session: Session, team_id: int, round_number: int) -> list[TeamBoardRecord]:
    return list(
        session.scalars(
            select(TeamBoardRecord)
            .where(TeamBoardRecord.team_id == team_id, TeamBoardRecord.round_number == round_number)
            .order_by(TeamBoardRecord.board)
        )
    )


def effective_codes(
    first_member: int | None,
    second_member: int | None,
    first_result: str | None,
    second_result: str | None,
) -> tuple[ResultCode, ResultCode] | None:
    """The two players' result codes on one board; an empty board is a forfeited game
    (the present player wins it; both empty: both lose). ``None`` while missing."""
    if first_member is None or second_member is None:
        return (
            ResultCode.FORFEIT_WIN if first_member is not None else ResultCode.FORFEIT_LOSS,
            ResultCode.FORFEIT_WIN if second_member is not None else ResultCode.FORFEIT_LOSS,
        )
    if first_result is None or second_result is None:
        return None
    return ResultCode(first_result), ResultCode(second_result)


def match_entries(
    session: Session, round_number: int, number: int
) -> tuple[EntryRecord, EntryRecord]:
    """The first team's and the second team's entry of match ``number`` (KeyError if none)."""
    rows = list(
        session.scalars(
            select(EntryRecord).where(
                EntryRecord.round_number == round_number,
                EntryRecord.kind == "game",
                EntryRecord.board == number,
            )
        )
    )
    if len(rows) != 2:
        raise KeyError(number)
    rows.sort(key=lambda e: (e.colour != "w", e.player_id))
    return rows[0], rows[1]


def _match_view(
    first: EntryRecord,
    second: EntryRecord,
    boards: int,
    players: dict[int, PlayerRecord],
    lineups: dict[int, dict[int, TeamBoardRecord]],
    rosters: dict[int, list[TeamMemberRecord]],
) -> MatchView:
    """One match from rows read beforehand (a round's view reads each table once)."""
    r = first.round_number
    lines: list[BoardLine] = []
    members = {m.id: m for team in (first, second) for m in rosters.get(team.player_id, ())}

    def seat(team_id: int, board: int) -> tuple[int | None, str | None]:
        stored = lineups.get(team_id)
        if stored:
            row = stored.get(board)
            return (row.member_id, row.result) if row is not None else (None, None)
        default = rosters.get(team_id, [])[:boards]
        return (default[board - 1].id if board <= len(default) else None), None

    pts_a = pts_b = 0
    complete = True
    for board in range(1, boards + 1):
        ma, res_a = seat(first.player_id, board)
        mb, res_b = seat(second.player_id, board)
        codes = effective_codes(ma, mb, res_a, res_b)
        if codes is None:
            complete = False
            result = None
        else:
            pts_a += GAME_POINTS.get(codes[0], 0)
            pts_b += GAME_POINTS.get(codes[1], 0)
            result = board_result_from_codes(*codes)
        a_rec = members.get(ma) if ma is not None else None
        b_rec = members.get(mb) if mb is not None else None
        lines.append(
            BoardLine(
                board,
                a_rec.name if a_rec else None,
                a_rec.rating if a_rec else 0,
                b_rec.name if b_rec else None,
                b_rec.rating if b_rec else 0,
                result,
            )
        )
    forfeit = None
    if first.result in ("+", "-"):
        forfeit = board_result_from_codes(
            ResultCode(first.result), ResultCode(second.result or "-")
        )
        pts_a, pts_b = first.game_points or 0, second.game_points or 0
        complete = True
    pa, pb = players[first.player_id], players[second.player_id]
    return MatchView(
        r,
        first.board or 0,
        pa.tpn,
        pa.name,
        pb.tpn,
        pb.name,
        tuple(lines),
        pts_a,
        pts_b,
        complete,
        forfeit,
    )


def _round_rows(
    session: Session, round_number: int, team_ids: set[int] | None = None
) -> tuple[dict[int, dict[int, TeamBoardRecord]], dict[int, list[TeamMemberRecord]]]:
    """The round's line-ups by team and board, and the rosters, each read in one query."""
    q = select(TeamBoardRecord).where(TeamBoardRecord.round_number == round_number)
    mq = select(TeamMemberRecord).order_by(TeamMemberRecord.team_id, TeamMemberRecord.position)
    if team_ids is not None:
        q = q.where(TeamBoardRecord.team_id.in_(team_ids))
        mq = mq.where(TeamMemberRecord.team_id.in_(team_ids))
    lineups: dict[int, dict[int, TeamBoardRecord]] = {}
    for b in session.scalars(q):
        lineups.setdefault(b.team_id, {})[b.board] = b
    rosters: dict[int, list[TeamMemberRecord]] = {}
    for m in session.scalars(mq):
        rosters.setdefault(m.team_id, []).append(m)
    return lineups, rosters


def match_view(session: Session, round_number: int, number: int) -> MatchView:
    first, second = match_entries(session, round_number, number)
    ids = {first.player_id, second.player_id}
    players = {
        p.id: p for p in session.scalars(select(PlayerRecord).where(PlayerRecord.id.in_(ids)))
    }
    lineups, rosters = _round_rows(session, round_number, ids)
    return _match_view(first, second, team_settings(session).boards, players, lineups, rosters)


def team_round_view(session: Session, round_number: int) -> TeamRoundView:
    """The matches of ``round_number`` in match order with their live scores."""
    boards = team_settings(session).boards
    players = {p.id: p for p in session.scalars(select(PlayerRecord))}
    lineups, rosters = _round_rows(session, round_number)
    entries = list(
        session.scalars(select(EntryRecord).where(EntryRecord.round_number == round_number))
    )
    by_match: dict[int, list[EntryRecord]] = {}
    unpaired: list[tuple[int, str, ResultCode]] = []
    for e in entries:
        if e.kind == "game" and e.board is not None:
            by_match.setdefault(e.board, []).append(e)
        else:
            p = players[e.player_id]
            unpaired.append((p.tpn, p.name, ResultCode(e.result or " ")))
    matches = []
    for number in sorted(by_match):
        pair = sorted(by_match[number], key=lambda e: (e.colour != "w", e.player_id))
        if len(pair) == 2:
            matches.append(_match_view(pair[0], pair[1], boards, players, lineups, rosters))
    return TeamRoundView(round_number, tuple(matches), tuple(sorted(unpaired)))


def members_json(session: Session, team_id: int) -> str:
    """The roster names as ``player.members`` keeps them (``Player.members`` of the model)."""
    return json.dumps([m.name for m in roster(session, team_id)])
