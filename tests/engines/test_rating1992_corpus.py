"""Golden tests: the rating1992 reference cases of the shared corpus (1992 text, literal
reference reading; see ``../shared/corpus/readings.md``).

Every case must give the same pairs, colours, bye and board order; every ``gaveup/`` round
must raise NoValidPairing. ``rating1992_corpus_baseline.json`` records the agreement: a case
listed there as a known disagreement is an expected failure (argued in
``docs/engines/rating1992.md``), any other disagreement fails, and the agreement count may
never go down.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from swissdesk.engines import get_engine
from swissdesk.engines.base import NoValidPairing
from swissdesk.trf import read_trf
from tests.engines.corpus_harness import (
    agrees_with_pairs,
    expect_agreement,
    known_names,
    read_json,
    trf_files,
)
from tests.engines.corpus_support import CORPUS, corpus_cases

CASES = corpus_cases("rating1992")
GAVE_UP = trf_files(CORPUS / "rating1992" / "gaveup")
BASELINE_FILE = Path(__file__).with_name("rating1992_corpus_baseline.json")


def _baseline() -> dict[str, object]:
    data: dict[str, object] = read_json(BASELINE_FILE)
    return data


@cache
def _agrees(path: Path) -> tuple[bool, str]:
    agree, text, want = agrees_with_pairs("rating1992", path)
    return agree, text + "expected\n" + "\n".join(want)


@pytest.mark.skipif(not CASES, reason="shared corpus not found beside the repository")
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_rating1992_reference_case(path: Path) -> None:
    agree, text = _agrees(path)
    expect_agreement(agree, path.stem, known_names(_baseline()), f"{path.name}: got\n{text}")


@pytest.mark.skipif(not GAVE_UP, reason="shared corpus not found beside the repository")
@pytest.mark.parametrize("path", GAVE_UP, ids=lambda p: p.stem)
def test_rating1992_reference_gave_up(path: Path) -> None:
    """C13/C14: where the procedure finds no pairing, the engine says so, naming the bracket."""
    with pytest.raises(NoValidPairing, match="bracket"):
        get_engine("rating1992").pair(read_trf(path))


@pytest.mark.skipif(not CASES, reason="shared corpus not found beside the repository")
def test_rating1992_agreement_never_drops_below_the_baseline() -> None:
    agreeing = sum(1 for path in CASES if _agrees(path)[0])
    recorded = _baseline()["agree"]
    assert isinstance(recorded, int)
    assert agreeing >= recorded, f"{agreeing} of {len(CASES)} agree, baseline {recorded}"
