"""Golden tests: the Dubov reference cases of the shared corpus (C.04.4.1, 2026 rules).

``cases/``: same pairs, colours, PAB and board order; ``impossible/``: the engine must say
that no legal pairing exists; ``full/``: re-pairing every round of a whole tournament
(``swissdesk check``) changes nothing. ``dubov_corpus_baseline.json`` records the agreement:
a case listed there as a known disagreement is an expected failure, any other disagreement
fails, and the agreement may never go below the recorded count.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.engines import NoValidPairing, get_engine
from swissdesk.trf import read_trf
from swissdesk.verification.pairings import check_tournament
from tests.engines.corpus_harness import (
    agrees_with_pairs,
    expect_agreement,
    known_names,
    read_json,
    trf_files,
)
from tests.engines.corpus_support import CORPUS

BASELINE = Path(__file__).with_name("dubov_corpus_baseline.json")
DUBOV = CORPUS / "dubov"
CASES = trf_files(DUBOV / "cases", need_pairs=True)
IMPOSSIBLE = trf_files(DUBOV / "impossible")
FULL = trf_files(DUBOV / "full")
NO_CORPUS = "shared corpus (../shared/corpus/dubov) not found beside the repository"


def _baseline() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = read_json(BASELINE)
    return data


def _known(folder: str) -> set[str]:
    return known_names(_baseline().get(folder, {}))


def _case_agrees(path: Path) -> tuple[bool, str]:
    agree, text, want = agrees_with_pairs("dubov", path)
    return agree, f"got\n{text}expected\n" + "\n".join(want)


@pytest.mark.skipif(not CASES, reason=NO_CORPUS)
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_dubov_reference_case(path: Path) -> None:
    agree, detail = _case_agrees(path)
    expect_agreement(agree, path.stem, _known("cases"), f"{path.name}: {detail}")


@pytest.mark.skipif(not IMPOSSIBLE, reason=NO_CORPUS)
@pytest.mark.parametrize("path", IMPOSSIBLE, ids=lambda p: p.stem)
def test_dubov_impossible_round_is_reported(path: Path) -> None:
    """C.04.4.1 art. 1.9.3: no legal pairing exists; the engine says so instead of pairing."""
    with pytest.raises(NoValidPairing):
        get_engine("dubov").pair(read_trf(path))


@pytest.mark.skipif(not FULL, reason=NO_CORPUS)
@pytest.mark.parametrize("path", FULL, ids=lambda p: p.stem)
def test_dubov_full_tournament_checks_clean(path: Path) -> None:
    report = check_tournament(read_trf(path), get_engine("dubov"))
    if path.stem in _known("full"):
        pytest.xfail(f"known disagreement {path.stem}")
    assert report.agrees, report.summary()


@pytest.mark.skipif(not CASES, reason=NO_CORPUS)
def test_dubov_agreement_never_below_the_baseline() -> None:
    """The recorded counts are what the engine reached; they may only go up."""
    base = _baseline()
    agree = sum(1 for p in CASES if _case_agrees(p)[0])
    cases = base["cases"]
    assert agree >= int(str(cases["agree"])), f"{agree} of {len(CASES)} cases agree"
    impossible = 0
    for path in IMPOSSIBLE:
        try:
            get_engine("dubov").pair(read_trf(path))
        except NoValidPairing:
            impossible += 1
    assert impossible >= int(str(base["impossible"]["agree"]))


UNAVOIDABLE = DUBOV / "cases" / "dubov-0002-n011-r08-default-p05.trf"


@pytest.mark.skipif(not UNAVOIDABLE.exists(), reason=NO_CORPUS)
def test_art_3_2_4_1_unavoidable_pair_shifts_then_3_2_4_2_equalises() -> None:
    """Bracket {4, 7} + upfloaters {10, 6}: G1 = {7, 10}, G2 = {4, 6}; 7 and 10 must meet
    (G1 x G2 has no legal pairing), so 10 is shifted to G2 and 4 back to G1 (the reference's
    trace: 'shift (unavoidable pairs) [10]', 'shift (equalise) [4]')."""
    r = get_engine("dubov").pair(read_trf(UNAVOIDABLE), explain=True)
    text = "\n".join(r.explanation)
    assert "shifted from the smaller subgroup 10 (art. 3.2.4.1)" in text
    assert "shifted to equalise 4 (art. 3.2.4.2)" in text
    assert "S1 4, 7  T2 6, 10" in text
