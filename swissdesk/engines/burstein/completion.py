"""The completion criterion [C4] as a cardinality-matching check (C.04.4.2 art. 2.2.1).

"A pairing complying with all the absolute criteria shall always exist for all players not
yet paired." The engine keeps one complete pairing of every player still to be paired (legal
pairs only: [C1], [C3]) and repairs it with augmenting paths (Edmonds' blossom search,
cardinality version) whenever a bracket proposes pairs, so that a check costs about the few
paths it needs instead of a whole matching.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

UNMATCHED = -1


class CompletionOracle:
    """A complete pairing of the players not yet paired, kept up to date.

    ``neighbours[v]`` lists the players ``v`` may legally meet. Players whose pair is
    decided (or who received the PAB) are *frozen*: no completion may use them.
    """

    def __init__(self, neighbours: Sequence[Sequence[int]]) -> None:
        self.n = len(neighbours)
        self.adjacency = neighbours
        self.match = [UNMATCHED] * self.n
        self.frozen = [False] * self.n

    def complete(self) -> bool:
        """Pair greedily, then augment every unpaired player: does a complete pairing exist?

        On failure the kept pairing is a maximum one (one exposed player per failure)."""
        match, adjacency, frozen = self.match, self.adjacency, self.frozen
        for v in range(self.n):
            if match[v] == UNMATCHED and not frozen[v]:
                for u in adjacency[v]:
                    if match[u] == UNMATCHED and not frozen[u] and u != v:
                        match[v], match[u] = u, v
                        break
        ok = True
        for v in range(self.n):
            if match[v] == UNMATCHED and not frozen[v] and not self._augment(v, match, frozen):
                ok = False
        return ok

    def exposed(self) -> list[int]:
        """Players without a partner in the kept pairing (not frozen)."""
        return [v for v in range(self.n) if self.match[v] == UNMATCHED and not self.frozen[v]]

    def leave_out(self, v: int) -> bool:
        """Can everyone but ``v`` be paired? If so, ``v`` is frozen out of the pairing
        (it takes the PAB, art. 3.1.2) and the kept pairing completes the others."""
        match = list(self.match)
        blocked = list(self.frozen)
        blocked[v] = True
        partner = match[v]
        if partner != UNMATCHED:
            match[partner] = match[v] = UNMATCHED
            if not self._augment(partner, match, blocked):
                return False
        if any(match[u] == UNMATCHED and not blocked[u] for u in range(self.n)):
            return False
        self.match = match
        self.frozen = blocked
        return True

    def completes(self, pairs: Iterable[tuple[int, int]]) -> bool:
        """Can ``pairs`` (players not yet frozen) be part of a complete pairing?

        On success the kept pairing is updated to contain them; on failure it is unchanged.
        """
        match = list(self.match)
        blocked = list(self.frozen)
        exposed: list[int] = []
        for a, b in pairs:
            blocked[a] = blocked[b] = True
            if match[a] == b:
                continue
            for x in (a, b):
                partner = match[x]
                if partner != UNMATCHED and partner not in (a, b):
                    match[partner] = UNMATCHED
                    exposed.append(partner)
            match[a], match[b] = b, a
        for v in exposed:
            if match[v] == UNMATCHED and not blocked[v] and not self._augment(v, match, blocked):
                return False
        for v in range(self.n):
            if match[v] == UNMATCHED and not blocked[v]:
                return False
        self.match = match
        return True

    def freeze(self, pairs: Iterable[tuple[int, int]]) -> None:
        """``pairs`` are decided for good (they must be in the kept pairing)."""
        for a, b in pairs:
            assert self.match[a] == b
            self.frozen[a] = self.frozen[b] = True

    def _augment(self, root: int, match: list[int], blocked: list[bool]) -> bool:
        """Edmonds' search for an augmenting path from ``root``; flips it if found."""
        size = self.n
        adjacency = self.adjacency
        used = [False] * size
        parent = [UNMATCHED] * size
        base = list(range(size))
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * size
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

        def mark_path(v: int, b: int, child: int, in_blossom: list[bool]) -> None:
            while base[v] != b:
                in_blossom[base[v]] = in_blossom[base[match[v]]] = True
                parent[v] = child
                child = match[v]
                v = parent[match[v]]

        while queue:
            v = queue.popleft()
            for to in adjacency[v]:
                if blocked[to] or base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] != UNMATCHED and parent[match[to]] != UNMATCHED):
                    current = lca(v, to)
                    in_blossom = [False] * size
                    mark_path(v, current, to, in_blossom)
                    mark_path(to, current, v, in_blossom)
                    for i in range(size):
                        if in_blossom[base[i]]:
                            base[i] = current
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == UNMATCHED:
                    parent[to] = v
                    if match[to] == UNMATCHED:
                        while to != UNMATCHED:
                            p = parent[to]
                            nxt = match[p]
                            match[to] = p
                            match[p] = to
                            to = nxt
                        return True
                    used[match[to]] = True
                    queue.append(match[to])
        return False
