"""Maximum-weight matching core: brute force, incremental updates, certificates, edge cases."""

from __future__ import annotations

import functools
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swissdesk.engines.matching import MatchingComputer

Weights = list[list[int]]


# --------------------------------------------------------------------------- helpers


def brute_force(w: Weights) -> int:
    """Optimum matching weight by exhaustive search (memoised over vertex subsets)."""
    n = len(w)

    @functools.cache
    def best(used: int) -> int:
        i = 0
        while i < n and used >> i & 1:
            i += 1
        if i >= n:
            return 0
        used |= 1 << i
        result = best(used)  # i stays unmatched
        for j in range(i + 1, n):
            if not used >> j & 1 and w[i][j]:
                result = max(result, w[i][j] + best(used | 1 << j))
        return result

    return best(0)


def matched_weight(mc: MatchingComputer, w: Weights) -> int:
    """Check that mates() is a valid matching on real edges and return its weight."""
    mates = mc.mates()
    n = len(w)
    assert len(mates) == n
    total = 0
    for v, m in enumerate(mates):
        assert 0 <= m < n
        assert mates[m] == v, "mates must be symmetric"
        if m != v:
            assert w[v][m] > 0, "a weight-0 pair is not an edge"
            assert mc.weight(v, m) == w[v][m]
            if m > v:
                total += w[v][m]
    return total


def build(w: Weights) -> MatchingComputer:
    n = len(w)
    mc = MatchingComputer(n)
    for i in range(n):
        for j in range(i + 1, n):
            if w[i][j]:
                mc.set_weight(i, j, w[i][j])
    return mc


def fresh_optimum(w: Weights) -> int:
    mc = build(w)
    mc.compute()
    return matched_weight(mc, w)


def random_weight(rng: random.Random, bits: int) -> int:
    r = rng.random()
    if r < 0.3:
        return rng.randint(1, 6)  # many ties
    if r < 0.7:
        return rng.randint(1, 1 << bits)
    return rng.choice([1 << bits, (1 << bits) + 1, (1 << bits) * 3, 7])


def random_graph(rng: random.Random, n: int, density: float, bits: int) -> Weights:
    w = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                w[i][j] = w[j][i] = random_weight(rng, bits)
    return w


def set_both(mc: MatchingComputer, w: Weights, u: int, v: int, x: int) -> None:
    w[u][v] = w[v][u] = x
    mc.set_weight(u, v, x)


# --------------------------------------------------------------------------- brute force


@pytest.mark.parametrize("seed", range(200))
def test_random_graphs_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(0, 10)
    w = random_graph(rng, n, rng.choice([0.2, 0.5, 0.8, 1.0]), rng.choice([3, 40, 320]))
    mc = build(w)
    mc.compute()
    assert matched_weight(mc, w) == brute_force(w)
    mc._check_optimality()


@pytest.mark.parametrize("bits", [1, 64, 400])
def test_odd_cycles_need_blossoms(bits: int) -> None:
    big = 1 << bits
    # Two triangles joined by a path, plus a pentagon hanging off: the optimum
    # goes through shrunk odd cycles.
    edges = {
        (0, 1): big + 5,
        (1, 2): big + 5,
        (0, 2): big + 5,
        (2, 3): big + 1,
        (3, 4): big + 7,
        (4, 5): big + 5,
        (5, 6): big + 5,
        (4, 6): big + 5,
        (6, 7): big + 2,
        (7, 8): big + 9,
        (8, 9): big + 9,
        (9, 10): big + 9,
        (10, 11): big + 9,
        (11, 7): big + 9,
    }
    n = 12
    w = [[0] * n for _ in range(n)]
    for (a, b), x in edges.items():
        w[a][b] = w[b][a] = x
    mc = build(w)
    mc.compute()
    assert matched_weight(mc, w) == brute_force(w)
    mc._check_optimality()


