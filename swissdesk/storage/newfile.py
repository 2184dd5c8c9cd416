"""Creating a new tournament file: schema, settings and first audit row, all or nothing.

:meth:`TournamentFile.create <swissdesk.storage.service.TournamentFile.create>`,
:meth:`~swissdesk.storage.service.TournamentFile.from_tournament` and the imports build
their file here from a :class:`NewFile` recipe (the settings, what to fill in, the first
audit row), then open it.
"""

from __future__ import annotations

import errno
import json
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import text as sql_text
from sqlalchemy.orm import Session

from swissdesk import __version__
from swissdesk.engines.base import fide_approved
from swissdesk.i18n import Message, _, said, said_n
from swissdesk.model.tournament import (
    DOUBLE_SWISS,
    DOUBLE_SWISS_SCORING,
    ScoringSystem,
    Tournament,
)
from swissdesk.storage import convert, database, schema
from swissdesk.storage.commands.base import (
    check_player_data,
    check_settings,
    tournament_row,
    utc_now,
)
from swissdesk.storage.commands.fide_mode import check_scoring
from swissdesk.storage.commands.round_robin import new_round_robin
from swissdesk.storage.errors import ActionRefused, DiskFullError, ReadOnlyFileError, StorageError
from swissdesk.storage.levels import IntegrityEvent, integrity_payload, left_fide_mode
from swissdesk.storage.schema import AuditRecord, MetaRecord, PlayerRecord, TournamentRecord
from swissdesk.storage.sections import in_section
from swissdesk.storage.views import PlayerData, TournamentSettings
from swissdesk.trf.team_records import TeamEvent


class NewFile(NamedTuple):
    """What a new tournament file holds: its settings (with its FIDE mode), what ``fill``
    adds in the creating transaction, the first audit row (``action``, ``summary``,
    ``payload``) and the pairing-integrity events it starts with (an import's)."""

    settings: TournamentSettings
    fill: Callable[[Session], None]
    action: str
    summary: str
    payload: dict[str, Any]
    integrity: tuple[IntegrityEvent, ...] = ()


def new_tournament(settings: TournamentSettings, players: Sequence[PlayerData] = ()) -> NewFile:
    """A new tournament with ``players`` registered in the given order (provisional TPNs)."""
    if settings.system == DOUBLE_SWISS and settings.scoring == ScoringSystem():
        # Double-Swiss byes are per match (C.04.5 art. 1.4: a PAB is 1½ by default).
        settings = replace(settings, scoring=DOUBLE_SWISS_SCORING)
    settings = new_round_robin(settings, len(players))
    check_settings(settings)
    for data in players:
        check_player_data(data)
    # FIDE mode is on for a FIDE-approved system (C.02 VCL Q40), off for any other.
    settings = replace(settings, fide_mode=fide_approved(settings.system))
    check_scoring(settings, settings.fide_mode)

    def fill(session: Session) -> None:
        context = convert.rating_context_of(settings)
        for tpn, data in enumerate(players, start=1):
            rec = PlayerRecord(tpn=tpn, members="[]", acceleration="null")
            convert.apply_player_data(rec, data, context)
            session.add(rec)

    payload = {
        "settings": convert.settings_to_dict(settings),
        "players": [convert.player_data_to_dict(d) for d in players],
    }
    summary = said("created {name}", name=repr(settings.name))
    return NewFile(settings, fill, "CreateTournament", summary, payload)


def imported_tournament(
    tournament: Tournament,
    source: str = "",
    trf_version: str | None = None,
    *,
    integrity: Sequence[IntegrityEvent] = (),
    report: Mapping[str, Any] | None = None,
) -> NewFile:
    """A file holding ``tournament`` exactly (paired rounds with their results, the next
    round's byes); ``trf_version`` is remembered as the file's default export format.

    The tournament is in FIDE mode (C.02 VCL Q56) when its system is FIDE-approved and the
    file does not record that it left FIDE mode (``### FIDE mode left``: it stays out).
    ``integrity``: the events the import found (``### Import @ Round n``); ``report``: what
    the import's check and reading said, kept in the first audit row.
    """
    at = utc_now()

    def fill(session: Session) -> None:
        convert.insert_tournament(session, tournament, engine_label="import", at=at)
        if trf_version:
            tournament_row(session).trf_version = trf_version

    summary = _imported_summary(len(tournament.players), tournament.rounds_with_pairings, source)
    payload: dict[str, Any] = {"source": source, "players": len(tournament.players)}
    if report:
        payload.update(report)
    fide_mode = fide_approved(tournament.system) and not left_fide_mode(tournament.extra_records)
    settings = replace(convert.settings_from_tournament(tournament), fide_mode=fide_mode)
    check_scoring(settings, fide_mode, imported=True)
    return NewFile(settings, fill, "ImportTournament", summary, payload, tuple(integrity))


def imported_team_event(event: TeamEvent, source: str = "") -> NewFile:
    """A file holding a TRF-2026 team event: teams, rosters, matches, line-ups, boards."""
    from swissdesk.storage import teamtrf

    at = utc_now()

    def fill(session: Session) -> None:
        teamtrf.insert_team_event(session, event, at=at)
        tournament_row(session).trf_version = "2026"

    t = event.tournament
    summary = _imported_summary(
        len(event.players.players), t.rounds_with_pairings, source, teams=len(t.players)
    )
    payload = {"source": source, "teams": len(t.players)}
    fide_mode = fide_approved(t.system) and not left_fide_mode(t.extra_records)
    settings = replace(convert.settings_from_tournament(t), fide_mode=fide_mode)
    check_scoring(settings, fide_mode, imported=True)
    return NewFile(settings, fill, "ImportTournament", summary, payload)


