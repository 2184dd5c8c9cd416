"""Replay recorded MatchingComputer calls and print per-compute CPU times.

Usage: PYTHONPATH=. python benchmarks/bench_matching_replay.py CALLS.pkl [--check]

The pickle holds a list of ``(vertex_count, calls)`` per matcher instance,
``calls`` being ``('w', u, v, weight)`` and ``('c',)`` tuples in order (see
a recording made with a ``MatchingComputer`` subclass that logs its calls).
``--check`` also verifies the optimality certificate after every compute
(slow, testing aid).  ``--bulk`` fills each new matcher with one
``load_weights`` call (the weights set before its first compute) instead of
the recorded ``set_weight`` calls.
"""

from __future__ import annotations

import argparse
import pickle
import time

from swissdesk.engines.matching.computer import MatchingComputer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pickle")
    parser.add_argument("--check", action="store_true", help="verify optimality after each compute")
    parser.add_argument("--quiet", action="store_true", help="print only the per-instance summary")
    parser.add_argument(
        "--bulk", action="store_true", help="fill new matchers with load_weights (timed)"
    )
    args = parser.parse_args()
    with open(args.pickle, "rb") as fh:
        recorded = pickle.load(fh)
    total_compute = 0.0
    total_set = 0.0
    grand_weight = 0
    for idx, (n, calls) in enumerate(recorded):
        first = 0
        if args.bulk:
            while first < len(calls) and calls[first][0] == "w":
                first += 1
        t0 = time.process_time()
        mc = MatchingComputer(n)
        if first:
            rows = [[0] * n for _ in range(n)]
            for call in calls[:first]:
                rows[call[1]][call[2]] = rows[call[2]][call[1]] = call[3]
            mc.load_weights(rows)
        t_set = time.process_time() - t0
        times: list[float] = []
        pending_set = 0.0
        t0 = time.process_time()
        for call in calls[first:]:
            if call[0] == "w":
                mc.set_weight(call[1], call[2], call[3])
            else:
                t1 = time.process_time()
                pending_set += t1 - t0
                mc.compute()
                t0 = time.process_time()
                times.append(t0 - t1)
                if args.check:
                    mc._check_optimality()
                    grand_weight += mc.matching_weight() & 0xFFFF
                    t0 = time.process_time()
        pending_set += time.process_time() - t0
        t_set += pending_set
        total_compute += sum(times)
        total_set += t_set
        if not args.quiet:
            shown = " ".join(f"{t:.3f}" for t in times)
            print(f"instance {idx}: n={n} set_weight {t_set:.3f}s computes [{shown}]")
        else:
            print(
                f"instance {idx}: n={n} set {t_set:.3f}s first {times[0] if times else 0:.3f}s "
                f"rest {sum(times[1:]):.3f}s ({len(times)} computes)"
            )
    print(
        f"total: compute {total_compute:.3f}s set_weight {total_set:.3f}s "
        f"sum {total_compute + total_set:.3f}s"
    )
    if args.check:
        print(f"checked; weight fingerprint {grand_weight}")


if __name__ == "__main__":
    main()
