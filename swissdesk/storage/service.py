"""The tournament file service: what the GUI, the reports and the command line call.

One :class:`TournamentFile` is one open ``.swissdesk`` file. Every method returns plain
frozen dataclasses (``swissdesk.model`` and ``swissdesk.storage.views``); no ORM object ever
leaves this package. Methods are thread-safe (one lock per open file), so the GUI may call
them from its database "lane" thread or from the GUI thread.

Every arbiter action (a command of :mod:`swissdesk.storage.commands`, found through its
registry) runs in exactly one SQLite transaction together with its audit-log row: when :meth:`TournamentFile.execute` returns,
the action is on disk (``synchronous=FULL``); when it raises, nothing changed.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from swissdesk.elo import RatingInputs
from swissdesk.engines.base import RoundPairing, pair_round
from swissdesk.errors import InputError, SwissdeskError
from swissdesk.i18n import Message, _, in_language, ngettext, said, worded
from swissdesk.model.external_tiebreak import ExternalTiebreak
from swissdesk.model.tournament import (
    ResultCode,
    TeamSettings,
    Tournament,
)
from swissdesk.norms import NormSettings
from swissdesk.prizes import PrizePlan
from swissdesk.storage import (
    convert,
    database,
    desk,
    newfile,
    ratings,
    readmodels,
    schema,
    teamviews,
)
from swissdesk.storage.commands import (
    REGISTRY,
    Action,
    PairNextRound,
    Redo,
    Undo,
    history,
    manual,
    round_robin,
)
from swissdesk.storage.commands.base import (
    player_by_tpn,
    tournament_row,
    utc_now,
)
from swissdesk.storage.commands.chess960 import Chess960State
from swissdesk.storage.commands.encoding import encode
from swissdesk.storage.commands.players import TPN_FROZEN_AFTER_ROUND as TPN_FROZEN_AFTER_ROUND
from swissdesk.storage.commands.players import initial_order_key as initial_order_key
from swissdesk.storage.commands.rounds import (
    absolute_criteria_warnings as absolute_criteria_warnings,
)
from swissdesk.storage.commands.rounds import pairable
from swissdesk.storage.errors import (
    ActionRefused,
    ReadOnlyFileError,
    StorageError,
)
from swissdesk.storage.importing import PreparedImport
from swissdesk.storage.levels import IntegrityEvent, require, updated_log
from swissdesk.storage.schema import AuditRecord, EntryRecord, PlayerRecord
from swissdesk.storage.sections import SECTION, audit_section, in_section
from swissdesk.storage.views import (
    ActionResult,
    AuditEntry,
    CodeHolder,
    EventPlayerRow,
    ManualPhase,
    PhoneAccess,
    PhoneBoard,
    PlayerData,
    PlayerRow,
    RatingCorrectionView,
    ReportView,
    RoundView,
    SectionInfo,
    TournamentSettings,
)
from swissdesk.trf.team_records import TeamEvent


class _OpenFile:
    """What the section handles of one open file share: the SQLite engine, the lock that
    serialises every read and write, and whether the file is closed."""

    def __init__(
        self, path: Path, busy_timeout_ms: int, read_only: bool, snapshot: Path | None = None
    ) -> None:
        self.path = path
        self.read_only = read_only
        self.snapshot = snapshot
        read_from = snapshot if snapshot is not None else path
        self.engine = database.make_engine(read_from, busy_timeout_ms, read_only=read_only)
        self.lock = threading.RLock()
        self.closed = False


class TournamentFile:
    """An open tournament file, acting on one of its sections. Create with :meth:`create`,
    :meth:`open` or :meth:`import_trf`; use as a context manager or call :meth:`close`.

    An event file holds one or more sections (each a complete tournament). Every query and
    action of a ``TournamentFile`` is about its section (:attr:`section_id`; by default the
    event's first section); :meth:`section` gives the handle of another section of the same
    open file (same lock, same connection pool; closing one closes the file). The event's
    own reads (:meth:`sections`, :meth:`event_players`, :meth:`audit_log`) and actions
    (:class:`~swissdesk.storage.commands.sections.AddSection`, moving a player) work from
    any handle.
    """

    def __init__(
        self,
        path: Path,
        busy_timeout_ms: int = database.DEFAULT_BUSY_TIMEOUT_MS,
        *,
        read_only: bool = False,
        snapshot: Path | None = None,
        section: int | str | None = None,
        _shared: _OpenFile | None = None,
    ):
        """Internal: use :meth:`open` / :meth:`create` (they check the file first).

        ``snapshot``: read-only, the file is read from this private copy (with the changes
        its WAL held folded in), removed on :meth:`close`."""
        self._file = _shared or _OpenFile(Path(path), busy_timeout_ms, read_only, snapshot)
        self.section_id = 0
        """The section this handle reads and acts on."""
        try:
            self.section_id = self._find_section(section)
        except BaseException:
            if _shared is None:
                self._file.engine.dispose()
            raise

    @property
    def path(self) -> Path:
        return self._file.path

    @property
    def read_only(self) -> bool:
        """Opened from a file swissdesk cannot write: queries work, actions are refused."""
        return self._file.read_only

    @property
    def _engine(self) -> Engine:
        return self._file.engine

    @property
    def _lock(self) -> threading.RLock:
        return self._file.lock

    @property
    def _closed(self) -> bool:
        return self._file.closed

    @property
    def _snapshot(self) -> Path | None:
        """The private copy a read-only file with a WAL is read from (``None``: the file)."""
        return self._file.snapshot

    # -----------------------------------------------------------------------------------
    # Sections

    def _find_section(self, key: int | str | None) -> int:
        """The id of the section named by ``key``: its id, its name (case and spaces
        ignored) or its place in the event ("2"); ``None``: the first section."""
        infos = self.sections()
        if not infos:
            raise StorageError(
                _(
                    "the tournament file {path} has no tournament settings (damaged file?)"
                ).format(path=self.path)
            )
        if key is None:
            return infos[0].id
        if isinstance(key, int):
            for info in infos:
                if info.id == key:
                    return info.id
            raise ActionRefused(_(
                                    "the event has no section {key}; {section_list}"
                                ).format(key=key, section_list=section_list(infos)))
        wanted = " ".join(key.split()).casefold()
        for info in infos:
            if " ".join(info.name.split()).casefold() == wanted:
                return info.id
        if wanted.isdigit() and 1 <= int(wanted) <= len(infos):
            return infos[int(wanted) - 1].id
        raise ActionRefused(_(
                                "the event has no section {key!r}; {section_list}"
                            ).format(key=key, section_list=section_list(infos)))

    def independent(self) -> TournamentFile:
        """Another handle on this open file, of the same section, with a connection pool
        and a lock of its own: what it does never waits for this handle's reads (the venue's
        phones write through one while its pages read through the other; SQLite's WAL lets
        both run, its write lock still lets one writer at a time). Closing one leaves the
        other open.

        It skips :meth:`open`'s checks (this file passed them) and, with them, their reads
        of the file through Python's own file handles: closing such a handle in a process
        that holds SQLite's locks on the file would release those locks (POSIX), and another
        program could then checkpoint the WAL under this process's readers (most likely why
        a second ``open`` in the venue's server reported the intact file "malformed" while
        another program wrote)."""
        if self._closed:
            raise StorageError(_("the tournament file {path} is closed").format(path=self.path))
        return TournamentFile(self.path, read_only=self.read_only, section=self.section_id)

    def section(self, key: int | str) -> TournamentFile:
        """The handle of another section of this open file (by id, name or place)."""
        return TournamentFile(self.path, section=key, _shared=self._file)

    def sections(self) -> list[SectionInfo]:
        """The event's sections in their order (the first is the default one)."""
        with self._read_event() as session:
            return readmodels.section_infos(session)

    def event_name(self) -> str:
        """The event's name (given with ``RenameEvent``, else from its sections' names)."""
        from swissdesk.storage.commands.sections import event_name

        with self._read_event() as session:
            return event_name(session)

    def document_language(self) -> str:
        """The tournament's language: the ISO 639-1 code its printed documents and venue
        pages are made in (``SetDocumentLanguage``; English for a file that never chose)."""
        from swissdesk.storage.commands.language import document_language

        with self._read_event() as session:
            return document_language(session)

    @property
    def section_name(self) -> str:
        """The name of this handle's section."""
        return self.settings().name

    def event_players(self) -> list[EventPlayerRow]:
        """Every player of every section, section by section in TPN order (the
        registration desk's and the check-in's "All sections" lists)."""
        with self._read_event() as session:
            return readmodels.event_player_rows(session)

    def desk_warnings(
        self, data: PlayerData, section: int | None = None, *, tpn: int | None = None
    ) -> tuple[str, ...]:
        """What the registration desk should tell the arbiter before ``data`` is registered
        in ``section`` (default: this handle's): the section's rating and age rules, and
        the same person already in a section played at the same time. ``tpn``: the
        player's own row (when editing or moving), not counted as someone else."""
        with self._read() as session:
            exclude = None
            if tpn is not None:
                exclude = player_by_tpn(session, tpn).id
            with in_section(session, section or self.section_id):
                return desk.desk_warnings(session, data, exclude_id=exclude)

    # -----------------------------------------------------------------------------------
    # Opening, creating, closing

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout_ms: int = database.DEFAULT_BUSY_TIMEOUT_MS,
        section: int | str | None = None,
    ) -> TournamentFile:
        """Open an existing tournament file after checking it (``PRAGMA quick_check``).

        A damaged file is copied aside and :class:`CorruptFileError` raised; a file from a
        newer swissdesk raises :class:`NewerFileError`; an older one is upgraded (a copy of
        the old file is kept). Another program's file raises
        :class:`NotATournamentFileError`. A file that cannot be written (read-only medium
        or permissions) is opened read-only (``read_only`` is True): it can be viewed and
        printed, and every action is refused with :class:`ReadOnlyFileError`.

        ``section`` chooses the section the handle acts on (id, name or place; default:
        the first); an unknown one raises :class:`ActionRefused` naming the sections.
        """
        p = Path(path)
        read_only = database.is_regular_file(p) and not database.is_writable(p)
        if read_only and database.wal_has_frames(p):
            # Changes committed but not yet copied into the file (swissdesk was killed) sit
            # in NAME-wal; a file opened read-only is read as it is on disk, without them.
            # They are read from a private copy instead, where the WAL is folded in.
            snapshot = database.read_only_snapshot(p)
            try:
                version = database.check_file(snapshot, busy_timeout_ms, read_only=True)
                if version < schema.SCHEMA_VERSION:
                    raise ReadOnlyFileError(
                        _(
                            "the tournament file {p} uses an older file format and must be "
                            "upgraded, but it cannot be written: copy it (with its -wal file) "
                            "to a writable folder first"
                        ).format(p=p)
                    )
                return cls(
                    p, busy_timeout_ms, read_only=True, snapshot=snapshot, section=section
                )
            except BaseException:
                database.remove_snapshot(snapshot)
                raise
        version = database.check_file(p, busy_timeout_ms, read_only=read_only)
        if version < schema.SCHEMA_VERSION:
            if read_only:
                raise ReadOnlyFileError(
                    _(
                        "the tournament file {p} uses an older file format and must be "
                        "upgraded, but it cannot be written: copy it to a writable folder first"
                    ).format(p=p)
                )
            database.migrate(p, version, busy_timeout_ms)
            # The upgraded file's rows are checked as a current file's are.
            database.check_file(p, busy_timeout_ms)
        return cls(p, busy_timeout_ms, read_only=read_only, section=section)

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        settings: TournamentSettings,
        *,
        players: Sequence[PlayerData] = (),
    ) -> TournamentFile:
        """Create a new tournament file (never overwrites an existing file).

        The file is built under a temporary name and renamed into place, so a crash leaves
        either no file or a complete one. ``players`` are registered in the given order
        (provisional TPNs; see :class:`~swissdesk.storage.actions.AssignPairingNumbers`).
        """
        return cls._build(Path(path), newfile.new_tournament(settings, players))

    @classmethod
    def from_tournament(
        cls,
        path: str | os.PathLike[str],
        tournament: Tournament,
        *,
        source: str = "",
        trf_version: str | None = None,
    ) -> TournamentFile:
        """Create a tournament file holding ``tournament`` exactly (e.g. read from a TRF).

        Rounds with pairings become paired rounds with their results; entries of the next
        round become its requested byes and absences. ``trf_version`` (``"16"`` or
        ``"2026"``) is remembered as the default format of :meth:`trf_version`.
        """
        recipe = newfile.imported_tournament(tournament, source, trf_version)
        return cls._build(Path(path), recipe)

    @classmethod
    def import_trf(
        cls,
        trf_path: str | os.PathLike[str],
        path: str | os.PathLike[str],
        *,
        system: str | None = None,
        confirmed: int = 0,
    ) -> TournamentFile:
        """Read a TRF (TRF16, TRF-2026, a team file) or a JSON tournament state into a new
        tournament file (:mod:`swissdesk.storage.importing`); ``system`` overrides the
        pairing system the file names.

        Every round of the file is checked against the pairing rules first (C.02 VCL Q54);
        a round that breaks them is a Level-3 warning (:class:`ConfirmationRequired` unless
        ``confirmed`` is 3 or more) and becomes ``### Import @ Round n`` in the tournament's
        log (Q55). :func:`~swissdesk.storage.importing.prepare_import` and
        :meth:`from_prepared` do the same in two steps (the window checks in a worker).
        """
        from swissdesk.storage import importing

        prepared = importing.prepare_import(trf_path, system)
        return cls.from_prepared(path, prepared, confirmed=confirmed)

    @classmethod
    def from_prepared(
        cls,
        path: str | os.PathLike[str],
        prepared: PreparedImport,
        *,
        confirmed: int = 0,
    ) -> TournamentFile:
        """Create the tournament file of a checked import (:meth:`import_trf`)."""
        _require_import(confirmed, [prepared])
        return cls._build(Path(path), _recipe_of(prepared))

    def import_notes(self) -> list[str]:
        """What the import of this tournament assumed, adjusted or found (empty for a
        tournament created here): kept in its first audit row in English and as messages,
        worded here in the current language (a file imported before the messages were kept
        shows its English)."""
        with self._read() as session:
            first = session.scalars(select(AuditRecord).order_by(AuditRecord.id).limit(1)).first()
            if first is None or first.action != "ImportTournament":
                return []
            payload = json.loads(first.payload)
        notes = [str(n) for n in payload.get("notes", [])]
        messages = payload.get("notes_said")
        if not isinstance(messages, list) or len(messages) != len(notes):
            return notes
        return [in_language(data, note) for data, note in zip(messages, notes, strict=True)]

    @classmethod
    def from_team_event(
        cls, path: str | os.PathLike[str], event: TeamEvent, source: str = ""
    ) -> TournamentFile:
        """Create a tournament file holding a TRF-2026 team event: teams, rosters, matches,
        line-ups and board results (:mod:`swissdesk.storage.teamtrf`)."""
        return cls._build(Path(path), newfile.imported_team_event(event, source))

    def team_event(self, *, include_pending: bool = False) -> TeamEvent:
        """The team event as a TRF-2026 team file holds it (complete rounds; with
        ``include_pending`` also the round being played, for printing its match sheets)."""
        from swissdesk.storage import teamtrf

        with self._read() as session:
            return teamtrf.team_event(session, include_pending=include_pending)

    @classmethod
    def _build(cls, path: Path, recipe: newfile.NewFile) -> TournamentFile:
        newfile.build_file(path, [recipe])
        return cls(path)

    @classmethod
    def import_event(
        cls,
        trf_paths: Sequence[str | os.PathLike[str]],
        path: str | os.PathLike[str],
        *,
        system: str | None = None,
        confirmed: int = 0,
    ) -> TournamentFile:
        """One event file with a section per file read (TRF16, TRF-2026, team files, JSON
        states), in the order given, each named by its file's tournament name (record 012;
        the file's name when it has none; a name given twice gets " (2)"). All or nothing:
        a file that cannot be read creates no event. Each file's rounds are checked as
        :meth:`import_trf` does; one question covers every round that breaks the rules."""
        from swissdesk.storage import importing

        prepared = [importing.prepare_import(trf_path, system) for trf_path in trf_paths]
        _require_import(confirmed, prepared)  # every file's rounds checked (Q54-55)
        recipes: list[newfile.NewFile] = []
        names: set[str] = set()
        for trf_path, one in zip(trf_paths, prepared, strict=True):
            recipe = _recipe_of(one)
            name = recipe.settings.name.strip() or Path(trf_path).stem
            unique, n = name, 1
            while unique.casefold() in names:
                n += 1
                unique = f"{name} ({n})"
            names.add(unique.casefold())
            recipes.append(recipe._replace(settings=replace(recipe.settings, name=unique)))
        newfile.build_file(Path(path), recipes)
        return cls(Path(path))

    def close(self) -> None:
        """Close the file, for every section handle (all actions are already saved; this
        only folds the WAL back)."""
        with self._lock:
            if self._closed:
                return
            self._file.closed = True
            if not self.read_only:
                self._checkpoint("TRUNCATE")
            self._engine.dispose()
            if self._file.snapshot is not None:
                database.remove_snapshot(self._file.snapshot)

    def _checkpoint(self, mode: str) -> None:
        """Copy committed transactions from the WAL into the main file (best effort).

        Done after every action: the ``.swissdesk`` file alone is then always complete, even
        if the arbiter copies just that file after a crash or pulls the USB stick. The
        action is already durable in the WAL, so a failure here loses nothing.
        """
        try:
            raw = self._engine.raw_connection()
        except Exception:
            return
        try:
            database.checkpoint_without_waiting(raw.driver_connection, mode)  # type: ignore[arg-type]
        except Exception:
            pass
        finally:
            raw.close()

    def __enter__(self) -> TournamentFile:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def save_copy(self, path: str | os.PathLike[str]) -> None:
        """Write a consistent copy of the tournament to ``path`` (backup, "save as", USB)."""
        dest_path = Path(path)
        if self._closed:
            raise StorageError(_("the tournament file {path} is closed").format(path=self.path))
        if dest_path.exists():
            raise ActionRefused(_(
                                    "{dest_path} already exists; choose another name"
                                ).format(dest_path=dest_path))
        tmp = dest_path.with_name(f".{dest_path.name}.{os.getpid()}.tmp")
        with self._lock, database.translated_errors(dest_path):
            raw = self._engine.raw_connection()
            try:
                dest = sqlite3.connect(tmp)
                try:
                    raw.driver_connection.backup(dest)  # type: ignore[union-attr]
                    dest.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
                finally:
                    dest.close()
                os.replace(tmp, dest_path)
            except BaseException:
                tmp.unlink(missing_ok=True)
                raise
            finally:
                raw.close()
        database.fsync_directory(dest_path.parent)

    def integrity_ok(self) -> bool:
        """``PRAGMA integrity_check`` passes (the full check, slower than at opening)."""
        with self._read() as session:
            rows = session.execute(_pragma("PRAGMA integrity_check")).all()
        return [r[0] for r in rows] == ["ok"]

    # -----------------------------------------------------------------------------------
    # Queries

    def _read(self) -> Any:
        """A read transaction on this handle's section."""
        if self._closed:
            raise StorageError(_("the tournament file {path} is closed").format(path=self.path))
        scope = database.session_scope(
            self._engine, self.path, write=False, section=self.section_id
        )
        return _Locked(self._lock, scope)

    def _read_event(self) -> Any:
        """A read transaction on the whole event (every section's rows)."""
        if self._closed:
            raise StorageError(_("the tournament file {path} is closed").format(path=self.path))
        return _Locked(self._lock, database.session_scope(self._engine, self.path, write=False))

    def settings(self) -> TournamentSettings:
        """The tournament settings."""
        with self._read() as session:
            return convert.settings_from_record(tournament_row(session))

    def snapshot(
        self, through_round: int | None = None, *, include_pending: bool = False
    ) -> Tournament:
        """The tournament after ``through_round`` (default: the last round with all results),
        with the byes and absences already known for the following round: exactly what a
        pairing engine, the tie-breaks or a TRF export need.

        ``include_pending=True`` (for printing the current round: board lists, pairing
        cards, result slips) adds the last paired round even while results are missing; a
        missing result then shows as ``ResultCode.NOT_PAIRED`` beside its opponent and
        colour. Never give such a snapshot to an engine or the tie-breaks.
        """
        with self._read() as session:
            if include_pending:
                last = convert.last_paired_round(session)
                return convert.build_snapshot(
                    session, through=last, pending_as=ResultCode.NOT_PAIRED
                )
            last = convert.completed_through(session)
            if through_round is not None and not 0 <= through_round <= last:
                raise ActionRefused(
                    _(
                        "round {through_round} is not complete (results are in up to round "
                        "{last})"
                    ).format(through_round=through_round, last=last)
                )
            return convert.build_snapshot(session, through=through_round)

    def trf_version(self) -> str:
        """The TRF format the tournament was imported from (``"16"``/``"2026"``), else 2026."""
        with self._read() as session:
            return tournament_row(session).trf_version or "2026"

    def board_order(self, round_number: int) -> list[tuple[int, int]]:
        """The published ``(white, black)`` TPN pairs of a paired round, in board order."""
        return [(b.white_tpn, b.black_tpn) for b in self.round_view(round_number).boards]

    def rounds_paired(self) -> int:
        """The number of the last paired round (0 before round 1 is paired)."""
        with self._read() as session:
            return convert.last_paired_round(session)

    def next_round_number(self) -> int:
        """The round that :meth:`pair_next_round` would pair."""
        return self.rounds_paired() + 1

    def players(self) -> list[PlayerRow]:
        """The list of participants in TPN order, with scores after the last complete round."""
        with self._read() as session:
            return readmodels.player_rows(session)

    def in_initial_order(self) -> bool:
        """Whether the pairing numbers follow C.04.2 art. 2.2 (tournament rating, title, the
        section's criterion)."""
        from swissdesk.storage.commands.players import in_initial_order

        with self._read() as session:
            return in_initial_order(session)

    def chess960(self) -> Chess960State:
        """Whether the tournament plays Chess960, and each paired round's position (Q222)."""
        from swissdesk.storage.commands.chess960 import read_state

        with self._read() as session:
            return read_state(session)

    def external_tiebreak(self) -> ExternalTiebreak:
        """The section's external tie-break (C.02 VCL Q207), values keyed by pairing
        number."""
        from swissdesk.storage.commands.base import tpn_map
        from swissdesk.storage.commands.external_tiebreak import read_external

        with self._read() as session:
            return read_external(session).with_keys(tpn_map(session))

    def half_byes_refused(self) -> set[int]:
        """Pairing numbers of the players not eligible for half-point byes (Q175)."""
        from swissdesk.storage.commands.player_flags import NO_HALF_BYE, flagged

        with self._read() as session:
            ids = flagged(session, NO_HALF_BYE)
            return {
                tpn
                for pid, tpn in session.execute(select(PlayerRecord.id, PlayerRecord.tpn))
                if pid in ids
            }

    def withdrawn(self) -> dict[int, int]:
        """TPN -> the round from which the player is withdrawn (not paired any more)."""
        return {
            p.tpn: p.withdrawn_from_round
            for p in self.players()
            if p.withdrawn_from_round is not None
        }

    def rating_inputs(self) -> RatingInputs:
        """What the rating changes read beyond the snapshot: each player's K, its source,
        rated games and national rating, the rating type and the national list's rules
        (:func:`swissdesk.elo.rating_changes`)."""
        return ratings.rating_inputs(self.settings(), self.players())

    def prize_plan(self) -> PrizePlan | None:
        """The section's prize plan (``None``: none kept; :mod:`swissdesk.prizes`)."""
        from swissdesk.storage.commands.prizes import plan_of

        with self._read() as session:
            return plan_of(session)

    def prize_ticks(self) -> dict[int, frozenset[str]]:
        """TPN -> the categories the arbiter ticked for that player."""
        from swissdesk.storage.commands.prizes import ticked_of

        with self._read() as session:
            return ticked_of(session)

    def rating_corrections(self) -> list[RatingCorrectionView]:
        """The games whose result counts differently in the rating report only (C.02
        Q192), by round and board."""
        from swissdesk.storage.commands.rating_corrections import listed

        with self._read() as session:
            return listed(session)

    def norm_settings(self) -> NormSettings:
        """The arbiter's declaration for the norms (:func:`swissdesk.norms.evaluate_norms`)."""
        return ratings.norm_settings(self.settings())

    def round_view(self, round_number: int) -> RoundView:
        """Boards, PAB, byes and absences of a paired round, or the byes already set for
        the next round (``paired=False``)."""
        with self._read() as session:
            return readmodels.round_view(session, round_number)

    def teams(self) -> list[teamviews.TeamRow]:
        """The teams of a team event in TPN order, with their rosters (C.04.6)."""
        with self._read() as session:
            return teamviews.team_rows(session)

    def team_round_view(self, round_number: int) -> teamviews.TeamRoundView:
        """The matches of a paired round of a team event, board by board, live scores."""
        with self._read() as session:
            return teamviews.team_round_view(session, round_number)

    def team_settings(self) -> TeamSettings:
        """The team options (C.04.6) of the tournament (defaults when none are set)."""
        with self._read() as session:
            return teamviews.team_settings(session)

    def audit_log(self, limit: int | None = None) -> list[AuditEntry]:
        """The event's audit log (every section's actions, each naming its section), oldest
        first (only the latest ``limit`` entries if given)."""
        with self._read_event() as session:
            return readmodels.audit_log(session, limit)

    def not_checked_in(self, round_number: int) -> list[PlayerRow]:
        """The players who would be paired in ``round_number`` but are not checked in (all
        of them while nobody is: check-in is not used then)."""
        from swissdesk.storage.commands.players import not_checked_in

        with self._read() as session:
            tpns = {rec.tpn for rec in not_checked_in(session, round_number)}
            return [row for row in readmodels.player_rows(session) if row.tpn in tpns]

    # -- the players' phones (issue 35) ---------------------------------------------------

    def phone_access(self) -> PhoneAccess:
        """What the arbiter opened to the players' phones in this section."""
        from swissdesk.storage import phoneviews

        with self._read() as session:
            return phoneviews.phone_access(session)

    def player_codes(self) -> dict[int, str]:
        """TPN -> personal code of this section's players who have one."""
        from swissdesk.storage import phoneviews

        with self._read() as session:
            return phoneviews.player_codes(session)

    def entry_fees(self) -> dict[int, tuple[int, int]]:
        """TPN -> (due, paid), in cents, for this section's players with an entry fee
        recorded (:class:`~swissdesk.storage.commands.fees.SetEntryFee`)."""
        from swissdesk.storage.commands import fees

        with self._read() as session:
            return fees.entry_fees(session)

    def fee_currency(self) -> str:
        """The currency entry fees are written in: the prize plan's (``""``: none named,
        the amounts are written plainly)."""
        plan = self.prize_plan()
        return plan.rules.currency if plan is not None else ""

    def code_holder(self, code: str) -> CodeHolder | None:
        """Who holds the personal code ``code`` in the event (``None``: nobody)."""
        from swissdesk.storage import phoneviews

        with self._read_event() as session:
            return phoneviews.code_holder(session, code)

    def reports(self, round_number: int, board: int | None = None) -> list[ReportView]:
        """The results reported from the phones for ``round_number``, by board (``board``:
        that board's only)."""
        from swissdesk.storage import phoneviews

        with self._read() as session:
            return phoneviews.reports(session, round_number, board)

    def phone_board(self, tpn: int, round_number: int) -> PhoneBoard | None:
        """Player ``tpn``'s board in ``round_number`` as a phone shows it (``None``: no
        game); reads that board only."""
        from swissdesk.storage import phoneviews

        with self._read() as session:
            return phoneviews.phone_board(session, tpn, round_number)

    def last_change(self) -> int:
        """The id of the event's latest audit row: it grows with every action saved by any
        program (the window asks it to see what the venue's phones wrote)."""
        with self._read_event() as session:
            value = session.scalar(select(func.max(AuditRecord.id)))
        return int(value or 0)

    def can_pair_next_round(self) -> tuple[bool, str]:
        """Whether the next round can be paired now, and why not (a sentence)."""
        with self._read() as session:
            current = manual.phase(session)
            if current is not None:
                return False, f"round {current['round']} is being paired by hand"
            try:
                n, _available = pairable(session)
            except ActionRefused as exc:
                return False, str(exc)
            return True, f"round {n} can be paired"

    def integrity_log(self) -> list[IntegrityEvent]:
        """The pairing-integrity events recorded so far, oldest first: what every exported
        TRF carries as ``###`` lines (:mod:`swissdesk.storage.levels`)."""
        with self._read() as session:
            return convert.integrity_events(tournament_row(session))

    def prohibited_pairs(self) -> list[tuple[int, int]]:
        """The pairs the arbiter prohibited (record 260), by pairing number."""
        from swissdesk.storage.commands.fide_mode import prohibited_pairs

        with self._read() as session:
            return prohibited_pairs(session)

    def manual_pairing(self) -> ManualPhase | None:
        """The round being paired by hand, or None (:mod:`~swissdesk.storage.commands.manual`)."""
        with self._read() as session:
            current = manual.phase(session)
            if current is None:
                return None
            tpns = convert_tpns(session, current["players"])
            n = int(current["round"])
            engine_text = current.get("engine")
            placed = set(
                session.scalars(
                    select(EntryRecord.player_id).where(
                        EntryRecord.round_number == n, EntryRecord.kind.in_(("game", "pab"))
                    )
                )
            )
            waiting = sorted(t for pid, t in tpns.items() if pid not in placed)
            return ManualPhase(
                round_number=n,
                creating=bool(current.get("creating")),
                players=tuple(sorted(tpns.values())),
                unpaired=tuple(waiting),
                engine_pairing=manual.parse_pairing(n, engine_text) if engine_text else None,
                engine_error=str(current.get("engine_error") or ""),
            )

    def start_manual_pairing(
        self, round_number: int | None = None, *, from_engine: bool = False, confirmed: int = 0
    ) -> ActionResult:
        """Open the manual-pairing phase of ``round_number`` (default: the next round when
        it can be paired, else the last paired round), computing the engine's pairing of
        it first for the comparison at the end."""
        with self._read() as session:
            last = convert.last_paired_round(session)
            if round_number is None:
                try:
                    pairable(session)
                    round_number = last + 1
                except ActionRefused:
                    round_number = last
            tournament = convert.build_snapshot(session, through=round_number - 1)
            system = tournament_row(session).system
        engine_pairing: RoundPairing | None = None
        error = ""
        try:
            engine_pairing = pair_round(tournament, round_number, system)
        except SwissdeskError as exc:
            error = str(exc)
        return self.execute(
            manual.StartManualPairing(
                round_number,
                engine_pairing,
                engine=system,
                engine_error=error,
                from_engine=from_engine,
                confirmed=confirmed,
            )
        )

    # -----------------------------------------------------------------------------------
    # Pairing with an engine

    def compute_next_pairing(
        self, system: str | None = None, *, explain: bool = False
    ) -> RoundPairing:
        """Run the pairing engine on the current snapshot (does not store anything).

        Safe to call in a worker thread; store the result with
        :class:`~swissdesk.storage.actions.PairNextRound`. ``system`` defaults to the
        tournament's pairing system.
        """
        with self._read() as session:
            round_number, _available = pairable(session)
            tournament = convert.build_snapshot(session, through=round_number - 1)
        return pair_round(tournament, round_number, system or tournament.system, explain=explain)

    def pair_next_round(
        self, system: str | None = None, *, explain: bool = False, confirmed: int = 0
    ) -> tuple[RoundPairing, ActionResult]:
        """Compute the next round's pairing with the engine and store it (convenience).

        ``explain=True`` asks the engine for its explanation (``RoundPairing.explanation``);
        ``confirmed``: the warning level accepted (round 1 of a tournament that cannot be
        paired to the end is a Level-2 warning).
        """
        name = system or self.settings().system
        pairing = self.compute_next_pairing(name, explain=explain)
        return pairing, self.execute(PairNextRound(pairing, engine=name, confirmed=confirmed))

    # -----------------------------------------------------------------------------------
    # Actions

    def execute(self, action: Action) -> ActionResult:
        """Run one arbiter action in one transaction, with its audit-log row.

        Raises :class:`ActionRefused` (or another :class:`StorageError`) when the action is
        impossible; the file is then unchanged.
        """
        name = type(action).__name__
        with self._lock:
            if self._closed:
                raise StorageError(_(
                                       "the tournament file {path} is closed"
                                   ).format(path=self.path))
            if self.read_only:
                why = database.read_only_reason(self.path) or "read-only medium or no permission"
                raise ReadOnlyFileError(
                    _(
                        "the tournament file {path} is read-only: {why}. Nothing was changed; "
                        "save a copy in a writable folder to go on"
                    ).format(path=self.path, why=why)
                )
            with database.session_scope(
                self._engine, self.path, write=True, section=self.section_id
            ) as session:
                if isinstance(action, Undo):
                    summary, payload, warnings, undo_of = history.run_undo(session)
                elif isinstance(action, Redo):
                    name, summary, payload, warnings, undo_of = history.run_redo(session)
                else:
                    step = REGISTRY.get(type(action))
                    if step is None:
                        raise InputError(_("unknown action {name}").format(name=name))
                    if session.info.get(SECTION) is not None:  # a section's action
                        manual.check_phase_allows(session, action)
                    summary, payload, warnings = step.apply(session, action)
                    payload = {**payload, "redo": encode(action)}
                    undo_of = None
                if isinstance(summary, Message):  # worded again in each reader's language
                    payload = {**payload, "said": summary.to_json()}
                # A pairing-integrity event joins the tournament's log (the TRF's ###
                # lines); the log before is kept so that Undo puts it back.
                log_integrity(session, payload)
                # A round robin's number of rounds follows its list of players.
                if session.info.get(SECTION) is not None:
                    round_robin.sync_rounds(session)
                payload.setdefault("by", _arbiter())
                audit = AuditRecord(
                    at=utc_now(),
                    action=name,
                    summary=summary,
                    payload=json.dumps(payload),
                    undo_of=undo_of,
                    section_id=audit_section(session),
                )
                session.add(audit)
                session.flush()
                if undo_of is not None:
                    session.execute(
                        update(AuditRecord)
                        .where(AuditRecord.id == undo_of)
                        .values(undone_by=audit.id)
                    )
                audit_id = audit.id
            self._checkpoint("PASSIVE")
        return ActionResult(
            audit_id=audit_id,
            action=name,
            summary=worded(summary),
            warnings=warnings,
            recorded=str(summary),
        )

