"""Benchmark: the prize list of a big open (issue 36).

Budget (CPU time): the prize list of 2,000 players after 9 rounds, with 10 place prizes
and 8 categories of 3 prizes each (rating bands, age groups, women, a federation), shared
by the Hort system, in at most 0.5 s beyond the standings (which the standings page
computes anyway); with the standings in at most 3 s.

    python benchmarks/bench_prizes.py [--players 2000] [--rounds 9] [--repeat 3]

Exits 1 when over budget. The tournament is the synthetic Swiss of bench_reports with
sexes, birth dates and federations given by pairing number (fixed, no randomness).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from dataclasses import replace

from bench_reports import synthetic_tournament

from swissdesk.model.tournament import Tournament
from swissdesk.prizes import (
    Category,
    Placed,
    Prize,
    PrizePlan,
    PrizeRules,
    Sharing,
    compute_prizes,
    entrants,
    tournament_prizes,
)
from swissdesk.tiebreaks import compute_standings, declared_tiebreaks

BUDGET_PRIZES = 0.5
BUDGET_WITH_STANDINGS = 3.0
FEDERATIONS = ("GER", "FRA", "ESP", "NED", "POL", "HUN", "ITA", "SUI", "NOR", "IND")


def dressed(tournament: Tournament) -> Tournament:
    players = []
    for p in tournament.players:
        born = f"{1950 + (p.tpn * 7) % 70}-0{1 + p.tpn % 9}-1{p.tpn % 10}"
        players.append(
            replace(p, sex="w" if p.tpn % 4 == 0 else "m", birth_date=born,
                    federation=FEDERATIONS[p.tpn % len(FEDERATIONS)])
        )  # fmt: skip
    info = replace(tournament.info, start_date="2026/07/10")
    return replace(tournament, players=tuple(players), info=info)


def plan() -> PrizePlan:
    categories = (
        Category("U2200", rating_below=2200), Category("U2000", rating_below=2000),
        Category("U1800", rating_below=1800), Category("U16", age_under=16),
        Category("U12", age_under=12), Category("50+", age_from=50),
        Category("Women", sex="F"), Category("SUI", federations=("SUI",)),
    )  # fmt: skip
    prizes = [Prize(place, amount=1000 - 90 * place) for place in range(1, 11)]
    prizes += [Prize(place, c.name, amount=200 - 50 * place) for c in categories for place in (1, 2, 3)]
    return PrizePlan(categories, tuple(prizes), PrizeRules(sharing=Sharing.HORT, round_to=5))


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
    t = dressed(synthetic_tournament(args.players, args.rounds))
    the_plan = plan()
    standings = compute_standings(t, declared_tiebreaks(t))
    placed = tuple(Placed(r.tpn, r.name, r.rank, r.points) for r in standings.rows)
    people = entrants(t, withdrawn=())
    day = dt.date(2026, 7, 10)
    alone = best_cpu(lambda: compute_prizes(the_plan, placed, people, day), args.repeat)
    whole = best_cpu(lambda: tournament_prizes(t, the_plan), args.repeat)
    result = compute_prizes(the_plan, placed, people, day)
    assert result.paid + result.kept == the_plan.fund
    over = alone > BUDGET_PRIZES or whole > BUDGET_WITH_STANDINGS
    print(
        f"{args.players} players x {args.rounds} rounds, {len(the_plan.prizes)} prizes in "
        f"{len(the_plan.categories)} categories, CPU (best of {args.repeat}): prize list "
        f"{alone:.3f} s (budget {BUDGET_PRIZES} s); with the standings {whole:.2f} s (budget "
        f"{BUDGET_WITH_STANDINGS:.0f} s); {len(result.awards)} lines, paid "
        f"{result.paid} of {the_plan.fund} {'OVER BUDGET' if over else 'ok'}"
    )
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
