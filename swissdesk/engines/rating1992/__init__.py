"""Swiss System Based on Rating (FIDE 1992), registered as ``rating1992``."""

from __future__ import annotations

from dataclasses import replace

from swissdesk.engines.base import RoundPairing, register
from swissdesk.engines.rating1992.engine import pair_1992
from swissdesk.model.tournament import Tournament

DEFAULT_TIEBREAKS: tuple[str, ...] = ("DE", "ARO")
"""F10: after the points, the games between the tied players (for first place), the average
rating of the opponents, then lots (no code: drawing lots is the arbiter's act)."""


class Rating1992Engine:
    """Tournament snapshot in, 1992 rating-based pairing out."""

    name = "rating1992"
    display_name = "Swiss based on rating (1992)"

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        """Pair ``round_number`` (default: the next one); B1/B2 are verified afterwards."""
        if round_number is None:
            round_number = tournament.rounds_with_pairings + 1
        pairing, log = pair_1992(tournament, round_number)
        if explain:
            pairing = replace(pairing, explanation=tuple(log))
        return pairing


register("rating1992", Rating1992Engine)

__all__ = ["DEFAULT_TIEBREAKS", "Rating1992Engine", "pair_1992"]
