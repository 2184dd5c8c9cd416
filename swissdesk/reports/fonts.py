"""The fonts every printed document uses: DejaVu Sans, shipped inside the package.

The PDF core fonts (Helvetica) only cover Latin-1, so a Polish "Ł", a Cyrillic, Greek or
Vietnamese name would print as black boxes. DejaVu Sans covers all of them; its licence
(``swissdesk/resources/fonts/LICENSE-DejaVu.txt``) allows shipping it. Reportlab embeds the
subset of glyphs a document uses.
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

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
_registered = False
_lock = threading.Lock()


def font_directory() -> Path:
    """Where the shipped TTF files are (``swissdesk/resources/fonts``)."""
    return Path(str(resources.files("swissdesk").joinpath("resources", "fonts")))


def register_fonts() -> tuple[str, str]:
    """Register DejaVu Sans regular and bold with reportlab once; return their names.

    Raises :class:`SwissdeskError` when the installation lacks the font files, rather than
    silently printing names as boxes.
    """
    global _registered
    if _registered:
        return REGULAR, BOLD
    with _lock:  # the GUI may print from a worker thread
        if not _registered:
            directory = font_directory()
            for name, filename in _FILES.items():
                path = directory / filename
                if not path.is_file():
                    raise SwissdeskError(
                        f"font file {path} is missing: reinstall swissdesk to print documents"
                    )
                pdfmetrics.registerFont(TTFont(name, str(path)))
            pdfmetrics.registerFontFamily(
                REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD
            )
            _registered = True
    return REGULAR, BOLD


def printable(text: str) -> str:
    """``text`` in composed form (NFC), so that Vietnamese and other names written with
    combining accents print as the precomposed glyphs the font has (reportlab does no
    shaping)."""
    return unicodedata.normalize("NFC", text)
