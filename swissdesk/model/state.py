"""The derived view of a tournament before a round is paired: what every engine reads.

For each participant: score, colour history and difference, colour preference (C.04.3
art. 1.6-1.7), float history (art. 1.4), byes received, opponents met. Unplayed rounds are
skipped in the colour history (C.04.2 art. 3.4).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from swissdesk.model.tournament import (
    Colour,
    HalfPoints,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
)


class Float(enum.Enum):
    """A float received in a round (C.04.3 art. 1.4)."""

    DOWN = "D"
    UP = "U"
    NONE = " "


class PreferenceStrength(enum.IntEnum):
    """Strength of a colour preference (C.04.3 art. 1.7); higher is stronger."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One participant's pairing-relevant data before round ``round_number`` is paired."""

    tpn: int
    rating: int
    score: HalfPoints
    """Points from the completed rounds (half-points)."""
    pairing_score: HalfPoints
    """``score`` plus acceleration virtual points for the round being paired (C.04.7)."""
    colours: tuple[Colour, ...]
    """Colours of played games only, oldest first (C.04.2 art. 3.4)."""
    colour_difference: int
    """Games with White minus games with Black (C.04.3 art. 1.6)."""
    preference: Colour | None
    strength: PreferenceStrength
    repeated_colour: Colour | None
    """The colour of the two latest played games if they were the same, else ``None``."""
    floats: tuple[Float, ...]
    """Float received in each completed round, oldest first (C.04.3 art. 1.4)."""
    opponents: frozenset[int]
    """TPNs met in played games (C.04.1 art. 2; C.04.2 art. 3.5: unplayed pairings may repeat)."""
    had_bye_or_unplayed_win: bool
    """Received a PAB or scored a win's points without playing (C.04.1 art. 4; [C2])."""
    played_games: int
    available: bool
    """To be paired this round (no pre-set bye or absence for it)."""

    @property
    def absolute_imbalance(self) -> bool:
        """Colour difference beyond +-1 (C.04.3 art. 1.7.1, first half)."""
        return abs(self.colour_difference) > 1

    @property
    def has_absolute_preference(self) -> bool:
        return self.strength is PreferenceStrength.ABSOLUTE

    def float_back(self, rounds_back: int) -> Float:
        """The float received ``rounds_back`` rounds before the round being paired."""
        if 1 <= rounds_back <= len(self.floats):
            return self.floats[-rounds_back]
        return Float.NONE


def colour_preference(
    colours: tuple[Colour, ...],
) -> tuple[Colour | None, PreferenceStrength, Colour | None, int]:
    """Colour preference from a played-games colour sequence (C.04.3 art. 1.7).

    Returns ``(preference, strength, repeated_colour, colour_difference)``.
    """
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    repeated = colours[-1] if len(colours) >= 2 and colours[-1] is colours[-2] else None
    if not colours:
        return None, PreferenceStrength.NONE, None, 0
    if difference > 1:
        return Colour.BLACK, PreferenceStrength.ABSOLUTE, repeated, difference
    if difference < -1:
        return Colour.WHITE, PreferenceStrength.ABSOLUTE, repeated, difference
    if repeated is not None:
        return repeated.opposite, PreferenceStrength.ABSOLUTE, repeated, difference
    if difference == 1:
        return Colour.BLACK, PreferenceStrength.STRONG, repeated, difference
    if difference == -1:
        return Colour.WHITE, PreferenceStrength.STRONG, repeated, difference
    return colours[-1].opposite, PreferenceStrength.MILD, repeated, difference


def completed_rounds(tournament: Tournament) -> int:
    """Rounds already paired (entries beyond are pre-set byes for the next round)."""
    return tournament.rounds_with_pairings


def scores_after_each_round(tournament: Tournament, rounds: int) -> dict[int, list[HalfPoints]]:
    """``result[tpn][k]`` is the score after ``k`` rounds (``k`` from 0 to ``rounds``)."""
    out: dict[int, list[HalfPoints]] = {}
    for p in tournament.players:
        running = 0
        seq = [0]
        for r in range(1, rounds + 1):
            e = p.entry(r)
            if e is not None:
                running += tournament.entry_points(e)
            seq.append(running)
        out[p.tpn] = seq
    return out


def _entry(p: Player, r: int) -> RoundEntry:
    e = p.entry(r)
    return e if e is not None else RoundEntry.bye(ResultCode.NOT_PAIRED)


def build_states(tournament: Tournament, round_number: int | None = None) -> dict[int, PlayerState]:
    """Derived state of every participant before ``round_number`` is paired.

    ``round_number`` defaults to the round after the last one with pairings. A participant
    with an entry already present for that round (requested bye, absence) is not available.
    """
    if round_number is None:
        round_number = completed_rounds(tournament) + 1
    done = round_number - 1
    scoring = tournament.scoring
    scores = scores_after_each_round(tournament, done)
    states: dict[int, PlayerState] = {}
    for p in tournament.players:
        colours: list[Colour] = []
        floats: list[Float] = []
        opponents: set[int] = set()
        had_bye = False
        played = 0
        for r in range(1, done + 1):
            e = _entry(p, r)
            points = scoring.points(e.result)
            if e.played and e.colour is not None:
                colours.append(e.colour)
            if e.played and e.opponent is not None:
                opponents.add(e.opponent)
                played += 1
            if e.result is ResultCode.PAIRING_ALLOCATED_BYE or (
                not e.played and points >= scoring.win and e.result is not ResultCode.NOT_PAIRED
            ):
                had_bye = True
            floats.append(_float_in_round(tournament, p, e, r, scores))
        pref, strength, repeated, difference = colour_preference(tuple(colours))
        score = scores[p.tpn][done]
        states[p.tpn] = PlayerState(
            tpn=p.tpn,
            rating=p.rating,
            score=score,
            pairing_score=score + tournament.acceleration_for(p.tpn, round_number),
            colours=tuple(colours),
            colour_difference=difference,
            preference=pref,
            strength=strength,
            repeated_colour=repeated,
            floats=tuple(floats),
            opponents=frozenset(opponents),
            had_bye_or_unplayed_win=had_bye,
            played_games=played,
            available=p.entry(round_number) is None,
        )
    return states


def _float_in_round(
    tournament: Tournament,
    player: Player,
    entry: RoundEntry,
    round_number: int,
    scores: dict[int, list[HalfPoints]],
) -> Float:
    """The float ``player`` received in ``round_number`` (C.04.3 art. 1.4).

    Art. 1.4.3: a PAB or any unplayed round scoring more than a loss is a downfloat.
    Art. 1.4.2: after a game played between players of different scores (with
    acceleration, before the round), the higher ranked one downfloats, the other upfloats.
    Art. 1.4.4: nobody else floats; a forfeit loser does not.
    """
    scoring = tournament.scoring
    if not entry.played:
        return Float.DOWN if scoring.points(entry.result) > scoring.loss else Float.NONE
    if entry.opponent is None or entry.opponent not in scores:
        return Float.NONE
    mine = scores[player.tpn][round_number - 1] + tournament.acceleration_for(
        player.tpn, round_number
    )
    theirs = scores[entry.opponent][round_number - 1] + tournament.acceleration_for(
        entry.opponent, round_number
    )
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return Float.NONE
