"""Double-Swiss rounds in a Tournament Report File: one game per TRF round column.

A Double-Swiss round (C.04.5) is a match of two games with reversed colours. For rating every
game is reported, so a TRF of a Double-Swiss event (record 192 ``FIDE_DOUBLE_SWISS_2026``)
writes each round as **two consecutive round columns**: game 1 and game 2, the same opponent,
reversed colours, each with its own result (``1 = 0 + -``). A round without an opponent (a
bye applies to the match) is its bye code in the first column (``U``, ``F``, ``H``, ``Z``,
valued per match by the scoring records) and an empty second column. The number of rounds
(142 / ``XXR``) counts columns, twice the number of matches, and the points column is the
sum of both games. See ``docs/engines/double-swiss.md``.

:func:`games_per_column` turns a tournament of matches into that layout;
:func:`matches_from_columns` reads it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.tournament import (
    DOUBLE_SWISS,
    DOUBLE_SWISS_SCORING,
    Colour,
    HalfPoints,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
    double_swiss_match,
)


def is_match_layout(tournament: Tournament) -> bool:
    """True when every entry with an opponent is a two-game match (or nobody has played)."""
    return all(
        len(e.games) == 2 for p in tournament.players for e in p.rounds if e.opponent is not None
    )


def games_per_column(tournament: Tournament) -> Tournament:
    """The tournament with one TRF round column per game (see the module docstring)."""
    players: list[Player] = []
    for p in tournament.players:
        columns: list[RoundEntry] = []
        for e in p.rounds:
            if e.opponent is not None and len(e.games) == 2:
                columns += [RoundEntry(e.opponent, g.colour, g.result) for g in e.games]
            elif e.opponent is not None:
                columns += [e, e]
            else:
                columns += [RoundEntry.bye(e.result), RoundEntry.bye(ResultCode.NOT_PAIRED)]
        if columns and p.rounds and p.rounds[-1].opponent is None:
            columns.pop()  # a bye in the last round: its empty second column is not written
        players.append(replace(p, rounds=tuple(columns)))
    acceleration = {
        tpn: tuple(v for value in values for v in (value, value))
        for tpn, values in tournament.acceleration.items()
    }
    return replace(
        tournament,
        players=tuple(players),
        total_rounds=2 * tournament.total_rounds,
        acceleration=acceleration,
    )


def matches_from_columns(tournament: Tournament, source: str = "<input>") -> Tournament:
    """Read two consecutive round columns as one Double-Swiss match (the inverse of
    :func:`games_per_column`); a game pair that is not one match is an :class:`InputError`."""
    scoring = tournament.scoring
    by_tpn = {p.tpn: p for p in tournament.players}

    def column_points(tpn: int, first: int) -> HalfPoints:
        rounds = by_tpn[tpn].rounds
        return sum(scoring.points(rounds[i].result) for i in (first, first + 1) if i < len(rounds))

    players: list[Player] = []
    for p in tournament.players:
        matches: list[RoundEntry] = []
        for first in range(0, len(p.rounds), 2):
            a = p.rounds[first]
            b = p.rounds[first + 1] if first + 1 < len(p.rounds) else None
            where = f"{source}: player {p.tpn}, round {first // 2 + 1} (columns {first + 1}-{first + 2})"
            if a.opponent is None:
                if b is not None and b.opponent is not None:
                    raise InputError(
                        _("{where}: game 1 has no opponent but game 2 has one").format(where=where)
                    )
                result = a.result
                if result is ResultCode.NOT_PAIRED and b is not None:
                    result = b.result
                matches.append(RoundEntry.bye(result))
                continue
            if b is None or b.opponent != a.opponent:
                raise InputError(
                    _(
                        "{where}: the two games of a Double-Swiss round must have the same opponent"
                    ).format(where=where)
                )
            if a.colour is not None and b.colour is not None and a.colour is b.colour:
                raise InputError(
                    _("{where}: the two games of a match must have reversed colours").format(
                        where=where
                    )
                )
            colour = a.colour or (b.colour.opposite if b.colour is not None else None)
            if colour is None:
                colour = Colour.WHITE if p.tpn < a.opponent else Colour.BLACK
            opponent_points = column_points(a.opponent, first) if a.opponent in by_tpn else None
            matches.append(
                double_swiss_match(
                    a.opponent, colour, (a.result, b.result), scoring, opponent_points
                )
            )
        players.append(replace(p, rounds=tuple(matches)))
    acceleration = {tpn: values[::2] for tpn, values in tournament.acceleration.items()}
    return replace(
        tournament,
        players=tuple(players),
        total_rounds=(tournament.total_rounds + 1) // 2,
        acceleration=acceleration,
        system=DOUBLE_SWISS,
    )


def for_system(tournament: Tournament, system: str | None, source: str = "<input>") -> Tournament:
    """The tournament read for ``system``: a game-per-column file paired as Double-Swiss is
    read as matches (a TRF whose record 192 does not name the system)."""
    if system == DOUBLE_SWISS and (
        tournament.system != DOUBLE_SWISS or not is_match_layout(tournament)
    ):
        return matches_from_columns(tournament, source)
    return tournament


# ---------------------------------------------------------------------------------------
# A match as the board list shows it (issue 27, item 5)

_GAME_MARK = {
    ResultCode.WIN: "1",
    ResultCode.UNRATED_WIN: "1",
    ResultCode.DRAW: "½",
    ResultCode.UNRATED_DRAW: "½",
    ResultCode.LOSS: "0",
    ResultCode.UNRATED_LOSS: "0",
    ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "-",
}


def _score(value: HalfPoints) -> str:
    whole, half = divmod(value, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def match_text(
    games: Sequence[tuple[ResultCode, ResultCode]], scoring: ScoringSystem = DOUBLE_SWISS_SCORING
) -> str:
    """A match of two games as the board list shows it, everything read from the board's
    left player (White in game 1) to its right one: the match score, then each game's
    result, ``0 – 2 (0:1, 0:1)`` (a forfeit ``+:-``, a double forfeit ``-:-``).

    ``games``: ``(left's code, right's code)`` of each game. Written in each game's own
    colours, game 2 of that match was ``1-0`` (the right player had White): beside game 1's
    ``0-1`` it read like a 1–1 match. Read from the same side throughout, the winner of
    each game and of the match is the side with the point.
    """
    left = sum(scoring.points(code) for code, _ in games)
    right = sum(scoring.points(code) for _, code in games)
    each = ", ".join(f"{_GAME_MARK.get(a, '?')}:{_GAME_MARK.get(b, '?')}" for a, b in games)
    return f"{_score(left)} – {_score(right)} ({each})"
