"""The Berger tables (FIDE Handbook C.05, General Regulations for Competitions, Annex 1)
and the Scheveningen schedule, as functions of the number of participants.

The annex prints the tables for 3/4 up to 15/16 players; every size follows the same
construction, which TEC's own reference tie-break program (TieBreakServer, ``berger.py``,
after Otto Milvang's "Berger explained") also builds:

* ``N`` is the number of participants, or the next even number (the highest number then
  counts as a bye); there are ``N - 1`` rounds and ``N / 2`` boards;
* round 1: board ``b`` is ``b`` (White) against ``N + 1 - b``;
* from each round to the next, every number but ``N`` moves on by ``N / 2`` places in the
  cycle ``1 .. N - 1`` (so round ``r`` adds ``(r - 1) * N / 2``), board by board;
* number ``N`` stays on board 1 and alternates colours: Black in odd rounds, White in even
  ones; on the other boards the left-hand number has White.

``tests/engines/round_robin`` checks this against the annex's printed tables and against a
second, independent construction (the sorted-list procedure of "Berger explained").

A double round robin plays the tables again with the colours reversed; the annex
recommends reversing the order of the last two rounds of the first cycle, which avoids
three games in a row with the same colour at the change of cycle (``swap_last_two``; with
more cycles every cycle but the last is treated so).
"""

from __future__ import annotations

from dataclasses import dataclass

from swissdesk.engines.base import Pair
from swissdesk.i18n import _
from swissdesk.model.round_robin import (
    SCHEVENINGEN,
    RoundRobinSettings,
    rounds_per_cycle,
    table_size,
)


def berger_round(size: int, round_number: int) -> tuple[Pair, ...]:
    """Round ``round_number`` (1 .. size-1) of the Berger table for ``size`` (even) numbers,
    boards in the order the table prints them."""
    if size < 2 or size % 2:
        raise ValueError(f"a Berger table has an even size, not {size}")
    if not 1 <= round_number < size:
        raise ValueError(f"the table for {size} has rounds 1 to {size - 1}")
    half = size // 2
    shift = (round_number - 1) * half
    fixed = shift % (size - 1) + 1
    pairs = [Pair(fixed, size) if round_number % 2 else Pair(size, fixed)]
    for board in range(1, half):
        left = (board + shift) % (size - 1) + 1
        right = (size - 1 - board + shift) % (size - 1) + 1
        pairs.append(Pair(left, right))
    return tuple(pairs)


def berger_table(participants: int) -> tuple[tuple[Pair, ...], ...]:
    """Every round of the table for ``participants`` (odd: with the bye number)."""
    size = table_size(participants)
    return tuple(berger_round(size, r) for r in range(1, size))


def scheveningen_round(team_size: int, round_number: int) -> tuple[Pair, ...]:
    """Round ``round_number`` (1 .. m) of a Scheveningen event between team A (numbers
    1..m) and team B (m+1..2m): board ``i`` is A's ``i``-th player against B's
    ``(i + r - 2) mod m + 1``-th. A's player has White when the two players' places in
    their teams add up to an even number: everybody alternates colours from round to
    round (with an even team size; with an odd one a player repeats a colour once)."""
    m = team_size
    if m < 1:
        raise ValueError("a Scheveningen team has at least one player")
    if not 1 <= round_number <= m:
        raise ValueError(f"a Scheveningen of {m} against {m} has rounds 1 to {m}")
    pairs = []
    for i in range(1, m + 1):
        j = (i + round_number - 2) % m + 1
        a, b = i, m + j
        pairs.append(Pair(a, b) if (i + j) % 2 == 0 else Pair(b, a))
    return tuple(pairs)


@dataclass(frozen=True, slots=True)
class ScheduledRound:
    """One round of the event: which round of which cycle, and its boards.

    ``pairs`` are the real games in table order; ``bye`` is the participant paired with
    the bye number of an odd round robin."""

    round_number: int
    cycle: int
    table_round: int
    reversed_colours: bool
    pairs: tuple[Pair, ...]
    bye: int | None


def cycle_order(
    rounds: int, cycle: int, settings: RoundRobinSettings, *, system: str = "round-robin"
) -> list[int]:
    """The table rounds of ``cycle`` (1-based) in playing order (a Scheveningen schedule,
    whose colours alternate anyway, is never reordered)."""
    order = list(range(1, rounds + 1))
    swap = settings.swap_last_two and system != SCHEVENINGEN
    if swap and cycle < settings.cycles and rounds >= 2:
        order[-2], order[-1] = order[-1], order[-2]
    return order


def schedule(
    participants: int, settings: RoundRobinSettings, *, system: str = "round-robin"
) -> tuple[ScheduledRound, ...]:
    """Every round of the event, in playing order."""
    per_cycle = rounds_per_cycle(system, participants)
    if system == SCHEVENINGEN:
        if participants % 2 or participants < 2:
            raise ValueError(
                _(
                    "a Scheveningen event needs two teams of the same size, not {count} players"
                ).format(count=participants)
            )
        table = tuple(scheveningen_round(per_cycle, r) for r in range(1, per_cycle + 1))
    else:
        if participants < 2:
            raise ValueError(_("a round robin needs at least two participants"))
        table = berger_table(participants)
    out: list[ScheduledRound] = []
    for cycle in range(1, settings.cycles + 1):
        reverse = cycle % 2 == 0
        for table_round in cycle_order(per_cycle, cycle, settings, system=system):
            pairs: list[Pair] = []
            bye: int | None = None
            for pair in table[table_round - 1]:
                if reverse:
                    pair = Pair(pair.black, pair.white)
                if max(pair.white, pair.black) > participants:
                    bye = min(pair.white, pair.black)
                    continue
                pairs.append(pair)
            out.append(ScheduledRound(len(out) + 1, cycle, table_round, reverse, tuple(pairs), bye))
    return tuple(out)