def _require_import(confirmed: int, prepared: Sequence[PreparedImport]) -> None:
    """The Level-3 question of the imported rounds that break the pairing rules (Q55)."""
    several = len(prepared) > 1
    warnings = [
        replace(w, text=said("{file}: {warning}", file=Path(p.read.source).name, warning=w.text))
        if several
        else w
        for p in prepared
        for w in p.warnings()
    ]
    names = ", ".join(Path(p.read.source).name for p in prepared if p.broken) or _("the file")
    require(
        confirmed,
        ngettext(
            "{names}: {count} imported round breaks the pairing rules; confirm to import "
            "anyway (each is recorded as ### Import)",
            "{names}: {count} imported rounds break the pairing rules; confirm to import "
            "anyway (each is recorded as ### Import)",
            len(warnings),
        ).format(names=names, count=len(warnings)),
        warnings,
    )


def _recipe_of(prepared: PreparedImport) -> newfile.NewFile:
    """The new section of a checked import, with its ### Import events and its report."""
    read = prepared.read
    if isinstance(read.content, TeamEvent):
        recipe = newfile.imported_team_event(read.content, read.source)
        return recipe._replace(
            payload={**recipe.payload, **prepared.report()},
            integrity=tuple(prepared.events()),
        )
    return newfile.imported_tournament(
        read.content,
        read.source,
        read.trf_version,
        integrity=prepared.events(),
        report=prepared.report(),
    )


