"""Every file of the reference corpus reads, and writes back with identical player lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from trf_support import CORPUS

from swissdesk.trf import format_trf, parse_trf

SETS = ("dutch", "dutch-full", "baku")
CHUNKS = 3
"""Each set is split in slices so that ``pytest -n 2`` spreads the work over both cores."""


def corpus_files(name: str) -> list[Path]:
    folder = CORPUS / name
    if not folder.is_dir():
        pytest.skip(
            "reference corpus not found: the corpus tests read the refere"
            f"nce cases from ../shared/corpus beside the checkout ({folder.resolve()})"
        )
    files = sorted(folder.glob("*.trf"))
    assert files, f"no .trf file in {folder}"
    return files


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("name", SETS)
def test_corpus_player_lines_round_trip_in_trf2026(name: str, chunk: int) -> None:
    failures = []
    for path in corpus_files(name)[chunk::CHUNKS]:
        text = path.read_text(encoding="utf-8")
        tournament = parse_trf(text, source=str(path))
        original = [line.rstrip() for line in text.splitlines() if line.startswith("001")]
        written = [line for line in format_trf(tournament).splitlines() if line.startswith("001")]
        if written != original:
            failures.append(path.name)
    assert not failures, f"{len(failures)} files differ, first: {failures[:5]}"


@pytest.mark.parametrize("name", SETS)
def test_corpus_sample_trf16_keeps_every_line(name: str) -> None:
    """In TRF16 the extension records come back too (XXR, XXC, XXA, 012, 092)."""
    for path in corpus_files(name)[::25]:
        text = path.read_text(encoding="utf-8")
        tournament = parse_trf(text, source=str(path))
        written = format_trf(tournament, version="16")
        assert sorted(written.splitlines()) == sorted(
            line.rstrip() for line in text.splitlines() if line.strip()
        ), path.name
        # and the 2026 form reads back to the same tournament
        assert parse_trf(format_trf(tournament)).players == tournament.players
