"""The FIDE Dubov system (C.04.4.1, rules applied from 1 February 2026).

How the articles map to the computation
---------------------------------------
The players to be paired (C.04.2 art. 3.2-3.3: withdrawn players and players with a pre-set
bye or absence are left out) are ordered by pairing score (Baku virtual points included,
C.04.7 art. 1) and TPN. An edge joins two players who may meet: [C1] (no second played game,
no arbiter-prohibited pair) and [C3] (not both the same absolute colour preference, art. 2.1;
Dubov has no topscorer exception). A cardinality-matching *completion oracle* (shared, in
``matching/cardinality.py``) keeps one complete pairing of everybody not yet paired ([C4]).

* **PAB (art. 3.1).** Before any bracket (art. 1.9.2): the candidates allowed by [C2] are tried
  in the order lowest score, most played games, largest TPN (3.1.3-3.1.5); the first one whose
  removal leaves a complete pairing ([C4], 3.1.2) gets the bye (reading D-DUB-14).
* **Brackets (art. 3.2)** are the scoregroups from the top. The residents R must all be paired
  inside the bracket; the possible upfloaters are all lower players (4.2.1). Choosing the set
  U of upfloaters (3.2.1-3.2.2, [C5]-[C10], then the first set in the order of art. 4.2) is one
  maximum-weight matching whose integer weight holds, as bit fields from the most significant:
    - every resident covered (all residents paired);
    - [C5] one unit per resident-resident pair (fewer upfloaters = more such pairs);
    - [C6] per resident-upfloater pair, a cost (|R|+1)^j for the j-th lowest score level, so
      the sum compares the upfloaters' scores lexicographically from the lowest up, i.e.
      "maximise the scores taken in ascending order";
    - [C7] one unit per pair whose players have different colour preferences (reading D-DUB-2:
      the minimum over all legal pairings of the bracket);
    - [C8] not a maximum upfloater, [C9] minus the upfloat count of a maximum upfloater
      (reading D-DUB-5: the sum), [C10] did not upfloat in the previous round; all three off
      in the last round (D-DUB-6);
    - art. 4.2/4.1.3: 2^(P-s) for the upfloater with sequence number s (score descending,
      TPN ascending): with |U| fixed, the largest sum is the set with the smallest differing
      sequence number, i.e. the *first* set among the equally good ones.
  Exactness with a small graph: the matching is solved on R plus the highest lower score
  levels only (whole levels, more added until every resident is covered), without the
  completion field; the completion oracle then checks that everybody else can still be paired.
  That answer is the optimum of the whole graph: a pairing that uses a player below those
  levels cannot have more resident pairs (an alternating-path argument: a component of the
  symmetric difference that frees residents without lower players would improve the small
  optimum) and, with as many, is worse in [C6] because its lowest upfloater is lower. Only when
  the check fails (rare, near the bottom) are all remaining players solved with a completion
  field above every other field ([C4]).
* **Subgroups (art. 3.2.3-3.2.4).** G1 = White seekers, G2 = the others (or the first half by
  TPN when nobody in the bracket has played, D-DUB-7). The smaller subgroup S (G1 on equal
  sizes) must give up as many players as the minimum number m of pairs inside it over all
  legal pairings (3.2.4.1, D-DUB-8); in such a pairing every pair inside S has one shifted
  player, every pair inside the other subgroup O has one player shifted back (3.2.4.2,
  D-DUB-9), and the sizes then match automatically. When the two subgroups are equal and
  can be paired across, nobody is shifted. When m = 0 (the usual case) the equalising set Y
  is built greedily along the 4.3.3 numbering of the larger subgroup: a player is taken if a
  legal pairing with the constraints still exists (checked by augmenting paths on a kept
  pairing), which yields the first set of art. 4.1.3. When m > 0, one weighted matching of
  the bracket finds both sets: a field for the pairs not inside S (so m is minimal), then
  2^(P-s) of the smaller 4.3.3 sequence number of each pair inside S (the first set X,
  4.1.3), then the same for each pair inside O (the first set Y given X).
* **S1 and T2 (art. 3.2.5-3.2.6, 4.4).** S1 = G1 by ascending ARO then TPN; T2 is the first
  transposition of G2 (TPN order) with every S1[i]-T2[i] legal: for each S1 player in turn the
  smallest TPN that still leaves a perfect bipartite pairing of the rest (checked by an
  alternating path), which is exactly the first permutation in the order of 4.4.2.
* **Colours (art. 5)** pair by pair, **boards** in the order of C.04.2 art. 3.6 (D-COM-6).

Readings: ``../shared/corpus/readings.md``, section Dubov (D-COM-*, D-DUB-*).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from swissdesk.engines.base import NoValidPairing, RoundPairing
from swissdesk.engines.colours import published_pairing
from swissdesk.engines.dubov.articles import (
    DubovPlayer,
    average_rating_of_opponents,
    colour_of,
    dubov_preference,
    is_maximum_upfloater,
    shifter_sequence,
    upfloat_record,
    white_seeker_key,
)
from swissdesk.engines.matching.cardinality import CompletionOracle, dense_search
from swissdesk.engines.matching.computer import MatchingComputer
from swissdesk.i18n import said, said_n
from swissdesk.model.state import build_states
from swissdesk.model.tournament import Colour, Tournament


@dataclass(slots=True)
class BracketRecord:
    """What happened in one bracket, for the explanation (C.04.1 art. 9)."""

    score: int
    residents: list[int]
    upfloaters: list[int] = field(default_factory=list)
    how: str = ""
    upfloater_scores: list[int] = field(default_factory=list)
    same_preference_pairs: int = 0
    g1: list[int] = field(default_factory=list)
    g2: list[int] = field(default_factory=list)
    shifted: list[int] = field(default_factory=list)
    shifted_back: list[int] = field(default_factory=list)
    s1: list[int] = field(default_factory=list)
    t2: list[int] = field(default_factory=list)


@dataclass(slots=True)
class DubovResult:
    """The engine's raw answer before it becomes a :class:`RoundPairing`."""

    pairs: list[tuple[DubovPlayer, DubovPlayer]]
    bye: DubovPlayer | None
    brackets: list[BracketRecord]
    players: dict[int, DubovPlayer]
    pab_note: str = ""


