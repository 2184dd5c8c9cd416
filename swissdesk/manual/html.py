"""The manual as HTML: one chapter at a time for the window's manual browser (Qt's rich
text, which knows HTML 4 and a little CSS), and the whole manual as one page with its
screenshots for a web browser (``swissdesk manual --html FOLDER``), offline, no script."""

from __future__ import annotations

import html
from pathlib import Path

from markdown_it.token import Token

from swissdesk import __version__
from swissdesk.manual import (
    IMAGE_FOLDER,
    MANUAL_TITLE,
    Chapter,
    chapters,
    image_bytes,
    image_names,
    parse,
    parser,
    png_size,
)

QT_IMAGE_WIDTH = 760
"""The widest a screenshot is shown in the window's manual browser (pixels)."""

STYLE = """
body { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; max-width: 60em;
       margin: 0 auto; padding: 1em 2em; line-height: 1.45; color: #1a1a1a; }
h1 { border-bottom: 2px solid #444; padding-bottom: .2em; margin-top: 2.5em; }
h2 { margin-top: 1.8em; } h3 { margin-top: 1.4em; }
code, pre { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 92%; }
pre { background: #f3f3f3; padding: .6em .8em; overflow-x: auto; }
table { border-collapse: collapse; margin: .8em 0; }
th, td { border: 1px solid #999; padding: .25em .5em; vertical-align: top; text-align: left; }
th { background: #eee; }
img { max-width: 100%; border: 1px solid #ccc; }
blockquote { border-left: 4px solid #c9a227; margin-left: 0; padding-left: 1em;
             background: #fbf7e8; }
nav li { margin: .15em 0; }
"""


def _prepare(tokens: list[Token], *, qt: bool) -> list[Token]:
    """Screenshots no wider than the window's browser (Qt scales by ``width``, and knows
    no ``max-width``); tables with rules in Qt (which reads ``border``, not CSS)."""
    for token in tokens:
        if qt and token.type == "table_open":
            token.attrSet("border", "1")
            token.attrSet("cellspacing", "0")
            token.attrSet("cellpadding", "4")
        for child in token.children or []:
            if child.type != "image":
                continue
            try:
                width, _height = png_size(image_bytes(str(child.attrGet("src"))))
            except (OSError, ValueError):
                continue  # a missing screenshot shows as its text; the manual still opens
            if qt and width > QT_IMAGE_WIDTH:
                child.attrSet("width", str(QT_IMAGE_WIDTH))
    return tokens


def chapter_html(chapter: Chapter, *, qt: bool = True) -> str:
    """The HTML of one chapter (its images as ``images/NAME.png``, relative to the
    manual's folder)."""
    md = parser()
    tokens = _prepare(parse(chapter.text), qt=qt)
    return str(md.renderer.render(tokens, md.options, {}))


def manual_page() -> str:
    """The whole manual as one HTML page: title, contents, every chapter."""
    contents = "\n".join(
        f'<li><a href="#{c.anchor}">{c.number}. {html.escape(c.title)}</a></li>' for c in chapters()
    )
    body = "\n".join(chapter_html(c, qt=False) for c in chapters())
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{MANUAL_TITLE} {__version__}</title>\n<style>{STYLE}</style></head>\n"
        f"<body>\n<p><strong>{MANUAL_TITLE}</strong>, swissdesk {__version__}</p>\n"
        f"<nav><h2>Contents</h2><ol>\n{contents}\n</ol></nav>\n{body}\n</body></html>\n"
    )


def write_site(folder: Path) -> Path:
    """Write the manual into ``folder`` (``index.html`` and ``images/``); returns the page."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / IMAGE_FOLDER).mkdir(exist_ok=True)
    for name in image_names():
        (folder / IMAGE_FOLDER / name).write_bytes(image_bytes(name))
    page = folder / "index.html"
    page.write_text(manual_page(), encoding="utf-8")
    return page
