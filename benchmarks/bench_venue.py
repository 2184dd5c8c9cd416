"""The venue under a weekend open's load, on loopback only (issue 34).

Usage: ``python benchmarks/bench_venue.py [--clients 1000] [--rate 200] [--seconds 10]``

Serves a copy of the shipped sample tournament (40 players, round 6 of 9) with
``swissdesk serve`` on 127.0.0.1 (a child process, as the window starts it), then:

* a process of its own (the phones) opens ``--clients`` live pages (Server-Sent Events
  streams of the round's page, each a connection of its own, as that many phones with the
  pairings open) and notes when each gets an update;
* this process requests ``--rate`` pages a second for ``--seconds`` seconds (pairings, a
  player's page, standings, cross table in turn; each request on a new connection, the
  worst case for the server), open-loop: a slow answer does not slow the requests that
  follow;
* halfway through, a third process, started beforehand as the window is, saves a result
  in the tournament file through the storage commands, and the time until every live page
  got its update is taken.

Reported: page latency p50 / p99 / max (from sending the request to the last byte), the
requests answered and failed, the time from the save to the first and the last live page's
update, the server's resident memory (peak; with its child process that reads the file)
and the CPU time it used during the load (a figure of its own cost, whatever else the
machine runs; from /proc: Linux), and the machine's load average.

On a shared machine the latencies measure its run queue as much as the server. So the
server is built here as ``swissdesk serve`` builds it (:func:`build_server`, its own
process) with one addition: a task on its loop that notes the CPU time the server process
used between two of its turns (every 5 ms when nothing holds the loop): reported as "loop
held", the longest overall, before and after the save. On an idle machine the longest
stretch is what a page request can wait for the loop. On a loaded one it also holds the
requests that queued while the server waited for a core (they are answered in one turn),
so it is then an upper bound, not the server's own figure.
Bounded: at most 5,000 clients, 500 requests a second and 60 seconds; nothing leaves the
loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOST = "127.0.0.1"


async def fetch(port: int, path: str) -> tuple[int, bytes]:
    """One GET on a new connection: (status, body)."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        data = await reader.read()
    finally:
        writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return status, body


class LiveClient:
    """One phone with a live page open: connects, then notes when an update arrives."""

    def __init__(self, port: int, page: str, version: str) -> None:
        self.port, self.page, self.version = port, page, version
        self.connected = asyncio.Event()
        self.updated_at: float | None = None
        self.error = ""
        self.writer: asyncio.StreamWriter | None = None

    async def run(self) -> None:
        try:
            reader, self.writer = await asyncio.open_connection(HOST, self.port)
            query = f"/live?page={self.page}&v={self.version}"
            self.writer.write(f"GET {query} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
            await self.writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            if b" 200 " not in head.split(b"\r\n", 1)[0]:
                self.error = head.split(b"\r\n", 1)[0].decode()
                return
            self.connected.set()
            while True:
                line = await reader.readline()
                if not line:
                    self.error = "closed by the server"
                    return
                if line.startswith(b"event: update"):
                    self.updated_at = time.time()
                    return
        except (OSError, asyncio.IncompleteReadError) as exc:
            self.error = repr(exc)
        finally:
            self.connected.set()
            if self.writer is not None:
                self.writer.close()


SAVE = """
import sys, time
from swissdesk.storage import BoardResult, EnterResult, TournamentFile
with TournamentFile.open(sys.argv[1]) as tf:
    print("ready", flush=True)
    sys.stdin.readline()
    tf.execute(EnterResult(int(sys.argv[2]), int(sys.argv[3]), BoardResult.DRAW))
    print(time.time(), flush=True)
"""
"""The arbiter's program: started (and the file opened) before the load, as the window is;
saves a draw when told and says when it committed."""


async def start_saver(path: Path, round_number: int, board: int) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SAVE, str(path), str(round_number), str(board),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=ROOT,
    )  # fmt: skip
    assert proc.stdout is not None
    assert (await proc.stdout.readline()).strip() == b"ready"
    return proc


async def save_now(proc: asyncio.subprocess.Process) -> float:
    """Tell the saver to save; when it committed (``time.time()``)."""
    assert proc.stdin is not None
    proc.stdin.write(b"save\n")
    await proc.stdin.drain()
    out, _ = await proc.communicate()
    return float(out.decode().split()[-1])


