"""The norm tests' tournaments: one norm seeker against listed opponents, round by round
(tests/gui loads this file by its path)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
    TournamentInfo,
)

_RESULTS = {
    "1": (ResultCode.WIN, ResultCode.LOSS),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "0": (ResultCode.LOSS, ResultCode.WIN),
    "+": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}


_BYES = {"U": ResultCode.PAIRING_ALLOCATED_BYE, "H": ResultCode.HALF_POINT_BYE}


@dataclass(frozen=True)
class Opp:
    """An opponent of the norm seeker: rating (0 unrated), title, federation, and the
    seeker's result against them (``1 = 0 + -``); ``result`` ``U`` or ``H`` makes that
    round the seeker's pairing-allocated bye or requested half-point bye instead (the
    opponent is then not met)."""

    rating: int
    title: str = ""
    federation: str = "GER"
    result: str = "="


def seeker_event(
    opponents: Sequence[Opp],
    *,
    title: str = "IM",
    federation: str = "FRA",
    sex: str = "m",
    total_rounds: int | None = None,
    host: str = "FRA",
    system: str = "dutch",
    field: Sequence[tuple[str, str]] = (),
) -> Tournament:
    """Player 1 (the seeker) meets ``opponents[i]`` (TPN ``i + 2``) in round ``i + 1``.

    ``field`` adds players ``(federation, title)`` rated 2400 who get the pairing-allocated
    bye in every round (present every round: they count for art. 1.4.3 d)."""
    rounds = total_rounds or len(opponents)
    seeker_rounds: list[RoundEntry] = []
    players: list[Player] = []
    for i, opp in enumerate(opponents):
        tpn = i + 2
        mine: list[RoundEntry] = [RoundEntry.bye(ResultCode.NOT_PAIRED)] * len(opponents)
        if opp.result in _BYES:
            seeker_rounds.append(RoundEntry.bye(_BYES[opp.result]))
        else:
            own, theirs = _RESULTS[opp.result]
            seeker_rounds.append(RoundEntry(tpn, Colour.WHITE, own))
            mine[i] = RoundEntry(1, Colour.BLACK, theirs)
        players.append(
            Player(
                tpn=tpn,
                name=f"Opponent {tpn}",
                rating=opp.rating,
                title=opp.title,
                federation=opp.federation,
                fide_id=str(1000 + tpn),
                rounds=tuple(mine),
            )
        )
    for j, (fed, held) in enumerate(field):
        tpn = len(opponents) + 2 + j
        byes = (RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE),) * len(opponents)
        players.append(
            Player(tpn, f"Field {tpn}", rating=2400, title=held, federation=fed, rounds=byes)
        )
    seeker = Player(
        tpn=1,
        name="Seeker",
        rating=2450,
        title=title,
        federation=federation,
        sex=sex,
        fide_id="1001",
        rounds=tuple(seeker_rounds),
    )
    return Tournament(
        players=(seeker, *players),
        total_rounds=rounds,
        info=TournamentInfo(name="Norm Open", federation=host, start_date="2026/11/20"),
        system=system,
    )


CASE_A = [
    Opp(2600, "GM", "GER", "="),
    Opp(2580, "GM", "ESP", "="),
    Opp(2560, "GM", "NED", "1"),
    Opp(2500, "IM", "USA", "1"),
    Opp(2480, "IM", "FRA", "="),
    Opp(2450, "IM", "FRA", "1"),
    Opp(2420, "FM", "FRA", "="),
    Opp(2400, "FM", "ITA", "1"),
    Opp(2380, "", "FRA", "="),
]
"""Sum 22370, Ra 2485.6 -> 2486; 6.5/9 = 72 %, dp 166: Rp 2652. 8 title-holders, 3 GMs,
foreign GER ESP NED USA ITA, 4 from FRA (at most 5)."""
