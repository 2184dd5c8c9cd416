"""The user manual (FIDE's checklist C.02 Q11-15): every command of the command line is in
it, its command chapter is the one the parsers generate, every link and screenshot leads
somewhere, and it ships as package data."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from swissdesk.cli import build_parser
from swissdesk.cli.reference import (
    CHAPTER_FILE,
    command_anchor,
    commands,
    reference_markdown,
)
from swissdesk.manual import chapter, chapters, image_names, images, links, parse, png_size

ROOT = Path(__file__).resolve().parents[2]
MANUAL = ROOT / "swissdesk" / "manual"


def all_anchors() -> list[str]:
    return [h.anchor for c in chapters() for h in c.headings]


def test_every_command_and_sub_command_has_its_section_in_the_manual() -> None:
    """Q11/Q14: a command missing from the manual fails here (regenerate the chapter with
    ``python -m swissdesk.cli.reference``)."""
    anchors = set(all_anchors())
    text = chapter("cli-reference").text
    found = list(commands(build_parser()))
    assert len(found) > 50  # the command groups, their sub-commands
    missing = [
        " ".join(words)
        for words, _parser, _help in found
        if command_anchor(words) not in anchors or f"swissdesk {' '.join(words)} {{#" not in text
    ]
    assert not missing, f"commands missing from the manual: {missing}"


def test_every_option_of_every_command_is_in_the_manual() -> None:
    text = chapter("cli-reference").text
    missing = []
    for words, parser, _help in commands(build_parser()):
        section = text.split(f"{{#{command_anchor(words)}}}", 1)[1].split("\n## ", 1)[0]
        for action in parser._actions:
            for option in action.option_strings:
                if (
                    option not in ("-h", "--help")
                    and f"`{option}" not in section
                    and (f", {option}" not in section)
                ):
                    missing.append(f"{' '.join(words)} {option}")
    assert not missing, missing


def test_the_command_chapter_is_what_the_parsers_generate() -> None:
    """The chapter is package data (the window reads it below the command line's layer);
    it must never drift from the parsers."""
    shipped = (MANUAL / "chapters" / CHAPTER_FILE).read_text(encoding="utf-8")
    assert shipped == reference_markdown(), (
        "swissdesk/manual/chapters/17-cli-reference.md is out of date: run "
        "python -m swissdesk.cli.reference"
    )


def test_a_new_command_changes_the_generated_chapter() -> None:
    """The drift test can fail: a parser with one more command gives another chapter."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    sub.add_parser("brand-new", help="a command nobody documented")  # type: ignore[attr-defined]
    text = reference_markdown(parser)
    assert "## swissdesk brand-new {#cli-brand-new}" in text
    assert text != reference_markdown()


def test_headings_have_unique_anchors_and_every_link_leads_to_one() -> None:
    anchors = all_anchors()
    duplicates = sorted({a for a in anchors if anchors.count(a) > 1})
    assert not duplicates, duplicates
    broken = [
        f"{c.name}: {href}"
        for c in chapters()
        for href in links(parse(c.text))
        if not href.startswith(("http://", "https://"))
        and (not href.startswith("#") or href[1:] not in anchors)
    ]
    assert not broken, broken


def test_every_screenshot_shown_is_shipped_and_every_shipped_one_is_shown() -> None:
    shown = {src.removeprefix("images/") for c in chapters() for src in images(parse(c.text))}
    shipped = set(image_names())
    assert shown <= shipped, sorted(shown - shipped)
    assert shipped <= shown, f"images no chapter shows: {sorted(shipped - shown)}"
    for name in shipped:
        width, height = png_size((MANUAL / "images" / name).read_bytes())
        assert 100 <= width <= 2400 and 60 <= height <= 2400, name
    assert len(shown) >= 25


@pytest.mark.parametrize(
    "topic",
    [
        "installing-and-starting", "new-tournament", "sections", "adding-players",
        "rating-list", "late-entries", "withdrawals", "byes", "pairing-systems",
        "pair-next-round", "pairing-by-hand", "fide-mode", "warning-levels", "results",
        "correcting-results", "adjourned-games", "standings-and-tie-breaks", "tie-breaks",
        "prizes", "rating-changes", "norms", "printing", "documents", "import-trf",
        "export-trf", "checking-a-tournament", "generating-a-tournament", "the-venue",
        "round-robin", "team-events", "command-line", "command-reference",
    ],
)  # fmt: skip
def test_the_manual_covers_what_the_issue_lists(topic: str) -> None:
    """Issue 30: installing and starting, the event, players, every system, pairing, FIDE
    mode, results, standings, prizes, ratings and norms, printing, TRF, the venue, round
    robin and every command."""
    assert topic in all_anchors()


def test_every_pairing_system_has_its_rules_reference() -> None:
    from swissdesk.engines import system_names

    text = chapter("systems").text
    for name in system_names():
        assert f"`{name}`" in text, name


def test_every_printed_document_is_described() -> None:
    from swissdesk.reports import KIND_TITLES

    text = chapter("printing").text
    for kind, title in KIND_TITLES.items():
        assert f"`{kind}`" in text and title.split(" (")[0] in text, kind


def test_the_chapters_are_package_data() -> None:
    """Installed from a wheel (and in the PyInstaller bundle, which collects the package's
    data), the window finds its manual."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]["swissdesk.manual"]
    assert "chapters/*.md" in data and "images/*.png" in data
    assert re.fullmatch(r"\d\d-[a-z0-9-]+\.md", CHAPTER_FILE)
    assert [c.number for c in chapters()] == sorted(c.number for c in chapters())
    assert len(chapters()) >= 15
