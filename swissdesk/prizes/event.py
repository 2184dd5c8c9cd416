"""The prize list of a tournament: its standings and players read for :mod:`.compute`."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from swissdesk.model.schedule import from_records
from swissdesk.model.tournament import Tournament
from swissdesk.model.withdrawal import withdrawals
from swissdesk.prizes.categories import NATIONAL_RATING, TOURNAMENT_RATING, Entrant, event_day
from swissdesk.prizes.compute import Placed, PrizeList, compute_prizes
from swissdesk.prizes.plan import PrizePlan
from swissdesk.tiebreaks import compute_standings, declared_tiebreaks


def entrants(
    tournament: Tournament,
    *,
    national: Mapping[int, int] | None = None,
    ticked: Mapping[int, Collection[str]] | None = None,
    withdrawn: Collection[int] | None = None,
) -> dict[int, Entrant]:
    """What the categories read of each player: ``national`` their national ratings,
    ``ticked`` the categories the arbiter ticked for them, ``withdrawn`` who withdrew
    (default: as the results show, :func:`swissdesk.model.withdrawal.withdrawals`)."""
    national = national or {}
    ticked = ticked or {}
    gone = set(withdrawals(tournament)) if withdrawn is None else set(withdrawn)
    return {
        p.tpn: Entrant(
            tpn=p.tpn,
            name=p.name,
            ratings={TOURNAMENT_RATING: p.rating, NATIONAL_RATING: national.get(p.tpn, 0)},
            birth_date=p.birth_date,
            sex=p.sex,
            federation=p.federation,
            club=p.club,
            title=p.title,
            fide_id=p.fide_id,
            ticked=frozenset(ticked.get(p.tpn, ())),
            withdrawn=p.tpn in gone,
        )
        for p in tournament.players
    }


def tournament_prizes(
    tournament: Tournament,
    plan: PrizePlan,
    *,
    tiebreaks: Sequence[str] | None = None,
    after_round: int | None = None,
    national: Mapping[int, int] | None = None,
    ticked: Mapping[int, Collection[str]] | None = None,
    withdrawn: Collection[int] | None = None,
) -> PrizeList:
    """The prize list of ``tournament`` after ``after_round`` (default: the last paired
    round), ranked with ``tiebreaks`` (default: the tournament's own)."""
    codes = declared_tiebreaks(tournament) if tiebreaks is None else tiebreaks
    standings = compute_standings(tournament, codes, after_round=after_round)
    placed = tuple(Placed(r.tpn, r.name, r.rank, r.points) for r in standings.rows)
    info = tournament.info
    day = event_day(info.start_date, info.end_date, from_records(tournament.extra_records))
    people = entrants(tournament, national=national, ticked=ticked, withdrawn=withdrawn)
    return compute_prizes(plan, placed, people, day, after_round=standings.after_round)
