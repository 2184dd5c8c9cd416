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
from swissdesk.i18n import N_, _, ngettext, pgettext, said, said_n, worded
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
        """One line on the standings: followed, not followed (how many ranks), not checked
        (English; :func:`~swissdesk.i18n.worded` words it for the reader)."""
        s = self.standings
        order = ", ".join(s.order.codes)
        if not s.checked:
            return said("Standings not checked: {reason}.", reason=s.reason)
        source = _SOURCES.get(s.order.source, _SOURCES["none"])
        if s.agrees:
            return said(
                "Standings after round {round} ({order}, from {source}): every rank follows "
                "the list.",
                round=s.after_round,
                order=order,
                source=said(source),
            )
        n = len(s.problems)
        return said_n(
            "Standings after round {round} ({order}, from {source}): {n} rank does not follow "
            "the list.",
            "Standings after round {round} ({order}, from {source}): {n} ranks do not follow "
            "the list.",
            n,
            round=s.after_round,
            order=order,
            source=said(source),
            n=n,
        )

    def summary(self) -> str:
        """Pairings and standings in one line (the JSON's ``summary``, English)."""
        return f"{self.pairings.summary()} {self.standings_summary()}"

    def text_lines(self, *, quiet: bool = False, show_standings: bool = False) -> list[str]:
        """The report for the arbiter, in the current language: one block per round, the
        standings, and last the pairings' summary line."""
        lines: list[str] = []
        for result in self.pairings.rounds:
            if result.agrees:
                if not quiet:
                    lines.append(_("Round {round}: agrees").format(round=result.round_number))
                continue
            n = len(result.discrepancies)
            lines.append(
                ngettext(
                    "Round {round}: {n} difference", "Round {round}: {n} differences", n
                ).format(round=result.round_number, n=n)
            )
            lines += [f"  - {text}" for text in result.shown_differences()]
        s = self.standings
        if not quiet or not s.agrees or self.standings_incomplete:
            if s.checked:
                lines += [_("Note: {note}").format(note=worded(note)) for note in s.order.notes]
            lines.append(worded(self.standings_summary()))
            lines += [f"  - {worded(p.text)}" for p in s.problems]
        if show_standings and s.standings is not None:
            headings = (
                pgettext("a column of swissdesk check's table", "place"),
                pgettext("a column of swissdesk check's table", "player"),
                pgettext("a column of swissdesk check's table", "file rank"),
            )
            w1, w2, w3 = (max(len(h), w) for h, w in zip(headings, (5, 6, 9), strict=True))
            head = "".join(f"  {h:>{w}}" for h, w in zip(headings, (w1, w2, w3), strict=True))
            lines.append(f"{head}  " + "  ".join(s.order.codes))
            for row in s.standings.rows:
                values = "  ".join(value for _code, value in row_values(row, s.order))
                file_rank = s.file_ranks.get(row.tpn)
                rank = "-" if file_rank is None else str(file_rank)
                lines.append(f"  {row.rank_label:>{w1}}  {row.tpn:>{w2}}  {rank:>{w3}}  {values}")
        lines.append(worded(self.pairings.summary()))
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


_SOURCES = {
    "212": N_("record 212"),
    "202": N_("PTS, then record 202"),
    "none": N_("the points alone"),
}
"""Where the standings' order comes from, as the summary names it."""


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
