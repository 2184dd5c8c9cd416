"""The standings part of the checker: does the rank column follow the file's tie-break list?

The checklist's PTC (C.02 VCL, Q21) must report "which standings positions do not follow the
tie-break list". A TRF carries one standings: the rank column (record 001, columns 86-89,
"ties allowed"), the places after the last round played. The order that decides them is the
file's own (TRF-2026):

* record 212, "FIDE tie-breaks used to define standings": the list with ``PTS`` where the
  points decide;
* else record 202, "FIDE tie-breaks used to break ties": the points first, then that list;
* else the points alone (the file names no tie-break: players equal on points are tied).

The standings are computed by :func:`swissdesk.tiebreaks.compute_standings` (C.07, the
edition in force from 1 March 2026). A player's rank is right when it lies within the places
the list gives them: players the list leaves tied share places ``3-5`` and may be written 3, 4
or 5 (the TRF allows ties, and a program may separate a full tie by lot or by pairing
number). For every rank that is wrong the report names the player the list puts in that place
and the first criterion of the list that decides between the two, with both values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from swissdesk.errors import InputError
from swissdesk.i18n import said, said_n
from swissdesk.model.external_tiebreak import EXTERNAL_CODE
from swissdesk.model.tournament import Tournament, half_points_to_str
from swissdesk.tiebreaks.standings import (
    POINTS_CODE,
    StandingRow,
    Standings,
    compute_standings,
    is_points_code,
)
from swissdesk.trf.reader import abnormal_points, record_212


@dataclass(frozen=True, slots=True)
class RankOrder:
    """The order that defines the standings, as the file gives it."""

    codes: tuple[str, ...]
    """Criteria in order, ``PTS`` included (``("PTS", "BH/C1", "BH")``)."""
    source: str
    """``"212"``, ``"202"`` or ``"none"`` (the points alone)."""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RankProblem:
    """One player whose rank in the file does not follow the order."""

    tpn: int
    name: str
    file_rank: int | None
    rank_label: str
    """The place(s) the order gives: ``"4"`` or ``"3-5"`` when tied."""
    values: tuple[tuple[str, str], ...]
    """``(code, value)`` for every criterion of the order, ``PTS`` included."""
    other: int | None
    """The player the order puts at ``file_rank`` (None when that place does not exist)."""
    decided_by: str
    """The first criterion that separates the two (empty when there is no other player)."""
    text: str


@dataclass(frozen=True, slots=True)
class StandingsCheck:
    """The check of the rank column after ``after_round``."""

    after_round: int
    order: RankOrder
    checked: bool
    """False when the standings were not checked (``reason`` says why)."""
    reason: str = ""
    beyond_swissdesk: bool = False
    """Not checked because swissdesk cannot compute them (a tie-break it does not know,
    record 299 points for some players only), not because the file has none to check."""
    problems: tuple[RankProblem, ...] = ()
    standings: Standings | None = None
    file_ranks: Mapping[int, int | None] = field(default_factory=dict)
    """The rank column as the file gives it (pairing number -> rank)."""

    @property
    def agrees(self) -> bool:
        return not self.problems


def rank_order(tournament: Tournament) -> RankOrder:
    """The order the file declares for its standings (records 212 and 202), with the
    external tie-break its ``### External tie-break`` line states (C.02 VCL Q207) at the
    position that line gives."""
    order = _declared_order(tournament)
    external = tournament.external_tiebreak
    if external is None or not external.in_use:
        return order
    codes = list(order.codes)
    declared = [i for i, code in enumerate(codes) if not is_points_code(code)]
    at = external.position(len(declared))
    codes.insert(declared[at] if at < len(declared) else len(codes), EXTERNAL_CODE)
    note = said(
        "EXT: the values of the file's external tie-break {label} (a ### line; TRF-2026 has "
        "no code for it)",
        label=repr(external.label),
    )
    return RankOrder(tuple(codes), order.source, (*order.notes, note))


def _declared_order(tournament: Tournament) -> RankOrder:
    declared = tuple(
        code for entry in tournament.tiebreaks for code in entry.replace(",", " ").split()
    )
    from_212 = record_212(tournament)
    if from_212:
        notes: list[str] = []
        if not any(is_points_code(c) for c in from_212):
            notes.append(
                said("record 212 does not name PTS: the points do not decide the standings")
            )
        rest = [c.upper() for c in from_212 if not is_points_code(c)]
        if declared and rest != [c.upper() for c in declared]:
            notes.append(
                said(
                    "records 202 ({declared}) and 212 ({standings}) name different tie-breaks; "
                    "record 212 defines the standings",
                    declared=", ".join(declared),
                    standings=", ".join(from_212),
                )
            )
        return RankOrder(from_212, "212", tuple(notes))
    if declared:
        return RankOrder((POINTS_CODE, *declared), "202")
    return RankOrder(
        (POINTS_CODE,),
        "none",
        (
            said(
                "the file names no tie-break (records 202/212): the ranks are checked against "
                "the points alone, players equal on points being tied"
            ),
        ),
    )


def check_standings(tournament: Tournament) -> StandingsCheck:
    """Check the rank column against the file's order (see the module docstring)."""
    order = rank_order(tournament)
    after = tournament.rounds_with_pairings
    if tournament.is_team:
        return StandingsCheck(
            after, order, False, said("team standings (record 310) are outside this check")
        )
    ranks = {p.tpn: p.declared_rank for p in tournament.players}
    if after == 0:
        return StandingsCheck(after, order, False, said("no round has been played"))
    if all(r is None for r in ranks.values()):
        return StandingsCheck(
            after, order, False, said("the file has no rank column (86-89)")
        )
    abnormal = abnormal_points(tournament)
    if abnormal:
        return StandingsCheck(
            after,
            order,
            False,
            said(
                "record 299 gives points to some players or rounds only; swissdesk does not "
                "compute such standings"
            ),
            beyond_swissdesk=True,
        )
    try:
        standings = compute_standings(tournament, order.codes)
    except InputError as exc:
        return StandingsCheck(
            after,
            order,
            False,
            said("the standings cannot be computed: {why}", why=str(exc)),
            beyond_swissdesk=True,
        )
    problems = rank_problems(tournament, standings, order)
    return StandingsCheck(
        after, order, True, problems=problems, standings=standings, file_ranks=ranks
    )


