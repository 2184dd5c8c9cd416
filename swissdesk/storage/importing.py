"""Reading a file to import: a TRF (TRF16, TRF-2026, a TRF-2026 team file) or a JSON
tournament state, with the pairing system it names or the one the arbiter chose.

A system whose own text prescribes its tie-breaks (the 1992 rules' F10) gets them when the
file names none.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from swissdesk.engines import system_tiebreaks
from swissdesk.errors import InputError
from swissdesk.model.tournament import Tournament
from swissdesk.trf import parse_trf, read_json_state
from swissdesk.trf.json_state import looks_like_json
from swissdesk.trf.reader import decode_trf
from swissdesk.trf.team_records import TeamEvent, is_team_trf, parse_team_trf


@dataclass(frozen=True, slots=True)
class ImportRead:
    """What a file to import holds, where it came from, and its TRF version (if a TRF)."""

    content: Tournament | TeamEvent
    source: str
    trf_version: str | None


def detect_trf_version(text: str) -> str:
    """``"2026"`` if the TRF uses TRF-2026 records (142/152/162/...), else ``"16"``."""
    for line in text.splitlines():
        if line[:4] in ("142 ", "152 ", "162 ", "172 ", "182 ", "192 ", "202 "):
            return "2026"
        if line.startswith("250 "):
            return "2026"
    return "16"


def for_system(tournament: Tournament, system: str | None) -> Tournament:
    """``tournament`` with the arbiter's ``system`` and that system's prescribed tie-breaks
    when the file names none."""
    t = replace(tournament, system=system) if system else tournament
    prescribed = system_tiebreaks(t.system)
    return replace(t, tiebreaks=prescribed) if prescribed and not t.tiebreaks else t


def read_for_import(path: str | os.PathLike[str], system: str | None = None) -> ImportRead:
    """Read ``path`` for import; bad input is an :class:`InputError` naming the file."""
    source = Path(path)
    if looks_like_json(source):
        return ImportRead(for_system(read_json_state(source), system), str(source), "2026")
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise InputError(f"{source}: cannot read the file ({exc.strerror})") from exc
    text = decode_trf(data, source=str(source))  # line by line, never shifts columns
    if is_team_trf(text):
        return ImportRead(parse_team_trf(text, source=str(source)), str(source), "2026")
    tournament = for_system(parse_trf(text, source=str(source)), system)
    return ImportRead(tournament, str(source), detect_trf_version(text))
