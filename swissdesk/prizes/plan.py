"""The prize plan: categories, prizes and the event's rules, as the arbiter reuses it.

A plan is plain data (frozen dataclasses) and has one written form, a mapping of strings,
numbers, booleans and lists (:func:`plan_to_mapping`, :func:`plan_from_mapping`): the
TOML file the arbiter keeps (:mod:`swissdesk.prizes.tomlfile`) and the JSON a tournament
file stores are that mapping. Every plan read from anywhere goes through
:func:`plan_from_mapping`, which refuses what is not a plan with a sentence naming the
place (``prize 3: ...``).

Amounts in the written form are in currency units (``500``, ``"12.50"``); in the plan they
are whole numbers of the unit of account (:mod:`swissdesk.prizes.money`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from swissdesk.errors import InputError
from swissdesk.i18n import _, pgettext
from swissdesk.prizes.categories import (
    FEMALE,
    MALE,
    RATINGS,
    TOURNAMENT_RATING,
    AgeCount,
    Category,
    Unrated,
)
from swissdesk.prizes.money import MAX_DECIMALS, Currency

FORMAT_VERSION = 1
"""The written form's version (``version = 1`` at the top of a plan file)."""
OVERALL = ""
"""The ``category`` of a prize for a place in the standings themselves."""


class Sharing(enum.Enum):
    """How tied players share the money of the places they occupy."""

    EQUAL = "equal"
    """The prizes of the places the tied players occupy are added up and divided equally."""
    HORT = "hort"
    """The Hort system: each keeps ``100 - hort_percent`` per cent of their own place's
    prize; ``hort_percent`` per cent of every place's prize is divided equally."""
    NONE = "none"
    """Not shared: the tie-breaks decide (players tied even after them share equally)."""


class Choice(enum.Enum):
    """Which prize a player qualifying for several takes, when each wins only one."""

    VALUE = "value"
    """The most valuable (money plus the item's value); equal values: the plan's order."""
    ORDER = "order"
    """The first in the plan's order of prizes (the arbiter's order of priority)."""


@dataclass(frozen=True, slots=True)
class Prize:
    """One prize: a place (1, 2, ...) in the standings or in a category's standings,
    worth ``amount`` (units of account) and/or an ``item`` (a trophy, a book), whose
    ``item_value`` only serves to compare prizes."""

    place: int
    category: str = OVERALL
    amount: int = 0
    item: str = ""
    item_value: int = 0

    @property
    def value(self) -> int:
        return self.amount + (self.item_value if self.item else 0)

    def label(self) -> str:
        """"1st place", "U1800 2nd", in the current language ("1. Platz", "U1800, 2. Platz")."""
        return place_label(self.category, self.place)


@dataclass(frozen=True, slots=True)
class PrizeRules:
    """The event's rules for the prize list."""

    one_per_player: bool = True
    choose: Choice = Choice.VALUE
    sharing: Sharing = Sharing.EQUAL
    hort_percent: int = 50
    """The per cent of each place's prize that goes into the tied players' common pot
    (the Hort system's own figure is 50)."""
    round_to: int = 1
    """The paying unit, in units of account: every share is a multiple of it."""
    currency: str = ""
    decimals: int = 0
    """Decimals of the unit of account (0: amounts count whole currency units)."""
    withdrawn_eligible: bool = True
    """Whether a player who withdrew can still win a prize (the event's rules decide)."""

    @property
    def money(self) -> Currency:
        return Currency(self.currency, self.decimals)


@dataclass(frozen=True, slots=True)
class PrizePlan:
    """Categories, prizes in the arbiter's order of priority, and the rules."""

    categories: tuple[Category, ...] = ()
    prizes: tuple[Prize, ...] = ()
    rules: PrizeRules = field(default_factory=PrizeRules)

    @property
    def is_empty(self) -> bool:
        return not self.categories and not self.prizes

    def category(self, name: str) -> Category | None:
        key = name.strip().casefold()
        return next((c for c in self.categories if c.name.casefold() == key), None)

    @property
    def fund(self) -> int:
        """Every money prize added up (units of account)."""
        return sum(p.amount for p in self.prizes)

    def lists(self) -> dict[str, list[int]]:
        """Each prize list (``""``: the standings, else a category name) with the indices
        of its prizes in ``prizes``, by place."""
        out: dict[str, list[int]] = {}
        for i, prize in enumerate(self.prizes):
            out.setdefault(prize.category, []).append(i)
        for indices in out.values():
            indices.sort(key=lambda i: self.prizes[i].place)
        return out


