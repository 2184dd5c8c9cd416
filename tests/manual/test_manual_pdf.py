"""The manual as a PDF (shipped beside the installers, C.02 Q13) and as HTML, read back."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from swissdesk.cli import main
from swissdesk.manual import chapters, image_names


@pytest.fixture(scope="module")
def manual_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("manual") / "swissdesk-manual.pdf"
    assert main(["manual", "--pdf", str(out)]) == 0
    return out


def outline_titles(reader: PdfReader) -> list[str]:
    titles: list[str] = []

    def walk(items: list[object]) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.append(str(item.title))  # type: ignore[attr-defined]

    walk(reader.outline)
    return titles


def test_the_pdf_has_every_chapter_in_its_outline_and_its_text(manual_pdf: Path) -> None:
    reader = PdfReader(manual_pdf)
    titles = outline_titles(reader)
    text = "\n".join(page.extract_text() for page in reader.pages)
    for c in chapters():
        assert f"{c.number}. {c.title}" in titles
        assert c.title in text
    assert "Contents" in reader.pages[1].extract_text()
    assert len(reader.pages) > 60


def test_the_pdf_shows_the_screenshots(manual_pdf: Path) -> None:
    reader = PdfReader(manual_pdf)
    pictures = sum(len(page.images) for page in reader.pages)
    assert pictures >= len(image_names())


def test_the_pdf_never_replaces_a_tournament_file(tmp_path: Path) -> None:
    target = tmp_path / "event.swissdesk"
    target.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)
    assert main(["manual", "--pdf", str(target)]) == 2
    assert target.read_bytes().startswith(b"SQLite format 3")


def test_the_html_manual_is_one_page_with_its_images(tmp_path: Path) -> None:
    assert main(["manual", "--html", str(tmp_path / "site")]) == 0
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    for c in chapters():
        assert f'id="{c.anchor}"' in page
    for name in image_names():
        assert f'src="images/{name}"' in page
        assert (tmp_path / "site" / "images" / name).is_file()
    assert "http://" not in page.split("<body>")[0] and "<script" not in page


def test_without_an_option_the_command_lists_the_chapters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["manual"]) == 0
    out = capsys.readouterr().out
    for c in chapters():
        assert f"{c.number:>2}. {c.title}" in out
