"""Money as whole numbers: amounts, shares among tied players, and how they are rounded.

Every amount is an ``int`` counting the plan's *unit of account*: the currency itself
(``decimals = 0``, the default: 500 is 500 EUR) or its hundredths (``decimals = 2``: 50000
is 500.00 EUR). No float ever holds money. A prize plan also names the *paying unit*
(``round_to``, in units of account): the smallest amount paid out, 1 EUR, or 5 CHF where
the organiser pays in notes.

How shares are rounded (:func:`round_shares`): the exact shares (fractions) are rounded
down to the paying unit; the units this leaves of the pooled fund are given one by one to
the shares that lost most in rounding (the *largest remainder*, Hamilton's method), equal
remainders to the better-placed player first. So the shares of a pool always add up to the
pool exactly, each differs from its exact value by less than one paying unit, and players
sharing equally receive amounts at most one paying unit apart. Every prize amount of a
plan is a multiple of the paying unit (the plan is refused otherwise), so every pool is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from swissdesk.errors import InputError
from swissdesk.i18n import _, format_money, number_symbols

MAX_DECIMALS = 3


@dataclass(frozen=True, slots=True)
class Currency:
    """How amounts are written: the currency's code and the decimals of the unit of
    account (0: amounts count whole currency units)."""

    code: str = ""
    decimals: int = 0

    @property
    def per_unit(self) -> int:
        """Units of account in one currency unit (1, 10, 100 or 1000)."""
        return int(10**self.decimals)

    def text(self, amount: int, *, code: bool = False) -> str:
        """``amount`` (units of account) as a person reads it in the current language
        (:func:`swissdesk.i18n.format_money`): ``1,250`` or ``1,250.50`` in English,
        ``1.250,50`` in German; with ``code`` the currency where the language writes it
        (``1,250 EUR``, ``1 250 EUR`` in French, ``EUR 1.250`` in Dutch). For files:
        :meth:`plain`."""
        value = Decimal(amount).scaleb(-self.decimals)
        return format_money(value, self.decimals, self.code if code else "")

    def plain(self, amount: int) -> str:
        """``amount`` without thousands separators (``1250.50``): for CSV and TOML."""
        sign = "-" if amount < 0 else ""
        whole, part = divmod(abs(amount), self.per_unit)
        return f"{sign}{whole}.{part:0{self.decimals}d}" if self.decimals else f"{sign}{whole}"

    def parse_typed(self, text: str, what: str = "amount") -> int:
        """An amount typed by the arbiter: as :meth:`parse`, and ``25,50`` (a decimal
        comma, as most of Europe writes it) is 25.50, never 2,550. What :meth:`text`
        showed reads back as the same amount in the current language: its spaces
        (``1 500``), its code (``1.500 CHF``), and in a language grouping with a dot
        (German, Italian, ...) ``1.500`` is fifteen hundred and ``1.500,50`` fifteen
        hundred and a half, never 1.5; a dot followed by other than three digits stays a
        decimal point (``12.50``)."""
        typed = "".join(c for c in text if not c.isspace())
        if self.code and typed.upper().startswith(self.code.upper()):
            typed = typed[len(self.code):]
        elif self.code and typed.upper().endswith(self.code.upper()):
            typed = typed[: -len(self.code)]
        decimal_sign, group_sign = number_symbols()
        if "," in typed and "." in typed:
            # both signs: the last one written is the decimal sign, the other groups
            point = "." if typed.rfind(".") > typed.rfind(",") else ","
            typed = typed.replace("," if point == "." else ".", "").replace(point, ".")
        elif group_sign == "." and re.fullmatch(r"\d{1,3}(\.\d{3})+", typed):
            typed = typed.replace(".", "")
        elif self.decimals and re.fullmatch(rf"\d+,\d{{1,{self.decimals}}}", typed):
            typed = typed.replace(",", ".")
        elif decimal_sign == "," and self.decimals and re.fullmatch(r"\d+,\d+", typed):
            # the reader's decimal comma: "1,500" is 1.5 to a German (finer than the unit
            # of account: refused by parse), never fifteen hundred
            typed = typed.replace(",", ".")
        return self.parse(typed or text, what)

    def parse(self, value: object, what: str = "amount") -> int:
        """An amount written in currency units (``500``, ``"12.50"``) in units of account.

        A whole number or a decimal written as text; a floating-point number is refused
        (its value is not exact), and so is a decimal finer than the unit of account.
        """
        if isinstance(value, bool):
            raise InputError(_(
                                 "{what}: {value!r} is not an amount"
                             ).format(what=what, value=value))
        if isinstance(value, int):
            if value < 0:
                raise InputError(_("{what}: {value} is negative").format(what=what, value=value))
            return value * self.per_unit
        if isinstance(value, float):
            raise InputError(
                _(
                    "{what}: {value!r} is a floating-point number; write it as text "
                    "(\"{value}\") or as a whole number"
                ).format(what=what, value=value)
            )
        if not isinstance(value, str):
            raise InputError(_(
                                 "{what}: {value!r} is not an amount"
                             ).format(what=what, value=value))
        text = value.strip().replace("_", "").replace(",", "").replace("'", "")
        whole, dot, part = text.partition(".")
        if not whole.isdigit() or (dot and not part.isdigit()):
            raise InputError(_(
                                 "{what}: {value!r} is not an amount (e.g. 500 or \"12.50\")"
                             ).format(what=what, value=value))
        digits = part.rstrip("0")
        if len(digits) > self.decimals:
            raise InputError(
                _(
                    "{what}: {value!r} has more decimals than the plan's unit of account "
                    "(decimals = {decimals})"
                ).format(what=what, value=value, decimals=self.decimals)
            )
        return int(whole) * self.per_unit + int((digits or "0").ljust(self.decimals, "0") or 0)

    def write(self, amount: int) -> int | str:
        """``amount`` for a prize plan file: a whole number when it is whole, else text."""
        whole, part = divmod(amount, self.per_unit)
        return whole if part == 0 else self.plain(amount)


def round_shares(exact: Sequence[Fraction], unit: int) -> list[int]:
    """The exact shares of one pool rounded to multiples of ``unit`` (largest remainder).

    ``exact`` is in standings order (better-placed first) and adds up to a multiple of
    ``unit`` (the pool). The result adds up to the pool exactly; each share is its exact
    value rounded down or up to the paying unit.
    """
    if unit < 1:
        raise ValueError(_("the paying unit must be at least 1"))
    total = sum(exact, Fraction(0))
    if total.denominator != 1 or int(total) % unit:
        raise ValueError(_(
                             "the shares add up to {total}, not a multiple of {unit}"
                         ).format(total=total, unit=unit))
    floors = [int(x // unit) * unit for x in exact]
    left = (int(total) - sum(floors)) // unit
    by_loss = sorted(range(len(exact)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in by_loss[:left]:
        floors[i] += unit
    return floors


def equal_shares(pool: int, count: int, unit: int) -> list[int]:
    """``pool`` shared equally by ``count`` players (standings order), in paying units."""
    return round_shares([Fraction(pool, count)] * count, unit)


def hort_exact(own: Sequence[int], shared_percent: int) -> list[Fraction]:
    """The Hort system's exact shares: each tied player keeps ``100 - shared_percent`` per
    cent of the prize of their own place (0 beyond the last prize); ``shared_percent`` per
    cent of every place's prize goes into one pot, divided equally among the tied players.
    The shares add up to the prizes of the places the tied players occupy."""
    count = len(own)
    pot = Fraction(sum(own) * shared_percent, 100)
    return [Fraction(a * (100 - shared_percent), 100) + pot / count for a in own]


def hort_shares(own: Sequence[int], shared_percent: int, unit: int) -> list[int]:
    """:func:`hort_exact` rounded to the paying unit (:func:`round_shares`)."""
    return round_shares(hort_exact(own, shared_percent), unit)
