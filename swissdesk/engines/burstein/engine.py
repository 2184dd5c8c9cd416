"""The Burstein system after the seeding rounds (C.04.4.2 art. 1.7-5): exact, without enumeration.

How the articles map to the computation
---------------------------------------
* The players to be paired (C.04.2 art. 3.2-3.3: withdrawn players and players with a pre-set
  bye or absence are left out) get their Index (art. 1.7-1.8, :mod:`.index`) and are split
  into scoregroups by score (art. 1.2.1; with an acceleration method, virtual points included).
* A legal pair obeys [C1] (no second meeting, nor a pair the arbiter prohibited) and [C3] (not
  two players with the same absolute colour preference, art. 1.5.1), art. 2.1.
* The PAB comes first (art. 1.9.2, 3.1): among the players [C2] allows, in the order lowest
  score, most games played, lowest ranking (art. 1.8), the first whose absence leaves a
  complete pairing of the others ([C4], checked by the completion oracle).
* Brackets are then paired from the top scoregroup down (art. 1.9.2); a bracket is the
  scoregroup's residents plus the incoming floaters (art. 1.2.2), numbered by BSN in Index
  order (art. 4.1).
* A bracket's pairing is a matching: its pairs are the matched edges inside the bracket, its
  outgoing floaters the bracket players matched below it. Every quality criterion is a
  *field* of bits of one integer edge weight, higher priority above lower (art. 3.2.2.2), so a
  maximum-weight matching optimises them lexicographically (:class:`Layout`):

  ======  ==========================================================================
  field   meaning
  ======  ==========================================================================
  done    (whole-graph solve only) 1 per pair: everybody is paired, [C4]
  c5      1 per pair inside the bracket: [C5]
  c6      one lane per score of the bracket: 1 per bracket player *not* floating, lanes of
          higher scores above lower ones, so the floaters' scores, taken in descending
          order, are minimal ([C6]; reading D-BUR-7)
  c7p     1 per pair of the following bracket (the floaters and the next scoregroup):
          [C7], its [C5] (reading D-BUR-8)
  c7s     lanes as in c6 for the players of the following bracket: [C7], its [C6]
  c8      1 per pair inside the bracket whose players do not share a colour preference:
          [C8] (reading D-BUR-9)
  order   used for one player at a time while the candidate order is fixed (art. 4)
  ======  ==========================================================================

* The first candidate in the order of art. 4.3 reaching the best values (art. 3.2.2.1;
  reading D-BUR-10) is found without enumerating candidates (:class:`OrderSearch`): BSN 1's
  opponent is fixed first, as large a BSN as any best pairing allows (a virtual player, BSN 0,
  meaning "floats", last), then BSN 2's, and so on; that is exactly art. 4.3's lexicographic
  order. At each step the current matching is a best pairing. It is first improved by swaps
  of partners that keep the criteria weight; its choice for the player then stands if no
  larger BSN is joined to the player by a *tight* edge under the matcher's optimal duals (by
  complementary slackness, an edge of any best pairing is tight). Only otherwise is the
  matching re-optimised with the ``order`` field of the player's edges set to the opponent's
  BSN, which gives the largest opponent a best pairing allows. The result is the same as
  re-optimising for every BSN (``shortcuts=False``, compared in the tests); the shortcuts
  only save time.
* Speed without changing the answer: the matching is first solved on the bracket and the next
  scoregroup only, without the completion field, letting players of the following bracket
  stay unpaired (they float further down). That is a relaxation of the real problem, so when
  the completion oracle (:mod:`swissdesk.engines.matching.cardinality`) shows the
  bracket's final matching can be completed by the players below ([C4]), it is also the optimum of the whole field.
  Otherwise (rare, near the bottom of a field with many constraints) the bracket is solved
  again on the whole graph of players still to be paired, with the completion field on
  every edge.
* Colours follow art. 5 (:func:`burstein_colour`), boards C.04.2 art. 3.6 (reading D-COM-6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from swissdesk.engines.base import NoValidPairing, RoundPairing
from swissdesk.engines.burstein.index import OppositionIndex, opposition_indexes
from swissdesk.engines.colours import published_pairing
from swissdesk.engines.matching.cardinality import UNMATCHED, CompletionOracle
from swissdesk.engines.matching.computer import MatchingComputer
from swissdesk.i18n import said
from swissdesk.model.state import PlayerState, PreferenceStrength, build_states
from swissdesk.model.tournament import Colour, Tournament

FLOAT = -1
"""The opponent of a player who floats: the virtual player of art. 4.2 (BSN 0)."""


@dataclass(slots=True)
class Entrant:
    """A player to be paired, with everything the pairing reads."""

    tpn: int
    score: int
    """Pairing score in half-points (virtual points of an acceleration method included)."""
    index: OppositionIndex
    rank: int
    """Position in the ranking order of art. 1.8 among the players to pair (0 is first)."""
    state: PlayerState
    bye_eligible: bool
    """May receive the PAB ([C2], art. 2.1.2; C.04.1 art. 4)."""

    @property
    def preference(self) -> Colour | None:
        return self.state.preference

    @property
    def absolute(self) -> bool:
        return self.state.strength is PreferenceStrength.ABSOLUTE


@dataclass(frozen=True, slots=True)
class BracketRecord:
    """What happened in one bracket, for the explanation (C.04.1 art. 9)."""

    score: int
    players: tuple[int, ...]
    """TPNs in BSN order (art. 4.1)."""
    incoming: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    floaters: tuple[int, ...]
    next_pairs: int
    """[C7]: pairs the following bracket can make with these floaters."""
    next_floaters: tuple[int, ...]
    """[C7]: scores of the following bracket's floaters, descending."""
    same_preference: int
    """[C8]: pairs whose players share a colour preference."""
    whole_graph: bool
    """Solved on the whole field because the bracket alone did not complete ([C4])."""


