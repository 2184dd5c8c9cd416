"""What a tournament file's rows may hold, checked when the file is opened.

The schema check (:mod:`swissdesk.storage.schemacheck`) makes sure nothing in a file from a
stranger can run. Its rows can still hold what swissdesk never writes: a result code ``Q``,
a name stored as bytes, settings that are not JSON, an opponent who is not in the file, a
player of one section paired in another. Read as they are, such rows end in a traceback in
the middle of a command, or worse, silently change a standings list (an entry of round
``'abc'`` is simply left out). So before anything is read, every row is checked against what
swissdesk writes: the storage class of every column (derived from the models, so a column
added later is checked too), the references between rows and their sections, the codes of
results, colours and entry kinds, and the settings as the program reads them. A file that
fails is refused with a message naming the table, the row and the value; nothing in it was
changed.

The check reads each table once (a handful of table scans: a few milliseconds for a
2,000-player event) and runs inside the open's time limit.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy import Boolean, Column, Integer, String, Text

from swissdesk.errors import SwissdeskError
from swissdesk.model.tournament import RATING_RESULTS, Colour, ResultCode
from swissdesk.storage import schema
from swissdesk.tiebreaks.spec import parse_tiebreak
from swissdesk.tiebreaks.team import TEAM_TIEBREAKS

ENTRY_KINDS = frozenset({"game", "pab", "bye", "absent", "import"})
"""What :class:`~swissdesk.storage.schema.EntryRecord.kind` holds: a game, the pairing-
allocated bye, a requested bye, an absence, or a round read from a TRF without a game."""

_RESULTS = frozenset(c.value for c in ResultCode)
_COLOURS = frozenset(c.value for c in Colour)

_PHONE_RESULTS = frozenset({"1-0", "1/2", "0-1"})
"""What a player may report from a phone (``storage.commands.phones.PHONE_RESULTS``); a
match's report holds several, space-separated (a team board with an empty place: its
forfeit, ``+-``, ``-+`` or ``--``)."""
_EMPTY_PLACES = frozenset({"+-", "-+", "--"})
_MAX_REPORTED_GAMES = 50
"""A team match has at most 50 boards."""
_REPORT_STATES = frozenset({"reported", "confirmed", "disputed", "accepted", "rejected"})
_ACCEPTANCE = frozenset({"arbiter", "auto"})

SHOWN_PROBLEMS = 4
"""How many problems the refusal lists (the first of each table)."""


def problems(con: sqlite3.Connection) -> list[str]:
    """What in the open file's rows swissdesk never writes, one phrase each (empty: none).

    ``con`` is a hardened connection on a file whose schema already passed
    :func:`swissdesk.storage.schemacheck.differences` for the current version."""
    found = list(_text_encoding(con))
    if found:  # every other check reads text
        return found
    for check in (_storage_classes, _references, _codes, _settings, _json_columns):
        found.extend(check(con))
        if len(found) >= SHOWN_PROBLEMS:
            break
    return found[:SHOWN_PROBLEMS]


# ---------------------------------------------------------------------------------------
# Storage classes


def _text_encoding(con: sqlite3.Connection) -> Iterator[str]:
    """Text that is not UTF-8 (SQLite stores any bytes a program hands it as text; reading
    them back as a string fails)."""
    factory = con.text_factory
    con.text_factory = bytes
    try:
        for table in schema.Base.metadata.sorted_tables:
            names = [c.name for c in table.columns if isinstance(c.type, (String, Text))]
            if not names:
                continue
            # Only text is decoded: a blob is the storage-class check's.
            columns = ", ".join(
                f'CASE WHEN typeof("{n}") = \'text\' THEN "{n}" END' for n in names
            )
            for row in con.execute(f'SELECT rowid, {columns} FROM "{table.name}"'):
                for name, value in zip(names, row[1:], strict=True):
                    if not isinstance(value, bytes):
                        continue
                    try:
                        value.decode("utf-8")
                    except UnicodeDecodeError:
                        yield f"{table.name} row {row[0]}: {name} holds text that is not UTF-8"
                        return
    finally:
        con.text_factory = factory


def _allowed_classes(column: Column[Any]) -> tuple[str, ...]:
    if isinstance(column.type, (Integer, Boolean)):
        classes: tuple[str, ...] = ("integer",)
    elif isinstance(column.type, (String, Text)):
        classes = ("text",)
    else:  # pragma: no cover - the models use only these types
        return ()
    if column.nullable and not column.primary_key:
        classes += ("null",)
    return classes


def _storage_classes(con: sqlite3.Connection) -> Iterator[str]:
    """A value of a storage class its column never holds (a name stored as bytes, a round
    number as text, a rating as a real number), or a flag other than 0 and 1."""
    for table in schema.Base.metadata.sorted_tables:
        conditions: list[str] = []
        columns: list[tuple[str, tuple[str, ...], bool]] = []
        for column in table.columns:
            classes = _allowed_classes(column)
            if not classes:
                continue
            quoted = f'"{column.name}"'
            allowed = ", ".join(f"'{c}'" for c in classes)
            condition = f"typeof({quoted}) NOT IN ({allowed})"
            is_flag = isinstance(column.type, Boolean)
            if is_flag:
                condition += f" OR {quoted} NOT IN (0, 1)"
            conditions.append(condition)
            columns.append((column.name, classes, is_flag))
        if not conditions:
            continue
        names = ", ".join(f'typeof("{name}"), quote("{name}")' for name, _, _ in columns)
        row = con.execute(
            f'SELECT rowid, {names} FROM "{table.name}" WHERE {" OR ".join(conditions)} LIMIT 1'
        ).fetchone()
        if row is None:
            continue
        rowid = row[0]
        for i, (name, classes, is_flag) in enumerate(columns):
            kind, shown = row[1 + 2 * i], row[2 + 2 * i]
            if kind not in classes:
                yield (
                    f"{table.name} row {rowid}: {name} holds {_short(shown)} ({kind}), where "
                    f"swissdesk writes {_class_words(classes)}"
                )
                break
            if is_flag and shown not in ("0", "1", "NULL"):
                yield f"{table.name} row {rowid}: {name} holds {_short(shown)}, not 0 or 1"
                break


def _class_words(classes: tuple[str, ...]) -> str:
    words = {"integer": "a whole number", "text": "text", "null": "nothing"}
    return " or ".join(words[c] for c in classes)


# ---------------------------------------------------------------------------------------
# References


_SAME_SECTION: tuple[tuple[str, str, str], ...] = (
    ("entry", "player_id", "player"),
    ("entry", "opponent_id", "player"),
    ("team", "player_id", "player"),
    ("team_member", "team_id", "player"),
    ("team_board", "team_id", "player"),
    ("team_board", "member_id", "team_member"),
    ("result_report", "reporter_id", "player"),
    ("rating_correction", "white_id", "player"),
    ("rating_correction", "black_id", "player"),
)
"""Rows that name a row of another table, which must be in the same section."""


def _references(con: sqlite3.Connection) -> Iterator[str]:
    """A row naming a row that is not in the file, or one of another section."""
    for table, rowid, parent, _fkid in con.execute("PRAGMA foreign_key_check"):
        yield f"{table} row {rowid} refers to a row of {parent} that is not in the file"
        return
    for table, column, parent in _SAME_SECTION:
        row = con.execute(
            f'SELECT c.rowid, c."{column}", c.section_id, p.section_id FROM "{table}" c '
            f'JOIN "{parent}" p ON p.id = c."{column}" WHERE p.section_id != c.section_id '
            "LIMIT 1"
        ).fetchone()
        if row is not None:
            yield (
                f"{table} row {row[0]} of section {row[2]}: {column} names {parent} "
                f"{row[1]} of section {row[3]}"
            )


# ---------------------------------------------------------------------------------------
# Codes


def _codes(con: sqlite3.Connection) -> Iterator[str]:
    """Result codes, colours, entry kinds and numbers no swissdesk writes."""
    checks: tuple[tuple[str, str, frozenset[str], str], ...] = (
        ("entry", "kind", ENTRY_KINDS, "an entry kind"),
        ("entry", "result", _RESULTS, "a result code"),
        ("entry", "colour", _COLOURS, "a colour"),
        ("team_board", "result", _RESULTS, "a result code"),
        ("tournament", "initial_colour", _COLOURS, "a colour"),
        ("tournament", "late_entry_result", _RESULTS, "a result code"),
        ("result_report", "state", _REPORT_STATES, "a report state"),
        ("venue_state", "acceptance", _ACCEPTANCE, "an acceptance setting"),
        ("rating_correction", "result", frozenset(RATING_RESULTS), "a rating-report result"),
    )
    for table, column, allowed, what in checks:
        values = ", ".join(_sql_text(v) for v in sorted(allowed))
        row = con.execute(
            f'SELECT rowid, quote("{column}") FROM "{table}" '
            f'WHERE "{column}" IS NOT NULL AND "{column}" NOT IN ({values}) LIMIT 1'
        ).fetchone()
        if row is not None:
            yield f"{table} row {row[0]}: {column} {_short(row[1])} is not {what} swissdesk knows"
    for column in ("result", "disputed_result"):
        for rowid, value in con.execute(
            f'SELECT rowid, "{column}" FROM result_report WHERE "{column}" IS NOT NULL'
        ):
            if not _reported(value):
                yield (
                    f"result_report row {rowid}: {column} {_short(repr(value))} is not a "
                    "reported result swissdesk knows"
                )
                break
    ranges = (
        ("player", "tpn", 1),
        ("entry", "round_number", 1),
        ("entry", "board", 1),
        ("round", "number", 1),
        ("tournament", "total_rounds", 0),
        ("player", "rating", 0),
        ("team_member", "position", 1),
        ("team_board", "round_number", 1),
        ("team_board", "board", 1),
        ("result_report", "round_number", 1),
        ("result_report", "board", 1),
        ("rating_correction", "round_number", 1),
    )
    for column in ("due", "paid"):  # cents: an entry fee may pass the whole numbers' range
        row = con.execute(
            f'SELECT rowid, "{column}" FROM entry_fee WHERE typeof("{column}") = \'integer\' '
            f'AND ("{column}" < 0 OR "{column}" > ?) LIMIT 1',
            (schema.MAX_FEE_CENTS,),
        ).fetchone()
        if row is not None:
            yield f"entry_fee row {row[0]}: {column} {row[1]} is out of range"
    for table, column, lowest in ranges:
        row = con.execute(
            f'SELECT rowid, "{column}" FROM "{table}" WHERE typeof("{column}") = \'integer\' '
            f'AND ("{column}" < ? OR "{column}" > ?) LIMIT 1',
            (lowest, _HIGHEST),
        ).fetchone()
        if row is not None:
            yield f"{table} row {row[0]}: {column} {row[1]} is out of range"


def _reported(value: object) -> bool:
    """A reported result as the phones write it: one game's (``1-0``), a Double-Swiss
    board's two (``1-0 1/2``) or a team match's boards (``1-0 -+ 0-1``)."""
    if not isinstance(value, str):
        return False
    tokens = value.split(" ")
    return (
        1 <= len(tokens) <= _MAX_REPORTED_GAMES
        and all(t in _PHONE_RESULTS or (t in _EMPTY_PLACES and len(tokens) > 1) for t in tokens)
        and any(t in _PHONE_RESULTS for t in tokens)
    )


_HIGHEST = 1_000_000
"""No number of a round, a board, a pairing number or a rating comes near it."""


def _sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


# ---------------------------------------------------------------------------------------
# Settings and JSON columns


def _settings(con: sqlite3.Connection) -> Iterator[str]:
    """Each section's settings read as the program reads them (the scoring, the tie-break
    codes, the dates and records). The pairing system is not checked here: a name no engine
    is registered under is said when a round is paired, and a file of another system stays
    readable."""
    from swissdesk.storage.convert import settings_from_record

    cursor = con.execute('SELECT * FROM "tournament"')
    names = [d[0] for d in cursor.description]
    for values in cursor.fetchall():
        row = dict(zip(names, values, strict=True))
        section = row.get("id")
        record = schema.TournamentRecord(**{k: v for k, v in row.items() if k != "id"})
        try:
            settings = settings_from_record(record)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            yield f"tournament row {section}: its settings cannot be read ({_reason(exc)})"
            continue
        # A team event's list is read by the team standings; one swissdesk made with the
        # individual defaults (TournamentFile.create without tie-breaks) is still its own
        # file, so both kinds of code pass there.
        team_codes = TEAM_TIEBREAKS if settings.is_team else {}
        for code in settings.tiebreaks:
            if not isinstance(code, str):
                yield f"tournament row {section}: tie-break {code!r} is not a tie-break code"
                break
            if code in team_codes:
                continue
            try:
                parse_tiebreak(code)
            except (ValueError, SwissdeskError) as exc:
                yield f"tournament row {section}: {_reason(exc)}"
                break


def _list_of(kind: type) -> Callable[[Any], bool]:
    def check(value: Any) -> bool:
        return isinstance(value, list) and all(
            isinstance(v, kind) and not isinstance(v, bool) for v in value
        )

    return check


def _acceleration(value: Any) -> bool:
    return value is None or _list_of(int)(value)


def _games(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(g, list)
        and len(g) == 2
        and (g[0] is None or g[0] in _COLOURS)
        and g[1] in _RESULTS
        for g in value
    )


def _pairs(value: Any) -> bool:
    return isinstance(value, list) and all(_list_of(int)(p) and len(p) == 2 for p in value)


def _integrity_log(value: Any) -> bool:
    """The pairing-integrity events (storage/levels.py): kind, round, text."""
    return isinstance(value, list) and all(
        isinstance(e, dict)
        and isinstance(e.get("kind"), str)
        and isinstance(e.get("round"), int)
        and not isinstance(e.get("round"), bool)
        and isinstance(e.get("text"), str)
        for e in value
    )


def _manual_phase(value: Any) -> bool:
    """The open manual-pairing phase (storage/commands/manual.py): its round and players."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("round"), int)
        and not isinstance(value.get("round"), bool)
        and _list_of(int)(value.get("players", []))
    )


