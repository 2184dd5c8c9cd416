"""The user manual: English chapters in Markdown, shipped as package data, read by the
window (Help > Manual, F1), written as HTML (``swissdesk manual --html``) and as a PDF
(``swissdesk manual --pdf``, beside the installers).

FIDE's checklist for tournament programs (C.02, Q11-15) asks for a complete English manual,
reachable from inside the program and available separately. The chapters are
``chapters/NN-name.md`` (their order is their number); the screenshots they show are
``images/*.png``, made by ``docs/screenshots/make_manual_screenshots.py``. The chapter of
the command line's commands (``cli-reference``) is generated from the command line's own
parsers (:mod:`swissdesk.cli.reference`), and a test fails when it no longer matches them.

Every heading has an anchor (``{#name}`` at its end, else its words in lower case joined by
hyphens), unique in the whole manual, so that a link ``[text](#anchor)`` works the same in
the window, the HTML and the PDF, and the window can open a dialog's section (F1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from markdown_it import MarkdownIt
from markdown_it.token import Token

CHAPTER_FOLDER = "chapters"
IMAGE_FOLDER = "images"
MANUAL_TITLE = "swissdesk user manual"

_ANCHOR = re.compile(r"\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")
_CHAPTER_FILE = re.compile(r"^(\d\d)-([a-z0-9-]+)\.md$")


@dataclass(frozen=True, slots=True)
class Heading:
    """One heading of the manual: its level (1 = the chapter's title), its text and anchor."""

    level: int
    text: str
    anchor: str


@dataclass(frozen=True, slots=True)
class Chapter:
    """One chapter: ``name`` from its file name (``07-pairing.md`` -> ``pairing``)."""

    number: int
    name: str
    text: str
    headings: tuple[Heading, ...]

    @property
    def title(self) -> str:
        return self.headings[0].text

    @property
    def anchor(self) -> str:
        return self.headings[0].anchor


def package_folder() -> Traversable:
    """The manual's folder in the installed package."""
    return resources.files(__name__)


def parser() -> MarkdownIt:
    """The Markdown the manual is written in: CommonMark with tables, no raw HTML."""
    return MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def slug(text: str) -> str:
    """A heading's default anchor: its words in lower case, joined by hyphens."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    return "-".join(words) or "section"


def parse(text: str) -> list[Token]:
    """The tokens of a chapter, each heading carrying its anchor as ``id`` (the ``{#...}``
    written at its end taken off its text)."""
    tokens = parser().parse(text)
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[i + 1]
        anchor = None
        if inline.children:
            last = inline.children[-1]
            match = _ANCHOR.search(last.content) if last.type == "text" else None
            if match:
                anchor = match.group(1)
                last.content = last.content[: match.start()]
                inline.content = _ANCHOR.sub("", inline.content)
        token.attrSet("id", anchor or slug(inline.content))
    return tokens


def _headings(tokens: list[Token]) -> tuple[Heading, ...]:
    return tuple(
        Heading(int(token.tag[1:]), tokens[i + 1].content.strip(), str(token.attrGet("id")))
        for i, token in enumerate(tokens)
        if token.type == "heading_open"
    )


@cache
def chapters() -> tuple[Chapter, ...]:
    """Every chapter, in order."""
    folder = package_folder() / CHAPTER_FOLDER
    found: list[Chapter] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        match = _CHAPTER_FILE.match(entry.name)
        if not match:
            continue
        text = entry.read_text(encoding="utf-8")
        headings = _headings(parse(text))
        if not headings or headings[0].level != 1:
            raise ValueError(f"manual chapter {entry.name} does not start with a # title")
        found.append(Chapter(int(match.group(1)), match.group(2), text, headings))
    return tuple(found)


def chapter(name: str) -> Chapter:
    """The chapter called ``name`` (its file name without number and ``.md``)."""
    for c in chapters():
        if c.name == name:
            return c
    raise KeyError(name)


def chapter_of_anchor(anchor: str) -> Chapter | None:
    """The chapter that holds the heading ``anchor``."""
    for c in chapters():
        if any(h.anchor == anchor for h in c.headings):
            return c
    return None


def image_names() -> list[str]:
    """The screenshots shipped with the manual."""
    folder = package_folder() / IMAGE_FOLDER
    return sorted(e.name for e in folder.iterdir() if e.name.endswith(".png"))


def image_bytes(name: str) -> bytes:
    """A screenshot's PNG data (``name`` as the chapters write it: ``images/x.png`` or
    ``x.png``)."""
    return (package_folder() / IMAGE_FOLDER / name.removeprefix(IMAGE_FOLDER + "/")).read_bytes()


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, from its header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG image")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def links(tokens: list[Token]) -> list[str]:
    """Every link target of a chapter (for the test that they all lead somewhere)."""
    found: list[str] = []
    for token in tokens:
        for child in token.children or []:
            if child.type == "link_open":
                found.append(str(child.attrGet("href")))
    return found


def images(tokens: list[Token]) -> list[str]:
    """Every image a chapter shows."""
    return [
        str(child.attrGet("src"))
        for token in tokens
        for child in token.children or []
        if child.type == "image"
    ]


__all__ = [
    "MANUAL_TITLE",
    "Chapter",
    "Heading",
    "chapter",
    "chapter_of_anchor",
    "chapters",
    "image_bytes",
    "image_names",
    "images",
    "links",
    "parse",
    "png_size",
    "slug",
]
