"""A slow, literal reading of the Burstein bracket procedure (C.04.4.2 art. 2-4), for tests.

It shares nothing with the engine's search: every candidate pairing of a bracket is generated
in the order of art. 4.3, the criteria [C4]-[C8] are evaluated for each by brute force, and
the first candidate with the best values is taken (art. 3.2.2). Only for small fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache

from swissdesk.engines.burstein.engine import Entrant, _entrants, legal_pairs
from swissdesk.model.tournament import Tournament

Pairing = tuple[tuple[int, int], ...]
"""A bracket candidate as (BSN, opponent BSN or 0) for each BSN in ascending order."""


def candidate_order(n: int, floaters: int | None = None) -> Iterator[Pairing]:
    """Every pairing of BSN 1..n (with ``floaters`` virtual players, art. 4.2, or any number
    when ``None``) in the order of art. 4.3: BSN 1's opponent largest first, the virtual
    player (0) last, then BSN 2's, and so on."""

    def extend(free: tuple[int, ...], left: int | None) -> Iterator[list[tuple[int, int]]]:
        if not free:
            if left in (None, 0):
                yield []
            return
        first, rest = free[0], free[1:]
        for j in sorted(rest, reverse=True):
            remaining = tuple(x for x in rest if x != j)
            for tail in extend(remaining, left):
                yield [(first, j), *tail]
        if left is None or left > 0:
            for tail in extend(rest, None if left is None else left - 1):
                yield [(first, 0), *tail]

    for pairing in extend(tuple(range(1, n + 1)), floaters):
        yield tuple(pairing)


def _perfect(vertices: frozenset[int], legal: Callable[[int, int], bool]) -> bool:
    @cache
    def go(rest: frozenset[int]) -> bool:
        if not rest:
            return True
        v = min(rest)
        others = rest - {v}
        return any(legal(v, u) and go(others - {u}) for u in others)

    return go(vertices)


def reference_pairing(
    t: Tournament, round_number: int
) -> tuple[list[tuple[int, int]], int | None] | None:
    """Pairs (TPNs, unordered, higher ranked first) and the PAB, or ``None`` if impossible."""
    players: list[Entrant] = _entrants(t, round_number)
    n = len(players)
    legal_matrix = legal_pairs(t, players)

    def legal(a: int, b: int) -> bool:
        return bool(legal_matrix[a][b])

    everyone = frozenset(range(n))
    bye: int | None = None
    if n % 2:
        order = sorted(
            (v for v in range(n) if players[v].bye_eligible),
            key=lambda v: (players[v].score, -players[v].state.played_games, -players[v].rank),
        )
        bye = next((v for v in order if _perfect(everyone - {v}, legal)), None)
        if bye is None:
            return None
        everyone = everyone - {bye}
    elif not _perfect(everyone, legal):
        return None
    scores = sorted({players[v].score for v in everyone}, reverse=True)
    groups = [sorted(v for v in everyone if players[v].score == s) for s in scores]
    floaters: list[int] = []
    pairs: list[tuple[int, int]] = []
    for g, group in enumerate(groups):
        members = sorted(floaters + group, key=lambda v: players[v].rank)
        following = groups[g + 1] if g + 1 < len(groups) else []
        rest = frozenset(v for later in groups[g + 2 :] for v in later)
        chosen = _best_candidate(members, following, rest, players, legal)
        pairs += chosen[0]
        floaters = chosen[1]
    assert not floaters
    return (
        [(players[a].tpn, players[b].tpn) for a, b in pairs],
        players[bye].tpn if bye is not None else None,
    )


def _bracket_value(
    members: Sequence[int],
    below: frozenset[int],
    players: list[Entrant],
    legal: Callable[[int, int], bool],
) -> tuple[int, tuple[int, ...]] | None:
    """The best ([C5] pairs, [C6] negated descending floater scores) a bracket can reach with
    its own [C4]; ``None`` when it cannot be completed at all."""
    best: tuple[int, tuple[int, ...]] | None = None
    for cand in candidate_order(len(members)):
        ok = True
        pairs = 0
        floating: list[int] = []
        for a, b in cand:
            if b == 0:
                floating.append(members[a - 1])
            elif a < b:
                if not legal(members[a - 1], members[b - 1]):
                    ok = False
                    break
                pairs += 1
        if not ok or not _perfect(frozenset(floating) | below, legal):
            continue
        value = (
            pairs,
            tuple(-s for s in sorted((players[v].score for v in floating), reverse=True)),
        )
        if best is None or value > best:
            best = value
    return best


def _best_candidate(
    members: list[int],
    following: list[int],
    rest: frozenset[int],
    players: list[Entrant],
    legal: Callable[[int, int], bool],
) -> tuple[list[tuple[int, int]], list[int]]:
    below = frozenset(following) | rest
    best_key: tuple[object, ...] | None = None
    best: tuple[list[tuple[int, int]], list[int]] | None = None
    next_cache: dict[frozenset[int], object] = {}
    for cand in candidate_order(len(members)):
        pairs: list[tuple[int, int]] = []
        floating: list[int] = []
        ok = True
        for a, b in cand:
            if b == 0:
                floating.append(members[a - 1])
            elif a < b:
                x, y = members[a - 1], members[b - 1]
                if not legal(x, y):
                    ok = False
                    break
                pairs.append((x, y))
        if not ok or not _perfect(frozenset(floating) | below, legal):  # [C4]
            continue
        key_f = frozenset(floating)
        if key_f not in next_cache:
            nxt = sorted(floating + following, key=lambda v: players[v].rank)
            next_cache[key_f] = _bracket_value(nxt, rest, players, legal) if nxt else (0, ())
        same = sum(
            1
            for x, y in pairs
            if players[x].preference is not None and players[x].preference is players[y].preference
        )
        key = (
            len(pairs),  # [C5]
            tuple(-s for s in sorted((players[v].score for v in floating), reverse=True)),  # [C6]
            next_cache[key_f],  # [C7]
            -same,  # [C8]
        )
        if best_key is None or key > best_key:  # strictly better: the first one stays
            best_key = key
            best = (pairs, sorted(floating, key=lambda v: players[v].rank))
    assert best is not None
    return best
