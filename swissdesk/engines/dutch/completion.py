"""The completion criterion [C4] as a cardinality-matching check (C.04.3 art. 2.2).

The Dutch engine optimises each bracket on a small graph of the bracket's players only, and
asks this module whether the pairs it chose can be completed: can every other player still
to be paired be paired too, with at most one player left over who may take the PAB ([C2],
[C5])? The answer comes from a perfect matching of the remaining players plus, when their
number is odd, a dummy *PAB vertex* joined to every player who may take the bye.

The module keeps one complete pairing of the whole field and repairs it with augmenting
paths (Edmonds' blossom search, cardinality version) after each change, so a check costs
about as much as the few paths it needs, not a full matching.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Iterable, Sequence

UNMATCHED = -1


def row_typecode(vertex_count: int) -> str:
    """The ``array`` type of the oracle's adjacency rows for a graph of ``vertex_count``
    vertices (PAB vertex included): two bytes per edge up to 65,536 vertices. Rows built
    with it are adopted by :class:`CompletionOracle` without a copy."""
    return "H" if vertex_count <= 1 << 16 else "i"


class CompletionOracle:
    """A complete pairing of the players not yet paired, kept up to date."""

    def __init__(
        self, neighbours: Sequence[Sequence[int]], bye_candidates: Iterable[int] | None
    ) -> None:
        n = len(neighbours)
        self.n = n
        self.size = n + (1 if bye_candidates is not None else 0)
        self.bye_vertex = n if bye_candidates is not None else None
        # Compact rows: a big field's adjacency would otherwise cost an int object per
        # edge. Rows already in that form are adopted, not copied.
        self.typecode = typecode = row_typecode(self.size)
        adjacency = [
            row if isinstance(row, array) and row.typecode == typecode else array(typecode, row)
            for row in neighbours
        ]
        if bye_candidates is not None:
            candidates = sorted(bye_candidates)
            for c in candidates:
                adjacency[c].append(n)
            adjacency.append(array(typecode, candidates))
        self.adjacency = adjacency
        self.match = [UNMATCHED] * self.size
        self.frozen = [False] * self.size
        """Players whose pair is decided: the completion may not use them."""

    def complete(self) -> bool:
        """Greedily pair, then augment every unpaired player: is a complete pairing possible?"""
        match, adjacency = self.match, self.adjacency
        for v in range(self.size):
            if match[v] == UNMATCHED:
                for u in adjacency[v]:
                    if match[u] == UNMATCHED and u != v:
                        match[v], match[u] = u, v
                        break
        blocked = self.frozen
        for v in range(self.size):
            if match[v] == UNMATCHED and not self._augment(v, match, blocked):
                return False
        return True

    def restrict_bye(self, allowed: Iterable[int]) -> bool:
        """Let only ``allowed`` take the PAB, if a complete pairing remains ([C5]).

        On failure nothing changes.
        """
        bye = self.bye_vertex
        assert bye is not None
        allowed_set = set(allowed)
        old_adjacency = self.adjacency
        adjacency = list(old_adjacency)
        for c in set(old_adjacency[bye]) | allowed_set:
            row = old_adjacency[c]
            if c not in allowed_set:
                adjacency[c] = array(self.typecode, (u for u in row if u != bye))
            elif bye not in row:
                adjacency[c] = array(self.typecode, (*row, bye))
        adjacency[bye] = array(self.typecode, sorted(allowed_set))
        match = list(self.match)
        partner = match[bye]
        self.adjacency = adjacency
        if partner != UNMATCHED and partner not in allowed_set:
            match[bye] = match[partner] = UNMATCHED
            if not self._augment(partner, match, self.frozen):
                self.adjacency = old_adjacency
                return False
        self.match = match
        return True

    def mates(self) -> list[int]:
        """The kept pairing as matcher mates (an unpaired or PAB player is its own mate)."""
        return [m if 0 <= m < self.n else v for v, m in enumerate(self.match[: self.n])]

    def fix(self, a: int, b: int) -> None:
        """``a`` and ``b`` are paired for good (they must already be paired here)."""
        self.frozen[a] = self.frozen[b] = True

    def rematch(self, pairs: Iterable[tuple[int, int]]) -> None:
        """Pair the players of ``pairs`` so, among themselves (they were paired among
        themselves before, so the rest of the pairing stays complete)."""
        match = self.match
        for a, b in pairs:
            match[a] = b
            match[b] = a

    def adopt(self, mates: list[int]) -> None:
        """Take over a complete pairing computed elsewhere (by the full weighted matching)."""
        match = [UNMATCHED] * self.size
        for v, mate in enumerate(mates):
            if mate != v:
                match[v] = mate
            elif self.bye_vertex is not None:
                assert match[self.bye_vertex] == UNMATCHED, "two players left unpaired"
                match[v] = self.bye_vertex
                match[self.bye_vertex] = v
        self.match = match

    def completes(self, pairs: Iterable[tuple[int, int]]) -> bool:
        """Can ``pairs`` (players not yet fixed) be part of a complete round-pairing?

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
        for v in range(self.size):
            if match[v] == UNMATCHED and not blocked[v]:
                return False
        self.match = match
        return True

    def _augment(self, root: int, match: list[int], blocked: list[bool]) -> bool:
        """Edmonds' search for an augmenting path from ``root``; flips it if found."""
        size = self.size
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
                        # Flip the path root .. to.
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
