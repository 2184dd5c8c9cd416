"""The square cross table of a round robin: one line and one column per participant, in
pairing-number order (the table numbers), each cell the games between the two with their
colours, then points, place and tie-breaks.

One computation for the window and the printed page (plain data, no Qt, no reportlab).
Players GRC art. 6.6 leaves out of the standings keep their line: their results stay in
the table (for rating and history) but have no place; the points scored against them are
in their opponents' cells, in brackets, and not in their totals.
"""

from __future__ import annotations

from dataclasses import dataclass

from swissdesk.model.round_robin import SCHEVENINGEN, scheveningen_teams, settings_of
from swissdesk.model.tournament import Colour, HalfPoints, ResultCode, Tournament
from swissdesk.tiebreaks import Standings

MARKS: dict[ResultCode, str] = {
    ResultCode.WIN: "1",
    ResultCode.UNRATED_WIN: "1",
    ResultCode.DRAW: "½",
    ResultCode.UNRATED_DRAW: "½",
    ResultCode.LOSS: "0",
    ResultCode.UNRATED_LOSS: "0",
    ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "−",
}
"""How a game's result prints in its cell (``+``/``−``: won or lost by forfeit)."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a cell, from the line's player's side."""

    round_number: int
    mark: str
    """``1``, ``½``, ``0``, ``+``, ``−``; ``""`` while the result is missing."""
    colour: Colour | None
    counted: bool = True
    """False for a game against a player left out of the standings (GRC art. 6.6)."""

    @property
    def text(self) -> str:
        return self.mark if self.counted or not self.mark else f"({self.mark})"


@dataclass(frozen=True, slots=True)
class GridRow:
    """One line: the player and, per opponent (in pairing-number order), the games
    between them, one slot per cycle (``None`` in a slot not yet played, and for the
    player's own column)."""

    tpn: int
    name: str
    title: str
    federation: str
    rating: int
    cells: tuple[tuple[Game | None, ...] | None, ...]
    points: HalfPoints
    rank_label: str
    values: tuple[str, ...]
    excluded: bool


@dataclass(frozen=True, slots=True)
class Grid:
    """The whole square table after ``after_round``."""

    after_round: int
    cycles: int
    codes: tuple[str, ...]
    rows: tuple[GridRow, ...]
    columns: tuple[int, ...]
    """The opponents' numbers heading the columns (everyone; Scheveningen: the other team
    for each team's lines is still everyone, the own team's cells stay empty)."""
    teams: tuple[tuple[str, HalfPoints], ...] = ()
    """A Scheveningen event's two teams and their points."""

    @property
    def excluded(self) -> tuple[int, ...]:
        return tuple(r.tpn for r in self.rows if r.excluded)


def round_robin_grid(tournament: Tournament, standings: Standings) -> Grid:
    """The square table of ``tournament`` after ``standings.after_round``."""
    after = standings.after_round
    cycles = settings_of(tournament).cycles
    excluded = set(standings.excluded)
    tpns = sorted(p.tpn for p in tournament.players)
    by_row = {row.tpn: row for row in standings.rows}
    scheveningen = tournament.system == SCHEVENINGEN
    rows: list[GridRow] = []
    for player in sorted(tournament.players, key=lambda p: p.tpn):
        games: dict[int, list[Game]] = {}
        points = 0
        for r in range(1, after + 1):
            entry = player.entry(r)
            if entry is None:
                continue
            points += tournament.scoring.points(entry.result)
            if entry.opponent is None:
                continue
            mark = MARKS.get(entry.result, "")
            counted = entry.opponent not in excluded or player.tpn in excluded
            games.setdefault(entry.opponent, []).append(
                Game(r, mark, entry.scheduled_colour, counted)
            )
        cells: list[tuple[Game | None, ...] | None] = []
        half = len(tpns) // 2
        for other in tpns:
            if other == player.tpn or (scheveningen and (other <= half) == (player.tpn <= half)):
                cells.append(None)
                continue
            played = games.get(other, [])
            slots: list[Game | None] = list(played[:cycles])
            slots += [None] * (cycles - len(slots))
            cells.append(tuple(slots))
        ranked = by_row.get(player.tpn)
        rows.append(
            GridRow(
                tpn=player.tpn,
                name=player.name,
                title=player.title,
                federation=player.federation,
                rating=player.rating,
                cells=tuple(cells),
                points=ranked.points if ranked is not None else points,
                rank_label=ranked.rank_label if ranked is not None else "",
                values=tuple(v.display for v in ranked.values) if ranked is not None else (),
                excluded=player.tpn in excluded,
            )
        )
    teams = scheveningen_teams(tournament, after)
    return Grid(after, cycles, standings.codes, tuple(rows), tuple(tpns), teams)
