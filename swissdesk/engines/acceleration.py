"""FIDE-approved accelerated pairings (C.04.7): the Baku Acceleration Method (art. 1).

Virtual points are added to the scores of the players of group GA for the first half of
the rounds; the pairing engines read them from ``Tournament.acceleration`` (TRF ``XXA``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from swissdesk.i18n import _
from swissdesk.model.tournament import HalfPoints, Tournament


def baku_group_a_size(participants: int) -> int:
    """Art. 1.2: the first half of the participants, rounded up to an even number (2 * Q)."""
    return 2 * -(-participants // 4)


def baku_last_ga(paired_in_round_1: Iterable[int]) -> int:
    """The TPN of the last GA participant (art. 1.2): the ``2 * Q``-th of the participants
    paired in round 1, in TPN order (0 when none).

    A player with a bye or absent in round 1 is not "to be paired" then: FIDE's checklist
    (C.02 VCL Q111) reads such a player as having no TPN until they play, so they do not
    count in the size of GA; once they arrive they are accommodated like a late entry
    (art. 1.3): in GA when their number is above the last GA participant's.
    """
    tpns = sorted(paired_in_round_1)
    if not tpns:
        return 0
    return tpns[min(len(tpns), baku_group_a_size(len(tpns))) - 1]


def baku_virtual_points(total_rounds: int, win_points: HalfPoints) -> tuple[HalfPoints, ...]:
    """Art. 1.4: a GA player's virtual points before each round (half-points).

    The accelerated rounds are the first half of the rounds, rounded up (1.4.1); in the first
    half of those, rounded up, GA gets a win's points (1.4.2), then half of it (1.4.3), then
    nothing.
    """
    accelerated = -(-total_rounds // 2)
    full = -(-accelerated // 2)
    return tuple(
        win_points if r <= full else win_points // 2 if r <= accelerated else 0
        for r in range(1, total_rounds + 1)
    )


def with_baku_acceleration(tournament: Tournament, last_ga_tpn: int | None = None) -> Tournament:
    """The tournament with Baku virtual points for group GA (C.04.7 art. 1).

    ``last_ga_tpn`` keeps the last GA participant fixed after late entries (art. 1.3.2);
    by default GA is the first ``baku_group_a_size`` participants in TPN order (art. 1.2).

    Art. 1.1: only for point systems where a win is worth two draws and a loss nothing.
    """
    scoring = tournament.scoring
    if scoring.win != 2 * scoring.draw or scoring.loss != 0:
        raise ValueError(
            _(
                "the Baku Acceleration Method needs a win worth two draws and a loss worth zero "
                "(C.04.7 art. 1.1)"
            )
        )
    tpns = sorted(p.tpn for p in tournament.players)
    if last_ga_tpn is None:
        size = baku_group_a_size(len(tpns))
        group_a = tpns[:size]
    else:
        group_a = [t for t in tpns if t <= last_ga_tpn]
    points = baku_virtual_points(tournament.total_rounds, scoring.win)
    return replace(tournament, acceleration={tpn: points for tpn in group_a})
