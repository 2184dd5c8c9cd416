"""The checker's findings in the reader's language (issue 38), English where they are data.

A finding is an English sentence (a ``str``: what ``swissdesk check --json`` prints, what the
``### Import`` and ``### Configuration`` lines of a tournament keep, what older callers compare)
that remembers its message and fields, so that :func:`shown` words it in the language of
whoever reads it: the arbiter's German terminal, the window. Fields that are findings
themselves are worded too. (Like :class:`swissdesk.storage.said.Said`, one layer lower:
the checker sits below storage.)
"""

from __future__ import annotations

from typing import Any

from swissdesk.i18n import gettext, ngettext


class Found(str):
    """An English finding that remembers its message and fields."""

    msgid: str
    plural: str | None
    number: int
    fields: dict[str, Any]

    def __new__(
        cls, msgid: str, /, _plural: str | None = None, _count: int = 1, **fields: Any
    ) -> Found:
        english = msgid if _plural is None or _count == 1 else _plural
        found = super().__new__(cls, english.format(**fields))
        found.msgid = msgid
        found.plural = _plural
        found.number = _count
        found.fields = fields
        return found

    def shown(self) -> str:
        """The finding in the current language."""
        if self.plural is None:
            text = gettext(self.msgid)
        else:
            text = ngettext(self.msgid, self.plural, self.number)
        return text.format(**{k: shown(v) for k, v in self.fields.items()})


def finding(msgid: str, /, **fields: Any) -> Found:
    """A finding: ``finding("round {n}: agrees", n=3)`` (marked for the catalog like ``_()``)."""
    return Found(msgid, **fields)


def finding_n(singular: str, plural: str, count: int, /, **fields: Any) -> Found:
    """A counted finding: each language's plural form of ``count``."""
    return Found(singular, _plural=plural, _count=count, **fields)


def shown(value: Any) -> Any:
    """``value`` worded in the current language when it is a finding, else as it is."""
    return value.shown() if isinstance(value, Found) else value


__all__ = ["Found", "finding", "finding_n", "shown"]
