"""Issue 39, item 1: SQL planted in a ``.swissdesk`` file never runs. The schema is checked
against the one swissdesk's own models create before anything in the file is used (an
older file before its upgrade too), a file that differs is refused with a message and its
tournament can be copied into a clean file, SQLite's defences are on, and the checks on
opening are bounded in time."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from storage_support import NAMES, settings

from swissdesk.cli import main
from swissdesk.storage import (
    EnterResult,
    PlayerData,
    StorageError,
    TournamentFile,
    database,
    schema,
    schemacheck,
)
from swissdesk.storage.errors import UntrustedFileError
from swissdesk.storage.recover import recover_file
from swissdesk.storage.results import BoardResult

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A closed tournament file with nine players and round 1 paired (four boards)."""
    path = tmp_path / "saved.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(path, settings(), players=players) as tf:
        tf.pair_next_round()
    return path


def plant(path: Path, *statements: str, writable_schema: bool = False) -> None:
    """What a stranger does to the file with any SQLite tool."""
    con = sqlite3.connect(path, isolation_level=None)
    if writable_schema:
        con.execute("PRAGMA writable_schema = ON")
    for sql in statements:
        con.execute(sql)
    con.close()


def results(path: Path) -> list[tuple[int, int | None, str | None]]:
    con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return con.execute(
            "SELECT player_id, board, result FROM entry ORDER BY player_id"
        ).fetchall()
    finally:
        con.close()


TRIGGER = (
    "CREATE TRIGGER tamper AFTER UPDATE ON entry BEGIN "
    "UPDATE entry SET result = '1' WHERE board = 4; END"
)


