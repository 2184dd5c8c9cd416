"""Random individual Swiss tournaments, in the manner of FIDE's RTG (C.04.A art. A.5; C.02
checklist Q22-32).

Ratings come from :class:`~.ratings.RatingSpec`; every round is paired with the chosen engine
(Baku acceleration, C.04.7, when asked); before a round the requested byes (full-, half- and
zero-point), withdrawals and late arrivals are set, after it the forfeits (won by one player,
or lost by both) and the unusual results (½-0, 0-½, 0-0) are given to games drawn at random,
and every other game gets a result drawn from FIDE's rating table (:mod:`.results`). Finally
the rank column is computed by the tie-break list the file declares (records 202 and 212), so
that the file passes ``swissdesk check``. Everything comes from one generator seeded with
``settings.seed``, and the settings are written into the file as the command that reproduces
it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from swissdesk.engines.acceleration import with_baku_acceleration
from swissdesk.engines.base import Pair, PairingEngine, PairingError, reason
from swissdesk.errors import NoPairingError
from swissdesk.i18n import gettext
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
from swissdesk.tiebreaks.standings import POINTS_CODE, compute_standings
from swissdesk.verification.generator.quantities import Amount, draw_counts
from swissdesk.verification.generator.results import draw_result
from swissdesk.verification.generator.settings import EVENT_OPTIONS, GeneratorSettings

_BYES = (
    ("full_byes", ResultCode.FULL_POINT_BYE),
    ("half_byes", ResultCode.HALF_POINT_BYE),
    ("zero_byes", ResultCode.ZERO_POINT_BYE),
)
_GAME_EVENTS: tuple[tuple[str, ResultCode, ResultCode], ...] = (
    ("forfeit_wins", ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    ("double_forfeits", ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
    ("half_zero", ResultCode.DRAW, ResultCode.LOSS),
    ("zero_half", ResultCode.LOSS, ResultCode.DRAW),
    ("zero_zero", ResultCode.LOSS, ResultCode.LOSS),
)
"""Results given to chosen games: the event, White's result, Black's result (a forfeit win
goes to White or Black at random)."""

MIN_TO_PAIR = 2
"""Requested byes never leave fewer players than this to be paired in a round."""


def generate_tournament(settings: GeneratorSettings, engine: PairingEngine) -> Tournament:
    """A complete random tournament paired round by round with ``engine``."""
    settings.validate()
    rng = random.Random(settings.seed)
    n, total = settings.players, settings.rounds
    ratings = settings.ratings.draw(n, rng)
    initial = rng.choice((Colour.WHITE, Colour.BLACK))
    # Late entries are drawn only when asked for, so that other settings keep their stream.
    arrival: dict[int, int] = {}
    if settings.late_entry_rate and total > 1:
        latest = max(2, (total + 1) // 2)
        for tpn in range(1, n + 1):
            if rng.random() < settings.late_entry_rate:
                arrival[tpn] = rng.randint(2, latest)
    plans: dict[str, list[Amount]] = {
        name: settings.quantity(name).per_round(total, n if name.endswith("byes") else n // 2, rng)
        for name, _ in EVENT_OPTIONS
    }
    double_swiss = settings.system == DOUBLE_SWISS
    players = [
        Player(tpn=tpn, name=f"Random{tpn:04d}, Player", rating=ratings[tpn - 1])
        for tpn in range(1, n + 1)
    ]
    base = Tournament(
        players=tuple(players),
        total_rounds=total,
        initial_colour=initial,
        system=settings.system,
        scoring=DOUBLE_SWISS_SCORING if double_swiss else ScoringSystem(),
        tiebreaks=settings.tiebreaks,
        info=TournamentInfo(
            name=f"swissdesk random tournament (seed {settings.seed})",
            tournament_type=f"Swiss system ({settings.system}), randomly generated",
        ),
        extra_records=_records(settings),
    )
    if settings.baku:
        base = with_baku_acceleration(base)
    history: dict[int, list[RoundEntry]] = {tpn: [] for tpn in range(1, n + 1)}
    withdrawn: set[int] = set()
    for r in range(1, total + 1):
        for tpn in range(1, n + 1):
            if tpn in withdrawn or r < arrival.get(tpn, 1):
                history[tpn].append(RoundEntry.bye(ResultCode.ZERO_POINT_BYE))
            elif r > 1 and rng.random() < settings.withdraw_rate:
                withdrawn.add(tpn)
                history[tpn].append(RoundEntry.bye(ResultCode.ZERO_POINT_BYE))
        free = [tpn for tpn in range(1, n + 1) if len(history[tpn]) < r]
        counts = draw_counts([plans[name][r - 1] for name, _ in _BYES], len(free), rng)
        for (_, code), count in zip(_BYES, counts, strict=True):
            count = min(count, len(free) - MIN_TO_PAIR)
            for tpn in sorted(rng.sample(free, max(0, count))):
                history[tpn].append(RoundEntry.bye(code))
                free.remove(tpn)
        snapshot = base.with_players(replace(p, rounds=tuple(history[p.tpn])) for p in players)
        try:
            pairing = engine.pair(snapshot, r)
        except PairingError as exc:
            raise NoPairingError(
                gettext(
                    "round {round} of the random tournament (seed {seed}) cannot be paired: "
                    "{reason}"
                ).format(round=r, seed=settings.seed, reason=reason(exc))
            ) from None
        given = _game_events(rng, plans, r, pairing.pairs)
        for index, pair in enumerate(pairing.pairs):
            w, b = pair.white, pair.black
            event = given.get(index)
            if double_swiss:
                white, black = _match(rng, settings, ratings, w, b, base.scoring, event)
                history[w].append(white)
                history[b].append(black)
                continue
            if event is None:
                res_w, res_b = draw_result(
                    rng, ratings[w - 1], ratings[b - 1], settings.draw_percent
                )
            else:
                res_w, res_b = event
            history[w].append(RoundEntry(b, Colour.WHITE, res_w))
            history[b].append(RoundEntry(w, Colour.BLACK, res_b))
        if pairing.bye is not None:
            history[pairing.bye].append(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))
        for tpn in range(1, n + 1):
            if len(history[tpn]) < r:
                # Neither paired nor excused: the engine left the player out.
                history[tpn].append(RoundEntry.bye(ResultCode.NOT_PAIRED))
    played = base.with_players(replace(p, rounds=tuple(history[p.tpn])) for p in players)
    return with_ranks(played)


def with_ranks(tournament: Tournament) -> Tournament:
    """``tournament`` with its points column and its rank column by its own tie-break list
    (points first; players the list leaves tied share the first of their places)."""
    standings = compute_standings(tournament, (POINTS_CODE, *tournament.tiebreaks))
    rank = {row.tpn: row.rank for row in standings.rows}
    points = {row.tpn: row.points for row in standings.rows}
    return tournament.with_players(
        replace(p, declared_points=points[p.tpn], declared_rank=rank[p.tpn])
        for p in tournament.players
    )


def _records(settings: GeneratorSettings) -> tuple[str, ...]:
    """The ``###`` lines that reproduce the file and record 212 for the tie-breaks."""
    lines = [f"### {settings.command_line()}"]
    if settings.drawn:
        lines.append(
            "### options drawn at random from the seed: "
            + ", ".join(f"--{name}" for name in settings.drawn)
        )
    if settings.tiebreaks:
        lines.append(f"212 {', '.join((POINTS_CODE, *settings.tiebreaks))}")
    return tuple(lines)


