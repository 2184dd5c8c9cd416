"""The tournament files the venue serves, read-only, and how it notices that they changed.

Each file is opened as every reader opens it (:meth:`TournamentFile.open`, WAL: a reader
never blocks the arbiter's writes), never upgraded (a file of an older swissdesk is refused
with a message: the arbiter opens it in swissdesk first). The venue's only writes are the
players' check-ins and result reports while the arbiter has opened them (issue 35,
:mod:`swissdesk.venue.phones`), each one storage command. Whether anything changed is asked of SQLite through a connection of its own,
``PRAGMA data_version`` (it changes when another connection, in any process, commits): a
few microseconds, however many phones are reading. Only then is the file read again, once,
and each section's pages data rebuilt (:func:`~swissdesk.venue.data.read_section`).
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Sequence
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
    """The section of the file (``None``: the file's only tournament)."""


def served_names(tf: TournamentFile) -> list[tuple[int | None, str]]:
    """The sections of ``tf``'s file as the venue names them: (key, name); a file of one
    tournament is served under its name (key ``None``)."""
    infos = tf.sections()
    if len(infos) <= 1:
        return [(None, tf.settings().name or tf.path.stem)]
    return [(info.id, info.name or f"Section {info.position}") for info in infos]


def section_slugs(tf: TournamentFile) -> list[tuple[str, str]]:
    """(URL name, name) of each section of ``tf``'s file, as ``swissdesk serve`` of that
    one file names them (the window builds the hall's display addresses with them)."""
    taken: set[str] = set()
    return [(slug_for(name, taken), name) for _key, name in served_names(tf)]


class ServedFile:
    """One open tournament file and its change detector."""

    def __init__(self, path: Path) -> None:
        self.path = path
        version = database.check_file(path)
        if version < schema.SCHEMA_VERSION:
            raise InputError(
                f"{path} was written by an older swissdesk (file format {version}): open it "
                "once in swissdesk to upgrade it; the venue only reads files"
            )
        self.tf = TournamentFile.open(path)
        self._watch = sqlite3.connect(
            f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False
        )
        schemacheck.harden(self._watch)
        self._lock = threading.Lock()
        self._handles: dict[int | str, TournamentFile] = {}
        self.data_version = self._data_version()

    def _data_version(self) -> int:
        with self._lock:
            row = self._watch.execute("PRAGMA data_version").fetchone()
        return int(row[0])

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
        """The handle of the section ``key`` (``None``: the file's first section); made
        once, sharing the file's connection pool (never closed on its own)."""
        if key is None:
            return self.tf
        found = self._handles.get(key)
        if found is None:
            found = self._handles[key] = self.tf.section(key)
        return found

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._watch.close()
        with contextlib.suppress(Exception):
            self.tf.close()


class Venue:
    """The files served and the latest data of each of their sections.

    :meth:`reload` reads a file again (a worker thread calls it; the pages keep showing
    the previous data until the new one replaces it in one assignment).
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
        taken: set[str] = set()
        for served in self.files:
            for key, name, _handle in served.sections():
                self.sections.append(Section(slug_for(name, taken), name, served, key))
        self.data: dict[str, SectionData] = {}
        self.versions: dict[str, int] = {s.slug: 0 for s in self.sections}
        for served in self.files:
            self.reload(served)

    def section(self, slug: str) -> Section | None:
        return next((s for s in self.sections if s.slug == slug), None)

    def changed_files(self) -> list[ServedFile]:
        """The files another process (or the window) wrote since the last look."""
        return [f for f in self.files if f.changed()]

    def read(self, served: ServedFile) -> dict[str, SectionData]:
        """Read every section of ``served`` again (a worker thread may call it)."""
        present = {key for key, _name, _handle in served.sections()}
        return {
            section.slug: read_section(
                served.handle(section.key), section.slug, fide_ids=self.fide_ids
            )
            for section in self.sections
            if section.file is served and section.key in present
        }

    def apply(self, fresh: dict[str, SectionData]) -> list[str]:
        """Show ``fresh`` (from :meth:`read`); the sections whose pages changed (their
        version is bumped: the live pages are told)."""
        changed = []
        for slug, data in fresh.items():
            if self.data.get(slug) != data:
                self.data[slug] = data
                self.versions[slug] += 1
                changed.append(slug)
        return changed

    def reload(self, served: ServedFile) -> list[str]:
        """:meth:`read` and :meth:`apply` in one go."""
        return self.apply(self.read(served))

    def close(self) -> None:
        for served in self.files:
            served.close()
