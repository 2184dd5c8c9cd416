"""``swissdesk pair|check|generate --system lim`` and the Lim options ``--maxi``/``--edition``."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.model.tournament import truncated
from swissdesk.trf import read_trf, write_trf


def _generated(tmp_path: Path, players: int, rounds: int, seed: int) -> Path:
    out = tmp_path / f"lim-{players}-{seed}.trf"
    args = ["generate", "--system", "lim", "--players", str(players), "--rounds", str(rounds)]
    assert main([*args, "--seed", str(seed), "-o", str(out)]) == 0
    return out


def test_generate_and_check_with_the_lim_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _generated(tmp_path, 14, 5, 7)
    capsys.readouterr()
    assert main(["check", "--system", "lim", "-q", str(out)]) == 0
    assert "agrees with the file in every round" in capsys.readouterr().out


def test_pair_with_lim_explains_per_scoregroup_and_takes_the_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    full = read_trf(_generated(tmp_path, 9, 4, 3))
    before = tmp_path / "before-round-3.trf"
    write_trf(truncated(full, 3), before)
    capsys.readouterr()
    assert main(["pair", "--system", "lim", "--explain", str(before)]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[0] == "5"
    assert "Lim system (C.04.4.3)" in captured.err
    assert "scoregroup" in captured.err
    assert main(["pair", "--system", "lim", "--maxi", "--edition", "2003", str(before)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "5"


def test_lim_options_with_another_system_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _generated(tmp_path, 6, 3, 1)
    capsys.readouterr()
    assert main(["check", "--system", "dutch", "--maxi", str(out)]) == 2
    assert "options of the Lim system" in capsys.readouterr().err