def _imported_summary(players: int, rounds: int, source: str, teams: int | None = None) -> Message:
    """The import's audit summary, one whole sentence per case ("imported 12 players, 5
    rounds from open.trf"; a team event's counts its teams first)."""
    played = said_n("{count} round", "{count} rounds", rounds, count=rounds)
    if teams is not None:
        people = said_n("{count} player", "{count} players", players, count=players)
        if source:
            return said_n(
                "imported {count} team, {players}, {rounds} from {source}",
                "imported {count} teams, {players}, {rounds} from {source}",
                teams, count=teams, players=people, rounds=played, source=source,
            )  # fmt: skip
        return said_n(
            "imported {count} team, {players}, {rounds}",
            "imported {count} teams, {players}, {rounds}",
            teams, count=teams, players=people, rounds=played,
        )  # fmt: skip
    if source:
        return said_n(
            "imported {count} player, {rounds} from {source}",
            "imported {count} players, {rounds} from {source}",
            players, count=players, rounds=played, source=source,
        )  # fmt: skip
    return said_n(
        "imported {count} player, {rounds}",
        "imported {count} players, {rounds}",
        players, count=players, rounds=played,
    )  # fmt: skip


def add_section(session: Session, recipe: NewFile, *, position: int) -> int:
    """Add a section made from ``recipe`` (settings, what ``fill`` adds, its audit row) in
    the session's transaction; returns its id."""
    rec = TournamentRecord(position=position)
    rec.extra_records = "[]"
    convert.write_settings(rec, recipe.settings)  # may add record 132 (round dates)
    rec.forbidden_pairs = "[]"
    rec.list_closed = False
    rec.fide_mode = recipe.settings.fide_mode
    # The pairing-integrity events it starts with (an import's: ### Import @ Round n).
    rec.integrity_log = json.dumps([e.to_json() for e in recipe.integrity])
    rec.manual_pairing = None
    session.add(rec)
    session.flush()
    with in_section(session, rec.id):
        recipe.fill(session)
    # the summary's message beside its English, so the audit page words it for its reader
    message = {"said": recipe.summary.to_json()} if isinstance(recipe.summary, Message) else {}
    session.add(
        AuditRecord(
            at=utc_now(),
            action=recipe.action,
            summary=recipe.summary,
            payload=json.dumps({**recipe.payload, **integrity_payload(*recipe.integrity), **message}),
            section_id=rec.id,
        )
    )
    return rec.id


def build_file(path: Path, sections: Sequence[NewFile]) -> None:
    """Create a complete tournament file at ``path`` (never overwriting one) holding one
    section per recipe, in that order.

    Built under a temporary name and renamed into place, so a crash leaves either no file or
    a complete one: the schema, each section's settings, what its ``fill`` adds and its
    first audit row (``action``, ``summary``, ``payload``) in one transaction.
    """
    if not sections:
        raise ActionRefused(_("an event needs at least one section"))

    if path.exists():
        raise ActionRefused(
            _("{path} already exists; choose another name (it was not changed)").format(path=path)
        )
    if not path.parent.is_dir():
        refusal = (
            _("cannot create {path}: {parent} is not a folder")
            if path.parent.exists()
            else _("cannot create {path}: {parent} does not exist")
        )
        raise StorageError(refusal.format(path=path, parent=path.parent))
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm"), Path(f"{tmp}-journal")):
        leftover.unlink(missing_ok=True)
    try:
        tmp.open("xb").close()  # SQLite fills an empty file as a new database
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise ReadOnlyFileError(
                _(
                    "cannot create {path}: the folder {parent} cannot be written (read-only "
                    "medium or no permission); choose another folder"
                ).format(path=path, parent=path.parent)
            ) from exc
        if exc.errno == errno.ENOSPC:
            raise DiskFullError(
                _("cannot create {path}: the disk is full").format(path=path)
            ) from exc
        raise StorageError(
            _("cannot create {path}: {strerror}").format(path=path, strerror=exc.strerror)
        ) from exc
    engine = database.make_engine(tmp, check_schema=False)
    try:
        with database.translated_errors(path):
            schema.Base.metadata.create_all(engine)
        with database.session_scope(engine, path, write=True) as session:
            session.execute(sql_text(f"PRAGMA application_id = {schema.APPLICATION_ID}"))
            session.add(MetaRecord(key="schema_version", value=str(schema.SCHEMA_VERSION)))
            session.add(MetaRecord(key="created_with", value=f"swissdesk {__version__}"))
            for position, recipe in enumerate(sections, start=1):
                add_section(session, recipe, position=position)
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
        raise ActionRefused(_("{path} already exists; choose another name").format(path=path))
    try:
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise StorageError(
            _("cannot create {path}: {strerror}").format(path=path, strerror=exc.strerror)
        ) from exc
    for leftover in (Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        leftover.unlink(missing_ok=True)
    database.fsync_directory(path.parent)