def dubov_players(t: Tournament, round_number: int) -> dict[int, DubovPlayer]:
    """Every participant's Dubov view before ``round_number`` (art. 1.6-1.8)."""
    states = build_states(t, round_number)
    ratings = {p.tpn: p.rating for p in t.players}
    out: dict[int, DubovPlayer] = {}
    for p in t.players:
        st = states[p.tpn]
        met: list[int] = []
        for r in range(1, round_number):
            e = p.entry(r)
            if e is not None and e.played and e.opponent is not None:
                met.append(ratings.get(e.opponent, 0))
        pref, strength = dubov_preference(st)
        count, last = upfloat_record(st)
        out[p.tpn] = DubovPlayer(
            state=st,
            score=st.pairing_score,
            aro=average_rating_of_opponents(met),
            preference=pref,
            strength=strength,
            upfloats=count,
            upfloated_last_round=last,
        )
    return out


class _Fields:
    """Integer bit fields, least significant first: each field's unit exceeds the largest
    total the lower fields can reach in one matching."""

    def __init__(self) -> None:
        self.unit = 1

    def add(self, max_total: int) -> int:
        """Reserve a field whose total over a matching is at most ``max_total``."""
        unit = self.unit
        self.unit = unit * (max_total + 1)
        return unit


def _max_weight_mates(size: int, weight: Callable[[int, int], int]) -> list[int]:
    """A maximum-weight matching of ``size`` vertices (``weight`` 0 = no edge)."""
    rows = [[0] * size for _ in range(size)]
    for i in range(size):
        row = rows[i]
        for j in range(i + 1, size):
            w = weight(i, j)
            if w:
                row[j] = w
                rows[j][i] = w
    mc = MatchingComputer(size, weights=rows)
    return mc.mates()


