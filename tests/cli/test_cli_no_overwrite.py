"""Issue 39, item 2: ``-o`` never replaces a tournament file, nor the file a command reads.
``swissdesk export t.swissdesk -o t.swissdesk`` returned 0 and the tournament was gone;
``generate``, ``trf`` and ``report`` did the same to any ``.swissdesk`` file."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.storage import TournamentFile


@pytest.fixture
def event(small_trf: Path, tmp_path: Path) -> Path:
    path = tmp_path / "event.swissdesk"
    assert main(["import", str(small_trf), "-o", str(path), "--yes-i-know", "3"]) == 0
    return path


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    path = tmp_path / "cup.swissdesk"
    assert main(["team", "new", str(path), "--name", "Cup", "--rounds", "3", "--boards", "2"]) == 0
    return path


def _refused(capsys: pytest.CaptureFixture[str], args: list[str], target: Path, said: str) -> None:
    before = target.read_bytes()
    capsys.readouterr()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert said in err and "nothing was written" in err, err
    assert "Traceback" not in err
    assert target.read_bytes() == before


COMMANDS: dict[str, Callable[[Path, Path, Path], list[str]]] = {
    "export": lambda event, trf, out: ["export", str(event), "-o", str(out)],
    "generate": lambda event, trf, out: [
        "generate",
        "--players",
        "6",
        "--rounds",
        "3",
        "--seed",
        "1",
        "-o",
        str(out),
    ],
    "trf": lambda event, trf, out: ["trf", str(trf), "-o", str(out)],
    "report": lambda event, trf, out: ["report", str(event), "--kind", "standings", "-o", str(out)],
    "pair": lambda event, trf, out: [
        "pair",
        str(trf),
        "--system",
        "test-tpn-order",
        "-o",
        str(out),
    ],
    "pair --explain-file": lambda event, trf, out: [
        "pair",
        str(trf),
        "--system",
        "test-tpn-order",
        "--explain-file",
        str(out),
    ],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_no_command_writes_over_a_tournament_file(
    command: str, event: Path, small_trf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = COMMANDS[command](event, small_trf, event)
    _refused(capsys, args, event, "never writes an export over one")
    with TournamentFile.open(event) as tf:
        assert len(tf.players()) == 4


def test_export_over_its_own_tournament_file_is_refused(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(capsys, ["export", str(event), "-o", str(event)], event, "tournament files")


def test_a_team_report_never_writes_over_the_tournament(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(
        capsys,
        ["team", "report", str(cup), "--kind", "standings", "-o", str(cup)],
        cup,
        "never writes an export over one",
    )


def test_neither_a_new_swissdesk_name_nor_a_renamed_database_is_written(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fresh = tmp_path / "fresh.SWISSDESK"
    assert main(["export", str(event), "-o", str(fresh)]) == 2
    assert not fresh.exists()
    renamed = tmp_path / "renamed.trf"
    renamed.write_bytes(event.read_bytes())  # a tournament under another name
    _refused(capsys, ["export", str(event), "-o", str(renamed)], renamed, "SQLite database")
    other = tmp_path / "notes.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    _refused(capsys, ["export", str(event), "-o", str(other)], other, "SQLite database")
    wal = Path(f"{event}-wal")
    assert main(["export", str(event), "-o", str(wal)]) == 2
    assert not wal.exists()


def test_a_link_to_a_tournament_file_is_refused(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "looks-harmless.trf"
    os.symlink(event, link)
    _refused(capsys, ["export", str(event), "-o", str(link)], event, "tournament files")
    assert link.is_symlink()


@pytest.mark.parametrize("command", ["trf", "pair", "pair --explain-file"])
def test_no_command_writes_over_its_input(
    command: str, event: Path, small_trf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = COMMANDS[command](event, small_trf, small_trf)
    _refused(capsys, args, small_trf, "it is the file being read")


def test_other_outputs_are_written_as_before(event: Path, small_trf: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.trf"
    out.write_text("an old export\n", encoding="utf-8")
    assert main(["export", str(event), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("012 Small Open")
    assert main(["trf", str(small_trf), "-o", str(out)]) == 0
