"""Maximum-cardinality matching on general graphs (Edmonds' blossom search).

The Lim engine asks two questions many times over the players of one scoregroup: how many
pairings can still be made (art. 3.10.2, art. 4.4: "leave Player #1 with a compatible
opponent"), and can a given proposed pairing be kept without losing a pairing elsewhere
(art. 4.4, 3.5). Both are answered by keeping one maximum matching of the players still to
be paired and repairing it with augmenting paths after each change, so a question costs a
few breadth-first searches, not a new matching.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

UNMATCHED = -1


class CardinalityMatcher:
    """A maximum matching of the *alive* vertices of a fixed graph, kept up to date."""

    __slots__ = ("adjacency", "alive", "match", "n")

    def __init__(self, adjacency: Sequence[Sequence[int]]) -> None:
        self.adjacency = adjacency
        self.n = len(adjacency)
        self.alive = [True] * self.n
        self.match = [UNMATCHED] * self.n
        self._maximise()

    # ------------------------------------------------------------------ queries

    @property
    def size(self) -> int:
        """Number of pairs in the current (maximum) matching."""
        return sum(1 for v, m in enumerate(self.match) if m > v)

    def is_perfect(self) -> bool:
        """Whether every alive vertex is matched."""
        return all(self.match[v] != UNMATCHED for v in range(self.n) if self.alive[v])

    def keeps_maximum(self, a: int, b: int) -> bool:
        """Can ``a`` and ``b`` be paired with a maximum number of pairings kept?

        True when some maximum matching contains the edge ``{a, b}``; the matcher is then
        left with ``a`` and ``b`` removed and a maximum matching of the others. Otherwise
        nothing changes.
        """
        match = self.match
        if match[a] == b:
            self.remove(a)
            self.remove(b)
            return True
        saved = match[:]
        before = self.size
        freed = [m for m in (match[a], match[b]) if m not in (UNMATCHED, a, b)]
        self.remove(a)
        self.remove(b)
        for v in freed:
            if match[v] == UNMATCHED:
                self._augment(v)
        if self.size >= before - 1:
            return True
        self.match = saved
        self.alive[a] = self.alive[b] = True
        return False

    def can_keep(self, a: int, b: int) -> bool:
        """:meth:`keeps_maximum` without changing anything."""
        saved, alive_a, alive_b = self.match[:], self.alive[a], self.alive[b]
        ok = self.keeps_maximum(a, b)
        self.match = saved
        self.alive[a], self.alive[b] = alive_a, alive_b
        return ok

    def remove(self, v: int) -> None:
        """Take ``v`` out of the graph (its mate becomes unmatched, no repair)."""
        m = self.match[v]
        if m != UNMATCHED:
            self.match[m] = UNMATCHED
            self.match[v] = UNMATCHED
        self.alive[v] = False

    def remove_and_repair(self, v: int) -> None:
        """Take ``v`` out of the graph and restore a maximum matching of the rest."""
        m = self.match[v]
        self.remove(v)
        if m != UNMATCHED:
            self._augment(m)

    def restore(self, v: int) -> None:
        """Put ``v`` back and restore a maximum matching."""
        self.alive[v] = True
        self._augment(v)

    def missable(self) -> set[int]:
        """Alive vertices that some maximum matching leaves unmatched (Gallai-Edmonds D).

        Removing such a vertex does not decrease the number of pairings (art. 3.10.2).
        """
        out: set[int] = set()
        for v in range(self.n):
            if self.alive[v] and self.match[v] == UNMATCHED:
                found, even = self._search(v, augment=False)
                assert not found
                out.update(even)
        return out

    # ---------------------------------------------------------------- internals

    def _maximise(self) -> None:
        match, adjacency, alive = self.match, self.adjacency, self.alive
        for v in range(self.n):
            if alive[v] and match[v] == UNMATCHED:
                for u in adjacency[v]:
                    if alive[u] and match[u] == UNMATCHED:
                        match[u], match[v] = v, u
                        break
        for v in range(self.n):
            if alive[v] and match[v] == UNMATCHED:
                self._augment(v)

    def _augment(self, root: int) -> bool:
        found, _ = self._search(root, augment=True)
        return found

    def _search(self, root: int, *, augment: bool) -> tuple[bool, list[int]]:
        """Edmonds' search from ``root``: augment if a path exists; else the even vertices."""
        n, match, adjacency, alive = self.n, self.match, self.adjacency, self.alive
        parent = [UNMATCHED] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        even = [root]
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if match[a] == UNMATCHED:
                    break
                a = parent[match[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[match[b]]

        def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[match[v]]] = True
                parent[v] = child
                child = match[v]
                v = parent[match[v]]

        while queue:
            v = queue.popleft()
            for to in adjacency[v]:
                if not alive[to] or base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] != UNMATCHED and parent[match[to]] != UNMATCHED):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark_path(v, cur, to, blossom)
                    mark_path(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                even.append(i)
                                queue.append(i)
                elif parent[to] == UNMATCHED:
                    parent[to] = v
                    if match[to] == UNMATCHED:
                        if augment:
                            u = to
                            while u != UNMATCHED:
                                pv = parent[u]
                                nxt = match[pv]
                                match[u] = pv
                                match[pv] = u
                                u = nxt
                        return True, even
                    m = match[to]
                    used[m] = True
                    even.append(m)
                    queue.append(m)
        return False, even
