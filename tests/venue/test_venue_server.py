"""The real server (uvicorn) on loopback: it starts as its own process, says so clearly
when its port is taken, answers raw requests that try to climb out, and survives slow and
greedy clients (slowloris, huge headers, thousands of idle connections)."""

from __future__ import annotations

import contextlib
import http.client
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from swissdesk.venue.server import Limits, Running, build_server
from tests.venue.venue_support import ROOT, free_port, running_server


def get(url: str, path: str, source: str = "127.0.0.1") -> tuple[int, str]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30,
                                      source_address=(source, 0))  # fmt: skip
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


def raw(port: int, request: bytes, wait: float = 10.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
        s.sendall(request)
        chunks = []
        with contextlib.suppress(TimeoutError, ConnectionError):
            while chunk := s.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks)


@contextlib.contextmanager
def in_thread(path: Path, limits: Limits) -> Iterator[Running]:
    running = build_server([path], host="127.0.0.1", port=0, limits=limits)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    port = running.sock.getsockname()[1]
    deadline = time.monotonic() + 60
    while not running.server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running.server.started
    try:
        yield running
    finally:
        running.stop()
        thread.join(30)
        assert not thread.is_alive()
    del port


def test_serve_live_page_follows_a_result_from_the_command_line(
    events: dict[str, Path], tmp_path: Path
) -> None:
    path = Path(shutil.copy(events["open"], tmp_path / "open.swissdesk"))
    with running_server(path) as url:
        status, page = get(url, "/s/riverside-open/")
        assert status == 200 and "Where do I play?" in page
        version = page.split('data-version="')[1].split('"')[0]
        assert version.endswith("-1")
        parts = urlsplit(url)
        conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
        conn.request("GET", "/live?page=/s/riverside-open/&v=" + version)
        stream = conn.getresponse()
        assert stream.status == 200
        assert stream.getheader("content-type", "").startswith("text/event-stream")
        assert stream.readline() == b"retry: 2000\n"
        from swissdesk.storage import TournamentFile

        with TournamentFile.open(path) as tf:
            n = tf.rounds_paired()
            board = next(b for b in tf.round_view(n).boards if not b.has_result).board
        done = subprocess.run(
            [sys.executable, "-m", "swissdesk", "result", str(path), str(n), str(board), "1/2"],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        lines = []
        while not lines or not lines[-1].startswith(b"data: "):
            line = stream.readline()
            if line.strip() and not line.startswith(b":"):
                lines.append(line)
        assert lines[-2:] == [b"event: update\n", lines[-1]]
        assert lines[0].startswith(b"id: ") and lines[0].endswith(b"-2\n")
        conn.close()


def test_a_taken_port_is_a_clear_message(events: dict[str, Path]) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen(1)
        port = holder.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "swissdesk", "serve", str(events["rr"]), "--host",
             "127.0.0.1", "--port", str(port)],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert done.returncode == 2
    assert f"port {port} on 127.0.0.1 is taken by another program" in done.stderr
    assert "Traceback" not in done.stderr
    wrong = subprocess.run(
        [sys.executable, "-m", "swissdesk", "serve", str(events["rr"]), "--host", "192.0.2.77",
         "--port", str(free_port())],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert wrong.returncode == 2 and "not an address of this computer" in wrong.stderr


def test_raw_requests_that_climb_out_get_nothing(events: dict[str, Path]) -> None:
    with in_thread(events["rr"], Limits()) as running:
        port = running.sock.getsockname()[1]
        for target in (b"/static/../../pyproject.toml", b"/static/..%2f..%2fpyproject.toml",
                       b"/../../../../etc/passwd", b"/s/masters/../../../etc/passwd",
                       b"/static/%2e%2e/%2e%2e/pyproject.toml", b"/%2e%2e/%2e%2e/etc/passwd",
                       b"/static/C:\\Windows\\win.ini", b"/static//etc/passwd"):  # fmt: skip
            answer = raw(
                port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            )
            assert answer.startswith((b"HTTP/1.1 404", b"HTTP/1.1 400")), (target, answer[:80])
            assert b"root:" not in answer and b"[project]" not in answer
        absolute = raw(port, b"GET http://evil.example/etc/passwd HTTP/1.1\r\nHost: x\r\n"
                             b"Connection: close\r\n\r\n")  # fmt: skip
        assert absolute.startswith((b"HTTP/1.1 404", b"HTTP/1.1 400"))
        post = raw(port, b"POST /s/masters/ HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n"
                         b"Connection: close\r\n\r\nabc")  # fmt: skip
        assert post.startswith(b"HTTP/1.1 405")


def test_slowloris_and_huge_headers_cannot_hold_the_server(events: dict[str, Path]) -> None:
    limits = Limits(per_address=20, header_seconds=1.0, header_bytes=8 * 1024)
    with in_thread(events["rr"], limits) as running:
        port = running.sock.getsockname()[1]
        url = f"http://127.0.0.1:{port}"
        slow = socket.create_connection(("127.0.0.1", port), timeout=20)
        slow.sendall(b"GET /s/masters/ HTTP/1.1\r\nHost: x\r\n")  # and never the end
        started = time.monotonic()
        assert slow.recv(100) == b""  # closed by the server
        assert time.monotonic() - started < 15
        slow.close()
        huge = raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 64_000 + b"\r\n\r\n")
        assert huge.startswith(b"HTTP/1.1 431")
        assert get(url, "/s/masters/")[0] == 200


