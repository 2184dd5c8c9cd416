"""Golden tests: the shared Burstein reference cases (C.04.4.2, 2026 rules).

``cases/``: each case must give the same pairs, colours, PAB and board order (seeding rounds,
art. 1.6, were paired by bbpPairings' Dutch system; later rounds by the literal reference
reading, ``readings.md``). ``full/``: re-pairing every round of a whole tournament with
``check`` finds no difference. ``impossible/``: no legal pairing exists, and the engine says
so (``NoPairingError``, exit code 1). ``burstein_corpus_baseline.json`` records the
agreement; a case listed there as a known disagreement is an expected failure, any other
disagreement fails, and the recorded agreement may never go down.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.engines import get_engine, pair_round
from swissdesk.errors import NoPairingError
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

BASELINE = Path(__file__).with_name("burstein_corpus_baseline.json")
FOLDER = CORPUS / "burstein"
CASES = trf_files(FOLDER / "cases", need_pairs=True)
FULL = trf_files(FOLDER / "full")
IMPOSSIBLE = trf_files(FOLDER / "impossible")
NO_CORPUS = "shared corpus (../shared/corpus/burstein) not found beside the repository"


def _baseline() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = read_json(BASELINE)
    return data


def _expect(agree: bool, name: str, folder: str, message: str) -> None:
    expect_agreement(agree, name, known_names(_baseline()[folder]), message)


@pytest.mark.skipif(not CASES, reason=NO_CORPUS)
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_burstein_reference_case(path: Path) -> None:
    agree, text, want = agrees_with_pairs("burstein", path)
    _expect(agree, path.stem, "cases", f"{path.name}: got\n{text}expected\n" + "\n".join(want))


@pytest.mark.skipif(not FULL, reason=NO_CORPUS)
@pytest.mark.parametrize("path", FULL, ids=lambda p: p.stem)
def test_burstein_full_tournament_check_agrees(path: Path) -> None:
    """``swissdesk check --system burstein``: every round re-pairs identically."""
    report = check_tournament(read_trf(path), get_engine("burstein"))
    _expect(report.agrees, path.stem, "full", report.summary())


@pytest.mark.skipif(not IMPOSSIBLE, reason=NO_CORPUS)
@pytest.mark.parametrize("path", IMPOSSIBLE, ids=lambda p: p.stem)
def test_burstein_impossible_round_is_refused(path: Path) -> None:
    """Art. 1.9.3: no legal round-pairing exists; the arbiter is told (CLI exit code 1)."""
    t = read_trf(path)
    with pytest.raises(NoPairingError, match="Chief Arbiter decides") as info:
        pair_round(t, t.rounds_with_pairings + 1, "burstein")
    assert info.value.exit_code == 1


def test_burstein_baseline_never_drops() -> None:
    """The recorded agreement is all cases minus the listed known disagreements."""
    baseline = _baseline()
    for folder, paths in (("cases", CASES), ("full", FULL), ("impossible", IMPOSSIBLE)):
        entry = baseline[folder]
        known = entry["known_disagreements"]
        assert isinstance(known, list)
        if paths:
            assert entry["cases"] == len(paths)
        assert entry["agree"] == entry["cases"] - len(known)  # type: ignore[operator]