class _RoundPairer:
    """One round: PAB, then the brackets from the top (art. 1.9.2)."""

    def __init__(self, t: Tournament, round_number: int, bracket_local: bool = True) -> None:
        self.t = t
        self.bracket_local = bracket_local
        self.round_number = round_number
        self.last_round = t.total_rounds > 0 and round_number >= t.total_rounds
        self.all_players = dubov_players(t, round_number)
        avail = [p for p in self.all_players.values() if p.state.available]
        avail.sort(key=lambda p: (-p.score, p.tpn))
        self.order = avail
        self.index_of = {p.tpn: i for i, p in enumerate(avail)}
        n = len(avail)
        self.n = n
        legal = legality_matrix(avail, t.forbidden_pairs)
        self.legal = legal
        self.neighbours = [[j for j in range(n) if legal[i][j]] for i in range(n)]
        self.brackets: list[BracketRecord] = []
        self.pairs: list[tuple[DubovPlayer, DubovPlayer]] = []
        self.bye: DubovPlayer | None = None
        self.pab_note = ""

    # ------------------------------------------------------------------ PAB (art. 3.1)

    def assign_pab(self, oracle: CompletionOracle) -> int | None:
        """C.04.4.1 art. 3.1: the PAB goes to the first [C2]-eligible player, in the order
        lowest score, most played games, largest TPN, who leaves a complete pairing ([C4])."""
        n = self.n
        if n % 2 == 0:
            if not oracle.complete():
                raise NoValidPairing(said("the players cannot all be paired ([C1], [C3], [C4])"))
            return None
        eligible = [i for i in range(n) if not self.order[i].state.had_bye_or_unplayed_win]
        if not eligible:
            raise NoValidPairing(said("no player may receive the pairing-allocated bye ([C2])"))
        if not oracle.complete():
            raise NoValidPairing(said("no player can receive the pairing-allocated bye ([C2], [C4])"))
        eligible.sort(
            key=lambda i: (
                self.order[i].score,
                -self.order[i].state.played_games,
                -self.order[i].tpn,
            )
        )
        for i in eligible:
            if oracle.restrict_bye([i]):
                bye_vertex = oracle.bye_vertex
                assert bye_vertex is not None
                oracle.fix(i, bye_vertex)
                p = self.order[i]
                self.bye = p
                self.pab_note = said_n(
                    "PAB {player} (art. 3.1: score {score}, {count} game played, TPN {tpn})",
                    "PAB {player} (art. 3.1: score {score}, {count} games played, TPN {tpn})",
                    p.state.played_games,
                    player=str(p.tpn),
                    score=_pts(p.score),
                    count=p.state.played_games,
                    tpn=p.tpn,
                )
                return i
        raise NoValidPairing(said("no player can receive the pairing-allocated bye ([C2], [C4])"))

    # ------------------------------------------------------------ the round (art. 1.9)

    def run(self) -> None:
        n = self.n
        if n == 0:
            return
        bye_candidates = (
            [i for i in range(n) if not self.order[i].state.had_bye_or_unplayed_win]
            if n % 2
            else None
        )
        oracle = CompletionOracle(self.neighbours, bye_candidates)
        bye = self.assign_pab(oracle)
        remaining = [i for i in range(n) if i != bye]
        while remaining:
            top = self.order[remaining[0]].score
            residents = [i for i in remaining if self.order[i].score == top]
            lower = [i for i in remaining if self.order[i].score != top]
            record = BracketRecord(top, [self.order[i].tpn for i in residents])
            upfloaters = self.choose_upfloaters(residents, lower, oracle, record)
            bracket = residents + upfloaters
            pairs = self.pair_bracket(bracket, record)
            if not oracle.completes(pairs):  # pragma: no cover - guaranteed by the choice of U
                raise NoValidPairing(
                    said("bracket {score} leaves players unpaired ([C4])", score=_pts(top))
                )
            for a, b in pairs:
                oracle.fix(a, b)
                self.pairs.append((self.order[a], self.order[b]))
            self.brackets.append(record)
            taken = set(bracket)
            remaining = [i for i in remaining if i not in taken]

    # ---------------------------------------------- upfloaters (art. 3.2.1-3.2.2, 4.2)

    def choose_upfloaters(
        self,
        residents: list[int],
        lower: list[int],
        oracle: CompletionOracle,
        record: BracketRecord,
    ) -> list[int]:
        """C.04.4.1 art. 3.2.1-3.2.2: the first set of upfloaters (art. 4.2 order) among
        those that best comply with [C5]-[C10]; see the module docstring."""
        if len(residents) % 2 == 0 and self.bracket_local:
            # No upfloater at all, if the residents pair among themselves and the rest
            # stays pairable: the empty set is the only set of size 0 ([C5]).
            local = {v: k for k, v in enumerate(residents)}
            sub = CompletionOracle(
                [[local[j] for j in self.neighbours[i] if j in local] for i in residents], None
            )
            if sub.complete():
                mates = sub.mates()
                pairs = [(residents[k], residents[m]) for k, m in enumerate(mates) if k < m]
                if oracle.completes(pairs):
                    record.how = said("no upfloater needed")
                    return []
        levels: list[list[int]] = []
        for i in lower:
            if levels and self.order[levels[-1][0]].score == self.order[i].score:
                levels[-1].append(i)
            else:
                levels.append([i])
        used_levels = 1 if len(residents) % 2 else 0
        while self.bracket_local:
            pool = [i for level in levels[:used_levels] for i in level]
            mates = self._upfloater_matching(residents, pool, None)
            chosen = self._read_upfloaters(residents, pool, mates, record)
            if chosen is not None:
                ups, pairs = chosen
                if oracle.completes(pairs):
                    record.how = said_n(
                        "restricted to the highest lower score level, completion checked",
                        "restricted to the {count} highest lower score levels, completion checked",
                        used_levels,
                        count=used_levels,
                    )
                    return ups
                break
            if used_levels >= len(levels):
                break
            used_levels += 1
        rest = lower
        mates = self._upfloater_matching(residents, rest, rest)
        chosen = self._read_upfloaters(residents, rest, mates, record)
        if chosen is None:
            raise NoValidPairing(
                said(
                    "the residents of scoregroup {score} cannot all be paired ([C1], [C3], [C4])",
                    score=_pts(self.order[residents[0]].score),
                )
            )
        n_rest = len(residents) + len(rest)
        matched = sum(1 for k, m in enumerate(mates) if m != k)
        if matched < n_rest:
            raise NoValidPairing(said("no complete pairing exists ([C4])"))
        record.how = said("all remaining players solved with the completion field")
        return chosen[0]

    def _upfloater_matching(
        self, residents: list[int], pool: list[int], completion: list[int] | None
    ) -> list[int]:
        """The weighted matching of art. 3.2.2 on residents + ``pool`` (vertex k < |R| is a
        resident, then the pool in art. 4.2.2 order). With ``completion`` (the pool is then
        every lower player) every legal pair also carries the completion field ([C4])."""
        order = self.order
        nr = len(residents)
        npool = len(pool)
        verts = residents + pool
        players = [order[i] for i in verts]
        total = self.t.total_rounds
        last = self.last_round
        # [C6] levels: the lowest score present in the pool is level 0.
        pool_scores = sorted({order[i].score for i in pool})
        level_of = {s: j for j, s in enumerate(pool_scores)}
        levels = len(pool_scores)
        base6 = nr + 1
        top6 = base6**levels
        c9_max = 0
        maxup = [False] * npool
        for k in range(npool):
            p = players[nr + k]
            if not last and is_maximum_upfloater(p, total):
                maxup[k] = True
                c9_max = max(c9_max, p.upfloats)
        fields = _Fields()
        m_order = fields.add((1 << npool) - 1)
        m10 = fields.add(nr)
        m9 = fields.add(nr * c9_max)
        m8 = fields.add(nr)
        m7 = fields.add(nr)
        m6 = fields.add(nr * top6)
        m5 = fields.add(nr)
        m_cover = fields.add(2 * nr)
        m_complete = fields.add(nr + npool) if completion is not None else 0
        up_value: list[int] = []
        for k in range(npool):
            p = players[nr + k]
            cost6 = base6 ** (levels - 1 - level_of[p.score])
            v = m_cover + m6 * (top6 - cost6) + (1 << (npool - 1 - k)) * m_order
            if not last:
                v += m8 * (0 if maxup[k] else 1)
                v += m9 * (c9_max - (p.upfloats if maxup[k] else 0))
                v += m10 * (0 if p.upfloated_last_round else 1)
            up_value.append(v)
        legal = self.legal

        # One integer object per class of alike pairs (a big field has millions of edges).
        rr_values = (2 * m_cover + m5 + m_complete, 2 * m_cover + m5 + m7 + m_complete)
        up_values = [(v + m_complete, v + m7 + m_complete) for v in up_value]
        prefs = [p.preference for p in players]

        def weight(a: int, b: int) -> int:
            if not legal[verts[a]][verts[b]]:
                return 0
            differ = prefs[a] is not prefs[b]
            if b < nr:  # resident - resident
                return rr_values[differ]
            if a < nr:  # resident - upfloater
                return up_values[b - nr][differ]
            return m_complete  # two lower players: only for the completion

        return _max_weight_mates(len(verts), weight)

    def _read_upfloaters(
        self,
        residents: list[int],
        pool: list[int],
        mates: list[int],
        record: BracketRecord,
    ) -> tuple[list[int], list[tuple[int, int]]] | None:
        """The upfloaters and bracket pairs of a matching, or None if a resident is unpaired."""
        nr = len(residents)
        verts = residents + pool
        ups: list[int] = []
        pairs: list[tuple[int, int]] = []
        same = 0
        for k in range(nr):
            m = mates[k]
            if m == k:
                return None
            if m < nr and m < k:
                continue
            pairs.append((verts[k], verts[m]))
            if m >= nr:
                ups.append(verts[m])
            if self.order[verts[k]].preference is self.order[verts[m]].preference:
                same += 1
        ups.sort(key=lambda i: (-self.order[i].score, self.order[i].tpn))
        record.upfloaters = [self.order[i].tpn for i in ups]
        record.upfloater_scores = sorted(self.order[i].score for i in ups)
        record.same_preference_pairs = same  # [C7]; replaced by the final bracket's count
        return ups, pairs

    # ------------------------------------------------- the bracket (art. 3.2.3-3.2.6)

    def pair_bracket(self, bracket: list[int], record: BracketRecord) -> list[tuple[int, int]]:
        """C.04.4.1 art. 3.2.3-3.2.6: G1/G2, the shifts, S1 and the first legal T2."""
        order = self.order
        legal = self.legal
        if not any(order[i].has_played for i in bracket):
            # 3.2.3: nobody has played yet: G1 is the first half by TPN.
            by_tpn = sorted(bracket, key=lambda i: order[i].tpn)
            g1 = by_tpn[: len(by_tpn) // 2]
            g2 = by_tpn[len(by_tpn) // 2 :]
        else:
            g1 = [i for i in bracket if order[i].preference is Colour.WHITE]
            g2 = [i for i in bracket if order[i].preference is not Colour.WHITE]
        record.g1 = sorted(order[i].tpn for i in g1)
        record.g2 = sorted(order[i].tpn for i in g2)
        small_is_g1 = len(g1) <= len(g2)
        small, other = (g1, g2) if small_is_g1 else (g2, g1)
        shifted: list[int] = []
        back: list[int] = []
        if len(small) == len(other) and _bipartite_perfect(small, other, legal):
            pass  # m = 0 and the subgroups are equal: nobody is shifted
        else:
            colour_other = Colour.BLACK if small_is_g1 else Colour.WHITE
            sequence = [
                self.index_of[p.tpn]
                for p in shifter_sequence([order[i] for i in other], colour_other)
            ]
            equalising = _first_equalising_set(small, sequence, legal)
            if equalising is not None:
                back = equalising
            else:
                shifted, back = self.shifts(bracket, small, other, small_is_g1)
        record.shifted = [order[i].tpn for i in shifted]
        record.shifted_back = [order[i].tpn for i in back]
        sx, bx = set(shifted), set(back)
        if small_is_g1:
            new_g1 = [i for i in g1 if i not in sx] + back
            new_g2 = [i for i in g2 if i not in bx] + shifted
        else:
            new_g2 = [i for i in g2 if i not in sx] + back
            new_g1 = [i for i in g1 if i not in bx] + shifted
        # 3.2.5: S1 by ascending ARO, then TPN; 4.4.2: G2 by ascending TPN.
        s1 = sorted(new_g1, key=lambda i: white_seeker_key(order[i]))
        g2_sorted = sorted(new_g2, key=lambda i: order[i].tpn)
        t2 = _first_transposition(s1, g2_sorted, legal)
        if t2 is None:  # pragma: no cover - the shifts guarantee a legal pairing
            raise NoValidPairing(said("no legal G1 x G2 pairing after the shifts"))
        record.s1 = [order[i].tpn for i in s1]
        record.t2 = [order[i].tpn for i in t2]
        record.same_preference_pairs = sum(
            1 for a, b in zip(s1, t2, strict=True) if order[a].preference is order[b].preference
        )
        return list(zip(s1, t2, strict=True))

    def shifts(
        self, bracket: list[int], small: list[int], other: list[int], small_is_g1: bool
    ) -> tuple[list[int], list[int]]:
        """C.04.4.1 art. 3.2.4.1-3.2.4.2 (readings D-DUB-8, D-DUB-9): the players shifted out
        of the smaller subgroup, then those shifted back to equalise; one weighted matching."""
        order = self.order
        legal = self.legal
        colour_small = Colour.WHITE if small_is_g1 else Colour.BLACK
        seq_small = {
            p.tpn: s
            for s, p in enumerate(shifter_sequence([order[i] for i in small], colour_small))
        }
        seq_other = {
            p.tpn: s
            for s, p in enumerate(
                shifter_sequence([order[i] for i in other], colour_small.opposite)
            )
        }
        ps, po = len(small), len(other)
        in_small = {i: True for i in small}
        verts = list(bracket)
        half = len(verts) // 2
        fields = _Fields()
        m_y = fields.add((1 << po) - 1)
        m_x = fields.add((1 << ps) - 1)
        m_noss = fields.add(half)
        m_base = fields.add(half)

        def seq(i: int) -> int:
            tpn = order[i].tpn
            return seq_small[tpn] if i in in_small else seq_other[tpn]

        # One integer object per class of alike pairs.
        inside_small = [m_base + m_x * (1 << (ps - 1 - q)) for q in range(ps)]
        inside_other = [m_base + m_noss + m_y * (1 << (po - 1 - q)) for q in range(po)]
        across = m_base + m_noss

        def weight(a: int, b: int) -> int:
            va, vb = verts[a], verts[b]
            if not legal[va][vb]:
                return 0
            sa, sb = va in in_small, vb in in_small
            if sa and sb:
                return inside_small[min(seq(va), seq(vb))]
            if not sa and not sb:
                return inside_other[min(seq(va), seq(vb))]
            return across

        mates = _max_weight_mates(len(verts), weight)
        shifted: list[int] = []
        back: list[int] = []
        for k, m in enumerate(mates):
            if m == k:  # pragma: no cover - the bracket was chosen pairable
                raise NoValidPairing(said("the bracket cannot be paired"))
            if m < k:
                continue
            va, vb = verts[k], verts[m]
            first = va if seq(va) < seq(vb) else vb
            if va in in_small and vb in in_small:
                shifted.append(first)
            elif va not in in_small and vb not in in_small:
                back.append(first)
        shifted.sort(key=seq)
        back.sort(key=seq)
        return shifted, back


def legality_matrix(
    players: Sequence[DubovPlayer], forbidden: frozenset[frozenset[int]]
) -> list[bytearray]:
    """``legal[i][j]``: may players i and j meet? (C.04.4.1 art. 2.1, [C1] and [C3]; the same
    answer as :func:`may_meet`, built by whole rows for big fields)."""
    n = len(players)
    index = {p.tpn: i for i, p in enumerate(players)}
    same_absolute: dict[Colour, list[int]] = {Colour.WHITE: [], Colour.BLACK: []}
    for i, p in enumerate(players):
        if p.absolute:
            same_absolute[p.preference].append(i)
    legal = []
    for i, p in enumerate(players):
        row = bytearray(b"\x01") * n
        row[i] = 0
        for o in p.state.opponents:
            j = index.get(o)
            if j is not None:
                row[j] = 0
        if p.absolute:
            for j in same_absolute[p.preference]:
                row[j] = 0
        legal.append(row)
    for i, p in enumerate(players):  # an opponent recorded on one side only
        for o in p.state.opponents:
            j = index.get(o)
            if j is not None:
                legal[j][i] = 0
    for pair in forbidden:
        ids = [index[t] for t in pair if t in index]
        if len(ids) == 2:
            legal[ids[0]][ids[1]] = legal[ids[1]][ids[0]] = 0
    return legal


_UNDECIDED, _IN, _OUT = 0, 1, 2


def _first_equalising_set(
    small: Sequence[int], sequence: Sequence[int], legal: list[bytearray]
) -> list[int] | None:
    """C.04.4.1 art. 3.2.4.2 when no pair inside the smaller subgroup is needed (m = 0):
    the first set (art. 4.1.3, numbering ``sequence`` of art. 4.3) of players of the larger
    subgroup whose shift lets the two subgroups be paired across; None when m > 0.

    With m = 0 every player of the smaller subgroup S meets a player of the larger one O who
    stays, and the other players of O pair among themselves, one of each such pair shifted.
    So a set Y is possible exactly when the bracket has a perfect pairing without pairs inside
    S, without S-Y pairs, and without pairs inside Y or inside O minus Y. The first Y is built
    greedily along ``sequence`` (each player taken if a pairing still exists, else excluded);
    the pairing is kept and repaired by augmenting paths, so each step is cheap.
    """
    verts = list(small) + list(sequence)
    n = len(verts)
    ns = len(small)
    need = (len(sequence) - ns) // 2
    local_legal = [bytearray(legal[v][w] for w in verts) for v in verts]
    state = [_UNDECIDED] * n

    def allowed(u: int, v: int) -> bool:
        if not local_legal[u][v]:
            return False
        if u < ns:
            return v >= ns and state[v] != _IN
        if v < ns:
            return state[u] != _IN
        su, sv = state[u], state[v]
        return not ((su == _IN and sv == _IN) or (su == _OUT and sv == _OUT))

    match = [-1] * n
    if not _repair(match, allowed, n, greedy=True):
        return None
    chosen = 0
    for k in range(ns, n):
        if chosen == need:
            state[k] = _OUT
            continue
        saved_match, saved_state = list(match), list(state)
        state[k] = _IN
        if chosen + 1 == need:
            for j in range(k + 1, n):
                state[j] = _OUT
        if _repair(match, allowed, n):
            chosen += 1
            if chosen == need:
                break
            continue
        match, state = saved_match, saved_state
        state[k] = _OUT
        if not _repair(match, allowed, n):  # pragma: no cover - the previous state was feasible
            return None
    if chosen != need:  # pragma: no cover - a feasible start always completes
        return None
    return [verts[k] for k in range(ns, n) if state[k] == _IN]


def _repair(
    match: list[int], allowed: Callable[[int, int], bool], n: int, *, greedy: bool = False
) -> bool:
    """Drop the pairs ``allowed`` no longer permits and re-pair everybody by augmenting
    paths (Edmonds' blossom search); False if no perfect pairing exists."""
    for v in range(n):
        m = match[v]
        if m >= 0 and not allowed(v, m):
            match[v] = match[m] = -1
    for v in range(n if greedy else 0):
        if match[v] < 0:
            for u in range(n):
                if u != v and match[u] < 0 and allowed(v, u):
                    match[v], match[u] = u, v
                    break
    return all(match[v] >= 0 or _augment(v, match, allowed, n) for v in range(n))


def _augment(root: int, match: list[int], allowed: Callable[[int, int], bool], n: int) -> bool:
    """Edmonds' search for an augmenting path from ``root`` over allowed pairs; flips it."""
    return dense_search(root, match, range(n), allowed, eager=True)


def _bipartite_perfect(left: Sequence[int], right: Sequence[int], legal: list[bytearray]) -> bool:
    """Is there a perfect pairing of ``left`` with ``right`` (equal sizes) by legal pairs?"""
    return _bipartite_matching(left, right, legal) is not None


def _bipartite_matching(
    left: Sequence[int], right: Sequence[int], legal: list[bytearray]
) -> dict[int, int] | None:
    """A perfect matching left -> right (Kuhn's augmenting paths), or None."""
    if len(left) != len(right):
        return None
    owner: dict[int, int] = {}
    mate: dict[int, int] = {}
    for a in left:
        for b in right:
            if legal[a][b] and b not in owner:
                owner[b] = a
                mate[a] = b
                break
    for a in left:
        if a in mate:
            continue
        # Breadth-first search for an augmenting path from a.
        parent: dict[int, int] = {}
        queue = deque([a])
        seen_left = {a}
        end = None
        while queue and end is None:
            x = queue.popleft()
            for b in right:
                if not legal[x][b] or b in parent:
                    continue
                parent[b] = x
                if b not in owner:
                    end = b
                    break
                y = owner[b]
                if y not in seen_left:
                    seen_left.add(y)
                    queue.append(y)
        if end is None:
            return None
        b = end
        while True:
            x = parent[b]
            prev = mate.get(x)
            mate[x] = b
            owner[b] = x
            if x == a:
                break
            assert prev is not None
            b = prev
    return mate


def _first_transposition(s1: list[int], g2: list[int], legal: list[bytearray]) -> list[int] | None:
    """C.04.4.1 art. 3.2.6 / 4.4: the first permutation T2 of ``g2`` (sorted by TPN) with
    every S1[i]-T2[i] legal (reading D-DUB-11).

    Position by position, S1[i] takes the first G2 player with whom the remaining players
    can still be perfectly paired: the current perfect matching is kept and re-routed along
    an alternating path, so each test is a short search, not a new matching.
    """
    mate = _bipartite_matching(s1, g2, legal)
    if mate is None:
        return None
    owner = {b: a for a, b in mate.items()}
    fixed: set[int] = set()
    fixed_right: set[int] = set()
    out: list[int] = []
    for a in s1:
        target = mate[a]
        chosen = None
        for x in g2:
            if x in fixed_right or not legal[a][x]:
                continue
            if x == target:
                chosen = x
                break
            # Find an alternating path from owner[x] to target, avoiding a and fixed ones.
            start = owner[x]
            parent: dict[int, int] = {}
            came: dict[int, int] = {start: -1}
            queue = deque([start])
            found = False
            while queue and not found:
                y = queue.popleft()
                for b in g2:
                    if b in fixed_right or b == x or b in parent or not legal[y][b]:
                        continue
                    if b == mate[y]:
                        continue
                    parent[b] = y
                    if b == target:
                        found = True
                        break
                    z = owner[b]
                    if z != a and z not in fixed and z not in came:
                        came[z] = b
                        queue.append(z)
            if not found:
                continue
            # Re-route: each left vertex on the path takes the next right vertex.
            b = target
            while True:
                y = parent[b]
                mate[y] = b
                owner[b] = y
                prev = came[y]
                if prev == -1:
                    break
                b = prev
            mate[a] = x
            owner[x] = a
            chosen = x
            break
        if chosen is None:
            return None
        fixed.add(a)
        fixed_right.add(chosen)
        out.append(chosen)
    return out


def _pts(half_points: int) -> str:
    return f"{half_points // 2}" + (".5" if half_points % 2 else "")


def pair_dubov(
    t: Tournament, round_number: int | None = None, *, bracket_local: bool = True
) -> DubovResult:
    """Pair one round with the Dubov system; see the module docstring.

    ``bracket_local=False`` solves every bracket on all remaining players with the
    completion field (slow; the tests use it to confirm the small-graph shortcut).
    """
    if round_number is None:
        round_number = t.rounds_with_pairings + 1
    pairer = _RoundPairer(t, round_number, bracket_local)
    pairer.run()
    return DubovResult(
        pairer.pairs, pairer.bye, pairer.brackets, pairer.all_players, pairer.pab_note
    )


def to_round_pairing(t: Tournament, result: DubovResult, round_number: int) -> RoundPairing:
    """Colours (art. 5.2) and board order (C.04.2 art. 3.6) for the engine's pairs."""
    games = []
    for a, b in result.pairs:
        colour = colour_of(a, b, t.initial_colour)
        white, black = (a, b) if colour is Colour.WHITE else (b, a)
        games.append((white.state, black.state))
    return published_pairing(
        round_number, games, result.bye.tpn if result.bye is not None else None
    )
