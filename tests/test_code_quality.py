"""The code stays lint-clean (ruff) and type-clean (mypy, strict), as the project requires.

Both read their configuration from pyproject.toml; the versions are pinned in the test
extras so a new release cannot change the verdict under us.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_ruff_finds_nothing() -> None:
    pytest.importorskip("ruff")
    result = _run("ruff", "check", "--no-cache", "swissdesk", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    result = _run("mypy", "--cache-dir", str(tmp_path / "mypy-cache"))
    assert result.returncode == 0, result.stdout + result.stderr
