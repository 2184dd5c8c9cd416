"""Benchmark: printing standings and the cross table of a 1,000-player, 11-round Swiss.

Budget: each document in at most 2 s (tie-break computation included), and the standings
with a dozen tie-breaks at once (CPU time) in at most 2 s.

    python benchmarks/bench_reports.py [--players 1000] [--rounds 11] [--repeat 3] [--keep DIR]

Exits 1 when a document is over budget. The tournament is synthetic (fixed seed): each round
pairs neighbours in score order, results drawn at random, so every player has a full
11-round record with games, draws and a PAB in odd-sized rounds.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
    TournamentInfo,
)
from swissdesk.reports import render
from swissdesk.tiebreaks import compute_standings

BUDGET_SECONDS = 2.0
DOZEN_TIEBREAKS = ("BH/C1", "BH", "SB", "DE", "ARO", "TPR", "PTP", "AOB", "FB", "KS", "PS", "WIN")


def synthetic_tournament(players: int, rounds: int, seed: int = 2026) -> Tournament:
    """A complete Swiss-like tournament: neighbours in score order play each other."""
    rng = random.Random(seed)
    entries: dict[int, list[RoundEntry]] = {tpn: [] for tpn in range(1, players + 1)}
    score = dict.fromkeys(entries, 0)
    for r in range(rounds):
        order = sorted(entries, key=lambda t: (-score[t], t))
        if len(order) % 2:
            bye = order.pop()
            entries[bye].append(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))
            score[bye] += 2
        for i in range(0, len(order), 2):
            a, b = order[i], order[i + 1]
            white, black = (a, b) if (r + i // 2) % 2 == 0 else (b, a)
            outcome = rng.choice("10=")
            other = {"1": "0", "0": "1", "=": "="}[outcome]
            entries[white].append(RoundEntry(black, Colour.WHITE, ResultCode(outcome)))
            entries[black].append(RoundEntry(white, Colour.BLACK, ResultCode(other)))
            score[white] += {"1": 2, "=": 1, "0": 0}[outcome]
            score[black] += {"1": 2, "=": 1, "0": 0}[other]
    return Tournament(
        players=tuple(
            Player(
                tpn=tpn,
                name=f"Player {tpn:04d} Długosz-Ivanović",
                rating=2700 - tpn,
                federation="POL",
                rounds=tuple(entries[tpn]),
            )
            for tpn in entries
        ),
        total_rounds=rounds,
        info=TournamentInfo(name="Benchmark Open", city="Wrocław"),
        tiebreaks=("BH/C1", "BH", "SB", "WIN"),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=None, help="keep the PDFs in this folder")
    args = parser.parse_args(argv)
    tournament = synthetic_tournament(args.players, args.rounds)
    over = False
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        render("boards", tournament, folder / "warmup.pdf")  # font loading, imports
        for kind in ("standings", "crosstable"):
            times = []
            cpu = []
            for _ in range(args.repeat):
                start, start_cpu = time.perf_counter(), time.process_time()
                out = render(kind, tournament, folder / f"{kind}.pdf")
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            best, worst = min(times), max(times)
            verdict = "ok" if worst <= BUDGET_SECONDS else "OVER BUDGET"
            over |= worst > BUDGET_SECONDS
            size = out.stat().st_size // 1024
            print(
                f"{kind:10s} {args.players} players x {args.rounds} rounds: "
                f"best {best:.2f} s, worst {worst:.2f} s, CPU {min(cpu):.2f} s "
                f"(budget {BUDGET_SECONDS:.0f} s, "
                f"{size} KiB) {verdict}"
            )
    cpu = []
    for _ in range(args.repeat):
        start_cpu = time.process_time()
        compute_standings(tournament, DOZEN_TIEBREAKS)
        cpu.append(time.process_time() - start_cpu)
    verdict = "ok" if max(cpu) <= BUDGET_SECONDS else "OVER BUDGET"
    over |= max(cpu) > BUDGET_SECONDS
    print(
        f"standings with {len(DOZEN_TIEBREAKS)} tie-breaks: CPU best {min(cpu):.2f} s, "
        f"worst {max(cpu):.2f} s (budget {BUDGET_SECONDS:.0f} s) {verdict}"
    )
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
