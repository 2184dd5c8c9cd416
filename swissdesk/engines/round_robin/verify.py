"""A round robin checked against its tables, and a round robin paired by hand checked the
way FIDE's checklist asks (everyone meets everyone once per cycle; no three games in a row
with the same colour).

:func:`check_against_tables` compares every paired round of a tournament with the Berger
tables (or the Scheveningen schedule): the same games, the same colours, the same bye.
Forfeited games count as pairings (the table scheduled them). A game whose colours the file
does not give (``-`` for a forfeit) is compared without colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from swissdesk.engines.base import Pair
from swissdesk.engines.round_robin.engine import scheduled_round
from swissdesk.errors import InputError
from swissdesk.i18n import listed, said, said_n
from swissdesk.model.round_robin import settings_of
from swissdesk.model.tournament import Colour, Tournament


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """One round compared with the table: empty ``problems`` when it follows it."""

    round_number: int
    table_round: int
    cycle: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True, slots=True)
class FileRound:
    """A round as the file shows it: games (White first when known) and the byes."""

    games: tuple[tuple[int, int, bool], ...]
    """``(white, black, colours_known)``; without colours, the lower number first."""
    without_opponent: tuple[int, ...]


def file_round(tournament: Tournament, round_number: int) -> FileRound:
    """The games and the players without an opponent in ``round_number``."""
    games: dict[frozenset[int], tuple[int, int, bool]] = {}
    alone: list[int] = []
    for player in sorted(tournament.players, key=lambda p: p.tpn):
        entry = player.entry(round_number)
        if entry is None or entry.opponent is None:
            alone.append(player.tpn)
            continue
        key = frozenset((player.tpn, entry.opponent))
        colour = entry.scheduled_colour
        if colour is Colour.WHITE:
            games[key] = (player.tpn, entry.opponent, True)
        elif colour is Colour.BLACK:
            games[key] = (entry.opponent, player.tpn, True)
        elif key not in games:
            low, high = sorted((player.tpn, entry.opponent))
            games[key] = (low, high, False)
    return FileRound(tuple(games.values()), tuple(alone))


def check_round(tournament: Tournament, round_number: int) -> RoundCheck:
    """Round ``round_number`` of the file against the schedule."""
    step = scheduled_round(tournament, round_number)
    seen = file_round(tournament, round_number)
    expected = {frozenset((p.white, p.black)): p for p in step.pairs}
    problems: list[str] = []
    found: set[frozenset[int]] = set()
    for white, black, known in seen.games:
        key = frozenset((white, black))
        found.add(key)
        pair = expected.get(key)
        if pair is None:
            problems.append(f"{white}-{black} is not in the table for this round")
        elif known and pair.white != white:
            problems.append(
                f"{white}-{black} has the colours reversed: the table gives "
                f"{pair.white}-{pair.black}"
            )
    for key, pair in expected.items():
        if key not in found:
            problems.append(f"{pair.white}-{pair.black} is missing")
    if step.bye is not None and step.bye not in seen.without_opponent:
        problems.append(f"no. {step.bye} should have the bye")
    return RoundCheck(round_number, step.table_round, step.cycle, tuple(problems))


def check_against_tables(
    tournament: Tournament, rounds: Sequence[int] | None = None
) -> tuple[RoundCheck, ...]:
    """Every paired round (or ``rounds``) against the schedule."""
    last = tournament.rounds_with_pairings
    wanted = list(rounds) if rounds is not None else list(range(1, last + 1))
    return tuple(check_round(tournament, r) for r in wanted)


def meetings(tournament: Tournament, through_round: int) -> dict[frozenset[int], list[int]]:
    """For each pair of participants, the White player of every game scheduled between
    them in rounds ``1..through_round`` (forfeits included: the game was paired)."""
    out: dict[frozenset[int], list[int]] = {}
    for r in range(1, through_round + 1):
        for white, black, _ in file_round(tournament, r).games:
            out.setdefault(frozenset((white, black)), []).append(white)
    return out


def colour_runs(tournament: Tournament, through_round: int) -> dict[int, list[Colour]]:
    """Each participant's colours in his games of rounds ``1..through_round``, in order."""
    out: dict[int, list[Colour]] = {p.tpn: [] for p in tournament.players}
    for r in range(1, through_round + 1):
        for white, black, known in file_round(tournament, r).games:
            if known:
                out.setdefault(white, []).append(Colour.WHITE)
                out.setdefault(black, []).append(Colour.BLACK)
    return out


def hand_pairing_warnings(
    tournament: Tournament,
    round_number: int,
    pairs: Sequence[Pair],
    bye: int | None,
    *,
    roster: bool = True,
) -> tuple[str, ...]:
    """What is wrong with a round of a round robin paired by hand (``tournament`` holds the
    rounds before it): a pair meeting more often than the cycles allow, the second game of
    a pair with the same colours as the first, a third game in a row with one colour, a
    participant left out (``roster``: ``pairs`` are the whole round, not only the boards
    changed). Each a :class:`~swissdesk.i18n.Message`: stored in English with the
    warning, worded in the reader's language where it is shown (issue 38)."""
    try:
        cycles = settings_of(tournament).cycles
    except InputError:
        cycles = 1
    before = round_number - 1
    met = meetings(tournament, before)
    runs = colour_runs(tournament, before)
    names = {p.tpn: p.name for p in tournament.players}

    def who(tpn: int) -> str:
        name = names.get(tpn, "")
        return said("no. {tpn} {name}", tpn=tpn, name=name) if name else said("no. {tpn}", tpn=tpn)

    out: list[str] = []
    for board, pair in enumerate(pairs, start=1):
        previous = met.get(frozenset((pair.white, pair.black)), [])
        fact = ""
        if len(previous) >= cycles:
            # Translators: {rule} is "in a round robin of 2 cycles everyone meets everyone
            # 2 times" (its own counted sentence).
            fact = said_n(
                "{white} and {black} have already met once; {rule}",
                "{white} and {black} have already met {count} times; {rule}",
                len(previous),
                white=who(pair.white),
                black=who(pair.black),
                count=len(previous),
                rule=said_n(
                    "in a round robin of {cycles} cycle everyone meets everyone once",
                    "in a round robin of {cycles} cycles everyone meets everyone {cycles} times",
                    cycles,
                    cycles=cycles,
                ),
            )
        elif previous and previous[-1] == pair.white:
            fact = said(
                "{white} had White against {black} in their last game: the next cycle reverses "
                "the colours",
                white=who(pair.white),
                black=who(pair.black),
            )
        if fact:
            out.append(said("board {board}: {fact}", board=board, fact=fact))
        for tpn, colour in ((pair.white, Colour.WHITE), (pair.black, Colour.BLACK)):
            last_two = runs.get(tpn, [])[-2:]
            if len(last_two) == 2 and all(c is colour for c in last_two):
                third = (
                    said("{player} would have White a third time in a row", player=who(tpn))
                    if colour is Colour.WHITE
                    else said("{player} would have Black a third time in a row", player=who(tpn))
                )
                out.append(said("board {board}: {fact}", board=board, fact=third))
    seen = [t for p in pairs for t in (p.white, p.black)]
    if bye is not None:
        seen.append(bye)
    missing = sorted({p.tpn for p in tournament.players} - set(seen)) if roster else []
    if missing:
        out.append(
            said(
                "not paired and no bye: {players}",
                players=listed([who(t) for t in missing], ", "),
            )
        )
    return tuple(out)
