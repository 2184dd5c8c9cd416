"""The Lim system (FIDE C.04.4.3, text applied from 1 February 2026), registered as ``lim``.

See :mod:`swissdesk.engines.lim.engine` for the procedure.
"""

from __future__ import annotations

from dataclasses import replace

from swissdesk.engines.base import Pair, RoundPairing, register
from swissdesk.engines.lim.engine import LimOptions, LimResult, pair_lim
from swissdesk.engines.lim.verify import verify_lim
from swissdesk.model.tournament import Tournament


class LimEngine:
    """Tournament snapshot in, Lim pairing out."""

    name = "lim"

    def __init__(self, *, maxi: bool = False, edition: str = "2026") -> None:
        self.options = LimOptions(maxi=maxi, edition=edition)

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        """Pair ``round_number`` (default: the next one) and verify the absolute criteria."""
        if round_number is None:
            round_number = tournament.rounds_with_pairings + 1
        result = pair_lim(tournament, round_number, self.options)
        pairing = to_round_pairing(tournament, result, round_number)
        if explain:
            from swissdesk.engines.lim.explain import explain_lim

            pairing = replace(pairing, explanation=tuple(explain_lim(result, pairing)))
        verify_lim(tournament, pairing, self.options.edition)
        return pairing


def to_round_pairing(t: Tournament, result: LimResult, round_number: int) -> RoundPairing:
    """Boards in the order of C.04.2 art. 3.6: the higher ranked player's score, the sum of
    both scores, the higher ranked player's TPN (real scores, not accelerated)."""
    states = {p.tpn: p for p in t.players}
    del states
    from swissdesk.model.state import build_states

    st = build_states(t, round_number)

    def key(board: tuple[int, int]) -> tuple[int, int, int]:
        a, b = board
        ha, hb = (st[a].score, -a), (st[b].score, -b)
        high, low = (a, b) if ha > hb else (b, a)
        return (-st[high].score, -(st[high].score + st[low].score), high)

    boards = sorted(result.boards, key=key)
    return RoundPairing(
        round_number=round_number,
        pairs=tuple(Pair(w, b) for w, b in boards),
        bye=result.bye,
    )


register("lim", LimEngine)

__all__ = ["LimEngine", "LimOptions", "pair_lim"]
