"""A tournament file is data, never code: its schema is checked against the one swissdesk
itself writes before anything in it is used, and every connection runs with SQLite's
defences against a hostile database file on.

Arbiters exchange ``.swissdesk`` files. A file is an SQLite database, and an SQLite
database can carry SQL that runs when the file is used: a trigger (``AFTER UPDATE ON entry
... UPDATE entry SET result = ...`` silently changes other results while the arbiter enters
one), a view standing where a table should be (a recursive query that never returns), a
generated column, a ``CHECK`` or ``DEFAULT`` expression, an index on an expression, a
virtual table. SQLite's own advice for files from strangers ("Defense Against The Dark
Arts", sqlite.org/security.html) is to turn ``trusted_schema`` off and defensive mode on,
and to check the schema. swissdesk does all three:

* :func:`harden` sets ``PRAGMA trusted_schema = OFF`` (no function with side effects and no
  virtual table can be used from the schema), ``SQLITE_DBCONFIG_DEFENSIVE`` (the schema
  cannot be rewritten through ``writable_schema`` and the like) and ``cell_size_check``,
  and forbids ``ATTACH``.
* :func:`describe` reads the schema through ``sqlite_schema`` and the ``pragma_*`` table
  functions only (nothing in the file runs) into a :class:`Shape`: every table with its
  columns (type, ``NOT NULL``, default, primary key, generated or not), foreign keys and the
  keywords of its ``CREATE TABLE``; every index with its columns; every trigger, view and
  virtual table.
* :func:`expected_shape` is what swissdesk itself writes: the shape of a database made by
  ``schema.Base.metadata.create_all`` — derived from the models, never a list written by
  hand, so a new schema version (new tables, new columns) passes as soon as its models and
  its migration are written.
* :func:`differences` compares the two: a file of the current schema version must match
  exactly; an older file (before its upgrade, :func:`upgrade_differences`) must hold what
  every version of swissdesk holds: no trigger, no view, no virtual table, no generated
  column, no index on an expression, only tables, columns and indexes swissdesk knows, and
  no keyword in a ``CREATE`` the current models do not use (``CHECK``, ``COLLATE``,
  ``ON CONFLICT``...). After the upgrade it must match exactly.

Column defaults: ``ALTER TABLE ... ADD COLUMN ... NOT NULL`` (how a migration adds a
column) needs a ``DEFAULT``, and the models give most columns their default in Python. A
default in the file is accepted where the models have the same one, or where the model's
own default is a constant equal to it: swissdesk then always writes the value itself, and
the file's default never fires.
"""

from __future__ import annotations

import ctypes
import functools
import re
import sqlite3
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool

from swissdesk.storage import schema

RETIRED_NAMES: frozenset[str] = frozenset()
"""Tables, columns and indexes an older schema version had and a later migration removed:
an older file may still hold them before its upgrade. A migration that drops or renames one
adds its old name here."""

DBCONFIG_DEFENSIVE = 1010
"""``SQLITE_DBCONFIG_DEFENSIVE`` (sqlite3.h)."""

SQLITE_LIMIT_ATTACHED = 7
"""``SQLITE_LIMIT_ATTACHED`` (sqlite3.h): how many databases ``ATTACH`` may add."""

_LEXEME_RE = re.compile(
    r"""--[^\n]*|/\*.*?(?:\*/|\Z)|'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`(?:[^`]|``)*`?"""
    r"""|\[[^\]]*\]?|(?P<word>[A-Za-z_][A-Za-z0-9_$]*)""",
    re.S,
)


def sql_words(sql: str | None) -> frozenset[str]:
    """The bare words of a ``CREATE`` statement, upper-case: its keywords and its unquoted
    names (quoted names, strings and comments are left out)."""
    if not sql:
        return frozenset()
    return frozenset(m.group("word").upper() for m in _LEXEME_RE.finditer(sql) if m.group("word"))


