"""The FIDE Burstein system (C.04.4.2, rules applied from 1 February 2026), registered as
``burstein``.

* Seeding rounds (art. 1.6): rounds 1 to min(rounds // 2, 4) are paired with the FIDE Dutch
  system (``swissdesk.engines.dutch``); a tournament whose number of rounds is unknown is
  given the maximum of 4 seeding rounds.
* Later rounds: :mod:`.engine` (Index and ranking art. 1.7-1.8 in :mod:`.index`, PAB art. 3.1,
  criteria [C1]-[C8] art. 2, candidate order art. 4, colours art. 5, board order C.04.2
  art. 3.6), explained bracket by bracket (:mod:`.explain`).
* Every pairing is checked by the independent verifier of the absolute criteria
  (:mod:`swissdesk.engines.verify`) before it is returned.
* Readings: ``shared/corpus/readings.md`` (D-BUR-1 .. D-BUR-13, D-COM-*); details and the
  article-by-article map in ``docs/engines/burstein.md``.
* Measured: the shared reference corpus agrees in full (368 of 368 cut cases, 56 of 56 whole
  tournaments re-checked, 3 of 3 impossible rounds refused); one round of 1,000 players takes
  about 1.2 s of CPU (``benchmarks/bench_burstein.py``).
"""

from __future__ import annotations

from dataclasses import replace

from swissdesk.engines.base import RoundPairing, get_engine, register
from swissdesk.engines.burstein.engine import BursteinResult, pair_burstein, to_round_pairing
from swissdesk.engines.verify import verify_absolute_criteria
from swissdesk.i18n import said
from swissdesk.model.tournament import Tournament

MAX_SEEDING_ROUNDS = 4


def seeding_rounds(total_rounds: int) -> int:
    """Art. 1.6.2: half the rounds, rounded down, or 4, whichever is lower (4 when the number
    of rounds is not known)."""
    if total_rounds <= 0:
        return MAX_SEEDING_ROUNDS
    return min(total_rounds // 2, MAX_SEEDING_ROUNDS)


class BursteinEngine:
    """Tournament snapshot in, Burstein pairing out (C.04.4.2)."""

    name = "burstein"

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        """Pair ``round_number`` (default: the next one) and verify the absolute criteria."""
        if round_number is None:
            round_number = tournament.rounds_with_pairings + 1
        if round_number <= seeding_rounds(tournament.total_rounds):
            # Art. 1.6.1: a seeding round follows the rules of the FIDE (Dutch) System.
            pairing = get_engine("dutch").pair(tournament, round_number, explain=explain)
            if explain:
                head = said(
                    "Round {round} is a seeding round of the Burstein system "
                    "(C.04.4.2 art. 1.6): paired with the FIDE (Dutch) System.",
                    round=round_number,
                )
                pairing = replace(pairing, explanation=(head, *pairing.explanation))
            return pairing
        result = pair_burstein(tournament, round_number)
        pairing = to_round_pairing(tournament, result, round_number)
        if explain:
            from swissdesk.engines.burstein.explain import explain_result

            pairing = replace(pairing, explanation=tuple(explain_result(result, round_number)))
        verify_absolute_criteria(tournament, pairing)
        return pairing


register("burstein", BursteinEngine)

__all__ = ["BursteinEngine", "BursteinResult", "pair_burstein", "seeding_rounds"]
