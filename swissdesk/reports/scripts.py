"""Printing names in any script: font fallback, right-to-left order and shaping.

An entry list can hold names in Latin (with Vietnamese or Polish letters), Cyrillic, Greek,
Armenian, Georgian, Hebrew, Arabic, Devanagari, Thai, Chinese, Japanese and Korean. No single
free font covers them all, and a PDF shows characters in the order they are drawn, so a
line of text is laid out here in three steps before reportlab draws it:

1. **Font fallback.** Each character takes the first font of :data:`FALLBACK_FONTS` whose
   character map has it (DejaVu Sans first, so Latin, Cyrillic and Greek print as before);
   Arabic letters prefer Noto Sans Arabic. A combining mark stays with the font of its base
   letter. Characters no font has are reported by :func:`missing_characters`.
2. **Bidirectional order.** A simplified Unicode Bidirectional Algorithm (UAX #9: strong
   types, European and Arabic numbers, neutrals between strong characters, reordering by
   levels) puts Hebrew and Arabic right to left, with Latin words and numbers inside them
   left to right. Names are one short line, so explicit embeddings are not needed.
3. **Shaping.** Runs in Arabic, Hebrew, Devanagari and Thai are shaped by HarfBuzz
   (``uharfbuzz``, through reportlab's ``shaping=True``): joined Arabic letter forms,
   Devanagari conjuncts and vowel-sign reordering, Thai mark positions. The PDF keeps the
   original text of every shaped glyph, so text extraction and copy-paste give the name.

Other runs are drawn unshaped, exactly as before (same widths, same kerning).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.abag import ABag
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import ShapedStr, shapeFragWord
from reportlab.pdfgen.canvas import Canvas

from swissdesk.reports.fonts import (
    ARABIC_BOLD,
    ARABIC_REGULAR,
    BOLD,
    FALLBACK_FONTS,
    REGULAR,
    SHAPED_FONTS,
    register_fallback_fonts,
    register_fonts,
)

_RTL_TYPES = frozenset({"R", "AL"})
_NUMBER_TYPES = frozenset({"EN", "AN"})
_ARABIC_BLOCKS = ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
                  (0xFE70, 0xFEFF))  # fmt: skip


_FEATURES = {"kern": True, "liga": True}
"""OpenType features asked of HarfBuzz besides the script's required ones (joining forms,
conjuncts, mark positions); not ``dlig``, which would print Muhammad as the ligature ﷴ
with vowel marks the name does not have."""


@dataclass(frozen=True)
class Run:
    """A piece of a line in one font and one direction, in logical order inside."""

    font: str
    text: str
    rtl: bool

    @property
    def shaped(self) -> bool:
        """Whether HarfBuzz lays this run out (complex scripts and right-to-left text)."""
        return self.rtl or self.font in SHAPED_FONTS


def _is_arabic(ch: str) -> bool:
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _ARABIC_BLOCKS)


@lru_cache(maxsize=8)
def _chain(bold: bool) -> tuple[tuple[str, frozenset[int]], ...]:
    """The fallback fonts for one weight with the code points each one covers."""
    register_fallback_fonts()
    chain = []
    for regular_name, bold_name in FALLBACK_FONTS:
        name = bold_name if bold else regular_name
        font = pdfmetrics.getFont(name)
        chain.append((name, frozenset(font.face.charToGlyph)))
    return tuple(chain)


def _covers(font: str, ch: str, bold: bool) -> bool:
    return any(name == font and ord(ch) in cmap for name, cmap in _chain(bold))


def font_for(ch: str, bold: bool = False, previous: str | None = None) -> str | None:
    """The font that prints ``ch`` (None if no shipped font has it)."""
    code = ord(ch)
    mark = unicodedata.combining(ch) or unicodedata.category(ch) == "Cf"
    if previous is not None and mark and (_covers(previous, ch, bold) or not ch.isprintable()):
        return previous
    chain = _chain(bold)
    if _is_arabic(ch):
        arabic = ARABIC_BOLD if bold else ARABIC_REGULAR
        if _covers(arabic, ch, bold):
            return arabic
    for name, cmap in chain:
        if code in cmap:
            return name
    return None


def missing_characters(text: str, bold: bool = False) -> set[str]:
    """Characters of ``text`` that no shipped font can print (they would show as boxes)."""
    return {
        ch
        for ch in unicodedata.normalize("NFC", text)
        if not ch.isspace() and unicodedata.category(ch) != "Cf" and font_for(ch, bold) is None
    }


@lru_cache(maxsize=4096)
def is_simple(text: str, font: str) -> bool:
    """Whether ``text`` prints in ``font`` as it is: every character in the font, none right
    to left, none needing shaping (the fast path for the thousands of plain cells)."""
    if text.isascii():
        return True
    bold = font == BOLD
    base = BOLD if bold else REGULAR
    if font not in (REGULAR, BOLD):
        return True  # a caller's own font: drawn as it is
    register_fonts()
    cmap = pdfmetrics.getFont(base).face.charToGlyph  # the main font only: no fallback read
    return all(
        unicodedata.bidirectional(ch) not in _RTL_TYPES and ord(ch) in cmap for ch in text
    )


def _levels(text: str) -> list[int]:
    """Embedding levels of ``text`` by a simplified UAX #9 (rules P2-P3, W1-W7, N1-N2,
    I1-I2; no explicit embeddings or isolates)."""
    types = [unicodedata.bidirectional(ch) for ch in text]
    base = 0
    for t in types:
        if t == "L":
            break
        if t in _RTL_TYPES:
            base = 1
            break
    # W1-W7 (simplified): NSM takes the type before it; EN after AL is AN; AL is R;
    # EN after L (or at the start of a left-to-right line) is L.
    resolved: list[str] = []
    last_strong = "R" if base else "L"
    for t in types:
        if t == "NSM":
            t = resolved[-1] if resolved else ("R" if base else "L")
        if t == "EN" and last_strong == "AL":
            t = "AN"
        if t in ("L", "R", "AL"):
            last_strong = t
        if t == "EN" and last_strong == "L":
            t = "L"
        resolved.append("R" if t == "AL" else t)
    # N1-N2: a run of neutrals between two characters of one direction takes it (numbers
    # count as R); otherwise the line's direction.
    def direction(t: str) -> str | None:
        if t == "L":
            return "L"
        if t == "R" or t in _NUMBER_TYPES:
            return "R"
        return None

    n = len(resolved)
    i = 0
    while i < n:
        if direction(resolved[i]) is not None:
            i += 1
            continue
        j = i
        while j < n and direction(resolved[j]) is None:
            j += 1
        before = direction(resolved[i - 1]) if i > 0 else ("R" if base else "L")
        after = direction(resolved[j]) if j < n else ("R" if base else "L")
        fill = before if before is not None and before == after else ("R" if base else "L")
        for k in range(i, j):
            resolved[k] = fill
        i = j
    # I1-I2: implicit levels.
    levels = []
    for t in resolved:
        if base == 0:
            levels.append(1 if t == "R" else 2 if t in _NUMBER_TYPES else 0)
        else:
            levels.append(2 if t == "L" or t in _NUMBER_TYPES else 1)
    return levels


@lru_cache(maxsize=4096)
def layout_runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """``text`` as runs of one font and one direction, in the order they are drawn left to
    right (rule L2 of UAX #9 applied to whole runs; each run keeps its logical order and
    HarfBuzz turns a right-to-left run around when it shapes it)."""
    text = unicodedata.normalize("NFC", text)
    if not text:
        return ()
    levels = _levels(text)
    base_font = BOLD if bold else REGULAR
    pieces: list[tuple[int, str, list[str]]] = []  # (level, font, characters)
    previous: str | None = None
    for ch, level in zip(text, levels, strict=True):
        # Spaces print in the main font, between runs: each word is shaped on its own.
        font = base_font if ch.isspace() else font_for(ch, bold, previous) or base_font
        if pieces and pieces[-1][0] == level and pieces[-1][1] == font:
            pieces[-1][2].append(ch)
        else:
            pieces.append((level, font, [ch]))
        previous = font
    # L2: from the highest level down to the lowest odd one, reverse every sequence of
    # runs at that level or above.
    order = list(range(len(pieces)))
    top = max(p[0] for p in pieces)
    lowest_odd = min((p[0] for p in pieces if p[0] % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if pieces[order[i]][0] >= level:
                j = i
                while j < len(order) and pieces[order[j]][0] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return tuple(
        Run(pieces[k][1], "".join(pieces[k][2]), pieces[k][0] % 2 == 1) for k in order
    )


@lru_cache(maxsize=8192)
def _shaped(run: Run, size: float) -> tuple[str, float]:
    """The run as drawn: HarfBuzz's glyphs in visual order (a ``ShapedStr``) for a shaped
    run, else its text; and its width in points."""
    if run.shaped:
        word = [0.0, (ABag(fontName=run.font, fontSize=size), run.text)]
        glyphs = shapeFragWord(word, features=_FEATURES, force=True)[1][1]
        if isinstance(glyphs, ShapedStr):
            _remember_glyph_text(run, glyphs)
            width = sum(d.x_advance for d in glyphs.__shapeData__) * size / 1000
            return glyphs, float(width)
    return run.text, float(pdfmetrics.stringWidth(run.text, run.font, size))


_GLYPH_TEXT: dict[str, dict[int, str]] = {}
"""Per font face: the text behind each glyph HarfBuzz produced that has no code point of
its own (a Devanagari conjunct, say); reportlab numbers those glyphs in the private use
area, and :func:`_to_unicode_cmap` writes this text in their place."""

_reportlab_to_unicode = ttfonts.makeToUnicodeCMap


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """Reportlab's ToUnicode CMap with each private-use glyph mapped to the characters it
    shows, so that text extraction and copy-paste give the name as typed."""
    cmap = _reportlab_to_unicode(fontname, subset)
    face = fontname.split("+", 1)[-1]
    texts = _GLYPH_TEXT.get(face)
    if not texts:
        return str(cmap)
    lines = str(cmap).split("\n")
    for i, code in enumerate(subset):
        text = texts.get(code)
        if text:
            target = "".join(f"{unit:04X}" for unit in _utf16(text))
            old = f"<{i:02X}> <{code:04X}>"
            lines = [f"<{i:02X}> <{target}>" if line == old else line for line in lines]
    return "\n".join(lines)


def _utf16(text: str) -> list[int]:
    data = text.encode("utf-16-be")
    return [int.from_bytes(data[k : k + 2], "big") for k in range(0, len(data), 2)]


ttfonts.makeToUnicodeCMap = _to_unicode_cmap


def _remember_glyph_text(run: Run, glyphs: ShapedStr) -> None:
    """Record, for each private-use glyph of a shaped run, the characters of its cluster
    that no other glyph of the cluster shows."""
    face = pdfmetrics.getFont(run.font).face.name.decode("latin-1")
    texts = _GLYPH_TEXT.setdefault(face, {})
    data = glyphs.__shapeData__
    starts = sorted({d.cluster for d in data})
    for ch, d in zip(str(glyphs), data, strict=False):
        code = ord(ch)
        if not 0xE000 <= code <= 0xF8FF or code in texts:
            continue
        later = [s for s in starts if s > d.cluster]
        cluster = run.text[d.cluster : later[0] if later else len(run.text)]
        shown = {c for c2, d2 in zip(str(glyphs), data, strict=False)
                 if d2.cluster == d.cluster for c in c2 if not 0xE000 <= ord(c) <= 0xF8FF}
        texts[code] = "".join(c for c in cluster if c not in shown) or cluster


def _run_width(run: Run, size: float) -> float:
    return _shaped(run, size)[1]


def text_width(text: str, font: str, size: float) -> float:
    """The printed width of ``text`` in points, fallback fonts and shaping included."""
    if is_simple(text, font):
        return float(pdfmetrics.stringWidth(text, font, size))
    return sum(_run_width(run, size) for run in layout_runs(text, font == BOLD))


def draw_text(canvas: Canvas, x: float, y: float, text: str, align: str = "LEFT") -> float:
    """Draw ``text`` at the canvas's current font and size, ``align`` LEFT (``x`` is the
    left end), RIGHT (``x`` the right end) or CENTER; returns the width drawn.

    Each run is its own text object, so extraction returns the runs in visual order.
    """
    font, size = canvas._fontname, canvas._fontsize
    drawn = [(run, *_shaped(run, size)) for run in layout_runs(text, font == BOLD)]
    total = sum(width for _, _, width in drawn)
    left = x - total if align == "RIGHT" else x - total / 2 if align == "CENTER" else x
    for run, glyphs, width in drawn:
        text_object = canvas.beginText(left, y)
        text_object.setFont(run.font, size)
        text_object.textOut(glyphs)
        canvas.drawText(text_object)
        left += width
    return total


def paragraph_markup(escaped_runs: list[tuple[str, str]]) -> str:
    """Reportlab paragraph markup for already escaped ``(font, text)`` runs."""
    return "".join(f'<font face="{font}">{text}</font>' for font, text in escaped_runs)


class ScriptCanvas(Canvas):  # type: ignore[misc]
    """A canvas whose ``drawString``, ``drawRightString`` and ``drawCentredString`` print
    any script (fallback fonts, right-to-left order, shaping); plain text takes the usual
    path unchanged."""

    def drawString(self, x: float, y: float, text: str, *args: object, **kwargs: object) -> None:
        if is_simple(text, self._fontname):
            Canvas.drawString(self, x, y, text, *args, **kwargs)
        else:
            draw_text(self, x, y, text, "LEFT")

    def drawRightString(
        self, x: float, y: float, text: str, *args: object, **kwargs: object
    ) -> None:
        if is_simple(text, self._fontname):
            Canvas.drawRightString(self, x, y, text, *args, **kwargs)
        else:
            draw_text(self, x, y, text, "RIGHT")

    def drawCentredString(
        self, x: float, y: float, text: str, *args: object, **kwargs: object
    ) -> None:
        if is_simple(text, self._fontname):
            Canvas.drawCentredString(self, x, y, text, *args, **kwargs)
        else:
            draw_text(self, x, y, text, "CENTER")