@dataclass(slots=True)
class BursteinResult:
    """The engine's raw answer before colours and board order."""

    pairs: list[tuple[Entrant, Entrant]]
    bye: Entrant | None
    brackets: list[BracketRecord]
    entrants: dict[int, Entrant]
    bye_reason: str = ""


def burstein_key(index: OppositionIndex) -> tuple[int, int, int]:
    """Art. 1.8: Index (Buchholz, then Sonneborn-Berger; higher first), then TPN ascending."""
    return index.key


def _entrants(t: Tournament, round_number: int) -> list[Entrant]:
    """The players to pair (C.04.2 art. 3.2-3.3), in vertex order: score descending (the
    scoregroups, art. 1.2.1), then the ranking order of art. 1.8."""
    states = build_states(t, round_number)
    indexes = opposition_indexes(t, round_number)
    available = [s for s in states.values() if s.available]
    by_rank = sorted(available, key=lambda s: indexes[s.tpn].key)
    rank = {s.tpn: i for i, s in enumerate(by_rank)}
    out = [
        Entrant(
            tpn=s.tpn,
            score=s.pairing_score,
            index=indexes[s.tpn],
            rank=rank[s.tpn],
            state=s,
            bye_eligible=not s.had_bye_or_unplayed_win,
        )
        for s in available
    ]
    out.sort(key=lambda e: (-e.score, e.rank))
    return out


def legal_pairs(t: Tournament, players: Sequence[Entrant]) -> list[bytearray]:
    """``m[i][j] == 1`` where players ``i`` and ``j`` may meet: [C1] (art. 2.1.1, and pairs
    the arbiter prohibited) and [C3] (art. 2.1.3: not the same absolute colour preference)."""
    n = len(players)
    everyone = bytearray(b"\x01") * n
    template = [everyone] * n
    for colour in (Colour.WHITE, Colour.BLACK):
        group = [i for i, p in enumerate(players) if p.absolute and p.preference is colour]
        if group:
            row = bytearray(everyone)
            for i in group:
                row[i] = 0
            for i in group:
                template[i] = row
    legal = [bytearray(row) for row in template]
    position = {p.tpn: i for i, p in enumerate(players)}
    forbidden: dict[int, set[int]] = {}
    for pair in t.forbidden_pairs:
        for a in pair:
            forbidden.setdefault(a, set()).update(b for b in pair if b != a)
    for i, p in enumerate(players):
        legal[i][i] = 0
        for tpn in p.state.opponents | forbidden.get(p.tpn, set()):
            j = position.get(tpn)
            if j is not None:
                legal[i][j] = legal[j][i] = 0
    return legal


