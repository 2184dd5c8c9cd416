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


def test_no_test_opens_the_shipped_sample_in_place() -> None:
    """Opening the packaged sample upgrades it in place whenever the schema is newer (two
    engineers found `swissdesk/resources/sample` changed after a full run: the prize PDF test
    ran `prizes` on it). Tests copy it first; this pins that no test hands the packaged path
    itself to a command."""
    import re

    root = Path(__file__).resolve().parents[1]
    offenders = []
    for test in sorted((root / "tests").rglob("test_*.py")):
        text = test.read_text(encoding="utf-8")
        if re.search(r'main\(\[[^\]]*str\(SAMPLE\)', text):
            offenders.append(test.relative_to(root).as_posix())
    assert offenders == []
