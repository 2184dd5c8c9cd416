"""Check-in and results from the players' phones under a weekend open's load, on loopback
only (issue 35).

Usage: ``python benchmarks/bench_phones.py [--players 300] [--phones 32]``

Builds an open of ``--players`` players with their personal codes, serves it with
``swissdesk serve`` on 127.0.0.1 (a child process, as the window starts it), and from this
process, with ``--phones`` phones sending at once (threads, each phone its own cookie jar,
fetching each form before sending it, as a browser does):

1. every player checks in, while this process writes an action of its own on the same file
   every 50 ms (as the window's lane does; each one timed: how long the window would wait);
2. round 1 is paired and reporting opened; every board's White reports, then every board's
   Black confirms.

Reported: the time each phase took, forms sent, lost (a player not checked in, a board
without its confirmed report), duplicated (more audit rows than forms), refused, the
latency of a phone's form (p50 / p99 / max, from fetching the page to the answer), and the
window's actions: count, slowest, any refused as "file in use". Bounded: at most 1,000
players, 64 phones at once; nothing leaves the loopback.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from swissdesk.storage import (  # noqa: E402
    AssignPairingNumbers,
    IssueCodes,
    OpenCheckIn,
    OpenReporting,
    PlayerData,
    RenameEvent,
    StorageError,
    TournamentFile,
    TournamentSettings,
)
from tests.venue.phone_load import Phone, Sent  # noqa: E402
from tests.venue.venue_support import running_server  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_venue import children, cpu_seconds  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


class WindowLane(threading.Thread):
    """The window's side: an action every ``every`` seconds, each timed, until stopped."""

    def __init__(self, path: Path, every: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.path = path
        self.every = every
        self.stop = threading.Event()
        self.times: list[float] = []
        self.refused = 0

    def run(self) -> None:
        with TournamentFile.open(self.path) as tf:
            i = 0
            while not self.stop.is_set():
                start = time.perf_counter()
                try:
                    tf.execute(RenameEvent(f"Weekend Open {i}"))
                except StorageError:
                    self.refused += 1
                self.times.append(time.perf_counter() - start)
                i += 1
                self.stop.wait(self.every)


def server_cpu() -> tuple[float, float]:
    """CPU seconds used so far by the server (``swissdesk serve``, this process's child)
    and by the processes it started (the one that reads the file again after changes)."""
    server = child = 0.0
    for pid in children(os.getpid()):
        try:
            server += cpu_seconds(pid)
            child += sum(cpu_seconds(c) for c in children(pid))
        except OSError:
            continue
    return server, child


def cpu_line(before: tuple[float, float], forms: int) -> str:
    server, child = (b - a for a, b in zip(before, server_cpu(), strict=True))
    return (f"  server CPU: {server:.1f} s ({1000 * server / max(forms, 1):.0f} ms a form), "
            f"its reading process {child:.1f} s")  # fmt: skip


def summary(name: str, sent: list[Sent], seconds: float) -> None:
    """One phase's line, and the answers of the forms that did not do what they were sent
    for (an HTTP refusal, or a page answering 200 without doing it: "Result reporting is
    not open now" was once counted as sent, and the boards lost without a word)."""
    lat = [s.seconds * 1000 for s in sent]
    refused = Counter(f"{s.status} {s.answer[1] or s.answer[0] or 'no answer'}"[:110]
                      for s in sent if not s.done)  # fmt: skip
    print(f"{name}: {len(sent)} forms in {seconds:.1f} s, {sum(refused.values())} not done; "
          f"latency p50 {percentile(lat, 0.5):.0f} ms, p99 {percentile(lat, 0.99):.0f} ms, "
          f"max {max(lat, default=0):.0f} ms")  # fmt: skip
    for text, count in refused.most_common(5):
        print(f"    {count} x {text}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--phones", type=int, default=32, help="phones sending at once")
    args = parser.parse_args()
    players = max(2, min(args.players, 1000))
    phones = max(1, min(args.phones, 64))
    with tempfile.TemporaryDirectory(prefix="swissdesk-phones-") as folder:
        path = Path(folder) / "weekend.swissdesk"
        data = [PlayerData(f"Player {i:04d}", 2600 - i) for i in range(players)]
        with TournamentFile.create(path, TournamentSettings(name="Weekend Open", total_rounds=9),
                                   players=data) as tf:  # fmt: skip
            tf.execute(AssignPairingNumbers())
            tf.execute(IssueCodes())
            tf.execute(OpenCheckIn(1))
            codes = tf.player_codes()
            before = tf.last_change()
        with running_server(path) as url, ThreadPoolExecutor(phones) as pool:
            lane = WindowLane(path)
            lane.start()
            cpu = server_cpu()
            start = time.perf_counter()
            sent = list(pool.map(lambda c: Phone(url).form("/checkin", code=c), codes.values()))
            checkin_s = time.perf_counter() - start
            lane.stop.set()
            lane.join()
            summary("check-in", sent, checkin_s)
            print(cpu_line(cpu, len(sent)))
            with TournamentFile.open(path) as tf:
                present = sum(p.checked_in for p in tf.players())
                rows = [e for e in tf.audit_log() if e.id > before and e.action == "PhoneCheckIn"]
                tf.pair_next_round()
                tf.execute(OpenReporting(1))
                boards = tf.round_view(1).boards
            print(f"  checked in {present} of {players} (lost {players - present}); audit rows "
                  f"{len(rows)} (duplicated {len(rows) - present})")  # fmt: skip
            wait = [t * 1000 for t in lane.times]
            print(f"  the window's lane meanwhile: {len(wait)} actions, p50 "
                  f"{percentile(wait, 0.5):.0f} ms, slowest {max(wait, default=0):.0f} ms, "
                  f"refused as 'file in use': {lane.refused}")  # fmt: skip
            results = ("1-0", "1/2", "0-1")
            cpu = server_cpu()
            start = time.perf_counter()
            whites = list(pool.map(lambda b: Phone(url).report(codes[b.white_tpn],
                                   results[b.board % 3]), boards))  # fmt: skip
            blacks = list(pool.map(lambda b: Phone(url).report(codes[b.black_tpn],
                                   results[b.board % 3]), boards))  # fmt: skip
            report_s = time.perf_counter() - start
            summary("reports (White reports, Black confirms)", whites + blacks, report_s)
            print(cpu_line(cpu, len(whites) + len(blacks)))
            with TournamentFile.open(path) as tf:
                reports = tf.reports(1)
            confirmed = sum(r.state == "confirmed" for r in reports)
            print(f"  {len(boards)} boards: {confirmed} confirmed (lost {len(boards) - confirmed})"
                  f", {len(reports)} report rows (duplicated {len(reports) - len(boards)})")
            print(f"total: {checkin_s + report_s:.1f} s for {players} check-ins and "
                  f"{len(boards)} boards reported and confirmed")
            print(f"load average (1, 5, 15 min) at the end: "
                  f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
