"""The Double-Swiss pairing procedure (C.04.5 art. 3-4), exact at any field size.

See the package docstring for how each article maps to the computation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

from swissdesk.engines.base import NoValidPairing, Pair, RoundPairing
from swissdesk.engines.double_swiss.matcher import BOTTOM, FREE, TOP, Matcher
from swissdesk.engines.double_swiss.state import DSPlayer, build_players
from swissdesk.engines.matching import MatchingComputer
from swissdesk.i18n import said, said_n
from swissdesk.model.tournament import Colour, Tournament, half_points_to_str

COMBINATION_LIMIT = 32
"""Art. 3.6.4 with [C8]: at most this many choices of which upfloaters meet a previous floater
are followed side by side; beyond it the bracket is solved as one weighted matching."""


@dataclass
class RoundContext:
    """The players of one round, numbered 0..n-1 in TPN order, and the legal-pair table."""

    tournament: Tournament
    round_number: int
    players: dict[int, DSPlayer]
    tpns: list[int]
    ok: bytearray
    last_round: bool
    explain: bool
    lines: list[str] = field(default_factory=list)
    force_weighted: bool = False
    """Tests: choose upfloaters and pair brackets with the weighted matchings only (a
    cross-check of the fast path and of the position-by-position identifier search)."""

    @property
    def n(self) -> int:
        return len(self.tpns)

    def score(self, i: int) -> int:
        return self.players[self.tpns[i]].pairing_score

    def floated(self, i: int) -> bool:
        return self.players[self.tpns[i]].floated_previous

    def legal(self, a: int, b: int) -> bool:
        return bool(self.ok[a * self.n + b])

    def say(self, text: str) -> None:
        if self.explain:
            self.lines.append(text)

    def names(self, idx: Sequence[int]) -> str:
        return " ".join(str(self.tpns[i]) for i in sorted(idx)) or "-"


def fold_hint(members: Sequence[int]) -> list[tuple[int, int]]:
    """First half against second half, in order: the art. 3.6 first identifier when legal."""
    half = len(members) // 2
    return [(members[i], members[i + half]) for i in range(half)]


def pair_double_swiss(
    tournament: Tournament,
    round_number: int,
    *,
    explain: bool = False,
    force_weighted: bool = False,
) -> RoundPairing:
    """Pair ``round_number`` (art. 3.3.2): PAB, then bracket after bracket, then colours."""
    players = build_players(tournament, round_number)
    tpns = sorted(t for t, p in players.items() if p.available)
    n = len(tpns)
    ok = bytearray(b"\x01") * (n * n)
    index = {t: i for i, t in enumerate(tpns)}
    for i, t in enumerate(tpns):
        ok[i * n + i] = 0
        for o in players[t].opponents:
            j = index.get(o)
            if j is not None:
                ok[i * n + j] = ok[j * n + i] = 0
    for pair in tournament.forbidden_pairs:
        a, b = sorted(pair) if len(pair) == 2 else (0, 0)
        if a in index and b in index:
            ok[index[a] * n + index[b]] = ok[index[b] * n + index[a]] = 0
    last_round = tournament.total_rounds > 0 and round_number >= tournament.total_rounds
    ctx = RoundContext(
        tournament, round_number, players, tpns, ok, last_round, explain, [], force_weighted
    )
    if last_round:
        ctx.say(
            said_n(
                "Round {round}: {count} player to pair (last round: [C7] and [C8] do not apply)",
                "Round {round}: {count} players to pair (last round: [C7] and [C8] do not apply)",
                n,
                round=round_number,
                count=n,
            )
        )
    else:
        ctx.say(
            said_n(
                "Round {round}: {count} player to pair",
                "Round {round}: {count} players to pair",
                n,
                round=round_number,
                count=n,
            )
        )
    remaining = list(range(n))
    bye: int | None = None
    if n % 2:
        bye_index = choose_pab(ctx)
        bye = tpns[bye_index]
        remaining.remove(bye_index)
    elif n and not Matcher(n, ok, remaining, fold_hint(remaining)).is_perfect():
        raise NoValidPairing(said("no legal pairing of all players exists (art. 3.3.3)"))
    raw_pairs: list[tuple[int, int]] = []
    while remaining:
        top = max(ctx.score(i) for i in remaining)
        residents = [i for i in remaining if ctx.score(i) == top]
        lower = [i for i in remaining if ctx.score(i) != top]
        upfloaters = select_upfloaters(ctx, residents, lower)
        bracket = sorted(residents + upfloaters)
        pairs = pair_bracket(ctx, bracket, upfloaters)
        ctx.say(
            said(
                "Bracket {score}: residents {residents}; upfloaters {upfloaters}; pairs {pairs}",
                score=half_points_to_str(top),
                residents=ctx.names(residents),
                upfloaters=ctx.names(upfloaters),
                pairs=", ".join(f"{tpns[a]}-{tpns[b]}" for a, b in pairs),
            )
        )
        raw_pairs.extend(pairs)
        taken = set(bracket)
        remaining = [i for i in remaining if i not in taken]
    boards = allocate_colours(ctx, [(tpns[a], tpns[b]) for a, b in raw_pairs])
    return RoundPairing(round_number, tuple(boards), bye, tuple(ctx.lines))


# ---------------------------------------------------------------------- art. 3.4


def choose_pab(ctx: RoundContext) -> int:
    """Art. 3.4: among players allowed the PAB by [C2] and leaving a legal pairing of all the
    others (3.4.1), the lowest score (3.4.2), the most played matches (3.4.3), the largest TPN
    (3.4.4)."""
    n = ctx.n
    everyone = list(range(n))
    matcher = Matcher(n, ctx.ok, everyone, fold_hint(everyone))
    if len(matcher.exposed()) > 1:
        raise NoValidPairing(said("no PAB assignee leaves a legal pairing (art. 3.4.1)"))

    def key(i: int) -> tuple[int, int, int]:
        p = ctx.players[ctx.tpns[i]]
        return (p.pairing_score, -p.played_matches, -p.tpn)

    for i in sorted(everyone, key=key):
        p = ctx.players[ctx.tpns[i]]
        if p.pab_blocked:
            continue
        if matcher.can_drop(i):
            ctx.say(
                said_n(
                    "PAB (art. 3.4): {player} (score {score}, {count} match played)",
                    "PAB (art. 3.4): {player} (score {score}, {count} matches played)",
                    p.played_matches,
                    player=str(p.tpn),
                    score=half_points_to_str(p.score),
                    count=p.played_matches,
                )
            )
            return i
    raise NoValidPairing(said("no PAB assignee leaves a legal pairing (art. 3.4.1)"))


# ---------------------------------------------------------------------- art. 3.5


def select_upfloaters(ctx: RoundContext, residents: list[int], lower: list[int]) -> list[int]:
    """Art. 3.5: the first set of upfloaters complying with [C4]-[C7].

    The fast path settles the usual cases exactly (no upfloater needed; one upfloater whose
    following scoregroup needs only what its parity forces); anything else is one weighted
    matching of all remaining players whose weight orders [C4], [C5], [C6], [C7] and the set
    order of art. 3.5.3-3.5.4 lexicographically.
    """
    if not lower:
        return []
    if not ctx.force_weighted:
        fast = _upfloaters_fast(ctx, residents, lower)
        if fast is not None:
            return fast
    return _upfloaters_weighted(ctx, residents, lower)


def _perfect(ctx: RoundContext, members: list[int]) -> bool:
    if len(members) % 2:
        return False
    return Matcher(ctx.n, ctx.ok, members, fold_hint(members)).is_perfect()


def _one_short(ctx: RoundContext, members: list[int]) -> Matcher | None:
    """A maximum matching of ``members`` if it leaves exactly one player unpaired."""
    m = Matcher(ctx.n, ctx.ok, members, fold_hint(members))
    return m if len(m.exposed()) == 1 else None


def _needs_parity_only(ctx: RoundContext, group: list[int], rest: list[int]) -> bool:
    """[C6]: can ``group`` be paired with only the upfloaters its parity forces (0 or 1),
    the players below it keeping a legal pairing ([C1], [C3], [C4])?"""
    if not group:
        return True
    if len(group) % 2 == 0:
        return _perfect(ctx, group) and (not rest or _perfect(ctx, rest))
    if not rest:
        return False
    mg = _one_short(ctx, group)
    mr = _one_short(ctx, rest)
    if mg is None or mr is None:
        return False
    partners = mg.missable()
    n = ctx.n
    return any(any(ctx.ok[w * n + r] for r in partners) and mr.can_drop(w) for w in rest)


def _upfloaters_fast(ctx: RoundContext, residents: list[int], lower: list[int]) -> list[int] | None:
    """[C4]-[C7] when the minimum is parity's (0 or 1 upfloater); ``None`` when undecided."""
    if len(residents) % 2 == 0:
        if _perfect(ctx, residents) and _perfect(ctx, lower):
            return []
        return None
    mr = _one_short(ctx, residents)
    ml = _one_short(ctx, lower)
    if mr is None or ml is None:
        return None
    partners = mr.missable()
    n = ctx.n
    next_score = max(ctx.score(i) for i in lower)
    following = [i for i in lower if ctx.score(i) == next_score]
    below = [i for i in lower if ctx.score(i) != next_score]
    levels = sorted({ctx.score(i) for i in lower}, reverse=True)
    for level in levels:
        group = [i for i in lower if ctx.score(i) == level]
        group.sort(key=lambda i: (ctx.floated(i) and not ctx.last_round, i))
        feasible_seen = False
        for u in group:
            if not any(ctx.ok[u * n + r] for r in partners) or not ml.can_drop(u):
                continue
            feasible_seen = True
            if level == next_score:
                nxt, rest = [i for i in following if i != u], below
            else:
                nxt, rest = following, [i for i in below if i != u]
            if _needs_parity_only(ctx, nxt, rest):
                ctx.say(_upfloater(ctx.tpns[u], level, len(nxt) % 2, ctx.floated(u)))
                return [u]
        if feasible_seen:
            return None
    return None


