"""QR codes of the venue's address (segno: a maintained encoder, not one of our own).

The window shows one beside the address, the hall's display and the printed board list
can carry one, and ``swissdesk serve`` prints one on the terminal.
"""

from __future__ import annotations

import io

import segno


def qr_svg(text: str, scale: int = 8) -> str:
    """An SVG image of the QR code of ``text`` (error correction M, quiet zone kept)."""
    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(out, kind="svg", scale=scale, xmldecl=False,
                                                 svgns=True, dark="#000", light="#fff")  # fmt: skip
    return out.getvalue().decode("utf-8")


def qr_png(text: str, scale: int = 6) -> bytes:
    """A PNG image of the QR code of ``text``."""
    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()


def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code's modules, row by row (True: dark), without the quiet zone: for drawing
    it on a printed page."""
    code = segno.make(text, error="m", micro=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def qr_text(text: str) -> str:
    """The QR code drawn with block characters, for a terminal (two rows per line)."""
    rows = [[False] * 4 + list(r) + [False] * 4 for r in qr_matrix(text)]
    width = len(rows[0])
    rows = [[False] * width] * 4 + rows + [[False] * width] * 4
    if len(rows) % 2:
        rows.append([False] * width)
    # Light modules are drawn (a terminal is usually dark on light or light on dark: the
    # code reads in both because the quiet zone is drawn too).
    chars = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        lines.append("".join(chars[(not a, not b)] for a, b in zip(top, bottom, strict=True)))
    return "\n".join(lines)
