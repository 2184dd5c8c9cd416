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

from swissdesk.i18n import _, ngettext
from swissdesk.model.tournament import HalfPoints, half_points_to_str
from swissdesk.prizes.categories import Category, Entrant, members, unknown_ages
from swissdesk.prizes.money import Currency, equal_shares, hort_shares
from swissdesk.prizes.plan import (
    OVERALL,
    Choice,
    Prize,
    PrizePlan,
    Sharing,
    ordinal,
    place_label,
    places_label,
)


@dataclass(frozen=True, slots=True)
class Placed:
    """One line of the final standings, as the prize list reads it: ``rank`` is the place
    after every tie-break (shared by players still equal: both are 3 in "3-4")."""

    tpn: int
    name: str
    rank: int
    points: HalfPoints


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a prize-winner stands in the prize's list: ``rank`` in the list (the category
    rank for a category), ``overall`` in the standings, with ``points``."""

    category: str
    rank: int
    overall: int
    points: HalfPoints

    def text(self) -> str:
        """"1st in the standings (5.0 points)", "1st in U1800 (4th overall, 4.5 points)",
        in the current language."""
        points = half_points_to_str(self.points)
        if self.category == OVERALL:
            return _("{ordinal} in the standings ({points} points)").format(
                ordinal=ordinal(self.overall), points=points
            )
        return _("{ordinal} in {category} ({overall} overall, {points} points)").format(
            ordinal=ordinal(self.rank), category=self.category, overall=ordinal(self.overall),
            points=points,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Tie:
    """Players tied on ``points`` for the places ``first``-``last`` of a list, of which
    ``first``-``prized_last`` carry prizes worth ``pool``, shared by ``sharing`` (``None``:
    nothing to share, the tie-breaks decided)."""

    points: HalfPoints
    first: int
    last: int
    prized_last: int
    pool: int
    money: Currency
    sharing: Sharing | None
    hort_percent: int = 50

    def text(self, others: Sequence[int] = ()) -> str:
        """The sharing in one sentence, in the current language: the group's ("tied on 4.0
        points for places 2-4: the money of places 2-4 (2,100 EUR) shared equally"), or one
        player's, naming the ``others`` it is shared with ("... for places 2-4 with TPN 5,
        7: ...")."""
        points = half_points_to_str(self.points)
        if self.sharing is None:
            return _("tied on {points} points; nothing to share").format(points=points)
        fields = {
            "points": points, "first": self.first, "last": self.last,
            "prized_last": self.prized_last, "money": self.money.text(self.pool, code=True),
            "percent": self.hort_percent, "others": ", ".join(str(t) for t in others),
        }  # fmt: skip
        one = self.first == self.prized_last
        hort = self.sharing is Sharing.HORT
        if not others:
            if one:
                text = (
                    _("tied on {points} points for places {first}-{last}: the money of place "
                      "{first} ({money}) shared by the Hort system ({percent} % shared)")
                    if hort else
                    _("tied on {points} points for places {first}-{last}: the money of place "
                      "{first} ({money}) shared equally")
                )  # fmt: skip
            else:
                text = (
                    _("tied on {points} points for places {first}-{last}: the money of places "
                      "{first}-{prized_last} ({money}) shared by the Hort system ({percent} % "
                      "shared)")
                    if hort else
                    _("tied on {points} points for places {first}-{last}: the money of places "
                      "{first}-{prized_last} ({money}) shared equally")
                )  # fmt: skip
        elif one:
            text = (
                _("tied on {points} points for places {first}-{last} with TPN {others}: the "
                  "money of place {first} ({money}) shared by the Hort system ({percent} % "
                  "shared)")
                if hort else
                _("tied on {points} points for places {first}-{last} with TPN {others}: the "
                  "money of place {first} ({money}) shared equally")
            )  # fmt: skip
        else:
            text = (
                _("tied on {points} points for places {first}-{last} with TPN {others}: the "
                  "money of places {first}-{prized_last} ({money}) shared by the Hort system "
                  "({percent} % shared)")
                if hort else
                _("tied on {points} points for places {first}-{last} with TPN {others}: the "
                  "money of places {first}-{prized_last} ({money}) shared equally")
            )  # fmt: skip
        return text.format(**fields)


