"""The tournament file service: what the GUI, the reports and the command line call.

One :class:`TournamentFile` is one open ``.swissdesk`` file. Every method returns plain
frozen dataclasses (``swissdesk.model`` and ``swissdesk.storage.views``); no ORM object ever
leaves this package. Methods are thread-safe (one lock per open file), so the GUI may call
them from its database "lane" thread or from the GUI thread.

Every arbiter action (:mod:`swissdesk.storage.actions`) runs in exactly one SQLite
transaction together with its audit-log row: when :meth:`TournamentFile.execute` returns,
the action is on disk (``synchronous=FULL``); when it raises, nothing changed.
"""

from __future__ import annotations

import datetime as _dt
import errno
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from sqlalchemy import delete, insert, select, update
from sqlalchemy.orm import Session

from swissdesk import __version__
from swissdesk.engines.base import Pair, RoundPairing, pair_round
from swissdesk.errors import InputError
from swissdesk.model.state import PlayerState, build_states
from swissdesk.model.tournament import (
    Colour,
    ResultCode,
    Tournament,
    title_rank,
)
from swissdesk.storage import actions as act
from swissdesk.storage import convert, database, schema
from swissdesk.storage.errors import (
    ActionRefused,
    ConfirmationRequired,
    DiskFullError,
    ReadOnlyFileError,
    StorageError,
)
from swissdesk.storage.results import BoardResult, result_text
from swissdesk.storage.schema import (
    AuditRecord,
    EntryRecord,
    MetaRecord,
    PlayerRecord,
    RoundRecord,
    TournamentRecord,
)
from swissdesk.storage.views import (
    AccelerationKind,
    ActionResult,
    AuditEntry,
    PlayerData,
    PlayerRow,
    RoundView,
    TournamentSettings,
)

TPN_FROZEN_AFTER_ROUND = 4
"""C.04.2 art. 2.3: no TPN change once the fourth round has been paired."""

_A = TypeVar("_A", bound=act.Action)
_Outcome = tuple[str, dict[str, Any], tuple[str, ...]]
"""What an action handler returns: summary, audit payload, warnings."""


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")


def _check_data(data: PlayerData) -> None:
    if not data.name.strip():
        raise ActionRefused("a player needs a name")
    if data.rating < 0:
        raise ActionRefused(f"the rating of {data.name} cannot be negative")


def initial_order_key(data: PlayerData, tpn: int = 0) -> tuple[int, int, str, int]:
    """Sort key of C.04.2 art. 2.2: rating (highest first), FIDE title, then name."""
    return (-data.rating, title_rank(data.title), data.name.casefold(), tpn)


