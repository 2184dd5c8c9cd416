"""Opening, checking, migrating and writing a ``.swissdesk`` SQLite file.

Modelled on Home Assistant's recorder: the SQLite pragmas are set in a ``connect`` event
listener, every unit of work goes through :func:`session_scope`, SQLite errors are turned
into :mod:`swissdesk.storage.errors` messages for the arbiter, and a damaged file is never
written to: it is copied aside and the arbiter is told.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import QueuePool

from swissdesk.storage import schema
from swissdesk.storage.errors import (
    CorruptFileError,
    DiskFullError,
    LockedFileError,
    NewerFileError,
    NotATournamentFileError,
    ReadOnlyFileError,
    StorageError,
)

SUFFIX = ".swissdesk"
SQLITE_HEADER = b"SQLite format 3\x00"
DEFAULT_BUSY_TIMEOUT_MS = 1500
"""How long a write waits for another program's write lock before saying the file is in
use (reads never wait for a writer: WAL). Short, so the arbiter hears within 2 s."""

Migration = Callable[[sqlite3.Connection], None]
MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` upgrades a version-``n`` file to version ``n + 1`` (in one transaction).

Schema version 1 is the first; each step comes with a frozen fixture file of the
version it upgrades under ``tests/storage/``.
"""


def migrate_1_add_team_tables(con: sqlite3.Connection) -> None:
    """Version 1 -> 2: the team tables (Team Swiss, C.04.6). Individual events keep every
    row unchanged; the new tables stay empty. Frozen SQL (never the current models)."""
    con.execute(
        "CREATE TABLE IF NOT EXISTS team_settings (id INTEGER NOT NULL PRIMARY KEY, "
        "boards INTEGER NOT NULL, colour_preferences VARCHAR NOT NULL, "
        "primary_score VARCHAR NOT NULL, secondary_for_colour BOOLEAN NOT NULL, "
        "pab_game_points INTEGER NOT NULL, half_bye_game_points INTEGER NOT NULL, "
        "full_bye_game_points INTEGER NOT NULL, zero_bye_game_points INTEGER NOT NULL)"
    )
    con.execute(
        "CREATE TABLE IF NOT EXISTS team (player_id INTEGER NOT NULL PRIMARY KEY "
        "REFERENCES player (id) ON DELETE CASCADE, short_name VARCHAR NOT NULL, "
        "club TEXT NOT NULL)"
    )
    con.execute(
        "CREATE TABLE IF NOT EXISTS team_member (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, "
        "team_id INTEGER NOT NULL REFERENCES player (id) ON DELETE CASCADE, "
        "position INTEGER NOT NULL, name TEXT NOT NULL, rating INTEGER NOT NULL, "
        "title VARCHAR NOT NULL, fide_id VARCHAR NOT NULL, federation VARCHAR NOT NULL, "
        "sex VARCHAR NOT NULL)"
    )
    con.execute("CREATE INDEX IF NOT EXISTS ix_team_member_team_id ON team_member (team_id)")
    con.execute(
        "CREATE TABLE IF NOT EXISTS team_board (id INTEGER NOT NULL PRIMARY KEY, "
        "team_id INTEGER NOT NULL REFERENCES player (id) ON DELETE CASCADE, "
        "round_number INTEGER NOT NULL, board INTEGER NOT NULL, "
        "member_id INTEGER REFERENCES team_member (id) ON DELETE RESTRICT, "
        "result VARCHAR(1), UNIQUE (team_id, round_number, board))"
    )
    con.execute("CREATE INDEX IF NOT EXISTS ix_team_board_team_id ON team_board (team_id)")
    con.execute(
        "CREATE INDEX IF NOT EXISTS ix_team_board_round_number ON team_board (round_number)"
    )


MIGRATIONS[1] = migrate_1_add_team_tables


def migrate_2_add_organiser(con: sqlite3.Connection) -> None:
    """Version 2 -> 3: the tournament's organiser (free text, empty in an older file; printed
    in the documents' headers, never in a TRF). Frozen SQL (never the current models)."""
    con.execute("ALTER TABLE tournament ADD COLUMN organiser TEXT NOT NULL DEFAULT ''")


MIGRATIONS[2] = migrate_2_add_organiser


