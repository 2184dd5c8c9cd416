"""The Burstein Index: Buchholz, then Sonneborn-Berger (C.04.4.2 art. 1.7-1.8).

Both are computed from the completed rounds only, with every player's *current* score (the
standings score after the last completed round, art. 1.7.1; reading D-BUR-5). Virtual points
of an acceleration method never enter them (art. 1.7.2.2): they are read from the results,
not from the pairing scores.

Unplayed rounds (art. 1.7.2.1): a round without a game played over the board (pairing-allocated
bye, requested bye, forfeit won or lost, absence, a round before a late entry) counts as a
game against oneself with the points registered for that round: the "opponent's" score is the
player's own current score. Exception: a player whose latest rounds, up to the last completed
one, are all zero-point byes (``Z`` or absent, no opponent, no points) counts each of those
byes as a draw *for the benefit of his over-the-board opponents* (their Buchholz and
Sonneborn-Berger see his score raised by a draw per such bye; reading D-BUR-4); his own
"against himself" rounds are not changed.

All values are integers: scores in half-points, Sonneborn-Berger in quarter-points.
"""

from __future__ import annotations

from dataclasses import dataclass

from swissdesk.model.state import scores_after_each_round
from swissdesk.model.tournament import HalfPoints, ResultCode, Tournament

_ZERO_BYES = frozenset({ResultCode.ZERO_POINT_BYE, ResultCode.NOT_PAIRED})


@dataclass(frozen=True, slots=True, order=True)
class OppositionIndex:
    """A player's Index (art. 1.8.1) with its sort key: higher Buchholz first, then higher
    Sonneborn-Berger, then smaller TPN (art. 1.8.2; reading D-BUR-2)."""

    key: tuple[int, int, int]
    """``(-buchholz, -sonneborn_berger, tpn)``: ascending order is the ranking order."""
    tpn: int
    buchholz: HalfPoints
    sonneborn_berger: int
    """In quarter-points (points in half-points times scores in half-points)."""

    def describe(self) -> str:
        """``BH 7.5 SB 21.25`` as an arbiter reads it."""
        bh = self.buchholz / 2
        sb = self.sonneborn_berger / 4
        return f"BH {bh:g} SB {sb:g}"


def trailing_zero_point_byes(tournament: Tournament, tpn: int, completed: int) -> int:
    """How many of ``tpn``'s latest completed rounds, counted back from round ``completed``,
    are consecutive zero-point byes (art. 1.7.2.1, exception; reading D-BUR-4).

    A zero-point bye is a round without an opponent that scored nothing: a ``Z`` or an
    absence (a missing round). A forfeit loss is not a bye.
    """
    player = tournament.player(tpn)
    scoring = tournament.scoring
    count = 0
    for r in range(completed, 0, -1):
        entry = player.entry(r)
        if entry is None:
            count += 1
            continue
        if (
            entry.opponent is None
            and entry.result in _ZERO_BYES
            and not scoring.points(entry.result)
        ):
            count += 1
            continue
        break
    return count


def opposition_indexes(tournament: Tournament, round_number: int) -> dict[int, OppositionIndex]:
    """The Index of every participant before ``round_number`` is paired (art. 1.7-1.8)."""
    completed = round_number - 1
    scoring = tournament.scoring
    history = scores_after_each_round(tournament, completed)
    current = {tpn: seq[completed] for tpn, seq in history.items()}
    # Art. 1.7.2.1, exception: the score an over-the-board opponent sees.
    seen_by_opponents = dict(current)
    for tpn in current:
        byes = trailing_zero_point_byes(tournament, tpn, completed)
        if byes:
            seen_by_opponents[tpn] = current[tpn] + byes * scoring.draw
    out: dict[int, OppositionIndex] = {}
    for p in tournament.players:
        own = current[p.tpn]
        buchholz = 0
        sonneborn = 0
        for r in range(1, completed + 1):
            entry = p.entry(r)
            result = entry.result if entry is not None else ResultCode.NOT_PAIRED
            points = scoring.points(result)
            if entry is not None and entry.played and entry.opponent in seen_by_opponents:
                opponent = seen_by_opponents[entry.opponent]
            else:
                # Art. 1.7.2.1: an unplayed round is a game against oneself.
                opponent = own
            buchholz += opponent
            sonneborn += points * opponent
        out[p.tpn] = OppositionIndex((-buchholz, -sonneborn, p.tpn), p.tpn, buchholz, sonneborn)
    return out