def log_integrity(session: Session, payload: dict[str, Any]) -> None:
    """Apply an action's ``integrity``/``integrity_drop`` to the tournament's log and keep
    the log as it was in ``payload["integrity_before"]`` (:mod:`swissdesk.storage.levels`)."""
    if not payload.get("integrity") and not payload.get("integrity_drop"):
        return
    rec = tournament_row(session)
    before = convert.integrity_events(rec)
    after = updated_log(before, payload)
    if after != before:
        payload["integrity_before"] = [e.to_json() for e in before]
        rec.integrity_log = json.dumps([e.to_json() for e in after])


def _arbiter() -> str:
    """Who did it: the computer account's user name (recorded in the audit log)."""
    try:
        import getpass

        return getpass.getuser()
    except Exception:
        return ""


# ---------------------------------------------------------------------------------------
# Module-level conveniences


def section_list(infos: Sequence[SectionInfo]) -> str:
    """ "its sections are: Open A, Open B" (for a message naming the choices)."""
    return "its sections are: " + ", ".join(repr(i.name) for i in infos)


def open_for_report(
    path: str | os.PathLike[str],
    round_number: int | None = None,
    *,
    section: int | str | None = None,
) -> tuple[Tournament, list[tuple[int, int]] | None]:
    """For the reports: the tournament (``section``, default the first) including the
    current round (missing results as ``NOT_PAIRED``, see :meth:`TournamentFile.snapshot`)
    and the published board order of ``round_number`` (default: the last paired round;
    ``None`` if no round is paired)."""
    with TournamentFile.open(path, section=section) as tf:
        tournament = tf.snapshot(include_pending=True)
        last = tf.rounds_paired()
        r = round_number if round_number is not None else last
        order = tf.board_order(r) if 1 <= r <= last else None
    return tournament, order


# ---------------------------------------------------------------------------------------
# Helpers (module level: they take the session, never keep ORM objects)


def convert_tpns(session: Session, player_ids: Sequence[int]) -> dict[int, int]:
    """Player id -> current TPN for ``player_ids`` (ids no longer in the file left out)."""
    wanted = set(player_ids)
    return {
        pid: tpn
        for pid, tpn in session.execute(select(PlayerRecord.id, PlayerRecord.tpn))
        if pid in wanted
    }


class _Locked:
    """Context manager holding the file's lock around a read transaction."""

    def __init__(self, lock: threading.RLock, inner: Any) -> None:
        self._lock = lock
        self._inner = inner

    def __enter__(self) -> Session:
        self._lock.acquire()
        try:
            return self._inner.__enter__()  # type: ignore[no-any-return]
        except BaseException:
            self._lock.release()
            raise

    def __exit__(self, *exc: Any) -> None:
        try:
            self._inner.__exit__(*exc)
        finally:
            self._lock.release()


def _pragma(text: str) -> Any:
    from sqlalchemy import text as sql_text

    return sql_text(text)
