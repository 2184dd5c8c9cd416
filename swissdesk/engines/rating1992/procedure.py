"""The pairing procedure C1-C14 of the 1992 text, bracket by bracket.

Each score bracket runs as a generator (:func:`homogeneous_steps`, :func:`heterogeneous_steps`)
that yields every pairing C6 accepts, in the order the procedure reaches them; resuming the
generator is "C6 rejected it, go on". That is what C12 and C13 need: they resume the previous
bracket's procedure (:class:`Replay` keeps what it already yielded). The markers
:data:`AT_C12` are yielded where the procedure reaches C12/C13; the driver
(:func:`pair_brackets`) acts on them. The readings are in the package docstring.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain

from swissdesk.engines.matching.computer import MatchingComputer
from swissdesk.engines.rating1992.orders import INF, AssignmentSearch, exchanges
from swissdesk.engines.rating1992.players import B, Player92, W
from swissdesk.i18n import said

B6D, B5D, B6U, B5U = "B6 (downfloats)", "B5 (downfloats)", "B6 (upfloats)", "B5 (upfloats)"
_RULES = {
    B6D: said("B6 (downfloats)"),
    B5D: said("B5 (downfloats)"),
    B6U: said("B6 (upfloats)"),
    B5U: said("B5 (upfloats)"),
}
"""The relative criteria C9 and C10 drop, named for the explanation in the reader's language."""


def _dropped(criterion: str, rule: str) -> str:
    """``C9: B6 (downfloats) dropped`` (C9, C10)."""
    return said(
        "{criterion}: {rule} dropped", _indent="  ", criterion=criterion, rule=_RULES[rule]
    )


def _whole_bracket(players: str) -> str:
    return said(
        "C14: p = 0, the whole bracket {players} is moved down", _indent="  ", players=players
    )


def _transposed(players: str) -> str:
    return said("C7: S2 transposed (D1): {players}", _indent="  ", players=players)


class GaveUp(Exception):
    """The procedure as read finds no pairing (the message names the bracket)."""


@dataclass(frozen=True)
class Result:
    """A pairing C6 accepted: pairs (higher player first), players left unpaired, and the
    C14 level ``(p decrease of the bracket, p decrease of its remainder)`` it was found at."""

    pairs: tuple[tuple[Player92, Player92], ...]
    left: tuple[Player92, ...]
    level: tuple[int, int]


@dataclass(frozen=True)
class Marker:
    """The procedure reached C12/C13 (``het``: C12 applies, heterogeneous part)."""

    het: bool


Event = Result | Marker
AT_C12 = Marker


SplitKey = tuple[tuple[int, ...], tuple[int, ...], frozenset[str], bool, frozenset[int]]
GroupKey = tuple[tuple[int, ...], frozenset[str], bool, frozenset[int]]
RemainderKey = tuple[frozenset[int], frozenset[str], int, int, bool, frozenset[int]]


@dataclass
class Caches:
    """What one round's procedure learns about S1/S2 splits (independent of x).

    ``split_costs``: a lower bound of the B4 conflicts of any compliant assignment of a
    split (``INF``: none); ``group_costs``: the same for a whole group, any split.
    """

    split_costs: dict[SplitKey, int] = field(default_factory=dict)
    group_costs: dict[GroupKey, int] = field(default_factory=dict)
    failed_remainders: set[RemainderKey] = field(default_factory=set)
    """Remainder runs known to find nothing (C10, C11 and the trials repeat them)."""


@dataclass
class BracketState:
    """What a bracket's procedure keeps across its restarts (D-R92-13)."""

    dropped: set[str] = field(default_factory=set)
    p_dec: int = 0
    rem_p_dec: int = 0
    rem_floor: int = 0
    log: list[str] = field(default_factory=list)
    caches: Caches = field(default_factory=lambda: Caches())
    """Shared by all brackets and trials of one round (see :class:`Caches`)."""
    skip_left: set[frozenset[int]] = field(default_factory=set)
    """Sets of leftovers a C12/C13 scan of this bracket has already tried: pairings moving
    exactly these players down are not generated again (they would be rejected)."""
    no_c14: bool = False
    """The test of C12 runs the bracket without its C14 (lifted once the test passed)."""
    steps: list[str] = field(default_factory=list)
    """The steps beyond C6 the bracket needed (for the explanation)."""

    def note(self, step: str, text: str) -> None:
        """Log ``text`` (once in a row) and remember that ``step`` was needed."""
        if step and step not in self.steps:
            self.steps.append(step)
        if not self.log or self.log[-1] != text:
            self.log.append(text)


def label(players: list[Player92] | tuple[Player92, ...]) -> str:
    return "[" + " ".join(str(p.tpn) for p in players) + "]"


