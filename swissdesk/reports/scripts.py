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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import uharfbuzz
from reportlab.lib.rl_accel import fp_str as fp
from reportlab.pdfbase import pdfmetrics, ttfonts
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


_FSI, _LRI, _RLI, _PDI = "\u2068", "\u2066", "\u2067", "\u2069"
_ISOLATE_INITIATORS = frozenset({_FSI, _LRI, _RLI})
_BIDI_CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e") | {
    _FSI, _LRI, _RLI, _PDI
}
"""Formatting characters of UAX #9: they steer the order and are never drawn."""


def isolate(text: str) -> str:
    """``text`` as a field of its own inside a longer line (UAX #9 first-strong isolate):
    its direction is its own and it does not turn what is around it. "3  الشمري, محمد"
    keeps the number at the left; "Match 1: الشمري - Kings 6" keeps the teams in order.
    Text without right-to-left letters needs no isolate and is returned as it is."""
    if any(unicodedata.bidirectional(ch) in _RTL_TYPES for ch in text):
        return _FSI + text + _PDI
    return text


def _first_strong(types: Sequence[str]) -> int | None:
    """Rules P2-P3: 1 if the first strong type is right to left, 0 if left to right."""
    for t in types:
        if t == "L":
            return 0
        if t in _RTL_TYPES:
            return 1
    return None


def _outer_units(text: str) -> tuple[list[str], list[int], dict[int, int]]:
    """The bidi types of ``text`` with each top-level isolate as one neutral unit: the
    types, the index in ``text`` where each unit starts, and the isolates (start -> index
    after their PDI, or the end when the PDI is missing)."""
    spans: dict[int, int] = {}
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch in _ISOLATE_INITIATORS:
            if depth == 0:
                start = i
            depth += 1
        elif ch == _PDI and depth:
            depth -= 1
            if depth == 0:
                spans[start] = i + 1
    if depth:
        spans[start] = len(text)
    outer: list[str] = []
    owner: list[int] = []
    i = 0
    while i < len(text):
        owner.append(i)
        if i in spans:
            outer.append("ON")
            i = spans[i]
        else:
            outer.append(unicodedata.bidirectional(text[i]))
            i += 1
    return outer, owner, spans


def _levels(text: str, base: int | None = None) -> list[int]:
    """Embedding levels of ``text`` by a simplified UAX #9 (rules P2-P3, X5a-X5c and X6a
    for isolates, W1-W7, N1-N2, I1-I2; no explicit embeddings or overrides).

    ``base``: the paragraph level (0 left to right, 1 right to left); by default the
    direction of the first strong character (P2-P3). An isolate (:func:`isolate`) counts
    as one neutral character around it and gets its own levels inside.
    """
    outer, owner, span_at = _outer_units(text)
    if base is None:
        base = _first_strong(outer) or 0
    outer_levels = _implicit_levels(outer, base)
    levels = [0] * len(text)
    for unit, first in enumerate(owner):
        if first not in span_at:
            levels[first] = outer_levels[unit]
            continue
        end = span_at[first]
        levels[first] = outer_levels[unit]
        if end - 1 > first and text[end - 1] == _PDI:
            levels[end - 1] = outer_levels[unit]
            inner_end = end - 1
        else:
            inner_end = end
        inner = text[first + 1 : inner_end]
        kind = text[first]
        first_strong = _first_strong(_outer_units(inner)[0])
        inner_base = 1 if kind == _RLI else 0 if kind == _LRI else first_strong
        inner_base = base if inner_base is None else inner_base
        # X5a-X5c: the next level above the paragraph's with the isolate's parity.
        embedding = base + 1 if (base + 1) % 2 == inner_base else base + 2
        for k, level in enumerate(_levels(inner, inner_base)):
            levels[first + 1 + k] = level - inner_base + embedding
    return levels


