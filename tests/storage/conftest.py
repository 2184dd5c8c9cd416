"""Fixtures for the storage tests: a trivial pairing engine and small tournament files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from swissdesk.engines import Pair, RoundPairing, register
from swissdesk.model import Tournament, build_states
from swissdesk.storage import (
    AddPlayer,
    AssignPairingNumbers,
    PlayerData,
    TournamentFile,
    TournamentSettings,
)

TRIVIAL = "test-trivial"


class TrivialEngine:
    """Pairs the available players in (score, TPN) order, first with second, and so on.

    Not a Swiss system: just deterministic pairs for testing storage. The PAB goes to the
    last player; White to the first of each pair on odd boards, the second on even boards.
    """

    name = TRIVIAL

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        states = build_states(tournament, round_number)
        n = round_number or tournament.rounds_with_pairings + 1
        order = sorted(
            (s for s in states.values() if s.available), key=lambda s: (-s.score, s.tpn)
        )
        bye = order.pop().tpn if len(order) % 2 else None
        pairs = []
        for i in range(0, len(order), 2):
            a, b = order[i].tpn, order[i + 1].tpn
            pairs.append(Pair(a, b) if (i // 2 + n) % 2 == 0 else Pair(b, a))
        return RoundPairing(n, tuple(pairs), bye)


register(TRIVIAL, TrivialEngine)

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


@pytest.fixture
def new_file(tmp_path: Path) -> Iterator[TournamentFile]:
    """An empty tournament (5 rounds, trivial engine)."""
    with TournamentFile.create(tmp_path / "t.swissdesk", settings()) as tf:
        yield tf


@pytest.fixture
def nine(tmp_path: Path) -> Iterator[TournamentFile]:
    """Nine players, pairing numbers assigned, nothing paired."""
    with TournamentFile.create(tmp_path / "nine.swissdesk", settings()) as tf:
        for name, rating, title in NAMES:
            tf.execute(AddPlayer(PlayerData(name, rating=rating, title=title)))
        tf.execute(AssignPairingNumbers())
        yield tf
