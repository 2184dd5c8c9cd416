"""Issue 19, items 4 to 7: damaged files copied aside once, reads that never wait for a
writer, files in folders that cannot be written, and a full disk said in words."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_support import NAMES, settings

from swissdesk.cli import main
from swissdesk.storage import (
    CorruptFileError,
    EnterResult,
    LockedFileError,
    PlayerData,
    ReadOnlyFileError,
    TournamentFile,
    database,
)
from swissdesk.storage.results import BoardResult


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A closed tournament file with nine players and round 1 paired."""
    path = tmp_path / "saved.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(path, settings(), players=players) as tf:
        tf.pair_next_round()
    return path


# --- item 4: one copy per damaged content --------------------------------------------------


def _damage(path: Path, fill: bytes) -> None:
    data = bytearray(path.read_bytes())
    page = 4096
    data[page * 2 : page * 3] = fill * page
    path.write_bytes(bytes(data))


def test_a_damaged_file_is_copied_aside_once_however_often_it_is_opened(saved: Path) -> None:
    _damage(saved, b"\xff")
    copies = []
    for _ in range(7):
        with pytest.raises(CorruptFileError) as info:
            TournamentFile.open(saved)
        copies.append(info.value.copy_path)
    kept = sorted(saved.parent.glob("*.corrupt-*.swissdesk"))
    assert len(kept) == 1, f"{len(kept)} copies of the same damaged file"
    assert set(copies) == {kept[0]}
    assert kept[0].read_bytes() == saved.read_bytes()
    assert "already kept" in str(info.value)
    _damage(saved, b"\xfe")  # other damage: another copy
    with pytest.raises(CorruptFileError) as info:
        TournamentFile.open(saved)
    assert len(sorted(saved.parent.glob("*.corrupt-*.swissdesk"))) == 2
    assert info.value.copy_path is not None
    assert info.value.copy_path.read_bytes() == saved.read_bytes()


# --- item 5: locks --------------------------------------------------------------------------

HOLD = """
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN IMMEDIATE")
con.execute("UPDATE meta SET value = value WHERE key = 'schema_version'")
print("held", flush=True)
sys.stdin.read()
con.execute("ROLLBACK")
"""


@pytest.fixture
def other_program(saved: Path) -> Iterator[subprocess.Popen[str]]:
    """Another program holding the write lock on the file until the test ends."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(saved)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline() == "held\n"
    yield proc
    proc.communicate("", timeout=10)


LONG_WAIT_MS = 30_000
"""A busy timeout no read should come near. A read that waited for the writer's lock (the
bug: closing waited to checkpoint) would take all of it, so bounds of a third of it catch
the wait and still hold on a loaded machine (issue 40: no bound near the real figure)."""


@pytest.fixture
def long_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``TournamentFile.open`` here, the CLI's too, waits up to ``LONG_WAIT_MS``."""
    real = TournamentFile.open.__func__  # type: ignore[attr-defined]

    def open_waiting_long(cls: type[TournamentFile], path: Path, **kwargs: int) -> TournamentFile:
        return real(cls, path, busy_timeout_ms=kwargs.get("busy_timeout_ms", LONG_WAIT_MS))  # type: ignore[no-any-return]

    monkeypatch.setattr(TournamentFile, "open", classmethod(open_waiting_long))


def test_reads_do_not_wait_for_another_programs_write_lock(
    saved: Path, other_program: subprocess.Popen[str], long_busy_timeout: None
) -> None:
    """``standings`` and ``audit`` took 5.5 s: closing waited for the lock to checkpoint."""
    start = time.perf_counter()
    with TournamentFile.open(saved) as tf:
        assert len(tf.audit_log()) == 2
        assert len(tf.snapshot().players) == 9
    assert time.perf_counter() - start < LONG_WAIT_MS / 3000


def test_reading_commands_are_quick_while_another_program_writes(
    saved: Path,
    other_program: subprocess.Popen[str],
    long_busy_timeout: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    commands = (
        ["audit", str(saved)],
        ["standings", str(saved)],
        ["export", str(saved), "-o", str(saved.parent / "out.trf")],
    )
    for argv in commands:
        start = time.perf_counter()
        assert main(argv) == 0
        assert time.perf_counter() - start < LONG_WAIT_MS / 3000, argv


def test_a_blocked_write_says_so_within_two_seconds_and_names_the_program(
    saved: Path, other_program: subprocess.Popen[str]
) -> None:
    """The default busy timeout is what the arbiter waits before being told (1.5 s; it
    was 5 s); the wall-clock bound here is loose so that a loaded machine passes."""
    assert database.DEFAULT_BUSY_TIMEOUT_MS <= 2000
    start = time.perf_counter()
    with TournamentFile.open(saved) as tf, pytest.raises(LockedFileError) as info:
        tf.execute(EnterResult(1, 1, BoardResult.DRAW))
    assert time.perf_counter() - start < 10 * database.DEFAULT_BUSY_TIMEOUT_MS / 1000
    assert "in use by another program" in str(info.value)
    if Path("/proc/locks").exists():
        assert f"held by process {other_program.pid}" in str(info.value)


# --- item 6: a writable file in a folder that cannot be written --------------------------


def _unwritable_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """As a shared folder would behave (root may write everywhere, so by injection):
    nothing can be created beside the file."""
    real = database.open_side_file

    def refuse(side: Path, flags: int) -> int:
        if flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "Permission denied", str(side))
        return real(side, flags)

    monkeypatch.setattr(database, "open_side_file", refuse)


