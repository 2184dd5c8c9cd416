"""The standings the documents print, read from :mod:`swissdesk.tiebreaks`.

Standings and the cross table rank the participants with the tournament's tie-breaks
(C.07); participants still equal after every tie-break share the place, printed "3-5".
This module only adapts :func:`swissdesk.tiebreaks.compute_standings` to what the
documents need.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from swissdesk.errors import InputError
from swissdesk.model.state import scores_after_each_round
from swissdesk.model.tournament import HalfPoints, ResultCode, Tournament


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings."""

    position: int
    """1-based line number (unique; the cross table refers to opponents by it)."""
    rank_label: str
    """The place as printed: ``"3"`` or a shared place ``"3-5"``."""
    tpn: int
    points: HalfPoints
    values: tuple[str, ...]
    """Tie-break values as printed, one per column."""


@dataclass(frozen=True, slots=True)
class StandingsView:
    """Standings after ``after_round`` with the headings of the tie-break columns."""

    after_round: int
    columns: tuple[str, ...]
    rows: tuple[StandingRow, ...]


def round_complete(tournament: Tournament, round_number: int) -> bool:
    """True when every game of the round has a result (no paired game left blank)."""
    for player in tournament.players:
        entry = player.entry(round_number)
        if (
            entry is not None
            and entry.opponent is not None
            and entry.result is ResultCode.NOT_PAIRED
        ):
            return False
    return True


def last_complete_round(tournament: Tournament) -> int:
    """The latest round whose results are all in (0 before round 1 is finished)."""
    last = tournament.rounds_with_pairings
    while last > 0 and not round_complete(tournament, last):
        last -= 1
    return last


def check_after_round(tournament: Tournament, after_round: int | None) -> int:
    """``after_round`` or the latest complete round, checked against the tournament."""
    last = tournament.rounds_with_pairings
    if after_round is None:
        return last_complete_round(tournament)
    if after_round < 0 or after_round > last:
        raise InputError(
            f"round {after_round} has not been played: choose a round from 0 to {last}"
        )
    return after_round


def tiebreak_codes(tournament: Tournament, tiebreaks: Sequence[str] | None) -> tuple[str, ...]:
    """The tie-breaks to print: the caller's, else the tournament's, else the default list."""
    if tiebreaks is not None:
        return tuple(tiebreaks)
    if tournament.tiebreaks:
        return tuple(tournament.tiebreaks)
    try:
        from swissdesk.tiebreaks.spec import DEFAULT_TIEBREAKS
    except ImportError:  # pragma: no cover - tie-break package absent
        return ()
    return tuple(DEFAULT_TIEBREAKS)


def standings_view(
    tournament: Tournament, tiebreaks: Sequence[str] | None, after_round: int
) -> StandingsView:
    """Standings after ``after_round`` with the chosen tie-breaks.

    Points come from the results (C.04.1 scoring of the tournament). Ranks and tie-break
    values come from :mod:`swissdesk.tiebreaks`; without it the list is ordered by points
    then TPN, equal points sharing the place.
    """
    codes = tiebreak_codes(tournament, tiebreaks)
    points = {
        tpn: seq[after_round]
        for tpn, seq in scores_after_each_round(tournament, after_round).items()
    }
    computed = _compute(tournament, codes, after_round)
    if computed is not None:
        columns, raw_rows = computed
        rows = tuple(
            StandingRow(
                position=i,
                rank_label=str(getattr(row, "rank_label", "") or getattr(row, "rank", i)),
                tpn=int(row.tpn),
                points=points.get(int(row.tpn), 0),
                values=tuple(_display(v) for v in getattr(row, "values", ())),
            )
            for i, row in enumerate(raw_rows, start=1)
        )
        return StandingsView(after_round, columns, rows)
    order = sorted(tournament.players, key=lambda p: (-points.get(p.tpn, 0), p.tpn))
    labels = shared_places([points.get(p.tpn, 0) for p in order])
    rows = tuple(
        StandingRow(i, labels[i - 1], p.tpn, points.get(p.tpn, 0), ())
        for i, p in enumerate(order, start=1)
    )
    return StandingsView(after_round, (), rows)


def shared_places(keys: Sequence[object]) -> list[str]:
    """Place labels for an already sorted list: equal neighbours share "3-5"."""
    labels: list[str] = []
    i = 0
    while i < len(keys):
        j = i
        while j + 1 < len(keys) and keys[j + 1] == keys[i]:
            j += 1
        label = str(i + 1) if i == j else f"{i + 1}-{j + 1}"
        labels.extend([label] * (j - i + 1))
        i = j + 1
    return labels


def _display(value: Any) -> str:
    display = getattr(value, "display", None)
    return str(display) if display is not None else str(value)


def _compute(
    tournament: Tournament, codes: tuple[str, ...], after_round: int
) -> tuple[tuple[str, ...], Sequence[Any]] | None:
    """Call the tie-break package; ``None`` when it is not installed in this build."""
    try:
        from swissdesk.tiebreaks import compute_standings
    except ImportError:
        return None
    standings = compute_standings(tournament, list(codes), after_round=after_round)
    rows: Sequence[Any] = standings.rows
    columns = tuple(codes)
    return columns, rows