def test_a_trigger_planted_in_the_file_is_refused_and_never_changes_a_result(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plant(saved, TRIGGER)
    before = results(saved)
    with pytest.raises(UntrustedFileError) as info:
        TournamentFile.open(saved)
    assert "a trigger 'tamper' on table entry" in str(info.value)
    assert "was not changed" in str(info.value)
    assert f"swissdesk recover {saved}" in str(info.value)
    assert main(["result", str(saved), "1", "1", "1-0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("swissdesk: the tournament file") and "Traceback" not in err
    assert results(saved) == before  # board 4 untouched, board 1 not entered either


RECURSIVE_VIEW = (
    "CREATE VIEW {name} AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
    "SELECT x AS number, '' AS paired_at, '' AS engine, NULL AS engine_pairing FROM n"
)


def test_a_table_replaced_by_a_recursive_view_is_refused_at_once(saved: Path) -> None:
    """The view would never return; ``standings`` runs in a child process with a generous
    bound, so that a regression fails instead of hanging the test run."""
    plant(saved, "DROP TABLE round", RECURSIVE_VIEW.format(name="round"))
    done = subprocess.run(
        [sys.executable, "-m", "swissdesk", "standings", str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "a view 'round'" in done.stderr and "Traceback" not in done.stderr


PLANTS: dict[str, tuple[tuple[str, ...], bool, str]] = {
    "trigger": ((TRIGGER,), False, "a trigger 'tamper'"),
    "recursive trigger": (
        (
            "CREATE TRIGGER again AFTER UPDATE ON audit BEGIN "
            "UPDATE audit SET summary = summary WHERE id = NEW.id; END",
        ),
        False,
        "a trigger 'again'",
    ),
    "view": (("CREATE VIEW lookalike AS SELECT * FROM player",), False, "a view 'lookalike'"),
    "virtual table": (
        ("CREATE VIRTUAL TABLE notes USING fts4(body)",),
        False,
        "a virtual table 'notes'",
    ),
    "extra table": (("CREATE TABLE extra (x)",), False, "an extra table 'extra'"),
    "extra column": (("ALTER TABLE player ADD COLUMN nick TEXT",), False, "player.nick"),
    "generated column": (
        ("ALTER TABLE player ADD COLUMN twice INTEGER AS (rating * 2)",),
        False,
        "player.twice",
    ),
    "index on an expression": (
        ("CREATE INDEX ix_player_rating ON player (rating + 0)",),
        False,
        "on an expression",
    ),
    "partial index": (
        ("CREATE INDEX ix_player_tpn ON player (tpn) WHERE rating > 0",),
        False,
        "WHERE clause",
    ),
    "extra index": (
        ("CREATE INDEX ix_other ON player (name)",),
        False,
        "an extra index 'ix_other'",
    ),
    "missing index": (("DROP INDEX ix_entry_player_id",), False, "ix_entry_player_id"),
    "a default": (
        (
            "UPDATE sqlite_schema SET sql = replace(sql, 'games TEXT,', "
            "'games TEXT DEFAULT ''[[\"w\",\"1\"]]'',') WHERE name = 'entry'",
        ),
        True,
        "entry.games with another default",
    ),
    "a check constraint": (
        (
            "UPDATE sqlite_schema SET sql = replace(sql, 'result VARCHAR(1),', "
            "'result VARCHAR(1) CHECK (result <> ''0''),') WHERE name = 'entry'",
        ),
        True,
        "CHECK",
    ),
    "a collation": (
        (
            "UPDATE sqlite_schema SET sql = replace(sql, 'name TEXT NOT NULL,', "
            "'name TEXT NOT NULL COLLATE NOCASE,') WHERE name = 'player'",
        ),
        True,
        "COLLATE",
    ),
    "on conflict replace": (
        (
            "UPDATE sqlite_schema SET sql = replace(sql, 'UNIQUE (section_id, tpn)', "
            "'UNIQUE (section_id, tpn) ON CONFLICT REPLACE') WHERE name = 'player'",
        ),
        True,
        "CONFLICT",
    ),
}


@pytest.mark.parametrize("kind", sorted(PLANTS))
def test_every_kind_of_sql_a_file_can_carry_is_refused(saved: Path, kind: str) -> None:
    statements, writable, said = PLANTS[kind]
    plant(saved, *statements, writable_schema=writable)
    with pytest.raises(UntrustedFileError) as info:
        TournamentFile.open(saved)
    assert said in str(info.value)
    assert any(said in d for d in info.value.differences)


def test_a_file_changed_while_open_refuses_the_next_action_before_its_trigger_runs(
    saved: Path,
) -> None:
    with TournamentFile.open(saved) as tf:
        before = results(saved)
        plant(saved, TRIGGER)  # another program, while the arbiter works
        with pytest.raises(UntrustedFileError):
            tf.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))
        with pytest.raises(UntrustedFileError):
            tf.players()
    assert results(saved) == before


def test_connections_run_with_sqlites_defences_on(saved: Path) -> None:
    with TournamentFile.open(saved) as tf:
        raw = tf._engine.raw_connection()
        try:
            con = raw.driver_connection
            assert isinstance(con, sqlite3.Connection)
            assert con.execute("PRAGMA trusted_schema").fetchone() == (0,)
            with pytest.raises(sqlite3.OperationalError):
                con.execute(f"ATTACH DATABASE '{saved}' AS other")
            if schemacheck.set_defensive(con):  # defensive: the schema is not writable
                con.execute("PRAGMA writable_schema = ON")
                with pytest.raises(sqlite3.Error):
                    con.execute("UPDATE sqlite_schema SET sql = sql WHERE 0")
        finally:
            raw.close()


CPYTHON_311 = sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)


@pytest.mark.skipif(
    not (CPYTHON_311 or hasattr(sqlite3.Connection, "setconfig")),
    reason="defensive mode needs CPython 3.11 (ctypes) or Connection.setconfig (3.12+)",
)
def test_defensive_mode_is_set_and_read_back(tmp_path: Path) -> None:
    con = sqlite3.connect(tmp_path / "x.db")
    try:
        assert schemacheck.set_defensive(con)
        con.execute("PRAGMA writable_schema = ON")
        with pytest.raises(sqlite3.Error, match="may not be modified"):
            con.execute("UPDATE sqlite_schema SET sql = sql WHERE 0")
    finally:
        con.close()


# --- the check follows swissdesk's own models and migrations -----------------------------


def test_the_expected_schema_is_what_the_models_create() -> None:
    shape = schemacheck.expected_shape()
    assert set(shape.tables) == set(schema.Base.metadata.tables) | {"sqlite_sequence"}
    for name, table in schema.Base.metadata.tables.items():
        assert set(shape.tables[name].columns) == {c.name for c in table.columns}
    assert set(shape.indexes) == {
        i.name for t in schema.Base.metadata.tables.values() for i in t.indexes
    }
    assert shape.code == ()


def test_new_and_upgraded_files_match_the_expected_schema(saved: Path, tmp_path: Path) -> None:
    for fixture in sorted(FIXTURES.glob("v*_individual.swissdesk")):
        old = tmp_path / fixture.name
        shutil.copy(fixture, old)
        TournamentFile.open(old).close()  # upgraded
        con = sqlite3.connect(old)
        assert schemacheck.differences(schemacheck.describe(con)) == [], fixture.name
        con.close()
    con = sqlite3.connect(saved)
    assert schemacheck.differences(schemacheck.describe(con)) == []
    con.close()


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.glob("v*.swissdesk")))
def test_an_older_file_with_a_trigger_is_refused_before_its_upgrade(
    tmp_path: Path, fixture: str
) -> None:
    """The upgrade writes ``meta``: a trigger on it would run during the upgrade."""
    old = tmp_path / fixture
    shutil.copy(FIXTURES / fixture, old)
    plant(
        old,
        "CREATE TRIGGER on_upgrade AFTER UPDATE ON meta BEGIN UPDATE player SET rating = 0; END",
    )
    before = old.read_bytes()
    with pytest.raises(UntrustedFileError, match="on_upgrade"):
        TournamentFile.open(old)
    assert old.read_bytes() == before
    assert not list(tmp_path.glob("*before-upgrade*"))


