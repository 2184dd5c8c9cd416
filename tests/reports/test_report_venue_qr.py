"""The venue's address and its QR code in the header of the board list and the pairings by
name (issue 34: players at the wall scan it to open the live pages)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import segno
from pypdf import PdfReader
from report_test_support import all_text, find_row, multilingual_tournament, pdf_pages
from reportlab.lib.units import mm

from swissdesk.cli import main
from swissdesk.reports import render
from swissdesk.reports.layout import MARGIN_TOP, MARGIN_X, QR_SIZE

URL = "http://192.0.2.10:8080/"


def _squares(path: Path) -> int:
    """How many filled rectangles the first page draws (a QR code is hundreds)."""
    content = PdfReader(str(path)).pages[0].get_contents()
    assert content is not None
    return content.get_data().count(b" re")


@pytest.mark.parametrize("kind", ["boards", "alphabetical"])
def test_pairing_lists_carry_the_venue_address_and_its_qr_code(kind: str, tmp_path: Path) -> None:
    t = multilingual_tournament()
    plain = render(kind, t, tmp_path / "plain.pdf", round_number=3)
    with_qr = render(kind, t, tmp_path / "qr.pdf", round_number=3, venue_url=URL)
    assert f"Live: {URL}" in all_text(with_qr)
    assert "Live:" not in all_text(plain)
    modules = sum(sum(row) for row in segno.make(URL, error="m", micro=False).matrix)
    assert _squares(with_qr) - _squares(plain) == modules  # every dark module, once
    first = "1" if kind == "boards" else next(iter(find_row(pdf_pages(plain)[0], "Name")), "")
    assert find_row(pdf_pages(with_qr)[0], first) == find_row(pdf_pages(plain)[0], first)


def test_the_printed_qr_code_reads_back_as_the_address(tmp_path: Path) -> None:
    """Drawn at 300 dpi, the header's square is the code of the address, module for module."""
    from PIL import Image  # reportlab's own dependency

    pdf = render("boards", multilingual_tournament(), tmp_path / "b.pdf", round_number=3,
                 venue_url=URL)  # fmt: skip
    subprocess.run(["pdftoppm", "-png", "-r", "300", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "page")], check=True)  # fmt: skip
    image = Image.open(next(tmp_path.glob("page*.png"))).convert("L")
    matrix = segno.make(URL, error="m", micro=False).matrix
    n = len(matrix)
    # The code sits at the header's right (layout.QR_SIZE square at the right margin).
    px = 300 / 25.4  # pixels a millimetre
    x0 = int(image.width - (MARGIN_X / mm + QR_SIZE / mm + 1) * px)
    x1 = int(image.width - (MARGIN_X / mm - 1) * px)
    above_rule = int((MARGIN_TOP + 36 - 0.6) * 300 / 72)  # the header's rule: 36 pt down
    dark = [(x, y) for y in range(above_rule) for x in range(x0, x1)
            if image.getpixel((x, y)) < 128]  # fmt: skip
    left = min(x for x, _ in dark)
    top = min(y for _, y in dark)
    right = max(x for x, _ in dark)
    size = right - left + 1
    module = size / n
    read = [
        [image.getpixel((int(left + (c + 0.5) * module), int(top + (r + 0.5) * module))) < 128
         for c in range(n)]
        for r in range(n)
    ]  # fmt: skip
    assert read == [[bool(v) for v in row] for row in matrix]


def test_report_venue_url_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from swissdesk.storage import TournamentFile
    from tests.venue.venue_support import open_event

    path = open_event(tmp_path)
    out = tmp_path / "boards.pdf"
    assert main(["report", str(path), "--kind", "boards", "--venue-url", URL, "-o", str(out)]) == 0
    assert f"Live: {URL}" in all_text(out)
    code = main(["report", str(path), "--kind", "standings", "--venue-url", URL,
                 "-o", str(tmp_path / "s.pdf")])  # fmt: skip
    assert code == 2 and "--venue-url is printed on the board list" in capsys.readouterr().err
    code = main(["report", str(path), "--kind", "boards", "--venue-url", "javascript:x",
                 "-o", str(tmp_path / "x.pdf")])  # fmt: skip
    assert code == 2 and "an address such as" in capsys.readouterr().err
    with TournamentFile.open(path) as tf:
        assert tf.rounds_paired() == 3
