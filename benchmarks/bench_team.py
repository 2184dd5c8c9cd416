"""Time rounds of the Team Pairing System (C.04.6) on generated team tournaments.

Usage: ``python benchmarks/bench_team.py [--teams 200 500] [--rounds 1 5 9] [--total 11]
[--boards 4] [--prefs A] [--seed 1]``

Each tournament is played by the engine itself from round one (every round a real pairing,
match results drawn from the ratings: board by board, game points summed, match points
2/1/0), so scoregroups, colour and float histories are realistic. The time of each round
listed in ``--rounds`` is printed (engine and its verifier), with the CPU time beside the
wall time because a shared machine's load skews wall time. Targets (issue 16): one round
of 200 teams <= 1 s, 500 teams <= 3 s.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from swissdesk.engines import get_engine
from swissdesk.model.tournament import (
    TEAM_SCORING,
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    TeamSettings,
    Tournament,
)


def new_tournament(teams: int, total: int, boards: int, prefs: str, seed: int) -> Tournament:
    """``teams`` teams with ratings, no round played yet."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2700) for _ in range(teams)), reverse=True)
    players = tuple(
        Player(tpn=i + 1, name=f"Team {i + 1}", rating=r) for i, r in enumerate(ratings)
    )
    return Tournament(
        players=players,
        total_rounds=total,
        scoring=TEAM_SCORING,
        system="team",
        is_team=True,
        team=TeamSettings(boards=boards, colour_preferences=prefs, pab_game_points=boards),
    )


def play(tournament: Tournament, rnd: int, rng: random.Random) -> tuple[Tournament, float, float]:
    """Pair ``rnd`` with the engine (timed), then play it out with random board results."""
    engine = get_engine("team")
    wall, cpu = time.perf_counter(), time.process_time()
    pairing = engine.pair(tournament, rnd)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    boards = tournament.team.boards if tournament.team else 4
    by_tpn = {p.tpn: list(p.rounds) for p in tournament.players}
    rating = {p.tpn: p.rating for p in tournament.players}
    for pair in pairing.pairs:
        expected = 1 / (1 + 10 ** ((rating[pair.black] - rating[pair.white]) / 400))
        gp = 0
        for _ in range(boards):
            u = rng.random()
            gp += 1 if u < 0.3 else 2 if u < 0.3 + 0.7 * expected else 0
        gb = 2 * boards - gp
        mw, mb = (4, 0) if gp > gb else (0, 4) if gp < gb else (2, 2)
        rw = ResultCode.WIN if mw == 4 else ResultCode.DRAW if mw == 2 else ResultCode.LOSS
        rb = ResultCode.WIN if mb == 4 else ResultCode.DRAW if mb == 2 else ResultCode.LOSS
        by_tpn[pair.white].append(
            RoundEntry(pair.black, Colour.WHITE, rw, game_points=gp, match_points=mw)
        )
        by_tpn[pair.black].append(
            RoundEntry(pair.white, Colour.BLACK, rb, game_points=gb, match_points=mb)
        )
    if pairing.bye is not None:
        by_tpn[pairing.bye].append(
            RoundEntry(None, None, ResultCode.PAIRING_ALLOCATED_BYE, game_points=boards)
        )
    players = tuple(replace(p, rounds=tuple(by_tpn[p.tpn])) for p in tournament.players)
    return replace(tournament, players=players), wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, nargs="+", default=[200, 500])
    parser.add_argument("--rounds", type=int, nargs="+", default=[1, 5, 9])
    parser.add_argument("--total", type=int, default=11)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--prefs", default="A", choices=["A", "B", "none"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for teams in args.teams:
        rng = random.Random(args.seed * 1000 + teams)
        tournament = new_tournament(teams, args.total, args.boards, args.prefs, args.seed)
        worst = 0.0
        for rnd in range(1, max(args.rounds) + 1):
            tournament, wall, cpu = play(tournament, rnd, rng)
            worst = max(worst, cpu)
            if rnd in args.rounds:
                print(f"{teams} teams, round {rnd}: {wall:.3f} s wall, {cpu:.3f} s CPU")
        print(f"{teams} teams: slowest round up to {max(args.rounds)}: {worst:.3f} s CPU")


if __name__ == "__main__":
    main()
