"""Team events (C.04.6): the competition's match and game points, teams and rosters,
pairing numbers by strength (line-ups, board results, forfeits and byes:
:mod:`swissdesk.storage.commands.team_matches`).

A team is a ``player`` row; its matches are its ``entry`` rows (board = match number), as
the pairing stores them. A match's result is settled from its boards once every board has
a result (an empty board is a forfeited game): the game points of each side
(``entry.game_points``) and the match result (win/draw/loss, whose match points the
tournament's scoring gives, 2/1/0 by default: art. 1.2). A forfeited whole match is
``+``/``-`` on the two entries (art. 1.6.1: no colour counts, the pairing may repeat).

Each command dataclass is followed by its ``apply`` and ``undo`` functions; the registry
(:mod:`swissdesk.storage.commands.registry`) pairs them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from swissdesk.i18n import _, said
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.tournament import ScoringSystem, TeamSettings
from swissdesk.storage import convert
from swissdesk.storage.commands import players as player_commands
from swissdesk.storage.commands.base import (
    Action,
    Outcome,
    player_by_tpn,
    tournament_row,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.levels import Level
from swissdesk.storage.schema import (
    PlayerRecord,
    TeamBoardRecord,
    TeamMemberRecord,
    TeamRecord,
    TeamSettingsRecord,
)
from swissdesk.storage.teamviews import (
    MemberData,
    TeamData,
    member_data,
    members_json,
    roster,
    team_settings,
    team_strength,
)

# ---------------------------------------------------------------------------------------
# Settings


@dataclass(frozen=True, slots=True)
class SetTeamSettings(Action):
    """The C.04.6 options and the match points (half-points: 2/1/0 is ``4, 2, 0``).

    Boards, colour preferences and scores cannot change once round 1 is paired.
    """

    settings: TeamSettings
    match_win: int = 4
    match_draw: int = 2
    match_loss: int = 0


def _check_team_settings(a: SetTeamSettings) -> None:
    t = a.settings
    if not 1 <= t.boards <= 50:
        raise ActionRefused(_("a team match has 1 to 50 boards"))
    if t.colour_preferences not in ("A", "B", "none"):
        raise ActionRefused(_(
                                "the colour preferences are of type A, B or none (C.04.6 art. "
                                "1.7)"
                            ))
    if t.primary_score not in ("match", "game"):
        raise ActionRefused(_("the primary score is match points or game points (art. 1.2)"))
    if not a.match_win > a.match_draw >= a.match_loss >= 0:
        raise ActionRefused(
            _(
                "match points: a won match must score more than a drawn one, a drawn one at "
                "least as much as a lost one"
            )
        )


def team_scoring(win: int, draw: int, loss: int) -> ScoringSystem:
    return ScoringSystem(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=win,
        forfeit_loss=loss,
        pairing_allocated_bye=draw,
        full_point_bye=win,
        half_point_bye=draw,
        zero_point_bye=0,
        absent=0,
    )


def set_team_settings(s: Session, a: SetTeamSettings) -> Outcome:
    _check_team_settings(a)
    rec = tournament_row(s)
    before = team_settings(s)
    if convert.last_paired_round(s) >= 1:
        old = convert.scoring_from_json(rec.scoring)
        if before != a.settings or (old.win, old.draw, old.loss) != (
            a.match_win,
            a.match_draw,
            a.match_loss,
        ):
            raise ActionRefused(_("the team options cannot change once round 1 is paired"))
    payload = {
        "before": asdict(before) if _team_settings_row(s) is not None else None,
        "scoring_before": rec.scoring,
        "ratings_before": {str(p.id): p.rating for p in s.scalars(select(PlayerRecord))},
        "after": asdict(a.settings),
    }
    _write_team_settings(s, a.settings)
    scoring = team_scoring(a.match_win, a.match_draw, a.match_loss)
    if is_round_robin(rec.system):  # the bye of an odd number of teams is no match
        scoring = replace(scoring, pairing_allocated_bye=0)
    rec.scoring = convert.scoring_to_json(scoring)
    rec.is_team = True
    for p in s.scalars(select(PlayerRecord)):
        _sync_team(s, p, a.settings.boards)
    summary = (
        said(
            "team options: {boards} boards, colour preferences {colour_preferences}, match "
            "points {value:g}/{value2:g}/{value3:g}",
            boards=a.settings.boards,
            colour_preferences=a.settings.colour_preferences,
            value=a.match_win / 2,
            value2=a.match_draw / 2,
            value3=a.match_loss / 2,
        )
    )
    return summary, payload, ()


def _write_team_settings(s: Session, settings: TeamSettings) -> None:
    rec = _team_settings_row(s)
    if rec is None:
        rec = TeamSettingsRecord()
        s.add(rec)
    for f in fields(TeamSettings):
        setattr(rec, f.name, getattr(settings, f.name))


def _team_settings_row(s: Session) -> TeamSettingsRecord | None:
    """The section's team options row (``None``: the defaults hold)."""
    return s.scalars(select(TeamSettingsRecord)).first()


