"""Colour allocation of the Team Pairing System (C.04.6 art. 4) and the [C8]/[C9] costs.

The colour of a match is the colour of the first-board player of the team (art. 1.6.1); the
boards then alternate. Preferences are those of art. 1.7 (``swissdesk.model.team``).
"""

from __future__ import annotations

from dataclasses import dataclass

from swissdesk.model.team import NO_PREFERENCE, STRONG, TeamState, colour_preference
from swissdesk.model.tournament import Colour


@dataclass(frozen=True, slots=True)
class TeamColour:
    """What art. 4 needs of one team: its state and its preference."""

    state: TeamState
    preference: Colour | None
    strength: int


def team_colour(state: TeamState, kind: str, last_round: bool) -> TeamColour:
    """A team's colour data for the round being paired (art. 1.7)."""
    preference, strength = colour_preference(state.colours, kind, last_round)
    return TeamColour(state, preference, strength)


def c8_cost(a: TeamColour, b: TeamColour) -> int:
    """[C8] (art. 2.3.5): 1 when both teams prefer the same colour (one is not fulfilled).

    Reading D-T-C8C9: a single preference or two opposite ones are granted by 4.3.2/4.3.3.
    """
    return int(a.preference is not None and a.preference is b.preference)


def c9_cost(a: TeamColour, b: TeamColour, kind: str) -> int:
    """[C9] (art. 2.3.6, Type B only): 1 when both strong preferences are for one colour."""
    if kind != "B":
        return 0
    return int(
        a.preference is not None
        and a.preference is b.preference
        and a.strength == STRONG
        and b.strength == STRONG
    )


def first_team(a: TeamColour, b: TeamColour, use_secondary: bool) -> tuple[TeamColour, TeamColour]:
    """Art. 4.2: (first-team, other team) by primary score, secondary score, smaller TPN."""

    def key(t: TeamColour) -> tuple[int, int, int]:
        return (t.state.score, t.state.secondary if use_secondary else 0, -t.state.tpn)

    return (a, b) if key(a) > key(b) else (b, a)


def allocate(
    a: TeamColour,
    b: TeamColour,
    *,
    kind: str,
    use_secondary: bool,
    initial_colour: Colour,
) -> tuple[int, int, str]:
    """Art. 4.3: (white TPN, black TPN, the article that decided)."""
    first, other = first_team(a, b, use_secondary)

    def give(team: TeamColour, colour: Colour, why: str) -> tuple[int, int, str]:
        partner = other if team is first else first
        if colour is Colour.WHITE:
            return team.state.tpn, partner.state.tpn, why
        return partner.state.tpn, team.state.tpn, why

    fc, oc = first.state.colours, other.state.colours
    if not fc and not oc:  # 4.3.1
        colour = initial_colour if first.state.tpn % 2 else initial_colour.opposite
        return give(first, colour, "4.3.1")
    fp, op = first.preference, other.preference
    if (fp is None) != (op is None):  # 4.3.2
        team = first if fp is not None else other
        assert team.preference is not None
        return give(team, team.preference, "4.3.2")
    if fp is not None and op is not None and fp is not op:  # 4.3.3
        return give(first, fp, "4.3.3")
    if kind == "B" and fp is not None and (first.strength == STRONG) != (other.strength == STRONG):
        team = first if first.strength == STRONG else other  # 4.3.4
        assert team.preference is not None
        return give(team, team.preference, "4.3.4")
    fcd, ocd = first.state.colour_difference, other.state.colour_difference
    if fcd != ocd:  # 4.3.5
        lower = first if fcd < ocd else other
        return give(lower, Colour.WHITE, "4.3.5")
    for x, y in zip(reversed(fc), reversed(oc), strict=False):  # 4.3.6 (C.04.2 art. 3.4)
        if x is not y:
            return give(first, x.opposite, "4.3.6")
    if fp is not None and first.strength != NO_PREFERENCE:  # 4.3.7
        return give(first, fp, "4.3.7")
    if fc:  # 4.3.8
        return give(first, fc[-1].opposite, "4.3.8")
    return give(other, oc[-1].opposite, "4.3.9")
