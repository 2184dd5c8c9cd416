"""The round schedule: the date of each round, TRF record 132.

TRF-2026 (and TRF16) write the dates of the rounds in record 132 as ``YY/MM/DD``, round 1
in columns 92-99, round 2 in 102-109, and so on (10 columns a round). swissdesk keeps the
schedule as ``YYYY/MM/DD`` strings (like records 042 and 052), ``""`` for a round without a
date, and stores it as that one TRF line among the tournament's records, so that an
imported file's schedule, the settings and the export are one and the same.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence

TAG = "132"
FIRST_COLUMN = 92
"""Column (1-based) of round 1's date in record 132."""
STEP = 10


def parse_date(text: str) -> _dt.date | None:
    """A date typed as ``YYYY/MM/DD``, ``YYYY-MM-DD``, ``YYYY.MM.DD`` or (TRF 132)
    ``YY/MM/DD``; None if it is none of those."""
    cleaned = text.strip().replace("-", "/").replace(".", "/")
    parts = cleaned.split("/")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    year, month, day = (int(p) for p in parts)
    if len(parts[0]) == 2:
        year += 1900 if year >= 70 else 2000
    try:
        return _dt.date(year, month, day)
    except ValueError:
        return None


def normalise(dates: Sequence[str]) -> tuple[str, ...]:
    """``dates`` as ``YYYY/MM/DD`` (unreadable or empty ones ``""``), trailing blanks cut."""
    out = []
    for text in dates:
        day = parse_date(text) if text.strip() else None
        out.append(day.strftime("%Y/%m/%d") if day else "")
    while out and not out[-1]:
        out.pop()
    return tuple(out)


def format_record(dates: Sequence[str]) -> str | None:
    """Record 132 for ``dates`` (None when no round has a date)."""
    dates = normalise(dates)
    if not dates:
        return None
    line = TAG.ljust(FIRST_COLUMN - 1)
    for text in dates:
        day = parse_date(text) if text else None
        line += (day.strftime("%y/%m/%d") if day else "").ljust(STEP)
    return line.rstrip()


def parse_record(line: str) -> tuple[str, ...]:
    """The dates of record 132 as ``YYYY/MM/DD`` (``""`` where a round has none)."""
    dates = []
    start = FIRST_COLUMN - 1
    while start < len(line):
        dates.append(line[start : start + STEP].strip())
        start += STEP
    return normalise(dates)


def from_records(records: Sequence[str]) -> tuple[str, ...]:
    """The round schedule held in a tournament's extra TRF records."""
    for record in records:
        if record.startswith(TAG):
            return parse_record(record)
    return ()


def replace_in_records(records: Sequence[str], dates: Sequence[str]) -> tuple[str, ...]:
    """``records`` with record 132 replaced by (or, with no dates, cleared for) ``dates``;
    a new record goes first, where the header puts it (after 122)."""
    line = format_record(dates)
    kept = [r for r in records if not r.startswith(TAG)]
    return tuple(kept) if line is None else (line, *kept)


def round_date(records: Sequence[str], round_number: int) -> str:
    """The date of ``round_number`` as ``YYYY/MM/DD``, ``""`` if the schedule has none."""
    dates = from_records(records)
    return dates[round_number - 1] if 1 <= round_number <= len(dates) else ""