@dataclass(frozen=True, slots=True)
class Column:
    """A column as ``pragma_table_xinfo`` gives it. ``hidden`` is 2 or 3 for a generated
    column (computed by an expression stored in the file), 1 for a virtual table's hidden
    column."""

    type: str
    notnull: bool
    default: str | None
    pk: int
    hidden: int


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its columns by name, its foreign keys, and the words of its ``CREATE``."""

    columns: Mapping[str, Column]
    foreign_keys: frozenset[tuple[str, tuple[tuple[str, str | None], ...], str, str, str]]
    words: frozenset[str]


@dataclass(frozen=True, slots=True)
class Index:
    """An index: its table, ``UNIQUE``, where it comes from (``c`` ``CREATE INDEX``, ``u``
    a ``UNIQUE`` constraint, ``pk`` a primary key), partial (``WHERE``) or not, and its key
    columns as ``(name, descending, collation)``; an expression has no name (``None``)."""

    table: str
    unique: bool
    origin: str
    partial: bool
    columns: tuple[tuple[str | None, bool, str], ...]
    words: frozenset[str]


@dataclass(frozen=True, slots=True)
class Shape:
    """Everything a file's schema defines (see :func:`describe`)."""

    tables: Mapping[str, Table]
    indexes: Mapping[str, Index]
    """Indexes made by ``CREATE INDEX``, by name."""
    constraint_indexes: tuple[tuple[str, str, tuple[tuple[str | None, bool, str], ...]], ...]
    """The indexes SQLite makes for ``UNIQUE`` and primary-key constraints, as sorted
    ``(table, origin, columns)`` (their ``sqlite_autoindex_*`` numbers do not matter)."""
    code: tuple[str, ...]
    """Triggers, views and virtual tables, each in words (``trigger 'x' on table entry``)."""


def harden(con: sqlite3.Connection) -> None:
    """Turn on SQLite's defences against a hostile database file on ``con`` (before the
    file's schema is first read): ``trusted_schema`` off, defensive mode, cell size checks,
    no ``ATTACH``."""
    con.execute("PRAGMA trusted_schema = OFF")
    con.execute("PRAGMA cell_size_check = ON")
    con.setlimit(SQLITE_LIMIT_ATTACHED, 0)
    set_defensive(con)


def set_defensive(con: sqlite3.Connection) -> bool:
    """Set ``SQLITE_DBCONFIG_DEFENSIVE`` on ``con``; True when it is on afterwards.

    Python 3.12 has ``Connection.setconfig``. Python 3.11's sqlite3 module has no way to
    call ``sqlite3_db_config``, so on CPython 3.11 the C function is called through ctypes
    with the connection's ``sqlite3*`` handle, the first field after the object header of
    CPython 3.11's ``pysqlite_Connection`` (Modules/_sqlite/connection.h). The handle is
    used only once ``sqlite3_db_filename`` of it names the connection's own main database,
    and the setting is read back; anything unexpected leaves defensive mode off, which costs
    nothing essential: it only guards against SQL that swissdesk itself would run
    (``writable_schema``...), while the schema check keeps every statement from the file out.
    """
    setconfig = getattr(con, "setconfig", None)
    if setconfig is not None:  # Python 3.12+
        setconfig(DBCONFIG_DEFENSIVE, True)
        return bool(con.getconfig(DBCONFIG_DEFENSIVE))  # type: ignore[attr-defined]
    return _set_defensive_ctypes(con)


@functools.cache
def _sqlite_library() -> ctypes.CDLL | None:
    if sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11):
        return None
    try:
        import _sqlite3

        lib = ctypes.CDLL(_sqlite3.__file__)
        lib.sqlite3_db_filename.restype = ctypes.c_char_p
        lib.sqlite3_db_filename.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.sqlite3_db_config.restype = ctypes.c_int
    except (ImportError, OSError, AttributeError):
        return None
    return lib


def _set_defensive_ctypes(con: sqlite3.Connection) -> bool:
    lib = _sqlite_library()
    if lib is None:
        return False
    handle = ctypes.c_void_p.from_address(id(con) + object.__basicsize__).value
    if not handle or handle % ctypes.sizeof(ctypes.c_void_p):
        return False
    row = con.execute("SELECT file FROM pragma_database_list WHERE name = 'main'").fetchone()
    expected = (row[0] if row else "") or ""
    named = lib.sqlite3_db_filename(ctypes.c_void_p(handle), b"main") or b""
    if named.decode("utf-8", "surrogateescape") != expected:
        return False
    value = ctypes.c_int(0)
    db = ctypes.c_void_p(handle)
    op = ctypes.c_int(DBCONFIG_DEFENSIVE)
    if lib.sqlite3_db_config(db, op, ctypes.c_int(1), ctypes.byref(value)) != 0:
        return False
    return value.value == 1


