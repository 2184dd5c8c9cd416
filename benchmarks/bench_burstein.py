"""Time one round of Burstein pairing (C.04.4.2) on generated tournaments.

Usage: ``python benchmarks/bench_burstein.py [--players 100 500 1000] [--rounds 5 9] [--runs 3]``

In an 11-round event rounds 1-4 are the seeding rounds (art. 1.6, paired with the Dutch
system), so rounds 5 and 9 are both real Burstein rounds.

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

from bench_support import run_standard

if __name__ == "__main__":
    run_standard("burstein", __doc__)
