"""Golden tests: the Team Pairing System reference cases of the shared corpus (C.04.6).

Each ``../shared/corpus/team/*.json`` state must give the expected pairs, colours (the team
whose first board has White first), PAB and board order, or raise ``NoValidPairing`` for an
``impossible`` case. ``team_corpus_baseline.json`` records the agreement; it may never drop.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from swissdesk.engines import get_engine
from swissdesk.engines.base import NoValidPairing
from swissdesk.trf.json_state import read_json_state
from tests.engines.corpus_support import CORPUS

TEAM_CASES = sorted((CORPUS / "team").glob("team-*.json")) if (CORPUS / "team").is_dir() else []
BASELINE = json.loads(
    Path(__file__).with_name("team_corpus_baseline.json").read_text(encoding="utf-8")
)["team"]


def _agrees(path: Path) -> tuple[bool, str]:
    expected: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["expected"]
    try:
        pairing = get_engine("team").pair(read_json_state(path))
        got: dict[str, Any] = {
            "pairs": [[p.white, p.black] for p in pairing.pairs],
            "pab": pairing.bye,
        }
    except NoValidPairing:
        got = {"impossible": True}
    return got == expected, f"{path.name}: got {got}, expected {expected}"


@pytest.mark.skipif(not TEAM_CASES, reason="shared corpus not found beside the repository")
@pytest.mark.parametrize("path", TEAM_CASES, ids=lambda p: p.stem)
def test_team_reference_case(path: Path) -> None:
    agree, message = _agrees(path)
    if path.stem in BASELINE["known_disagreements"]:
        if agree:
            pytest.fail(f"{path.stem} now agrees: remove it from the known disagreements")
        pytest.xfail(f"known disagreement {path.stem}")
    assert agree, message


@pytest.mark.skipif(not TEAM_CASES, reason="shared corpus not found beside the repository")
def test_team_baseline_never_drops() -> None:
    """The recorded agreement is all cases minus the listed known disagreements."""
    assert BASELINE["cases"] == len(TEAM_CASES)
    assert BASELINE["agree"] == BASELINE["cases"] - len(BASELINE["known_disagreements"])
    agreeing = sum(1 for path in TEAM_CASES if _agrees(path)[0])
    assert agreeing >= BASELINE["agree"], f"agreement fell to {agreeing}/{len(TEAM_CASES)}"
