"""Random tournament generator, in the manner of FIDE's RTG (C.04.A art. A.5).

Ratings are drawn like a real open's (a strong top, most players in a bell around a club
level), every round is paired with the chosen engine, and results follow the Elo expectation
of the rating difference (with a small White advantage) and a draw rate. Requested half- and
zero-point byes, forfeits and withdrawals are drawn at the rates asked for. Everything comes
from one seeded random generator, and the seed is written into the file (name record 012 and
a ``###`` comment) so that a run can be reproduced exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from swissdesk.engines.base import PairingEngine, PairingError
from swissdesk.errors import InputError, NoPairingError
from swissdesk.model.tournament import (
    DOUBLE_SWISS,
    DOUBLE_SWISS_SCORING,
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
    TournamentInfo,
    double_swiss_match,
)

WHITE_ADVANTAGE = 35
"""Elo points added to White's rating when drawing a result."""


@dataclass(frozen=True, slots=True)
class GeneratorSettings:
    """What to generate; rates are probabilities between 0 and 1."""

    players: int
    rounds: int
    seed: int
    system: str = "dutch"
    draw_rate: float = 0.3
    """Draw probability between equally rated players (less when the ratings differ)."""
    forfeit_rate: float = 0.02
    """Probability that a game is forfeited."""
    bye_rate: float = 0.03
    """Probability that a player asks for a bye (half-point or zero-point) in a round."""
    withdraw_rate: float = 0.01
    """Probability that a player withdraws before a round (from round 2 on)."""
    late_entry_rate: float = 0.0
    """Probability that a player arrives late: absent (zero-point bye) until a round drawn
    between 2 and the middle of the tournament."""

    def validate(self) -> None:
        """Refuse settings no tournament can have, with a message for the arbiter."""
        if not 2 <= self.players <= 9999:
            raise InputError(f"--players must be between 2 and 9999, not {self.players}")
        if not 1 <= self.rounds <= 99:
            raise InputError(f"--rounds must be between 1 and 99, not {self.rounds}")
        for name in ("draw_rate", "forfeit_rate", "bye_rate", "withdraw_rate", "late_entry_rate"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                flag = "--" + name.replace("_", "-")
                raise InputError(f"{flag} must be between 0 and 1, not {value}")

    def command_line(self) -> str:
        """The ``swissdesk generate`` command that reproduces this tournament."""
        return (
            f"swissdesk generate --system {self.system} --players {self.players} "
            f"--rounds {self.rounds} --seed {self.seed} --draw-rate {self.draw_rate} "
            f"--forfeit-rate {self.forfeit_rate} --bye-rate {self.bye_rate} "
            f"--withdraw-rate {self.withdraw_rate}"
            + (f" --late-entry-rate {self.late_entry_rate}" if self.late_entry_rate else "")
        )


def draw_ratings(rng: random.Random, n: int) -> list[int]:
    """``n`` ratings, strongest first: a top between 2000 and 2750, the field in a bell
    roughly 450 points below it (never under 1000)."""
    top = rng.randint(2000, 2750)
    centre = top - 450
    ratings = [top]
    for _ in range(n - 1):
        value = round(rng.gauss(centre, 220))
        ratings.append(max(1000, min(top, value)))
    return sorted(ratings, reverse=True)


def expected_score(white: int, black: int) -> float:
    """White's Elo expectation (FIDE rating curve, logistic form), White advantage included."""
    return float(1.0 / (1.0 + 10.0 ** ((black - (white + WHITE_ADVANTAGE)) / 400.0)))


def draw_result(
    rng: random.Random, white: int, black: int, draw_rate: float
) -> tuple[ResultCode, ResultCode]:
    """Results of White and Black for one played game."""
    expected = expected_score(white, black)
    draw = draw_rate * (1.0 - abs(2.0 * expected - 1.0))
    white_wins = max(0.0, expected - draw / 2.0)
    u = rng.random()
    if u < white_wins:
        return ResultCode.WIN, ResultCode.LOSS
    if u < white_wins + draw:
        return ResultCode.DRAW, ResultCode.DRAW
    return ResultCode.LOSS, ResultCode.WIN


def generate_tournament(settings: GeneratorSettings, engine: PairingEngine) -> Tournament:
    """A complete random tournament paired round by round with ``engine``."""
    settings.validate()
    rng = random.Random(settings.seed)
    ratings = draw_ratings(rng, settings.players)
    initial = rng.choice((Colour.WHITE, Colour.BLACK))
    n = settings.players
    # Late entries are drawn only when asked for, so other seeds reproduce as before.
    arrival: dict[int, int] = {}
    if settings.late_entry_rate and settings.rounds > 1:
        latest = max(2, (settings.rounds + 1) // 2)
        for tpn in range(1, n + 1):
            if rng.random() < settings.late_entry_rate:
                arrival[tpn] = rng.randint(2, latest)
    history: dict[int, list[RoundEntry]] = {tpn: [] for tpn in range(1, n + 1)}
    withdrawn: set[int] = set()
    players = [
        Player(tpn=tpn, name=f"Random{tpn:04d}, Player", rating=ratings[tpn - 1])
        for tpn in range(1, n + 1)
    ]
    base = Tournament(
        players=tuple(players),
        total_rounds=settings.rounds,
        initial_colour=initial,
        system=settings.system,
        scoring=DOUBLE_SWISS_SCORING if settings.system == DOUBLE_SWISS else ScoringSystem(),
        info=TournamentInfo(
            name=f"swissdesk random tournament (seed {settings.seed})",
            tournament_type=f"Swiss system ({settings.system}), randomly generated",
        ),
        extra_records=(f"### {settings.command_line()}",),
    )
    for r in range(1, settings.rounds + 1):
        for tpn in range(1, n + 1):
            if tpn in withdrawn or r < arrival.get(tpn, 1):
                history[tpn].append(RoundEntry.bye(ResultCode.ZERO_POINT_BYE))
            elif r > 1 and rng.random() < settings.withdraw_rate:
                withdrawn.add(tpn)
                history[tpn].append(RoundEntry.bye(ResultCode.ZERO_POINT_BYE))
            elif rng.random() < settings.bye_rate:
                kind = (
                    ResultCode.HALF_POINT_BYE if rng.random() < 0.75 else ResultCode.ZERO_POINT_BYE
                )
                history[tpn].append(RoundEntry.bye(kind))
        snapshot = base.with_players(
            Player(tpn=p.tpn, name=p.name, rating=p.rating, rounds=tuple(history[p.tpn]))
            for p in players
        )
        try:
            pairing = engine.pair(snapshot, r)
        except PairingError as exc:
            raise NoPairingError(
                f"round {r} of the random tournament (seed {settings.seed}) cannot be paired: {exc}"
            ) from None
        for pair in pairing.pairs:
            w, b = pair.white, pair.black
            if settings.system == DOUBLE_SWISS:
                history[w].append(_match(rng, settings, ratings, w, b, base.scoring))
                history[b].append(_reversed_match(history[w][-1], w, base.scoring))
                continue
            if rng.random() < settings.forfeit_rate:
                if rng.random() < 0.15:
                    res_w, res_b = ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS
                elif rng.random() < 0.5:
                    res_w, res_b = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
                else:
                    res_w, res_b = ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN
            else:
                res_w, res_b = draw_result(rng, ratings[w - 1], ratings[b - 1], settings.draw_rate)
            history[w].append(RoundEntry(b, Colour.WHITE, res_w))
            history[b].append(RoundEntry(w, Colour.BLACK, res_b))
        if pairing.bye is not None:
            history[pairing.bye].append(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))
        for tpn in range(1, n + 1):
            if len(history[tpn]) < r:
                # Neither paired nor excused: the engine left the player out.
                history[tpn].append(RoundEntry.bye(ResultCode.NOT_PAIRED))
    points = {tpn: sum(base.entry_points(e) for e in history[tpn]) for tpn in history}
    order = sorted(history, key=lambda tpn: (-points[tpn], tpn))
    rank = {tpn: i for i, tpn in enumerate(order, start=1)}
    final = [
        Player(
            tpn=p.tpn,
            name=p.name,
            rating=p.rating,
            rounds=tuple(history[p.tpn]),
            declared_points=points[p.tpn],
            declared_rank=rank[p.tpn],
        )
        for p in players
    ]
    return base.with_players(final)


def _match(
    rng: random.Random,
    settings: GeneratorSettings,
    ratings: list[int],
    white: int,
    black: int,
    scoring: ScoringSystem,
) -> RoundEntry:
    """A Double-Swiss match from White-of-game-1's side (C.04.5): two games with reversed
    colours; with the forfeit rate a whole match or (as often) one single game is forfeited."""
    first = draw_result(rng, ratings[white - 1], ratings[black - 1], settings.draw_rate)[0]
    second = draw_result(rng, ratings[black - 1], ratings[white - 1], settings.draw_rate)[1]
    if rng.random() < settings.forfeit_rate:
        if rng.random() < 0.5:
            lost = rng.random() < 0.5
            code = ResultCode.FORFEIT_LOSS if lost else ResultCode.FORFEIT_WIN
            first = second = code
        else:
            first = ResultCode.FORFEIT_WIN if rng.random() < 0.5 else ResultCode.FORFEIT_LOSS
    other = tuple(_OPPOSITE[g] for g in (first, second))
    opponent_points = scoring.points(other[0]) + scoring.points(other[1])
    return double_swiss_match(black, Colour.WHITE, (first, second), scoring, opponent_points)


_OPPOSITE = {
    ResultCode.WIN: ResultCode.LOSS,
    ResultCode.LOSS: ResultCode.WIN,
    ResultCode.DRAW: ResultCode.DRAW,
    ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
    ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
}


def _reversed_match(entry: RoundEntry, opponent: int, scoring: ScoringSystem) -> RoundEntry:
    """The same match from the other player's side (Black in game 1)."""
    codes = tuple(_OPPOSITE[g.result] for g in entry.games)
    first, second = codes
    return double_swiss_match(opponent, Colour.BLACK, (first, second), scoring, entry.game_points)