class TournamentFile:
    """An open tournament file. Create with :meth:`create`, :meth:`open` or
    :meth:`import_trf`; use as a context manager or call :meth:`close`."""

    def __init__(
        self,
        path: Path,
        busy_timeout_ms: int = database.DEFAULT_BUSY_TIMEOUT_MS,
        *,
        read_only: bool = False,
    ):
        """Internal: use :meth:`open` / :meth:`create` (they check the file first)."""
        self.path = Path(path)
        self.read_only = read_only
        """Opened from a file swissdesk cannot write: queries work, actions are refused."""
        self._engine = database.make_engine(self.path, busy_timeout_ms, read_only=read_only)
        self._lock = threading.RLock()
        self._closed = False
        self._handlers: dict[type[act.Action], Callable[[Session, Any], _Outcome]] = {
            act.EditSettings: self._edit_settings,
            act.AddPlayer: self._add_player,
            act.EditPlayer: self._edit_player,
            act.RemovePlayer: self._remove_player,
            act.AssignPairingNumbers: self._assign_pairing_numbers,
            act.LateEntry: self._late_entry,
            act.CloseParticipantList: self._close_list,
            act.Withdraw: self._withdraw,
            act.RequestBye: self._request_bye,
            act.CancelBye: self._cancel_bye,
            act.PairNextRound: self._pair_next_round,
            act.ManualPairingChange: self._manual_change,
            act.UnpairLastRound: self._unpair_last_round,
            act.EnterResult: self._enter_result,
            act.CorrectResult: self._correct_result,
        }
        self._undo: dict[str, Callable[[Session, Mapping[str, Any]], None]] = {
            "EditSettings": self._undo_edit_settings,
            "AddPlayer": self._undo_add_player,
            "EditPlayer": self._undo_edit_player,
            "RemovePlayer": self._undo_remove_player,
            "AssignPairingNumbers": self._undo_tpns,
            "LateEntry": self._undo_late_entry,
            "CloseParticipantList": self._undo_close_list,
            "Withdraw": self._undo_withdraw,
            "RequestBye": self._undo_request_bye,
            "CancelBye": self._undo_cancel_bye,
            "PairNextRound": self._undo_pair_next_round,
            "ManualPairingChange": self._undo_manual_change,
            "UnpairLastRound": self._undo_unpair,
            "EnterResult": self._undo_result,
            "CorrectResult": self._undo_result,
        }

    # -----------------------------------------------------------------------------------
    # Opening, creating, closing

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout_ms: int = database.DEFAULT_BUSY_TIMEOUT_MS,
    ) -> TournamentFile:
        """Open an existing tournament file after checking it (``PRAGMA quick_check``).

        A damaged file is copied aside and :class:`CorruptFileError` raised; a file from a
        newer swissdesk raises :class:`NewerFileError`; an older one is upgraded (a copy of
        the old file is kept). Another program's file raises
        :class:`NotATournamentFileError`. A file that cannot be written (read-only medium
        or permissions) is opened read-only (``read_only`` is True): it can be viewed and
        printed, and every action is refused with :class:`ReadOnlyFileError`.
        """
        p = Path(path)
        read_only = p.is_file() and not database.is_writable(p)
        version = database.check_file(p, busy_timeout_ms, read_only=read_only)
        if version < schema.SCHEMA_VERSION:
            if read_only:
                raise ReadOnlyFileError(
                    f"the tournament file {p} uses an older file format and must be upgraded, "
                    "but it cannot be written: copy it to a writable folder first"
                )
            database.migrate(p, version, busy_timeout_ms)
        return cls(p, busy_timeout_ms, read_only=read_only)

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
        _check_settings(settings)
        for data in players:
            _check_data(data)

        def fill(session: Session) -> None:
            for tpn, data in enumerate(players, start=1):
                rec = PlayerRecord(id=tpn, tpn=tpn, members="[]", acceleration="null")
                convert.apply_player_data(rec, data)
                session.add(rec)

        payload = {
            "settings": convert.settings_to_dict(settings),
            "players": [convert.player_data_to_dict(d) for d in players],
        }
        return cls._build(
            Path(path), settings, fill, "CreateTournament", f"created {settings.name!r}", payload
        )

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
        settings = convert.settings_from_tournament(tournament)
        at = _now()

        def fill(session: Session) -> None:
            convert.insert_tournament(session, tournament, engine_label="import", at=at)
            if trf_version:
                session.add(MetaRecord(key="trf_version", value=trf_version))

        summary = f"imported {len(tournament.players)} players, " + (
            f"{tournament.rounds_with_pairings} rounds" + (f" from {source}" if source else "")
        )
        payload = {"source": source, "players": len(tournament.players)}
        return cls._build(Path(path), settings, fill, "ImportTournament", summary, payload)

    @classmethod
    def import_trf(
        cls, trf_path: str | os.PathLike[str], path: str | os.PathLike[str]
    ) -> TournamentFile:
        """Read a TRF file (``swissdesk.trf.read_trf``) into a new tournament file."""
        from swissdesk.trf import parse_trf

        source = Path(trf_path)
        try:
            data = source.read_bytes()
        except OSError as exc:
            raise InputError(f"{source}: cannot read the file ({exc.strerror})") from exc
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
        tournament = parse_trf(text, source=str(source))
        return cls.from_tournament(
            path, tournament, source=str(source), trf_version=detect_trf_version(text)
        )

    @classmethod
    def _build(
        cls,
        path: Path,
        settings: TournamentSettings,
        fill: Callable[[Session], None],
        action: str,
        summary: str,
        payload: dict[str, Any],
    ) -> TournamentFile:
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
                session.execute(_pragma(f"PRAGMA application_id = {schema.APPLICATION_ID}"))
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
                        at=_now(), action=action, summary=summary, payload=json.dumps(payload)
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
        return cls(path)

    def close(self) -> None:
        """Close the file (all actions are already saved; this only folds the WAL back)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if not self.read_only:
                self._checkpoint("TRUNCATE")
            self._engine.dispose()

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
            raw.driver_connection.execute(f"PRAGMA wal_checkpoint({mode})")  # type: ignore[union-attr]
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
            raise StorageError(f"the tournament file {self.path} is closed")
        if dest_path.exists():
            raise ActionRefused(f"{dest_path} already exists; choose another name")
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
        if self._closed:
            raise StorageError(f"the tournament file {self.path} is closed")
        return _Locked(self._lock, database.session_scope(self._engine, self.path, write=False))

    def settings(self) -> TournamentSettings:
        """The tournament settings."""
        with self._read() as session:
            return convert.settings_from_record(_tournament(session))

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
                    f"round {through_round} is not complete (results are in up to round {last})"
                )
            return convert.build_snapshot(session, through=through_round)

    def trf_version(self) -> str:
        """The TRF format the tournament was imported from (``"16"``/``"2026"``), else 2026."""
        with self._read() as session:
            rec = session.get(MetaRecord, "trf_version")
            return rec.value if rec is not None else "2026"

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
            return convert.player_rows(session)

    def round_view(self, round_number: int) -> RoundView:
        """Boards, PAB, byes and absences of a paired round, or the byes already set for
        the next round (``paired=False``)."""
        with self._read() as session:
            settings = convert.settings_from_record(_tournament(session))
            scoring = settings.scoring
            last = convert.last_paired_round(session)
            if not 1 <= round_number <= last + 1:
                raise ActionRefused(
                    f"round {round_number} does not exist yet (rounds paired: {last})"
                )
            players = {
                pid: (tpn, name, rating)
                for pid, tpn, name, rating in session.execute(
                    select(
                        PlayerRecord.id, PlayerRecord.tpn, PlayerRecord.name, PlayerRecord.rating
                    )
                )
            }
            before = convert.scores(session, scoring, max_round=round_number - 1)
            this_round = convert.load_entries(session, round_number=round_number)
            if round_number > last:
                # Not paired yet: also list who will not be paired (withdrawn, not arrived).
                listed = {st.player_id for st in this_round}
                for pid, withdrawn, late in session.execute(
                    select(
                        PlayerRecord.id,
                        PlayerRecord.withdrawn_from_round,
                        PlayerRecord.late_entry_round,
                    )
                ):
                    if pid in listed:
                        continue
                    code: ResultCode | None = None
                    if withdrawn is not None and withdrawn <= round_number:
                        code = ResultCode.NOT_PAIRED
                    elif late is not None and late > round_number:
                        code = settings.late_entry_result
                    if code is not None:
                        this_round.append(
                            convert.StoredEntry(
                                pid,
                                round_number,
                                "absent",
                                None,
                                None,
                                None,
                                code.value,
                                False,
                                None,
                                None,
                            )
                        )
            return convert.round_view_from_rows(
                round_number,
                round_number <= last,
                this_round,
                players,
                before,
                scoring,
                session.get(RoundRecord, round_number),
                settings,
            )

    def audit_log(self, limit: int | None = None) -> list[AuditEntry]:
        """The audit log, oldest first (only the latest ``limit`` entries if given)."""
        with self._read() as session:
            stmt = select(AuditRecord).order_by(AuditRecord.id.desc())
            if limit is not None:
                stmt = stmt.limit(limit)
            rows = list(session.scalars(stmt))
            return [
                AuditEntry(
                    id=r.id,
                    at=r.at,
                    action=r.action,
                    summary=r.summary,
                    payload=json.loads(r.payload),
                    undone=r.undone_by is not None,
                    undo_of=r.undo_of,
                )
                for r in reversed(rows)
            ]

    def can_pair_next_round(self) -> tuple[bool, str]:
        """Whether the next round can be paired now, and why not (a sentence)."""
        with self._read() as session:
            try:
                n, _available = _pairable(session)
            except ActionRefused as exc:
                return False, str(exc)
            return True, f"round {n} can be paired"

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
            round_number, _available = _pairable(session)
            tournament = convert.build_snapshot(session, through=round_number - 1)
        return pair_round(tournament, round_number, system or tournament.system, explain=explain)

    def pair_next_round(
        self, system: str | None = None, *, explain: bool = False
    ) -> tuple[RoundPairing, ActionResult]:
        """Compute the next round's pairing with the engine and store it (convenience).

        ``explain=True`` asks the engine for its explanation (``RoundPairing.explanation``).
        """
        name = system or self.settings().system
        pairing = self.compute_next_pairing(name, explain=explain)
        return pairing, self.execute(act.PairNextRound(pairing, engine=name))

    # -----------------------------------------------------------------------------------
    # Actions

    def execute(self, action: act.Action) -> ActionResult:
        """Run one arbiter action in one transaction, with its audit-log row.

        Raises :class:`ActionRefused` (or another :class:`StorageError`) when the action is
        impossible; the file is then unchanged.
        """
        name = type(action).__name__
        with self._lock:
            if self._closed:
                raise StorageError(f"the tournament file {self.path} is closed")
            if self.read_only:
                raise ReadOnlyFileError(
                    f"the tournament file {self.path} is read-only (read-only medium or no "
                    "permission): nothing was changed; save a copy in a writable folder "
                    "to go on"
                )
            with database.session_scope(self._engine, self.path, write=True) as session:
                if isinstance(action, act.Undo):
                    summary, payload, warnings, undo_of = self._run_undo(session)
                else:
                    handler = self._handlers.get(type(action))
                    if handler is None:
                        raise InputError(f"unknown action {name}")
                    summary, payload, warnings = handler(session, action)
                    undo_of = None
                audit = AuditRecord(
                    at=_now(),
                    action=name,
                    summary=summary,
                    payload=json.dumps(payload),
                    undo_of=undo_of,
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
        return ActionResult(audit_id=audit_id, action=name, summary=summary, warnings=warnings)

    # --- settings ----------------------------------------------------------------------

    def _edit_settings(self, s: Session, a: act.EditSettings) -> _Outcome:
        rec = _tournament(s)
        before = convert.settings_from_record(rec)
        new = a.settings
        _check_settings(new)
        last = convert.last_paired_round(s)
        if new.total_rounds < last:
            raise ActionRefused(
                f"the tournament cannot have {new.total_rounds} rounds: {last} are already paired"
            )
        if last >= 1:
            for label, old_v, new_v in (
                ("pairing system", before.system, new.system),
                ("point system", before.scoring, new.scoring),
                ("acceleration", before.acceleration, new.acceleration),
                ("initial colour", before.initial_colour, new.initial_colour),
            ):
                if old_v != new_v:
                    raise ActionRefused(f"the {label} cannot change once round 1 is paired")
        convert.write_settings(rec, new)
        payload = {
            "before": convert.settings_to_dict(before),
            "after": convert.settings_to_dict(new),
        }
        return "tournament settings changed", payload, ()

    def _undo_edit_settings(self, s: Session, payload: Mapping[str, Any]) -> None:
        convert.write_settings(_tournament(s), convert.settings_from_dict(payload["before"]))

    # --- players -----------------------------------------------------------------------

    def _add_player(self, s: Session, a: act.AddPlayer) -> _Outcome:
        _check_data(a.player)
        last = convert.last_paired_round(s)
        if last >= 1:
            raise ActionRefused(
                f"round {last} is already paired: register {a.player.name} as a late entry"
            )
        tpn = _max_tpn(s) + 1
        rec = PlayerRecord(tpn=tpn, members="[]", acceleration="null")
        convert.apply_player_data(rec, a.player)
        s.add(rec)
        s.flush()
        payload = {"id": rec.id, "tpn": tpn, "player": convert.player_data_to_dict(a.player)}
        return f"added {a.player.name} as no. {tpn}", payload, _order_warning(s)

    def _undo_add_player(self, s: Session, payload: Mapping[str, Any]) -> None:
        s.execute(delete(EntryRecord).where(EntryRecord.player_id == payload["id"]))
        s.execute(delete(PlayerRecord).where(PlayerRecord.id == payload["id"]))

    def _edit_player(self, s: Session, a: act.EditPlayer) -> _Outcome:
        _check_data(a.player)
        rec = _player(s, a.tpn)
        before = convert.player_data_from_record(rec)
        convert.apply_player_data(rec, a.player)
        payload: dict[str, Any] = {
            "id": rec.id,
            "tpn": a.tpn,
            "before": convert.player_data_to_dict(before),
            "after": convert.player_data_to_dict(a.player),
        }
        changed = [k for k, v in payload["after"].items() if payload["before"][k] != v]
        what = ", ".join(changed) if changed else "nothing"
        return f"no. {a.tpn} {a.player.name}: changed {what}", payload, _order_warning(s)

    def _undo_edit_player(self, s: Session, payload: Mapping[str, Any]) -> None:
        rec = s.get(PlayerRecord, payload["id"])
        assert rec is not None
        convert.apply_player_data(rec, convert.player_data_from_dict(payload["before"]))

    def _remove_player(self, s: Session, a: act.RemovePlayer) -> _Outcome:
        rec = _player(s, a.tpn)
        last = convert.last_paired_round(s)
        if last >= 1:
            raise ActionRefused(
                f"{rec.name} cannot be removed: round {last} is already paired "
                "(withdraw the player instead)"
            )
        entries = list(s.scalars(select(EntryRecord).where(EntryRecord.player_id == rec.id)))
        trec = _tournament(s)
        forbidden = json.loads(trec.forbidden_pairs)
        payload: dict[str, Any] = {
            "id": rec.id,
            "tpn": rec.tpn,
            "record": _player_record_dict(rec),
            "entries": convert.entry_dicts(entries),
            "tpns_before": _tpn_map(s),
            "forbidden_pairs": forbidden,
        }
        trec.forbidden_pairs = json.dumps([p for p in forbidden if rec.id not in p])
        name = rec.name
        s.execute(delete(EntryRecord).where(EntryRecord.player_id == rec.id))
        s.delete(rec)
        s.flush()
        remaining = sorted(_tpn_map(s).items(), key=lambda item: item[1])
        _set_tpns(s, {pid: i for i, (pid, _old) in enumerate(remaining, start=1)})
        return f"removed no. {a.tpn} {name}", payload, ()

    def _undo_remove_player(self, s: Session, payload: Mapping[str, Any]) -> None:
        record = dict(payload["record"])
        record["tpn"] = -int(record["id"]) - 1_000_000
        s.add(PlayerRecord(**record))
        s.flush()
        _set_tpns(s, {int(k): int(v) for k, v in payload["tpns_before"].items()})
        _insert_entries(s, payload["entries"])
        _tournament(s).forbidden_pairs = json.dumps(payload["forbidden_pairs"])

    def _assign_pairing_numbers(self, s: Session, a: act.AssignPairingNumbers) -> _Outcome:
        last = convert.last_paired_round(s)
        if last >= TPN_FROZEN_AFTER_ROUND:
            raise ActionRefused(
                f"pairing numbers cannot change once round {TPN_FROZEN_AFTER_ROUND} is paired "
                "(C.04.2 art. 2.3)"
            )
        if _tournament(s).list_closed:
            raise ActionRefused("the list of participants is closed: pairing numbers are final")
        records = list(s.scalars(select(PlayerRecord).order_by(PlayerRecord.tpn)))
        before = {r.id: r.tpn for r in records}
        if a.order is None:
            ordered = sorted(
                records, key=lambda r: initial_order_key(convert.player_data_from_record(r), r.tpn)
            )
        else:
            by_tpn = {r.tpn: r for r in records}
            if sorted(a.order) != sorted(by_tpn):
                raise ActionRefused(
                    "the new order must name every current pairing number exactly once"
                )
            ordered = [by_tpn[t] for t in a.order]
        after = {r.id: i for i, r in enumerate(ordered, start=1)}
        _set_tpns(s, after)
        moved = sum(1 for pid, tpn in after.items() if before[pid] != tpn)
        payload = {"tpns_before": before, "tpns_after": after, "custom": a.order is not None}
        return f"pairing numbers assigned ({moved} changed)", payload, ()

    def _undo_tpns(self, s: Session, payload: Mapping[str, Any]) -> None:
        _set_tpns(s, {int(k): int(v) for k, v in payload["tpns_before"].items()})

    def _late_entry(self, s: Session, a: act.LateEntry) -> _Outcome:
        _check_data(a.player)
        trec = _tournament(s)
        settings = convert.settings_from_record(trec)
        last = convert.last_paired_round(s)
        if trec.list_closed:
            raise ActionRefused(
                f"the list of participants is closed: {a.player.name} cannot enter late"
            )
        if a.from_round < 2:
            raise ActionRefused("a late entry plays from round 2 on; before that, add the player")
        if a.from_round <= last:
            raise ActionRefused(
                f"round {a.from_round} is already paired: a late entry can start in round "
                f"{last + 1} at the earliest"
            )
        if a.from_round > settings.total_rounds:
            raise ActionRefused(
                f"the tournament has {settings.total_rounds} rounds: no round {a.from_round}"
            )
        before = _tpn_map(s)
        if last >= TPN_FROZEN_AFTER_ROUND:
            tpn = len(before) + 1
            shifted: dict[int, int] = {}
        else:
            # C.04.2 art. 2.4 "an appropriate TPN": its place in the art. 2.2 order; the
            # players below move down by one (TPNs are provisional until the list closes).
            key = initial_order_key(a.player, 10**9)
            records = list(s.scalars(select(PlayerRecord).order_by(PlayerRecord.tpn)))
            tpn = len(records) + 1
            for r in records:
                if key < initial_order_key(convert.player_data_from_record(r), r.tpn):
                    tpn = r.tpn
                    break
            shifted = {r.id: r.tpn + 1 for r in records if r.tpn >= tpn}
        _set_tpns(s, shifted)
        rec = PlayerRecord(
            tpn=tpn, members="[]", acceleration="null", late_entry_round=a.from_round
        )
        convert.apply_player_data(rec, a.player)
        s.add(rec)
        s.flush()
        missed = _late_entry_missed(a, settings)
        s.add_all(
            EntryRecord(player_id=rec.id, round_number=r, kind="absent", result=missed.value)
            for r in range(1, last + 1)
        )
        if a.missed_result is not None:  # the arbiter's choice also for rounds not paired yet
            s.add_all(
                EntryRecord(player_id=rec.id, round_number=r, kind="bye", result=missed.value)
                for r in range(last + 1, a.from_round)
            )
        payload = {
            "id": rec.id,
            "tpn": tpn,
            "from_round": a.from_round,
            "player": convert.player_data_to_dict(a.player),
            "tpns_before": {k: v for k, v in before.items() if k in shifted},
        }
        return f"late entry {a.player.name} as no. {tpn} from round {a.from_round}", payload, ()

    def _undo_late_entry(self, s: Session, payload: Mapping[str, Any]) -> None:
        s.execute(delete(EntryRecord).where(EntryRecord.player_id == payload["id"]))
        s.execute(delete(PlayerRecord).where(PlayerRecord.id == payload["id"]))
        s.flush()
        _set_tpns(s, {int(k): int(v) for k, v in payload["tpns_before"].items()})

    def _close_list(self, s: Session, a: act.CloseParticipantList) -> _Outcome:
        trec = _tournament(s)
        if trec.list_closed:
            raise ActionRefused("the list of participants is already closed")
        trec.list_closed = True
        return "list of participants closed", {}, ()

    def _undo_close_list(self, s: Session, payload: Mapping[str, Any]) -> None:
        _tournament(s).list_closed = False

    def _withdraw(self, s: Session, a: act.Withdraw) -> _Outcome:
        rec = _player(s, a.tpn)
        settings = convert.settings_from_record(_tournament(s))
        last = convert.last_paired_round(s)
        if rec.withdrawn_from_round is not None:
            raise ActionRefused(
                f"no. {rec.tpn} {rec.name} is already withdrawn from round "
                f"{rec.withdrawn_from_round}"
            )
        if a.from_round <= last:
            raise ActionRefused(
                f"round {a.from_round} is already paired: enter a forfeit for {rec.name}'s "
                f"game, and withdraw from round {last + 1}"
            )
        if a.from_round > settings.total_rounds:
            raise ActionRefused(
                f"the tournament has {settings.total_rounds} rounds: no round {a.from_round}"
            )
        byes = list(
            s.scalars(
                select(EntryRecord).where(
                    EntryRecord.player_id == rec.id, EntryRecord.round_number >= a.from_round
                )
            )
        )
        removed = convert.entry_dicts(byes)
        for e in byes:
            s.delete(e)
        rec.withdrawn_from_round = a.from_round
        payload = {"id": rec.id, "tpn": rec.tpn, "from_round": a.from_round, "removed": removed}
        return f"no. {rec.tpn} {rec.name} withdrawn from round {a.from_round}", payload, ()

    def _undo_withdraw(self, s: Session, payload: Mapping[str, Any]) -> None:
        rec = s.get(PlayerRecord, payload["id"])
        assert rec is not None
        rec.withdrawn_from_round = None
        _insert_entries(s, payload["removed"])

    def _request_bye(self, s: Session, a: act.RequestBye) -> _Outcome:
        rec = _player(s, a.tpn)
        settings = convert.settings_from_record(_tournament(s))
        last = convert.last_paired_round(s)
        r = a.round_number
        if r <= last:
            raise ActionRefused(
                f"round {r} is already paired: a bye can be set for round {last + 1} or later"
            )
        if r > settings.total_rounds:
            raise ActionRefused(f"the tournament has {settings.total_rounds} rounds: no round {r}")
        if rec.withdrawn_from_round is not None and rec.withdrawn_from_round <= r:
            raise ActionRefused(
                f"no. {rec.tpn} {rec.name} is withdrawn from round {rec.withdrawn_from_round}"
            )
        if rec.late_entry_round is not None and rec.late_entry_round > r:
            raise ActionRefused(
                f"no. {rec.tpn} {rec.name} enters in round {rec.late_entry_round}, not before"
            )
        existing = s.scalars(
            select(EntryRecord).where(
                EntryRecord.player_id == rec.id, EntryRecord.round_number == r
            )
        ).first()
        before = existing.result if existing is not None else None
        if existing is not None and existing.result == a.kind.result_code.value:
            raise ActionRefused(f"no. {rec.tpn} {rec.name} already has this bye in round {r}")
        if existing is None:
            s.add(
                EntryRecord(
                    player_id=rec.id, round_number=r, kind="bye", result=a.kind.result_code.value
                )
            )
        else:
            existing.kind = "bye"
            existing.result = a.kind.result_code.value
        payload = {"id": rec.id, "tpn": rec.tpn, "round": r, "kind": a.kind.value, "before": before}
        return f"no. {rec.tpn} {rec.name}: {a.kind.value} bye in round {r}", payload, ()

    def _undo_request_bye(self, s: Session, payload: Mapping[str, Any]) -> None:
        cond = (
            EntryRecord.player_id == payload["id"],
            EntryRecord.round_number == payload["round"],
        )
        if payload["before"] is None:
            s.execute(delete(EntryRecord).where(*cond))
        else:
            s.execute(update(EntryRecord).where(*cond).values(result=payload["before"]))

    def _cancel_bye(self, s: Session, a: act.CancelBye) -> _Outcome:
        rec = _player(s, a.tpn)
        last = convert.last_paired_round(s)
        if a.round_number <= last:
            raise ActionRefused(f"round {a.round_number} is already paired")
        existing = s.scalars(
            select(EntryRecord).where(
                EntryRecord.player_id == rec.id, EntryRecord.round_number == a.round_number
            )
        ).first()
        if existing is None:
            raise ActionRefused(f"no. {rec.tpn} {rec.name} has no bye in round {a.round_number}")
        payload = {
            "id": rec.id,
            "tpn": rec.tpn,
            "round": a.round_number,
            "entry": convert.entry_dicts([existing]),
        }
        s.delete(existing)
        return f"no. {rec.tpn} {rec.name}: bye in round {a.round_number} cancelled", payload, ()

    def _undo_cancel_bye(self, s: Session, payload: Mapping[str, Any]) -> None:
        _insert_entries(s, payload["entry"])

    # --- pairing -----------------------------------------------------------------------

    def _pair_next_round(self, s: Session, a: act.PairNextRound) -> _Outcome:
        n, available = _pairable(s)
        pairing = a.pairing
        if pairing.round_number != n:
            raise ActionRefused(
                f"this pairing is for round {pairing.round_number}, but the next round is {n}"
            )
        tpn_to_id = {tpn: pid for pid, tpn in _tpn_map(s).items()}
        _check_covers(pairing.pairs, pairing.bye, available, set(tpn_to_id))
        trec = _tournament(s)
        settings = convert.settings_from_record(trec)
        s.add(RoundRecord(number=n, paired_at=_now(), engine=a.engine))
        rows = _pairing_rows(n, pairing.pairs, pairing.bye, tpn_to_id)
        # Everyone else gets an entry too: withdrawn players and late entries not yet there.
        have = set(s.scalars(select(EntryRecord.player_id).where(EntryRecord.round_number == n)))
        paired_ids = {r["player_id"] for r in rows}
        for rec in s.scalars(select(PlayerRecord)):
            if rec.id in have or rec.id in paired_ids:
                continue
            late = rec.late_entry_round is not None and rec.late_entry_round > n
            code = settings.late_entry_result if late else ResultCode.NOT_PAIRED
            rows.append(_entry_row(rec.id, n, "absent", result=code.value))
        s.execute(insert(EntryRecord), rows)
        group_a: list[int] = []
        if n == 1 and settings.acceleration is AccelerationKind.BAKU:
            size = convert.baku_group_a_size(len(tpn_to_id))
            group_a = [pid for tpn, pid in tpn_to_id.items() if tpn <= size]
            s.execute(update(PlayerRecord).where(PlayerRecord.id.in_(group_a)).values(group_a=True))
        payload = {
            "round": n,
            "engine": a.engine,
            "pairing": pairing.to_text(),
            "group_a": group_a,
            "explanation": list(pairing.explanation),
        }
        summary = f"round {n} paired: {len(pairing.pairs)} boards" + (
            f", PAB no. {pairing.bye}" if pairing.bye is not None else ""
        )
        return summary, payload, ()

    def _undo_pair_next_round(self, s: Session, payload: Mapping[str, Any]) -> None:
        n = int(payload["round"])
        _delete_pairing(s, n, include_absent=True)
        s.execute(delete(RoundRecord).where(RoundRecord.number == n))
        if payload.get("group_a"):
            s.execute(
                update(PlayerRecord)
                .where(PlayerRecord.id.in_(payload["group_a"]))
                .values(group_a=False)
            )

    def _unpair_last_round(self, s: Session, a: act.UnpairLastRound) -> _Outcome:
        n = convert.last_paired_round(s)
        if n == 0:
            raise ActionRefused("no round is paired")
        with_result = s.scalars(
            select(EntryRecord.board)
            .where(
                EntryRecord.round_number == n,
                EntryRecord.kind == "game",
                EntryRecord.result.is_not(None),
            )
            .distinct()
        ).all()
        if with_result:
            boards = ", ".join(str(b) for b in sorted(b for b in with_result if b is not None))
            raise ActionRefused(
                f"round {n} cannot be unpaired: boards {boards} already have results "
                "(clear them first)"
            )
        rnd = s.get(RoundRecord, n)
        assert rnd is not None
        entries = list(
            s.scalars(
                select(EntryRecord).where(
                    EntryRecord.round_number == n,
                    EntryRecord.kind.in_(("game", "pab", "absent")),
                )
            )
        )
        group_a = list(s.scalars(select(PlayerRecord.id).where(PlayerRecord.group_a)))
        payload = {
            "round": n,
            "paired_at": rnd.paired_at,
            "engine": rnd.engine,
            "engine_pairing": rnd.engine_pairing,
            "entries": convert.entry_dicts(entries),
            "group_a": group_a if n == 1 else [],
        }
        _delete_pairing(s, n, include_absent=True)
        s.delete(rnd)
        if n == 1 and group_a:
            s.execute(update(PlayerRecord).values(group_a=False))
        return f"round {n} unpaired", payload, ()

    def _undo_unpair(self, s: Session, payload: Mapping[str, Any]) -> None:
        s.add(
            RoundRecord(
                number=payload["round"],
                paired_at=payload["paired_at"],
                engine=payload["engine"],
                engine_pairing=payload["engine_pairing"],
            )
        )
        _insert_entries(s, payload["entries"])
        if payload["group_a"]:
            s.execute(
                update(PlayerRecord)
                .where(PlayerRecord.id.in_(payload["group_a"]))
                .values(group_a=True)
            )

    def _manual_change(self, s: Session, a: act.ManualPairingChange) -> _Outcome:
        n = convert.last_paired_round(s)
        if n == 0:
            raise ActionRefused("no round is paired")
        if a.round_number != n:
            raise ActionRefused(
                f"only the last paired round ({n}) can be changed; round {a.round_number} "
                "is already played"
            )
        id_to_tpn = _tpn_map(s)
        tpn_to_id = {tpn: pid for pid, tpn in id_to_tpn.items()}
        current = list(
            s.scalars(
                select(EntryRecord).where(
                    EntryRecord.round_number == n, EntryRecord.kind.in_(("game", "pab"))
                )
            )
        )
        paired = {id_to_tpn[e.player_id] for e in current}
        _check_covers(a.pairs, a.bye, paired, set(tpn_to_id), changing=True)
        old_pairing = _pairing_from_entries(n, current, id_to_tpn)
        new_boards = {(p.white, p.black) for p in a.pairs}
        for board in old_pairing.boards_with_results:
            if (board.white, board.black) not in new_boards:
                raise ActionRefused(
                    f"board {board.board} ({board.white}-{board.black}) already has a result: "
                    "clear it before changing the pairing"
                )
        # Check against the absolute criteria ([C1]-[C3]) on the state before the round.
        tournament = convert.build_snapshot(s, through=n - 1)
        warnings = absolute_criteria_warnings(tournament, n, a.pairs, a.bye)
        if warnings and not a.confirmed:
            raise ConfirmationRequired(
                "the new pairing breaks absolute pairing criteria; confirm to apply it anyway",
                warnings,
            )
        rnd = s.get(RoundRecord, n)
        assert rnd is not None
        engine_pairing_before = rnd.engine_pairing
        if rnd.engine_pairing is None:
            rnd.engine_pairing = old_pairing.pairing.to_text()
        results = {
            (id_to_tpn[e.player_id], id_to_tpn[e.opponent_id]): (e.result, e.adjourned)
            for e in current
            if e.kind == "game" and e.opponent_id is not None
        }
        before_entries = convert.entry_dicts(current)
        _delete_pairing(s, n, include_absent=False)
        rows = _pairing_rows(n, a.pairs, a.bye, tpn_to_id)
        for row in rows:
            if row["kind"] == "game":
                me = id_to_tpn[row["player_id"]]
                them = id_to_tpn[row["opponent_id"]]
                row["result"], row["adjourned"] = results.get((me, them), (None, False))
        s.execute(insert(EntryRecord), rows)
        new_pairing = RoundPairing(n, tuple(a.pairs), a.bye)
        payload = {
            "round": n,
            "before": old_pairing.pairing.to_text(),
            "after": new_pairing.to_text(),
            "engine_pairing": rnd.engine_pairing,
            "engine_pairing_before": engine_pairing_before,
            "entries_before": before_entries,
            "warnings": list(warnings),
            "confirmed": a.confirmed,
            "reason": a.reason,
        }
        return f"round {n} pairing changed by hand", payload, warnings

    def _undo_manual_change(self, s: Session, payload: Mapping[str, Any]) -> None:
        n = int(payload["round"])
        _delete_pairing(s, n, include_absent=False)
        _insert_entries(s, payload["entries_before"])
        rnd = s.get(RoundRecord, n)
        assert rnd is not None
        rnd.engine_pairing = payload["engine_pairing_before"]

    # --- results -----------------------------------------------------------------------

    def _enter_result(self, s: Session, a: act.EnterResult) -> _Outcome:
        last = convert.last_paired_round(s)
        if a.round_number > last or a.round_number < 1:
            raise ActionRefused(f"round {a.round_number} is not paired")
        if a.round_number < last:
            raise ActionRefused(
                f"round {a.round_number} is over (round {last} is paired): use "
                "'correct result' for it (C.04.2 art. 4.3)"
            )
        return self._set_result(s, a.round_number, a.board, a.result, correction=False)

    def _correct_result(self, s: Session, a: act.CorrectResult) -> _Outcome:
        last = convert.last_paired_round(s)
        if a.round_number > last or a.round_number < 1:
            raise ActionRefused(f"round {a.round_number} is not paired")
        summary, payload, warnings = self._set_result(
            s, a.round_number, a.board, a.result, correction=True
        )
        payload["reason"] = a.reason
        if a.round_number < last:
            warnings = (
                *warnings,
                f"round {last} keeps its published pairing; the correction counts for the "
                f"standings and from the pairing of round {last + 1} on (C.04.2 art. 4.3)",
            )
        return summary, payload, warnings

    def _set_result(
        self,
        s: Session,
        round_number: int,
        board: int,
        result: BoardResult | None,
        *,
        correction: bool,
    ) -> _Outcome:
        entries = list(
            s.scalars(
                select(EntryRecord).where(
                    EntryRecord.round_number == round_number,
                    EntryRecord.board == board,
                    EntryRecord.kind == "game",
                )
            )
        )
        if not entries:
            boards = s.scalars(
                select(EntryRecord.board)
                .where(EntryRecord.round_number == round_number, EntryRecord.kind == "game")
                .distinct()
            ).all()
            count = len([b for b in boards if b is not None])
            raise ActionRefused(
                f"round {round_number} has no board {board}"
                + (f" (boards 1-{count})" if count else " (it has no boards)")
            )
        white, black = _sides(entries)
        before = result_text(
            _code(white.result), _code(black.result) if black else None, white.adjourned
        )
        restore = [[e.player_id, e.result, e.adjourned] for e in (white, black) if e is not None]
        if correction and not before:
            raise ActionRefused(
                f"board {board} of round {round_number} has no result yet: enter it instead"
            )
        if result is None:
            white.result = None
            white.adjourned = False
            if black is not None:
                black.result = None
                black.adjourned = False
        else:
            wc, bc = result.codes
            white.result = wc.value
            white.adjourned = result.adjourned
            if black is not None:
                black.result = bc.value
                black.adjourned = result.adjourned
        after = result.value if result is not None else ""
        if correction and before == after:
            raise ActionRefused(f"board {board} of round {round_number} is already {after}")
        tpn = _tpn_map(s)
        payload = {
            "round": round_number,
            "board": board,
            "white": tpn[white.player_id],
            "black": tpn[black.player_id] if black else None,
            "before": before,
            "after": after,
            "restore": restore,
        }
        shown = after or "no result"
        verb = "corrected to" if correction else "result"
        prev = f" (was {before})" if before else ""
        return f"round {round_number} board {board}: {verb} {shown}{prev}", payload, ()

    def _undo_result(self, s: Session, payload: Mapping[str, Any]) -> None:
        for player_id, code, adjourned in payload["restore"]:
            s.execute(
                update(EntryRecord)
                .where(
                    EntryRecord.round_number == payload["round"],
                    EntryRecord.player_id == player_id,
                )
                .values(result=code, adjourned=adjourned)
            )

    # --- undo --------------------------------------------------------------------------

    def _run_undo(self, s: Session) -> tuple[str, dict[str, Any], tuple[str, ...], int]:
        target = s.scalars(
            select(AuditRecord)
            .where(AuditRecord.undone_by.is_(None), AuditRecord.action != "Undo")
            .order_by(AuditRecord.id.desc())
            .limit(1)
        ).first()
        if target is None:
            raise ActionRefused("there is nothing to undo")
        inverse = self._undo.get(target.action)
        if inverse is None:
            raise ActionRefused(f"the last action ({target.summary}) cannot be undone")
        inverse(s, json.loads(target.payload))
        payload = {"undone": target.id, "action": target.action, "summary": target.summary}
        return f"undone: {target.summary}", payload, (), target.id


# ---------------------------------------------------------------------------------------
# Module-level conveniences


def open_for_report(
    path: str | os.PathLike[str], round_number: int | None = None
) -> tuple[Tournament, list[tuple[int, int]] | None]:
    """For the reports: the tournament including the current round (missing results as
    ``NOT_PAIRED``, see :meth:`TournamentFile.snapshot`) and the published board order of
    ``round_number`` (default: the last paired round; ``None`` if no round is paired)."""
    with TournamentFile.open(path) as tf:
        tournament = tf.snapshot(include_pending=True)
        last = tf.rounds_paired()
        r = round_number if round_number is not None else last
        order = tf.board_order(r) if 1 <= r <= last else None
    return tournament, order


def detect_trf_version(text: str) -> str:
    """``"2026"`` if the TRF uses TRF-2026 records (142/152/162/...), else ``"16"``."""
    for line in text.splitlines():
        if line[:4] in ("142 ", "152 ", "162 ", "172 ", "182 ", "192 ", "202 "):
            return "2026"
        if line.startswith("250 "):
            return "2026"
    return "16"


# ---------------------------------------------------------------------------------------
# Helpers (module level: they take the session, never keep ORM objects)


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


def _check_settings(settings: TournamentSettings) -> None:
    if settings.total_rounds < 1:
        raise ActionRefused("the number of rounds must be at least 1 (C.04.1 art. 1)")
    if not settings.system.strip():
        raise ActionRefused("choose a pairing system")


def _tournament(s: Session) -> TournamentRecord:
    rec = s.get(TournamentRecord, 1)
    if rec is None:
        raise StorageError("the tournament file has no tournament settings (damaged file?)")
    return rec


def _player(s: Session, tpn: int) -> PlayerRecord:
    rec = s.scalars(select(PlayerRecord).where(PlayerRecord.tpn == tpn)).first()
    if rec is None:
        raise ActionRefused(f"there is no player with pairing number {tpn}")
    return rec


def _order_warning(s: Session) -> tuple[str, ...]:
    """A reminder when the TPNs no longer follow C.04.2 art. 2.2 and may still change."""
    if convert.last_paired_round(s) >= TPN_FROZEN_AFTER_ROUND or _tournament(s).list_closed:
        return ()
    records = list(s.scalars(select(PlayerRecord).order_by(PlayerRecord.tpn)))
    keys = [initial_order_key(convert.player_data_from_record(r)) for r in records]
    if keys == sorted(keys):
        return ()
    return (
        "the pairing numbers no longer follow rating, title and name (C.04.2 art. 2.2): "
        "assign pairing numbers again unless this order is intended",
    )


def _max_tpn(s: Session) -> int:
    from sqlalchemy import func

    value = s.execute(select(func.max(PlayerRecord.tpn))).scalar()
    return int(value) if value is not None else 0


def _tpn_map(s: Session) -> dict[int, int]:
    """Player id -> current TPN."""
    return {pid: tpn for pid, tpn in s.execute(select(PlayerRecord.id, PlayerRecord.tpn))}


def _set_tpns(s: Session, mapping: Mapping[int, int]) -> None:
    """Give players new TPNs (two passes: SQLite checks uniqueness row by row)."""
    if not mapping:
        return
    s.flush()
    for pid in mapping:
        s.execute(update(PlayerRecord).where(PlayerRecord.id == pid).values(tpn=-pid - 1))
    for pid, tpn in mapping.items():
        s.execute(update(PlayerRecord).where(PlayerRecord.id == pid).values(tpn=tpn))
    s.expire_all()


def _player_record_dict(rec: PlayerRecord) -> dict[str, Any]:
    return {
        "id": rec.id,
        "tpn": rec.tpn,
        "name": rec.name,
        "rating": rec.rating,
        "sex": rec.sex,
        "title": rec.title,
        "federation": rec.federation,
        "fide_id": rec.fide_id,
        "birth_date": rec.birth_date,
        "members": rec.members,
        "declared_points": rec.declared_points,
        "declared_rank": rec.declared_rank,
        "withdrawn_from_round": rec.withdrawn_from_round,
        "late_entry_round": rec.late_entry_round,
        "group_a": rec.group_a,
        "acceleration": rec.acceleration,
    }


def _entry_row(
    player_id: int,
    round_number: int,
    kind: str,
    *,
    board: int | None = None,
    opponent_id: int | None = None,
    colour: str | None = None,
    result: str | None = None,
) -> dict[str, Any]:
    return {
        "player_id": player_id,
        "round_number": round_number,
        "kind": kind,
        "board": board,
        "opponent_id": opponent_id,
        "colour": colour,
        "result": result,
        "adjourned": False,
        "games": None,
        "game_points": None,
    }


def _insert_entries(s: Session, rows: Iterable[Mapping[str, Any]]) -> None:
    data = [dict(r) for r in rows]
    if data:
        s.flush()
        s.execute(insert(EntryRecord), data)
        s.expire_all()


def _delete_pairing(s: Session, n: int, *, include_absent: bool) -> None:
    kinds = ("game", "pab", "absent") if include_absent else ("game", "pab")
    s.flush()
    s.execute(delete(EntryRecord).where(EntryRecord.round_number == n, EntryRecord.kind.in_(kinds)))
    s.expire_all()


def _pairing_rows(
    n: int, pairs: Sequence[Pair], bye: int | None, tpn_to_id: Mapping[int, int]
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for board, pair in enumerate(pairs, start=1):
        w, b = tpn_to_id[pair.white], tpn_to_id[pair.black]
        rows.append(_entry_row(w, n, "game", board=board, opponent_id=b, colour="w"))
        rows.append(_entry_row(b, n, "game", board=board, opponent_id=w, colour="b"))
    if bye is not None:
        rows.append(
            _entry_row(tpn_to_id[bye], n, "pab", result=ResultCode.PAIRING_ALLOCATED_BYE.value)
        )
    return rows


def _check_covers(
    pairs: Sequence[Pair],
    bye: int | None,
    expected: set[int],
    known: set[int],
    *,
    changing: bool = False,
) -> None:
    """Every player to be paired is on exactly one board or is the PAB, nobody else is."""
    seen: list[int] = [t for p in pairs for t in (p.white, p.black)]
    if bye is not None:
        seen.append(bye)
    problems: list[str] = []
    unknown = sorted(t for t in set(seen) if t not in known)
    if unknown:
        problems.append("no such pairing numbers: " + ", ".join(map(str, unknown)))
    twice = sorted({t for t in seen if seen.count(t) > 1})
    if twice:
        problems.append("paired more than once: " + ", ".join(map(str, twice)))
    if any(p.white == p.black for p in pairs):
        problems.append("a player cannot play themself")
    missing = sorted(expected - set(seen))
    if missing:
        problems.append("not paired: " + ", ".join(map(str, missing)))
    extra = sorted(set(seen) - expected - set(unknown))
    if extra:
        why = "not in this round's pairing" if changing else "not to be paired this round"
        problems.append(f"{why}: " + ", ".join(map(str, extra)))
    if problems:
        raise ActionRefused("the pairing is not valid: " + "; ".join(problems))


def _pairable(s: Session) -> tuple[int, set[int]]:
    """The next round's number and the TPNs to pair in it, or ActionRefused saying why not."""
    trec = _tournament(s)
    last = convert.last_paired_round(s)
    n = last + 1
    if trec.total_rounds < 1:
        raise ActionRefused("the number of rounds is not set: set it in the tournament settings")
    if last >= trec.total_rounds:
        raise ActionRefused(f"all {trec.total_rounds} rounds have been paired")
    if last:
        missing = convert.pending_boards(s, last)
        if missing:
            shown = ", ".join(map(str, missing[:12])) + (" ..." if len(missing) > 12 else "")
            raise ActionRefused(
                f"round {n} cannot be paired: round {last} still lacks results on "
                f"board{'s' if len(missing) > 1 else ''} {shown}"
            )
    busy = set(s.scalars(select(EntryRecord.player_id).where(EntryRecord.round_number == n)))
    available: set[int] = set()
    for pid, tpn, withdrawn, late in s.execute(
        select(
            PlayerRecord.id,
            PlayerRecord.tpn,
            PlayerRecord.withdrawn_from_round,
            PlayerRecord.late_entry_round,
        )
    ):
        if pid in busy:
            continue
        if withdrawn is not None and withdrawn <= n:
            continue
        if late is not None and late > n:
            continue
        available.add(tpn)
    if len(available) < 2:
        raise ActionRefused(f"round {n} cannot be paired: fewer than two players to pair")
    return n, available


