"""The FIDE Dutch system (C.04.3, rules applied from 1 February 2026).

How the articles map to the computation
---------------------------------------
The players to be paired (C.04.2 art. 3.2-3.3: withdrawn players and players with a pre-set
bye or absence are left out) are ranked by score and TPN (art. 1.2) and split into
scoregroups (art. 1.3.1). One graph holds every player; an edge joins two players who may
meet under the absolute criteria [C1] and [C3] (art. 2.1); a maximum-weight matching of that
graph is a round-pairing. Edge weights (``weights.py``) encode the criteria as bit fields in
priority order, so one matching optimises them lexicographically:

* Every edge carries the completion field, so the matching always pairs everybody but at
  most one player, who is eligible for the PAB ([C2], [C4]). A first matching finds the
  lowest score any PAB assignee can have ([C5]); after that only players with that score or
  less may stay unpaired.
* Brackets are then paired from the top (art. 1.9.2). For the bracket being paired only, the
  edges to its residents and to the next scoregroup carry the quality fields [C6]-[C21]
  (art. 2.4); everything below keeps only the completion field, which is exactly the
  completion criterion [C4] for the players not yet paired.
* Among the candidates of equal quality, art. 3.8.1 takes the one generated first in the
  sequence of art. 4. Rather than enumerating candidates, the engine fixes the choices one
  at a time, each time re-optimising the matching with a small bonus that favours the choice
  art. 4 generates first, and keeping it only if the quality stays optimal:
    - which MDPs are paired (art. 3.2.2, 4.4.2: the set with the smallest differing BSN),
    - each paired MDP's opponent (art. 3.3.1, 4.2: S2 in BSN order),
    - in the remainder (art. 3.3.3, 3.6): how many residents are exchanged (art. 4.3.2
      rule 1), the smallest difference of the BSN sums (rule 2), which S1 players move to S2
      (rule 3: the largest BSNs first) and which S2 players move to S1 (rule 4: the
      smallest BSNs first),
    - each S1 player's opponent in S2 order (art. 4.2, transpositions): a preference rank
      per S1 player, lexicographically, for a few S1 players per matching (the ranks of
      later players cannot outweigh those of earlier ones, so this is the same as one
      S1 player at a time, which is what bbpPairings does).
* Shortcuts that read the optimum's duals instead of re-optimising: an edge that is not
  tight under them is in no optimum, so an S1 player's first choice is its first free S2
  player with a tight edge; when the current optimum can hand it that player by moving
  other players along tight edges at equal weight, it takes it without a ranked matching.
  The rule 1-2 terms belong to the higher-ranked player of a pair, so raising each S1
  candidate's dual by its term keeps the other pairs optimal and only the exchanges of
  the optimum found so far are re-matched.
* Pairs once chosen are fixed in the graph; the bracket's unpaired players move down as
  MDPs (art. 1.4.1) and the next bracket is formed.
* Speed without changing the answer: the completion field is the same for every complete
  pairing, so a bracket is optimised on a small matching of its own players and the next
  scoregroup only; the completion oracle (``completion.py``, cardinality matching with
  augmenting paths) then confirms the chosen pairs leave everybody else pairable, which
  makes them optimal for the whole graph as well. Only when it does not (rare, near the
  bottom of the field) is the whole graph of unpaired players solved. The bracket's
  matching holds its weights without the completion field (all weights even, stored as
  given, one integer shared per class of alike pairs), so a field of 5,000 stays well
  under 1 GB.
* Colours follow art. 5 (``swissdesk.engines.colours``); boards are published in the order
  of C.04.2 art. 3.6.

This is the same weighted-matching formulation the FIDE-endorsed engine bbpPairings uses, so
the two agree on which candidate the rules select.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress

from swissdesk.engines.base import NoValidPairing, Pair, RoundPairing
from swissdesk.engines.colours import Ranked, board_order_key, colour_for
from swissdesk.engines.dutch.completion import CompletionOracle, row_typecode
from swissdesk.engines.dutch.weights import Layout, Vertex
from swissdesk.engines.matching.computer import MatchingComputer
from swissdesk.i18n import said
from swissdesk.model.state import Float, PlayerState, build_states
from swissdesk.model.tournament import Colour, Player, ResultCode, Tournament


@dataclass(frozen=True, slots=True)
class BracketRecord:
    """What happened in one bracket, for the explanation."""

    score: int
    residents: tuple[int, ...]
    mdps: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    downfloaters: tuple[int, ...]


@dataclass(slots=True)
class DutchResult:
    """The engine's raw answer before it becomes a :class:`RoundPairing`."""

    pairs: list[tuple[Ranked, Ranked]]
    bye: Ranked | None
    brackets: list[BracketRecord]
    ranked: dict[int, Ranked]


def _participated(p: Player, round_number: int) -> bool:
    """Whether the player ever took part in a pairing (bbpPairings' 'valid player')."""
    for r in range(1, round_number):
        e = p.entry(r)
        if e is not None and (
            e.opponent is not None or e.result is ResultCode.PAIRING_ALLOCATED_BYE
        ):
            return True
    return False


def rank_players(
    t: Tournament, states: dict[int, PlayerState], round_number: int
) -> dict[int, Ranked]:
    """Effective pairing numbers (rank index) of the players who count in this round.

    A player with a pre-set absence for this round who never took part in any pairing (e.g.
    a late entry not yet arrived) is not given one, so the parity used by art. 5.2.5 is that
    of the players actually in the tournament.
    """
    ranked: dict[int, Ranked] = {}
    index = 0
    for p in sorted(t.players, key=lambda p: p.tpn):
        st = states[p.tpn]
        if not st.available and not _participated(p, round_number):
            continue
        ranked[p.tpn] = Ranked(st, index, st.pairing_score)
        index += 1
    return ranked


