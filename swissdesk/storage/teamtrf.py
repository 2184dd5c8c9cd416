"""A team event's TRF-2026 file (:mod:`swissdesk.trf.team_records`) into and out of a
tournament file: teams and matches, rosters (the 001 players), line-ups and board results.

Import: the teams are the participants (their matches as the team section gives them),
each roster player a ``team_member``, and each board of a match a ``team_board`` row with
the player's result from his 001 record. Export: the 001 records are the roster players
numbered team by team in roster order, their games read from the line-ups; every stored
line-up is written as a ``300`` record, so that empty boards keep their place.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from swissdesk.model.tournament import (
    Colour,
    HalfPoints,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)
from swissdesk.storage import convert
from swissdesk.storage.schema import (
    EntryRecord,
    PlayerRecord,
    TeamBoardRecord,
    TeamMemberRecord,
    TeamRecord,
    TeamSettingsRecord,
)
from swissdesk.storage.teamviews import team_settings
from swissdesk.tiebreaks.rating_tables import dp_for_percentage
from swissdesk.trf.team_records import TeamEvent

_FORFEITED = {ResultCode.FORFEIT_WIN.value, ResultCode.FORFEIT_LOSS.value}


def insert_team_event(session: Session, event: TeamEvent, *, at: str) -> None:
    """Write ``event`` into the session's section (new and empty)."""
    t = event.tournament
    id_of = convert.insert_tournament(session, t, engine_label="import", at=at)
    settings = t.team
    if settings is not None:
        session.add(
            TeamSettingsRecord(
                boards=settings.boards,
                colour_preferences=settings.colour_preferences,
                primary_score=settings.primary_score,
                secondary_for_colour=settings.secondary_for_colour,
                pab_game_points=settings.pab_game_points,
                half_bye_game_points=settings.half_bye_game_points,
                full_bye_game_points=settings.full_bye_game_points,
                zero_bye_game_points=settings.zero_bye_game_points,
            )
        )
    boards = settings.boards if settings is not None else 4
    people = event.players.players_by_tpn
    member_of: dict[int, int] = {}
    for team in t.players:
        session.add(
            TeamRecord(
                player_id=id_of[team.tpn], short_name=event.nicknames.get(team.tpn, ""), club=""
            )
        )
        for pos, pid in enumerate(event.rosters.get(team.tpn, ()), start=1):
            p = people[pid]
            rec = TeamMemberRecord(
                team_id=id_of[team.tpn],
                position=pos,
                name=p.name,
                rating=p.rating,
                title=p.title,
                fide_id=p.fide_id,
                federation=p.federation,
                sex=p.sex,
            )
            session.add(rec)
            session.flush()
            member_of[pid] = rec.id
    for team in t.players:
        for rnd, entry in enumerate(team.rounds, start=1):
            if entry.opponent is None or entry.result.value in _FORFEITED:
                continue
            lineup = event.lineups.get((rnd, team.tpn))
            if lineup is None:
                lineup = tuple(
                    pid
                    for pid in event.rosters.get(team.tpn, ())
                    if (e := people[pid].entry(rnd)) is not None and e.opponent is not None
                )
            for board in range(1, boards + 1):
                pid = lineup[board - 1] if board <= len(lineup) else 0
                game = people[pid].entry(rnd) if pid else None
                session.add(
                    TeamBoardRecord(
                        team_id=id_of[team.tpn],
                        round_number=rnd,
                        board=board,
                        member_id=member_of.get(pid) if pid else None,
                        result=game.result.value if game is not None else None,
                    )
                )
    session.flush()


