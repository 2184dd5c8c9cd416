"""The prize-giving PDF (issue 36), read back with pypdf: the prizes, their winners in
their own scripts, the amounts after sharing, the ties explained, the category standings."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from swissdesk.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "swissdesk" / "resources" / "sample" / "riverside-open-2026.swissdesk"
PLAN = ROOT / "docs" / "samples" / "riverside-prizes.toml"


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("prizes")
    out = folder / "prizes.pdf"
    # A copy: opening the shipped sample itself would upgrade it in place inside the package
    # whenever the schema is newer than the sample (it was, and a .before-upgrade copy was
    # left in swissdesk/resources/sample).
    sample = Path(shutil.copyfile(SAMPLE, folder / SAMPLE.name))
    assert main(["prizes", str(sample), "--plan", str(PLAN), "--pdf", str(out)]) == 0
    return [page.extract_text() for page in PdfReader(out).pages]


def test_prize_list_names_winners_in_their_scripts(pages: list[str]) -> None:
    first = pages[0]
    assert "Prize list" in first and "after round 5" in first
    assert "Παπαδόπουλος, Νίκος" in first and "1,500 CHF" in first and "Trophy" in first
    assert "Иванов, Дмитрий" in first and "Nguyễn, Văn An" in first


def test_prize_list_explains_each_tie_and_the_totals(pages: list[str]) -> None:
    text = " ".join(" ".join(p.split()) for p in pages)
    assert "Tied on 4 points for places 2-4: the money of places 2-4 (2,100 CHF) shared by the Hort system" in text
    assert "Schneider, Jonas (5) 850 CHF" in text
    assert "Fund 5,000 CHF; paid 5,000 CHF" in text
    assert "takes U2000 1st rather than a prize of U18" in text


def test_prize_list_prints_the_category_standings(pages: list[str]) -> None:
    text = " ".join(pages[2:])
    assert "U18: U18 (born 2008 or later)" in text
    assert "50+: 50+ (born 1976 or earlier)" in text
