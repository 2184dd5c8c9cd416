"""The board list of a round: the pairings that go on the wall.

Boards are numbered as C.04.2 art. 3.6 recommends (see :mod:`swissdesk.lists.board_order`)
unless the caller passes the published order. Each side shows pairing number, title, name,
rating and the score before the round; the result column is filled once results are in.
The PAB and requested byes are listed below the boards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from reportlab.platypus import Flowable

from swissdesk.i18n import _, pgettext
from swissdesk.lists.board_order import (
    WITHDRAWN,
    board_result,
    boards_of_round,
    bye_label,
    check_round,
    scores_before,
    unpaired_of_round,
    withdrawn_by_round,
)
from swissdesk.model.chess960 import describe
from swissdesk.model.tournament import DOUBLE_SWISS, ResultCode, Tournament
from swissdesk.reports.common import bye_points_text, heading, note, rating_text, score_text
from swissdesk.reports.fonts import BOLD, REGULAR
from swissdesk.reports.layout import (
    build_pdf,
    fit,
    frame_size,
    grid_table,
    header_width,
    make_header,
)
from swissdesk.reports.scripts import text_width


def render_boards(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    board_order: Sequence[tuple[int, int]] | None = None,
    show_results: bool = True,
    withdrawn: Mapping[int, int] | None = None,
    venue_url: str = "",
) -> Path:
    """Write the board list of ``round_number`` (default: the latest paired round).
    ``withdrawn``: TPN -> round from which the player is withdrawn (the file's record;
    default: as the entries show it), printed "withdrawn" below the boards."""
    rnd = check_round(tournament, round_number)
    width, _height = frame_size(paper)
    story = board_list_story(
        tournament,
        rnd,
        width,
        board_order=board_order,
        show_results=show_results,
        withdrawn=withdrawn,
    )
    position = tournament.chess960.get(rnd)  # a Chess960 event: the round's position
    round_text = _("Round {number}").format(number=rnd) + (
        f" · {describe(position)}" if position is not None else ""
    )
    header = make_header(tournament, _("Pairings"), round_text, rnd, venue_url=venue_url)
    return build_pdf(Path(out_path), story, header, paper=paper)


def board_list_story(
    tournament: Tournament,
    rnd: int,
    width: float,
    *,
    board_order: Sequence[tuple[int, int]] | None = None,
    show_results: bool = True,
    withdrawn: Mapping[int, int] | None = None,
    first_board: int = 1,
) -> list[Flowable]:
    """The board table of round ``rnd`` and, below it, who is not on a board; boards are
    numbered from ``first_board`` (the hall's list of all sections numbers on across them,
    :mod:`swissdesk.reports.hall`)."""
    gone = withdrawn_by_round(tournament, rnd, withdrawn)
    scores = scores_before(tournament, rnd)
    by_tpn = tournament.players_by_tpn
    boards = boards_of_round(tournament, rnd, board_order)
    results = {b.number: board_result(b) if show_results else "" for b in boards}
    double_swiss = tournament.system == DOUBLE_SWISS
    titled = any(
        by_tpn[t].title for b in boards for t in (b.white, b.black) if t in by_tpn
    )  # no title on any board: the two title columns give their room to the names
    names = [by_tpn[t].name for b in boards for t in (b.white, b.black) if t in by_tpn]
    # The largest font, from 9 down to 7½ points, at which every name fits its column
    # ("Fernández de la Vega, María José" whole on a portrait page), else 7½ and cut.
    result_heading = _("Result")
    headings = {"bd": _("Bd"), "no": _("No."), "tit": _("Tit"), "rtg": _("Rtg"), "pts": _("Pts"),
                "res": result_heading}  # fmt: skip
    for size in (9.0, 8.5, 8.0, 7.5):
        font = size
        scale = size / 9.0
        fixed = {
            "bd": 24.0 * scale,
            "no": 26.0 * scale,
            "tit": 29.0 * scale if titled else 0.0,
            "rtg": 30.0 * scale,
            "pts": 24.0 * scale,
        }
        widest = max((text_width(r, BOLD, size) for r in results.values()), default=0.0)
        # The result column as wide as its widest result (a Double-Swiss match with both
        # games, "1½ – ½ (1:0, ½:½)"), clear of the scores beside it.
        fixed["res"] = max(44.0 * scale, widest + 10.0)
        for key, column in headings.items():  # a long language's column names fit
            fixed[key] = max(fixed[key], header_width(column, size)) if fixed[key] else 0.0
        name_w = (
            width
            - fixed["bd"]
            - fixed["res"]
            - 2 * (fixed["no"] + fixed["tit"] + fixed["rtg"] + fixed["pts"])
        ) / 2
        name_room = name_w - 5
        if all(text_width(name, REGULAR, size) <= name_room for name in names):
            break
    widths = [
        fixed["bd"], fixed["no"], fixed["tit"], name_w, fixed["rtg"], fixed["pts"],
        fixed["res"],
        fixed["pts"], fixed["tit"], name_w, fixed["rtg"], fixed["no"],
    ]  # fmt: skip
    rows: list[list[str]] = [
        [
            _("Bd"), _("No."), _("Tit"), pgettext("player", "White"), _("Rtg"), _("Pts"),
            result_heading,
            _("Pts"), _("Tit"), pgettext("player", "Black"), _("Rtg"), _("No."),
        ]
    ]  # fmt: skip
    for board in boards:
        w, b = by_tpn.get(board.white), by_tpn.get(board.black)
        rows.append(
            [
                str(board.number + first_board - 1),
                str(board.white),
                w.title if w else "",
                fit(w.name if w else f"#{board.white}", name_room, REGULAR, font),
                rating_text(w),
                score_text(scores.get(board.white, 0)),
                results[board.number],
                score_text(scores.get(board.black, 0)),
                b.title if b else "",
                fit(b.name if b else f"#{board.black}", name_room, REGULAR, font),
                rating_text(b),
                str(board.black),
            ]
        )
    align = [
        *("RIGHT", "RIGHT", "LEFT", "LEFT", "RIGHT", "CENTER"),
        *("CENTER", "CENTER", "LEFT", "LEFT", "RIGHT", "RIGHT"),
    ]
    if not titled:  # drop the empty title columns
        keep = [i for i in range(len(widths)) if i not in (2, 8)]
        widths = [widths[i] for i in keep]
        align = [align[i] for i in keep]
        rows = [[row[i] for i in keep] for row in rows]
    story: list[Flowable] = []
    if len(rows) > 1:
        result_column = rows[0].index(result_heading)
        story.append(
            grid_table(rows, widths, font_size=font, align=align, bold_columns=(0, result_column))
        )
        if double_swiss:
            story.append(
                note(
                    _(
                        "Result: the match score, then game 1 and game 2, all from the White "
                        "player's side (in game 2 the Black player of the board has White; the "
                        "result slip writes that game in its own colours)."
                    )
                )
            )
    else:
        story.append(heading(_("No games are paired in this round."), space_before=0))

    unpaired = unpaired_of_round(tournament, rnd)
    if unpaired:
        story.append(heading(_("Not on a board this round")))
        bye_rows: list[list[str]] = [[_("No."), _("Name"), _("Rtg"), _("Pts"), "", _("Scores")]]
        bye_fixed = [max(w, header_width(h, 9.0)) for w, h in zip(
            (26.0, 30.0, 24.0, 150.0, 44.0), (bye_rows[0][0], *bye_rows[0][2:]), strict=True
        )]  # fmt: skip
        bye_name_w = width - sum(bye_fixed)
        for item in unpaired:
            p = by_tpn[item.tpn]
            left = item.tpn in gone and item.result is ResultCode.NOT_PAIRED
            bye_rows.append(
                [
                    str(item.tpn),
                    fit(p.name, bye_name_w - 5, REGULAR, 9.0),
                    rating_text(p),
                    score_text(scores.get(item.tpn, 0)),
                    _(WITHDRAWN) if left else bye_label(tournament, item.result),
                    "" if left else bye_points_text(tournament, item.result),
                ]
            )
        story.append(
            grid_table(
                bye_rows,
                [bye_fixed[0], bye_name_w, *bye_fixed[1:]],
                font_size=9.0,
                align=["RIGHT", "LEFT", "RIGHT", "CENTER", "LEFT", "CENTER"],
            )
        )
    return story
