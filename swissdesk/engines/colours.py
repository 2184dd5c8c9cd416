"""Colour allocation and publishing order shared by the Swiss systems.

C.04.3 art. 5.2 (colour allocation) and C.04.2 art. 3.6 (order of the published boards).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from swissdesk.engines.base import Pair, RoundPairing
from swissdesk.model.state import PlayerState, PreferenceStrength
from swissdesk.model.tournament import Colour


@dataclass(frozen=True, slots=True)
class Ranked:
    """A player's state with what ranks it for pairing (C.04.3 art. 1.2)."""

    state: PlayerState
    rank_index: int
    """Position among the participants in TPN order (0-based), the 'effective TPN'."""
    pairing_score: int

    def ranks_above(self, other: Ranked) -> bool:
        """Higher score, then smaller TPN (C.04.3 art. 1.2)."""
        return (self.pairing_score, -self.rank_index) > (other.pairing_score, -other.rank_index)


def _first_colour_difference(a: PlayerState, b: PlayerState) -> tuple[Colour | None, Colour | None]:
    """Going back over played games (C.04.2 art. 3.4), the latest round the colours differed."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return ca, cb
    return None, None


def colour_for(player: Ranked, opponent: Ranked, initial_colour: Colour) -> Colour:
    """The colour ``player`` gets against ``opponent`` (C.04.3 art. 5.2.1-5.2.5)."""
    p, q = player.state, opponent.state
    pp, qp = p.preference, q.preference
    # 5.2.1 grant both preferences.
    if pp is None or qp is None or pp is not qp:
        if pp is not None:
            return pp
        if qp is not None:
            return qp.opposite
    else:
        # 5.2.2 grant the stronger preference; both absolute: the wider colour difference.
        p_abs = p.strength is PreferenceStrength.ABSOLUTE
        q_abs = q.strength is PreferenceStrength.ABSOLUTE
        p_imb, q_imb = abs(p.colour_difference), abs(q.colour_difference)
        if p_abs and (p_imb > q_imb or not q_abs):
            return pp
        if q_abs and (q_imb > p_imb or not p_abs):
            return qp.opposite
        p_strong = p.strength is PreferenceStrength.STRONG
        q_strong = q.strength is PreferenceStrength.STRONG
        if p_strong and not q_strong:
            return pp
        if q_strong and not p_strong:
            return qp.opposite
        # 5.2.3 alternate to the most recent round with different colours.
        mine, theirs = _first_colour_difference(p, q)
        if mine is not None and theirs is not None:
            return theirs
    higher = opponent if opponent.ranks_above(player) else player
    if pp is not None:
        # 5.2.4 grant the preference of the higher ranked player.
        pref = higher.state.preference
        assert pref is not None
        return pref if higher is player else pref.opposite
    # 5.2.5 higher ranked player with odd TPN gets the initial colour.
    higher_colour = initial_colour if higher.rank_index % 2 == 0 else initial_colour.opposite
    return higher_colour if higher is player else higher_colour.opposite


def board_order_key(white: Ranked, black: Ranked) -> tuple[int, int, int]:
    """Sort key of a board (C.04.2 art. 3.6): higher player's score, the other score, TPN.

    Scores here are the real (unaccelerated) scores.
    """

    def unaccelerated_above(a: Ranked, b: Ranked) -> bool:
        return (a.state.score, -a.rank_index) > (b.state.score, -b.rank_index)

    higher, lower = (white, black) if unaccelerated_above(white, black) else (black, white)
    return (-higher.state.score, -lower.state.score, higher.rank_index)


def board_key(white: PlayerState, black: PlayerState) -> tuple[int, int, int]:
    """Sort key of a board (C.04.2 art. 3.6, reading D-COM-6): the higher ranked player's
    score (more points, then smaller TPN; descending), the other score (descending), the
    higher ranked player's TPN (ascending). Real scores, without virtual points."""
    higher, lower = (
        (white, black) if (white.score, -white.tpn) > (black.score, -black.tpn) else (black, white)
    )
    return -higher.score, -lower.score, higher.tpn


def published_pairing(
    round_number: int, games: Iterable[tuple[PlayerState, PlayerState]], bye: int | None
) -> RoundPairing:
    """The round's boards (White, Black) in C.04.2 art. 3.6 order, and the PAB."""
    boards = sorted(games, key=lambda game: board_key(*game))
    return RoundPairing(
        round_number=round_number,
        pairs=tuple(Pair(white.tpn, black.tpn) for white, black in boards),
        bye=bye,
    )
