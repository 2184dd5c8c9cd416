"""Table models of the standings (C.07) and the cross table after a chosen round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from swissdesk.elo import hundredths
from swissdesk.gui.player_card import RatingExtras
from swissdesk.gui.tablemodel import (
    CENTER,
    DISPLAY,
    LEFT,
    RIGHT,
    TOOLTIP,
    Column,
    TableModel,
    points,
)
from swissdesk.i18n import N_, _, localize_number, ngettext, pgettext, worded
from swissdesk.model.tournament import Colour, HalfPoints, ResultCode, Tournament
from swissdesk.tiebreaks import Standings


class StandingsModel(TableModel):
    """The ranking with the tournament's tie-breaks (C.07 art. 5), then what each player
    takes home: the FIDE rating change and the title norms (issue 37)."""

    FIXED = 5

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.standings: Standings | None = None
        self.extras: RatingExtras | None = None
        self.columns = self._columns((), False)

    @staticmethod
    def _columns(codes: Sequence[str], extras: bool) -> tuple[Column, ...]:
        return (
            Column(N_("Rk"), RIGHT, 5, N_("Place (shared places as 3-5)")),
            Column(N_("No."), RIGHT, 5, N_("Pairing number")),
            Column(N_("Name"), LEFT, 28, stretch=True),
            Column(N_("Rtg"), RIGHT, 6),
            Column(N_("Pts"), RIGHT, 5),
            *(Column(code, RIGHT, 7, _("Tie-break {code}").format(code=code)) for code in codes),
            *(
                (
                    Column(
                        N_("Rtg ±"),
                        RIGHT,
                        7,
                        N_(
                            "FIDE rating change in the event: the sum of K x (score - expected), "
                            "exact (a first rating in brackets). Double-click: the player card."
                        ),
                    ),
                    Column(
                        N_("Norm"),
                        LEFT,
                        13,
                        N_("Title norms achieved (GM, IM, WGM, WIM); in brackets: still possible"),
                    ),
                )
                if extras
                else ()
            ),
        )

    def set_standings(
        self, standings: Standings | None, extras: RatingExtras | None = None
    ) -> None:
        self.beginResetModel()
        self.standings = standings
        self.extras = extras if standings is not None else None
        codes = standings.codes if standings is not None else ()
        self.columns = self._columns(codes, self.extras is not None)
        self._rows = list(standings.rows) if standings is not None else []
        self.endResetModel()

    def cell(self, row: Any, column: int, role: int) -> Any:
        extra = column - self.FIXED - (len(self.standings.codes) if self.standings else 0)
        if self.extras is not None and extra >= 0:
            if role == DISPLAY:
                if extra == 0:
                    return self.extras.change_text(row.tpn)
                return self.extras.norm_text(row.tpn)
            if role == TOOLTIP and extra == 0:
                return self._change_tip(row.tpn)
            return None
        if role != DISPLAY:
            return None
        match column:
            case 0:
                return row.rank_label
            case 1:
                return row.tpn
            case 2:
                return row.shown_name
            case 3:
                return row.rating or ""
            case 4:
                return points(row.points)
        return localize_number(row.values[column - self.FIXED].display)  # 41,25 in German

    def _change_tip(self, tpn: int) -> str | None:
        assert self.extras is not None
        p = self.extras.fide_by_tpn.get(tpn)
        if p is None:
            return None
        if p.k is None or p.change is None:
            return worded(p.status)
        games = len(p.counted_games)
        return ngettext(
            "K {k} ({reason}); {games} rated game, expected {expected}: new rating {rating}",
            "K {k} ({reason}); {games} rated games, expected {expected}: new rating {rating}",
            games,
        ).format(
            k=p.k.value,
            reason=worded(p.k.reason),
            games=games,
            expected=localize_number(hundredths(p.expected)),
            rating=p.new_rating,
        )


@dataclass(frozen=True, slots=True)
class CrossRow:
    rank_label: str
    tpn: int
    name: str
    rating: int
    cells: tuple[str, ...]
    points: HalfPoints


def cross_cell(
    result: ResultCode, colour: Colour | None, opponent_rank: int | None, scoring_text: str
) -> str:
    """One wall-chart cell: opponent's place, colour, result (``12w1``, ``5b½``, ``-  +``)."""
    if opponent_rank is None:
        return {
            ResultCode.PAIRING_ALLOCATED_BYE: "PAB",
            ResultCode.FULL_POINT_BYE: _("bye {points}").format(points=scoring_text or "1"),
            ResultCode.HALF_POINT_BYE: _("bye {points}").format(points=scoring_text or "½"),
            ResultCode.ZERO_POINT_BYE: _("bye {points}").format(points=scoring_text or "0"),
        }.get(result, "–")
    white, black = pgettext("colour letter", "w"), pgettext("colour letter", "b")
    c = white if colour is Colour.WHITE else black if colour is Colour.BLACK else ""
    return f"{opponent_rank}{c}{scoring_text}"


