"""A phone's report in the player's language (issue 38): the report's state words inside the
page's sentences ("1-0 reported by 5") and the thank-you that says what the report did are
in the page's language. The thank-you is read from what the report did as the audit log
records it, not from the summary worded for the page (a German summary has no English verb
to find: the second player's confirmation once thanked them as if they had reported first)."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swissdesk.i18n import set_process_language, using_language
from swissdesk.storage import IssueCodes, OpenReporting, TournamentFile
from swissdesk.venue.app import Hub, create_app
from swissdesk.venue.render import Renderer
from swissdesk.venue.source import Venue

TOKEN = re.compile(r'name="token" value="([^"]+)"')
GERMAN = {"accept-language": "de-DE,de;q=0.9"}


@pytest.fixture
def reporting(tmp_path: Path, events: dict[str, Path]) -> Path:
    """The open with round 3 paired, codes issued, reporting open for round 3."""
    path = tmp_path / "open.swissdesk"
    shutil.copy(events["open"], path)
    with TournamentFile.open(path) as tf:
        tf.execute(IssueCodes())
        tf.execute(OpenReporting(3))
    return path


def open_board(path: Path) -> tuple[int, int, int, dict[int, str]]:
    with TournamentFile.open(path) as tf:
        b = next(b for b in tf.round_view(3).boards if not b.has_result)
        return b.board, b.white_tpn, b.black_tpn, tf.player_codes()


def send(client: TestClient, code: str, result: str = "") -> str:
    page = client.get("/report", headers=GERMAN)
    token = TOKEN.search(page.text)
    assert token is not None, page.text
    data = {"code": code, "token": token.group(1)}
    if result:
        data["result"] = result
    r = client.post("/report", data=data, headers=GERMAN)
    assert r.status_code == 200
    return html.unescape(r.text)


def test_a_german_phone_reports_and_confirms_in_german(reporting: Path) -> None:
    board, white, black, code = open_board(reporting)
    venue = Venue([reporting])
    with TestClient(create_app(Hub(venue, Renderer()))) as client:
        send(client, code[white])
        first = send(client, code[white], "1-0")
        assert "Danke: Ihr Gegner bestätigt es auf seinem Telefon." in first
        assert f"Gemeldet: 1-0 gemeldet von Nr. {white} (wartet auf den Gegner)." in first
        assert "reported by" not in first
        second = send(client, code[black], "1-0")
        assert "Danke: Beide Spieler stimmen überein. Der Schiedsrichter bestätigt es." in second
        assert "Gemeldet: 1-0 bestätigt." in second
        assert "confirmed" not in second
    venue.close()
    with TournamentFile.open(reporting) as tf:
        entries = [e for e in tf.audit_log() if e.action == "ReportResult"]
        # the record is English, whatever the phone's language; a reader gets their own
        with using_language("en"):
            english = [e.summary for e in tf.audit_log() if e.action == "ReportResult"]
        with using_language("ru"):
            russian = [e.summary for e in tf.audit_log() if e.action == "ReportResult"]
    assert len(entries) == 2
    assert english[0].startswith(f"round 3, board {board}: no. {white} ")
    assert english[0].endswith(" reported 1-0 from a phone")
    assert english[1].endswith(" confirmed 1-0 from a phone")
    assert russian[1].startswith(f"тур 3, доска {board}: № {black} ")
    assert russian[1].endswith(" подтвердил 1-0 с телефона")


def test_the_window_shows_the_report_state_in_the_arbiter_s_language(reporting: Path) -> None:
    board, white, _black, code = open_board(reporting)
    venue = Venue([reporting])
    with TestClient(create_app(Hub(venue, Renderer()))) as client:
        send(client, code[white])
        send(client, code[white], "1-0")
    venue.close()
    try:
        set_process_language("de")
        with TournamentFile.open(reporting) as tf:
            [report] = tf.reports(3, board)
            assert report.text == f"1-0 gemeldet von Nr. {white}"
        set_process_language("pl")
        with TournamentFile.open(reporting) as tf:
            [report] = tf.reports(3, board)
            assert report.text == f"1-0 zgłoszony przez nr {white}"
    finally:
        set_process_language("en")
    with TournamentFile.open(reporting) as tf:
        [report] = tf.reports(3, board)
        assert report.text == f"1-0 reported by {white}"
