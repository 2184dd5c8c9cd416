"""The manual as a PDF (reportlab): a title page, the contents with page numbers, every
chapter on a new page with its screenshots, and the PDF's outline (bookmarks) by chapter
and section, so that the file shipped beside the installers reads like a printed manual.

The Markdown of the chapters is walked as markdown-it's syntax tree: headings, paragraphs,
lists, tables, code blocks, notes (``>``) and images are the only blocks the manual uses,
and an unknown block is an error (a test builds the whole manual), never silently dropped.
"""

from __future__ import annotations

import html
import io
import os
import threading
from importlib import resources
from pathlib import Path
from typing import Any

from markdown_it.tree import SyntaxTreeNode
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    Image,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    PageTemplate,
    Paragraph,
    Preformatted,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from swissdesk import __version__
from swissdesk.manual import MANUAL_TITLE, Chapter, chapters, image_bytes, parse, png_size

SANS = "ManualSans"
SANS_BOLD = "ManualSans-Bold"
MONO = "Courier"
_registered = False
_lock = threading.Lock()


def _register_fonts() -> None:
    """DejaVu Sans (shipped in ``swissdesk/resources/fonts``) for the text: the core fonts
    lack the arrows, dashes and letters the manual writes."""
    global _registered
    with _lock:
        if _registered:
            return
        folder = resources.files("swissdesk") / "resources" / "fonts"
        for name, file in ((SANS, "DejaVuSans.ttf"), (SANS_BOLD, "DejaVuSans-Bold.ttf")):
            with resources.as_file(folder / file) as path:
                pdfmetrics.registerFont(TTFont(name, str(path)))
        pdfmetrics.registerFontFamily(
            SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD
        )
        _registered = True


def _styles() -> dict[str, ParagraphStyle]:
    body = ParagraphStyle("body", fontName=SANS, fontSize=9.5, leading=13.5, spaceAfter=5)
    return {
        "body": body,
        "h1": ParagraphStyle(
            "h1", parent=body, fontName=SANS_BOLD, fontSize=20, leading=25, spaceAfter=12
        ),
        "h2": ParagraphStyle(
            "h2",
            parent=body,
            fontName=SANS_BOLD,
            fontSize=13.5,
            leading=17,
            spaceBefore=10,
            spaceAfter=6,
        ),
        "h3": ParagraphStyle(
            "h3",
            parent=body,
            fontName=SANS_BOLD,
            fontSize=11,
            leading=14,
            spaceBefore=8,
            spaceAfter=4,
        ),
        "cell": ParagraphStyle("cell", parent=body, fontSize=8.5, leading=11, spaceAfter=0),
        "cellhead": ParagraphStyle(
            "cellhead", parent=body, fontName=SANS_BOLD, fontSize=8.5, leading=11, spaceAfter=0
        ),
        "code": ParagraphStyle(
            "code",
            fontName=MONO,
            fontSize=8,
            leading=10,
            backColor=colors.HexColor("#f1f1f1"),
            borderPadding=4,
            spaceBefore=4,
            spaceAfter=8,
        ),
        "note": ParagraphStyle(
            "note",
            parent=body,
            leftIndent=10,
            borderColor=colors.HexColor("#c9a227"),
            borderWidth=0,
            backColor=colors.HexColor("#fbf7e8"),
            borderPadding=5,
        ),
        "caption": ParagraphStyle(
            "caption",
            parent=body,
            fontSize=8.5,
            textColor=colors.HexColor("#444444"),
            alignment=TA_CENTER,
            spaceAfter=10,
        ),
        "title": ParagraphStyle(
            "title",
            parent=body,
            fontName=SANS_BOLD,
            fontSize=30,
            leading=36,
            alignment=TA_CENTER,
            spaceAfter=20,
        ),
        "subtitle": ParagraphStyle(
            "subtitle", parent=body, fontSize=13, leading=18, alignment=TA_CENTER
        ),
    }


def _mono_font(text: str) -> str:
    """Courier where it has every character (Windows-1252), else the text font."""
    try:
        text.encode("cp1252")
    except UnicodeEncodeError:
        return SANS
    return MONO


class _Inline:
    """Markdown inline content as reportlab's paragraph markup."""

    def __init__(self, anchors: set[str]) -> None:
        self.anchors = anchors

    def markup(self, node: SyntaxTreeNode) -> str:
        return "".join(self._node(child) for child in node.children)

    def _node(self, node: SyntaxTreeNode) -> str:
        kind = node.type
        if kind == "text":
            return html.escape(node.content, quote=False)
        if kind == "softbreak":
            return " "
        if kind == "hardbreak":
            return "<br/>"
        if kind == "code_inline":
            font = _mono_font(node.content)
            return f'<font face="{font}">{html.escape(node.content, quote=False)}</font>'
        if kind == "strong":
            return f"<b>{self.markup(node)}</b>"
        if kind == "em":
            return f"<i>{self.markup(node)}</i>"
        if kind == "link":
            href = str(node.attrs.get("href", ""))
            inner = self.markup(node)
            if href.startswith("#") and href[1:] in self.anchors:
                return f'<a href="{href}" color="#1a4d8f">{inner}</a>'
            if href.startswith(("http://", "https://", "mailto:")):
                return f'<a href="{html.escape(href)}" color="#1a4d8f">{inner}</a>'
            return inner
        if kind == "image":
            return ""  # images are blocks of their own (see _Builder.paragraph)
        raise ValueError(f"the manual's PDF cannot show inline Markdown {kind!r}")


