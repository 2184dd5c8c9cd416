"""The Double-Swiss system (FIDE C.04.5, applied from 1 February 2026), registered as
``double-swiss``.

Every pairing is a match of two games with reversed colours; scores are the sum of game
points; byes apply to matches (PAB worth a won and a drawn game by default). A match ends by
forfeit only when a player forfeited both games: it may then be repeated and gives no colour.

How the articles map to the computation (``engine.py``; readings D-* of ``readings.md``)
-------------------------------------------------------------------------------------
* Art. 3.4 (``choose_pab``): the candidates allowed by [C2] (no PAB, no FPB, no match won by
  forfeit) in the order lowest score, most played matches, largest TPN; the first whose
  absence leaves a perfect matching of the others (one maximum matching, then one
  augmenting-path search per candidate: ``Matcher.can_drop``).
* Art. 3.5 (``select_upfloaters``): [C4] the fewest upfloaters such that the bracket and all
  the players below can be paired ([C1], [C3]; D-C4); [C5] the upfloaters' scores in ascending
  order, largest first (D-C5); [C6] the following scoregroup then needs the fewest upfloaters
  itself (D-C6); [C7] the fewest previous floaters (not in the last round); then the first set
  in the order of 3.5.3-3.5.4. Exact at any size: the usual cases (none needed, or one,
  with the following scoregroup needing only what its parity forces) are decided by matching
  checks; every other case is one maximum-weight perfect matching of all remaining players
  whose integer weight carries the five tiers lexicographically.
* Art. 3.6 (``pair_bracket``): the first identifier (3.6.2) among the pairings complying with
  [C1] and, not in the last round, with the fewest upfloaters meeting a previous floater
  ([C8]). The identifier is built position by position: each player in TPN order becomes a
  top member if a perfect matching survives, then each top member takes the smallest bottom
  member that keeps one; every check is one augmenting-path search. [C8] restricts the legal
  pairs (which upfloaters meet a floater); with many upfloaters the bracket is one weighted
  matching with lexicographic weights instead.
* Art. 4 (``allocate_colours``): 4.3.1 lot for two players without a played match, 4.3.2
  fewer Whites, 4.3.3 the latest difference of the played-match colour sequences (C.04.2 art.
  3.4), 4.3.4 / 4.3.5 alternate the HRP's / opponent's last colour (D-DS-COL). The colour of a
  match is the colour of game 1.
* Boards: C.04.2 art. 3.6 (higher player's score, the other score, TPN; real scores).
* Baku acceleration (C.04.7) on match scores: ``with_double_swiss_baku`` gives group GA
  virtual points of a match win (two game wins); they enter the pairing score.
* Every pairing goes through the independent check of ``verify.py``.
"""

from __future__ import annotations

from dataclasses import replace

from swissdesk.engines.acceleration import baku_group_a_size, baku_virtual_points
from swissdesk.engines.base import RoundPairing, register
from swissdesk.engines.double_swiss.engine import pair_double_swiss
from swissdesk.engines.double_swiss.verify import verify_double_swiss
from swissdesk.model.tournament import Tournament


class DoubleSwissEngine:
    """The ``double-swiss`` pairing engine."""

    name = "double-swiss"

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        if round_number is None:
            round_number = tournament.rounds_with_pairings + 1
        pairing = pair_double_swiss(tournament, round_number, explain=explain)
        verify_double_swiss(tournament, pairing)
        return pairing


def with_double_swiss_baku(tournament: Tournament) -> Tournament:
    """Baku acceleration (C.04.7 art. 1) on match scores: group GA gets a match win's points
    (two game wins) as virtual points, then half of it, as art. 1.4 gives them."""
    tpns = sorted(p.tpn for p in tournament.players)
    group_a = tpns[: baku_group_a_size(len(tpns))]
    points = baku_virtual_points(tournament.total_rounds, 2 * tournament.scoring.win)
    return replace(tournament, acceleration={tpn: points for tpn in group_a})


register("double-swiss", DoubleSwissEngine)

__all__ = ["DoubleSwissEngine", "pair_double_swiss", "with_double_swiss_baku"]