class _Round:
    """One round's matching graph and the decisions fixed in it so far.

    The graph is the one the module docstring describes, over every player to be paired.
    Only the edges among the members of the bracket being paired (its MDPs, residents and
    the next scoregroup) ever carry more than the completion field, so the round keeps no
    weight table of its own: the bracket's ``base`` rows, the weights carried between MDPs
    from the previous bracket (``carried``) and the active matching hold them all. A
    fixed pair keeps only its own edge.

    Each bracket is optimised on a small matching of its own players (``local``: the
    weights without the completion field, which is the same for every complete pairing);
    that optimum is taken when the completion oracle shows it can be completed, as it is
    then optimal for the whole graph too. Otherwise, and for the brackets whose downfloaters
    [C9] follows (every bracket from the one above the PAB scoregroup down), the bracket is
    optimised on the whole graph of players not yet fixed
    (``full``). A fixed pair is an isolated edge of the whole graph, so leaving fixed pairs
    out changes nothing.
    """

    def __init__(
        self,
        verts: list[Vertex],
        compat: list[bytearray],
        layout: Layout,
        bracket_local: bool,
    ) -> None:
        self.verts = verts
        self.compat = compat
        self.layout = layout
        self.n = len(verts)
        self.mates: list[int] = list(range(self.n))
        self.matched = [False] * self.n
        self.final_mate: dict[int, int] = {}
        self.bye_score = 0
        """Score the PAB assignee may have at most ([C5]); 0 with an even field."""
        self.c9_ranks: dict[int, int] | None = None
        self.single_downfloater_is_bye = False
        self.bracket_local = bracket_local
        self.oracle: CompletionOracle | None = None
        self.carried: dict[tuple[int, int], int] = {}
        """Weights (without the completion field) of the edges between MDPs, as the
        previous bracket left them (a bracket rewrites every other edge of its members)."""
        self.fixed_partner: dict[int, int] = {}
        self.non_candidate = [1] * self.n
        """1 for a player who may not stay unpaired: not eligible for the PAB ([C2]) or
        scoring more than its assignee may ([C5]); set by ``first_matching``."""
        self.complete_shift = layout.offset["complete"]
        self.local: MatchingComputer | None = None
        self.full: MatchingComputer | None = None
        self.active_vertices: list[int] = []
        self.active_index: dict[int, int] = {}

    def completion_part(self, u: int, v: int) -> int:
        """The completion field of edge ``u``-``v``: 1 per pair, +1 per player paired who
        could not take the PAB ([C2], [C4], [C5]; see ``non_candidate``)."""
        nc = self.non_candidate
        return (1 + nc[u] + nc[v]) << self.complete_shift

    def set_weight(self, u: int, v: int, w: int) -> None:
        """Set the weight of an edge between two unfixed bracket members.

        ``w`` is the edge's weight without the completion field (0: no edge); the whole
        graph adds that field, the bracket's own matching does without it.
        """
        assert u not in self.fixed_partner and v not in self.fixed_partner
        lu = self.active_index[u]
        lv = self.active_index[v]
        if self.local is not None:
            self.local.set_weight(lu, lv, w)
        else:
            assert self.full is not None
            self.full.set_weight(lu, lv, w + self.completion_part(u, v) if w else 0)

    def member_weight(self, u: int, v: int) -> int:
        """The current weight (without the completion field) of an edge between two
        members of the bracket."""
        lu = self.active_index[u]
        lv = self.active_index[v]
        if self.local is not None:
            return self.local.weight(lu, lv)
        assert self.full is not None
        w = self.full.weight(lu, lv)
        return w - self.completion_part(u, v) if w else 0

    def begin_bracket(
        self, members: list[int], base: list[list[int]], sg_begin: int, full_graph: bool
    ) -> None:
        """Start a bracket: optimise it on its own players unless ``full_graph``.

        ``base[k][m]`` (``sg_begin <= k``, ``m < k``) is the weight (without the
        completion field) of the edge between ``members[m]`` and ``members[k]``; edges
        between two MDPs are in ``carried``. The bracket's matching shares these weights.
        """
        carried = self.carried

        def weight(k: int, m: int) -> int:
            if k >= sg_begin:
                return base[k][m]
            u, v = members[m], members[k]
            return carried.get((u, v) if u < v else (v, u), 0)

        if full_graph or not self.bracket_local or self.oracle is None:
            self._activate_full(members, weight)
            return
        size = len(members)
        rows = [[0] * size for _ in range(size)]
        for k in range(size):
            row = rows[k]
            for m in range(k):
                w = weight(k, m)
                if w:
                    row[m] = rows[m][k] = w
        matcher = MatchingComputer(size, even_weights=True, weights=rows, checked=False)
        self.active_vertices = members
        self.active_index = {v: i for i, v in enumerate(members)}
        self.local = matcher

    def _activate_full(self, members: list[int], weight: Callable[[int, int], int]) -> None:
        """Optimise on the whole graph of players not yet fixed: the completion field on
        every edge, plus ``weight(k, m)`` on the bracket members' (positions in
        ``members``, ``m < k``)."""
        position = {v: k for k, v in enumerate(members)}
        vertices = [v for v in range(self.n) if v not in self.fixed_partner]
        size = len(vertices)
        rows = [[0] * size for _ in range(size)]
        compat = self.compat
        for i, u in enumerate(vertices):
            row = rows[i]
            pu = position.get(u)
            compat_u = compat[u]
            for j in range(i):
                v = vertices[j]
                pv = position.get(v)
                if pu is not None and pv is not None:
                    w = weight(pu, pv) if pu > pv else weight(pv, pu)
                    if w:
                        row[j] = rows[j][i] = w + self.completion_part(u, v)
                elif compat_u[v]:
                    row[j] = rows[j][i] = self.completion_part(u, v)
        self.local = None
        matcher = MatchingComputer(size, even_weights=True, weights=rows, checked=False)
        self.active_vertices = vertices
        self.active_index = {v: i for i, v in enumerate(vertices)}
        self.full = matcher

    def compute(self) -> None:
        vertices = self.active_vertices
        if self.local is not None:
            assert self.oracle is not None
            self.local.compute()
            local_mates = self.local.mates()
            pairs = [(vertices[i], vertices[j]) for i, j in enumerate(local_mates) if i < j]
            if self.oracle.completes(pairs):
                mates = list(range(self.n))
                for a, b in self.fixed_partner.items():
                    mates[a] = b
                for a, b in pairs:
                    mates[a], mates[b] = b, a
                self.mates = mates
                return
            # Not completable: the rest of this bracket on the whole graph (fixed pairs
            # drop out, the members' edges keep their current weights).
            members = vertices
            self._activate_full(members, lambda k, m: self.member_weight(members[k], members[m]))
            vertices = self.active_vertices
        assert self.full is not None
        self.full.compute()
        mates = list(range(self.n))
        for a, b in self.fixed_partner.items():
            mates[a] = b
        for i, j in enumerate(self.full.mates()):
            mates[vertices[i]] = vertices[j]
        self.mates = mates
        if self.oracle is not None:
            self.oracle.adopt(mates)

    @property
    def active(self) -> MatchingComputer | None:
        """The bracket's matching: its own (``local``) or the whole graph's (``full``)."""
        return self.local if self.local is not None else self.full

    def raise_duals(self, increase: dict[int, int]) -> None:
        """Raise the active matching's duals of some unfixed bracket members (vertex ->
        amount) ahead of raising their edges' weights by as much: see
        ``MatchingComputer.raise_duals``."""
        matcher = self.active
        if matcher is not None:
            index = self.active_index
            matcher.raise_duals({index[v]: a for v, a in increase.items()})

    def is_tight(self, u: int, v: int) -> bool:
        """Whether the edge between two unfixed bracket members may be in an optimum at
        all: tight under the active matching's duals (``MatchingComputer.is_tight``)."""
        matcher = self.active
        assert matcher is not None
        return matcher.is_tight(self.active_index[u], self.active_index[v])

    def rematch(self, pairs: list[tuple[int, int]]) -> None:
        """Take ``pairs`` instead of the current optimum's pairs of the same players (an
        optimum as well): the mates and the completion oracle's pairing follow; the active
        matching learns of them as they are fixed."""
        for a, b in pairs:
            self.mates[a] = b
            self.mates[b] = a
        if self.oracle is not None:
            self.oracle.rematch(pairs)

    def fix_pair(self, a: int, b: int) -> None:
        """Keep ``a``-``b`` in every later matching: all other edges of both go."""
        self.fixed_partner[a] = b
        self.fixed_partner[b] = a
        matcher = self.active
        if matcher is not None:
            # Both are in the active matching (normally just matched in it; otherwise
            # the matching repairs itself when next computed).
            matcher.isolate_edge(self.active_index[a], self.active_index[b])
        if self.oracle is not None:
            self.oracle.fix(a, b)

    def end_bracket(self, mdps: list[int]) -> None:
        """Keep the weights between the next bracket's MDPs, which it does not rewrite,
        and let the bracket's matching go before the next bracket builds its own."""
        self.carried = {
            (min(u, v), max(u, v)): w
            for i, u in enumerate(mdps)
            for v in mdps[:i]
            if (w := self.member_weight(u, v))
        }
        self.local = self.full = None
        self.active_vertices = []
        self.active_index = {}

    def first_matching(self, c9_uses_played_games: bool) -> None:
        """Is a complete pairing possible ([C4]), and the lowest PAB score ([C5])?

        Answered with cardinality matchings: a complete pairing with the PAB vertex joined
        to the players who may take the bye ([C2]), then the bye restricted to the lowest
        scores that still leave a complete pairing. Only when the PAB falls in the top
        scoregroup is the full weighted matching needed here ([C9] then looks at how the
        top scoregroup pairs).
        """
        verts, n = self.verts, self.n
        odd = n % 2 == 1
        typecode = row_typecode(n + odd)  # as the oracle keeps them: no copy
        everyone = range(n)
        neighbours = [array(typecode, compress(everyone, row)) for row in self.compat]
        eligible = [i for i in range(n) if verts[i].bye_eligible] if odd else None
        oracle = CompletionOracle(neighbours, eligible)
        if not oracle.complete():
            raise NoValidPairing(
                said(
                    "The players cannot all be paired without breaking an absolute criterion "
                    "(C1-C3), or the player left over may not receive the pairing-allocated bye "
                    "(C.04.1 art. 4); the Chief Arbiter decides (C.04.3 art. 1.9.3)."
                )
            )
        if odd:
            assert eligible is not None
            for score in sorted({verts[c].score for c in eligible}):
                if oracle.restrict_bye([c for c in eligible if verts[c].score <= score]):
                    self.bye_score = score
                    break
        self.oracle = oracle
        self.mates = oracle.mates()
        if odd and self.bye_score >= verts[0].score:
            self._weighted_first_matching()
        self.non_candidate = [
            0 if v.bye_eligible and v.score <= self.bye_score else 1 for v in verts
        ]
        if odd:
            # [C9]: the fewer unplayed games the PAB assignee has, the better; a paired
            # player scores (most games played by a candidate) - (own games played).
            bye_score = self.bye_score
            most = max((v.played_games for v in verts if v.score == bye_score), default=0)
            ranks = {v.played_games: most - v.played_games for v in verts}
            self.c9_ranks = ranks if c9_uses_played_games else dict.fromkeys(ranks, 0)

    def _weighted_first_matching(self) -> None:
        """The PAB lies in the top scoregroup: does the top scoregroup pair within itself?"""
        verts, layout, n = self.verts, self.layout, self.n
        g = MatchingComputer(n)
        top_score = verts[0].score
        for i in range(n):
            a = verts[i]
            for j in range(i):
                if self.compat[i][j]:
                    b = verts[j]
                    w = 1 + (not a.bye_eligible) + (not b.bye_eligible)
                    w = (w << layout.lanes_bits) | (layout.lane[a.score] + layout.lane[b.score])
                    w = (w << layout.count_bits) | (a.score >= top_score)
                    g.set_weight(i, j, w)
        g.compute()
        mates = g.mates()
        self.single_downfloater_is_bye = all(
            verts[mates[i]].score >= top_score for i in range(n) if verts[i].score >= top_score
        )