class Layout:
    """Bit fields of one bracket's edge weights, lowest first (see the module docstring).

    ``levels`` are the distinct scores of the bracket and of the following bracket; each
    gets a lane in the c6 and c7s fields, higher scores in more significant lanes.
    """

    def __init__(self, bracket_size: int, next_size: int, levels: Sequence[int]) -> None:
        size = bracket_size + next_size
        count = (size + 1).bit_length() + 1
        position = 1  # bit 0 stays clear: even weights
        self.order = position
        position += (bracket_size + 1).bit_length() + 1
        self.c8 = position
        position += count
        ordered = sorted(set(levels))
        self.c7s = {score: position + i * count for i, score in enumerate(ordered)}
        position += len(ordered) * count
        self.c7p = position
        position += count
        self.c6 = {score: position + i * count for i, score in enumerate(ordered)}
        position += len(ordered) * count
        self.c5 = position
        position += count
        self.done = position


@dataclass(slots=True)
class _Bracket:
    """One bracket being paired: ``members`` (vertices, BSN order) then the next scoregroup."""

    members: list[int]
    next_group: list[int]
    incoming: set[int]
    fixed: dict[int, int] = field(default_factory=dict)
    """BSN position -> BSN position of the opponent, or FLOAT."""


class _Round:
    """One round after the PAB: the players, legal pairs, completion oracle, brackets."""

    def __init__(
        self,
        t: Tournament,
        players: list[Entrant],
        legal: list[bytearray],
        shortcuts: bool = True,
    ) -> None:
        self.t = t
        self.shortcuts = shortcuts
        self.players = players
        self.legal = legal
        self.n = len(players)
        neighbours = [[j for j in range(self.n) if row[j]] for row in legal]
        self.neighbours = neighbours
        self.oracle = CompletionOracle(neighbours)
        self.final_mate: dict[int, int] = {}
        self.brackets: list[BracketRecord] = []

    # -- art. 3.1: the pairing-allocated bye -------------------------------------------
    def assign_bye(self) -> tuple[int | None, str]:
        """Art. 3.1: the PAB assignee (a vertex) or ``None`` for an even number of players.

        Raises :class:`NoValidPairing` when no complete round-pairing exists (art. 1.9.3).
        """
        oracle = self.oracle
        complete = oracle.complete()
        if self.n % 2 == 0:
            if not complete:
                raise NoValidPairing(
                    said(
                        "the players cannot all be paired without breaking an absolute criterion "
                        "([C1] no second meeting, [C3] absolute colour preferences); the Chief "
                        "Arbiter decides (C.04.4.2 art. 1.9.3)"
                    )
                )
            return None, ""
        if len(oracle.exposed()) > 1:
            raise NoValidPairing(
                said(
                    "even with a pairing-allocated bye the players cannot all be paired without "
                    "breaking an absolute criterion ([C1], [C3]); the Chief Arbiter decides "
                    "(C.04.4.2 art. 1.9.3)"
                )
            )
        players = self.players
        # Art. 3.1.3-3.1.5: lowest score, most games played, lowest ranking (reading D-BUR-11).
        candidates = sorted(
            (v for v in range(self.n) if players[v].bye_eligible),  # art. 3.1.1, [C2]
            key=lambda v: (players[v].score, -players[v].state.played_games, -players[v].rank),
        )
        for v in candidates:
            if oracle.leave_out(v):  # art. 3.1.2, [C4]
                return v, "lowest score, most games played, lowest ranking (art. 3.1.3-3.1.5)"
        raise NoValidPairing(
            said(
                "no player may receive the pairing-allocated bye ([C2]: each candidate already had "
                "one or scored a win without playing, or leaves the others unpairable, [C4]); the "
                "Chief Arbiter decides (C.04.4.2 art. 1.9.3)"
            )
        )

    # -- art. 1.9.2: brackets from the top down ----------------------------------------
    def pair_brackets(self, bye: int | None) -> None:
        """Art. 1.9.2: pair the scoregroups in descending order; each bracket is the
        scoregroup's residents plus the previous bracket's outgoing floaters (art. 1.2.2)."""
        players = self.players
        groups: list[list[int]] = []
        for v in range(self.n):
            if v == bye:
                continue
            if groups and players[groups[-1][0]].score == players[v].score:
                groups[-1].append(v)
            else:
                groups.append([v])
        floaters: list[int] = []
        for g, group in enumerate(groups):
            members = sorted(floaters + group, key=lambda v: players[v].rank)
            next_group = groups[g + 1] if g + 1 < len(groups) else []
            below = [v for later in groups[g + 2 :] for v in later]
            bracket = _Bracket(members, next_group, set(floaters))
            floaters = self._pair_bracket(bracket, below)
        if floaters:  # pragma: no cover - [C4] makes the last bracket pair everybody
            raise NoValidPairing(said("players left unpaired after the last bracket"))

    def _weights(
        self, bracket: _Bracket, layout: Layout, vertices: list[int], whole: bool
    ) -> list[list[int]]:
        """Edge weights among ``vertices`` (the bracket, the next scoregroup, then on the
        whole graph everybody else still to be paired): the criteria [C4]-[C8] of art. 2.2-2.3
        as the fields of :class:`Layout`; 0 where [C1] or [C3] forbid the pair."""
        players, legal = self.players, self.legal
        nb = len(bracket.members)
        nn = len(bracket.next_group)
        size = len(vertices)
        rows = [[0] * size for _ in range(size)]
        done = (1 << layout.done) if whole else 0
        c5, c7p, c8 = 1 << layout.c5, 1 << layout.c7p, 1 << layout.c8
        c6 = [1 << layout.c6[players[v].score] for v in vertices[: nb + nn]]
        c7 = [1 << layout.c7s[players[v].score] for v in vertices[: nb + nn]]
        prefs = [players[v].preference for v in vertices[: nb + nn]]
        for a in range(size):
            va = vertices[a]
            row_a = rows[a]
            legal_a = legal[va]
            for b in range(a + 1, size):
                if not legal_a[vertices[b]]:
                    continue
                if b < nb:
                    w = done + c5 + c6[a] + c6[b]
                    if prefs[a] is None or prefs[a] is not prefs[b]:
                        w += c8
                elif b < nb + nn and a < nb + nn:
                    w = done + c7p + c7[a] + c7[b]
                else:
                    w = done
                if w:
                    row_a[b] = w
                    rows[b][a] = w
        return rows

    def _pair_bracket(self, bracket: _Bracket, below: list[int]) -> list[int]:
        """Pair one bracket (art. 3.2); returns its outgoing floaters (vertices)."""
        players = self.players
        members, next_group = bracket.members, bracket.next_group
        nb, nn = len(members), len(next_group)
        levels = [players[v].score for v in members + next_group]
        layout = Layout(nb, nn, levels)
        local = members + next_group
        # With nobody below the next scoregroup the bracket's own graph is the whole one.
        whole = not below or not self.shortcuts
        fallback = False
        mates: list[int] | None = None
        if not whole and nb % 2 == 0 and self.shortcuts:
            mates = self._solve_alone(bracket, layout)
        if mates is None and not whole:
            mates = self._solve(bracket, layout, local, False)
            fallback = mates is None
        if mates is None:
            bracket.fixed.clear()
            vertices = local + below
            mates = self._solve(bracket, layout, vertices, True)
            if mates is None:
                raise NoValidPairing(said("no complete pairing of the remaining players ([C4])"))
            self.oracle.match = self._adopted(vertices, mates)
        pairs = [(members[i], members[j]) for i, j in bracket.fixed.items() if j != FLOAT and i < j]
        floaters = [members[i] for i, j in bracket.fixed.items() if j == FLOAT]
        floaters.sort(key=lambda v: players[v].rank)
        self.oracle.freeze(pairs)
        for a, b in pairs:
            self.final_mate[a] = b
            self.final_mate[b] = a
        self._record(bracket, pairs, floaters, mates, local, fallback)
        return floaters

    def _solve(
        self, bracket: _Bracket, layout: Layout, vertices: list[int], whole: bool
    ) -> list[int] | None:
        """The bracket's best pairing, first in the order of art. 4.3, as matcher mates over
        ``vertices``; ``None`` when it cannot be completed by the players below ([C4])."""
        rows = self._weights(bracket, layout, vertices, whole)
        search = OrderSearch(rows, len(bracket.members), layout.order, self.shortcuts)
        mates = search.mates
        if whole:
            if any(m == i for i, m in enumerate(mates)):
                return None
        elif not self._completes(vertices, mates):
            return None
        mates = search.run(bracket.fixed)
        if not whole and not self._completes(vertices, mates):
            return None
        return mates

    def _solve_alone(self, bracket: _Bracket, layout: Layout) -> list[int] | None:
        """A shortcut for a bracket that may pair all its players: solved on its own graph.

        When the bracket alone has a pairing without floaters, every best pairing of the
        bracket with the next scoregroup has none either ([C5] comes first), the following
        bracket is then the next scoregroup whatever the pairs ([C7] is the same for all),
        and the best pairings are those of the bracket alone with the best [C8]. If the
        first of them in art. 4.3 order can be completed below ([C4]), it is the answer;
        otherwise (``None``) the bracket is solved with the next scoregroup."""
        members = bracket.members
        search = OrderSearch(
            self._weights(bracket, layout, members, False), len(members), layout.order
        )
        if any(m == i for i, m in enumerate(search.mates)):
            return None
        mates = search.run(bracket.fixed)
        if not self._completes(members, mates):
            bracket.fixed.clear()
            return None
        nn = len(bracket.next_group)
        return mates + list(range(len(members), len(members) + nn))

    def _completes(self, local: list[int], mates: list[int]) -> bool:
        """[C4] (art. 2.2.1): can the players below complete the local matching?"""
        pairs = [(local[i], local[m]) for i, m in enumerate(mates) if i < m]
        return self.oracle.completes(pairs)

    def _adopted(self, vertices: list[int], mates: list[int]) -> list[int]:
        """The completion oracle's pairing after a whole-graph solve ([C4])."""
        match = list(self.oracle.match)
        for i, m in enumerate(mates):
            match[vertices[i]] = vertices[m] if m != i else UNMATCHED
        return match

    def _record(
        self,
        bracket: _Bracket,
        pairs: list[tuple[int, int]],
        floaters: list[int],
        mates: list[int],
        local: list[int],
        fallback: bool,
    ) -> None:
        """Keep what the bracket reached for each criterion, for the explanation (C.04.1
        art. 9)."""
        players = self.players
        nb, nn = len(bracket.members), len(bracket.next_group)
        next_set = set(range(nb, nb + nn))
        floating = {i for i, j in bracket.fixed.items() if j == FLOAT}
        next_pairs = sum(
            1
            for i, m in enumerate(mates[: nb + nn])
            if i < m < nb + nn and (i in next_set or i in floating)
        )
        next_floaters = sorted(
            (
                players[local[i]].score
                for i in sorted(floating | next_set)
                if mates[i] == i or mates[i] >= nb + nn
            ),
            reverse=True,
        )
        same = sum(
            1
            for a, b in pairs
            if players[a].preference is not None and players[a].preference is players[b].preference
        )
        score = players[bracket.members[0]].score if bracket.members else 0
        group_scores = [players[v].score for v in bracket.members if v not in bracket.incoming]
        if group_scores:
            score = group_scores[0]
        self.brackets.append(
            BracketRecord(
                score=score,
                players=tuple(players[v].tpn for v in bracket.members),
                incoming=tuple(players[v].tpn for v in bracket.members if v in bracket.incoming),
                pairs=tuple((players[a].tpn, players[b].tpn) for a, b in pairs),
                floaters=tuple(players[v].tpn for v in floaters),
                next_pairs=next_pairs,
                next_floaters=tuple(next_floaters),
                same_preference=same,
                whole_graph=fallback,
            )
        )


