"""What the pairing benchmarks share: the quick history, the command line, the timing loop.

``history`` builds the rounds before the timed one quickly (players sorted by score and
paired greedily with the nearest legal opponent, results drawn from the Elo expectation),
which gives realistic scoregroups and colour/float histories without spending the
benchmark's time on earlier pairings. ``run_standard`` is the whole benchmark of an engine
that needs nothing else: one line per field size and round with the median wall and CPU
time of the runs, then the peak memory of the process.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from swissdesk.engines import get_engine
from swissdesk.engines.base import PairingEngine
from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)


def history(players: int, played_rounds: int, total_rounds: int, seed: int) -> Tournament:
    """A tournament of ``players`` after ``played_rounds`` quick-paired rounds."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    rounds: dict[int, list[RoundEntry]] = {tpn: [] for tpn in range(1, players + 1)}
    score = dict.fromkeys(rounds, 0)
    met: dict[int, set[int]] = {tpn: set() for tpn in rounds}
    whites = dict.fromkeys(rounds, 0)  # colour difference: games with White minus Black
    scoring = ScoringSystem()
    for _ in range(played_rounds):
        order = sorted(rounds, key=lambda t: (-score[t], t))
        waiting = list(order)
        if len(waiting) % 2:
            bye = waiting.pop()
            rounds[bye].append(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))
            score[bye] += scoring.pairing_allocated_bye
        while waiting:
            a = waiting.pop(0)
            idx = next((i for i, b in enumerate(waiting) if b not in met[a]), 0)
            b = waiting.pop(idx)
            # The player further behind on White gets it (colour difference, C.04.1 art. 8).
            white, black = (a, b) if whites[a] <= whites[b] else (b, a)
            whites[white] += 1
            whites[black] -= 1
            expected = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
            u = rng.random()
            if u < 0.3:
                rw, rb = ResultCode.DRAW, ResultCode.DRAW
            elif u < 0.3 + 0.7 * expected:
                rw, rb = ResultCode.WIN, ResultCode.LOSS
            else:
                rw, rb = ResultCode.LOSS, ResultCode.WIN
            rounds[white].append(RoundEntry(black, Colour.WHITE, rw))
            rounds[black].append(RoundEntry(white, Colour.BLACK, rb))
            score[white] += scoring.points(rw)
            score[black] += scoring.points(rb)
            met[a].add(b)
            met[b].add(a)
    return Tournament(
        players=tuple(
            Player(tpn=t, name=f"Player {t}", rating=ratings[t - 1], rounds=tuple(rounds[t]))
            for t in rounds
        ),
        total_rounds=total_rounds,
    )


def parser(doc: str | None) -> argparse.ArgumentParser:
    """The options every pairing benchmark takes: field sizes, rounds, event length, runs."""
    out = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    out.add_argument("--players", type=int, nargs="+", default=[100, 500, 1000])
    out.add_argument("--rounds", type=int, nargs="+", default=[5, 9])
    out.add_argument("--total-rounds", type=int, default=11)
    out.add_argument("--runs", type=int, default=3)
    return out


def seed(n: int, rnd: int, run: int) -> int:
    """The generator seed of one run (the same in every benchmark, so fields agree)."""
    return 1000 * n + 10 * rnd + run


@dataclass
class Timing:
    """Wall and CPU seconds of each run, and how many runs the engine gave up on."""

    times: list[float]
    cpu: list[float]
    gave_up: int = 0


def time_runs(
    engine: PairingEngine,
    make: Callable[[int], Tournament],
    rnd: int,
    runs: int,
    tolerate: tuple[type[Exception], ...] = (),
) -> Timing:
    """Pair round ``rnd`` of ``make(run)`` for each run, timing the engine call only;
    an exception in ``tolerate`` counts as a run given up."""
    timing = Timing([], [])
    for run in range(runs):
        t = make(run)
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            engine.pair(t, rnd)
        except tolerate:
            timing.gave_up += 1
        timing.times.append(time.perf_counter() - start)
        timing.cpu.append(time.process_time() - start_cpu)
    return timing


def print_peak_memory() -> None:
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak_mb:.0f} MB")


def run_standard(system: str, doc: str | None) -> None:
    """The benchmark of ``system`` on quick histories: median wall and CPU time per round."""
    args = parser(doc).parse_args()
    engine = get_engine(system)
    print(f"{'players':>8} {'round':>6} {'median s':>9} {'cpu s':>7} {'runs':>5}")
    for n in args.players:
        for rnd in args.rounds:
            timing = time_runs(
                engine,
                lambda run, n=n, rnd=rnd: history(
                    n, rnd - 1, args.total_rounds, seed=seed(n, rnd, run)
                ),
                rnd,
                args.runs,
            )
            print(
                f"{n:>8} {rnd:>6} {statistics.median(timing.times):>9.2f} "
                f"{statistics.median(timing.cpu):>7.2f} {args.runs:>5}",
                flush=True,
            )
    print_peak_memory()
