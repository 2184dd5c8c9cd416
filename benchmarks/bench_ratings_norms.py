"""Benchmark: every player's rating change and title norms in a big open (issue 37).

Budget (CPU time): the rating changes of 2,000 players after 9 rounds in at most 1 s, the
norms (with the forecast after round 7) in at most 2 s: the standings page computes both
with the tie-breaks.

    python benchmarks/bench_ratings_norms.py [--players 2000] [--rounds 9] [--repeat 3]

Exits 1 when over budget. The tournament is the synthetic Swiss of bench_reports (neighbours
in score order, results at random, fixed seed) with titles and federations given by rating:
the top 60 players GMs, the next 200 IMs, then FMs, from twelve federations, so that many
players are in the norm range and the search for norms (1.4.1 e, f) really runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace

from bench_reports import synthetic_tournament

from swissdesk.elo import rating_changes
from swissdesk.model.tournament import Tournament
from swissdesk.norms import evaluate_norms

BUDGET_RATINGS = 1.0
BUDGET_NORMS = 2.0
FEDERATIONS = ("GER", "FRA", "ESP", "NED", "POL", "HUN", "ITA", "SUI", "NOR", "IND", "USA", "SRB")


def titled(tournament: Tournament) -> Tournament:
    players = []
    for p in tournament.players:
        title = "GM" if p.tpn <= 60 else "IM" if p.tpn <= 260 else "FM" if p.tpn <= 600 else ""
        players.append(replace(p, title=title, federation=FEDERATIONS[p.tpn % len(FEDERATIONS)]))
    return replace(tournament, players=tuple(players))


def best_cpu(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    t = titled(synthetic_tournament(args.players, args.rounds))
    ratings = best_cpu(lambda: rating_changes(t), args.repeat)
    norms = best_cpu(lambda: evaluate_norms(t), args.repeat)
    before_last = max(args.rounds - 2, 1)
    forecast = best_cpu(lambda: evaluate_norms(t, after_round=before_last), args.repeat)
    report = evaluate_norms(t)
    early = evaluate_norms(t, after_round=before_last)
    over = ratings > BUDGET_RATINGS or max(norms, forecast) > BUDGET_NORMS
    print(
        f"{args.players} players x {args.rounds} rounds, CPU (best of {args.repeat}): "
        f"rating changes {ratings:.2f} s (budget {BUDGET_RATINGS:.0f} s); norms after round "
        f"{args.rounds} {norms:.2f} s ({len(report.achieved)} achieved), after round "
        f"{before_last} {forecast:.2f} s ({sum(len(p.forecasts) for p in early.players)} "
        f"forecasts) (budget {BUDGET_NORMS:.0f} s) {'OVER BUDGET' if over else 'ok'}"
    )
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
