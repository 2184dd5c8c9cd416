"""Time one round of the 1992 rating-based Swiss on generated tournaments.

Usage: ``python benchmarks/bench_rating1992.py [--players 100 500 1000] [--rounds 5 9] [--runs 3]
[--dense 40 30]``

The history before the timed round is built as in ``bench_dutch.py`` (quick greedy pairing,
results from the Elo expectation); the timed call is the real engine, B1/B2 verifier
included. ``--dense N R`` adds a round where many players have met already: ``N`` players,
round ``R`` (e.g. 40 players, round 30: each has met three quarters of the field), which is
where the procedure's backtracking (C7-C14) could explode.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from bench_dutch import history

from swissdesk.engines import get_engine
from swissdesk.engines.base import NoValidPairing


def _time(n: int, rnd: int, total: int, runs: int) -> None:
    engine = get_engine("rating1992")
    times, cpu = [], []
    gave_up = 0
    for run in range(runs):
        t = history(n, rnd - 1, total, seed=1000 * n + 10 * rnd + run)
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            engine.pair(t, rnd)
        except NoValidPairing:
            gave_up += 1
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(
        f"{n:>8} {rnd:>6} {statistics.median(times):>9.2f} {max(times):>7.2f} "
        f"{statistics.median(cpu):>7.2f} {runs:>5} {gave_up:>7}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, nargs="+", default=[5, 9])
    parser.add_argument("--total-rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dense", type=int, nargs=2, default=[40, 30], metavar=("N", "R"))
    args = parser.parse_args()
    print(
        f"{'players':>8} {'round':>6} {'median s':>9} {'max s':>7} {'cpu s':>7} {'runs':>5} {'gave up':>7}"
    )
    for n in args.players:
        for rnd in args.rounds:
            _time(n, rnd, args.total_rounds, args.runs)
    n, rnd = args.dense
    _time(n, rnd, rnd + 1, args.runs)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()