class _Bracket:
    """One pairing bracket (art. 1.3.2) with the next scoregroup appended while it is paired.

    ``members[0:sg_begin]`` are the MDPs, ``members[sg_begin:next_begin]`` the residents and
    ``members[next_begin:]`` the next scoregroup; ``base[k][m]`` (``m < k``) is the criteria
    weight of the edge between ``members[m]`` (the higher ranked) and ``members[k]``.
    """

    def __init__(
        self, rnd: _Round, members: list[int], sg_begin: int, sg_begin_vertex: int, next_pos: int
    ) -> None:
        self.rnd = rnd
        self.members = members
        self.sg_begin = sg_begin
        self.next_begin = len(members)
        self.lo = sg_begin_vertex
        self.hi = sg_begin_vertex + (self.next_begin - sg_begin)
        verts = rnd.verts
        pos = next_pos
        self.group_start = pos
        while pos < rnd.n and verts[pos].score >= verts[self.group_start].score:
            members.append(pos)
            pos += 1
        self.next_pos = pos
        self.size = len(members)
        self.base: list[list[int]] = [[] for _ in range(self.size)]
        self._order_rows: dict[int, dict[int, int]] = {}
        """``order_weight`` per remainder index: base weight -> weight with the terms."""

    def in_bracket(self, v: int) -> bool:
        """Vertex ``v`` is a resident of this bracket."""
        return self.lo <= v < self.hi

    def is_upper(self, k: int) -> bool:
        """``members[k]`` is paired in the bracket with a lower-ranked resident (an S1 player)."""
        v = self.members[k]
        mate = self.rnd.mates[v]
        return v < mate < self.hi

    def order_weight(self, m: int, k: int, m_rem: int, rem_pairs: int) -> int:
        """Base weight plus art. 4.3.2 rules 1-2: fewest exchanges, smallest BSN difference.

        The terms belong to ``members[m]`` (remainder index ``m_rem``; ``rem_pairs`` is
        fixed for the bracket), so its edges of one base weight share one integer: a
        bracket of everyone (round 1) would otherwise hold a new integer per pair.
        """
        w = self.base[k][m]
        if w:
            row = self._order_rows.get(m_rem)
            if row is None:
                row = self._order_rows[m_rem] = {}
            got = row.get(w)
            if got is None:
                got = row[w] = w + self.order_term(m_rem, rem_pairs)
            return got
        return w

    def order_term(self, m_rem: int, rem_pairs: int) -> int:
        """The art. 4.3.2 rule 1-2 term of the remainder's player ``m_rem`` as the higher-
        ranked player of a pair: one for a member of S1 as first formed (fewest exchanges),
        minus its BSN (smallest BSN difference)."""
        layout = self.rnd.layout
        add = ((1 if m_rem < rem_pairs else 0) << layout.bsn_bits) - m_rem
        return add << layout.order_shift

    def next_bracket_may_hold_bye(self) -> bool:
        """Whether the PAB assignee may be the single downfloater of the next bracket.

        The next bracket is this bracket's downfloaters (MDPs there) and the next
        scoregroup. With an odd field, its one unpaired player takes the PAB when the
        assignee's score ([C5]) is at least that scoregroup's: the assignee is then a
        resident or, when nobody lower may take the bye (every lower player already had
        one, or won by forfeit, [C2]), one of the MDPs, and in the last bracket it is the
        one player left over. [C9] (C.04.3 art. 2.4.4 and its note) applies there.
        """
        rnd = self.rnd
        return (
            rnd.n % 2 == 1
            and self.group_start < rnd.n
            and rnd.bye_score >= rnd.verts[self.group_start].score
        )

    def set_base_weights(self) -> None:
        rnd, members, verts = self.rnd, self.members, self.rnd.verts
        c9 = rnd.c9_ranks if rnd.single_downfloater_is_bye else None
        # A bracket whose next bracket may hold the PAB assignee reads the full matching
        # when it closes ([C9] looks at where its downfloaters go), so it uses the full
        # graph.
        layout = rnd.layout
        # An edge into the next scoregroup carries only [C4] and [C8] (and [C9] when the
        # PAB is at stake), so it skips the full criteria routine. The others are worked
        # out once per pair of weight classes (players alike in everything the criteria
        # read) and shared: a big bracket has a few dozen classes and tens of thousands
        # of pairs.
        class_id: dict[tuple[object, ...], int] = {}
        cls = [class_id.setdefault(verts[v].weight_class, len(class_id)) for v in members]
        classes = len(class_id)
        known: dict[int, int] = {}
        for k in range(self.sg_begin, self.size):
            vk = members[k]
            row = self.base[k]
            compat_k = rnd.compat[vk]
            in_bracket = k < self.next_begin
            full_criteria = in_bracket or c9 is not None
            ck = cls[k] * 2 + in_bracket
            for m in range(k):
                vm = members[m]
                if not compat_k[vm]:
                    w = 0
                elif full_criteria:
                    key = cls[m] * 2 * classes + ck
                    got = known.get(key)
                    if got is None:
                        got = known[key] = layout.bracket_weight(
                            verts[vm], verts[vk], in_bracket, not in_bracket, 0, rnd.bye_score, c9
                        )
                    w = got
                else:
                    w = layout.next_bracket_fields(verts[vm].score)
                row.append(w)
        rnd.begin_bracket(
            members,
            self.base,
            self.sg_begin,
            self.next_bracket_may_hold_bye(),
        )
        rnd.compute()

    def select_mdps(self) -> None:
        """Which MDPs are paired here (art. 3.2.2, 4.4.2: smallest differing BSN first)."""
        rnd, members, verts, base = self.rnd, self.members, self.rnd.verts, self.base
        tie = rnd.layout.tie
        group_score = remaining = remaining_pairable = 0
        for m in range(self.sg_begin):
            vm = members[m]
            if m == 0 or verts[vm].score < group_score:
                group_score = verts[vm].score
                remaining = remaining_pairable = 0
                k = m
                while k < self.size and verts[members[k]].score >= group_score:
                    remaining += 1
                    if self.in_bracket(rnd.mates[members[k]]):
                        remaining_pairable += 1
                    k += 1
            if not remaining_pairable:
                continue
            if remaining <= remaining_pairable:
                rnd.matched[vm] = True
                continue
            remaining -= 1
            if not self.in_bracket(rnd.mates[vm]):
                for k in range(self.sg_begin, self.next_begin):
                    w = base[k][m]
                    if w:
                        rnd.set_weight(vm, members[k], w | tie)
                rnd.compute()
            if self.in_bracket(rnd.mates[vm]):
                rnd.matched[vm] = True
                remaining_pairable -= 1
                for k in range(self.sg_begin, self.next_begin):
                    w = base[k][m]
                    if w:
                        rnd.set_weight(
                            vm, members[k], (w | (self.next_begin - self.sg_begin) * tie) + tie
                        )

    def pair_mdps(self) -> None:
        """Each paired MDP meets the first resident of S2 that keeps the pairing optimal."""
        rnd, members, base = self.rnd, self.members, self.base
        for m in range(self.sg_begin):
            vm = members[m]
            if not rnd.matched[vm]:
                continue
            first = next(
                (
                    members[k]
                    for k in range(self.sg_begin, self.next_begin)
                    if not rnd.matched[members[k]] and base[k][m]
                ),
                None,
            )
            if rnd.mates[vm] != first:
                # Otherwise the current optimum already gives the MDP its first choice.
                bonus = self.size
                for k in range(self.next_begin - 1, self.sg_begin - 1, -1):
                    vk = members[k]
                    if rnd.matched[vk]:
                        continue
                    w = base[k][m]
                    if w:
                        rnd.set_weight(vm, vk, w + bonus * rnd.layout.tie)
                        bonus += 1
                rnd.compute()
            mate = rnd.mates[vm]
            rnd.matched[mate] = True
            rnd.fix_pair(vm, mate)

    def pair_remainder(self) -> None:
        """The remainder (art. 3.3.3, 3.6): exchanges (art. 4.3), then transpositions (4.2)."""
        rnd, members, base = self.rnd, self.members, self.base
        tie = rnd.layout.tie
        remainder: list[int] = []
        rem_pairs = 0
        for k in range(self.sg_begin, self.next_begin):
            vk = members[k]
            if rnd.mates[vk] < self.lo:
                continue
            remainder.append(k)
            if rnd.mates[vk] < vk:
                rem_pairs += 1
        # The terms belong to the higher-ranked player of a pair. Raising each player's
        # dual by its positive term keeps every pair of a candidate for S1 with a later
        # player tight, so only the current optimum's exchanges are re-matched.
        terms = [self.order_term(ri, rem_pairs) for ri in range(len(remainder))]
        rnd.raise_duals({members[k]: t for k, t in zip(remainder, terms, strict=True) if t > 0})
        for ri, k in enumerate(remainder):
            vk = members[k]
            for rj in range(ri):
                m = remainder[rj]
                rnd.set_weight(members[m], vk, self.order_weight(m, k, rj, rem_pairs))
        rnd.compute()
        exchanges = sum(1 for k in remainder[:rem_pairs] if not self.is_upper(k))

        # Art. 4.3.2 rule 3: move the S1 players with the largest BSNs to S2 first.
        left = exchanges
        ri = rem_pairs
        while ri > 0 and left:
            ri -= 1
            m = remainder[ri]
            vm = members[m]
            if self.is_upper(m):
                for k in remainder[ri + 1 :]:
                    w = self.order_weight(m, k, ri, rem_pairs)
                    if w:
                        rnd.set_weight(vm, members[k], w - tie)
                rnd.compute()
            moved = not self.is_upper(m)
            left -= moved
            for k in remainder[ri + 1 :]:
                if moved:
                    base[k][m] = 0
                rnd.set_weight(vm, members[k], self.order_weight(m, k, ri, rem_pairs))

        # Art. 4.3.2 rule 4: move the S2 players with the smallest BSNs to S1 first.
        left = exchanges
        for ri in range(rem_pairs, len(remainder)):
            if left <= 1:
                break
            k = remainder[ri]
            vk = members[k]
            already = self.is_upper(k)
            if not already:
                for k2 in remainder[ri + 1 :]:
                    w = self.order_weight(k, k2, ri, rem_pairs)
                    if w:
                        rnd.set_weight(vk, members[k2], w + tie)
                rnd.compute()
            if self.is_upper(k):
                left -= 1
                for m in remainder[:ri]:
                    self.drop_edge(m, k)
                for k2 in range(self.next_begin, self.size):
                    self.drop_edge(k, k2)
            if not already:
                for k2 in remainder[ri + 1 :]:
                    rnd.set_weight(vk, members[k2], self.order_weight(k, k2, ri, rem_pairs))

        # S1 and S2 are now fixed: only S1-S2 edges stay in the remainder. Each S1 player
        # then takes the first S2 player that keeps the pairing optimal, S1 in BSN order
        # (art. 4.2 transpositions): a preference rank per S1 player, lexicographically
        # (the first S1 player's rank most significant). The S1 players are settled a few
        # at a time (``layout.rank_chunk``, which bounds the width of the order field and
        # so the size of every weight): the ranks of later players cannot outweigh those
        # of earlier ones, so each chunk takes exactly what one lexicographic matching
        # over all of S1 would give it, and is then fixed. The rule 1-2 terms stay on the
        # S1-S2 edges below the ranks: a term belongs to the S1 player, so every pairing
        # of S1 with S2 sums them alike, and keeping them saves re-optimising all of S1.
        upper = [self.is_upper(m) for m in remainder]
        for ri, m in enumerate(remainder):
            if upper[ri]:
                # An S1 player keeps its S2 edges. It meets S2 in every optimum now ([C6]
                # counts one pair per S1 player): its edges into the next scoregroup only
                # cost scans.
                lower = [remainder[rj] for rj in range(ri + 1, len(remainder)) if upper[rj]]
                lower.extend(range(self.next_begin, self.size))
            else:
                lower = remainder[ri + 1 :]
            for k in lower:
                if base[k][m]:
                    self.drop_edge(m, k)
        if self.transpose_greedily(remainder, upper):
            return
        s1 = [ri for ri, is_s1 in enumerate(upper) if is_s1]
        rank_bits = rnd.layout.rank_bits
        chunk = rnd.layout.rank_chunk
        last = len(remainder) - 1
        start = 0
        while start < len(s1):
            # The S1 players whose first choice is shown optimal by a tight path take it;
            # only from the first other S1 player on is a chunk ranked.
            start = self.transpose_along_tight_paths(remainder, upper, s1, start)
            part = s1[start : start + chunk]
            if not part:
                break
            start += len(part)
            shift = rank_bits * len(part) + rnd.layout.rank_shift
            for ri in part:
                m = remainder[ri]
                vm = members[m]
                shift -= rank_bits
                for rj in range(ri + 1, len(remainder)):
                    k = remainder[rj]
                    w = self.order_weight(m, k, ri, rem_pairs)
                    if w and not rnd.matched[members[k]]:  # S2 players still free
                        rnd.set_weight(vm, members[k], w + ((last - rj) << shift))
            rnd.compute()
            for ri in part:
                vm = members[remainder[ri]]
                mate = rnd.mates[vm]
                rnd.matched[vm] = rnd.matched[mate] = True
                rnd.fix_pair(vm, mate)

    def transpose_along_tight_paths(
        self, remainder: list[int], upper: list[bool], s1: list[int], start: int
    ) -> int:
        """Art. 4.2 for S1 players ``s1[start:]`` in order without re-optimising, as far as
        the current optimum's duals decide it; returns the first S1 index left undecided.

        An S2 player joined to the S1 player by an edge that is not tight under the duals
        is in no optimum, so the first choice is the first free S2 player with a tight
        edge. The S1 player takes it when the current pairing can be rearranged to give
        it that player: the S2 player's partner (another S1 player, or the player of the
        next scoregroup it floated down to) moves along tight edges, player by player,
        until one takes the S2 player given up (an alternating path, found
        breadth-first). Tight pairs of the same players weigh the same unless a
        blossom's count changes, so the rearranged pairing is kept only when it weighs
        exactly as much: it is then an optimum too, and no optimum gives the S1 player an
        earlier choice. When no such path is found (the first choice may
        still be possible, e.g. by changing the downfloater), the ranked matchings decide.
        """
        rnd, members, base = self.rnd, self.members, self.base
        mates, matched = rnd.mates, rnd.matched
        position = {members[k]: ri for ri, k in enumerate(remainder)}
        s1_players = {members[remainder[ri]] for ri in s1}
        below = {members[k]: k for k in range(self.next_begin, self.size)}
        s2 = [k for ri, k in enumerate(remainder) if not upper[ri]]
        tight_lists: dict[int, list[int]] = {}

        def choices(u: int) -> list[int]:
            # The S2 players u may meet in an optimum (tight edges; u an S1 player, or a
            # player of the next scoregroup paired with a downfloater), in art. 4.2 order,
            # as they were free when first asked (the caller checks again).
            got = tight_lists.get(u)
            if got is None:
                ku = below.get(u)
                if ku is None:
                    ri = position[u]
                    m = remainder[ri]
                    edges = [(members[k], base[k][m]) for k in remainder[ri + 1 :]]
                else:
                    edges = [(members[k], base[ku][k]) for k in s2]
                got = tight_lists[u] = [
                    x for x, w in edges if w and not matched[x] and rnd.is_tight(u, x)
                ]
            return got

        while start < len(s1):
            vm = members[remainder[s1[start]]]
            old = mates[vm]
            first = next((x for x in choices(vm) if not matched[x]), -1)
            if first < 0:
                return start
            if first != old:
                pairs = self._tight_path(vm, first, old, choices, s1_players, below)
                if pairs is None:
                    return start
                rnd.rematch(pairs)
            matched[vm] = matched[first] = True
            rnd.fix_pair(vm, first)
            start += 1
        return start

    def _tight_path(
        self,
        vm: int,
        first: int,
        old: int,
        choices: Callable[[int], list[int]],
        s1_players: set[int],
        below: dict[int, int],
    ) -> list[tuple[int, int]] | None:
        """The pairs that give S1 player ``vm`` the S2 player ``first`` (now paired with
        another S1 player, or downfloating to a player ``below``) and pass ``vm``'s
        partner ``old`` on along tight edges, or ``None`` when no such rearrangement of
        equal weight is found."""
        rnd = self.rnd
        mates, matched = rnd.mates, rnd.matched
        q = mates[first]
        if q == first or matched[q]:
            return None
        if q not in below and q not in s1_players:
            return None
        # Breadth-first from q over S1 players; reached_by[x] = the S1 player whose edge
        # reaches S2 player x; via[u] = the S2 player u gives up.
        via = {q: first}
        reached_by: dict[int, int] = {}
        queue = [q]
        found = False
        for u in queue:
            for x in choices(u):
                if matched[x] or x == first or x in reached_by:
                    continue
                reached_by[x] = u
                if x == old:
                    found = True
                    break
                y = mates[x]
                if y != vm and y in s1_players and y not in via:
                    via[y] = x
                    queue.append(y)
            if found:
                break
        if not found:
            return None
        pairs = [(vm, first)]
        x = old
        while True:
            u = reached_by[x]
            pairs.append((u, x))
            if u == q:
                break
            x = via[u]
        weight = rnd.member_weight
        before = weight(vm, old) + sum(weight(u, mates[u]) for u, _ in pairs[1:])
        after = sum(weight(u, x) for u, x in pairs)
        return pairs if before == after else None

    def drop_edge(self, m: int, k: int) -> None:
        """Remove the edge between ``members[m]`` and ``members[k]`` (``m < k``) from the
        bracket's weights and its matching."""
        self.base[k][m] = 0
        self.rnd.set_weight(self.members[m], self.members[k], 0)

    def transpose_greedily(self, remainder: list[int], upper: list[bool]) -> bool:
        """Art. 4.2 without re-optimising, when the first choices are already optimal.

        Each S1 player (in BSN order) takes the first S2 player still free that it may
        meet. When those pairs use the same players as the current optimum's S1 pairs
        and weigh as much, they are an optimum too, and no optimum gives an earlier S1
        player an earlier choice: exactly what the ranked matchings would fix (every
        optimum pairs each S1 player in the remainder, as it has as many pairs there).
        Returns whether the pairs were fixed.
        """
        rnd, members, base = self.rnd, self.members, self.base
        last = len(remainder) - 1
        taken = [False] * len(remainder)
        chosen: list[tuple[int, int]] = []
        for ri, m in enumerate(remainder):
            if not upper[ri]:
                continue
            pick = -1
            for rj in range(ri + 1, last + 1):
                k = remainder[rj]
                if not taken[rj] and base[k][m] and not rnd.matched[members[k]]:
                    pick = rj
                    break
            if pick < 0:
                return False
            taken[pick] = True
            chosen.append((members[m], members[remainder[pick]]))
        mates = rnd.mates
        if {b for _, b in chosen} != {mates[a] for a, _ in chosen}:
            return False
        weight = rnd.member_weight
        if sum(weight(a, b) for a, b in chosen) != sum(weight(a, mates[a]) for a, _ in chosen):
            return False
        rnd.rematch(chosen)
        for a, b in chosen:
            rnd.matched[a] = rnd.matched[b] = True
            rnd.fix_pair(a, b)
        return True

    def close(self) -> tuple[list[int], int, BracketRecord]:
        """Record the pairs; unpaired players float down to the next bracket (art. 1.4.1)."""
        rnd, verts = self.rnd, self.rnd.verts
        # [C9] in the next bracket: only when every player moving down is paired, in the
        # optimum, inside it (or is the PAB assignee), so that it downfloats exactly the
        # one player who gets the PAB (the note to C.04.3 art. 2.4.4).
        rnd.single_downfloater_is_bye = self.next_bracket_may_hold_bye()
        next_score = verts[self.group_start].score if self.group_start < rnd.n else 0
        next_members: list[int] = []
        new_sg_begin = 0
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        for k, vk in enumerate(self.members):
            mate = rnd.mates[vk]
            if k < self.next_begin and rnd.matched[vk]:
                rnd.final_mate[vk] = mate
                rnd.final_mate[mate] = vk
                if vk < mate:
                    pairs.append((verts[vk].tpn, verts[mate].tpn))
            else:
                next_members.append(vk)
                if k < self.next_begin:
                    new_sg_begin += 1
                    floaters.append(verts[vk].tpn)
                if verts[mate].score < next_score:
                    rnd.single_downfloater_is_bye = False
        rnd.end_bracket(next_members[:new_sg_begin])
        record = BracketRecord(
            score=verts[self.members[self.sg_begin]].score
            if self.sg_begin < self.next_begin
            else -1,
            residents=tuple(
                verts[self.members[k]].tpn for k in range(self.sg_begin, self.next_begin)
            ),
            mdps=tuple(verts[self.members[k]].tpn for k in range(self.sg_begin)),
            pairs=tuple(pairs),
            downfloaters=tuple(floaters),
        )
        return next_members, new_sg_begin, record


