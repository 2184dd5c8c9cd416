"""``swissdesk standings``: the table an arbiter prints, and its CSV form."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from swissdesk.cli import main

CORPUS = (Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus").resolve()
SAMPLE = CORPUS / "dutch-full" / "dutch-0009-n009-r06-heavy.trf"

pytestmark = pytest.mark.skipif(not SAMPLE.exists(), reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})")


@pytest.fixture(autouse=True)
def _needs_trf_reader() -> None:
    pytest.importorskip("swissdesk.trf", reason="the TRF reader is not there yet")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["standings", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_csv_has_named_columns_headed_by_the_codes_as_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, str(SAMPLE), "--tiebreaks", "BH/C1,bh,SB,DE", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["rank", "pairing_number", "name", "rating", "points",
                             "BH/C1", "bh", "SB", "DE"]  # fmt: skip
    assert len(rows) == 9
    # Reference values for this tournament (shared/corpus/tiebreaks): TPN 5 leads on 4.5.
    first = rows[0]
    assert (first["rank"], first["pairing_number"], first["points"]) == ("1", "5", "4.5")
    assert (first["BH/C1"], first["bh"], first["SB"]) == ("15.5", "18.5", "13.25")


def test_table_lists_every_player_with_rank_and_values(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, str(SAMPLE), "--tiebreaks", "BH")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Standings after round 6"
    assert lines[1].split() == ["Rank", "TPN", "Name", "Rating", "Pts", "BH"]
    assert len(lines) == 2 + 9
    assert lines[2].split()[:2] == ["1", "5"]


def test_round_option_ranks_an_earlier_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(SAMPLE), "--round", "1", "--csv", "--tiebreaks", "TPN")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert max(float(r["points"]) for r in rows) == 1.0


def test_default_tiebreaks_are_the_declared_or_recommended_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, str(SAMPLE), "--csv")
    assert code == 0
    header = out.splitlines()[0].split(",")
    assert header[5:] == ["BH/C1", "BH", "SB", "DE"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tiebreaks", "BH,XYZ"], "unknown tie-break 'XYZ'"),
        (["--round", "8"], "cannot rank after round 8"),
    ],
)
def test_mistakes_give_a_message_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, str(SAMPLE), *args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err
    assert out == ""


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, str(tmp_path / "none.trf"))
    assert code == 2
    assert "no such file" in err


def test_tournament_file_ranks_like_its_trf(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    storage = pytest.importorskip("swissdesk.storage", reason="tournament files not there yet")
    target = tmp_path / "open.swissdesk"
    with storage.TournamentFile.import_trf(SAMPLE, target):
        pass
    code, from_file, err = run(capsys, str(target), "--csv", "--tiebreaks", "BH/C1,BH,SB,DE")
    assert code == 0, err
    code, from_trf, _ = run(capsys, str(SAMPLE), "--csv", "--tiebreaks", "BH/C1,BH,SB,DE")

    def without_names(text: str) -> list[list[str]]:
        return [cells[:2] + cells[3:] for cells in csv.reader(io.StringIO(text))]

    # Names may be stored in another form; every number agrees.
    assert without_names(from_file) == without_names(from_trf)