# ---------------------------------------------------------------------------------------
# Reading a schema


def describe(con: sqlite3.Connection) -> Shape:
    """The schema of ``con``'s main database, read without running anything it defines."""
    rows = con.execute(
        "SELECT type, name, tbl_name, sql FROM main.sqlite_schema ORDER BY type, name"
    ).fetchall()
    tables: dict[str, Table] = {}
    indexes: dict[str, Index] = {}
    constraint_indexes: list[tuple[str, str, tuple[tuple[str | None, bool, str], ...]]] = []
    code: list[str] = []
    for kind, name, table_name, sql in rows:
        words = sql_words(sql)
        if kind == "trigger":
            code.append(f"a trigger {name!r} on table {table_name}")
        elif kind == "view":
            code.append(f"a view {name!r}")
        elif kind == "table" and {"VIRTUAL", "USING"} <= words:
            code.append(f"a virtual table {name!r}")
        elif kind == "table":
            tables[name] = _describe_table(con, name, words)
    for kind, name, table_name, sql in rows:
        if kind != "index" or table_name not in tables:
            continue
        index = _describe_index(con, table_name, name, sql)
        if sql is None and index.origin in ("u", "pk"):
            constraint_indexes.append((table_name, index.origin, index.columns))
        else:
            indexes[name] = index
    return Shape(tables, indexes, tuple(sorted(constraint_indexes, key=repr)), tuple(code))


def _describe_table(con: sqlite3.Connection, name: str, words: frozenset[str]) -> Table:
    columns = {
        col: Column(str(ctype or "").upper(), bool(notnull), default, int(pk), int(hidden))
        for col, ctype, notnull, default, pk, hidden in con.execute(
            'SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?)',
            (name,),
        )
    }
    keys: dict[int, list[tuple[str, str, str | None, str, str, str]]] = {}
    for fk_id, _seq, target, source, to, on_update, on_delete, match in con.execute(
        'SELECT id, seq, "table", "from", "to", on_update, on_delete, "match" '
        "FROM pragma_foreign_key_list(?) ORDER BY id, seq",
        (name,),
    ):
        keys.setdefault(fk_id, []).append((target, source, to, on_update, on_delete, match))
    foreign_keys = frozenset(
        (
            parts[0][0],
            tuple((source, to) for _t, source, to, *_rest in parts),
            parts[0][3],
            parts[0][4],
            parts[0][5],
        )
        for parts in keys.values()
    )
    return Table(columns, foreign_keys, words)


def _describe_index(con: sqlite3.Connection, table: str, name: str, sql: str | None) -> Index:
    unique, origin, partial = False, "c", False
    for index_name, is_unique, index_origin, is_partial in con.execute(
        'SELECT name, "unique", origin, partial FROM pragma_index_list(?)', (table,)
    ):
        if index_name == name:
            unique, origin, partial = bool(is_unique), str(index_origin), bool(is_partial)
    columns = tuple(
        (col_name, bool(desc), str(coll))
        for col_name, desc, coll in con.execute(
            'SELECT name, "desc", coll FROM pragma_index_xinfo(?) WHERE "key" = 1 ORDER BY seqno',
            (name,),
        )
    )
    return Index(table, unique, origin, partial, columns, sql_words(sql))


# ---------------------------------------------------------------------------------------
# What swissdesk writes


@functools.cache
def expected_shape() -> Shape:
    """The schema of a new swissdesk file (``create_all`` of the models, in memory)."""
    con = sqlite3.connect(":memory:", check_same_thread=False)
    engine = create_engine("sqlite+pysqlite://", creator=lambda: con, poolclass=StaticPool)
    try:
        schema.Base.metadata.create_all(engine)
        return describe(con)
    finally:
        engine.dispose()
        con.close()


@functools.cache
def _model_defaults() -> dict[tuple[str, str], frozenset[str]]:
    """For each ``(table, column)`` with a constant default in the models, the ways SQL
    writes that constant (``''``, ``0``, ``'[]'``...)."""
    out: dict[tuple[str, str], frozenset[str]] = {}
    for table in schema.Base.metadata.tables.values():
        for column in table.columns:
            default = column.default
            if default is None or not getattr(default, "is_scalar", False):
                continue
            value = default.arg  # type: ignore[attr-defined]
            if isinstance(value, bool):
                written = {str(int(value)), "TRUE" if value else "FALSE"}
            elif isinstance(value, int):
                written = {str(value)}
            elif isinstance(value, str):
                written = {"'" + value.replace("'", "''") + "'"}
            else:
                continue
            out[table.name, column.name] = frozenset(written | {f"({w})" for w in written})
    return out