def _vertices(
    t: Tournament, ranked: dict[int, Ranked], round_number: int
) -> tuple[list[Ranked], list[Vertex]]:
    """The players to pair, ranked (art. 1.2), with what the criteria read."""
    played_rounds = round_number - 1
    forbidden: dict[int, set[int]] = {tpn: set(r.state.opponents) for tpn, r in ranked.items()}
    for pair in t.forbidden_pairs:
        for a in pair:
            forbidden.setdefault(a, set()).update(b for b in pair if b != a)
    top_possible = played_rounds * max(t.scoring.win, t.scoring.draw)
    last_round = t.total_rounds > 0 and played_rounds >= t.total_rounds - 1
    players = sorted(
        (r for r in ranked.values() if r.state.available),
        key=lambda r: (-r.pairing_score, r.rank_index),
    )
    verts = []
    for r in players:
        st = r.state
        verts.append(
            Vertex(
                tpn=st.tpn,
                rank_index=r.rank_index,
                score=r.pairing_score,
                preference=st.preference,
                strength=st.strength,
                imbalance=abs(st.colour_difference),
                repeated=st.repeated_colour,
                bye_eligible=not st.had_bye_or_unplayed_win,
                played_games=st.played_games,
                down1=st.float_back(1) is Float.DOWN,
                up1=st.float_back(1) is Float.UP,
                down2=st.float_back(2) is Float.DOWN,
                up2=st.float_back(2) is Float.UP,
                forbidden=frozenset(forbidden.get(st.tpn, ())),
                topscorer=last_round and 2 * r.pairing_score > top_possible,
            )
        )
    return players, verts


