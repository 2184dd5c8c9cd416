"""The two orders of the 1992 text: transpositions of S2 (D1) and exchanges S1/S2 (D2).

D1 is enumerated as a depth-first search over S2 positions in ascending order, which is the
lexicographic order of the text's "all numbers constructable with the digits ... in
ascending order" restricted to the first p places (D-R92-11). To keep the search from
exploding on big brackets, a dead end switches on an exact completion oracle (a minimum-cost
assignment: B4 conflicts cost 1, forbidden pairs cost "infinity"), so no subtree without a
compliant completion is entered again. The oracle only prunes; the order is the text's.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

INF = 1 << 30


def min_cost_assignment(cost: Sequence[Sequence[int]]) -> int:
    """Minimum total cost of a perfect assignment of a square matrix (Hungarian method).

    Integer costs; ``INF`` marks a forbidden cell (the result is then ``>= INF``).
    """
    n = len(cost)
    if n == 0:
        return 0
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    match = [0] * (n + 1)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        match[0] = i
        j0 = 0
        minv = [INF * 4] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = match[j0]
            delta = INF * 4
            j1 = 0
            row = cost[i0 - 1]
            ui0 = u[i0]
            for j in range(1, n + 1):
                if not used[j]:
                    cur = row[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while True:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
            if j0 == 0:
                break
    total = 0
    for j in range(1, n + 1):
        total += cost[match[j] - 1][j - 1]
    return total


class AssignmentSearch:
    """D1: compliant assignments of S1 (rows) to S2 (columns) in transposition order.

    ``ok[i][j]``: the pair S1[i]-S2[j] obeys the pair criteria in force (B1, B2, B5/B6);
    ``conflict[i][j]``: 1 if both prefer the same colour (B4); ``leftover_ok[j]``: S2[j]
    may stay unpaired (B5/B6 for downfloats, B1b for the bye); ``budget``: x (A8, B4);
    ``max_left``: at most that many S2 players may stay unpaired (the lowest bracket).
    """

    DEAD_ENDS_BEFORE_ORACLE = 16

    def __init__(
        self,
        ok: list[list[bool]],
        conflict: list[list[int]],
        leftover_ok: list[bool],
        budget: int,
        max_left: int | None,
    ) -> None:
        self.ok = ok
        self.conflict = conflict
        self.leftover_ok = leftover_ok
        self.budget = budget
        self.max_left = max_left
        self.n1 = len(ok)
        self.n2 = len(leftover_ok)
        self.row_colour: list[int] = []
        self.col_colour: list[int] = []
        self.dead_ends = 0
        self.oracle_on = False

    def _completable(self, row: int, used: list[bool], budget: int) -> bool:
        """Exact test: rows ``row``.. can be assigned within ``budget`` conflicts."""
        cols = [j for j in range(self.n2) if not used[j]]
        rows = self.n1 - row
        free = len(cols) - rows
        if free < 0 or (self.max_left is not None and free > self.max_left):
            return False
        if self.row_colour and self._colour_bound(row, used) > budget:
            return False
        if self._greedy_completion(row, used, budget):
            return True
        matrix: list[list[int]] = []
        for i in range(row, self.n1):
            ok_i, c_i = self.ok[i], self.conflict[i]
            matrix.append([(c_i[j] if ok_i[j] else INF) for j in cols])
        dummy = [0 if self.leftover_ok[j] else INF for j in cols]
        matrix.extend([dummy] * free)
        return min_cost_assignment(matrix) <= budget

    def _colour_bound(self, row: int, used: list[bool]) -> int:
        """A lower bound of the B4 conflicts of any completion, from the colours alone."""
        rw = rb = 0
        for i in range(row, self.n1):
            c = self.row_colour[i]
            rw += c == 1
            rb += c == 2
        cw = cb = cn = 0
        for j in range(self.n2):
            if not used[j]:
                c = self.col_colour[j]
                cw += c == 1
                cb += c == 2
                cn += c == 0
        best = min(rw + rb, min(rw, cb + cn) + min(rb, cw + cn), min(rw, cb) + min(rb, cw) + cn)
        return rw + rb - best

    def _greedy_completion(self, row: int, used: list[bool], budget: int) -> bool:
        """A quick sufficient test: complete greedily, conflict-free columns first.

        Finding one compliant completion proves feasibility; failing proves nothing (the
        exact assignment then decides).
        """
        taken = list(used)
        free_cols = [j for j in range(self.n2) if not used[j]]
        options = []
        for i in range(row, self.n1):
            ok_i, c_i = self.ok[i], self.conflict[i]
            options.append((sum(1 for j in free_cols if ok_i[j] and not c_i[j]), i))
        options.sort()
        for _, i in options:
            ok_i, c_i = self.ok[i], self.conflict[i]
            pick = -1
            for j in range(self.n2):
                if not taken[j] and ok_i[j]:
                    if c_i[j] == 0:
                        pick = j
                        break
                    if pick < 0 and budget > 0:
                        pick = j
            if pick < 0:
                return False
            budget -= c_i[pick]
            if budget < 0:
                return False
            taken[pick] = True
        free = [j for j in range(self.n2) if not taken[j]]
        if self.max_left is not None and len(free) > self.max_left:
            return False
        return all(self.leftover_ok[j] for j in free)

    def feasible(self) -> bool:
        """True when at least one compliant assignment exists."""
        return self._completable(0, [False] * self.n2, self.budget)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        if self.n1 > self.n2:
            return iter(())
        free = self.n2 - self.n1
        if self.max_left is not None and free > self.max_left:
            return iter(())
        return self._search()

    def _search(self) -> Iterator[tuple[int, ...]]:
        n1, n2 = self.n1, self.n2
        used = [False] * n2
        chosen: list[int] = []
        if n2 > 8 and not self._completable(0, used, self.budget):
            return
        stack: list[tuple[int, int]] = []  # (row's next column to try, budget before row)
        row, col, budget = 0, 0, self.budget
        while True:
            if row == n1:
                if all(self.leftover_ok[j] for j in range(n2) if not used[j]):
                    yield tuple(chosen)
                else:
                    self._dead_end()
                # backtrack
                if not stack:
                    return
                row -= 1
                j = chosen.pop()
                used[j] = False
                col, budget = stack.pop()
                continue
            placed = False
            ok_row, c_row = self.ok[row], self.conflict[row]
            while col < n2:
                j = col
                col += 1
                if used[j] or not ok_row[j]:
                    continue
                c = c_row[j]
                if c > budget:
                    continue
                used[j] = True
                if (
                    self.oracle_on
                    and row + 1 < n1
                    and not self._completable(row + 1, used, budget - c)
                ):
                    used[j] = False
                    continue
                stack.append((col, budget))
                chosen.append(j)
                budget -= c
                row += 1
                col = 0
                placed = True
                break
            if placed:
                continue
            self._dead_end()
            if not stack:
                return
            row -= 1
            j = chosen.pop()
            used[j] = False
            col, budget = stack.pop()

    def _dead_end(self) -> None:
        self.dead_ends += 1
        if self.dead_ends > self.DEAD_ENDS_BEFORE_ORACLE:
            self.oracle_on = True


def exchanges(n: int, p: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D2 for a group of ``n`` players with S1 = positions 0..p-1 (0-based), lazily.

    One-player exchanges first, then two-player ones; each ordered by the difference of the
    numbers exchanged (sum of the S2 numbers minus sum of the S1 numbers), ties: the option
    concerning the lowest S1 player(s) first, then the higher S2 players (D-R92-12).
    Candidates as in the matrices: with |S1| = |S2| the top of S1 and the bottom of S2
    never move; with |S2| > |S1| (odd bracket, "deduct by 1", or after C14) every S1 player
    may move, the bottom of S2 never, and with |S2| = |S1| + 1 the pair of the two highest
    S1 players is obsolete.
    """
    m = n - p
    if p <= 0 or m <= 0:
        return
    s1 = list(range(1, p)) if m == p else list(range(0, p))
    s2 = list(range(p, n - 1))
    if not s1 or not s2:
        return
    s2_set = set(s2)
    lo1, hi2 = s1[0], s2[-1]
    for d in range(s2[0] - s1[-1], hi2 - lo1 + 1):
        for a in reversed(s1):  # the lowest S1 player first
            if a + d in s2_set:
                yield (a,), (a + d,)
    pairs1 = [
        (a1, a2)
        for i, a1 in enumerate(s1)
        for a2 in s1[i + 1 :]
        if not (m == p + 1 and (a1, a2) == (0, 1))
    ]
    pairs1.sort(key=lambda pr: (-pr[1], -pr[0]))
    if not pairs1 or len(s2) < 2:
        return
    min_sum2, max_sum2 = s2[0] + s2[1], s2[-1] + s2[-2]
    min_sum1 = min(a + b for a, b in pairs1)
    max_sum1 = max(a + b for a, b in pairs1)
    for d in range(min_sum2 - max_sum1, max_sum2 - min_sum1 + 1):
        for a1, a2 in pairs1:
            target = d + a1 + a2
            for b1 in s2:
                b2 = target - b1
                if b2 <= b1:
                    break
                if b2 in s2_set:
                    yield (a1, a2), (b1, b2)