def test_an_older_file_holding_a_later_table_of_another_shape_is_rebuilt_clean(
    tmp_path: Path,
) -> None:
    """Version 1 had no team tables; their upgrade creates them ``IF NOT EXISTS``, so one
    planted beforehand without its references would survive it. The sections upgrade
    (schema 6, issue 33) rebuilds every table from swissdesk's own statements: the planted
    shape is gone and the file has exactly the schema of a new one; a planted row that
    refers to nobody stops the upgrade, and nothing is committed."""
    old = tmp_path / "v1.swissdesk"
    shutil.copy(FIXTURES / "v1_individual.swissdesk", old)
    plant(
        old,
        "CREATE TABLE team (player_id INTEGER NOT NULL PRIMARY KEY, short_name VARCHAR "
        "NOT NULL, club TEXT NOT NULL)",
    )
    dangling = tmp_path / "dangling.swissdesk"
    shutil.copy(old, dangling)
    with TournamentFile.open(old) as tf:
        assert len(tf.players()) == 8
    con = sqlite3.connect(old)
    assert schemacheck.differences(schemacheck.describe(con)) == []
    references = con.execute("PRAGMA foreign_key_list(team)").fetchall()
    assert {r[2] for r in references} == {"player", "tournament"}
    con.close()
    plant(dangling, "INSERT INTO team VALUES (999, 'X', '')")
    with pytest.raises(StorageError, match="do not fit together"):
        TournamentFile.open(dangling)
    con = sqlite3.connect(dangling)
    assert con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("1",)
    con.close()


def test_a_later_schema_version_passes_once_its_models_have_its_tables(tmp_path: Path) -> None:
    """The check compares with whatever the models create: a table a later version adds
    (here through a second declarative base) is expected once it is in the models."""
    from sqlalchemy import Column as SAColumn
    from sqlalchemy import Integer, MetaData, Table, Text, create_engine

    metadata = MetaData()
    for table in schema.Base.metadata.tables.values():
        table.to_metadata(metadata)
    Table("section", metadata, SAColumn("id", Integer, primary_key=True), SAColumn("name", Text))
    path = tmp_path / "later.db"
    engine = create_engine(f"sqlite:///{path}")
    metadata.create_all(engine)
    engine.dispose()
    con = sqlite3.connect(path)
    later = schemacheck.describe(con)
    con.close()
    assert schemacheck.differences(later) == ["an extra table 'section'"]
    assert schemacheck.differences(later, later) == []


# --- bounded time --------------------------------------------------------------------------