def a8_x(group: list[Player92]) -> int:
    """A8: x = b - q if b > w else w - q (q = half the players rounded up); never below 0."""
    w = sum(1 for p in group if p.pref is W)
    b = sum(1 for p in group if p.pref is B)
    q = (len(group) + 1) // 2
    return max(0, b - q if b > w else w - q)


def meets_b1_b2(a: Player92, b: Player92) -> bool:
    """B1a (no second game) and B2 (some colour allocation keeps both within B2)."""
    known = a.compatible.get(b.tpn)
    if known is not None:
        return known
    if b.tpn in a.opponents or a.tpn in b.opponents:
        result = False
    else:
        result = (a.may_white and b.may_black) or (a.may_black and b.may_white)
    a.compatible[b.tpn] = result
    b.compatible[a.tpn] = result
    return result


def upfloat_ok(p: Player92, dropped: set[str]) -> bool:
    """B5/B6 for an upfloat (not for an exempt player, note to B)."""
    if p.exempt:
        return True
    if p.float1 == "U" and B5U not in dropped:
        return False
    return not (p.float2 == "U" and B6U not in dropped)


def downfloat_ok(p: Player92, dropped: set[str]) -> bool:
    """B5/B6 for a downfloat (a bye is one, A5)."""
    if p.exempt:
        return True
    if p.float1 == "D" and B5D not in dropped:
        return False
    return not (p.float2 == "D" and B6D not in dropped)


def conflict(a: Player92, b: Player92) -> int:
    """B4: 1 when one of the two colour preferences cannot be granted."""
    return 1 if a.pref is not None and a.pref is b.pref else 0


def _search(
    s1: list[Player92],
    s2: list[Player92],
    x: int,
    dropped: set[str],
    own: frozenset[int],
    lowest: bool,
    judge_left: bool,
) -> AssignmentSearch:
    """C6 for one S1/S2: the pairs and leftovers that comply with the criteria in force.

    ``judge_left`` False: the leftovers form a remainder and are judged there (A3).
    """
    ok = []
    cf = []
    for a in s1:
        row_ok = []
        row_c = []
        for b in s2:
            good = meets_b1_b2(a, b)
            if good and a.score != b.score:
                low = b if b.score < a.score else a
                good = upfloat_ok(low, dropped)
            row_ok.append(good)
            row_c.append(conflict(a, b))
        ok.append(row_ok)
        cf.append(row_c)
    if not judge_left:
        search = AssignmentSearch(ok, cf, [True] * len(s2), x, None)
    elif lowest:
        left_ok = [q.bye_ok and downfloat_ok(q, dropped) for q in s2]
        search = AssignmentSearch(ok, cf, left_ok, x, 1)
    else:
        left_ok = [q.tpn not in own or downfloat_ok(q, dropped) for q in s2]
        search = AssignmentSearch(ok, cf, left_ok, x, None)
    search.row_colour = [_colour_code(q) for q in s1]
    search.col_colour = [_colour_code(q) for q in s2]
    return search


def _colour_code(p: Player92) -> int:
    return 0 if p.pref is None else 1 if p.pref is W else 2


def _skipped(st: BracketState, left: tuple[Player92, ...]) -> bool:
    """A pairing whose leftovers C12/C13 have already tried is not yielded again."""
    return bool(st.skip_left) and frozenset(q.tpn for q in left) in st.skip_left


def group_min_conflicts(
    group: list[Player92],
    dropped: set[str],
    own: frozenset[int],
    lowest: bool,
) -> int:
    """The fewest B4 conflicts of any pairing of n // 2 pairs of ``group`` that complies
    with everything but x, whatever S1 and S2 (``INF``: none does).

    A bound for every exchange of D2 (each one only chooses another S1/S2 split), exact by
    a maximum-weight matching: more pairs first, then the players who may not be left over
    (B5/B6 for downfloats, B1b) paired, then the fewest conflicts. When it exceeds x, C8
    can skip the whole exchange order.
    """
    n = len(group)
    if n < 2:
        return 0
    if lowest:
        must = [not (q.bye_ok and downfloat_ok(q, dropped)) for q in group]
    else:
        must = [q.tpn in own and not downfloat_ok(q, dropped) for q in group]
    m_unit = n + 2
    a_unit = m_unit * (2 * n + 4)
    weights = [[0] * n for _ in range(n)]
    for i in range(n):
        a = group[i]
        for j in range(i + 1, n):
            b = group[j]
            good = meets_b1_b2(a, b)
            if good and a.score != b.score:
                good = upfloat_ok(b if b.score < a.score else a, dropped)
            if good:
                w = a_unit + m_unit * (must[i] + must[j]) + 1 - conflict(a, b)
                weights[i][j] = weights[j][i] = w
    mates = MatchingComputer(n, weights=weights).mates()
    pairs = [(i, m) for i, m in enumerate(mates) if m > i]
    if len(pairs) < n // 2 or any(must[i] and mates[i] == i for i in range(n)):
        return INF
    return sum(conflict(group[i], group[m]) for i, m in pairs)


