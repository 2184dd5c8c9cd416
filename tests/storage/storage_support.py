"""Shared data for the storage tests (a module with a unique name, not ``conftest``)."""

from __future__ import annotations

from trivial_engine import TRIVIAL

from swissdesk.storage import TournamentSettings

NAMES = [
    ("Adams, Anna", 2400, "IM"),
    ("Brown, Bob", 2400, "GM"),
    ("Clark, Cleo", 2300, ""),
    ("Davis, Dan", 2250, "FM"),
    ("Evans, Eve", 2250, "WGM"),
    ("Foster, Finn", 2100, ""),
    ("Green, Gail", 2000, "CM"),
    ("Hill, Hugo", 1900, ""),
    ("Irwin, Ida", 1800, ""),
]


def settings(**kw: object) -> TournamentSettings:
    base: dict[str, object] = {"name": "Test Open", "total_rounds": 5, "system": TRIVIAL}
    base.update(kw)
    return TournamentSettings(**base)  # type: ignore[arg-type]