def ordinal(n: int) -> str:
    """The place ``n`` as an ordinal in the current language: 1st, 2nd, 3rd, 4th, 11th, 21st
    in English; 1er, 2e in French, 1. in German, 1-е in Russian...

    Ordinals have their own plural rules (CLDR's "ordinal" rules: English one/two/few/other
    by the last digits), which gettext's counted forms do not express and which this layer
    may not ask Babel for; so the English rule picks one of four messages ("{n}st", "{n}nd",
    "{n}rd", "{n}th", context "ordinal") and each language writes its ordinal in each of the
    four, most the same way (German "{n}." in all four); "1st" alone is a fifth message for
    the languages whose first differs from 21st (French "1er", but "21e"). Every ordinal
    stands before the word "place" (a prize, a rank), so the languages that decline it agree
    with that word (Russian neuter "1-е место", docs/translations/glossary.md)."""
    if n == 1:
        return pgettext("ordinal", "1st")
    if 10 <= n % 100 <= 20:
        return pgettext("ordinal", "{n}th").format(n=n)
    last = n % 10
    if last == 1:
        return pgettext("ordinal", "{n}st").format(n=n)
    if last == 2:
        return pgettext("ordinal", "{n}nd").format(n=n)
    if last == 3:
        return pgettext("ordinal", "{n}rd").format(n=n)
    return pgettext("ordinal", "{n}th").format(n=n)


def place_label(category: str, place: int) -> str:
    """A prize's name: "1st place" in the standings, "U1800 2nd" in a category (the
    category's name as the plan writes it), in the current language."""
    if category == OVERALL:
        return pgettext("prize", "{ordinal} place").format(ordinal=ordinal(place))
    return pgettext("prize", "{category} {ordinal}").format(
        category=category, ordinal=ordinal(place)
    )


def places_label(category: str, first: int, last: int) -> str:
    """The places ``first``-``last`` of a list as a prize's name ("2nd-3rd place", "U1800
    1st-2nd"; one place: :func:`place_label`), in the current language."""
    if first == last:
        return place_label(category, first)
    if category == OVERALL:
        return pgettext("prize", "{first}-{last} place").format(
            first=ordinal(first), last=ordinal(last)
        )
    return pgettext("prize", "{category} {first}-{last}").format(
        category=category, first=ordinal(first), last=ordinal(last)
    )


# ---------------------------------------------------------------------------------------
# Checking a plan