def test_idle_connections_from_one_address_are_limited(events: dict[str, Path]) -> None:
    limits = Limits(per_address=20, header_seconds=30.0)
    with in_thread(events["rr"], limits) as running:
        port = running.sock.getsockname()[1]
        idle = []
        for _ in range(60):
            s = socket.socket()
            s.bind(("127.0.0.9", 0))
            s.connect(("127.0.0.1", port))
            idle.append(s)
        for s in idle:
            s.setblocking(False)
        closed: set[socket.socket] = set()
        deadline = time.monotonic() + 30  # bounds a broken server; not a speed target
        while len(closed) < 40 and time.monotonic() < deadline:
            time.sleep(0.1)  # (a fixed second was too short on a loaded machine)
            for s in idle:
                with contextlib.suppress(BlockingIOError):
                    if s not in closed and s.recv(1) == b"":
                        closed.add(s)
        assert len(closed) == 40  # the 21st and later from that address were closed at once
        assert all(s not in closed for s in idle[:20])
        assert limits.open_by_address.get("127.0.0.9") == 20
        assert get(f"http://127.0.0.1:{port}", "/s/masters/standings", "127.0.0.1")[0] == 200
        for s in idle:
            s.close()


@pytest.mark.skipif(sys.platform != "linux", reason="spreads clients over 127.x addresses")
def test_ten_thousand_idle_connections_do_not_stop_the_server(events: dict[str, Path]) -> None:
    """10,000 connections that send nothing, from 250 loopback addresses (40 each): the
    server (its own process) keeps answering a phone."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard < 10_500:
        pytest.skip(f"the open-files limit ({hard}) is below 10,500")
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    idle: list[socket.socket] = []
    try:
        with running_server(events["rr"]) as url:
            port = urlsplit(url).port or 0
            for i in range(10_000):
                s = socket.socket()
                s.setblocking(False)
                s.bind((f"127.0.{10 + i // 40 // 250}.{1 + (i // 40) % 250}", 0))
                with contextlib.suppress(BlockingIOError):
                    s.connect(("127.0.0.1", port))
                idle.append(s)
            time.sleep(2)
            status, page = get(url, "/s/masters/", "127.0.0.1")
            assert status == 200 and "Masters" in page
    finally:
        for s in idle:
            s.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` exists and is not a zombie waiting for a parent to reap it."""
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("how", ["terminate", "kill"])
def test_the_process_that_reads_the_file_ends_with_the_server(
    events: dict[str, Path], tmp_path: Path, how: str
) -> None:
    """The server reads a changed file in a child process of its own. Stopped (the window's
    Stop: SIGTERM, which uvicorn raises again once it stopped serving) or killed (the window
    kills a server that does not stop), the server must not leave that child behind."""
    path = Path(shutil.copy(events["open"], tmp_path / "open.swissdesk"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "swissdesk", "serve", str(path), "--host", "127.0.0.1",
         "--port", "0", "--no-qr"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("swissdesk-venue-ready "):
                break
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while not workers and time.monotonic() < deadline:
            workers = [
                pid for pid in _children(proc.pid)
                if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
            ]  # fmt: skip
            time.sleep(0.1)
        assert workers, "the server started no process to read the file"
        getattr(proc, how)()
        proc.wait(30)
        deadline = time.monotonic() + 30
        while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_running(pid) for pid in workers)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
