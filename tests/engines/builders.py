"""Tiny hand-made tournaments for article-level engine tests."""

from __future__ import annotations

from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)


def entry(code: str) -> RoundEntry:
    """``"3w1"``: against 3 with White, won; ``"H"``/``"Z"``/``"F"``/``"U"``: byes."""
    if len(code) == 1:
        return RoundEntry.bye(ResultCode(code))
    opponent = int(code[:-2])
    colour = Colour(code[-2])
    return RoundEntry(opponent, colour, ResultCode(code[-1]))


def tournament(
    rounds: dict[int, list[str]],
    *,
    total_rounds: int = 5,
    initial: Colour = Colour.WHITE,
    ratings: dict[int, int] | None = None,
) -> Tournament:
    """Players 1..N (rating falling with the TPN unless given) with their round entries."""
    players = []
    scoring = ScoringSystem()
    for tpn in sorted(rounds):
        entries = tuple(entry(c) for c in rounds[tpn])
        points = sum(scoring.points(e.result) for e in entries)
        rating = (ratings or {}).get(tpn, 2500 - 10 * tpn)
        players.append(
            Player(
                tpn=tpn, name=f"Player {tpn}", rating=rating, rounds=entries, declared_points=points
            )
        )
    return Tournament(players=tuple(players), total_rounds=total_rounds, initial_colour=initial)
