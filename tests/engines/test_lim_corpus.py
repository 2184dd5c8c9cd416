"""Golden tests: the Lim reference cases of the shared corpus (C.04.4.3, 2026 text).

Each case must give the same pairs, colours, PAB and board order as the reference reading
(``readings.md``, section "Lim"). ``lim_corpus_baseline.json`` records the agreement; a case
listed there as a known disagreement is an expected failure (argued article by article in
``docs/engines/lim.md``), any other disagreement fails, and the agreement may never drop.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swissdesk.engines import get_engine
from swissdesk.trf import read_trf
from tests.engines.corpus_support import corpus_cases, expected_pairs

LIM_CASES = [p for p in corpus_cases("lim/cases")]
BASELINE = json.loads(
    Path(__file__).with_name("lim_corpus_baseline.json").read_text(encoding="utf-8")
)["lim"]


def _agrees(path: Path) -> tuple[bool, str]:
    pairing = get_engine("lim").pair(read_trf(path))
    got = [line.strip() for line in pairing.to_text().split("\n") if line.strip()]
    want = [line.strip() for line in expected_pairs(path) if line.strip()]
    return got == want, f"{path.name}: got {got}, expected {want}"


@pytest.mark.skipif(not LIM_CASES, reason="shared corpus not found beside the repository")
@pytest.mark.parametrize("path", LIM_CASES, ids=lambda p: p.stem)
def test_lim_reference_case(path: Path) -> None:
    agree, message = _agrees(path)
    if path.stem in BASELINE["known_disagreements"]:
        if agree:
            pytest.fail(f"{path.stem} now agrees: remove it from the known disagreements")
        pytest.xfail(f"known disagreement {path.stem}")
    assert agree, message


@pytest.mark.skipif(not LIM_CASES, reason="shared corpus not found beside the repository")
def test_lim_baseline_never_drops() -> None:
    """The recorded agreement is all cases minus the listed known disagreements."""
    assert BASELINE["cases"] == len(LIM_CASES)
    assert BASELINE["agree"] == BASELINE["cases"] - len(BASELINE["known_disagreements"])
    agreeing = sum(1 for path in LIM_CASES if _agrees(path)[0])
    assert agreeing >= BASELINE["agree"], f"agreement fell to {agreeing}/{len(LIM_CASES)}"
