"""Page layout shared by every printed document: paper, header, footer, tables.

Every page carries the tournament name, place, the document's round and date in its header
(with "Organiser: …   Chief arbiter: …" below them when the settings name them), and
"Page x of y" in its footer; tables repeat their header row on every page.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from swissdesk import __version__
from swissdesk.errors import InputError
from swissdesk.model import schedule
from swissdesk.model.tournament import Tournament
from swissdesk.reports.fonts import BOLD, REGULAR, printable, register_fonts
from swissdesk.reports.scripts import ScriptCanvas, isolate
from swissdesk.reports.scripts import text_width as stringWidth

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
"""Paper sizes by the name the command line and the GUI use."""

MARGIN_X = 12 * mm
MARGIN_TOP = 10 * mm
HEADER_HEIGHT = 15 * mm
MARGIN_BOTTOM = 14 * mm

HEADER_GREY = colors.Color(0.85, 0.85, 0.85)
ZEBRA_GREY = colors.Color(0.95, 0.95, 0.95)
LINE_GREY = colors.Color(0.55, 0.55, 0.55)


def page_size(paper: str, *, landscape_orientation: bool = False) -> tuple[float, float]:
    """The page size for ``paper`` (``a4`` or ``letter``) in points."""
    try:
        size = PAPERS[paper.lower()]
    except KeyError:
        known = ", ".join(PAPERS)
        raise InputError(f"unknown paper size {paper!r} (choose one of: {known})") from None
    oriented = landscape(size) if landscape_orientation else portrait(size)
    return float(oriented[0]), float(oriented[1])


def round_date(tournament: Tournament, round_number: int | None) -> str:
    """The date of ``round_number`` when the tournament records it (TRF record 132, see
    :mod:`swissdesk.model.schedule`), else ``""``."""
    if round_number is None:
        return ""
    return schedule.round_date(tournament.extra_records, round_number)


NOT_IN_FIDE_MODE = "Not in FIDE mode"
"""The footer of every page of a tournament that left FIDE mode."""


@dataclass(frozen=True, slots=True)
class Header:
    """What the header of every page of one document says."""

    tournament: str
    place: str
    dates: str
    title: str
    round_text: str
    date: str
    people: str = ""
    """"Organiser: …   Chief arbiter: …" (a third line; empty when neither is known)."""
    footer_notice: str = ""
    """Printed in the middle of every page's footer: ``Not in FIDE mode`` for a tournament
    that left FIDE mode (FIDE's checklist, C.02 VCL Q46), else empty."""
    venue_url: str = ""
    """The venue's address (``swissdesk serve``): printed with its QR code at the header's
    right, so that a player at the wall opens the live pages (empty: neither)."""


def people_line(organiser: str, chief_arbiter: str) -> str:
    """The header's line naming the organiser and the chief arbiter (either may be empty)."""
    parts = []
    if organiser.strip():
        parts.append(f"Organiser: {isolate(organiser.strip())}")
    if chief_arbiter.strip():
        parts.append(f"Chief arbiter: {isolate(chief_arbiter.strip())}")
    return "   ".join(parts)


def make_header(
    tournament: Tournament,
    title: str,
    round_text: str,
    round_number: int | None,
    *,
    venue_url: str = "",
) -> Header:
    """The header of a document about ``round_number`` (or the whole event when ``None``);
    ``venue_url``: the venue's address, printed with its QR code."""
    info = tournament.info
    place = ", ".join(x for x in (info.city, info.federation) if x)
    dates = " – ".join(x for x in (info.start_date, info.end_date) if x)
    date = round_date(tournament, round_number) or _dt.date.today().isoformat()
    return Header(
        tournament=printable(info.name or "Tournament"),
        place=printable(place),
        dates=printable(dates),
        title=title,
        round_text=round_text,
        date=date,
        people=printable(people_line(info.organiser, info.chief_arbiter)),
        footer_notice="" if tournament.fide_mode else NOT_IN_FIDE_MODE,
        venue_url=venue_url,
    )


def fit(text: str, width: float, font: str, size: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` points (never wraps a cell)."""
    register_fonts()
    text = printable(text)
    if stringWidth(text, font, size) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if stringWidth(text[:mid] + "…", font, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


class _NumberedCanvas(ScriptCanvas):
    """A canvas that knows the page count when it writes the footers ("Page x of y"), and
    prints names in any script (:class:`~swissdesk.reports.scripts.ScriptCanvas`)."""

    def __init__(
        self, *args: Any, footer: Callable[[Canvas, int, int], None], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self._saved_pages: list[dict[str, Any]] = []
        self._footer = footer

    def showPage(self) -> None:
        self._saved_pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._saved_pages)
        for number, state in enumerate(self._saved_pages, start=1):
            self.__dict__.update(state)
            self._footer(self, number, total)
            Canvas.showPage(self)
        Canvas.save(self)


QR_SIZE = 16 * mm
"""The venue's QR code in the header: above the rule, from the top margin's middle."""


def draw_qr(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    """The QR code of ``text`` (segno's encoder, error correction M) as a ``size`` square
    with its lower left corner at ``x``, ``y``; white around it is the page's own."""
    import segno

    matrix = segno.make(text, error="m", micro=False).matrix
    module = size / len(matrix)
    path = canvas.beginPath()
    for row, cells in enumerate(matrix):
        for col, dark in enumerate(cells):
            if dark:
                path.rect(x + col * module, y + size - (row + 1) * module, module, module)
    canvas.setFillColor(colors.black)
    canvas.drawPath(path, stroke=0, fill=1)


def _draw_header(canvas: Canvas, header: Header, width: float, height: float) -> None:
    top = height - MARGIN_TOP
    # Baselines of the name, the place line, the people line and the rule below them: a
    # third line moves the others up, so the header keeps its height (the body's frame).
    first, second, rule = (11, 22, 36) if header.people or header.venue_url else (12, 25, 31)
    canvas.saveState()
    right_edge = width - MARGIN_X
    if header.venue_url:
        draw_qr(canvas, header.venue_url, right_edge - QR_SIZE, top - rule + 1.5, QR_SIZE)
        right_edge -= QR_SIZE + 3 * mm
    canvas.setFont(BOLD, 12)
    title_width = max(
        stringWidth(header.title, BOLD, 12), stringWidth(header.round_text, REGULAR, 9)
    )
    name_room = right_edge - MARGIN_X - title_width - 10 * mm
    canvas.drawString(MARGIN_X, top - first, fit(header.tournament, name_room, BOLD, 12))
    canvas.setFont(REGULAR, 9)
    sub = "   ".join(isolate(x) for x in (header.place, header.dates) if x)
    canvas.drawString(MARGIN_X, top - second, fit(sub, name_room, REGULAR, 9))
    live = f"Live: {header.venue_url}" if header.venue_url else ""
    if header.people:
        canvas.setFont(REGULAR, 8)
        room = right_edge - MARGIN_X - (stringWidth(live, BOLD, 8) + 5 * mm if live else 0)
        canvas.drawString(MARGIN_X, top - second - 10, fit(header.people, room, REGULAR, 8))
    canvas.setFont(BOLD, 12)
    canvas.drawRightString(right_edge, top - first, header.title)
    canvas.setFont(REGULAR, 9)
    right = "   ".join(isolate(x) for x in (header.round_text, header.date) if x)
    canvas.drawRightString(right_edge, top - second, right)
    if live:
        canvas.setFont(BOLD, 8)
        canvas.drawRightString(right_edge, top - second - 10, live)
    canvas.setStrokeColor(LINE_GREY)
    canvas.setLineWidth(0.6)
    canvas.line(MARGIN_X, top - rule, width - MARGIN_X, top - rule)
    canvas.restoreState()


def build_pdf(
    out_path: Path,
    story: Sequence[Flowable],
    header: Header,
    *,
    paper: str,
    landscape_orientation: bool = False,
    subject: str = "",
) -> Path:
    """Lay ``story`` out on pages of ``paper`` with the common header and footer; write the PDF."""
    register_fonts()
    width, height = page_size(paper, landscape_orientation=landscape_orientation)
    printed = _dt.datetime.now().strftime("%Y-%m-%d %H:%M")

    def on_page(canvas: Canvas, _doc: BaseDocTemplate) -> None:
        _draw_header(canvas, header, width, height)

    def footer(canvas: Canvas, number: int, total: int) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 7.5)
        canvas.setFillColor(colors.Color(0.3, 0.3, 0.3))
        y = MARGIN_BOTTOM - 8 * mm
        canvas.drawString(MARGIN_X, y, f"swissdesk {__version__}   printed {printed}")
        canvas.drawRightString(width - MARGIN_X, y, f"Page {number} of {total}")
        if header.footer_notice:
            canvas.setFont(BOLD, 8)
            canvas.setFillColor(colors.black)
            canvas.drawCentredString(width / 2, y, header.footer_notice)
        canvas.restoreState()

    frame = Frame(
        MARGIN_X,
        MARGIN_BOTTOM,
        width - 2 * MARGIN_X,
        height - MARGIN_BOTTOM - MARGIN_TOP - HEADER_HEIGHT,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )
    out_path = Path(out_path)
    doc = BaseDocTemplate(
        str(out_path),
        pagesize=(width, height),
        leftMargin=MARGIN_X,
        rightMargin=MARGIN_X,
        topMargin=MARGIN_TOP + HEADER_HEIGHT,
        bottomMargin=MARGIN_BOTTOM,
        title=f"{header.tournament} – {header.title} {header.round_text}".strip(),
        author="swissdesk",
        subject=subject or header.title,
        creator=f"swissdesk {__version__}",
    )
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])

    def canvasmaker(*args: Any, **kwargs: Any) -> _NumberedCanvas:
        kwargs["initialFontName"] = REGULAR
        return _NumberedCanvas(*args, footer=footer, **kwargs)

    try:
        doc.build(list(story), canvasmaker=canvasmaker)
    except OSError as exc:
        raise InputError(f"cannot write {out_path}: {exc.strerror or exc}") from exc
    return out_path


def frame_size(paper: str, *, landscape_orientation: bool = False) -> tuple[float, float]:
    """Width and height available to a document's body on one page."""
    width, height = page_size(paper, landscape_orientation=landscape_orientation)
    return width - 2 * MARGIN_X, height - MARGIN_BOTTOM - MARGIN_TOP - HEADER_HEIGHT


def grid_table(
    rows: list[list[str]],
    col_widths: Sequence[float],
    *,
    font_size: float = 9,
    align: Sequence[str] = (),
    bold_columns: Sequence[int] = (),
    zebra: bool = True,
    header_rows: int = 1,
) -> Flowable:
    """A ruled table whose first ``header_rows`` rows repeat at the top of every page.

    Cells are plain strings (fast, never wrapped): callers cut long names with :func:`fit`.
    ``align`` gives ``LEFT``/``CENTER``/``RIGHT`` per column.
    """
    return GridTable(
        header=rows[:header_rows],
        body=rows[header_rows:],
        col_widths=list(col_widths),
        font_size=font_size,
        align=[a.upper() for a in align],
        bold_columns=frozenset(bold_columns),
        zebra=zebra,
    )


class GridTable(Flowable):  # type: ignore[misc]
    """A table of one-line text cells with fixed row height, drawn straight on the canvas.

    Reportlab's general ``Table`` spends most of its time on per-cell styling; a wall chart
    of 1,000 players has 25,000 cells, so this lean table draws them directly, one font
    change per page. It splits between rows and repeats the header on every page.
    """

    PADDING = 2.5

    def __init__(
        self,
        *,
        header: list[list[str]],
        body: list[list[str]],
        col_widths: list[float],
        font_size: float,
        align: list[str],
        bold_columns: frozenset[int],
        zebra: bool,
        first_body_row: int = 0,
    ) -> None:
        super().__init__()
        self.header = header
        self.body = body
        self.col_widths = col_widths
        self.font_size = font_size
        self.align = align
        self.bold_columns = bold_columns
        self.zebra = zebra
        self.first_body_row = first_body_row
        """Index of ``body[0]`` in the whole table (keeps the zebra stripes in step)."""
        self.row_height = font_size * 1.55
        self.width = sum(col_widths)
        self.hAlign = "LEFT"

    def _copy(self, body: list[list[str]], first: int) -> GridTable:
        return GridTable(
            header=self.header,
            body=body,
            col_widths=self.col_widths,
            font_size=self.font_size,
            align=self.align,
            bold_columns=self.bold_columns,
            zebra=self.zebra,
            first_body_row=first,
        )

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.height = (len(self.header) + len(self.body)) * self.row_height
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        fits = int((avail_height + 1e-6) // self.row_height) - len(self.header)
        if fits <= 0:
            return []
        if fits >= len(self.body):
            return [self]
        return [
            self._copy(self.body[:fits], self.first_body_row),
            self._copy(self.body[fits:], self.first_body_row + fits),
        ]

    def draw(self) -> None:
        canvas: Canvas = self.canv
        rh = self.row_height
        width = self.width
        rows = [*self.header, *self.body]
        top = len(rows) * rh
        n_header = len(self.header)
        canvas.saveState()
        # Backgrounds: grey header, zebra body.
        canvas.setFillColor(HEADER_GREY)
        canvas.rect(0, top - n_header * rh, width, n_header * rh, stroke=0, fill=1)
        if self.zebra:
            canvas.setFillColor(ZEBRA_GREY)
            for i in range(len(self.body)):
                if (self.first_body_row + i) % 2 == 1:
                    canvas.rect(0, top - (n_header + i + 1) * rh, width, rh, stroke=0, fill=1)
        # Rules: thin below every body row, heavy below the header, a box around.
        canvas.setStrokeColor(LINE_GREY)
        canvas.setLineWidth(0.25)
        path = canvas.beginPath()
        for i in range(n_header + 1, len(rows)):
            y = top - i * rh
            path.moveTo(0, y)
            path.lineTo(width, y)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.8)
        canvas.line(0, top - n_header * rh, width, top - n_header * rh)
        canvas.rect(0, 0, width, top, stroke=1, fill=0)
        # Text: regular cells, then bold ones.
        canvas.setFillColor(colors.black)
        size = self.font_size
        lefts = [0.0]
        for w in self.col_widths:
            lefts.append(lefts[-1] + w)
        for font, want_bold in ((REGULAR, False), (BOLD, True)):
            canvas.setFont(font, size)
            for r, cells in enumerate(rows):
                baseline = top - (r + 1) * rh + (rh - size * 0.72) / 2
                bold_row = r < n_header
                for c, cell in enumerate(cells):
                    if not cell or (bold_row or c in self.bold_columns) != want_bold:
                        continue
                    how = self.align[c] if c < len(self.align) else "LEFT"
                    # One text object per cell keeps the cells apart for text extraction
                    # (copy and paste, screen readers, the tests).
                    if how == "LEFT":
                        canvas.drawString(lefts[c] + self.PADDING, baseline, cell)
                    elif how == "RIGHT":
                        canvas.drawRightString(lefts[c + 1] - self.PADDING, baseline, cell)
                    else:
                        canvas.drawCentredString((lefts[c] + lefts[c + 1]) / 2, baseline, cell)
        canvas.restoreState()