@dataclass(frozen=True, slots=True)
class Award:
    """One line of the prize list: a prize (or a share of tied places' money) and who
    receives it. ``tpn`` is ``None`` for a prize not awarded; ``amount`` is the money paid
    (units of account, after sharing). Its words (:attr:`label`, :attr:`reason`,
    :attr:`tie`) are made when read, in the current language: the window's, a document's
    inside :func:`swissdesk.i18n.using_language`; the list itself is the same in every
    language."""

    category: str
    place: int
    tpn: int | None
    name: str
    amount: int
    item: str
    prize_index: int | None
    """The prize's index in the plan (``None``: a share of tied places' money only)."""
    prize_amount: int = 0
    """The prize's own money before sharing."""
    list_rank: int = 0
    """The winner's place in the prize's list (the category rank for a category prize)."""
    shared_with: tuple[int, ...] = ()
    """The other players of the tie group who share the money."""
    standing: Standing | None = None
    """Where the winner stands (``None``: not awarded)."""
    tie_group: Tie | None = None
    """The winner's tie on points, if any."""
    share_of: tuple[int, int] | None = None
    """A share without a prize of its own: the places (first, last) whose money it shares."""
    void: bool = False
    """Not awarded because the category has fewer players than the plan asks."""

    @property
    def awarded(self) -> bool:
        return self.tpn is not None

    @property
    def label(self) -> str:
        """The prize's name ("1st place", "U1800 2nd", "share of 3rd place")."""
        if self.share_of is None:
            return place_label(self.category, self.place)
        return share_label(places_label(self.category, *self.share_of))

    @property
    def reason(self) -> str:
        """Why, in the arbiter's words: "1st in the standings (5.0 points)", with the tie
        ("...; tied on 4.5 points for places 2-3 with TPN 7: ..."), or why not awarded."""
        if self.tpn is None or self.standing is None:
            if self.void:
                return _("not awarded: {category} has fewer players than the plan asks").format(
                    category=self.category
                )
            if self.category == OVERALL:
                return _("not awarded: no player left in the standings")
            return _("not awarded: no player left in {category}").format(category=self.category)
        where = self.standing.text()
        if self.tie_group is None:
            return where
        return f"{where}; {self.tie_group.text(self.shared_with)}"

    @property
    def tie(self) -> str:
        """The tie group's sharing in words, the same for each of its players ("tied on 4.0
        points for places 2-4: the money of places 2-4 (2,100 EUR) shared equally"); empty
        when nothing is shared."""
        if self.tie_group is None or self.tie_group.sharing is None:
            return ""
        return self.tie_group.text()


def share_label(places: str) -> str:
    """"share of 3rd place": a share of a prize's money without the prize."""
    return _("share of {prize}").format(prize=places)


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
    category: Category
    year: int | None
    """The event's year, for the age groups' birth years."""
    rows: tuple[CategoryRow, ...]
    given: bool
    """False when the category has fewer players than its ``min_players``."""

    @property
    def description(self) -> str:
        """The category's conditions in words, in the current language."""
        return self.category.describe(self.year)