def _split(
    group: list[Player92], p: int, exch: tuple[tuple[int, ...], tuple[int, ...]] | None
) -> tuple[list[Player92], list[Player92]]:
    """C4/C5 (and D2 with A9b): S1 = the p highest, S2 the rest, both in A2 order."""
    s1_idx = set(range(p))
    if exch is not None:
        out, into = exch
        s1_idx = (s1_idx - set(out)) | set(into)
    s1 = [group[i] for i in range(len(group)) if i in s1_idx]
    s2 = [group[i] for i in range(len(group)) if i not in s1_idx]
    return s1, s2


def homogeneous_steps(
    group: list[Player92],
    own: frozenset[int],
    lowest: bool,
    st: BracketState,
    *,
    remainder: bool = False,
    prefix: tuple[tuple[Player92, Player92], ...] = (),
) -> Iterator[Event]:
    """C2-C14 for a homogeneous group (or one treated as homogeneous, A3).

    As a remainder group (A3, C6 second indent) the steps stop where C10 is reached: the
    heterogeneous bracket owning it takes over (C10, C11, C14 of the remainder).
    """
    n = len(group)
    step = "C2"
    x = x_orig = 0
    p = 0
    while True:
        if step == "C2":
            x = max(a8_x(group), st.rem_floor if remainder else 0)
            x_orig = x
            step = "C3"
        if step == "C3":
            p = n // 2 - (st.rem_p_dec if remainder else st.p_dec)
            step = "C4"
        if p < 0:
            p = 0
        if remainder:
            st.note(
                "",
                said(
                    "remainder group {players}: p={p} x={x}",
                    _indent="  ",
                    players=label(group),
                    p=p,
                    x=x,
                ),
            )
        else:
            st.note(
                "",
                said(
                    "group {players}: p={p} x={x}", _indent="  ", players=label(group), p=p, x=x
                ),
            )
        level = (st.p_dec, st.rem_p_dec)
        dropped_key = frozenset(st.dropped)
        for number, exch in enumerate(chain([None], exchanges(n, p))):
            s1, s2 = _split(group, p, exch)
            if number == 1 and p == n // 2:
                gkey = (tuple(q.tpn for q in group), dropped_key, lowest, own)
                least = st.caches.group_costs.get(gkey)
                if least is None:
                    least = group_min_conflicts(group, st.dropped, own, lowest)
                    st.caches.group_costs[gkey] = least
                if least > x:
                    break  # no S1/S2 split complies: no exchange can help (C8)
            # The fewest conflicts of a split does not depend on x: C11, the restarts and
            # the C12/C13 trials walk the same splits again, so what is known is kept.
            key = (tuple(q.tpn for q in s1), tuple(q.tpn for q in s2), dropped_key, lowest, own)
            bound = st.caches.split_costs.get(key, 0)
            if bound > x:
                continue
            skip = st.skip_left
            if skip and len(s2) == p and frozenset() in skip:
                continue  # every pairing of this split leaves nobody: already tried
            search = _search(s1, s2, x, st.dropped, own, lowest, True)
            if exch is not None and key not in st.caches.split_costs:
                bound = search.min_conflicts()
                st.caches.split_costs[key] = bound
                if bound > x:
                    continue
            pruned = False
            if skip and len(s2) == p + 1:
                for j, q in enumerate(s2):
                    if search.leftover_ok[j] and frozenset((q.tpn,)) in skip:
                        search.leftover_ok[j] = False
                        pruned = True
            produced = False
            for assignment in search:
                produced = True
                pairs = tuple((s1[i], s2[j]) for i, j in enumerate(assignment))
                used = set(assignment)
                left = tuple(s2[j] for j in range(len(s2)) if j not in used)
                if _skipped(st, left):
                    continue
                if exch is not None:
                    st.note(
                        "C8",
                        said(
                            "C8: exchange {number} (D2) S1 {s1} S2 {s2}",
                            _indent="  ",
                            number=number,
                            s1=label(s1),
                            s2=label(s2),
                        ),
                    )
                if assignment != tuple(range(len(assignment))):
                    st.note("C7", _transposed(label([b for _, b in pairs])))
                yield Result(prefix + pairs, left, level)
            if not produced and not pruned:
                st.caches.split_costs[key] = max(bound, x + 1)
        # C9: drop B6, then B5, for downfloats; restart at C4.
        if B6D not in st.dropped:
            st.dropped.add(B6D)
            st.note("C9", _dropped("C9", B6D))
            step = "C4"
            continue
        if B5D not in st.dropped:
            st.dropped.add(B5D)
            st.note("C9", _dropped("C9", B5D))
            step = "C4"
            continue
        if remainder:
            return  # C10 belongs to the heterogeneous bracket
        # C10, second sentence (D-R92-14): drop B6 then B5 for upfloats; restart at C2.
        if B6U not in st.dropped:
            st.dropped.add(B6U)
            st.note("C10", _dropped("C10", B6U))
            step = "C2"
            continue
        if B5U not in st.dropped:
            st.dropped.add(B5U)
            st.note("C10", _dropped("C10", B5U))
            step = "C2"
            continue
        # C11: raise x while x < p; restart at C3.
        if x < p:
            x += 1
            st.note("C11", said("C11: x raised to {x}", _indent="  ", x=x))
            step = "C3"
            continue
        if lowest:
            yield Marker(het=False)  # C13
        # C14: decrease p (and x when the original x was above zero); restart at C4.
        if st.no_c14:
            return
        st.p_dec += 1
        if x_orig > 0:
            x -= 1
        p = n // 2 - st.p_dec
        st.note("C14", said("C14: p decreased to {p}", _indent="  ", p=max(p, 0)))
        if lowest and n - 2 * max(p, 0) > 1:
            return  # nobody can be moved down from the lowest bracket
        if p <= 0:
            st.note("C14", _whole_bracket(label(group)))
            if not _skipped(st, tuple(group)):
                yield Result(prefix, tuple(group), (st.p_dec, st.rem_p_dec))
            return
        step = "C4"