async def phones(port: int, page: str, version: str, count: int, seconds: float) -> None:
    """The phones' process: ``count`` live pages; prints ``connected N`` once they are
    open, then, when every page was updated or ``seconds`` passed, one JSON line: the
    update times (``time.time()``) and the errors."""
    clients = [LiveClient(port, page, version) for _ in range(count)]
    tasks = []
    for i, client in enumerate(clients):
        tasks.append(asyncio.create_task(client.run()))
        if i % 100 == 99:
            await asyncio.sleep(0.05)  # phones arrive over a moment, not in one instant
    await asyncio.wait_for(asyncio.gather(*(c.connected.wait() for c in clients)), 120)
    print(f"connected {sum(1 for c in clients if not c.error)}", flush=True)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(
        c.updated_at is None and not c.error for c in clients
    ):
        await asyncio.sleep(0.05)
    print(json.dumps({"updated": [c.updated_at for c in clients if c.updated_at is not None],
                      "errors": [c.error for c in clients if c.error]}), flush=True)  # fmt: skip
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def serve_instrumented(path: str, port: int, per_address: int, stats: str) -> None:
    """The server's process: :func:`build_server` as ``swissdesk serve`` calls it, plus the
    loop monitor, which writes the stretches of over 2 ms (wall time, CPU seconds) to
    ``stats`` every second."""
    from swissdesk.venue.server import Limits, build_server

    async def monitor() -> None:
        held: list[tuple[float, float]] = []
        last = time.process_time()
        written = time.monotonic()
        while True:
            await asyncio.sleep(0.005)
            now = time.process_time()
            if now - last > 0.002:
                held.append((time.time(), now - last))
            last = now
            if time.monotonic() - written > 0.5:
                Path(stats).write_text(json.dumps(held))
                written = time.monotonic()

    tasks: list[asyncio.Task[None]] = []

    def ready(urls: list[str]) -> None:
        tasks.append(asyncio.get_running_loop().create_task(monitor()))
        print("swissdesk-venue-ready " + " ".join(urls), flush=True)

    build_server([path], host=HOST, port=port, limits=Limits(per_address=per_address),
                 ready=ready).run()  # fmt: skip


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) ``pid`` has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_peak_mb(pid: int) -> tuple[float, float]:
    """(current, peak) resident memory of ``pid`` and its child processes (the one that
    reads the file) in MB (Linux /proc)."""
    now = peak = 0.0
    for one in [pid, *children(pid)]:
        values = {}
        try:
            lines = Path(f"/proc/{one}/status").read_text().splitlines()
        except OSError:
            continue
        for line in lines:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
        now += values.get("VmRSS", 0.0)
        peak += values.get("VmHWM", 0.0)
    return now, peak


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                found.append(int(entry.name))
    return found


