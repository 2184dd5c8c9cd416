"""Copying the tournament out of a file swissdesk refuses to open because its schema holds
SQL swissdesk never writes (:class:`~swissdesk.storage.errors.UntrustedFileError`): the rows
of swissdesk's own tables go, column by column, into a clean new file; nothing the file
defines (triggers, views, other tables, defaults, indexes) is copied or run.

The source is read with the defences of :func:`~swissdesk.storage.schemacheck.harden`, only
from real tables (a view standing where a table should be is left out: reading it would run
its query), within :data:`~swissdesk.storage.database.OPEN_TIME_LIMIT_S`, and never written.
The clean file has the current schema: an older file's rows get the columns later versions
added with the models' defaults, which is what its upgrade does
(``MIGRATIONS`` only add tables and columns; tests/storage/test_storage_untrusted.py checks
that a recovered older file equals the upgraded one). Its audit log gains one row saying
where it came from and what was left out.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from swissdesk import __version__
from swissdesk.i18n import _
from swissdesk.storage import database, schema, schemacheck
from swissdesk.storage.commands.base import utc_now
from swissdesk.storage.errors import (
    ActionRefused,
    NewerFileError,
    NotATournamentFileError,
    StorageError,
)


def recover_file(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> tuple[str, ...]:
    """Copy the tournament of ``source`` into the new file ``target`` (never overwritten);
    returns what was left out, in words (empty: ``source`` was a clean file already)."""
    src, dest = Path(source), Path(target)
    _check_source(src)
    if dest.exists():
        raise ActionRefused(
            _("{dest} already exists; choose another name (it was not changed)").format(dest=dest)
        )
    if not dest.parent.is_dir():
        raise StorageError(
            _("cannot create {dest}: the folder {parent} does not exist").format(
                dest=dest, parent=dest.parent
            )
        )
    read_only = not database.is_writable(src)
    con = database.connect_checked(src, read_only=read_only)
    tmp = dest.with_name(f".{dest.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        con.execute("PRAGMA query_only = ON")
        with database.time_limit(con, database.OPEN_TIME_LIMIT_S) as stopped:
            try:
                con.execute("BEGIN")
                left_out = _copy(con, src, tmp)
                con.execute("ROLLBACK")
            except sqlite3.Error as exc:
                if stopped.is_set():
                    raise StorageError(
                        _(
                            "reading {src} took longer than {OPEN_TIME_LIMIT_S:g} s and was "
                            "stopped; nothing was copied"
                        ).format(src=src, OPEN_TIME_LIMIT_S=database.OPEN_TIME_LIMIT_S)
                    ) from exc
                raise database.translate_error(exc, src) from exc
        if dest.exists():
            raise ActionRefused(_("{dest} already exists; choose another name").format(dest=dest))
        os.replace(tmp, dest)
    except BaseException:
        for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm"), Path(f"{tmp}-journal")):
            with contextlib.suppress(OSError):
                leftover.unlink()
        raise
    finally:
        con.close()
    database.fsync_directory(dest.parent)
    return left_out


def _check_source(src: Path) -> None:
    if not src.is_file():
        raise StorageError(
            _("the tournament file {src} does not exist or is not a file").format(src=src)
        )
    try:
        with src.open("rb") as fh:
            header = fh.read(len(database.SQLITE_HEADER))
    except OSError as exc:
        raise StorageError(
            _("the tournament file {src} cannot be read: {strerror}").format(
                src=src, strerror=exc.strerror
            )
        ) from exc
    if header != database.SQLITE_HEADER:
        raise NotATournamentFileError(_("{src} is not a swissdesk tournament file").format(src=src))


def _copy(con: sqlite3.Connection, src: Path, tmp: Path) -> tuple[str, ...]:
    if con.execute("PRAGMA application_id").fetchone()[0] != schema.APPLICATION_ID:
        raise NotATournamentFileError(_("{src} is not a swissdesk tournament file").format(src=src))
    found = schemacheck.describe(con)
    if "meta" not in found.tables:
        raise NotATournamentFileError(_("{src} is not a swissdesk tournament file").format(src=src))
    row = con.execute("SELECT value FROM main.meta WHERE key = 'schema_version'").fetchone()
    if row is None:
        raise NotATournamentFileError(_("{src} is not a swissdesk tournament file").format(src=src))
    version = database.schema_version(src, row[0])
    if version > schema.SCHEMA_VERSION:
        raise NewerFileError(
            _(
                "the tournament file {src} was written by a newer swissdesk (file format "
                "{version}); please update swissdesk to copy it"
            ).format(src=src, version=version)
        )
    exact = version == schema.SCHEMA_VERSION
    left_out = tuple(schemacheck.differences(found, exact=exact))
    expected = schemacheck.expected_shape()
    _create_clean(tmp)
    out = sqlite3.connect(tmp, isolation_level=None)
    try:
        schemacheck.harden(out)
        out.execute("PRAGMA foreign_keys = OFF")
        out.execute("BEGIN IMMEDIATE")
        upgraded = _upgrade_values(con, found) if version < schema.SCHEMA_VERSION else {}
        for name, table in expected.tables.items():
            have = found.tables.get(name)
            if have is None:
                continue
            _copy_table(con, out, name, list(table.columns), have, upgraded)
        if version < 11:  # the ratings the upgrade to schema 11 gives (issue 31)
            database.fill_v11_ratings(out)
        if upgraded:  # the keys the sections upgrade moved into the section
            marks = ", ".join("?" for _ in MOVED_KEYS)
            out.execute(f"DELETE FROM meta WHERE key IN ({marks})", MOVED_KEYS)
        out.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
            (str(schema.SCHEMA_VERSION),),
        )
        summary = f"copied from {src.name} into a clean file" + (
            f", leaving out: {schemacheck.describe_differences(left_out, 6)}" if left_out else ""
        )
        out.execute(
            "INSERT INTO audit (at, action, summary, payload) VALUES (?, ?, ?, ?)",
            (
                utc_now(),
                "RecoverFile",
                summary,
                json.dumps(
                    {
                        "source": str(src),
                        "left_out": list(left_out),
                        "by": f"swissdesk {__version__}",
                    }
                ),
            ),
        )
        broken = out.execute("PRAGMA foreign_key_check").fetchmany(3)
        if broken:
            raise StorageError(
                _(
                    "the tournament in {src} cannot be copied: its rows contradict each other "
                    "(a row of {broken} refers to a missing row of {broken2}); nothing was "
                    "written"
                ).format(src=src, broken=broken[0][0], broken2=broken[0][2])
            )
        out.execute("COMMIT")
        out.execute("PRAGMA journal_mode = DELETE")
    finally:
        out.close()
    return left_out


def _create_clean(tmp: Path) -> None:
    """An empty file with swissdesk's schema and id."""
    tmp.unlink(missing_ok=True)
    engine = database.make_engine(tmp, check_schema=False)
    try:
        with database.translated_errors(tmp):
            schema.Base.metadata.create_all(engine)
            with engine.connect() as conn:
                conn.exec_driver_sql(f"PRAGMA application_id = {schema.APPLICATION_ID}")
                conn.commit()
    finally:
        engine.dispose()
    for side in (Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        side.unlink(missing_ok=True)


MOVED_KEYS = ("trf_version", "declared_through")
"""``meta`` keys of a file before sections (schema 6) that its upgrade moves into the
section's ``tournament`` row."""


def _upgrade_values(
    con: sqlite3.Connection, found: schemacheck.Shape
) -> dict[tuple[str, str], Any]:
    """What the upgrade of an older file gives the columns it lacks beyond the models'
    defaults (``database.migrate_5_sections``): its one tournament is section 1 of the
    event (every row's ``section_id``), and the ``meta`` keys of :data:`MOVED_KEYS` become
    the section's columns."""
    player = found.tables.get("player")
    if player is not None and "section_id" in player.columns:
        return {}
    row = con.execute("SELECT min(id) FROM main.tournament").fetchone()
    section = int(row[0]) if row and row[0] is not None else 1
    meta = dict(con.execute("SELECT key, value FROM main.meta").fetchall())
    values: dict[tuple[str, str], Any] = {
        (table, "section_id"): section
        for table in ("player", "round", "entry", "audit", "team_settings", "team",
                      "team_member", "team_board")
    }  # fmt: skip
    values["tournament", "trf_version"] = str(meta.get("trf_version", ""))
    declared = meta.get("declared_through")
    values["tournament", "declared_through"] = (
        int(declared) if declared is not None and str(declared).isdigit() else None
    )
    return values


def _copy_table(
    con: sqlite3.Connection,
    out: sqlite3.Connection,
    name: str,
    columns: list[str],
    have: schemacheck.Table,
    upgraded: dict[tuple[str, str], Any] | None = None,
) -> None:
    """The rows of table ``name``: the columns ``have`` (a real table of the source) has as
    plain columns; the others get what the upgrade gives them (``upgraded``), else the
    models' defaults."""
    present = [c for c in columns if c in have.columns and not have.columns[c].hidden]
    absent = [c for c in columns if c not in present]
    given = upgraded or {}
    defaults = [given.get((name, c), _model_default(name, c)) for c in absent]
    if not present:
        return
    select = ", ".join(_quoted(c) for c in present)
    into = ", ".join(_quoted(c) for c in present + absent)
    marks = ", ".join("?" for _ in present + absent)
    insert = f"INSERT INTO {_quoted(name)} ({into}) VALUES ({marks})"
    cursor = con.execute(f"SELECT {select} FROM main.{_quoted(name)}")
    while batch := cursor.fetchmany(1000):
        out.executemany(insert, [(*row, *defaults) for row in batch])


def _model_default(table: str, column: str) -> Any:
    model = schema.Base.metadata.tables.get(table)
    col = model.columns.get(column) if model is not None else None
    default = getattr(col, "default", None)
    if default is not None and getattr(default, "is_scalar", False):
        return default.arg
    return None


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
