"""Entry fees on the command line (issue 35): ``swissdesk player-fee`` records the amount
due and paid (written in currency units, kept in cents), shows it, ``undo`` takes it back;
the check-in list prints the amounts with their totals (read back from the PDF)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import club_event
from pypdf import PdfReader

from swissdesk.cli import main
from swissdesk.storage import CheckIn, TournamentFile


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = club_event(tmp_path / "club.swissdesk")
    with TournamentFile.open(path) as tf:
        tf.execute(CheckIn((1, 2)))
    return path


def text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(pdf)).pages)


def test_player_fee_records_shows_and_undoes_in_cents(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["player-fee", str(event), "1"]) == 0
    assert "no entry fee recorded" in capsys.readouterr().out
    assert main(["player-fee", str(event), "1", "--due", "25", "--paid", "due"]) == 0
    assert capsys.readouterr().out.strip() == "entry fee of no. 1 Player A: due 25.00, paid 25.00"
    assert main(["player-fee", str(event), "2", "--due", "25,50", "--paid", "10"]) == 0  # a comma
    assert main(["player-fee", str(event), "2"]) == 0
    assert "due 25.50, paid 10.00, 15.50 to pay" in capsys.readouterr().out
    with TournamentFile.open(event) as tf:
        assert tf.entry_fees() == {1: (2500, 2500), 2: (2550, 1000)}
    for wrong in (["--due", "-5"], ["--paid", "12.345"], ["--due", "25,5O"]):
        assert main(["player-fee", str(event), "3", *wrong]) == 2
    assert main(["player-fee", str(event), "9", "--due", "5"]) == 2
    capsys.readouterr()
    assert main(["undo", str(event)]) == 0
    with TournamentFile.open(event) as tf:
        assert tf.entry_fees() == {1: (2500, 2500)}


def test_the_check_in_list_prints_the_amounts_and_their_totals(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = tmp_path / "checkin.pdf"
    assert main(["report", str(event), "--kind", "checkin", "-o", str(pdf)]) == 0
    text = text_of(pdf)
    assert "written in at the desk" in text and "Total" not in text  # nothing recorded
    assert main(["player-fee", str(event), "1", "--due", "25", "--paid", "25"]) == 0
    assert main(["player-fee", str(event), "2", "--due", "25", "--paid", "10"]) == 0
    assert main(["player-fee", str(event), "5", "--due", "1234.5"]) == 0
    assert main(["report", str(event), "--kind", "checkin", "-o", str(pdf)]) == 0
    text = text_of(pdf)
    lines = [" ".join(line.split()) for line in
             PdfReader(str(pdf)).pages[0].extract_text(extraction_mode="layout").splitlines()]  # fmt: skip
    assert next(line for line in lines if "Player A" in line).endswith("✓ 25.00 25.00")
    assert next(line for line in lines if "Player E" in line).endswith("1,234.50 0.00")
    assert next(line for line in lines if "Player C" in line).endswith("SUI")  # none recorded
    assert next(line for line in lines if line.startswith("Total")) == "Total 2 1,284.50 35.00"
    assert "1,284.50 due, 35.00 paid, 1,249.50 still to pay" in " ".join(text.split())
