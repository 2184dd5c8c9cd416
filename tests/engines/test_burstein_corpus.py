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

import json
from pathlib import Path

import pytest

from swissdesk.engines import get_engine, pair_round
from swissdesk.errors import NoPairingError
from swissdesk.trf import read_trf
from swissdesk.trf.checker import check_tournament
from tests.engines.corpus_support import CORPUS, expected_pairs

BASELINE = Path(__file__).with_name("burstein_corpus_baseline.json")
FOLDER = CORPUS / "burstein"
CASES = (
    sorted(p for p in (FOLDER / "cases").glob("*.trf") if p.with_suffix(".pairs").exists())
    if (FOLDER / "cases").is_dir()
    else []
)
FULL = sorted((FOLDER / "full").glob("*.trf")) if (FOLDER / "full").is_dir() else []
IMPOSSIBLE = (
    sorted((FOLDER / "impossible").glob("*.trf")) if (FOLDER / "impossible").is_dir() else []
)
NO_CORPUS = "shared corpus (../shared/corpus/burstein) not found beside the repository"


def _baseline() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = json.loads(BASELINE.read_text(encoding="utf-8"))
    return data


def _known(folder: str) -> set[str]:
    names = _baseline()[folder].get("known_disagreements", [])
    assert isinstance(names, list)
    return {str(n) for n in names}


def _expect(agree: bool, name: str, folder: str, message: str) -> None:
    if name in _known(folder):
        if agree:
            pytest.fail(f"{name} now agrees: remove it from the known disagreements")
        pytest.xfail(f"known disagreement {name}")
    assert agree, message


@pytest.mark.skipif(not CASES, reason=NO_CORPUS)
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_burstein_reference_case(path: Path) -> None:
    pairing = get_engine("burstein").pair(read_trf(path))
    got = [line.strip() for line in pairing.to_text().split("\n") if line.strip()]
    want = [line.strip() for line in expected_pairs(path) if line.strip()]
    _expect(
        got == want,
        path.stem,
        "cases",
        f"{path.name}: got\n{pairing.to_text()}expected\n" + "\n".join(want),
    )


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