class OrderSearch:
    """Art. 3.2.2.1 and 4.3: the first pairing, in the order of art. 4.3, among the best ones.

    ``rows`` are the criteria weights of the bracket's graph (BSN positions ``0 .. nb-1``
    first). A maximum-weight matching gives the best value of the criteria; the search then
    fixes, BSN by BSN, the player's opponent as the largest BSN that a best pairing allows (a
    float, the virtual BSN 0, last). At each step the current matching is a best pairing:

    * first it is improved cheaply where it can be: a larger BSN ``j`` is taken by swapping
      partners (``i-m``, ``j-k`` become ``i-j``, ``m-k``) when the criteria weight is the same;
    * the choice stands when no larger BSN can be the opponent in any best pairing. By
      complementary slackness every edge of a maximum-weight matching is tight under optimal
      duals, so an edge that is not tight under the matcher's duals is in no best pairing
      (the duals stay optimal while the fixed pairs are ones of the current matching);
    * otherwise the player's edges get a bonus equal to the opponent's BSN (``order`` field,
      below every criterion) and the matching is re-optimised: the optimum gives the player
      the largest opponent a best pairing allows.

    The answer is exactly art. 4.3's; the first two steps only spare re-optimisations.
    """

    def __init__(
        self, rows: list[list[int]], bracket_size: int, order_shift: int, shortcuts: bool = True
    ) -> None:
        self.rows = rows
        self.shortcuts = shortcuts
        self.nb = bracket_size
        self.order_shift = order_shift
        self.matcher = MatchingComputer(len(rows), even_weights=True, weights=[r[:] for r in rows])
        self.mates = self.matcher.mates()
        self._duals_read = False
        self._dual: list[int] = []
        self._w2: list[list[int]] = []
        self._chains: list[list[int]] = []
        self._duals_known = True

    def _read_duals(self) -> None:
        """The matcher's optimal duals (vertex duals ``2u``, blossom duals ``z``) and the
        nesting of its blossoms, read from the primal-dual matcher after ``compute``."""
        self._duals_read = True
        matcher = self.matcher
        try:
            dual: list[int] = matcher._dual
            parent: list[int] = matcher._bparent
            w2: list[list[int]] = matcher._w2
        except AttributeError:  # pragma: no cover - another matcher implementation
            self._duals_known = False
            return
        chains: list[list[int]] = []
        for v in range(matcher.vertex_count):
            chain = [v]
            while parent[chain[-1]] != -1:
                chain.append(parent[chain[-1]])
            chain.reverse()
            chains.append(chain)
        self._dual, self._w2, self._chains = dual, w2, chains
        # Guard: complementary slackness must hold for the matched edges, or the duals are
        # not what this reads them as; then every edge counts as tight (exact, slower).
        mates = matcher.mates()
        if any(self._slack(v, m) != 0 for v, m in enumerate(mates) if v < m):
            self._duals_known = False  # pragma: no cover

    def _slack(self, i: int, j: int) -> int:
        """``u_i + u_j - w_ij + sum of z`` over the blossoms holding both (doubled units)."""
        dual = self._dual
        slack = dual[i] + dual[j] - self._w2[i][j]
        for bi, bj in zip(self._chains[i], self._chains[j], strict=False):
            if bi != bj:
                break
            slack += 2 * dual[bi]
        return slack

    def _tight(self, i: int, j: int) -> bool:
        """Is edge ``i-j`` tight (slack 0, ``u_i + u_j - w_ij + sum of z``) under the duals?"""
        if not self._duals_read:
            self._read_duals()
        if not self._duals_known:
            return True  # pragma: no cover - no duals: always re-optimise
        slack = self._slack(i, j)
        if slack < 0:  # pragma: no cover - infeasible duals: not optimal, trust nothing
            self._duals_known = False
            return True
        return slack == 0

    def _swap_to(self, i: int, j: int) -> bool:
        """Give ``i`` the opponent ``j`` by exchanging partners, if the criteria weight of
        the matching stays the same, so that it stays a best pairing (art. 3.2.2)."""
        rows, mates = self.rows, self.mates
        m, k = mates[i], mates[j]
        before = (rows[i][m] if m != i else 0) + (rows[j][k] if k != j else 0)
        if m != i and k != j:
            if not rows[m][k]:
                return False
            after = rows[i][j] + rows[m][k]
        else:
            after = rows[i][j]
        if after != before:
            return False
        if m != i:
            mates[m] = k if k != j else m
        if k != j:
            mates[k] = m if m != i else k
        mates[i], mates[j] = j, i
        return True

    def run(self, fixed: dict[int, int]) -> list[int]:
        """Art. 4.3: fix every BSN position's opponent (``FLOAT`` for a float, the virtual
        player of art. 4.2) in turn; returns the final mates."""
        nb, rows, matcher = self.nb, self.rows, self.matcher
        for i in range(nb):
            if i in fixed:
                continue
            row = rows[i]
            candidates = [j for j in range(i + 1, nb) if row[j] and j not in fixed]
            if not candidates:
                fixed[i] = FLOAT
                continue
            mates = self.mates
            floor = mates[i] if i != mates[i] < nb else -1
            if self.shortcuts:
                for j in reversed(candidates):
                    if j <= floor or self._swap_to(i, j):
                        break
                mates = self.mates
                floor = mates[i] if i != mates[i] < nb else -1
            if not self.shortcuts or any(self._tight(i, j) for j in candidates if j > floor):
                shift = self.order_shift
                for j in candidates:
                    matcher.set_weight(i, j, matcher.weight(i, j) + ((j + 1) << shift))
                matcher.compute()
                self.mates = mates = matcher.mates()
                self._duals_read = False
            mate = mates[i]
            if i != mate < nb:
                fixed[i] = mate
                fixed[mate] = i
                matcher.isolate_edge(i, mate)
            else:
                fixed[i] = FLOAT
                for j in candidates:
                    matcher.set_weight(i, j, 0)
        return self.mates


