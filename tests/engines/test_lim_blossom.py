"""The Lim engine's cardinality matching against brute force on small random graphs.

It answers "how many pairings can the group still make" (art. 3.10.2, 4.4) and "does this
pairing keep that number" (art. 3.5, 3.8, 4.4); both are checked here exhaustively.
"""

from __future__ import annotations

import random
from functools import cache

from swissdesk.engines.matching.cardinality import CardinalityMatcher


def _brute_size(edges: frozenset[tuple[int, int]], vertices: frozenset[int]) -> int:
    @cache
    def best(left: frozenset[int]) -> int:
        if not left:
            return 0
        v = min(left)
        rest = left - {v}
        out = best(rest)
        for a, b in edges:
            u = b if a == v else a if b == v else None
            if u is not None and u in rest:
                out = max(out, 1 + best(rest - {u}))
        return out

    return best(vertices)


def test_matcher_agrees_with_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(150):
        n = rng.randint(1, 8)
        edges = frozenset(
            (i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < rng.random()
        )
        adjacency: list[list[int]] = [[] for _ in range(n)]
        for i, j in edges:
            adjacency[i].append(j)
            adjacency[j].append(i)
        everyone = frozenset(range(n))
        full = _brute_size(edges, everyone)
        m = CardinalityMatcher(adjacency)
        assert m.size == full
        assert m.is_perfect() == (2 * full == n)
        missable = m.missable()
        for v in range(n):
            assert (v in missable) == (_brute_size(edges, everyone - {v}) == full)
        for i, j in edges:
            keeps = _brute_size(edges, everyone - {i, j}) == full - 1
            assert m.can_keep(i, j) == keeps
            assert m.size == full
        v = rng.randrange(n)
        m.remove_and_repair(v)
        assert m.size == _brute_size(edges, everyone - {v})
        m.restore(v)
        assert m.size == full
