"""Standings after a round, with the tournament's tie-breaks (C.07); shared places as "3-5"."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.platypus import Flowable

from swissdesk.i18n import _, worded
from swissdesk.lists.standings import check_after_round, standings_view
from swissdesk.model.tournament import Tournament
from swissdesk.reports.common import (
    note,
    number_cells,
    rating_text,
    score_text,
    tiebreak_legend,
    withdrawn_name,
)
from swissdesk.reports.fonts import BOLD, REGULAR
from swissdesk.reports.layout import build_pdf, fit, frame_size, grid_table, make_header
from swissdesk.reports.scripts import text_width

_MIN_NAME = 150.0


def render_standings(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    tiebreaks: Sequence[str] | None = None,
) -> Path:
    """Write the standings after ``round_number`` (default: the latest complete round)."""
    after = check_after_round(tournament, round_number)
    view = standings_view(tournament, tiebreaks, after)
    font = 9.0
    fixed = [34.0, 28.0, 29.0, 32.0, 34.0, 34.0]  # Rk, No., Tit, FED, Rtg, Pts
    tb_w = 40.0
    # A heading longer than a code (an external tie-break's label, C.02 VCL Q207) gets
    # the room to print in full, up to twice a column, unless that alone would turn the
    # page (the heading then prints smaller).
    tb_widths = [
        min(2 * tb_w, max(tb_w, text_width(code, BOLD, font) + 8)) for code in view.columns
    ]
    portrait = frame_size(paper)[0]
    if sum(fixed) + _MIN_NAME + sum(tb_widths) > portrait >= (
        sum(fixed) + _MIN_NAME + tb_w * len(view.columns)
    ):
        tb_widths = [tb_w] * len(view.columns)
    needed = sum(fixed) + _MIN_NAME + sum(tb_widths)
    landscape = needed > frame_size(paper)[0]
    width, _height = frame_size(paper, landscape_orientation=landscape)
    name_w = width - sum(fixed) - sum(tb_widths)
    widths = [fixed[0], fixed[1], fixed[2], name_w, fixed[3], fixed[4], fixed[5]]
    widths += tb_widths
    head = [_("Rk"), _("No."), _("Tit"), _("Name"), _("FED"), _("Rtg"), _("Pts")]
    rows: list[list[str]] = [[*head, *view.columns]]
    by_tpn = tournament.players_by_tpn
    for row in view.rows:
        p = by_tpn.get(row.tpn)
        rows.append(
            [
                row.rank_label,
                str(row.tpn),
                p.title if p else "",
                fit(
                    (withdrawn_name(p.name) if p.withdrawn_by(after) else p.name)
                    if p
                    else f"#{row.tpn}",
                    name_w - 5,
                    REGULAR,
                    font,
                ),
                p.federation if p else "",
                rating_text(p),
                score_text(row.points),
                *number_cells(row.values),
            ]
        )
    align = ["RIGHT", "RIGHT", "LEFT", "LEFT", "CENTER", "RIGHT", "RIGHT"]
    align += ["RIGHT"] * len(view.columns)
    story: list[Flowable] = [
        grid_table(rows, widths, font_size=font, align=align, bold_columns=(6,))
    ]
    if view.columns:
        story.append(note(tiebreak_legend(view.columns)))
    if view.expelled:
        names = ", ".join(
            _("no. {number} {name}").format(number=t, name=by_tpn[t].name)
            if t in by_tpn
            else _("no. {number}").format(number=t)
            for t in view.expelled
        )
        story.append(note(_("Expelled, not in the standings: {names}.").format(names=names)))
    if view.rating_note:
        story.append(note(worded(view.rating_note)))
    when = _("after round {number}").format(number=after) if after else _("before round 1")
    header = make_header(tournament, _("Standings"), when, after or None)
    return build_pdf(Path(out_path), story, header, paper=paper, landscape_orientation=landscape)