def _upfloaters_weighted(ctx: RoundContext, residents: list[int], lower: list[int]) -> list[int]:
    """Art. 3.5 as one maximum-weight perfect matching of all remaining players.

    A pair between a resident and a lower player makes that player an upfloater. Its cost,
    tier by tier: [C4] one upfloater; [C5] weight growing as the upfloater's score falls
    (ascending score profile compared lexicographically); [C6] a pair between the following
    scoregroup and a lower one (that scoregroup's own upfloaters); [C7] a previous floater;
    the set order of art. 3.5.4 (the lexicographically first TPN sequence: a bonus
    ``2**(N - position)`` in the order score descending, TPN ascending). Every tier's
    multiplier exceeds the largest total of the tiers below it.
    """
    members = sorted(residents + lower)
    local = {v: k for k, v in enumerate(members)}
    size = len(members)
    resident_set = set(residents)
    levels = sorted({ctx.score(i) for i in lower})
    level_index = {s: k for k, s in enumerate(levels)}
    next_score = levels[-1]
    order = sorted(lower, key=lambda i: (-ctx.score(i), i))
    position = {v: k for k, v in enumerate(order)}
    count = len(order)
    bound = size + 1
    base5 = bound
    b_order = bound * (1 << count)
    m7 = b_order + 1
    b7 = bound * m7 + b_order
    m6 = b7 + 1
    b6 = bound * m6 + b7
    m5 = b6 + 1
    b5 = base5 ** len(levels) * m5 + b6
    m4 = b5 + 1
    b4 = bound * m4 + b5
    big = b4 + 1
    matcher = MatchingComputer(size)
    for a in members:
        for b in members:
            if b <= a or not ctx.legal(a, b):
                continue
            cost = 0
            if (a in resident_set) != (b in resident_set):
                u = b if a in resident_set else a
                cost += m4
                cost += base5 ** (len(levels) - 1 - level_index[ctx.score(u)]) * m5
                if ctx.floated(u) and not ctx.last_round:
                    cost += m7
                cost += (1 << count) - (1 << (count - 1 - position[u]))
            elif a not in resident_set and (
                (ctx.score(a) == next_score) != (ctx.score(b) == next_score)
            ):
                cost += m6
            matcher.set_weight(local[a], local[b], big - cost)
    matcher.compute()
    mates = matcher.mates()
    if any(mates[k] == k for k in range(size)):
        raise NoValidPairing(said("the remaining players have no legal pairing ([C3])"))
    chosen = sorted(
        (
            members[mates[local[r]]]
            for r in residents
            if members[mates[local[r]]] not in resident_set
        ),
        key=lambda i: (-ctx.score(i), i),
    )
    if chosen:
        ctx.say(
            said(
                "upfloaters by [C4]-[C7] and the art. 3.5.4 order: {players}",
                _indent="  ",
                players=" ".join(str(ctx.tpns[i]) for i in chosen),
            )
        )
    else:
        ctx.say(said("upfloaters by [C4]-[C7] and the art. 3.5.4 order: none", _indent="  "))
    return chosen


