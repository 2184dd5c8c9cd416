"""Issue 18, item 3: the dates of the rounds (TRF record 132, columns 92-99, 102-109, ...)
come from a round schedule kept in the tournament settings; deputy arbiters go to 112."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from storage_support import NAMES, settings

from swissdesk.cli import main
from swissdesk.model import schedule, timecontrol
from swissdesk.storage import EditSettings, PlayerData, TournamentFile, Undo
from swissdesk.trf import read_trf

DATES = ("2026/11/20", "2026/11/21", "", "2026/11/23")


def test_record_132_columns_follow_the_trf_layout() -> None:
    line = schedule.format_record(DATES)
    assert line is not None and line.startswith("132 ")
    assert line[91:99] == "26/11/20" and line[101:109] == "26/11/21"
    assert line[111:119].strip() == "" and line[121:129] == "26/11/23"
    assert schedule.parse_record(line) == DATES
    assert schedule.parse_date("2026-11-31") is None
    assert schedule.normalise(["2026-1-2", "", ""]) == ("2026/01/02",)


def test_round_schedule_is_stored_edited_undone_and_exported(tmp_path: Path) -> None:
    path = tmp_path / "t.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    start = settings(
        start_date="2026/11/20", end_date="2026/11/24", round_dates=DATES,
        deputy_arbiters=("Deputy, Dora",),
    )  # fmt: skip
    with TournamentFile.create(path, start, players=players) as tf:
        assert tf.settings().round_dates == DATES
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), round_dates=DATES[:2])))
        assert tf.settings().round_dates == DATES[:2]
        tf.execute(Undo())
        assert tf.settings().round_dates == DATES
    assert main(["export", str(path), "-o", str(tmp_path / "out.trf")]) == 0
    lines = (tmp_path / "out.trf").read_text().splitlines()
    tags = [line[:3] for line in lines]
    assert tags.index("132") == tags.index("112") + 1  # in the header, after 102/112/122
    assert lines[tags.index("132")] == schedule.format_record(DATES)
    assert "112 Deputy, Dora" in lines
    # An imported file keeps its schedule, and its settings show it.
    assert main(["import", str(tmp_path / "out.trf"), "-o", str(tmp_path / "back.swissdesk")]) == 0
    with TournamentFile.open(tmp_path / "back.swissdesk") as tf:
        assert tf.settings().round_dates == DATES
    assert schedule.from_records(read_trf(tmp_path / "out.trf").extra_records) == DATES


def test_encoded_time_control_gives_the_rating_type() -> None:
    """TRF-2026 record 222 and FIDE's categories for a 60-move game."""
    assert timecontrol.rating_type("5400+30") == "standard"
    assert timecontrol.seconds_for_game("40/6000+30:900+30") == 6000 + 40 * 30 + 900 + 20 * 30
    assert timecontrol.rating_type("900+10") == "rapid"
    assert timecontrol.rating_type("180+2") == "blitz"
    assert timecontrol.rating_type("W300-B240") == "blitz"
    assert timecontrol.rating_type("3600") == "standard"
    assert not timecontrol.is_valid("90 min + 30 s")


def test_time_control_code_is_stored_and_written_as_record_222(tmp_path: Path) -> None:
    path = tmp_path / "t.swissdesk"
    with TournamentFile.create(path, settings(time_control_code="5400+30")) as tf:
        assert tf.settings().time_control_code == "5400+30"
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), time_control_code="900+10")))
        assert tf.settings().time_control_code == "900+10"
        assert "222 900+10" in tf.snapshot().extra_records
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), time_control_code="")))
        assert not any(r.startswith("222") for r in tf.snapshot().extra_records)