def _code(value: str | None) -> ResultCode | None:
    return ResultCode(value) if value is not None else None


def _sides(entries: Sequence[EntryRecord]) -> tuple[EntryRecord, EntryRecord | None]:
    """The White and Black entries of a board (the first one if colours are unknown)."""
    ordered = sorted(entries, key=lambda e: (e.colour != "w", e.colour == "b", e.player_id))
    white = ordered[0]
    black = ordered[1] if len(ordered) > 1 else None
    return white, black


class _OldPairing:
    def __init__(self, pairing: RoundPairing, boards_with_results: list[_Board]) -> None:
        self.pairing = pairing
        self.boards_with_results = boards_with_results


class _Board:
    def __init__(self, board: int, white: int, black: int) -> None:
        self.board = board
        self.white = white
        self.black = black


def _pairing_from_entries(
    n: int, entries: Sequence[EntryRecord], id_to_tpn: Mapping[int, int]
) -> _OldPairing:
    by_board: dict[int, list[EntryRecord]] = {}
    bye: int | None = None
    for e in entries:
        if e.kind == "pab":
            bye = id_to_tpn[e.player_id]
        elif e.board is not None:
            by_board.setdefault(e.board, []).append(e)
    pairs: list[Pair] = []
    with_results: list[_Board] = []
    for board in sorted(by_board):
        white, black = _sides(by_board[board])
        w = id_to_tpn[white.player_id]
        b = (
            id_to_tpn[black.player_id]
            if black
            else (id_to_tpn[white.opponent_id] if white.opponent_id is not None else 0)
        )
        pairs.append(Pair(w, b))
        if white.result is not None:
            with_results.append(_Board(board, w, b))
    return _OldPairing(RoundPairing(n, tuple(pairs), bye), with_results)


