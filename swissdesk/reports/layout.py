"""Page layout shared by every printed document: paper, header, footer, tables.

Every page carries the tournament name, place, the document's round and date in its header
(with "Organiser: …   Chief arbiter: …" below them when the settings name them), and
"Page x of y" in its footer; tables repeat their header row on every page.
"""

from __future__ import annotations

import datetime as _dt
import re
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
from swissdesk.i18n import N_, _
from swissdesk.model import schedule
from swissdesk.model.tournament import Tournament
from swissdesk.reports.fonts import BOLD, REGULAR, printable, register_fonts
from swissdesk.reports.scripts import ScriptCanvas, isolate
from swissdesk.reports.scripts import text_width as stringWidth
from swissdesk.translations.formats import format_date, format_datetime

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


NOT_IN_FIDE_MODE = N_("Not in FIDE mode")
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


_DATE = re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})")


def shown_date(text: str) -> str:
    """A date as the tournament keeps it (TRF ``2026/11/20``) in the document's language
    (``20 novembre 2026``, ``20. November 2026``); any other text as it is."""
    match = _DATE.fullmatch(text.strip())
    if match is None:
        return text
    try:
        day = _dt.date(*(int(g) for g in match.groups()))
    except ValueError:
        return text
    return format_date(day)


def people_line(organiser: str, chief_arbiter: str) -> str:
    """The header's line naming the organiser and the chief arbiter (either may be empty)."""
    parts = []
    if organiser.strip():
        parts.append(_("Organiser: {name}").format(name=isolate(organiser.strip())))
    if chief_arbiter.strip():
        parts.append(_("Chief arbiter: {name}").format(name=isolate(chief_arbiter.strip())))
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
    dates = " – ".join(shown_date(x) for x in (info.start_date, info.end_date) if x)
    date = shown_date(round_date(tournament, round_number)) or format_date(_dt.date.today())
    return Header(
        tournament=printable(info.name or _("Tournament")),
        place=printable(place),
        dates=printable(dates),
        title=title,
        round_text=round_text,
        date=date,
        people=printable(people_line(info.organiser, info.chief_arbiter)),
        footer_notice="" if tournament.fide_mode else _(NOT_IN_FIDE_MODE),
        venue_url=venue_url,
    )


HEADER_SHRINK = 0.75
"""A column name too long for its column is set smaller, down to this share of the table's
size (the longest languages' names, German's and Russian's, fit at it: a test measures
every document in every language); only past that would it be cut."""


def fitting_size(text: str, width: float, font: str, size: float) -> float:
    """The size, from ``size`` down to ``HEADER_SHRINK * size``, at which ``text`` fits
    ``width`` points (the smallest when even that does not)."""
    register_fonts()
    natural = stringWidth(text, font, size)
    if natural <= width or natural <= 0:
        return size
    return max(size * HEADER_SHRINK, size * width / natural)


def header_width(text: str, size: float) -> float:
    """The narrowest column a table at ``size`` points can give the column name ``text``
    (set at its smallest, :data:`HEADER_SHRINK`): a layout widens a column to it, so that a
    long language's name ("Результат") is never cut."""
    register_fonts()
    return stringWidth(text, BOLD, size * HEADER_SHRINK) + 2 * GridTable.PADDING + 0.5


def cell_width(texts: Sequence[str], size: float, font: str = REGULAR) -> float:
    """The narrowest column a table at ``size`` points can give the cells ``texts`` (words
    of the document's language: "nicht gewertet", "2.0 - 0.0 (неявка)"): a layout widens a
    column to it, so that no cell is drawn into the next column."""
    register_fonts()
    widest = max((stringWidth(t, font, size) for t in texts), default=0.0)
    return widest + 2 * GridTable.PADDING + 0.5


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
    live = _("Live: {address}").format(address=header.venue_url) if header.venue_url else ""
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
    printed = format_datetime(_dt.datetime.now(), "short")
    stamp = _("swissdesk {version}   printed {moment}").format(version=__version__, moment=printed)

    def on_page(canvas: Canvas, _doc: BaseDocTemplate) -> None:
        _draw_header(canvas, header, width, height)

    def footer(canvas: Canvas, number: int, total: int) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 7.5)
        canvas.setFillColor(colors.Color(0.3, 0.3, 0.3))
        y = MARGIN_BOTTOM - 8 * mm
        canvas.drawString(MARGIN_X, y, stamp)
        page = _("Page {number} of {total}").format(number=number, total=total)
        canvas.drawRightString(width - MARGIN_X, y, page)
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
    widths = list(col_widths)
    if rows and header_rows:
        # A column whose name is long in the document's language is widened to it (set at
        # its smallest), the room taken from the widest column (the names).
        needed = [
            max((header_width(row[c], font_size) for row in rows[:header_rows] if c < len(row)
                 and row[c]), default=0.0)
            for c in range(len(widths))
        ]  # fmt: skip
        widest = max(range(len(widths)), key=lambda c: widths[c])
        deficit = sum(max(0.0, n - w) for c, (n, w) in enumerate(zip(needed, widths, strict=True))
                      if c != widest)  # fmt: skip
        if 0 < deficit < widths[widest] * 0.4:
            widths = [max(w, n) if c != widest else w - deficit
                      for c, (n, w) in enumerate(zip(needed, widths, strict=True))]  # fmt: skip
    return GridTable(
        header=rows[:header_rows],
        body=rows[header_rows:],
        col_widths=widths,
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
                    if bold_row:  # a column name longer than its column: set smaller
                        room = self.col_widths[c] - 2 * self.PADDING
                        canvas.setFont(font, fitting_size(cell, room, font, size))
                    # One text object per cell keeps the cells apart for text extraction
                    # (copy and paste, screen readers, the tests).
                    if how == "LEFT":
                        canvas.drawString(lefts[c] + self.PADDING, baseline, cell)
                    elif how == "RIGHT":
                        canvas.drawRightString(lefts[c + 1] - self.PADDING, baseline, cell)
                    else:
                        canvas.drawCentredString((lefts[c] + lefts[c + 1]) / 2, baseline, cell)
                    if bold_row:
                        canvas.setFont(font, size)
        canvas.restoreState()

    def overflowing_cells(self) -> list[str]:
        """The body cells wider than their column: drawn past its rules into the next one
        (what the test of every document in the longest languages looks for: none)."""
        out = []
        for row in self.body:
            for c, cell in enumerate(row):
                if not cell or c >= len(self.col_widths):
                    continue
                font = BOLD if c in self.bold_columns else REGULAR
                room = self.col_widths[c] - 2 * self.PADDING
                if stringWidth(cell, font, self.font_size) > room + 0.01:
                    out.append(cell)
        return out

    def crowded_headers(self) -> list[str]:
        """The column names that do not fit their column even set smaller (what the test of
        every document in every language looks for: none)."""
        crowded = []
        for row in self.header:
            for c, cell in enumerate(row):
                room = self.col_widths[c] - 2 * self.PADDING
                if cell and stringWidth(cell, BOLD, self.font_size * HEADER_SHRINK) > room + 0.01:
                    crowded.append(cell)
        return crowded
