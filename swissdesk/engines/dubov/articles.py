"""The small, self-contained definitions of the Dubov system (C.04.4.1, 2026 text).

Each function implements one article and is unit-tested under its number: the player's
Dubov view (colour preference art. 1.6, ARO art. 1.7, upfloats and MaxT art. 1.8), the
legality of a pair ([C1], [C3]), the sequence numbers of art. 4.1-4.4 and the colour
allocation of art. 5.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from swissdesk.model.state import Float, PlayerState, PreferenceStrength
from swissdesk.model.tournament import Colour

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class DubovPlayer:
    """One player to be paired, as the Dubov articles see them."""

    state: PlayerState
    score: int
    """Pairing score in half-points (score plus Baku virtual points, C.04.7 art. 1)."""
    aro: int
    """Average rating of opponents (art. 1.7)."""
    preference: Colour
    """Colour preference (art. 1.6); Black for a player without games (art. 1.6.4)."""
    strength: PreferenceStrength
    upfloats: int
    """How many times the player was upfloated (art. 1.8, reading D-DUB-3)."""
    upfloated_last_round: bool
    """Upfloated in the round before the one being paired ([C10])."""

    @property
    def tpn(self) -> int:
        return self.state.tpn

    @property
    def absolute(self) -> bool:
        return self.strength is PreferenceStrength.ABSOLUTE

    @property
    def has_played(self) -> bool:
        return self.state.played_games > 0

    def ranks_above(self, other: DubovPlayer) -> bool:
        """Art. 5.2.1: more points or, when points are equal, a smaller TPN."""
        return (self.score, -self.tpn) > (other.score, -other.tpn)


def max_t(total_rounds: int) -> int:
    """C.04.4.1 art. 1.8.2: MaxT = 2 + [Rnds / 5]."""
    return 2 + total_rounds // 5


def average_rating_of_opponents(opponent_ratings: Sequence[int]) -> int:
    """C.04.4.1 art. 1.7.1/1.7.3: the rounded mean rating of over-the-board opponents.

    Rounded to the nearest integer, the higher on .5; zero for a player without games.
    Integer arithmetic only.
    """
    if not opponent_ratings:
        return 0
    n = len(opponent_ratings)
    return (2 * sum(opponent_ratings) + n) // (2 * n)


def dubov_preference(state: PlayerState) -> tuple[Colour, PreferenceStrength]:
    """C.04.4.1 art. 1.6: the due colour and its strength.

    Absolute (1.6.1: colour difference beyond +-1, the difference deciding first, reading
    D-COM-3; or the same colour in the two latest played games), strong (1.6.2), mild (1.6.3);
    a player without games has a mild preference for Black (1.6.4).
    """
    if state.preference is None or not state.colours:
        return Colour.BLACK, PreferenceStrength.MILD
    return state.preference, state.strength


def upfloat_record(state: PlayerState) -> tuple[int, bool]:
    """C.04.4.1 art. 1.8 / [C10]: times upfloated, and whether in the previous round.

    Reading D-DUB-3: upfloated = met, in a played game, an opponent with a higher score
    before that round (a PAB is never an upfloat).
    """
    count = sum(1 for f in state.floats if f is Float.UP)
    return count, state.float_back(1) is Float.UP


def is_maximum_upfloater(player: DubovPlayer, total_rounds: int) -> bool:
    """C.04.4.1 art. 1.8.1: upfloated MaxT times already (reading D-DUB-4)."""
    return player.upfloats >= max_t(total_rounds)


def may_meet(a: DubovPlayer, b: DubovPlayer, forbidden: frozenset[frozenset[int]]) -> bool:
    """C.04.4.1 art. 2.1: [C1] no second game (nor an arbiter-prohibited pair), [C3] no two
    players with the same absolute colour preference (no topscorer exception in Dubov)."""
    if b.tpn in a.state.opponents or a.tpn in b.state.opponents:
        return False
    if frozenset((a.tpn, b.tpn)) in forbidden:
        return False
    return not (a.absolute and b.absolute and a.preference is b.preference)


def middle_first_order(items: Sequence[T]) -> list[T]:
    """C.04.4.1 art. 4.3.3: sequence numbers from the (remaining) middle of the sorted list.

    With two players in the middle, the higher one (earlier in the list) first:
    A..G gives D, C, E, B, F, A, G (reading D-DUB-10).
    """
    remaining = list(items)
    out: list[T] = []
    while remaining:
        out.append(remaining.pop((len(remaining) - 1) // 2))
    return out


def white_seeker_key(p: DubovPlayer) -> tuple[int, int]:
    """C.04.4.1 art. 3.2.5 / 4.3.2: ascending ARO, then ascending TPN."""
    return p.aro, p.tpn


def shifter_sequence(players: Sequence[DubovPlayer], colour: Colour) -> list[DubovPlayer]:
    """C.04.4.1 art. 4.3.1-4.3.3: the possible shifters seeking ``colour``, #1 first.

    White seekers are sorted by ascending ARO then TPN, Black seekers by ascending TPN
    (4.3.2); the sequence numbers then go from the middle outwards (4.3.3).
    """
    if colour is Colour.WHITE:
        ordered = sorted(players, key=white_seeker_key)
    else:
        ordered = sorted(players, key=lambda p: p.tpn)
    return middle_first_order(ordered)


def upfloater_sequence(pool: Sequence[DubovPlayer]) -> list[DubovPlayer]:
    """C.04.4.1 art. 4.2.2: possible upfloaters by descending score, then ascending TPN."""
    return sorted(pool, key=lambda p: (-p.score, p.tpn))


def precedes(first: Sequence[int], second: Sequence[int]) -> bool:
    """C.04.4.1 art. 4.1.3: does set ``first`` precede ``second`` (sequence numbers)?

    Sets of equal size are compared on their smallest differing sequence number: the set
    holding it comes first ({#1,#P} before {#2,#3}).
    """
    a, b = set(first), set(second)
    differing = sorted(a ^ b)
    return bool(differing) and differing[0] in a


def colour_of(player: DubovPlayer, opponent: DubovPlayer, initial_colour: Colour) -> Colour:
    """The colour ``player`` gets against ``opponent`` (C.04.4.1 art. 5.2.1-5.2.5)."""
    higher = player if player.ranks_above(opponent) else opponent
    # 5.2.1: both yet to play a game: the higher ranked one's TPN parity decides.
    if not player.has_played and not opponent.has_played:
        higher_colour = initial_colour if higher.tpn % 2 == 1 else initial_colour.opposite
        return higher_colour if higher is player else higher_colour.opposite
    # 5.2.2: grant both preferences.
    if player.preference is not opponent.preference:
        return player.preference
    # 5.2.3: grant the stronger preference.
    if player.strength != opponent.strength:
        return (
            player.preference
            if player.strength > opponent.strength
            else opponent.preference.opposite
        )
    # 5.2.4: alternate to the latest round with different colours (played games only, C.04.2
    # art. 3.4; reading D-COM-4: the sequences are right-aligned).
    for mine, theirs in zip(
        reversed(player.state.colours), reversed(opponent.state.colours), strict=False
    ):
        if mine is not theirs:
            return theirs
    # 5.2.5: grant the preference of the higher ranked player.
    return higher.preference if higher is player else higher.preference.opposite