def test_classic_blossom_shapes() -> None:
    # Shapes from the classic blossom test suite: S-blossoms relabelled as T,
    # nested blossoms, blossoms expanded mid-stage, augmenting through them.
    cases: list[tuple[int, list[tuple[int, int, int]]]] = [
        (3, [(1, 2, 10), (0, 1, 11)]),
        (4, [(0, 1, 5), (1, 2, 11), (2, 3, 5)]),
        (4, [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)]),
        (6, [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7), (0, 5, 5), (3, 4, 6)]),
        (6, [(0, 1, 9), (0, 2, 8), (1, 2, 10), (0, 3, 5), (3, 4, 4), (0, 5, 3)]),
        (6, [(0, 1, 9), (0, 2, 8), (1, 2, 10), (0, 3, 5), (3, 4, 3), (0, 5, 4)]),
        (6, [(0, 1, 9), (0, 2, 8), (1, 2, 10), (0, 3, 5), (3, 4, 3), (2, 5, 4)]),
        (
            8,
            [
                (0, 1, 23), (0, 4, 22), (0, 5, 15), (1, 2, 25),
                (2, 3, 22), (3, 4, 25), (3, 7, 14), (4, 6, 13),
            ],
        ),
        (
            10,
            [
                (0, 1, 45), (0, 4, 45), (1, 2, 50), (2, 3, 45), (3, 4, 50),
                (0, 5, 30), (2, 8, 35), (3, 7, 35), (4, 6, 26), (8, 9, 5),
            ],
        ),
        (
            10,
            [
                (0, 1, 40), (0, 2, 40), (1, 2, 60), (1, 3, 55), (2, 4, 55),
                (3, 4, 50), (0, 7, 15), (4, 6, 30), (6, 5, 10), (7, 9, 10), (3, 8, 30),
            ],
        ),
    ]  # fmt: skip
    for n, edges in cases:
        w = [[0] * n for _ in range(n)]
        for a, b, x in edges:
            w[a][b] = w[b][a] = x
        mc = build(w)
        mc.compute()
        assert matched_weight(mc, w) == brute_force(w)
        mc._check_optimality()


def test_maximum_weight_not_maximum_cardinality() -> None:
    # Path 0-1-2-3: the heavy middle edge beats two light edges.
    mc = MatchingComputer(4)
    mc.set_weight(0, 1, 2)
    mc.set_weight(1, 2, 5)
    mc.set_weight(2, 3, 2)
    mc.compute()
    assert mc.mates() == [0, 2, 1, 3]


# --------------------------------------------------------------------------- incremental


@pytest.mark.parametrize("seed", range(45))
def test_incremental_updates_match_fresh_solves(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n = rng.randint(8, 14)
    bits = rng.choice([3, 60, 330])
    w = random_graph(rng, n, rng.choice([0.3, 0.6, 1.0]), bits)
    mc = build(w)
    mc.compute()
    for _ in range(12):
        touched = [rng.randrange(n)] if rng.random() < 0.7 else rng.sample(range(n), 3)
        for x in touched:
            for j in range(n):
                if j == x or rng.random() > 0.6:
                    continue
                r = rng.random()
                if r < 0.25:
                    new = 0
                elif r < 0.5 and w[x][j]:
                    new = max(0, w[x][j] + rng.randint(-3, 3))
                else:
                    new = random_weight(rng, bits)
                a, b = (x, j) if rng.random() < 0.5 else (j, x)
                set_both(mc, w, a, b, new)
        mc.compute()
        mc._check_optimality()
        got = matched_weight(mc, w)
        assert got == fresh_optimum(w)
        if n <= 12:
            assert got == brute_force(w)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=8, max_value=12),
    ops=st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=11),
            st.integers(min_value=0, max_value=11),
            st.one_of(st.integers(0, 5), st.integers(0, 1 << 300)),
            st.booleans(),
        ),
        min_size=1,
        max_size=40,
    ),
)
def test_hypothesis_incremental(n: int, ops: list[tuple[int, int, int, bool]]) -> None:
    w = [[0] * n for _ in range(n)]
    mc = MatchingComputer(n)
    for u, v, x, recompute in ops:
        u %= n
        v %= n
        if u == v:
            continue
        set_both(mc, w, u, v, x)
        if recompute:
            mc.compute()
            mc._check_optimality()
            assert matched_weight(mc, w) == brute_force(w)
    assert matched_weight(mc, w) == brute_force(w)


def test_star_updates_on_medium_dense_graph_keep_certificate() -> None:
    # The Dutch engine's pattern: change every edge of one vertex, recompute.
    rng = random.Random(7)
    n = 60
    w = random_graph(rng, n, 1.0, 200)
    mc = build(w)
    mc.compute()
    mc._check_optimality()
    for step in range(25):
        x = rng.randrange(n)
        for j in range(n):
            if j != x:
                set_both(mc, w, x, j, 0 if rng.random() < 0.1 else rng.getrandbits(200))
        mc.compute()
        mc._check_optimality()
        if step % 8 == 0:
            assert matched_weight(mc, w) == fresh_optimum(w)


