"""Issue 18, item 1: Change pairing…, Esc, Quit crashed (segmentation fault, bus error or
``malloc_consolidate`` abort) while Python tore down a dialog kept alive by a reference cycle
after Qt had destroyed its parent. The whole application runs in a child process, every
dialog is opened and closed with Esc, and Quit must end with exit code 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

WORKER = Path(__file__).with_name("dialog_tour_worker.py")


def test_every_dialog_opened_and_closed_then_quit_exits_cleanly(tmp_path: Path) -> None:
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        SWISSDESK_CONFIG_DIR=str(tmp_path / "config"),
        SWISSDESK_DATA_DIR=str(tmp_path / "tournaments"),
        SWISSDESK_LOG_DIR=str(tmp_path / "logs"),
    )
    done = subprocess.run(
        [sys.executable, str(WORKER)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    opened = {line[7:] for line in done.stdout.splitlines() if line.startswith("OPENED ")}
    assert "TOUR DONE" in done.stdout, done.stderr[-2000:]
    assert done.returncode == 0, done.stderr[-2000:]
    assert "shared QObject was deleted" not in done.stderr
    for title in (
        "Change round 6 by hand",
        "Prohibited pairs",
        "Leave FIDE mode",
        "New tournament",
        "Tournament settings",
        "Late entry",
        "Withdraw player",
        "Requested bye / absence",
        "Edit no. 1",
        "Keyboard",
        "Export PDF",
        "Export TRF",
        "Download rating lists",
    ):
        assert title in opened, sorted(opened)
    # faulthandler is installed: a native crash would have left its trace here.
    fault_log = tmp_path / "logs" / "swissdesk-faults.log"
    assert fault_log.read_text(encoding="utf-8").startswith("--- swissdesk ")
