"""The alphabetical pairing list: "where do I play", the sheet players crowd around.

Every participant by name (accents and case ignored in the order), with their board, colour
and opponent in the round; participants without a board say why (PAB, requested bye,
absence).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from swissdesk.i18n import _, pgettext
from swissdesk.lists.board_order import (
    BYE_LABELS,
    WITHDRAWN,
    boards_of_round,
    bye_label,
    check_round,
    scores_before,
    withdrawn_by_round,
)
from swissdesk.model.tournament import ResultCode, Tournament
from swissdesk.reports.common import bye_points_text, score_text, sort_name
from swissdesk.reports.fonts import BOLD, REGULAR, printable
from swissdesk.reports.layout import (
    build_pdf,
    cell_width,
    fit,
    frame_size,
    grid_table,
    make_header,
)

_SCORING_BYES = frozenset(
    {ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FULL_POINT_BYE, ResultCode.HALF_POINT_BYE}
)


def render_alphabetical(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    board_order: Sequence[tuple[int, int]] | None = None,
    withdrawn: Mapping[int, int] | None = None,
    venue_url: str = "",
) -> Path:
    """Write the alphabetical pairing list of ``round_number`` (default: latest paired);
    ``withdrawn`` as for the board list (:func:`~swissdesk.reports.boards.render_boards`)."""
    rnd = check_round(tournament, round_number)
    gone = withdrawn_by_round(tournament, rnd, withdrawn)
    width, _height = frame_size(paper)
    scores = scores_before(tournament, rnd)
    by_tpn = tournament.players_by_tpn
    font = 10.0
    seat: dict[int, tuple[int, str, int]] = {}
    for board in boards_of_round(tournament, rnd, board_order):
        seat[board.white] = (board.number, pgettext("colour", "White"), board.black)
        seat[board.black] = (board.number, pgettext("colour", "Black"), board.white)

    colours = [pgettext("colour", "White"), pgettext("colour", "Black")]
    fixed = [30.0, 30.0, 30.0, max(46.0, cell_width(colours, font)), 30.0]
    # No., Pts, Bd, Colour ("Schwarz" is wider than "Black"), Opp. No.
    name_w = (width - sum(fixed)) / 2
    widths = [name_w, fixed[0], fixed[1], fixed[2], fixed[3], fixed[4], name_w]
    rows: list[list[str]] = [
        [_("Name"), _("No."), _("Pts"), _("Bd"), _("Colour"), _("No."), _("Opponent")]
    ]
    players = sorted(tournament.players, key=lambda p: (sort_name(p.name), p.tpn))
    for player in players:
        name = fit(player.name, name_w - 5, BOLD, font)
        pts = score_text(scores.get(player.tpn, 0))
        if player.tpn in seat:
            number, colour, opponent = seat[player.tpn]
            opp = by_tpn.get(opponent)
            opp_name = fit(opp.name if opp else f"#{opponent}", name_w - 5, REGULAR, font)
            rows.append([name, str(player.tpn), pts, str(number), colour, str(opponent), opp_name])
        else:
            entry = player.entry(rnd)
            result = entry.result if entry is not None else None
            if player.tpn in gone and result in (None, ResultCode.NOT_PAIRED):
                text = _(WITHDRAWN)
            elif result is None or result not in BYE_LABELS:
                text = _(BYE_LABELS[ResultCode.NOT_PAIRED])
            else:
                points = bye_points_text(tournament, result)
                label = bye_label(tournament, result)
                text = label + (f" ({points})" if result in _SCORING_BYES else "")
            rows.append([name, str(player.tpn), pts, "–", "", "", printable(text)])
    align = ["LEFT", "RIGHT", "CENTER", "RIGHT", "CENTER", "RIGHT", "LEFT"]
    table = grid_table(rows, widths, font_size=font, align=align, bold_columns=(0, 3))
    header = make_header(
        tournament,
        _("Pairings by name"),
        _("Round {number}").format(number=rnd),
        rnd,
        venue_url=venue_url,
    )
    return build_pdf(Path(out_path), [table], header, paper=paper)
