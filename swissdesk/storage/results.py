"""Board results as the arbiter types them, and the per-player result codes they give.

``1-0 0-1 1/2 +- -+ -- 0-0`` plus ``adj`` (adjourned), the rare ``1/2-0`` / ``0-1/2`` and the
unrated ``1-0u 0-1u 1/2u`` (TRF ``W``/``D``/``L``). An adjourned game counts as a draw
for pairing purposes only (C.04.2 art. 3.1); the board keeps showing it as adjourned.
"""

from __future__ import annotations

import enum

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.tournament import ResultCode


class BoardResult(enum.Enum):
    """The result of one board, in the notation of the command line and the result sheets."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2"
    WHITE_WINS_BY_FORFEIT = "+-"
    BLACK_WINS_BY_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"
    BOTH_LOSE = "0-0"
    WHITE_HALF_BLACK_ZERO = "1/2-0"
    """White scores ½, Black 0 (e.g. a draw where Black is penalised: Laws of Chess 12.9)."""
    WHITE_ZERO_BLACK_HALF = "0-1/2"
    ADJOURNED = "adj"
    WHITE_WINS_UNRATED = "1-0u"
    """A game that counts for the standings but not for rating (TRF ``W``/``L``: fewer
    than one move each, C.02 VCL Q185; FIDE Rating Regulations: not rated)."""
    BLACK_WINS_UNRATED = "0-1u"
    DRAW_UNRATED = "1/2u"
    WHITE_HALF = "1/2-0"
    """Another name of ``WHITE_HALF_BLACK_ZERO``: the rare game that ends ½-0 (C.04.5
    preface)."""
    BLACK_HALF = "0-1/2"

    @property
    def codes(self) -> tuple[ResultCode, ResultCode]:
        """The (White, Black) result codes stored for the two players."""
        return _CODES[self]

    @property
    def adjourned(self) -> bool:
        return self is BoardResult.ADJOURNED

    @property
    def played(self) -> bool:
        """A game played over the board (forfeits are not: C.04.2 art. 3.4-3.5)."""
        return self not in (
            BoardResult.WHITE_WINS_BY_FORFEIT,
            BoardResult.BLACK_WINS_BY_FORFEIT,
            BoardResult.DOUBLE_FORFEIT,
        )


_CODES: dict[BoardResult, tuple[ResultCode, ResultCode]] = {
    BoardResult.WHITE_WINS: (ResultCode.WIN, ResultCode.LOSS),
    BoardResult.BLACK_WINS: (ResultCode.LOSS, ResultCode.WIN),
    BoardResult.DRAW: (ResultCode.DRAW, ResultCode.DRAW),
    BoardResult.WHITE_WINS_BY_FORFEIT: (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    BoardResult.BLACK_WINS_BY_FORFEIT: (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    BoardResult.DOUBLE_FORFEIT: (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
    BoardResult.BOTH_LOSE: (ResultCode.LOSS, ResultCode.LOSS),
    BoardResult.WHITE_HALF_BLACK_ZERO: (ResultCode.DRAW, ResultCode.LOSS),
    BoardResult.WHITE_ZERO_BLACK_HALF: (ResultCode.LOSS, ResultCode.DRAW),
    BoardResult.ADJOURNED: (ResultCode.DRAW, ResultCode.DRAW),
    BoardResult.WHITE_WINS_UNRATED: (ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS),
    BoardResult.BLACK_WINS_UNRATED: (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN),
    BoardResult.DRAW_UNRATED: (ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW),
}

_ALIASES: dict[str, BoardResult] = {
    "1-0": BoardResult.WHITE_WINS,
    "0-1": BoardResult.BLACK_WINS,
    "1/2": BoardResult.DRAW,
    "1/2-1/2": BoardResult.DRAW,
    "½": BoardResult.DRAW,
    "½-½": BoardResult.DRAW,
    "=": BoardResult.DRAW,
    "0.5-0.5": BoardResult.DRAW,
    "+-": BoardResult.WHITE_WINS_BY_FORFEIT,
    "+:-": BoardResult.WHITE_WINS_BY_FORFEIT,
    "-+": BoardResult.BLACK_WINS_BY_FORFEIT,
    "-:+": BoardResult.BLACK_WINS_BY_FORFEIT,
    "--": BoardResult.DOUBLE_FORFEIT,
    "-:-": BoardResult.DOUBLE_FORFEIT,
    "0-0": BoardResult.BOTH_LOSE,
    "1/2-0": BoardResult.WHITE_HALF_BLACK_ZERO,
    "½-0": BoardResult.WHITE_HALF_BLACK_ZERO,
    "0-1/2": BoardResult.WHITE_ZERO_BLACK_HALF,
    "0-½": BoardResult.WHITE_ZERO_BLACK_HALF,
    "adj": BoardResult.ADJOURNED,
    "adjourned": BoardResult.ADJOURNED,
    "1-0u": BoardResult.WHITE_WINS_UNRATED,
    "0-1u": BoardResult.BLACK_WINS_UNRATED,
    "1/2u": BoardResult.DRAW_UNRATED,
    "1/2-1/2u": BoardResult.DRAW_UNRATED,
    "½u": BoardResult.DRAW_UNRATED,
    "w-l": BoardResult.WHITE_WINS_UNRATED,
    "l-w": BoardResult.BLACK_WINS_UNRATED,
    "d-d": BoardResult.DRAW_UNRATED,
}


def parse_result(text: str) -> BoardResult:
    """The board result the arbiter typed; :class:`InputError` listing the valid forms otherwise."""
    key = text.strip().lower().replace(" ", "")
    try:
        return _ALIASES[key]
    except KeyError:
        valid = " ".join(r.value for r in BoardResult)
        raise InputError(
            _("unknown result {text!r}: use one of {valid}").format(text=text, valid=valid)
        ) from None


def board_result_from_codes(
    white: ResultCode | None, black: ResultCode | None, adjourned: bool = False
) -> BoardResult | None:
    """The board result stored as the two players' codes, ``None`` if pending or unusual.

    Unusual combinations (unrated ``W``/``L`` from an imported TRF) give ``None``; use
    :func:`result_text` to display them.
    """
    if white is None or black is None:
        return None
    if adjourned and (white, black) == (ResultCode.DRAW, ResultCode.DRAW):
        return BoardResult.ADJOURNED
    for result, codes in _CODES.items():
        if result is not BoardResult.ADJOURNED and codes == (white, black):
            return result
    return None


def result_text(white: ResultCode | None, black: ResultCode | None, adjourned: bool = False) -> str:
    """How the result sheet shows a board: ``1-0``, ``adj``, ``""`` when pending, ``W-L`` if unusual."""
    known = board_result_from_codes(white, black, adjourned)
    if known is not None:
        return known.value
    if white is None or black is None:
        return ""
    return f"{white.value.strip() or '?'}-{black.value.strip() or '?'}"
