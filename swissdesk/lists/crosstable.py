"""The cells of the cross table (wall chart), as the printed page and the web pages show
them: the opponent's line number, the colour and the result (``12w1``: against line 12,
White, won), a bye with the points it scored.

Standard library only, below the reports and the venue (one computation for both).
"""

from __future__ import annotations

from swissdesk.i18n import _, pgettext
from swissdesk.lists.board_order import BYE_MARKS, GAME_MARKS, bye_mark
from swissdesk.model.tournament import Colour, ResultCode, RoundEntry, ScoringSystem

_RESULT_MARK = {**GAME_MARKS, ResultCode.NOT_PAIRED: ""}
_NO_OPPONENT = {**BYE_MARKS, ResultCode.NOT_PAIRED: "–"}


def round_cell(
    entry: RoundEntry | None, line_of: dict[int, int], scoring: ScoringSystem | None = None
) -> str:
    """The text of one round cell: opponent's line, colour, result (``12w1``, ``PAB``); a
    bye shows the points it scored under ``scoring``."""
    if entry is None:
        return ""
    if entry.opponent is None:
        mark = bye_mark(entry.result, scoring) if scoring is not None else None
        if mark:
            return mark
        shown = _NO_OPPONENT.get(entry.result, "")
        return _(shown) if shown and shown != "–" else shown
    colour = colour_letter(entry.colour)
    opponent = line_of.get(entry.opponent)
    where = str(opponent) if opponent is not None else f"#{entry.opponent}"
    if entry.games and entry.game_points is not None:
        # Double-Swiss (C.04.5): the match score; a match ended by forfeit marked + / -.
        forfeit = {ResultCode.FORFEIT_WIN: "+", ResultCode.FORFEIT_LOSS: "-"}.get(entry.result, "")
        colour = colour or colour_letter(
            Colour.WHITE if entry.scheduled_colour is Colour.WHITE else Colour.BLACK
        )
        return f"{where}{colour}{forfeit}{score_text(entry.game_points)}"
    return f"{where}{colour}{_RESULT_MARK.get(entry.result, '?')}"


def colour_letter(colour: Colour | None) -> str:
    """White's and Black's letter in a cell (``w``/``b``; ``b``/``n`` in French, ``w``/``s``
    in German...), empty for neither."""
    if colour is Colour.WHITE:
        return pgettext("colour letter in a cross-table cell", "w")
    if colour is Colour.BLACK:
        return pgettext("colour letter in a cross-table cell", "b")
    return ""


def score_text(value: int) -> str:
    """A score in half-points as printed lists show it: ``3``, ``3½``, ``½``, ``0``."""
    whole, half = divmod(abs(value), 2)
    sign = "-" if value < 0 else ""
    if half and whole == 0:
        return f"{sign}½"
    return f"{sign}{whole}{'½' if half else ''}"
