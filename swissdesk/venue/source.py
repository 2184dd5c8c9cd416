"""The tournament files the venue serves, read-only, and how it notices that they changed.

Each file is opened as every reader opens it (:meth:`TournamentFile.open`, WAL: a reader
never blocks the arbiter's writes), never upgraded (a file of an older swissdesk is refused
with a message: the arbiter opens it in swissdesk first). The venue's only writes are the
players' check-ins and result reports while the arbiter has opened them (issue 35,
:mod:`swissdesk.venue.phones`), each one storage command. Whether anything changed is asked of SQLite through a connection of its own,
``PRAGMA data_version`` (it changes when another connection, in any process, commits): a
few microseconds, however many phones are reading. Only then is the file read again, once
(by the server in a child process of its own, :mod:`~swissdesk.venue.worker`): its list of
sections, then each section's pages data (:func:`~swissdesk.venue.data.read_section`).
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from swissdesk.errors import InputError
from swissdesk.storage import StorageError, TournamentFile, database, schema, schemacheck
from swissdesk.venue.data import SectionData, read_section, slug_for


@dataclass(frozen=True, slots=True)
class Section:
    """One served tournament: the file, the section's name and its URL name."""

    slug: str
    name: str
    file: ServedFile
    key: int | str | None = None
    """The section of the file (its id; ``None``: a file without a sections list)."""


def served_names(tf: TournamentFile) -> list[tuple[int | None, str]]:
    """The sections of ``tf``'s file as the venue names them: (key, name); a file of one
    tournament is served under its name. The key is the section's id, which never changes:
    a section keeps its address while sections are added to the event or removed."""
    infos = tf.sections()
    if len(infos) <= 1:
        return [(infos[0].id if infos else None, tf.settings().name or tf.path.stem)]
    return [(info.id, info.name or f"Section {info.position}") for info in infos]


def section_slugs(tf: TournamentFile) -> list[tuple[str, str]]:
    """(URL name, name) of each section of ``tf``'s file, as ``swissdesk serve`` of that
    one file names them (the window builds the hall's display addresses with them)."""
    taken: set[str] = set()
    return [(slug_for(name, taken), name) for _key, name in served_names(tf)]


def open_for_reading(path: Path) -> TournamentFile:
    """``path`` opened as every reader opens it, never upgraded (a file of an older
    swissdesk is an :class:`InputError`: the arbiter opens it in swissdesk first)."""
    version = database.check_file(path)
    if version < schema.SCHEMA_VERSION:
        raise InputError(
            f"{path} was written by an older swissdesk (file format {version}): open it "
            "once in swissdesk to upgrade it; the venue only reads files"
        )
    return TournamentFile.open(path)


