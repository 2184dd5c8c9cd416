"""Opening, checking, migrating and writing a ``.swissdesk`` SQLite file.

Modelled on Home Assistant's recorder: the SQLite pragmas are set in a ``connect`` event
listener, every unit of work goes through :func:`session_scope`, SQLite errors are turned
into :mod:`swissdesk.storage.errors` messages for the arbiter, and a damaged file is never
written to: it is copied aside and the arbiter is told.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import sqlite3
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import QueuePool

from swissdesk.i18n import _, ngettext
from swissdesk.storage import datacheck, schema, schemacheck
from swissdesk.storage.errors import (
    CorruptFileError,
    DamagedDataError,
    DiskFullError,
    LockedFileError,
    NewerFileError,
    NotATournamentFileError,
    ReadOnlyFileError,
    StorageError,
    UntrustedFileError,
)
from swissdesk.storage.sections import SECTION, SectionSession

SUFFIX = ".swissdesk"
SQLITE_HEADER = b"SQLite format 3\x00"
DEFAULT_BUSY_TIMEOUT_MS = 1500
"""How long a write waits for another program's write lock before saying the file is in
use (reads never wait for a writer: WAL). Short, so the arbiter hears within 2 s."""

OPEN_TIME_LIMIT_S = 30.0
"""Longest the checks on opening a file may take (the integrity check, reading the schema
and the version): a file built to make them run forever is refused instead of hanging the
window. A real tournament file of 5,000 players is checked in well under a second."""

Migration = Callable[[sqlite3.Connection], None]
MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` upgrades a version-``n`` file to version ``n + 1`` (in one transaction).

Schema version 1 is the first; each step comes with a frozen fixture file of the
version it upgrades under ``tests/storage/``. An upgraded file must have exactly the schema
the models create (:mod:`swissdesk.storage.schemacheck` refuses it otherwise): a column a
migration adds with ``DEFAULT x`` needs the same default in its model (``default=x`` or
``server_default``); a migration that drops a table, column or index adds its name to
``schemacheck.RETIRED_NAMES``.
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


_V6_TABLES = (
    (
        "CREATE TABLE tournament (\n"
        "\tid INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, \n"
        "\tname TEXT NOT NULL, \n"
        "\tcity TEXT NOT NULL, \n"
        "\tfederation TEXT NOT NULL, \n"
        "\tstart_date TEXT NOT NULL, \n"
        "\tend_date TEXT NOT NULL, \n"
        "\tchief_arbiter TEXT NOT NULL, \n"
        "\tdeputy_arbiters TEXT NOT NULL, \n"
        "\ttime_control TEXT NOT NULL, \n"
        "\ttournament_type TEXT NOT NULL, \n"
        "\ttotal_rounds INTEGER NOT NULL, \n"
        "\tsystem VARCHAR NOT NULL, \n"
        "\tinitial_colour VARCHAR(1) NOT NULL, \n"
        "\tscoring TEXT NOT NULL, \n"
        "\ttiebreaks TEXT NOT NULL, \n"
        "\tacceleration VARCHAR NOT NULL, \n"
        "\tlate_entry_result VARCHAR(1) NOT NULL, \n"
        "\tis_team BOOLEAN NOT NULL, \n"
        "\tforbidden_pairs TEXT NOT NULL, \n"
        "\textra_records TEXT NOT NULL, \n"
        "\tlist_closed BOOLEAN NOT NULL, \n"
        "\torganiser TEXT NOT NULL, \n"
        "\trating_settings TEXT NOT NULL, \n"
        "\tposition INTEGER NOT NULL, \n"
        "\trating_from INTEGER NOT NULL, \n"
        "\trating_below INTEGER NOT NULL, \n"
        "\tage_under INTEGER NOT NULL, \n"
        "\tage_from INTEGER NOT NULL, \n"
        "\ttrf_version VARCHAR NOT NULL, \n"
        "\tdeclared_through INTEGER\n"
        ")"
    ),
    (
        "CREATE TABLE player (\n"
        "\tid INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, \n"
        "\ttpn INTEGER NOT NULL, \n"
        "\tname TEXT NOT NULL, \n"
        "\trating INTEGER NOT NULL, \n"
        "\tsex VARCHAR NOT NULL, \n"
        "\ttitle VARCHAR NOT NULL, \n"
        "\tfederation VARCHAR NOT NULL, \n"
        "\tfide_id VARCHAR NOT NULL, \n"
        "\tbirth_date VARCHAR NOT NULL, \n"
        "\tmembers TEXT NOT NULL, \n"
        "\tdeclared_points INTEGER, \n"
        "\tdeclared_rank INTEGER, \n"
        "\twithdrawn_from_round INTEGER, \n"
        "\tlate_entry_round INTEGER, \n"
        "\tgroup_a BOOLEAN NOT NULL, \n"
        "\tacceleration TEXT NOT NULL, \n"
        "\tclub TEXT NOT NULL, \n"
        "\tk_factor INTEGER, \n"
        "\tk_source VARCHAR NOT NULL, \n"
        "\trated_games INTEGER, \n"
        "\tnational_rating INTEGER NOT NULL, \n"
        "\tchecked_in BOOLEAN NOT NULL, \n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tUNIQUE (section_id, tpn), \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE round (\n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tnumber INTEGER NOT NULL, \n"
        "\tpaired_at VARCHAR NOT NULL, \n"
        "\tengine VARCHAR NOT NULL, \n"
        "\tengine_pairing TEXT, \n"
        "\tPRIMARY KEY (section_id, number), \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE entry (\n"
        "\tid INTEGER NOT NULL, \n"
        "\tplayer_id INTEGER NOT NULL, \n"
        "\tround_number INTEGER NOT NULL, \n"
        "\tkind VARCHAR NOT NULL, \n"
        "\tboard INTEGER, \n"
        "\topponent_id INTEGER, \n"
        "\tcolour VARCHAR(1), \n"
        "\tresult VARCHAR(1), \n"
        "\tadjourned BOOLEAN NOT NULL, \n"
        "\tgames TEXT, \n"
        "\tgame_points INTEGER, \n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tPRIMARY KEY (id), \n"
        "\tUNIQUE (player_id, round_number), \n"
        "\tFOREIGN KEY(player_id) REFERENCES player (id) ON DELETE CASCADE, \n"
        "\tFOREIGN KEY(opponent_id) REFERENCES player (id) ON DELETE RESTRICT, \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE audit (\n"
        "\tid INTEGER NOT NULL, \n"
        "\tat VARCHAR NOT NULL, \n"
        "\taction VARCHAR NOT NULL, \n"
        "\tsummary TEXT NOT NULL, \n"
        "\tpayload TEXT NOT NULL, \n"
        "\tundone_by INTEGER, \n"
        "\tundo_of INTEGER, \n"
        "\tsection_id INTEGER, \n"
        "\tPRIMARY KEY (id)\n"
        ")"
    ),
    (
        "CREATE TABLE team_settings (\n"
        "\tid INTEGER NOT NULL, \n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tboards INTEGER NOT NULL, \n"
        "\tcolour_preferences VARCHAR NOT NULL, \n"
        "\tprimary_score VARCHAR NOT NULL, \n"
        "\tsecondary_for_colour BOOLEAN NOT NULL, \n"
        "\tpab_game_points INTEGER NOT NULL, \n"
        "\thalf_bye_game_points INTEGER NOT NULL, \n"
        "\tfull_bye_game_points INTEGER NOT NULL, \n"
        "\tzero_bye_game_points INTEGER NOT NULL, \n"
        "\tPRIMARY KEY (id), \n"
        "\tUNIQUE (section_id), \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE team (\n"
        "\tplayer_id INTEGER NOT NULL, \n"
        "\tshort_name VARCHAR NOT NULL, \n"
        "\tclub TEXT NOT NULL, \n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tPRIMARY KEY (player_id), \n"
        "\tFOREIGN KEY(player_id) REFERENCES player (id) ON DELETE CASCADE, \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE team_member (\n"
        "\tid INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, \n"
        "\tteam_id INTEGER NOT NULL, \n"
        "\tposition INTEGER NOT NULL, \n"
        "\tname TEXT NOT NULL, \n"
        "\trating INTEGER NOT NULL, \n"
        "\ttitle VARCHAR NOT NULL, \n"
        "\tfide_id VARCHAR NOT NULL, \n"
        "\tfederation VARCHAR NOT NULL, \n"
        "\tsex VARCHAR NOT NULL, \n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tFOREIGN KEY(team_id) REFERENCES player (id) ON DELETE CASCADE, \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE team_board (\n"
        "\tid INTEGER NOT NULL, \n"
        "\tteam_id INTEGER NOT NULL, \n"
        "\tround_number INTEGER NOT NULL, \n"
        "\tboard INTEGER NOT NULL, \n"
        "\tmember_id INTEGER, \n"
        "\tresult VARCHAR(1), \n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tPRIMARY KEY (id), \n"
        "\tUNIQUE (team_id, round_number, board), \n"
        "\tFOREIGN KEY(team_id) REFERENCES player (id) ON DELETE CASCADE, \n"
        "\tFOREIGN KEY(member_id) REFERENCES team_member (id) ON DELETE RESTRICT, \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    ),
)
"""The version-6 tables, as ``CREATE TABLE`` statements exactly as a new file has them."""

_V6_INDEXES = (
    "CREATE INDEX ix_entry_player_id ON entry (player_id)",
    "CREATE INDEX ix_entry_round_number ON entry (round_number)",
    "CREATE INDEX ix_team_member_team_id ON team_member (team_id)",
    "CREATE INDEX ix_team_board_round_number ON team_board (round_number)",
    "CREATE INDEX ix_team_board_team_id ON team_board (team_id)",
)

_V5_COLUMNS = {
    "tournament": "id, name, city, federation, start_date, end_date, chief_arbiter, "
    "deputy_arbiters, time_control, tournament_type, total_rounds, system, initial_colour, "
    "scoring, tiebreaks, acceleration, late_entry_result, is_team, forbidden_pairs, "
    "extra_records, list_closed, organiser, rating_settings",
    "player": "id, tpn, name, rating, sex, title, federation, fide_id, birth_date, members, "
    "declared_points, declared_rank, withdrawn_from_round, late_entry_round, group_a, "
    "acceleration, club, k_factor, k_source, rated_games, national_rating",
    "round": "number, paired_at, engine, engine_pairing",
    "entry": "id, player_id, round_number, kind, board, opponent_id, colour, result, "
    "adjourned, games, game_points",
    "audit": "id, at, action, summary, payload, undone_by, undo_of",
    "team_settings": "id, boards, colour_preferences, primary_score, secondary_for_colour, "
    "pab_game_points, half_bye_game_points, full_bye_game_points, zero_bye_game_points",
    "team": "player_id, short_name, club",
    "team_member": "id, team_id, position, name, rating, title, fide_id, federation, sex",
    "team_board": "id, team_id, round_number, board, member_id, result",
}
"""Each version-5 table's columns (all kept, values unchanged)."""

