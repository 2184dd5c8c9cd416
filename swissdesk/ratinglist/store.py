"""The offline rating list: one SQLite database in the user's data folder, not in any
tournament file.

Each imported file is a *source* (``FIDE`` by default, or a national list's name): importing
a combined list replaces that source's players; a separate standard, rapid or blitz list
updates that rating type of the source and adds the players it does not know yet. An import
is one transaction: a damaged, truncated or cancelled file leaves the previous list exactly
as it was, and readers keep reading the old list while the import runs (WAL).

Lookups: by name prefix, case and accents ignored, surname first ("carlsen m") or given name
first ("magnus c"), optionally by federation; by FIDE ID. Both are index range scans, so a
lookup costs milliseconds on a list of a million players.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import time
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path

from swissdesk.i18n import _
from swissdesk.ratinglist.names import given_name_first, prefix_upper_bound, search_key
from swissdesk.ratinglist.parse import (
    RATING_KINDS,
    CancelCheck,
    ListedPlayer,
    ProgressCallback,
    RatingListError,
    ReadCounts,
    read_list,
)

SCHEMA_VERSION = 2
"""2: ``players.national_id`` (a custom format's lists, issue 31), the ``downloads`` and
``formats`` tables; a version-1 database gets them when opened."""
DEFAULT_SOURCE = "FIDE"
CANDIDATES = 2000
"""Matches read and ranked in full at most; a prefix with more matches is answered from the
rating index (see :meth:`RatingList.find`)."""
IMPORT_CACHE_KIB = 65536
"""SQLite page cache while importing (64 MB: sorting the indexes in memory, well under the
300 MB an import may use)."""

_PLAYER_FIELDS = [f.name for f in fields(ListedPlayer)]
_FIDE_ID_AT = _PLAYER_FIELDS.index("fide_id")
_INSERT_COLUMNS = ", ".join(["source", *_PLAYER_FIELDS, "key_surname", "key_given"])
_SECONDARY_INDEXES = (
    ("players_key_surname", "key_surname"),
    ("players_key_given", "key_given"),
    ("players_fide_id", "fide_id"),
    ("players_national_id", "national_id"),
    *((f"players_{kind}", kind) for kind in RATING_KINDS),
)
"""The lookup indexes: name keys both ways round, FIDE ID, and each rating type."""
_SCHEMA = (
    f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sources (
    name TEXT PRIMARY KEY, file TEXT NOT NULL, imported TEXT NOT NULL,
    list_date TEXT NOT NULL, players INTEGER NOT NULL, kinds TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    source TEXT NOT NULL, {", ".join(_PLAYER_FIELDS)},
    key_surname TEXT NOT NULL, key_given TEXT,
    PRIMARY KEY (source, fide_id));
CREATE TABLE IF NOT EXISTS downloads (
    name TEXT PRIMARY KEY, url TEXT NOT NULL, kind TEXT NOT NULL DEFAULT '',
    format TEXT NOT NULL DEFAULT '', checked TEXT NOT NULL DEFAULT '',
    sha256 TEXT NOT NULL DEFAULT '', bytes INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS formats (name TEXT PRIMARY KEY, definition TEXT NOT NULL);
"""
    + "".join(
        f"CREATE INDEX IF NOT EXISTS {name} ON players ({column});\n"
        for name, column in _SECONDARY_INDEXES
    )
    + """"""
)


@dataclass(frozen=True, slots=True)
class SourceInfo:
    """One imported list: its name, file, when it was imported, its date and size."""

    name: str
    file: str
    imported: str
    list_date: str
    players: int
    kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ListDownload:
    """Where a list is downloaded from (FIDE's checklist Q135-136): its source name, URL,
    rating type of a separate list (``""``: from the file), the custom format it is read
    with (``""``: FIDE's layouts), and the last good download: when (UTC,
    ``YYYY-MM-DD HH:MM``), its SHA-256 and size."""

    name: str
    url: str
    kind: str = ""
    format: str = ""
    checked: str = ""
    sha256: str = ""
    bytes: int = 0


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """What an import did."""

    source: str
    players: int
    skipped: int
    skipped_examples: tuple[str, ...]
    kinds: tuple[str, ...]
    seconds: float


