"""``swissdesk check``: the Pairing and Tie-break Checker (PTC) of FIDE's checklist, C.02 Q19-21.

One call, :func:`check_file`, checks a tournament read from a TRF (TRF16 or TRF-2026) or a
JSON state: every round's pairing against the rules of the file's system, and the rank column
against the file's tie-break list (:mod:`.standings`). The result, :class:`FileCheck`, prints
per round for the arbiter (:meth:`FileCheck.text_lines`) and as JSON for programs
(:meth:`FileCheck.to_json`), and gives the exit code:

====  ==================================================================================
code  meaning
====  ==================================================================================
0     every checked round follows the rules and the rank column follows the tie-break
      list (or the file has no rank column to check)
1     a round breaks the rules, or a rank does not follow the list: the report says which
2     the file or an option could not be read (raised as :class:`~swissdesk.errors.InputError`
      before any check)
3     nothing wrong was found, but the standings could not be checked (a tie-break swissdesk
      does not compute, record 299 points for some players only, a team file's standings)
====  ==================================================================================

Systems plug in their own pairing check with :func:`register_pairing_checker` (a round robin
checks its rounds against its tables, not by re-pairing); every other system is checked by
re-pairing each round with its engine (:func:`swiss_pairing_checker`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from swissdesk.engines.base import PairingEngine
from swissdesk.model.tournament import Tournament, half_points_to_str
from swissdesk.verification import load_systems
from swissdesk.verification.pairings import RULE_CHECKS, PairingsReport, check_pairings
from swissdesk.verification.standings import StandingsCheck, check_standings, row_values

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_BAD_INPUT = 2
EXIT_INCOMPLETE = 3

PairingChecker = Callable[[Tournament, PairingEngine, Iterable[int] | None], PairingsReport]
"""Check the recorded rounds (all when ``None``) of a tournament of one system."""

_PAIRING_CHECKERS: dict[str, PairingChecker] = {}


def swiss_pairing_checker(
    tournament: Tournament, engine: PairingEngine, rounds: Iterable[int] | None
) -> PairingsReport:
    """Re-pair every round with ``engine`` and compare; where the system has one, also run the
    independent check of the absolute criteria on the file's own pairings."""
    return check_pairings(tournament, engine, rounds, rule_check=RULE_CHECKS.get(engine.name))


def register_pairing_checker(system: str, checker: PairingChecker) -> None:
    """Make ``checker`` check the pairings of every tournament of ``system``."""
    _PAIRING_CHECKERS[system] = checker


def pairing_checker(system: str) -> PairingChecker:
    """The pairing check of ``system`` (re-pairing with its engine unless one is registered)."""
    load_systems()
    return _PAIRING_CHECKERS.get(system, swiss_pairing_checker)


@dataclass(frozen=True, slots=True)
class FileCheck:
    """Everything :func:`check_file` found in one tournament."""

    source: str
    system: str
    pairings: PairingsReport
    standings: StandingsCheck

    @property
    def standings_incomplete(self) -> bool:
        """The file has standings that swissdesk could not check."""
        return self.standings.beyond_swissdesk

    @property
    def exit_code(self) -> int:
        if not self.pairings.agrees or not self.standings.agrees:
            return EXIT_PROBLEMS
        return EXIT_INCOMPLETE if self.standings_incomplete else EXIT_OK

    def standings_summary(self) -> str:
        """One line on the standings: followed, not followed (how many ranks), not checked."""
        s = self.standings
        order = ", ".join(s.order.codes)
        if not s.checked:
            return f"Standings not checked: {s.reason}."
        if s.agrees:
            return (
                f"Standings after round {s.after_round} ({order}, from "
                f"{_source(s.order.source)}): every rank follows the list."
            )
        n = len(s.problems)
        return (
            f"Standings after round {s.after_round} ({order}, from {_source(s.order.source)}): "
            f"{n} rank{'s' if n != 1 else ''} do{'es' if n == 1 else ''} not follow the list."
        )

    def summary(self) -> str:
        """Pairings and standings in one line (the JSON's ``summary``)."""
        return f"{self.pairings.summary()} {self.standings_summary()}"

    def text_lines(self, *, quiet: bool = False, show_standings: bool = False) -> list[str]:
        """The report for the arbiter: one block per round, the standings, and last the
        pairings' summary line."""
        lines: list[str] = []
        for result in self.pairings.rounds:
            if result.agrees:
                if not quiet:
                    lines.append(f"Round {result.round_number}: agrees")
                continue
            n = len(result.discrepancies)
            lines.append(f"Round {result.round_number}: {n} difference{'s' if n != 1 else ''}")
            lines += [f"  - {d.text}" for d in result.discrepancies]
        s = self.standings
        if not quiet or not s.agrees or self.standings_incomplete:
            if s.checked:
                lines += [f"Note: {note}" for note in s.order.notes]
            lines.append(self.standings_summary())
            lines += [f"  - {p.text}" for p in s.problems]
        if show_standings and s.standings is not None:
            lines.append("  place  player  file rank  " + "  ".join(s.order.codes))
            for row in s.standings.rows:
                values = "  ".join(value for _, value in row_values(row, s.order))
                file_rank = s.file_ranks.get(row.tpn)
                shown = "-" if file_rank is None else str(file_rank)
                lines.append(f"  {row.rank_label:>5}  {row.tpn:>6}  {shown:>9}  {values}")
        lines.append(self.pairings.summary())
        return lines

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (``swissdesk check --json``)."""
        s = self.standings
        return {
            "file": self.source,
            "system": self.system,
            "exit_code": self.exit_code,
            "rounds": [
                {
                    "round": r.round_number,
                    "agrees": r.agrees,
                    "discrepancies": [
                        {"kind": d.kind, "text": d.text, "players": list(d.players)}
                        for d in r.discrepancies
                    ],
                }
                for r in self.pairings.rounds
            ],
            "standings": {
                "after_round": s.after_round,
                "order": list(s.order.codes),
                "order_from": s.order.source,
                "notes": list(s.order.notes),
                "checked": s.checked,
                "reason": s.reason,
                "agrees": s.agrees,
                "problems": [
                    {
                        "player": p.tpn,
                        "name": p.name,
                        "file_rank": p.file_rank,
                        "place": p.rank_label,
                        "values": dict(p.values),
                        "other_player": p.other,
                        "decided_by": p.decided_by,
                        "text": p.text,
                    }
                    for p in s.problems
                ],
                "table": [
                    {
                        "place": row.rank_label,
                        "player": row.tpn,
                        "file_rank": s.file_ranks.get(row.tpn),
                        "points": half_points_to_str(row.points),
                        "values": dict(row_values(row, s.order)),
                    }
                    for row in (s.standings.rows if s.standings is not None else ())
                ],
            },
            "summary": self.summary(),
        }


def _source(source: str) -> str:
    return {"212": "record 212", "202": "PTS, then record 202"}.get(source, "the points alone")


def check_file(
    tournament: Tournament,
    engine: PairingEngine,
    *,
    system: str | None = None,
    source: str = "",
    rounds: Iterable[int] | None = None,
) -> FileCheck:
    """Check the pairings of ``rounds`` (default: all) and the rank column of ``tournament``,
    paired by ``system`` (default: the file's own)."""
    name = system or tournament.system
    pairings = pairing_checker(name)(tournament, engine, rounds)
    return FileCheck(source, name, pairings, check_standings(tournament))
