"""Issue 39, item 8: escape sequences in names are printed escaped on a terminal
(``standings`` could clear the screen or retitle the window), and written unchanged into a
file or a pipe."""

from __future__ import annotations

import io
import sqlite3
import sys
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.cli.terminal import escape_controls

HOSTILE = "Evil\x1b]0;pwned\x07\x1b[2J\x9b6n\r, Eve"


class Terminal(io.StringIO):
    """What a terminal receives (``isatty`` is what swissdesk asks)."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def event(small_trf: Path, tmp_path: Path) -> Path:
    path = tmp_path / "event.swissdesk"
    assert main(["import", str(small_trf), "-o", str(path), "--yes-i-know", "3"]) == 0
    con = sqlite3.connect(path)
    con.execute("UPDATE player SET name = ? WHERE tpn = 1", (HOSTILE,))
    con.commit()
    con.close()
    return path


def test_names_are_printed_escaped_on_a_terminal(
    event: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["standings", str(event)]) == 0
    shown = terminal.getvalue()
    assert "Evil\\x1b]0;pwned\\x07\\x1b[2J\\x9b6n\\x0d, Eve" in shown
    assert not any(c in shown for c in "\x1b\x07\x9b\r")
    assert sys.stdout is terminal  # put back after the command


def test_messages_on_a_terminal_are_escaped_too(
    event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["withdraw", str(event), "99"]) == 2
    assert main(["audit", str(event)]) == 0
    assert "\x1b" not in terminal.getvalue()


def test_a_pipe_gets_the_names_unchanged(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["standings", str(event)]) == 0
    assert HOSTILE.replace("\r", "") in capsys.readouterr().out.replace("\r", "")


def test_every_control_character_but_line_breaks_and_tabs_is_escaped() -> None:
    assert escape_controls("a\tb\nc") == "a\tb\nc"
    assert escape_controls("\x00\x1b\x7f\x85\x9f") == "\\x00\\x1b\\x7f\\x85\\x9f"
    assert escape_controls("Łódź, Zoë · 北京 · مرحبا") == "Łódź, Zoë · 北京 · مرحبا"