def heterogeneous_steps(
    group: list[Player92],
    mds: frozenset[int],
    lowest: bool,
    st: BracketState,
) -> Iterator[Event]:
    """C2-C14 for a heterogeneous bracket: moved-down players first, then the remainder."""
    own = frozenset(q.tpn for q in group if q.tpn not in mds)
    n_md = sum(1 for q in group if q.tpn in mds)
    step = "C2"
    x = x_orig = 0
    p = 0
    while True:
        if step == "C2":
            x = a8_x(group)
            x_orig = x
            step = "C3"
        if step == "C3":
            p = n_md - st.p_dec
            step = "C4"
        st.note(
            "",
            said(
                "heterogeneous: S1 = {s1} p={p} x={x}",
                _indent="  ",
                s1=label(group[:p]),
                p=p,
                x=x,
            ),
        )
        s1, s2 = group[:p], group[p:]
        search = _search(s1, s2, x, st.dropped, own, lowest, False)
        it = iter(search)
        first = next(it, None)
        if first is not None:
            rem_info: list[tuple[int, int]] = []
            yield from _with_remainder(s1, s2, first, own, lowest, st, rem_info)
            # C10, first sentence: another opponent for the lowest moved-down player paired.
            for alt in it:
                if alt[:-1] != first[:-1]:
                    break
                st.note(
                    "C10",
                    said(
                        "C10: {player} tries {opponent}",
                        _indent="  ",
                        player=str(s1[-1].tpn),
                        opponent=s2[alt[-1]].tpn,
                    ),
                )
                yield from _with_remainder(s1, s2, alt, own, lowest, st, rem_info)
            # C10, second sentence.
            if B6U not in st.dropped:
                st.dropped.add(B6U)
                st.note("C10", _dropped("C10", B6U))
                step = "C2"
                continue
            if B5U not in st.dropped:
                st.dropped.add(B5U)
                st.note("C10", _dropped("C10", B5U))
                step = "C2"
                continue
            # C11 on the remainder: raise its x, undo the moved-down pairs, restart at C3.
            rem_x, rem_p = rem_info[-1]
            if rem_x < rem_p:
                st.rem_floor = rem_x + 1
                st.note(
                    "C11", said("C11: remainder x raised to {x}", _indent="  ", x=st.rem_floor)
                )
                step = "C3"
                continue
            if lowest:
                yield Marker(het=False)  # C13
            else:
                # C14 on the remainder (D-R92-15): p > 0 is decreased (p = 0: the remainder
                # is moved down); a remainder whose p is already 0 cannot decrease it: "if p
                # equals zero the entire score bracket is moved down".
                size = len(s2) - p
                if size // 2 - st.rem_p_dec > 0:
                    st.rem_p_dec += 1
                    st.note(
                        "C14",
                        said(
                            "C14: remainder p decreased to {p}",
                            _indent="  ",
                            p=size // 2 - st.rem_p_dec,
                        ),
                    )
                    step = "C4"
                    continue
                if st.no_c14:
                    return
                st.note("C14", _whole_bracket(label(group)))
                st.p_dec = n_md
                if not _skipped(st, tuple(group)):
                    yield Result((), tuple(group), (st.p_dec, st.rem_p_dec))
                return
        # The moved-down players cannot be paired (or, in the lowest bracket, nothing
        # completes): C8 does not apply; C9.
        if B6D not in st.dropped:
            st.dropped.add(B6D)
            st.note("C9", _dropped("C9", B6D))
            step = "C4"
            continue
        if B5D not in st.dropped:
            st.dropped.add(B5D)
            st.note("C9", _dropped("C9", B5D))
            step = "C4"
            continue
        if B6U not in st.dropped:
            st.dropped.add(B6U)
            st.note("C10", _dropped("C10", B6U))
            step = "C2"
            continue
        if B5U not in st.dropped:
            st.dropped.add(B5U)
            st.note("C10", _dropped("C10", B5U))
            step = "C2"
            continue
        if x < p:
            x += 1
            st.note("C11", said("C11: x raised to {x}", _indent="  ", x=x))
            step = "C3"
            continue
        yield Marker(het=first is None)  # C12 (heterogeneous part), C13 (lowest)
        if st.no_c14:
            return
        st.p_dec += 1
        st.rem_p_dec = st.rem_floor = 0  # a new remainder gets its own p and x (C3, C2)
        if x_orig > 0:
            x -= 1
        p = n_md - st.p_dec
        st.note("C14", said("C14: p decreased to {p}", _indent="  ", p=max(p, 0)))
        if p <= 0:
            if lowest:
                return
            st.note("C14", _whole_bracket(label(group)))
            if not _skipped(st, tuple(group)):
                yield Result((), tuple(group), (st.p_dec, st.rem_p_dec))
            return
        step = "C4"