class _Doc(BaseDocTemplate):  # type: ignore[misc]
    """Pages with a footer; headings become outline entries and contents lines."""

    def __init__(self, target: Any, **kwargs: Any) -> None:
        super().__init__(target, **kwargs)
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._footer)])

    def _footer(self, canvas: Any, doc: Any) -> None:
        if doc.page == 1:
            return
        canvas.saveState()
        canvas.setFont(SANS, 8)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(self.leftMargin, 12 * mm, f"{MANUAL_TITLE}, swissdesk {__version__}")
        canvas.drawRightString(self.leftMargin + self.width, 12 * mm, str(doc.page))
        canvas.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:
        level = getattr(flowable, "outline_level", None)
        if level is None:
            return
        assert isinstance(flowable, Paragraph)
        anchor = flowable.anchor
        text = flowable.getPlainText()
        self.canv.bookmarkPage(anchor)
        self.canv.addOutlineEntry(text, anchor, level=level, closed=level > 0)
        if level <= 1:
            self.notify("TOCEntry", (level, text, self.page, anchor))


class _Builder:
    """The flowables of the chapters."""

    def __init__(self, width: float) -> None:
        self.width = width
        self.styles = _styles()
        self.anchors = {h.anchor for c in chapters() for h in c.headings}
        self.inline = _Inline(self.anchors)

    def chapter(self, chapter: Chapter) -> list[Flowable]:
        tree = SyntaxTreeNode(parse(chapter.text))
        out: list[Flowable] = [PageBreak()]
        for node in tree.children:
            out += self.block(node, chapter)
        return out

    def block(self, node: SyntaxTreeNode, chapter: Chapter, indent: int = 0) -> list[Flowable]:
        kind = node.type
        if kind == "heading":
            return [self.heading(node, chapter)]
        if kind == "paragraph":
            return self.paragraph(node)
        if kind in ("bullet_list", "ordered_list"):
            return [self.listing(node, chapter)]
        if kind in ("fence", "code_block"):
            text = node.content.rstrip("\n")
            style = ParagraphStyle("code-x", parent=self.styles["code"], fontName=_mono_font(text))
            return [Preformatted(text, style, maxLineLength=96, newLineChars="  ")]
        if kind == "table":
            return [self.table(node), Spacer(1, 6)]
        if kind == "blockquote":
            inner = "<br/><br/>".join(
                self.inline.markup(p.children[0]) for p in node.children if p.type == "paragraph"
            )
            return [Paragraph(inner, self.styles["note"]), Spacer(1, 4)]
        if kind == "hr":
            return [Spacer(1, 8)]
        raise ValueError(f"the manual's PDF cannot show Markdown block {kind!r}")

    def heading(self, node: SyntaxTreeNode, chapter: Chapter) -> Paragraph:
        level = int(node.tag[1:])
        anchor = str(node.attrs.get("id"))
        text = self.inline.markup(node.children[0])
        if level == 1:
            text = f"{chapter.number}. {text}"
        style = self.styles[f"h{min(level, 3)}"]
        para = Paragraph(f'<a name="{anchor}"/>{text}', style)
        para.outline_level = level - 1
        para.anchor = anchor
        return para

    def paragraph(self, node: SyntaxTreeNode) -> list[Flowable]:
        inline = node.children[0]
        pictures = [c for c in inline.children if c.type == "image"]
        out: list[Flowable] = []
        text = self.inline.markup(inline).strip()
        if text:
            out.append(Paragraph(text, self.styles["body"]))
        for picture in pictures:
            out.append(KeepTogether(self.image(str(picture.attrs.get("src")), picture.content)))
        return out

    def image(self, src: str, caption: str, width: float | None = None) -> list[Flowable]:
        """A screenshot no wider than the text (or ``width``), at most 0.75 pt a pixel (its
        size on the screen), with its caption below."""
        data = image_bytes(src)
        pixels_wide, height = png_size(data)
        room = self.width if width is None else width
        scale = min(1.0, room / pixels_wide, (180 * mm) / height)
        # Screenshots are taken at screen resolution: 0.75 pt a pixel is their natural size.
        scale = min(scale, 0.75)
        picture = Image(io.BytesIO(data), width=pixels_wide * scale, height=height * scale)
        parts: list[Flowable] = [picture]
        if caption:
            parts.append(Paragraph(html.escape(caption), self.styles["caption"]))
        return parts

    def listing(self, node: SyntaxTreeNode, chapter: Chapter) -> ListFlowable:
        items = []
        for item in node.children:
            flowables: list[Flowable] = []
            for child in item.children:
                flowables += self.block(child, chapter)
            items.append(ListItem(flowables))
        ordered = node.type == "ordered_list"
        return ListFlowable(
            items,
            bulletType="1" if ordered else "bullet",
            start="1" if ordered else "•",
            bulletFontName=SANS,
            bulletFontSize=9,
            leftIndent=14,
        )

    def table(self, node: SyntaxTreeNode) -> Table:
        cells: list[list[SyntaxTreeNode | None]] = []
        heads: list[bool] = []
        for section in node.children:  # thead, tbody
            for tr in section.children:
                cells.append([td.children[0] if td.children else None for td in tr.children])
                heads.append(section.type == "thead")
        columns = max(len(r) for r in cells)
        pictures = any(
            c.type == "image" for row in cells for cell in row if cell for c in cell.children
        )
        if pictures:  # screenshots side by side: equal columns
            widths = [self.width / columns] * columns
        else:
            lengths = [
                max(len(_plain(row[c])) if c < len(row) else 0 for row in cells)
                for c in range(columns)
            ]
            weights = [min(max(n, 4), 60) for n in lengths]
            widths = [self.width * w / sum(weights) for w in weights]
        rows: list[list[Flowable | list[Flowable]]] = []
        for row, head in zip(cells, heads, strict=True):
            style = self.styles["cellhead" if head else "cell"]
            out: list[Flowable | list[Flowable]] = []
            for c, cell in enumerate(row):
                if cell is None:
                    out.append(Paragraph("", style))
                    continue
                inner: list[Flowable] = []
                text = self.inline.markup(cell).strip()
                if text:
                    inner.append(Paragraph(text, style))
                for picture in (x for x in cell.children if x.type == "image"):
                    src = str(picture.attrs.get("src"))
                    inner += self.image(src, picture.content, width=widths[c] - 8)
                out.append(inner if len(inner) != 1 else inner[0])
            rows.append(out)
        table = Table(rows, colWidths=widths, repeatRows=1 if heads[0] else 0, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")),
                    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("TOPPADDING", (0, 0), (-1, -1), 2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ]
            )
        )
        return table


