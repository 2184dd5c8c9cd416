"""The standings the documents print, read from :mod:`swissdesk.tiebreaks`.

Standings and the cross table rank the participants with the tournament's tie-breaks
(C.07); participants still equal after every tie-break share the place, printed "3-5".
This module only adapts :func:`swissdesk.tiebreaks.compute_standings` to what the
documents need and picks the round to rank after.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from swissdesk.errors import InputError
from swissdesk.i18n import _, ngettext
from swissdesk.model.tournament import HalfPoints, ResultCode, Tournament, adjourned_games
from swissdesk.tiebreaks import compute_standings, declared_tiebreaks


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
    expelled: tuple[int, ...] = ()
    """Expelled players, not in the rows (C.02 VCL Q197-198): listed below the table."""
    rating_note: str = ""
    """An event over 30 days: the ratings the rating tie-breaks read and the advice
    against them (Q211, Q214-216)."""


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
    """``after_round`` or the latest complete round, checked against the tournament.

    A round whose results are not all in cannot be ranked: a missing result would count
    as a loss for both players.
    """
    last = tournament.rounds_with_pairings
    if after_round is None:
        return check_final(tournament, last_complete_round(tournament))
    if after_round < 0 or after_round > last:
        raise InputError(
            _("round {after_round} has not been played: choose a round from 0 to {last}").format(
                after_round=after_round, last=last
            )
        )
    for r in range(1, after_round + 1):
        missing = _missing_results(tournament, r)
        if missing:
            raise InputError(
                ngettext(
                    "round {r} is not finished: {missing} result missing; enter it or print the "
                    "standings of an earlier round",
                    "round {r} is not finished: {missing} results missing; enter them or print "
                    "the standings of an earlier round",
                    missing,
                ).format(r=r, missing=missing)
            )
    return check_final(tournament, after_round)


def open_adjournments_text(tournament: Tournament, through: int | None = None) -> str:
    """``round 4: 3-7; round 5: 1-2`` for the adjourned games without a result ("" if none)."""
    return "; ".join(
        f"round {r}: {white}-{black}" for r, white, black in adjourned_games(tournament, through)
    )


def check_final(tournament: Tournament, after_round: int) -> int:
    """``after_round``, unless those would be the final standings of a tournament in FIDE
    mode with an adjourned game still without its result: FIDE's checklist forbids them
    (C.02 VCL Q169; standings of an earlier round, or during the event, count the game as
    the provisional draw, C.04.2 art. 3.1)."""
    final = tournament.total_rounds and after_round >= tournament.total_rounds
    if final and tournament.fide_mode:
        games = open_adjournments_text(tournament, after_round)
        if games:
            raise InputError(
                _(
                    "the final standings cannot be produced while an adjourned game has no "
                    "result ({games}): enter its result first (C.02 VCL Q169)"
                ).format(games=games)
            )
    return after_round


def _missing_results(tournament: Tournament, round_number: int) -> int:
    """Number of boards of the round without a result."""
    count = 0
    for player in tournament.players:
        entry = player.entry(round_number)
        if (
            entry is not None
            and entry.opponent is not None
            and entry.result is ResultCode.NOT_PAIRED
        ):
            count += 1
    return (count + 1) // 2


def tiebreak_codes(tournament: Tournament, tiebreaks: Sequence[str] | None) -> tuple[str, ...]:
    """The tie-breaks to print: the caller's, else the tournament's (TRF record 202), else
    swissdesk's default list."""
    if tiebreaks is not None:
        return tuple(tiebreaks)
    return tuple(declared_tiebreaks(tournament))


def standings_view(
    tournament: Tournament, tiebreaks: Sequence[str] | None, after_round: int
) -> StandingsView:
    """Standings after ``after_round`` with the chosen tie-breaks (C.07 art. 5), computed
    by :func:`swissdesk.tiebreaks.compute_standings`; an unknown tie-break code raises
    :class:`~swissdesk.errors.InputError`."""
    codes = tiebreak_codes(tournament, tiebreaks)
    standings = compute_standings(tournament, codes, after_round=after_round)
    rows = tuple(
        StandingRow(
            position=i,
            rank_label=row.rank_label,
            tpn=row.tpn,
            points=row.points,
            values=tuple(v.display for v in row.values),
        )
        for i, row in enumerate(standings.rows, start=1)
    )
    return StandingsView(
        standings.after_round,
        standings.codes,
        rows,
        expelled=standings.expelled,
        rating_note=standings.rating_note,
    )