_ALWAYS_ALLOWED_WORDS = frozenset({"CREATE", "TABLE", "INDEX", "IF", "NOT", "EXISTS"})


def _allowed_words(expected: Table | Index | None) -> frozenset[str]:
    return _ALWAYS_ALLOWED_WORDS | (expected.words if expected is not None else frozenset())


def _column_difference(
    table: str, name: str, found: Column, expected: Column, *, exact: bool
) -> str | None:
    what = f"column {table}.{name}"
    if found.hidden:
        return f"{what} computed by an expression"
    if exact and (found.type, found.notnull, found.pk) != (
        expected.type,
        expected.notnull,
        expected.pk,
    ):
        return f"{what} declared differently ({found.type or 'no type'})"
    if found.default != expected.default and (
        expected.default is not None
        or found.default not in _model_defaults().get((table, name), frozenset())
    ):
        return f"{what} with another default ({_short(found.default)})"
    return None


def _short(text: str | None, limit: int = 40) -> str:
    text = "none" if text is None else " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def differences(found: Shape, expected: Shape | None = None, *, exact: bool = True) -> list[str]:
    """What ``found`` defines that swissdesk does not write, in words (empty: the same).

    ``exact``: the file is of the current schema version and must match ``expected``
    everywhere; otherwise (an older file, before its upgrade) it may lack tables, columns and
    indexes, but must hold nothing else (see the module's docstring).
    """
    expected = expected if expected is not None else expected_shape()
    out = list(found.code)
    for name, table in sorted(found.tables.items()):
        want = expected.tables.get(name)
        if want is None:
            if exact or name not in RETIRED_NAMES:
                out.append(f"an extra table {name!r}")
            continue
        extra_words = table.words - _allowed_words(want) - {"DEFAULT"}
        if extra_words:
            out.append(f"table {name} defined with {', '.join(sorted(extra_words)[:4])}")
        for col, column in sorted(table.columns.items()):
            want_col = want.columns.get(col)
            if want_col is None:
                if exact or col not in RETIRED_NAMES:
                    out.append(f"an extra column {name}.{col}")
                continue
            problem = _column_difference(name, col, column, want_col, exact=exact)
            if problem:
                out.append(problem)
        if exact:
            missing = sorted(set(want.columns) - set(table.columns))
            if missing:
                out.append(f"table {name} without the column(s) {', '.join(missing)}")
            if table.foreign_keys != want.foreign_keys:
                out.append(f"table {name} with other references to other tables")
    if exact:
        missing_tables = sorted(set(expected.tables) - set(found.tables))
        if missing_tables:
            out.append(f"no table {', '.join(missing_tables)}")
    for name, index in sorted(found.indexes.items()):
        want_index = expected.indexes.get(name)
        if any(col is None for col, _desc, _coll in index.columns):
            out.append(f"an index {name!r} on an expression")
        elif index.partial:
            out.append(f"an index {name!r} with a WHERE clause")
        elif want_index is None:
            if exact or name not in RETIRED_NAMES:
                out.append(f"an extra index {name!r}")
        elif index.words - _allowed_words(want_index) or (
            exact
            and (index.table, index.unique, index.columns)
            != (want_index.table, want_index.unique, want_index.columns)
        ):
            out.append(f"index {name!r} defined differently")
    if exact:
        for name in sorted(set(expected.indexes) - set(found.indexes)):
            out.append(f"no index {name!r}")
        if found.constraint_indexes != expected.constraint_indexes:
            out.append("other unique keys than swissdesk's")
    return out


def upgrade_differences(found: Shape) -> list[str]:
    """What an older file defines that no swissdesk version writes (checked before it is
    upgraded, so that nothing in it runs during the upgrade)."""
    return differences(found, exact=False)


def describe_differences(problems: Iterable[str], limit: int = 4) -> str:
    """The first few differences, for a message."""
    listed = list(problems)
    shown = "; ".join(listed[:limit])
    if len(listed) > limit:
        shown += f"; and {len(listed) - limit} more"
    return shown
