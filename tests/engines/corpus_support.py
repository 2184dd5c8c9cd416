"""Locating the shared reference corpus and comparing an engine's output with it."""

from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = (REPO / ".." / "shared" / "corpus").resolve()
BASELINE = Path(__file__).with_name("corpus_baseline.json")


def corpus_cases(folder: str) -> list[Path]:
    """The ``.trf`` cases of one corpus folder that have a ``.pairs`` answer."""
    directory = CORPUS / folder
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.trf") if p.with_suffix(".pairs").exists())


def full_tournaments(folder: str = "dutch-full") -> list[Path]:
    """The whole tournaments of one corpus folder: the ``.trf`` files without a ``.pairs``
    answer (``dutch-new/`` holds both kinds side by side)."""
    directory = CORPUS / folder
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.trf") if not p.with_suffix(".pairs").exists())


def load_baseline() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = json.loads(BASELINE.read_text(encoding="utf-8"))
    return data


def known_disagreements(folder: str) -> set[str]:
    entry = load_baseline().get(folder, {})
    names = entry.get("known_disagreements", [])
    assert isinstance(names, list)
    return {str(n) for n in names}


def expected_pairs(path: Path) -> list[str]:
    """The reference answer, one normalised line per pair (count line first)."""
    return path.with_suffix(".pairs").read_text(encoding="utf-8").split("\n")