def test_warm_and_full_paths_agree() -> None:
    rng = random.Random(11)
    n = 40
    w = random_graph(rng, n, 0.7, 100)
    warm = build(w)
    warm.compute()
    for _ in range(15):
        xs = rng.sample(range(n), 2)
        for x in xs:
            for j in range(n):
                if j != x and rng.random() < 0.5:
                    set_both(warm, w, x, j, random_weight(rng, 100))
        warm.compute()
        warm._check_optimality()
        full = build(w)
        full._full_reset_cover = -1  # force the from-scratch path
        full.compute()
        full._check_optimality()
        assert matched_weight(warm, w) == matched_weight(full, w)


def test_large_changes_to_a_solved_graph_solve_from_scratch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    resets = 0
    original = MatchingComputer._full_reset

    def spy(self: MatchingComputer) -> None:
        nonlocal resets
        resets += 1
        original(self)

    monkeypatch.setattr(MatchingComputer, "_full_reset", spy)
    rng = random.Random(12)
    for _ in range(10):
        n = rng.randint(8, 13)
        w = random_graph(rng, n, 0.8, rng.choice([2, 60]))
        mc = build(w)
        mc.compute()
        mc._full_reset_cover = 0  # any change: from scratch, not repaired
        for _ in range(4):
            for x in rng.sample(range(n), 3):
                for j in range(n):
                    if j != x and rng.random() < 0.6:
                        set_both(mc, w, x, j, random_weight(rng, 60))
            mc.compute()
            mc._check_optimality()
            assert matched_weight(mc, w) == brute_force(w)
    assert resets == 50  # the first compute of each graph, then every round


@pytest.mark.parametrize("limit", [1, 1000])
def test_single_and_multi_root_stages(limit: int) -> None:
    rng = random.Random(5)
    for _ in range(20):
        n = rng.randint(6, 11)
        w = random_graph(rng, n, 0.8, 50)
        mc = MatchingComputer(n)
        mc._multi_root_limit = limit
        mc._full_solve_root_limit = limit
        for i in range(n):
            for j in range(i + 1, n):
                if w[i][j]:
                    mc.set_weight(i, j, w[i][j])
        mc.compute()
        mc._check_optimality()
        assert matched_weight(mc, w) == brute_force(w)
        for _ in range(5):
            x = rng.randrange(n)
            for j in range(n):
                if j != x:
                    set_both(mc, w, x, j, random_weight(rng, 50) if rng.random() < 0.7 else 0)
            mc.compute()
            mc._check_optimality()
            assert matched_weight(mc, w) == brute_force(w)


def test_deterministic() -> None:
    def run() -> list[list[int]]:
        rng = random.Random(3)
        n = 30
        w = random_graph(rng, n, 1.0, 4)  # lots of equal-weight optima
        mc = build(w)
        out = [mc.mates()]
        for _ in range(10):
            x = rng.randrange(n)
            for j in range(n):
                if j != x:
                    set_both(mc, w, x, j, rng.randint(0, 4))
            mc.compute()
            out.append(mc.mates())
        return out

    assert run() == run()


# --------------------------------------------------------------------------- edge cases


def test_zero_and_one_vertex() -> None:
    empty = MatchingComputer(0)
    empty.compute()
    assert empty.mates() == []
    one = MatchingComputer(1)
    one.compute()
    assert one.mates() == [0]
    assert one.weight(0, 0) == 0


def test_no_edges() -> None:
    mc = MatchingComputer(5)
    mc.compute()
    assert mc.mates() == [0, 1, 2, 3, 4]


def test_weight_removal_and_isolated_vertex() -> None:
    mc = MatchingComputer(4)
    mc.set_weight(0, 1, 10)
    mc.set_weight(2, 3, 10)
    mc.set_weight(1, 2, 15)
    mc.compute()
    assert mc.mates() == [1, 0, 3, 2]
    mc.set_weight(0, 1, 0)  # removed: 1-2 is now best
    mc.compute()
    assert mc.mates() == [0, 2, 1, 3]
    assert mc.weight(0, 1) == 0
    for j in (0, 2, 3):  # vertex 1 loses every edge
        mc.set_weight(1, j, 0)
    mc.compute()
    assert mc.mates() == [0, 1, 3, 2]
    for j in (0, 1):
        mc.set_weight(j, 2, 0)
    mc.set_weight(3, 2, 0)  # no edges left at all
    mc.compute()
    assert mc.mates() == [0, 1, 2, 3]
    mc.set_weight(0, 3, 1)
    mc.compute()
    assert mc.mates() == [3, 1, 2, 0]


def test_mates_computes_pending_changes() -> None:
    mc = MatchingComputer(2)
    mc.set_weight(1, 0, 3)
    assert mc.mates() == [1, 0]
    assert mc.weight(0, 1) == mc.weight(1, 0) == 3


