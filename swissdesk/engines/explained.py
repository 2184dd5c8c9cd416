"""The engines' explanations in the reader's language (issue 38; C.04.1 art. 9).

An explanation line is a :class:`swissdesk.i18n.Message`: the English sentence (what the audit
log keeps with the pairing, what older callers compare) that remembers its message and fields,
so it is worded in the language of whoever reads it: the arbiter's window, the command line.
The pairing is stored with the English lines and, beside them, each line's message and fields
(:func:`stored`), so a round paired by a French arbiter is explained to a German one in German
(:func:`from_stored`). Article references ("[C6]", "art. 3.2.2") and player numbers are fields
or literal parts kept in every language; the spaces before a bracket's detail are the message's
``indent``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from swissdesk.i18n import Message

PLAYER_FIELDS = frozenset({"players", "player"})
"""The fields that hold player numbers (a comma list or one number): the window names them."""


def indented(line: str, indent: str = "  ") -> str:
    """``line`` set in by ``indent`` (a group's note under its heading), message kept."""
    return line.indented(indent) if isinstance(line, Message) else indent + line


def stored(lines: Sequence[str]) -> list[dict[str, Any] | None] | None:
    """The lines' messages to store beside the English lines (None when no line has one)."""
    data = [line.to_json() if isinstance(line, Message) else None for line in lines]
    return data if any(d is not None for d in data) else None


def from_stored(english: Sequence[Any], data: Any) -> tuple[str, ...]:
    """The stored lines, each rebuilt from its message where the record keeps one (so it can
    be worded for the reader), else the English line as stored."""
    messages = list(data) if isinstance(data, list) and len(data) == len(english) else []
    return tuple(
        Message.from_json(messages[i] if messages else None, str(line))
        for i, line in enumerate(english)
    )


__all__ = ["PLAYER_FIELDS", "from_stored", "indented", "stored"]
