"""The arbiter's gestures on a round being paired by hand, as operations on its pairing
(C.04.2 art. 4.4): each returns the new boards and PAB for
:class:`~swissdesk.storage.commands.manual.ManualPairingChange` (the window and the command
line share them; no Qt).

A place is a board and colour, the PAB, or "not paired yet" (a round created by hand starts
with everyone there):

* *swap* ``a`` and ``b``: each takes the other's place;
* *set opponents* ``a``-``b``: ``b`` takes the place of ``a``'s opponent, who takes ``b``'s;
* *give the bye* to ``a``: ``a`` and the current PAB exchange places (without a PAB, ``a``'s
  opponent is left unpaired);
* *pair* ``a``-``b``: two players not paired yet get a new board, ``a`` with White;
* *unpair* ``a``: ``a``'s board (both players) or ``a``'s PAB goes back to "not paired";
* *reverse colours* on ``a``'s board.

Boards with a result are locked: a gesture touching them is refused (clear the result
first). The storage then checks the new pairing against the rules and warns.
"""

from __future__ import annotations

from swissdesk.engines.base import Pair
from swissdesk.i18n import _
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.views import RoundView

Edit = tuple[tuple[Pair, ...], int | None]
"""A round's boards (White first) and its PAB."""


def current_pairing(view: RoundView) -> tuple[list[Pair], int | None]:
    """The boards of a paired round as ``(white, black)`` pairs, and its PAB."""
    pairs = [Pair(b.white_tpn, b.black_tpn) for b in view.boards]
    return pairs, view.pab.tpn if view.pab is not None else None


def _locked(view: RoundView) -> set[int]:
    return {t for b in view.boards if b.has_result for t in (b.white_tpn, b.black_tpn)}


def _placed(view: RoundView) -> set[int]:
    pairs, bye = current_pairing(view)
    return {t for p in pairs for t in (p.white, p.black)} | ({bye} if bye is not None else set())


def _free(view: RoundView, *players: int) -> None:
    locked = _locked(view)
    for tpn in players:
        if tpn in locked:
            raise ActionRefused(
                _("no. {tpn}'s board already has a result: clear it first").format(tpn=tpn)
            )


def _known(view: RoundView, *players: int) -> None:
    waiting = {t for t, _ in view.to_pair}
    for tpn in players:
        if tpn not in _placed(view) and tpn not in waiting:
            raise ActionRefused(
                _("no. {tpn} is not paired in round {round_number}").format(
                    tpn=tpn, round_number=view.round_number
                )
            )


def swap_players(view: RoundView, a: int, b: int) -> Edit:
    """``a`` and ``b`` exchange places (board and colour, the PAB, or not paired yet)."""
    if a == b:
        raise ActionRefused(_("choose two different players"))
    _free(view, a, b)
    _known(view, a, b)
    pairs, bye = current_pairing(view)

    def swap(t: int) -> int:
        return b if t == a else a if t == b else t

    new_pairs = tuple(Pair(swap(p.white), swap(p.black)) for p in pairs)
    return new_pairs, swap(bye) if bye is not None else None


def set_opponents(view: RoundView, a: int, b: int) -> Edit:
    """``a`` plays ``b`` on ``a``'s board; ``b``'s former place goes to ``a``'s opponent."""
    pairs, _bye = current_pairing(view)
    opponent = None
    for p in pairs:
        if a in (p.white, p.black):
            opponent = p.black if p.white == a else p.white
    if opponent is None:
        raise ActionRefused(
            _("no. {a} has no board in round {round_number}: swap instead").format(
                a=a, round_number=view.round_number
            )
        )
    if opponent == b:
        raise ActionRefused(_("no. {a} and no. {b} already play each other").format(a=a, b=b))
    return swap_players(view, opponent, b)


def give_bye(view: RoundView, a: int) -> Edit:
    """``a`` becomes the PAB: the current PAB takes ``a``'s place (with no PAB in the round,
    ``a``'s opponent is left unpaired: pair them or give back the bye)."""
    pairs, bye = current_pairing(view)
    if bye == a:
        raise ActionRefused(_("no. {a} already has the bye").format(a=a))
    if bye is not None:
        return swap_players(view, a, bye)
    _free(view, a)
    _known(view, a)
    if not view.manual:
        raise ActionRefused(
            _(
                "round {round_number} has no pairing-allocated bye: with an even number of "
                "players a bye would leave an opponent without a game"
            ).format(round_number=view.round_number)
        )
    return tuple(p for p in pairs if a not in (p.white, p.black)), a


def pair_players(view: RoundView, a: int, b: int) -> Edit:
    """A new board for two players not paired yet, ``a`` with White."""
    if a == b:
        raise ActionRefused(_("choose two different players"))
    placed = _placed(view)
    for tpn in (a, b):
        if tpn in placed:
            raise ActionRefused(
                _("no. {tpn} is already paired in round {round_number}: swap instead").format(
                    tpn=tpn, round_number=view.round_number
                )
            )
    _known(view, a, b)
    pairs, bye = current_pairing(view)
    return (*pairs, Pair(a, b)), bye


def unpair_player(view: RoundView, a: int) -> Edit:
    """``a``'s board (both players) or ``a``'s PAB back to "not paired yet"."""
    _free(view, a)
    pairs, bye = current_pairing(view)
    if bye == a:
        return tuple(pairs), None
    if a not in _placed(view):
        raise ActionRefused(_("no. {a} is not paired yet").format(a=a))
    return tuple(p for p in pairs if a not in (p.white, p.black)), bye


def reverse_colours(view: RoundView, a: int) -> Edit:
    """The colours of ``a``'s board reversed."""
    _free(view, a)
    pairs, bye = current_pairing(view)
    if not any(a in (p.white, p.black) for p in pairs):
        raise ActionRefused(
            _("no. {a} has no board in round {round_number}").format(
                a=a, round_number=view.round_number
            )
        )
    return tuple(Pair(p.black, p.white) if a in (p.white, p.black) else p for p in pairs), bye


OPERATIONS = {
    "swap": swap_players,
    "opponents": set_opponents,
    "pair": pair_players,
}
"""The gestures of two players, by the name the window and the command line use."""

SINGLE_OPERATIONS = {
    "bye": give_bye,
    "unpair": unpair_player,
    "colours": reverse_colours,
}
"""The gestures of one player."""


def apply_operation(view: RoundView, operation: str, first: int, second: int | None) -> Edit:
    """The pairing after ``operation`` (a key of :data:`OPERATIONS` or
    :data:`SINGLE_OPERATIONS`)."""
    if operation in SINGLE_OPERATIONS:
        return SINGLE_OPERATIONS[operation](view, first)
    if operation not in OPERATIONS:
        raise ActionRefused(_("unknown change {operation!r}").format(operation=operation))
    if second is None:
        raise ActionRefused(_("{operation} needs two players").format(operation=operation))
    return OPERATIONS[operation](view, first, second)
