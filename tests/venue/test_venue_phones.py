"""The players' phones through the venue (issue 35): check-in and result reports, every
refusal included (a closed door, a wrong code, a locked-out phone, a forged, replayed or
foreign form, someone else's board)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swissdesk.storage import (
    EnterResult,
    IssueCodes,
    OpenCheckIn,
    OpenReporting,
    TournamentFile,
)
from swissdesk.storage.results import BoardResult
from swissdesk.venue import phones
from swissdesk.venue.app import Hub, create_app
from swissdesk.venue.render import Renderer
from swissdesk.venue.source import Venue
from tests.venue.venue_support import OPEN_PLAYERS, open_event

TOKEN = re.compile(r'name="token" value="([^"]+)"')


@pytest.fixture
def event(tmp_path: Path, events: dict[str, Path]) -> Path:
    """A copy of the open: round 3 paired (one result in), codes issued."""
    path = tmp_path / "open.swissdesk"
    shutil.copy(events["open"], path)
    with TournamentFile.open(path) as tf:
        tf.execute(IssueCodes())
    return path


@pytest.fixture
def upcoming(tmp_path: Path) -> Path:
    """A nine-player open before round 1, codes issued, check-in open for round 1."""
    path = open_event(tmp_path, "Spring Open", rounds_played=0)
    with TournamentFile.open(path) as tf:
        tf.execute(IssueCodes())
        tf.execute(OpenCheckIn(1))
    return path


def serve(*paths: Path) -> Iterator[TestClient]:
    venue = Venue(list(paths))
    hub = Hub(venue, Renderer())
    with TestClient(create_app(hub)) as c:
        yield c
    venue.close()


@pytest.fixture
def phone(upcoming: Path) -> Iterator[TestClient]:
    yield from serve(upcoming)


def codes(path: Path) -> dict[int, str]:
    with TournamentFile.open(path) as tf:
        return tf.player_codes()


def form_token(client: TestClient, page: str = "/checkin") -> str:
    r = client.get(page)
    assert r.status_code == 200
    found = TOKEN.search(r.text)
    assert found is not None, r.text
    return found.group(1)


def post(client: TestClient, page: str, **fields: str) -> object:
    if "token" not in fields:
        fields["token"] = form_token(client, page)
    return client.post(page, data=fields)


def checked_in(path: Path) -> list[int]:
    with TournamentFile.open(path) as tf:
        return [p.tpn for p in tf.players() if p.checked_in]


def test_a_player_checks_in_with_their_code_and_the_audit_log_names_the_phone(
    phone: TestClient, upcoming: Path
) -> None:
    code = codes(upcoming)[4]
    r = phone.post("/checkin", data={"code": code.lower(), "token": form_token(phone)},
                   headers={"user-agent": "Mozilla/5.0 (Linux; Android 14) Firefox/130"})  # fmt: skip
    assert r.status_code == 200
    assert "You are checked in" in r.text
    assert OPEN_PLAYERS[3].name in r.text
    assert checked_in(upcoming) == [4]
    with TournamentFile.open(upcoming) as tf:
        entry = tf.audit_log()[-1]
    assert entry.action == "PhoneCheckIn"
    # Twice is fine: nothing is written again.
    r = post(phone, "/checkin", code=code)
    assert "checked in already" in r.text  # type: ignore[attr-defined]


def test_the_code_never_appears_on_the_public_pages(phone: TestClient, upcoming: Path) -> None:
    all_codes = set(codes(upcoming).values())
    for page in ("/s/spring-open/", "/s/spring-open/players", "/s/spring-open/player/1"):
        text = phone.get(page).text
        assert not any(c in text for c in all_codes), page


def test_no_write_endpoint_exists_while_check_in_is_closed(
    event: Path, upcoming: Path
) -> None:
    with TournamentFile.open(upcoming) as tf:
        tf.execute(OpenCheckIn(None))
    for client in serve(upcoming):
        assert "not open now" in client.get("/checkin").text
        assert 'name="token"' not in client.get("/checkin").text
        r = client.post("/checkin", data={"code": codes(upcoming)[1], "token": "x"})
        assert r.status_code == 404
    assert checked_in(upcoming) == []


def test_a_wrong_code_is_refused_and_a_guessing_phone_is_locked_out(
    phone: TestClient, upcoming: Path
) -> None:
    """A code guessed 1,000 times: after MAX_WRONG wrong codes the phone is locked out and
    even the right code is refused unread."""
    right = codes(upcoming)[2]
    statuses = []
    for i in range(1000):
        guess = f"{i:06d}".translate(str.maketrans("0123456789", "ACDEFGHJKM"))
        if guess == right:
            continue
        r = phone.post("/checkin", data={"code": guess, "token": form_token(phone)})
        statuses.append(r.status_code)
        if i == 0:
            assert "not known" in r.text
    assert statuses[: phones.MAX_WRONG - 1] == [403] * (phones.MAX_WRONG - 1)
    assert set(statuses[phones.MAX_WRONG - 1 :]) == {429}
    r = phone.post("/checkin", data={"code": right, "token": form_token(phone)})
    assert r.status_code == 429 and "Too many wrong codes" in r.text
    assert checked_in(upcoming) == []


def test_the_lock_out_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    gate = phones.LockOut(clock=lambda: now[0])
    for _ in range(phones.MAX_WRONG):
        gate.wrong("192.0.2.1")
    assert gate.locked("192.0.2.1") > 0
    assert gate.locked("192.0.2.2") == 0
    now[0] += phones.LOCK_S + 1
    assert gate.locked("192.0.2.1") == 0


def test_a_form_without_its_token_or_with_a_forged_one_writes_nothing(
    phone: TestClient, upcoming: Path
) -> None:
    code = codes(upcoming)[1]
    form_token(phone)  # the phone has its cookie
    assert phone.post("/checkin", data={"code": code}).status_code == 403
    forged = "1700000000.abc.0123456789abcdef0123456789abcdef"
    r = phone.post("/checkin", data={"code": code, "token": forged})
    assert r.status_code == 403 and "not from this server" in r.text
    assert checked_in(upcoming) == []


def test_a_replayed_form_is_refused(phone: TestClient, upcoming: Path) -> None:
    all_codes = codes(upcoming)
    token = form_token(phone)
    assert phone.post("/checkin", data={"code": all_codes[1], "token": token}).status_code == 200
    r = phone.post("/checkin", data={"code": all_codes[2], "token": token})
    assert r.status_code == 403 and "sent already" in r.text
    assert checked_in(upcoming) == [1]


def test_a_token_of_another_phone_is_refused(phone: TestClient, upcoming: Path) -> None:
    token = form_token(phone)
    for other in serve(upcoming):  # another server run, another cookie
        r = other.post("/checkin", data={"code": codes(upcoming)[1], "token": token})
        assert r.status_code == 403
    phone.cookies.clear()
    r = phone.post("/checkin", data={"code": codes(upcoming)[1], "token": token})
    assert r.status_code == 403
    assert checked_in(upcoming) == []


def test_a_form_sent_from_another_site_is_refused(phone: TestClient, upcoming: Path) -> None:
    token = form_token(phone)
    r = phone.post("/checkin", data={"code": codes(upcoming)[1], "token": token},
                   headers={"origin": "http://evil.example"})  # fmt: skip
    assert r.status_code == 403 and "another site" in r.text
    r = phone.post("/checkin", content=b'{"code": "x"}', headers={"content-type": "application/json"})
    assert r.status_code == 403
    r = phone.post("/checkin", content=b"code=" + b"A" * 5000,
                   headers={"content-type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert r.status_code == 403 and "too long" in r.text
    assert checked_in(upcoming) == []


def test_other_addresses_still_refuse_post(phone: TestClient) -> None:
    assert phone.post("/s/spring-open/", data={"a": "b"}).status_code == 405
    assert phone.put("/checkin", content=b"").status_code == 405


def test_the_cookie_is_strict_and_http_only(phone: TestClient) -> None:
    r = phone.get("/checkin")
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    assert r.headers["cache-control"] == "no-store"
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]


# ---------------------------------------------------------------------------------------
# Result reports


@pytest.fixture
def reporting(event: Path) -> Path:
    with TournamentFile.open(event) as tf:
        tf.execute(OpenReporting(3))
    return event


def board_of(path: Path, tpn: int) -> tuple[int, int, int, str]:
    with TournamentFile.open(path) as tf:
        for b in tf.round_view(3).boards:
            if tpn in (b.white_tpn, b.black_tpn):
                return b.board, b.white_tpn, b.black_tpn, b.result_text
    raise AssertionError(tpn)


def open_board(path: Path) -> tuple[int, int, int]:
    with TournamentFile.open(path) as tf:
        b = next(b for b in tf.round_view(3).boards if not b.has_result)
    return b.board, b.white_tpn, b.black_tpn


def test_two_players_report_and_confirm_and_the_arbiter_sees_it(reporting: Path) -> None:
    board, white, black = open_board(reporting)
    all_codes = codes(reporting)
    for client in serve(reporting):
        r = post(client, "/report", code=all_codes[white])
        assert f"Board {board}" in r.text  # type: ignore[attr-defined]
        token = TOKEN.search(r.text).group(1)  # type: ignore[attr-defined,union-attr]
        r = client.post("/report", data={"code": all_codes[white], "token": token, "result": "1-0"})
        assert "your opponent confirms" in r.text
        r = post(client, "/report", code=all_codes[black], result="1-0")
        assert "both players agree" in r.text  # type: ignore[attr-defined]
    with TournamentFile.open(reporting) as tf:
        [rep] = tf.reports(3)
        assert (rep.board, rep.state) == (board, "confirmed")
        assert tf.round_view(3).boards[board - 1].result is None  # the arbiter accepts


def test_a_code_acts_only_on_its_own_board(reporting: Path) -> None:
    """The form names no board: the code finds its own (a forged board field is ignored)."""
    board, white, _black = open_board(reporting)
    other = next(b for b in range(1, 5) if b != board)
    all_codes = codes(reporting)
    for client in serve(reporting):
        post(client, "/report", code=all_codes[white], result="0-1", board=str(other))
    with TournamentFile.open(reporting) as tf:
        assert [(r.board, r.reporter_tpn) for r in tf.reports(3)] == [(board, white)]


def test_a_report_never_overwrites_the_arbiters_result(reporting: Path) -> None:
    board, white, _black = open_board(reporting)
    with TournamentFile.open(reporting) as tf:
        tf.execute(EnterResult(3, board, BoardResult.DRAW))
    for client in serve(reporting):
        r = post(client, "/report", code=codes(reporting)[white], result="1-0")
        assert "The arbiter entered 1/2" in r.text  # type: ignore[attr-defined]
    assert board_of(reporting, white)[3] == "1/2"


def test_reporting_closed_has_no_write_endpoint(event: Path) -> None:
    _board, white, _ = open_board(event)
    for client in serve(event):
        r = client.post("/report", data={"code": codes(event)[white], "token": "x", "result": "1-0"})
        assert r.status_code == 404
    with TournamentFile.open(event) as tf:
        assert tf.reports(3) == []


def test_only_a_game_result_can_be_reported(reporting: Path) -> None:
    _board, white, _ = open_board(reporting)
    for client in serve(reporting):
        r = post(client, "/report", code=codes(reporting)[white], result="+-")
        assert "Choose 1-0" in r.text  # type: ignore[attr-defined]
    with TournamentFile.open(reporting) as tf:
        assert tf.reports(3) == []


def test_the_doors_are_read_at_most_once_a_second_and_a_closed_door_refuses_at_once(
    upcoming: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bench_phones (issue 35): every page and form asked the file which doors are open
    (four ORM queries), a third of the server's time while 300 phones checked in. The doors
    read serve the forms of the next second (DOORS_SECONDS); a door the arbiter closes is
    shown closed after it, and a form sent within it is refused by its command, which
    checks the door inside its transaction: nothing is written."""
    reads = []
    real = TournamentFile.phone_access

    def counted(tf: TournamentFile) -> object:
        reads.append(tf.path)
        return real(tf)

    monkeypatch.setattr(TournamentFile, "phone_access", counted)
    now = [500.0]
    venue = Venue([upcoming])
    hub = Hub(venue, Renderer(), clock=lambda: now[0])
    all_codes = codes(upcoming)
    assert phones.DOORS_SECONDS == 1.0
    try:
        with TestClient(create_app(hub)) as client:
            for tpn in (1, 2, 3):
                r = post(client, "/checkin", code=all_codes[tpn])
                assert "You are checked in" in r.text  # type: ignore[attr-defined]
            assert len(reads) == 1  # six pages and forms, the doors read once
            token = form_token(client)
            with TournamentFile.open(upcoming) as tf:  # the arbiter closes check-in
                tf.execute(OpenCheckIn(None))
            now[0] += 0.5
            r = client.post("/checkin", data={"code": all_codes[4], "token": token})
            assert r.status_code == 200 and "Check-in is closed" in r.text and len(reads) == 1
            now[0] += 0.5
            assert "not open now" in client.get("/checkin").text
            assert len(reads) == 2
            r = client.post("/checkin", data={"code": all_codes[4], "token": "x"})
            assert r.status_code == 404
    finally:
        venue.close()
    assert checked_in(upcoming) == [1, 2, 3]


