"""The registration desk's warnings: a player outside a section's rating or age rules, and
the same person registered twice (in the same section, or in two sections played at the
same time). The rules are in :mod:`swissdesk.model.entry_rules`; this module reads the
rows they need. Warnings only: the action still runs, and its audit row keeps them.
"""

from __future__ import annotations

import datetime as _dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from swissdesk.model.entry_rules import (
    Person,
    played_at_the_same_time,
    playing_days,
    rule_warnings,
    same_person,
)
from swissdesk.model.schedule import parse_date
from swissdesk.storage.convert import settings_from_record
from swissdesk.storage.schema import PlayerRecord, TournamentRecord
from swissdesk.storage.sections import in_section, section_of
from swissdesk.storage.views import PlayerData, TournamentSettings


def section_year(settings: TournamentSettings) -> int:
    """The year whose 1 January the section's age rules count from: the year it starts
    (its start date, else its first round's date), else this year."""
    for text in (settings.start_date, *settings.round_dates):
        day = parse_date(text) if text else None
        if day is not None:
            return day.year
    return _dt.date.today().year


def desk_warnings(
    s: Session, data: PlayerData, *, exclude_id: int | None = None
) -> tuple[str, ...]:
    """What to tell the arbiter registering ``data`` in the session's section.

    ``exclude_id``: the player's own row (an edit, a move), not someone else."""
    here = section_of(s)
    rec = s.get(TournamentRecord, here)
    assert rec is not None
    settings = settings_from_record(rec)
    rules = settings.rules
    out = rule_warnings(
        data.name,
        data.rating,
        data.birth_date,
        section=settings.name or "this section",
        rating_from=rules.rating_from,
        rating_below=rules.rating_below,
        age_under=rules.age_under,
        age_from=rules.age_from,
        year=section_year(settings),
    )
    me = Person(data.name, data.fide_id, data.birth_date)
    my_days = playing_days(settings.start_date, settings.end_date, settings.round_dates)
    with in_section(s, None):
        sections = {
            rec.id: settings_from_record(rec) for rec in s.scalars(select(TournamentRecord))
        }
        others = s.execute(
            select(
                PlayerRecord.id,
                PlayerRecord.section_id,
                PlayerRecord.tpn,
                PlayerRecord.name,
                PlayerRecord.fide_id,
                PlayerRecord.birth_date,
            ).order_by(PlayerRecord.section_id, PlayerRecord.tpn)
        ).all()
    for pid, section_id, tpn, name, fide_id, birth in others:
        if pid == exclude_id:
            continue
        reason = same_person(me, Person(name, fide_id, birth))
        if reason is None:
            continue
        other = sections[section_id]
        label = other.name or "another section"
        if section_id == here:
            out.append(f"{data.name} is already registered in {label} as no. {tpn} ({reason})")
            continue
        days = playing_days(other.start_date, other.end_date, other.round_dates)
        overlap = played_at_the_same_time(my_days, days)
        if overlap is False:
            continue
        if overlap:
            assert my_days is not None and days is not None
            shared = ", ".join(d.strftime("%Y/%m/%d") for d in sorted(my_days & days)[:3])
            out.append(
                f"{data.name} also plays {label} (no. {tpn}, {reason}), played at the same "
                f"time ({shared})"
            )
        else:
            out.append(
                f"{data.name} is also registered in {label} (no. {tpn}, {reason}); the "
                "sections' dates are not set: check that they are not played at the same time"
            )
    return tuple(out)
