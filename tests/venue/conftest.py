"""Fixtures of the venue's tests: the four kinds of event, served together."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swissdesk.venue.app import Hub, create_app
from swissdesk.venue.render import Renderer
from swissdesk.venue.source import Venue
from tests.venue.venue_support import (
    double_swiss_event,
    open_event,
    round_robin_event,
    team_event,
)


@pytest.fixture(scope="session")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Made once: tests that change a file copy it first."""
    folder = tmp_path_factory.mktemp("events")
    return {
        "open": open_event(folder),
        "double": double_swiss_event(folder),
        "team": team_event(folder),
        "rr": round_robin_event(folder),
    }


@pytest.fixture(scope="module")
def client(events: dict[str, Path]) -> Iterator[TestClient]:
    venue = Venue(list(events.values()))
    hub = Hub(venue, Renderer(), public_url="http://192.0.2.10:8080/")
    with TestClient(create_app(hub)) as c:
        yield c
    venue.close()
