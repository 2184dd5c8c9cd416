"""Options as the user gives them, and the random values of the ones left unset (C.02 Q25, Q30).

:class:`GeneratorOptions` holds what ``swissdesk generate`` was given (``None`` = not given);
:func:`resolve` turns it into complete :class:`~.settings.GeneratorSettings`, drawing every
unset option from ranges an arbiter would call ordinary (:data:`RANGES`). The draws use their
own generator seeded from the seed, apart from the tournament's: a value left unset and the
same value given explicitly produce the same tournament, so the command the file records
(every option written out) reproduces the file. The pairing system is the subject of the
test, not a parameter of chance: it is the Dutch system unless ``--system`` names another.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from functools import partial
from typing import Any, TypeVar

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.round_robin import (
    SCHEVENINGEN,
    RoundRobinSettings,
    cycles_from_rounds,
    is_round_robin,
    total_rounds,
)
from swissdesk.model.tournament import DOUBLE_SWISS
from swissdesk.tiebreaks.spec import tiebreak_problems
from swissdesk.verification.generator.quantities import Quantity
from swissdesk.verification.generator.ratings import RATING_FLOOR, RatingSpec
from swissdesk.verification.generator.settings import (
    EVENT_OPTIONS,
    UNUSUAL_RESULTS,
    GeneratorSettings,
)

T = TypeVar("T")

TIEBREAK_POOL: tuple[str, ...] = (
    "BH/C1", "BH", "BH/M1", "SB", "SB/C1", "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP",
    "ARO", "TPR", "PTP", "AOB", "FB", "KS", "STD",
)  # fmt: skip
"""Tie-breaks an unset ``--tiebreaks`` draws from (C.07 art. 6-10, each computed by swissdesk
and by FIDE's reference tie-break checker)."""

RANGES: dict[str, tuple[str, str]] = {
    "players": ("8", "120"),
    "rounds": ("3", "11, at most half the players"),
    "draw-rate": ("0.15", "0.45"),
    "withdraw-rate": ("0", "0.02 (none half the time)"),
    "late-entry-rate": ("0", "0.10 (none 7 times in 10)"),
    "full-byes": ("0%", "1% (none half the time)"),
    "half-byes": ("0%", "5% (none half the time)"),
    "zero-byes": ("0%", "3% (none half the time)"),
    "forfeit-wins": ("0%", "4% (none half the time)"),
    "double-forfeits": ("0%", "1% (none half the time)"),
    "half-zero": ("0%", "0.5% (none half the time)"),
    "zero-half": ("0%", "0.5% (none half the time)"),
    "zero-zero": ("0%", "0.5% (none half the time)"),
}
"""What an unset option is drawn from (shown by ``swissdesk generate --help``)."""

_EVENT_MAX_TENTHS = {
    "full_byes": 10,
    "half_byes": 50,
    "zero_byes": 30,
    "forfeit_wins": 40,
    "double_forfeits": 10,
    "half_zero": 5,
    "zero_half": 5,
    "zero_zero": 5,
}
"""Largest percentage an unset event is drawn with, in tenths of a percent."""

BAKU_SYSTEMS = frozenset({"dutch", "dubov", "burstein", "lim"})
"""Systems an unset ``--baku`` may switch acceleration on for."""


@dataclass(frozen=True, slots=True)
class GeneratorOptions:
    """The options of ``swissdesk generate``; ``None`` means not given."""

    seed: int
    system: str = "dutch"
    players: int | None = None
    rounds: int | None = None
    draw_rate: float | None = None
    withdraw_rate: float | None = None
    late_entry_rate: float | None = None
    forfeit_rate: float | None = None
    """Shorthand: a forfeit per game with this probability (85 % won by one player)."""
    bye_rate: float | None = None
    """Shorthand: a requested bye per player and round with this probability (3/4 half, the
    rest zero-point; no full-point bye, as before full-point byes could be asked for)."""
    full_byes: Quantity | None = None
    half_byes: Quantity | None = None
    zero_byes: Quantity | None = None
    forfeit_wins: Quantity | None = None
    double_forfeits: Quantity | None = None
    half_zero: Quantity | None = None
    zero_half: Quantity | None = None
    zero_zero: Quantity | None = None
    baku: bool | None = None
    tiebreaks: tuple[str, ...] | None = None
    ratings: RatingSpec | None = None
    cycles: int | None = None
    """A round robin: how often everyone meets (2: a double round robin)."""
    swap: bool | None = None
    """A round robin of more than one cycle: the last two rounds of cycle 1 reversed (GRC
    Annex 1's recommendation), or not."""

    def given(self) -> set[str]:
        """The options that were given (field names)."""
        return {f.name for f in fields(self) if getattr(self, f.name) is not None}


def resolve(options: GeneratorOptions, *, only: frozenset[str] | None = None) -> GeneratorSettings:
    """Complete settings: the given options, and a random value for each unset one.

    ``only`` limits the options a system's generator uses (the others are not drawn).
    """
    rng = random.Random(f"swissdesk generate options {options.seed}")
    drawn: list[str] = []

    def pick(name: str, value: T | None, draw: Callable[[], T]) -> T | None:
        if value is not None:
            return value
        if only is not None and name not in only:
            return None
        drawn.append(name.replace("_", "-"))
        return draw()

    # Every generator takes the number of players and rounds (a round robin's table gives
    # its rounds: 3 to 24 players, an even number in two teams for a Scheveningen).
    table = is_round_robin(options.system)
    players = options.players
    if players is None:
        drawn.append("players")
        if options.system == SCHEVENINGEN:
            players = 2 * rng.randint(2, 10)
        else:
            players = rng.randint(3, 24) if table else rng.randint(8, 120)
    top = min(11, max(3, players // 2))
    rounds = options.rounds
    if rounds is None and not table:
        drawn.append("rounds")
        rounds = rng.randint(min(5, top), top)
    cycles = 1
    swap = True
    if table:
        cycles_given = options.cycles
        if options.rounds is not None:  # rounds a whole number of cycles name the cycles
            made = cycles_from_rounds(options.system, players, options.rounds)
            per_cycle = total_rounds(options.system, players, RoundRobinSettings())
            if made is None or (cycles_given is not None and made != cycles_given):
                raise InputError(
                    _(
                        "a round robin of {players} players has {per_cycle} rounds per cycle: "
                        "--rounds {rounds} is not what its table gives (use --cycles)"
                    ).format(players=players, per_cycle=per_cycle, rounds=options.rounds)
                )
            cycles_given = made
        cycles = cycles_given if cycles_given is not None else rng.choice((1, 1, 2))
        swap = options.swap if options.swap is not None else rng.random() < 0.75
        for name, value in (("cycles", cycles_given), ("swap", options.swap)):
            if value is None:
                drawn.append(name)
        rounds = total_rounds(options.system, players, RoundRobinSettings(cycles, swap))
    assert rounds is not None
    settings = GeneratorSettings(
        players=players,
        rounds=rounds,
        seed=options.seed,
        system=options.system,
        cycles=cycles,
        swap_last_two=swap,
    )
    values: dict[str, Any] = {}
    values["draw_rate"] = pick("draw_rate", options.draw_rate, lambda: rng.randint(15, 45) / 100)
    values["withdraw_rate"] = pick(
        "withdraw_rate",
        options.withdraw_rate,
        lambda: 0.0 if rng.random() < 0.5 else rng.randint(5, 20) / 1000,
    )
    values["late_entry_rate"] = pick(
        "late_entry_rate",
        options.late_entry_rate,
        lambda: 0.0 if rng.random() < 0.7 else rng.randint(2, 10) / 100,
    )
    if options.forfeit_rate is not None:
        values["forfeit_rate"] = options.forfeit_rate
    if options.bye_rate is not None:
        values["bye_rate"] = options.bye_rate
    shorthand = {
        "full_byes": options.bye_rate,
        "half_byes": options.bye_rate,
        "zero_byes": options.bye_rate,
        "forfeit_wins": options.forfeit_rate,
        "double_forfeits": options.forfeit_rate,
    }
    for name, _option in EVENT_OPTIONS:
        given: Quantity | None = getattr(options, name)
        if given is None and shorthand.get(name) is not None:
            continue  # the rate given stands for it
        if given is None and options.system == DOUBLE_SWISS and name in UNUSUAL_RESULTS:
            values[name] = Quantity()
            continue
        values[name] = pick(name, given, partial(_event, rng, name))
    values["baku"] = pick(
        "baku",
        options.baku,
        lambda: options.system in BAKU_SYSTEMS and players >= 16 and rng.random() < 0.25,
    )
    values["tiebreaks"] = pick(
        "tiebreaks", options.tiebreaks, lambda: _tiebreaks(rng, options.system)
    )
    values["ratings"] = pick("ratings", options.ratings, lambda: _ratings(rng, players))
    values = {k: v for k, v in values.items() if v is not None}
    return replace(settings, drawn=tuple(drawn), **values)


def _event(rng: random.Random, name: str) -> Quantity:
    if rng.random() < 0.5:
        return Quantity(overall=0)
    tenths = rng.randint(1, _EVENT_MAX_TENTHS[name])
    return Quantity(overall=Fraction(tenths, 10))


def _tiebreaks(rng: random.Random, system: str = "dutch") -> tuple[str, ...]:
    """1 to 4 tie-breaks of the pool (a round robin's pool has no Buchholz, C.07 art. 8)."""
    pool = TIEBREAK_POOL
    if is_round_robin(system):
        pool = tuple(c for c in pool if not tiebreak_problems(system, [c]))
    return tuple(rng.sample(pool, rng.randint(1, 4)))


def _ratings(rng: random.Random, players: int) -> RatingSpec:
    shape = rng.random()
    if shape < 0.6:
        return RatingSpec("open", high=rng.randint(2000, 2750))
    if shape < 0.85:
        low = rng.randint(1400, 1900)
        return RatingSpec("range", low=low, high=low + rng.randint(300, 1200))
    high = rng.randint(2000, 2750)
    gap = min(rng.randint(5, 30), (high - RATING_FLOOR) // max(1, players - 1))
    if gap < 1:  # too many players for a gap within the range: an open instead
        return RatingSpec("open", high=high)
    return RatingSpec("gaps", low=RATING_FLOOR, high=high, gap=gap)