def plan_problems(plan: PrizePlan) -> list[str]:
    """Why ``plan`` cannot be used (empty: it can), each a sentence naming the place, in the
    current language (the plan file's keys, ``round_to``, ``rating_from``..., as written)."""
    out: list[str] = []
    rules = plan.rules
    if not 0 <= rules.decimals <= MAX_DECIMALS:
        out.append(_("rules: decimals must be 0 to {most}").format(most=MAX_DECIMALS))
    if rules.round_to < 1:
        out.append(_("rules: round_to must be more than 0"))
    if not 0 <= rules.hort_percent <= 100:
        out.append(_("rules: hort_percent must be 0 to 100"))
    seen: set[str] = set()
    for n, cat in enumerate(plan.categories, start=1):
        where = (
            _("category {number} ({name})").format(number=n, name=repr(cat.name))
            if cat.name.strip() else _("category {number}").format(number=n)
        )  # fmt: skip
        key = cat.name.strip().casefold()
        if not key:
            out.append(_("{where}: it has no name").format(where=where))
        elif key in {"overall", "standings"}:
            out.append(_("{where}: the name is kept for the standings themselves").format(where=where))
        elif key in seen:
            out.append(_("{where}: another category has the same name").format(where=where))
        seen.add(key)
        if cat.name != cat.name.strip():
            out.append(_("{where}: the name starts or ends with a space").format(where=where))
        for attr in ("rating_from", "rating_below", "unrated_as", "age_under", "age_from",
                     "min_players"):  # fmt: skip
            if getattr(cat, attr) < 0:
                out.append(_("{where}: {key} is negative").format(where=where, key=attr))
        if cat.rating_from and cat.rating_below and cat.rating_from >= cat.rating_below:
            out.append(_("{where}: rating_from must be below rating_below").format(where=where))
        if cat.age_under and cat.age_from and cat.age_from >= cat.age_under:
            out.append(_("{where}: age_from must be below age_under").format(where=where))
        if cat.rating not in RATINGS:
            out.append(
                _("{where}: rating must be one of {values}").format(
                    where=where, values=", ".join(RATINGS)
                )
            )
        if cat.sex not in ("", FEMALE, MALE):
            out.append(_("{where}: sex must be F or M").format(where=where))
        if cat.unrated is Unrated.COUNT_AS and cat.unrated_as <= 0:
            out.append(
                _("{where}: unrated players must be counted as a rating above 0").format(
                    where=where
                )
            )
    places: dict[str, list[int]] = {}
    for n, prize in enumerate(plan.prizes, start=1):
        where = (
            _("prize {number} ({prize})").format(number=n, prize=prize.label())
            if prize.place > 0 else _("prize {number}").format(number=n)
        )  # fmt: skip
        if prize.category != OVERALL and plan.category(prize.category) is None:
            out.append(
                _("{where}: there is no category {name}").format(
                    where=where, name=repr(prize.category)
                )
            )
        if prize.place < 1:
            out.append(_("{where}: the place must be 1 or more").format(where=where))
        if prize.amount < 0 or prize.item_value < 0:
            out.append(_("{where}: an amount is negative").format(where=where))
        if prize.amount == 0 and not prize.item.strip():
            out.append(_("{where}: it has neither an amount nor an item").format(where=where))
        if rules.round_to >= 1 and prize.amount % rules.round_to:
            out.append(
                _("{where}: {amount} is not a multiple of the paying unit {unit} (round_to)")
                .format(
                    where=where, amount=rules.money.text(prize.amount),
                    unit=rules.money.text(rules.round_to),
                )
            )  # fmt: skip
        if prize.item_value and not prize.item.strip():
            out.append(_("{where}: item_value is set but there is no item").format(where=where))
        canonical = plan.category(prize.category)
        places.setdefault(canonical.name if canonical else prize.category, []).append(prize.place)
    for name, numbers in places.items():
        listed = ", ".join(str(p) for p in sorted(numbers))
        if sorted(numbers) != list(range(1, len(numbers) + 1)):
            out.append(
                _(
                    "the standings: the prizes' places must be 1, 2, 3, ... each once (the "
                    "plan has {places})"
                ).format(places=listed)
                if name == OVERALL else
                _(
                    "category {name}: the prizes' places must be 1, 2, 3, ... each once (the "
                    "plan has {places})"
                ).format(name=repr(name), places=listed)
            )  # fmt: skip
    return out


def check_plan(plan: PrizePlan) -> PrizePlan:
    """``plan`` if it can be used, else :class:`InputError` listing every problem."""
    problems = plan_problems(plan)
    if problems:
        raise InputError(
            _("the prize plan cannot be used: {problems}").format(problems="; ".join(problems))
        )
    return plan


# ---------------------------------------------------------------------------------------
# The written form


_RULE_KEYS = ("one_per_player", "choose", "sharing", "hort_percent", "round_to", "currency",
              "decimals", "withdrawn_eligible")  # fmt: skip
_CATEGORY_KEYS = tuple(f.name for f in fields(Category))
_PRIZE_KEYS = ("category", "place", "amount", "item", "item_value")