def pair_burstein(t: Tournament, round_number: int, *, shortcuts: bool = True) -> BursteinResult:
    """Pair ``round_number`` (after the seeding rounds) with the Burstein system.

    ``shortcuts=False`` solves every bracket on the whole graph and re-optimises for every
    BSN (no swaps, no complementary-slackness test): slower, the same answer by
    construction; the tests compare the two."""
    players = _entrants(t, round_number)
    entrants = {p.tpn: p for p in players}
    if not players:
        return BursteinResult([], None, [], entrants)
    rnd = _Round(t, players, legal_pairs(t, players), shortcuts)
    bye, reason = rnd.assign_bye()
    rnd.pair_brackets(bye)
    pairs = [(players[a], players[b]) for a, b in sorted(rnd.final_mate.items()) if a < b]
    return BursteinResult(
        pairs, players[bye] if bye is not None else None, rnd.brackets, entrants, reason
    )


def _first_colour_difference(a: PlayerState, b: PlayerState) -> tuple[Colour, Colour] | None:
    """Art. 5.2.4 with C.04.2 art. 3.4: played colours right-aligned, walked backwards; the
    latest round in which one had White and the other Black (reading D-COM-4)."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return ca, cb
    return None


def burstein_colour(first: Entrant, second: Entrant, initial: Colour) -> Colour:
    """The colour ``first`` gets against ``second`` (art. 5.2.1-5.2.5).

    "Higher ranked" is the ranking order of art. 1.8 (Index, then TPN; reading D-BUR-12).
    """
    higher = first if first.rank < second.rank else second

    def for_first(higher_colour: Colour) -> Colour:
        return higher_colour if higher is first else higher_colour.opposite

    p, q = first.state, second.state
    # 5.2.1: both have yet to play a game: the higher ranked player's TPN decides.
    if not p.colours and not q.colours:
        return for_first(initial if higher.tpn % 2 == 1 else initial.opposite)
    pp, qp = p.preference, q.preference
    # 5.2.2: grant both preferences (a player without one takes the other colour, 1.5.4).
    if pp is None:
        assert qp is not None
        return qp.opposite
    if qp is None or pp is not qp:
        return pp
    # 5.2.3: grant the stronger preference.
    if p.strength is not q.strength:
        return pp if p.strength > q.strength else qp.opposite
    # 5.2.4: alternate to the latest round with different colours.
    difference = _first_colour_difference(p, q)
    if difference is not None:
        return difference[1]
    # 5.2.5: the higher ranked player's preference.
    preference = higher.preference
    assert preference is not None
    return for_first(preference)


def to_round_pairing(t: Tournament, result: BursteinResult, round_number: int) -> RoundPairing:
    """Colours (art. 5) and board order (C.04.2 art. 3.6) for the engine's pairs."""
    games = []
    for a, b in result.pairs:
        colour = burstein_colour(a, b, t.initial_colour)
        white, black = (a, b) if colour is Colour.WHITE else (b, a)
        games.append((white.state, black.state))
    return published_pairing(
        round_number, games, result.bye.tpn if result.bye is not None else None
    )
