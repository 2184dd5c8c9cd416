"""Page layout shared by every printed document: paper, header, footer, tables.

Every page carries the tournament name, place, the document's round and date in its header,
and "Page x of y" in its footer; tables repeat their header row on every page.
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
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Table, TableStyle

from swissdesk import __version__
from swissdesk.errors import InputError
from swissdesk.model.tournament import Tournament
from swissdesk.reports.fonts import BOLD, REGULAR, printable, register_fonts

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
    """The date of ``round_number`` when the tournament records it (TRF record 132), else ``""``."""
    if round_number is None:
        return ""
    for record in tournament.extra_records:
        if record.startswith("132"):
            start = 91 + 10 * (round_number - 1)
            value = record[start : start + 8].strip()
            if value:
                return value
    return ""


@dataclass(frozen=True, slots=True)
class Header:
    """What the header of every page of one document says."""

    tournament: str
    place: str
    dates: str
    title: str
    round_text: str
    date: str


def make_header(
    tournament: Tournament, title: str, round_text: str, round_number: int | None
) -> Header:
    """The header of a document about ``round_number`` (or the whole event when ``None``)."""
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


class _NumberedCanvas(Canvas):  # type: ignore[misc]
    """A canvas that knows the page count when it writes the footers ("Page x of y")."""

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


def _draw_header(canvas: Canvas, header: Header, width: float, height: float) -> None:
    top = height - MARGIN_TOP
    canvas.saveState()
    canvas.setFont(BOLD, 12)
    title_width = max(
        stringWidth(header.title, BOLD, 12), stringWidth(header.round_text, REGULAR, 9)
    )
    name_room = width - 2 * MARGIN_X - title_width - 10 * mm
    canvas.drawString(MARGIN_X, top - 12, fit(header.tournament, name_room, BOLD, 12))
    canvas.setFont(REGULAR, 9)
    sub = "   ".join(x for x in (header.place, header.dates) if x)
    canvas.drawString(MARGIN_X, top - 25, fit(sub, name_room, REGULAR, 9))
    canvas.setFont(BOLD, 12)
    canvas.drawRightString(width - MARGIN_X, top - 12, header.title)
    canvas.setFont(REGULAR, 9)
    right = "   ".join(x for x in (header.round_text, header.date) if x)
    canvas.drawRightString(width - MARGIN_X, top - 25, right)
    canvas.setStrokeColor(LINE_GREY)
    canvas.setLineWidth(0.6)
    canvas.line(MARGIN_X, top - 31, width - MARGIN_X, top - 31)
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
) -> Table:
    """A ruled table whose first ``header_rows`` rows repeat at the top of every page.

    Cells are plain strings (fast, never wrapped): callers cut long names with :func:`fit`.
    ``align`` gives ``LEFT``/``CENTER``/``RIGHT`` per column.
    """
    row_height = font_size * 1.55
    table = Table(
        rows,
        colWidths=list(col_widths),
        rowHeights=[row_height] * len(rows),
        repeatRows=header_rows,
        hAlign="LEFT",
    )
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), REGULAR, font_size),
        ("FONT", (0, 0), (-1, header_rows - 1), BOLD, font_size),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEADER_GREY),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), font_size * 0.3),
        ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.8, colors.black),
        ("LINEBELOW", (0, header_rows), (-1, -1), 0.25, LINE_GREY),
        ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
    ]
    for column, how in enumerate(align):
        style.append(("ALIGN", (column, 0), (column, -1), how))
    for column in bold_columns:
        style.append(("FONT", (column, header_rows), (column, -1), BOLD, font_size))
    if zebra and len(rows) > header_rows:
        style.append(("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, ZEBRA_GREY]))
    table.setStyle(TableStyle(style))
    return table
