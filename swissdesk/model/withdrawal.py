"""Who withdrew, as far as a Tournament Report File shows it.

A TRF has no withdrawal code: a player who left the tournament simply plays no more. The
rounds after a withdrawal are written as blanks (``0000`` and no result, absent), ``-``
without an opponent (absent without notice, forfeit), ``Z`` (zero points; some programs,
swissdesk's generator among them, write withdrawn players so) or not at all. Read back, such a
player would be paired again in the next round (issue 18, item 4). The rule used here:

- the player's entries from some round W up to the last round the file has entries for
  (its paired rounds and any pre-set entries for the next one) are all *unplayed and
  pointless*: no opponent, no pairing-allocated bye, and scoring nothing (blank, ``-``,
  ``Z`` or missing); and W is a paired round. Where the file pre-sets the byes and
  absences of the round to be paired, a player without such an entry is to be paired
  (JaVaFo/bbpPairings convention) and so not withdrawn;
- and at least one of those rounds is an *unexcused* absence (blank, ``-`` or missing): a
  run made only of ``Z`` entries is a series of requested zero-point byes, after which the
  player comes back (the reference corpus has players paired again after two ``Z``).

Then the player is withdrawn from round W.
"""

from __future__ import annotations

from swissdesk.model.tournament import Player, ResultCode, Tournament

_POINTLESS = frozenset({ResultCode.NOT_PAIRED, ResultCode.FORFEIT_LOSS, ResultCode.ZERO_POINT_BYE})


def withdrawn_from_round(tournament: Tournament, player: Player) -> int | None:
    """The round from which ``player`` is withdrawn by the rule above, else None."""
    paired = tournament.rounds_with_pairings
    last = max(paired, max((len(p.rounds) for p in tournament.players), default=0))
    return _withdrawn_from(player, paired, last)


def _withdrawn_from(player: Player, paired: int, last: int) -> int | None:
    """:func:`withdrawn_from_round` with the tournament's paired and last rounds given
    (computed once for every player by :func:`withdrawals`)."""
    if paired == 0:
        return None
    first = None
    only_zero_byes = True
    for r in range(last, 0, -1):
        entry = player.entry(r)
        if entry is None and r > paired:
            return None  # no pre-set absence for the round to be paired: the player plays
        if entry is not None and (entry.opponent is not None or entry.result not in _POINTLESS):
            break
        first = r
        if entry is None or entry.result is not ResultCode.ZERO_POINT_BYE:
            only_zero_byes = False
    if first is None or first > paired:
        return None
    if only_zero_byes:
        return None
    return first


def withdrawals(tournament: Tournament) -> dict[int, int]:
    """TPN -> round of withdrawal, for every player the file shows as withdrawn."""
    paired = tournament.rounds_with_pairings
    last = max(paired, max((len(p.rounds) for p in tournament.players), default=0))
    found = {}
    for p in tournament.players:
        r = _withdrawn_from(p, paired, last)
        if r is not None:
            found[p.tpn] = r
    return found
