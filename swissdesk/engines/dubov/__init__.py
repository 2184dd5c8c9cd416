"""The FIDE Dubov system (C.04.4.1), registered as ``dubov``; see :mod:`.engine`."""

from __future__ import annotations

from dataclasses import replace

from swissdesk.engines.base import CriteriaViolation, RoundPairing, register
from swissdesk.engines.dubov.engine import DubovResult, pair_dubov, to_round_pairing
from swissdesk.engines.dubov.explain import explain_round
from swissdesk.engines.verify import absolute_criteria_problems
from swissdesk.model.state import PreferenceStrength, build_states
from swissdesk.model.tournament import Tournament


class DubovEngine:
    """Tournament snapshot in, Dubov pairing out (C.04.4.1, rules from 1 February 2026)."""

    name = "dubov"

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        """Pair ``round_number`` (default: the next one) and verify the absolute criteria."""
        if round_number is None:
            round_number = tournament.rounds_with_pairings + 1
        result: DubovResult = pair_dubov(tournament, round_number)
        pairing = to_round_pairing(tournament, result, round_number)
        if explain:
            pairing = replace(pairing, explanation=tuple(explain_round(result, pairing)))
        verify_dubov(tournament, pairing)
        return pairing


def verify_dubov(tournament: Tournament, pairing: RoundPairing) -> None:
    """The independent check after every pairing: the shared verifier (C.04.1 art. 2-4,
    completeness, [C2]) plus Dubov's [C3] without the Dutch topscorer exception
    (C.04.4.1 art. 2.1.3)."""
    problems = absolute_criteria_problems(tournament, pairing)
    states = build_states(tournament, pairing.round_number)
    for pair in pairing.pairs:
        w, b = states.get(pair.white), states.get(pair.black)
        if w is None or b is None:
            continue
        if (
            w.strength is PreferenceStrength.ABSOLUTE
            and b.strength is PreferenceStrength.ABSOLUTE
            and w.preference is b.preference
        ):
            flagged = f"[C3] {pair.white} and {pair.black} "
            if not any(p.startswith(flagged) for p in problems):
                problems.append(flagged + "have the same absolute colour preference")
    if problems:
        raise CriteriaViolation(f"round {pairing.round_number}: " + "; ".join(problems))


register("dubov", DubovEngine)

__all__ = ["DubovEngine", "pair_dubov", "verify_dubov"]