def _game_events(
    rng: random.Random,
    plans: dict[str, list[Amount]],
    round_number: int,
    pairs: tuple[Pair, ...],
) -> dict[int, tuple[ResultCode, ResultCode]]:
    """Board index -> (White's, Black's) result for the games chosen for an event."""
    given: dict[int, tuple[ResultCode, ResultCode]] = {}
    amounts = [plans[name][round_number - 1] for name, _, _ in _GAME_EVENTS]
    counts = draw_counts(amounts, len(pairs), rng)
    for (name, white, black), count in zip(_GAME_EVENTS, counts, strict=True):
        open_games = [i for i in range(len(pairs)) if i not in given]
        for index in sorted(rng.sample(open_games, count)):
            if name == "forfeit_wins" and rng.random() < 0.5:
                given[index] = (black, white)  # Black wins by forfeit
            else:
                given[index] = (white, black)
    return given


def _match(
    rng: random.Random,
    settings: GeneratorSettings,
    ratings: list[int],
    white: int,
    black: int,
    scoring: ScoringSystem,
    event: tuple[ResultCode, ResultCode] | None,
) -> tuple[RoundEntry, RoundEntry]:
    """A Double-Swiss match (C.04.5): two games with reversed colours, from each player's side.

    A forfeit win or a double forfeit is a whole match forfeited (both games)."""
    if event is None:
        first = draw_result(rng, ratings[white - 1], ratings[black - 1], settings.draw_percent)
        second = draw_result(rng, ratings[black - 1], ratings[white - 1], settings.draw_percent)
        mine = (first[0], second[1])
        theirs = (first[1], second[0])
    else:
        mine = (event[0], event[0])
        theirs = (event[1], event[1])
    mine_points = scoring.points(mine[0]) + scoring.points(mine[1])
    theirs_points = scoring.points(theirs[0]) + scoring.points(theirs[1])
    return (
        double_swiss_match(black, Colour.WHITE, mine, scoring, theirs_points),
        double_swiss_match(white, Colour.BLACK, theirs, scoring, mine_points),
    )


__all__ = ["GeneratorSettings", "draw_result", "generate_tournament", "with_ranks"]
