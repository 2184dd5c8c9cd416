"""The printed cross table of a round robin: the classic square table, pairing numbers down
and across, each game's result in its cell on the colour the line's player had (white
background: White; grey: Black), one sub-column per cycle, then points, place and the
tie-breaks. Printed landscape; the type shrinks to fit the page width."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from swissdesk.i18n import _
from swissdesk.lists.round_robin_grid import Grid, round_robin_grid
from swissdesk.lists.standings import check_after_round, tiebreak_codes
from swissdesk.model.round_robin import SCHEVENINGEN
from swissdesk.model.tournament import Colour, Tournament
from swissdesk.reports.common import note, number_cells, score_text, tiebreak_legend
from swissdesk.reports.fonts import BOLD, REGULAR, register_fonts
from swissdesk.reports.layout import (
    GridTable,
    build_pdf,
    fit,
    frame_size,
    make_header,
)
from swissdesk.reports.scripts import text_width as stringWidth
from swissdesk.tiebreaks import compute_standings

BLACK_GAME = colors.Color(0.80, 0.80, 0.80)
"""A game the line's player had Black in (White: the page's white)."""
OWN_CELL = colors.Color(0.35, 0.35, 0.35)
"""The player's own column (and, in a Scheveningen event, his own team's)."""


class SquareTable(GridTable):
    """A :class:`GridTable` whose body cells may have a background of their own."""

    def __init__(
        self,
        *,
        fills: list[dict[int, colors.Color]],
        group_rules: Sequence[float],
        group_labels: Sequence[str],
        header: list[list[str]],
        body: list[list[str]],
        col_widths: list[float],
        font_size: float,
        align: list[str],
        bold_columns: frozenset[int],
        first_body_row: int = 0,
    ) -> None:
        super().__init__(
            header=header,
            body=body,
            col_widths=col_widths,
            font_size=font_size,
            align=align,
            bold_columns=bold_columns,
            zebra=False,
            first_body_row=first_body_row,
        )
        self.fills = fills
        """Per body row: column -> background."""
        self.group_rules = tuple(group_rules)
        """Where the rules between opponents go (x positions)."""
        self.group_labels = tuple(group_labels)
        """The opponents' numbers, centred over their sub-columns in the header."""

    def _copy(self, body: list[list[str]], first: int) -> GridTable:
        start = first - self.first_body_row
        return SquareTable(
            fills=self.fills[start : start + len(body)],
            group_rules=self.group_rules,
            group_labels=self.group_labels,
            header=self.header,
            body=body,
            col_widths=self.col_widths,
            font_size=self.font_size,
            align=self.align,
            bold_columns=self.bold_columns,
            first_body_row=first,
        )

    def draw(self) -> None:
        canvas: Canvas = self.canv
        rh = self.row_height
        top = (len(self.header) + len(self.body)) * rh
        lefts = [0.0]
        for w in self.col_widths:
            lefts.append(lefts[-1] + w)
        canvas.saveState()
        for i, fills in enumerate(self.fills):
            y = top - (len(self.header) + i + 1) * rh
            for column, colour in fills.items():
                canvas.setFillColor(colour)
                canvas.rect(lefts[column], y, self.col_widths[column], rh, stroke=0, fill=1)
        canvas.restoreState()
        super().draw()
        # A heavier rule between opponents (the sub-columns of one opponent stay together).
        canvas.saveState()
        canvas.setLineWidth(0.5)
        canvas.setStrokeColor(colors.Color(0.4, 0.4, 0.4))
        for x in self.group_rules:
            canvas.line(x, 0, x, top)
        canvas.setFont(BOLD, self.font_size)
        canvas.setFillColor(colors.black)
        rh = self.row_height
        baseline = top - rh + (rh - self.font_size * 0.72) / 2
        for left, right, label in zip(
            self.group_rules, self.group_rules[1:], self.group_labels, strict=False
        ):
            canvas.drawCentredString((left + right) / 2, baseline, label)
        canvas.restoreState()


