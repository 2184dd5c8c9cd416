"""The PAB's value and the rules text on the command line (C.02 VCL Q80-84, Q92):
``new``/``settings --pab-points``, and ``swissdesk rules SYSTEM|FILE``."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.storage import TournamentFile


def new_event(tmp_path: Path, *extra: str) -> Path:
    path = tmp_path / "t.swissdesk"
    players = [f"--player=Player {i};{2200 - 10 * i}" for i in range(1, 6)]
    assert main(["new", str(path), "--name", "PAB", "--rounds", "3", *players, *extra]) == 0
    return path


def test_q80_new_and_settings_set_the_pab_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path, "--pab-points", "0.5")
    with TournamentFile.open(path) as tf:
        assert tf.settings().scoring.pairing_allocated_bye == 1
    capsys.readouterr()
    assert main(["settings", str(path)]) == 0
    assert "points: win 1, draw ½, loss 0, pairing-allocated bye ½\n" in capsys.readouterr().out
    assert main(["settings", str(path), "--pab-points", "0"]) == 0
    assert "points: win 1, draw ½, loss 0, pairing-allocated bye 0\n" in capsys.readouterr().out


def test_q81_a_pab_worth_more_than_a_win_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    capsys.readouterr()
    assert main(["settings", str(path), "--pab-points", "1.5"]) == 2
    assert "more than a win" in capsys.readouterr().err
    assert main(["new", str(tmp_path / "u.swissdesk"), "--name", "U", "--pab-points", "2"]) == 2
    assert not (tmp_path / "u.swissdesk").exists()


def test_q85_the_pab_is_fixed_once_round_1_is_paired(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    assert main(["next-round", str(path)]) == 0
    capsys.readouterr()
    assert main(["settings", str(path), "--pab-points", "0.5"]) == 2
    assert "point system cannot change once round 1 is paired" in capsys.readouterr().err


def test_q92_rules_prints_the_1992_text_and_a_files_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules"]) == 0
    listed = capsys.readouterr().out
    assert "rating1992" in listed and "lim:1999" in listed
    assert main(["rules", "rating1992"]) == 0
    out = capsys.readouterr().out
    assert "Approved by the 1992 General Assembly" in out and "F10" in out
    path = new_event(tmp_path)
    capsys.readouterr()
    assert main(["rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dutch (C.04.3)") and "FIDE (DUTCH) SYSTEM" in out
    assert "BASIC RULES FOR SWISS SYSTEMS" in out and "Baku" in out  # C.04.1, C.04.7
    assert main(["rules", "nonsense"]) == 2
