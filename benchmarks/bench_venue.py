"""The venue under a weekend open's load, on loopback only (issue 34).

Usage: ``python benchmarks/bench_venue.py [--clients 1000] [--rate 200] [--seconds 10]``

Serves a copy of the shipped sample tournament (40 players, round 6 of 9) with
``swissdesk serve`` on 127.0.0.1 (a child process, as the window starts it), then from this
process, on one asyncio loop:

* opens ``--clients`` live pages (Server-Sent Events streams of the round's page, each a
  connection of its own, as that many phones with the pairings open);
* requests ``--rate`` pages a second for ``--seconds`` seconds (pairings, a player's page,
  standings, cross table in turn; each request on a new connection, the worst case for the
  server), open-loop: a slow answer does not slow the requests that follow;
* halfway through, saves a result in the tournament file through the storage commands, as
  the window does, and times until every live page got its update.

Reported: page latency p50 / p99 / max (from sending the request to the last byte), the
requests answered and failed, the time from the save to the first and the last live page's
update, the server's resident memory (peak) and the CPU time it used during the load (a
figure of its own cost, whatever else the machine runs; from /proc: Linux). Bounded: at most 5,000
clients, 500 requests a second and 60 seconds; nothing leaves the loopback.
"""

from __future__ import annotations

import argparse
import asyncio
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
                    self.updated_at = time.perf_counter()
                    return
        except (OSError, asyncio.IncompleteReadError) as exc:
            self.error = repr(exc)
        finally:
            self.connected.set()
            if self.writer is not None:
                self.writer.close()


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) ``pid`` has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_peak_mb(pid: int) -> tuple[float, float]:
    """(current, peak) resident memory of ``pid`` in MB (Linux /proc)."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", 0.0), values.get("VmHWM", 0.0)


async def load(args: argparse.Namespace, port: int, path: Path, slug: str, pid: int) -> None:
    from swissdesk.storage import BoardResult, EnterResult, TournamentFile

    with TournamentFile.open(path) as tf:
        n = tf.rounds_paired()
        open_boards = [b.board for b in tf.round_view(n).boards if not b.has_result]
        players = [p.tpn for p in tf.players()]
    round_page = f"/s/{slug}/"
    status, body = await fetch(port, round_page)
    assert status == 200, status
    version = body.split(b'data-version="', 1)[1].split(b'"', 1)[0].decode()

    started = time.perf_counter()
    clients = [LiveClient(port, round_page, version) for _ in range(args.clients)]
    tasks = []
    for i, client in enumerate(clients):
        tasks.append(asyncio.create_task(client.run()))
        if i % 100 == 99:
            await asyncio.sleep(0.05)  # phones arrive over a moment, not in one instant
    await asyncio.wait_for(asyncio.gather(*(c.connected.wait() for c in clients)), 120)
    connect_time = time.perf_counter() - started
    failed_to_connect = sum(1 for c in clients if c.error)
    print(f"live clients: {args.clients - failed_to_connect} of {args.clients} connected "
          f"in {connect_time:.1f} s")  # fmt: skip

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
    saved_at: float | None = None
    cpu_before = cpu_seconds(pid)
    requests = []
    t_start = time.perf_counter()
    for i in range(total):
        due = t_start + i / args.rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        requests.append(asyncio.create_task(one(pages[i % len(pages)])))
        if i == total // 2 and open_boards:
            # Another process's connection saves a result, as the window does (in a thread
            # here, so the requests keep coming while SQLite commits).
            def save() -> None:
                with TournamentFile.open(path) as writer:
                    writer.execute(EnterResult(n, open_boards[0], BoardResult.DRAW))

            await asyncio.to_thread(save)
            saved_at = time.perf_counter()
    sent_for = time.perf_counter() - t_start
    await asyncio.gather(*requests)
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline and any(
        c.updated_at is None and not c.error for c in clients
    ):
        await asyncio.sleep(0.05)
    now_mb, peak_mb = rss_peak_mb(pid)
    cpu = cpu_seconds(pid) - cpu_before

    latencies.sort()
    ms = [x * 1000 for x in latencies]
    p = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
    print(f"pages: {len(ms)} answered, {failures} failed, {total} sent in {sent_for:.1f} s "
          f"({total / sent_for:.0f}/s)")  # fmt: skip
    print(f"page latency: p50 {p[49]:.0f} ms, p99 {p[98]:.0f} ms, max {ms[-1]:.0f} ms")
    updated = [c.updated_at for c in clients if c.updated_at is not None]
    if saved_at is not None and updated:
        print(f"saved result -> live pages updated: {len(updated)} of {len(clients)}; first "
              f"{(min(updated) - saved_at) * 1000:.0f} ms, last "
              f"{(max(updated) - saved_at) * 1000:.0f} ms after the save")  # fmt: skip
    errors = [c.error for c in clients if c.error]
    if errors:
        print(f"live clients lost: {len(errors)} (first: {errors[0]})")
    print(f"server memory: {now_mb:.0f} MB now, {peak_mb:.0f} MB peak (resident)")
    print(f"server CPU during the load: {cpu:.1f} s for {total} pages and one update to "
          f"{len(clients)} live pages ({cpu / max(total, 1) * 1000:.1f} ms a page, the "
          "machine's load aside)")  # fmt: skip
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--rate", type=int, default=200, help="page requests a second")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    if not (1 <= args.clients <= 5000 and 1 <= args.rate <= 500 and 1 <= args.seconds <= 60):
        parser.error("bounded: --clients 1..5000, --rate 1..500, --seconds 1..60")

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, args.clients + args.rate * 10 + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))

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
    server = subprocess.Popen(
        [sys.executable, "-m", "swissdesk", "serve", str(path), "--host", HOST,
         "--port", str(port), "--per-address", str(args.clients + args.rate * 10 + 64),
         "--no-qr"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        for line in server.stdout:
            if line.startswith("swissdesk-venue-ready"):
                break
        print(f"serving {path.name} on {HOST}:{port}; {args.clients} live clients, "
              f"{args.rate} pages/s for {args.seconds:g} s")  # fmt: skip
        asyncio.run(load(args, port, path, slug, server.pid))
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
