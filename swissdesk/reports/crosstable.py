"""The cross table (wall chart): every participant's rounds, total and tie-breaks.

Lines are in standings order (C.07 tie-breaks). Each round cell gives the opponent's line
number, the colour and the result ("12w1": against line 12, White, won), so a reader can
follow any game to the opponent's line. Printed landscape; the type shrinks so that all
rounds fit the page width.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from swissdesk.i18n import _
from swissdesk.lists.crosstable import colour_letter, round_cell
from swissdesk.lists.standings import check_after_round, standings_view
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.tournament import Colour, Tournament
from swissdesk.reports.common import (
    note,
    number_cells,
    rating_text,
    score_text,
    tiebreak_legend,
    withdrawn_name,
)
from swissdesk.reports.fonts import BOLD, REGULAR, register_fonts
from swissdesk.reports.layout import build_pdf, fit, frame_size, grid_table, make_header


def render_crosstable(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    tiebreaks: Sequence[str] | None = None,
) -> Path:
    """Write the cross table after ``round_number`` (default: the latest complete round);
    a round robin's is the square table (:mod:`swissdesk.reports.round_robin`)."""
    if is_round_robin(tournament.system):
        from swissdesk.reports.round_robin import render_round_robin_crosstable

        return render_round_robin_crosstable(
            tournament, out_path, round_number=round_number, paper=paper, tiebreaks=tiebreaks
        )
    register_fonts()
    after = check_after_round(tournament, round_number)
    view = standings_view(tournament, tiebreaks, after)
    rounds = max(tournament.total_rounds, after)
    line_of = {row.tpn: row.position for row in view.rows}
    by_tpn = tournament.players_by_tpn
    width, _height = frame_size(paper, landscape_orientation=True)

    digits = len(str(max(len(view.rows), 1)))
    round_cells = {
        row.tpn: [
            round_cell(player.entry(r) if player is not None and r <= after else None,
                       line_of, tournament.scoring)
            for r in range(1, rounds + 1)
        ]
        for row in view.rows
        for player in [by_tpn.get(row.tpn)]
    }  # fmt: skip
    # The round columns as wide as the widest cell printed: a bye's mark is a word in the
    # document's language ("пр. ½", "Bye ½"), a Double-Swiss match score is longer.
    samples = [f"{'8' * digits}{colour_letter(Colour.WHITE)}½", _("PAB")]
    samples += sorted({cell for cells in round_cells.values() for cell in cells})
    show_id_columns = True
    font = 8.0
    while True:
        round_w = max(stringWidth(s, REGULAR, font) for s in samples) + 5
        tb_w = max([stringWidth(c, BOLD, font) + 6 for c in view.columns] + [font * 3.6])
        fixed = font * (2.9 + digits * 0.65) * 2 + font * 3.3 + font * 4.2  # Rk, No., Rtg, Pts
        ids = font * (3.3 + 3.2) if show_id_columns else 0.0  # Tit, FED
        room = width - fixed - ids - rounds * round_w - len(view.columns) * tb_w
        if room >= font * 14 or (font <= 5.0 and not show_id_columns):
            break
        if font > 5.0:
            font -= 0.5
        else:
            show_id_columns = False
    name_w = max(min(room, font * 26), font * 8)
    num_w = font * (2.9 + digits * 0.65)

    head = [_("Rk"), _("No."), _("Name")]
    widths = [num_w, num_w, name_w]
    align = ["RIGHT", "RIGHT", "LEFT"]
    if show_id_columns:
        head += [_("Tit"), _("FED")]
        widths += [font * 3.3, font * 3.2]
        align += ["LEFT", "CENTER"]
    head += [_("Rtg"), *(str(r) for r in range(1, rounds + 1)), _("Pts"), *view.columns]
    widths += [font * 3.3, *([round_w] * rounds), font * 4.2, *([tb_w] * len(view.columns))]
    align += ["RIGHT", *(["CENTER"] * rounds), "RIGHT", *(["RIGHT"] * len(view.columns))]
    rows: list[list[str]] = [head]
    for row in view.rows:
        player = by_tpn.get(row.tpn)
        cells = [str(row.position), str(row.tpn)]
        name = player.name if player else f"#{row.tpn}"
        if player is not None and player.withdrawn_by(after):  # C.02 VCL Q170
            name = withdrawn_name(name)
        cells.append(fit(name, name_w - 5, REGULAR, font))
        if show_id_columns:
            cells += [player.title if player else "", player.federation if player else ""]
        cells.append(rating_text(player))
        cells += round_cells[row.tpn]
        cells.append(score_text(row.points))
        cells.extend(number_cells(row.values))
        rows.append(cells)
    pts_column = len(head) - len(view.columns) - 1
    story: list[Flowable] = [
        grid_table(rows, widths, font_size=font, align=align, bold_columns=(0, pts_column)),
        note(
            _(
                "Round cells: opponent's line (Rk), colour ({white}/{black}), result (1, ½, 0; "
                "+ and - for forfeits). PAB: pairing-allocated bye; bye 1/½/0: requested bye; "
                "–: not paired."
            ).format(white=colour_letter(Colour.WHITE), black=colour_letter(Colour.BLACK))
            + (" " + tiebreak_legend(view.columns) if view.columns else ""),
            size=7,
        ),
    ]
    when = _("after round {number}").format(number=after) if after else _("before round 1")
    header = make_header(tournament, _("Cross table"), when, after or None)
    return build_pdf(Path(out_path), story, header, paper=paper, landscape_orientation=True)
