"""Bad files and failing disks: a clear message, nothing changed, the file still valid."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from storage_support import NAMES, settings

from swissdesk.storage import (
    CorruptFileError,
    DiskFullError,
    EnterResult,
    LateEntry,
    LockedFileError,
    NewerFileError,
    NotATournamentFileError,
    PlayerData,
    ReadOnlyFileError,
    StorageError,
    TournamentFile,
    database,
    schema,
    schemacheck,
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


def corrupt_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob("*.corrupt-*.swissdesk"))


def test_garbage_file_is_reported_and_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "broken.swissdesk"
    garbage = os.urandom(8192)
    path.write_bytes(garbage)
    with pytest.raises(CorruptFileError, match="damaged") as info:
        TournamentFile.open(path)
    assert path.read_bytes() == garbage
    [copy] = corrupt_copies(path)
    assert info.value.copy_path == copy
    assert copy.read_bytes() == garbage
    assert str(copy) in str(info.value)


def test_damaged_pages_fail_the_integrity_check(saved: Path) -> None:
    data = bytearray(saved.read_bytes())
    assert len(data) > 4 * 4096
    # Overwrite the inside of pages 2-4 (table b-trees); the header stays valid.
    for page in (1, 2, 3):
        start = page * 4096
        data[start : start + 4096] = b"\xa5" * 4096
    saved.write_bytes(bytes(data))
    with pytest.raises(CorruptFileError):
        TournamentFile.open(saved)
    assert saved.read_bytes() == bytes(data)  # never written to
    assert len(corrupt_copies(saved)) == 1


def test_other_files_are_not_tournaments(tmp_path: Path) -> None:
    trf = tmp_path / "t.trf"
    trf.write_text("012 Some tournament\n")
    with pytest.raises(NotATournamentFileError, match="not a swissdesk tournament file"):
        TournamentFile.open(trf)
    db = tmp_path / "other.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    with pytest.raises(NotATournamentFileError, match="SQLite database but not"):
        TournamentFile.open(db)
    with pytest.raises(StorageError, match="does not exist"):
        TournamentFile.open(tmp_path / "missing.swissdesk")
    empty = tmp_path / "empty.swissdesk"
    empty.write_bytes(b"")
    with pytest.raises(NotATournamentFileError, match="empty"):
        TournamentFile.open(empty)
    assert corrupt_copies(trf) == []


def _set_version(path: Path, version: int) -> None:
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
    con.commit()
    con.close()


def test_newer_file_is_refused_unchanged(saved: Path) -> None:
    _set_version(saved, schema.SCHEMA_VERSION + 1)
    before = saved.read_bytes()
    with pytest.raises(NewerFileError, match="newer swissdesk"):
        TournamentFile.open(saved)
    assert saved.read_bytes() == before


def test_older_file_is_migrated_with_a_copy_kept(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pretend the program knows one version more, whose step adds a column.
    current = schema.SCHEMA_VERSION

    def to_next(con: sqlite3.Connection) -> None:
        con.execute("ALTER TABLE player ADD COLUMN nickname TEXT DEFAULT ''")

    monkeypatch.setattr(schema, "SCHEMA_VERSION", current + 1)
    monkeypatch.setitem(database.MIGRATIONS, current, to_next)
    # ... and whose models have that column (the upgraded file must match them).
    base = schemacheck.expected_shape()
    player = base.tables["player"]
    columns = {**player.columns, "nickname": schemacheck.Column("TEXT", False, "''", 0, 0)}
    player = replace(player, columns=columns, words=player.words | {"NICKNAME"})
    upgraded = replace(base, tables={**base.tables, "player": player})
    monkeypatch.setattr(schemacheck, "expected_shape", lambda: upgraded)
    with TournamentFile.open(saved) as tf:
        assert len(tf.players()) == 9
        assert tf.rounds_paired() == 1
    con = sqlite3.connect(saved)
    version = con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == (str(current + 1),)
    assert "nickname" in {row[1] for row in con.execute("PRAGMA table_info(player)")}
    con.close()
    backup = saved.with_name(f"saved.before-upgrade-v{current}.swissdesk")
    con = sqlite3.connect(backup)
    version = con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == (str(current),)
    con.close()


def test_failed_migration_changes_nothing(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(con: sqlite3.Connection) -> None:
        con.execute("ALTER TABLE player ADD COLUMN x TEXT")
        con.execute("THIS IS NOT SQL")

    current = schema.SCHEMA_VERSION
    monkeypatch.setattr(schema, "SCHEMA_VERSION", current + 1)
    monkeypatch.setitem(database.MIGRATIONS, current, broken)
    with pytest.raises(StorageError):
        TournamentFile.open(saved)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", current)
    with TournamentFile.open(saved) as tf:
        assert len(tf.players()) == 9
    con = sqlite3.connect(saved)
    assert "x" not in {row[1] for row in con.execute("PRAGMA table_info(player)")}
    con.close()


@pytest.fixture
def other_writer(saved: Path) -> Iterator[sqlite3.Connection]:
    """Another program holding the write lock on the file."""
    con = sqlite3.connect(saved, isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    yield con
    con.execute("ROLLBACK")
    con.close()


def test_locked_file_gives_a_clear_message(saved: Path, other_writer: sqlite3.Connection) -> None:
    with TournamentFile.open(saved, busy_timeout_ms=100) as tf:
        assert len(tf.players()) == 9  # reading still works (WAL)
        with pytest.raises(LockedFileError, match="in use by another program"):
            tf.execute(EnterResult(1, 1, BoardResult.DRAW))
        other_writer.execute("ROLLBACK")
        other_writer.execute("BEGIN")  # the fixture's ROLLBACK needs a transaction
        assert tf.round_view(1).boards[0].result is None
        tf.execute(EnterResult(1, 1, BoardResult.DRAW))
        assert tf.round_view(1).boards[0].result is BoardResult.DRAW


def _on_every_connection(tf: TournamentFile, sql: str) -> None:
    """Run ``sql`` on each new connection of ``tf`` (simulates a disk condition)."""
    engine: Any = tf._engine
    engine.dispose()

    def apply(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute(sql)

    event.listen(engine, "connect", apply)


def test_full_disk_saves_nothing_and_leaves_the_file_valid(saved: Path) -> None:
    with TournamentFile.open(saved) as tf:
        pages = sqlite3.connect(saved).execute("PRAGMA page_count").fetchone()[0]
        _on_every_connection(tf, f"PRAGMA max_page_count = {pages}")
        with pytest.raises(DiskFullError, match=r"disk .* is full"):
            tf.execute(LateEntry(PlayerData("X" * 200_000, 1000), from_round=2))
        log_size = len(tf.audit_log())
    with TournamentFile.open(saved) as tf:
        assert tf.integrity_ok()
        assert len(tf.players()) == 9
        assert len(tf.audit_log()) == log_size


def test_read_only_medium_saves_nothing(saved: Path) -> None:
    with TournamentFile.open(saved) as tf:
        _on_every_connection(tf, "PRAGMA query_only = ON")
        with pytest.raises(ReadOnlyFileError, match="cannot be written"):
            tf.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))
        assert tf.round_view(1).boards[0].result is None
    with TournamentFile.open(saved) as tf:
        assert tf.integrity_ok()
        assert tf.round_view(1).boards[0].result is None


@pytest.mark.skipif(
    hasattr(os, "geteuid") and os.geteuid() == 0, reason="root ignores file permissions"
)
def test_read_only_file_permissions(saved: Path) -> None:  # pragma: no cover - not as root
    with TournamentFile.open(saved) as tf:
        tf.close()
    saved.chmod(0o444)
    try:
        with TournamentFile.open(saved) as tf, pytest.raises(ReadOnlyFileError):
            tf.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))
    finally:
        saved.chmod(0o644)


def test_io_errors_are_explained() -> None:
    err = sqlite3.OperationalError("disk I/O error")
    err.sqlite_errorname = "SQLITE_IOERR_WRITE"
    message = str(database.translate_error(err, Path("t.swissdesk")))
    assert "USB stick" in message and "not saved" in message


def test_closed_file_refuses_actions(saved: Path) -> None:
    tf = TournamentFile.open(saved)
    tf.close()
    with pytest.raises(StorageError, match="closed"):
        tf.execute(EnterResult(1, 1, BoardResult.DRAW))
    with pytest.raises(StorageError, match="closed"):
        tf.players()


def test_connections_use_wal_full_sync_and_foreign_keys(saved: Path) -> None:
    with TournamentFile.open(saved, busy_timeout_ms=1234) as tf:
        engine: Any = tf._engine
        with engine.connect() as conn:
            pragma = {
                name: conn.exec_driver_sql(f"PRAGMA {name}").scalar()
                for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
            }
    assert pragma == {
        "journal_mode": "wal",
        "synchronous": 2,
        "foreign_keys": 1,
        "busy_timeout": 1234,
    }
    con = sqlite3.connect(saved)
    assert con.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
    con.close()


def test_a_tournament_without_a_number_of_rounds_cannot_be_paired(tmp_path: Path) -> None:
    from swissdesk.trf import parse_trf

    trf = parse_trf(
        "012 No rounds declared\n"
        "001    1      Alpha, A                          2000                             0.0    1\n"
        "001    2      Beta, B                           1900                             0.0    2\n"
    )
    assert trf.total_rounds == 0
    with TournamentFile.from_tournament(tmp_path / "n.swissdesk", trf) as tf:
        ok, why = tf.can_pair_next_round()
        assert not ok and "number of rounds is not set" in why


def test_a_file_that_cannot_be_written_opens_read_only(
    saved: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # As if on a write-protected stick: viewing and printing work, actions are refused,
    # and nothing is created beside the file (no -wal/-shm left behind).
    monkeypatch.setattr(database, "is_writable", lambda path: False)
    before = saved.read_bytes()
    with TournamentFile.open(saved) as tf:
        assert tf.read_only
        assert len(tf.players()) == 9
        assert len(tf.round_view(1).boards) == 4
        with pytest.raises(ReadOnlyFileError, match="read-only"):
            tf.execute(EnterResult(1, 1, BoardResult.DRAW))
        tf.save_copy(tmp_path / "copy.swissdesk")
    assert saved.read_bytes() == before
    assert sorted(p.name for p in saved.parent.iterdir() if p.name.startswith("saved")) == [
        "saved.swissdesk"
    ]
    monkeypatch.undo()
    with TournamentFile.open(tmp_path / "copy.swissdesk") as copy:
        assert not copy.read_only
        copy.execute(EnterResult(1, 1, BoardResult.DRAW))


def test_awkward_folder_and_file_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "Open 2026 #2? (Zürich)"
    folder.mkdir()
    path = folder / "Runde 1 & 2 #final?.swissdesk"
    players = [PlayerData(n, r) for n, r, _t in NAMES]
    with TournamentFile.create(path, settings(), players=players) as tf:
        tf.pair_next_round()
    with TournamentFile.open(path) as tf:
        assert tf.rounds_paired() == 1
    monkeypatch.setattr(database, "is_writable", lambda p: False)
    with TournamentFile.open(path) as tf:
        assert tf.read_only and tf.rounds_paired() == 1
    assert sorted(p.name for p in folder.iterdir()) == [path.name]


def test_creating_where_no_file_can_be(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="does not exist"):
        TournamentFile.create(tmp_path / "missing" / "t.swissdesk", settings())
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    with pytest.raises(StorageError, match="is not a folder"):
        TournamentFile.create(not_a_folder / "t.swissdesk", settings())
    assert not_a_folder.read_text() == "x"


def test_the_main_file_alone_holds_every_action(saved: Path, tmp_path: Path) -> None:
    # The arbiter copies just the .swissdesk file while swissdesk still has it open (or
    # after a crash left a -wal beside it): the copy has the latest result all the same.
    with TournamentFile.open(saved) as tf:
        tf.execute(EnterResult(1, 2, BoardResult.BLACK_WINS))
        copy = tmp_path / "only-main.swissdesk"
        copy.write_bytes(saved.read_bytes())
        with TournamentFile.open(copy) as other:
            assert other.round_view(1).boards[1].result is BoardResult.BLACK_WINS
