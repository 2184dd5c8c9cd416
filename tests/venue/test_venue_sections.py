"""An event of several sections (issue 33) on the venue: every section has its own pages,
each read from its own section of the one file, and a result saved in one section changes
only that section's pages."""

from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.testclient import TestClient

from swissdesk.storage import (
    AddPlayer,
    AddSection,
    AssignPairingNumbers,
    BoardResult,
    EnterResult,
    PlayerData,
    TournamentFile,
    TournamentSettings,
)
from swissdesk.venue.app import Hub, create_app
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
