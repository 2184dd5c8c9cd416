"""Generate many random tournaments with ``swissdesk generate`` and check every round.

Usage: ``PYTHONPATH=. python benchmarks/stress_dutch_generated.py [--count 500]
[--profiles clean default heavy late] [--players 9 150] [--rounds 5 11] [--seed 1]
[--jobs 1] [--keep DIR]``

Not a test (it runs for hours at a large ``--count``): a soak test of the Dutch engine in
the spirit of FIDE's endorsement procedure (C.04.A: random tournaments from a generator,
every round checked). ``--count`` tournaments per profile, each with a random number of
players and rounds in the ranges given, are made by the command line's ``generate`` (the
Dutch engine pairs every round as the tournament is played out), then every round is

1. checked by the independent verifier (``swissdesk.engines.verify``: completeness, [C1]
   to [C3], the PAB rules, colour limits), on the pairing the file records;
2. re-paired from the file cut before that round and compared with the file (what
   ``swissdesk check`` does): a difference means the engine's answer depends on more
   than the TRF holds (order, state, a lossy round trip).

A round the engine finds no valid pairing for ends the generation of that tournament;
small fields with many rounds legitimately reach one. Such a round is searched by brute
force (the verifier's rules: no rematch, [C3], a PAB only for an eligible player): if a
pairing exists after all, the tournament counts as a "false unpairable". Any other
exception is a crash. Tournaments with a problem are written to ``--keep`` (with the ``generate``
command that reproduces them in a ``###`` line). The profiles are the generator's rates:

* ``clean``: no forfeits, no requested byes, no withdrawals, late entries, unusual results
  or acceleration (a PAB still in odd rounds);
* ``default``: every option left unset, so the generator draws each from the seed;
* ``heavy``: many forfeits, requested half- and zero-point byes and withdrawals;
* ``late``: late entries (absent until round 2 to mid-event), the rest drawn.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

from swissdesk.cli import build_parser
from swissdesk.cli import main as swissdesk_main
from swissdesk.cli.verification_commands import options_from
from swissdesk.engines import get_engine
from swissdesk.engines.base import Pair, PairingError, RoundPairing
from swissdesk.engines.verify import absolute_criteria_problems
from swissdesk.errors import NoPairingError
from swissdesk.model.state import PreferenceStrength, build_states
from swissdesk.model.tournament import Tournament, truncated
from swissdesk.trf import read_trf
from swissdesk.verification.generator import generate_tournament, settings_for
from swissdesk.verification.pairings import compare_round, file_pairing

_NOTHING_ELSE = [
    "--late-entry-rate", "0", "--half-zero", "0", "--zero-half", "0", "--zero-zero", "0",
    "--no-baku", "--tiebreaks", "none",
]  # fmt: skip

PROFILES: dict[str, list[str]] = {
    "clean": ["--forfeit-rate", "0", "--bye-rate", "0", "--withdraw-rate", "0", *_NOTHING_ELSE],
    "default": [],
    "heavy": ["--forfeit-rate", "0.1", "--bye-rate", "0.1", "--withdraw-rate", "0.03"],
    "late": ["--late-entry-rate", "0.15"],
}
"""``default`` leaves every option unset: the generator draws them from the seed."""


COLUMNS = (
    "tournaments",
    "rounds",
    "verifier",
    "differ",
    "unpairable",
    "false unp.",
    "unp. ?",
    "crash",
)
"""Per profile: tournaments, rounds checked, tournaments with a verifier problem, with a
re-pairing difference, that the engine found unpairable (of those: a pairing exists after
all, brute force gave up), that crashed."""


@dataclass
class Outcome:
    """What one generated tournament gave."""

    profile: str
    command: list[str]
    rounds: int = 0
    verifier: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)
    unpairable: str = ""
    pairing_exists: bool | None = None
    """For an unpairable round: whether brute force finds a pairing (None: gave up)."""
    crash: str = ""
    trf: str = ""


def _file_round(t: Tournament, r: int) -> RoundPairing:
    recorded = file_pairing(t, r)
    pairs = []
    for pair in recorded.pairs:
        a, b = sorted(pair)
        white = recorded.white.get(pair) or a
        pairs.append(Pair(white, b if white == a else a))
    return RoundPairing(round_number=r, pairs=tuple(pairs), bye=recorded.bye)


def pairing_exists(t: Tournament, r: int, node_limit: int = 200_000) -> bool | None:
    """Brute force: does any pairing of round ``r`` pass the absolute criteria?"""
    states = build_states(t, r)
    players = sorted(tpn for tpn, st in states.items() if st.available)
    played = r - 1
    top = played * max(t.scoring.win, t.scoring.draw)
    last = t.total_rounds > 0 and played >= t.total_rounds - 1

    def meets(a: int, b: int) -> bool:
        x, y = states[a], states[b]
        if b in x.opponents or frozenset((a, b)) in t.forbidden_pairs:
            return False
        topscorer = last and (2 * x.pairing_score > top or 2 * y.pairing_score > top)
        both_absolute = x.strength is PreferenceStrength.ABSOLUTE is y.strength
        return topscorer or not (both_absolute and x.preference is y.preference)

    partners = {a: {b for b in players if b != a and meets(a, b)} for a in players}
    nodes = 0

    def search(free: set[int], bye_left: bool) -> bool | None:
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            return None
        if not free:
            return True
        a = min(free, key=lambda v: len(partners[v] & free))
        options: list[int | None] = [*sorted(partners[a] & free)]
        if bye_left and not states[a].had_bye_or_unplayed_win:
            options.append(None)
        gave_up = False
        for b in options:
            rest = free - {a} if b is None else free - {a, b}
            got = search(rest, bye_left and b is not None)
            if got:
                return True
            gave_up = gave_up or got is None
        return None if gave_up else False

    return search(set(players), len(players) % 2 == 1)


class _Recorder:
    """The Dutch engine, remembering the last tournament it was asked to pair."""

    name = "dutch"

    def __init__(self) -> None:
        self.inner = get_engine("dutch")
        self.last: tuple[Tournament, int] | None = None

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        self.last = (tournament, round_number or tournament.rounds_with_pairings + 1)
        return self.inner.pair(tournament, round_number, explain=explain)


def _exists_where_unpairable(profile: str, players: int, rounds: int, seed: int) -> bool | None:
    """Replay the generation (same settings, same seed) up to the round that failed, and
    brute-force that round."""
    argv = ["generate", "--system", "dutch", "--players", str(players), "--rounds", str(rounds)]
    args = build_parser().parse_args([*argv, "--seed", str(seed), *PROFILES[profile]])
    settings = settings_for(options_from(args, seed))  # what the command line generated
    recorder = _Recorder()
    try:
        generate_tournament(settings, recorder)
    except NoPairingError:
        assert recorder.last is not None
        return pairing_exists(*recorder.last)
    return None


def run_one(task: tuple[str, int, int, int]) -> Outcome:
    """Generate one tournament and check each of its rounds."""
    profile, players, rounds, seed = task
    argv = ["generate", "--system", "dutch", "--players", str(players), "--rounds", str(rounds)]
    argv += ["--seed", str(seed), *PROFILES[profile]]
    out = Outcome(profile, argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.trf"
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err):
                code = swissdesk_main([*argv, "-o", str(path)])
        except Exception as exc:
            out.crash = f"generate: {type(exc).__name__}: {exc}"
            return out
        if code != 0:
            message = err.getvalue().strip().splitlines()
            text = message[-1] if message else f"exit code {code}"
            if code == 1 and "cannot be paired" in text:
                out.unpairable = text
                out.pairing_exists = _exists_where_unpairable(profile, players, rounds, seed)
            else:
                out.crash = f"generate: {text}"
            return out
        out.trf = path.read_text(encoding="utf-8")
        t = read_trf(path)
    engine = get_engine("dutch")
    for r in range(1, t.rounds_with_pairings + 1):
        before = truncated(t, r)
        out.rounds += 1
        out.verifier += [
            f"round {r}: {p}" for p in absolute_criteria_problems(before, _file_round(t, r))
        ]
        try:
            pairing = engine.pair(before, r)
        except PairingError as exc:
            out.differences.append(f"round {r}: no pairing on re-pairing: {exc}")
            continue
        except Exception as exc:
            out.crash = f"round {r}: {type(exc).__name__}: {exc}"
            return out
        out.differences += [f"round {r}: {d}" for d in compare_round(t, r, pairing)]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500, help="tournaments per profile")
    parser.add_argument("--profiles", nargs="+", default=list(PROFILES), choices=list(PROFILES))
    parser.add_argument("--players", type=int, nargs=2, default=[9, 150], metavar=("MIN", "MAX"))
    parser.add_argument("--rounds", type=int, nargs=2, default=[5, 11], metavar=("MIN", "MAX"))
    parser.add_argument("--seed", type=int, default=1, help="seed of the seeds")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--keep", type=Path, help="write tournaments with a problem here")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tasks = [
        (
            profile,
            # Small fields are the most irregular: draw the size log-uniformly.
            round(args.players[0] * (args.players[1] / args.players[0]) ** rng.random()),
            rng.randint(*args.rounds),
            rng.randrange(1, 2**31),
        )
        for _ in range(args.count)
        for profile in args.profiles
    ]
    totals = {p: dict.fromkeys(COLUMNS, 0) for p in args.profiles}
    start = time.perf_counter()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    with Pool(args.jobs) as pool:
        for done, out in enumerate(pool.imap_unordered(run_one, tasks, chunksize=4), start=1):
            row = totals[out.profile]
            row["tournaments"] += 1
            row["rounds"] += out.rounds
            row["verifier"] += bool(out.verifier)
            row["differ"] += bool(out.differences)
            row["unpairable"] += bool(out.unpairable)
            row["false unp."] += out.pairing_exists is True
            row["unp. ?"] += bool(out.unpairable) and out.pairing_exists is None
            row["crash"] += bool(out.crash)
            problems = out.verifier + out.differences + ([out.crash] if out.crash else [])
            if out.pairing_exists is not False and out.unpairable:
                problems.append(f"{out.unpairable} (brute force: {out.pairing_exists})")
            if problems:
                print(f"PROBLEM {' '.join(out.command)}", flush=True)
                for line in problems[:5]:
                    print(f"  {line}", flush=True)
                if args.keep and out.trf:
                    seed = out.command[out.command.index("--seed") + 1]
                    (args.keep / f"{out.profile}-{seed}.trf").write_text(out.trf, "utf-8")
            if done % 100 == 0:
                print(
                    f"{done}/{len(tasks)} tournaments, {time.perf_counter() - start:.0f} s",
                    flush=True,
                )
    print(f"{'profile':>8} " + " ".join(f"{c:>11}" for c in COLUMNS))
    for profile, row in totals.items():
        print(f"{profile:>8} " + " ".join(f"{row[c]:>11}" for c in COLUMNS))
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
