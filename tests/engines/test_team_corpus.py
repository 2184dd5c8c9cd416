"""Golden tests: the Team Pairing System reference cases of the shared corpus (C.04.6).

Each ``../shared/corpus/team/*.json`` state must give the expected pairs, colours (the team
whose first board has White first), PAB and board order, or raise ``NoValidPairing`` for an
``impossible`` case. ``team_corpus_baseline.json`` records the agreement; it may never drop.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from swissdesk.engines import get_engine
from swissdesk.trf.json_state import read_json_state
from tests.engines.corpus_harness import (
    assert_baseline_kept,
    expect_agreement,
    json_answer,
    json_files,
    known_names,
    read_json,
)
from tests.engines.corpus_support import CORPUS

TEAM_CASES = json_files(CORPUS / "team", "team-*.json")
BASELINE = read_json(Path(__file__).with_name("team_corpus_baseline.json"))["team"]


def _agrees(path: Path) -> tuple[bool, str]:
    expected: dict[str, Any] = read_json(path)["expected"]
    got = json_answer(lambda: get_engine("team").pair(read_json_state(path)))
    return got == expected, f"{path.name}: got {got}, expected {expected}"


@pytest.mark.skipif(not TEAM_CASES, reason="shared corpus not found beside the repository")
@pytest.mark.parametrize("path", TEAM_CASES, ids=lambda p: p.stem)
def test_team_reference_case(path: Path) -> None:
    agree, message = _agrees(path)
    expect_agreement(agree, path.stem, known_names(BASELINE), message)


@pytest.mark.skipif(not TEAM_CASES, reason="shared corpus not found beside the repository")
def test_team_baseline_never_drops() -> None:
    """The recorded agreement is all cases minus the listed known disagreements."""
    agreeing = sum(1 for path in TEAM_CASES if _agrees(path)[0])
    assert_baseline_kept(BASELINE, TEAM_CASES, agreeing)
