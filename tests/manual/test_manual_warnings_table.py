"""The manual's table of what each action raises (chapter 7) is docs/warnings.md's, row for
row: the arbiter reads the same levels the developers document (issue 30)."""

from __future__ import annotations

from pathlib import Path

from swissdesk.manual import chapter

ROOT = Path(__file__).resolve().parents[2]


def table_rows(text: str, heading: str) -> list[str]:
    """The rows of the first Markdown table after ``heading`` (header and rule included)."""
    lines = text[text.index(heading) :].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return [line.strip() for line in lines[start:end]]


def test_chapter_7s_warning_table_is_docs_warnings_table() -> None:
    docs = table_rows(
        (ROOT / "docs" / "warnings.md").read_text(encoding="utf-8"), "## What each action raises"
    )
    manual = table_rows(chapter("pairing").text, "### What each action raises")
    missing = [row for row in docs if row not in manual]
    extra = [row for row in manual if row not in docs]
    assert manual == docs, (
        "copy docs/warnings.md's table 'What each action raises' into "
        "swissdesk/manual/chapters/07-pairing.md\n"
        f"missing from the manual: {missing}\nnot in docs/warnings.md: {extra}"
    )
    assert len(docs) > 20