def test_reporting_opened_by_the_arbiter_is_seen_by_the_very_next_form(event: Path) -> None:
    """bench_phones on a quiet machine (issue 35): 300 check-ins, then "150 boards: 0
    confirmed". The doors read for one form served the next second's forms, a closed door
    too: every report sent within a second of the arbiter opening reporting (nearly all of
    them, that fast) got "Result reporting is not open now" and wrote nothing, and the
    confirmations then had nothing to confirm. The server's clock is frozen here, so a
    door kept closed for "a second" is kept for ever: the arbiter's opening must be seen
    by the next form at once, and a report, its confirmation and the opponent's view of
    it must each see the write before."""
    board, white, black = open_board(event)
    all_codes = codes(event)
    now = [1000.0]
    venue = Venue([event])
    hub = Hub(venue, Renderer(), clock=lambda: now[0])
    try:
        with TestClient(create_app(hub)) as client:
            assert "not open now" in client.get("/report").text  # reporting closed, kept
            with TournamentFile.open(event) as tf:  # the window opens reporting
                tf.execute(OpenReporting(3))
            r = post(client, "/report", code=all_codes[white])
            assert f"Board {board}" in r.text  # type: ignore[attr-defined]
            token = TOKEN.search(r.text).group(1)  # type: ignore[attr-defined,union-attr]
            sent = {"code": all_codes[white], "token": token, "result": "0-1", "round": "3"}
            r = client.post("/report", data=sent)
            assert "your opponent confirms" in r.text
            r = post(client, "/report", code=all_codes[black])  # the opponent's board
            assert "Reported: 0-1" in r.text  # type: ignore[attr-defined]
            r = post(client, "/report", code=all_codes[black], result="0-1", round="3")
            assert "both players agree" in r.text  # type: ignore[attr-defined]
    finally:
        venue.close()
    with TournamentFile.open(event) as tf:
        [rep] = tf.reports(3)
        assert (rep.board, rep.result, rep.state) == (board, "0-1", "confirmed")


def test_a_report_is_filed_on_the_round_of_the_board_the_player_saw(reporting: Path) -> None:
    """The result buttons carry the round of the board shown: a form of another round (the
    arbiter paired on meanwhile) is refused with a sentence, nothing written."""
    board, white, _black = open_board(reporting)
    for client in serve(reporting):
        r = post(client, "/report", code=codes(reporting)[white])
        assert 'name="round" value="3"' in r.text  # type: ignore[attr-defined]
        r = post(client, "/report", code=codes(reporting)[white], result="1-0", round="2")
        assert "reporting is closed for this round" in r.text  # type: ignore[attr-defined]
        assert f"Board {board}" in r.text  # type: ignore[attr-defined]  # round 3's, as open
    with TournamentFile.open(reporting) as tf:
        assert tf.reports(3) == [] and tf.reports(2) == []
