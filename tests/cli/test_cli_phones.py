"""The players' phones on the command line (issue 35): ``swissdesk codes``, ``swissdesk
phones``, ``swissdesk reports`` and the two papers (``report --kind checkin|codes``), each
PDF read back."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import club_event
from pypdf import PdfReader

from swissdesk.cli import main
from swissdesk.storage import (
    BoardResult,
    ReportResult,
    TournamentFile,
)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = club_event(tmp_path / "club.swissdesk", "ABCDEFGH")
    return path


def text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(pdf)).pages)


def test_codes_are_given_listed_renewed_and_revoked(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["codes", str(event)]) == 0
    assert "personal codes for 8 players" in capsys.readouterr().out
    assert main(["codes", str(event), "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 8 and "Player A" in lines[0]
    old = lines[0].split()[1]
    assert main(["codes", str(event), "--renew", "1"]) == 0
    assert "new personal code: no. 1 Player A" in capsys.readouterr().out
    with TournamentFile.open(event) as tf:
        assert tf.player_codes()[1] != old
    assert main(["codes", str(event), "--revoke", "1", "2"]) == 0
    with TournamentFile.open(event) as tf:
        assert sorted(tf.player_codes()) == [3, 4, 5, 6, 7, 8]
    assert main(["codes", str(event), "--renew", "1", "--revoke", "2"]) == 2
    assert "separate actions" in capsys.readouterr().err


def test_phones_opens_and_closes_check_in_and_reporting(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["phones", str(event)]) == 0
    assert "check-in from the phones: closed" in capsys.readouterr().out
    assert main(["phones", str(event), "--checkin", "next"]) == 0
    assert "check-in from the phones: open for round 1" in capsys.readouterr().out
    assert main(["phones", str(event), "--reports", "current"]) == 2
    assert "no round is paired yet" in capsys.readouterr().err
    assert main(["next-round", str(event)]) == 0
    capsys.readouterr()
    assert main(["phones", str(event), "--reports", "current", "--acceptance", "auto"]) == 0
    out = capsys.readouterr().out
    assert "check-in from the phones: closed" in out  # the round paired closed it
    assert "open for round 1 (agreed results entered at once)" in out
    assert main(["phones", str(event), "--reports", "close"]) == 0
    assert "result reporting from the phones: closed" in capsys.readouterr().out


def test_reports_lists_and_accepts(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["codes", str(event)]) == 0
    assert main(["next-round", str(event)]) == 0
    assert main(["phones", str(event), "--reports", "current"]) == 0
    with TournamentFile.open(event) as tf:
        codes = tf.player_codes()
        board = tf.round_view(1).boards[0]
        tf.execute(ReportResult(codes[board.white_tpn], 1, BoardResult.DRAW))
    capsys.readouterr()
    assert main(["reports", str(event)]) == 0
    assert f"1/2 reported by {board.white_tpn}" in capsys.readouterr().out
    assert main(["reports", str(event), "--accept"]) == 2
    assert "none confirmed" in capsys.readouterr().err
    assert main(["reports", str(event), "--accept", "1"]) == 0
    out = capsys.readouterr().out
    assert "accepted, board 1" in out and "[entered 1/2]" in out


def test_the_check_in_list_and_the_code_slips(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["codes", str(event)]) == 0
    assert main(["checkin", str(event), "2", "5"]) == 0
    listing = tmp_path / "checkin.pdf"
    assert main(["report", str(event), "--kind", "checkin", "-o", str(listing)]) == 0
    text = text_of(listing)
    for words in ("Check-in list", "Fee due", "Paid", "Signature", "Player H",
                  "8 players; 2 checked in, 6 not yet"):  # fmt: skip
        assert words in text
    with TournamentFile.open(event) as tf:
        codes = tf.player_codes()
    assert not any(code in text for code in codes.values())  # a public list: no codes
    slips = tmp_path / "codes.pdf"
    url = "http://192.168.1.20:8080/"
    assert main(["report", str(event), "--kind", "codes", "--venue-url", url, "-o", str(slips)]) == 0
    text = text_of(slips)
    for tpn, code in codes.items():
        assert f"{code[:3]} {code[3:]}" in text, tpn
    assert f"{url}checkin" in text and f"{url}report" in text
