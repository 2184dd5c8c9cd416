"""The FIDE Dutch system (C.04.3), registered as ``dutch``; see :mod:`.engine`."""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing, register
from swissdesk.engines.dutch.engine import DutchResult, pair_dutch, to_round_pairing
from swissdesk.engines.verify import verify_absolute_criteria
from swissdesk.model.tournament import Tournament


class DutchEngine:
    """Tournament snapshot in, Dutch pairing out (C.04.3, rules from 1 February 2026)."""

    name = "dutch"

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        """Pair ``round_number`` (default: the next one) and verify the absolute criteria."""
        if round_number is None:
            round_number = tournament.rounds_with_pairings + 1
        result = pair_dutch(tournament, round_number)
        pairing = to_round_pairing(tournament, result, round_number)
        if explain:
            pairing = _with_explanation(tournament, result, pairing)
        verify_absolute_criteria(tournament, pairing)
        return pairing


def _with_explanation(t: Tournament, result: DutchResult, pairing: RoundPairing) -> RoundPairing:
    from dataclasses import replace

    from swissdesk.engines.dutch.explain import explain_brackets

    states = {tpn: r.state for tpn, r in result.ranked.items()}
    played = pairing.round_number - 1
    top = played * max(t.scoring.win, t.scoring.draw)
    last = t.total_rounds > 0 and played >= t.total_rounds - 1
    topscorers = frozenset(
        tpn for tpn, r in result.ranked.items() if last and 2 * r.pairing_score > top
    )
    lines = explain_brackets(result.brackets, states, pairing, topscorers)
    return replace(pairing, explanation=tuple(lines))


register("dutch", DutchEngine)

__all__ = ["DutchEngine", "pair_dutch"]
