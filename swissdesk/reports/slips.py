"""Result slips: one tear-off slip per board for the players to mark and sign.

Each slip names the round, the board, both players with their pairing numbers and ratings,
has a box for each result and a signature line per player. Slips are separated by dashed
cut lines, several to a page, in board order (C.04.2 art. 3.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak

from swissdesk.i18n import _, pgettext
from swissdesk.lists.board_order import Board, boards_of_round, check_round
from swissdesk.model.tournament import DOUBLE_SWISS, Tournament
from swissdesk.reports.common import name_of, rating_text
from swissdesk.reports.fonts import BOLD, REGULAR, register_fonts
from swissdesk.reports.layout import build_pdf, fit, fitting_size, frame_size, make_header
from swissdesk.reports.scripts import isolate

SLIP_HEIGHT = 42 * mm
_RESULTS = ("1 - 0", "½ - ½", "0 - 1")


class _SlipSheet(Flowable):  # type: ignore[misc]
    """One page of slips stacked vertically, dashed cut lines between them."""

    def __init__(self, slips: list[tuple[Board, str, str, str, str]], round_number: int,
                 event: str, slip_h: float, double: bool = False) -> None:  # fmt: skip
        super().__init__()
        self.double = double
        """Double-Swiss (C.04.5): a match, one result line per game."""
        self.slips = slips
        self.round_number = round_number
        self.event = event
        self.slip_h = slip_h

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return avail_width, len(self.slips) * self.slip_h

    def draw(self) -> None:
        canvas: Canvas = self.canv
        total = len(self.slips) * self.slip_h
        for index, slip in enumerate(self.slips):
            y = total - (index + 1) * self.slip_h
            self._slip(canvas, y, *slip)
            if index < len(self.slips) - 1:
                canvas.saveState()
                canvas.setDash(4, 3)
                canvas.setLineWidth(0.5)
                canvas.setStrokeColor(colors.Color(0.4, 0.4, 0.4))
                canvas.line(0, y, self.width, y)
                canvas.setFont(REGULAR, 9)
                canvas.drawString(0, y + 1.2, "✂")
                canvas.restoreState()

    def _slip(self, canvas: Canvas, y: float, board: Board, white: str, black: str,
              white_rtg: str, black_rtg: str) -> None:  # fmt: skip
        w = self.width
        top = y + self.slip_h - 4 * mm
        canvas.saveState()
        canvas.setFont(BOLD, 12)
        canvas.drawString(2 * mm, top - 4 * mm, _("Round {number}").format(number=self.round_number))
        canvas.drawRightString(
            w - 2 * mm, top - 4 * mm, _("Board {number}").format(number=board.number)
        )
        canvas.setFont(REGULAR, 8)
        canvas.drawCentredString(w / 2, top - 4 * mm, fit(self.event, w * 0.55, REGULAR, 8))
        half = w / 2
        name_y = top - 12 * mm
        for x0, label, tpn, name, rtg in (
            (2 * mm, pgettext("player", "White"), board.white, white, white_rtg),
            (half + 2 * mm, pgettext("player", "Black"), board.black, black, black_rtg),
        ):
            canvas.setFont(REGULAR, 8)
            canvas.drawString(x0, name_y + 4.2 * mm, label)
            canvas.setFont(BOLD, 11)
            text = f"{tpn}  {isolate(name)}"  # the number stays left of any name
            canvas.drawString(x0, name_y, fit(text, half - 30 * mm, BOLD, 11))
            canvas.setFont(REGULAR, 9)
            canvas.drawRightString(x0 + half - 6 * mm, name_y, rtg)
        # Result boxes: one line, or for a Double-Swiss match one line per game, each in
        # that game's colours (game 2: the colours are reversed, C.04.5 art. 4.4).
        box = 4.2 * mm
        lines = (
            [
                (_("Game 1, White above:"), name_y - 8 * mm),
                (_("Game 2, Black above:"), name_y - 14 * mm),
            ]
            if self.double
            else [(_("Result (tick one):"), name_y - 10 * mm)]
        )
        for label, box_y in lines:
            canvas.setFont(REGULAR, fitting_size(label, 31 * mm, REGULAR, 8))
            canvas.drawString(2 * mm, box_y + 1 * mm, label)
            x = 34 * mm
            for text in _RESULTS:
                canvas.setLineWidth(0.8)
                canvas.rect(x, box_y, box, box)
                canvas.setFont(BOLD, 11)
                canvas.drawString(x + box + 2 * mm, box_y + 1 * mm, text)
                x += 30 * mm
        # Signatures.
        sign_y = lines[-1][1] - (7 if self.double else 10) * mm
        canvas.setLineWidth(0.5)
        signature = _("Signature")
        canvas.setFont(REGULAR, fitting_size(signature, 19 * mm, REGULAR, 8))
        for x0 in (2 * mm, half + 2 * mm):
            canvas.line(x0 + 20 * mm, sign_y, x0 + half - 8 * mm, sign_y)
            canvas.drawString(x0, sign_y + 0.8 * mm, signature)
        canvas.restoreState()


def render_slips(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    board_order: Sequence[tuple[int, int]] | None = None,
) -> Path:
    """Write one result slip per board of ``round_number`` (default: the latest paired round)."""
    register_fonts()
    rnd = check_round(tournament, round_number)
    _width, height = frame_size(paper)
    per_page = max(1, int(height // SLIP_HEIGHT))
    by_tpn = tournament.players_by_tpn
    slips = [
        (
            board,
            name_of(tournament, board.white),
            name_of(tournament, board.black),
            rating_text(by_tpn.get(board.white)),
            rating_text(by_tpn.get(board.black)),
        )
        for board in boards_of_round(tournament, rnd, board_order)
    ]
    event = tournament.info.name
    story: list[Flowable] = []
    for start in range(0, len(slips), per_page):
        if story:
            story.append(PageBreak())
        story.append(
            _SlipSheet(
                slips[start : start + per_page],
                rnd,
                event,
                SLIP_HEIGHT,
                double=tournament.system == DOUBLE_SWISS,
            )
        )
    header = make_header(
        tournament, _("Result slips"), _("Round {number}").format(number=rnd), rnd
    )
    return build_pdf(Path(out_path), story, header, paper=paper)