_V6_ADDED = {
    "tournament": (
        "position, rating_from, rating_below, age_under, age_from, trf_version, declared_through",
        "1, 0, 0, 0, 0, "
        "coalesce((SELECT value FROM meta WHERE key = 'trf_version'), ''), "
        "(SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'declared_through')",
    ),
    "player": ("checked_in, section_id", "0, id_section"),
    "round": ("section_id", "id_section"),
    "entry": ("section_id", "id_section"),
    "audit": ("section_id", "id_section"),
    "team_settings": ("section_id", "id_section"),
    "team": ("section_id", "id_section"),
    "team_member": ("section_id", "id_section"),
    "team_board": ("section_id", "id_section"),
}
"""What version 6 adds to each table, and its value for the file's one tournament."""


def migrate_5_sections(con: sqlite3.Connection) -> None:
    """Version 5 -> 6: the file becomes an event of sections, its tournament the section
    with id 1 (every row gets ``section_id`` 1; TPNs and round numbers become unique per
    section; the file-wide ``meta`` keys ``trf_version`` and ``declared_through`` move to
    the section). Every table except ``meta`` is rebuilt with the version-6 statements
    (frozen SQL, never the current models), so that an upgraded file has exactly the
    tables a new one has; every value of the old columns is kept."""
    section = con.execute("SELECT min(id) FROM tournament").fetchone()[0]
    if section is None:
        raise StorageError(_("the tournament file has no tournament settings (damaged file?)"))
    sequences = dict(con.execute("SELECT name, seq FROM sqlite_sequence").fetchall())
    # Renaming must not rewrite the other tables' foreign keys (they are rebuilt too).
    con.execute("PRAGMA legacy_alter_table = ON")
    for table in _V5_COLUMNS:
        con.execute(f'ALTER TABLE "{table}" RENAME TO "_v5_{table}"')
    for statement in _V6_TABLES:
        con.execute(statement)
    for table, old in _V5_COLUMNS.items():
        added, values = _V6_ADDED[table]
        values = values.replace("id_section", str(int(section)))
        con.execute(
            f'INSERT INTO "{table}" ({old}, {added}) SELECT {old}, {values} FROM "_v5_{table}"'
        )
    for table in _V5_COLUMNS:
        con.execute(f'DROP TABLE "_v5_{table}"')  # with its indexes
    for statement in _V6_INDEXES:
        con.execute(statement)
    con.execute("PRAGMA legacy_alter_table = OFF")
    con.execute("DELETE FROM meta WHERE key IN ('trf_version', 'declared_through')")
    for table, seq in sequences.items():  # ids stay never reused
        if table in _V5_COLUMNS:
            con.execute("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", (seq, table))
    problems = con.execute("PRAGMA foreign_key_check").fetchall()
    if problems:
        raise StorageError(
            ngettext(
                "the tournament file's rows do not fit together ({count} broken reference); "
                "it was not upgraded",
                "the tournament file's rows do not fit together ({count} broken references); "
                "it was not upgraded",
                len(problems),
            ).format(count=len(problems))
        )