def migrate_3_add_player_club(con: sqlite3.Connection) -> None:
    """Version 3 -> 4: each player's club or town (free text, empty in an older file;
    printed on the starting list, never in a TRF). Frozen SQL (never the current models)."""
    con.execute("ALTER TABLE player ADD COLUMN club TEXT NOT NULL DEFAULT ''")


MIGRATIONS[3] = migrate_3_add_player_club


def migrate_4_add_rating_inputs(con: sqlite3.Connection) -> None:
    """Version 4 -> 5: what the rating changes and norms read beyond the results (issue
    37): each player's K and its source, rated games before the event, national rating
    (unknown, unknown, none in an older file); the tournament's national list and norm
    declaration (none). Frozen SQL (never the current models)."""
    con.execute("ALTER TABLE player ADD COLUMN k_factor INTEGER")
    con.execute("ALTER TABLE player ADD COLUMN k_source VARCHAR NOT NULL DEFAULT ''")
    con.execute("ALTER TABLE player ADD COLUMN rated_games INTEGER")
    con.execute("ALTER TABLE player ADD COLUMN national_rating INTEGER NOT NULL DEFAULT 0")
    con.execute("ALTER TABLE tournament ADD COLUMN rating_settings TEXT NOT NULL DEFAULT '{}'")


MIGRATIONS[4] = migrate_4_add_rating_inputs


def migrate_5_add_fide_mode(con: sqlite3.Connection) -> None:
    """Version 5 -> 6: FIDE mode and the pairing-integrity log (issue 29). An older
    tournament is in FIDE mode when its system is a FIDE-approved one (the systems of C.04
    in their current editions and the round robin; not the 1992 rating-based Swiss, not the
    Lim system's 1999 or 2003 edition, not Scheveningen, whose table is swissdesk's); its integrity log is empty and no round is being paired by hand.
    Frozen SQL (never the current models)."""
    con.execute("ALTER TABLE tournament ADD COLUMN fide_mode BOOLEAN NOT NULL DEFAULT 1")
    con.execute("ALTER TABLE tournament ADD COLUMN integrity_log TEXT NOT NULL DEFAULT '[]'")
    con.execute("ALTER TABLE tournament ADD COLUMN manual_pairing TEXT")
    con.execute(
        "UPDATE tournament SET fide_mode = 0 WHERE NOT ("
        "system IN ('dutch', 'dubov', 'burstein', 'double-swiss', 'team', 'round-robin') "
        "OR system LIKE 'round-robin:%' OR system = 'lim' OR (system LIKE 'lim:%' "
        "AND system NOT LIKE '%2003%' AND system NOT LIKE '%1999%'))"
    )


MIGRATIONS[5] = migrate_5_add_fide_mode