def plan_to_mapping(plan: PrizePlan) -> dict[str, Any]:
    """The plan's written form (what a plan file holds): only what differs from the
    defaults, amounts in currency units."""
    money = plan.rules.money
    defaults = PrizeRules()
    rules: dict[str, Any] = {
        "one_per_player": plan.rules.one_per_player,
        "choose": plan.rules.choose.value,
        "sharing": plan.rules.sharing.value,
    }
    if plan.rules.sharing is Sharing.HORT or plan.rules.hort_percent != defaults.hort_percent:
        rules["hort_percent"] = plan.rules.hort_percent
    if plan.rules.currency:
        rules["currency"] = plan.rules.currency
    if plan.rules.decimals:
        rules["decimals"] = plan.rules.decimals
    rules["round_to"] = money.write(plan.rules.round_to)
    if plan.rules.withdrawn_eligible != defaults.withdrawn_eligible:
        rules["withdrawn_eligible"] = plan.rules.withdrawn_eligible
    categories = []
    for cat in plan.categories:
        entry: dict[str, Any] = {"name": cat.name}
        for f in fields(Category):
            value = getattr(cat, f.name)
            if f.name == "name" or value == f.default:
                continue
            if f.name == "unrated":
                continue
            entry[f.name] = value.value if isinstance(value, enum.Enum) else (
                list(value) if isinstance(value, tuple) else value
            )
        if cat.unrated is Unrated.COUNT_AS:
            entry["unrated"] = cat.unrated_as
            entry.pop("unrated_as", None)
        elif cat.unrated is not Unrated.EXCLUDE:
            entry["unrated"] = cat.unrated.value
            entry.pop("unrated_as", None)
        categories.append(entry)
    prizes = []
    for prize in plan.prizes:
        written: dict[str, Any] = {}
        if prize.category != OVERALL:
            written["category"] = prize.category
        written["place"] = prize.place
        if prize.amount:
            written["amount"] = money.write(prize.amount)
        if prize.item:
            written["item"] = prize.item
        if prize.item_value:
            written["item_value"] = money.write(prize.item_value)
        prizes.append(written)
    out: dict[str, Any] = {"version": FORMAT_VERSION, "rules": rules}
    if categories:
        out["category"] = categories
    if prizes:
        out["prize"] = prizes
    return out


