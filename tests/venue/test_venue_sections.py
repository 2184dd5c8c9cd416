"""An event of several sections (issue 33) on the venue: every section has its own pages,
each read from its own section of the one file, and a result saved in one section changes
only that section's pages."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swissdesk.storage import (
    AddPlayer,
    AddSection,
    AssignPairingNumbers,
    BoardResult,
    EnterResult,
    PlayerData,
    RemovePlayer,
    RemoveSection,
    TournamentFile,
    TournamentSettings,
)
from swissdesk.venue.app import GONE, Hub, _stream, create_app
from swissdesk.venue.render import Renderer
from swissdesk.venue.source import Venue
from tests.venue.venue_support import OPEN_PLAYERS, play

JUNIORS = [PlayerData(f"Junior, Player {i}", 1500 - 20 * i, federation="SUI") for i in range(6)]


def event_of_two_sections(folder: Path) -> Path:
    path = folder / "festival.swissdesk"
    masters = TournamentSettings(name="Masters", total_rounds=5)
    with TournamentFile.create(path, masters, players=OPEN_PLAYERS) as tf:
        tf.execute(AssignPairingNumbers())
        play(tf, 2, last_results=1)
        tf.execute(AddSection(TournamentSettings(name="Juniors U12", total_rounds=5)))
        juniors = tf.section("Juniors U12")
        for p in JUNIORS:
            juniors.execute(AddPlayer(p))
        juniors.execute(AssignPairingNumbers())
        play(juniors, 1, last_results=0)
    return path


def test_each_section_of_an_event_has_its_own_pages(tmp_path: Path) -> None:
    path = event_of_two_sections(tmp_path)
    venue = Venue([path])
    try:
        assert [s.slug for s in venue.sections] == ["masters", "juniors-u12"]
        with TestClient(create_app(Hub(venue, Renderer()))) as client:
            start = client.get("/").text
            assert "Masters" in start and "Juniors U12" in start
            masters = client.get("/s/masters/").text
            juniors = client.get("/s/juniors-u12/").text
            assert "Müller, Jürgen" in masters and "Junior, Player" not in masters
            assert "Junior, Player 0" in juniors and "Müller" not in juniors
            assert "Round 1" in juniors and "Round 2" in masters
            players = client.get("/s/juniors-u12/players").text
            assert players.count("Junior, Player") == len(JUNIORS)
            assert "No round is complete" in client.get("/s/juniors-u12/standings").text
            assert "Junior, Player" not in client.get("/s/masters/standings").text
    finally:
        venue.close()


def test_a_result_in_one_section_changes_only_that_sections_pages(tmp_path: Path) -> None:
    path = event_of_two_sections(tmp_path)
    venue = Venue([path])
    hub = Hub(venue, Renderer())

    async def scenario() -> None:
        before = dict(venue.versions)
        with TournamentFile.open(path, section="Juniors U12") as writer:
            board = writer.round_view(1).boards[0]
            writer.execute(EnterResult(1, board.board, BoardResult.DRAW))
        assert await hub.check()
        assert venue.versions["juniors-u12"] == before["juniors-u12"] + 1
        assert venue.versions["masters"] == before["masters"]

    try:
        asyncio.run(scenario())
    finally:
        venue.close()


WAIT = 30.0
"""How long a test waits for the server's watcher (four looks a second) before failing: a
bound for a broken test, not a speed target."""


def wait_for_status(client: TestClient, path: str, status: int) -> str:
    deadline = time.monotonic() + WAIT
    while True:
        response = client.get(path, follow_redirects=False)
        if response.status_code == status or time.monotonic() > deadline:
            assert response.status_code == status, (path, response.status_code)
            return response.text
        time.sleep(0.1)


def test_a_section_added_while_serving_appears_and_a_removed_one_disappears(
    tmp_path: Path,
) -> None:
    """Issue 34: the sections were listed once when the server started (a new one needed a
    restart, a removed one kept its last pages). The server's own watcher reads them again
    with each change; the sections already served keep their addresses."""
    path = event_of_two_sections(tmp_path)
    venue = Venue([path])
    try:
        with TestClient(create_app(Hub(venue, Renderer()))) as client:
            assert client.get("/s/seniors/").status_code == 404
            masters = client.get("/s/masters/").text
            with TournamentFile.open(path) as writer:  # the window, another connection
                writer.execute(AddSection(TournamentSettings(name="Seniors 65+", total_rounds=7)))
                seniors = writer.section("Seniors 65+")
                seniors.execute(AddPlayer(PlayerData("Senior, Sam", 1900, federation="AUT")))
                seniors_id = next(s.id for s in writer.sections() if s.name == "Seniors 65+")
            page = wait_for_status(client, "/s/seniors-65/", 200)
            assert "Seniors 65+" in page and "No round has been paired yet" in page
            assert "Senior, Sam" in client.get("/s/seniors-65/players").text
            start = client.get("/").text
            assert all(n in start for n in ("Masters", "Juniors U12", "Seniors 65+"))
            assert client.get("/s/masters/").text.count("Müller, Jürgen") == masters.count(
                "Müller, Jürgen"
            )
            with TournamentFile.open(path) as writer:
                writer.section("Seniors 65+").execute(RemovePlayer(1))
                writer.execute(RemoveSection(seniors_id))
            assert "no such page" in wait_for_status(client, "/s/seniors-65/", 404).lower()
            assert "Seniors 65+" not in client.get("/").text
            assert client.get("/s/juniors-u12/").status_code == 200
            assert [s.slug for s in venue.sections] == ["masters", "juniors-u12"]
    finally:
        venue.close()


def test_a_file_of_one_tournament_keeps_its_address_when_a_section_is_added(
    events: dict[str, Path], tmp_path: Path
) -> None:
    """A file of one tournament is served under its own name; when the arbiter adds a
    second section, the first keeps its address (the phones on it stay) and the start page
    lists both instead of leading to the only one."""
    path = Path(shutil.copy(events["open"], tmp_path / "open.swissdesk"))
    venue = Venue([path])
    try:
        with TestClient(create_app(Hub(venue, Renderer()))) as client:
            assert client.get("/", follow_redirects=False).status_code == 302
            with TournamentFile.open(path) as writer:
                writer.execute(AddSection(TournamentSettings(name="Rapid", total_rounds=7)))
            wait_for_status(client, "/s/rapid/", 200)
            assert client.get("/s/riverside-open/").status_code == 200
            start = client.get("/", follow_redirects=False)
            assert start.status_code == 200 and "Rapid" in start.text
    finally:
        venue.close()


def test_a_live_page_of_a_removed_section_says_so(tmp_path: Path) -> None:
    path = event_of_two_sections(tmp_path)
    with TournamentFile.open(path) as writer:
        writer.execute(AddSection(TournamentSettings(name="Blitz", total_rounds=9)))
        blitz = next(s.id for s in writer.sections() if s.name == "Blitz")
    venue = Venue([path])
    hub = Hub(venue, Renderer())

    async def scenario() -> None:
        stream = _stream(hub, "/s/blitz/", "")
        assert await anext(stream) == b"retry: 2000\n\n"
        assert (await anext(stream)).startswith(b"id: ")  # the page as it is
        waiting = asyncio.ensure_future(anext(stream))
        with TournamentFile.open(path) as writer:
            writer.execute(RemoveSection(blitz))
        assert await hub.check()
        last = await asyncio.wait_for(waiting, WAIT)
        assert last == GONE and b"Not served any more" in last
        with pytest.raises(StopAsyncIteration):
            await anext(stream)
        assert hub.streams == 0

    try:
        asyncio.run(scenario())
    finally:
        venue.close()


def test_the_start_page_is_live(tmp_path: Path) -> None:
    """Issue 34: the start page listing the sections was the one page without live updates
    (its stream was refused, so the phone kept retrying). A round paired in one section, a
    section added and one removed reach an open start page without reload."""
    path = event_of_two_sections(tmp_path)
    venue = Venue([path])
    hub = Hub(venue, Renderer(), read_every=0.0)

    def next_round(writer: TournamentFile) -> None:
        juniors = writer.section("Juniors U12")
        for board in juniors.round_view(1).boards:
            juniors.execute(EnterResult(1, board.board, BoardResult.DRAW))
        juniors.pair_next_round()

    def changed(writer_action: object) -> None:
        with TournamentFile.open(path) as writer:
            writer_action(writer)  # type: ignore[operator]

    async def next_update(stream: object, waiting: asyncio.Future[bytes]) -> dict[str, str]:
        assert await hub.check()
        update = await asyncio.wait_for(waiting, WAIT)
        head, _, data = update.decode().partition("data: ")
        assert head.startswith("id: ") and "event: update" in head
        return dict(json.loads(data))

    async def scenario() -> None:
        with TestClient(create_app(hub)) as client:
            body = client.get("/").text
        live = re.search(r'data-live="([^"]+)"', body)
        assert live is not None and "page=%2F" in live.group(1)
        version = re.search(r'data-version="([^"]+)"', body)
        assert version is not None
        stream = _stream(hub, "/", version.group(1))
        assert await anext(stream) == b"retry: 2000\n\n"  # up to date: nothing sent yet
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.1)
        assert not waiting.done()
        changed(next_round)
        message = await next_update(stream, waiting)
        assert "round 2 of 5" in message["html"] and "Masters" in message["html"]
        changed(lambda w: w.execute(AddSection(TournamentSettings(name="Blitz", total_rounds=9))))
        message = await next_update(stream, asyncio.ensure_future(anext(stream)))
        assert "Blitz" in message["html"] and "not paired yet" in message["html"]
        with TournamentFile.open(path) as tf:
            blitz = next(s.id for s in tf.sections() if s.name == "Blitz")
        changed(lambda w: w.execute(RemoveSection(blitz)))
        message = await next_update(stream, asyncio.ensure_future(anext(stream)))
        assert "Blitz" not in message["html"] and "Juniors U12" in message["html"]
        await stream.aclose()

    try:
        asyncio.run(scenario())
    finally:
        venue.close()
