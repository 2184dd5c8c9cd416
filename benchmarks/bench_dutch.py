"""Time one round of Dutch pairing on generated tournaments.

Usage: ``python benchmarks/bench_dutch.py [--players 100 500 1000] [--rounds 5 9] [--runs 3]``

The history before the timed round is built quickly (players sorted by score and paired
greedily with the nearest legal opponent, results drawn from the Elo expectation), which
gives realistic scoregroups and colour/float histories without spending the benchmark's
time on earlier pairings. The timed call is the real engine, verifier included. Prints the
median of the runs and the peak memory of the process.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_support import history, run_standard

__all__ = ["history"]

if __name__ == "__main__":
    run_standard("dutch", __doc__)
