"""A tournament that left FIDE mode says so on every venue page (C.02 VCL Q46), as the
window's title and every printed page do (issue 29): the phones' pages, their live updates,
the start page, the hall's display and the published site."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from starlette.testclient import TestClient

from swissdesk.storage import LeaveFideMode, TournamentFile
from swissdesk.venue.app import Hub, create_app
from swissdesk.venue.publish import site_files
from swissdesk.venue.render import Renderer
from swissdesk.venue.source import Venue
from tests.venue.test_venue_sections import event_of_two_sections

NOTICE = "Not in FIDE mode"
OPEN = "/s/riverside-open"
PAGES = ("/", "/round/1", "/standings", "/crosstable", "/players", "/player/1", "/find?q=a")


def test_pages_of_a_tournament_in_fide_mode_say_nothing(events: dict[str, Path]) -> None:
    venue = Venue([events["open"]])
    try:
        with TestClient(create_app(Hub(venue, Renderer()))) as client:
            for page in PAGES:
                response = client.get(OPEN + page)
                assert response.status_code == 200 and NOTICE not in response.text, page
            assert NOTICE not in client.get(f"/display?section={OPEN[3:]}").text
    finally:
        venue.close()


def test_every_page_of_a_tournament_out_of_fide_mode_says_so(
    events: dict[str, Path], tmp_path: Path
) -> None:
    path = Path(shutil.copy(events["open"], tmp_path / "open.swissdesk"))
    venue = Venue([path])
    hub = Hub(venue, Renderer())

    async def leave() -> tuple[str, str]:
        before = hub.live_state(OPEN + "/standings")
        with TournamentFile.open(path) as writer:  # while the phones read
            writer.execute(LeaveFideMode(reason="a prohibited pair after round 1", confirmed=4))
        assert await hub.check()
        after = hub.live_state(OPEN + "/standings")
        assert before is not None and after is not None
        return before[1], after[1]

    try:
        before, after = asyncio.run(leave())
        # The live update of an open page carries the notice: it is part of <main>.
        assert NOTICE not in before and f'<p class="not-fide" role="note">{NOTICE}</p>' in after
        with TestClient(create_app(hub)) as client:
            for page in PAGES:
                response = client.get(OPEN + page)
                assert response.status_code == 200 and NOTICE in response.text, page
            display = client.get(f"/display?section={OPEN[3:]}").text
            assert f'<span class="not-fide">{NOTICE}</span>' in display
        site = dict(site_files(venue))
        pages = [name for name in site if name.endswith(".html")]
        assert pages and all(NOTICE in site[name].decode() for name in pages)
    finally:
        venue.close()


def test_the_start_page_names_the_section_out_of_fide_mode(tmp_path: Path) -> None:
    path = event_of_two_sections(tmp_path)
    with TournamentFile.open(path, section="Juniors U12") as writer:
        writer.execute(LeaveFideMode(reason="a club event", confirmed=4))
    venue = Venue([path])
    try:
        with TestClient(create_app(Hub(venue, Renderer()))) as client:
            start = client.get("/").text
            masters, juniors = start.split("Juniors U12", 1)
            assert NOTICE in juniors.split("</li>", 1)[0] and NOTICE not in masters
            assert NOTICE in client.get("/s/juniors-u12/").text
            assert NOTICE not in client.get("/s/masters/").text
    finally:
        venue.close()
