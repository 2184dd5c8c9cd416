"""Issue 27, item 10: each player's club, for the starting list. Stored (schema 4), edited
and undone through the audit log, added empty to an older file by the version-3 upgrade
(tested on a frozen v3 file), and kept out of the TRF (no record holds it)."""

from __future__ import annotations

import dataclasses
import shutil
import sqlite3
from pathlib import Path

from storage_support import NAMES, settings

from swissdesk.cli import main
from swissdesk.storage import EditPlayer, PlayerData, TournamentFile, Undo, schema

FIXTURES = Path(__file__).parent / "fixtures"


def test_club_is_stored_edited_and_undone(tmp_path: Path) -> None:
    path = tmp_path / "t.swissdesk"
    players = [PlayerData(n, r, title=t, club="SK Basel" if i == 0 else "") for i, (n, r, t)
               in enumerate(NAMES)]  # fmt: skip
    with TournamentFile.create(path, settings(), players=players) as tf:
        assert tf.players()[0].club == "SK Basel"
        assert tf.snapshot().player(1).club == "SK Basel"
        first = tf.players()[0]
        tf.execute(EditPlayer(first.tpn, dataclasses.replace(first.data, club="Zürich 1809")))
        assert tf.players()[0].club == "Zürich 1809"
        tf.execute(Undo())
        assert tf.players()[0].club == "SK Basel"
    with TournamentFile.open(path) as tf:
        assert tf.players()[0].club == "SK Basel"


def test_trf_export_leaves_the_club_out(tmp_path: Path) -> None:
    path = tmp_path / "t.swissdesk"
    players = [PlayerData(n, r, title=t, club="Schachklub Zürich") for n, r, t in NAMES]
    with TournamentFile.create(path, settings(), players=players):
        pass
    out = tmp_path / "out.trf"
    assert main(["export", str(path), "-o", str(out)]) == 0
    assert "Schachklub" not in out.read_text(encoding="utf-8")


def test_version_3_file_gains_an_empty_club(tmp_path: Path) -> None:
    """The upgrade adds the column and changes nothing else; the old file is kept."""
    path = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / "v3_individual.swissdesk", path)
    con = sqlite3.connect(path)
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == ("3",)
    tables = ("player", "entry", "round", "tournament", "audit")
    columns = {t: [r[1] for r in con.execute(f"PRAGMA table_info({t})")] for t in tables}
    before = {
        t: con.execute(f"SELECT {', '.join(c)} FROM {t} ORDER BY 1").fetchall()
        for t, c in columns.items()
    }
    con.close()
    assert "club" not in columns["player"]
    with TournamentFile.open(path) as tf:
        assert [p.club for p in tf.players()] == [""] * 8
        assert tf.rounds_paired() == 2 and tf.settings().name == "Frozen v3 Open"
        first = tf.players()[0]
        tf.execute(EditPlayer(first.tpn, dataclasses.replace(first.data, club="SK Basel")))
        tf.execute(Undo())  # an old row's undo data has no club: it stays empty
        assert tf.players()[0].club == ""
    con = sqlite3.connect(path)
    after = {
        t: con.execute(f"SELECT {', '.join(c)} FROM {t} ORDER BY 1").fetchall()
        for t, c in columns.items()
        if t != "audit"
    }
    version = con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    con.close()
    assert after == {t: rows for t, rows in before.items() if t != "audit"}
    assert version == (str(schema.SCHEMA_VERSION),)
    assert (tmp_path / "old.before-upgrade-v3.swissdesk").exists()


def test_migrated_player_table_matches_a_new_file(tmp_path: Path) -> None:
    """The frozen migration SQL gives the column the current model declares."""
    old = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / "v3_individual.swissdesk", old)
    TournamentFile.open(old).close()
    new = tmp_path / "new.swissdesk"
    with TournamentFile.create(new, settings()):
        pass

    def columns(p: Path) -> list[tuple[str, str, int]]:
        con = sqlite3.connect(p)
        out = [(r[1], r[2], r[3]) for r in con.execute("PRAGMA table_info(player)")]
        con.close()
        return out

    assert columns(old) == columns(new)
