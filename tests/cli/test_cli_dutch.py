"""The commands with the real Dutch engine on a few reference cases (bbpPairings output)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.engines.base import system_names

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"

pytestmark = pytest.mark.skipif(
    "dutch" not in system_names(), reason="the Dutch engine is not built yet"
)


def corpus(*parts: str) -> Path:
    path = CORPUS.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({path.resolve()})")
    return path


@pytest.mark.parametrize(
    "case",
    [
        "dutch/dutch-0001-n010-r07-clean-p03",
        "dutch/dutch-0009-n009-r06-heavy-p04",
        "baku/baku-0001-n010-r07-clean-p01",
        "baku/baku-0001-n010-r07-clean-p03",
    ],
)
def test_pair_prints_what_bbppairings_printed(
    case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = corpus(case + ".trf")
    assert main(["pair", str(trf)]) == 0
    assert capsys.readouterr().out == trf.with_suffix(".pairs").read_text()


def test_check_full_tournament_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    trf = corpus("dutch-full", "dutch-0009-n009-r06-heavy.trf")
    assert main(["check", str(trf)]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith(
        "6 rounds checked: the engine agrees with the file in every round."
    )


def test_generate_then_check_with_dutch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rtg.trf"
    args = [
        "generate",
        "--players",
        "12",
        "--rounds",
        "5",
        "--seed",
        "2026",
        "-o",
        str(out),
        "--bye-rate",
        "0.1",
        "--forfeit-rate",
        "0.05",
    ]
    assert main(args) == 0
    assert main(["check", "-q", str(out)]) == 0
