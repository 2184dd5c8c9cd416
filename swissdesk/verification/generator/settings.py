"""What a random tournament is made of: :class:`GeneratorSettings`, every option decided.

The command line leaves options unset; :mod:`.options` draws those at random from the seed
and hands a complete :class:`GeneratorSettings` to the generation, and
:meth:`GeneratorSettings.command_line` writes every value into the file, so that the
``swissdesk generate`` line in the file gives the same file again.

Programs and tests may build settings directly: the per-round *rates* (``bye_rate``,
``forfeit_rate``) then stand for the requested byes and forfeits that the explicit quantities
(``half_byes``, ``forfeit_wins``, ...) leave unset: a requested bye is a half-point bye three
times in four and a zero-point bye otherwise, a forfeit a forfeit win 85 % of the time and a
double forfeit otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.round_robin import MAX_CYCLES, SCHEVENINGEN, is_round_robin
from swissdesk.model.tournament import DOUBLE_SWISS
from swissdesk.tiebreaks.spec import parse_tiebreak, tiebreak_problems
from swissdesk.verification.generator.quantities import Quantity
from swissdesk.verification.generator.ratings import RatingSpec

DEFAULT_RATINGS = RatingSpec("open", high=2400)
"""Ratings when a program gives none: an open whose top is 2400."""

EVENT_OPTIONS: tuple[tuple[str, str], ...] = (
    ("full_byes", "full-byes"),
    ("half_byes", "half-byes"),
    ("zero_byes", "zero-byes"),
    ("forfeit_wins", "forfeit-wins"),
    ("double_forfeits", "double-forfeits"),
    ("half_zero", "half-zero"),
    ("zero_half", "zero-half"),
    ("zero_zero", "zero-zero"),
)
"""The event quantities: field name and command-line option."""

UNUSUAL_RESULTS = ("half_zero", "zero_half", "zero_zero")


@dataclass(frozen=True, slots=True)
class GeneratorSettings:
    """Every parameter of one random tournament (rates are probabilities from 0 to 1)."""

    players: int
    rounds: int
    seed: int
    system: str = "dutch"
    draw_rate: float = 0.3
    """Draw probability between equally rated players (less when the ratings differ)."""
    forfeit_rate: float = 0.02
    """Probability that a game is forfeited, where ``forfeit_wins``/``double_forfeits`` are
    not given."""
    bye_rate: float = 0.03
    """Probability that a player asks for a bye in a round, where ``half_byes``/``zero_byes``
    are not given."""
    withdraw_rate: float = 0.01
    """Probability that a player withdraws before a round (from round 2 on)."""
    late_entry_rate: float = 0.0
    """Probability that a player arrives late: absent (zero-point bye) until a round drawn
    between 2 and the middle of the tournament."""
    full_byes: Quantity | None = None
    half_byes: Quantity | None = None
    zero_byes: Quantity | None = None
    forfeit_wins: Quantity | None = None
    """Games one player wins by forfeit (``+`` against ``-``)."""
    double_forfeits: Quantity | None = None
    """Games both players lose by forfeit (``-`` against ``-``)."""
    half_zero: Quantity | None = None
    """Games that end ½-0 (White scores ½, Black nothing)."""
    zero_half: Quantity | None = None
    zero_zero: Quantity | None = None
    baku: bool = False
    """Baku acceleration (C.04.7 art. 1)."""
    tiebreaks: tuple[str, ...] = ()
    """Written as records 202 and 212; the rank column follows them."""
    ratings: RatingSpec = field(default=DEFAULT_RATINGS)
    cycles: int = 1
    """A round robin: how often everyone meets (its rounds follow from the table)."""
    swap_last_two: bool = True
    """A round robin: the last two rounds of a cycle but the last reversed (GRC Annex 1)."""
    drawn: tuple[str, ...] = ()
    """The options that were left unset and drawn at random (recorded in the file)."""

    @property
    def draw_percent(self) -> int:
        return round(self.draw_rate * 100)

    def quantity(self, name: str) -> Quantity:
        """The amount of event ``name`` (a field of :data:`EVENT_OPTIONS`), rates standing in
        for the ones not given."""
        value: Quantity | None = getattr(self, name)
        if value is not None:
            return value
        bye, forfeit = Fraction(str(self.bye_rate)), Fraction(str(self.forfeit_rate))
        share = {
            "half_byes": bye * Fraction(3, 4),
            "zero_byes": bye * Fraction(1, 4),
            "forfeit_wins": forfeit * Fraction(85, 100),
            "double_forfeits": forfeit * Fraction(15, 100),
        }.get(name)
        if not share:
            return Quantity()
        return Quantity(every_round=share * 100)

    def validate(self) -> None:
        """Refuse settings no tournament can have, with a message for the arbiter."""
        if not 2 <= self.players <= 9999:
            raise InputError(
                _("--players must be between 2 and 9999, not {players}").format(
                    players=self.players
                )
            )
        if not 1 <= self.rounds <= 99:
            raise InputError(
                _("--rounds must be between 1 and 99, not {rounds}").format(rounds=self.rounds)
            )
        for name in ("draw_rate", "forfeit_rate", "bye_rate", "withdraw_rate", "late_entry_rate"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                flag = "--" + name.replace("_", "-")
                raise InputError(
                    _("{option} must be between 0 and 1, not {value}").format(
                        option=flag, value=value
                    )
                )
        for name, option in EVENT_OPTIONS:
            quantity: Quantity | None = getattr(self, name)
            if quantity is not None:
                quantity.validate(option, self.rounds)
        if self.system == DOUBLE_SWISS and any(
            not self.quantity(n).is_zero for n in UNUSUAL_RESULTS
        ):
            raise InputError(
                _(
                    "--half-zero, --zero-half and --zero-zero are single-game results; a "
                    "Double-Swiss match has two games (leave them out with --system double-swiss)"
                )
            )
        for code in self.tiebreaks:
            if code.strip().upper() != "PTS":
                parse_tiebreak(code)
        problems = tiebreak_problems(self.system, list(self.tiebreaks))
        if problems:
            raise InputError(problems[0])
        if is_round_robin(self.system):
            if not 1 <= self.cycles <= MAX_CYCLES:
                raise InputError(
                    _("--cycles must be between 1 and {most}, not {cycles}").format(
                        most=MAX_CYCLES, cycles=self.cycles
                    )
                )
            if self.system == SCHEVENINGEN and self.players % 2:
                raise InputError(
                    _("a Scheveningen event has two teams of the same size: an even --players")
                )
            if self.system != SCHEVENINGEN and self.players < 3:
                raise InputError(
                    _("a round robin has at least 3 players, not {players}").format(
                        players=self.players
                    )
                )
        self.ratings.validate(self.players)

    def command_line(self) -> str:
        """The ``swissdesk generate`` command that reproduces this tournament exactly."""
        if is_round_robin(self.system):  # the options a round robin takes
            return " ".join(
                [
                    f"swissdesk generate --system {self.system} --players {self.players}",
                    f"--cycles {self.cycles}",
                    "--swap" if self.swap_last_two else "--no-swap",
                    f"--seed {self.seed} --draw-rate {self.draw_rate:g}",
                    f"--withdraw-rate {self.withdraw_rate:g}",
                    f"--forfeit-wins {self.quantity('forfeit_wins').text}",
                    f"--double-forfeits {self.quantity('double_forfeits').text}",
                    *(
                        f"--{option} {self.quantity(name).text}"
                        for name, option in EVENT_OPTIONS
                        if name in UNUSUAL_RESULTS
                    ),
                    f"--tiebreaks {','.join(self.tiebreaks) or 'none'}",
                    f"--ratings {self.ratings.text}",
                ]
            )
        parts = [
            f"swissdesk generate --system {self.system} --players {self.players}",
            f"--rounds {self.rounds} --seed {self.seed}",
            f"--draw-rate {self.draw_rate:g}",
            f"--withdraw-rate {self.withdraw_rate:g}",
            f"--late-entry-rate {self.late_entry_rate:g}",
        ]
        for name, option in EVENT_OPTIONS:
            parts.append(f"--{option} {self.quantity(name).text}")
        parts.append("--baku" if self.baku else "--no-baku")
        parts.append(f"--tiebreaks {','.join(self.tiebreaks) or 'none'}")
        parts.append(f"--ratings {self.ratings.text}")
        return " ".join(parts)
