"""Pairing cards: one card per participant, in the layout arbiters know from manual pairing.

Each card carries the pairing number, name, rating, title and federation, and per round the
opponent (number and name), colour, float (C.04.3 art. 1.4: ↑ upfloat, ↓ downfloat; Double-Swiss C.04.5 art.
1.5: only a played match against an opponent with a different score, byes do not float),
result (Double-Swiss: the match score) and the score after the round. Rounds not yet played stay blank to be filled in by hand. Several cards
go on a page, with cut marks at their corners.

With the players' personal codes (issue 35) each card shows its player's code, and with the
venue's address also a QR code of the player's own address (``/me?code=…``): the player
scans it to check in or open their board instead of typing the code.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak

from swissdesk.i18n import _, pgettext
from swissdesk.lists.board_order import BYE_MARKS, GAME_MARKS, bye_mark, check_round
from swissdesk.model.state import Float, build_states, scores_after_each_round
from swissdesk.model.tournament import (
    DOUBLE_SWISS,
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
)
from swissdesk.reports.common import score_text
from swissdesk.reports.fonts import BOLD, REGULAR, register_fonts
from swissdesk.reports.layout import (
    build_pdf,
    draw_qr,
    fit,
    fitting_size,
    frame_size,
    make_header,
)

GAP = 7 * mm
"""Space between cards, where the cut marks are."""
CUT_MARK = 2.5 * mm
INSET = CUT_MARK + 1
"""Room kept around the grid so the outer cut marks stay inside the body of the page."""
HEAD_HEIGHT = 15 * mm
CARD_QR = 12 * mm
"""The player's QR code in the card's head (15 mm high: 1.5 mm of white above and below)."""
ROW_HEIGHT = 4.6 * mm

_RESULT = {**GAME_MARKS, **BYE_MARKS}
_FLOAT = {Float.UP: "↑", Float.DOWN: "↓", Float.NONE: ""}
def card_columns() -> tuple[str, ...]:
    """The card's columns (round, opponent's number and name, colour, float, result, score)
    in the document's language; a context of their own, the window's "Score" is another."""
    return (
        pgettext("pairing card column", "Rd"),
        pgettext("pairing card column", "Opp."),
        pgettext("pairing card column", "Opponent"),
        pgettext("pairing card column", "Col"),
        pgettext("pairing card column", "Float"),
        pgettext("pairing card column", "Res"),
        pgettext("pairing card column", "Score"),
    )


_COLUMN_SHARE = (0.08, 0.10, 0.37, 0.09, 0.10, 0.13, 0.13)
_NAME_COLUMN = 2
"""The opponent's name: left-aligned, cut to its column (the others are centred)."""


class _CardSheet(Flowable):  # type: ignore[misc]
    """One page of cards laid out in a grid, with cut marks."""

    def __init__(self, cards: list[list[list[str]]], heads: list[tuple[str, str, str, str]],
                 columns: int, card_w: float, card_h: float,
                 links: list[str] | None = None) -> None:  # fmt: skip
        super().__init__()
        self.links = links or [""] * len(cards)
        self.cards = cards
        self.heads = heads
        self.columns = columns
        self.card_w = card_w
        self.card_h = card_h

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        rows = (len(self.cards) + self.columns - 1) // self.columns
        return avail_width, rows * self.card_h + (rows - 1) * GAP + 2 * INSET

    def draw(self) -> None:
        canvas: Canvas = self.canv
        rows = (len(self.cards) + self.columns - 1) // self.columns
        total_h = rows * self.card_h + (rows - 1) * GAP + INSET
        for index, (card, head) in enumerate(zip(self.cards, self.heads, strict=True)):
            col, row = index % self.columns, index // self.columns
            x = INSET + col * (self.card_w + GAP)
            y = total_h - (row + 1) * self.card_h - row * GAP
            _draw_card(canvas, x, y, self.card_w, self.card_h, head, card, self.links[index])
            _cut_marks(canvas, x, y, self.card_w, self.card_h)