def _implicit_levels(types: Sequence[str], base: int) -> list[int]:
    """Rules W1-W7, N1-N2 and I1-I2 (simplified) on the bidi types of one level run."""
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
def layout_runs(text: str, bold: bool = False, base: int | None = None) -> tuple[Run, ...]:
    """``text`` as runs of one font and one direction, in the order they are drawn left to
    right (rule L2 of UAX #9 applied to whole runs; each run keeps its logical order and
    HarfBuzz turns a right-to-left run around, mirroring brackets, when it shapes it).

    ``base``: the paragraph direction (see :func:`_levels`); the formatting characters of
    UAX #9 (isolates, marks) steer the order and are not drawn.
    """
    text = unicodedata.normalize("NFC", text)
    if not text:
        return ()
    levels = _levels(text, base)
    base_font = BOLD if bold else REGULAR
    pieces: list[tuple[int, str, list[str]]] = []  # (level, font, characters)
    previous: str | None = None
    for ch, level in zip(text, levels, strict=True):
        if ch in _BIDI_CONTROLS:
            continue
        # Spaces print in the main font, between runs: each word is shaped on its own.
        font = base_font if ch.isspace() else font_for(ch, bold, previous) or base_font
        if pieces and pieces[-1][0] == level and pieces[-1][1] == font:
            pieces[-1][2].append(ch)
        else:
            pieces.append((level, font, [ch]))
        previous = font
    if not pieces:
        return ()
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


@dataclass(frozen=True, slots=True)
class _Glyph:
    """One glyph of a shaped run, in visual order: its code in the font (a character, or
    reportlab's private-use number for a glyph no character maps to), the index of the
    first character of its cluster, and its advance and offsets in thousandths of the
    font size."""

    char: str
    cluster: int
    advance: float
    x_offset: float
    y_offset: float


@dataclass(frozen=True, slots=True)
class _Shaped:
    """A run as HarfBuzz laid it out: glyphs in visual order and the width in points."""

    glyphs: tuple[_Glyph, ...]
    width: float


@lru_cache(maxsize=8192)
def _shaped(run: Run, size: float) -> _Shaped | None:
    """HarfBuzz's layout of a shaped run (``None`` for a run drawn as plain text).

    The direction is the run's own (its bidi level), never a guess from the characters:
    a comma between two Arabic words is a right-to-left run and is turned (and mirrored)
    with them. Discretionary ligatures stay off (:data:`_FEATURES`).
    """
    if not run.shaped:
        return None
    font = pdfmetrics.getFont(run.font)
    hb_font = font.hbFont(size)
    buffer = uharfbuzz.Buffer()
    buffer.cluster_level = uharfbuzz.BufferClusterLevel.MONOTONE_CHARACTERS
    buffer.add_str(run.text)
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if run.rtl else "ltr"
    uharfbuzz.shape(hb_font, buffer, _FEATURES)
    glyphs: list[_Glyph] = []
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        gid = info.codepoint
        chars = font.face.glyphToChar.get(gid)
        code = chars[0] if chars else font.hbAddPrivate(hb_font.glyph_to_string(gid), gid,
                                                        pos.x_advance)  # fmt: skip
        glyphs.append(
            _Glyph(
                chr(code),
                info.cluster,
                font.pdfScale(pos.x_advance),
                font.pdfScale(pos.x_offset),
                font.pdfScale(pos.y_offset),
            )
        )
    _remember_glyph_text(run, glyphs)
    width = sum(g.advance for g in glyphs) * size / 1000
    return _Shaped(tuple(glyphs), float(width))


_GLYPH_TEXT: dict[str, dict[int, str]] = {}
"""Per font face: the text behind each glyph HarfBuzz produced that has no code point of
its own (a Devanagari conjunct, say), which reportlab numbers in the private use area."""

_CMAP_TEXT: dict[str, dict[int, str]] = {}
"""Per font face: what the ToUnicode map writes for a code when it is not the code's own
character: the text of a private-use glyph of a left-to-right run; one letter of a
right-to-left glyph that shows several (the others follow as phantoms,
:func:`_phantom`); a phantom's letter."""

