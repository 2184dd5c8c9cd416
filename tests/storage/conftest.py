"""Fixtures for the storage tests: a trivial pairing engine and small tournament files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_support import NAMES, settings

from swissdesk.storage import (
    AddPlayer,
    AssignPairingNumbers,
    PlayerData,
    TournamentFile,
)


@pytest.fixture
def new_file(tmp_path: Path) -> Iterator[TournamentFile]:
    """An empty tournament (5 rounds, trivial engine)."""
    with TournamentFile.create(tmp_path / "t.swissdesk", settings()) as tf:
        yield tf


@pytest.fixture
def nine(tmp_path: Path) -> Iterator[TournamentFile]:
    """Nine players, pairing numbers assigned, nothing paired."""
    with TournamentFile.create(tmp_path / "nine.swissdesk", settings()) as tf:
        for name, rating, title in NAMES:
            tf.execute(AddPlayer(PlayerData(name, rating=rating, title=title)))
        tf.execute(AssignPairingNumbers())
        yield tf