def absolute_criteria_warnings(
    tournament: Tournament, round_number: int, pairs: Sequence[Pair], bye: int | None
) -> tuple[str, ...]:
    """Sentences for each absolute criterion the pairing breaks (C.04.3 art. 2.1).

    [C1] no rematch of a played game; [C2] no PAB for a player who already had one or
    scored a win's points without playing; [C3] two non-topscorers with the same absolute
    colour preference must not meet (topscorers: over 50% of the maximum possible score,
    final round only, art. 1.8).
    """
    states: Mapping[int, PlayerState] = build_states(tournament, round_number)
    win = tournament.scoring.win
    final = round_number >= tournament.total_rounds > 0

    def topscorer(st: PlayerState) -> bool:
        return final and 2 * st.score > (round_number - 1) * win

    out: list[str] = []
    for board, pair in enumerate(pairs, start=1):
        w, b = states.get(pair.white), states.get(pair.black)
        if w is None or b is None:
            continue
        if pair.black in w.opponents:
            out.append(
                f"board {board}: {pair.white} and {pair.black} have already played each other [C1]"
            )
        if frozenset((pair.white, pair.black)) in tournament.forbidden_pairs:
            out.append(
                f"board {board}: {pair.white} and {pair.black} must not be paired "
                "(forbidden pair declared by the arbiter) [C1]"
            )
        if (
            w.has_absolute_preference
            and b.has_absolute_preference
            and w.preference is b.preference
            and not (topscorer(w) or topscorer(b))
        ):
            colour = "White" if w.preference is Colour.WHITE else "Black"
            out.append(f"board {board}: {pair.white} and {pair.black} both must have {colour} [C3]")
    if bye is not None:
        st = states.get(bye)
        if st is not None and st.had_bye_or_unplayed_win:
            out.append(f"{bye} already had a pairing-allocated bye or a win without playing [C2]")
    return tuple(out)


LATE_ENTRY_RESULTS = (ResultCode.NOT_PAIRED, ResultCode.ZERO_POINT_BYE, ResultCode.HALF_POINT_BYE)
"""What a late entry's missed rounds may score (C.04.2 art. 2.4, issue 18 item 12)."""


def _late_entry_missed(a: act.LateEntry, settings: TournamentSettings) -> ResultCode:
    """The result of each round a late entry missed: the arbiter's choice, else the
    tournament's setting."""
    if a.missed_result is None:
        return settings.late_entry_result
    if a.missed_result not in (*LATE_ENTRY_RESULTS, settings.late_entry_result):
        raise ActionRefused(
            "a missed round scores as an absence, a zero-point bye or a half-point bye, "
            f"not {a.missed_result.name.lower().replace('_', ' ')}"
        )
    return a.missed_result
