"""Time one round of the 1992 rating-based Swiss on generated tournaments.

Usage: ``python benchmarks/bench_rating1992.py [--players 100 500 1000] [--rounds 5 9] [--runs 3]
[--dense 40 30]``

The history before the timed round is built as in ``bench_support.py`` (quick greedy pairing,
results from the Elo expectation); the timed call is the real engine, B1/B2 verifier
included. ``--dense N R`` adds a round where many players have met already: ``N`` players,
round ``R`` (e.g. 40 players, round 30: each has met three quarters of the field), which is
where the procedure's backtracking (C7-C14) could explode.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_support import history, parser, print_peak_memory, seed, time_runs

from swissdesk.engines import get_engine
from swissdesk.engines.base import NoValidPairing


def _time(n: int, rnd: int, total: int, runs: int) -> None:
    engine = get_engine("rating1992")
    timing = time_runs(
        engine,
        lambda run: history(n, rnd - 1, total, seed=seed(n, rnd, run)),
        rnd,
        runs,
        tolerate=(NoValidPairing,),
    )
    times, cpu = timing.times, timing.cpu
    print(
        f"{n:>8} {rnd:>6} {statistics.median(times):>9.2f} {max(times):>7.2f} "
        f"{statistics.median(cpu):>7.2f} {runs:>5} {timing.gave_up:>7}",
        flush=True,
    )


def main() -> None:
    cli = parser(__doc__)
    cli.add_argument("--dense", type=int, nargs=2, default=[40, 30], metavar=("N", "R"))
    args = cli.parse_args()
    print(
        f"{'players':>8} {'round':>6} {'median s':>9} {'max s':>7} {'cpu s':>7} {'runs':>5} {'gave up':>7}"
    )
    for n in args.players:
        for rnd in args.rounds:
            _time(n, rnd, args.total_rounds, args.runs)
    n, rnd = args.dense
    _time(n, rnd, rnd + 1, args.runs)
    print_peak_memory()


if __name__ == "__main__":
    main()
