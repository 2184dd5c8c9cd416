"""Live pages: a result saved by the window's lane, by the command line in another process
or by any program writing the file reaches the open pages without reload."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path

from swissdesk.storage import BoardResult, EnterResult, TournamentFile
from swissdesk.venue.app import READ_EVERY_SECONDS, WAKE_BATCH, Hub, _stream
from swissdesk.venue.render import Renderer
from swissdesk.venue.source import Venue
from tests.venue.venue_support import ROOT

PAGE = "/s/riverside-open/player/{tpn}"


def _pending_board(path: Path) -> tuple[int, int, int]:
    """(round, board, white's TPN) of a board of the current round without a result."""
    with TournamentFile.open(path) as tf:
        n = tf.rounds_paired()
        board = next(b for b in tf.round_view(n).boards if not b.has_result)
        return n, board.board, board.white_tpn


def test_a_result_saved_through_the_storage_lane_changes_the_page(
    events: dict[str, Path], tmp_path: Path
) -> None:
    path = shutil.copy(events["open"], tmp_path / "open.swissdesk")
    rnd, board, white = _pending_board(Path(path))
    venue = Venue([path])
    hub = Hub(venue, Renderer())
    page = PAGE.format(tpn=white)

    async def scenario() -> None:
        version, before = hub.live_state(page) or ("", "")
        assert not await hub.check()  # nothing changed yet: nothing read again
        assert hub.reloads == 0
        with TournamentFile.open(path) as writer:  # another connection: the window's
            writer.execute(EnterResult(rnd, board, BoardResult.WHITE_WINS))
        assert await hub.check()
        after_version, after = hub.live_state(page) or ("", "")
        assert after_version != version and after != before
        row = f'<tr><td class="n">{rnd}</td><td class="n">{board}</td>'
        assert row in after and '<td class="res">1</td>' in after.split(row)[1].split("</tr>")[0]

    try:
        asyncio.run(scenario())
    finally:
        venue.close()


def test_another_process_writing_the_file_is_seen(events: dict[str, Path], tmp_path: Path) -> None:
    path = Path(shutil.copy(events["open"], tmp_path / "open.swissdesk"))
    rnd, board, white = _pending_board(path)
    venue = Venue([path])
    hub = Hub(venue, Renderer())

    async def scenario() -> None:
        stream = _stream(hub, PAGE.format(tpn=white), "")
        assert await anext(stream) == b"retry: 2000\n\n"
        first = await anext(stream)  # the client had no version: it gets the page
        tag = hub.renderer.epoch
        assert first.startswith(f"id: {tag}-1\nevent: update\ndata: ".encode())
        done = subprocess.run(
            [sys.executable, "-m", "swissdesk", "result", str(path), str(rnd), str(board), "0-1"],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        waiting = asyncio.ensure_future(anext(stream))
        for _ in range(200):  # the server's watcher: it looks four times a second
            if waiting.done():
                break
            await hub.check()
            await asyncio.sleep(0.05)
        update = await asyncio.wait_for(waiting, 30)
        head, _, data = update.decode().partition("data: ")
        assert head == f"id: {tag}-2\nevent: update\n"
        message = json.loads(data)
        assert message["version"] == f"{tag}-2" and '<td class="res">0</td>' in message["html"]
        await stream.aclose()
        assert hub.streams == 0

    try:
        asyncio.run(scenario())
    finally:
        venue.close()


def test_a_reconnecting_phone_gets_only_what_it_missed(events: dict[str, Path]) -> None:
    venue = Venue([events["open"]])
    hub = Hub(venue, Renderer())

    async def scenario() -> None:
        current = hub.live_state("/s/riverside-open/")
        assert current is not None
        stream = _stream(hub, "/s/riverside-open/", current[0])  # Last-Event-ID: up to date
        await anext(stream)
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.2)
        assert not waiting.done()  # nothing to send: it waits (a heartbeat after 20 s)
        venue.versions["riverside-open"] += 1  # as a saved result does
        hub.wake()
        update = await asyncio.wait_for(waiting, 10)
        assert update.startswith(f"id: {hub.renderer.epoch}-2\nevent: update\n".encode())
        await stream.aclose()

    try:
        asyncio.run(scenario())
    finally:
        venue.close()


def test_a_live_update_is_built_once_per_change_for_every_phone_on_the_page(
    events: dict[str, Path], tmp_path: Path
) -> None:
    """1,000 phones on one round page: the update message is serialised once per change
    (it was built for each phone, which held the server's loop for 0.4 s in bench_venue),
    and a change gives a new one with the new result."""
    path = Path(shutil.copy(events["open"], tmp_path / "open.swissdesk"))
    rnd, board, white = _pending_board(path)
    venue = Venue([path])
    hub = Hub(venue, Renderer())
    page = PAGE.format(tpn=white)

    async def scenario() -> None:
        first = hub.live_message(page)
        assert first is not None and hub.live_message(page) is first
        assert first[1].startswith(f"id: {first[0]}\nevent: update\ndata: ".encode())
        with TournamentFile.open(path) as writer:
            writer.execute(EnterResult(rnd, board, BoardResult.WHITE_WINS))
        assert await hub.check()
        second = hub.live_message(page)
        assert second is not None and second[0] != first[0] and second[1] != first[1]
        assert hub.live_message("/s/no-such-section/") is None

    try:
        asyncio.run(scenario())
    finally:
        venue.close()


def test_live_pages_are_woken_a_batch_at_a_time(events: dict[str, Path]) -> None:
    """bench_venue: 1,000 live pages woken at once sent their updates in one stretch of
    the server's loop, and every page request that arrived meanwhile waited 0.4-0.9 s. They
    are woken WAKE_BATCH at a time, the loop free for requests in between."""
    venue = Venue([events["open"]])
    hub = Hub(venue, Renderer())

    async def scenario() -> None:
        waiters = [hub.waiter() for _ in range(3 * WAKE_BATCH + 1)]
        hub.wake()
        done = []
        while len(done) < 5 and not all(w.done() for w in waiters):
            await asyncio.sleep(0)  # one turn of the loop: requests would be answered here
            done.append(sum(w.done() for w in waiters))
        assert done[:4] == [WAKE_BATCH, 2 * WAKE_BATCH, 3 * WAKE_BATCH, len(waiters)]
        assert hub.waiter() not in waiters  # a stream waiting again waits for the next change

    try:
        asyncio.run(scenario())
    finally:
        venue.close()


def test_the_file_is_read_again_at_most_once_a_second_while_phones_write(
    events: dict[str, Path], tmp_path: Path
) -> None:
    """bench_phones (issue 35): 300 phones checking in changed the file with every form, and
    the venue read the whole file after each change (its reading process busy all the time,
    every live page woken several times a second). A file read less than READ_EVERY_SECONDS
    ago is not read again; its change is kept and shown at the first look after that."""
    path = Path(shutil.copy(events["open"], tmp_path / "open.swissdesk"))
    with TournamentFile.open(path) as tf:
        rnd = tf.rounds_paired()
        first, second = [b for b in tf.round_view(rnd).boards if not b.has_result][:2]
    now = [1000.0]
    venue = Venue([path])
    hub = Hub(venue, Renderer(), clock=lambda: now[0])
    assert hub.read_every == READ_EVERY_SECONDS == 1.0
    page = PAGE.format(tpn=second.white_tpn)

    async def scenario() -> None:
        with TournamentFile.open(path) as writer:
            writer.execute(EnterResult(rnd, first.board, BoardResult.WHITE_WINS))
            assert await hub.check()  # the first change after a quiet time: read at once
            assert hub.reloads == 1
            shown = hub.live_state(page)
            writer.execute(EnterResult(rnd, second.board, BoardResult.DRAW))
            for step in (0.25, 0.5, 0.75):  # the watcher's looks within the second
                now[0] = 1000.0 + step
                assert not await hub.check()
            assert hub.reloads == 1 and hub.live_state(page) == shown
            now[0] = 1001.0
            assert await hub.check()  # a second after the last read: the change is shown
            assert hub.reloads == 2
            after = hub.live_state(page)
            assert after is not None and shown is not None and after[0] != shown[0]
            assert '<td class="res">½</td>' in after[1]
            now[0] = 1005.0
            assert not await hub.check()  # nothing changed: nothing read, however late
            assert hub.reloads == 2

    try:
        asyncio.run(scenario())
    finally:
        venue.close()
