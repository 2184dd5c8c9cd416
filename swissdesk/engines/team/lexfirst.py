"""The first pairing of a bracket in identifier order among the best ones (C.04.6 art. 3.6).

Art. 3.6.2 identifies a pairing by the TPNs of its top members in ascending order followed
by the TPNs of their bottom members; 3.6.4 takes the first identifier whose pairing complies
best with [C1], [C8], [C9], [C10]. Encoding the identifier as weights gives every edge its
own weight, and the matching then needs O(n^3) dual steps (seconds for 200 teams). This
module decides the identifier position by position instead, each decision checked by a
feasibility oracle: "is there a perfect matching of the bracket, with the least total
penalty, that keeps all decisions so far?" (one warm-started weighted matching whose
weights hold only the penalty, so few distinct values).

1. Top members, by ascending TPN: the smallest element of the symmetric difference decides
   a lexicographic comparison of two sorted sets of equal size, so each team in turn is made
   a top member (partner with a larger TPN) if the oracle allows it, else a bottom member.
   Once half the teams are tops, the others are bottoms.
2. Bottom members, by ascending TPN of the top member: the smallest bottom member the
   oracle allows is fixed as its partner.

A decision the current optimal matching already satisfies needs no oracle call; a small
bias in the weights (the first half against the second half, then the i-th top against the
i-th bottom, both below the penalty) makes the matching start near the answer. Exact: the
tests compare it with the lexicographic-weight encoding on random brackets.
"""

from __future__ import annotations

from collections.abc import Callable

from swissdesk.engines.matching import MatchingComputer

PenaltyFn = Callable[[int, int], "int | None"]


def lex_first_pairing(n: int, penalty: PenaltyFn) -> list[int] | None:
    """Mates (by index) of the first optimal pairing of vertices ``0..n-1``, or ``None``.

    ``penalty(i, j)`` (``i < j``, indices in ascending TPN order) is the pair's penalty, an
    integer >= 0 (lower is better), or ``None`` for a pair that may not meet.
    """
    if n == 0:
        return []
    pens: list[list[int | None]] = [[None] * n for _ in range(n)]
    maxpen = 1
    for i in range(n):
        row = pens[i]
        for j in range(i + 1, n):
            p = penalty(i, j)
            if p is not None:
                row[j] = p
                maxpen = max(maxpen, p)
    maxp = maxpen * (n // 2 + 1) + 1
    unit = n + 2
    half = n // 2
    rows = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            p = pens[i][j]
            if p is not None:
                rows[i][j] = rows[j][i] = (maxp - p) * unit + (1 if i < half <= j else 0)
    comp = MatchingComputer(n, weights=rows)
    mates = comp.mates()
    if any(m == v for v, m in enumerate(mates)):
        return None
    best = comp.matching_weight() // unit

    def attempt() -> bool:
        nonlocal mates
        found = comp.mates()
        if all(m != v for v, m in enumerate(found)) and comp.matching_weight() // unit == best:
            mates = found
            return True
        return False

    top: list[bool] = [False] * n
    tops_found = 0
    for x in range(n):
        if tops_found == half:
            break
        if n - x == half - tops_found:
            for y in range(x, n):
                top[y] = True
            break
        smaller = [y for y in range(x) if comp.weight(x, y)]
        if mates[x] < x:
            saved = [(y, comp.weight(x, y)) for y in smaller]
            for y in smaller:
                comp.set_weight(x, y, 0)
            if not attempt():
                for y, w in saved:
                    comp.set_weight(x, y, w)
                for y in range(x + 1, n):
                    if comp.weight(x, y):
                        comp.set_weight(x, y, 0)
                if not attempt():  # pragma: no cover - the previous matching is one
                    raise AssertionError("lost the optimal matching")
                continue
        top[x] = True
        tops_found += 1
        for y in smaller:
            comp.set_weight(x, y, 0)
    tops = [x for x in range(n) if top[x]]
    bottoms = [x for x in range(n) if not top[x]]
    rank = {b: i for i, b in enumerate(bottoms)}
    for x in range(n):
        for y in range(x + 1, n):
            w = comp.weight(x, y)
            if not w:
                continue
            if not top[x] or top[y]:
                comp.set_weight(x, y, 0)
                continue
            biased = (w // unit) * unit + (1 if rank[y] == tops.index(x) else 0)
            if biased != w:
                comp.set_weight(x, y, biased)
    if not attempt():  # pragma: no cover - the roles were chosen feasible
        raise AssertionError("lost the optimal matching")
    for t in tops:
        m = mates[t]
        for b in bottoms:
            if b >= m:
                break
            if b <= t or not comp.weight(t, b):
                continue
            kept = [
                (u, y, comp.weight(u, y))
                for u in (t, b)
                for y in range(n)
                if y not in (t, b) and comp.weight(u, y)
            ]
            comp.isolate_edge(t, b)
            if attempt():
                m = b
                break
            for u, y, w in kept:
                comp.set_weight(u, y, w)
            if not attempt():  # pragma: no cover
                raise AssertionError("lost the optimal matching")
            m = min(m, mates[t])
        comp.isolate_edge(t, m)
        if mates[t] != m and not attempt():  # pragma: no cover
            raise AssertionError("lost the optimal matching")
    return mates