def team_event(session: Session, *, include_pending: bool = False) -> TeamEvent:
    """The tournament file's team event, as :func:`~swissdesk.trf.team_records.
    format_team_trf` writes it: the complete rounds, or with ``include_pending`` also the
    round being played (for its match sheets; never for an engine or a TRF export)."""
    if include_pending:
        last = convert.last_paired_round(session)
        tournament = convert.build_snapshot(session, through=last, pending_as=ResultCode.NOT_PAIRED)
        done = last
    else:
        tournament = convert.build_snapshot(session)
        done = tournament.rounds_with_pairings
    settings = team_settings(session)
    members = list(
        session.scalars(
            select(TeamMemberRecord).order_by(TeamMemberRecord.team_id, TeamMemberRecord.position)
        )
    )
    tpn_of = {p.id: p.tpn for p in session.scalars(select(PlayerRecord))}
    members.sort(key=lambda m: (tpn_of[m.team_id], m.position))
    number = {m.id: i for i, m in enumerate(members, start=1)}
    rows = list(
        session.scalars(select(TeamBoardRecord).where(TeamBoardRecord.round_number <= done))
    )
    entries = {
        (e.player_id, e.round_number): e
        for e in session.scalars(
            select(EntryRecord).where(EntryRecord.round_number <= done, EntryRecord.kind == "game")
        )
    }
    board_of = {(b.team_id, b.round_number, b.board): b for b in rows}
    games: dict[int, dict[int, RoundEntry]] = {}
    lineups: dict[tuple[int, int], tuple[int, ...]] = {}
    for b in rows:
        entry = entries.get((b.team_id, b.round_number))
        if entry is None or entry.opponent_id is None:
            continue
        key = (b.round_number, tpn_of[b.team_id])
        line = list(lineups.get(key, (0,) * settings.boards))
        if b.member_id is not None:
            line[b.board - 1] = number[b.member_id]
        lineups[key] = tuple(line)
        other = board_of.get((entry.opponent_id, b.round_number, b.board))
        if b.member_id is not None and other is not None and other.member_id is None:
            # A game won against an empty board: TRF ``+`` with no opponent (C.04.6 art. 1.2).
            games.setdefault(b.member_id, {})[b.round_number] = RoundEntry.bye(
                ResultCode.FORFEIT_WIN
            )
            continue
        if b.member_id is None or b.result is None:
            continue
        team_colour = Colour(entry.colour) if entry.colour else Colour.WHITE
        colour = team_colour if b.board % 2 == 1 else team_colour.opposite
        opponent = (
            number[other.member_id] if other is not None and other.member_id is not None else None
        )
        games.setdefault(b.member_id, {})[b.round_number] = RoundEntry(
            opponent, colour if opponent is not None else None, ResultCode(b.result)
        )
    players = []
    for m in members:
        mine = games.get(m.id, {})
        last = max(mine, default=0)  # no trailing absences: the 001 record just ends
        rounds = tuple(
            mine.get(r, RoundEntry.bye(ResultCode.NOT_PAIRED)) for r in range(1, last + 1)
        )
        players.append(
            Player(
                tpn=number[m.id],
                name=m.name,
                rating=m.rating,
                sex=m.sex,
                title=m.title,
                federation=m.federation,
                fide_id=m.fide_id,
                rounds=rounds,
            )
        )
    individual = Tournament(
        players=tuple(players),
        total_rounds=tournament.total_rounds,
        initial_colour=tournament.initial_colour,
        scoring=ScoringSystem(),
        info=tournament.info,
        system="team",
        # A team round robin's record 192 (FIDE_TEAM_ROUNDROBIN, ...) names the event.
        extra_records=tuple(r for r in tournament.extra_records if r.startswith("192")),
        fide_mode=tournament.fide_mode,
        integrity_log=tournament.integrity_log,
        pairing_controller=tournament.pairing_controller,  # record 182 (C.02 VCL Q217)
    )
    rosters: dict[int, tuple[int, ...]] = {}
    for m in members:
        rosters.setdefault(tpn_of[m.team_id], ())
        rosters[tpn_of[m.team_id]] += (number[m.id],)
    nicknames = {tpn_of[t.player_id]: t.short_name for t in session.scalars(select(TeamRecord))}
    colours = "".join("WB"[i % 2] for i in range(settings.boards))
    return TeamEvent(
        tournament=tournament,
        players=individual,
        rosters=rosters,
        nicknames=nicknames,
        lineups=lineups,
        board_colours=colours,
    )


@dataclass(frozen=True, slots=True)
class BoardStanding:
    """One player's results on one board (the individual board scores of a team event)."""

    board: int
    name: str
    rating: int
    team: str
    games: int
    points: HalfPoints
    performance: int | None  # C.07 art. 10.2: Ra + dp over played games; None when none


def board_standings(event: TeamEvent) -> list[BoardStanding]:
    """Per board, its players with games, points and performance rating, best first.

    The board of a game is the player's place in the round's line-up. A game won against an
    empty board counts as a game and a point but, being unplayed, not in the performance
    (C.07 art. 10.2 uses the played games: ``Ra`` the opponents' average rating plus
    ``dp`` of the score fraction, table 8.1(a))."""
    t = event.tournament
    players = event.players.players_by_tpn
    game = event.players.scoring
    team_name = {team.tpn: team.name for team in t.players}
    table: dict[tuple[int, int], list[int]] = {}  # points, games, played points, played, sum
    team_of: dict[int, int] = {}
    last = max((len(p.rounds) for p in t.players), default=0)
    for team in t.players:
        for rnd in range(1, last + 1):
            lineup = event.lineups.get((rnd, team.tpn))
            if lineup is None:
                lineup = tuple(
                    pid
                    for pid in event.rosters.get(team.tpn, ())
                    if (e := players[pid].entry(rnd)) is not None
                    and (e.opponent is not None or e.result is ResultCode.FORFEIT_WIN)
                )
            for board, pid in enumerate(lineup, start=1):
                e = players[pid].entry(rnd) if pid in players else None
                if e is None or (e.opponent is None and e.result is not ResultCode.FORFEIT_WIN):
                    continue
                cell = table.setdefault((board, pid), [0, 0, 0, 0, 0])
                cell[0] += game.points(e.result)
                cell[1] += 1
                real = e.opponent is not None and e.result not in (
                    ResultCode.FORFEIT_WIN,
                    ResultCode.FORFEIT_LOSS,
                )
                if real and e.opponent is not None:
                    cell[2] += game.points(e.result)
                    cell[3] += 1
                    cell[4] += players[e.opponent].rating
                team_of[pid] = team.tpn
    rows = []
    for (board, pid), (pts, games, won, played, ratings) in table.items():
        performance = None
        if played:
            average = (ratings + played // 2) // played
            fraction = (won * 100 + played) // (2 * played)  # hundredths, half up
            performance = average + dp_for_percentage(fraction)
        p = players[pid]
        rows.append(
            BoardStanding(board, p.name, p.rating, team_name[team_of[pid]], games, pts, performance)
        )
    rows.sort(
        key=lambda r: (r.board, -r.points * 1000 // max(r.games, 1), -r.points, -r.games, r.name)
    )
    return rows
