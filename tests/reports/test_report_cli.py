"""``swissdesk report``: a TRF in, a PDF out; arbiter mistakes give a message and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from report_test_support import (
    all_text,
    corpus_file,
    find_row,
    multilingual_tournament,
    pdf_pages,
    row_texts,
)

from swissdesk.cli import main

TRF = "dutch-full/dutch-0001-n010-r07-clean.trf"


@pytest.mark.parametrize(
    "kind", ["boards", "alphabetical", "cards", "standings", "crosstable", "slips"]
)
def test_report_from_a_trf(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"{kind}.pdf"
    code = main(["report", str(corpus_file(TRF)), "--kind", kind, "-o", str(out)])
    assert code == 0
    assert str(out) in capsys.readouterr().out
    text = all_text(out)
    assert "AutoTest Tournament 1001" in text
    assert "Test0001 Player0001" in text


def test_round_and_paper_options(tmp_path: Path) -> None:
    out = tmp_path / "r3.pdf"
    code = main(
        [
            "report",
            str(corpus_file(TRF)),
            "--kind",
            "boards",
            "--round",
            "3",
            "--paper",
            "letter",
            "-o",
            str(out),
        ]
    )
    assert code == 0
    assert "Round 3" in all_text(out)
    box = PdfReader(str(out)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_tiebreaks_option(tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    code = main(
        [
            "report",
            str(corpus_file(TRF)),
            "--kind",
            "standings",
            "--tiebreaks",
            "SB,WIN",
            "-o",
            str(out),
        ]
    )
    assert code == 0
    header = [row_texts(r) for r in pdf_pages(out)[0]][2]
    assert header[-3:] == ["Pts", "SB", "WIN"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--kind", "boards", "--round", "8"], "round 8 has not been paired"),
        (["--kind", "standings", "--tiebreaks", "XX"], "unknown tie-break"),
    ],
)
def test_mistakes_exit_2_with_a_message(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.pdf"
    code = main(["report", str(corpus_file(TRF)), *args, "-o", str(out)])
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not out.exists()


def test_missing_input_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["report", str(tmp_path / "none.trf"), "--kind", "boards", "-o", str(tmp_path / "x.pdf")]
    )
    assert code == 2
    assert "no such file" in capsys.readouterr().err


def test_report_from_a_tournament_file_with_a_round_in_progress(tmp_path: Path) -> None:
    """A .swissdesk file prints the current round (results still missing) in the file's own
    board order, while standings rank after the last complete round."""
    from swissdesk.storage import TournamentFile

    path = tmp_path / "open.swissdesk"
    with TournamentFile.from_tournament(path, multilingual_tournament()):
        pass
    boards = tmp_path / "boards.pdf"
    assert main(["report", str(path), "--kind", "boards", "-o", str(boards)]) == 0
    page = pdf_pages(boards)[0]
    assert find_row(page, "1")[:4] == ["1", "1", "GM", "Łukasz Ćwik"]
    assert find_row(page, "3")[:3] == ["3", "6", "Zoë Müller"]
    assert "Round 3" in all_text(boards)
    standings = tmp_path / "standings.pdf"
    assert main(["report", str(path), "--kind", "standings", "-o", str(standings)]) == 0
    assert "after round 2" in all_text(standings)


def test_not_a_tournament_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake = tmp_path / "notes.swissdesk"
    fake.write_text("not a database", encoding="utf-8")
    code = main(["report", str(fake), "--kind", "boards", "-o", str(tmp_path / "x.pdf")])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("swissdesk: ") and "Traceback" not in err
