"""Reading a file to import: a TRF (TRF16, TRF-2026, a TRF-2026 team file) or a JSON
tournament state, with the pairing system it names or the one the arbiter chose.

A system whose own text prescribes its tie-breaks (the 1992 rules' F10) gets them when the
file names none.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from swissdesk.engines import system_tiebreaks, system_title
from swissdesk.errors import InputError
from swissdesk.i18n import Message, _, listed, said
from swissdesk.model.tournament import Tournament
from swissdesk.storage.levels import IMPORT, IntegrityEvent, Level, LevelWarning
from swissdesk.trf import parse_trf, read_json_state
from swissdesk.trf.adjustments import reading_notes
from swissdesk.trf.json_state import looks_like_json
from swissdesk.trf.reader import TrfEncodingWarning, decode_trf
from swissdesk.trf.team_records import TeamEvent, is_team_trf, parse_team_trf


@dataclass(frozen=True, slots=True)
class ImportRead:
    """What a file to import holds, where it came from, its TRF version (if a TRF) and what
    reading it assumed or adjusted (:func:`swissdesk.trf.adjustments.reading_notes`)."""

    content: Tournament | TeamEvent
    source: str
    trf_version: str | None
    notes: tuple[str, ...] = ()


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
        raise InputError(
            _("{source}: cannot read the file ({strerror})").format(
                source=source, strerror=exc.strerror
            )
        ) from exc
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", TrfEncodingWarning)
        text = decode_trf(data, source=str(source))  # line by line, never shifts columns
    # A line that was not UTF-8 is told with the other notes of the import.
    encoding = [str(w.message) for w in caught if issubclass(w.category, TrfEncodingWarning)]
    if is_team_trf(text):
        event = parse_team_trf(text, source=str(source))
        return ImportRead(event, str(source), "2026", tuple(encoding))
    tournament = for_system(parse_trf(text, source=str(source)), system)
    notes = reading_notes(text, tournament, system_chosen=system is not None)
    return ImportRead(tournament, str(source), detect_trf_version(text), (*notes, *encoding))


@dataclass(frozen=True, slots=True)
class PreparedImport:
    """A file read for import and checked: every round against the pairing rules of its
    system (the checker of ``swissdesk check``, C.02 VCL Q54), what reading it adjusted
    (Q48/Q50), and the warnings and ``### Import`` lines the rounds that break the rules
    give (Q55)."""

    read: ImportRead
    broken: tuple[tuple[int, tuple[str, ...]], ...]
    """``(round, differences)`` for every round that breaks the rules."""
    checked_rounds: int
    not_checked: str = ""
    """Why the rounds could not be checked ("" when they were)."""
    standings: str = ""
    """The checker's line on the file's rank column when it does not follow the tie-breaks."""

    @property
    def notes(self) -> tuple[str, ...]:
        """What the arbiter is told after the import (information, Level 1)."""
        extra = tuple(x for x in (self.not_checked, self.standings) if x)
        return (*self.read.notes, *extra)

    def warnings(self) -> list[LevelWarning]:
        """A Level-3 warning per round that breaks the rules, with its differences."""
        return [
            LevelWarning(
                Level.CONFIRM_FACTS,
                said(
                    "round {n} breaks the pairing rules of {system}: {differences}",
                    n=n,
                    system=system_title(self.system),
                    differences=listed(texts),
                ),
            )
            for n, texts in self.broken
        ]

    def events(self) -> list[IntegrityEvent]:
        """``### Import @ Round n: ...`` for every round that breaks the rules."""
        return [IntegrityEvent(IMPORT, n, "; ".join(texts)) for n, texts in self.broken]

    @property
    def system(self) -> str:
        content = self.read.content
        return content.tournament.system if isinstance(content, TeamEvent) else content.system

    def report(self) -> dict[str, Any]:
        """What the import's audit row keeps of the check."""
        return {
            "notes": list(self.notes),
            # each note's message beside its English, worded again for whoever reads the file
            "notes_said": [n.to_json() if isinstance(n, Message) else None for n in self.notes],
            "checked_rounds": self.checked_rounds,
            "rounds_breaking_rules": [n for n, _ in self.broken],
        }


def prepare_import(path: str | os.PathLike[str], system: str | None = None) -> PreparedImport:
    """Read ``path`` (:func:`read_for_import`) and check every round it has paired against
    the pairing rules of its system, as ``swissdesk check`` does (re-pairing each round
    with the engine, the system's independent rule check, a round robin's tables)."""
    read = read_for_import(path, system)
    content = read.content
    tournament = content.tournament if isinstance(content, TeamEvent) else content
    rounds = tournament.rounds_with_pairings
    if rounds == 0:
        return PreparedImport(read, (), 0)
    from swissdesk.engines import get_engine
    from swissdesk.verification.check import pairing_checker
    from swissdesk.verification.standings import check_standings

    try:
        engine = get_engine(tournament.system)
        report = pairing_checker(tournament.system)(tournament, engine, None)
    except (KeyError, InputError, ValueError) as exc:
        why = exc.args[0] if exc.args else exc
        return PreparedImport(read, (), 0, f"the rounds could not be checked: {why}")
    broken = tuple((r.round_number, r.differences) for r in report.rounds if not r.agrees)
    standings = ""
    if not isinstance(content, TeamEvent):
        try:
            ranks = check_standings(tournament)
        except (InputError, ValueError):
            ranks = None
        if ranks is not None and ranks.checked and not ranks.agrees:
            n = len(ranks.problems)
            standings = (
                f"the file's rank column does not follow its tie-break list for {n} "
                f"player{'s' if n != 1 else ''} (swissdesk's standings will differ; "
                "'swissdesk check' names them)"
            )
    return PreparedImport(read, broken, len(report.rounds), standings=standings)