# ---------------------------------------------------------------------- art. 3.6


def pair_bracket(
    ctx: RoundContext, bracket: list[int], upfloaters: list[int]
) -> list[tuple[int, int]]:
    """Art. 3.6: the first pairing in identifier order that complies with [C1] and [C8].

    [C8] (not in the last round): the fewest upfloaters meeting a previous floater. Each
    choice of which upfloaters meet one (all choices of the minimal size) restricts the
    legal pairs; the identifier is then built position by position, the smallest value whose
    choice still leaves a perfect matching in one of the restricted graphs (``Matcher``):
    first the top members (each player in TPN order is a top member if possible), then the
    bottom member of each top member in turn.
    """
    floaters = [i for i in bracket if ctx.floated(i)]
    c8 = bool(upfloaters) and bool(floaters) and not ctx.last_round
    n = ctx.n
    if ctx.force_weighted:
        return _bracket_weighted(ctx, bracket, upfloaters, set(floaters) if c8 else set())
    matchers: list[Matcher] = []
    if not c8:
        matchers = [Matcher(n, ctx.ok, bracket, fold_hint(bracket))]
    else:
        floater_set = set(floaters)
        for size in range(len(upfloaters) + 1):
            if comb(len(upfloaters), size) > COMBINATION_LIMIT:
                return _bracket_weighted(ctx, bracket, upfloaters, floater_set)
            for meeting in combinations(upfloaters, size):
                ok = bytearray(ctx.ok)
                for u in upfloaters:
                    for v in bracket:
                        if (v in floater_set) != (u in meeting):
                            ok[u * n + v] = ok[v * n + u] = 0
                m = Matcher(n, ok, bracket, fold_hint(bracket))
                if m.is_perfect():
                    matchers.append(m)
            if matchers:
                if size:
                    ctx.say(
                        said_n(
                            "[C8]: {count} upfloater must meet a previous floater",
                            "[C8]: {count} upfloaters must meet a previous floater",
                            size,
                            _indent="  ",
                            count=size,
                        )
                    )
                break
    if not matchers or not matchers[0].is_perfect():
        raise NoValidPairing(said("a bracket has no legal pairing ([C1], [C3])"))
    return _first_identifier(bracket, matchers)