def undo_set_team_settings(s: Session, payload: Mapping[str, Any]) -> None:
    if payload["before"] is None:
        s.execute(delete(TeamSettingsRecord))
    else:
        _write_team_settings(s, TeamSettings(**payload["before"]))
    tournament_row(s).scoring = payload["scoring_before"]
    for pid, rating in payload["ratings_before"].items():
        s.execute(update(PlayerRecord).where(PlayerRecord.id == int(pid)).values(rating=rating))


# ---------------------------------------------------------------------------------------
# Teams and rosters


def _check_team_data(team: TeamData) -> None:
    if not team.name.strip():
        raise ActionRefused(_("a team needs a name"))
    for m in team.members:
        if not m.name.strip():
            raise ActionRefused(_(
                                    "{name}: every roster player needs a name"
                                ).format(name=team.name))
        if m.rating < 0:
            raise ActionRefused(_(
                                    "{name}: the rating of {name2} cannot be negative"
                                ).format(name=team.name, name2=m.name))


def _sync_team(s: Session, p: PlayerRecord, boards: int) -> None:
    """The team's strength (its ``rating``) and ``members`` from its roster."""
    members = roster(s, p.id)
    p.rating = team_strength([m.rating for m in members], boards)
    p.members = members_json(s, p.id)


def _member_dict(m: TeamMemberRecord) -> dict[str, Any]:
    return {"id": m.id, "team_id": m.team_id, "position": m.position, **asdict(member_data(m))}


def _team_snapshot(s: Session, p: PlayerRecord) -> dict[str, Any]:
    t = s.get(TeamRecord, p.id)
    return {
        "id": p.id,
        "name": p.name,
        "federation": p.federation,
        "rating": p.rating,
        "members_json": p.members,
        "short_name": t.short_name if t else "",
        "club": t.club if t else "",
        "members": [_member_dict(m) for m in roster(s, p.id)],
    }


@dataclass(frozen=True, slots=True)
class AddTeam(Action):
    """Register a team with its roster (the next pairing number; sort them afterwards)."""

    team: TeamData


def add_team(s: Session, a: AddTeam) -> Outcome:
    _check_team_data(a.team)
    if tournament_row(s).list_closed:
        raise ActionRefused(_("the list of participants is closed"))
    if convert.last_paired_round(s) >= 1:
        raise ActionRefused(_("round 1 is paired: a team can no longer be added"))
    top = s.scalars(select(PlayerRecord.tpn).order_by(PlayerRecord.tpn.desc())).first() or 0
    p = PlayerRecord(
        tpn=top + 1,
        name=a.team.name.strip(),
        federation=a.team.federation.strip(),
        members="[]",
        acceleration="null",
    )
    s.add(p)
    s.flush()
    s.add(TeamRecord(player_id=p.id, short_name=a.team.short_name.strip(), club=a.team.club))
    _insert_members(s, p.id, a.team.members)
    _sync_team(s, p, team_settings(s).boards)
    summary = said(
                  "team no. {tpn} {name} added ({count} players)",
                  tpn=p.tpn,
                  name=p.name,
                  count=len(a.team.members),
              )
    return summary, {"id": p.id, "tpn": p.tpn}, ()


