"""A sentence that remembers its message, so it can be worded again for another reader (issue 38).

Some texts are made in one place and read in another, by someone else, later: an audit summary
(stored in the file, read in the arbiter's German window or on the French command line), a
warning at a level (asked now, stored with the action, listed on the audit page), a checker's
finding (``swissdesk check``'s report, and the English ``--json`` and ``### Import`` lines), an
engine's explanation line (kept with the pairing, shown by Round > Explain...). Each is a
:class:`Message`: the English sentence (a ``str`` for everyone else: stored, compared and
printed as English, byte for byte what it was) that also remembers its message, its fields and
its count, so :meth:`Message.shown` words it in the current language, and
:meth:`Message.to_json` keeps it beside the English in a record
(``{"msgid", "fields", "plural"?, "count"?, "indent"?}``) for :meth:`Message.from_json` to
rebuild. Fields that are messages themselves are worded too; a tuple field is a list of items
(each worded) joined by ``"; "``.

One class for every layer (the engines, the checker and storage may all import
``swissdesk.i18n``). ``indent`` (spaces before an explanation line, kept outside the message)
is the only thing an explanation line adds; the reader's own wording of some fields (the
window adds the players' names to their numbers) is a parameter of :meth:`Message.shown`.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from swissdesk.i18n import gettext, ngettext

_FORMATTER = string.Formatter()
_UNREADABLE = (KeyError, IndexError, ValueError, TypeError, AttributeError)
"""What a record's message may raise when it is read (an older or a hand-edited file)."""

Reworded = Mapping[str, Callable[[str], str]]
"""Fields the reader words its own way: each named field's English text goes through its
function (the window names the players behind the numbers of ``players`` and ``player``)."""


class Message(str):
    """An English sentence that remembers its message, fields and count (and an indent kept
    outside the message)."""

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
    ) -> Message:
        english = msgid if _plural is None or _count == 1 else _plural
        text = super().__new__(
            cls, _indent + english.format(**{k: _english(v) for k, v in fields.items()})
        )
        text.msgid = msgid
        text.plural = _plural
        text.number = _count
        text.indent = _indent
        text.fields = dict(fields)
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        # Through a pipe (the window's pairing child) or a copy: rebuilt from its message,
        # not from the English text (which a template would misread).
        return (_restore, (self.to_json(), str(self)))

    def translated(self) -> str:
        """The message's template in the current language (the plural form of ``number``)."""
        if self.plural is None:
            return gettext(self.msgid)
        return ngettext(self.msgid, self.plural, self.number)

    def shown(self, reworded: Reworded | None = None) -> str:
        """The sentence in the current language, its message fields worded too; ``reworded``
        names fields the reader words its own way (also inside nested messages)."""
        values = {
            k: reworded[k](str(v)) if reworded and k in reworded else _worded(v, reworded)
            for k, v in self.fields.items()
        }
        return self.indent + self.translated().format(**values)

    def indented(self, indent: str) -> Message:
        """The same message set in by ``indent`` more (a note under its heading)."""
        return Message(
            self.msgid,
            _plural=self.plural,
            _count=self.number,
            _indent=indent + self.indent,
            **self.fields,
        )

    def to_json(self) -> dict[str, Any]:
        """The message and fields, as a record keeps them beside the English."""
        data: dict[str, Any] = {
            "msgid": self.msgid,
            "fields": {k: _stored(v) for k, v in self.fields.items()},
        }
        if self.plural is not None:
            data["plural"] = self.plural
            data["count"] = self.number
        if self.indent:
            data["indent"] = self.indent
        return data

    @staticmethod
    def from_json(data: Any, english: str) -> str:
        """The :class:`Message` a record's data describes, or ``english`` when there is none
        or it cannot be read (an older or a hand-edited file)."""
        if not isinstance(data, Mapping):
            return english
        try:
            return _rebuild(data)
        except _UNREADABLE:
            return english


def said(msgid: str, /, _indent: str = "", **fields: Any) -> Message:
    """A sentence to word again later: ``said("added {name} as no. {tpn}", name=..., tpn=...)``
    (marked for the catalog like ``_()``; fields plain values, other messages or tuples of
    them; ``_indent``, spaces before an explanation line, is kept outside the message)."""
    return Message(msgid, _indent=_indent, **fields)


def said_n(
    singular: str, plural: str, count: int, /, _indent: str = "", **fields: Any
) -> Message:
    """A counted sentence (``said_n("{n} player", "{n} players", n, n=n)``): each language's
    plural form of ``count``."""
    return Message(singular, _plural=plural, _count=count, _indent=_indent, **fields)


def listed(parts: Sequence[str], separator: str = "; ") -> Message:
    """Several sentences or items as one field, each worded in the reader's language and
    joined by ``separator`` (the joining template is no message of its own: it reads the same
    in every language)."""
    template = separator.join(f"{{p{i}}}" for i in range(len(parts)))
    fields: dict[str, Any] = {f"p{i}": part for i, part in enumerate(parts)}
    return Message(template, **fields)


def worded(text: str, reworded: Reworded | None = None) -> str:
    """``text`` in the current language when it is a :class:`Message`, else as it is."""
    return text.shown(reworded) if isinstance(text, Message) else text


def in_language(data: Any, english: str) -> str:
    """A stored message worded in the current language (``english`` when the record has no
    message of its own or it cannot be read)."""
    try:
        return worded(Message.from_json(data, english))
    except _UNREADABLE:
        return english


def _english(value: Any) -> Any:
    if isinstance(value, tuple):
        return "; ".join(str(_english(v)) for v in value)
    return value


def _worded(value: Any, reworded: Reworded | None) -> Any:
    if isinstance(value, tuple):
        return "; ".join(str(_worded(v, reworded)) for v in value)
    return value.shown(reworded) if isinstance(value, Message) else value


def _stored(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, tuple):
        return [_stored(v) for v in value]
    return value


def _restore(data: Mapping[str, Any], english: str) -> str:
    return Message.from_json(data, english)


def _plain_fields(template: str) -> None:
    """Only plain ``{name}`` fields: a message read from a file names no attribute or item to
    look up (``{x.__class__}``)."""
    for _text, name, _spec, _conversion in _FORMATTER.parse(template):
        if name is not None and not name.isidentifier():
            raise ValueError(name)


def _rebuilt(value: Any) -> Any:
    if isinstance(value, Mapping):
        return _rebuild(value)
    if isinstance(value, list):
        return tuple(_rebuilt(v) for v in value)
    return value


def _rebuild(data: Mapping[str, Any]) -> Message:
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
        return Message(msgid, _indent=indent, **values)
    if not (isinstance(plural, str) and isinstance(count, int)):
        raise TypeError("not a counted message")
    _plain_fields(plural)
    return Message(msgid, _plural=plural, _count=count, _indent=indent, **values)


__all__ = ["Message", "Reworded", "in_language", "listed", "said", "said_n", "worded"]
