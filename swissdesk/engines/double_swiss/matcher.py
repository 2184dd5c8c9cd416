"""Perfect matchings of one group of players, kept up to date while constraints are added.

The Double-Swiss engine asks many yes/no questions of the form "is there still a legal
pairing of these players if ...": if this player is the top member of its pair, if these two
are paired, if this player floats out (C.04.5 art. 3.4.1, 3.5, 3.6, [C3]). Each is answered by
keeping one maximum matching and repairing it with one augmenting-path search (Edmonds'
blossom search) after the change, so a question costs one search, usually a short one.

Vertices are local indices ``0..n-1`` (the engine numbers a group's players in TPN order, so
"smaller index" is "smaller TPN"). An edge ``{u, v}`` exists when ``ok[u * n + v]`` is set, both
ends are alive, and the *labels* allow it: a vertex labelled ``TOP`` must be paired with a
larger index, one labelled ``BOTTOM`` with a smaller one (art. 3.6.1 top/bottom members).
"""

from __future__ import annotations

from collections.abc import Iterable

from swissdesk.engines.matching.cardinality import dense_search

FREE = -1
NO_LABEL = 0
TOP = 1
BOTTOM = 2


class Matcher:
    """A maximum matching of the alive vertices under the current edge constraints."""

    __slots__ = ("alive", "label", "match", "n", "ok")

    def __init__(
        self,
        n: int,
        ok: bytearray,
        members: Iterable[int] | None = None,
        hint: Iterable[tuple[int, int]] = (),
    ) -> None:
        """The vertices ``members`` (default all) of the graph ``ok``, matched greedily along
        ``hint`` (pairs tried first), then augmented to a maximum matching."""
        self.n = n
        self.ok = ok
        if members is None:
            self.alive = [True] * n
        else:
            self.alive = [False] * n
            for v in members:
                self.alive[v] = True
        self.label = [NO_LABEL] * n
        self.match = [FREE] * n
        for u, v in hint:
            if self.match[u] == FREE and self.match[v] == FREE and self.edge(u, v):
                self.match[u] = v
                self.match[v] = u
        self.maximise()

    def copy(self) -> Matcher:
        other = Matcher.__new__(Matcher)
        other.n = self.n
        other.ok = self.ok
        other.alive = self.alive[:]
        other.label = self.label[:]
        other.match = self.match[:]
        return other

    # ------------------------------------------------------------------ queries

    def edge(self, u: int, v: int) -> bool:
        """Whether ``u`` and ``v`` may be paired now."""
        if u == v or not (self.alive[u] and self.alive[v]) or not self.ok[u * self.n + v]:
            return False
        lo, hi = (u, v) if u < v else (v, u)
        return self.label[lo] != BOTTOM and self.label[hi] != TOP

    def exposed(self) -> list[int]:
        return [v for v in range(self.n) if self.alive[v] and self.match[v] == FREE]

    def is_perfect(self) -> bool:
        return not self.exposed()

    def missable(self) -> set[int]:
        """Alive vertices left unpaired by some maximum matching (Gallai-Edmonds D(G)).

        With exactly one exposed vertex these are the players whose removal leaves a perfect
        matching of the others.
        """
        out: set[int] = set()
        for v in self.exposed():
            found, even = self._blossom_search(v, False)
            assert not found
            out.update(even)
        return out

    def can_drop(self, v: int) -> bool:
        """With one exposed vertex: can ``v`` be left out, the others perfectly matched?"""
        m = self.match[v]
        if m == FREE:
            return True
        saved = self.match[:]
        self.match[v] = self.match[m] = FREE
        self.alive[v] = False
        found = self._augment(m)
        self.match = saved
        self.alive[v] = True
        return found

    # ---------------------------------------------------------------- changes

    def maximise(self) -> None:
        """Augment until the matching is maximum.

        A search needs two exposed vertices: with one left the matching is maximum already
        (an odd group), so no search is spent proving it.
        """
        match = self.match
        exposed = self.exposed()
        stuck = 0
        for v in exposed:
            if match[v] != FREE:
                continue
            free_left = sum(1 for w in exposed if match[w] == FREE)
            if free_left - stuck < 2:
                break
            if not self._augment(v):
                stuck += 1

    def try_label(self, x: int, label: int) -> bool:
        """Label ``x`` TOP or BOTTOM if a perfect matching survives; otherwise change nothing."""
        old = self.label[x]
        self.label[x] = label
        m = self.match[x]
        if m == FREE or self.edge(x, m):
            return True
        self.match[x] = self.match[m] = FREE
        if self._augment(m):
            return True
        self.match[x], self.match[m] = m, x
        self.label[x] = old
        return False

    def try_fix(self, a: int, b: int) -> bool:
        """Pair ``a`` with ``b`` and take both out, if the others keep a perfect matching."""
        match = self.match
        if match[a] == b:
            self.alive[a] = self.alive[b] = False
            return True
        if not self.edge(a, b):
            return False
        saved = match[:]
        ma, mb = match[a], match[b]
        for v in (ma, mb):
            if v != FREE:
                match[v] = FREE
        match[a], match[b] = b, a
        self.alive[a] = self.alive[b] = False
        ok = True
        if ma != FREE and mb != FREE:
            ok = self._augment(ma)
        elif ma != FREE or mb != FREE:
            ok = False
        if not ok:
            self.match = saved
            self.alive[a] = self.alive[b] = True
        return ok

    # ---------------------------------------------------------------- search

    def _augment(self, root: int) -> bool:
        return self._blossom_search(root, True)[0]

    def _blossom_search(self, root: int, augment: bool) -> tuple[bool, list[int]]:
        """Edmonds' search from the exposed ``root``; augments if asked and a path exists.

        Returns whether an augmenting path exists and the even (outer) vertices reached.
        """
        n, alive, ok, label = self.n, self.alive, self.ok, self.label

        def allowed(v: int, to: int) -> bool:
            if not ok[v * n + to]:
                return False
            if to > v:
                return label[v] != BOTTOM and label[to] != TOP
            return label[v] != TOP and label[to] != BOTTOM

        even: list[int] = []
        verts = [v for v in range(n) if alive[v]]
        found = dense_search(root, self.match, verts, allowed, augment=augment, even=even)
        return found, even