def _prize_plan(value: Any) -> bool:
    """A section's prize plan (issue 36): the plan's written form, read as the program
    reads it, and the ticks (player id -> category names)."""
    from swissdesk.errors import InputError
    from swissdesk.prizes import plan_from_mapping

    if not isinstance(value, dict) or set(value) - {"plan", "ticked"}:
        return False
    if "plan" in value:
        try:
            plan_from_mapping(value["plan"])
        except (InputError, ValueError, TypeError, AttributeError):
            return False
    ticked = value.get("ticked", {})
    return isinstance(ticked, dict) and all(
        isinstance(k, str) and k.isdigit() and _list_of(str)(v) for k, v in ticked.items()
    )


_JSON_COLUMNS: tuple[tuple[str, str, Callable[[Any], bool], str], ...] = (
    ("tournament", "deputy_arbiters", _list_of(str), "a list of names"),
    ("tournament", "forbidden_pairs", _pairs, "a list of pairs of players"),
    ("tournament", "extra_records", _list_of(str), "a list of TRF lines"),
    ("player", "members", _list_of(str), "a list of names"),
    ("player", "acceleration", _acceleration, "a list of points"),
    ("entry", "games", lambda v: v is None or _games(v), "a list of games"),
    ("audit", "payload", lambda v: isinstance(v, dict), "the record of an action"),
    ("tournament", "integrity_log", lambda v: _integrity_log(v), "a list of ### events"),
    (
        "tournament",
        "manual_pairing",
        lambda v: _manual_phase(v),
        "a round being paired by hand",
    ),
    ("prize_plan", "content", _prize_plan, "a prize plan"),
)
"""Columns holding JSON, with the shape swissdesk writes there."""


def _json_columns(con: sqlite3.Connection) -> Iterator[str]:
    for table, column, shape, what in _JSON_COLUMNS:
        rows = con.execute(
            f'SELECT rowid, "{column}" FROM "{table}" WHERE "{column}" IS NOT NULL'
        )
        for rowid, text in rows:
            try:
                value = json.loads(text)
            except ValueError:
                yield f"{table} row {rowid}: {column} {_short(repr(text))} is not JSON"
                break
            if not shape(value):
                yield f"{table} row {rowid}: {column} {_short(repr(text))} is not {what}"
                break


def _reason(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return _short(text, 80)


def _short(text: object, limit: int = 40) -> str:
    shown = str(text)
    shown = shown.encode("unicode_escape").decode("ascii") if not shown.isprintable() else shown
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."
