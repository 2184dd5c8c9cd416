"""Time one round of Lim pairing (C.04.4.3) on generated tournaments.

Usage: ``python benchmarks/bench_lim.py [--players 100 500 1000] [--rounds 5 9] [--runs 3]``

The history before the timed round is the quick one of ``bench_support.py`` (players sorted
by score and paired greedily, results from the Elo expectation): realistic scoregroups and
colour histories in 11-round tournaments. The timed call is the real engine, verifier
included. Prints the median of the runs and the peak memory of the process.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_support import run_standard

if __name__ == "__main__":
    run_standard("lim", __doc__)
