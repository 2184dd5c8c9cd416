"""The rank column of an exported TRF (record 001, columns 86-89): the current rank.

FIDE rates from these files, so an export carries the rank each player holds now by the
tournament's own tie-breaks (C.07; TRF record 202, else the default list), never a rank
that came in with an imported file and has gone stale since (issue 18, item 3).
"""

from __future__ import annotations

import dataclasses

from swissdesk.errors import InputError
from swissdesk.model.tournament import Tournament
from swissdesk.tiebreaks.spec import DEFAULT_TIEBREAKS
from swissdesk.tiebreaks.standings import completed_rounds, compute_standings, declared_tiebreaks


def current_ranks(tournament: Tournament) -> dict[int, int]:
    """TPN -> rank after the last paired round by the declared tie-breaks (empty before
    round 1). Codes the tie-breaks cannot compute fall back to swissdesk's default list."""
    if completed_rounds(tournament) == 0:
        return {}
    try:
        standings = compute_standings(tournament, declared_tiebreaks(tournament))
    except InputError:
        standings = compute_standings(tournament, DEFAULT_TIEBREAKS)
    return {row.tpn: row.rank for row in standings.rows}


def with_current_ranks(tournament: Tournament) -> Tournament:
    """``tournament`` with every player's TRF rank set to :func:`current_ranks` (None, an
    empty column, for a player the standings do not list or before round 1)."""
    ranks = current_ranks(tournament)
    players = tuple(
        dataclasses.replace(p, declared_rank=ranks.get(p.tpn)) for p in tournament.players
    )
    return dataclasses.replace(tournament, players=players)
