"""Colour allocation E1-E4 and the first-round rule (E4 second sentence, F4)."""

from __future__ import annotations

from swissdesk.engines.rating1992.players import Player92
from swissdesk.model.tournament import Colour


def e3_alternate(a: Player92, b: Player92) -> Colour | None:
    """E3: alternate to the most recent round in which they had different colours.

    The played colour sequences are compared right-aligned (F3: BWW-B is -BWWB); the result
    is ``a``'s colour, or ``None`` when one sequence runs out first (D-R92-3).
    """
    ca, cb = a.colours, b.colours
    for k in range(1, min(len(ca), len(cb)) + 1):
        if ca[-k] is not cb[-k]:
            return ca[-k].opposite
    return None


def allocate(a: Player92, b: Player92, initial: Colour) -> tuple[Player92, Player92]:
    """E1-E4 for the pair ``a`` (higher in A2) and ``b``; returns (white, black)."""

    def give(colour: Colour) -> tuple[Player92, Player92]:
        return (a, b) if colour is Colour.WHITE else (b, a)

    if a.pref is None and b.pref is None:
        # E4, second sentence (D-R92-20): the colour drawn by lot goes to the odd numbers.
        return give(initial if a.pn % 2 == 1 else initial.opposite)
    if a.pref is None:
        assert b.pref is not None
        return give(b.pref.opposite)  # E1: grant the only preference
    if b.pref is None or a.pref is not b.pref:
        return give(a.pref)  # E1: grant both
    if a.strength != b.strength:  # E2: the stronger preference
        return give(a.pref if a.strength > b.strength else a.pref.opposite)
    e3 = e3_alternate(a, b)
    if e3 is not None:
        return give(e3)
    return give(a.pref)  # E4: the higher ranked player's preference
