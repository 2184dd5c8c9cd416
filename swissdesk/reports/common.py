"""Small helpers shared by the documents: player cells, score text, section headings."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from swissdesk.model.text import fold
from swissdesk.model.tournament import (
    HalfPoints,
    Player,
    ResultCode,
    Tournament,
    half_points_to_str,
)
from swissdesk.reports.fonts import BOLD, REGULAR, printable
from swissdesk.reports.scripts import is_simple, layout_runs, paragraph_markup


def score_text(value: HalfPoints) -> str:
    """A score as printed lists show it: ``3``, ``3½``, ``½``, ``0``."""
    whole, half = divmod(abs(value), 2)
    sign = "-" if value < 0 else ""
    if half and whole == 0:
        return f"{sign}½"
    return f"{sign}{whole}{'½' if half else ''}"


def decimal_score(value: HalfPoints) -> str:
    """A score with a decimal point (``3.5``), as standings print the points column."""
    return half_points_to_str(value)


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


def heading(text: str, size: float = 11, space_before: float = 8) -> Paragraph:
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


def note(text: str, size: float = 8) -> Paragraph:
    """A line of small explanatory text (legends)."""
    style = ParagraphStyle(
        "note", fontName=REGULAR, fontSize=size, leading=size * 1.3, spaceBefore=4
    )
    return _paragraph(text, style, bold=False)


def _paragraph(text: str, style: ParagraphStyle, *, bold: bool) -> Paragraph:
    """A paragraph that prints any script: plain text as it is; otherwise runs of one font
    in visual order, the words of a right-to-left run reversed (each word is shaped, and
    so turned around, by HarfBuzz; see :mod:`swissdesk.reports.scripts`)."""
    text = printable(text)
    if is_simple(text, style.fontName):
        return Paragraph(_escape(text), style)
    pieces: list[tuple[str, str]] = []
    for run in layout_runs(text, bold):
        body = " ".join(reversed(run.text.split(" "))) if run.rtl else run.text
        pieces.append((run.font, _escape(body)))
    style.shaping = 1
    return Paragraph(paragraph_markup(pieces), style)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def bye_points_text(tournament: Tournament, result: ResultCode) -> str:
    """The points a bye or absence scores, e.g. ``1``, ``½``, ``0``."""
    return score_text(tournament.scoring.points(result))
