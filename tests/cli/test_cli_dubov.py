"""``swissdesk pair|check|generate --system dubov`` (C.04.4.1) end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.trf import read_trf

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "dubov"
CASE = CORPUS / "cases" / "dubov-0001-n014-r08-heavy-p05.trf"
IMPOSSIBLE = CORPUS / "impossible" / "dubov-0003-n006-r05-clean-p04.trf"


def test_generate_then_check_with_the_dubov_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "d.trf"
    args = ["generate", "--system", "dubov", "--players", "17", "--rounds", "6"]
    assert main([*args, "--seed", "12", "-o", str(out)]) == 0
    assert read_trf(out).rounds_with_pairings == 6
    assert main(["check", "--system", "dubov", str(out)]) == 0
    assert "agrees" in capsys.readouterr().out


@pytest.mark.skipif(not CASE.exists(), reason="shared corpus not found beside the repository")
def test_pair_prints_the_reference_pairing_and_explains_each_bracket(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["pair", "--system", "dubov", "--explain", str(CASE)]) == 0
    captured = capsys.readouterr()
    assert captured.out == CASE.with_suffix(".pairs").read_text()
    assert "Bracket 4: residents 3" in captured.err
    assert "art. 3.2.4.2" in captured.err


@pytest.mark.skipif(not IMPOSSIBLE.exists(), reason="shared corpus not found beside the repository")
def test_pair_exits_1_when_no_legal_pairing_exists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--system", "dubov", str(IMPOSSIBLE)]) == 1
    assert "no valid pairing" in capsys.readouterr().err
