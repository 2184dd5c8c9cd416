"""The check-in kiosk (issue 35): a tablet at the arbiter's desk where a player finds their
name and checks in without a personal code. Its address carries a secret: without it there
is no kiosk (404, and guessing locks the device out); every check-in is one audited command
naming the kiosk; the one-time CSRF token, the door (check-in open) and withdrawals hold as
for the phones."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swissdesk.storage import OpenCheckIn, TournamentFile, Undo, Withdraw
from swissdesk.venue import phones
from swissdesk.venue.app import Hub, create_app
from swissdesk.venue.render import Renderer
from swissdesk.venue.source import Venue
from tests.venue.venue_support import OPEN_PLAYERS, open_event

KEY = "desk-tablet-secret-0123456789"
TOKEN = re.compile(r'name="token" value="([^"]+)"')


@pytest.fixture
def upcoming(tmp_path: Path) -> Path:
    """A nine-player open before round 1, check-in open for round 1 (no codes given)."""
    path = open_event(tmp_path, "Spring Open", rounds_played=0)
    with TournamentFile.open(path) as tf:
        tf.execute(OpenCheckIn(1))
    return path


NOW = [0.0]
"""The server's clock in these tests: the open doors are read at most once a second
(DOORS_SECONDS), so a test that closes one moves the clock on."""


def serve(path: Path, key: str = KEY) -> Iterator[TestClient]:
    venue = Venue([path])
    hub = Hub(venue, Renderer(), kiosk_key=key, clock=lambda: NOW[0])
    with TestClient(create_app(hub)) as c:
        yield c
    venue.close()


@pytest.fixture
def kiosk(upcoming: Path) -> Iterator[TestClient]:
    yield from serve(upcoming)


def checked_in(path: Path) -> list[int]:
    with TournamentFile.open(path) as tf:
        return [p.tpn for p in tf.players() if p.checked_in]


def find(client: TestClient, query: str) -> str:
    r = client.get("/kiosk", params={"key": KEY, "q": query})
    assert r.status_code == 200, r.text
    return r.text


def check_in(client: TestClient, page: str, tpn: int, **extra: str) -> str:
    found = TOKEN.search(page)
    assert found is not None, page
    data = {"token": found.group(1), "key": KEY, "section": "spring-open", "tpn": str(tpn),
            **extra}  # fmt: skip
    return client.post("/kiosk", data=data).text


def test_a_player_finds_their_name_and_checks_in_at_the_kiosk(
    kiosk: TestClient, upcoming: Path
) -> None:
    player = OPEN_PLAYERS[3]
    surname = player.name.split(",")[0].split()[-1]
    page = find(kiosk, surname.upper())
    assert player.name in page and "Check in" in page
    assert "0 of 9 checked in" in page
    done = check_in(kiosk, page, 4)
    assert f"Checked in: no. 4 {player.name}" in done and "1 of 9 checked in" in done
    assert checked_in(upcoming) == [4]
    with TournamentFile.open(upcoming) as tf:
        entry = tf.audit_log()[-1]
        assert entry.action == "KioskCheckIn"
        assert "kiosk" in entry.summary
        tf.execute(Undo())  # the arbiter takes it back like any action
    assert checked_in(upcoming) == []
    # By number, too; a checked-in player shows as such, no button.
    page = find(kiosk, "4")
    assert player.name in page and "checkin-spring-open-4" in page


def test_without_the_kiosk_secret_there_is_no_kiosk(upcoming: Path) -> None:
    for client in serve(upcoming, key=""):
        assert client.get("/kiosk", params={"key": "anything"}).status_code == 404
        assert client.post("/kiosk", data={"key": "x", "tpn": "1"}).status_code == 404
    for client in serve(upcoming):
        assert client.get("/kiosk").status_code == 404
        for i in range(phones.MAX_WRONG):
            assert client.get("/kiosk", params={"key": f"guess-{i}"}).status_code == 404
        # Locked out: even the right key is refused now.
        assert client.get("/kiosk", params={"key": KEY}).status_code == 429
    assert checked_in(upcoming) == []


def test_a_kiosk_form_replayed_forged_or_from_another_site_writes_nothing(
    kiosk: TestClient, upcoming: Path
) -> None:
    page = find(kiosk, "a")
    token = TOKEN.search(page)
    assert token is not None
    data = {"token": token.group(1), "key": KEY, "section": "spring-open", "tpn": "2"}
    assert kiosk.post("/kiosk", data=data).status_code == 200
    replay = kiosk.post("/kiosk", data={**data, "tpn": "3"})
    assert replay.status_code == 403 and "sent already" in replay.text
    forged = kiosk.post("/kiosk", data={**data, "tpn": "5", "token": "1.2.3"})
    assert forged.status_code == 403
    foreign = kiosk.post("/kiosk", data={**data, "tpn": "6"},
                         headers={"origin": "http://evil.example"})  # fmt: skip
    assert foreign.status_code == 403
    assert checked_in(upcoming) == [2]


def test_the_kiosk_respects_the_door_and_withdrawals(kiosk: TestClient, upcoming: Path) -> None:
    with TournamentFile.open(upcoming) as tf:
        tf.execute(Withdraw(7, 1))
    page = find(kiosk, OPEN_PLAYERS[6].name.split(",")[0])
    assert "no. 7" not in page  # a withdrawn player is not offered
    text = check_in(kiosk, find(kiosk, "a"), 7)  # a form altered to name them anyway
    assert "withdrawn" in text
    with TournamentFile.open(upcoming) as tf:
        tf.execute(OpenCheckIn(None))
    NOW[0] += phones.DOORS_SECONDS + 1
    page = kiosk.get("/kiosk", params={"key": KEY}).text
    assert "Check-in is not open now" in page
    assert checked_in(upcoming) == []


def test_serve_refuses_a_weak_kiosk_key(
    upcoming: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from swissdesk.cli import main

    assert main(["serve", str(upcoming), "--port", "0", "--kiosk-key", "short"]) == 2
    assert "--kiosk-key: 16 to 64 letters" in capsys.readouterr().err


def test_the_kiosk_speaks_the_tablets_language(kiosk: TestClient) -> None:
    """Issue 38 for the kiosk (issue 35, session 45): the search, the counts, the buttons and
    the answer in the tablet's language."""
    kiosk.headers["Accept-Language"] = "fr"
    page = find(kiosk, "4")
    assert 'lang="fr"' in page and "Me trouver" in page and "0 présents sur 9" in page
    assert "Confirmer ma présence" in page and "n° 4" in page
    done = check_in(kiosk, page, 4)
    assert "Présence confirmée : n° 4" in done and "Bonne partie" in done  # the label in French too (issue 38)
    assert "Personne de ce nom" in find(kiosk, "zzzz")