@dataclass(frozen=True, slots=True)
class Remark:
    """One of the arbiter's notes under the prize list, kept as facts and worded when read
    (:meth:`text`, in the current language). ``kind``: ``few`` (a category with ``count``
    players, fewer than ``need``), ``empty`` (no player in ``category``), ``no_date`` or
    ``no_birth`` (``tpns`` not counted in an age group), ``withdrawn`` (``tpns`` win
    nothing), ``passed`` (``name``/``tpn`` takes ``prize`` rather than one of ``category``),
    ``twice`` (``name``/``tpn`` takes the share ``kept`` rather than ``instead``)."""

    kind: str
    category: str = ""
    count: int = 0
    need: int = 0
    tpns: tuple[int, ...] = ()
    name: str = ""
    tpn: int = 0
    prize: Prize | None = None
    kept: Award | None = None
    instead: Award | None = None

    def text(self) -> str:
        numbers = ", ".join(str(t) for t in self.tpns)
        if self.kind == "few":
            return ngettext(
                "{category}: {count} player, fewer than the {need} the plan asks for: its "
                "prizes are not given",
                "{category}: {count} players, fewer than the {need} the plan asks for: its "
                "prizes are not given",
                self.count,
            ).format(category=self.category, count=self.count, need=self.need)
        if self.kind == "empty":
            return _("{category}: no player in the category: its prizes are not awarded").format(
                category=self.category
            )
        if self.kind == "no_date":
            return _(
                "{category}: the event has no date for TPN {numbers}: not counted in the age "
                "group (check them)"
            ).format(category=self.category, numbers=numbers)
        if self.kind == "no_birth":
            return _(
                "{category}: no birth date for TPN {numbers}: not counted in the age group "
                "(check them)"
            ).format(category=self.category, numbers=numbers)
        if self.kind == "withdrawn":
            return _("withdrawn players win no prize (the event's rules): TPN {numbers}").format(
                numbers=numbers
            )
        if self.kind == "passed" and self.prize is not None:
            prize = self.prize.label()
            if self.category == OVERALL:
                return _(
                    "{name} (TPN {tpn}) takes {prize} rather than a prize of the standings "
                    "(one prize per player)"
                ).format(name=self.name, tpn=self.tpn, prize=prize)
            return _(
                "{name} (TPN {tpn}) takes {prize} rather than a prize of {category} (one prize "
                "per player)"
            ).format(name=self.name, tpn=self.tpn, prize=prize, category=self.category)
        if self.kind == "twice" and self.kept is not None and self.instead is not None:
            return _(
                "{name} (TPN {tpn}) takes a {kept} rather than a {other} (one prize per player)"
            ).format(name=self.name, tpn=self.tpn, kept=self.kept.label, other=self.instead.label)
        raise ValueError(f"no words for a remark of kind {self.kind!r}")


