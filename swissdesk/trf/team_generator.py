"""Random team tournaments for tests and demonstrations (``swissdesk generate --system team``).

Teams of ``boards`` players plus one reserve; the TPN follows the average rating of the
``boards`` best players (C.04.6 art. 1.1 leaves the rule to the competition: this is the
usual one). Every round is paired by the team engine; each board is played by the roster's
players in board order (the reserve now and then replaces a starter, shifting the boards as
art. 0 allows), colours alternate from the first board (record 352), results are drawn from
the Elo expectation. The result is a :class:`TeamEvent` that writes as a TRF-2026 team file.
"""

from __future__ import annotations

import random
from dataclasses import replace

from swissdesk.engines.base import PairingEngine
from swissdesk.model.tournament import (
    TEAM_SCORING,
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    TeamSettings,
    Tournament,
    TournamentInfo,
)
from swissdesk.trf.team_records import TeamEvent

_NAMES = ("Rooks", "Knights", "Bishops", "Pawns", "Queens", "Kings", "Castles", "Gambits")


def generate_team_event(
    teams: int,
    rounds: int,
    seed: int,
    engine: PairingEngine,
    *,
    boards: int = 4,
    colour_preferences: str = "A",
) -> TeamEvent:
    """A team event of ``teams`` teams after ``rounds`` rounds paired by ``engine``."""
    rng = random.Random(seed)
    rosters_raw: list[list[int]] = []
    for _ in range(teams):
        base = rng.randint(1500, 2600)
        rosters_raw.append(
            sorted((base + rng.randint(-150, 150) for _ in range(boards + 1)), reverse=True)
        )
    order = sorted(range(teams), key=lambda i: -sum(rosters_raw[i][:boards]) // boards)
    ratings: dict[int, int] = {}
    rosters: dict[int, tuple[int, ...]] = {}
    pid = 0
    for tpn, index in enumerate(order, start=1):
        ids = []
        for rating in rosters_raw[index]:
            pid += 1
            ratings[pid] = rating
            ids.append(pid)
        rosters[tpn] = tuple(ids)
    colours = "".join("WB"[i % 2] for i in range(boards))
    settings = TeamSettings(
        boards=boards, colour_preferences=colour_preferences, pab_game_points=boards
    )
    team_players = tuple(
        Player(
            tpn=tpn,
            name=f"{_NAMES[(tpn - 1) % len(_NAMES)]} {tpn}",
            rating=sum(ratings[p] for p in rosters[tpn][:boards]) // boards,
            members=tuple(f"Player {p}" for p in rosters[tpn]),
        )
        for tpn in sorted(rosters)
    )
    tournament = Tournament(
        players=team_players,
        total_rounds=rounds,
        scoring=TEAM_SCORING,
        info=TournamentInfo(name=f"Generated team tournament (seed {seed})"),
        system="team",
        is_team=True,
        team=settings,
    )
    games: dict[int, list[RoundEntry]] = {p: [] for p in ratings}
    team_rounds: dict[int, list[RoundEntry]] = {t: [] for t in rosters}
    for rnd in range(1, rounds + 1):
        pairing = engine.pair(tournament, rnd)
        played: set[int] = set()
        for pair in pairing.pairs:
            lineups = {t: _lineup(rosters[t], boards, rng) for t in (pair.white, pair.black)}
            gp = {pair.white: 0, pair.black: 0}
            for board in range(boards):
                a, b = lineups[pair.white][board], lineups[pair.black][board]
                a_white = colours[board] == "W"
                white, black = (a, b) if a_white else (b, a)
                expected = 1 / (1 + 10 ** ((ratings[black] - ratings[white]) / 400))
                u = rng.random()
                score = 1 if u < 0.3 else 2 if u < 0.3 + 0.7 * expected else 0
                rw = {0: ResultCode.LOSS, 1: ResultCode.DRAW, 2: ResultCode.WIN}[score]
                rb = {0: ResultCode.WIN, 1: ResultCode.DRAW, 2: ResultCode.LOSS}[score]
                games[white].append(RoundEntry(black, Colour.WHITE, rw))
                games[black].append(RoundEntry(white, Colour.BLACK, rb))
                played.update((white, black))
                gp[pair.white] += score if a_white else 2 - score
                gp[pair.black] += 2 - score if a_white else score
            for team, other, colour in (
                (pair.white, pair.black, Colour.WHITE),
                (pair.black, pair.white, Colour.BLACK),
            ):
                mine, theirs = gp[team], gp[other]
                result, mp = (
                    (ResultCode.WIN, 4)
                    if mine > theirs
                    else (ResultCode.DRAW, 2)
                    if mine == theirs
                    else (ResultCode.LOSS, 0)
                )
                team_rounds[team].append(
                    RoundEntry(other, colour, result, game_points=mine, match_points=mp)
                )
        if pairing.bye is not None:
            team_rounds[pairing.bye].append(
                RoundEntry(
                    None, None, ResultCode.PAIRING_ALLOCATED_BYE, game_points=boards, match_points=2
                )
            )
        for p, entries in games.items():
            if p not in played:
                entries.append(RoundEntry.bye(ResultCode.NOT_PAIRED))
        tournament = replace(
            tournament,
            players=tuple(replace(t, rounds=tuple(team_rounds[t.tpn])) for t in tournament.players),
        )
    individuals = Tournament(
        players=tuple(
            Player(tpn=p, name=f"Player {p}", rating=ratings[p], rounds=tuple(games[p]))
            for p in sorted(ratings)
        ),
        total_rounds=rounds,
        info=tournament.info,
        system="team",
    )
    return TeamEvent(
        tournament=tournament,
        players=individuals,
        rosters=rosters,
        nicknames={t: f"T{t:03d}" for t in rosters},
        lineups={},
        board_colours=colours,
    )


def _lineup(roster: tuple[int, ...], boards: int, rng: random.Random) -> tuple[int, ...]:
    """The first ``boards`` of the roster, or now and then the reserve in for a starter
    (the others move up: roster order is kept)."""
    if len(roster) > boards and rng.random() < 0.2:
        out = rng.randrange(boards)
        return tuple(p for i, p in enumerate(roster) if i != out)[:boards]
    return roster[:boards]
