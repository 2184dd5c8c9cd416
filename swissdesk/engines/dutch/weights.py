"""Edge weights that encode the Dutch criteria in priority order (C.04.3 art. 2).

A pairing is a matching in the graph of compatible players; the engine maximises the total
edge weight. Each criterion owns a *field* of bits in the weight, fields of higher priority
above fields of lower priority, so a maximum-weight matching optimises the criteria
lexicographically. A field either counts pairs (a *count field*, wide enough for the largest
scoregroup) or holds one *lane* per scoregroup (a *score field*: a pair adds 1 in the lane of
a player's score, lanes of higher scores above lower ones, so the sum compares score
sequences in descending order, as [C7] and [C18]-[C21] require).

From the most significant field down:

========  ==========================================================================
field     meaning (article)
========  ==========================================================================
complete  1 per pair, +1 per paired player who may not take the PAB: [C4] completion,
          [C2]/[C5] the PAB goes to an eligible player of the lowest possible score
c6        pairs whose lower player is resident in the bracket: [C6]
c7        lanes: score of the higher player of such pairs: [C7]
c8_pairs  pairs whose lower player is in the next scoregroup: [C8] (next bracket [C6])
c8_scores lanes of those pairs' higher player: [C8] (next bracket [C7])
c9        bye assignee's played games, when the bracket downfloats the PAB: [C9]
c10       no topscorer colour difference beyond +-2: [C10]
c11       no topscorer same colour three times: [C11]
c12       colour preferences compatible: [C12]
c13       strong colour preferences compatible: [C13]
c14/c15   resident downfloaters / MDP opponents with a float one round ago: [C14] [C15]
c16/c17   the same two rounds ago: [C16] [C17]
c18/c19   lanes: scores of those players, one round ago: [C18] [C19]
c20/c21   lanes: the same two rounds ago: [C20] [C21]
order     room for the generation order of candidates (art. 4): one tie bit used while
          fixing players one by one, S1 membership count minus the sum of BSNs (art.
          4.3.2 rules 1-2), and above those the transposition ranks of a few S1 players
          (art. 4.2)
(bit 0)   always clear, so every weight is even
========  ==========================================================================

Only the pairs of the bracket being paired carry the quality fields; all other edges carry
the completion field alone, which keeps every later bracket pairable ([C4]).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swissdesk.model.state import PreferenceStrength
from swissdesk.model.tournament import Colour


@dataclass(slots=True)
class Vertex:
    """A player as the matching sees it: everything the criteria read, precomputed."""

    tpn: int
    rank_index: int
    score: int
    """Pairing score with acceleration (half-points)."""
    preference: Colour | None
    strength: PreferenceStrength
    imbalance: int
    """Absolute colour difference (C.04.3 art. 1.6)."""
    repeated: Colour | None
    """Colour of the two latest played games when equal (art. 1.7.1)."""
    bye_eligible: bool
    """May receive the PAB ([C2], C.04.1 art. 4)."""
    played_games: int
    down1: bool
    up1: bool
    down2: bool
    up2: bool
    forbidden: frozenset[int] = field(default_factory=frozenset)
    """TPNs this player may not meet ([C1] and arbiter-declared prohibitions)."""
    topscorer: bool = False
    """Art. 1.8: over 50 % of the maximum score when pairing the final round."""
    c3_bound: bool = field(default=False, init=False)
    """Held to its absolute colour preference by [C3]: absolute and not a topscorer."""
    weight_class: tuple[object, ...] = field(default=(), init=False)
    """Everything ``Layout.bracket_weight`` reads of the player: two players of one class
    weigh the same against anybody, so a bracket computes each weight once per class pair."""

    def __post_init__(self) -> None:
        self.c3_bound = self.strength is PreferenceStrength.ABSOLUTE and not self.topscorer
        self.weight_class = (
            self.score,
            self.preference,
            self.strength,
            self.imbalance,
            self.repeated,
            self.played_games,
            self.down1,
            self.up1,
            self.down2,
            self.up2,
        )

    @property
    def absolute(self) -> bool:
        return self.strength is PreferenceStrength.ABSOLUTE

    @property
    def strong(self) -> bool:
        return self.strength is PreferenceStrength.STRONG


def compatible(a: Vertex, b: Vertex) -> bool:
    """Absolute criteria [C1] and [C3] for one pair (C.04.3 art. 2.1)."""
    if b.tpn in a.forbidden or a.tpn in b.forbidden:
        return False
    # [C3] only non-topscorers are held to their absolute colour preferences.
    return not (a.c3_bound and b.c3_bound and a.preference is b.preference)


RANK_FIELD_BITS = 256
"""Width of the order field's room for art. 4.2 ranks: how many S1 players' transposition
preferences one matching settles together (``Layout.rank_chunk``)."""


class Layout:
    """Bit offsets of the criterion fields for one round (see the module docstring)."""

    def __init__(self, group_sizes: dict[int, int], played_rounds: int) -> None:
        c9_bits = (
            max(1, max(group_sizes.values(), default=1).bit_length())
            + max(1, played_rounds).bit_length()
        )
        self.count_bits = max(1, max(group_sizes.values(), default=1).bit_length())
        # Score lanes: the lowest score at the bottom.
        self.lane: dict[int, int] = {}
        shift = 0
        for score in sorted(group_sizes):
            self.lane[score] = shift
            shift += max(1, group_sizes[score].bit_length())
        self.lanes_bits = shift
        self.played_rounds = played_rounds
        cb, lb = self.count_bits, self.lanes_bits
        biggest = max(group_sizes.values(), default=1)
        # Room for the tie bit and art. 4.3.2 rules 1-2 (their sum over a bracket's pairs
        # stays below 2 ** (3 * cb + 1) in size), and above them, once S1 and S2 are fixed,
        # the preference ranks of a few S1 players (art. 4.2 transpositions).
        exchange_bits = 3 * cb + 2
        self.rank_bits = (biggest + 1).bit_length()
        self.rank_chunk = max(1, min(biggest // 2 + 1, RANK_FIELD_BITS // self.rank_bits))
        order = exchange_bits + self.rank_bits * self.rank_chunk
        widths: list[tuple[str, int]] = [("order", order)]
        if played_rounds > 1:
            widths += [("c21", lb), ("c20", lb)]
        if played_rounds > 0:
            widths += [("c19", lb), ("c18", lb)]
        if played_rounds > 1:
            widths += [("c17", cb), ("c16", cb)]
        if played_rounds > 0:
            widths += [("c15", cb), ("c14", cb)]
        widths += [
            ("c13", cb),
            ("c12", cb),
            ("c11", cb),
            ("c10", cb),
            ("c9", c9_bits),
            ("c8_scores", lb),
            ("c8_pairs", cb),
            ("c7", lb),
            ("c6", cb),
        ]
        self.offset: dict[str, int] = {}
        # Bit 0 stays clear: every weight is even, which lets the matching keep them as
        # they are instead of doubling them (``MatchingComputer(even_weights=True)``).
        pos = 1
        for name, width in widths:
            self.offset[name] = pos
            pos += width
        self.offset["complete"] = pos
        self.tie = 1 << self.offset["order"]
        """The order field's lowest step: the tie bit used while fixing players one by one."""
        self.order_shift = self.offset["order"] + 1
        """Where art. 4.3.2 rules 1-2 start in the order field (above the tie bit)."""
        self.rank_shift = self.offset["order"] + exchange_bits
        """Where the art. 4.2 preference ranks start in the order field: one rank step
        outweighs any difference the rule 1-2 terms can make."""
        self.bsn_bits = 2 * cb
        self._next_fields: dict[int, int] = {}

    def next_bracket_fields(self, higher_score: int) -> int:
        """[C8]: one more pair in the next bracket, in the lane of its higher player.

        One integer per score, shared by every edge that carries it (most of a big
        bracket's edges lead into the next scoregroup).
        """
        w = self._next_fields.get(higher_score)
        if w is None:
            off = self.offset
            w = (1 << off["c8_pairs"]) | (1 << (off["c8_scores"] + self.lane[higher_score]))
            self._next_fields[higher_score] = w
        return w

    def bracket_weight(
        self,
        higher: Vertex,
        lower: Vertex,
        lower_in_bracket: bool,
        lower_in_next: bool,
        completion: int,
        bye_score: int | None,
        c9_ranks: dict[int, int] | None,
    ) -> int:
        """Weight of an edge touching the bracket being paired (``higher`` ranks above).

        ``completion`` is the edge's completion field ([C4]/[C5]), which the round knows.
        """
        off = self.offset
        lane = self.lane
        w = completion
        if lower_in_bracket:
            w |= 1 << off["c6"]
            w |= 1 << (off["c7"] + lane[higher.score])
        if lower_in_next:
            w |= self.next_bracket_fields(higher.score)
        if c9_ranks is not None and bye_score is not None:
            rank = 0
            if higher.score == bye_score:
                rank += c9_ranks[higher.played_games]
            if lower.score == bye_score:
                rank += c9_ranks[lower.played_games]
            w += rank << off["c9"]
        if not lower_in_bracket:
            return w
        w |= _colour_fields(higher, lower, off)
        resident_higher = higher.score <= lower.score
        mdp_pair = higher.score > lower.score
        if self.played_rounds > 0:
            w += (lower.down1 + (resident_higher and higher.down1)) << off["c14"]
            w |= (not (mdp_pair and lower.up1)) << off["c15"]
            w += lower.down1 << (off["c18"] + lane[lower.score])
            w += higher.down1 << (off["c18"] + lane[higher.score])
            if not (mdp_pair and lower.up1):
                w |= 1 << (off["c19"] + lane[higher.score])
        if self.played_rounds > 1:
            w += (lower.down2 + (resident_higher and higher.down2)) << off["c16"]
            w |= (not (mdp_pair and lower.up2)) << off["c17"]
            w += lower.down2 << (off["c20"] + lane[lower.score])
            w += higher.down2 << (off["c20"] + lane[higher.score])
            if not (mdp_pair and lower.up2):
                w |= 1 << (off["c21"] + lane[higher.score])
        return w