async def load(
    args: argparse.Namespace, port: int, path: Path, slug: str, pid: int, stats: Path
) -> None:
    from swissdesk.storage import TournamentFile

    with TournamentFile.open(path) as tf:
        n = tf.rounds_paired()
        open_boards = [b.board for b in tf.round_view(n).boards if not b.has_result]
        players = [p.tpn for p in tf.players()]
    round_page = f"/s/{slug}/"
    status, body = await fetch(port, round_page)
    assert status == 200, status
    version = body.split(b'data-version="', 1)[1].split(b'"', 1)[0].decode()
    saver = await start_saver(path, n, open_boards[0]) if open_boards else None

    started = time.perf_counter()
    crowd = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--phones", str(port), round_page, version,
        "--clients", str(args.clients), "--seconds", str(args.seconds + 40),
        stdout=asyncio.subprocess.PIPE, cwd=ROOT,
    )  # fmt: skip
    assert crowd.stdout is not None
    line = await asyncio.wait_for(crowd.stdout.readline(), 180)
    connected = int(line.split()[1])
    print(f"live clients: {connected} of {args.clients} connected in "
          f"{time.perf_counter() - started:.1f} s (a process of their own)")  # fmt: skip

    pages = [round_page, f"/s/{slug}/standings", f"/s/{slug}/crosstable"]
    pages += [f"/s/{slug}/player/{tpn}" for tpn in players]
    latencies: list[float] = []
    failures = 0

    async def one(path: str) -> None:
        nonlocal failures
        t0 = time.perf_counter()
        try:
            status, _ = await asyncio.wait_for(fetch(port, path), 30)
        except (OSError, TimeoutError):
            failures += 1
            return
        if status != 200:
            failures += 1
            return
        latencies.append(time.perf_counter() - t0)

    total = int(args.rate * args.seconds)
    saving: asyncio.Task[float] | None = None
    cpu_before = cpu_seconds(pid)
    requests = []
    t_start = time.perf_counter()
    for i in range(total):
        due = t_start + i / args.rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        requests.append(asyncio.create_task(one(pages[i % len(pages)])))
        if i == total // 2 and saver is not None:
            saving = asyncio.create_task(save_now(saver))
    sent_for = time.perf_counter() - t_start
    await asyncio.gather(*requests)
    saved_at = await saving if saving is not None else None
    report = json.loads((await asyncio.wait_for(crowd.stdout.readline(), 120)) or b"{}")
    await crowd.wait()
    now_mb, peak_mb = rss_peak_mb(pid)
    cpu = cpu_seconds(pid) - cpu_before
    await asyncio.sleep(2.0)  # the monitor writes its figures every half second
    held = [(t, c) for t, c in json.loads(stats.read_text() or "[]") if t >= time.time() - 300]

    latencies.sort()
    ms = [x * 1000 for x in latencies]
    p = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
    print(f"pages: {len(ms)} answered, {failures} failed, {total} sent in {sent_for:.1f} s "
          f"({total / sent_for:.0f}/s)")  # fmt: skip
    print(f"page latency: p50 {p[49]:.0f} ms, p99 {p[98]:.0f} ms, max {ms[-1]:.0f} ms")
    updated = report.get("updated", [])
    if saved_at is not None and updated:
        print(f"saved result -> live pages updated: {len(updated)} of {args.clients}; first "
              f"{(min(updated) - saved_at) * 1000:.0f} ms, last "
              f"{(max(updated) - saved_at) * 1000:.0f} ms after the save")  # fmt: skip
    errors = report.get("errors", [])
    if errors:
        print(f"live clients lost: {len(errors)} (first: {errors[0]})")
    if held:
        during = [c for t, c in held if saved_at is None or t < saved_at]
        after = [c for t, c in held if saved_at is not None and t >= saved_at]
        print(f"loop held (CPU between two turns of the server's loop): longest "
              f"{max(c for _t, c in held) * 1000:.0f} ms; before the save "
              f"{max(during, default=0) * 1000:.0f} ms, after it "
              f"{max(after, default=0) * 1000:.0f} ms (over 20 ms: "
              f"{sum(1 for _t, c in held if c > 0.02)} times)")  # fmt: skip
        if args.verbose and saved_at is not None:
            for t, c in sorted(held, key=lambda h: -h[1])[:8]:
                print(f"  held {c * 1000:.0f} ms at {t - saved_at:+.2f} s from the save")
    print(f"server memory: {now_mb:.0f} MB now, {peak_mb:.0f} MB peak (resident, with the "
          "process that reads the file)")  # fmt: skip
    print(f"server CPU during the load: {cpu:.1f} s for {total} pages and one update to "
          f"{len(updated)} live pages ({cpu / max(total, 1) * 1000:.1f} ms a page, the "
          "machine's load aside)")  # fmt: skip
    print("load average (1, 5, 15 min) at the end: "
          + ", ".join(f"{x:.1f}" for x in os.getloadavg()))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--rate", type=int, default=200, help="page requests a second")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--verbose", action="store_true", help="the longest stretches")
    parser.add_argument("--phones", nargs=3, metavar=("PORT", "PAGE", "VERSION"),
                        help=argparse.SUPPRESS)  # the phones' own process  # fmt: skip
    parser.add_argument("--serve", nargs=4, metavar=("FILE", "PORT", "PER_ADDRESS", "STATS"),
                        help=argparse.SUPPRESS)  # the server's own process  # fmt: skip
    args = parser.parse_args()
    longest = 100 if args.phones else 60  # the phones wait for the load and the update
    if not (1 <= args.clients <= 5000 and 1 <= args.rate <= 500 and 1 <= args.seconds <= longest):
        parser.error(f"bounded: --clients 1..5000, --rate 1..500, --seconds 1..{longest}")

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, args.clients + args.rate * 10 + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    if args.serve:
        file, port, per_address, stats = args.serve
        serve_instrumented(file, int(port), int(per_address), stats)
        return
    if args.phones:
        port, page, version = args.phones
        asyncio.run(phones(int(port), page, version, args.clients, args.seconds))
        return

    from swissdesk.gui.sample import sample_file
    from swissdesk.storage import TournamentFile
    from swissdesk.venue.server import bind
    from swissdesk.venue.source import section_slugs

    work = Path(tempfile.mkdtemp(prefix="bench-venue-"))
    source = sample_file()
    assert source is not None, "the sample tournament is not installed"
    path = Path(shutil.copy(source, work / "sample.swissdesk"))
    with TournamentFile.open(path) as tf:
        slug = section_slugs(tf)[0][0]
    probe = bind(HOST, 0)
    port = probe.getsockname()[1]
    probe.close()
    stats = work / "loop.json"
    stats.write_text("[]")
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(path), str(port),
         str(args.clients + args.rate * 10 + 64), str(stats)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        for line in server.stdout:
            if line.startswith("swissdesk-venue-ready"):
                break
        print(f"serving {path.name} on {HOST}:{port}; {args.clients} live clients, "
              f"{args.rate} pages/s for {args.seconds:g} s")  # fmt: skip
        asyncio.run(load(args, port, path, slug, server.pid, stats))
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
