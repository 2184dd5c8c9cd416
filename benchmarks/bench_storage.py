"""Storage speed: open a 2,000-player, 11-round tournament file and build its snapshot
(target <= 1 s), enter a result (target <= 50 ms), plus the GUI's queries.

    python benchmarks/bench_storage.py [--players 2000] [--rounds 11] [--results 50]
                                       [--sections N]

Builds the file in a temporary folder: rounds 1..R-1 complete, round R paired with every
result missing (the state while the arbiter enters results), then times the operations on
the real file (``synchronous=FULL``: every result is on disk when the call returns).
``--sections N``: the tournament is the last section of an event of N sections of the same
size (the others played with other pairings), to show what the other sections cost.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from swissdesk.engines import Pair, RoundPairing
from swissdesk.model import Colour, Player, ResultCode, RoundEntry, Tournament
from swissdesk.storage import BoardResult, EnterResult, PairNextRound, TournamentFile

RESULTS = [
    (ResultCode.WIN, ResultCode.LOSS),
    (ResultCode.DRAW, ResultCode.DRAW),
    (ResultCode.LOSS, ResultCode.WIN),
]


def synthetic(players: int, rounds: int, seed: int = 1) -> Tournament:
    """``rounds`` complete rounds of random pairings and results (a PAB when odd)."""
    rng = random.Random(seed)
    entries: dict[int, list[RoundEntry]] = {t: [] for t in range(1, players + 1)}
    for _r in range(rounds):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        if len(order) % 2:
            entries[order.pop()].append(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))
        for i in range(0, len(order), 2):
            w, b = order[i], order[i + 1]
            rw, rb = rng.choice(RESULTS)
            entries[w].append(RoundEntry(b, Colour.WHITE, rw))
            entries[b].append(RoundEntry(w, Colour.BLACK, rb))
    return Tournament(
        players=tuple(
            Player(tpn=t, name=f"Player {t:04d}", rating=2800 - t // 2, rounds=tuple(entries[t]))
            for t in range(1, players + 1)
        ),
        total_rounds=rounds + 2,
        system="dutch",
    )


Timing = tuple[float, float]
"""(wall-clock seconds, CPU seconds of this process)."""


def timed(fn: Callable[[], object], repeat: int) -> list[Timing]:
    out = []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        out.append((time.perf_counter() - wall, time.process_time() - cpu))
    return out


def show(label: str, timings: list[Timing], target: float | None = None) -> None:
    """Median and worst wall time (what the arbiter waits, fsync included) and CPU time
    (what the program itself costs, independent of other load on the machine)."""
    walls = [w for w, _c in timings]
    cpus = [c for _w, c in timings]
    verdict = ""
    if target is not None:
        verdict = "  OK" if statistics.median(walls) <= target else "  OVER"
        verdict += f" (target {target * 1000:.0f} ms)"
    print(
        f"{label:<40} wall median {statistics.median(walls) * 1000:7.1f} ms "
        f"max {max(walls) * 1000:7.1f} ms | CPU median {statistics.median(cpus) * 1000:7.1f} ms"
        f"{verdict}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--results", type=int, default=50, help="results to enter and time")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--sections", type=int, default=1, help="sections in the event (issue 33)")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.swissdesk"
        t0 = time.perf_counter()
        tournament = synthetic(args.players, args.rounds - 1)
        section = build_event(path, tournament, args.sections, args.players, args.rounds)
        build = time.perf_counter() - t0
        with TournamentFile.open(path, section=section) as tf:
            order = list(range(1, args.players + 1))
            random.Random(2).shuffle(order)
            bye = order.pop() if len(order) % 2 else None
            pairs = tuple(Pair(order[i], order[i + 1]) for i in range(0, len(order), 2))
            store_pairing = timed(
                lambda: tf.execute(
                    PairNextRound(RoundPairing(args.rounds, pairs, bye), engine="bench")
                ),
                1,
            )
        size = path.stat().st_size
        print(
            f"file: {args.sections} section(s) of {args.players} players, {args.rounds} rounds "
            f"(round {args.rounds} paired, results missing), {size / 1e6:.1f} MB; "
            f"built in {build:.1f} s"
        )
        show("store a pairing (PairNextRound)", store_pairing)

        def open_and_snapshot() -> None:
            with TournamentFile.open(path, section=section) as tf:
                tf.snapshot()

        show("open (quick_check) + snapshot", timed(open_and_snapshot, args.repeat), 1.0)
        with TournamentFile.open(path, section=section) as tf:
            show("snapshot (file already open)", timed(tf.snapshot, args.repeat))
            show("players()", timed(tf.players, args.repeat))
            show(f"round_view({args.rounds})", timed(lambda: tf.round_view(args.rounds), 3))
            rng = random.Random(3)
            boards = rng.sample(range(1, len(pairs) + 1), min(args.results, len(pairs)))
            choices = list(BoardResult)
            result_times: list[Timing] = []
            for board in boards:
                action = EnterResult(args.rounds, board, rng.choice(choices))
                result_times += timed(lambda a=action: tf.execute(a), 1)  # type: ignore[misc]
            show(f"enter a result ({len(boards)} results)", result_times, 0.050)
            show("can_pair_next_round()", timed(tf.can_pair_next_round, args.repeat))
            if args.sections > 1:
                show("event_players() (all sections)", timed(tf.event_players, args.repeat))
    return 0


def build_event(
    path: Path, tournament: Tournament, sections: int, players: int, rounds: int
) -> str:
    """Write the file: ``tournament`` alone, or as the last of ``sections`` sections (the
    others other synthetic tournaments of the same size). Returns its section's name."""
    from dataclasses import replace

    from swissdesk.storage import newfile

    if sections <= 1:
        TournamentFile.from_tournament(path, tournament).close()
        return "1"
    parts = [synthetic(players, rounds - 1, seed=10 + i) for i in range(sections - 1)]
    parts.append(tournament)
    recipes = [
        newfile.imported_tournament(replace(t, info=replace(t.info, name=f"Section {i}")))
        for i, t in enumerate(parts, start=1)
    ]
    newfile.build_file(path, recipes)
    return f"Section {sections}"


if __name__ == "__main__":
    raise SystemExit(main())
