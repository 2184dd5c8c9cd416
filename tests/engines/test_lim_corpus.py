"""Golden tests: the Lim reference cases of the shared corpus (C.04.4.3, 2026 text).

Each case must give the same pairs, colours, PAB and board order as the reference reading
(``readings.md``, section "Lim"). ``lim_corpus_baseline.json`` records the agreement; a case
listed there as a known disagreement is an expected failure (argued article by article in
``docs/engines/lim.md``), any other disagreement fails, and the agreement may never drop.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engines.corpus_harness import (
    agrees_with_pairs,
    assert_baseline_kept,
    expect_agreement,
    known_names,
    read_json,
)
from tests.engines.corpus_support import corpus_cases

LIM_CASES = [p for p in corpus_cases("lim/cases")]
BASELINE = read_json(Path(__file__).with_name("lim_corpus_baseline.json"))["lim"]


def _agrees(path: Path) -> tuple[bool, str]:
    agree, text, want = agrees_with_pairs("lim", path)
    got = [line.strip() for line in text.split("\n") if line.strip()]
    return agree, f"{path.name}: got {got}, expected {want}"


@pytest.mark.skipif(not LIM_CASES, reason="shared corpus not found beside the repository")
@pytest.mark.parametrize("path", LIM_CASES, ids=lambda p: p.stem)
def test_lim_reference_case(path: Path) -> None:
    agree, message = _agrees(path)
    expect_agreement(agree, path.stem, known_names(BASELINE), message)


@pytest.mark.skipif(not LIM_CASES, reason="shared corpus not found beside the repository")
def test_lim_baseline_never_drops() -> None:
    """The recorded agreement is all cases minus the listed known disagreements."""
    agreeing = sum(1 for path in LIM_CASES if _agrees(path)[0])
    assert_baseline_kept(BASELINE, LIM_CASES, agreeing)