def _colour_fields(a: Vertex, b: Vertex, off: dict[str, int]) -> int:
    """[C10]-[C13] for one pair: a bit set means the criterion is met by this pair."""
    w = 0
    same = a.preference is not None and a.preference is b.preference
    # [C10] no colour difference beyond +-2 (only topscorers can get here, [C3]).
    if not (same and a.imbalance > 1 and b.imbalance > 1):
        w |= 1 << off["c10"]
    # [C11] no one gets the same colour three times in a row.
    if not (same and a.absolute and b.absolute):
        ok = True
    elif a.imbalance == b.imbalance:
        ok = a.repeated is None or a.repeated is not b.repeated
    else:
        # Art. 5.2.2: the wider colour difference gets its colour; the other gives way.
        loser = b if a.imbalance > b.imbalance else a
        assert a.preference is not None
        ok = loser.repeated is not a.preference.opposite
    if ok:
        w |= 1 << off["c11"]
    # [C12] both colour preferences granted.
    if not same:
        w |= 1 << off["c12"]
    # [C13] both strong preferences granted.
    a_strong_or_abs = a.strong or a.absolute
    b_strong_or_abs = b.strong or b.absolute
    if not a_strong_or_abs or not b_strong_or_abs or (a.absolute and b.absolute) or not same:
        w |= 1 << off["c13"]
    return w
