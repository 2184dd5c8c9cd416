"""Kill -9 while the arbiter works: every acknowledged action survives, none is half-applied.

A child process pairs rounds, enters and corrects results and undoes actions in a loop; it
is killed with SIGKILL at a random moment, the file is reopened and checked, and the next
child carries on with the same file. ``SWISSDESK_KILLS`` sets the number of kills (20 by
default; set it higher for a longer soak).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from storage_support import settings

from swissdesk.storage import AddPlayer, AddSection, AuditEntry, PlayerData, TournamentFile

WORKER = Path(__file__).with_name("crash_worker.py")
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def fork_and_kill(path: Path, seed: int, acks: int, delay: float) -> list[list[str]]:
    """Fork a worker (fast: SQLAlchemy is already imported); SIGKILL it ``delay`` seconds
    after its ``acks``-th acknowledged action."""
    import crash_worker

    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        try:
            os.close(read_fd)
            with os.fdopen(write_fd, "w") as out:
                crash_worker.work(path, seed, out)
        finally:
            os._exit(0)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        first = pipe.readline()
        if first.strip() != "OPEN":
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"worker did not start: {first!r}")
        seen = [pipe.readline() for _ in range(acks)]
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
        _pid, status = os.waitpid(pid, 0)
        rest = "".join(seen) + pipe.read()
    assert os.WIFSIGNALED(status) or os.WEXITSTATUS(status) == 0
    return [line.split() for line in rest.splitlines() if line.startswith("ACK")]


def run_and_kill(path: Path, seed: int, acks: int, delay: float) -> list[list[str]]:
    """Start a worker process; SIGKILL it ``delay`` seconds after its ``acks``-th
    acknowledged action (so every run is killed in the middle of real work)."""
    if hasattr(os, "fork") and sys.platform.startswith("linux"):
        return fork_and_kill(path, seed, acks, delay)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    proc = subprocess.Popen(
        [sys.executable, str(WORKER), str(path), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    if first.strip() != "OPEN":
        proc.kill()
        _out, err = proc.communicate()
        pytest.fail(f"worker did not start: {first!r} {err[-2000:]}")
    seen = [proc.stdout.readline() for _ in range(acks)]
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    out, _err = proc.communicate()
    out = "".join(seen) + out
    assert proc.returncode in (-signal.SIGKILL, 0)
    return [line.split() for line in out.splitlines() if line.startswith("ACK")]


def check_consistent(path: Path, acked: dict[int, list[str]]) -> None:
    """The file is intact, holds every acknowledged action, and matches its audit log (in
    each section of an event)."""
    with TournamentFile.open(path) as event:
        assert event.integrity_ok()
        log = {e.id: e for e in event.audit_log()}
        for audit_id, (action, r, b, result) in acked.items():
            entry = log.get(audit_id)
            assert entry is not None, f"acknowledged action {audit_id} {action} lost"
            assert entry.action == action
            if action in ("EnterResult", "CorrectResult"):
                assert (entry.payload["round"], entry.payload["board"]) == (int(r), int(b))
                assert entry.payload["after"] == result
        for section in event.sections():
            mine = {i: e for i, e in log.items() if e.section_id == section.id}
            check_section(event.section(section.id), mine)


def check_section(tf: TournamentFile, log: dict[int, AuditEntry]) -> None:
    """One section's rounds and results are exactly what its audit log says."""
    # Rounds: exactly the pairings logged and not undone; every player in each.
    live = [e for e in log.values() if not e.undone and e.action != "Undo"]
    paired = sorted(e.payload["round"] for e in live if e.action == "PairNextRound")
    assert paired == list(range(1, tf.rounds_paired() + 1))
    players = len(tf.players())
    expected: dict[tuple[int, int], str] = {}
    for e in sorted(live, key=lambda e: e.id):
        if e.action in ("EnterResult", "CorrectResult"):
            expected[(e.payload["round"], e.payload["board"])] = e.payload["after"]
        elif e.action == "PairNextRound":
            for key in [k for k in expected if k[0] == e.payload["round"]]:
                del expected[key]
    snapshot = tf.snapshot(include_pending=True)
    for r in paired:
        view = tf.round_view(r)
        on_boards = 2 * len(view.boards) + (1 if view.pab else 0) + len(view.unpaired)
        assert on_boards == players
        for board in view.boards:
            assert board.result_text == expected.get((r, board.board), "")
        assert all(len(p.rounds) >= r for p in snapshot.players)


def test_killed_process_loses_nothing_acknowledged(tmp_path: Path) -> None:
    kills = int(os.environ.get("SWISSDESK_KILLS", "20"))
    path = tmp_path / "killed.swissdesk"
    players = [PlayerData(f"Player {i:02d}", 2400 - 10 * i) for i in range(15)]
    TournamentFile.create(path, settings(total_rounds=500), players=players).close()
    rng = random.Random(2026)
    acked: dict[int, list[str]] = {}
    for i in range(kills):
        acks, delay = rng.randint(0, 4), rng.uniform(0.0, 0.05)
        for _ack, audit_id, *rest in run_and_kill(path, i, acks, delay):
            acked[int(audit_id)] = rest
        check_consistent(path, acked)
    assert len(acked) >= kills  # the workers really did something between the kills


def test_killed_process_loses_nothing_in_an_event_of_three_sections(tmp_path: Path) -> None:
    """The same bar for an event: the worker acts in one of three sections at random."""
    kills = max(int(os.environ.get("SWISSDESK_KILLS", "20")) // 2, 1)
    path = tmp_path / "event.swissdesk"
    players = [PlayerData(f"Player {i:02d}", 2400 - 10 * i) for i in range(11)]
    with TournamentFile.create(path, settings(name="A", total_rounds=500), players=players) as tf:
        for name in ("B", "C"):
            tf.execute(AddSection(settings(name=name, total_rounds=500)))
            section = tf.section(name)
            for p in players[: 9 if name == "B" else 11]:
                section.execute(AddPlayer(p))
    rng = random.Random(33)
    acked: dict[int, list[str]] = {}
    for i in range(kills):
        acks, delay = rng.randint(0, 4), rng.uniform(0.0, 0.05)
        for _ack, audit_id, *rest in run_and_kill(path, 1000 + i, acks, delay):
            acked[int(audit_id)] = rest
        check_consistent(path, acked)
    assert len(acked) >= kills
    with TournamentFile.open(path) as tf:
        assert {e.section for e in tf.audit_log() if e.action == "PairNextRound"} == {"A", "B", "C"}
