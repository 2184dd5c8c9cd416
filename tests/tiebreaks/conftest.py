"""Fixtures for the tie-break tests: build small tournaments from a crosstable shorthand."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

import pytest

from swissdesk.model.tournament import Colour, Player, ResultCode, RoundEntry, Tournament

_GAME = re.compile(r"^(\d+)([wb])([10=+\-WDL])$")
_BYES = {
    "U": ResultCode.PAIRING_ALLOCATED_BYE,
    "F": ResultCode.FULL_POINT_BYE,
    "H": ResultCode.HALF_POINT_BYE,
    "Z": ResultCode.ZERO_POINT_BYE,
    ".": ResultCode.NOT_PAIRED,
}

Builder = Callable[..., Tournament]


def build_tournament(
    table: Mapping[int, str],
    ratings: Mapping[int, int] | None = None,
    total_rounds: int | None = None,
    tiebreaks: tuple[str, ...] = (),
) -> Tournament:
    """``{tpn: "2w1 H 3b= 4w+"}``: one token per round, TRF-like.

    ``<opponent><w|b><result>`` for a pairing (result 1 = 0 + - W D L), or a bye code:
    U (pairing-allocated bye), F, H, Z, ``.`` (not paired / withdrawn).
    """
    players = []
    for tpn, row in table.items():
        entries = []
        for token in row.split():
            if token in _BYES:
                entries.append(RoundEntry.bye(_BYES[token]))
                continue
            match = _GAME.match(token)
            assert match, f"bad token {token!r}"
            opponent, colour, result = match.groups()
            entries.append(
                RoundEntry(
                    int(opponent),
                    Colour.WHITE if colour == "w" else Colour.BLACK,
                    ResultCode(result),
                )
            )
        players.append(
            Player(
                tpn=tpn,
                name=f"Player {tpn}",
                rating=(ratings or {}).get(tpn, 0),
                rounds=tuple(entries),
            )
        )
    rounds = max(len(p.rounds) for p in players)
    return Tournament(
        players=tuple(players),
        total_rounds=rounds if total_rounds is None else total_rounds,
        tiebreaks=tiebreaks,
    )


@pytest.fixture
def crosstable() -> Builder:
    """The :func:`build_tournament` builder."""
    return build_tournament
