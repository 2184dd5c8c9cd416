"""The prize plan kept in a ``.swissdesk`` file (schema 7, issue 36): set and ticked as
audited actions through the command lane, undone like any other, read back by
``swissdesk prizes FILE`` without --plan, exported to a plan file to reuse elsewhere."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.prizes import Category, PrizePlan, loads, read_plan
from swissdesk.storage import TournamentFile, schema
from swissdesk.storage.commands.base import Undo
from swissdesk.storage.commands.prizes import SetPrizePlan, TickCategory

DATA = Path(__file__).resolve().parents[1]
EVENT = DATA / "verification" / "data" / "bbp-baku-n10-r7.trf"
V6 = DATA / "storage" / "fixtures" / "v6_individual.swissdesk"

PLAN = """
version = 1
[rules]
sharing = "equal"
currency = "CHF"

[[category]]
name = "Club"
ticked = true

[[prize]]
place = 1
amount = 500

[[prize]]
place = 2
amount = 300

[[prize]]
category = "Club"
place = 1
amount = 80
"""


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "event.swissdesk"
    # bbpPairings' Baku rounds differ from the engine's: the import's Level 3 (issue 29).
    assert main(["import", str(EVENT), "-o", str(path), "--yes-i-know", "3"]) == 0
    return path


@pytest.fixture
def plan_file(tmp_path: Path) -> Path:
    path = tmp_path / "plan.toml"
    path.write_text(PLAN, encoding="utf-8")
    return path


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    capsys.readouterr()
    assert main(["prizes", *args, "--json"]) == 0
    rows: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return rows


def test_saved_plan_is_used_without_plan_option(
    event: Path, plan_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = _json(capsys, str(event), "--plan", str(plan_file), "--save")
    kept = _json(capsys, str(event))
    assert kept == given
    assert [(r["prize"], r["tpn"]) for r in kept][:2] == [("1st place", 3), ("2nd place", 4)]


def test_without_any_plan_the_message_says_how(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["prizes", str(event)]) == 2
    err = capsys.readouterr().err
    assert "no prize plan" in err and "--save" in err


def test_plan_and_ticks_are_audited_and_undone(event: Path) -> None:
    plan = loads(PLAN)
    with TournamentFile.open(event) as tf:
        assert tf.prize_plan() is None
        tf.execute(SetPrizePlan(plan))
        tf.execute(TickCategory(7, "Club"))
        assert tf.prize_plan() == plan
        assert tf.prize_ticks() == {7: frozenset({"Club"})}
        actions = [e.action for e in tf.audit_log()][-2:]
        assert actions == ["SetPrizePlan", "TickCategory"]
        tf.execute(Undo())
        assert tf.prize_ticks() == {}
        tf.execute(Undo())
        assert tf.prize_plan() is None


def test_ticked_category_admits_only_the_ticked_players(
    event: Path, plan_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = _json(capsys, str(event), "--plan", str(plan_file), "--save")
    club = [r for r in rows if r["prize"] == "Club 1st"]
    assert club[0]["tpn"] is None  # nobody ticked yet
    assert main(["prize-tick", str(event), "9", "club"]) == 0
    assert main(["prize-tick", str(event), "6", "Club"]) == 0
    rows = _json(capsys, str(event))
    assert [r["tpn"] for r in rows if r["prize"] == "Club 1st"] == [6]  # 6 is above 9
    assert main(["prize-tick", str(event), "6", "Club", "--off"]) == 0
    rows = _json(capsys, str(event))
    assert [r["tpn"] for r in rows if r["prize"] == "Club 1st"] == [9]
    capsys.readouterr()
    assert main(["prize-tick", str(event), "6", "Juniors"]) == 2
    assert "no category 'Juniors'" in capsys.readouterr().err


def test_export_writes_the_kept_plan_for_another_event(
    event: Path, plan_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _json(capsys, str(event), "--plan", str(plan_file), "--save")
    out = tmp_path / "again.toml"
    _json(capsys, str(event), "--export", str(out))
    assert read_plan(out) == read_plan(plan_file)


def test_version_6_file_upgrades_without_a_plan(tmp_path: Path) -> None:
    """A frozen file of schema 6 (made by the swissdesk before prizes) opens with no plan
    and can keep one at once."""
    path = tmp_path / "old.swissdesk"
    shutil.copy(V6, path)
    with TournamentFile.open(path) as tf:
        assert tf.prize_plan() is None and tf.prize_ticks() == {}
        plan = PrizePlan(categories=(Category("U2000", rating_below=2000),))
        tf.execute(SetPrizePlan(plan))
        assert tf.prize_plan() == plan
    con = sqlite3.connect(path)
    version = con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == (str(schema.SCHEMA_VERSION),)
    assert con.execute("SELECT count(*) FROM prize_plan").fetchone() == (1,)
    con.close()


def test_a_removed_empty_section_keeps_its_plan_on_undo(tmp_path: Path, event: Path) -> None:
    assert main(["section", "add", "--name", "B open", str(event)]) == 0
    plan = loads(PLAN)
    with TournamentFile.open(event) as tf:
        section = tf.section("B open")
        section.execute(SetPrizePlan(plan))
        section_id = section.section_id
    from swissdesk.storage.commands.sections import RemoveSection

    with TournamentFile.open(event) as tf:
        tf.execute(RemoveSection(section_id))
        tf.execute(Undo())
        assert tf.section("B open").prize_plan() == plan


V7 = DATA / "storage" / "fixtures" / "v7_individual.swissdesk"


def test_version_7_plan_and_ticks_survive_the_upgrade_to_fide_mode(tmp_path: Path) -> None:
    """Schema 8 (issue 29) rebuilds the ``tournament`` table that ``prize_plan`` refers to
    (ON DELETE CASCADE): a plan and ticks kept by a version-7 file come through the upgrade
    unchanged, still the section's, and the file's foreign keys hold."""
    from swissdesk.prizes import plan_to_mapping

    path = tmp_path / "old.swissdesk"
    shutil.copy(V7, path)
    plan = loads(PLAN)
    con = sqlite3.connect(path)
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == ("7",)
    section, player_id, tpn = con.execute(
        "SELECT section_id, id, tpn FROM player ORDER BY tpn DESC LIMIT 1"
    ).fetchone()
    # The row as the version-7 program writes it (storage/commands/prizes.py: plan_to_mapping,
    # ticks by player id, sorted keys).
    content = {"plan": plan_to_mapping(plan), "ticked": {str(player_id): ["Club"]}}
    con.execute(
        "INSERT INTO prize_plan (section_id, content) VALUES (?, ?)",
        (section, json.dumps(content, ensure_ascii=False, sort_keys=True)),
    )
    con.commit()
    con.close()
    with TournamentFile.open(path) as tf:
        assert tf.prize_plan() == plan
        assert tf.prize_ticks() == {tpn: frozenset({"Club"})}
        assert tf.settings().fide_mode
    con = sqlite3.connect(path)
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == (
        str(schema.SCHEMA_VERSION),
    )
    assert con.execute("SELECT section_id FROM prize_plan").fetchall() == [(section,)]
    assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    con.close()