def compatibility_matrix(verts: list[Vertex]) -> list[bytearray]:
    """``m[i][j] == 1`` where [C1] and [C3] let players ``i`` and ``j`` meet (C.04.3
    art. 2.1): the same answer as :func:`~.weights.compatible` for every pair, built
    row by row instead of pair by pair (a field of 5,000 has 12.5 million pairs)."""
    n = len(verts)
    everyone = bytearray(b"\x01") * n
    # [C3]: players held to the same absolute colour preference may not meet.
    held: dict[Colour | None, list[int]] = {}
    for i, v in enumerate(verts):
        if v.c3_bound:
            held.setdefault(v.preference, []).append(i)
    template = [everyone] * n
    for group in held.values():
        row = bytearray(everyone)
        for i in group:
            row[i] = 0
        for i in group:
            template[i] = row
    compat = [bytearray(row) for row in template]
    # [C1]: no two players meet twice, nor a pair the arbiter has forbidden.
    index = {v.tpn: i for i, v in enumerate(verts)}
    for i, v in enumerate(verts):
        compat[i][i] = 0
        for tpn in v.forbidden:
            j = index.get(tpn)
            if j is not None:
                compat[i][j] = compat[j][i] = 0
    return compat


def pair_dutch(
    t: Tournament,
    round_number: int | None = None,
    *,
    c9_uses_played_games: bool = True,
    bracket_local: bool = True,
) -> DutchResult:
    """Pair one round with the Dutch system; see the module docstring."""
    if round_number is None:
        round_number = t.rounds_with_pairings + 1
    states = build_states(t, round_number)
    ranked = rank_players(t, states, round_number)
    players, verts = _vertices(t, ranked, round_number)
    n = len(players)
    if n == 0:
        return DutchResult([], None, [], ranked)
    group_sizes: dict[int, int] = {}
    for v in verts:
        group_sizes[v.score] = group_sizes.get(v.score, 0) + 1
    layout = Layout(group_sizes, round_number - 1)
    compat = compatibility_matrix(verts)
    rnd = _Round(verts, compat, layout, bracket_local)
    rnd.first_matching(c9_uses_played_games)
    brackets: list[BracketRecord] = []
    members: list[int] = []
    pos = 0
    while pos < n and verts[pos].score >= verts[0].score:
        members.append(pos)
        pos += 1
    sg_begin = sg_begin_vertex = 0
    while len(members) > 1 or pos < n:
        bracket = _Bracket(rnd, members, sg_begin, sg_begin_vertex, pos)
        pos = bracket.next_pos
        bracket.set_base_weights()
        bracket.select_mdps()
        bracket.pair_mdps()
        bracket.pair_remainder()
        members, sg_begin, record = bracket.close()
        brackets.append(record)
        sg_begin_vertex = bracket.hi

    result_pairs: list[tuple[Ranked, Ranked]] = []
    bye: Ranked | None = None
    for vertex in range(n):
        mate = rnd.final_mate.get(vertex)
        if mate is None:
            if bye is not None:
                raise NoValidPairing(said("more than one player left without an opponent"))
            bye = players[vertex]
        elif vertex < mate:
            result_pairs.append((players[vertex], players[mate]))
    return DutchResult(result_pairs, bye, brackets, ranked)


def to_round_pairing(
    t: Tournament, result: DutchResult, round_number: int, explanation: tuple[str, ...] = ()
) -> RoundPairing:
    """Colours (art. 5) and board order (C.04.2 art. 3.6) for the engine's pairs."""
    initial = t.initial_colour
    boards: list[tuple[tuple[int, int, int], Pair]] = []
    for a, b in result.pairs:
        first, second = (a, b) if a.state.tpn < b.state.tpn else (b, a)
        colour = colour_for(first, second, initial)
        white, black = (first, second) if colour is Colour.WHITE else (second, first)
        boards.append((board_order_key(white, black), Pair(white.state.tpn, black.state.tpn)))
    boards.sort(key=lambda item: item[0])
    return RoundPairing(
        round_number=round_number,
        pairs=tuple(p for _, p in boards),
        bye=result.bye.state.tpn if result.bye is not None else None,
        explanation=explanation,
    )