def test_a_file_in_an_unwritable_folder_can_be_read_and_says_why_it_cannot_be_saved(
    saved: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _unwritable_folder(monkeypatch)
    before = saved.read_bytes()
    for argv in (["audit", str(saved)], ["standings", str(saved)]):
        assert main(argv) == 0, capsys.readouterr().err
    out = saved.parent / "out.trf"
    assert main(["export", str(saved), "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["withdraw", str(saved), "3"]) == 2
    err = capsys.readouterr().err
    assert "cannot create the file saved.swissdesk-wal" in err
    assert str(saved.parent) in err
    assert saved.read_bytes() == before
    assert sorted(p.name for p in saved.parent.glob("saved*")) == ["saved.swissdesk"]


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0,
    reason="root writes into any folder: the injected variant above covers this path",
)
def test_a_real_unwritable_folder(saved: Path) -> None:  # pragma: no cover - not as root
    saved.parent.chmod(0o555)
    try:
        with TournamentFile.open(saved) as tf:
            assert tf.read_only and len(tf.players()) == 9
            with pytest.raises(ReadOnlyFileError, match="beside it"):
                tf.execute(EnterResult(1, 1, BoardResult.DRAW))
    finally:
        saved.parent.chmod(0o755)


# --- item 7: a full disk ------------------------------------------------------------------


def test_an_io_error_on_a_full_disk_says_the_disk_is_full(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """SQLite reports some writes on a full disk as a plain I/O error."""
    err = sqlite3.OperationalError("disk I/O error")
    err.sqlite_errorname = "SQLITE_IOERR_WRITE"  # type: ignore[attr-defined]
    usage = shutil.disk_usage(tmp_path)
    monkeypatch.setattr(shutil, "disk_usage", lambda p: usage._replace(free=4096))
    message = str(database.translate_error(err, tmp_path / "t.swissdesk"))
    assert "is full" in message and "USB stick" not in message
    monkeypatch.undo()
    assert "USB stick" in str(database.translate_error(err, tmp_path / "t.swissdesk"))


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 1 MiB disk (tmpfs), where mounting is allowed (root on Linux)."""
    mount = tmp_path / "stick"
    mount.mkdir()
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
            capture_output=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot mount a small disk here ({exc})")
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small disk here ({done.stderr.decode().strip()})")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, timeout=10)


def _fill(folder: Path) -> None:
    fd = os.open(folder / "fill", os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(fd)


def test_on_a_really_full_disk_the_file_stays_readable_and_exportable(
    small_disk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A write on a full disk used to leave an empty -wal and a 3-byte -shm that made every
    later command fail with 'disk I/O error: was the USB stick removed?'."""
    path = small_disk / "t.swissdesk"
    with TournamentFile.create(path, settings(), players=[PlayerData(n, r) for n, r, _ in NAMES]):
        pass
    _fill(small_disk)
    assert main(["withdraw", str(path), "3"]) == 2
    assert "full" in capsys.readouterr().err
    for argv in (["audit", str(path)], ["standings", str(path)]):
        assert main(argv) == 0, capsys.readouterr().err
    out = tmp_path / "out.trf"
    assert main(["export", str(path), "-o", str(out)]) == 0
    assert out.read_text().count("\n001 ") == 9
    assert sorted(p.name for p in small_disk.glob("t.*")) == ["t.swissdesk"]
    capsys.readouterr()
    (small_disk / "fill").unlink()
    assert main(["withdraw", str(path), "3"]) == 0, capsys.readouterr().err


def test_a_full_disk_opens_read_only_and_clears_what_a_failed_write_left(
    saved: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same by injection (no mount needed): an empty -wal and an -shm that SQLite never
    finished are removed, the file opens read-only and a write says the disk is full."""
    Path(f"{saved}-wal").write_bytes(b"")
    Path(f"{saved}-shm").write_bytes(b"\0\0\0")
    monkeypatch.setattr(database, "disk_is_full", lambda path, margin=0: True)
    with TournamentFile.open(saved) as tf:
        assert tf.read_only and len(tf.players()) == 9
        with pytest.raises(ReadOnlyFileError, match="disk holding it is full"):
            tf.execute(EnterResult(1, 1, BoardResult.DRAW))
    assert sorted(p.name for p in saved.parent.glob("saved*")) == ["saved.swissdesk"]
    assert main(["export", str(saved), "-o", str(saved.parent / "out.trf")]) == 0


def test_a_wal_in_use_by_another_program_is_never_removed(
    saved: Path, other_program: subprocess.Popen[str]
) -> None:
    wal, shm = Path(f"{saved}-wal"), Path(f"{saved}-shm")
    assert shm.exists()
    database.remove_stale_wal_files(saved)
    assert wal.exists() and shm.exists()
