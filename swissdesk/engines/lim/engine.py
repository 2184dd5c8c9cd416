"""The Lim system's procedure (C.04.4.3), scoregroup by scoregroup; see the package docstring.

Every function names the article it implements. The readings of ambiguous articles are
those of ``../shared/corpus/readings.md`` (D-LIM-1 ... D-LIM-13), quoted where used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from swissdesk.engines.base import NoValidPairing
from swissdesk.engines.matching.cardinality import CardinalityMatcher
from swissdesk.engines.matching.computer import MatchingComputer
from swissdesk.i18n import gettext, said
from swissdesk.model.state import PlayerState, build_states, scores_after_each_round
from swissdesk.model.tournament import Colour, ResultCode, Tournament

DOWN = "down"
UP = "up"

EDITIONS = ("2026", "2003", "1999")
"""The texts the engine can apply; only art. 8.2 of the 2003 handbook changes a pairing."""

MAXI_LIMIT = 100
"""Art. 3.2.3, 3.8, 5.7: the rating difference allowed in Maxi-tournaments."""


@dataclass(frozen=True, slots=True)
class LimOptions:
    """Tournament options of the Lim system.

    ``maxi``: a Maxi-tournament (art. 3.2.3, 3.8, 5.7: exchanges for colour limited to
    opponents within 100 rating points). ``edition``: the text applied (``"2026"``, or the
    older ``"1999"``/``"2003"`` editions, see the package docstring for what differs).
    """

    maxi: bool = False
    edition: str = "2026"

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(
                gettext("unknown Lim edition {edition} (known: {known})").format(
                    edition=repr(self.edition), known=", ".join(EDITIONS)
                )
            )


@dataclass(slots=True)
class Info:
    """What the Lim rules read of one player before the round (C.04.2 art. 3.4: played
    games only for colours)."""

    tpn: int
    score: int
    rating: int
    colours: tuple[Colour, ...]
    diff: int
    opponents: frozenset[int]
    had_bye: bool
    floated_last: bool
    may_white: bool
    may_black: bool

    @property
    def due(self) -> Colour | None:
        """Art. 5.5/5.6 (D-LIM-6): the equalising colour if the colours are unequal, else the
        alternating one; none before the first played game."""
        if self.diff > 0:
            return Colour.BLACK
        if self.diff < 0:
            return Colour.WHITE
        if self.colours:
            return self.colours[-1].opposite
        return None


def _may_have(colours: tuple[Colour, ...], diff: int, colour: Colour) -> bool:
    """Art. 5.1.1/5.1.2 (2.1): no third same colour in a row, never three more of one colour."""
    new = diff + (1 if colour is Colour.WHITE else -1)
    if abs(new) >= 3 and abs(new) > abs(diff):
        return False
    return not (len(colours) >= 2 and colours[-1] is colour and colours[-2] is colour)


@dataclass(slots=True)
class GroupRecord:
    """What happened in one scoregroup, for the explanation and for cracking (art. 2.6)."""

    score: int
    direction: str
    residents: list[int]
    incoming: list[int]
    pairs: list[tuple[int, int]] = field(default_factory=list)
    floaters: list[tuple[int, str]] = field(default_factory=list)
    """Outgoing floaters with the article that floated them."""
    notes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class LimResult:
    """The engine's raw answer: pairs (with the score of the group that made each), PAB."""

    pairs: list[tuple[int, int, int]]
    """``(a, b, group_score)``; colours are decided afterwards (art. 5)."""
    bye: int | None
    groups: list[GroupRecord]
    notes: list[str]
    infos: dict[int, Info]
    median: int
    boards: list[tuple[int, int]] = field(default_factory=list)
    """``(white, black)`` per pair, in the order of ``pairs``."""