def _with_remainder(
    s1: list[Player92],
    s2: list[Player92],
    assignment: tuple[int, ...],
    own: frozenset[int],
    lowest: bool,
    st: BracketState,
    rem_info: list[tuple[int, int]],
) -> Iterator[Event]:
    """C6 second indent: the moved-down pairs, then the remainder "at C2" (A3)."""
    pairs = tuple((s1[i], s2[j]) for i, j in enumerate(assignment))
    if assignment != tuple(range(len(assignment))):
        st.note("C7", _transposed(label([b for _, b in pairs])))
    used = set(assignment)
    rem = [s2[j] for j in range(len(s2)) if j not in used]
    rem_info.append((max(a8_x(rem), st.rem_floor), len(rem) // 2 - st.rem_p_dec))
    rem_ids = frozenset(q.tpn for q in rem)
    key = (rem_ids, frozenset(st.dropped), st.rem_floor, st.rem_p_dec, lowest, own & rem_ids)
    if key in st.caches.failed_remainders:
        st.dropped |= {B6D, B5D}  # what the remainder's own C9 did the first time
        return
    found = False
    for ev in homogeneous_steps(rem, own, lowest, st, remainder=True, prefix=pairs):
        if isinstance(ev, Result):
            found = True
            yield ev
    if not found and not st.skip_left:
        st.caches.failed_remainders.add(key)


class Replay:
    """A bracket's procedure that can be resumed again and again from any accepted pairing."""

    def __init__(self, gen: Iterator[Event]) -> None:
        self._gen = gen
        self.events: list[Event] = []
        self._done = False

    def get(self, index: int) -> Event | None:
        while len(self.events) <= index and not self._done:
            nxt = next(self._gen, None)
            if nxt is None:
                self._done = True
            else:
                self.events.append(nxt)
        return self.events[index] if index < len(self.events) else None


def steps_for(
    group: list[Player92], mds: frozenset[int], lowest: bool, st: BracketState
) -> Iterator[Event]:
    """A3: heterogeneous unless at least half of the players came from higher brackets."""
    n_md = sum(1 for q in group if q.tpn in mds)
    if n_md > 0 and 2 * n_md < len(group):
        return heterogeneous_steps(group, mds, lowest, st)
    own = frozenset(q.tpn for q in group if q.tpn not in mds)
    return homogeneous_steps(group, own, lowest, st)


@dataclass
class Record:
    """A processed bracket: its players, its resumable procedure, the pairing accepted.

    ``from_prev`` came down from the previous bracket (its leftovers and C1 moves);
    ``extra_mds`` are players a C13 join moved down with the penultimate bracket.
    """

    score_label: str
    from_prev: list[Player92]
    extra_mds: list[Player92]
    residents: list[Player92]
    c1_moved: list[Player92]
    replay: Replay | None
    index: int
    result: Result
    state: BracketState

    @property
    def all_players(self) -> list[Player92]:
        return [*self.from_prev, *self.extra_mds, *self.residents]


def _no_opponent(group: list[Player92], q: Player92) -> bool:
    return not any(o is not q and meets_b1_b2(q, o) for o in group)


def _score_text(score: int) -> str:
    return f"{score // 2}{'.5' if score % 2 else ''}"


def _step_key(step: str) -> int:
    return int(step[1:])


def _unique(players: list[Player92]) -> list[Player92]:
    return sorted({q.tpn: q for q in players}.values(), key=Player92.a2_key)


def b1_b2_pairing_exists(players: list[Player92]) -> bool:
    """Whether the whole field can be paired obeying B1 and B2 (and B1b for the bye)."""
    n = len(players)
    size = n + n % 2
    weights = [[0] * size for _ in range(size)]
    for i in range(n):
        for j in range(i + 1, n):
            if meets_b1_b2(players[i], players[j]):
                weights[i][j] = weights[j][i] = 1
        if n % 2 and players[i].bye_ok:
            weights[i][n] = weights[n][i] = 1
    mates = MatchingComputer(size, weights=weights).mates()
    return all(mates[v] != v for v in range(size))


class Driver:
    """Runs the brackets from the highest score down (C preamble), with C1, C12 and C13."""

    def __init__(self, players: list[Player92]) -> None:
        self.players = players
        self.records: list[Record] = []
        self.log: list[str] = []
        self.caches = Caches()
        self.failed_trials: set[
            tuple[frozenset[int], frozenset[int], frozenset[int], bool, bool]
        ] = set()

    def run(self) -> tuple[list[tuple[Player92, Player92]], Player92 | None]:
        """The brackets from the highest score down; GaveUp names the bracket that failed."""
        if not b1_b2_pairing_exists(self.players):
            # Every pairing the procedure accepts obeys B1 and B2, and it gives up only in
            # the lowest bracket once C13 has joined all brackets: say so at once.
            raise GaveUp(
                said(
                    "Swiss based on rating (1992): the procedure found no pairing for the lowest "
                    "score bracket {players} (no pairing obeys B1 and B2)",
                    players=label(self.players),
                )
            )
        scores = sorted({p.score for p in self.players}, reverse=True)
        groups = [[p for p in self.players if p.score == s] for s in scores]
        carry: list[Player92] = []
        for gi, residents in enumerate(groups):
            lowest = gi == len(groups) - 1
            self._bracket(carry, [], residents, lowest)
            carry = self._carry(self.records[-1])
        pairs = [pr for rec in self.records for pr in rec.result.pairs]
        left = list(self.records[-1].result.left)
        if len(left) > 1:  # pragma: no cover - the lowest bracket never accepts this
            raise GaveUp(said("Swiss based on rating (1992): more than one player left unpaired"))
        return pairs, (left[0] if left else None)

    @staticmethod
    def _carry(rec: Record) -> list[Player92]:
        return [*rec.result.left, *rec.c1_moved]

    # -- one bracket --------------------------------------------------------------------

    def _bracket(
        self,
        from_prev: list[Player92],
        extra_mds: list[Player92],
        residents: list[Player92],
        lowest: bool,
    ) -> None:
        """C1-C14 for one bracket, acting on C12/C13 where the procedure reaches them."""
        mds_in = _unique([*from_prev, *extra_mds])
        group = _unique([*mds_in, *residents])
        mds = frozenset(q.tpn for q in mds_in)
        name = _score_text(residents[0].score) if residents else "?"
        if mds_in:
            self.log.append(
                said(
                    "Bracket {score} {players}, moved down {moved}",
                    score=name,
                    players=label(group),
                    moved=label(mds_in),
                )
            )
        else:
            self.log.append(
                said("Bracket {score} {players}", score=name, players=label(group))
            )
        outcome = self._c1(group, mds, from_prev, extra_mds, residents, lowest, name, acting=True)
        if outcome is None:
            return  # C12/C13 settled the bracket
        group, moved = outcome
        st = BracketState(caches=self.caches)
        if not group:
            self._accept(
                name, from_prev, extra_mds, residents, moved, None, 0, Result((), (), (0, 0)), st
            )
            return
        replay = Replay(steps_for(group, mds, lowest, st))
        tried_c12 = False
        index = 0
        while True:
            ev = replay.get(index)
            if ev is None:
                self.log.extend(st.log)
                raise GaveUp(
                    said(
                        "Swiss based on rating (1992): the procedure found no pairing for the "
                        "lowest score bracket {players}",
                        players=label(group),
                    )
                    if lowest
                    else said(
                        "Swiss based on rating (1992): the procedure found no pairing for the "
                        "score bracket {players}",
                        players=label(group),
                    )
                )
            if isinstance(ev, Result):
                self.log.extend(st.log)
                self._accept(name, from_prev, extra_mds, residents, moved, replay, index, ev, st)
                return
            if ev.het and not tried_c12 and self.records:
                tried_c12 = True
                self.log.extend(st.log)
                st.log.clear()
                if self._c12(extra_mds, residents, lowest, name):
                    return
            if lowest and self.records:
                self.log.extend(st.log)
                st.log.clear()
                self._c13(extra_mds, residents, name)
                return
            index += 1

    def _accept(
        self,
        name: str,
        from_prev: list[Player92],
        extra_mds: list[Player92],
        residents: list[Player92],
        moved: list[Player92],
        replay: Replay | None,
        index: int,
        result: Result,
        st: BracketState,
    ) -> None:
        self.records.append(
            Record(name, from_prev, extra_mds, residents, moved, replay, index, result, st)
        )
        if result.pairs:
            paired = ", ".join(f"{a.tpn}-{b.tpn}" for a, b in result.pairs)
            self.log.append(said("pairs: {pairs}", _indent="  ", pairs=paired))
        if result.left:
            self.log.append(
                said(
                    "moved down / unpaired: {players}", _indent="  ", players=label(result.left)
                )
            )
        if st.steps:
            steps = " ".join(sorted(set(st.steps), key=_step_key))
            self.log.append(said("steps beyond C6: {steps}", _indent="  ", steps=steps))
        if st.dropped:
            criteria = tuple(_RULES[rule] for rule in sorted(st.dropped))
            self.log.append(
                said("criteria dropped: {criteria}", _indent="  ", criteria=criteria)
            )

    def _c1(
        self,
        group: list[Player92],
        mds: frozenset[int],
        from_prev: list[Player92],
        extra_mds: list[Player92],
        residents: list[Player92],
        lowest: bool,
        name: str,
        *,
        acting: bool,
    ) -> tuple[list[Player92], list[Player92]] | None:
        """C1: players without an opponent in the bracket under B1/B2 (D-R92-16).

        Returns the bracket left after the moves and the players moved down; ``None`` when
        C12 or C13 settled the bracket (only when ``acting``).
        """
        moved: list[Player92] = []
        kept: set[int] = set()
        group = list(group)
        while True:
            lonely = [q for q in group if q.tpn not in kept and _no_opponent(group, q)]
            if not lonely:
                return group, moved
            if lowest and len(group) % 2 == 1 and len(lonely) == 1 and lonely[0].bye_ok:
                return group, moved  # A5: the one player left over gets the bye
            q = lonely[0]
            if acting:
                self.log.append(
                    said(
                        "C1: {player} has no opponent in the bracket",
                        _indent="  ",
                        player=str(q.tpn),
                    )
                )
            if (
                acting
                and q.tpn in mds
                and self.records
                and self._c12(extra_mds, residents, lowest, name)
            ):
                return None
            if lowest:
                if acting and self.records:
                    self._c13(extra_mds, residents, name)
                    return None
                kept.add(q.tpn)
                continue
            group.remove(q)
            moved.append(q)
            if acting:
                self.log.append(
                    said("C1: {player} moved down", _indent="  ", player=str(q.tpn))
                )

    def _trial(
        self,
        from_prev: list[Player92],
        extra_mds: list[Player92],
        residents: list[Player92],
        lowest: bool,
        name: str,
        no_c14: bool = False,
    ) -> tuple[list[Player92], Replay, int, Result, BracketState] | None:
        """The bracket's own procedure without C12/C13 (the test of C12 and C13; C12's
        test also stops at the bracket's C14).

        Trials that found nothing are remembered: C12 and C13 scan the previous bracket's
        pairings, and many of them move the same players down.
        """
        key = (
            frozenset(q.tpn for q in from_prev),
            frozenset(q.tpn for q in extra_mds),
            frozenset(q.tpn for q in residents),
            lowest,
            no_c14,
        )
        if key in self.failed_trials:
            return None
        found = self._run_trial(from_prev, extra_mds, residents, lowest, name, no_c14)
        if found is None:
            self.failed_trials.add(key)
        return found

    def _run_trial(
        self,
        from_prev: list[Player92],
        extra_mds: list[Player92],
        residents: list[Player92],
        lowest: bool,
        name: str,
        no_c14: bool,
    ) -> tuple[list[Player92], Replay, int, Result, BracketState] | None:
        mds_in = _unique([*from_prev, *extra_mds])
        group = _unique([*mds_in, *residents])
        mds = frozenset(q.tpn for q in mds_in)
        outcome = self._c1(group, mds, from_prev, extra_mds, residents, lowest, name, acting=False)
        assert outcome is not None
        group, moved = outcome
        st = BracketState(caches=self.caches, no_c14=no_c14)
        if not group:
            return moved, Replay(iter(())), 0, Result((), (), (0, 0)), st
        replay = Replay(steps_for(group, mds, lowest, st))
        index = 0
        while True:
            ev = replay.get(index)
            if ev is None:
                return None
            if isinstance(ev, Result):
                return moved, replay, index, ev, st
            index += 1

    def _c12(
        self, extra_mds: list[Player92], residents: list[Player92], lowest: bool, name: str
    ) -> bool:
        """C12: another pairing of the previous bracket that lets this one pair all of its
        moved-down players (D-R92-17)."""
        prev = self.records[-1]
        if prev.replay is None:
            return False
        self.log.append(
            said(
                "C12: the pairing of bracket {score} is undone",
                _indent="  ",
                score=prev.score_label,
            )
        )
        old_left = {q.tpn for q in prev.result.left}
        level = prev.result.level
        index = prev.index + 1
        # Pairings moving down the same players are of no use to C12 (nor to C13 later).
        prev.state.skip_left.add(frozenset(old_left))
        while True:
            ev = prev.replay.get(index)
            if ev is None:
                break
            if isinstance(ev, Result):
                if ev.level != level:
                    break
                if {q.tpn for q in ev.left} != old_left:
                    from_prev = [*ev.left, *prev.c1_moved]
                    group = _unique([*from_prev, *extra_mds, *residents])
                    if any(_no_opponent(group, q) for q in [*from_prev, *extra_mds]):
                        index += 1
                        continue  # C1 would move that player on: not all are paired
                    trial = self._trial(from_prev, extra_mds, residents, lowest, name, True)
                    if trial is not None:
                        moved, replay, ti, res, st = trial
                        st.no_c14 = False  # resumed later (C12/C13 of the next bracket)
                        md_ids = {q.tpn for q in from_prev} | {q.tpn for q in extra_mds}
                        unpaired = {q.tpn for q in res.left} | {q.tpn for q in moved}
                        if res.level[0] == 0 and not (md_ids & unpaired):
                            prev.index, prev.result = index, ev
                            # Another pairing is accepted: what later scans skip starts anew.
                            prev.state.skip_left = set()
                            repaired = ", ".join(f"{a.tpn}-{b.tpn}" for a, b in ev.pairs)
                            self.log.append(
                                said(
                                    "C12: bracket {score} re-paired: {pairs}",
                                    _indent="  ",
                                    score=prev.score_label,
                                    pairs=repaired,
                                )
                            )
                            self.log.extend(st.log)
                            self._accept(
                                name, from_prev, extra_mds, residents, moved, replay, ti, res, st
                            )
                            return True
            index += 1
        self.log.append(
            said("C12: no other pairing of the previous bracket helps", _indent="  ")
        )
        return False

    def _c13(self, extra_mds: list[Player92], residents: list[Player92], name: str) -> None:
        """C13: re-pair the penultimate bracket, else join the two lowest (D-R92-18)."""
        prev = self.records[-1]
        self.log.append(
            said(
                "C13: the pairing of the penultimate bracket {score} is undone",
                _indent="  ",
                score=prev.score_label,
            )
        )
        old_left = {q.tpn for q in prev.result.left}
        index = prev.index + 1
        # Each set of players moved down is tried once; the penultimate bracket's procedure
        # need not generate it again (after C13 nothing resumes that procedure).
        tried = prev.state.skip_left
        tried.add(frozenset(old_left))
        while prev.replay is not None:
            ev = prev.replay.get(index)
            if ev is None:
                break
            if not isinstance(ev, Result):
                index += 1
                continue
            left_ids = frozenset(q.tpn for q in ev.left)
            if left_ids != old_left and left_ids not in tried:
                tried.add(left_ids)
                from_prev = [*ev.left, *prev.c1_moved]
                trial = self._trial(from_prev, extra_mds, residents, True, name)
                if trial is not None:
                    moved, replay, ti, res, st = trial
                    prev.index, prev.result = index, ev
                    repaired = ", ".join(f"{a.tpn}-{b.tpn}" for a, b in ev.pairs)
                    self.log.append(
                        said(
                            "C13: bracket {score} re-paired: {pairs}",
                            _indent="  ",
                            score=prev.score_label,
                            pairs=repaired,
                        )
                    )
                    self.log.extend(st.log)
                    self._accept(name, from_prev, extra_mds, residents, moved, replay, ti, res, st)
                    return
            index += 1
        self.records.pop()
        self.log.append(
            said(
                "C13: brackets {first} and {second} are joined",
                _indent="  ",
                first=prev.score_label,
                second=name,
            )
        )
        joined = _unique([*prev.extra_mds, *prev.residents, *extra_mds])
        self._bracket(prev.from_prev, joined, residents, True)