MIGRATIONS[5] = migrate_5_sections


def migrate_6_add_prize_plan(con: sqlite3.Connection) -> None:
    """Version 6 -> 7: the table of each section's prize plan and the categories the
    arbiter ticked for its players (issue 36); empty in an older file (no plan). Frozen SQL
    (never the current models), as the models write it."""
    con.execute(
        "CREATE TABLE prize_plan (\n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tcontent TEXT NOT NULL, \n"
        "\tPRIMARY KEY (section_id), \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    )


MIGRATIONS[6] = migrate_6_add_prize_plan


_V8_TOURNAMENT = (
    "CREATE TABLE tournament (\n"
    "\tid INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, \n"
    "\tname TEXT NOT NULL, \n"
    "\tcity TEXT NOT NULL, \n"
    "\tfederation TEXT NOT NULL, \n"
    "\tstart_date TEXT NOT NULL, \n"
    "\tend_date TEXT NOT NULL, \n"
    "\tchief_arbiter TEXT NOT NULL, \n"
    "\tdeputy_arbiters TEXT NOT NULL, \n"
    "\ttime_control TEXT NOT NULL, \n"
    "\ttournament_type TEXT NOT NULL, \n"
    "\ttotal_rounds INTEGER NOT NULL, \n"
    "\tsystem VARCHAR NOT NULL, \n"
    "\tinitial_colour VARCHAR(1) NOT NULL, \n"
    "\tscoring TEXT NOT NULL, \n"
    "\ttiebreaks TEXT NOT NULL, \n"
    "\tacceleration VARCHAR NOT NULL, \n"
    "\tlate_entry_result VARCHAR(1) NOT NULL, \n"
    "\tis_team BOOLEAN NOT NULL, \n"
    "\tforbidden_pairs TEXT NOT NULL, \n"
    "\textra_records TEXT NOT NULL, \n"
    "\tlist_closed BOOLEAN NOT NULL, \n"
    "\torganiser TEXT NOT NULL, \n"
    "\trating_settings TEXT NOT NULL, \n"
    "\tposition INTEGER NOT NULL, \n"
    "\trating_from INTEGER NOT NULL, \n"
    "\trating_below INTEGER NOT NULL, \n"
    "\tage_under INTEGER NOT NULL, \n"
    "\tage_from INTEGER NOT NULL, \n"
    "\ttrf_version VARCHAR NOT NULL, \n"
    "\tdeclared_through INTEGER, \n"
    "\tfide_mode BOOLEAN NOT NULL, \n"
    "\tintegrity_log TEXT NOT NULL, \n"
    "\tmanual_pairing TEXT\n"
    ")"
)
"""The version-8 ``tournament`` table: version 7's (the same as 6's) with FIDE mode, the
integrity log and the manual-pairing phase at its end."""

_V7_TOURNAMENT_COLUMNS = (
    "id, name, city, federation, start_date, end_date, chief_arbiter, deputy_arbiters, "
    "time_control, tournament_type, total_rounds, system, initial_colour, scoring, tiebreaks, "
    "acceleration, late_entry_result, is_team, forbidden_pairs, extra_records, list_closed, "
    "organiser, rating_settings, position, rating_from, rating_below, age_under, age_from, "
    "trf_version, declared_through"
)


def migrate_7_add_fide_mode(con: sqlite3.Connection) -> None:
    """Version 7 -> 8: FIDE mode and the pairing-integrity log of each section (issue 29).
    The ``tournament`` table is rebuilt with the version-8 statement (frozen SQL, never the
    current models), so that an upgraded file has exactly the table a new one has; every
    value is kept. An older section is in FIDE mode when its system is a FIDE-approved one
    (the systems of C.04 in their current editions and the round robin; not the 1992
    rating-based Swiss, not the Lim system's 1999 or 2003 edition, not Scheveningen, whose
    table is swissdesk's); its log is empty and no round is being paired by hand."""
    sequence = con.execute("SELECT seq FROM sqlite_sequence WHERE name = 'tournament'").fetchone()
    # Renaming must not rewrite the other tables' references to "tournament" (the
    # players, rounds, entries, audit rows and prize plans of each section).
    con.execute("PRAGMA legacy_alter_table = ON")
    con.execute('ALTER TABLE tournament RENAME TO "_v7_tournament"')
    con.execute(_V8_TOURNAMENT)
    con.execute(
        f"INSERT INTO tournament ({_V7_TOURNAMENT_COLUMNS}, fide_mode, integrity_log, "
        f"manual_pairing) SELECT {_V7_TOURNAMENT_COLUMNS}, CASE WHEN "
        "system IN ('dutch', 'dubov', 'burstein', 'double-swiss', 'team', 'round-robin') "
        "OR system LIKE 'round-robin:%' OR system = 'lim' OR (system LIKE 'lim:%' "
        "AND system NOT LIKE '%2003%' AND system NOT LIKE '%1999%') THEN 1 ELSE 0 END, "
        "'[]', NULL "
        'FROM "_v7_tournament"'
    )
    con.execute('DROP TABLE "_v7_tournament"')
    con.execute("PRAGMA legacy_alter_table = OFF")
    if sequence is not None:  # section ids stay never reused
        con.execute(
            "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'tournament'",
            (sequence[0],),
        )
    problems = con.execute("PRAGMA foreign_key_check").fetchall()
    if problems:
        raise StorageError(
            ngettext(
                "the tournament file's rows do not fit together ({count} broken reference); "
                "it was not upgraded",
                "the tournament file's rows do not fit together ({count} broken references); "
                "it was not upgraded",
                len(problems),
            ).format(count=len(problems))
        )


MIGRATIONS[7] = migrate_7_add_fide_mode


def migrate_8_add_rating_corrections(con: sqlite3.Connection) -> None:
    """Version 8 -> 9: the table of the results corrected for the rating report only
    (issue 29, C.02 Q192-193); empty in an older file (no correction). Frozen SQL (never the
    current models), as the models write it."""
    con.execute(
        "CREATE TABLE rating_correction (\n"
        "\tid INTEGER NOT NULL, \n"
        "\tround_number INTEGER NOT NULL, \n"
        "\twhite_id INTEGER NOT NULL, \n"
        "\tblack_id INTEGER NOT NULL, \n"
        "\tresult VARCHAR NOT NULL, \n"
        "\treason TEXT NOT NULL, \n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tPRIMARY KEY (id), \n"
        "\tUNIQUE (white_id, round_number), \n"
        "\tFOREIGN KEY(white_id) REFERENCES player (id) ON DELETE CASCADE, \n"
        "\tFOREIGN KEY(black_id) REFERENCES player (id) ON DELETE CASCADE, \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    )


MIGRATIONS[8] = migrate_8_add_rating_corrections


def migrate_9_add_phone_tables(con: sqlite3.Connection) -> None:
    """Version 9 -> 10: the players' phones (issue 35): personal codes, what each section
    opened to the phones, the reported results. Empty in an older file (no codes issued,
    nothing open). Frozen SQL (never the current models), as the models write it."""
    con.execute(
        "CREATE TABLE player_code (\n"
        "\tplayer_id INTEGER NOT NULL, \n"
        "\tcode VARCHAR NOT NULL, \n"
        "\tissued_at VARCHAR NOT NULL, \n"
        "\tPRIMARY KEY (player_id), \n"
        "\tFOREIGN KEY(player_id) REFERENCES player (id) ON DELETE CASCADE, \n"
        "\tUNIQUE (code)\n"
        ")"
    )
    con.execute(
        "CREATE TABLE venue_state (\n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tcheckin_round INTEGER, \n"
        "\treport_round INTEGER, \n"
        "\tacceptance VARCHAR NOT NULL, \n"
        "\tPRIMARY KEY (section_id), \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    )
    con.execute(
        "CREATE TABLE result_report (\n"
        "\tid INTEGER NOT NULL, \n"
        "\tround_number INTEGER NOT NULL, \n"
        "\tboard INTEGER NOT NULL, \n"
        "\treporter_id INTEGER NOT NULL, \n"
        "\tresult VARCHAR NOT NULL, \n"
        "\tstate VARCHAR NOT NULL, \n"
        "\tanswered_by INTEGER, \n"
        "\tdisputed_result VARCHAR, \n"
        "\treported_at VARCHAR NOT NULL, \n"
        "\tdevice TEXT NOT NULL, \n"
        "\tsection_id INTEGER NOT NULL, \n"
        "\tPRIMARY KEY (id), \n"
        "\tUNIQUE (section_id, round_number, board), \n"
        "\tFOREIGN KEY(reporter_id) REFERENCES player (id) ON DELETE CASCADE, \n"
        "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
        ")"
    )


MIGRATIONS[9] = migrate_9_add_phone_tables


_V11_PLAYER = (
    "CREATE TABLE player (\n"
    "\tid INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, \n"
    "\ttpn INTEGER NOT NULL, \n"
    "\tname TEXT NOT NULL, \n"
    "\trating INTEGER NOT NULL, \n"
    "\tsex VARCHAR NOT NULL, \n"
    "\ttitle VARCHAR NOT NULL, \n"
    "\tfederation VARCHAR NOT NULL, \n"
    "\tfide_id VARCHAR NOT NULL, \n"
    "\tbirth_date VARCHAR NOT NULL, \n"
    "\tmembers TEXT NOT NULL, \n"
    "\tdeclared_points INTEGER, \n"
    "\tdeclared_rank INTEGER, \n"
    "\twithdrawn_from_round INTEGER, \n"
    "\tlate_entry_round INTEGER, \n"
    "\tgroup_a BOOLEAN NOT NULL, \n"
    "\tacceleration TEXT NOT NULL, \n"
    "\tclub TEXT NOT NULL, \n"
    "\tk_factor INTEGER, \n"
    "\tk_source VARCHAR NOT NULL, \n"
    "\trated_games INTEGER, \n"
    "\tnational_rating INTEGER NOT NULL, \n"
    "\tchecked_in BOOLEAN NOT NULL, \n"
    "\tratings TEXT NOT NULL, \n"
    "\tsection_id INTEGER NOT NULL, \n"
    "\tUNIQUE (section_id, tpn), \n"
    "\tFOREIGN KEY(section_id) REFERENCES tournament (id) ON DELETE CASCADE\n"
    ")"
)
"""The version-11 ``player`` table: version 10's (unchanged since 8) with ``ratings``
before ``section_id``."""

_V10_PLAYER_COLUMNS = (
    "id, tpn, name, rating, sex, title, federation, fide_id, birth_date, members, "
    "declared_points, declared_rank, withdrawn_from_round, late_entry_round, group_a, "
    "acceleration, club, k_factor, k_source, rated_games, national_rating, checked_in, "
    "section_id"
)


def _v11_ratings_json(rating: int, national: int, rating_type: str) -> str:
    """A version-10 player's ratings as version 11 keeps them (frozen here, not the current
    model's code): the one FIDE rating as the rating of the section's rate of play, the
    national rating as the section's national list's; neither source nor date is known."""
    data: dict[str, Any] = {}
    if rating > 0:
        data[rating_type] = {"value": rating}
    if national > 0:
        data["national"] = [{"federation": "", "value": national}]
    return json.dumps(data, sort_keys=True)


def migrate_10_add_player_ratings(con: sqlite3.Connection) -> None:
    """Version 10 -> 11: every rating a player holds, with its source and date (issue 31,
    checklist Q134). The ``player`` table is rebuilt with the version-11 statement (frozen
    SQL), every value kept; ``ratings`` holds what version 10 knew: the FIDE rating as the
    rating of the section's rate of play (its record 222 time control: standard, rapid or
    blitz) and the national rating, sources and dates unknown."""
    sequence = con.execute("SELECT seq FROM sqlite_sequence WHERE name = 'player'").fetchone()
    # The entries, team rows and audit payloads keep referring to "player" by name.
    con.execute("PRAGMA legacy_alter_table = ON")
    con.execute('ALTER TABLE player RENAME TO "_v10_player"')
    con.execute(_V11_PLAYER)
    con.execute(
        f"INSERT INTO player ({_V10_PLAYER_COLUMNS}, ratings) "
        f"SELECT {_V10_PLAYER_COLUMNS}, '{{}}' FROM \"_v10_player\""
    )
    con.execute('DROP TABLE "_v10_player"')
    con.execute("PRAGMA legacy_alter_table = OFF")
    if sequence is not None:  # player ids stay never reused
        con.execute(
            "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'player'", (sequence[0],)
        )
    fill_v11_ratings(con)
    problems = con.execute("PRAGMA foreign_key_check").fetchall()
    if problems:
        raise StorageError(
            ngettext(
                "the tournament file's rows do not fit together ({count} broken reference); "
                "it was not upgraded",
                "the tournament file's rows do not fit together ({count} broken references); "
                "it was not upgraded",
                len(problems),
            ).format(count=len(problems))
        )


def fill_v11_ratings(con: sqlite3.Connection) -> None:
    """Give every player of a version-10 file (upgraded or recovered) its version-11
    ``ratings``: :func:`_v11_ratings_json` of its section's rate of play."""
    from swissdesk.model import timecontrol

    kinds: dict[int, str] = {}
    # A team section's "players" are teams rated by their strength (C.04.6): left empty.
    for section, records in con.execute(
        "SELECT id, extra_records FROM tournament WHERE NOT is_team"
    ):
        try:
            loaded = json.loads(records or "[]")
        except ValueError:
            loaded = []
        code = timecontrol.from_records([str(r) for r in loaded if isinstance(r, str)])
        kinds[section] = timecontrol.rating_type_of(code)
    rows = con.execute(
        "SELECT id, section_id, rating, national_rating FROM player "
        "WHERE rating > 0 OR national_rating > 0"
    ).fetchall()
    con.executemany(
        "UPDATE player SET ratings = ? WHERE id = ?",
        [
            (_v11_ratings_json(rating, national, kinds[section]), pid)
            for pid, section, rating, national in rows
            if section in kinds
        ],
    )


MIGRATIONS[10] = migrate_10_add_player_ratings


def migrate_11_add_entry_fee(con: sqlite3.Connection) -> None:
    """Version 11 -> 12: each player's entry fee, due and paid, in cents (issue 35). Empty
    in an older file (no fee recorded: the check-in list's columns stay blank, as before).
    Frozen SQL (never the current models), as the models write it."""
    con.execute(
        "CREATE TABLE entry_fee (\n"
        "\tplayer_id INTEGER NOT NULL, \n"
        "\tdue INTEGER NOT NULL, \n"
        "\tpaid INTEGER NOT NULL, \n"
        "\tPRIMARY KEY (player_id), \n"
        "\tFOREIGN KEY(player_id) REFERENCES player (id) ON DELETE CASCADE\n"
        ")"
    )


MIGRATIONS[11] = migrate_11_add_entry_fee


def translate_error(exc: BaseException, path: Path) -> StorageError:
    """The arbiter's message for a SQLite failure while using ``path``."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    name = str(getattr(orig, "sqlite_errorname", ""))
    text = str(orig)
    where = _("the tournament file {path}").format(path=path)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
        holders = lock_holders(path)
        by = f" ({'; '.join(holders)})" if holders else ""
        return LockedFileError(
            _(
                "{where} is in use by another program or swissdesk window{by}; close it there "
                "and try again (nothing was changed)"
            ).format(where=where, by=by)
        )
    if (
        name.startswith("SQLITE_FULL")
        or "disk is full" in text
        or ((name.startswith("SQLITE_IOERR") or "disk I/O error" in text) and disk_is_full(path))
    ):
        return DiskFullError(
            _(
                "the disk holding {path} is full: the action was not saved; free some space "
                "(or save the tournament elsewhere) and try again"
            ).format(path=path)
        )
    if name.startswith("SQLITE_READONLY") or "readonly database" in text:
        return ReadOnlyFileError(
            _(
                "{where} cannot be written (read-only medium or no permission): the action was "
                "not saved; copy the file to a writable folder"
            ).format(where=where)
        )
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text:
        return CorruptFileError(_(
                                    "{where} is damaged ({text}); nothing was changed"
                                ).format(where=where, text=text))
    if name.startswith("SQLITE_IOERR") or "disk I/O error" in text:
        return StorageError(
            _(
                "{where} could not be read or written (disk I/O error: was the USB stick "
                "removed?); the last action was not saved"
            ).format(where=where)
        )
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return StorageError(_(
                                "{where} cannot be opened (missing folder or no permission)"
                            ).format(where=where))
    return StorageError(_("{where}: database error: {text}").format(where=where, text=text))


@contextlib.contextmanager
def translated_errors(path: Path) -> Iterator[None]:
    """Turn SQLite/SQLAlchemy errors raised inside into :class:`StorageError` messages."""
    try:
        yield
    except (SQLAlchemyError, sqlite3.Error) as exc:
        raise translate_error(exc, path) from exc


def _on_connect(busy_timeout_ms: int, read_only: bool) -> Callable[[Any, Any], None]:
    def set_pragmas(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" listener issue BEGIN itself (see _SchemaGuard.on_begin): the sqlite3
        # module's implicit transactions would start only at the first write, after the
        # checks an action makes, and another process could change the file in between.
        dbapi_connection.isolation_level = None
        # Before the file's schema is read: nothing in it may run (schemacheck).
        schemacheck.harden(dbapi_connection)
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


class _SchemaGuard:
    """Checks, at the start of every transaction, that the file's schema is still the one
    swissdesk writes: cheap (one ``PRAGMA schema_version``) unless the schema changed since
    it was last checked, for example by another program while the file is open."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.verified: set[int] = set()

    def on_begin(self, conn: Connection) -> None:
        # Writers take the write lock up front (BEGIN IMMEDIATE): an action's checks and its
        # changes see the same file; readers get a consistent snapshot (BEGIN DEFERRED).
        write = bool(conn.get_execution_options().get("swissdesk_write", False))
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
        cookie = int(conn.exec_driver_sql("PRAGMA schema_version").scalar() or 0)
        if cookie in self.verified:
            return
        raw = conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        problems = schemacheck.differences(schemacheck.describe(raw))
        if problems:
            conn.exec_driver_sql("ROLLBACK")
            raise untrusted_file_error(self.path, problems)
        self.verified.add(cookie)


def _begin_unchecked(conn: Connection) -> None:
    write = bool(conn.get_execution_options().get("swissdesk_write", False))
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def untrusted_file_error(path: Path, problems: list[str]) -> UntrustedFileError:
    """The arbiter's message for a file whose schema is not swissdesk's."""
    return UntrustedFileError(
        _(
            "the tournament file {path} holds database definitions that swissdesk never writes "
            "({describe_differences}). They could change results behind your back, so "
            "swissdesk does not open the file; it was not changed. To use its tournament, copy "
            "it into a clean file: swissdesk recover {path} -o NEW{SUFFIX}"
        ).format(
            path=path,
            describe_differences=schemacheck.describe_differences(problems),
            SUFFIX=SUFFIX,
        ),
        path,
        tuple(problems),
    )


def read_only_uri(path: Path) -> str:
    """SQLite URI opening ``path`` without ever writing beside it (no -wal/-shm files).

    ``immutable=1``: a file swissdesk cannot write is read as it is on disk; a file closed
    by swissdesk has its WAL folded back, so nothing is missed. A file whose WAL still holds
    changes (swissdesk was killed before folding it back) is read from a private copy
    instead (:func:`read_only_snapshot`).
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
        raise StorageError(_(
                               "the tournament file {path} cannot be opened: {strerror}"
                           ).format(path=path, strerror=exc.strerror)) from exc
    os.close(fd)
    if disk_is_full(path) and not wal_has_frames(path):
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


def wal_has_frames(path: Path) -> bool:
    """Whether a ``-wal`` beside ``path`` may hold committed changes (it is not empty)."""
    try:
        return os.stat(f"{path}-wal").st_size > 0
    except OSError:
        return False


def is_regular_file(path: Path) -> bool:
    """A regular file (following links): not a folder, a named pipe, a device or a socket.
    Opening a named pipe would wait for a writer forever."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def read_only_snapshot(path: Path) -> Path:
    """A private copy of ``path`` and its WAL, in a new temporary folder, with the WAL's
    committed changes folded into the copy (SQLite replays them as after a crash); the
    original and its WAL are only read. :func:`remove_snapshot` removes it."""
    folder = Path(tempfile.mkdtemp(prefix="swissdesk-read-only-"))
    copy = folder / path.name
    try:
        shutil.copyfile(path, copy)
        shutil.copyfile(f"{path}-wal", f"{copy}-wal")
        con = sqlite3.connect(copy, isolation_level=None)
        try:
            schemacheck.harden(con)
            con.execute("PRAGMA journal_mode = DELETE").fetchall()  # folds the WAL in
        finally:
            con.close()
    except (OSError, sqlite3.Error) as exc:
        remove_snapshot(copy)
        raise ReadOnlyFileError(
            _(
                "the tournament file {path} cannot be written, and the changes still kept "
                "beside it in {name}-wal cannot be shown without writing ({exc}): copy both "
                "files to a writable folder and open the copy"
            ).format(path=path, name=path.name, exc=exc)
        ) from exc
    return copy


def remove_snapshot(copy: Path) -> None:
    """Remove a copy made by :func:`read_only_snapshot` with its folder."""
    shutil.rmtree(copy.parent, ignore_errors=True)


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
    path: Path,
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    *,
    read_only: bool = False,
    check_schema: bool = True,
) -> Engine:
    """A SQLAlchemy engine on ``path`` with swissdesk's pragmas and transaction handling.

    ``read_only`` opens a file swissdesk may not write (see :func:`read_only_uri`).
    ``check_schema`` (off only while a new file's tables are being created) refuses, at the
    start of every transaction, a schema that is not swissdesk's.
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
    if check_schema:
        event.listen(engine, "begin", _SchemaGuard(path).on_begin)
    else:
        event.listen(engine, "begin", _begin_unchecked)
    return engine


@contextlib.contextmanager
def session_scope(
    engine: Engine, path: Path, *, write: bool, section: int | None = None
) -> Iterator[Session]:
    """One transaction: committed if the block succeeds, rolled back (nothing changed) if not.

    ``write=True`` takes SQLite's write lock at the start (``BEGIN IMMEDIATE``). The session
    reads and writes the rows of ``section`` only (``None``: the whole event; see
    :mod:`swissdesk.storage.sections`).
    """
    bind = engine.execution_options(swissdesk_write=write)
    with translated_errors(path):
        session = SectionSession(
            bind=bind, expire_on_commit=False, autoflush=True, info={SECTION: section}
        )
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


MAX_CORRUPT_COPY = 256 << 20
"""Largest damaged file copied aside (with its WAL): 256 MiB, far above a real tournament
file (5,000 players and 15 rounds take a few MB). A bigger one (``truncate -s 1G``) is left
where it is and the message says so, instead of filling the disk with its copy."""


def keep_corrupt_copy(path: Path, reason: str) -> CorruptFileError:
    """Copy a damaged file (and a WAL or journal that holds anything) aside, untouched; the
    error to show the arbiter.

    One copy per damaged content: opening the same damaged file again names the copy
    already made instead of filling the disk with identical copies. A file bigger than
    :data:`MAX_CORRUPT_COPY`, or one the disk has no room to copy, is not copied: the
    message names the original instead.
    """
    sides = [
        (Path(f"{path}{extra}"), extra)
        for extra in ("-wal", "-journal")
        if _size(Path(f"{path}{extra}")) > 0  # SQLite's empty -wal holds nothing
    ]
    size = _size(path) + sum(_size(side) for side, _ in sides)
    copy: Path | None = None
    if size > MAX_CORRUPT_COPY or not _room_for(path, size):
        mib = max(1, round(size / 2**20))
        return CorruptFileError(
            _(
                "the tournament file {path} is damaged ({reason}). It was not changed; at "
                "{mib:,} MB it is too big to copy aside, so keep it where it is ({path}). Use "
                "your latest backup or export, or send that file to support."
            ).format(path=path, reason=reason, mib=mib),
            None,
        )
    copy = existing_corrupt_copy(path)
    if copy is not None:
        kept = _("a copy was already kept as {copy}").format(copy=copy)
    else:
        copy = corrupt_copy_path(path)
        try:
            shutil.copy2(path, copy)
            for side, extra in sides:
                shutil.copy2(side, Path(f"{copy}{extra}"))
        except OSError:
            for leftover in (copy, *(Path(f"{copy}{extra}") for _, extra in sides)):
                with contextlib.suppress(OSError):
                    leftover.unlink()
            copy = None
        kept = (
            _("a copy was kept as {copy}").format(copy=copy)
            if copy
            else _("no copy could be made")
        )
    return CorruptFileError(
        _(
            "the tournament file {path} is damaged ({reason}). It was not changed and {kept}. "
            "Use your latest backup or export, or send the copy to support."
        ).format(path=path, reason=reason, kept=kept),
        copy,
    )


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _room_for(path: Path, size: int) -> bool:
    """Whether the disk holding ``path`` keeps its margin after a copy of ``size`` bytes."""
    try:
        return shutil.disk_usage(path.parent).free - size > FULL_DISK_MARGIN
    except OSError:
        return True


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
    if _size(a) == 0:  # an empty WAL or journal is never copied
        return _size(b) == 0
    return b.exists() and a.stat().st_size == b.stat().st_size and _same_bytes(a, b)


def _same_bytes(a: Path, b: Path, chunk: int = 1 << 20) -> bool:
    with a.open("rb") as fa, b.open("rb") as fb:
        while True:
            x, y = fa.read(chunk), fb.read(chunk)
            if x != y:
                return False
            if not x:
                return True


@contextlib.contextmanager
def time_limit(con: sqlite3.Connection, seconds: float) -> Iterator[threading.Event]:
    """Interrupt whatever ``con`` runs once ``seconds`` have passed; the event yielded is set
    when it did (the statement then fails with ``sqlite3.OperationalError: interrupted``).

    A watchdog thread calls ``sqlite3_interrupt``, which also stops the long single steps a
    progress handler never sees (an integrity check of a huge file)."""
    fired = threading.Event()

    def stop() -> None:
        fired.set()
        con.interrupt()

    timer = threading.Timer(seconds, stop)
    timer.daemon = True
    timer.start()
    try:
        yield fired
    finally:
        timer.cancel()


def _too_slow(path: Path) -> StorageError:
    return StorageError(
        _(
            "opening the tournament file {path} took longer than {OPEN_TIME_LIMIT_S:g} s and "
            "was stopped; a real tournament file opens in a second, so it may have been built "
            "to hang swissdesk. It was not changed."
        ).format(path=path, OPEN_TIME_LIMIT_S=OPEN_TIME_LIMIT_S)
    )


def connect_checked(
    path: Path, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS, *, read_only: bool = False
) -> sqlite3.Connection:
    """A plain sqlite3 connection to ``path`` with the defences of
    :func:`schemacheck.harden` on (for the checks, upgrades and copies)."""
    try:
        if read_only:
            con = sqlite3.connect(
                read_only_uri(path), timeout=busy_timeout_ms / 1000, uri=True, isolation_level=None
            )
        else:
            con = sqlite3.connect(path, timeout=busy_timeout_ms / 1000, isolation_level=None)
    except sqlite3.Error as exc:
        raise translate_error(exc, path) from exc
    try:
        schemacheck.harden(con)
        con.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    except sqlite3.Error as exc:
        con.close()
        raise translate_error(exc, path) from exc
    return con


def check_file(
    path: Path, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS, *, read_only: bool = False
) -> int:
    """Check ``path`` before opening it; returns its schema version.

    Raises :class:`NotATournamentFileError` for another program's file,
    :class:`UntrustedFileError` for a file whose schema is not swissdesk's (checked before
    anything else in it is read: :mod:`~swissdesk.storage.schemacheck`),
    :class:`CorruptFileError` (after copying it aside) when ``PRAGMA quick_check`` fails,
    :class:`NewerFileError` for a file from a newer swissdesk, :class:`LockedFileError`.
    Nothing is written to the file (SQLite may only replay its own WAL). The checks stop
    after :data:`OPEN_TIME_LIMIT_S`.
    """
    if not path.exists():
        raise StorageError(_("the tournament file {path} does not exist").format(path=path))
    if path.is_dir():
        raise NotATournamentFileError(_(
                                          "{path} is a folder, not a tournament file"
                                      ).format(path=path))
    if not is_regular_file(path):
        raise NotATournamentFileError(
            _(
                "{path} is not a file but a named pipe, a device or a socket: not a tournament "
                "file (nothing was read from it)"
            ).format(path=path)
        )
    refuse_planted_side_files(path)
    remove_stale_wal_files(path)
    try:
        with path.open("rb") as fh:
            header = fh.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StorageError(_(
                               "the tournament file {path} cannot be read: {strerror}"
                           ).format(path=path, strerror=exc.strerror)) from exc
    if not header:
        raise NotATournamentFileError(
            _(
                "{path} is empty (0 bytes): it holds no tournament; use a backup or an export"
            ).format(path=path)
        )
    if header != SQLITE_HEADER:
        if path.suffix == SUFFIX:
            raise keep_corrupt_copy(path, "it does not start like an SQLite database")
        raise NotATournamentFileError(
            _(
                "{path} is not a swissdesk tournament file (expected a {SUFFIX} file)"
            ).format(path=path, SUFFIX=SUFFIX)
        )
    con = connect_checked(path, busy_timeout_ms, read_only=read_only)
    try:
        with time_limit(con, OPEN_TIME_LIMIT_S) as stopped:
            try:
                return _check_open_file(con, path)
            except sqlite3.Error as exc:
                if stopped.is_set():
                    raise _too_slow(path) from exc
                err = translate_error(exc, path)
                if isinstance(err, CorruptFileError):
                    raise keep_corrupt_copy(path, str(exc)) from exc
                raise err from exc
    finally:
        con.close()


def _check_open_file(con: sqlite3.Connection, path: Path) -> int:
    """The checks of :func:`check_file` on an open connection, in an order that runs nothing
    the file defines: its id, its schema, its pages, then its version from ``meta``."""
    not_ours = NotATournamentFileError(
        _("{path} is an SQLite database but not a swissdesk tournament file").format(path=path)
    )
    con.execute("BEGIN")  # one snapshot for every check
    try:
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        shape = schemacheck.describe(con)
        if app_id != schema.APPLICATION_ID:
            raise not_ours
        problems = schemacheck.upgrade_differences(shape)
        if problems:
            raise untrusted_file_error(path, problems)
        if "meta" not in shape.tables:
            raise not_ours
        rows = con.execute("PRAGMA quick_check").fetchall()
        if [r[0] for r in rows] != ["ok"]:
            raise keep_corrupt_copy(path, "; ".join(str(r[0]) for r in rows[:3]))
        version_row = con.execute(
            "SELECT value FROM meta WHERE key = 'schema_version'"
        ).fetchone()
    finally:
        con.execute("ROLLBACK")
    if version_row is None:
        raise not_ours
    version = schema_version(path, version_row[0])
    if version > schema.SCHEMA_VERSION:
        raise NewerFileError(
            _(
                "the tournament file {path} was written by a newer swissdesk (file format "
                "{version}, this program knows up to {SCHEMA_VERSION}); please update "
                "swissdesk to open it. The file was not changed."
            ).format(path=path, version=version, SCHEMA_VERSION=schema.SCHEMA_VERSION)
        )
    if version == schema.SCHEMA_VERSION:
        problems = schemacheck.differences(shape)
        if problems:
            raise untrusted_file_error(path, problems)
        refuse_damaged_data(con, path)
    return version


def refuse_damaged_data(con: sqlite3.Connection, path: Path) -> None:
    """Refuse a file whose rows hold what swissdesk never writes
    (:mod:`~swissdesk.storage.datacheck`): read as they are, they would end a command in a
    traceback or silently change the standings."""
    con.execute("BEGIN")
    try:
        problems = datacheck.problems(con)
    finally:
        con.execute("ROLLBACK")
    if problems:
        raise DamagedDataError(
            f"the tournament file {path} holds data swissdesk never writes: "
            + "; ".join(problems)
            + ". Another program changed it, so swissdesk does not open it; it was not "
            "changed. Open a backup or an export (TRF) of the tournament instead."
        )


def schema_version(path: Path, value: object) -> int:
    """The file format number kept in ``meta``; anything but a whole number from 1 on was
    written by another program."""
    text = str(value).strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 9 and int(text) >= 1):
        raise StorageError(
            _(
                "the tournament file {path} gives its file format as {shown!r}, which no "
                "swissdesk writes (swissdesk writes a whole number from 1): another program "
                "changed it, so swissdesk does not open it. It was not changed."
            ).format(path=path, shown=_shown(text))
        )
    return int(text)


def _shown(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def refuse_planted_side_files(path: Path) -> None:
    """SQLite keeps a tournament's uncommitted and recent changes in ``NAME-wal``,
    ``NAME-shm`` and ``NAME-journal``, always plain files. A link there (planted to make
    swissdesk write into another file) or a pipe or a device is refused in words; SQLite
    itself only says it cannot open the file."""
    for extra in ("-wal", "-shm", "-journal"):
        side = Path(f"{path}{extra}")
        try:
            info = os.lstat(side)
        except OSError:
            continue
        if stat.S_ISLNK(info.st_mode):
            try:
                target = os.readlink(side)
            except OSError:
                target = "another file"
            what = _("is a link to {target}").format(target=target)
        elif not stat.S_ISREG(info.st_mode):
            what = _("is not a plain file (a named pipe, a device or a socket)")
        else:
            continue
        raise StorageError(
            _(
                "beside the tournament file {path}, {name} {what}; SQLite never makes one, so "
                "swissdesk does not use the file while it is there (nothing was changed). It "
                "holds no part of the tournament: remove {name} and open the file again."
            ).format(path=path, name=side.name, what=what)
        )


def migrate(path: Path, from_version: int, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> Path:
    """Upgrade ``path`` from ``from_version`` to the current schema in one transaction.

    A copy of the old file is kept first (``NAME.before-upgrade-vN.swissdesk``), so an older
    swissdesk can still open the tournament. Returns that copy's path.

    Nothing the file defines runs during the upgrade: its schema is checked before (only
    what swissdesk versions write: :func:`schemacheck.upgrade_differences`, in the upgrading
    transaction) and must be exactly the current one after, or nothing is committed.
    """
    target = schema.SCHEMA_VERSION
    missing = [v for v in range(from_version, target) if v not in MIGRATIONS]
    if missing:
        raise StorageError(
            _(
                "the tournament file {path} uses file format {from_version}, which this "
                "swissdesk cannot upgrade"
            ).format(path=path, from_version=from_version)
        )
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    backup = path.with_name(f"{stem}.before-upgrade-v{from_version}{SUFFIX}")
    con = connect_checked(path, busy_timeout_ms)
    try:
        with translated_errors(path):
            problems = schemacheck.upgrade_differences(schemacheck.describe(con))
            if problems:
                raise untrusted_file_error(path, problems)
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
                # Again inside the upgrading transaction: nothing changed since.
                problems = schemacheck.upgrade_differences(schemacheck.describe(con))
                if problems:
                    raise untrusted_file_error(path, problems)
                for version in range(from_version, target):
                    MIGRATIONS[version](con)
                con.execute(
                    "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(target),)
                )
                problems = schemacheck.differences(schemacheck.describe(con))
                if problems:
                    raise untrusted_file_error(path, problems)
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