def plan_from_mapping(data: Mapping[str, Any]) -> PrizePlan:
    """The plan a written form describes; :class:`InputError` naming every problem."""
    if not isinstance(data, Mapping):
        raise InputError(_("a prize plan is a table of rules, categories and prizes"))
    _unknown(data, ("version", "rules", "category", "prize"), _("the plan"))
    version = data.get("version", FORMAT_VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version > FORMAT_VERSION:
        raise InputError(
            _(
                "the plan's version {version!r} is newer than this swissdesk reads (version "
                "{FORMAT_VERSION}): update swissdesk"
            ).format(version=version, FORMAT_VERSION=FORMAT_VERSION)
        )
    rules = _rules(_table(data.get("rules", {}), "rules"))
    money = rules.money
    categories = tuple(
        _category(
            _table(entry, _("category {number}").format(number=n)),
            _("category {number}").format(number=n),
        )
        for n, entry in enumerate(_list(data.get("category", []), "category"), start=1)
    )
    plan = PrizePlan(categories=categories, rules=rules)
    prizes = []
    for n, entry in enumerate(_list(data.get("prize", []), "prize"), start=1):
        where = _("prize {number}").format(number=n)
        prize = _prize(_table(entry, where), where, money)
        category = plan.category(prize.category) if prize.category else None
        if category is not None:  # the category's own spelling ("u1800" -> "U1800")
            prize = replace(prize, category=category.name)
        prizes.append(prize)
    return check_plan(replace(plan, prizes=tuple(prizes)))


def _unknown(table: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    extra = [str(k) for k in table if k not in known]
    if extra:
        raise InputError(
            _(
                "{where}: unknown keys {extra} (known: {known})"
            ).format(
                where=where,
                extra=', '.join(extra),
                known=', '.join(known),
            )
        )


def _table(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InputError(_("{where} must be a table of keys and values").format(where=where))
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise InputError(_("{where} must be a list ([[{where}]] tables)").format(where=where))
    return list(value)


def _int(table: Mapping[str, Any], key: str, where: str, default: int) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(_(
                             "{where}: {key} must be a whole number, not {value!r}"
                         ).format(where=where, key=key, value=value))
    return value


def _bool(table: Mapping[str, Any], key: str, where: str, default: bool) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise InputError(_(
                             "{where}: {key} must be true or false, not {value!r}"
                         ).format(where=where, key=key, value=value))
    return value


def _str(table: Mapping[str, Any], key: str, where: str, default: str = "") -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        raise InputError(_(
                             "{where}: {key} must be text, not {value!r}"
                         ).format(where=where, key=key, value=value))
    return value


def _strings(table: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise InputError(_(
                             "{where}: {key} must be a list of texts"
                         ).format(where=where, key=key))
    return tuple(v.strip() for v in value if v.strip())


_E = Any


def _choice(table: Mapping[str, Any], key: str, where: str, kind: type[_E], default: _E) -> _E:
    value = table.get(key, default.value)
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(repr(m.value) for m in kind)
        raise InputError(_(
                             "{where}: {key} must be one of {names}, not {value!r}"
                         ).format(where=where, key=key, names=names, value=value)) from None


def _rules(table: Mapping[str, Any]) -> PrizeRules:
    where = "rules"
    _unknown(table, _RULE_KEYS, where)
    defaults = PrizeRules()
    decimals = _int(table, "decimals", where, 0)
    if not 0 <= decimals <= MAX_DECIMALS:
        raise InputError(_(
                             "{where}: decimals must be 0 to {MAX_DECIMALS}"
                         ).format(where=where, MAX_DECIMALS=MAX_DECIMALS))
    currency = _str(table, "currency", where).strip()
    money = Currency(currency, decimals)
    round_to = money.parse(table.get("round_to", 1), f"{where}: round_to")
    return PrizeRules(
        one_per_player=_bool(table, "one_per_player", where, defaults.one_per_player),
        choose=_choice(table, "choose", where, Choice, defaults.choose),
        sharing=_choice(table, "sharing", where, Sharing, defaults.sharing),
        hort_percent=_int(table, "hort_percent", where, defaults.hort_percent),
        round_to=round_to,
        currency=currency,
        decimals=decimals,
        withdrawn_eligible=_bool(table, "withdrawn_eligible", where, defaults.withdrawn_eligible),
    )


def _category(table: Mapping[str, Any], where: str) -> Category:
    _unknown(table, _CATEGORY_KEYS, where)
    name = _str(table, "name", where)
    if name.strip():
        where = _("{where} ({name})").format(where=where, name=repr(name.strip()))
    unrated_value = table.get("unrated", Unrated.EXCLUDE.value)
    unrated_as = 0
    if isinstance(unrated_value, int) and not isinstance(unrated_value, bool):
        unrated, unrated_as = Unrated.COUNT_AS, unrated_value
        if "unrated_as" in table:
            raise InputError(_(
                                 "{where}: give unrated as a rating or unrated_as, not both"
                             ).format(where=where))
    else:
        unrated = _choice(table, "unrated", where, Unrated, Unrated.EXCLUDE)
        unrated_as = _int(table, "unrated_as", where, 0)
    sex = _str(table, "sex", where).strip().upper()
    if sex in ("W", "WOMEN", "WOMAN", "FEMALE"):
        sex = FEMALE
    elif sex in ("MEN", "MAN", "MALE"):
        sex = MALE
    return Category(
        name=name.strip(),
        rating_from=_int(table, "rating_from", where, 0),
        rating_below=_int(table, "rating_below", where, 0),
        rating=_str(table, "rating", where, TOURNAMENT_RATING).strip().lower(),
        unrated=unrated,
        unrated_as=unrated_as,
        age_under=_int(table, "age_under", where, 0),
        age_from=_int(table, "age_from", where, 0),
        age_count=_choice(table, "age_count", where, AgeCount, AgeCount.FIDE),
        sex=sex,
        federations=tuple(f.upper() for f in _strings(table, "federations", where)),
        clubs=_strings(table, "clubs", where),
        ticked=_bool(table, "ticked", where, False),
        min_players=_int(table, "min_players", where, 0),
    )


def _prize(table: Mapping[str, Any], where: str, money: Currency) -> Prize:
    _unknown(table, _PRIZE_KEYS, where)
    if "place" not in table:
        raise InputError(_(
                             "{where}: place is missing (1 for the first prize of its list)"
                         ).format(where=where))
    amount = money.parse(table["amount"], f"{where}: amount") if "amount" in table else 0
    item_value = (
        money.parse(table["item_value"], f"{where}: item_value") if "item_value" in table else 0
    )
    return Prize(
        place=_int(table, "place", where, 1),
        category=_str(table, "category", where).strip(),
        amount=amount,
        item=_str(table, "item", where).strip(),
        item_value=item_value,
    )
