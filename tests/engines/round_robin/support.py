"""Round-robin tournaments for the tests: players 1..n, rounds played from the schedule."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from swissdesk.engines.round_robin import schedule
from swissdesk.model.round_robin import ROUND_ROBIN, RoundRobinSettings, code_192, total_rounds
from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)

RR_SCORING = ScoringSystem(pairing_allocated_bye=0)
"""1 - ½ - 0; the bye of an odd round robin scores nothing."""


def rr_tournament(
    n: int,
    *,
    cycles: int = 1,
    swap: bool = True,
    played: int = 0,
    system: str = ROUND_ROBIN,
    result: Callable[[int, int, int], ResultCode] | None = None,
    federations: Mapping[int, str] | None = None,
) -> Tournament:
    """``n`` players, the first ``played`` rounds of the schedule played; ``result(round,
    white, black)`` is White's result (default: the lower number wins)."""
    settings = RoundRobinSettings(cycles, swap)
    rounds: dict[int, list[RoundEntry]] = {t: [] for t in range(1, n + 1)}
    opposite = {
        ResultCode.WIN: ResultCode.LOSS,
        ResultCode.LOSS: ResultCode.WIN,
        ResultCode.DRAW: ResultCode.DRAW,
        ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
        ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
    }
    for step in schedule(n, settings, system=system)[:played]:
        for pair in step.pairs:
            code = (
                result(step.round_number, pair.white, pair.black)
                if result
                else (ResultCode.WIN if pair.white < pair.black else ResultCode.LOSS)
            )
            rounds[pair.white].append(RoundEntry(pair.black, Colour.WHITE, code))
            rounds[pair.black].append(RoundEntry(pair.white, Colour.BLACK, opposite[code]))
        if step.bye is not None:
            rounds[step.bye].append(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))
    feds = federations or {}
    players = tuple(
        Player(
            tpn=t,
            name=f"Player {t:02d}",
            rating=2400 - 10 * t,
            federation=feds.get(t, ""),
            rounds=tuple(rounds[t]),
        )
        for t in range(1, n + 1)
    )
    return Tournament(
        players=players,
        total_rounds=total_rounds(system, n, settings),
        scoring=RR_SCORING,
        system=system,
        extra_records=(f"192 {code_192(system, settings)}",),
    )
