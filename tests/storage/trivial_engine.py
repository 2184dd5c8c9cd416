"""A trivial, deterministic pairing "system" registered as ``test-trivial`` for storage tests.

Storage must not depend on the Dutch engine being finished; this engine only has to return
a structurally valid pairing of the players available in the snapshot.
"""

from __future__ import annotations

from swissdesk.engines import Pair, RoundPairing, register
from swissdesk.model import Tournament, build_states

TRIVIAL = "test-trivial"


class TrivialEngine:
    """Pairs the available players in (score, TPN) order, first with second, and so on.

    Not a Swiss system: just deterministic pairs for testing storage. The PAB goes to the
    last player; White to the first of each pair on odd boards, the second on even boards.
    """

    name = TRIVIAL

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        states = build_states(tournament, round_number)
        n = round_number or tournament.rounds_with_pairings + 1
        order = sorted((s for s in states.values() if s.available), key=lambda s: (-s.score, s.tpn))
        bye = order.pop().tpn if len(order) % 2 else None
        pairs = []
        for i in range(0, len(order), 2):
            a, b = order[i].tpn, order[i + 1].tpn
            pairs.append(Pair(a, b) if (i // 2 + n) % 2 == 0 else Pair(b, a))
        return RoundPairing(n, tuple(pairs), bye)


register(TRIVIAL, TrivialEngine)
