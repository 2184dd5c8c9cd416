"""Time one round of Double-Swiss pairing (C.04.5) on generated tournaments.

Usage: ``python benchmarks/bench_double_swiss.py [--players 100 500 1000] [--rounds 5 9]
[--runs 3] [--engine-history]``

The history before the timed round is quick by default: players sorted by score and paired
greedily with someone not met, two games per match with reversed colours and results from
the Elo expectation, a few requested byes and single-game / whole-match forfeits. With
``--engine-history`` every earlier round is paired by the engine itself (slower). The timed
call is the real engine, the independent verifier included. Prints the median of the runs
and the peak memory of the process.
"""

from __future__ import annotations

import random
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_support import parser, print_peak_memory, seed, time_runs

from swissdesk.engines import get_engine
from swissdesk.engines.base import PairingEngine
from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
    double_swiss_match,
)

SCORING = ScoringSystem(
    win=2,
    draw=1,
    loss=0,
    forfeit_win=2,
    forfeit_loss=0,
    pairing_allocated_bye=3,
    full_point_bye=4,
    half_point_bye=2,
    zero_point_bye=0,
    absent=0,
)


def _game(rng: random.Random, white: int, black: int) -> tuple[ResultCode, ResultCode]:
    """One game's result for (White, Black) from the Elo expectation, a third of draws."""
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    u = rng.random()
    if u < 0.3:
        return ResultCode.DRAW, ResultCode.DRAW
    if u < 0.3 + 0.7 * expected:
        return ResultCode.WIN, ResultCode.LOSS
    return ResultCode.LOSS, ResultCode.WIN


def play_round(
    rng: random.Random, t: Tournament, rnd: int, pairs: list[tuple[int, int]], bye: int | None
) -> Tournament:
    """Results of ``pairs`` (white of game 1 first) and the PAB, added to round ``rnd``."""
    entries: dict[int, RoundEntry] = {}
    by = t.players_by_tpn
    for w, b in pairs:
        g1 = _game(rng, by[w].rating, by[b].rating)
        g2b, g2w = _game(rng, by[b].rating, by[w].rating)
        white = (g1[0], g2w)
        black = (g1[1], g2b)
        u = rng.random()
        if u < 0.01:  # a whole match forfeited by Black
            white, black = (ResultCode.FORFEIT_WIN,) * 2, (ResultCode.FORFEIT_LOSS,) * 2
        elif u < 0.03:  # a single game forfeited: the match is still played
            white, black = (ResultCode.FORFEIT_WIN, white[1]), (ResultCode.FORFEIT_LOSS, black[1])
        pw = SCORING.points(white[0]) + SCORING.points(white[1])
        pb = SCORING.points(black[0]) + SCORING.points(black[1])
        entries[w] = double_swiss_match(b, Colour.WHITE, white, SCORING, pb)
        entries[b] = double_swiss_match(w, Colour.BLACK, black, SCORING, pw)
    if bye is not None:
        entries[bye] = replace(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE), game_points=3)
    players = []
    for p in t.players:
        rounds = list(p.rounds[: rnd - 1])
        if len(p.rounds) >= rnd:
            rounds.append(p.rounds[rnd - 1])
        else:
            rounds.append(entries.get(p.tpn, RoundEntry.bye(ResultCode.ZERO_POINT_BYE)))
        players.append(replace(p, rounds=tuple(rounds)))
    return t.with_players(players)


def preset_byes(rng: random.Random, t: Tournament, rnd: int) -> Tournament:
    """About 2 % of the players ask for a half-point bye (HPB) for round ``rnd``."""
    players = []
    for p in t.players:
        if len(p.rounds) < rnd and rng.random() < 0.02:
            bye = replace(RoundEntry.bye(ResultCode.HALF_POINT_BYE), game_points=2)
            p = replace(p, rounds=(*p.rounds, bye))
        players.append(p)
    return t.with_players(players)


def quick_pairs(t: Tournament, rnd: int) -> tuple[list[tuple[int, int]], int | None]:
    """Greedy pairing by score: each player with the next one not met."""
    scores = {p.tpn: sum(t.entry_points(e) for e in p.rounds[: rnd - 1]) for p in t.players}
    met = {p.tpn: {e.opponent for e in p.rounds if e.opponent is not None} for p in t.players}
    todo = sorted((p.tpn for p in t.players if len(p.rounds) < rnd), key=lambda x: (-scores[x], x))
    bye = None
    if len(todo) % 2:
        bye = todo.pop()
    pairs = []
    while todo:
        a = todo.pop(0)
        k = next((i for i, b in enumerate(todo) if b not in met[a]), 0)
        b = todo.pop(k)
        pairs.append((a, b) if (rnd + a) % 2 else (b, a))
    return pairs, bye


def history(
    n: int, played: int, total: int, seed: int, engine: PairingEngine | None = None
) -> Tournament:
    """A Double-Swiss tournament of ``n`` players after ``played`` rounds."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2700) for _ in range(n)), reverse=True)
    t = Tournament(
        players=tuple(
            Player(tpn=i + 1, name=f"Player {i + 1}", rating=r) for i, r in enumerate(ratings)
        ),
        total_rounds=total,
        scoring=SCORING,
        system="double-swiss",
    )
    for rnd in range(1, played + 2):
        t = preset_byes(rng, t, rnd)
        if rnd == played + 1:
            break
        if engine is not None:
            pairing = engine.pair(t, rnd)
            pairs, bye = [(p.white, p.black) for p in pairing.pairs], pairing.bye
        else:
            pairs, bye = quick_pairs(t, rnd)
        t = play_round(rng, t, rnd, pairs, bye)
    return t


def main() -> None:
    cli = parser(__doc__)
    cli.add_argument("--engine-history", action="store_true")
    args = cli.parse_args()
    engine = get_engine("double-swiss")
    print(f"{'players':>8} {'round':>6} {'median s':>9} {'max s':>7} {'runs':>5}")
    for n in args.players:
        for rnd in args.rounds:
            times = time_runs(
                engine,
                lambda run, n=n, rnd=rnd: history(
                    n,
                    rnd - 1,
                    args.total_rounds,
                    seed=seed(n, rnd, run),
                    engine=engine if args.engine_history else None,
                ),
                rnd,
                args.runs,
            ).times
            print(
                f"{n:>8} {rnd:>6} {statistics.median(times):>9.2f} {max(times):>7.2f} "
                f"{args.runs:>5}",
                flush=True,
            )
    print_peak_memory()


if __name__ == "__main__":
    main()
