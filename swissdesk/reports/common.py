"""Small helpers shared by the documents: player cells, score text, section headings."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph

from swissdesk.i18n import _, localize_number
from swissdesk.lists.crosstable import score_text as score_text
from swissdesk.model.text import fold
from swissdesk.model.tournament import (
    Player,
    ResultCode,
    Tournament,
)
from swissdesk.reports.fonts import BOLD, REGULAR, printable
from swissdesk.reports.scripts import draw_text, is_simple, paragraph_direction, text_width
from swissdesk.tiebreaks.spec import tiebreak_name
from swissdesk.tiebreaks.standings import WITHDRAWN_MARK


def fraction_score(value: Fraction) -> str:
    """Points held as a fraction (the rating and norm computations') as the documents print
    every score: ``6½``, ``4``, ``½`` (:func:`score_text`)."""
    doubled = value * 2
    assert doubled.denominator == 1, value
    return score_text(int(doubled))


def number_cells(values: Sequence[str]) -> list[str]:
    """Tie-break values (``23.5``, ``41.25``, ``-3``) as the document's language writes
    numbers: ``23,5``, ``41,25`` in German (:func:`swissdesk.i18n.localize_number`)."""
    return [localize_number(v) for v in values]


def rating_text(player: Player | None) -> str:
    """The rating, blank when unrated."""
    return str(player.rating) if player is not None and player.rating else ""


def name_of(tournament: Tournament, tpn: int) -> str:
    """The printable name of ``tpn`` (``#tpn`` when the number is unknown)."""
    player = tournament.players_by_tpn.get(tpn)
    return printable(player.name) if player is not None else f"#{tpn}"


def sort_name(name: str) -> str:
    """Key for alphabetical order: case and accents ignored, so "Ćwik" files under C and
    "Łukasz" under L; other scripts (Cyrillic, Greek) follow the Latin names."""
    return fold(name)


def heading(text: str, size: float = 11, space_before: float = 8) -> Flowable:
    """A bold section heading."""
    style = ParagraphStyle(
        "heading",
        fontName=BOLD,
        fontSize=size,
        leading=size * 1.3,
        spaceBefore=space_before,
        spaceAfter=4,
    )
    return _paragraph(text, style, bold=True)


def note(text: str, size: float = 8) -> Flowable:
    """A line of small explanatory text (legends)."""
    style = ParagraphStyle(
        "note", fontName=REGULAR, fontSize=size, leading=size * 1.3, spaceBefore=4
    )
    return _paragraph(text, style, bold=False)


def _paragraph(text: str, style: ParagraphStyle, *, bold: bool) -> Flowable:
    """A paragraph that prints any script: plain text as reportlab sets it; otherwise a
    :class:`ScriptParagraph` (fallback fonts, right-to-left order per UAX #9, shaping
    without discretionary ligatures, and the names' text kept for extraction)."""
    text = printable(text)
    if is_simple(text, style.fontName):
        return Paragraph(_escape(text), style)
    return ScriptParagraph(text, style, bold=bold)


class ScriptParagraph(Flowable):  # type: ignore[misc]
    """Text in any script, broken into lines at spaces, each line drawn by
    :func:`~swissdesk.reports.scripts.draw_text` in the paragraph's direction (that of its
    first strong character, UAX #9 P2-P3): right-to-left paragraphs are set flush right."""

    def __init__(self, text: str, style: ParagraphStyle, *, bold: bool) -> None:
        super().__init__()
        self.text = text
        self.style = style
        self.font = BOLD if bold else REGULAR
        self.size = float(style.fontSize)
        self.leading = float(style.leading)
        self.spaceBefore = style.spaceBefore
        self.spaceAfter = style.spaceAfter
        self.base = paragraph_direction(text)
        self.lines: list[str] = [text]

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        lines: list[str] = []
        current = ""
        for word in self.text.split(" "):
            candidate = f"{current} {word}" if current else word
            if current and text_width(candidate, self.font, self.size) > avail_width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
        self.lines = lines
        self.height = self.leading * len(lines)
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setFont(self.font, self.size)
        for i, line in enumerate(self.lines):
            y = self.height - i * self.leading - self.size
            if self.base:
                draw_text(canvas, self.width, y, line, "RIGHT", base=self.base)
            else:
                draw_text(canvas, 0, y, line, "LEFT", base=self.base)
        canvas.restoreState()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def tiebreak_legend(columns: Sequence[str]) -> str:
    """The standings' note naming each tie-break column in the document's language, in
    order: ``Tie-breaks (FIDE C.07), in order: BH/C1 Buchholz (art. 8.1); SB ...``."""
    named = "; ".join(f"{code} {_legend_name(code)}" for code in columns)
    return _("Tie-breaks (FIDE C.07), in order: {list}.").format(list=named)


def _legend_name(code: str) -> str:
    """A tie-break's name; a column that is no C.07 code is the external tie-break, headed
    by the arbiter's label (C.02 VCL Q207)."""
    name = tiebreak_name(code)
    return _("(values decided outside the program)") if name == code else name


def withdrawn_name(name: str) -> str:
    """``name (withdrawn)`` in the document's language (C.02 VCL Q170)."""
    return f"{name} {_(WITHDRAWN_MARK)}"


def bye_points_text(tournament: Tournament, result: ResultCode) -> str:
    """The points a bye or absence scores, e.g. ``1``, ``½``, ``0``."""
    return score_text(tournament.scoring.points(result))
