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
    - each S1 player's opponent in S2 order (art. 4.2, transpositions).
* Pairs once chosen are fixed in the graph; the bracket's unpaired players move down as
  MDPs (art. 1.4.1) and the next bracket is formed.
* Colours follow art. 5 (``swissdesk.engines.colours``); boards are published in the order
  of C.04.2 art. 3.6.

This is the same weighted-matching formulation the FIDE-endorsed engine bbpPairings uses, so
the two agree on which candidate the rules select.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from swissdesk.engines.base import NoValidPairing, Pair, RoundPairing
from swissdesk.engines.colours import Ranked, board_order_key, colour_for
from swissdesk.engines.dutch.weights import Layout, Vertex, compatible
from swissdesk.engines.matching.computer import MatchingComputer
from swissdesk.model.state import Float, PlayerState, build_states
from swissdesk.model.tournament import Colour, ResultCode, Tournament


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


def _participated(t: Tournament, tpn: int, round_number: int) -> bool:
    """Whether the player ever took part in a pairing (bbpPairings' 'valid player')."""
    p = t.player(tpn)
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
        if not st.available and not _participated(t, p.tpn, round_number):
            continue
        ranked[p.tpn] = Ranked(st, index, st.pairing_score)
        index += 1
    return ranked


def pair_dutch(
    t: Tournament,
    round_number: int | None = None,
    *,
    c9_uses_played_games: bool = True,
    matcher_factory: Callable[[int], MatchingComputer] = MatchingComputer,
) -> DutchResult:
    """Pair one round with the Dutch system; see the module docstring."""
    if round_number is None:
        round_number = t.rounds_with_pairings + 1
    played_rounds = round_number - 1
    states = build_states(t, round_number)
    ranked = rank_players(t, states, round_number)
    forbidden: dict[int, set[int]] = {tpn: set(st.opponents) for tpn, st in states.items()}
    for pair in t.forbidden_pairs:
        members = sorted(pair)
        for a in members:
            for b in members:
                if a != b:
                    forbidden.setdefault(a, set()).add(b)
    scoring = t.scoring
    top_possible = played_rounds * max(scoring.win, scoring.draw)
    last_round = t.total_rounds > 0 and played_rounds >= t.total_rounds - 1

    players = sorted(
        (r for r in ranked.values() if r.state.available),
        key=lambda r: (-r.pairing_score, r.rank_index),
    )
    n = len(players)
    if n == 0:
        return DutchResult([], None, [], ranked)
    verts: list[Vertex] = []
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
    group_sizes: dict[int, int] = {}
    for v in verts:
        group_sizes[v.score] = group_sizes.get(v.score, 0) + 1
    layout = Layout(group_sizes, played_rounds)
    compat = [[False] * n for _ in range(n)]
    for i in range(n):
        vi = verts[i]
        row = compat[i]
        for j in range(i):
            if compatible(vi, verts[j]):
                row[j] = True
                compat[j][i] = True

    g = matcher_factory(n)
    odd = n % 2 == 1
    top_score = verts[0].score
    lanes_bits = layout.lanes_bits
    count_bits = layout.count_bits
    # First matching: can everybody be paired, and who can take the PAB ([C4], [C5])?
    for i in range(n):
        for j in range(i):
            if not compat[i][j]:
                continue
            if odd:
                a, b = verts[i], verts[j]
                w = 1 + (not a.bye_eligible) + (not b.bye_eligible)
                w = (w << lanes_bits) | (layout.lane[a.score] + layout.lane[b.score])
                w = (w << count_bits) | (a.score >= top_score)
                g.set_weight(i, j, w)
            else:
                g.set_weight(i, j, layout.completion_weight(verts[j], verts[i], 0))
    g.compute()
    mates = g.mates()
    unmatched = [v for v in range(n) if mates[v] == v]
    if len(unmatched) > (1 if odd else 0):
        raise NoValidPairing(
            "The players cannot all be paired without breaking an absolute criterion "
            "(C1-C3); the Chief Arbiter decides (C.04.3 art. 1.9.3)."
        )
    bye_score: int | None = 0  # even field: nobody may stay unpaired
    c9_ranks: dict[int, int] | None = None
    single_downfloater_is_bye = False
    if odd:
        bye_score = verts[unmatched[0]].score
        for i in range(n):
            for j in range(i):
                if compat[i][j]:
                    g.set_weight(i, j, layout.completion_weight(verts[j], verts[i], bye_score))
        if bye_score >= top_score:
            single_downfloater_is_bye = all(
                verts[mates[i]].score >= top_score
                for i in range(n)
                if verts[i].score >= top_score
            )
        # [C9]: the fewer unplayed games the PAB assignee has, the better; a paired player
        # scores (most games played by a candidate) - (own games played).
        most = max((v.played_games for v in verts if v.score == bye_score), default=0)
        c9_ranks = {v.played_games: most - v.played_games for v in verts}
        if not c9_uses_played_games:
            c9_ranks = dict.fromkeys(c9_ranks, 0)

    fixed_weight = layout.fixed_weight
    matched = [False] * n
    final_mate: dict[int, int] = {}
    brackets: list[BracketRecord] = []

    def fix_pair(a: int, b: int) -> None:
        for u in range(n):
            if u != a:
                g.set_weight(a, u, fixed_weight if u == b else 0)
            if u != b:
                g.set_weight(b, u, fixed_weight if u == a else 0)

    # Bracket state: bracket[k] is a vertex; [0, sg_begin) are MDPs, then residents, then
    # (while pairing) the next scoregroup.
    pos = 0
    bracket: list[int] = []
    while pos < n and verts[pos].score >= top_score:
        bracket.append(pos)
        pos += 1
    sg_begin = 0
    sg_begin_vertex = 0
    while len(bracket) > 1 or pos < n:
        next_begin = len(bracket)
        next_begin_vertex = sg_begin_vertex + (next_begin - sg_begin)
        group_start = pos
        while pos < n and verts[pos].score >= verts[group_start].score:
            bracket.append(pos)
            pos += 1
        size = len(bracket)
        lo, hi = sg_begin_vertex, next_begin_vertex

        def in_bracket(v: int) -> bool:
            return lo <= v < hi

        # base[k][m] (m < k): weight between bracket[m] (higher) and bracket[k] (lower).
        base: list[list[int]] = [[] for _ in range(size)]
        for k in range(sg_begin, size):
            vk = bracket[k]
            row = base[k]
            for m in range(k):
                vm = bracket[m]
                if not compat[vk][vm]:
                    row.append(0)
                    continue
                row.append(
                    layout.bracket_weight(
                        verts[vm],
                        verts[vk],
                        k < next_begin,
                        k >= next_begin,
                        bye_score,
                        c9_ranks if single_downfloater_is_bye else None,
                    )
                )
        for k in range(sg_begin, size):
            vk = bracket[k]
            row = base[k]
            for m in range(k):
                g.set_weight(vk, bracket[m], row[m])

        def order_weight(m: int, k: int, m_rem: int, rem_pairs: int) -> int:
            """Base weight plus the art. 4.3.2 rules 1-2 preference (fewest exchanges)."""
            w = base[k][m]
            if w:
                add = (1 if m_rem < rem_pairs else 0) << layout.bsn_bits
                add -= m_rem
                w += add << layout.order_shift
            return w

        g.compute()
        mates = g.mates()

        # Which MDPs are paired (art. 4.4.2: the set with the smallest differing BSN).
        group_score = 0
        remaining = 0
        remaining_pairable = 0
        for m in range(sg_begin):
            vm = bracket[m]
            if m == 0 or verts[vm].score < group_score:
                group_score = verts[vm].score
                remaining = 0
                remaining_pairable = 0
                k = m
                while k < size and verts[bracket[k]].score >= group_score:
                    remaining += 1
                    if in_bracket(mates[bracket[k]]):
                        remaining_pairable += 1
                    k += 1
            if not remaining_pairable:
                continue
            if remaining <= remaining_pairable:
                matched[vm] = True
                continue
            remaining -= 1
            if not in_bracket(mates[vm]):
                for k in range(sg_begin, next_begin):
                    w = base[k][m]
                    if w:
                        g.set_weight(vm, bracket[k], w | 1)
                g.compute()
                mates = g.mates()
            if in_bracket(mates[vm]):
                matched[vm] = True
                remaining_pairable -= 1
                for k in range(sg_begin, next_begin):
                    w = base[k][m]
                    if w:
                        g.set_weight(vm, bracket[k], (w | (next_begin - sg_begin)) + 1)

        # Each paired MDP's opponent, S2 in order (art. 4.2).
        for m in range(sg_begin):
            vm = bracket[m]
            if not matched[vm]:
                continue
            bonus = size
            for k in range(next_begin - 1, sg_begin - 1, -1):
                vk = bracket[k]
                if matched[vk]:
                    continue
                w = base[k][m]
                if w:
                    g.set_weight(vm, vk, w + bonus)
                    bonus += 1
            g.compute()
            mates = g.mates()
            mate = mates[vm]
            matched[mate] = True
            fix_pair(vm, mate)

        # The remainder (art. 3.3.3) with its original S1R and S2R.
        remainder: list[int] = []
        rem_pairs = 0
        for k in range(sg_begin, next_begin):
            vk = bracket[k]
            if mates[vk] < lo:
                continue
            remainder.append(k)
            if mates[vk] < vk:
                rem_pairs += 1

        def is_upper(k: int) -> bool:
            """Paired in the bracket with a lower-ranked resident: an S1 player."""
            v = bracket[k]
            return mates[v] > v and mates[v] < hi

        for ri, k in enumerate(remainder):
            vk = bracket[k]
            for rj in range(ri):
                m = remainder[rj]
                g.set_weight(bracket[m], vk, order_weight(m, k, rj, rem_pairs))
        g.compute()
        mates = g.mates()

        exchanges = sum(1 for k in remainder[:rem_pairs] if not is_upper(k))

        # Art. 4.3.2 rule 3: move the S1 players with the largest BSNs to S2 first.
        left = exchanges
        ri = rem_pairs
        while ri > 0 and left:
            ri -= 1
            m = remainder[ri]
            vm = bracket[m]
            if is_upper(m):
                for k in remainder[ri + 1 :]:
                    w = order_weight(m, k, ri, rem_pairs)
                    if w:
                        g.set_weight(vm, bracket[k], w - 1)
                g.compute()
                mates = g.mates()
            moved = not is_upper(m)
            left -= moved
            for k in remainder[ri + 1 :]:
                if moved:
                    base[k][m] = 0
                g.set_weight(vm, bracket[k], order_weight(m, k, ri, rem_pairs))

        # Art. 4.3.2 rule 4: move the S2 players with the smallest BSNs to S1 first.
        left = exchanges
        for ri in range(rem_pairs, len(remainder)):
            if left <= 1:
                break
            k = remainder[ri]
            vk = bracket[k]
            already = is_upper(k)
            if not already:
                for k2 in remainder[ri + 1 :]:
                    w = order_weight(k, k2, ri, rem_pairs)
                    if w:
                        g.set_weight(vk, bracket[k2], w + 1)
                g.compute()
                mates = g.mates()
            if is_upper(k):
                left -= 1
                for m in remainder[:ri]:
                    base[k][m] = 0
                    g.set_weight(vk, bracket[m], 0)
                for k2 in range(next_begin, size):
                    base[k2][k] = 0
                    g.set_weight(vk, bracket[k2], 0)
            if not already:
                for k2 in remainder[ri + 1 :]:
                    g.set_weight(vk, bracket[k2], order_weight(k, k2, ri, rem_pairs))

        # S1 and S2 are now fixed: keep only S1-S2 edges in the remainder.
        for ri, m in enumerate(remainder):
            vm = bracket[m]
            m_upper = is_upper(m)
            for k in remainder[ri + 1 :]:
                if not m_upper or is_upper(k):
                    base[k][m] = 0
                g.set_weight(vm, bracket[k], base[k][m])

        # Each S1 player takes the first S2 player that keeps the pairing optimal (art. 4.2).
        for ri, m in enumerate(remainder):
            vm = bracket[m]
            if not is_upper(m):
                continue
            bonus = 0
            for k in reversed(remainder):
                vk = bracket[k]
                if k <= m or matched[vk]:
                    continue
                w = base[k][m]
                if w:
                    g.set_weight(vm, vk, w + bonus)
                bonus += 1
            g.compute()
            mates = g.mates()
            mate = mates[vm]
            matched[vm] = True
            matched[mate] = True
            fix_pair(vm, mate)

        # Record the bracket's pairs; unpaired players float down (art. 1.4.1).
        next_bracket: list[int] = []
        new_sg_begin = 0
        if odd and bye_score is not None:
            single_downfloater_is_bye = group_start < n and bye_score == verts[group_start].score
        pairs_here: list[tuple[int, int]] = []
        floaters: list[int] = []
        for k in range(size):
            vk = bracket[k]
            if k < next_begin and matched[vk]:
                final_mate[vk] = mates[vk]
                final_mate[mates[vk]] = vk
                if vk < mates[vk]:
                    pairs_here.append((verts[vk].tpn, verts[mates[vk]].tpn))
            else:
                next_bracket.append(vk)
                if k < next_begin:
                    new_sg_begin += 1
                    floaters.append(verts[vk].tpn)
                if bye_score is not None and verts[mates[vk]].score < bye_score:
                    single_downfloater_is_bye = False
        brackets.append(
            BracketRecord(
                score=verts[bracket[sg_begin]].score if sg_begin < next_begin else -1,
                residents=tuple(verts[bracket[k]].tpn for k in range(sg_begin, next_begin)),
                mdps=tuple(verts[bracket[k]].tpn for k in range(sg_begin)),
                pairs=tuple(pairs_here),
                downfloaters=tuple(floaters),
            )
        )
        bracket = next_bracket
        sg_begin = new_sg_begin
        sg_begin_vertex = next_begin_vertex

    result_pairs: list[tuple[Ranked, Ranked]] = []
    bye: Ranked | None = None
    for v in range(n):
        mate = final_mate.get(v)
        if mate is None:
            if bye is not None:
                raise NoValidPairing("more than one player left without an opponent")
            bye = players[v]
        elif v < mate:
            result_pairs.append((players[v], players[mate]))
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
