"""Chess960 starting positions (FIDE Laws of Chess, Guidelines II, Chess960 rules: before a
game the starting position is set up at random, the bishops on squares of opposite colours
and the king between the rooks).

swissdesk draws one of the 960 positions when a round is paired, the same for every board
of that round, as Chess960 events do. The positions are numbered as Scharnagl did (518 is
the standard ``RNBQKBNR``): the number fixes White's back rank; Black's mirrors it.

Standard library only.
"""

from __future__ import annotations

import secrets

from swissdesk.i18n import _

POSITIONS = 960

_KNIGHTS_ROOKS_KING = (
    "NNRKR",
    "NRNKR",
    "NRKNR",
    "NRKRN",
    "RNNKR",
    "RNKNR",
    "RNKRN",
    "RKNNR",
    "RKNRN",
    "RKRNN",
)
"""Scharnagl's table: where the knights go among the five squares the bishops and queen
leave, the rooks and king taking the others in R-K-R order."""


def start_position(number: int) -> str:
    """White's back rank, files a-h, of Chess960 position ``number`` (0-959)."""
    if not 0 <= number < POSITIONS:
        raise ValueError(
            _("a Chess960 position is numbered 0 to 959, not {number}").format(number=number)
        )
    rank: list[str | None] = [None] * 8
    rest, light = divmod(number, 4)
    rank[2 * light + 1] = "B"  # b, d, f or h: the light-squared bishop
    rest, dark = divmod(rest, 4)
    rank[2 * dark] = "B"  # a, c, e or g
    rest, queen = divmod(rest, 6)
    free = [i for i, piece in enumerate(rank) if piece is None]
    rank[free[queen]] = "Q"
    free = [i for i, piece in enumerate(rank) if piece is None]
    for square, piece in zip(free, _KNIGHTS_ROOKS_KING[rest], strict=True):
        rank[square] = piece
    return "".join(p or "?" for p in rank)


def draw_position() -> int:
    """A position drawn at random, every one equally likely."""
    return secrets.randbelow(POSITIONS)


def describe(number: int) -> str:
    """``Chess960 position 518 (RNBQKBNR)``: how the documents name a round's position."""
    return f"Chess960 position {number} ({start_position(number)})"
