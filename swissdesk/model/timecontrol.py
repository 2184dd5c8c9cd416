"""The encoded time control of TRF-2026 record 222, and the rating type it implies.

Record 222 writes the time control as periods ``d[:d...]`` (or ``Wd-Bd`` for an Armageddon
game), each period ``M/S`` (M moves in S seconds), ``M/S+I``, ``S`` or ``S+I`` (I seconds
added per move): ``90'+30"`` is ``5400+30``, ``100' for 40 moves + 15' + 30" from move 1``
is ``40/6000+30:900+30``. FIDE rates a tournament as standard, rapid or blitz by the time
each player has for a game of 60 moves (FIDE Rating Regulations: blitz 10 minutes or less,
rapid more than 10 and less than 60 minutes, standard 60 minutes or more).
"""

from __future__ import annotations

import re

from swissdesk.i18n import _

TAG = "222"
_PERIOD = r"(?:\d+/)?\d+(?:\+\d+)?"
_PERIODS = rf"{_PERIOD}(?::{_PERIOD})*"
_CODE = re.compile(rf"^(?:{_PERIODS}|W{_PERIODS}-B{_PERIODS})$")
GAME_MOVES = 60
"""The game length FIDE's rating categories assume."""


def is_valid(code: str) -> bool:
    """Whether ``code`` follows the record 222 grammar."""
    return bool(_CODE.match(code.strip()))


def seconds_for_game(code: str) -> int:
    """Seconds one player has for a game of :data:`GAME_MOVES` moves (White's side of an
    Armageddon code). Raises ValueError for a code :func:`is_valid` refuses."""
    code = code.strip()
    if not is_valid(code):
        raise ValueError(_("not a TRF time control code: {code!r}").format(code=code))
    if code.startswith("W"):
        code = code[1:].split("-B", 1)[0]
    total = 0
    moves_done = 0
    periods = code.split(":")
    for index, period in enumerate(periods):
        moves = None
        if "/" in period:
            m, period = period.split("/", 1)
            moves = int(m)
        base, _plus, inc = period.partition("+")
        last = index == len(periods) - 1
        span = moves if moves is not None and not last else max(GAME_MOVES - moves_done, 0)
        if moves is not None and last:
            span = max(min(moves, GAME_MOVES - moves_done), 0)
        total += int(base) + int(inc or 0) * span
        moves_done += span
        if moves_done >= GAME_MOVES:
            break
    return total


def rating_type(code: str) -> str:
    """``"standard"``, ``"rapid"`` or ``"blitz"`` for a valid code."""
    seconds = seconds_for_game(code)
    if seconds <= 600:
        return "blitz"
    if seconds < 3600:
        return "rapid"
    return "standard"


def rating_type_of(code: str) -> str:
    """The rating type a tournament's time control code implies, ``"standard"`` when the
    code is missing or not valid (FIDE rates standard chess unless told otherwise)."""
    return rating_type(code) if code.strip() and is_valid(code) else "standard"


def from_records(records: list[str] | tuple[str, ...]) -> str:
    """The code held in a tournament's extra records (``""`` if none)."""
    for record in records:
        if record.startswith(TAG):
            return record[len(TAG) :].strip()
    return ""


def replace_in_records(records: list[str] | tuple[str, ...], code: str) -> tuple[str, ...]:
    """``records`` with record 222 set to ``code`` (removed when ``code`` is empty)."""
    kept = [r for r in records if not r.startswith(TAG)]
    return (*kept, f"{TAG} {code.strip()}") if code.strip() else tuple(kept)