class LimRound:
    """One round of the Lim system: compatibility, groups, floaters, exchanges, colours."""

    def __init__(self, t: Tournament, round_number: int, options: LimOptions) -> None:
        self.t = t
        self.round = round_number
        self.options = options
        states = build_states(t, round_number)
        self.states: dict[int, PlayerState] = states
        self.last_round = t.total_rounds > 0 and round_number >= t.total_rounds
        floated = _floated_previous_round(t, round_number)
        self.info: dict[int, Info] = {}
        for tpn, st in states.items():
            if not st.available:
                continue
            self.info[tpn] = Info(
                tpn=tpn,
                score=st.pairing_score,
                rating=st.rating,
                colours=st.colours,
                diff=st.colour_difference,
                opponents=st.opponents,
                had_bye=bye_blocked(t, tpn, round_number, options.edition, st),
                floated_last=tpn in floated,
                may_white=_may_have(st.colours, st.colour_difference, Colour.WHITE),
                may_black=_may_have(st.colours, st.colour_difference, Colour.BLACK),
            )
        # Art. 2.2: the median is half of the points the rounds played could give.
        self.median = (round_number - 1) * t.scoring.win // 2
        self.forbidden = t.forbidden_pairs
        self._compat: dict[tuple[int, int], bool] = {}

    # ------------------------------------------------------------- art. 2.1, 6

    def compatible(self, a: int, b: int) -> bool:
        """Art. 2.1: not met before, and some colours keep both within art. 5.1.1/5.1.2.

        Art. 6 (D-LIM-1): in the last round the colour part is dropped for two players with
        the same score. Unplayed games may be repeated (C.04.2 art. 3.5).
        """
        key = (a, b) if a < b else (b, a)
        got = self._compat.get(key)
        if got is not None:
            return got
        x, y = self.info[a], self.info[b]
        ok = a != b and b not in x.opponents and frozenset(key) not in self.forbidden
        if ok and not (self.last_round and x.score == y.score):
            ok = (x.may_white and y.may_black) or (x.may_black and y.may_white)
        self._compat[key] = ok
        return ok

    def adjacency(self, members: Sequence[int]) -> list[list[int]]:
        """Local compatibility graph of ``members`` (indices into the sequence)."""
        n = len(members)
        rows: list[list[int]] = [[] for _ in range(n)]
        compatible = self.compatible
        for i in range(n):
            a = members[i]
            row = rows[i]
            for j in range(i + 1, n):
                if compatible(a, members[j]):
                    row.append(j)
                    rows[j].append(i)
        return rows

    # ------------------------------------------------------------------ art. 1

    def choose_bye(self) -> int | None:
        """Art. 1.1 (D-LIM-2): the lowest ranked player of the lowest scoregroup.

        Basic Rule 4 (C.04.1 art. 4): never a player who already had a PAB or an unplayed
        win. A player whose removal leaves the others without a complete pairing is skipped
        (C.04.1 art. 3: the pairing must be complete); if everybody is, the first eligible.
        """
        players = sorted(self.info)
        if len(players) % 2 == 0:
            return None
        order = sorted(
            (p for p in players if not self.info[p].had_bye),
            key=lambda p: (self.info[p].score, -p),
        )
        if not order:
            raise NoValidPairing(
                said(
                    "an odd number of players and every one of them already had a "
                    "pairing-allocated bye or an unplayed win (C.04.1 art. 4)"
                )
            )
        if self.round == 1:
            return order[0]
        index = {p: i for i, p in enumerate(players)}
        matcher = CardinalityMatcher(self.adjacency(players))
        target = (len(players) - 1) // 2
        for p in order:
            i = index[p]
            matcher.remove_and_repair(i)
            good = matcher.size == target
            matcher.restore(i)
            if good:
                return p
        return order[0]

    # ------------------------------------------------------------------ art. 7

    def round_one(self, bye: int | None) -> list[tuple[int, int, int]]:
        """Art. 7.2: the top half meets the bottom half in pairing-list order (D-LIM-10)."""
        listed = sorted(p for p in self.info if p != bye)
        half = len(listed) // 2
        return [(listed[i], listed[half + i], 0) for i in range(half)]

    def round_one_is_legal(self, pairs: list[tuple[int, int, int]]) -> bool:
        """Art. 7.2 can only be spoilt by a pair the arbiter prohibited (C.04.1 art. 2)."""
        return all(self.compatible(a, b) for a, b, _ in pairs)

    def round_one_colours(self, pairs: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
        """Art. 7.2: odd positions of the top half get the colour drawn for #1."""
        out = []
        for i, (a, b, _) in enumerate(pairs):
            colour = self.t.initial_colour if i % 2 == 0 else self.t.initial_colour.opposite
            out.append((a, b) if colour is Colour.WHITE else (b, a))
        return out


def bye_blocked(
    t: Tournament, tpn: int, round_number: int, edition: str, state: PlayerState
) -> bool:
    """Who may not receive the pairing-allocated bye.

    2026 and 1999 (art. 1.1 refers to the Basic Rules, C.04.1 art. 4 / C.04.1.c): a
    player who already had a PAB or scored a win's points in a round without playing.
    2003 handbook art. 8.2: "A player may receive the Bye only once. A player who has won
    a point by default may not be awarded a Bye subsequently" - a PAB or a forfeit win; a
    requested full-point bye does not count.
    """
    if edition != "2003":
        return state.had_bye_or_unplayed_win
    player = t.player(tpn)
    for r in range(1, round_number):
        e = player.entry(r)
        if e is not None and e.result in (
            ResultCode.PAIRING_ALLOCATED_BYE,
            ResultCode.FORFEIT_WIN,
        ):
            return True
    return False


def _floated_previous_round(t: Tournament, round_number: int) -> set[int]:
    """Art. 3.10 (D-LIM-9): met an opponent of another score in the previous round."""
    prev = round_number - 1
    if prev < 1:
        return set()
    scores = scores_after_each_round(t, prev)
    out: set[int] = set()
    for p in t.players:
        e = p.entry(prev)
        if e is None or e.opponent is None or e.opponent not in scores:
            continue
        mine = scores[p.tpn][prev - 1] + t.acceleration_for(p.tpn, prev)
        theirs = scores[e.opponent][prev - 1] + t.acceleration_for(e.opponent, prev)
        if mine != theirs:
            out.add(p.tpn)
    return out


def exchange_order(ordered: Sequence[int]) -> list[int]:
    """Art. 4.2/4.3 (D-LIM-12): the opponents the first player of ``ordered`` tries, in turn.

    ``ordered`` is the scoregroup in scrutiny order (art. 4.1). The first player tries the
    bottom half in order (the proposed opponent of art. 2.4 first), then the top half
    upwards: 1 v 4, 5, 6, 3, 2 for six players.
    """
    m = len(ordered)
    half = m // 2
    return [*ordered[half:], *reversed(ordered[1:half])]


def scrutiny_key(direction: str) -> Callable[[int], int]:
    """Art. 4.1.1/4.1.2: downward from #1 (smallest TPN), upward from the lowest numbered."""
    return (lambda p: p) if direction == DOWN else (lambda p: -p)


def _type_rank(incoming: bool, compatible_adjacent: bool) -> int:
    """Art. 3.9.1/3.9.2: floater types d (0, preferred) < c < b < a (3, avoided most)."""
    if incoming:
        return 2 if compatible_adjacent else 3
    return 0 if compatible_adjacent else 1


class GroupPairer:
    """Pairs one scoregroup (art. 2.3-2.5, 3, 4, 5.2) and reports its floaters."""

    def __init__(
        self,
        rnd: LimRound,
        score: int,
        direction: str,
        residents: Sequence[int],
        down_in: Sequence[int],
        up_in: Sequence[int],
        adjacent: Sequence[int],
        is_median: bool,
    ) -> None:
        self.rnd = rnd
        self.direction = direction
        self.is_median = is_median
        self.adjacent = list(adjacent)
        self.down_in = list(down_in)
        self.up_in = list(up_in)
        self.key = scrutiny_key(direction)
        self.rec = GroupRecord(score, direction, sorted(residents), [*down_in, *up_in])
        self.members = sorted({*residents, *down_in, *up_in}, key=self.key)
        self.blocked = False

    # ------------------------------------------------------------------ steps

    def run(self) -> GroupRecord:
        """Art. 2.3 transfers, incoming floaters first (3.6-3.8), parity floater (2.3.4,
        3.2-3.4, 3.9, 3.10), then the exchanges of art. 4 with the colour scrutiny of 5.2."""
        rnd = self.rnd
        members = self.transfer_unpairable(self.members)
        if self.blocked:
            return self.rec
        self.local = {p: i for i, p in enumerate(members)}
        self.order = members
        self.matcher = CardinalityMatcher(rnd.adjacency(members))
        self.pair_incoming()
        if self.blocked:
            return self.rec
        parity = None
        if len(self.alive()) % 2 == 1:
            if self.is_median:
                self.block(said("an odd number of players is left in the median scoregroup"))
                return self.rec
            parity = self.parity_floater()
        self.exchanges(parity)
        return self.rec

    def alive(self) -> list[int]:
        """Players of the group not yet paired nor floated, in scrutiny order."""
        blocked = self.matcher.blocked
        return [p for p in self.order if not blocked[self.local[p]]]

    def block(self, why: str) -> None:
        """Art. 2.6: the median scoregroup cannot be paired."""
        self.blocked = True
        self.rec.notes.append(why)

    def float_out(self, p: int, article: str) -> None:
        """Art. 3.1/3.2.1: ``p`` is transferred to the next scoregroup in pairing order."""
        self.rec.floaters.append((p, article))
        self.rec.notes.append(
            said("{player} floats (art. {article})", player=str(p), article=article)
        )

    def transfer_unpairable(self, members: list[int]) -> list[int]:
        """Art. 2.3.1-2.3.3: players without a compatible opponent in the group float."""
        rnd = self.rnd
        remaining = list(members)
        changed = True
        while changed:
            changed = False
            for p in list(remaining):
                if any(q != p and rnd.compatible(p, q) for q in remaining):
                    continue
                info = rnd.info[p]
                if len(remaining) == 1:
                    article = "2.3.4"
                elif all(q == p or q in info.opponents for q in remaining):
                    article = "2.3.1"
                elif abs(info.diff) >= 2:
                    article = "2.3.2"
                elif len(info.colours) >= 2 and info.colours[-1] is info.colours[-2]:
                    article = "2.3.3"
                else:
                    article = "2.1"
                if self.is_median:
                    self.block(
                        said(
                            "player {player} has no compatible opponent in it (art. {article})",
                            player=str(p),
                            article=article,
                        )
                    )
                    return remaining
                remaining.remove(p)
                self.float_out(p, article)
                changed = True
        return remaining

    def _opposite_due(self, a: int, b: int) -> bool:
        """Art. 3.8: ``b`` is due the colour ``a`` is not due."""
        da, db = self.rnd.info[a].due, self.rnd.info[b].due
        return da is not None and db is not None and da is not db

    def pair_incoming(self) -> None:
        """Art. 3.6-3.8 (D-LIM-5): incoming floaters are paired first.

        Downward and in the median: downfloaters by score (highest first) then TPN, then
        upfloaters (3.6, 3.6.3); upward: upfloaters by score (lowest first) then the lowest
        numbered, then downfloaters (3.7, 3.7.3). Each takes the first opponent due the
        alternate colour (3.8), else the first compatible one, among the choices that keep
        the most pairings for the rest (art. 4.4). The opponents are looked at in the
        order "the players of the scoregroup" (its residents, in scrutiny order), then the
        other incoming floaters: a floater is transferred *to* the scoregroup, and 3.8 pairs
        it with a player of it. This is how the reference cases read 3.8 (a downfloater
        takes a resident due the alternate colour before an upfloater who is too; with no
        such resident, the upfloater before a resident due the same colour).
        """
        rnd = self.rnd
        info = rnd.info
        dfs = sorted(self.down_in, key=lambda p: (-info[p].score, p))
        ufs = sorted(self.up_in, key=lambda p: (info[p].score, -p))
        order = [*dfs, *ufs] if self.direction == DOWN else [*ufs, *dfs]
        matcher, local = self.matcher, self.local
        incoming = set(order)
        for f in order:
            if f not in local or matcher.blocked[local[f]]:
                continue
            alive = self.alive()
            chosen = self._floater_opponent(
                f, [c for c in alive if c not in incoming] + [c for c in alive if c in incoming]
            )
            if chosen is None:
                if self.is_median:
                    self.block(
                        said(
                            "floater {player} has no compatible opponent left in it", player=str(f)
                        )
                    )
                    return
                matcher.remove_and_repair(local[f])
                self.float_out(f, "3.5")
                continue
            matcher.keeps_maximum(local[f], local[chosen])
            self.rec.pairs.append((f, chosen))

    def _floater_opponent(self, f: int, candidates: list[int]) -> int | None:
        """Art. 3.8: the first of ``candidates`` (scrutiny order) due the alternate colour,
        else the first, among those that keep the most pairings (art. 4.4); in
        Maxi-tournaments the colour exchange only within 100 rating points."""
        rnd, info, local = self.rnd, self.rnd.info, self.local
        first: int | None = None
        for c in candidates:
            if c == f or not rnd.compatible(f, c):
                continue
            if not self.matcher.can_keep(local[f], local[c]):
                continue
            if first is None:
                first = c
            if self._opposite_due(f, c):
                if rnd.options.maxi and abs(info[c].rating - info[first].rating) > MAXI_LIMIT:
                    continue
                return c
        return first

    def parity_floater(self) -> int:
        """Art. 2.3.4 with 3.2-3.4, 3.9, 3.10 (D-LIM-3): who floats to make the group even.

        In order: the most pairings left (3.10.2), type d > c > b > a (3.9), not floated in
        the previous round (3.10), the due colours of the rest most nearly equal (3.2.2),
        the lowest numbered when pairing downward, the highest upward (3.2.4, 3.3, 3.4).
        Maxi-tournaments (3.2.3): more than 100 points from that player and he floats.
        """
        rnd = self.rnd
        info = rnd.info
        alive = self.alive()
        missable = self.matcher.missable()
        pool = [p for p in alive if self.local[p] in missable] or alive
        incoming = {*self.down_in, *self.up_in}
        due_w = sum(1 for p in alive if info[p].due is Colour.WHITE)
        due_b = sum(1 for p in alive if info[p].due is Colour.BLACK)

        def balance(p: int) -> int:
            d = info[p].due
            return abs((due_w - (d is Colour.WHITE)) - (due_b - (d is Colour.BLACK)))

        def kind(p: int) -> tuple[int, int]:
            compat = any(rnd.compatible(p, q) for q in self.adjacent if q != p)
            return _type_rank(p in incoming, compat), int(info[p].floated_last)

        kinds = {p: kind(p) for p in pool}
        best = min(kinds.values())
        pool = [p for p in pool if kinds[p] == best]
        lowest = max(pool, key=self.key)
        chosen = min(pool, key=lambda p: (balance(p), -self.key(p)))
        why: str = ""
        if rnd.options.maxi and abs(info[chosen].rating - info[lowest].rating) > MAXI_LIMIT:
            why = said(
                "; {player} is more than 100 points from {lowest} (Maxi, art. 3.2.3)",
                player=str(chosen),
                lowest=lowest,
            )
            chosen = lowest
        self.matcher.remove_and_repair(self.local[chosen])
        self.float_out(chosen, "2.3.4")
        type_name = "dcba"[best[0]]
        if len(alive) == 1:
            self.rec.notes.append(
                said(
                    "parity floater {player}: the only player left (2.3.4)", player=str(chosen)
                )
            )
            return chosen
        self.rec.notes.append(
            _parity_note(chosen, type_name, bool(best[1]), balance(chosen), self.direction, why)
        )
        return chosen

    def exchanges(self, parity: int | None) -> None:
        """Art. 4.1-4.4 (D-LIM-12) with the colour scrutiny of art. 5.2 (D-LIM-6).

        A complete pairing of the rest exists: the first, in the exchange order, of those
        with the fewest pairs of players due the same colour. Otherwise the first player in
        scrutiny order takes his first opponent that keeps the most pairings; with none he
        floats (4.4), the parity floater coming back in his place (4.4.1) or, if the group
        was even, the lowest numbered player floating with him (4.4.2).
        """
        matcher, local = self.matcher, self.local
        returned = False
        while True:
            rest = self.alive()
            if not rest:
                return
            if matcher.is_perfect():
                self.rec.pairs.extend(self.colour_scrutiny(rest))
                for p in rest:
                    matcher.remove(local[p])
                return
            p = rest[0]
            chosen = None
            for c in exchange_order(rest):
                if self.rnd.compatible(p, c) and matcher.keeps_maximum(local[p], local[c]):
                    chosen = c
                    break
            if chosen is not None:
                self.rec.pairs.append((p, chosen))
                continue
            if self.is_median:
                self.block(
                    said(
                        "player {player} has no compatible opponent left in it", player=str(p)
                    )
                )
                return
            matcher.remove_and_repair(local[p])
            self.float_out(p, "4.4")
            if parity is not None and not returned:
                returned = True
                self.rec.floaters = [f for f in self.rec.floaters if f[0] != parity]
                matcher.restore(local[parity])
                self.rec.notes.append(
                    said(
                        "{back} comes back and {player} floats in his place (art. 4.4.1)",
                        back=parity,
                        player=str(p),
                    )
                )
            else:
                others = self.alive()
                if others:
                    last = others[-1]
                    matcher.remove_and_repair(local[last])
                    self.float_out(last, "4.4.2")

    def colour_scrutiny(self, rest: list[int]) -> list[tuple[int, int]]:
        """Art. 4 + 5.2 on a group that can be paired completely; see :func:`colour_scrutiny`."""
        rnd = self.rnd
        info = rnd.info

        def same_due(a: int, b: int) -> bool:
            da = info[a].due
            return da is not None and da is info[b].due

        ratings = {p: info[p].rating for p in rest} if rnd.options.maxi else None
        return colour_scrutiny(rest, rnd.compatible, same_due, ratings)


def _crack_lower(rec: GroupRecord, info: dict[int, Info]) -> tuple[int, int]:
    """Art. 2.6.1 (D-LIM-11): the pair nearest the median: highest score, smallest TPN."""
    return max(
        rec.pairs,
        key=lambda pr: max((info[pr[0]].score, -pr[0]), (info[pr[1]].score, -pr[1])),
    )


def _crack_higher(rec: GroupRecord, info: dict[int, Info]) -> tuple[int, int]:
    """Art. 2.6.2 (D-LIM-11): the pair nearest the median: lowest score, largest TPN."""
    return min(
        rec.pairs,
        key=lambda pr: min((info[pr[0]].score, -pr[0]), (info[pr[1]].score, -pr[1])),
    )


def pair_lim(t: Tournament, round_number: int, options: LimOptions) -> LimResult:
    """Pair ``round_number`` by the Lim system: PAB (art. 1), round one (art. 7), groups in
    the order of art. 2.2 / 8.3, the blocked median (art. 2.6), colours (art. 5)."""
    rnd = LimRound(t, round_number, options)
    info = rnd.info
    bye = rnd.choose_bye()
    notes: list[str] = []
    if bye is not None:
        notes.append(
            said(
                "Pairing-allocated bye: {player}, the lowest ranked player of the lowest "
                "scoregroup who may receive it (art. 1.1, C.04.1 art. 4)",
                player=str(bye),
            )
        )
    if round_number == 1:
        pairs = rnd.round_one(bye)
        notes.append(
            said("Round one: top half against bottom half, colours by lot (art. 7.2)")
        )
        if rnd.round_one_is_legal(pairs):
            result = LimResult(pairs, bye, [], notes, info, rnd.median)
            result.boards = rnd.round_one_colours(pairs)
            return result
        notes.append(
            said(
                "A prohibited pair spoils art. 7.2: the pairing keeping most of its pairs is "
                "given instead (the text has no rule for this); the arbiter should review it."
            )
        )
        record = GroupRecord(0, DOWN, sorted(info), [], pairs=[(a, b) for a, b, _ in pairs])
        kept = _stuck_fallback(rnd, [record], bye)
        return _with_colours(rnd, LimResult(kept, bye, [record], notes, info, rnd.median))
    groups: dict[int, list[int]] = {}
    for p in sorted(info):
        if p != bye:
            groups.setdefault(info[p].score, []).append(p)
    median = rnd.median
    upper = sorted((s for s in groups if s > median), reverse=True)
    lower = sorted(s for s in groups if s < median)
    records: list[GroupRecord] = []
    upper_recs: list[GroupRecord] = []
    lower_recs: list[GroupRecord] = []
    carried: list[int] = []
    for k, s in enumerate(upper):
        adjacent = groups[upper[k + 1]] if k + 1 < len(upper) else groups.get(median, [])
        rec = GroupPairer(rnd, s, DOWN, groups[s], carried, [], adjacent, False).run()
        records.append(rec)
        upper_recs.append(rec)
        carried = [f for f, _ in rec.floaters]
    down_floaters = carried
    carried = []
    for k, s in enumerate(lower):
        adjacent = groups[lower[k + 1]] if k + 1 < len(lower) else groups.get(median, [])
        rec = GroupPairer(rnd, s, UP, groups[s], [], carried, adjacent, False).run()
        records.append(rec)
        lower_recs.append(rec)
        carried = [f for f, _ in rec.floaters]
    up_floaters = carried
    residents = groups.get(median, [])
    cracked_down: list[int] = []
    cracked_up: list[int] = []
    while True:
        pairer = GroupPairer(
            rnd,
            median,
            DOWN,
            residents,
            [*down_floaters, *cracked_down],
            [*up_floaters, *cracked_up],
            [],
            True,
        )
        rec = pairer.run()
        if not pairer.blocked:
            records.append(rec)
            break
        n_down = len(down_floaters) + len(cracked_down)
        n_up = len(up_floaters) + len(cracked_up)
        lower_left = [r for r in reversed(lower_recs) if r.pairs]
        upper_left = [r for r in reversed(upper_recs) if r.pairs]
        side = "lower" if n_down > n_up else "higher"
        if side == "lower" and not lower_left and upper_left:
            side = "higher"
            notes.append(
                said(
                    "art. 2.6.1 asks to crack a lower pairing but none is left: "
                    "a higher one is cracked instead"
                )
            )
        elif side == "higher" and not upper_left and lower_left:
            side = "lower"
            notes.append(
                said(
                    "art. 2.6.2 asks to crack a higher pairing but none is left: "
                    "a lower one is cracked instead"
                )
            )
        if side == "lower" and lower_left:
            target = lower_left[0]
            pair = _crack_lower(target, info)
            target.pairs.remove(pair)
            cracked_up.extend(pair)
            target.notes.append(_cracked_note(pair, "2.6.1"))
            notes.append(_blocked_note(rec.notes, n_down, n_up, pair, target.score, "2.6.1"))
        elif side == "higher" and upper_left:
            target = upper_left[0]
            pair = _crack_higher(target, info)
            target.pairs.remove(pair)
            cracked_down.extend(pair)
            target.notes.append(_cracked_note(pair, "2.6.2"))
            notes.append(_blocked_note(rec.notes, n_down, n_up, pair, target.score, "2.6.2"))
        else:
            records.append(rec)
            notes.append(
                said(
                    "The median scoregroup is still blocked and no pairing is left to crack: "
                    "art. 2.6 cannot decide. A complete pairing breaking no absolute criterion "
                    "(art. 2.1, C.04.1 art. 2-4) that keeps as many of the pairings made so far "
                    "as possible is given instead; the arbiter should review it."
                )
            )
            pairs = _stuck_fallback(rnd, records, bye)
            return _with_colours(rnd, LimResult(pairs, bye, records, notes, info, median))
    pairs = [(a, b, r.score) for r in records for a, b in r.pairs]
    return _with_colours(rnd, LimResult(pairs, bye, records, notes, info, median))


def _with_colours(rnd: LimRound, result: LimResult) -> LimResult:
    """Art. 5: the colours of every pair."""
    result.boards = [allocate_colours(rnd, a, b, s) for a, b, s in result.pairs]
    return result


def _pts(score: int) -> str:
    """Half-points as the arbiter reads them (``3.5``) for the explanation."""
    return f"{score // 2}{'.5' if score % 2 else ''}"


def _stuck_fallback(
    rnd: LimRound, records: list[GroupRecord], bye: int | None
) -> list[tuple[int, int, int]]:
    """Art. 2.6 exhausted: a complete pairing of everybody that keeps the most pairs made.

    Not a rule of the text (it has none for this case): a maximum-weight matching where a
    compatible pair (art. 2.1) is worth a unit of completeness, and a pair already made by
    the procedure a smaller bonus, so no absolute criterion is broken.
    """
    players = sorted(p for p in rnd.info if p != bye)
    n = len(players)
    made = {frozenset(pr): r.score for r in records for pr in r.pairs}
    mc = MatchingComputer(n)
    big = 2 * n + 2
    for i in range(n):
        for j in range(i + 1, n):
            a, b = players[i], players[j]
            if rnd.compatible(a, b):
                mc.set_weight(i, j, big + (1 if frozenset((a, b)) in made else 0))
    mates = mc.mates()
    out: list[tuple[int, int, int]] = []
    for i, m in enumerate(mates):
        if m == i:
            raise NoValidPairing(
                said("no complete pairing satisfies art. 2.1 (compatibility) for every player")
            )
        if m > i:
            a, b = players[i], players[m]
            out.append((a, b, made.get(frozenset((a, b)), rnd.median)))
    return out


def allocate_colours(rnd: LimRound, a: int, b: int, group_score: int) -> tuple[int, int]:
    """Art. 5 (D-LIM-7, D-LIM-8): ``(white, black)`` for the pair ``a``-``b``.

    5.1.1/5.1.2/5.3 first (a colour that would break them is never given when the other
    assignment keeps both players within them); then both due colours granted when they
    differ (5.2, 5.5, 5.6); the same due colour: the latest round where the histories
    differ decides, each player alternating from it (5.4); identical histories: the higher
    ranked gets his due colour at or above the median, the lower ranked below it (5.4).
    Two players without a played game: the higher ranked gets the colour drawn for round
    one (D-LIM-7).
    """
    info = rnd.info
    x, y = info[a], info[b]

    def gets(player: int, colour: Colour) -> tuple[int, int]:
        other = b if player == a else a
        return (player, other) if colour is Colour.WHITE else (other, player)

    a_white = x.may_white and y.may_black
    a_black = x.may_black and y.may_white
    if a_white != a_black:
        return (a, b) if a_white else (b, a)
    higher, lower = (a, b) if (x.score, -a) > (y.score, -b) else (b, a)
    dx, dy = x.due, y.due
    if dx is None and dy is None:
        return gets(higher, rnd.t.initial_colour)
    if dx is None:
        assert dy is not None
        return gets(b, dy)
    if dy is None or dx is not dy:
        return gets(a, dx)
    for cx, cy in zip(reversed(x.colours), reversed(y.colours), strict=False):
        if cx is not cy:
            return gets(a, cx.opposite)
    chosen = higher if group_score >= rnd.median else lower
    return gets(chosen, dx)


def colour_scrutiny(
    rest: Sequence[int],
    compatible: Callable[[int, int], bool],
    same_due: Callable[[int, int], bool],
    maxi_ratings: dict[int, int] | None = None,
) -> list[tuple[int, int]]:
    """Art. 4 exchanges + art. 5.2 second scrutiny (D-LIM-6, D-LIM-12).

    ``rest`` (in scrutiny order, art. 4.1) can be paired completely. Among its complete
    pairings: the fewest pairs whose players are due the same colour (5.2), and among those
    the first in the exchange order of art. 4.2/4.3: player by player in scrutiny order,
    each takes the first opponent of :func:`exchange_order` that a best completion allows.
    Exact for any size: a maximum-weight matching with integer fields (completeness, then
    colours, then the current player's rank in the exchange order) decides each choice.
    ``maxi_ratings`` (Maxi-tournaments, art. 5.7): an exchange for colour to an opponent
    more than 100 points away from the first compatible one is not made.
    """
    n = len(rest)
    idx = {p: i for i, p in enumerate(rest)}
    half = n // 2
    # Weight fields, most significant first: a pair (completeness), different due colours
    # (5.2), the current player's rank in the exchange order (set per step), and a hint
    # for the proposed pairings of art. 2.4 (it only makes the first matching agree with
    # the proposal where the colours allow, so that most steps need no recomputation).
    hint_unit = 1
    rank_unit = half + 1
    conf_unit = (n + 1) * rank_unit + 1
    big = (half + 1) * (conf_unit + (n + 1) * rank_unit + 1)
    mc = MatchingComputer(n)
    base: dict[tuple[int, int], int] = {}
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for i, a in enumerate(rest):
        for j in range(i + 1, n):
            b = rest[j]
            if not compatible(a, b):
                continue
            w = big + (0 if same_due(a, b) else conf_unit)
            base[(i, j)] = w
            if i < half and j == i + half:
                w += hint_unit
            mc.set_weight(i, j, w)
            adjacency[i].append(j)
            adjacency[j].append(i)
    plain = CardinalityMatcher(adjacency) if maxi_ratings is not None else None
    remaining = list(rest)
    pairs: list[tuple[int, int]] = []
    hinted = {(i, i + half) for i in range(half) if (i, i + half) in base}

    def rehint() -> None:
        """The hint follows the proposal of art. 2.4 for the players still to be paired."""
        left = set(remaining)
        m = len(remaining) // 2
        keys = [(idx[remaining[k]], idx[remaining[m + k]]) for k in range(m)]
        new = {(a, b) if a < b else (b, a) for a, b in keys}
        new &= base.keys()
        for key in hinted - new:
            if rest[key[0]] in left and rest[key[1]] in left:
                mc.set_weight(key[0], key[1], base[key])
        for key in new - hinted:
            mc.set_weight(key[0], key[1], base[key] + hint_unit)
        hinted.clear()
        hinted.update(new)

    while remaining:
        p = remaining[0]
        order = [c for c in exchange_order(remaining) if compatible(p, c)]
        i = idx[p]
        mates = mc.mates()
        if rest[mates[i]] != order[0]:
            for k, c in enumerate(order):
                j = idx[c]
                key = (i, j) if i < j else (j, i)
                mc.set_weight(i, j, base[key] + rank_unit * (n - k))
            mates = mc.mates()
        if mates[i] == i:
            raise NoValidPairing(said("the scoregroup cannot be paired completely"))
        c = rest[mates[i]]
        if plain is not None and maxi_ratings is not None:
            first = next(q for q in order if plain.can_keep(idx[p], idx[q]))
            if c != first and abs(maxi_ratings[c] - maxi_ratings[first]) > MAXI_LIMIT:
                c = first
            plain.keeps_maximum(idx[p], idx[c])
        deviated = c != remaining[len(remaining) // 2]
        mc.isolate_edge(i, idx[c])
        pairs.append((p, c))
        remaining.remove(p)
        remaining.remove(c)
        if deviated:
            rehint()
    return pairs


def _cracked_note(pair: tuple[int, int], article: str) -> str:
    """The note of the scoregroup whose pairing was cracked (art. 2.6.1 or 2.6.2)."""
    cracked = "-".join(map(str, pair))
    return said(
        "pairing {pair} cracked for the median (art. {article})", pair=cracked, article=article
    )


def _blocked_note(
    why: list[str], n_down: int, n_up: int, pair: tuple[int, int], score: int, article: str
) -> str:
    """Why the median was blocked and which pairing was cracked for it (art. 2.6)."""
    cracked = "-".join(map(str, pair))
    return said(
        "Median blocked ({why}): floaters from above {down}, from below {up}; pairing {pair} "
        "of scoregroup {score} cracked (art. {article})",
        why=tuple(why),
        down=n_down,
        up=n_up,
        pair=cracked,
        score=_pts(score),
        article=article,
    )


def _parity_note(
    chosen: int, type_name: str, floated: bool, balance: int, direction: str, why: str
) -> str:
    """Why ``chosen`` is the parity floater (art. 2.3.4, 3.9, 3.10, 3.2.2, 3.2.4): whole
    sentences for a floater of last round or not, the lowest or the highest numbered."""
    fields: dict[str, Any] = {
        "player": str(chosen),
        "type": type_name,
        "count": balance,
        "maxi": why,
    }
    if floated and direction == DOWN:
        return said(
            "parity floater {player}: keeps the most pairings (3.10.2), type {type} (3.9), "
            "floated last round (3.10), leaves {count} more players due one colour than the "
            "other (3.2.2), lowest numbered of those (3.2.4){maxi}",
            **fields,
        )
    if floated:
        return said(
            "parity floater {player}: keeps the most pairings (3.10.2), type {type} (3.9), "
            "floated last round (3.10), leaves {count} more players due one colour than the "
            "other (3.2.2), highest numbered of those (3.2.4){maxi}",
            **fields,
        )
    if direction == DOWN:
        return said(
            "parity floater {player}: keeps the most pairings (3.10.2), type {type} (3.9), "
            "leaves {count} more players due one colour than the other (3.2.2), lowest "
            "numbered of those (3.2.4){maxi}",
            **fields,
        )
    return said(
        "parity floater {player}: keeps the most pairings (3.10.2), type {type} (3.9), "
        "leaves {count} more players due one colour than the other (3.2.2), highest "
        "numbered of those (3.2.4){maxi}",
        **fields,
    )
