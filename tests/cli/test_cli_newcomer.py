"""Issue 18, item 14: the newcomer's path. ``swissdesk FILE`` opens the file as
double-clicking does; without a display the message says so; the README's install line
works with and without ``sudo``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from swissdesk.cli import gui_commands, main

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize("name", ["event.swissdesk", "Open 2026.trf", "OLD.TRF"])
def test_a_file_alone_on_the_command_line_opens_it(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str | None] = []
    monkeypatch.setattr(gui_commands, "run_gui", lambda path, language=None: opened.append(path) or 0)
    path = tmp_path / name
    path.write_text("")
    assert main([str(path)]) == 0
    assert opened == [str(path)]


def test_commands_are_still_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(gui_commands, "run_gui", lambda path, language=None: pytest.fail("gui started"))
    with pytest.raises(SystemExit):
        main(["trf", "--help"])
    assert "usage" in capsys.readouterr().out


def test_without_a_display_the_message_says_so(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "swissdesk"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if not sys.platform.startswith("linux"):
        pytest.skip("the display check is for Linux sessions")
    assert done.returncode == 2
    assert "there is no display here" in done.stderr
    assert "Traceback" not in done.stderr and "plugin" not in done.stderr


def test_readme_install_line_uses_sudo_only_where_there_is_one() -> None:
    text = README.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if "apt-get install" in ln and "venv" in ln)
    # Every apt-get runs through "$(command -v sudo)": sudo on a desktop, nothing as root.
    assert len(re.findall(r"apt-get\b", line)) == line.count("$(command -v sudo) apt-get") == 2
    assert "sudo apt-get" not in line.replace("$(command -v sudo) apt-get", "")
    assert subprocess.run(["sh", "-n", "-c", line]).returncode == 0
    # pdftoppm draws the pages for Print and Print preview (swissdesk.gui.printing).
    assert " poppler-utils " in line