@dataclass(frozen=True, slots=True)
class Match:
    """A lookup result: the listed player and the list it comes from."""

    player: ListedPlayer
    source: str

    def label(self, kind: str = "standard") -> str:
        """``Carlsen, Magnus · NOR · 2830 · GM`` (the rating of ``kind``)."""
        p = self.player
        parts = [p.name, p.federation or "-", str(p.rating(kind) or "unrated")]
        title = p.title or p.women_title
        if title:
            parts.append(title)
        return " · ".join(parts)


def list_date_from_name(file_name: str) -> str:
    """The list's month as FIDE's file names give it (``standard_nov25frl.zip`` ->
    ``2025-11``), else the empty string."""
    months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    m = re.search(r"(" + "|".join(months) + r")(\d{2})", file_name.lower())
    if not m:
        return ""
    return f"20{m.group(2)}-{months.index(m.group(1)) + 1:02d}"


class RatingList:
    """The rating list database at ``path`` (created on first import)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._read_connection: sqlite3.Connection | None = None

    def _reader(self) -> sqlite3.Connection:
        """One connection kept for lookups (a lookup per key press); WAL shows it every
        import committed since."""
        if self._read_connection is None:
            self._read_connection = self._connect()
        return self._read_connection

    def close(self) -> None:
        """Close the lookup connection (it is opened again when needed)."""
        if self._read_connection is not None:
            self._read_connection.close()
            self._read_connection = None

    def _connect(self, *, create: bool = False) -> sqlite3.Connection:
        if not create and not self.path.exists():
            raise RatingListError(
                _(
                    "no rating list has been imported yet: download FIDE's list "
                    "(players_list_xml.zip) and run 'swissdesk rating-list import FILE'"
                )
            )
        if create:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            _upgrade(conn)
            if create:
                conn.executescript(_SCHEMA)
                conn.execute(
                    "INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)",
                    (str(SCHEMA_VERSION),),
                )
        except sqlite3.DatabaseError as exc:
            raise RatingListError(
                _(
                    "{path}: the rating list database is unusable: {exc}"
                ).format(path=self.path, exc=exc)
            ) from None
        return conn

    def import_file(
        self,
        file: str | os.PathLike[str],
        *,
        source: str = DEFAULT_SOURCE,
        kind: str | None = None,
        list_date: str = "",
        progress: ProgressCallback | None = None,
        should_cancel: CancelCheck | None = None,
        keep_unless_percent: int | None = None,
        file_name: str = "",
    ) -> ImportSummary:
        """Import a rating list file as ``source`` in one transaction (see the module doc).

        ``keep_unless_percent``: a list that would leave the source with fewer players than
        this share of those it held is refused and the old list kept (a download cut short
        or a server's error file must not replace a good list). ``file_name``: what the
        list's information names as its file (default: the file's name; a download gives its
        address).
        """
        counts = ReadCounts()
        records = read_list(file, counts, progress=progress, should_cancel=should_cancel, kind=kind)
        return self.import_records(
            records,
            counts,
            source=source,
            file_name=file_name or Path(file).name,
            list_date=list_date or list_date_from_name(Path(file).name),
            keep_unless_percent=keep_unless_percent,
        )

    def import_records(
        self,
        records: Generator[ListedPlayer, None, None],
        counts: ReadCounts,
        *,
        source: str,
        file_name: str,
        list_date: str = "",
        keep_unless_percent: int | None = None,
        whole: bool = False,
    ) -> ImportSummary:
        """Import the players a reader yields (``counts`` filled as it reads) as ``source``
        in one transaction: a list of all three rating types, or ``whole`` (a custom format's
        list: the source's whole list), replaces the source's players; a separate list
        merges its rating type (see :meth:`import_file`)."""
        started = time.monotonic()
        conn = self._connect(create=True)
        try:
            conn.execute(f"PRAGMA cache_size = -{IMPORT_CACHE_KIB}")
            conn.execute("BEGIN IMMEDIATE")
            before = conn.execute(
                "SELECT COUNT(*) FROM players WHERE source = ?", (source,)
            ).fetchone()[0]
            first = next(records, None)
            if first is None:
                raise RatingListError(_(
                                          "{file_name}: the list holds no player"
                                      ).format(file_name=file_name))
            kinds = counts.kinds
            if whole or set(kinds) >= set(RATING_KINDS):
                conn.execute("DELETE FROM players WHERE source = ?", (source,))
                # Sorting once (CREATE INDEX) is several times faster than keeping six
                # indexes in order while a million rows arrive in list order.
                for index in _SECONDARY_INDEXES:
                    conn.execute(f"DROP INDEX IF EXISTS {index[0]}")
                written = self._insert(conn, source, _chain(first, records))
                for name, column in _SECONDARY_INDEXES:
                    conn.execute(f"CREATE INDEX {name} ON players ({column})")
            else:
                written = self._merge(conn, source, kinds[0], _chain(first, records))
            total = conn.execute(
                "SELECT COUNT(*) FROM players WHERE source = ?", (source,)
            ).fetchone()[0]
            if keep_unless_percent is not None and 100 * total < keep_unless_percent * before:
                raise RatingListError(
                    _(
                        "{file_name} holds {total:,} players where the {source} list had "
                        "{before:,}: less than {keep_unless_percent} % of them, which no new "
                        "month of a list does (a list cut short, or another file?); the "
                        "previous list is kept"
                    ).format(
                        file_name=file_name,
                        total=total,
                        source=source,
                        before=before,
                        keep_unless_percent=keep_unless_percent,
                    )
                )
            old = conn.execute("SELECT kinds FROM sources WHERE name = ?", (source,)).fetchone()
            all_kinds = set(kinds) | (set(old[0].split(",")) if old and old[0] else set())
            conn.execute(
                "INSERT OR REPLACE INTO sources VALUES (?, ?, ?, ?, ?, ?)",
                (
                    source,
                    file_name,
                    time.strftime("%Y-%m-%d %H:%M"),
                    list_date,
                    total,
                    ",".join(k for k in RATING_KINDS if k in all_kinds),
                ),
            )
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        finally:
            conn.close()
            records.close()
        return ImportSummary(
            source=source,
            players=written,
            skipped=counts.skipped,
            skipped_examples=tuple(counts.skipped_examples),
            kinds=counts.kinds,
            seconds=time.monotonic() - started,
        )

    @staticmethod
    def _row(source: str, p: ListedPlayer) -> tuple[object, ...]:
        given = given_name_first(p.name)
        values = [getattr(p, f) for f in _PLAYER_FIELDS]
        values[_FIDE_ID_AT] = p.fide_id or None  # no FIDE ID: NULL, never a shared key
        return (source, *values, search_key(p.name), search_key(given) if given else None)

    def _insert(
        self, conn: sqlite3.Connection, source: str, players: Iterable[ListedPlayer]
    ) -> int:
        marks = ", ".join("?" * (len(_PLAYER_FIELDS) + 3))
        written = 0
        for batch in _batches(players, 5000):
            conn.executemany(
                f"INSERT OR REPLACE INTO players ({_INSERT_COLUMNS}) VALUES ({marks})",
                [self._row(source, p) for p in batch],
            )
            written += len(batch)
        return written

    def _merge(
        self, conn: sqlite3.Connection, source: str, kind: str, players: Iterable[ListedPlayer]
    ) -> int:
        """A separate list: its rating type replaced, the other types kept, new players added."""
        conn.execute(
            f"UPDATE players SET {kind} = NULL, {kind}_games = NULL, {kind}_k = NULL "
            "WHERE source = ?",
            (source,),
        )
        own = (kind, f"{kind}_games", f"{kind}_k")
        others = [f for f in _PLAYER_FIELDS if f != "fide_id" and not f.startswith(RATING_KINDS)]
        assignments = ", ".join(f"{f} = excluded.{f}" for f in (*own, *others))
        marks = ", ".join("?" * (len(_PLAYER_FIELDS) + 3))
        written = 0
        for batch in _batches(players, 5000):
            conn.executemany(
                f"INSERT INTO players ({_INSERT_COLUMNS}) VALUES ({marks}) "
                "ON CONFLICT (source, fide_id) DO UPDATE "
                f"SET {assignments}, key_surname = excluded.key_surname, "
                "key_given = excluded.key_given",
                [self._row(source, p) for p in batch],
            )
            written += len(batch)
        return written

    def find(
        self,
        query: str,
        *,
        federation: str | None = None,
        limit: int = 20,
        kind: str = "standard",
    ) -> list[Match]:
        """Players whose name starts with ``query`` (surname or given name first), or whose
        FIDE ID is ``query``: active players with the highest ``kind`` rating first.

        A prefix shared by more than :data:`CANDIDATES` players ("carl": every Carlos) is
        answered by walking the ``kind`` rating index from the top until ``limit`` match, so
        the strongest players come first without reading the whole range.
        """
        text = query.strip()
        if not text or limit <= 0 or kind not in RATING_KINDS:
            return []
        conn = self._reader()
        fed = " AND federation = ?" if federation else ""
        extra: tuple[object, ...] = (federation.strip().upper(),) if federation else ()
        columns = ", ".join(["source", *_PLAYER_FIELDS])
        try:
            if text.isdigit():
                rows = conn.execute(
                    f"SELECT {columns} FROM players WHERE (fide_id = ? OR national_id = ?)"
                    f"{fed} LIMIT ?",
                    (int(text), text, *extra, limit),
                ).fetchall()
                return [_match(r) for r in rows]
            if " " not in text and any(c.isdigit() for c in text):
                # a national list's own ID, such as "V71140"
                rows = conn.execute(
                    f"SELECT {columns} FROM players WHERE national_id = ?{fed} LIMIT ?",
                    (text.upper(), *extra, limit),
                ).fetchall()
                if rows:
                    return [_match(r) for r in rows]
            key = search_key(text)
            if not key:
                return []
            upper = prefix_upper_bound(key)
            where = (
                "((key_surname >= ? AND key_surname < ?) OR (key_given >= ? AND key_given < ?))"
                + fed
            )
            params = (key, upper, key, upper, *extra)
            count = conn.execute(
                f"SELECT COUNT(*) FROM (SELECT 1 FROM players WHERE {where} LIMIT ?)",
                (*params, CANDIDATES + 1),
            ).fetchone()[0]
            if count > CANDIDATES:
                rows = conn.execute(
                    f"SELECT {columns} FROM players INDEXED BY players_{kind} WHERE {where} "
                    f"ORDER BY {kind} DESC LIMIT ?",
                    (*params, limit),
                ).fetchall()
                return [_match(r) for r in rows]
            ranked = sorted(
                conn.execute(
                    f"SELECT instr(lower(flag), 'i') > 0, -coalesce({kind}, 0), name, rowid "
                    f"FROM players WHERE {where}",
                    params,
                ).fetchall()
            )[:limit]
            order = {row[3]: i for i, row in enumerate(ranked)}
            marks = ", ".join("?" * len(order))
            rows = conn.execute(
                f"SELECT {columns}, rowid FROM players WHERE rowid IN ({marks})", tuple(order)
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise RatingListError(_(
                                      "{path}: the rating list cannot be read: {exc}"
                                  ).format(path=self.path, exc=exc)) from None
        rows.sort(key=lambda r: order[r[-1]])
        return [_match(r[:-1]) for r in rows]

    def by_fide_id(self, fide_id: int) -> Match | None:
        """The player with this FIDE ID (the FIDE source first), or None."""
        found = self.find(str(fide_id), limit=10)
        found.sort(key=lambda m: m.source != DEFAULT_SOURCE)
        return found[0] if found else None

    def sources(self) -> list[SourceInfo]:
        """The imported lists."""
        if not self.path.exists():
            return []
        conn = self._connect()
        try:
            rows = conn.execute("SELECT * FROM sources ORDER BY name").fetchall()
        except sqlite3.DatabaseError as exc:
            raise RatingListError(_(
                                      "{path}: the rating list cannot be read: {exc}"
                                  ).format(path=self.path, exc=exc)) from None
        finally:
            conn.close()
        return [
            SourceInfo(r[0], r[1], r[2], r[3], int(r[4]), tuple(k for k in r[5].split(",") if k))
            for r in rows
        ]

    def source(self, name: str) -> SourceInfo | None:
        """The imported list called ``name``, or None."""
        return next((s for s in self.sources() if s.name == name), None)

    def downloads(self) -> list[ListDownload]:
        """The lists this computer downloads, by name (none before the first download)."""
        if not self.path.exists():
            return []
        conn = self._connect()
        try:
            rows = conn.execute(
                "SELECT name, url, kind, format, checked, sha256, bytes FROM downloads "
                "ORDER BY name"
            ).fetchall()
        except sqlite3.OperationalError:
            return []  # a database from before downloads (the table comes with the next write)
        except sqlite3.DatabaseError as exc:
            raise RatingListError(_(
                                      "{path}: the rating list cannot be read: {exc}"
                                  ).format(path=self.path, exc=exc)) from None
        finally:
            conn.close()
        return [ListDownload(r[0], r[1], r[2], r[3], r[4], r[5], int(r[6])) for r in rows]

    def save_download(self, download: ListDownload) -> None:
        """Keep (or replace) where the list ``download.name`` is downloaded from."""
        conn = self._connect(create=True)
        try:
            conn.execute(
                "INSERT OR REPLACE INTO downloads VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    download.name,
                    download.url,
                    download.kind,
                    download.format,
                    download.checked,
                    download.sha256,
                    download.bytes,
                ),
            )
        except sqlite3.DatabaseError as exc:
            raise RatingListError(
                _(
                    "{path}: the rating list cannot be written: {exc}"
                ).format(path=self.path, exc=exc)
            ) from None
        finally:
            conn.close()

    def forget_download(self, name: str) -> bool:
        """Stop downloading the list ``name`` (its players stay); False if it was not kept."""
        if not self.path.exists():
            return False
        conn = self._connect(create=True)
        try:
            return conn.execute("DELETE FROM downloads WHERE name = ?", (name,)).rowcount > 0
        finally:
            conn.close()


    def format_definitions(self) -> dict[str, str]:
        """The custom list formats kept, by name (their JSON: ``ratinglist.formats``)."""
        if not self.path.exists():
            return {}
        conn = self._connect()
        try:
            rows = conn.execute("SELECT name, definition FROM formats ORDER BY name").fetchall()
        except sqlite3.OperationalError:
            return {}  # a database from before formats (the table comes with the next write)
        except sqlite3.DatabaseError as exc:
            raise RatingListError(_(
                                      "{path}: the rating list cannot be read: {exc}"
                                  ).format(path=self.path, exc=exc)) from None
        finally:
            conn.close()
        return {str(r[0]): str(r[1]) for r in rows}

    def save_format_definition(self, name: str, definition: str) -> None:
        """Keep (or replace) the custom format ``name``."""
        conn = self._connect(create=True)
        try:
            conn.execute("INSERT OR REPLACE INTO formats VALUES (?, ?)", (name, definition))
        except sqlite3.DatabaseError as exc:
            raise RatingListError(_(
                                      "{path}: the rating list cannot be written: {exc}"
                                  ).format(path=self.path, exc=exc)) from None
        finally:
            conn.close()

    def forget_format(self, name: str) -> bool:
        """Delete the custom format ``name``; False if there is none."""
        if not self.path.exists():
            return False
        conn = self._connect(create=True)
        try:
            return conn.execute("DELETE FROM formats WHERE name = ?", (name,)).rowcount > 0
        finally:
            conn.close()


def _upgrade(conn: sqlite3.Connection) -> None:
    """A version-1 database (before issue 31's custom formats) gets ``national_id``."""
    columns = {row[1] for row in conn.execute("PRAGMA table_info(players)")}
    if columns and "national_id" not in columns:
        conn.execute("ALTER TABLE players ADD COLUMN national_id TEXT")
        conn.execute("CREATE INDEX IF NOT EXISTS players_national_id ON players (national_id)")


def _match(row: tuple[object, ...]) -> Match:
    values = dict(zip(_PLAYER_FIELDS, row[1:], strict=True))
    values["fide_id"] = values["fide_id"] or 0  # a national list's player without one
    values["national_id"] = values["national_id"] or ""
    return Match(ListedPlayer(**values), str(row[0]))  # type: ignore[arg-type]


def _chain(first: ListedPlayer, rest: Iterator[ListedPlayer]) -> Iterator[ListedPlayer]:
    yield first
    yield from rest


def _batches(items: Iterable[ListedPlayer], size: int) -> Iterator[list[ListedPlayer]]:
    batch: list[ListedPlayer] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch
