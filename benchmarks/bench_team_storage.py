"""Team storage speed (issue 16): record one board result in a 200-team file (target
<= 50 ms), and read the round's matches with their live scores (what the matches page
shows after each result).

    python benchmarks/bench_team_storage.py [--teams 200] [--boards 4] [--rounds 5]
                                            [--results 60]

Builds the file in a temporary folder through the storage commands (teams with rosters of
``boards + 2``, pairing numbers by strength), plays rounds 1..R-1 with the team engine and
board results, pairs round R and times ``EnterBoardResult`` on its boards, each a real
transaction on disk (``synchronous=FULL``) with its audit row and the match settled.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from swissdesk.model.tournament import TEAM_SCORING, TeamSettings
from swissdesk.storage import (
    AddTeam,
    AssignTeamPairingNumbers,
    BoardResult,
    EnterBoardResult,
    MemberData,
    SetTeamSettings,
    TeamData,
    TournamentFile,
    TournamentSettings,
)

RESULTS = (BoardResult.WHITE_WINS, BoardResult.DRAW, BoardResult.BLACK_WINS)


def build(path: Path, teams: int, boards: int, rounds: int, seed: int) -> TournamentFile:
    rng = random.Random(seed)
    settings = TournamentSettings(
        name="Bench", total_rounds=rounds + 2, system="team", scoring=TEAM_SCORING, is_team=True
    )
    tf = TournamentFile.create(path, settings)
    tf.execute(SetTeamSettings(TeamSettings(boards=boards)))
    for t in range(teams):
        base = rng.randint(1600, 2600)
        members = tuple(
            MemberData(f"Team {t} player {j}", base - 10 * j) for j in range(1, boards + 3)
        )
        tf.execute(AddTeam(TeamData(f"Team {t:03d}", members=members)))
    tf.execute(AssignTeamPairingNumbers())
    for r in range(1, rounds):
        tf.pair_next_round()
        for m in tf.team_round_view(r).matches:
            for b in range(1, boards + 1):
                tf.execute(EnterBoardResult(r, m.number, b, rng.choice(RESULTS)))
    tf.pair_next_round()
    return tf


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--teams", type=int, default=200)
    ap.add_argument("--boards", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=5, help="the round being entered")
    ap.add_argument("--results", type=int, default=60, help="board results to time")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        tf = build(Path(tmp) / "bench.swissdesk", args.teams, args.boards, args.rounds, args.seed)
        print(
            f"built {args.teams} teams x {args.boards + 2} players, round {args.rounds} paired "
            f"in {time.perf_counter() - t0:.1f} s"
        )
        r = args.rounds
        matches = tf.team_round_view(r).matches
        rng = random.Random(args.seed)
        times: list[float] = []
        cpu: list[float] = []
        for i in range(min(args.results, len(matches) * args.boards)):
            m = matches[i // args.boards]
            board = i % args.boards + 1
            w0, c0 = time.perf_counter(), time.process_time()
            tf.execute(EnterBoardResult(r, m.number, board, rng.choice(RESULTS)))
            times.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
        views: list[float] = []
        for _ in range(10):
            w0 = time.perf_counter()
            tf.team_round_view(r)
            views.append(time.perf_counter() - w0)
        tf.close()
    ms = sorted(t * 1000 for t in times)
    print(
        f"EnterBoardResult ({len(ms)} results): median {statistics.median(ms):.1f} ms, "
        f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms "
        f"(CPU median {statistics.median(cpu) * 1000:.1f} ms)  target <= 50 ms"
    )
    print(f"team_round_view (all matches, live scores): median {statistics.median(views) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
