"""How many of one kind of event a random tournament gets: a count or a percentage, for the
whole tournament, for every round, or for named rounds (C.02 checklist Q24).

The text forms, as ``swissdesk generate`` takes them and writes them back:

=================  ==========================================================================
``12``             12 in the whole tournament, spread over the rounds at random
``2.5%``           2.5 % of the whole tournament's units (player-rounds for byes, games for
                   results), spread over the rounds at random
``2/round``        2 in every round
``5%/round``       5 % of every round's units
``3:2,5-7:10%``    2 in round 3 and 10 % of the units of each of rounds 5 to 7; none elsewhere
``0``              none
=================  ==========================================================================

A percentage of a round's units is a whole number drawn so that its expectation is exact
(``5 %`` of 30 players is 1 or 2, 2 half the time). Counts are capped by what a round can
hold (the players still free, the games not yet given another result).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

from swissdesk.errors import InputError
from swissdesk.i18n import _

Amount = int | Fraction
"""A count (``int``) or a percentage (``Fraction``, 0 to 100)."""

_AMOUNT = re.compile(r"^(\d+(?:\.\d+)?)(%?)$")
_ROUNDS = re.compile(r"^(\d+)(?:-(\d+))?$")


@dataclass(frozen=True, slots=True)
class Quantity:
    """One event kind's amount (see the module docstring). Exactly one way is used:
    ``overall``, ``every_round`` or ``by_round``; all empty means none."""

    overall: Amount | None = None
    every_round: Amount | None = None
    by_round: tuple[tuple[int, int, Amount], ...] = ()
    """``(first round, last round, amount per round)``."""

    @property
    def is_zero(self) -> bool:
        amounts = [self.overall, self.every_round, *(a for _, _, a in self.by_round)]
        return all(a is None or a == 0 for a in amounts)

    @property
    def text(self) -> str:
        """The form :func:`parse_quantity` reads back to this quantity."""
        if self.overall is not None:
            return _amount_text(self.overall)
        if self.every_round is not None:
            return _amount_text(self.every_round) + "/round"
        if self.by_round:
            return ",".join(
                f"{a}{'' if a == b else f'-{b}'}:{_amount_text(v)}" for a, b, v in self.by_round
            )
        return "0"

    def validate(self, name: str, rounds: int) -> None:
        """Refuse rounds outside the tournament; percentages above 100."""
        for _first, _last, amount in self.by_round:
            _check_amount(name, amount)
        for whole in (self.overall, self.every_round):
            if whole is not None:
                _check_amount(name, whole)
        for first, last, _amount in self.by_round:
            if not 1 <= first <= last <= rounds:
                raise InputError(
                    f"--{name}: "
                    + _("rounds {first}-{last} are outside the tournament's 1-{rounds}").format(
                        first=first, last=last, rounds=rounds
                    )
                )

    def per_round(self, rounds: int, units_per_round: int, rng: random.Random) -> list[Amount]:
        """The amount for each round 1..``rounds`` (index 0 = round 1).

        A whole-tournament amount is spread now: a percentage of ``units_per_round`` x
        ``rounds`` units becomes a count, and each unit of a count goes to a round drawn at
        random.
        """
        plan: list[Amount] = [0] * rounds
        if self.every_round is not None:
            plan = [self.every_round] * rounds
        for first, last, amount in self.by_round:
            for r in range(first, last + 1):
                plan[r - 1] = amount
        if self.overall is not None:
            total = (
                self.overall
                if isinstance(self.overall, int)
                else draw_count(self.overall, units_per_round * rounds, rng)
            )
            counts = [0] * rounds
            for _unit in range(total):
                counts[rng.randrange(rounds)] += 1
            plan = list(counts)
        return plan


def draw_count(amount: Amount, units: int, rng: random.Random) -> int:
    """A count for ``units`` units: a count as it is (capped), a percentage rounded at random
    so that its expectation is exact."""
    if isinstance(amount, int):
        return min(amount, units)
    exact = amount * units / 100
    whole = int(exact)
    fraction = exact - whole
    if fraction and rng.random() < fraction:
        whole += 1
    return min(whole, units)


def draw_counts(amounts: list[Amount], units: int, rng: random.Random) -> list[int]:
    """Counts for several kinds of event sharing ``units`` units (the players of a round, its
    games), in order, never more than ``units`` in all.

    Percentages are rounded together (systematic sampling: one random offset for all), so each
    count keeps its exact expectation and shares that add up to 100 % take every unit.
    """
    offset = Fraction(rng.random())
    cumulative = Fraction(0)
    previous = 0
    counts: list[int] = []
    for amount in amounts:
        if isinstance(amount, int):
            count = amount
        else:
            cumulative += amount * units / 100
            reached = int(cumulative + offset)
            count, previous = reached - previous, reached
        counts.append(max(0, min(count, units - sum(counts))))
    return counts


def parse_quantity(text: str, name: str = "quantity") -> Quantity:
    """Read the forms of the module docstring; :class:`InputError` names the option."""
    raw = text.strip().lower().replace(" ", "")
    if not raw:
        raise InputError(
            f"--{name}: " + _("give a count (12), a percentage (2.5%) or a list (3:2)")
        )
    for suffix in ("/round", "/r", "perround"):
        if raw.endswith(suffix):
            return Quantity(every_round=_parse_amount(raw[: -len(suffix)], name, text))
    if ":" not in raw:
        return Quantity(overall=_parse_amount(raw, name, text))
    items: list[tuple[int, int, Amount]] = []
    for part in raw.split(","):
        rounds_text, colon, amount_text = part.partition(":")
        match = _ROUNDS.match(rounds_text)
        if not colon or not match:
            raise InputError(
                f"--{name}: "
                + _(
                    "{value} is not ROUND:AMOUNT or FIRST-LAST:AMOUNT (like 3:2 or 5-7:10%)"
                ).format(value=repr(part))
            )
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if last < first:
            raise InputError(
                f"--{name}: "
                + _("rounds {first}-{last} are in the wrong order").format(first=first, last=last)
            )
        items.append((first, last, _parse_amount(amount_text, name, text)))
    return Quantity(by_round=tuple(items))


def _parse_amount(text: str, name: str, whole: str) -> Amount:
    match = _AMOUNT.match(text)
    if not match:
        raise InputError(
            f"--{name}: "
            + _(
                "{value} is not a count (12), a percentage (2.5%), N/round, P%/round or a list "
                "of ROUND:AMOUNT"
            ).format(value=repr(whole))
        )
    number, percent = match.groups()
    if percent:
        value = Fraction(number)
        _check_amount(name, value)
        return value
    if "." in number:
        raise InputError(
            f"--{name}: "
            + _("a count is a whole number, not {value} (or add %)").format(value=repr(number))
        )
    return int(number)


def _check_amount(name: str, amount: Amount) -> None:
    if isinstance(amount, Fraction) and not 0 <= amount <= 100:
        raise InputError(
            f"--{name}: "
            + _("a percentage is between {low} and {high}, not {amount}").format(
                low="0%", high="100%", amount=f"{amount}%"
            )
        )
    if isinstance(amount, int) and amount < 0:
        raise InputError(f"--{name}: " + _("a count cannot be negative"))


def _amount_text(amount: Amount) -> str:
    if isinstance(amount, int):
        return str(amount)
    if amount.denominator == 1:
        return f"{amount.numerator}%"
    return f"{float(amount):g}%"


NONE = Quantity()
"""No event of that kind."""