_reportlab_to_unicode = ttfonts.makeToUnicodeCMap

_PRESENTATION_FORMS = ((0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))
"""Hebrew and Arabic presentation forms: the glyph of a joined letter is mapped back to
the letter (U+FEE4 ARABIC LETTER MEEM MEDIAL FORM is U+0645 MEEM) in the text layer."""


def _glyph_text(face: str, code: int) -> str:
    """The characters a glyph code shows, as typed (a ligature: all of its letters)."""
    text = _GLYPH_TEXT.get(face, {}).get(code)
    if text:
        return text
    if any(lo <= code <= hi for lo, hi in _PRESENTATION_FORMS):
        return unicodedata.normalize("NFKC", chr(code))
    return chr(code)


def _cmap_text(face: str, code: int) -> str:
    """What the ToUnicode map writes for a glyph code."""
    return _CMAP_TEXT.get(face, {}).get(code) or _glyph_text(face, code)


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """Reportlab's ToUnicode CMap with each glyph mapped to the letters it shows
    (:func:`_cmap_text`), so that text extraction and copy-paste give the name as typed."""
    cmap = str(_reportlab_to_unicode(fontname, subset))
    face = fontname.split("+", 1)[-1]
    changed = {
        i: text
        for i, code in enumerate(subset)
        if (text := _cmap_text(face, code)) != chr(code)
    }
    if not changed:
        return cmap
    lines = cmap.split("\n")
    for i, text in changed.items():
        target = "".join(f"{unit:04X}" for unit in _utf16(text))
        old = f"<{i:02X}> <{subset[i]:04X}>"
        lines = [f"<{i:02X}> <{target}>" if line == old else line for line in lines]
    return "\n".join(lines)


def _utf16(text: str) -> list[int]:
    data = text.encode("utf-16-be")
    return [int.from_bytes(data[k : k + 2], "big") for k in range(0, len(data), 2)]


ttfonts.makeToUnicodeCMap = _to_unicode_cmap


def _remember_glyph_text(run: Run, glyphs: Sequence[_Glyph]) -> None:
    """Record, for each private-use glyph of a shaped run, the characters of its cluster
    that no other glyph of the cluster shows; and what the ToUnicode map writes for the
    run's glyphs (:data:`_CMAP_TEXT`)."""
    face = pdfmetrics.getFont(run.font).face.name.decode("latin-1")
    texts = _GLYPH_TEXT.setdefault(face, {})
    cmap = _CMAP_TEXT.setdefault(face, {})
    starts = sorted({g.cluster for g in glyphs})
    for g in glyphs:
        code = ord(g.char)
        if 0xE000 <= code <= 0xF8FF and code not in texts:
            later = [s for s in starts if s > g.cluster]
            cluster = run.text[g.cluster : later[0] if later else len(run.text)]
            shown = {
                c
                for other in glyphs
                if other.cluster == g.cluster and not 0xE000 <= ord(other.char) <= 0xF8FF
                for c in unicodedata.normalize("NFKC", other.char)
            }
            texts[code] = "".join(c for c in cluster if c not in shown) or cluster
        text = _glyph_text(face, code)
        if run.rtl and len(text) > 1:
            cmap.setdefault(code, text[-1])  # the other letters: phantoms after it
        elif 0xE000 <= code <= 0xF8FF:
            cmap.setdefault(code, text)


def _phantom(font: ttfonts.TTFont, letter: str) -> str:
    """A code that draws nothing and moves nothing (the font's space glyph at width 0)
    and stands for ``letter`` in the text layer: the second letter of an Arabic lam-alef
    ligature, written after the ligature's glyph, so that readers which turn right-to-left
    text letter by letter (pypdf, poppler) read "لا", not "ال"."""
    gid = font.face.charToGlyph.get(0x20, 0)
    code = font.hbAddPrivate(f"swissdesk-phantom-{ord(letter):04X}", gid, 0)
    font.face.charWidths[code] = 0
    face = font.face.name.decode("latin-1")
    _CMAP_TEXT.setdefault(face, {})[code] = letter
    return chr(code)


