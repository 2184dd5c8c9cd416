"""The full build: PyInstaller bundle, smoke test, .deb and NSIS installer (opt-in, minutes).

Runs ``packaging/build.py`` into a temporary folder, then installs nothing but unpacks the
.deb and pairs a reference case with the ``swissdesk-cli`` inside it, as a Debian user would.
Skipped unless ``SWISSDESK_PACKAGING_TESTS=1`` (needs PyInstaller, dpkg-deb and makensis).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from swissdesk import __version__

ROOT = Path(__file__).resolve().parents[2]
SMOKE_CASE = ROOT / "packaging" / "smoke" / "dutch-0059-n013-r09-default-p06"

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(
        os.environ.get("SWISSDESK_PACKAGING_TESTS") != "1",
        reason="full packaging build: set SWISSDESK_PACKAGING_TESTS=1 to run it",
    ),
]


def test_build_smoke_test_deb_and_installer(tmp_path: Path) -> None:
    for tool in ("dpkg-deb", "makensis"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is needed for the packaging build")
    dist, work = tmp_path / "dist", tmp_path / "work"
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "packaging" / "build.py"),
            *("--dist", str(dist), "--work", str(work), "--fast"),
        ],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "smoke ok: swissdesk-cli pair" in result.stdout

    (deb,) = dist.glob(f"swissdesk_{__version__}_*.deb")
    installer = dist / f"swissdesk-{__version__}-setup-linux-layout-check.exe"
    assert installer.read_bytes()[:2] == b"MZ"

    # The .deb's payload runs from where the package puts it.
    root = tmp_path / "installed"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    cli = root / "usr" / "bin" / "swissdesk-cli"
    assert cli.is_symlink()
    paired = subprocess.run(
        [str(cli), "pair", str(SMOKE_CASE.with_suffix(".trf"))],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SWISSDESK_CONFIG_DIR": str(tmp_path / "config")},
    )
    assert paired.returncode == 0, paired.stderr
    expected = SMOKE_CASE.with_suffix(".pairs").read_text(encoding="utf-8").split()
    assert paired.stdout.split() == expected
