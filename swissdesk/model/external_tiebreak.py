"""External tie-break values (C.02 VCL Q207): a value per player decided outside the
program — a play-off or armageddon result, a place given by the chief arbiter — used as one
more tie-break, after the declared ones or at a position the arbiter chooses.

FIDE's Tie-Break Regulations (C.07, in force from 1 March 2026) leave ties that their
tie-breaks do not break to the tournament's regulations (art. 2-4: a play-off, drawing of
lots); the checklist asks that such a decision can be entered and used. TRF-2026 defines no
code for it in records 202/212, so an export keeps the declared tie-breaks there and states
the values in a ``###`` comment, which swissdesk reads back::

    ### External tie-break (after 4, higher first) Play-off: 3=2 7=1.5

A player without a value comes after those with one among the players it separates; the
values are exact decimals (``Fraction``), never floats. Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

EXTERNAL_CODE = "EXT"
"""The code the external tie-break takes in a ranking order (not a C.07 code)."""

LABEL_LIMIT = 30
"""Longest label (a column heading)."""


@dataclass(frozen=True, slots=True)
class ExternalTiebreak:
    """The external tie-break of a section: its heading, direction, place and values."""

    label: str = "Play-off"
    lower_first: bool = False
    """A lower value ranks first (a place in a play-off) instead of a higher one (points)."""
    after: int | None = None
    """How many declared tie-breaks come before it (0: right after the points); ``None``:
    after all of them."""
    values: Mapping[int, Fraction] = field(default_factory=dict)
    """Pairing number (in a snapshot) or player id (in storage) -> value."""

    @property
    def in_use(self) -> bool:
        return bool(self.values)

    def position(self, declared: int) -> int:
        """Its index among ``declared`` tie-breaks (``after`` bounded by the list)."""
        return declared if self.after is None else max(0, min(self.after, declared))

    def with_keys(self, keys: Mapping[int, int]) -> ExternalTiebreak:
        """The same values keyed by ``keys[key]`` (ids to pairing numbers and back); values
        whose key ``keys`` lacks are dropped."""
        return replace(self, values={keys[k]: v for k, v in self.values.items() if k in keys})


_VALUE = re.compile(r"^[+-]?(\d{1,6}(\.\d{1,2})?|\.\d{1,2})$")


def parse_value(text: str) -> Fraction:
    """A value as the arbiter types it (``2``, ``1.5``, ``-1``, ``0.25``, ``1,5``); raise
    ValueError for anything else."""
    cleaned = text.strip().replace(",", ".").replace("½", ".5")
    if not _VALUE.match(cleaned):
        raise ValueError(text)
    return Fraction(cleaned)


def format_value(value: Fraction | None) -> str:
    """``Fraction(3, 2)`` -> ``"1.5"``; ``2`` -> ``"2"``; ``None`` -> ``""``."""
    if value is None:
        return ""
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    hundredths = abs(value) * 100
    whole, rest = divmod(int(hundredths), 100)
    return f"{sign}{whole}.{rest:02d}".rstrip("0")


def label_problem(label: str) -> str:
    """Why ``label`` cannot head the column (``""`` when it can)."""
    text = label.strip()
    if not text:
        return "empty"
    if len(text) > LABEL_LIMIT:
        return "long"
    if ":" in text or "," in text or "\n" in text:
        return "character"
    return ""


_LINE = re.compile(
    r"^### External tie-break \(after (?P<after>\d+|all), (?P<order>higher|lower) first\) "
    r"(?P<label>[^:]+): (?P<values>.*)$"
)


def trf_line(external: ExternalTiebreak) -> str:
    """The TRF comment stating ``external`` (keyed by pairing number)."""
    after = "all" if external.after is None else str(external.after)
    order = "lower" if external.lower_first else "higher"
    values = " ".join(f"{tpn}={format_value(v)}" for tpn, v in sorted(external.values.items()))
    return f"### External tie-break (after {after}, {order} first) {external.label}: {values}"


def parse_trf_line(line: str) -> ExternalTiebreak | None:
    """A line written by :func:`trf_line` (``None``: not such a line, or unreadable)."""
    match = _LINE.match(line.rstrip())
    if match is None:
        return None
    values: dict[int, Fraction] = {}
    try:
        for item in match.group("values").split():
            tpn, _sep, value = item.partition("=")
            if int(tpn) < 1:
                return None
            values[int(tpn)] = parse_value(value)
    except ValueError:
        return None
    after = match.group("after")
    return ExternalTiebreak(
        label=match.group("label").strip(),
        lower_first=match.group("order") == "lower",
        after=None if after == "all" else int(after),
        values=values,
    )


def draw_lots(groups: list[list[int]], seed: str) -> dict[int, Fraction]:
    """A drawing of lots among each group of tied players (C.02 VCL Q204): their places
    1, 2, ... within the group (a lower place first).

    The draw is a simulation seeded from ``seed`` (the event, the round and the tied
    players) rather than from the clock: drawing again for the same standings gives the
    same result (Q206: a repeated draw must not give another one), and anyone can repeat
    it from the file."""
    import hashlib

    places: dict[int, Fraction] = {}
    for group in groups:
        members = ",".join(str(t) for t in sorted(group))

        def lot(tpn: int, members: str = members) -> str:
            return hashlib.sha256(f"{seed}|{members}|{tpn}".encode()).hexdigest()

        for place, tpn in enumerate(sorted(group, key=lot), start=1):
            places[tpn] = Fraction(place)
    return places
