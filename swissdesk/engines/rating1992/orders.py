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


def _matching_size(adj: list[list[int]], right: int) -> int:
    """Size of a maximum bipartite matching (augmenting paths, iterative)."""
    match_r = [-1] * right
    size = 0
    for root in range(len(adj)):
        seen = [False] * right
        # stack of (left vertex, index of the next neighbour to try)
        stack = [(root, 0)]
        path: list[int] = []  # right vertices along the current path
        found = False
        while stack:
            u, k = stack[-1]
            nbrs = adj[u]
            if k >= len(nbrs):
                stack.pop()
                if path:
                    path.pop()
                continue
            stack[-1] = (u, k + 1)
            v = nbrs[k]
            if seen[v]:
                continue
            seen[v] = True
            path.append(v)
            if match_r[v] < 0:
                found = True
                break
            stack.append((match_r[v], 0))
        if found:
            # flip along the path: stack[i] left vertex takes path[i]
            for (u, _), v in zip(stack, path, strict=True):
                match_r[v] = u
            size += 1
    return size


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
        """B4 colour class of each S1 player: 0 none, 1 white, 2 black (optional)."""
        self.col_colour: list[int] = []
        self._row_suffix: list[tuple[int, int]] = []
        self._col_counts: list[int] = [0, 0, 0]
        self.dead_ends = 0
        self.oracle_on = False

    def _prepare_counts(self, used: list[bool]) -> None:
        """Colour counts of the rows from each row on, and of the unused columns."""
        if not self.row_colour:
            self.row_colour = [0] * self.n1
            self.col_colour = [0] * self.n2
        suffix = [(0, 0)] * (self.n1 + 1)
        rw = rb = 0
        for i in range(self.n1 - 1, -1, -1):
            c = self.row_colour[i]
            rw += c == 1
            rb += c == 2
            suffix[i] = (rw, rb)
        self._row_suffix = suffix
        counts = [0, 0, 0]
        for j in range(self.n2):
            if not used[j]:
                counts[self.col_colour[j]] += 1
        self._col_counts = counts

    def _completable(self, row: int, used: list[bool], budget: int) -> bool:
        """Exact test: rows ``row``.. can be assigned within ``budget`` conflicts."""
        cn, cw, cb = self._col_counts
        rows = self.n1 - row
        free = cn + cw + cb - rows
        if free < 0 or (self.max_left is not None and free > self.max_left):
            return False
        rw, rb = self._row_suffix[row]
        best = min(rw + rb, min(rw, cb + cn) + min(rb, cw + cn), min(rw, cb) + min(rb, cw) + cn)
        if rw + rb - best > budget:
            return False  # not enough colour-compatible partners whatever B1/B2 allow
        if self._greedy_completion(row, used, budget):
            return True
        if row == 0 and not self.structurally_feasible():
            return False
        cols = [j for j in range(self.n2) if not used[j]]
        matrix: list[list[int]] = []
        for i in range(row, self.n1):
            ok_i, c_i = self.ok[i], self.conflict[i]
            matrix.append([(c_i[j] if ok_i[j] else INF) for j in cols])
        dummy = [0 if self.leftover_ok[j] else INF for j in cols]
        matrix.extend([dummy] * free)
        return min_cost_assignment(matrix) <= budget

    def _greedy_completion(self, row: int, used: list[bool], budget: int) -> bool:
        """A quick sufficient test: complete greedily, conflict-free columns first.

        Finding one compliant completion proves feasibility; failing proves nothing (the
        exact assignment then decides).
        """
        taken = list(used)
        # Players with a colour preference first (they have fewer conflict-free partners).
        rows = range(row, self.n1)
        if self.row_colour:
            colour = self.row_colour
            order = [i for i in rows if colour[i]] + [i for i in rows if not colour[i]]
        else:
            order = list(rows)
        left_ok = self.leftover_ok
        for i in order:
            ok_i, c_i = self.ok[i], self.conflict[i]
            # Conflict-free first; among equals, a player who may not stay unpaired first.
            free_must = free_any = cost_must = cost_any = -1
            for j in range(self.n2):
                if taken[j] or not ok_i[j]:
                    continue
                if c_i[j] == 0:
                    if not left_ok[j]:
                        free_must = j
                        break
                    if free_any < 0:
                        free_any = j
                elif budget > 0:
                    if not left_ok[j] and cost_must < 0:
                        cost_must = j
                    elif cost_any < 0:
                        cost_any = j
            pick = next((j for j in (free_must, free_any, cost_must, cost_any) if j >= 0), -1)
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

    def structurally_feasible(self) -> bool:
        """Whether some assignment obeys the pair criteria and the leftover rule, x aside.

        Two augmenting-path matchings: one covering S1, one covering the S2 players who may
        not stay unpaired; by the Mendelsohn-Dulmage theorem one matching then covers both.
        """
        n1, n2 = self.n1, self.n2
        if n1 > n2:
            return False
        free = n2 - n1
        if self.max_left is not None and free > self.max_left:
            return False
        adj = [[j for j in range(n2) if self.ok[i][j]] for i in range(n1)]
        if _matching_size(adj, n2) < n1:
            return False
        must = [j for j in range(n2) if not self.leftover_ok[j]]
        if not must:
            return True
        back = [[i for i in range(n1) if self.ok[i][j]] for j in must]
        return _matching_size(back, n1) == len(must)

    def min_conflicts(self) -> int:
        """The fewest B4 conflicts of any assignment complying with everything but x
        (``INF`` when none exists): independent of x, so C11 can reuse it."""
        if self.n1 > self.n2:
            return INF
        free = self.n2 - self.n1
        if self.max_left is not None and free > self.max_left:
            return INF
        if not self.structurally_feasible():
            return INF
        matrix = [
            [(c if good else INF) for good, c in zip(ok_i, c_i, strict=True)]
            for ok_i, c_i in zip(self.ok, self.conflict, strict=True)
        ]
        dummy = [0 if good else INF for good in self.leftover_ok]
        matrix.extend([dummy] * free)
        cost = min_cost_assignment(matrix)
        return cost if cost < INF else INF

    def feasible(self) -> bool:
        """True when at least one compliant assignment exists."""
        used = [False] * self.n2
        self._prepare_counts(used)
        return self._completable(0, used, self.budget)

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
        self._prepare_counts(used)
        counts, colour = self._col_counts, self.col_colour
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
                counts[colour[j]] += 1
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
                counts[colour[j]] -= 1
                if (
                    self.oracle_on
                    and row + 1 < n1
                    and not self._completable(row + 1, used, budget - c)
                ):
                    used[j] = False
                    counts[colour[j]] += 1
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
            counts[colour[j]] += 1
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
