"""Search keys for names: case and accents ignored, so "muller" finds "Müller" and "lodz"
finds "Łódź".

Unicode decomposition (NFKD) strips most accents; the letters that do not decompose
(``Ł``, ``Ø``, ``Đ``, ``ß``, ``Æ``, ...) are spelled out the way a keyboard without them
writes them. Punctuation (commas, apostrophes, hyphens, dots) separates words.
"""

from __future__ import annotations

import re
import unicodedata

_ASCII_SEPARATORS = re.compile(r"[^0-9a-z]+")

_SPELLED: dict[int, str] = str.maketrans(
    {
        "ł": "l",
        "Ł": "l",
        "ø": "o",
        "Ø": "o",
        "đ": "d",
        "Đ": "d",
        "ð": "d",
        "Ð": "d",
        "ß": "ss",
        "ẞ": "ss",
        "æ": "ae",
        "Æ": "ae",
        "œ": "oe",
        "Œ": "oe",
        "þ": "th",
        "Þ": "th",
        "ı": "i",
        "ħ": "h",
        "Ħ": "h",
        "ŀ": "l",
        "Ŀ": "l",
    }
)


def search_key(text: str) -> str:
    """``text`` folded for matching: lower case, no accents, words separated by one space.

    >>> search_key("Łódź-Müller, Zoë")
    'lodz muller zoe'
    """
    if text.isascii():
        return _ASCII_SEPARATORS.sub(" ", text.lower()).strip()
    decomposed = unicodedata.normalize("NFKD", text.translate(_SPELLED))
    out: list[str] = []
    for ch in decomposed:
        if unicodedata.combining(ch):
            continue
        out.append(ch if ch.isalnum() else " ")
    return " ".join("".join(out).casefold().split())


def given_name_first(name: str) -> str | None:
    """``"Carlsen, Magnus"`` -> ``"Magnus Carlsen"`` (None when the name has no comma)."""
    surname, comma, given = name.partition(",")
    if not comma or not given.strip():
        return None
    return f"{given.strip()} {surname.strip()}"


def prefix_upper_bound(prefix: str) -> str:
    """The smallest string above every string that starts with ``prefix`` (for a range scan)."""
    return prefix + "\U0010ffff"
