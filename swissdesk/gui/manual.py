"""Manual pairing changes (C.04.2 art. 4.4) as operations on a round's pairing (no Qt).

The arbiter's three gestures all come down to exchanging two places in the pairing, the
PAB counting as a place of its own:

* *swap two players*: each takes the other's board and colour;
* *set opponents* ``a``-``b``: ``b`` takes the place of ``a``'s opponent;
* *give the bye* to ``a``: ``a`` and the current PAB exchange places.

The storage then checks the absolute criteria and asks for confirmation
(:class:`~swissdesk.storage.ConfirmationRequired`) when one is broken.
"""

from __future__ import annotations

from swissdesk.engines.base import Pair
from swissdesk.storage import ActionRefused, RoundView


def current_pairing(view: RoundView) -> tuple[list[Pair], int | None]:
    """The boards of a paired round as ``(white, black)`` pairs, and its PAB."""
    pairs = [Pair(b.white_tpn, b.black_tpn) for b in view.boards]
    return pairs, view.pab.tpn if view.pab is not None else None


def _locked_boards(view: RoundView) -> set[int]:
    return {b.white_tpn for b in view.boards if b.has_result} | {
        b.black_tpn for b in view.boards if b.has_result
    }


def swap_players(view: RoundView, a: int, b: int) -> tuple[tuple[Pair, ...], int | None]:
    """``a`` and ``b`` exchange places (board and colour, or the PAB)."""
    if a == b:
        raise ActionRefused("choose two different players")
    locked = _locked_boards(view)
    for tpn in (a, b):
        if tpn in locked:
            raise ActionRefused(f"no. {tpn}'s board already has a result: clear it first")
    pairs, bye = current_pairing(view)
    placed = {p.white for p in pairs} | {p.black for p in pairs} | ({bye} if bye else set())
    for tpn in (a, b):
        if tpn not in placed:
            raise ActionRefused(f"no. {tpn} is not paired in round {view.round_number}")

    def swap(t: int) -> int:
        return b if t == a else a if t == b else t

    new_pairs = tuple(Pair(swap(p.white), swap(p.black)) for p in pairs)
    new_bye = swap(bye) if bye is not None else None
    return new_pairs, new_bye


def set_opponents(view: RoundView, a: int, b: int) -> tuple[tuple[Pair, ...], int | None]:
    """``a`` plays ``b`` on ``a``'s board; ``b``'s former opponent gets ``a``'s former one."""
    pairs, _bye = current_pairing(view)
    opponent = None
    for p in pairs:
        if a in (p.white, p.black):
            opponent = p.black if p.white == a else p.white
    if opponent is None:
        raise ActionRefused(f"no. {a} has no board in round {view.round_number}: swap instead")
    if opponent == b:
        raise ActionRefused(f"no. {a} and no. {b} already play each other")
    return swap_players(view, opponent, b)


def give_bye(view: RoundView, a: int) -> tuple[tuple[Pair, ...], int | None]:
    """``a`` becomes the PAB; the current PAB takes ``a``'s place on the board."""
    _pairs, bye = current_pairing(view)
    if bye is None:
        raise ActionRefused(
            f"round {view.round_number} has no pairing-allocated bye: with an even number of "
            "players a bye would leave an opponent without a game"
        )
    if bye == a:
        raise ActionRefused(f"no. {a} already has the bye")
    return swap_players(view, a, bye)
