"""A literal, enumerating reading of the Dubov pairing procedure (C.04.4.1 art. 3-4).

Independent of the engine's weighted matchings: candidate sets are generated in the orders
of art. 4.1.3 / 4.2 / 4.3 / 4.4 with ``itertools`` and judged by brute force. Exponential,
so only for small fields; the tests compare it with the engine on random tournaments.
Shared with the engine are only the small article functions (preferences, ARO, legality,
4.3.3 numbering, colours), which have their own unit tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

from swissdesk.engines.base import NoValidPairing
from swissdesk.engines.dubov.articles import (
    DubovPlayer,
    is_maximum_upfloater,
    may_meet,
    shifter_sequence,
)
from swissdesk.engines.dubov.engine import dubov_players
from swissdesk.model.tournament import Colour, Tournament


def _matchings(
    players: tuple[int, ...], ok: dict[tuple[int, int], bool]
) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of ``players`` (TPNs) with legal pairs."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, other in enumerate(rest):
        if ok[(first, other)]:
            for m in _matchings(rest[:k] + rest[k + 1 :], ok):
                yield [(first, other), *m]


def naive_pairing(t: Tournament, round_number: int) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs (S1 player, T2 player) and the PAB, by literal enumeration."""
    everyone = dubov_players(t, round_number)
    avail = {p.tpn: p for p in everyone.values() if p.state.available}
    ok: dict[tuple[int, int], bool] = {}
    for a in avail.values():
        for b in avail.values():
            if a.tpn != b.tpn:
                ok[(a.tpn, b.tpn)] = may_meet(a, b, t.forbidden_pairs)

    @cache
    def pairable(group: frozenset[int]) -> bool:
        return next(_matchings(tuple(sorted(group)), ok), None) is not None

    remaining = set(avail)
    bye = None
    if len(remaining) % 2:
        cands = sorted(
            (p for p in avail.values() if not p.state.had_bye_or_unplayed_win),
            key=lambda p: (p.score, -p.state.played_games, -p.tpn),
        )
        for p in cands:
            if pairable(frozenset(remaining - {p.tpn})):
                bye = p.tpn
                break
        else:
            raise NoValidPairing("no PAB")
        remaining.discard(bye)
    if not pairable(frozenset(remaining)):
        raise NoValidPairing("no complete pairing")
    last = t.total_rounds > 0 and round_number >= t.total_rounds
    result: list[tuple[int, int]] = []
    while remaining:
        top = max(avail[x].score for x in remaining)
        res = sorted(x for x in remaining if avail[x].score == top)
        pool = sorted(
            (avail[x] for x in remaining if avail[x].score < top), key=lambda p: (-p.score, p.tpn)
        )
        best = None
        for k in range(len(res) % 2, len(pool) + 1, 2):
            for ups in combinations(pool, k):
                bracket = frozenset(res) | {p.tpn for p in ups}
                if not pairable(bracket) or not pairable(frozenset(remaining - bracket)):
                    continue
                c7 = min(
                    sum(1 for a, b in m if avail[a].preference is avail[b].preference)
                    for m in _matchings(tuple(sorted(bracket)), ok)
                )
                c6 = tuple(-p.score for p in sorted(ups, key=lambda p: p.score))
                if last:
                    c8 = c9 = c10 = 0
                else:
                    maxed = [p for p in ups if is_maximum_upfloater(p, t.total_rounds)]
                    c8 = len(maxed)
                    c9 = sum(p.upfloats for p in maxed)
                    c10 = sum(1 for p in ups if p.upfloated_last_round)
                quality = (c6, c7, c8, c9, c10)
                if best is None or quality < best[0]:
                    best = (quality, bracket)
            if best is not None:
                break
        assert best is not None
        bracket = best[1]
        result += _pair_bracket([avail[x] for x in sorted(bracket)], ok)
        remaining -= bracket
    return result, bye


def _pair_bracket(
    players: Sequence[DubovPlayer], ok: dict[tuple[int, int], bool]
) -> list[tuple[int, int]]:
    """Art. 3.2.3-3.2.6 by enumeration."""
    if not any(p.has_played for p in players):
        by_tpn = sorted(players, key=lambda p: p.tpn)
        g1 = by_tpn[: len(by_tpn) // 2]
        g2 = by_tpn[len(by_tpn) // 2 :]
    else:
        g1 = [p for p in players if p.preference is Colour.WHITE]
        g2 = [p for p in players if p.preference is not Colour.WHITE]
    small_is_g1 = len(g1) <= len(g2)
    small, other = (g1, g2) if small_is_g1 else (g2, g1)
    colour = Colour.WHITE if small_is_g1 else Colour.BLACK
    in_small = {p.tpn for p in small}
    m = min(
        sum(1 for a, b in mt if a in in_small and b in in_small)
        for mt in _matchings(tuple(sorted(p.tpn for p in players)), ok)
    )
    small_seq = shifter_sequence(small, colour)
    other_seq = shifter_sequence(other, colour.opposite)
    half = len(players) // 2
    for xs in combinations(small_seq, m):
        x = {p.tpn for p in xs}
        new_small = [p for p in small if p.tpn not in x]
        need = half - len(new_small)
        for ys in combinations(other_seq, need):
            y = {p.tpn for p in ys}
            side_small = new_small + list(ys)
            side_other = [p for p in other if p.tpn not in y] + list(xs)
            new_g1, new_g2 = (side_small, side_other) if small_is_g1 else (side_other, side_small)
            s1 = sorted(new_g1, key=lambda p: (p.aro, p.tpn))
            g2s = sorted(new_g2, key=lambda p: p.tpn)
            t2 = _first_permutation([p.tpn for p in s1], [p.tpn for p in g2s], ok)
            if t2 is not None:
                return list(zip((p.tpn for p in s1), t2, strict=True))
    raise AssertionError("no legal bracket pairing")


def _first_permutation(
    s1: list[int], g2: list[int], ok: dict[tuple[int, int], bool]
) -> list[int] | None:
    """Art. 4.4.2: the first transposition of ``g2`` (TPN order) legal against ``s1``."""
    if not s1:
        return []
    for k, b in enumerate(g2):
        if ok[(s1[0], b)]:
            rest = _first_permutation(s1[1:], g2[:k] + g2[k + 1 :], ok)
            if rest is not None:
                return [b, *rest]
    return None
