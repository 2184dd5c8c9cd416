"""Golden tests: every bbpPairings 6 reference case of the shared corpus (C.04.3, 2026 rules).

Each case must give the same pairs, colours, PAB and board order. ``corpus_baseline.json``
records the agreement; a case listed there as a known disagreement is an expected failure
(with the article-by-article reason in the issue note), any other disagreement fails, and
the recorded agreement count may never go down.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.engines import get_engine
from swissdesk.model.tournament import Tournament, truncated
from swissdesk.trf import read_trf
from tests.engines.corpus_support import (
    CORPUS,
    corpus_cases,
    expected_pairs,
    full_tournaments,
    known_disagreements,
    load_baseline,
)

DUTCH_CASES = corpus_cases("dutch")
NEW_CASES = corpus_cases("dutch-new")
BAKU_CASES = corpus_cases("baku")
FULL = full_tournaments()
NEW_FULL = full_tournaments("dutch-new")


def _check_case(path: Path, folder: str) -> None:
    tournament = read_trf(path)
    pairing = get_engine("dutch").pair(tournament)
    got = pairing.to_text().split("\n")
    want = expected_pairs(path)
    agree = [line.strip() for line in got if line.strip()] == [
        line.strip() for line in want if line.strip()
    ]
    if path.stem in known_disagreements(folder):
        if agree:
            pytest.fail(f"{path.stem} now agrees: remove it from the known disagreements")
        pytest.xfail(f"known disagreement {path.stem}")
    assert agree, f"{path.name}: got\n{pairing.to_text()}expected\n" + "\n".join(want)


@pytest.mark.skipif(
    not DUTCH_CASES,
    reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})",
)
@pytest.mark.parametrize("path", DUTCH_CASES, ids=lambda p: p.stem)
def test_dutch_reference_case(path: Path) -> None:
    _check_case(path, "dutch")


@pytest.mark.skipif(
    not NEW_CASES,
    reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})",
)
@pytest.mark.parametrize("path", NEW_CASES, ids=lambda p: p.stem)
def test_dutch_new_reference_case(path: Path) -> None:
    """Rounds of later bbpPairings tournaments that swissdesk once paired differently."""
    _check_case(path, "dutch-new")


@pytest.mark.skipif(
    not BAKU_CASES,
    reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})",
)
@pytest.mark.parametrize("path", BAKU_CASES, ids=lambda p: p.stem)
def test_baku_acceleration_reference_case(path: Path) -> None:
    """C.04.7 art. 1: the Baku virtual points (XXA) change only the pairing scores."""
    _check_case(path, "baku")


def _round_pairs(t: Tournament, rnd: int) -> tuple[set[tuple[int, int]], int | None]:
    pairs: set[tuple[int, int]] = set()
    bye = None
    for p in t.players:
        e = p.entry(rnd)
        if e is None:
            continue
        if e.result.value == "U":
            bye = p.tpn
        elif e.opponent is not None and e.colour is not None and e.colour.value == "w":
            pairs.add((p.tpn, e.opponent))
    return pairs, bye


@pytest.mark.skipif(
    not FULL + NEW_FULL,
    reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})",
)
@pytest.mark.parametrize("path", FULL + NEW_FULL, ids=lambda p: p.stem)
def test_dutch_full_tournament_repairs_identically(path: Path) -> None:
    """Re-pairing every round of a finished reference tournament changes nothing
    (``dutch-full/`` and the whole tournaments of ``dutch-new/``)."""
    t = read_trf(path)
    engine = get_engine("dutch")
    for rnd in range(1, t.rounds_with_pairings + 1):
        before = truncated(t, rnd)
        pairing = engine.pair(before, rnd)
        got = {(p.white, p.black) for p in pairing.pairs}
        want, bye = _round_pairs(t, rnd)
        assert (got, pairing.bye) == (want, bye), f"round {rnd} differs"


def test_baseline_never_drops() -> None:
    """The recorded agreement is all recorded cases minus the listed known disagreements."""
    baseline = load_baseline()
    for folder, cases in (
        ("dutch", DUTCH_CASES),
        ("dutch-new", NEW_CASES),
        ("baku", BAKU_CASES),
    ):
        entry = baseline[folder]
        known = entry["known_disagreements"]
        assert isinstance(known, list)
        if cases:
            # A folder may grow (new reference rounds); it may not shrink unnoticed.
            assert len(cases) >= entry["cases"]  # type: ignore[operator]
        assert entry["agree"] == entry["cases"] - len(known)  # type: ignore[operator]