class FileReader:
    """One open tournament file and the handles of its sections (each made once, sharing
    the file's connection pool)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tf = open_for_reading(path)
        self._handles: dict[int | str, TournamentFile] = {}

    def handle(self, key: int | str | None) -> TournamentFile:
        """The handle of the section ``key`` (``None``: the file's first section)."""
        if key is None:
            return self.tf
        found = self._handles.get(key)
        if found is None:
            found = self._handles[key] = self.tf.section(key)
        return found

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.tf.close()


@dataclass(frozen=True, slots=True)
class ReadRequest:
    """What a read of one file needs to know of the server (plain values: it may be sent
    to a child process)."""

    path: str
    slugs: tuple[tuple[int | str | None, str], ...]
    """The URL names the file's sections have (by key): they keep them."""
    taken: frozenset[str]
    """Every URL name in use: a new section gets one of its own."""
    fide_ids: bool


@dataclass(frozen=True, slots=True)
class FileRead:
    """One file read: its sections now, in the arbiter's order, and their pages' data."""

    sections: tuple[tuple[int | str | None, str, str], ...]
    """(key, name, URL name) of each section."""
    data: Mapping[str, SectionData]


def read_file(reader: FileReader, request: ReadRequest) -> FileRead:
    """Read every section of the file again: its list of sections first (one added to the
    event while serving gets an address, one removed has none), then each one's data."""
    slugs = dict(request.slugs)
    taken = set(request.taken)
    listed: list[tuple[int | str | None, str, str]] = []
    data: dict[str, SectionData] = {}
    for key, name in served_names(reader.tf):
        slug = slugs.get(key) or slug_for(name, taken)
        listed.append((key, name, slug))
        data[slug] = read_section(reader.handle(key), slug, fide_ids=request.fide_ids)
    return FileRead(tuple(listed), data)


class ServedFile:
    """One open tournament file and its change detector."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.reader = FileReader(path)
        self._watch = sqlite3.connect(
            f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False
        )
        schemacheck.harden(self._watch)
        self._lock = threading.Lock()
        self.data_version = self._data_version()

    @property
    def tf(self) -> TournamentFile:
        return self.reader.tf

    def _data_version(self) -> int:
        with self._lock:
            row = self._watch.execute("PRAGMA data_version").fetchone()
        return int(row[0])

    def version(self) -> int | None:
        """SQLite's ``data_version`` of the file now: it changes whenever another
        connection (any program, the phones' own included) commits (``None``: unreadable).
        Unlike :meth:`changed` it leaves the pages' change check alone."""
        try:
            return self._data_version()
        except sqlite3.Error:
            return None

    def changed(self) -> bool:
        """Whether another connection committed since the last call (cheap)."""
        try:
            now = self._data_version()
        except sqlite3.Error:
            return False
        if now == self.data_version:
            return False
        self.data_version = now
        return True

    def sections(self) -> list[tuple[int | str | None, str, TournamentFile]]:
        """The event's sections in the arbiter's order: (key, name, handle). A file of one
        section is served under its tournament's name, an event of several under each
        section's name (each handle reads its own section of the one open file)."""
        return [(key, name, self.handle(key)) for key, name in served_names(self.tf)]

    def handle(self, key: int | str | None) -> TournamentFile:
        """The handle of the section ``key`` (``None``: the file's first section)."""
        return self.reader.handle(key)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._watch.close()
        self.reader.close()


class Venue:
    """The files served, their sections and the latest data of each section.

    :meth:`read` reads a file again (a worker thread or a child process does it: see
    :func:`read_file`); :meth:`apply` shows what it read, on the server's loop, in one go
    (the pages keep showing the previous data until then). The sections are read again
    with it: a section added to the event while serving appears, a removed one disappears.
    """

    def __init__(self, paths: Sequence[str | Path], *, fide_ids: bool = False) -> None:
        if not paths:
            raise InputError("no tournament file to serve")
        self.fide_ids = fide_ids
        self.files: list[ServedFile] = []
        try:
            for p in paths:
                path = Path(p)
                if not path.exists():
                    raise InputError(f"{path}: no such file")
                try:
                    self.files.append(ServedFile(path))
                except StorageError as exc:
                    raise InputError(str(exc)) from exc
        except BaseException:
            self.close()
            raise
        self.sections: list[Section] = []
        self.data: dict[str, SectionData] = {}
        self.versions: dict[str, int] = {}
        try:
            for served in self.files:
                self.reload(served)
        except BaseException:
            self.close()
            raise

    def section(self, slug: str) -> Section | None:
        return next((s for s in self.sections if s.slug == slug), None)

    def request(self, served: ServedFile) -> ReadRequest:
        """What reading ``served`` again needs (made on the server's loop)."""
        return ReadRequest(
            str(served.path),
            tuple((s.key, s.slug) for s in self.sections if s.file is served),
            frozenset(s.slug for s in self.sections),
            self.fide_ids,
        )

    def read(self, served: ServedFile) -> FileRead:
        """Read every section of ``served`` again (a worker thread may call it)."""
        return read_file(served.reader, self.request(served))

    def apply(self, served: ServedFile, fresh: FileRead) -> list[str]:
        """Show ``fresh`` (from :meth:`read`); the sections whose pages changed, appeared
        or disappeared (their version is bumped: the live pages are told)."""
        before = {s.slug for s in self.sections if s.file is served}
        listed = [Section(slug, name, served, key) for key, name, slug in fresh.sections]
        sections: list[Section] = []
        for f in self.files:
            sections += listed if f is served else [s for s in self.sections if s.file is f]
        changed = []
        data = dict(self.data)
        for slug in before - {s.slug for s in listed}:
            data.pop(slug, None)
            self.versions[slug] = self.versions.get(slug, 0) + 1
            changed.append(slug)
        for slug, section_data in fresh.data.items():
            if data.get(slug) != section_data:
                data[slug] = section_data
                self.versions[slug] = self.versions.get(slug, 0) + 1
                changed.append(slug)
        self.sections = sections
        self.data = {s.slug: data[s.slug] for s in sections if s.slug in data}
        return changed

    def reload(self, served: ServedFile) -> list[str]:
        """:meth:`read` and :meth:`apply` in one go."""
        return self.apply(served, self.read(served))

    def close(self) -> None:
        for served in self.files:
            served.close()
