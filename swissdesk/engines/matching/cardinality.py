"""Cardinality matching shared by the FIDE Swiss engines: can the rest still all be paired?

Every system's completion criterion asks the same question ([C3]/[C4] of the Dutch,
Burstein and Dubov rules, C.04.4.2 art. 2.2.1, C.04.5 art. 3.4-3.6, Lim's art. 3.10.2 and
4.4): after some pairs are proposed, does a pairing of all other players not yet paired
(by legal pairs only) still exist? The engines keep one maximum matching of those players
and repair it with augmenting paths (Edmonds' blossom search, cardinality version) after
each change, so a question costs the few breadth-first searches it needs, not a matching.

- :func:`edmonds_search` - the search over adjacency lists (sparse graphs);
- :func:`dense_search` - the search over a pair predicate that tries unpaired neighbours
  first (small dense groups: most searches end at once);
- :class:`CompletionOracle` - a complete pairing of the players not yet paired, with a PAB
  vertex when one player is left over, players frozen out once their pair (or their PAB)
  is decided (Burstein, Dubov; the Dutch engine's own copy is dutch/completion.py);
- :class:`CardinalityMatcher` - a maximum matching of the vertices still in the graph, with
  the Gallai-Edmonds "missable" set (Lim).
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Iterable, Sequence

UNMATCHED = -1


def _blossom(
    v: int, to: int, base: list[int], match: list[int], parent: list[int]
) -> tuple[int, list[bool]]:
    """The edge ``v``-``to`` closes an odd cycle: its base (the nearest common ancestor
    in the search tree) and the vertices on it (by base), re-linked through the edge."""
    size = len(match)
    seen = [False] * size
    a, b = v, to
    while True:
        a = base[a]
        seen[a] = True
        if match[a] == UNMATCHED:
            break
        a = parent[match[a]]
    while True:
        b = base[b]
        if seen[b]:
            break
        b = parent[match[b]]
    in_blossom = [False] * size
    for x, child in ((v, to), (to, v)):
        while base[x] != b:
            in_blossom[base[x]] = in_blossom[base[match[x]]] = True
            parent[x] = child
            child = match[x]
            x = parent[match[x]]
    return b, in_blossom


def edmonds_search(
    root: int,
    match: list[int],
    adjacency: Sequence[Sequence[int]],
    blocked: Sequence[bool],
    *,
    augment: bool = True,
    even: list[int] | None = None,
) -> bool:
    """Edmonds' search for an augmenting path from the unpaired ``root``.

    ``adjacency[v]`` lists the vertices ``v`` may be paired with, ``blocked`` the vertices
    no path may use. If a path exists it is flipped in ``match`` (when ``augment``) and True
    is returned. The even (outer) vertices reached are appended to ``even`` if given: when
    no path exists they are the vertices some maximum matching leaves unpaired.
    """
    size = len(match)
    used = [False] * size
    parent = [UNMATCHED] * size
    base = list(range(size))
    used[root] = True
    if even is not None:
        even.append(root)
    queue = deque([root])

    while queue:
        v = queue.popleft()
        for to in adjacency[v]:
            if blocked[to] or base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != UNMATCHED and parent[match[to]] != UNMATCHED):
                current, in_blossom = _blossom(v, to, base, match, parent)
                for i in range(size):
                    if in_blossom[base[i]]:
                        base[i] = current
                        if not used[i]:
                            used[i] = True
                            if even is not None:
                                even.append(i)
                            queue.append(i)
            elif parent[to] == UNMATCHED:
                parent[to] = v
                if match[to] == UNMATCHED:
                    if augment:  # flip the path root .. to
                        while to != UNMATCHED:
                            p = parent[to]
                            nxt = match[p]
                            match[to] = p
                            match[p] = to
                            to = nxt
                    return True
                used[match[to]] = True
                if even is not None:
                    even.append(match[to])
                queue.append(match[to])
    return False


def dense_search(
    root: int,
    match: list[int],
    verts: Sequence[int],
    allowed: Callable[[int, int], bool],
    *,
    eager: bool = False,
    augment: bool = True,
    even: list[int] | None = None,
) -> bool:
    """Edmonds' search from the unpaired ``root`` over the vertices ``verts`` (increasing),
    any two of which may be paired when ``allowed(u, v)``.

    Each vertex taken from the queue first looks for an unpaired neighbour, which ends the
    search at once; with ``eager`` an outer vertex does so already when it joins the tree.
    Otherwise as :func:`edmonds_search`.
    """
    n = len(match)
    parent = [UNMATCHED] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    if even is not None:
        even.append(root)
    queue = deque([root])

    free = [w for w in verts if match[w] == UNMATCHED and w != root]

    def flip(v: int, to: int) -> bool:
        parent[to] = v
        if augment:
            while to != UNMATCHED:
                p = parent[to]
                nxt = match[p]
                match[to] = p
                match[p] = to
                to = nxt
        return True

    while queue:
        v = queue.popleft()
        for to in free:
            if allowed(v, to):
                return flip(v, to)
        for to in verts:
            if to == v or base[v] == base[to] or match[v] == to or not allowed(v, to):
                continue
            if to == root or (match[to] != UNMATCHED and parent[match[to]] != UNMATCHED):
                current, in_blossom = _blossom(v, to, base, match, parent)
                for i in verts:
                    if in_blossom[base[i]]:
                        base[i] = current
                        if not used[i]:
                            used[i] = True
                            if even is not None:
                                even.append(i)
                            queue.append(i)
            elif parent[to] == UNMATCHED:
                parent[to] = v
                if match[to] == UNMATCHED:
                    return flip(v, to)
                outer = match[to]
                if eager:
                    for u in free:
                        if allowed(outer, u):
                            return flip(outer, u)
                used[outer] = True
                if even is not None:
                    even.append(outer)
                queue.append(outer)
    return False


def row_typecode(vertex_count: int) -> str:
    """The ``array`` type of the oracle's adjacency rows for a graph of ``vertex_count``
    vertices (PAB vertex included): two bytes per edge up to 65,536 vertices. Rows built
    with it are adopted by :class:`CompletionOracle` without a copy."""
    return "H" if vertex_count <= 1 << 16 else "i"


class CompletionOracle:
    """A complete pairing of the players not yet paired, kept up to date.

    ``neighbours[v]`` lists the players ``v`` may legally meet. With ``bye_candidates``
    (an odd number of players) a dummy *PAB vertex* joined to every player who may take the
    bye ([C2]) is added, so that "complete" allows exactly one player left for the PAB.
    Players whose pair is decided (or who received the PAB) are *frozen*: no completion may
    use them.
    """

    def __init__(
        self, neighbours: Sequence[Sequence[int]], bye_candidates: Iterable[int] | None = None
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

    def complete(self) -> bool:
        """Pair greedily, then augment every unpaired player: does a complete pairing exist?

        On failure the kept pairing is a maximum one (one exposed player per failure)."""
        match, adjacency, frozen = self.match, self.adjacency, self.frozen
        for v in range(self.size):
            if match[v] == UNMATCHED and not frozen[v]:
                for u in adjacency[v]:
                    if match[u] == UNMATCHED and not frozen[u] and u != v:
                        match[v], match[u] = u, v
                        break
        ok = True
        for v in range(self.size):
            if match[v] == UNMATCHED and not frozen[v] and not self._augment(v, match, frozen):
                ok = False
        return ok

    def exposed(self) -> list[int]:
        """Players without a partner in the kept pairing (not frozen)."""
        return [v for v in range(self.size) if self.match[v] == UNMATCHED and not self.frozen[v]]

    def leave_out(self, v: int) -> bool:
        """Can everyone but ``v`` be paired? If so, ``v`` is frozen out of the pairing
        (it takes the PAB) and the kept pairing completes the others."""
        match = list(self.match)
        blocked = list(self.frozen)
        blocked[v] = True
        partner = match[v]
        if partner != UNMATCHED:
            match[partner] = match[v] = UNMATCHED
            if not self._augment(partner, match, blocked):
                return False
        if any(match[u] == UNMATCHED and not blocked[u] for u in range(self.size)):
            return False
        self.match = match
        self.frozen = blocked
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

    def freeze(self, pairs: Iterable[tuple[int, int]]) -> None:
        """``pairs`` are decided for good (they must be in the kept pairing)."""
        for a, b in pairs:
            assert self.match[a] == b
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
        for v in range(self.size):
            if match[v] == UNMATCHED and not blocked[v]:
                return False
        self.match = match
        return True

    def _augment(self, root: int, match: list[int], blocked: list[bool]) -> bool:
        return edmonds_search(root, match, self.adjacency, blocked)


class CardinalityMatcher:
    """A maximum matching of the *alive* vertices of a fixed graph, kept up to date.

    Answers how many pairings can still be made and whether a proposed pairing keeps that
    number (Lim art. 3.10.2, 4.4: "leave Player #1 with a compatible opponent").
    """

    __slots__ = ("adjacency", "blocked", "match", "n")

    def __init__(self, adjacency: Sequence[Sequence[int]]) -> None:
        self.adjacency = adjacency
        self.n = len(adjacency)
        self.blocked = [False] * self.n
        """Vertices taken out of the graph (paired or floated)."""
        self.match = [UNMATCHED] * self.n
        self._maximise()

    # ------------------------------------------------------------------ queries

    @property
    def alive(self) -> list[bool]:
        """Whether each vertex is still in the graph (a fresh list)."""
        return [not b for b in self.blocked]

    @property
    def size(self) -> int:
        """Number of pairs in the current (maximum) matching."""
        return sum(1 for v, m in enumerate(self.match) if m > v)

    def is_perfect(self) -> bool:
        """Whether every alive vertex is matched."""
        return all(self.match[v] != UNMATCHED for v in range(self.n) if not self.blocked[v])

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
        self.blocked[a] = self.blocked[b] = False
        return False

    def can_keep(self, a: int, b: int) -> bool:
        """:meth:`keeps_maximum` without changing anything."""
        saved, blocked_a, blocked_b = self.match[:], self.blocked[a], self.blocked[b]
        ok = self.keeps_maximum(a, b)
        self.match = saved
        self.blocked[a], self.blocked[b] = blocked_a, blocked_b
        return ok

    def remove(self, v: int) -> None:
        """Take ``v`` out of the graph (its mate becomes unmatched, no repair)."""
        m = self.match[v]
        if m != UNMATCHED:
            self.match[m] = UNMATCHED
            self.match[v] = UNMATCHED
        self.blocked[v] = True

    def remove_and_repair(self, v: int) -> None:
        """Take ``v`` out of the graph and restore a maximum matching of the rest."""
        m = self.match[v]
        self.remove(v)
        if m != UNMATCHED:
            self._augment(m)

    def restore(self, v: int) -> None:
        """Put ``v`` back and restore a maximum matching."""
        self.blocked[v] = False
        self._augment(v)

    def missable(self) -> set[int]:
        """Alive vertices that some maximum matching leaves unmatched (Gallai-Edmonds D).

        Removing such a vertex does not decrease the number of pairings (art. 3.10.2).
        """
        out: set[int] = set()
        for v in range(self.n):
            if not self.blocked[v] and self.match[v] == UNMATCHED:
                even: list[int] = []
                found = edmonds_search(
                    v, self.match, self.adjacency, self.blocked, augment=False, even=even
                )
                assert not found
                out.update(even)
        return out

    # ---------------------------------------------------------------- internals

    def _maximise(self) -> None:
        match, adjacency, blocked = self.match, self.adjacency, self.blocked
        for v in range(self.n):
            if not blocked[v] and match[v] == UNMATCHED:
                for u in adjacency[v]:
                    if not blocked[u] and match[u] == UNMATCHED:
                        match[u], match[v] = v, u
                        break
        for v in range(self.n):
            if not blocked[v] and match[v] == UNMATCHED:
                self._augment(v)

    def _augment(self, root: int) -> bool:
        return edmonds_search(root, self.match, self.adjacency, self.blocked)
