"""The engines' explanations in the reader's language (issue 38; C.04.1 art. 9).

An explanation line is an English sentence (a ``str``: what the audit log keeps with the
pairing, what older callers compare) that remembers its message and fields, so that
:meth:`Explained.shown` words it in the language of whoever reads it: the arbiter's window,
the command line. The pairing is stored with the English lines and, beside them, each line's
message and fields (:meth:`Explained.to_json`, the shape of storage's ``Said``), so a round
paired by a French arbiter is explained to a German one in German. Article references
("[C6]", "art. 3.2.2") and player numbers are fields or literal parts kept in every language.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from swissdesk.i18n import gettext, ngettext

_FORMATTER = string.Formatter()

PLAYER_FIELDS = frozenset({"players", "player"})
"""The fields that hold player numbers (a comma list or one number): the window names them."""


class Explained(str):
    """An English explanation line that remembers its message and fields."""

    msgid: str
    plural: str | None
    number: int
    fields: dict[str, Any]
    indent: str

    def __new__(
        cls,
        msgid: str,
        /,
        _plural: str | None = None,
        _count: int = 1,
        _indent: str = "",
        **fields: Any,
    ) -> Explained:
        english = msgid if _plural is None or _count == 1 else _plural
        line = super().__new__(
            cls, _indent + english.format(**{k: _joined(v) for k, v in fields.items()})
        )
        line.indent = _indent
        line.msgid = msgid
        line.plural = _plural
        line.number = _count
        line.fields = dict(fields)
        return line

    def __reduce__(self) -> tuple[Any, ...]:
        # Through a pipe to the window (the engine may pair in a child process): rebuilt
        # from its message, not from the English text.
        return (Explained.from_json, (self.to_json(), str(self)))

    def shown(self, players: Callable[[str], str] | None = None) -> str:
        """The line in the current language; ``players`` words the player-number fields
        (the window adds the names)."""
        if self.plural is None:
            text = gettext(self.msgid)
        else:
            text = ngettext(self.msgid, self.plural, self.number)
        values = {
            k: (players(str(v)) if players and k in PLAYER_FIELDS else _joined(v, players, True))
            for k, v in self.fields.items()
        }
        return self.indent + text.format(**values)

    def to_json(self) -> dict[str, Any]:
        """The message and fields, as storage keeps them beside the English line."""
        data: dict[str, Any] = {
            "msgid": self.msgid,
            "fields": {k: _stored_value(v) for k, v in self.fields.items()},
        }
        if self.plural is not None:
            data["plural"] = self.plural
            data["count"] = self.number
        if self.indent:
            data["indent"] = self.indent
        return data

    @staticmethod
    def from_json(data: Any, english: str) -> str:
        """The line a stored message describes, or ``english`` when there is none or it
        cannot be read (an older or a hand-edited file)."""
        if not isinstance(data, Mapping):
            return english
        try:
            return _rebuild(data)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            return english


def _joined(value: Any, players: Callable[[str], str] | None = None, word: bool = False) -> Any:
    """A field's value; a tuple of lines (the notes of a blocked group) joined by "; "."""
    if isinstance(value, tuple):
        return "; ".join(str(_joined(v, players, word)) for v in value)
    return shown(value, players) if word else value


def _stored_value(value: Any) -> Any:
    if isinstance(value, Explained):
        return value.to_json()
    if isinstance(value, tuple):
        return [_stored_value(v) for v in value]
    return value


def explained(msgid: str, /, _indent: str = "", **fields: Any) -> Explained:
    """An explanation line: ``explained("Bracket {score}: ...", score="2")`` (marked for the
    catalog like ``_()``); ``_indent`` (spaces before a bracket's detail) is kept outside the
    message."""
    return Explained(msgid, _indent=_indent, **fields)


def explained_n(
    singular: str, plural: str, count: int, /, _indent: str = "", **fields: Any
) -> Explained:
    """A counted explanation line: each language's plural form of ``count``."""
    return Explained(singular, _plural=plural, _count=count, _indent=_indent, **fields)


def shown(value: Any, players: Callable[[str], str] | None = None) -> Any:
    """``value`` in the current language when it is an explanation line, else as it is."""
    return value.shown(players) if isinstance(value, Explained) else value


def indented(line: str, indent: str = "  ") -> str:
    """``line`` set in by ``indent`` (a group's note under its heading), message kept."""
    if isinstance(line, Explained):
        return Explained(
            line.msgid,
            _plural=line.plural,
            _count=line.number,
            _indent=indent + line.indent,
            **line.fields,
        )
    return indent + line


def to_json(line: str) -> dict[str, Any] | None:
    """A line's message and fields to store, or None for a plain line."""
    return line.to_json() if isinstance(line, Explained) else None


def stored(lines: Sequence[str]) -> list[dict[str, Any] | None] | None:
    """The lines' messages to store beside the English lines (None when no line has one)."""
    data = [to_json(line) for line in lines]
    return data if any(d is not None for d in data) else None


def from_stored(english: Sequence[Any], data: Any) -> tuple[str, ...]:
    """The stored lines, each rebuilt from its message where the record keeps one (so it can
    be worded for the reader), else the English line as stored."""
    messages = list(data) if isinstance(data, list) and len(data) == len(english) else []
    return tuple(
        Explained.from_json(messages[i] if messages else None, str(line))
        for i, line in enumerate(english)
    )


def _plain_fields(template: str) -> None:
    """Only plain ``{name}`` fields: a message read from a file names nothing to look up."""
    for _text, name, _spec, _conversion in _FORMATTER.parse(template):
        if name is not None and not name.isidentifier():
            raise ValueError(name)


def _rebuilt(value: Any) -> Any:
    if isinstance(value, Mapping):
        return _rebuild(value)
    if isinstance(value, list):
        return tuple(_rebuilt(v) for v in value)
    return value


def _rebuild(data: Mapping[str, Any]) -> Explained:
    msgid = data["msgid"]
    fields = data.get("fields") or {}
    if not isinstance(msgid, str) or not isinstance(fields, Mapping):
        raise TypeError("not a message")
    plural, count = data.get("plural"), data.get("count", 1)
    indent = data.get("indent", "")
    if not isinstance(indent, str) or indent.strip():
        raise TypeError("not an indent")
    _plain_fields(msgid)
    values: dict[str, Any] = {str(k): _rebuilt(v) for k, v in fields.items()}
    if plural is None:
        return Explained(msgid, _indent=indent, **values)
    if not (isinstance(plural, str) and isinstance(count, int)):
        raise TypeError("not a counted message")
    _plain_fields(plural)
    return Explained(msgid, _plural=plural, _count=count, _indent=indent, **values)


__all__ = [
    "PLAYER_FIELDS",
    "Explained",
    "explained",
    "explained_n",
    "from_stored",
    "indented",
    "shown",
    "stored",
    "to_json",
]
