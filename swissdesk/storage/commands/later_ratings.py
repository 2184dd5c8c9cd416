"""Later ratings of an event lasting more than 30 days (C.02 VCL Q212-213), for many
players at once: the ratings of a new rating period, held from the round that period's
list applies.

An event over 30 days spans several monthly rating lists. The arbiter enters, for each
player, the rating of the list a later round is played under (the window's Players > Later
ratings…, or ``player-rating --later`` one player at a time); the rating-based tie-breaks
then read the ratings the section's rules choose (:class:`~swissdesk.model.ratings.
TiebreakRatings`). The ratings are kept in each player's ratings JSON (``player.ratings``),
beside the first rating, with their source and date: no schema step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.orm import Session

from swissdesk.i18n import _, said_n
from swissdesk.model.ratings import ARBITER, LaterRating, Rating, later_ratings
from swissdesk.storage import convert
from swissdesk.storage.commands.base import Action, Outcome, player_by_tpn, tournament_row
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import PlayerRecord


@dataclass(frozen=True, slots=True)
class SetLaterRatings(Action):
    """Set the ratings held from round ``from_round`` on: ``ratings`` are ``(TPN, rating)``
    pairs (rating 0 removes that player's rating of the round). ``source`` and ``date``
    say where they come from (``FIDE``, ``2027-01``); typed by hand: the arbiter, today."""

    from_round: int
    ratings: tuple[tuple[int, int], ...]
    source: str = ARBITER
    date: str = ""


def set_later_ratings(s: Session, a: SetLaterRatings) -> Outcome:
    settings = convert.settings_from_record(tournament_row(s))
    if not settings.rating_rules.long_event:
        raise ActionRefused(
            _(
                "later ratings belong to an event over 30 days: flag it first (Edit > "
                "Tournament settings, Ranking rating: Over 30 days; or 'swissdesk rating-rules "
                "FILE --long-event yes')"
            )
        )
    last = max(settings.total_rounds, 2)
    if not 2 <= a.from_round <= last:
        raise ActionRefused(
            _(
                "a later rating starts in a round from 2 to {last} (round 1 has the first rating)"
            ).format(last=last)
        )
    context = convert.rating_context(s)
    before: list[list[Any]] = []
    changed = 0
    for tpn, value in a.ratings:
        if not 0 <= value <= 9999:
            raise ActionRefused(_("no. {tpn}: a rating is from 0 (none) to 9999").format(tpn=tpn))
        rec = player_by_tpn(s, tpn)
        held = context.stored(rec.ratings or "", rec.rating, rec.national_rating)
        by_round = {r.from_round: r for r in held.later}
        old = by_round.get(a.from_round)
        if value == 0:
            if old is None:
                continue
            del by_round[a.from_round]
        else:
            if old is not None and old.rating.value == value:
                continue
            by_round[a.from_round] = LaterRating(a.from_round, Rating(value, a.source, a.date))
        before.append([rec.id, rec.ratings])
        new = replace(held, later=later_ratings(by_round.values()))
        rec.ratings = json.dumps(new.to_json(), sort_keys=True)
        changed += 1
    if not changed:
        raise ActionRefused(
            _("no rating from round {from_round} changed").format(from_round=a.from_round)
        )
    payload = {
        "from_round": a.from_round,
        "before": before,
        "source": a.source,
        "date": a.date,
    }
    return (
        said_n(
            "ratings from round {from_round} set: {changed} player",
            "ratings from round {from_round} set: {changed} players",
            changed,
            from_round=a.from_round,
            changed=changed,
        ),
        payload,
        (),
    )


def undo_set_later_ratings(s: Session, payload: Mapping[str, Any]) -> None:
    for player_id, text in payload["before"]:
        rec = s.get(PlayerRecord, int(player_id))
        if rec is not None:
            rec.ratings = text
