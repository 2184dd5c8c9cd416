"""Derived pairing state of the teams of a team event (FIDE C.04.6, Team Pairing System).

A team is a :class:`~swissdesk.model.tournament.Player` of a tournament with ``is_team``; a
round entry is a match: ``match_points`` / ``result`` give the match points, ``game_points``
the game points (both in half-points). Standard library only, like the rest of the model.

What the engine, its verifier and the team tie-breaks need is derived here, once:

* primary and secondary score (art. 1.2: match points or game points, the default primary
  being match points), plus Baku virtual points (C.04.7 art. 1.5: the *pairing score*);
* the colour history of the *played* matches only: a forfeited match gives no colour
  (art. 1.6.1) and may be repeated ([C1], C.04.1 art. 2 "play against");
* colour difference and Type A / Type B preferences (art. 1.7);
* [C2]: a team that had a PAB, a full-point bye or won a match by forfeit;
* floaters of the previous round (art. 1.5, reading D-FLOAT: played against an opponent
  with another score, forfeits and byes do not count).
"""

from __future__ import annotations

from dataclasses import dataclass

from swissdesk.model.tournament import (
    Colour,
    HalfPoints,
    ResultCode,
    RoundEntry,
    TeamSettings,
    Tournament,
)

FORFEITS = frozenset({ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS})

STRONG = 2
MILD = 1
NO_PREFERENCE = 0


def team_settings(tournament: Tournament) -> TeamSettings:
    """The team options of ``tournament`` (defaults when none are recorded)."""
    return tournament.team if tournament.team is not None else TeamSettings()


def entry_match_points(tournament: Tournament, entry: RoundEntry) -> HalfPoints:
    """Match points of one round entry (half-points), art. 1.2."""
    if entry.match_points is not None:
        return entry.match_points
    return tournament.scoring.points(entry.result)


def entry_game_points(tournament: Tournament, entry: RoundEntry) -> HalfPoints:
    """Game points of one round entry (half-points); byes as the competition values them."""
    if entry.game_points is not None:
        return entry.game_points
    settings = team_settings(tournament)
    match entry.result:
        case ResultCode.PAIRING_ALLOCATED_BYE:
            return settings.pab_game_points
        case ResultCode.HALF_POINT_BYE:
            return settings.half_bye_game_points
        case ResultCode.FULL_POINT_BYE:
            return settings.full_bye_game_points
        case _:
            return 0


def is_played_match(entry: RoundEntry) -> bool:
    """A match with an opponent that was not forfeited (art. 1.6.1, readings D-PLAYED)."""
    return entry.opponent is not None and entry.result not in FORFEITS and entry.result.is_played


@dataclass(frozen=True, slots=True)
class TeamState:
    """One team's pairing state before the round being paired."""

    tpn: int
    available: bool
    score: HalfPoints
    """Pairing score: primary score plus virtual points (C.04.7 art. 1.5)."""
    secondary: HalfPoints
    match_points: HalfPoints
    game_points: HalfPoints
    colours: tuple[Colour, ...]
    """Colours of the played matches, oldest first (art. 1.6.1)."""
    opponents: frozenset[int]
    """Opponents of played matches ([C1]; forfeited matches may be repeated)."""
    pab_blocked: bool
    played_matches: int
    floated_previous: bool

    @property
    def colour_difference(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


def colour_preference(
    colours: tuple[Colour, ...], kind: str, last_round: bool
) -> tuple[Colour | None, int]:
    """The colour preference and its strength (art. 1.7).

    ``kind`` is ``"A"``, ``"B"`` or ``"none"``. Type A preferences are returned as
    ``STRONG`` (they are simply "the" preference); Type B distinguishes ``STRONG`` (1.7.2
    items 1-2) and ``MILD`` (items 3-4, read with CD -1 for White: reading D-TB-MILD). A team
    that has yet to play a match has none (1.7.2 item 5, reading D-T-PREF).
    """
    if kind == "none" or not colours:
        return None, NO_PREFERENCE
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last_two = colours[-2:] if len(colours) >= 2 else ()
    both_black = len(last_two) == 2 and all(c is Colour.BLACK for c in last_two)
    both_white = len(last_two) == 2 and all(c is Colour.WHITE for c in last_two)
    if cd < -1 or (cd in (0, -1) and both_black):
        return Colour.WHITE, STRONG
    if cd > 1 or (cd in (0, 1) and both_white):
        return Colour.BLACK, STRONG
    if kind != "B":
        return None, NO_PREFERENCE
    if cd == -1 or (cd == 0 and not last_round and colours[-1] is Colour.BLACK):
        return Colour.WHITE, MILD
    if cd == 1 or (cd == 0 and not last_round and colours[-1] is Colour.WHITE):
        return Colour.BLACK, MILD
    return None, NO_PREFERENCE


def build_team_states(tournament: Tournament, round_number: int) -> dict[int, TeamState]:
    """Every team's state before ``round_number`` (entries of later rounds are ignored).

    A team is available unless it already has an entry for ``round_number`` (a pre-set bye
    or absence, as a TRF or JSON state cut before the round writes it).
    """
    settings = team_settings(tournament)
    game_primary = settings.primary_score == "game"
    # Pairing score of every team before each round 1..round_number (for floaters).
    before: dict[int, list[HalfPoints]] = {}
    for p in tournament.players:
        running = 0
        history: list[HalfPoints] = []
        for r in range(1, round_number + 1):
            history.append(running + tournament.acceleration_for(p.tpn, r))
            e = p.entry(r)
            if e is not None and r < round_number:
                running += (
                    entry_game_points(tournament, e)
                    if game_primary
                    else entry_match_points(tournament, e)
                )
        before[p.tpn] = history
    states: dict[int, TeamState] = {}
    prev = round_number - 1
    for p in tournament.players:
        mp = gp = 0
        colours: list[Colour] = []
        opponents: set[int] = set()
        blocked = False
        played = 0
        for r in range(1, round_number):
            e = p.entry(r)
            if e is None:
                continue
            mp += entry_match_points(tournament, e)
            gp += entry_game_points(tournament, e)
            if e.result in (
                ResultCode.PAIRING_ALLOCATED_BYE,
                ResultCode.FULL_POINT_BYE,
                ResultCode.FORFEIT_WIN,
            ):
                blocked = True
            if is_played_match(e):
                played += 1
                assert e.opponent is not None
                opponents.add(e.opponent)
                if e.colour is not None:
                    colours.append(e.colour)
        floated = False
        last = p.entry(prev) if prev >= 1 else None
        if last is not None and is_played_match(last) and last.opponent in before:
            assert last.opponent is not None
            floated = before[p.tpn][prev - 1] != before[last.opponent][prev - 1]
        primary, secondary = (gp, mp) if game_primary else (mp, gp)
        states[p.tpn] = TeamState(
            tpn=p.tpn,
            available=p.entry(round_number) is None,
            score=primary + tournament.acceleration_for(p.tpn, round_number),
            secondary=secondary,
            match_points=mp,
            game_points=gp,
            colours=tuple(colours),
            opponents=frozenset(opponents),
            pab_blocked=blocked,
            played_matches=played,
            floated_previous=floated,
        )
    return states