def translate_error(exc: BaseException, path: Path) -> StorageError:
    """The arbiter's message for a SQLite failure while using ``path``."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    name = str(getattr(orig, "sqlite_errorname", ""))
    text = str(orig)
    where = f"the tournament file {path}"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
        holders = lock_holders(path)
        by = f" ({'; '.join(holders)})" if holders else ""
        return LockedFileError(
            f"{where} is in use by another program or swissdesk window{by}; "
            "close it there and try again (nothing was changed)"
        )
    if (
        name.startswith("SQLITE_FULL")
        or "disk is full" in text
        or ((name.startswith("SQLITE_IOERR") or "disk I/O error" in text) and disk_is_full(path))
    ):
        return DiskFullError(
            f"the disk holding {path} is full: the action was not saved; "
            "free some space (or save the tournament elsewhere) and try again"
        )
    if name.startswith("SQLITE_READONLY") or "readonly database" in text:
        return ReadOnlyFileError(
            f"{where} cannot be written (read-only medium or no permission): "
            "the action was not saved; copy the file to a writable folder"
        )
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text:
        return CorruptFileError(f"{where} is damaged ({text}); nothing was changed")
    if name.startswith("SQLITE_IOERR") or "disk I/O error" in text:
        return StorageError(
            f"{where} could not be read or written (disk I/O error: was the USB stick "
            "removed?); the last action was not saved"
        )
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return StorageError(f"{where} cannot be opened (missing folder or no permission)")
    return StorageError(f"{where}: database error: {text}")


@contextlib.contextmanager
def translated_errors(path: Path) -> Iterator[None]:
    """Turn SQLite/SQLAlchemy errors raised inside into :class:`StorageError` messages."""
    try:
        yield
    except (SQLAlchemyError, sqlite3.Error) as exc:
        raise translate_error(exc, path) from exc


def _on_connect(busy_timeout_ms: int, read_only: bool) -> Callable[[Any, Any], None]:
    def set_pragmas(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" listener issue BEGIN itself (see _on_begin): the sqlite3
        # module's implicit transactions would start only at the first write, after the
        # checks an action makes, and another process could change the file in between.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            cursor.execute("PRAGMA foreign_keys = ON")
            if read_only:
                cursor.execute("PRAGMA query_only = ON")
                return
            # WAL: readers (reports, a second window) never block the arbiter's writes,
            # and a killed process leaves the main file intact (the WAL is replayed).
            cursor.execute("PRAGMA journal_mode = WAL")
            # FULL, not NORMAL: with WAL, NORMAL is still corruption-free but may lose the
            # last committed transactions on a power cut. An arbiter who saw "result saved"
            # must find it after the laptop's battery died, and one fsync per action costs
            # a few milliseconds, far below anything the arbiter notices.
            cursor.execute("PRAGMA synchronous = FULL")
        finally:
            cursor.close()

    return set_pragmas


def _on_begin(conn: Connection) -> None:
    # Writers take the write lock up front (BEGIN IMMEDIATE): an action's checks and its
    # changes see the same file; readers get a consistent snapshot (BEGIN DEFERRED).
    write = bool(conn.get_execution_options().get("swissdesk_write", False))
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def read_only_uri(path: Path) -> str:
    """SQLite URI opening ``path`` without ever writing beside it (no -wal/-shm files).

    ``immutable=1``: a file swissdesk cannot write is read as it is on disk; a file closed
    by swissdesk has its WAL folded back, so nothing is missed.
    """
    return f"{path.resolve().as_uri()}?mode=ro&immutable=1"


def is_writable(path: Path) -> bool:
    """Whether swissdesk can write ``path``: the file itself (read-only medium,
    permissions) and, in WAL mode, the ``-wal``/``-shm`` files beside it."""
    return read_only_reason(path) is None


_CANNOT_WRITE = (errno.EACCES, errno.EPERM, errno.EROFS)


def read_only_reason(path: Path) -> str | None:
    """Why ``path`` cannot be written, in the arbiter's words; ``None`` when it can.

    A writable file in a folder the user cannot write (a shared or network folder) is
    read-only too: every write needs ``NAME-wal`` and ``NAME-shm`` beside the file.
    """
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError as exc:
        if exc.errno in _CANNOT_WRITE:
            return (
                f"the file {path} cannot be written ("
                + ("read-only medium" if exc.errno == errno.EROFS else "no permission")
                + ")"
            )
        raise StorageError(f"the tournament file {path} cannot be opened: {exc.strerror}") from exc
    os.close(fd)
    if disk_is_full(path) and not _wal_has_frames(path):
        return (
            "the disk holding it is full; it can be read, printed and "
            "exported, and saved again once some space is free"
        )
    missing: list[str] = []
    for side in ("-wal", "-shm"):
        try:
            fd = open_side_file(Path(f"{path}{side}"), os.O_RDWR)
        except FileNotFoundError:
            missing.append(side)
            continue
        except OSError as exc:
            if exc.errno in _CANNOT_WRITE:
                return _side_reason(path, "write", side)
            continue
        os.close(fd)
    if missing and not _folder_takes_new_files(path):
        return _side_reason(path, "create", missing[0])
    return None


def _side_reason(path: Path, what: str, side: str) -> str:
    return (
        f"swissdesk cannot {what} the file {path.name}{side} beside it in the folder "
        f"{path.parent} (read-only or shared folder, no permission); every change is "
        "written there first"
    )


def _folder_takes_new_files(path: Path) -> bool:
    """Whether a file can be created beside ``path``. The probe has its own name: creating
    and removing a ``-wal`` itself could pull it from under another program opening it."""
    probe = path.with_name(f".{path.name}.{os.getpid()}.probe")
    try:
        fd = open_side_file(probe, os.O_RDWR | os.O_CREAT | os.O_EXCL)
    except FileExistsError:
        return True
    except OSError as exc:
        return exc.errno not in _CANNOT_WRITE
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)
    return True


def open_side_file(side: Path, flags: int) -> int:
    """``os.open`` of a ``-wal``/``-shm`` file or of the probe beside the tournament file
    (a seam: tests make it fail as an unwritable folder would, since root may write
    everywhere)."""
    return os.open(side, flags, 0o644)


FULL_DISK_MARGIN = 256 * 1024
"""Free bytes below which a disk counts as full: SQLite needs 32 KiB for the ``-shm`` and
a few pages of WAL before it can save anything."""


def disk_is_full(path: Path, margin: int = FULL_DISK_MARGIN) -> bool:
    """Whether the disk holding ``path`` has (almost) no free space left: SQLite reports
    some failed writes on a full disk as a plain I/O error, and cannot even open a WAL file
    for reading there (its ``-shm`` cannot be made)."""
    try:
        return shutil.disk_usage(path.parent).free < margin
    except OSError:
        return False


def _wal_has_frames(path: Path) -> bool:
    """Whether a ``-wal`` beside ``path`` may hold committed changes (it is not empty)."""
    try:
        return os.stat(f"{path}-wal").st_size > 0
    except OSError:
        return False


WAL_INDEX_SIZE = 32768
"""Size of a ``-shm`` file SQLite has set up (it grows in 32 KiB steps)."""


def remove_stale_wal_files(path: Path) -> None:
    """Remove an empty ``-wal`` and an ``-shm`` SQLite never finished setting up, when no
    other program has them open with a lock: what a write on a full disk leaves behind.

    An empty WAL holds no change, and an ``-shm`` shorter than 32 KiB was never used, so
    nothing is lost; left there, they make every later open try (and, on a still full
    disk, fail) to set them up again.
    """
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    try:
        if wal.stat().st_size != 0 or shm.stat().st_size >= WAL_INDEX_SIZE:
            return
    except OSError:
        return
    if _locking_pids([path, wal, shm], write_only=False):
        return
    for side in (shm, wal):
        with contextlib.suppress(OSError):
            side.unlink()


def lock_holders(path: Path) -> list[str]:
    """The other programs holding a write lock on ``path`` (or its ``-shm``), as
    ``"process 1234: program arguments"``; empty where that cannot be known (Linux
    ``/proc/locks`` only)."""
    pids = _locking_pids([path, Path(f"{path}-shm")], write_only=True)
    return [f"held by {_describe_process(pid)}" for pid in pids]


def _locking_pids(files: list[Path], *, write_only: bool) -> list[int]:
    """Other processes holding a lock (a write lock if ``write_only``) on ``files``, from
    Linux's ``/proc/locks``; empty elsewhere."""
    inodes: dict[int, int] = {}
    for candidate in files:
        with contextlib.suppress(OSError):
            st = os.stat(candidate)
            inodes[st.st_ino] = st.st_dev
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as handle:
            table = handle.read().splitlines()
    except OSError:
        return []
    pids: list[int] = []
    for row in table:
        fields = row.split()
        if "->" in fields:  # a process waiting for the lock, not holding it
            continue
        try:
            kind, pid_text, where = fields[3], fields[4], fields[5]
            major, minor, inode = where.split(":")
            pid, ino = int(pid_text), int(inode)
            dev = os.makedev(int(major, 16), int(minor, 16))
        except (IndexError, ValueError):
            continue
        if (write_only and kind != "WRITE") or pid in (os.getpid(), -1) or pid in pids:
            continue
        if inodes.get(ino) == dev:
            pids.append(pid)
    return pids


