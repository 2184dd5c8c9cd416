"""Build TRF player records column by column for the reader tests."""

from __future__ import annotations

from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
"""The shared reference corpus beside the repository (``../shared/corpus``)."""


def player(
    tpn: int,
    points: str,
    *blocks: str,
    name: str = "",
    rating: int | None = None,
    rank: int | str | None = None,
) -> str:
    """A ``001`` record: ``blocks`` like ``"   2 w 1"`` (8 columns each)."""
    name = name or f"Player{tpn:04d}, Test"
    rating_text = str(2500 - 10 * tpn if rating is None else rating) if rating != 0 else ""
    rank_text = "" if rank is None else str(rank)
    head = (
        f"001 {tpn:>4}      {name:33} {rating_text:>4} {'':3} {'':>11} {'':10} "
        f"{points:>4} {rank_text:>4}"
    )
    if not blocks:
        return head.rstrip()
    return head + "  " + "  ".join(blocks)


def block(opponent: int, colour: str, result: str) -> str:
    """One round block ``OOOO C R``."""
    return f"{opponent:>4} {colour} {result}"


def trf(*lines: str) -> str:
    return "\n".join(lines) + "\n"


# Four players, two rounds played: 1-2 1-0, 3-4 =; then 1-3 1-0 (1 White), 2-4 0-1 (4 White).
SMALL = trf(
    "012 Small Open",
    "XXR 5",
    "XXC white1",
    player(1, "2.0", block(2, "w", "1"), block(3, "w", "1"), rank=1),
    player(2, "0.0", block(1, "b", "0"), block(4, "b", "0"), rank=4),
    player(3, "0.5", block(4, "w", "="), block(1, "b", "0"), rank=3),
    player(4, "1.5", block(3, "b", "="), block(2, "w", "1"), rank=2),
)
