"""Issue 37: the inputs of the rating changes and norms are kept in the file (each player's
K, its source, rated games before the event, national rating; the tournament's national
list and norm declaration), edited and undone through the audit log, added to older files
by the version-4 upgrade (schema 5), and handed to the computations as their plain input
types."""

from __future__ import annotations

import dataclasses
import shutil
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from storage_support import NAMES, settings

from swissdesk.elo import NATIONAL, NationalSystem, rating_changes
from swissdesk.storage import (
    EditPlayer,
    EditSettings,
    PlayerData,
    Redo,
    RemovePlayer,
    TournamentFile,
    Undo,
    schema,
)

FIXTURES = Path(__file__).parent / "fixtures"


def _file(tmp_path: Path, **kw: object) -> Path:
    path = tmp_path / "t.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(path, settings(**kw), players=players):
        pass
    return path


def test_player_rating_inputs_are_stored_edited_undone_and_redone(tmp_path: Path) -> None:
    path = _file(tmp_path)
    with TournamentFile.open(path) as tf:
        adams = tf.players()[0].data
        assert (adams.k_factor, adams.k_source, adams.rated_games, adams.national_rating) == (
            None, "", None, 0,
        )  # fmt: skip
        new = dataclasses.replace(
            adams, k_factor=40, k_source="arbiter", rated_games=12, national_rating=2385
        )
        tf.execute(EditPlayer(1, new))
        entry = tf.audit_log()[-1]
        assert entry.payload["after"]["k_factor"] == 40
        assert entry.payload["before"]["k_factor"] is None
        assert "k_factor" in entry.summary and "national_rating" in entry.summary
        inputs = tf.rating_inputs().of(1)
        assert (inputs.k_factor, inputs.k_source, inputs.rated_games, inputs.national_rating) == (
            40, "arbiter", 12, 2385,
        )  # fmt: skip
        tf.execute(Undo())
        assert tf.rating_inputs().of(1).k_factor is None
        tf.execute(Redo())
    with TournamentFile.open(path) as tf:
        assert tf.players()[0].data.k_factor == 40 and tf.players()[0].rated_games == 12


def test_removing_a_player_and_undo_keep_the_rating_inputs(tmp_path: Path) -> None:
    path = _file(tmp_path)
    with TournamentFile.open(path) as tf:
        last = tf.players()[-1]
        data = dataclasses.replace(last.data, k_factor=20, k_source="arbiter", national_rating=1750)
        tf.execute(EditPlayer(last.tpn, data))
        tf.execute(RemovePlayer(last.tpn))
        tf.execute(Undo())
        back = tf.players()[-1]
        assert (back.k_factor, back.k_source, back.national_rating) == (20, "arbiter", 1750)


def test_national_list_and_norm_declaration_in_the_settings(tmp_path: Path) -> None:
    path = _file(tmp_path)
    with TournamentFile.open(path) as tf:
        before = tf.settings()
        assert before.national_list == NationalSystem() and before.norm_exemption == ""
        new = dataclasses.replace(
            before, national_list=NationalSystem("DSB", k=25, cap=None), norm_exemption="1.4.3a"
        )
        tf.execute(EditSettings(new))
        assert tf.rating_inputs().national == NationalSystem("DSB", 25, None)
        assert tf.norm_settings().exemption == "1.4.3a"
        payload = tf.audit_log()[-1].payload
        assert payload["after"]["national_list"] == {"name": "DSB", "k": 25, "cap": None}
        tf.execute(Undo())
        assert tf.settings().national_list == NationalSystem()
        tf.execute(Redo())
    with TournamentFile.open(path) as tf:
        assert tf.settings().national_list.cap is None
        assert tf.settings().norm_exemption == "1.4.3a"


def test_rating_type_follows_the_time_control(tmp_path: Path) -> None:
    with TournamentFile.open(_file(tmp_path, time_control_code="900+10")) as tf:
        assert tf.rating_inputs().rating_type == "rapid"
    other = tmp_path / "other"
    other.mkdir()
    with TournamentFile.open(_file(other)) as tf:
        assert tf.rating_inputs().rating_type == "standard"


def _columns(path: Path, table: str) -> list[tuple[str, str, int]]:
    con = sqlite3.connect(path)
    out = [(r[1], r[2], r[3]) for r in con.execute(f"PRAGMA table_info({table})")]
    con.close()
    return out


def test_version_4_file_gains_empty_rating_inputs(tmp_path: Path) -> None:
    """The upgrade adds the columns and changes nothing else; the old file is kept; the
    players then have no K, no game count, no national rating, and the changes compute."""
    path = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / "v4_rated.swissdesk", path)
    con = sqlite3.connect(path)
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == ("4",)
    old_player = [c[0] for c in _columns(path, "player")]
    before = con.execute(f"SELECT {', '.join(old_player)} FROM player ORDER BY id").fetchall()
    con.close()
    with TournamentFile.open(path) as tf:
        assert tf.settings().name == "Frozen v4 Rated Open"
        assert tf.rounds_paired() == 2
        rows = tf.players()
        assert rows[0].club == "Hastings CC"  # version 4's column kept
        assert [(p.k_factor, p.k_source, p.rated_games, p.national_rating) for p in rows] == [
            (None, "", None, 0)
        ] * 6
        assert tf.settings().national_list == NationalSystem()
        report = rating_changes(tf.snapshot(), tf.rating_inputs())
        assert report.after_round == 2 and len(report.players) == 6
    con = sqlite3.connect(path)
    assert con.execute(f"SELECT {', '.join(old_player)} FROM player ORDER BY id").fetchall() == before
    version = con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == (str(schema.SCHEMA_VERSION),)
    con.close()
    assert (tmp_path / "old.before-upgrade-v4.swissdesk").exists()


@pytest.mark.parametrize(
    "fixture", ["v1_individual", "v2_individual", "v3_individual", "v4_rated", "v5_individual", "v6_individual"]
)
def test_upgraded_tables_match_a_new_file(tmp_path: Path, fixture: str) -> None:
    """From every earlier version: the frozen migrations give the columns the current
    models declare, and the upgraded file takes the new inputs."""
    old = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / f"{fixture}.swissdesk", old)
    with TournamentFile.open(old) as tf:
        first = tf.players()[0]
        tf.execute(EditPlayer(first.tpn, dataclasses.replace(first.data, k_factor=10)))
        assert tf.rating_inputs().of(first.tpn).k_factor == 10
    new = tmp_path / "new.swissdesk"
    with TournamentFile.create(new, settings()):
        pass
    for table in ("player", "tournament"):
        assert _columns(old, table) == _columns(new, table), table


def test_national_rating_changes_from_the_file(tmp_path: Path) -> None:
    """The version-4 event with national ratings typed in: the national list's changes use
    them with the list's own K (25, no limit)."""
    path = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / "v4_rated.swissdesk", path)
    with TournamentFile.open(path) as tf:
        for row in tf.players():
            rating = 0 if row.tpn == 6 else 2000 + 10 * row.tpn
            tf.execute(EditPlayer(row.tpn, dataclasses.replace(row.data, national_rating=rating)))
        tf.execute(
            EditSettings(dataclasses.replace(tf.settings(), national_list=NationalSystem("NAT", 25, None)))
        )
        report = rating_changes(tf.snapshot(), tf.rating_inputs(), system=NATIONAL)
    assert report.list_name == "NAT"
    for p in report.players:
        for g in p.counted_games if p.rated else ():
            assert g.k == 25 and g.change == Fraction(25 * (g.score - g.expected), 100)
    assert report.by_tpn()[6].change is None  # no national rating: not rated nationally
