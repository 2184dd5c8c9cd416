"""The harness every system's corpus test shares: finding cases, pairing them, comparing
with the reference answer, known disagreements as expected failures, baselines that never
drop. (Locating the corpus itself is :mod:`tests.engines.corpus_support`.)"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from swissdesk.engines import get_engine
from swissdesk.engines.base import NoValidPairing, RoundPairing
from swissdesk.trf import read_trf
from tests.engines.corpus_support import expected_pairs


def trf_files(directory: Path, *, need_pairs: bool = False) -> list[Path]:
    """The ``.trf`` files of a corpus folder (only those with a ``.pairs`` answer if
    ``need_pairs``), sorted; none when the folder is absent (the tests then skip)."""
    if not directory.is_dir():
        return []
    return sorted(
        p for p in directory.glob("*.trf") if not need_pairs or p.with_suffix(".pairs").exists()
    )


def json_files(directory: Path, pattern: str) -> list[Path]:
    """The JSON states ``pattern`` of a corpus folder, sorted; none when it is absent."""
    return sorted(directory.glob(pattern)) if directory.is_dir() else []


def read_json(path: Path) -> Any:
    """A checked-in baseline (or any JSON file), parsed."""
    return json.loads(path.read_text(encoding="utf-8"))


def known_names(entry: Mapping[str, object]) -> set[str]:
    """The ``known_disagreements`` of one baseline entry."""
    names = entry.get("known_disagreements", [])
    assert isinstance(names, list)
    return {str(n) for n in names}


def agrees_with_pairs(system: str, path: Path) -> tuple[bool, str, list[str]]:
    """Pair the TRF case with ``system``: whether the pairs, colours, PAB and board order
    equal the ``.pairs`` answer, the engine's text and the expected lines."""
    pairing = get_engine(system).pair(read_trf(path))
    text = pairing.to_text()
    got = [line.strip() for line in text.split("\n") if line.strip()]
    want = [line.strip() for line in expected_pairs(path) if line.strip()]
    return got == want, text, want


def json_answer(pair: Callable[[], RoundPairing]) -> dict[str, Any]:
    """The pairing as a JSON corpus answer: pairs (White first) and PAB, or impossible."""
    try:
        pairing = pair()
    except NoValidPairing:
        return {"impossible": True}
    return {"pairs": [[p.white, p.black] for p in pairing.pairs], "pab": pairing.bye}


def expect_agreement(agree: bool, name: str, known: set[str], message: str) -> None:
    """A known disagreement is an expected failure (and must be removed once it agrees);
    any other disagreement fails with ``message``."""
    if name in known:
        if agree:
            pytest.fail(f"{name} now agrees: remove it from the known disagreements")
        pytest.xfail(f"known disagreement {name}")
    assert agree, message


def assert_baseline_kept(entry: Mapping[str, Any], cases: list[Path], agreeing: int) -> None:
    """The recorded agreement is all cases minus the known disagreements; it never drops."""
    assert entry["cases"] == len(cases)
    assert entry["agree"] == entry["cases"] - len(entry["known_disagreements"])
    assert agreeing >= entry["agree"], f"agreement fell to {agreeing}/{len(cases)}"
