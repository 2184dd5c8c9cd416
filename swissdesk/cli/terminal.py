"""What the command line prints on a terminal: control characters escaped.

A player's name comes from a file a stranger may have written (a TRF, a tournament file, a
rating list). Printed raw, an escape sequence in it is a command to the terminal:
``standings`` could clear the screen, retitle the window or hide lines. On a terminal every
control character but the line break and the tab is printed escaped instead (``\\x1b``,
``\\x9b``, ``\\x0d`` for a carriage return); written to a file or a pipe the text stays
exactly as it is, so a TRF written to standard output is byte for byte the TRF.
"""

from __future__ import annotations

import sys
import unicodedata
from typing import Any, TextIO

_KEPT = {"\n", "\t"}
ESCAPES: dict[int, str] = {
    code: f"\\x{code:02x}"
    for code in range(0xA0)
    if unicodedata.category(chr(code)) == "Cc" and chr(code) not in _KEPT
}
"""``str.translate`` table: each C0 and C1 control character (and DEL) to ``\\xNN``."""


def escape_controls(text: str) -> str:
    """``text`` with its control characters (but line breaks and tabs) written ``\\xNN``."""
    return text.translate(ESCAPES)


class EscapingStream:
    """A text stream that writes into ``inner`` with control characters escaped; anything
    else (``buffer``, ``encoding``, ``isatty``...) is ``inner``'s, so binary output through
    ``buffer`` is untouched."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner

    def write(self, text: str) -> int:
        self._inner.write(escape_controls(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def escape_on_terminals() -> tuple[TextIO, TextIO]:
    """Put :class:`EscapingStream`\\ s in place of ``sys.stdout`` and ``sys.stderr`` where
    they are terminals; returns the streams that were there (to put them back)."""
    saved = (sys.stdout, sys.stderr)
    if _is_terminal(sys.stdout):
        sys.stdout = EscapingStream(sys.stdout)
    if _is_terminal(sys.stderr):
        sys.stderr = EscapingStream(sys.stderr)
    return saved


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False
