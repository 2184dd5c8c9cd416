"""The ratings of a random tournament's players (C.02 checklist Q26-29).

``--ratings`` takes one of these forms, and the file records the form used:

=======================  ======================================================================
``2450,2310,0,1980``     given by the user, one per player (0: unrated); players are numbered
                         by rating, strongest first, as C.04.2 art. 2.2 numbers them
``1400-2600``            drawn at random, uniformly, between the two
``1400-2600/25``         a range with gaps: from 2600 down, every player 25 points below the
                         previous one (the field must fit in the range)
``open:2650``            drawn at random like a real open: the given top, the field in a bell
                         about 450 points below it, never under FIDE's floor of 1400
=======================  ======================================================================
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from swissdesk.errors import InputError
from swissdesk.i18n import _

RATING_FLOOR = 1400
"""The lowest published FIDE rating since 1 March 2024 (FIDE Rating Regulations B.02)."""

MAX_RATING = 9999
"""What the TRF's rating columns (49-52) hold."""

_RANGE = re.compile(r"^(\d{1,4})-(\d{1,4})(?:/(\d{1,4}))?$")


@dataclass(frozen=True, slots=True)
class RatingSpec:
    """How the ratings are made: ``kind`` is ``"list"``, ``"range"``, ``"gaps"`` or ``"open"``."""

    kind: str
    values: tuple[int, ...] = ()
    low: int = 0
    high: int = 0
    gap: int = 0

    @property
    def text(self) -> str:
        """The ``--ratings`` form that gives this spec back."""
        if self.kind == "list":
            return ",".join(map(str, self.values))
        if self.kind == "range":
            return f"{self.low}-{self.high}"
        if self.kind == "gaps":
            return f"{self.low}-{self.high}/{self.gap}"
        return f"open:{self.high}"

    def validate(self, players: int) -> None:
        """Refuse a spec that cannot rate ``players`` players."""
        if self.kind == "list" and len(self.values) != players:
            raise InputError(
                "--ratings: "
                + _("{count} ratings given for {players} players (give one per player)").format(
                    count=len(self.values), players=players
                )
            )
        if self.kind == "gaps" and self.high - self.gap * (players - 1) < self.low:
            raise InputError(
                "--ratings: "
                + _(
                    "{players} players {gap} points apart do not fit between {low} and {high}"
                ).format(players=players, gap=self.gap, low=self.low, high=self.high)
            )

    def draw(self, players: int, rng: random.Random) -> list[int]:
        """``players`` ratings, strongest first (unrated players, 0, last)."""
        self.validate(players)
        if self.kind == "list":
            values = list(self.values)
        elif self.kind == "range":
            values = [rng.randint(self.low, self.high) for _ in range(players)]
        elif self.kind == "gaps":
            values = [self.high - i * self.gap for i in range(players)]
        else:
            values = [self.high] + [self._open_rating(rng) for _ in range(players - 1)]
        return sorted(values, reverse=True)

    def _open_rating(self, rng: random.Random) -> int:
        """One rating of an open's field: a bell 450 points under the top (sigma 220), drawn
        again above the top (a few tries), never under the floor."""
        for _try in range(8):
            value = round(rng.gauss(self.high - 450, 220))
            if value <= self.high:
                return max(RATING_FLOOR, value)
        return self.high


def parse_ratings(text: str) -> RatingSpec:
    """Read a ``--ratings`` form (see the module docstring)."""
    raw = text.strip().lower().replace(" ", "")
    if raw.startswith("open:"):
        top = _rating(raw[5:], text)
        if top < RATING_FLOOR:
            raise InputError(
                "--ratings: "
                + _("the top of an open must be at least {floor}").format(floor=RATING_FLOOR)
            )
        return RatingSpec("open", high=top)
    match = _RANGE.match(raw)
    if match:
        low, high = int(match.group(1)), int(match.group(2))
        if low > high:
            raise InputError(
                "--ratings: "
                + _("the range {low}-{high} is in the wrong order").format(low=low, high=high)
            )
        if match.group(3) is None:
            return RatingSpec("range", low=low, high=high)
        gap = int(match.group(3))
        if gap < 1:
            raise InputError("--ratings: " + _("the gap between two ratings must be at least 1"))
        return RatingSpec("gaps", low=low, high=high, gap=gap)
    values = tuple(_rating(part, text) for part in raw.split(",") if part)
    if not values:
        raise InputError("--ratings: " + _("no rating given"))
    return RatingSpec("list", values=values)


def _rating(text: str, whole: str) -> int:
    if not text.isdigit() or int(text) > MAX_RATING:
        raise InputError(
            "--ratings: "
            + _(
                "{value} is not a list of ratings (2450,2310,...), a range (1400-2600), a range "
                "with gaps (1400-2600/25) or open:TOP"
            ).format(value=repr(whole))
        )
    return int(text)