def _describe_process(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            args = [a.decode(errors="replace") for a in handle.read().split(b"\0") if a]
    except OSError:
        args = []
    if not args:
        return f"process {pid}"
    shown = " ".join([Path(args[0]).name, *args[1:3]])
    return f"process {pid}: {shown[:80]}"


def checkpoint_without_waiting(connection: sqlite3.Connection, mode: str) -> None:
    """``PRAGMA wal_checkpoint(mode)`` that never waits for another program's lock.

    A TRUNCATE checkpoint waits (busy timeout) for every writer and reader to finish; as a
    close it made read-only commands (``standings``, ``audit``) wait seconds whenever
    another program was writing. Without waiting it copies what it can (like PASSIVE); the
    rest stays in the WAL, where every reader finds it.
    """
    previous = connection.execute("PRAGMA busy_timeout").fetchone()[0]
    connection.execute("PRAGMA busy_timeout = 0")
    try:
        connection.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()
    finally:
        connection.execute(f"PRAGMA busy_timeout = {int(previous)}")


def make_engine(
    path: Path, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS, *, read_only: bool = False
) -> Engine:
    """A SQLAlchemy engine on ``path`` with swissdesk's pragmas and transaction handling.

    ``read_only`` opens a file swissdesk may not write (see :func:`read_only_uri`).
    """
    # The DBAPI connections are made here, not from a SQLAlchemy URL: a folder named
    # "Open 2026 #2?" must not be read as a URL's query string or fragment.
    target, uri = (read_only_uri(path), True) if read_only else (str(path), False)

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(
            target, timeout=busy_timeout_ms / 1000, check_same_thread=False, uri=uri
        )

    engine = create_engine("sqlite+pysqlite://", creator=connect, poolclass=QueuePool)
    event.listen(engine, "connect", _on_connect(busy_timeout_ms, read_only))
    event.listen(engine, "begin", _on_begin)
    return engine


@contextlib.contextmanager
def session_scope(engine: Engine, path: Path, *, write: bool) -> Iterator[Session]:
    """One transaction: committed if the block succeeds, rolled back (nothing changed) if not.

    ``write=True`` takes SQLite's write lock at the start (``BEGIN IMMEDIATE``).
    """
    bind = engine.execution_options(swissdesk_write=write)
    with translated_errors(path):
        session = Session(bind=bind, expire_on_commit=False, autoflush=True)
        try:
            yield session
            if write:
                session.commit()
            else:
                session.rollback()
        except BaseException:
            session.rollback()
            raise
        finally:
            session.close()


def corrupt_copy_path(path: Path) -> Path:
    """Where a damaged file is copied: ``NAME.corrupt-YYYYmmdd-HHMMSS.swissdesk``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    candidate = path.with_name(f"{stem}.corrupt-{stamp}{SUFFIX}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{stem}.corrupt-{stamp}-{n}{SUFFIX}")
    return candidate


def keep_corrupt_copy(path: Path, reason: str) -> CorruptFileError:
    """Copy a damaged file (and its WAL) aside, untouched; the error to show the arbiter.

    One copy per damaged content: opening the same damaged file again names the copy
    already made instead of filling the disk with identical copies.
    """
    copy: Path | None = existing_corrupt_copy(path)
    if copy is not None:
        kept = f"a copy was already kept as {copy}"
    else:
        copy = corrupt_copy_path(path)
        try:
            shutil.copy2(path, copy)
            for extra in ("-wal", "-journal"):
                side = Path(str(path) + extra)
                if side.exists():
                    shutil.copy2(side, Path(str(copy) + extra))
        except OSError:
            copy = None
        kept = f"a copy was kept as {copy}" if copy else "no copy could be made"
    return CorruptFileError(
        f"the tournament file {path} is damaged ({reason}). It was not changed and {kept}. "
        "Use your latest backup or export, or send the copy to support.",
        copy,
    )


def existing_corrupt_copy(path: Path) -> Path | None:
    """A copy made earlier by :func:`keep_corrupt_copy` with the same content as ``path``
    (and the same ``-wal``/``-journal`` beside it), if there is one."""
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    try:
        size = path.stat().st_size
        candidates = sorted(path.parent.glob(f"{_glob_escape(stem)}.corrupt-*{SUFFIX}"))
    except OSError:
        return None
    for candidate in candidates:
        try:
            if candidate.stat().st_size != size or not _same_bytes(path, candidate):
                continue
            if all(
                _same_side(Path(f"{path}{extra}"), Path(f"{candidate}{extra}"))
                for extra in ("-wal", "-journal")
            ):
                return candidate
        except OSError:
            continue
    return None


def _glob_escape(text: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in text)


def _same_side(a: Path, b: Path) -> bool:
    if not a.exists():
        return not b.exists()
    return b.exists() and a.stat().st_size == b.stat().st_size and _same_bytes(a, b)


def _same_bytes(a: Path, b: Path, chunk: int = 1 << 20) -> bool:
    with a.open("rb") as fa, b.open("rb") as fb:
        while True:
            x, y = fa.read(chunk), fb.read(chunk)
            if x != y:
                return False
            if not x:
                return True


def check_file(
    path: Path, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS, *, read_only: bool = False
) -> int:
    """Check ``path`` before opening it; returns its schema version.

    Raises :class:`NotATournamentFileError` for another program's file,
    :class:`CorruptFileError` (after copying it aside) when ``PRAGMA quick_check`` fails,
    :class:`NewerFileError` for a file from a newer swissdesk, :class:`LockedFileError`.
    Nothing is written to the file (SQLite may only replay its own WAL).
    """
    if not path.exists():
        raise StorageError(f"the tournament file {path} does not exist")
    if path.is_dir():
        raise NotATournamentFileError(f"{path} is a folder, not a tournament file")
    remove_stale_wal_files(path)
    try:
        with path.open("rb") as fh:
            header = fh.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StorageError(f"the tournament file {path} cannot be read: {exc.strerror}") from exc
    if not header:
        raise NotATournamentFileError(
            f"{path} is empty (0 bytes): it holds no tournament; use a backup or an export"
        )
    if header != SQLITE_HEADER:
        if path.suffix == SUFFIX:
            raise keep_corrupt_copy(path, "it does not start like an SQLite database")
        raise NotATournamentFileError(
            f"{path} is not a swissdesk tournament file (expected a {SUFFIX} file)"
        )
    try:
        if read_only:
            con = sqlite3.connect(read_only_uri(path), timeout=busy_timeout_ms / 1000, uri=True)
        else:
            con = sqlite3.connect(path, timeout=busy_timeout_ms / 1000)
    except sqlite3.Error as exc:
        raise translate_error(exc, path) from exc
    try:
        try:
            con.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            rows = con.execute("PRAGMA quick_check").fetchall()
        except sqlite3.Error as exc:
            err = translate_error(exc, path)
            if isinstance(err, CorruptFileError):
                raise keep_corrupt_copy(path, str(exc)) from exc
            raise err from exc
        if [r[0] for r in rows] != ["ok"]:
            raise keep_corrupt_copy(path, "; ".join(str(r[0]) for r in rows[:3]))
        try:
            app_id = con.execute("PRAGMA application_id").fetchone()[0]
            version_row = con.execute(
                "SELECT value FROM meta WHERE key = 'schema_version'"
            ).fetchone()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                raise NotATournamentFileError(
                    f"{path} is an SQLite database but not a swissdesk tournament file"
                ) from exc
            raise translate_error(exc, path) from exc
        if app_id != schema.APPLICATION_ID or version_row is None:
            raise NotATournamentFileError(
                f"{path} is an SQLite database but not a swissdesk tournament file"
            )
        try:
            version = int(version_row[0])
        except ValueError:
            raise keep_corrupt_copy(path, "its schema version is unreadable") from None
    finally:
        con.close()
    if version > schema.SCHEMA_VERSION:
        raise NewerFileError(
            f"the tournament file {path} was written by a newer swissdesk (file format "
            f"{version}, this program knows up to {schema.SCHEMA_VERSION}); please update "
            "swissdesk to open it. The file was not changed."
        )
    return version


def migrate(path: Path, from_version: int, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> Path:
    """Upgrade ``path`` from ``from_version`` to the current schema in one transaction.

    A copy of the old file is kept first (``NAME.before-upgrade-vN.swissdesk``), so an older
    swissdesk can still open the tournament. Returns that copy's path.
    """
    target = schema.SCHEMA_VERSION
    missing = [v for v in range(from_version, target) if v not in MIGRATIONS]
    if missing:
        raise StorageError(
            f"the tournament file {path} uses file format {from_version}, which this "
            "swissdesk cannot upgrade"
        )
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    backup = path.with_name(f"{stem}.before-upgrade-v{from_version}{SUFFIX}")
    con = sqlite3.connect(path, timeout=busy_timeout_ms / 1000, isolation_level=None)
    try:
        with translated_errors(path):
            # The backup API copies a consistent image even with a WAL beside the file.
            if not backup.exists():
                dest = sqlite3.connect(backup)
                try:
                    con.backup(dest)
                finally:
                    dest.close()
            con.execute("PRAGMA foreign_keys = OFF")
            con.execute("BEGIN IMMEDIATE")
            try:
                for version in range(from_version, target):
                    MIGRATIONS[version](con)
                con.execute(
                    "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(target),)
                )
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                raise
    finally:
        con.close()
    return backup


def fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (POSIX; a no-op where unsupported)."""
    if os.name != "posix":  # pragma: no cover - Windows has no directory fsync
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)