def square_table(grid: Grid, width: float) -> tuple[Flowable, float]:
    """The table fitted to ``width`` points, and the font size chosen."""
    n = len(grid.columns)
    cycles = grid.cycles
    digits = len(str(max(grid.columns, default=1)))
    font = 10.0
    while True:
        cell_w = max(stringWidth("(½)", REGULAR, font), stringWidth("8" * digits, BOLD, font)) + 3
        if cycles > 1:
            cell_w = stringWidth("(½)", REGULAR, font) + 3
        num_w = font * (1.4 + digits * 0.62)
        tb_w = max([stringWidth(c, BOLD, font) + 6 for c in grid.codes] + [font * 3.4])
        fixed = num_w + font * 3.2 + font * 3.3 + font * 3.6 + font * 3.4  # No FED Rtg Pts Rk
        room = width - fixed - n * cycles * cell_w - len(grid.codes) * tb_w
        if room >= font * 12 or font <= 5.0:
            break
        font -= 0.5
    name_w = max(min(room, font * 24), font * 8)
    head = [_("No."), _("Name"), _("FED"), _("Rtg")]
    widths = [num_w, name_w, font * 3.2, font * 3.3]
    align = ["RIGHT", "LEFT", "CENTER", "RIGHT"]
    first_result = len(head)
    for _unused in grid.columns:
        for _unused in range(cycles):
            head.append("")  # the number is drawn centred over the sub-columns
            widths.append(cell_w)
            align.append("CENTER")
    head += [_("Pts"), _("Rk"), *grid.codes]
    widths += [font * 3.6, font * 3.4, *([tb_w] * len(grid.codes))]
    align += ["RIGHT", "RIGHT", *(["RIGHT"] * len(grid.codes))]
    body: list[list[str]] = []
    fills: list[dict[int, colors.Color]] = []
    for row in grid.rows:
        cells = [str(row.tpn), fit(row.name, name_w - 5, REGULAR, font), row.federation]
        cells.append(str(row.rating) if row.rating else "")
        row_fills: dict[int, colors.Color] = {}
        for i, slot in enumerate(row.cells):
            for k in range(cycles):
                column = first_result + i * cycles + k
                if slot is None:
                    cells.append("")
                    row_fills[column] = OWN_CELL
                    continue
                game = slot[k]
                cells.append(game.text if game is not None else "")
                if game is not None and game.colour is Colour.BLACK:
                    row_fills[column] = BLACK_GAME
        points = score_text(row.points)
        cells.append(f"({points})" if row.excluded else points)
        cells.append("–" if row.excluded else row.rank_label)
        cells += number_cells(row.values) if not row.excluded else [""] * len(grid.codes)
        body.append(cells)
        fills.append(row_fills)
    lefts = [0.0]
    for w in widths:
        lefts.append(lefts[-1] + w)
    table = SquareTable(
        fills=fills,
        group_rules=[lefts[first_result + i * cycles] for i in range(n + 1)],
        group_labels=[str(tpn) for tpn in grid.columns],
        header=[head],
        body=body,
        col_widths=widths,
        font_size=font,
        align=align,
        bold_columns=frozenset({len(head) - len(grid.codes) - 2}),
    )
    return table, font


def legend(grid: Grid, system: str) -> str:
    """The note under the table."""
    parts = [
        _(
            "Each cell: the line's player's result against the column's (1, ½, 0; + and − for "
            "a game won or lost by forfeit); grey background: the player had Black, white: "
            "White."
        )
    ]
    if grid.cycles > 1:
        parts.append(_("One sub-column per cycle ({count} cycles).").format(count=grid.cycles))
    if system == SCHEVENINGEN:
        parts.append(_("Dark cells: the player's own team."))
        if grid.teams:
            score = " – ".join(f"{name} {score_text(points)}" for name, points in grid.teams)
            parts.append(_("Match: {score}.").format(score=score))
    if grid.excluded:
        names = ", ".join(_("no. {number}").format(number=t) for t in grid.excluded)
        parts.append(
            _(
                "{players}: withdrew having completed less than half the games; the results "
                "stay in the table but count in nobody's standings (in brackets; GRC art. 6.6)."
            ).format(players=names)
        )
    if grid.codes:
        parts.append(tiebreak_legend(grid.codes))
    return " ".join(parts)


def render_round_robin_crosstable(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    tiebreaks: Sequence[str] | None = None,
) -> Path:
    """Write the square cross table after ``round_number`` (default: the latest complete
    round)."""
    register_fonts()
    after = check_after_round(tournament, round_number)
    codes = tiebreak_codes(tournament, tiebreaks)
    standings = compute_standings(tournament, codes, after_round=after)
    grid = round_robin_grid(tournament, standings)
    width, _height = frame_size(paper, landscape_orientation=True)
    table, _font = square_table(grid, width)
    story: list[Flowable] = [table, note(legend(grid, tournament.system), size=7)]
    when = _("after round {number}").format(number=after) if after else _("before round 1")
    header = make_header(tournament, _("Cross table"), when, after or None)
    return build_pdf(Path(out_path), story, header, paper=paper, landscape_orientation=True)