def test_invalid_arguments() -> None:
    mc = MatchingComputer(3)
    with pytest.raises(ValueError):
        mc.set_weight(1, 1, 5)
    with pytest.raises(ValueError):
        mc.set_weight(0, 1, -1)
    with pytest.raises(IndexError):
        mc.set_weight(0, 3, 1)
    with pytest.raises(TypeError):
        mc.set_weight(0, 1, 1.5)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        mc.weight(-1, 0)
    with pytest.raises(ValueError):
        MatchingComputer(-1)


def test_harmless_changes_keep_matching_without_work() -> None:
    mc = MatchingComputer(4)
    mc.set_weight(0, 1, 100)
    mc.set_weight(2, 3, 100)
    mc.set_weight(1, 2, 1)
    mc.compute()
    before = mc.mates()
    mc.set_weight(1, 2, 0)  # lowering an unmatched edge needs no repair
    dual = mc._dual
    # A new edge whose slack stays non-negative needs none either.
    a, b = max(((0, 2), (0, 3), (1, 3)), key=lambda e: dual[e[0]] + dual[e[1]])
    mc.set_weight(a, b, (dual[a] + dual[b]) // 2)
    assert len(mc._pending) == 0
    mc.compute()
    mc._check_optimality()
    assert mc.mates() == before


def test_slack_changes_inside_blossoms_need_no_repair() -> None:
    # Small integer weights leave blossoms at rest; bumping an unmatched,
    # non-structural edge inside one by less than its slack is free of work.
    bumped = 0
    for seed in range(60):
        rng = random.Random(seed)
        n = rng.randint(5, 10)
        w = random_graph(rng, n, 0.8, 2)
        mc = build(w)
        mc.compute()
        for u in range(n):
            for v in range(u + 1, n):
                ib = mc._inblossom
                if not (w[u][v] and ib[u] == ib[v] >= n and mc._mate[u] != v):
                    continue
                if mc._internal_change_is_harmless(u, v, 2 * w[u][v] + 2):
                    set_both(mc, w, u, v, w[u][v] + 1)
                    assert len(mc._pending) == 0
                    bumped += 1
        mc.compute()
        mc._check_optimality()
        assert matched_weight(mc, w) == brute_force(w)
        # Structural edges are never waved through, whatever their slack.
        for b in range(n, 2 * n):
            if mc._bbase[b] >= 0:
                for a, c in mc._bendps[b]:
                    assert not mc._internal_change_is_harmless(a, c, 0)
    assert bumped > 50


def test_lowering_an_edge_inside_a_blossom_needs_repair_only_when_structural() -> None:
    # Less weight only adds slack: an unmatched non-structural edge inside a blossom
    # is waved through, a structural one is queued for repair; the optimum holds.
    waved = queued = 0
    for seed in range(80):
        rng = random.Random(seed)
        n = rng.randint(6, 12)
        w = random_graph(rng, n, 0.8, 3)
        mc = build(w)
        mc.compute()
        structural = {
            frozenset(e) for b in range(n, 2 * n) if mc._bbase[b] >= 0 for e in mc._bendps[b]
        }
        ib = mc._inblossom
        inside = [
            (u, v)
            for u in range(n)
            for v in range(u + 1, n)
            if w[u][v] > 1 and ib[u] == ib[v] >= n and mc._mate[u] != v
        ]
        if not inside:
            continue
        u, v = rng.choice(inside)
        set_both(mc, w, u, v, w[u][v] - 1)
        if frozenset((u, v)) in structural:
            assert len(mc._pending) == 1
            queued += 1
        else:
            assert len(mc._pending) == 0
            waved += 1
        mc.compute()
        mc._check_optimality()
        assert matched_weight(mc, w) == brute_force(w)
    assert waved > 5 and queued > 5


def test_internal_change_check_agrees_with_blossom_chains() -> None:
    # The cached chains (binary-searched common ancestor, prefix z sums, set
    # of structural edges) give the same answer as walking the blossom tree.
    nested = 0
    checked = 0
    for seed in range(80):
        rng = random.Random(seed)
        n = rng.randint(7, 16)
        w = random_graph(rng, n, 0.7, 2)
        mc = build(w)
        mc.compute()
        bparent, dual = mc._bparent, mc._dual

        def chain(v: int, bparent: list[int] = bparent) -> list[int]:
            out = []
            while bparent[v] != -1:
                v = bparent[v]
                out.append(v)
            return out

        structural = {
            frozenset(e) for b in range(n, 2 * n) if mc._bbase[b] >= 0 for e in mc._bendps[b]
        }
        for u in range(n):
            cu = chain(u)
            nested += len(cu) >= 2
            for v in range(n):
                if v == u or mc._inblossom[u] != mc._inblossom[v] or mc._inblossom[u] < n:
                    continue
                common = [b for b in cu if b in chain(v)]
                slack_cap = dual[u] + dual[v] + 2 * sum(dual[b] for b in common)
                for new2 in (slack_cap - 1, slack_cap, slack_cap + 1):
                    expect = frozenset((u, v)) not in structural and slack_cap >= new2
                    assert mc._internal_change_is_harmless(u, v, new2) == expect
                    checked += 1
    assert nested > 0 and checked > 1000


def test_cheap_fix_keeps_matching_when_matched_edge_gains() -> None:
    # Raising a matched edge between two plain vertices only moves a dual.
    rng = random.Random(2)
    n = 30
    w = random_graph(rng, n, 1.0, 200)
    mc = build(w)
    mc.compute()
    for _ in range(20):
        before = mc.mates()
        v = next(v for v in range(n) if before[v] != v and mc._inblossom[v] == v)
        m = before[v]
        set_both(mc, w, v, m, w[v][m] + rng.randint(1, 1 << 20))
        mc.compute()
        mc._check_optimality()
        assert mc.mates() == before
    assert matched_weight(mc, w) == fresh_optimum(w)


def _replay_random_session(seed: int) -> None:
    """A random graph, then 25 rounds of random edits at 1-4 vertices, each checked."""
    rng = random.Random(seed)
    n = rng.randint(0, 12)
    density = rng.random()
    bits = rng.choice([3, 20, 300])

    def weight() -> int:
        mode = rng.random()
        if mode < 0.3:
            return rng.randint(1, 6)
        if mode < 0.6:
            return rng.randint(1, 1 << bits)
        return rng.choice([1 << bits, (1 << bits) + 1, 5, 7, (1 << bits) * 3])

    mc = MatchingComputer(n)
    w = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                x = weight()
                w[i][j] = w[j][i] = x
                mc.set_weight(i, j, x)
    mc.compute()
    mc._check_optimality()
    assert matched_weight(mc, w) == brute_force(w)
    for _ in range(25):
        if n < 2:
            break
        if rng.random() < 0.7:
            xs = [rng.randrange(n)]
        else:
            xs = rng.sample(range(n), min(n, rng.randint(2, 4)))
        for x in xs:
            for j in range(n):
                if j != x and rng.random() < 0.6:
                    r = rng.random()
                    if r < 0.25:
                        val = 0
                    elif r < 0.5:
                        val = w[x][j] + rng.randint(-3, 3) if w[x][j] else weight()
                    else:
                        val = weight()
                    val = max(0, val)
                    w[x][j] = w[j][x] = val
                    if rng.random() < 0.5:
                        mc.set_weight(x, j, val)
                    else:
                        mc.set_weight(j, x, val)
        mc.compute()
        mc._check_optimality()
        assert matched_weight(mc, w) == brute_force(w)


def test_root_parity_fix_inside_blossoms(monkeypatch: pytest.MonkeyPatch) -> None:
    # Rare: a root of the wrong parity that is the base of a blossom, with
    # z >= 1 (shift the blossom) or z == 0 (dissolve it).  These sessions
    # are known to reach both cases.
    seen: set[str] = set()
    original = MatchingComputer._fix_root_parity

    def spy(self: MatchingComputer, roots: list[int]) -> None:
        dual, n = self._dual, self._n
        parity = 1 if 2 * sum(dual[r] & 1 for r in roots) > len(roots) else 0
        for r in roots:
            b = self._inblossom[r]
            if dual[r] & 1 != parity and b >= n:
                seen.add("shift" if dual[b] >= 1 else "dissolve")
        original(self, roots)

    monkeypatch.setattr(MatchingComputer, "_fix_root_parity", spy)
    for seed in (477, 854, 907, 912, 931):
        _replay_random_session(seed)
    assert seen == {"shift", "dissolve"}


def test_load_weights_matches_set_weight_and_stays_incremental() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        n = rng.randint(0, 12)
        w = random_graph(rng, n, rng.random(), rng.choice([3, 300]))
        mc = MatchingComputer(n)
        if n >= 2:
            mc.set_weight(0, 1, 5)  # replaced by the load
            mc.compute()
        mc.load_weights([row[:] for row in w])
        assert all(mc.weight(i, j) == w[i][j] for i in range(n) for j in range(n) if i != j)
        mc.compute()
        mc._check_optimality()
        assert matched_weight(mc, w) == brute_force(w)
        # The same graph handed to the constructor (no empty matrix built first).
        made = MatchingComputer(n, weights=[row[:] for row in w])
        assert made.mates() == mc.mates()
        for _ in range(5):
            if n < 2:
                break
            x = rng.randrange(n)
            for j in range(n):
                if j != x and rng.random() < 0.5:
                    set_both(mc, w, x, j, random_weight(rng, 40))
            mc.compute()
            mc._check_optimality()
            assert matched_weight(mc, w) == brute_force(w)


def test_load_weights_rejects_bad_matrices() -> None:
    mc = MatchingComputer(2)
    with pytest.raises(ValueError):
        mc.load_weights([[0, 1]])
    with pytest.raises(ValueError):
        mc.load_weights([[0, 1], [2, 0]])
    with pytest.raises(ValueError):
        mc.load_weights([[1, 0], [0, 0]])
    with pytest.raises(ValueError):
        mc.load_weights([[0, -1], [-1, 0]])
    with pytest.raises(TypeError):
        mc.load_weights([[0, 1.5], [1.5, 0]])  # type: ignore[list-item]
    mc.load_weights([[0, 3], [3, 0]])
    assert mc.mates() == [1, 0]


def test_accessors() -> None:
    mc = MatchingComputer(3)
    assert mc.vertex_count == 3
    mc.set_weight(0, 2, 1 << 300)
    mc.set_weight(1, 2, 5)
    assert mc.matching_weight() == 1 << 300
    assert mc.mates() == [2, 1, 0]


@pytest.mark.parametrize("seed", range(60))
def test_isolate_edge_keeps_the_pair_and_the_optimum(seed: int) -> None:
    """Fixing a pair (the Dutch engine's finalised boards): its other edges go, the rest of
    the matching stays optimal, also when the pair lies inside blossoms or is unmatched."""
    rng = random.Random(7000 + seed)
    n = rng.randint(8, 13)
    w = random_graph(rng, n, rng.choice([0.5, 1.0]), rng.choice([3, 60]))
    mc = build(w)
    mc.compute()
    for _ in range(3):
        mates = mc.mates()
        matched = [(v, m) for v, m in enumerate(mates) if v < m and w[v][m]]
        edges = [(i, j) for i in range(n) for j in range(i + 1, n) if w[i][j]]
        if not edges:
            break
        u, v = rng.choice(matched) if matched and rng.random() < 0.8 else rng.choice(edges)
        mc.isolate_edge(u, v)
        for x, keep in ((u, v), (v, u)):
            for j in range(n):
                if j not in (x, keep):
                    w[x][j] = w[j][x] = 0
        mc.compute()
        mc._check_optimality()
        assert mc.mates()[u] == v
        assert matched_weight(mc, w) == brute_force(w)
    with pytest.raises(ValueError):
        mc.isolate_edge(*next((i, j) for i in range(n) for j in range(n) if i != j and not w[i][j]))


@pytest.mark.parametrize("seed", range(40))
def test_even_weights_mode_gives_the_same_optimum(seed: int) -> None:
    """Weights kept as given (all even, as the Dutch layout makes them) instead of doubled:
    same optimum, also after incremental changes, and the adopted matrix is not copied."""
    rng = random.Random(9000 + seed)
    n = rng.randint(8, 12)
    w = random_graph(rng, n, rng.choice([0.4, 1.0]), rng.choice([3, 60]))
    w = [[2 * x for x in row] for row in w]
    rows = [row[:] for row in w]
    even = MatchingComputer(n, even_weights=True)
    even.load_weights(rows)
    even.compute()
    even._check_optimality()
    assert matched_weight(even, w) == brute_force(w)
    for _ in range(4):
        u, v = rng.sample(range(n), 2)
        x = 2 * rng.randint(0, 40)
        set_both(even, w, u, v, x)
        assert rows[u][v] == x  # the matrix was adopted, not copied
        even.compute()
        even._check_optimality()
        assert even.matching_weight() == matched_weight(even, w) == brute_force(w)
    with pytest.raises(ValueError):
        even.set_weight(0, 1, 3)
    with pytest.raises(ValueError):
        MatchingComputer(2, even_weights=True).load_weights([[0, 1], [1, 0]])


def test_blossoms_nested_deeper_than_the_recursion_limit() -> None:
    """Nothing in the matcher recurses with the blossom nesting (issue 22: a field of
    5,000 ended in RecursionError). Pairs ``a_k``-``b_k`` hang on a chain: ``b_k`` meets
    ``a_(k+1)`` and ``a_k`` meets ``b_(k+1)``, the free root meets ``a_1`` and ``b_1``. Grown
    from the root, every pair closes a blossom around the previous one, so the nesting is
    as deep as there are pairs: more than the recursion limit, lowered for the test."""
    pairs = 600
    n = 2 * pairs + 1
    root = n - 1  # last, so the jump start matches the a_k-b_k pairs and leaves it free

    def a(k: int) -> int:
        return 2 * k

    def b(k: int) -> int:
        return 2 * k + 1

    edges = [(root, a(0)), (root, b(0))]
    for k in range(pairs):
        edges.append((a(k), b(k)))
        if k + 1 < pairs:
            edges += [(b(k), a(k + 1)), (a(k), b(k + 1))]
    w = [[0] * n for _ in range(n)]
    for u, v in edges:
        w[u][v] = w[v][u] = 10
    mc = MatchingComputer(n, weights=w)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(400)
    try:
        mc.compute()
        depth = 0
        t = mc._bparent[root]
        while t != -1:
            depth += 1
            t = mc._bparent[t]
        assert depth > sys.getrecursionlimit()
        assert matched_weight(mc, w) == 10 * pairs
        # A warm start inside the nesting (rotation, dissolving, blossom chains).
        for u, v, weight in ((a(pairs // 2), b(pairs // 2), 14), (root, a(0), 12)):
            mc.set_weight(u, v, weight)
            w[u][v] = w[v][u] = weight
            mc.compute()
    finally:
        sys.setrecursionlimit(limit)
    assert matched_weight(mc, w) == 10 * pairs + 4 + 2


@pytest.mark.parametrize("seed", range(4))
def test_dense_vertex_cover_equals_the_greedy_cover(seed: int) -> None:
    """Many pending edges (a round-1 bracket rewrites all of them) are covered from their
    flags instead of adjacency lists: the same greedy cover (decreasing number of pending
    edges, then vertex number; a vertex joins when one of its edges is uncovered)."""
    rng = random.Random(seed)
    n = 30
    w = random_graph(rng, n, 0.9, 8)
    mc = build(w)
    mc.compute()
    for i in range(n):
        for j in range(i + 1, n):
            if w[i][j] and rng.random() < 0.7:
                set_both(mc, w, i, j, w[i][j] + 1000)
    pending = [divmod(key, n) for key in mc._pending]
    assert len(pending) > 8 * n  # the dense path
    adj: dict[int, set[int]] = {}
    for u, v in pending:
        adj.setdefault(u, set()).add(v)
        adj.setdefault(v, set()).add(u)
    expected: list[int] = []
    for x in sorted(adj, key=lambda x: (-len(adj[x]), x)):
        if adj[x] - set(expected):
            expected.append(x)
    assert mc._vertex_cover() == expected
    mc.compute()
    mc._check_optimality()
    assert matched_weight(mc, w) == fresh_optimum(w)
    assert len(mc._pending) == 0 and not any(mc._pending_mark)


def test_unchecked_weights_solve_like_checked_ones() -> None:
    # checked=False only skips the validation of a matrix the caller built itself.
    rng = random.Random(21)
    for _ in range(30):
        n = rng.randint(4, 12)
        w = random_graph(rng, n, 0.7, 9)
        rows = [[2 * x for x in row] for row in w]
        checked = MatchingComputer(n, even_weights=True, weights=[r[:] for r in rows])
        unchecked = MatchingComputer(n, even_weights=True, weights=rows, checked=False)
        assert unchecked.mates() == checked.mates()
        unchecked._check_optimality()
        assert unchecked.matching_weight() == 2 * brute_force(w)
    with pytest.raises(ValueError, match="symmetric"):
        MatchingComputer(2, weights=[[0, 2], [4, 0]])


def charge_terms(mc: MatchingComputer, w: Weights, term: list[int], scale: int = 1) -> None:
    """Give every edge the term of its lower-numbered end, the way the Dutch engine adds
    the rule 1-2 terms: the positive terms are raised on the duals first (which keeps a
    valid warm start), then the weights change (``scale``: the matcher stores weights
    times this)."""
    n = len(w)
    mc.raise_duals({v: scale * t for v, t in enumerate(term) if t > 0})
    mc._check_optimality(allow_roots=True)
    for u in range(n):
        for v in range(u + 1, n):
            if w[u][v]:
                w[u][v] = w[v][u] = w[u][v] + term[u]
                mc.set_weight(u, v, scale * w[u][v])


@pytest.mark.parametrize("seed", range(60))
def test_raised_duals_keep_the_optimum_for_rank_terms_of_the_higher_player(seed: int) -> None:
    """Art. 4.3.2 rules 1-2 as the Dutch engine adds them: each vertex has a term
    (positive for the S1 candidates, negative after), every edge gains the term of its
    lower-numbered end. Raising each vertex's dual by its positive term first leaves no
    change to repair, and the next compute finds the new optimum (issue 22)."""
    rng = random.Random(7700 + seed)
    n = rng.randint(6, 14)
    w = random_graph(rng, n, rng.choice([0.5, 1.0]), rng.choice([3, 40]))
    w = [[x << 8 for x in row] for row in w]  # room below for the terms
    even = seed % 2 == 0
    mc = MatchingComputer(n, even_weights=even)
    mc.load_weights([[2 * x for x in row] for row in w] if even else w)
    mc.compute()
    split = rng.randint(0, n // 2)
    term = [((1 if v < split else 0) << 5) - v for v in range(n)]
    charge_terms(mc, w, term, 2 if even else 1)
    # Nothing to repair at a raised vertex: only the freed vertices re-match (a matched
    # or structural edge between two later players lost weight and is repaired).
    assert all(term[key // n] <= 0 and term[key % n] <= 0 for key in mc._pending)
    mc.compute()
    mc._check_optimality()
    expected = brute_force(w) if n <= 12 else fresh_optimum(w)
    assert mc.matching_weight() == (2 if even else 1) * expected


def test_raise_duals_rejects_lowering_and_ignores_a_fresh_graph() -> None:
    mc = MatchingComputer(3)
    mc.set_weight(0, 1, 4)
    mc.raise_duals({0: 5})  # not solved yet: nothing to keep
    assert mc.mates() == [1, 0, 2]
    with pytest.raises(ValueError):
        mc.raise_duals({0: -1})


@pytest.mark.parametrize("seed", range(12))
def test_many_roots_take_short_tight_paths_and_stay_optimal(seed: int) -> None:
    """After a change that frees many vertices (here the rule 1-2 terms of a tie-heavy
    graph), tight augmenting paths of length one or three are taken many at a time
    before the single-root stages, and the optimum is the same (issue 22)."""
    rng = random.Random(8800 + seed)
    n = rng.randint(40, 60)
    w = random_graph(rng, n, 1.0, 1)
    w = [[x << 8 for x in row] for row in w]
    mc = build(w)
    mc.compute()
    term = [((1 if v < n // 2 else 0) << 7) - v for v in range(n)]
    charge_terms(mc, w, term)
    taken: list[int] = []
    original = MatchingComputer._short_paths

    def counting(self: MatchingComputer, roots: list[int]) -> int:
        got = original(self, roots)
        taken.append(got)
        return got

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(MatchingComputer, "_short_paths", counting)
        mc.compute()
    mc._check_optimality()
    assert matched_weight(mc, w) == fresh_optimum(w)
    assert sum(taken) > 0


@pytest.mark.parametrize("seed", range(40))
def test_an_edge_that_is_not_tight_is_in_no_maximum_matching(seed: int) -> None:
    """``is_tight`` reads the duals of the last compute (blossom duals included): an edge
    in some maximum-weight matching is tight, and after removing other edges (as fixing
    a pair does) that still holds (issue 22: the Dutch art. 4.2 shortcut relies on it)."""
    rng = random.Random(9900 + seed)
    n = rng.randint(5, 10)
    w = random_graph(rng, n, rng.choice([0.6, 1.0]), rng.choice([2, 5, 40]))
    mc = build(w)
    mc.compute()
    best = brute_force(w)

    def best_with(u: int, v: int) -> int:
        rest = [row[:] for row in w]
        for x in (u, v):
            for j in range(n):
                rest[x][j] = rest[j][x] = 0
        return w[u][v] + brute_force(rest)

    for u in range(n):
        for v in range(u + 1, n):
            if not w[u][v]:
                assert not mc.is_tight(u, v)
            elif not mc.is_tight(u, v):
                assert best_with(u, v) < best
    mates = mc.mates()
    for v, m in enumerate(mates):
        if m != v:
            assert mc.is_tight(v, m)
    # Remove an unmatched edge: the rest keep their tightness verdicts.
    loose = [(u, v) for u in range(n) for v in range(u + 1, n) if w[u][v] and mates[u] != v]
    if loose:
        u, v = rng.choice(loose)
        set_both(mc, w, u, v, 0)
        for a in range(n):
            for b in range(a + 1, n):
                if w[a][b] and not mc.is_tight(a, b):
                    assert best_with(a, b) < brute_force(w)
    with pytest.raises(IndexError):
        mc.is_tight(0, 0)
    with pytest.raises(RuntimeError):
        MatchingComputer(2).is_tight(0, 1)
