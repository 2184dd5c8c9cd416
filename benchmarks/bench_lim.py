"""Time one round of Lim pairing (C.04.4.3) on generated tournaments.

Usage: ``python benchmarks/bench_lim.py [--players 100 500 1000] [--rounds 5 9] [--runs 3]``

The history before the timed round is the quick one of ``bench_dutch.py`` (players sorted
by score and paired greedily, results from the Elo expectation): realistic scoregroups and
colour histories in 11-round tournaments. The timed call is the real engine, verifier
included. Prints the median of the runs and the peak memory of the process.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_dutch import history

from swissdesk.engines import get_engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, nargs="+", default=[5, 9])
    parser.add_argument("--total-rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    engine = get_engine("lim")
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