def _insert_members(s: Session, team_id: int, members: Sequence[MemberData]) -> None:
    for pos, m in enumerate(members, start=1):
        s.add(TeamMemberRecord(team_id=team_id, position=pos, **asdict(m)))
    s.flush()


def undo_add_team(s: Session, payload: Mapping[str, Any]) -> None:
    s.execute(delete(TeamMemberRecord).where(TeamMemberRecord.team_id == payload["id"]))
    s.execute(delete(TeamRecord).where(TeamRecord.player_id == payload["id"]))
    s.execute(delete(PlayerRecord).where(PlayerRecord.id == payload["id"]))


@dataclass(frozen=True, slots=True)
class EditTeam(Action):
    """Change a team's data and roster (add, remove, reorder players).

    A player who already played keeps his place in the file: removing him is refused.
    Roster players are matched by FIDE ID, else by name.
    """

    tpn: int
    team: TeamData


def edit_team(s: Session, a: EditTeam) -> Outcome:
    _check_team_data(a.team)
    p = player_by_tpn(s, a.tpn)
    before = _team_snapshot(s, p)
    old = roster(s, p.id)

    def key(m: MemberData | TeamMemberRecord) -> str:
        return f"id:{m.fide_id.strip()}" if m.fide_id.strip() else f"name:{m.name.strip().lower()}"

    old_by_key = {key(m): m for m in old}
    kept: set[int] = set()
    s.execute(
        update(TeamMemberRecord)
        .where(TeamMemberRecord.team_id == p.id)
        .values(position=-TeamMemberRecord.position)
    )
    for pos, m in enumerate(a.team.members, start=1):
        rec = old_by_key.get(key(m))
        if rec is not None and rec.id not in kept:
            kept.add(rec.id)
            rec.position = pos
            for name, value in asdict(m).items():
                setattr(rec, name, value)
        else:
            s.add(TeamMemberRecord(team_id=p.id, position=pos, **asdict(m)))
    for gone in [r for r in old if r.id not in kept]:
        played = s.scalars(
            select(TeamBoardRecord.id).where(TeamBoardRecord.member_id == gone.id)
        ).first()
        if played is not None:
            raise ActionRefused(
                _(
                    "{name} is in a line-up of {name2}: a player who was lined up stays on the "
                    "roster"
                ).format(name=gone.name, name2=p.name)
            )
        s.delete(gone)
    s.flush()
    p.name = a.team.name.strip()
    p.federation = a.team.federation.strip()
    t = s.get(TeamRecord, p.id)
    if t is None:
        t = TeamRecord(player_id=p.id)
        s.add(t)
    t.short_name = a.team.short_name.strip()
    t.club = a.team.club
    _sync_team(s, p, team_settings(s).boards)
    return said("team no. {tpn} {name} changed", tpn=p.tpn, name=p.name), {"before": before}, ()


def undo_edit_team(s: Session, payload: Mapping[str, Any]) -> None:
    b = payload["before"]
    s.execute(
        delete(TeamMemberRecord).where(
            TeamMemberRecord.team_id == b["id"],
            TeamMemberRecord.id.not_in([m["id"] for m in b["members"]]),
        )
    )
    s.execute(
        update(TeamMemberRecord)
        .where(TeamMemberRecord.team_id == b["id"])
        .values(position=-TeamMemberRecord.position - 1000)
    )
    s.flush()
    for m in b["members"]:
        rec = s.get(TeamMemberRecord, m["id"])
        values = {k: v for k, v in m.items() if k != "id"}
        if rec is None:
            s.add(TeamMemberRecord(id=m["id"], **values))
        else:
            for name, value in values.items():
                setattr(rec, name, value)
    s.execute(
        update(PlayerRecord)
        .where(PlayerRecord.id == b["id"])
        .values(
            name=b["name"],
            federation=b["federation"],
            rating=b["rating"],
            members=b["members_json"],
        )
    )
    t = s.get(TeamRecord, b["id"])
    if t is not None:
        t.short_name, t.club = b["short_name"], b["club"]