def test_the_checks_on_opening_are_stopped_after_the_time_limit(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were a hostile schema ever to slip past the check, opening still ends: here the
    check is switched off and ``meta`` is a view that never returns."""
    plant(
        saved,
        "ALTER TABLE meta RENAME TO meta_kept",
        "CREATE VIEW meta AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
        "SELECT 'schema_version' AS key, '3' AS value FROM n WHERE x < 0",
    )
    monkeypatch.setattr(schemacheck, "upgrade_differences", lambda _shape: [])
    monkeypatch.setattr(database, "OPEN_TIME_LIMIT_S", 0.5)
    monkeypatch.setattr(
        schemacheck,
        "describe",
        _with_meta_table(schemacheck.describe),
    )
    outcome: list[BaseException] = []

    def open_it() -> None:
        try:
            database.check_file(saved)
        except BaseException as exc:
            outcome.append(exc)

    worker = threading.Thread(target=open_it, daemon=True)
    worker.start()
    worker.join(120)
    assert not worker.is_alive(), "opening did not stop"
    assert outcome and isinstance(outcome[0], StorageError)
    assert "took longer than 0.5 s" in str(outcome[0])


def _with_meta_table(
    describe: Callable[[sqlite3.Connection], schemacheck.Shape],
) -> Callable[[sqlite3.Connection], schemacheck.Shape]:
    def patched(con: sqlite3.Connection) -> schemacheck.Shape:
        shape = describe(con)
        tables = dict(shape.tables)
        tables["meta"] = tables.pop("meta_kept")
        return schemacheck.Shape(tables, shape.indexes, shape.constraint_indexes, ())

    return patched


# --- the tournament copied into a clean file ---------------------------------------------


def test_a_refused_file_is_copied_into_a_clean_file_with_its_tournament(
    saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with TournamentFile.open(saved) as tf:
        tf.execute(EnterResult(1, 2, BoardResult.DRAW))
        expected = tf.snapshot(include_pending=True)
        log = [(e.action, e.summary) for e in tf.audit_log()]
    plant(saved, TRIGGER, "CREATE VIEW lookalike AS SELECT * FROM player", "CREATE TABLE extra (x)")
    before = saved.read_bytes()
    clean = tmp_path / "clean.swissdesk"
    assert main(["recover", str(saved), "-o", str(clean)]) == 0
    out, err = capsys.readouterr()
    assert "created" in out and "9 players, 1 rounds" in out
    assert "left out: a trigger 'tamper' on table entry" in err
    assert saved.read_bytes() == before
    with TournamentFile.open(clean) as tf:
        assert tf.snapshot(include_pending=True) == expected
        entries = tf.audit_log()
        assert [(e.action, e.summary) for e in entries[:-1]] == log
        assert entries[-1].action == "RecoverFile"
        assert "trigger 'tamper'" in entries[-1].summary
        tf.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))  # and it works
    assert main(["recover", str(saved), "-o", str(clean)]) == 2  # never over a file
    assert "already exists" in capsys.readouterr().err


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.glob("v*.swissdesk")))
def test_recovering_an_older_file_gives_what_its_upgrade_gives(
    tmp_path: Path, fixture: str
) -> None:
    """The copy fills the columns later versions added with the models' defaults: that
    must be what the upgrade (``MIGRATIONS``) does."""
    upgraded, planted = tmp_path / "upgraded.swissdesk", tmp_path / "planted.swissdesk"
    shutil.copy(FIXTURES / fixture, upgraded)
    shutil.copy(FIXTURES / fixture, planted)
    plant(planted, TRIGGER)
    clean = tmp_path / "clean.swissdesk"
    recover_file(planted, clean)
    with TournamentFile.open(upgraded) as a, TournamentFile.open(clean) as b:
        assert b.snapshot(include_pending=True) == a.snapshot(include_pending=True)
        assert b.settings() == a.settings()
    for path in (upgraded, clean):
        con = sqlite3.connect(path)
        rows = {
            t: con.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall()
            for t in ("tournament", "player", "entry", "round", "team_settings", "team")
        }
        con.close()
        if path == upgraded:
            first = rows
    assert rows == first