def _plain(node: SyntaxTreeNode | None) -> str:
    """The text of an inline node (for the width of a table column)."""
    if node is None:
        return ""
    if node.type in ("text", "code_inline"):
        return node.content
    return "".join(_plain(child) for child in node.children)


def _story(width: float) -> list[Flowable]:
    builder = _Builder(width)
    styles = builder.styles
    contents = TableOfContents()
    contents.levelStyles = [
        ParagraphStyle("toc0", fontName=SANS_BOLD, fontSize=10, leading=14, leftIndent=0),
        ParagraphStyle("toc1", fontName=SANS, fontSize=8.5, leading=11, leftIndent=14),
    ]
    story: list[Flowable] = [
        Spacer(1, 60 * mm),
        Paragraph("swissdesk", styles["title"]),
        Paragraph("User manual", styles["subtitle"]),
        Spacer(1, 8 * mm),
        Paragraph(f"Version {__version__}", styles["subtitle"]),
        Spacer(1, 50 * mm),
        Paragraph(
            "A Swiss-system and round-robin tournament manager for chess arbiters: "
            "players, pairings by the FIDE systems, results, tie-breaks, prizes, rating "
            "changes and norms, printed lists, TRF files and the venue's web pages.",
            styles["subtitle"],
        ),
        PageBreak(),
        Paragraph("Contents", styles["h1"]),
        contents,
    ]
    for chapter in chapters():
        story += builder.chapter(chapter)
    return story


def build_pdf() -> bytes:
    """The manual as PDF data (two passes: the contents need the page numbers)."""
    _register_fonts()
    buffer = io.BytesIO()
    doc = _Doc(
        buffer,
        pagesize=A4,
        leftMargin=20 * mm,
        rightMargin=20 * mm,
        topMargin=18 * mm,
        bottomMargin=20 * mm,
        title=f"{MANUAL_TITLE} {__version__}",
        author="swissdesk",
        subject="User manual",
    )
    doc.multiBuild(_story(doc.width))
    return buffer.getvalue()


def write_pdf(path: str | os.PathLike[str]) -> Path:
    """Write the manual's PDF to ``path`` (through a temporary file, so a reader never sees
    half a manual); returns the path."""
    target = Path(path)
    data = build_pdf()
    partial = target.with_name(target.name + ".part")
    partial.write_bytes(data)
    os.replace(partial, target)
    return target
