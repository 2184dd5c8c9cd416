"""Time one round of Dubov pairing (C.04.4.1) on generated tournaments.

Usage: ``python benchmarks/bench_dubov.py [--players 100 500 1000] [--rounds 5 9] [--runs 3]``

The history before the timed round is built quickly (players sorted by score and paired
greedily with the nearest legal opponent, results drawn from the Elo expectation), which
gives realistic scoregroups and colour/float histories without spending the benchmark's
time on earlier pairings. The timed call is the real engine, verifier included. Prints the
median of the runs and the peak memory of the process.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time

from swissdesk.engines import get_engine
from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)


def history(players: int, played_rounds: int, total_rounds: int, seed: int) -> Tournament:
    """A tournament of ``players`` after ``played_rounds`` quick-paired rounds."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    rounds: dict[int, list[RoundEntry]] = {tpn: [] for tpn in range(1, players + 1)}
    score = dict.fromkeys(rounds, 0)
    met: dict[int, set[int]] = {tpn: set() for tpn in rounds}
    whites = dict.fromkeys(rounds, 0)  # colour difference: games with White minus Black
    scoring = ScoringSystem()
    for _ in range(played_rounds):
        order = sorted(rounds, key=lambda t: (-score[t], t))
        waiting = list(order)
        if len(waiting) % 2:
            bye = waiting.pop()
            rounds[bye].append(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))
            score[bye] += scoring.pairing_allocated_bye
        while waiting:
            a = waiting.pop(0)
            idx = next((i for i, b in enumerate(waiting) if b not in met[a]), 0)
            b = waiting.pop(idx)
            # The player further behind on White gets it (colour difference, C.04.1 art. 8).
            white, black = (a, b) if whites[a] <= whites[b] else (b, a)
            whites[white] += 1
            whites[black] -= 1
            expected = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
            u = rng.random()
            if u < 0.3:
                rw, rb = ResultCode.DRAW, ResultCode.DRAW
            elif u < 0.3 + 0.7 * expected:
                rw, rb = ResultCode.WIN, ResultCode.LOSS
            else:
                rw, rb = ResultCode.LOSS, ResultCode.WIN
            rounds[white].append(RoundEntry(black, Colour.WHITE, rw))
            rounds[black].append(RoundEntry(white, Colour.BLACK, rb))
            score[white] += scoring.points(rw)
            score[black] += scoring.points(rb)
            met[a].add(b)
            met[b].add(a)
    return Tournament(
        players=tuple(
            Player(tpn=t, name=f"Player {t}", rating=ratings[t - 1], rounds=tuple(rounds[t]))
            for t in rounds
        ),
        total_rounds=total_rounds,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, nargs="+", default=[5, 9])
    parser.add_argument("--total-rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    engine = get_engine("dubov")
    print(f"{'players':>8} {'round':>6} {'median s':>9} {'cpu s':>7} {'runs':>5}")
    for n in args.players:
        for rnd in args.rounds:
            times = []
            cpu = []
            for run in range(args.runs):
                t = history(n, rnd - 1, args.total_rounds, seed=1000 * n + 10 * rnd + run)
                start, start_cpu = time.perf_counter(), time.process_time()
                engine.pair(t, rnd)
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            print(
                f"{n:>8} {rnd:>6} {statistics.median(times):>9.2f} "
                f"{statistics.median(cpu):>7.2f} {args.runs:>5}",
                flush=True,
            )
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()
