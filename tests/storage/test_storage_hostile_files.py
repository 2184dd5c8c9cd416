"""Issue 39, items 6 to 8: a read-only file whose WAL still holds a committed change, the
copy aside of a damaged file (bounded, no stray files), a named pipe named like a
tournament, a planted ``-wal`` link and a bad schema version, each said in words."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from storage_support import NAMES, settings

from swissdesk.cli import main
from swissdesk.storage import (
    CorruptFileError,
    EnterResult,
    NotATournamentFileError,
    PlayerData,
    ReadOnlyFileError,
    StorageError,
    TournamentFile,
    database,
)
from swissdesk.storage.results import BoardResult


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A closed tournament file with nine players and round 1 paired (four boards)."""
    path = tmp_path / "saved.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(path, settings(), players=players) as tf:
        tf.pair_next_round()
    return path


# --- item 6: a read-only file with a committed change still in its WAL ----------------------

KILLED_AFTER_COMMIT = """
import os, sys
sys.path.insert(0, sys.argv[2])
from swissdesk.storage import EnterResult, TournamentFile
from swissdesk.storage.results import BoardResult
tf = TournamentFile.open(sys.argv[1])
tf._checkpoint = lambda mode: None  # killed before the change is copied into the file
tf.execute(EnterResult(1, 1, BoardResult.DRAW))
os._exit(0)
"""


def test_a_read_only_file_shows_the_change_its_wal_still_holds(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed between commit and checkpoint, then made read-only: the change was missing,
    with no warning (it reappeared once the file was writable)."""
    here = str(Path(__file__).parent)
    subprocess.run([sys.executable, "-c", KILLED_AFTER_COMMIT, str(saved), here], check=True)
    assert database.wal_has_frames(saved)
    before = {p.name: p.read_bytes() for p in saved.parent.iterdir()}
    monkeypatch.setattr(database, "is_writable", lambda path: False)  # chmod 444, as root
    with TournamentFile.open(saved) as tf:
        assert tf.read_only
        assert tf.round_view(1).boards[0].result is BoardResult.DRAW
        with pytest.raises(ReadOnlyFileError):
            tf.execute(EnterResult(1, 2, BoardResult.DRAW))
        assert tf._snapshot is not None
        private = tf._snapshot.parent
    assert {p.name: p.read_bytes() for p in saved.parent.iterdir()} == before
    assert not private.exists()  # the private copy goes with the window
    monkeypatch.undo()
    with TournamentFile.open(saved) as tf:  # writable again: the same result
        assert tf.round_view(1).boards[0].result is BoardResult.DRAW


def test_a_planted_wal_is_checked_like_the_file(
    saved: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The read-only copy folds the WAL in first, then checks it: a trigger that only the
    WAL holds is refused too."""
    other = tmp_path / "other.swissdesk"
    other.write_bytes(saved.read_bytes())
    con = sqlite3.connect(other, isolation_level=None)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("PRAGMA wal_autocheckpoint = 0")
    con.execute("CREATE TRIGGER tamper AFTER UPDATE ON entry BEGIN SELECT 1; END")
    Path(f"{saved}-wal").write_bytes(Path(f"{other}-wal").read_bytes())
    con.close()
    monkeypatch.setattr(database, "is_writable", lambda path: False)
    with pytest.raises(StorageError, match="trigger 'tamper'"):
        TournamentFile.open(saved)


# --- item 7: the copy aside of a damaged file ------------------------------------------------


def test_a_huge_damaged_file_is_not_copied_and_the_message_says_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``truncate -s 1G x.swissdesk``: every command wrote a 1 GB copy."""
    huge = tmp_path / "x.swissdesk"
    with huge.open("wb") as handle:
        handle.truncate(1 << 30)  # sparse: no disk space used
    assert main(["standings", str(huge)]) == 2
    err = capsys.readouterr().err
    assert "too big to copy aside" in err and f"keep it where it is ({huge})" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.swissdesk"]


def test_a_damaged_file_is_copied_without_a_stray_wal(saved: Path) -> None:
    """A 0-byte ``-wal`` was copied beside each copy."""
    data = bytearray(saved.read_bytes())
    data[8192:12288] = b"Z" * 4096
    saved.write_bytes(bytes(data))
    with pytest.raises(CorruptFileError) as info:
        TournamentFile.open(saved)
    assert info.value.copy_path is not None
    assert sorted(p.name for p in saved.parent.iterdir()) == sorted(
        ["saved.swissdesk", info.value.copy_path.name]
    )


def test_the_copy_limit_counts_the_wal(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(database, "MAX_CORRUPT_COPY", saved.stat().st_size + 100)
    Path(f"{saved}-wal").write_bytes(b"W" * 4096)
    error = database.keep_corrupt_copy(saved, "test")
    assert error.copy_path is None and "too big to copy aside" in str(error)


# --- item 8: a named pipe, a planted -wal link, a bad schema version ------------------------


def test_a_named_pipe_named_like_a_tournament_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.swissdesk"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def open_it() -> None:
        try:
            TournamentFile.open(fifo)
        except BaseException as exc:
            outcome.append(exc)

    worker = threading.Thread(target=open_it, daemon=True)
    worker.start()
    worker.join(60)
    if worker.is_alive():  # unblock the reader before failing
        with open(fifo, "wb"):
            pass
        pytest.fail("opening a named pipe blocked")
    assert isinstance(outcome[0], NotATournamentFileError)
    assert "named pipe" in str(outcome[0])


@pytest.mark.parametrize("side", ["-wal", "-shm", "-journal"])
def test_a_planted_side_file_link_is_named(saved: Path, tmp_path: Path, side: str) -> None:
    """SQLite said "cannot be opened (missing folder or no permission)"."""
    target = tmp_path / "elsewhere.txt"
    target.write_text("someone else's file\n", encoding="utf-8")
    os.symlink(target, f"{saved}{side}")
    with pytest.raises(StorageError) as info:
        TournamentFile.open(saved)
    message = str(info.value)
    assert f"saved.swissdesk{side} is a link to {target}" in message
    assert "missing folder" not in message
    assert target.read_text(encoding="utf-8") == "someone else's file\n"


@pytest.mark.parametrize("value", ["abc", "", "0", "-1", "3.0", "99999999999999999999"])
def test_a_bad_schema_version_is_named_as_such(saved: Path, value: str) -> None:
    """'0' and '-1' said "uses file format 0, which this swissdesk cannot upgrade"; 'abc'
    called the file damaged and copied it aside; a huge number asked for a newer
    swissdesk."""
    con = sqlite3.connect(saved)
    con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (value,))
    con.commit()
    con.close()
    with pytest.raises(StorageError) as info:
        TournamentFile.open(saved)
    message = str(info.value)
    assert f"gives its file format as {value!r}, which no swissdesk writes" in message
    assert not isinstance(info.value, CorruptFileError)
    assert sorted(p.name for p in saved.parent.iterdir()) == ["saved.swissdesk"]
