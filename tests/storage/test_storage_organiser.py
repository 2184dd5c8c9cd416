"""Issue 18, "Also": the tournament's organiser, kept in the settings, edited and undone
through the audit log, added to an older file by the version-2 upgrade, and kept out of the
TRF (neither TRF16 nor TRF-2026 has a record for it)."""

from __future__ import annotations

import dataclasses
import shutil
import sqlite3
from pathlib import Path

from storage_support import NAMES, settings

from swissdesk.cli import main
from swissdesk.storage import EditSettings, PlayerData, Redo, TournamentFile, Undo, schema

FIXTURES = Path(__file__).parent / "fixtures"
ORGANISER = "Schachklub Zürich – Łódź 1905"


def test_organiser_is_stored_edited_undone_and_redone(tmp_path: Path) -> None:
    path = tmp_path / "t.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(path, settings(organiser=ORGANISER), players=players) as tf:
        assert tf.settings().organiser == ORGANISER
        assert tf.snapshot().info.organiser == ORGANISER
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), organiser="Chess Club Bern")))
        assert tf.snapshot().info.organiser == "Chess Club Bern"
        entry = tf.audit_log()[-1]
        assert entry.action == "EditSettings"
        assert entry.payload["before"]["organiser"] == ORGANISER
        assert entry.payload["after"]["organiser"] == "Chess Club Bern"
        tf.execute(Undo())
        assert tf.settings().organiser == ORGANISER
        tf.execute(Redo())
        assert tf.settings().organiser == "Chess Club Bern"
    with TournamentFile.open(path) as tf:
        assert tf.settings().organiser == "Chess Club Bern"


def test_trf_export_leaves_the_organiser_out(tmp_path: Path) -> None:
    """No FIDE record holds the organiser: a rating file keeps only FIDE's records."""
    path = tmp_path / "t.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(path, settings(organiser=ORGANISER), players=players):
        pass
    for version in ("2026", "16"):
        out = tmp_path / f"out{version}.trf"
        assert main(["export", str(path), "-o", str(out), "--trf-version", version]) == 0
        text = out.read_text(encoding="utf-8")
        assert "012 Test Open" in text
        assert "Schachklub" not in text and "Zürich" not in text
    back = tmp_path / "back.swissdesk"
    assert main(["import", str(tmp_path / "out2026.trf"), "-o", str(back)]) == 0
    with TournamentFile.open(back) as tf:
        assert tf.settings().organiser == ""


def _rows(path: Path, columns: dict[str, list[str]]) -> dict[str, list[tuple[object, ...]]]:
    con = sqlite3.connect(path)
    out = {
        table: con.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY 1").fetchall()
        for table, cols in columns.items()
    }
    con.close()
    return out


def test_version_2_file_gains_an_empty_organiser(tmp_path: Path) -> None:
    """The upgrade adds the column and changes nothing else; the old file is kept."""
    path = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / "v2_individual.swissdesk", path)
    con = sqlite3.connect(path)
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == ("2",)
    tables = ("player", "entry", "round", "tournament", "audit")
    columns = {t: [r[1] for r in con.execute(f"PRAGMA table_info({t})")] for t in tables}
    con.close()
    assert "organiser" not in columns["tournament"]
    before = _rows(path, columns)
    with TournamentFile.open(path) as tf:
        s = tf.settings()
        assert s.organiser == "" and s.name == "Frozen v2 Open" and s.city == "Zürich"
        assert s.deputy_arbiters == ("FA Hans Beispiel",)
        assert s.round_dates == ("2026/05/01", "2026/05/02")
        assert tf.rounds_paired() == 2 and len(tf.players()) == 8
    assert _rows(path, columns) == before
    con = sqlite3.connect(path)
    version = con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == (str(schema.SCHEMA_VERSION),)
    con.close()
    assert (tmp_path / "old.before-upgrade-v2.swissdesk").exists()
    with TournamentFile.open(path) as tf:  # and the upgraded file takes an organiser
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), organiser=ORGANISER)))
        assert tf.snapshot().info.organiser == ORGANISER
        tf.execute(Undo())
        assert tf.settings().organiser == ""


def test_migrated_tournament_table_matches_a_new_file(tmp_path: Path) -> None:
    """The frozen migration SQL gives the column the current model declares."""
    old = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / "v2_individual.swissdesk", old)
    TournamentFile.open(old).close()
    new = tmp_path / "new.swissdesk"
    with TournamentFile.create(new, settings()):
        pass

    def columns(p: Path) -> list[tuple[str, str, int]]:
        con = sqlite3.connect(p)
        out = [(r[1], r[2], r[3]) for r in con.execute("PRAGMA table_info(tournament)")]
        con.close()
        return out

    assert columns(old) == columns(new)
