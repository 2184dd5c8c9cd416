"""Issue 39 in the window: a file holding SQL swissdesk never writes is not opened; the
window says why and offers to copy its tournament into a clean file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.storage import TournamentFile


def _plant_trigger(path: Path) -> None:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute(
        "CREATE TRIGGER tamper AFTER UPDATE ON entry BEGIN "
        "UPDATE entry SET result = '1' WHERE board = 4; END"
    )
    con.close()


def test_a_file_with_a_trigger_is_refused_and_copied_into_a_clean_file(
    window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:
    with TournamentFile.open(sample_copy) as tf:
        players = tf.players()
    _plant_trigger(sample_copy)
    clean = tmp_path / "clean.swissdesk"
    window.prompter.answers = [True]  # type: ignore[attr-defined]
    window.prompter.files = [str(clean)]  # type: ignore[attr-defined]
    assert window.open_file(sample_copy)
    title, message, details = window.prompter.confirms[-1]  # type: ignore[attr-defined]
    assert title == "Open sample.swissdesk"
    assert "never writes" in message and "Copy its tournament into a clean file?" in message
    assert "a trigger 'tamper' on table entry" in details
    assert window.file is not None and window.file.path == clean
    assert window.file.players() == players
    assert not window.prompter.errors  # type: ignore[attr-defined]
    con = sqlite3.connect(clean)
    assert con.execute("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'").fetchone() == (
        0,
    )
    con.close()


def test_declining_the_clean_copy_leaves_the_window_as_it_was(
    window: MainWindow, sample_copy: Path
) -> None:
    _plant_trigger(sample_copy)
    window.prompter.answers = [False]  # type: ignore[attr-defined]
    assert not window.open_file(sample_copy)
    assert window.file is None and window.stack.currentWidget() is window.welcome
    assert not list(sample_copy.parent.glob("*clean*"))


def test_export_trf_and_pdf_never_replace_the_open_tournament(
    window: MainWindow, sample_copy: Path
) -> None:
    """The save dialog's "replace?" answered Yes must not turn the tournament into a TRF."""
    assert window.open_file(sample_copy)
    before = sample_copy.read_bytes()
    assert not window.files.export_trf_to(sample_copy)
    _title, message = window.prompter.errors[-1]  # type: ignore[attr-defined]
    assert "never writes an export over one" in message
    assert window.printing.export_pdf_to("standings", sample_copy, None) is None
    assert sample_copy.read_bytes() == before
    assert window.file is not None and len(window.file.players()) == 40
