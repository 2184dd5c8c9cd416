"""The prize list: who wins which prize, how much, and why.

The one computation the CLI (``swissdesk prizes``), the window and the PDF show. It reads
the final standings (places after the tie-breaks, points), what the categories need of
each player (:class:`~swissdesk.prizes.categories.Entrant`) and the plan; nothing else.

How the list is made (each step a rule of the plan, :class:`~swissdesk.prizes.plan.PrizeRules`):

1. *Prize lists.* The standings, and each category's standings: the standings filtered to
   the category's players, in the same order. A player who withdrew is left out when the
   rules say withdrawn players win nothing (``withdrawn_eligible = false``). A category with
   fewer players than its ``min_players`` gives no prize.
2. *Winners.* With one prize per player, the prizes are given one at a time: each list
   offers its next prize (by place) to its best player who has not won yet; of these offers
   the most valuable is given first (``choose = "value"``: money plus an item's value;
   equal values: the plan's order) or the first in the plan's order (``choose = "order"``,
   the arbiter's priority). So a player in line for several prizes takes the most valuable
   (or the highest in the arbiter's order), and the next player in the other list moves up.
   The choice reads the prizes' full values, before any sharing. Without one prize per
   player, each list gives its prizes to its players in order. A list with no player left
   for a prize leaves it *not awarded* (the organiser keeps it).
3. *Sharing.* In each list, the players still in it (those who did not take a prize in
   another list) occupy its places 1, 2, 3, ... Players tied on points there form a group
   that occupies consecutive places; when some of those places carry money:

   * ``sharing = "equal"``: the money of the places the group occupies is added up and
     divided equally (a player tied with the last prize-winner shares too: a tie across
     the prize boundary);
   * ``sharing = "hort"``: the Hort system: each player keeps ``100 - hort_percent`` per
     cent of the prize of the place their tie-breaks give them (nothing beyond the last
     prize); the other ``hort_percent`` per cent of every place's prize goes into a pot
     divided equally among the group;
   * ``sharing = "none"``: the tie-breaks decide; only players still equal after every
     tie-break (the standings print them "3-5") share equally.

   Shares are rounded to the paying unit by :func:`swissdesk.prizes.money.round_shares`:
   they add up to the group's money exactly. Items are never shared: the item of a place
   goes to the player the tie-breaks put there.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from swissdesk.model.tournament import HalfPoints, half_points_to_str
from swissdesk.prizes.categories import Entrant, members, unknown_ages
from swissdesk.prizes.money import equal_shares, hort_shares
from swissdesk.prizes.plan import OVERALL, Choice, Prize, PrizePlan, Sharing, ordinal


@dataclass(frozen=True, slots=True)
class Placed:
    """One line of the final standings, as the prize list reads it: ``rank`` is the place
    after every tie-break (shared by players still equal: both are 3 in "3-4")."""

    tpn: int
    name: str
    rank: int
    points: HalfPoints


@dataclass(frozen=True, slots=True)
class Award:
    """One line of the prize list: a prize (or a share of tied places' money) and who
    receives it. ``tpn`` is ``None`` for a prize not awarded; ``amount`` is the money paid
    (units of account, after sharing); ``reason`` says why in the arbiter's words."""

    label: str
    category: str
    place: int
    tpn: int | None
    name: str
    amount: int
    item: str
    reason: str
    prize_index: int | None
    """The prize's index in the plan (``None``: a share of tied places' money only)."""
    prize_amount: int = 0
    """The prize's own money before sharing."""
    list_rank: int = 0
    """The winner's place in the prize's list (the category rank for a category prize)."""
    shared_with: tuple[int, ...] = ()
    """The other players of the tie group who share the money."""
    tie: str = ""
    """The tie group's sharing in words, the same for each of its players ("tied on 4.0
    points for places 2-4: the money of places 2-4 (2,100 EUR) shared equally")."""

    @property
    def awarded(self) -> bool:
        return self.tpn is not None


@dataclass(frozen=True, slots=True)
class CategoryRow:
    """One player of a category's standings: ``rank`` the category rank (shared by
    players equal after every tie-break), ``label`` as printed ("3" or "3-4")."""

    rank: int
    label: str
    placed: Placed


@dataclass(frozen=True, slots=True)
class CategoryStandings:
    name: str
    description: str
    rows: tuple[CategoryRow, ...]
    given: bool
    """False when the category has fewer players than its ``min_players``."""


@dataclass(frozen=True, slots=True)
class PrizeList:
    """The prize list of a plan: the awards in the plan's order (a tie's extra shares
    right after the prize they share), the category standings and the arbiter's notes."""

    plan: PrizePlan
    awards: tuple[Award, ...]
    categories: tuple[CategoryStandings, ...]
    notes: tuple[str, ...] = ()
    after_round: int = 0
    names: Mapping[int, str] = field(default_factory=dict)

    @property
    def fund(self) -> int:
        return self.plan.fund

    @property
    def paid(self) -> int:
        return sum(a.amount for a in self.awards)

    @property
    def kept(self) -> int:
        """Money of prizes not awarded (the organiser keeps it)."""
        return self.fund - self.paid

    def by_player(self) -> dict[int, list[Award]]:
        out: dict[int, list[Award]] = {}
        for award in self.awards:
            if award.tpn is not None:
                out.setdefault(award.tpn, []).append(award)
        return out


def category_standings(
    plan: PrizePlan, standings: Sequence[Placed], entrants: Mapping[int, Entrant],
    day: _dt.date | None,
) -> tuple[CategoryStandings, ...]:  # fmt: skip
    """Each category's standings: the standings filtered to its players, ranked again."""
    year = day.year if day is not None else None
    out = []
    for cat in plan.categories:
        inside = members(cat, (entrants[p.tpn] for p in standings if p.tpn in entrants), day)
        rows = [p for p in standings if p.tpn in inside]
        first: dict[int, int] = {}
        count: dict[int, int] = {}
        for i, placed in enumerate(rows):
            first.setdefault(placed.rank, i)
            count[placed.rank] = count.get(placed.rank, 0) + 1
        ranked: list[CategoryRow] = []
        for placed in rows:
            top, n = first[placed.rank] + 1, count[placed.rank]
            label = str(top) if n == 1 else f"{top}-{top + n - 1}"
            ranked.append(CategoryRow(top, label, placed))
        given = len(rows) >= cat.min_players
        out.append(CategoryStandings(cat.name, cat.describe(year), tuple(ranked), given))
    return tuple(out)


def compute_prizes(
    plan: PrizePlan,
    standings: Sequence[Placed],
    entrants: Mapping[int, Entrant],
    day: _dt.date | None,
    *,
    after_round: int = 0,
) -> PrizeList:
    """The prize list of ``plan`` for ``standings`` (best first), by the rules above."""
    rules = plan.rules
    money = rules.money
    cats = category_standings(plan, standings, entrants, day)
    by_name = {c.name: c for c in cats}
    notes: list[str] = []

    def eligible(p: Placed) -> bool:
        entrant = entrants.get(p.tpn)
        return rules.withdrawn_eligible or entrant is None or not entrant.withdrawn

    lists = plan.lists()
    players: dict[str, list[Placed]] = {}
    void: set[str] = set()
    for name in lists:
        if name == OVERALL:
            players[name] = [p for p in standings if eligible(p)]
            continue
        cs = by_name[name]
        players[name] = [r.placed for r in cs.rows if eligible(r.placed)]
        if not cs.given:
            void.add(name)
            cat = plan.category(name)
            need = cat.min_players if cat else 0
            notes.append(
                f"{name}: {len(cs.rows)} player{'s' if len(cs.rows) != 1 else ''}, fewer "
                f"than the {need} the plan asks for: its prizes are not given"
            )
        elif not cs.rows:
            notes.append(f"{name}: no player in the category: its prizes are not awarded")
    for cat in plan.categories:
        unknown = unknown_ages(cat, entrants.values(), day)
        if unknown:
            why = "the event has no date" if day is None else "no birth date"
            notes.append(
                f"{cat.name}: {why} for TPN {', '.join(str(t) for t in sorted(unknown))}: "
                "not counted in the age group (check them)"
            )
    if not rules.withdrawn_eligible:
        out = [p.tpn for p in standings if not eligible(p)]
        if out:
            notes.append(
                "withdrawn players win no prize (the event's rules): TPN "
                + ", ".join(str(t) for t in out)
            )

    # 2. Winners.
    winner: dict[int, int] = {}  # prize index -> tpn
    won: dict[int, int] = {}  # tpn -> prize index
    if rules.one_per_player:
        nxt = {name: 0 for name in lists if name not in void}
        while True:
            offers: list[tuple[int, int, str]] = []
            for name in list(nxt):
                indices = lists[name]
                if nxt[name] >= len(indices):
                    del nxt[name]
                    continue
                best = next((p for p in players[name] if p.tpn not in won), None)
                if best is None:
                    del nxt[name]
                    continue
                offers.append((indices[nxt[name]], best.tpn, name))
            if not offers:
                break
            if rules.choose is Choice.VALUE:
                index, tpn, name = min(offers, key=lambda o: (-plan.prizes[o[0]].value, o[0]))
            else:
                index, tpn, name = min(offers, key=lambda o: o[0])
            winner[index] = tpn
            won[tpn] = index
            nxt[name] += 1
    else:
        for name, indices in lists.items():
            if name in void:
                continue
            for index, placed in zip(indices, players[name], strict=False):
                winner[index] = placed.tpn

    # 3. Sharing, list by list.
    names = {p.tpn: p.name for p in standings}

    def share(excluded: Mapping[str, set[int]]) -> tuple[dict[int, list[Award]], list[str]]:
        rows: dict[int, list[Award]] = {}
        notes: list[str] = []
        for name, indices in lists.items():
            list_name = "the standings" if name == OVERALL else name
            cat_rank = (
                {r.placed.tpn: r.rank for r in by_name[name].rows} if name != OVERALL else {}
            )
            if name in void:
                for index in indices:
                    prize = plan.prizes[index]
                    rows.setdefault(index, []).append(
                        _unawarded(index, prize, f"{name} has fewer players than the plan asks")
                    )
                continue
            if rules.one_per_player:
                occupants = [
                    p for p in players[name]
                    if (p.tpn not in won or won[p.tpn] in indices)
                    and p.tpn not in excluded[name]
                ]
            else:
                occupants = list(players[name])
            prizes = [plan.prizes[i] for i in indices]
            given = sum(1 for i in indices if i in winner)
            inside = {p.tpn for p in occupants}
            passed = [
                p for p in players[name][: _last_position(players[name], occupants, given)]
                if p.tpn not in inside
            ]
            for p in passed:
                other = plan.prizes[won[p.tpn]].label()
                notes.append(
                    f"{names.get(p.tpn, p.tpn)} (TPN {p.tpn}) takes {other} rather than a prize "
                    f"of {list_name} (one prize per player)"
                )
            groups = _tie_groups(occupants, rules.sharing)
            for start, group in groups:
                if start >= given:
                    break
                positions = range(start, start + len(group))
                own = [prizes[k].amount if k < given else 0 for k in positions]
                pool = sum(own)
                if len(group) == 1 or pool == 0:
                    shares = own
                    how = ""
                elif rules.sharing is Sharing.HORT:
                    shares = hort_shares(own, rules.hort_percent, rules.round_to)
                    how = f"by the Hort system ({rules.hort_percent} % shared)"
                else:
                    shares = equal_shares(pool, len(group), rules.round_to)
                    how = "equally"
                first, last = start + 1, start + len(group)
                prized_last = min(last, given)
                for k, placed in zip(positions, group, strict=True):
                    where = _where(name, placed, k + 1, cat_rank)
                    others = tuple(q.tpn for q in group if q.tpn != placed.tpn)
                    if how:
                        span = (
                            f"place {first}" if first == prized_last
                            else f"places {first}-{prized_last}"
                        )
                        group_text = (
                            f"tied on {half_points_to_str(placed.points)} points for places "
                            f"{first}-{last}: the money of {span} "
                            f"({money.text(pool, code=True)}) shared {how}"
                        )
                        tie = group_text.replace(
                            ": the money",
                            f" with TPN {', '.join(str(t) for t in others)}: the money", 1
                        )
                    elif len(group) > 1:
                        tie = f"tied on {half_points_to_str(placed.points)} points; nothing to share"
                    else:
                        tie = ""
                    if not how:
                        group_text = ""
                    if k < given:
                        index = indices[k]
                        prize = plan.prizes[index]
                        reason = where + (f"; {tie}" if tie else "")
                        rows.setdefault(index, []).append(
                            Award(
                                label=prize.label(),
                                category=name,
                                place=prize.place,
                                tpn=placed.tpn,
                                name=placed.name,
                                amount=shares[k - start],
                                item=prize.item,
                                reason=reason,
                                prize_index=index,
                                prize_amount=prize.amount,
                                list_rank=cat_rank.get(placed.tpn, placed.rank),
                                shared_with=others if how else (),
                                tie=group_text,
                            )
                        )
                    elif shares[k - start]:
                        # tied with the last prize-winner: a share, no prize of its own
                        base = indices[given - 1]
                        rows.setdefault(base, []).append(
                            Award(
                                label=f"share of {_span_label(name, first, prized_last)}",
                                category=name,
                                place=k + 1,
                                tpn=placed.tpn,
                                name=placed.name,
                                amount=shares[k - start],
                                item="",
                                reason=f"{where}; {tie}",
                                prize_index=None,
                                list_rank=cat_rank.get(placed.tpn, placed.rank),
                                shared_with=others,
                                tie=group_text,
                            )
                        )
            for k in range(given, len(indices)):
                index = indices[k]
                rows.setdefault(index, []).append(
                    _unawarded(index, plan.prizes[index], f"no player left in {list_name}")
                )

        return rows, notes

    # A player tied with a list's last prize-winner shares its money without winning a
    # prize there, so may be in line for shares in several lists: with one prize per
    # player they keep the larger share (equal: the list whose prizes come first in the
    # plan) and the other lists are shared again without them, until nobody is left in
    # two lists.
    excluded: dict[str, set[int]] = {name: set() for name in lists}
    while True:
        rows, passed_notes = share(excluded)
        if not rules.one_per_player:
            break
        held: dict[int, list[Award]] = {}
        for award in (a for group in rows.values() for a in group):
            if award.tpn is not None and award.prize_index is None:
                held.setdefault(award.tpn, []).append(award)
        twice = {t: a for t, a in held.items() if len(a) > 1}
        if not twice:
            break
        for tpn, shares in twice.items():
            first = {name: min(indices) for name, indices in lists.items()}
            if rules.choose is Choice.VALUE:
                keep = min(shares, key=lambda a: (-a.amount, first[a.category]))
            else:
                keep = min(shares, key=lambda a: first[a.category])
            for award in shares:
                if award is not keep:
                    excluded[award.category].add(tpn)
                    notes.append(
                        f"{award.name} (TPN {tpn}) takes a {keep.label} rather than a "
                        f"{award.label} (one prize per player)"
                    )
    notes.extend(passed_notes)
    awards = tuple(a for index in range(len(plan.prizes)) for a in rows.get(index, []))
    return PrizeList(
        plan=plan,
        awards=awards,
        categories=cats,
        notes=tuple(notes),
        after_round=after_round,
        names=names,
    )


def _unawarded(index: int, prize: Prize, why: str) -> Award:
    return Award(
        label=prize.label(),
        category=prize.category,
        place=prize.place,
        tpn=None,
        name="",
        amount=0,
        item=prize.item,
        reason=f"not awarded: {why}",
        prize_index=index,
        prize_amount=prize.amount,
    )


def _last_position(players: Sequence[Placed], occupants: Sequence[Placed], given: int) -> int:
    """How far down ``players`` the list's prizes went (the last winner's position + 1)."""
    if given == 0:
        return 0
    last = occupants[given - 1]
    return players.index(last) + 1


def _tie_groups(
    occupants: Sequence[Placed], sharing: Sharing
) -> list[tuple[int, list[Placed]]]:
    """The occupants cut into groups of players tied on points (``none``: equal after
    every tie-break), with each group's first position."""
    out: list[tuple[int, list[Placed]]] = []
    for k, placed in enumerate(occupants):
        key = placed.rank if sharing is Sharing.NONE else placed.points
        if out:
            head = out[-1][1][0]
            if (head.rank if sharing is Sharing.NONE else head.points) == key:
                out[-1][1].append(placed)
                continue
        out.append((k, [placed]))
    return out


def _where(name: str, placed: Placed, position: int, cat_rank: Mapping[int, int]) -> str:
    points = half_points_to_str(placed.points)
    if name == OVERALL:
        return f"{ordinal(placed.rank)} in the standings ({points} points)"
    rank = cat_rank.get(placed.tpn, position)
    return f"{ordinal(rank)} in {name} ({ordinal(placed.rank)} overall, {points} points)"


def _span_label(name: str, first: int, last: int) -> str:
    places = ordinal(first) if first == last else f"{ordinal(first)}-{ordinal(last)}"
    return f"{places} place" if name == OVERALL else f"{name} {places}"


def placed_from_rows(rows: Iterable[tuple[int, str, int, HalfPoints]]) -> tuple[Placed, ...]:
    """:class:`Placed` lines from ``(tpn, name, rank, points)`` in standings order."""
    return tuple(Placed(tpn, name, rank, points) for tpn, name, rank, points in rows)