@dataclass(frozen=True, slots=True)
class PrizeList:
    """The prize list of a plan: the awards in the plan's order (a tie's extra shares
    right after the prize they share), the category standings and the arbiter's notes
    (:attr:`remarks`, worded when read: :attr:`notes`)."""

    plan: PrizePlan
    awards: tuple[Award, ...]
    categories: tuple[CategoryStandings, ...]
    remarks: tuple[Remark, ...] = ()
    after_round: int = 0
    names: Mapping[int, str] = field(default_factory=dict)

    @property
    def notes(self) -> tuple[str, ...]:
        """The arbiter's notes in the current language."""
        return tuple(r.text() for r in self.remarks)

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
        out.append(CategoryStandings(cat.name, cat, year, tuple(ranked), given))
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
    notes: list[Remark] = []

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
            notes.append(Remark("few", name, count=len(cs.rows), need=need))
        elif not cs.rows:
            notes.append(Remark("empty", name))
    for cat in plan.categories:
        unknown = unknown_ages(cat, entrants.values(), day)
        if unknown:
            kind = "no_date" if day is None else "no_birth"
            notes.append(Remark(kind, cat.name, tpns=tuple(sorted(unknown))))
    if not rules.withdrawn_eligible:
        out = [p.tpn for p in standings if not eligible(p)]
        if out:
            notes.append(Remark("withdrawn", tpns=tuple(out)))

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

    def share(excluded: Mapping[str, set[int]]) -> tuple[dict[int, list[Award]], list[Remark]]:
        rows: dict[int, list[Award]] = {}
        notes: list[Remark] = []
        for name, indices in lists.items():
            cat_rank = (
                {r.placed.tpn: r.rank for r in by_name[name].rows} if name != OVERALL else {}
            )
            if name in void:
                for index in indices:
                    prize = plan.prizes[index]
                    rows.setdefault(index, []).append(_unawarded(index, prize, void=True))
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
                notes.append(
                    Remark("passed", name, name=names.get(p.tpn, str(p.tpn)), tpn=p.tpn,
                           prize=plan.prizes[won[p.tpn]])
                )  # fmt: skip
            groups = _tie_groups(occupants, rules.sharing)
            for start, group in groups:
                if start >= given:
                    break
                positions = range(start, start + len(group))
                own = [prizes[k].amount if k < given else 0 for k in positions]
                pool = sum(own)
                if len(group) == 1 or pool == 0:
                    shares = own
                    how: Sharing | None = None
                elif rules.sharing is Sharing.HORT:
                    shares = hort_shares(own, rules.hort_percent, rules.round_to)
                    how = Sharing.HORT
                else:
                    shares = equal_shares(pool, len(group), rules.round_to)
                    how = Sharing.EQUAL
                first, last = start + 1, start + len(group)
                prized_last = min(last, given)
                tie = (
                    Tie(group[0].points, first, last, prized_last, pool, money, how,
                        rules.hort_percent)
                    if len(group) > 1 else None
                )  # fmt: skip
                for k, placed in zip(positions, group, strict=True):
                    standing = Standing(
                        name, cat_rank.get(placed.tpn, k + 1), placed.rank, placed.points
                    )
                    others = tuple(q.tpn for q in group if q.tpn != placed.tpn)
                    if k < given:
                        index = indices[k]
                        prize = plan.prizes[index]
                        rows.setdefault(index, []).append(
                            Award(
                                category=name,
                                place=prize.place,
                                tpn=placed.tpn,
                                name=placed.name,
                                amount=shares[k - start],
                                item=prize.item,
                                prize_index=index,
                                prize_amount=prize.amount,
                                list_rank=cat_rank.get(placed.tpn, placed.rank),
                                shared_with=others if how else (),
                                standing=standing,
                                tie_group=tie,
                            )
                        )
                    elif shares[k - start]:
                        # tied with the last prize-winner: a share, no prize of its own
                        base = indices[given - 1]
                        rows.setdefault(base, []).append(
                            Award(
                                category=name,
                                place=k + 1,
                                tpn=placed.tpn,
                                name=placed.name,
                                amount=shares[k - start],
                                item="",
                                prize_index=None,
                                list_rank=cat_rank.get(placed.tpn, placed.rank),
                                shared_with=others,
                                standing=standing,
                                tie_group=tie,
                                share_of=(first, prized_last),
                            )
                        )
            for k in range(given, len(indices)):
                index = indices[k]
                rows.setdefault(index, []).append(_unawarded(index, plan.prizes[index]))

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
                        Remark("twice", name=award.name, tpn=tpn, kept=keep, instead=award)
                    )
    notes.extend(passed_notes)
    awards = tuple(a for index in range(len(plan.prizes)) for a in rows.get(index, []))
    return PrizeList(
        plan=plan,
        awards=awards,
        categories=cats,
        remarks=tuple(notes),
        after_round=after_round,
        names=names,
    )


def _unawarded(index: int, prize: Prize, *, void: bool = False) -> Award:
    return Award(
        category=prize.category,
        place=prize.place,
        tpn=None,
        name="",
        amount=0,
        item=prize.item,
        prize_index=index,
        prize_amount=prize.amount,
        void=void,
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


def placed_from_rows(rows: Iterable[tuple[int, str, int, HalfPoints]]) -> tuple[Placed, ...]:
    """:class:`Placed` lines from ``(tpn, name, rank, points)`` in standings order."""
    return tuple(Placed(tpn, name, rank, points) for tpn, name, rank, points in rows)