_CROSS_RESULT: dict[ResultCode, str] = {
    ResultCode.WIN: "1",
    ResultCode.UNRATED_WIN: "1",
    ResultCode.DRAW: "½",
    ResultCode.UNRATED_DRAW: "½",
    ResultCode.LOSS: "0",
    ResultCode.UNRATED_LOSS: "0",
    ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "−",
}


_FORFEITS = frozenset({ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS})
_BYE_RESULTS = frozenset(
    {ResultCode.FULL_POINT_BYE, ResultCode.HALF_POINT_BYE, ResultCode.ZERO_POINT_BYE}
)


def cross_rows(tournament: Tournament, standings: Standings) -> list[CrossRow]:
    """The wall chart: players in standings order, each round as opponent's place, colour
    and result (C.04.2 art. 3.6 publishing; the usual FIDE cross-table layout)."""
    rank_of = {row.tpn: i for i, row in enumerate(standings.rows, start=1)}
    by_tpn = tournament.players_by_tpn
    out: list[CrossRow] = []
    for row in standings.rows:
        player = by_tpn[row.tpn]
        cells = []
        for r in range(1, standings.after_round + 1):
            entry = player.entry(r)
            if entry is None:
                cells.append("")
                continue
            opp = rank_of.get(entry.opponent) if entry.opponent is not None else None
            mark = _CROSS_RESULT.get(entry.result, "")
            colour = entry.colour
            if entry.games and entry.game_points is not None:
                # Double-Swiss (C.04.5): the match score, + / − for a match ended by forfeit.
                forfeit = mark if entry.result in _FORFEITS else ""
                mark = forfeit + points(entry.game_points)
                colour = entry.scheduled_colour
            if opp is None and entry.result in _BYE_RESULTS:
                # A bye shows what it scored (a Double-Swiss half-point bye is worth 1).
                mark = points(tournament.scoring.points(entry.result))
            cells.append(cross_cell(entry.result, colour, opp, mark))
        out.append(
            CrossRow(row.rank_label, row.tpn, row.name, row.rating, tuple(cells), row.points)
        )
    return out


class CrossTableModel(TableModel):
    """The cross table (wall chart): one column per round, opponents by their place."""

    FIXED = 4

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.columns = self._columns(0)

    @staticmethod
    def _columns(rounds: int) -> tuple[Column, ...]:
        return (
            Column(N_("Rk"), RIGHT, 5),
            Column(N_("Name"), LEFT, 26, stretch=True),
            Column(N_("Rtg"), RIGHT, 6),
            Column(N_("No."), RIGHT, 5),
            *(
                Column(
                    str(r),
                    CENTER,
                    6,
                    _("Round {number}: opponent's place, colour, result").format(number=r),
                )
                for r in range(1, rounds + 1)
            ),
            Column(N_("Pts"), RIGHT, 5),
        )

    def set_cross(self, rows: Sequence[CrossRow], rounds: int) -> None:
        self.beginResetModel()
        self.columns = self._columns(rounds)
        self._rows = list(rows)
        self.endResetModel()

    def cell(self, row: CrossRow, column: int, role: int) -> Any:
        if role != DISPLAY:
            return None
        if column == 0:
            return row.rank_label
        if column == 1:
            return row.name
        if column == 2:
            return row.rating or ""
        if column == 3:
            return row.tpn
        if column == len(self.columns) - 1:
            return points(row.points)
        return row.cells[column - self.FIXED]