def _cut_marks(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setStrokeColor(colors.black)
    for cx, dx in ((x, -1), (x + w, 1)):
        for cy, dy in ((y, -1), (y + h, 1)):
            canvas.line(cx + dx * 1, cy, cx + dx * (1 + CUT_MARK), cy)
            canvas.line(cx, cy + dy * 1, cx, cy + dy * (1 + CUT_MARK))
    canvas.restoreState()


def _draw_card(canvas: Canvas, x: float, y: float, w: float, h: float,
               head: tuple[str, str, str, str], rows: list[list[str]],
               link: str = "") -> None:  # fmt: skip
    tpn, name, line2, line3 = head
    canvas.saveState()
    canvas.setLineWidth(0.8)
    canvas.rect(x, y, w, h)
    top = y + h
    room = w - 2 * mm
    if link:  # the player's own address as a QR code, in the head's right corner
        margin = (HEAD_HEIGHT - CARD_QR) / 2  # white around it: the quiet zone scanners need
        draw_qr(canvas, link, x + w - CARD_QR - margin, top - CARD_QR - margin, CARD_QR)
        room -= CARD_QR + margin
    canvas.setFont(BOLD, 16)
    canvas.drawString(x + 2.5 * mm, top - 7 * mm, tpn)
    number_w = max(canvas.stringWidth(tpn, BOLD, 16), 10 * mm) + 5 * mm
    canvas.setFont(BOLD, 10)
    canvas.drawString(x + number_w, top - 5.5 * mm, fit(name, room - number_w, BOLD, 10))
    canvas.setFont(REGULAR, 8)
    canvas.drawString(x + number_w, top - 9.5 * mm, fit(line2, room - number_w, REGULAR, 8))
    canvas.drawString(x + number_w, top - 13 * mm, fit(line3, room - number_w, REGULAR, 8))
    table_top = top - HEAD_HEIGHT
    canvas.setLineWidth(0.6)
    canvas.line(x, table_top, x + w, table_top)
    edges = [x]
    for share in _COLUMN_SHARE:
        edges.append(edges[-1] + share * w)
    canvas.setFillColor(colors.Color(0.85, 0.85, 0.85))
    canvas.rect(x, table_top - ROW_HEIGHT, w, ROW_HEIGHT, stroke=0, fill=1)
    canvas.setFillColor(colors.black)
    for r, cells in enumerate([list(card_columns()), *rows]):
        baseline = table_top - (r + 1) * ROW_HEIGHT + 1.4 * mm
        canvas.setFont(BOLD if r == 0 else REGULAR, 8 if r == 0 else 9)
        for c, text in enumerate(cells):
            if r == 0:  # a long column name ("Gegner", "Соперник") is set a little smaller
                room = edges[c + 1] - edges[c] - 1 * mm
                canvas.setFont(BOLD, fitting_size(text, room, BOLD, 8))
            if c == _NAME_COLUMN and r > 0:
                room = edges[c + 1] - edges[c] - 1.6 * mm
                canvas.setFont(REGULAR, 8)
                canvas.drawString(edges[c] + 0.8 * mm, baseline, fit(text, room, REGULAR, 8))
                canvas.setFont(REGULAR, 9)
                continue
            if r > 0 and text:  # a long bye mark ("exempt ½") set a little smaller
                canvas.setFont(REGULAR, fitting_size(text, edges[c + 1] - edges[c] - 1, REGULAR, 9))
            centre = (edges[c] + edges[c + 1]) / 2
            canvas.drawCentredString(centre, baseline, text)
        canvas.setLineWidth(0.6 if r == 0 else 0.25)
        line_y = table_top - (r + 1) * ROW_HEIGHT
        if line_y > y + 0.5:
            canvas.line(x, line_y, x + w, line_y)
    canvas.setLineWidth(0.25)
    for edge in edges[1:-1]:
        canvas.line(edge, table_top, edge, y)
    canvas.restoreState()


def _mark(result: ResultCode) -> str:
    """One side's result mark (``1``, ``½``, ``+``, ``bye 1``), ``–`` for none."""
    shown = _RESULT.get(result)
    if shown is None:
        return "–"
    return _(shown) if result in BYE_MARKS else shown


def _card_rows(
    tournament: Tournament, player: Player, shown: int, rounds: int,
    floats: tuple[Float, ...], scores: list[int], names: dict[int, str],
) -> list[list[str]]:  # fmt: skip
    rows: list[list[str]] = []
    for r in range(1, rounds + 1):
        entry: RoundEntry | None = player.entry(r) if r <= shown else None
        if entry is None:
            rows.append([str(r), "", "", "", "", "", ""])
            continue
        opponent = str(entry.opponent) if entry.opponent is not None else "–"
        name = names.get(entry.opponent, "") if entry.opponent is not None else ""
        colour = (
            pgettext("colour letter on a pairing card", "W")
            if entry.colour is Colour.WHITE
            else pgettext("colour letter on a pairing card", "B")
            if entry.colour is Colour.BLACK
            else ""
        )
        pending = entry.opponent is not None and entry.result is ResultCode.NOT_PAIRED
        result = (
            ""
            if pending
            else bye_mark(entry.result, tournament.scoring) or _mark(entry.result)
        )
        if not pending and entry.games and entry.game_points is not None:
            result = score_text(entry.game_points)  # Double-Swiss: the match score
        flt = _FLOAT[floats[r - 1]] if r - 1 < len(floats) else ""
        if tournament.system == DOUBLE_SWISS and not entry.played:
            flt = ""  # C.04.5 art. 1.5: only a played match against a different score floats
        score = "" if pending else score_text(scores[r])
        rows.append([str(r), opponent, name, colour, flt, result, score])
    return rows


def render_cards(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    codes: Mapping[int, str] | None = None,
    venue_url: str = "",
) -> Path:
    """Write pairing cards showing the rounds up to ``round_number`` (default: latest paired).

    Cards are in pairing-number order; each has a line for every round of the tournament.
    ``codes`` (TPN -> personal code): printed on each card, with ``venue_url`` also as
    the QR code of the player's own address.
    """
    from swissdesk.reports.phones import phone_url

    codes = codes or {}
    register_fonts()
    shown = check_round(tournament, round_number) if tournament.rounds_with_pairings else 0
    rounds = max(tournament.total_rounds, shown, 1)
    states = build_states(tournament, shown + 1)
    scores = scores_after_each_round(tournament, shown)
    width, height = frame_size(paper)
    columns = 2
    card_w = (width - (columns - 1) * GAP - 2 * INSET) / columns
    card_h = HEAD_HEIGHT + (rounds + 1) * ROW_HEIGHT
    per_column = max(1, int((height - 2 * INSET + GAP) // (card_h + GAP)))
    per_page = columns * per_column

    cards: list[list[list[str]]] = []
    heads: list[tuple[str, str, str, str]] = []
    links: list[str] = []
    names = {p.tpn: p.name for p in tournament.players}
    for player in sorted(tournament.players, key=lambda p: p.tpn):
        state = states.get(player.tpn)
        floats = state.floats if state is not None else ()
        cards.append(
            _card_rows(tournament, player, shown, rounds, floats, scores[player.tpn], names)
        )
        line2 = "   ".join(
            x
            for x in (
                player.title,
                _("Rtg {rating}").format(rating=player.rating) if player.rating else _("unrated"),
                player.federation,
            )
            if x
        )
        code = codes.get(player.tpn, "")
        line3 = "   ".join(
            x
            for x in (
                _("FIDE ID {number}").format(number=player.fide_id) if player.fide_id else "",
                _("Code {code}").format(code=f"{code[:3]} {code[3:]}") if code else "",
            )
            if x
        )
        heads.append((str(player.tpn), player.name, line2, line3))
        links.append(phone_url(venue_url, code) if code and venue_url else "")

    story: list[Flowable] = []
    for start in range(0, len(cards), per_page):
        if story:
            story.append(PageBreak())
        sheet = _CardSheet(
            cards[start : start + per_page],
            heads[start : start + per_page],
            columns,
            card_w,
            card_h,
            links[start : start + per_page],
        )
        story.append(sheet)
    header = make_header(
        tournament,
        _("Pairing cards"),
        _("up to round {number}").format(number=shown) if shown else _("before round 1"),
        shown or None,
    )
    return build_pdf(Path(out_path), story, header, paper=paper)