def _run_width(run: Run, size: float) -> float:
    shaped = _shaped(run, size)
    if shaped is not None:
        return shaped.width
    return float(pdfmetrics.stringWidth(run.text, run.font, size))


def text_width(text: str, font: str, size: float, base: int | None = None) -> float:
    """The printed width of ``text`` in points, fallback fonts and shaping included."""
    register_fonts()
    if is_simple(text, font):
        return float(pdfmetrics.stringWidth(text, font, size))
    return sum(_run_width(run, size) for run in layout_runs(text, font == BOLD, base))


def paragraph_direction(text: str) -> int:
    """1 when ``text`` is a right-to-left paragraph (its first strong character, outside
    isolates, is right to left: UAX #9 P2-P3), else 0."""
    return _first_strong(_outer_units(text)[0]) or 0


def draw_text(canvas: Canvas, x: float, y: float, text: str, align: str = "LEFT",
              base: int | None = None) -> float:  # fmt: skip
    """Draw ``text`` at the canvas's current font and size, ``align`` LEFT (``x`` is the
    left end), RIGHT (``x`` the right end) or CENTER; returns the width drawn. ``base``:
    the paragraph direction (default: the text's own, UAX #9 P2-P3).

    Each run is its own text object, so extraction returns the runs in visual order; a
    shaped run also carries its characters as typed (:func:`_draw_shaped`).
    """
    font, size = canvas._fontname, canvas._fontsize
    runs = layout_runs(text, font == BOLD, base)
    total = sum(_run_width(run, size) for run in runs)
    left = x - total if align == "RIGHT" else x - total / 2 if align == "CENTER" else x
    for run in runs:
        shaped = _shaped(run, size)
        if shaped is None:
            text_object = canvas.beginText(left, y)
            text_object.setFont(run.font, size)
            text_object.textOut(run.text)
            canvas.drawText(text_object)
            left += _run_width(run, size)
        else:
            _draw_shaped(canvas, left, y, run, shaped, size)
            left += shaped.width
    return total


def _emission_order(run: Run, glyphs: Sequence[_Glyph], face: str) -> list[int]:
    """The order in which a shaped run's glyphs are written to the page.

    Right to left: visual order, as readers of right-to-left text expect to turn it. Left
    to right: the characters' order, each cluster's glyphs in the order whose text spells
    the cluster (a Devanagari reph, drawn last, is written first: र्मा, not मार्), so
    that extraction by content order gives the name as typed.
    """
    if run.rtl:
        return list(range(len(glyphs)))
    starts = sorted({g.cluster for g in glyphs})
    order: list[int] = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(run.text)
        cluster = run.text[start:end]
        members = [i for i, g in enumerate(glyphs) if g.cluster == start]
        placed: list[int] = []
        at = 0
        while members:
            fitting = [
                i for i in members if cluster.startswith(_glyph_text(face, ord(glyphs[i].char)), at)
            ]
            if not fitting:
                break
            best = max(fitting, key=lambda i: len(_glyph_text(face, ord(glyphs[i].char))))
            placed.append(best)
            members.remove(best)
            at += len(_glyph_text(face, ord(glyphs[best].char)))
        order += placed + members
    return order


_MOVE_STEP = 60.0
"""Largest pen move written as one number in a ``TJ`` array (thousandths of the font
size): extractors that read content order (pypdf) take a bigger one for a space between
words, so a move back to a reph or forward past it is written in steps this size."""