@dataclass(frozen=True, slots=True)
class RemoveTeam(Action):
    """Remove a team and its roster before round 1 is paired; higher numbers move up."""

    tpn: int


def remove_team(s: Session, a: RemoveTeam) -> Outcome:
    p = player_by_tpn(s, a.tpn)
    if convert.last_paired_round(s) >= 1:
        raise ActionRefused(_(
                                "{name} cannot be removed: round 1 is paired (withdraw it)"
                            ).format(name=p.name))
    team = _team_snapshot(s, p)
    s.execute(delete(TeamMemberRecord).where(TeamMemberRecord.team_id == p.id))
    s.execute(delete(TeamRecord).where(TeamRecord.player_id == p.id))
    s.flush()
    summary, payload, warnings = player_commands.remove_player(
        s, player_commands.RemovePlayer(a.tpn)
    )
    return summary.replace("removed no.", "removed team no.", 1), {**payload, "team": team}, warnings


def undo_remove_team(s: Session, payload: Mapping[str, Any]) -> None:
    player_commands.undo_remove_player(s, payload)
    team = payload["team"]
    s.add(TeamRecord(player_id=team["id"], short_name=team["short_name"], club=team["club"]))
    for m in team["members"]:
        s.add(TeamMemberRecord(**m))
    s.flush()


@dataclass(frozen=True, slots=True)
class AssignTeamPairingNumbers(Action):
    """Give the teams pairing numbers: by strength, the average rating of the N best roster
    players (N = boards), highest first, then by name; or, with ``order`` (the current
    numbers in the new order), as the arbiter sorts them. Refused once round 4 is paired
    (C.04.2 art. 2.3)."""

    order: tuple[int, ...] | None = None


def assign_team_pairing_numbers(s: Session, a: AssignTeamPairingNumbers) -> Outcome:
    boards = team_settings(s).boards
    ratings = {str(p.id): p.rating for p in s.scalars(select(PlayerRecord))}
    for p in s.scalars(select(PlayerRecord)):
        _sync_team(s, p, boards)
    order = a.order
    if order is None:
        teams = list(s.scalars(select(PlayerRecord)))
        teams.sort(key=lambda p: (-p.rating, p.name.casefold(), p.tpn))
        order = tuple(p.tpn for p in teams)
    # Teams are ranked by their own strength (C.04.6), not by art. 2.2's individual order:
    # the individual numbering's warnings (issue 31) do not apply.
    summary, payload, warnings = player_commands.assign_pairing_numbers(
        s, player_commands.AssignPairingNumbers(
            order, confirmed=max(int(Level.CONFIRM_FACTS), a.confirmed)
        )
    )
    payload = {**payload, "ratings_before": ratings, "custom": a.order is not None}
    if a.order is not None:
        summary = said("team {summary} as the arbiter sorted them", summary=summary)
    else:
        summary = said("team {summary} by strength", summary=summary)
    return summary, payload, warnings


def undo_assign_team_pairing_numbers(s: Session, payload: Mapping[str, Any]) -> None:
    player_commands.undo_assign_pairing_numbers(s, payload)
    for pid, rating in payload["ratings_before"].items():
        s.execute(update(PlayerRecord).where(PlayerRecord.id == int(pid)).values(rating=rating))


__all__ = [
    "AddTeam",
    "AssignTeamPairingNumbers",
    "EditTeam",
    "RemoveTeam",
    "SetTeamSettings",
]