def identifier(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Art. 3.6.2: the top members (smaller TPN of each pair) ascending, then the bottom
    member of each of those pairs in the same order."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return tuple(t for t, _ in ordered) + tuple(b for _, b in ordered)


def _first_identifier(bracket: list[int], matchers: list[Matcher]) -> list[tuple[int, int]]:
    """Greedy construction of the first identifier (art. 3.6.2-3.6.3) with matching checks."""

    def keep(step: Callable[[Matcher], bool]) -> bool:
        nonlocal matchers
        good = [m for m in matchers if step(m)]
        if good:
            matchers = good
            return True
        return False

    tops: list[int] = []
    half = len(bracket) // 2
    for x in bracket:
        if len(tops) < half and keep(_labeller(x, TOP)):
            tops.append(x)
        else:
            ok = keep(_labeller(x, BOTTOM))
            assert ok, "a player is neither a top nor a bottom member"
    bottoms = [x for x in bracket if x not in set(tops)]
    pairs: list[tuple[int, int]] = []
    taken: set[int] = set()
    for t in tops:
        limit = min(m.match[t] for m in matchers if m.match[t] != FREE)
        for b in bottoms:
            if b in taken or b < t:
                continue
            if b > limit:
                raise AssertionError("no bottom member found")
            if keep(_fixer(t, b)):
                pairs.append((t, b))
                taken.add(b)
                break
    return pairs


def _labeller(x: int, label: int) -> Callable[[Matcher], bool]:
    return lambda m: m.try_label(x, label)


def _fixer(t: int, b: int) -> Callable[[Matcher], bool]:
    return lambda m: m.try_fix(t, b)


def _bracket_weighted(
    ctx: RoundContext, bracket: list[int], upfloaters: list[int], floaters: set[int]
) -> list[tuple[int, int]]:
    """Art. 3.6 as one weighted matching: [C8], then the top members' set, then the bottom
    members in the order of their top members, each lexicographically (many upfloaters)."""
    size = len(bracket)
    ups = set(upfloaters)
    base = size + 1
    bottom_bound = base**size
    top_mult = bottom_bound + 1
    top_bound = size * (1 << size) * top_mult + bottom_bound
    c8_mult = top_bound + 1
    big = size * 2 * c8_mult + top_bound + 1
    matcher = MatchingComputer(size)
    for i in range(size):
        for j in range(i + 1, size):
            a, b = bracket[i], bracket[j]
            if not ctx.legal(a, b):
                continue
            c8 = (a in ups and b in floaters) + (b in ups and a in floaters)
            cost = c8 * c8_mult
            cost += ((1 << size) - (1 << (size - 1 - i))) * top_mult
            cost += j * base ** (size - 1 - i)
            matcher.set_weight(i, j, big - cost)
    matcher.compute()
    mates = matcher.mates()
    if any(mates[k] == k for k in range(size)):
        raise NoValidPairing(said("a bracket has no legal pairing ([C1], [C3])"))
    return [(bracket[i], bracket[mates[i]]) for i in range(size) if mates[i] > i]


# ---------------------------------------------------------------------- art. 4


def allocate_colours(ctx: RoundContext, pairs: list[tuple[int, int]]) -> list[Pair]:
    """Art. 4.3 colours for each pair, boards in the order of C.04.2 art. 3.6."""
    players = ctx.players
    initial = ctx.tournament.initial_colour
    boards: list[tuple[tuple[int, int, int], Pair]] = []
    for a, b in pairs:
        pa, pb = players[a], players[b]
        hrp, opp = (
            (pa, pb) if (pa.pairing_score, -pa.tpn) > (pb.pairing_score, -pb.tpn) else (pb, pa)
        )
        hrp_colour, rule = hrp_colour_of(hrp, opp, initial)
        white, black = (hrp, opp) if hrp_colour is Colour.WHITE else (opp, hrp)
        ctx.say(
            said(
                "{white}-{black}: colours by art. {rule}",
                _indent="  ",
                white=white.tpn,
                black=black.tpn,
                rule=rule,
            )
        )
        higher, lower = (pa, pb) if (pa.score, -pa.tpn) > (pb.score, -pb.tpn) else (pb, pa)
        boards.append(((-higher.score, -lower.score, higher.tpn), Pair(white.tpn, black.tpn)))
    boards.sort(key=lambda item: item[0])
    return [p for _, p in boards]


def hrp_colour_of(hrp: DSPlayer, opp: DSPlayer, initial: Colour) -> tuple[Colour, str]:
    """The colour of the higher-ranked player (art. 4.2) by art. 4.3.1-4.3.5, and the rule."""

    def by_lot() -> Colour:
        return initial if hrp.tpn % 2 == 1 else initial.opposite

    if hrp.played_matches == 0 and opp.played_matches == 0:
        return by_lot(), "4.3.1"
    if hrp.whites != opp.whites:
        return (Colour.WHITE if hrp.whites < opp.whites else Colour.BLACK), "4.3.2"
    for ch, co in zip(reversed(hrp.colours), reversed(opp.colours), strict=False):
        if ch is not co:
            return ch.opposite, "4.3.3"
    if hrp.colours:
        return hrp.colours[-1].opposite, "4.3.4"
    if opp.colours:
        return opp.colours[-1], "4.3.5"
    return by_lot(), "4.3.1 (no other rule decides)"


def _upfloater(tpn: int, level: int, parity: int, floated: bool) -> str:
    """The one upfloater chosen by [C4]-[C7] (art. 3.5): whole sentences for [C7]'s two
    cases."""
    if floated:
        return said(
            "upfloater {player} ([C4] one, [C5] score {score}, [C6] next scoregroup needs "
            "{parity}, [C7] previous floater)",
            _indent="  ",
            player=str(tpn),
            score=half_points_to_str(level),
            parity=parity,
        )
    return said(
        "upfloater {player} ([C4] one, [C5] score {score}, [C6] next scoregroup needs "
        "{parity}, [C7] ok)",
        _indent="  ",
        player=str(tpn),
        score=half_points_to_str(level),
        parity=parity,
    )
