"""The audit log's words in the reader's language (issue 38).

An action's summary is stored twice: as English text (what every older swissdesk and a
plain reading of the file show) and, beside it in the record's payload, as its message and
fields (``{"msgid": ..., "fields": ...}``), so the audit log, the undo question and the
command line word it in the language of whoever reads it: the arbiter's German window, the
French command line, not the language of the phone or the terminal that did the action.
Older records (English text only) are shown as written.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any

from swissdesk.i18n import gettext, ngettext

_FORMATTER = string.Formatter()


class Said(str):
    """An English summary that remembers its message and fields (``str`` for everyone
    else: stored, compared and printed as the English text)."""

    msgid: str
    fields: dict[str, Any]
    plural: str | None
    number: int

    def __new__(
        cls, msgid: str, /, _plural: str | None = None, _count: int = 1, **fields: Any
    ) -> Said:
        english = msgid if _plural is None or _count == 1 else _plural
        said = super().__new__(cls, english.format(**fields))
        said.msgid = msgid
        said.plural = _plural
        said.number = _count
        said.fields = dict(fields)
        return said

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "msgid": self.msgid,
            "fields": {
                k: v.to_json() if isinstance(v, Said) else v for k, v in self.fields.items()
            },
        }
        if self.plural is not None:
            data["plural"] = self.plural
            data["count"] = self.number
        return data

    @staticmethod
    def from_json(data: Any, english: str) -> str:
        """The :class:`Said` a record's ``said`` data describes, or ``english`` when there is
        none or it cannot be read (an older or a hand-edited file)."""
        if not isinstance(data, Mapping):
            return english
        try:
            return _rebuild(data)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            return english


def said(msgid: str, /, **fields: Any) -> Said:
    """A summary for the audit log: ``said("added {name} as no. {tpn}", name=..., tpn=...)``
    (marked for the catalog like ``_()``; fields plain JSON values or other summaries)."""
    return Said(msgid, **fields)


def said_n(singular: str, plural: str, count: int, /, **fields: Any) -> Said:
    """A counted summary (``said_n("{n} player", "{n} players", n, n=n)``): each language's
    plural form of ``count``."""
    return Said(singular, _plural=plural, _count=count, **fields)


def listed(parts: Sequence[str], separator: str = "; ") -> Said:
    """Several sentences or items as one field, each worded in the reader's language and
    joined by ``separator`` (the joining template is no message of its own: it reads the same
    in every language)."""
    template = separator.join(f"{{p{i}}}" for i in range(len(parts)))
    fields: dict[str, Any] = {f"p{i}": part for i, part in enumerate(parts)}
    return Said(template, **fields)


def adopted(text: str) -> str:
    """A lower layer's sentence that remembers its message (the checker's
    :class:`~swissdesk.verification.found.Found`) as a :class:`Said`, so the audit keeps its
    message and the reader gets it in their language; any other text as it is. Only plain
    messages are taken (message, fields, plural): the same English either way."""
    msgid, fields = getattr(text, "msgid", None), getattr(text, "fields", None)
    if isinstance(text, Said) or not isinstance(msgid, str) or not isinstance(fields, dict):
        return text
    values = {k: adopted(v) if isinstance(v, str) else v for k, v in fields.items()}
    plural = getattr(text, "plural", None)
    remembered = Said(msgid, _plural=plural, _count=getattr(text, "number", 1), **values)
    return remembered if str(remembered) == str(text) else text


def in_language(data: Any, english: str) -> str:
    """A stored summary worded in the current language (``english`` when the record has no
    message of its own or it cannot be read)."""
    if not isinstance(data, Mapping):
        return english
    try:
        return _word(data)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return english


def worded(summary: str) -> str:
    """``summary`` in the current language (a plain text as it is)."""
    if isinstance(summary, Said):
        return in_language(summary.to_json(), str(summary))
    return summary


def _plain_fields(template: str) -> None:
    """Only plain ``{name}`` fields with format specs: a record read from a file names no
    attribute or item to look up (``{x.__class__}``)."""
    for _text, name, _spec, _conversion in _FORMATTER.parse(template):
        if name is not None and not name.isidentifier():
            raise ValueError(name)


def _values(data: Mapping[str, Any], word: bool) -> tuple[str, dict[str, Any]]:
    msgid = data["msgid"]
    fields = data.get("fields") or {}
    if not isinstance(msgid, str) or not isinstance(fields, Mapping):
        raise TypeError("not a summary")
    plural, count = data.get("plural"), data.get("count", 1)
    if plural is not None and not (isinstance(plural, str) and isinstance(count, int)):
        raise TypeError("not a counted summary")
    values = {
        str(k): (_word(v) if word else _rebuild(v)) if isinstance(v, Mapping) else v
        for k, v in fields.items()
    }
    return msgid, values


def _word(data: Mapping[str, Any]) -> str:
    msgid, values = _values(data, word=True)
    plural = data.get("plural")
    text = gettext(msgid) if plural is None else ngettext(msgid, plural, data.get("count", 1))
    _plain_fields(text)
    return text.format(**values)


def _rebuild(data: Mapping[str, Any]) -> Said:
    msgid, values = _values(data, word=False)
    _plain_fields(msgid)
    plural = data.get("plural")
    if plural is None:
        return Said(msgid, **values)
    _plain_fields(plural)
    return Said(msgid, _plural=plural, _count=data.get("count", 1), **values)
