"""The round-robin and Scheveningen engines: a round's pairing read from the schedule.

Unlike a Swiss system, a round robin's pairings do not depend on results: the pairing
numbers (drawn by lot, restricted by the Varma tables, or assigned by the arbiter) fix the
whole event before it starts. The engine therefore pairs every participant, present or
not: a player who withdrew keeps his place in the table and his games are forfeits (GRC
art. 6.6), which the tournament file scores when it stores the round.
"""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing
from swissdesk.engines.round_robin.tables import ScheduledRound, schedule
from swissdesk.errors import InputError
from swissdesk.i18n import _, ngettext, said
from swissdesk.model.round_robin import (
    DEFAULT_TIEBREAKS,
    ROUND_ROBIN,
    SCHEVENINGEN,
    settings_of,
    total_rounds,
)
from swissdesk.model.tournament import Tournament


def scheduled_round(tournament: Tournament, round_number: int) -> ScheduledRound:
    """Round ``round_number`` of ``tournament``'s schedule; InputError if the event has no
    such round or its pairing numbers are not 1..n."""
    system = tournament.system if tournament.system == SCHEVENINGEN else ROUND_ROBIN
    players = sorted(p.tpn for p in tournament.players)
    n = len(players)
    if players != list(range(1, n + 1)):
        raise InputError(
            _(
                "a round robin needs pairing numbers 1 to {count} without gaps (the table "
                "numbers); draw or assign them again"
            ).format(count=n)
        )
    settings = settings_of(tournament)
    try:
        rounds = schedule(n, settings, system=system)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if not 1 <= round_number <= len(rounds):
        fields = {
            "count": n,
            "cycles": settings.cycles,
            "total": total_rounds(system, n, settings),
            "round": round_number,
        }
        if system == SCHEVENINGEN:
            message = ngettext(
                "a Scheveningen event of {count} participants over {cycles} cycle has {total} "
                "rounds: there is no round {round}",
                "a Scheveningen event of {count} participants over {cycles} cycles has "
                "{total} rounds: there is no round {round}",
                settings.cycles,
            )
        else:
            message = ngettext(
                "a round robin of {count} participants over {cycles} cycle has {total} "
                "rounds: there is no round {round}",
                "a round robin of {count} participants over {cycles} cycles has {total} "
                "rounds: there is no round {round}",
                settings.cycles,
            )
        raise InputError(message.format(**fields))
    return rounds[round_number - 1]


def explanation(step: ScheduledRound, tournament: Tournament) -> tuple[str, ...]:
    """The round told the way an arbiter checks it against the printed table."""
    n = len(tournament.players)
    if tournament.system == SCHEVENINGEN:
        lines: list[str] = [
            said(
                "Scheveningen, {half} against {half}: round {round} of the schedule (team A: "
                "numbers 1-{half})",
                half=n // 2,
                round=step.table_round,
            )
        ]
    else:
        size = n + n % 2
        lines = [
            said(
                "Berger table for {odd}/{size} players (GRC Annex 1): round {round}",
                odd=size - 1,
                size=size,
                round=step.table_round,
            )
        ]
        if step.bye is not None:
            lines.append(
                said(
                    "no. {player} meets the bye number {size}: no game this round",
                    player=str(step.bye),
                    size=size,
                )
            )
    if step.cycle > 1 or step.reversed_colours:
        if step.reversed_colours:
            lines.append(said("cycle {cycle}: colours reversed", cycle=step.cycle))
        else:
            lines.append(said("cycle {cycle}: colours as in the table", cycle=step.cycle))
    return tuple(lines)


class RoundRobinEngine:
    """Pairs a round of a round robin from the Berger tables (GRC Annex 1)."""

    name = ROUND_ROBIN
    display_name = "Round robin (Berger tables)"
    default_tiebreaks = DEFAULT_TIEBREAKS

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        if round_number is None:
            round_number = tournament.rounds_with_pairings + 1
        step = scheduled_round(tournament, round_number)
        lines = explanation(step, tournament) if explain else ()
        return RoundPairing(round_number, step.pairs, step.bye, lines)


class ScheveningenEngine(RoundRobinEngine):
    """Pairs a round of a Scheveningen event: every player of team A (numbers 1..m) meets
    every player of team B (m+1..2m) once per cycle."""

    name = SCHEVENINGEN
    display_name = "Scheveningen"