def row_values(row: StandingRow, order: RankOrder) -> tuple[tuple[str, str], ...]:
    """``(code, value)`` of a standings row in the order's sequence, ``PTS`` included."""
    values = iter(row.values)
    out = []
    for code in order.codes:
        if is_points_code(code):
            out.append((POINTS_CODE, half_points_to_str(row.points)))
        else:
            value = next(values)
            out.append((value.code, value.display))
    return tuple(out)


def _exact(row: StandingRow, order: RankOrder) -> list[tuple[str, object]]:
    """The exact values behind :func:`row_values` (to find the deciding criterion)."""
    values = iter(row.values)
    out: list[tuple[str, object]] = []
    for code in order.codes:
        if is_points_code(code):
            out.append((POINTS_CODE, row.points))
        else:
            value = next(values)
            out.append((value.code, value.value))
    return out


def rank_problems(
    tournament: Tournament, standings: Standings, order: RankOrder
) -> tuple[RankProblem, ...]:
    """Every player whose rank in the file lies outside the places the order gives them."""
    rows = list(standings.rows)
    by_tpn = {row.tpn: row for row in rows}
    names = {p.tpn: p.name for p in tournament.players}
    span = {row.tpn: (row.rank, row.rank + _tied(row) - 1) for row in rows}
    problems: list[RankProblem] = []
    # Players the standings leave out (a round robin's, GRC art. 6.6) have no place to check.
    ranked = [p for p in tournament.players if p.tpn in by_tpn]
    for player in sorted(ranked, key=lambda p: (by_tpn[p.tpn].rank, p.tpn)):
        row = by_tpn[player.tpn]
        first, last = span[player.tpn]
        rank = player.declared_rank
        if rank is not None and first <= rank <= last:
            continue
        values = row_values(row, order)
        shown = ", ".join(f"{code} {value}" for code, value in values)
        if rank is None:
            text = said(
                "player {player} ({name}) has no rank in the file; by {order} the place is "
                "{place} ({values})",
                player=player.tpn,
                name=names[player.tpn],
                order=", ".join(order.codes),
                place=row.rank_label,
                values=shown,
            )
            problems.append(
                RankProblem(
                    player.tpn, names[player.tpn], None, row.rank_label, values, None, "", text
                )
            )
            continue
        other = rows[rank - 1] if 1 <= rank <= len(rows) else None
        decided_by = ""
        if other is None:
            text = said_n(
                "player {player} ({name}) is ranked {rank} in the file, but there is only "
                "{count} player; by {order} the place is {place} ({values})",
                "player {player} ({name}) is ranked {rank} in the file, but there are only "
                "{count} players; by {order} the place is {place} ({values})",
                len(rows),
                player=player.tpn,
                name=names[player.tpn],
                rank=rank,
                count=len(rows),
                order=", ".join(order.codes),
                place=row.rank_label,
                values=shown,
            )
        else:
            mine = _exact(row, order)
            theirs = _exact(other, order)
            shown_other = dict(row_values(other, order))
            shown_mine = dict(values)
            decided_by = next(
                (code for (code, a), (_, b) in zip(mine, theirs, strict=True) if a != b), ""
            )
            fields: dict[str, Any] = {
                "player": player.tpn,
                "name": names[player.tpn],
                "rank": rank,
                "order": ", ".join(order.codes),
                "place": row.rank_label,
                "other": other.tpn,
                "other_place": other.rank_label,
                "values": shown,
            }
            if decided_by:
                text = said(
                    "player {player} ({name}) is ranked {rank} in the file, but by {order} the "
                    "place is {place}; at {rank} the list puts player {other} (place "
                    "{other_place}): {code} decides, {mine} against {theirs} (player {player}: "
                    "{values})",
                    code=decided_by,
                    mine=shown_mine[decided_by],
                    theirs=shown_other[decided_by],
                    **fields,
                )
            else:  # pragma: no cover - different places always differ somewhere
                text = said(
                    "player {player} ({name}) is ranked {rank} in the file, but by {order} the "
                    "place is {place}; at {rank} the list puts player {other} (place "
                    "{other_place}): no criterion separates them (player {player}: {values})",
                    **fields,
                )
        problems.append(
            RankProblem(
                player.tpn,
                names[player.tpn],
                rank,
                row.rank_label,
                values,
                None if other is None else other.tpn,
                decided_by,
                text,
            )
        )
    return tuple(problems)


def _tied(row: StandingRow) -> int:
    """How many players share ``row``'s place (``"3-5"`` -> 3)."""
    first, _, last = row.rank_label.partition("-")
    return int(last) - int(first) + 1 if last else 1


__all__ = ["RankOrder", "RankProblem", "StandingsCheck", "check_standings", "rank_order"]
