"""The sample tournament shipped in the package (File > Open sample tournament).

It is opened by copying it (the window copies it to the arbiter's folder), so it must be
written at the current schema version: a packaged file of an older version would be
upgraded in place by any program or test that opened it directly, leaving a
``.before-upgrade`` copy inside the package (issue 29 found that after schema 8). It is
made by ``python -m swissdesk.gui.sample``; these tests pin that the shipped file is what
that script builds.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from swissdesk.gui.sample import SAMPLE_FILE, SAMPLE_TRF, build_sample, export_trf
from swissdesk.storage.schema import SCHEMA_VERSION

SAMPLE_FOLDER = Path(__file__).resolve().parents[2] / "swissdesk" / "resources" / "sample"


def _schema_version(path: Path) -> int:
    uri = f"file:{path}?mode=ro&immutable=1"
    with sqlite3.connect(uri, uri=True) as db:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0])


def test_shipped_sample_is_at_the_current_schema_version() -> None:
    """Regenerate it (``python -m swissdesk.gui.sample``) whenever SCHEMA_VERSION changes."""
    assert _schema_version(SAMPLE_FOLDER / SAMPLE_FILE) == SCHEMA_VERSION


def test_shipped_sample_folder_holds_only_the_sample() -> None:
    """No ``.before-upgrade`` copy, no ``-wal``/``-shm`` left by a program that opened it."""
    assert sorted(p.name for p in SAMPLE_FOLDER.iterdir()) == sorted([SAMPLE_FILE, SAMPLE_TRF])


def test_shipped_sample_is_what_its_script_builds(tmp_path: Path) -> None:
    """The script rebuilds the same tournament (same draw, pairings, results) and the shipped
    file exports the shipped TRF."""
    built = build_sample(tmp_path / "built")
    export_trf(built, tmp_path / "built.trf")
    shipped_trf = (SAMPLE_FOLDER / SAMPLE_TRF).read_text(encoding="utf-8")
    assert (tmp_path / "built.trf").read_text(encoding="utf-8") == shipped_trf
    copy = Path(shutil.copyfile(SAMPLE_FOLDER / SAMPLE_FILE, tmp_path / SAMPLE_FILE))
    export_trf(copy, tmp_path / "shipped.trf")
    assert (tmp_path / "shipped.trf").read_text(encoding="utf-8") == shipped_trf
    assert not list(tmp_path.glob("*before-upgrade*"))
