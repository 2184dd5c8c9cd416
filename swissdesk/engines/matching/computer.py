"""Incremental maximum-weight matching on general graphs (integer weights).

Algorithm
---------
Primal-dual Edmonds blossom algorithm in Galil's O(n^3) formulation (the
classic public-domain description: stages, S/T labels, least-slack edge
bookkeeping per vertex and per S-blossom, four kinds of dual adjustment).

Units: every weight is stored doubled (``w2 = 2 * w``); vertex duals are
stored as ``2 * u``; blossom duals ``z`` are stored as is.  The stored slack of
an edge ``(i, j)`` is::

    slack(i, j) = dual[i] + dual[j] - w2[i][j] + 2 * sum(z[B] for B containing i and j)

which is twice the LP slack.  Only integer arithmetic is used.  A matcher
made with ``even_weights`` stores the (even) weights as given, i.e. it solves
the problem for the halved weights, which has the same maximum matchings.

Invariants holding whenever ``compute`` returns ("rest state")
-----------------------------------------------------------------
I1  every edge has slack >= 0; all duals are >= 0.
I2  matched edges have slack 0, and so do the structural edges of every
    (nested) blossom (the edges joining consecutive sub-blossoms).
I3  every blossom is full: all its vertices but its base are matched inside
    it, alternating along its cycle of sub-blossoms.
I4  every unmatched vertex has dual 0.
I1..I4 are the complementary slackness conditions of the matching LP, so the
matching has maximum weight.  Edges of weight 0 are "no edge" and never used.

Generalised stages
------------------
A *root* is an unmatched vertex with positive dual (it violates I4).  A stage
grows alternating trees from a set of roots; every other unmatched vertex
(dual 0, or a root not grown in this stage) is an ordinary *target*.  With at
most ``_multi_root_limit`` roots all of them are grown together (trees meet
half-way); with more, a stage grows one root only (no rescanning of hundreds
of trees per augmentation, best for warm starts with many roots).  In the
first solve of a new graph all roots are grown together whatever their
number (``_full_solve_root_limit``): with many equal weights the trees meet
after very few dual steps.  Whenever roots are grown together and the duals moved in the
previous stage, tight edges between a root and a free top-level blossom or
vertex are first matched directly (augmenting paths of length one), many per
pass instead of one per stage.  Trees grow breadth-first (S vertices are scanned in the
order they were labeled), which finds the shortest augmenting paths.  A forest kept
alive across augmentations (only the two trees of an augmenting path dissolved) was
tried: on the engines' tie-heavy graphs the dissolved trees hold most of the graph,
and rescanning them made it 2-4 times slower.  The events of a stage are:

* tight edge S - unlabeled whose top-level blossom has a free base: augment
  into it (rotating that blossom) and end the stage;
* tight edge S - unlabeled otherwise: label T, its mate S;
* tight edge S - S: new blossom, or augmenting path between two trees;
* the dual of some S vertex ``v`` reaches 0 (delta type 1): flip the even
  alternating path from ``v`` to its root.  The root becomes matched, ``v``
  becomes free with dual 0, complementary slackness is preserved; end stage;
* a T-blossom dual reaches 0: expand it.

Every stage resolves at least the root(s) it grows, and no event creates
roots.  In the classic from-scratch algorithm all roots have equal duals
which are the smallest of all duals, so delta type 1 only ever hits roots;
after a warm start roots have arbitrary duals, hence the path flip.  After a
dual adjustment the event edge itself is processed (no row rescan); least
slacks are cached as keys that the dual steps leave alone: S-S keys as
``slack + 2 * total_delta`` (constant while both ends stay S), S-unlabeled
keys as ``slack + total_delta`` on a heap (lazily pruned), and for vertices
inside T-blossoms the plain slack (constant while they stay T; converted at
labeling and expansion).  So a dual step costs O(labeled vertices + log n),
not O(n).  A new S-blossom gathers its per-blossom least-slack edge list only
when a dual step needs it (most stages end first).

Delta type 3 needs the slack of S-S edges to be even.  Every labeled vertex
is joined to a root by tight edges, and a tight edge forces equal parity of
its endpoint duals, so it suffices that the grown roots have duals of one
parity (automatic for a single root): roots of the wrong parity are raised by
one (a root in a blossom ``B``: all duals in ``B`` get +1 and ``z[B]`` -1, or
``B`` is dissolved when ``z[B] == 0``).  Raising the dual of a free vertex
never breaks feasibility.

Warm start (``set_weight`` followed by ``compute``)
-------------------------------------------------
``set_weight`` drops changes that cannot break I1..I3: the edge is unmatched,
its slack (including the z of common blossoms) stays >= 0, and it is not a
structural edge.  The other changed edges are covered by a small vertex set X
(greedy vertex cover).  For each ``x`` in X, in order:

1. ``x`` in no blossom and matched to ``m``: *cheap fix* if possible, i.e.
   ``dual[x] = w2[x][m] - dual[m]`` (keeps the matched edge tight) when that
   value is >= 0 and covers every other edge of ``x``; nothing is freed;
2. otherwise, if ``x`` lies in a non-trivial top-level blossom ``B`` with
   base ``b``, rotate ``B`` (the augment-through-blossom step) so that ``x``
   becomes the base of ``B`` and of all nested blossoms containing it, and
   unmatch ``mate(b)``; for a trivial ``x`` unmatch ``x`` and ``mate(x)``.
   Now no matched edge leaves ``B``, and ``x`` is unmatched;
3. dissolve every blossom containing ``x``, outermost first: ``z[B]`` is
   added to the dual of each vertex of ``B`` and ``B`` disappears.  An edge
   inside ``B`` keeps its slack exactly (+2z - 2z); an edge leaving ``B``
   gains slack z >= 0; since no matched edge leaves ``B``, matched and
   structural edges stay tight, and the children of ``B`` stay full blossoms.

The rotation may match structural edges whose weight changed, but only
edges at vertices of X that are processed later and so end up unmatched (or
cheap-fixed against the new weights).  Then each unmatched ``x`` gets
``dual[x] = max(0, max_j w2[x][j] - dual[j])`` (sequentially, so edges among
X are covered).  Every dual change above either only raises duals, keeps all
slacks (dissolution), or covers all edges of its vertex against the current
duals, so I1..I3 hold again and only unmatched vertices can violate I4.
Finally a greedy *jump start* lowers each freed vertex's dual to its least
feasible value and matches it along a tight edge to a free vertex when it can.
The remaining roots go to the stages.  A single-vertex update leaves at most
two roots, so it costs at most two stages (O(n^2) each on dense graphs)
instead of a full O(n^3) solve.

With more roots than grown together, passes of short tight augmenting paths (root -
matched pair - free vertex, all in no blossom) come first (``_short_paths``). A caller
that is about to raise the weights of many edges by amounts it can charge to one end
each (the Dutch art. 4.3.2 rule 1-2 terms) raises those duals first
(``raise_duals``): the pairs that stay tight stay matched, and only the others are freed.

A full solve (used when X is large, and for the first ``compute`` of a
matcher or after ``load_weights``, without building X at all) starts from
``dual[v] = max_j w2[v][j] / 2`` (feasible), runs the same jump start over
all vertices, then the stages.

``set_weight`` classifies a change inside a blossom with a cache of the rest
state, built on first use after each ``compute``: every vertex's chain of
blossoms (top-down, shared per blossom), prefix sums of their z, and the set
of structural edges; the deepest common blossom is found by binary search.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Iterable, Sequence
from heapq import heappop, heappush
from itertools import compress

__all__ = ["MatchingComputer"]


class MatchingComputer:
    """Maximum-weight matching on a general (non-bipartite) graph.

    Integer weights (Python ints of any size).  ``set_weight`` edits the
    graph, ``compute`` (re)optimises, ``mates`` returns the matching with
    ``mates()[v] == v`` for an unmatched vertex.
    """

    __slots__ = (
        "_bbase",
        "_bchilds",
        "_bendps",
        "_bleaves",
        "_bparent",
        "_chain_cache",
        "_dirty",
        "_dual",
        "_even",
        "_fresh",
        "_full_reset_cover",
        "_full_solve_root_limit",
        "_inblossom",
        "_mate",
        "_multi_root_limit",
        "_n",
        "_nbrs",
        "_pending",
        "_pending_mark",
        "_unused",
        "_vertices",
        "_w2",
    )

    def __init__(
        self,
        vertex_count: int,
        *,
        even_weights: bool = False,
        weights: Sequence[Sequence[int]] | None = None,
        checked: bool = True,
    ) -> None:
        """A graph of ``vertex_count`` vertices and no edges, or ``weights`` (as for
        ``load_weights``, without first building an empty matrix).

        With ``even_weights`` the caller promises only even weights (odd ones are
        rejected); they are then stored as given instead of doubled, and
        ``load_weights`` adopts its matrix without copying it. The matching is
        the same (halving every weight does not change which is heaviest), a
        big graph just keeps one integer object per edge, not two.

        ``checked=False`` skips the checks of ``weights`` (ints, non-negative, even,
        symmetric, zero diagonal) for a caller that builds the matrix itself: on a
        graph of 2,000 vertices they cost about as much as a third of the solve.
        """
        if vertex_count < 0:
            raise ValueError("vertex_count must be non-negative")
        n = vertex_count
        self._n: int = n
        self._even: bool = even_weights
        # Doubled weights (as given with even_weights); 0 means "no edge".
        self._w2: list[list[int]] = [] if weights is not None else [[0] * n for _ in range(n)]
        # The vertex numbers, shared by all neighbour lists (a dense graph of a few
        # thousand vertices would otherwise hold an int object per edge end).
        self._vertices: list[int] = list(range(n))
        # Cached neighbour lists (None = stale).
        self._nbrs: list[list[int] | None] = [None] * n
        self._mate: list[int] = [-1] * n
        # dual[v] (v < n) = 2*u_v ; dual[b] (b >= n) = z_b.
        self._dual: list[int] = [0] * (2 * n)
        # Top-level blossom containing each vertex (valid at rest).
        self._inblossom: list[int] = list(range(n))
        self._bparent: list[int] = [-1] * (2 * n)
        self._bchilds: list[list[int]] = [[] for _ in range(2 * n)]
        # bendps[b][i] = (vertex in child i, vertex in child i+1 (cyclic)).
        self._bendps: list[list[tuple[int, int]]] = [[] for _ in range(2 * n)]
        self._bbase: list[int] = list(range(n)) + [-1] * n
        # Cached vertex lists of the blossoms (None = not built; see _leaves).
        self._bleaves: list[list[int] | None] = [None] * (2 * n)
        self._unused: list[int] = list(range(2 * n - 1, n - 1, -1))
        # Changed edges that may violate the rest-state invariants, encoded
        # u * n + v (u < v), each once (flagged in _pending_mark); a compact array, as
        # a bracket of everyone (round 1) changes millions of edges at once.
        self._pending: array[int] = array("q")
        self._pending_mark = bytearray(n * n)
        # Blossom chains of the rest state for _internal_change_is_harmless:
        # (ancestors top-down per vertex, prefix sums of their z, keys of all
        # structural edges); None = not built since the last compute.
        self._chain_cache: tuple[list[list[int]], list[list[int]], set[int]] | None = None
        # True when compute() must run before mates() is meaningful.
        self._dirty: bool = False
        # Warm-start when the changed edges are covered by at most this many
        # vertices; otherwise solve from scratch.
        self._full_reset_cover: int = max(16, (4 * n) // 5)
        # Stages grow trees from all roots at once when there are at most
        # this many roots, otherwise from a single root (other roots are
        # then ordinary free targets).
        self._multi_root_limit: int = 8
        # The same limit for the first solve of a new graph.  There all roots
        # are grown together: on graphs with many equal weights the trees
        # meet after very few dual steps (far fewer than one tree at a time).
        # Not after large changes to a solved graph (cover above
        # _full_reset_cover): with fewer ties there, one tree at a time was
        # measured about 3x faster.
        self._full_solve_root_limit: int = n
        # True until the first compute: a fresh graph is solved from scratch
        # without building a vertex cover of its (all pending) edges.
        self._fresh: bool = True
        if weights is not None:
            self.load_weights(weights, checked=checked)

    # ------------------------------------------------------------------ API

    @property
    def vertex_count(self) -> int:
        return self._n

    def set_weight(self, u: int, v: int, weight: int) -> None:
        """Set the weight of edge ``{u, v}``; ``weight == 0`` removes it."""
        n = self._n
        if not (0 <= u < n and 0 <= v < n):
            raise IndexError(f"vertex out of range: {u}, {v} (n={n})")
        if u == v:
            raise ValueError("self-loops are not allowed")
        if not isinstance(weight, int):
            raise TypeError("weights must be ints")
        if weight < 0:
            raise ValueError("weight must be non-negative")
        if self._even:
            if weight & 1:
                raise ValueError("odd weight for a matcher created with even_weights")
            new2 = weight
        else:
            new2 = 2 * weight
        w2row = self._w2[u]
        old2 = w2row[v]
        if new2 == old2:
            return
        w2row[v] = new2
        self._w2[v][u] = new2
        if old2 == 0 or new2 == 0:
            self._nbrs[u] = None
            self._nbrs[v] = None
        self._dirty = True
        if self._fresh:
            return  # the first compute solves from scratch anyway
        # A change is harmless (I1..I3 still hold) when the edge is unmatched,
        # its slack stays non-negative, and it is not a structural edge; or when it
        # is matched, stays tight and joins two vertices in no blossom.
        ib = self._inblossom
        if self._mate[u] == v:
            # Still tight between two vertices in no blossom: nothing breaks.
            if new2 and ib[u] == u and ib[v] == v and self._dual[u] + self._dual[v] == new2:
                return
        else:
            if ib[u] != ib[v] or ib[u] < n:
                if self._dual[u] + self._dual[v] >= new2:
                    return
            elif new2 < old2:
                # Less weight only adds slack: harmful only on a structural edge.
                if not self._is_structural(u, v):
                    return
            elif self._internal_change_is_harmless(u, v, new2):
                return
        key = u * n + v if u < v else v * n + u
        marks = self._pending_mark
        if not marks[key]:
            marks[key] = 1
            self._pending.append(key)

    def isolate_edge(self, u: int, v: int) -> None:
        """Remove every edge at ``u`` or ``v`` except ``{u, v}`` itself.

        The kept edge is then in every maximum-weight matching. Same effect as
        ``set_weight(u, j, 0)`` for each other neighbour ``j``, but an edge
        outside any blossom is dropped directly (an unmatched edge that loses
        weight keeps the optimum), so fixing a pair costs no repair.
        """
        n = self._n
        if not (0 <= u < n and 0 <= v < n) or u == v:
            raise IndexError(f"not an edge: {u}, {v} (n={n})")
        w2 = self._w2
        if not w2[u][v]:
            raise ValueError(f"no edge {u}-{v} to keep")
        mate = self._mate
        ib = self._inblossom
        nbrs = self._nbrs
        for x, keep in ((u, v), (v, u)):
            row = w2[x]
            for j in range(n):
                if not row[j] or j == keep:
                    continue
                if self._fresh or (mate[x] != j and (ib[x] != ib[j] or ib[x] < n)):
                    row[j] = 0
                    w2[j][x] = 0
                    nbrs[j] = None
                else:
                    self.set_weight(x, j, 0)
            nbrs[x] = None

    def raise_duals(self, increase: dict[int, int]) -> None:
        """Raise the duals of some vertices ahead of raising the weights of their edges.

        ``increase[v] >= 0`` is in weight units (as ``set_weight`` takes them). Every
        blossom holding a raised vertex is dissolved first (its dual moved into its
        vertices; the edge from its base to the outside, which then loses tightness,
        is unmatched). A matched edge at a raised vertex that is no longer tight is
        unmatched. The duals stay feasible and the rest state valid but for the freed
        vertices, so a later ``set_weight`` that raises an edge by no more than the
        raises of its ends costs no repair, and ``compute`` only re-matches the freed
        vertices. A caller that knows the new optimum keeps most pairs tight this way
        (the Dutch rule 1-2 terms: raise each S1 candidate by its term).
        """
        if self._fresh or not increase:
            return
        n = self._n
        mate = self._mate
        dual = self._dual
        inblossom = self._inblossom
        bbase = self._bbase
        scale = 1 if self._even else 2
        raised: list[int] = []
        for v, amount in increase.items():
            if amount < 0:
                raise ValueError("duals may only be raised")
            if not amount:
                continue
            while inblossom[v] >= n:
                b = inblossom[v]
                base = bbase[b]
                m = mate[base]
                if m >= 0:
                    mate[base] = -1
                    mate[m] = -1
                self._dissolve_top(b, True)
            dual[v] += scale * amount
            raised.append(v)
        w2 = self._w2
        for v in raised:
            m = mate[v]
            if m >= 0 and dual[v] + dual[m] != w2[v][m]:
                mate[v] = -1
                mate[m] = -1
        self._chain_cache = None
        self._dirty = True

    def load_weights(self, rows: Sequence[Sequence[int]], *, checked: bool = True) -> None:
        """Replace the whole graph: ``rows[u][v]`` is the weight of ``{u, v}``.

        ``rows`` is a symmetric n x n matrix of non-negative ints with a zero
        diagonal (0 = no edge).  Much cheaper than n^2/2 ``set_weight`` calls
        for a new graph; the next ``compute`` solves from scratch.  With
        ``even_weights`` the matcher adopts ``rows`` (a list of lists) and
        changes it from then on. ``checked=False``: see the constructor.
        """
        n = self._n
        if checked:
            if len(rows) != n or any(len(row) != n for row in rows):
                raise ValueError(f"weights must be a {n} x {n} matrix")
            for row in rows:
                if not all(isinstance(x, int) for x in row):
                    raise TypeError("weights must be ints")
        if self._even:
            w2 = [row if isinstance(row, list) else list(row) for row in rows]
            if checked and any(x & 1 for row in w2 for x in row):
                raise ValueError("odd weight for a matcher created with even_weights")
        else:
            w2 = [[2 * x for x in row] for row in rows]
        if checked:
            if n and min(map(min, w2)) < 0:
                raise ValueError("weight must be non-negative")
            if any(w2[v][v] for v in range(n)):
                raise ValueError("self-loops are not allowed")
            if [list(col) for col in zip(*w2, strict=True)] != w2:
                raise ValueError("weight matrix must be symmetric")
        self._w2 = w2
        self._nbrs = [None] * n
        self._clear_pending()
        self._chain_cache = None
        self._fresh = True
        self._dirty = True

    def _chains(self) -> tuple[list[list[int]], list[list[int]], set[int]]:
        """The blossom chains of the rest state (see ``_build_chain_cache``), built on
        first use after each ``compute``."""
        cache = self._chain_cache
        if cache is None:
            cache = self._chain_cache = self._build_chain_cache()
        return cache

    def _is_structural(self, u: int, v: int) -> bool:
        """Whether ``{u, v}`` joins two sub-blossoms of a blossom (at rest)."""
        n = self._n
        return (u * n + v if u < v else v * n + u) in self._chains()[2]

    def _internal_change_is_harmless(self, u: int, v: int, new2: int) -> bool:
        """For an unmatched edge inside a blossom: still slack >= 0 and not structural?"""
        if self._is_structural(u, v):
            return False
        dual = self._dual
        return dual[u] + dual[v] + 2 * self._common_z(u, v) >= new2

    def _common_z(self, u: int, v: int) -> int:
        """The sum of the duals of the blossoms holding both ``u`` and ``v`` (in one
        top-level blossom, at rest)."""
        anc, zpre, _ = self._chains()
        au = anc[u]
        av = anc[v]
        # Deepest common ancestor: chains agree on a prefix (index 0 is the
        # common top-level blossom).
        lo = 0
        hi = min(len(au), len(av)) - 1
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if au[mid] == av[mid]:
                lo = mid
            else:
                hi = mid - 1
        return zpre[u][lo]

    def _build_chain_cache(self) -> tuple[list[list[int]], list[list[int]], set[int]]:
        n = self._n
        bparent = self._bparent
        dual = self._dual
        anc: list[list[int]] = []
        zpre: list[list[int]] = []
        # Memoised per blossom: its chain (itself and ancestors, top-down).
        bchain: dict[int, tuple[list[int], list[int]]] = {}

        def chain_of(b: int) -> tuple[list[int], list[int]]:
            got = bchain.get(b)
            if got is not None:
                return got
            todo: list[int] = []
            t = b
            while t != -1 and t not in bchain:
                todo.append(t)
                t = bparent[t]
            if t == -1:
                ch: list[int] = []
                zs: list[int] = []
            else:
                ch, zs = bchain[t]
            for t in reversed(todo):
                z = dual[t] + (zs[-1] if zs else 0)
                ch = [*ch, t]
                zs = [*zs, z]
                bchain[t] = (ch, zs)
            return bchain[b]

        for v in range(n):
            p = bparent[v]
            if p == -1:
                anc.append([])
                zpre.append([])
            else:
                ch, zs = chain_of(p)
                anc.append(ch)
                zpre.append(zs)
        structural: set[int] = set()
        for b in range(n, 2 * n):
            if self._bbase[b] >= 0:
                for a, c in self._bendps[b]:
                    structural.add(a * n + c if a < c else c * n + a)
        return anc, zpre, structural

    def is_tight(self, u: int, v: int) -> bool:
        """Whether edge ``{u, v}`` has zero slack under the duals of the last ``compute``.

        Those duals prove the matching optimal, and every maximum-weight matching uses
        tight edges only (complementary slackness); weights lowered since (an edge
        removed, as ``isolate_edge`` does) leave that true. So an edge that is not
        tight is in no maximum-weight matching. Also ``False`` for a non-edge.
        """
        n = self._n
        if not (0 <= u < n and 0 <= v < n) or u == v:
            raise IndexError(f"not an edge: {u}, {v} (n={n})")
        if self._fresh:
            raise RuntimeError("no duals before the first compute")
        w = self._w2[u][v]
        if not w:
            return False
        slack = self._dual[u] + self._dual[v] - w
        ib = self._inblossom
        if ib[u] == ib[v] and ib[u] >= n:
            slack += 2 * self._common_z(u, v)
        return slack == 0

    def weight(self, u: int, v: int) -> int:
        """Current weight of edge ``{u, v}`` (0 when absent)."""
        n = self._n
        if not (0 <= u < n and 0 <= v < n):
            raise IndexError(f"vertex out of range: {u}, {v} (n={n})")
        return self._w2[u][v] if self._even else self._w2[u][v] >> 1

    def compute(self) -> None:
        """(Re)optimise the matching after any ``set_weight`` calls."""
        if not self._dirty:
            return
        multi_limit = self._multi_root_limit
        if self._fresh:
            self._full_reset()
            multi_limit = self._full_solve_root_limit
        else:
            cover = self._vertex_cover()
            if len(cover) > self._full_reset_cover:
                self._full_reset()
            elif cover:
                self._repair(cover)
        self._fresh = False
        self._chain_cache = None
        self._clear_pending()
        self._run_stages(multi_limit)
        self._dirty = False

    def mates(self) -> list[int]:
        """``mates()[v]`` is v's partner, or ``v`` itself when unmatched.

        Computes first if weights changed since the last ``compute``.
        """
        if self._dirty:
            self.compute()
        return [m if m >= 0 else v for v, m in enumerate(self._mate)]

    def matching_weight(self) -> int:
        """Total weight of the current matching."""
        if self._dirty:
            self.compute()
        w2 = self._w2
        total = sum(w2[v][m] for v, m in enumerate(self._mate) if m > v)
        return total if self._even else total >> 1

    # ------------------------------------------------------------ internals

    def _neighbours(self) -> list[list[int]]:
        nbrs = self._nbrs
        w2 = self._w2
        out: list[list[int]] = []
        for v in range(self._n):
            lst = nbrs[v]
            if lst is None:
                row = w2[v]
                lst = list(compress(self._vertices, row))
                nbrs[v] = lst
            out.append(lst)
        return out

    def _vertex_cover(self) -> list[int]:
        """Greedy vertex cover of the pending edges (deterministic).

        Vertices are taken by decreasing number of pending edges; a vertex
        joins the cover when one of its pending edges is still uncovered.
        """
        n = self._n
        if len(self._pending) > 8 * n:
            return self._dense_vertex_cover()
        adj: dict[int, list[int]] = {}
        for key in self._pending:
            u, v = divmod(key, n)
            adj.setdefault(u, []).append(v)
            adj.setdefault(v, []).append(u)
        order = sorted(adj, key=lambda x: (-len(adj[x]), x))
        chosen: dict[int, None] = {}
        for x in order:
            if any(y not in chosen for y in adj[x]):
                chosen[x] = None
        return list(chosen)

    def _dense_vertex_cover(self) -> list[int]:
        """``_vertex_cover`` for many pending edges, read from their flags row by row
        (no adjacency lists: millions of edges would take gigabytes). Same result."""
        n = self._n
        marks = self._pending_mark

        def flags(x: int) -> bytes:
            # Byte y is 1 when x-y is pending: keys y*n + x (y < x), then x*n + y (y > x).
            return bytes(marks[x : x * n : n]) + b"\0" + marks[x * n + x + 1 : (x + 1) * n]

        degree = [
            marks[x : x * n : n].count(1) + marks[x * n + x + 1 : (x + 1) * n].count(1)
            for x in range(n)
        ]
        order = sorted((x for x in range(n) if degree[x]), key=lambda x: (-degree[x], x))
        chosen: list[int] = []
        chosen_bits = 0  # bit 8*y set for a chosen y, as in int.from_bytes(flags, "little")
        for x in order:
            if int.from_bytes(flags(x), "little") & ~chosen_bits:
                chosen.append(x)
                chosen_bits |= 1 << (8 * x)
        return chosen

    def _clear_pending(self) -> None:
        pending = self._pending
        if len(pending) > 8 * self._n:
            self._pending_mark = bytearray(len(self._pending_mark))
        else:
            marks = self._pending_mark
            for key in pending:
                marks[key] = 0
        del pending[:]

    def _full_reset(self) -> None:
        n = self._n
        w2 = self._w2
        self._mate = [-1] * n
        self._dual = dual = [0] * (2 * n)
        self._inblossom = list(range(n))
        self._bparent = [-1] * (2 * n)
        self._bchilds = [[] for _ in range(2 * n)]
        self._bendps = [[] for _ in range(2 * n)]
        self._bbase = list(range(n)) + [-1] * n
        self._bleaves = [None] * (2 * n)
        self._unused = list(range(2 * n - 1, n - 1, -1))
        for v in range(n):
            row = w2[v]
            dual[v] = max(row) >> 1
        self._settle(range(n))

    def _settle(self, vertices: Iterable[int]) -> None:
        """Greedy jump start, given feasible duals.

        Each free trivial vertex in turn lowers its dual to the least feasible
        value (slack 0 on its best edge) and, when the best edge leads to a
        free trivial vertex, takes it as its mate (a tight edge).
        """
        w2 = self._w2
        nbrs = self._neighbours()
        mate = self._mate
        dual = self._dual
        inblossom = self._inblossom
        for v in vertices:
            if mate[v] >= 0 or inblossom[v] != v:
                continue
            row = w2[v]
            best = 0
            arg = -1
            free_arg = False
            for j in nbrs[v]:
                d = row[j] - dual[j]
                if d > best:
                    best = d
                    arg = j
                    free_arg = mate[j] < 0 and inblossom[j] == j
                elif d == best and not free_arg and mate[j] < 0 and inblossom[j] == j:
                    arg = j
                    free_arg = True
            dual[v] = best
            if free_arg:
                mate[v] = arg
                mate[arg] = v

    def _leaves(self, b: int) -> list[int]:
        """The vertices of blossom ``b`` (not to be modified by the caller).

        A blossom keeps its vertex set for life, so the list is cached until the
        blossom is recycled: labeling, gathering and expanding big nested blossoms
        would otherwise walk their whole nesting again each time.
        """
        n = self._n
        if b < n:
            return [b]
        bleaves = self._bleaves
        got = bleaves[b]
        if got is not None:
            return got
        bchilds = self._bchilds
        out: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < n:
                out.append(t)
            else:
                cached = bleaves[t]
                if cached is not None:
                    out.extend(cached)
                else:
                    stack.extend(bchilds[t])
        bleaves[b] = out
        return out

    def _augment_blossom(self, b0: int, v0: int) -> None:
        """Rotate blossom ``b0`` so that vertex ``v0`` becomes its base.

        Swaps matched/unmatched structural edges along the even alternating
        path from ``v0`` to the old base (and inside the sub-blossoms it passes,
        with a task list rather than recursion).
        ``mate[v0]`` and the mate of the old base's external partner are left
        for the caller to set.
        """
        n = self._n
        bparent = self._bparent
        bchilds = self._bchilds
        bendps = self._bendps
        bbase = self._bbase
        mate = self._mate
        tasks = [(b0, v0)]
        while tasks:
            b, v = tasks.pop()
            t = v
            while bparent[t] != b:
                t = bparent[t]
            if t >= n:
                tasks.append((t, v))
            childs = bchilds[b]
            endps = bendps[b]
            i = j = childs.index(t)
            if i & 1:
                j -= len(childs)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = childs[j]
                if jstep == 1:
                    a, c = endps[j]
                else:
                    c, a = endps[j - 1]
                if t >= n:
                    tasks.append((t, a))
                j += jstep
                t = childs[j]
                if t >= n:
                    tasks.append((t, c))
                mate[a] = c
                mate[c] = a
            bchilds[b] = childs[i:] + childs[:i]
            bendps[b] = endps[i:] + endps[:i]
            bbase[b] = v

    def _dissolve_top(self, b: int, add_z: bool) -> None:
        """Remove top-level blossom ``b``; children become top-level.

        With ``add_z`` its dual is moved into the duals of its vertices
        (internal slacks unchanged, external slacks grow by z).
        """
        n = self._n
        dual = self._dual
        inblossom = self._inblossom
        bparent = self._bparent
        z = dual[b]
        if add_z and z:
            for v in self._leaves(b):
                dual[v] += z
        for c in self._bchilds[b]:
            bparent[c] = -1
            if c < n:
                inblossom[c] = c
            else:
                for v in self._leaves(c):
                    inblossom[v] = c
        self._recycle(b)

    def _recycle(self, b: int) -> None:
        self._bleaves[b] = None
        self._bchilds[b] = []
        self._bendps[b] = []
        self._bbase[b] = -1
        self._bparent[b] = -1
        self._dual[b] = 0
        self._unused.append(b)

    def _repair(self, cover: list[int]) -> None:
        """Warm start: make I1..I3 hold again after weight changes.

        ``cover`` touches every changed edge that may break an invariant.
        """
        n = self._n
        mate = self._mate
        dual = self._dual
        inblossom = self._inblossom
        bbase = self._bbase
        w2 = self._w2
        nbrs = self._neighbours()
        freed: list[int] = []
        loose: list[int] = []
        for x in cover:
            b = inblossom[x]
            if b >= n:
                m = mate[bbase[b]]
                self._augment_blossom(b, x)
                mate[x] = -1
                if m >= 0:
                    mate[m] = -1
                    freed.append(m)
                while inblossom[x] >= n:
                    self._dissolve_top(inblossom[x], True)
                loose.append(x)
                continue
            m = mate[x]
            if m >= 0:
                # Cheap fix: keep the matched edge tight by moving dual[x];
                # valid when that value is >= 0 and covers x's other edges
                # (x is in no blossom, so no structural edge involves x).
                row = w2[x]
                target = row[m] - dual[m]
                if row[m] and target >= 0:
                    for j in nbrs[x]:
                        if row[j] - dual[j] > target and j != m:
                            break
                    else:
                        dual[x] = target
                        continue
                mate[x] = -1
                mate[m] = -1
                freed.append(m)
            loose.append(x)
        # Loose vertices are free and trivial: give each the least feasible
        # dual (in order, so edges among them are covered too).
        for x in loose:
            row = w2[x]
            best = 0
            for j in nbrs[x]:
                d = row[j] - dual[j]
                if d > best:
                    best = d
            dual[x] = best
        # All duals are feasible now; lower the freed ones and match greedily.
        self._settle(loose + freed)

    def _fix_root_parity(self, roots: list[int]) -> None:
        """Give all roots duals of one parity (needed for integral delta3)."""
        dual = self._dual
        odd = sum(dual[r] & 1 for r in roots)
        parity = 1 if 2 * odd > len(roots) else 0
        n = self._n
        inblossom = self._inblossom
        for r in roots:
            if dual[r] & 1 == parity:
                continue
            while True:
                b = inblossom[r]
                if b < n:
                    dual[r] += 1
                    break
                if dual[b] >= 1:
                    for v in self._leaves(b):
                        dual[v] += 1
                    dual[b] -= 1
                    break
                self._dissolve_top(b, False)

    def _match_tight_free(self, roots: list[int]) -> int:
        """Match roots along tight edges to free top-level blossoms/vertices.

        Each such edge is an augmenting path of length one: the matching
        grows, matched edges stay tight, the duals do not move.  Returns
        how many were matched.
        """
        n = self._n
        w2 = self._w2
        nbrs = self._neighbours()
        mate = self._mate
        dual = self._dual
        inblossom = self._inblossom
        bbase = self._bbase
        augment_blossom = self._augment_blossom
        found = 0
        for r in roots:
            if mate[r] >= 0:
                continue
            br = inblossom[r]
            row = w2[r]
            dr = dual[r]
            for j in nbrs[r]:
                bj = inblossom[j]
                if bj == br or mate[bbase[bj]] >= 0:
                    continue
                if dr + dual[j] == row[j]:
                    if br >= n:
                        augment_blossom(br, r)
                    if bj >= n:
                        augment_blossom(bj, j)
                    mate[r] = j
                    mate[j] = r
                    found += 1
                    break
        return found

    def _short_paths(self, roots: list[int]) -> int:
        """Augment along tight alternating paths root - f (``_match_tight_free``) and
        root - t = s - f through vertices in no blossom, many per pass; returns how many
        were taken.

        Flipping such a path keeps every matched edge tight and touches no blossom,
        so the rest state stays valid and one more root is matched. After a change
        that frees hundreds of vertices most of them pair this way; a single-root
        stage would scan a large part of the graph for each of them. The free ends
        of the paths are indexed by their tight neighbours, so a pass scans each
        free vertex's edges once.
        """
        n = self._n
        w2 = self._w2
        nbrs = self._neighbours()
        mate = self._mate
        dual = self._dual
        ib = self._inblossom
        found = self._match_tight_free(roots)
        # No root has a tight edge to a free vertex now, and this pass frees none.
        near: dict[int, list[int]] = {}
        for f in range(n):
            if mate[f] >= 0 or ib[f] != f:
                continue
            row = w2[f]
            df = dual[f]
            for s in nbrs[f]:
                if mate[s] >= 0 and ib[s] == s and df + dual[s] == row[s]:
                    got = near.get(s)
                    if got is None:
                        near[s] = [f]
                    else:
                        got.append(f)
        for r in roots:
            if mate[r] >= 0 or ib[r] != r:
                continue
            row = w2[r]
            dr = dual[r]
            for t in nbrs[r]:
                if dr + dual[t] != row[t] or ib[t] != t:
                    continue
                s = mate[t]
                if s < 0 or ib[s] != s:
                    continue
                lst = near.get(s)
                if not lst:
                    continue
                for f in lst:
                    if f != r and mate[f] < 0:
                        mate[r] = t
                        mate[t] = r
                        mate[s] = f
                        mate[f] = s
                        found += 1
                        break
                else:
                    continue
                break
        return found

    # ---------------------------------------------------------- the stages

    def _run_stages(self, multi_limit: int) -> None:
        n = self._n
        if n < 2:
            return
        w2 = self._w2
        nbrs = self._neighbours()
        mate = self._mate
        dual = self._dual
        inblossom = self._inblossom
        bparent = self._bparent
        bchilds = self._bchilds
        bendps = self._bendps
        bbase = self._bbase
        unused = self._unused
        leaves = self._leaves
        augment_blossom = self._augment_blossom
        recycle = self._recycle
        n2 = 2 * n

        # Per-stage state.  label: 0 none, 1 S, 2 T (5 = breadcrumb); kept
        # both per top-level blossom and per vertex (the vertex through which
        # a blossom was reached).  labout: the vertex outside through which
        # it was reached; labin[b]: the vertex inside b.
        label: list[int] = []
        labout: list[int] = []
        labin: list[int] = []
        # bestedge[v] for a vertex in a non-S blossom: the S vertex of its
        # least-slack edge to an S vertex.  In an unlabeled blossom
        # bestsl[v] = slack + total_delta (constant while it stays
        # unlabeled; also pushed on the heap); inside a T-blossom bestsl[v]
        # is the slack itself (constant while it stays T).
        # bestedge[b] for a top-level S blossom/vertex: encoded edge i*n+j
        # (i in b) of least slack to another S blossom, with
        # bestsl[b] = slack + 2*total_delta (constant while both are S).
        bestedge: list[int] = []
        bestsl: list[int] = []
        bbestedges: list[list[int] | None] = []
        # S vertices to scan, first labeled first: a breadth-first forest finds the
        # shortest augmenting paths and was measured to scan 8-18 % fewer edges.
        queue: deque[int] = deque()
        total_delta = 0
        # Vertices and blossoms labeled at some point of the stage (each
        # once, flagged in onlist): only they take part in dual updates.
        labeled: list[int] = []
        blist: list[int] = []
        onlist = bytearray()
        # (bestsl[v], v) for vertices in unlabeled blossoms, lazily pruned.
        heap: list[tuple[int, int]] = []
        # S-blossoms formed since the last dual step, whose least-slack edge
        # lists are not gathered yet (flagged in lazy).
        lazies: list[int] = []
        lazy = bytearray()

        def assign_label(v: int, t: int, outv: int) -> None:
            while True:
                b = inblossom[v]
                label[v] = label[b] = t
                labout[v] = labout[b] = outv
                labin[b] = v
                bestedge[v] = bestedge[b] = -1
                if b < n:
                    if not onlist[b]:
                        onlist[b] = 1
                        labeled.append(b)
                    if t == 1:
                        queue.append(b)
                        return
                else:
                    if not onlist[b]:
                        onlist[b] = 1
                        blist.append(b)
                    lv = leaves(b)
                    for x in lv:
                        if not onlist[x]:
                            onlist[x] = 1
                            labeled.append(x)
                    if t == 1:
                        queue.extend(lv)
                        return
                    to_raw(lv)
                base = bbase[b]
                v = mate[base]
                t = 1
                outv = base

        def to_raw(vertices: list[int]) -> None:
            # Vertices entering a T-blossom: their least S-edge slack stops
            # shrinking, store it as is instead of as slack + total_delta.
            td = total_delta
            for x in vertices:
                if bestedge[x] != -1:
                    bestsl[x] -= td

        def scan_blossom(v: int, w: int) -> int:
            path: list[int] = []
            base = -1
            while v != -1:
                b = inblossom[v]
                if label[b] & 4:
                    base = bbase[b]
                    break
                path.append(b)
                label[b] = 5
                v = -1 if labout[b] == -1 else labout[inblossom[labout[b]]]
                if w != -1:
                    v, w = w, v
            for b in path:
                label[b] = 1
            return base

        def add_blossom(base: int, v: int, w: int) -> None:
            bb = inblossom[base]
            bv = inblossom[v]
            bw = inblossom[w]
            b = unused.pop()
            bbase[b] = base
            bparent[b] = -1
            bparent[bb] = b
            path: list[int] = []
            endps: list[tuple[int, int]] = []
            while bv != bb:
                bparent[bv] = b
                path.append(bv)
                endps.append((labout[bv], labin[bv]))
                bv = inblossom[labout[bv]]
            path.append(bb)
            path.reverse()
            endps.reverse()
            endps.append((v, w))
            while bw != bb:
                bparent[bw] = b
                path.append(bw)
                endps.append((labin[bw], labout[bw]))
                bw = inblossom[labout[bw]]
            bchilds[b] = path
            bendps[b] = endps
            if not onlist[b]:
                onlist[b] = 1
                blist.append(b)
            label[b] = 1
            labout[b] = labout[bb]
            labin[b] = labin[bb]
            dual[b] = 0
            for x in leaves(b):
                if label[inblossom[x]] == 2:
                    queue.append(x)
                inblossom[x] = b
            # Its least-slack edges to other S-blossoms are gathered only when
            # a dual step needs them (most stages end before one).
            bestedge[b] = -1
            lazy[b] = 1
            lazies.append(b)

        def gather_best(b0: int) -> None:
            """Least-slack edges from new S-blossom ``b0`` to other S-blossoms.

            A sub-blossom formed in the same stage is gathered first (its list feeds
            its parent's): innermost first, in a loop rather than by recursion, as
            blossoms can nest as deep as half the vertex count.
            """
            order = [b0]
            for b in order:  # b0 and its lazy sub-blossoms, parents before children
                order.extend(c for c in bchilds[b] if lazy[c])
            for b in reversed(order):
                gather_one(b)

        def gather_one(b: int) -> None:
            """``gather_best`` for one blossom whose lazy sub-blossoms are gathered."""
            bestto: dict[int, int] = {}
            bestsl_to: dict[int, int] = {}
            for c in bchilds[b]:
                lst = bbestedges[c]
                if lst is None:
                    for i in leaves(c):
                        row = w2[i]
                        di = dual[i]
                        for j in nbrs[i]:
                            bj = inblossom[j]
                            if bj != b and label[bj] == 1:
                                s = di + dual[j] - row[j]
                                if bj not in bestsl_to or s < bestsl_to[bj]:
                                    bestsl_to[bj] = s
                                    bestto[bj] = i * n + j
                else:
                    for k in lst:
                        i, j = divmod(k, n)
                        bj = inblossom[j]
                        if bj != b and label[bj] == 1:
                            s = dual[i] + dual[j] - w2[i][j]
                            if bj not in bestsl_to or s < bestsl_to[bj]:
                                bestsl_to[bj] = s
                                bestto[bj] = k
                bbestedges[c] = None
                bestedge[c] = -1
            # Edges found by scanning b's vertices since it was formed.
            k = bestedge[b]
            if k != -1:
                i, j = divmod(k, n)
                bj = inblossom[j]
                if bj != b and label[bj] == 1:
                    s = dual[i] + dual[j] - w2[i][j]
                    if bj not in bestsl_to or s < bestsl_to[bj]:
                        bestsl_to[bj] = s
                        bestto[bj] = k
            lazy[b] = 0
            bbestedges[b] = list(bestto.values())
            be = -1
            bs = 0
            for bj, k in bestto.items():
                s = bestsl_to[bj]
                if be == -1 or s < bs:
                    be = k
                    bs = s
            bestedge[b] = be
            if be != -1:
                bestsl[b] = bs + 2 * total_delta

        def expand_blossom(b0: int, endstage: bool) -> None:
            stack = [b0]
            while stack:
                b = stack.pop()
                for s in bchilds[b]:
                    bparent[s] = -1
                    if s < n:
                        inblossom[s] = s
                    elif endstage and dual[s] == 0:
                        stack.append(s)
                    else:
                        for x in leaves(s):
                            inblossom[x] = s
                if not endstage and label[b] == 2:
                    # Its vertices leave the T-blossom: back to keys.
                    td = total_delta
                    for x in leaves(b):
                        if bestedge[x] != -1:
                            bestsl[x] += td
                            heappush(heap, (bestsl[x], x))
                    relabel_expanded(b)
                label[b] = 0
                labout[b] = -1
                bbestedges[b] = None
                bestedge[b] = -1
                recycle(b)

        def relabel_expanded(b: int) -> None:
            childs = bchilds[b]
            endps = bendps[b]
            entrychild = inblossom[labin[b]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep = 1
            else:
                jstep = -1
            pout = labout[b]
            pin = labin[b]
            while j != 0:
                qc = endps[j][1] if jstep == 1 else endps[j - 1][0]
                label[pin] = 0
                label[qc] = 0
                assign_label(pin, 2, pout)
                j += jstep
                if jstep == 1:
                    pout, pin = endps[j]
                else:
                    pin, pout = endps[j - 1]
                j += jstep
            bv = childs[j]
            label[pin] = label[bv] = 2
            labout[pin] = labout[bv] = pout
            labin[bv] = pin
            bestedge[bv] = -1
            if bv >= n:
                if not onlist[bv]:
                    onlist[bv] = 1
                    blist.append(bv)
                to_raw(leaves(bv))
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for x in leaves(bv):
                    if label[x] != 0:
                        found = x
                        break
                if found >= 0:
                    label[found] = 0
                    label[mate[bbase[bv]]] = 0
                    assign_label(found, 2, labout[found])
                j += jstep

        def walk(s: int, newmate: int) -> None:
            """Match S vertex s to newmate and flip its tree path to the root."""
            while True:
                bs = inblossom[s]
                if bs >= n:
                    augment_blossom(bs, s)
                mate[s] = newmate
                t = labout[bs]
                if t == -1:
                    return
                bt = inblossom[t]
                s = labout[bt]
                j = labin[bt]
                if bt >= n:
                    augment_blossom(bt, j)
                mate[j] = s
                newmate = j

        def tight_edge(v: int, j: int) -> bool:
            """Handle a tight edge from S vertex v to j (other blossom).

            Returns True when the matching was augmented (stage over).
            """
            bj = inblossom[j]
            lbj = label[bj]
            if lbj == 0:
                if mate[bbase[bj]] < 0:
                    # Free target (root-less): augment into it.
                    if bj >= n:
                        augment_blossom(bj, j)
                    mate[j] = v
                    walk(v, j)
                    return True
                assign_label(j, 2, v)
            elif lbj == 1:
                base = scan_blossom(v, j)
                if base < 0:
                    walk(v, j)
                    walk(j, v)
                    return True
                add_blossom(base, v, j)
            elif label[j] == 0:
                # j inside a T-blossom, not reached before: remember it
                # for the relabelling when that blossom expands.
                label[j] = 2
                labout[j] = v
            return False

        duals_moved = True
        short_paths = True
        while True:
            roots = [v for v in range(n) if mate[v] < 0 and dual[v] > 0]
            if not roots:
                break
            # Many roots: short tight paths first, again while a pass matches at least
            # a quarter of the roots (each pass scans every free vertex's edges).
            if short_paths and len(roots) > multi_limit:
                found = self._short_paths(roots)
                short_paths = 4 * found >= len(roots)
                if found:
                    continue
            if duals_moved and 1 < len(roots) <= multi_limit:
                # New tight edges may join free vertices directly: take them
                # all now (augmenting paths of length one) instead of one
                # per stage.
                duals_moved = False
                if self._match_tight_free(roots):
                    roots = [v for v in roots if mate[v] < 0]
                    if not roots:
                        break
            if len(roots) > multi_limit:
                roots = roots[:1]
            else:
                self._fix_root_parity(roots)

            label = [0] * n2
            labout = [-1] * n2
            labin = [-1] * n2
            bestedge = [-1] * n2
            bestsl = [0] * n2
            bbestedges = [None] * n2
            queue = deque()
            total_delta = 0
            labeled = []
            blist = []
            onlist = bytearray(n2)
            heap = []
            lazies = []
            lazy = bytearray(n2)
            for r in roots:
                assign_label(r, 1, -1)

            finished = False
            while True:
                # ---- grow the forest along tight edges
                while queue:
                    v = queue.popleft()
                    bv = inblossom[v]
                    dv = dual[v]
                    row = w2[v]
                    # Best S-S candidate of bv, accumulated locally.
                    bkey_e = bestedge[bv]
                    bkey = bestsl[bv]
                    td = total_delta
                    # Slacks are taken as slack + td: the key of an edge to an
                    # unlabeled vertex as it is, one subtraction or addition for the rest.
                    dvt = dv + td
                    for j in nbrs[v]:
                        bj = inblossom[j]
                        if bj == bv:
                            continue
                        lbj = label[bj]
                        lj = label[j]
                        if lbj == 2 and lj:
                            continue  # already reached T vertex
                        ks = dvt + dual[j] - row[j]
                        if ks <= td:
                            if bkey_e != bestedge[bv]:
                                bestedge[bv] = bkey_e
                                bestsl[bv] = bkey
                            if tight_edge(v, j):
                                finished = True
                                break
                            if inblossom[v] != bv:
                                bv = inblossom[v]
                            bkey_e = bestedge[bv]
                            bkey = bestsl[bv]
                        elif lbj == 1:
                            ks += td
                            if bkey_e == -1 or ks < bkey:
                                bkey_e = v * n + j
                                bkey = ks
                        elif lj == 0:
                            if lbj == 0:
                                if bestedge[j] == -1 or ks < bestsl[j]:
                                    bestedge[j] = v
                                    bestsl[j] = ks
                                    heappush(heap, (ks, j))
                            else:
                                # j inside a T-blossom: raw slack (constant).
                                ks -= td
                                if bestedge[j] == -1 or ks < bestsl[j]:
                                    bestedge[j] = v
                                    bestsl[j] = ks
                    if finished:
                        break
                    if bkey_e != -1:
                        bestedge[bv] = bkey_e
                        bestsl[bv] = bkey
                if finished:
                    break

                # ---- dual adjustment
                for b in lazies:
                    if lazy[b] and bparent[b] == -1:
                        gather_best(b)
                lazies.clear()
                # A root stays S all stage: its dual bounds delta1.
                deltatype = 1
                deltaarg = roots[0]
                delta = dual[deltaarg]
                deltaarg2 = -1
                twod = 2 * total_delta
                for v in labeled:
                    bv = inblossom[v]
                    if label[bv] == 1:
                        d = dual[v]
                        if d < delta:
                            delta = d
                            deltatype = 1
                            deltaarg = v
                        if bv == v:
                            k = bestedge[v]
                            if k != -1:
                                d = (bestsl[v] - twod) >> 1
                                if d < delta:
                                    delta = d
                                    deltatype = 3
                                    deltaarg = k
                while heap:
                    ks, v = heap[0]
                    if bestedge[v] != -1 and bestsl[v] == ks and label[inblossom[v]] == 0:
                        d = ks - total_delta
                        if d < delta:
                            delta = d
                            deltatype = 2
                            deltaarg = bestedge[v]
                            deltaarg2 = v
                        break
                    heappop(heap)
                for b in blist:
                    lb = label[b]
                    if lb and bparent[b] == -1 and bbase[b] >= 0:
                        if lb == 1:
                            k = bestedge[b]
                            if k != -1:
                                d = (bestsl[b] - twod) >> 1
                                if d < delta:
                                    delta = d
                                    deltatype = 3
                                    deltaarg = k
                        elif dual[b] < delta:
                            delta = dual[b]
                            deltatype = 4
                            deltaarg = b

                if delta:
                    duals_moved = True
                    total_delta += delta
                    for v in labeled:
                        lb = label[inblossom[v]]
                        if lb == 1:
                            dual[v] -= delta
                        elif lb == 2:
                            dual[v] += delta
                    for b in blist:
                        lb = label[b]
                        if lb and bparent[b] == -1 and bbase[b] >= 0:
                            if lb == 1:
                                dual[b] += delta
                            else:
                                dual[b] -= delta

                if deltatype == 1:
                    walk(deltaarg, -1)
                    break
                if deltatype == 2:
                    if tight_edge(deltaarg, deltaarg2):
                        break
                elif deltatype == 3:
                    i2, j2 = divmod(deltaarg, n)
                    if tight_edge(i2, j2):
                        break
                else:
                    expand_blossom(deltaarg, False)

            # End of stage: expand S-blossoms with zero dual.
            for b in blist:
                if bparent[b] == -1 and bbase[b] >= 0 and label[b] == 1 and dual[b] == 0:
                    expand_blossom(b, True)

    # ------------------------------------------------------- verification

    def _check_optimality(self, *, allow_roots: bool = False) -> None:
        """Assert the complementary slackness conditions (testing aid); with
        ``allow_roots`` a free vertex may keep a positive dual (a valid warm start)."""
        n = self._n
        w2 = self._w2
        mate = self._mate
        dual = self._dual
        bparent = self._bparent
        for v in range(n):
            assert dual[v] >= 0, "negative vertex dual"
            m = mate[v]
            if m >= 0:
                assert mate[m] == v, "asymmetric mate"
                assert w2[v][m] > 0, "matched non-edge"
            else:
                assert allow_roots or dual[v] == 0, "free vertex with positive dual"
        for b in range(n, 2 * n):
            if self._bbase[b] >= 0:
                assert dual[b] >= 0, "negative blossom dual"

        def chain(v: int) -> list[int]:
            out = [v]
            while bparent[out[-1]] != -1:
                out.append(bparent[out[-1]])
            out.reverse()
            return out

        chains = [chain(v) for v in range(n)]

        def true_slack(i: int, j: int) -> int:
            s = dual[i] + dual[j] - w2[i][j]
            for bi, bj in zip(chains[i], chains[j], strict=False):
                if bi != bj:
                    break
                s += 2 * dual[bi]
            return s

        for i in range(n):
            for j in range(i + 1, n):
                if w2[i][j]:
                    s = true_slack(i, j)
                    assert s >= 0, f"negative slack on {i}-{j}"
                    if mate[i] == j:
                        assert s == 0, f"matched edge {i}-{j} not tight"
        for b in range(n, 2 * n):
            if self._bbase[b] < 0:
                continue
            endps = self._bendps[b]
            childs = self._bchilds[b]
            assert len(childs) % 2 == 1 and len(childs) >= 3
            for a, c in endps:
                assert true_slack(a, c) == 0, "structural edge not tight"
            for a, c in endps[1::2]:
                assert mate[a] == c and mate[c] == a, "blossom not full"
