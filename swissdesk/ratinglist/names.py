"""Search keys for names: case and accents ignored, so "muller" finds "Müller" and "lodz"
finds "Łódź" (the folding of :mod:`swissdesk.model.text`); punctuation (commas, apostrophes,
hyphens, dots) separates words.
"""

from __future__ import annotations

import re

from swissdesk.model.text import fold

_ASCII_SEPARATORS = re.compile(r"[^0-9a-z]+")


def search_key(text: str) -> str:
    """``text`` folded for matching (:func:`swissdesk.model.text.fold`: no case, no accents,
    Ł, Ø, ß... spelled out), words separated by one space, punctuation dropped.

    >>> search_key("Łódź-Müller, Zoë")
    'lodz muller zoe'
    """
    if text.isascii():  # most names of a rating list: the fast way
        return _ASCII_SEPARATORS.sub(" ", text.lower()).strip()
    folded = fold(text)
    return " ".join("".join(ch if ch.isalnum() else " " for ch in folded).split())


def given_name_first(name: str) -> str | None:
    """``"Carlsen, Magnus"`` -> ``"Magnus Carlsen"`` (None when the name has no comma)."""
    surname, comma, given = name.partition(",")
    if not comma or not given.strip():
        return None
    return f"{given.strip()} {surname.strip()}"


def prefix_upper_bound(prefix: str) -> str:
    """The smallest string above every string that starts with ``prefix`` (for a range scan)."""
    return prefix + "\U0010ffff"
