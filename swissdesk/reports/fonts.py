"""The fonts every printed document uses, shipped inside the package.

The PDF core fonts (Helvetica) only cover Latin-1, so a Polish "Ł", a Cyrillic, Greek or
Vietnamese name would print as black boxes. DejaVu Sans (the main font) covers those and
Armenian, Georgian and Hebrew; the fallbacks cover the other scripts an entry list holds
(:mod:`swissdesk.reports.scripts` chooses per character):

- Noto Sans Arabic (regular, bold): Arabic, Persian, Urdu letters (SIL OFL 1.1);
- Noto Sans Devanagari, Noto Sans Thai (regular, bold) (SIL OFL 1.1);
- Droid Sans Fallback: Chinese, Japanese kana and kanji, Korean hangul (Apache 2.0; one
  weight, so bold CJK prints regular).

The licences are in ``swissdesk/resources/fonts/LICENSE-*.txt``. All are TrueType-outline
fonts, which reportlab can embed; it embeds only the subset of glyphs a document uses.
"""

from __future__ import annotations

import threading
import unicodedata
from importlib import resources
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from swissdesk.errors import SwissdeskError

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
ARABIC_REGULAR = "NotoSansArabic"
ARABIC_BOLD = "NotoSansArabic-Bold"
DEVANAGARI_REGULAR = "NotoSansDevanagari"
DEVANAGARI_BOLD = "NotoSansDevanagari-Bold"
THAI_REGULAR = "NotoSansThai"
THAI_BOLD = "NotoSansThai-Bold"
CJK = "DroidSansFallback"

FALLBACK_FONTS: tuple[tuple[str, str], ...] = (
    (REGULAR, BOLD),
    (ARABIC_REGULAR, ARABIC_BOLD),
    (DEVANAGARI_REGULAR, DEVANAGARI_BOLD),
    (THAI_REGULAR, THAI_BOLD),
    (CJK, CJK),
)
"""(regular, bold) font names in the order a character looks for its glyph."""

SHAPED_FONTS = frozenset(
    {ARABIC_REGULAR, ARABIC_BOLD, DEVANAGARI_REGULAR, DEVANAGARI_BOLD, THAI_REGULAR, THAI_BOLD}
)
"""Fonts whose runs HarfBuzz shapes (complex scripts)."""

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ARABIC_REGULAR: "NotoSansArabic-Regular.ttf",
    ARABIC_BOLD: "NotoSansArabic-Bold.ttf",
    DEVANAGARI_REGULAR: "NotoSansDevanagari-Regular.ttf",
    DEVANAGARI_BOLD: "NotoSansDevanagari-Bold.ttf",
    THAI_REGULAR: "NotoSansThai-Regular.ttf",
    THAI_BOLD: "NotoSansThai-Bold.ttf",
    CJK: "DroidSansFallback.ttf",
}
_registered = False
_lock = threading.Lock()


def font_directory() -> Path:
    """Where the shipped TTF files are (``swissdesk/resources/fonts``)."""
    return Path(str(resources.files("swissdesk").joinpath("resources", "fonts")))


def _register(names: tuple[str, ...]) -> None:
    directory = font_directory()
    for name in names:
        path = directory / _FILES[name]
        if not path.is_file():
            raise SwissdeskError(
                f"font file {path} is missing: reinstall swissdesk to print documents"
            )
        pdfmetrics.registerFont(TTFont(name, str(path)))


def register_fonts() -> tuple[str, str]:
    """Register the main fonts (DejaVu Sans) with reportlab once; return regular and bold.

    Raises :class:`SwissdeskError` when the installation lacks the font files, rather than
    silently printing names as boxes.
    """
    global _registered
    if _registered:
        return REGULAR, BOLD
    with _lock:  # the GUI may print from a worker thread
        if not _registered:
            _register((REGULAR, BOLD))
            pdfmetrics.registerFontFamily(
                REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD
            )
            _registered = True
    return REGULAR, BOLD


_fallbacks_registered = False


def register_fallback_fonts() -> None:
    """Register the fallback fonts once, when a document first prints a name DejaVu Sans
    cannot (reading the CJK font takes most of a second, which plain lists never pay)."""
    global _fallbacks_registered
    register_fonts()
    if _fallbacks_registered:
        return
    with _lock:
        if not _fallbacks_registered:
            _register(tuple(name for name in _FILES if name not in (REGULAR, BOLD)))
            _fallbacks_registered = True


def printable(text: str) -> str:
    """``text`` in composed form (NFC), so that Vietnamese and other names written with
    combining accents print as the precomposed glyphs the font has (Latin runs are not
    shaped)."""
    return unicodedata.normalize("NFC", text)
