"""Golden tests: the Double-Swiss reference cases of the shared corpus (C.04.5, 2026 text).

Each JSON state must give the same pairs, colours (White of game 1), PAB and board order as
the reference reading (``readings.md``, "Double-Swiss and Team"); an ``impossible`` case must
raise :class:`NoValidPairing`. ``double_swiss_corpus_baseline.json`` records the agreement;
it may never drop. The weighted path of the upfloater choice (art. 3.5) is cross-checked
against the fast path on every case.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from swissdesk.engines import get_engine
from swissdesk.engines.double_swiss.engine import pair_double_swiss
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

FOLDER = CORPUS / "double-swiss"
CASES = json_files(FOLDER, "ds-*.json")
BASELINE = read_json(Path(__file__).with_name("double_swiss_corpus_baseline.json"))["double-swiss"]


def _answer(path: Path, *, force_weighted: bool = False) -> dict[str, Any]:
    tournament = read_json_state(path)
    if force_weighted:
        return json_answer(
            lambda: pair_double_swiss(
                tournament, tournament.rounds_with_pairings + 1, force_weighted=True
            )
        )
    return json_answer(lambda: get_engine("double-swiss").pair(tournament))


def _agrees(path: Path, *, force_weighted: bool = False) -> tuple[bool, str]:
    expected = read_json(path)["expected"]
    got = _answer(path, force_weighted=force_weighted)
    if expected.get("impossible"):
        return got == {"impossible": True}, f"{path.name}: expected impossible, got {got}"
    want = {"pairs": expected["pairs"], "pab": expected["pab"]}
    return got == want, f"{path.name}: got {got}, expected {want}"


@pytest.mark.skipif(not CASES, reason="shared corpus not found beside the repository")
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_double_swiss_reference_case(path: Path) -> None:
    agree, message = _agrees(path)
    expect_agreement(agree, path.stem, known_names(BASELINE), message)


@pytest.mark.skipif(not CASES, reason="shared corpus not found beside the repository")
def test_double_swiss_weighted_upfloater_choice_agrees_with_the_fast_path() -> None:
    """Art. 3.5 two ways: the single weighted matching gives the same pairings."""
    failures = [msg for p in CASES for ok, msg in [_agrees(p, force_weighted=True)] if not ok]
    assert not failures, failures


@pytest.mark.skipif(not CASES, reason="shared corpus not found beside the repository")
def test_double_swiss_baseline_never_drops() -> None:
    assert BASELINE["impossible"] == sum(1 for p in CASES if "impossible" in p.name)
    agreeing = sum(1 for path in CASES if _agrees(path)[0])
    assert_baseline_kept(BASELINE, CASES, agreeing)
