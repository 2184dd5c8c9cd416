"""Creating a new tournament file: schema, settings and first audit row, all or nothing.

:meth:`TournamentFile.create <swissdesk.storage.service.TournamentFile.create>`,
:meth:`~swissdesk.storage.service.TournamentFile.from_tournament` and the TRF import build
their file here, then open it.
"""

from __future__ import annotations

import errno
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import text as sql_text
from sqlalchemy.orm import Session

from swissdesk import __version__
from swissdesk.storage import convert, database, schema
from swissdesk.storage.commands.base import utc_now
from swissdesk.storage.errors import ActionRefused, DiskFullError, ReadOnlyFileError, StorageError
from swissdesk.storage.schema import AuditRecord, MetaRecord, TournamentRecord
from swissdesk.storage.views import TournamentSettings


def build_file(
    path: Path,
    settings: TournamentSettings,
    fill: Callable[[Session], None],
    action: str,
    summary: str,
    payload: dict[str, Any],
) -> None:
    """Create a complete tournament file at ``path`` (never overwriting one).

    Built under a temporary name and renamed into place, so a crash leaves either no file or
    a complete one: the schema, the settings, what ``fill`` adds and the first audit row
    (``action``, ``summary``, ``payload``) in one transaction.
    """

    if path.exists():
        raise ActionRefused(f"{path} already exists; choose another name (it was not changed)")
    if not path.parent.is_dir():
        what = "is not a folder" if path.parent.exists() else "does not exist"
        raise StorageError(f"cannot create {path}: {path.parent} {what}")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm"), Path(f"{tmp}-journal")):
        leftover.unlink(missing_ok=True)
    try:
        tmp.open("xb").close()  # SQLite fills an empty file as a new database
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise ReadOnlyFileError(
                f"cannot create {path}: the folder {path.parent} cannot be written "
                "(read-only medium or no permission); choose another folder"
            ) from exc
        if exc.errno == errno.ENOSPC:
            raise DiskFullError(f"cannot create {path}: the disk is full") from exc
        raise StorageError(f"cannot create {path}: {exc.strerror}") from exc
    engine = database.make_engine(tmp)
    try:
        with database.translated_errors(path):
            schema.Base.metadata.create_all(engine)
        with database.session_scope(engine, path, write=True) as session:
            session.execute(sql_text(f"PRAGMA application_id = {schema.APPLICATION_ID}"))
            session.add(MetaRecord(key="schema_version", value=str(schema.SCHEMA_VERSION)))
            session.add(MetaRecord(key="created_with", value=f"swissdesk {__version__}"))
            rec = TournamentRecord(id=1)
            rec.extra_records = "[]"
            convert.write_settings(rec, settings)  # may add record 132 (round dates)
            rec.forbidden_pairs = "[]"
            rec.list_closed = False
            session.add(rec)
            session.flush()
            fill(session)
            session.add(
                AuditRecord(
                    at=utc_now(), action=action, summary=summary, payload=json.dumps(payload)
                )
            )
        with database.translated_errors(path), engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    except BaseException:
        engine.dispose()
        for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
            leftover.unlink(missing_ok=True)
        raise
    engine.dispose()
    if path.exists():
        tmp.unlink(missing_ok=True)
        raise ActionRefused(f"{path} already exists; choose another name")
    try:
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise StorageError(f"cannot create {path}: {exc.strerror}") from exc
    for leftover in (Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        leftover.unlink(missing_ok=True)
    database.fsync_directory(path.parent)
