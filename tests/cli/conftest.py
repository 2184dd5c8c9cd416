"""Fixtures for the command-line tests: tiny pairing engines and small TRF files (the
system's language: ``system_language`` in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import NO_PAIRING, SMALL_LINES, TPN_ORDER, NoPairingEngine, TpnOrderEngine

from swissdesk.engines.base import register


@pytest.fixture(autouse=True)
def tiny_engines() -> None:
    register(TPN_ORDER, TpnOrderEngine)
    register(NO_PAIRING, NoPairingEngine)


@pytest.fixture
def small_trf(tmp_path: Path) -> Path:
    """Four players after two rounds (round 1 in TPN order, round 2 not)."""
    path = tmp_path / "small.trf"
    path.write_text("\n".join(SMALL_LINES) + "\n", encoding="utf-8")
    return path
