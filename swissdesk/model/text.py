"""Folding names for search and alphabetical order: case and accents ignored.

``fold("Łódź Müller") == "lodz muller"``: compatibility decomposition (NFKD) drops the
accents of letters that carry one as a combining mark; letters whose stroke or shape is part
of the letter itself (Polish Ł, Danish Ø, Croatian Đ, Turkish dotless ı, German ß, the
ligatures Æ and Œ...) do not decompose, so they are mapped to their base letters first.
Other scripts (Cyrillic, Greek, CJK...) are only case-folded and stripped of their marks.
"""

from __future__ import annotations

import unicodedata

_BASE_LETTERS = str.maketrans(
    {"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d",
     "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "ß": "ss", "ẞ": "SS", "Þ": "Th", "þ": "th",
     "ı": "i", "Ħ": "H", "ħ": "h", "Ŧ": "T", "ŧ": "t", "Ŀ": "L", "ŀ": "l"}
)  # fmt: skip


def fold(text: str) -> str:
    """``text`` without case and accents, for matching and sorting names."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_BASE_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def matches(query: str, *fields: str) -> bool:
    """Whether every word of ``query`` occurs in one of ``fields``, accents and case
    ignored ("muller" finds "Müller", "lodz" finds "Łódź")."""
    haystack = fold(" ".join(fields))
    return all(word in haystack for word in fold(query).split())


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 team``, ``2 teams``, ``0 players`` (``words``: an irregular plural)."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def fold_table() -> dict[str, str]:
    """The letters :func:`fold` replaces before dropping accents (``Ł`` -> ``L``), for a
    search box that folds what is typed the same way (the venue's exported pages)."""
    return {chr(k): str(v) for k, v in _BASE_LETTERS.items()}
