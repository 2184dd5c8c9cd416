"""The board list of a round: the pairings that go on the wall.

Boards are numbered as C.04.2 art. 3.6 recommends (see :mod:`swissdesk.reports.board_order`)
unless the caller passes the published order. Each side shows pairing number, title, name,
rating and the score before the round; the result column is filled once results are in.
The PAB and requested byes are listed below the boards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from reportlab.platypus import Flowable

from swissdesk.model.tournament import DOUBLE_SWISS, ResultCode, Tournament
from swissdesk.reports.board_order import (
    WITHDRAWN,
    board_result,
    boards_of_round,
    bye_label,
    check_round,
    scores_before,
    unpaired_of_round,
    withdrawn_by_round,
)
from swissdesk.reports.common import bye_points_text, heading, note, rating_text, score_text
from swissdesk.reports.fonts import REGULAR
from swissdesk.reports.layout import build_pdf, fit, frame_size, grid_table, make_header


def render_boards(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    board_order: Sequence[tuple[int, int]] | None = None,
    show_results: bool = True,
    withdrawn: Mapping[int, int] | None = None,
) -> Path:
    """Write the board list of ``round_number`` (default: the latest paired round).
    ``withdrawn``: TPN -> round from which the player is withdrawn (the file's record;
    default: as the entries show it), printed "withdrawn" below the boards."""
    rnd = check_round(tournament, round_number)
    gone = withdrawn_by_round(tournament, rnd, withdrawn)
    width, _ = frame_size(paper)
    scores = scores_before(tournament, rnd)
    by_tpn = tournament.players_by_tpn
    font = 9.0
    fixed = {"bd": 24.0, "no": 26.0, "tit": 29.0, "rtg": 30.0, "pts": 24.0, "res": 44.0}
    double_swiss = tournament.system == DOUBLE_SWISS
    if double_swiss:
        fixed["res"] = 86.0  # both games of the match (C.04.5), clear of the scores beside
    name_w = (
        width
        - fixed["bd"]
        - fixed["res"]
        - 2 * (fixed["no"] + fixed["tit"] + fixed["rtg"] + fixed["pts"])
    ) / 2
    widths = [
        fixed["bd"], fixed["no"], fixed["tit"], name_w, fixed["rtg"], fixed["pts"],
        fixed["res"],
        fixed["pts"], fixed["tit"], name_w, fixed["rtg"], fixed["no"],
    ]  # fmt: skip
    rows: list[list[str]] = [
        ["Bd", "No.", "Tit", "White", "Rtg", "Pts", "Result", "Pts", "Tit", "Black", "Rtg", "No."]
    ]
    name_room = name_w - 5
    for board in boards_of_round(tournament, rnd, board_order):
        w, b = by_tpn.get(board.white), by_tpn.get(board.black)
        rows.append(
            [
                str(board.number),
                str(board.white),
                w.title if w else "",
                fit(w.name if w else f"#{board.white}", name_room, REGULAR, font),
                rating_text(w),
                score_text(scores.get(board.white, 0)),
                board_result(board) if show_results else "",
                score_text(scores.get(board.black, 0)),
                b.title if b else "",
                fit(b.name if b else f"#{board.black}", name_room, REGULAR, font),
                rating_text(b),
                str(board.black),
            ]
        )
    align = [
        "RIGHT",
        "RIGHT",
        "LEFT",
        "LEFT",
        "RIGHT",
        "CENTER",
        "CENTER",
        "CENTER",
        "LEFT",
        "LEFT",
        "RIGHT",
        "RIGHT",
    ]
    story: list[Flowable] = []
    if len(rows) > 1:
        story.append(grid_table(rows, widths, font_size=font, align=align, bold_columns=(0, 6)))
        if double_swiss:
            story.append(
                note(
                    "Result: game 1, then game 2 in its own colours (the Black player of "
                    "the board has White in game 2), as on the result slips."
                )
            )
    else:
        story.append(heading("No games are paired in this round.", space_before=0))

    unpaired = unpaired_of_round(tournament, rnd)
    if unpaired:
        story.append(heading("Not on a board this round"))
        bye_rows: list[list[str]] = [["No.", "Name", "Rtg", "Pts", "", "Scores"]]
        bye_name_w = width - 26 - 30 - 24 - 150 - 44
        for item in unpaired:
            p = by_tpn[item.tpn]
            left = item.tpn in gone and item.result is ResultCode.NOT_PAIRED
            bye_rows.append(
                [
                    str(item.tpn),
                    fit(p.name, bye_name_w - 5, REGULAR, font),
                    rating_text(p),
                    score_text(scores.get(item.tpn, 0)),
                    WITHDRAWN if left else bye_label(tournament, item.result),
                    "" if left else bye_points_text(tournament, item.result),
                ]
            )
        story.append(
            grid_table(
                bye_rows,
                [26, bye_name_w, 30, 24, 150, 44],
                font_size=font,
                align=["RIGHT", "LEFT", "RIGHT", "CENTER", "LEFT", "CENTER"],
            )
        )
    header = make_header(tournament, "Pairings", f"Round {rnd}", rnd)
    return build_pdf(Path(out_path), story, header, paper=paper)