@lru_cache(maxsize=8192)
def _written(run: Run, size: float) -> tuple[str, tuple[tuple[float, float, float], ...]]:
    """What a shaped run writes, computed once per run and size: the glyph codes in
    :func:`_emission_order` (with the phantoms of right-to-left ligatures, :func:`_phantom`)
    and for each its position and the width the PDF advances by, in thousandths of the
    font size."""
    shaped = _shaped(run, size)
    assert shaped is not None
    font = pdfmetrics.getFont(run.font)
    face = font.face.name.decode("latin-1")
    glyphs = shaped.glyphs
    positions: list[tuple[float, float]] = []
    pen = 0.0
    for g in glyphs:
        positions.append((pen + g.x_offset, g.y_offset))
        pen += g.advance
    chars: list[str] = []
    places: list[tuple[float, float, float]] = []
    widths = font.face.charWidths
    for i in _emission_order(run, glyphs, face):
        gx, gy = positions[i]
        char = glyphs[i].char
        chars.append(char)
        places.append((gx, gy, widths.get(ord(char), 0)))
        text = _glyph_text(face, ord(char))
        if run.rtl and len(text) > 1:
            # Inside the ligature, right of its start: read before it right to left.
            middle = gx + widths.get(ord(char), 0) / 2
            for letter in reversed(text[:-1]):
                chars.append(_phantom(font, letter))
                places.append((middle, gy, 0.0))
    return "".join(chars), tuple(places)


def _draw_shaped(canvas: Canvas, x: float, y: float, run: Run, shaped: _Shaped,
                 size: float) -> None:  # fmt: skip
    """Draw a shaped run with its text layer: the glyphs at HarfBuzz's positions, written
    in :func:`_emission_order`, inside a marked-content span whose ``/ActualText`` is the
    run as typed (PDF 32000-1 14.9.4: what viewers search and copy)."""
    font = pdfmetrics.getFont(run.font)
    doc = canvas._doc
    chars, places = _written(run, size)
    code = ["BT", f"1 0 0 1 {fp(x)} {fp(y)} Tm"]
    if not run.rtl:
        # Left to right: the glyphs of a cluster are not in the characters' order (a reph
        # is drawn after the letters before it): say what they spell. A right-to-left run
        # is left to the readers, which turn its glyphs (mapped to letters) themselves.
        actual = "".join(f"{unit:04X}" for unit in _utf16(unicodedata.normalize("NFC", run.text)))
        code.insert(0, f"/Span <</ActualText <FEFF{actual}>>> BDC")
    current = None
    items: list[str] = []
    at = 0.0  # where the PDF's pen stands, thousandths of the font size
    rise = 0.0
    k = 0
    for subset, data in font.splitString(chars, doc):  # one byte per glyph code
        name = font.getSubsetInternalName(subset, doc)
        for byte in data:
            gx, gy, advance = places[k]
            k += 1
            if name != current or gy != rise:
                if items:
                    code.append(f"[{' '.join(items)}] TJ")
                    items = []
                if name != current:
                    code.append(f"{name} {fp(size)} Tf")
                    current = name
                if gy != rise:
                    code.append(f"{fp(gy * size / 1000)} Ts")
                    rise = gy
            move = at - gx
            while abs(move) > 1e-6:
                step = max(-_MOVE_STEP, min(_MOVE_STEP, move))
                items.append(fp(step))
                move -= step
            items.append(f"({canvas._escape(bytes((byte,)))})")
            at = gx + advance
    if items:
        code.append(f"[{' '.join(items)}] TJ")
    if rise:
        code.append("0 Ts")
    code.append("ET")
    if not run.rtl:
        code.append("EMC")
    canvas._code.extend(code)


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


# Anything reportlab still shapes itself (a paragraph set with ``shaping``) gets the same
# features: its default turns on discretionary ligatures, which printed "Altstetten" with
# the "st" ligature U+FB06.
if ttfonts.shapeFragWord.__defaults__ is not None:
    ttfonts.shapeFragWord.__defaults__ = (dict(_FEATURES), False)
