"""The development coefficient K (FIDE Rating Regulations art. 8.3.3; rapid and blitz
art. 7.3.3, the same text).

K comes, in this order, from the arbiter, from the imported FIDE rating list (its ``K``
column for the tournament's rating type: FIDE's own K, which already knows the player's
history), or from the rules of art. 8.3.3 applied to what swissdesk knows: the rating, the
number of rated games before the event (for the 30-game rule; the rating list does not
publish it: its ``games`` column counts the games of one rating period only), the year of
birth and the event's year. A player who once reached 2400 and has dropped below it keeps
K = 10 (art. 8.3.3): swissdesk only knows that from the list or the arbiter.

Then the last sentence of art. 8.3.3 caps K so that K x n <= 700, n being the player's
rated games in this event (the regulation counts the games of the whole rating period;
other events of the same period are not known here).
"""

from __future__ import annotations

from dataclasses import dataclass

from swissdesk.elo import regulations as reg
from swissdesk.i18n import Message, said, said_n


@dataclass(frozen=True, slots=True)
class KFactor:
    """The K used for a player and why (the arbiter reads ``reason`` on the player card)."""

    value: int
    reason: str
    """English (stored, ``--json``), and a :class:`~swissdesk.i18n.Message` where made here:
    the window, the PDF and the command line word it in their reader's language."""
    source: str
    """``arbiter``, ``list`` or ``rules``."""


def year_of(date: str) -> int | None:
    """The year of a ``YYYY/MM/DD``, ``YYYY-MM-DD`` or ``YYYY`` date (``None`` if none)."""
    text = date.strip()
    if len(text) >= 4 and text[:4].isdigit() and text[:4] != "0000":
        return int(text[:4])
    return None


def development_coefficient(
    rating: int,
    *,
    given: int | None = None,
    given_source: str = "",
    rated_games: int | None = None,
    birth_year: int | None = None,
    event_year: int | None = None,
    games_in_event: int = 0,
) -> KFactor:
    """K for a rated player (art. 8.3.3).

    ``given`` is a K set by the arbiter or read from the rating list (``given_source`` says
    which: ``"arbiter"`` or a list name such as ``"rating list 2026-11"``). Otherwise:

    * 40 for a player new to the list until 30 rated games are completed (``rated_games``);
    * 40 until the end of the year of the 18th birthday while the rating is under 2300;
    * 10 once the rating has reached 2400;
    * 20 otherwise.

    Finally K is lowered to the largest whole number with K x ``games_in_event`` <= 700.
    """
    reason: Message
    if given is not None:
        value = given
        source = "arbiter" if given_source == "arbiter" else "list"
        if source == "arbiter":
            reason = said("set by the arbiter")
        elif given_source in ("", "rating list"):
            reason = said("from the rating list")
        else:
            reason = said("from the {list}", list=given_source)
    else:
        source = "rules"
        junior = (
            birth_year is not None
            and event_year is not None
            and event_year <= birth_year + reg.JUNIOR_AGE
        )
        if rated_games is not None and rated_games < reg.NEW_PLAYER_GAMES:
            value = reg.K_NEW
            reason = said_n(
                "new player: {n} rated game before this event",
                "new player: {n} rated games before this event",
                rated_games,
                n=rated_games,
            )
        elif junior and rating < reg.JUNIOR_BELOW:
            value = reg.K_JUNIOR
            reason = said("junior (born {year}) rated under 2300", year=birth_year)
        elif rating >= 2400:
            value, reason = reg.K_FROM_2400, said("rated 2400 or more")
        elif rated_games is None:
            value = reg.K_BELOW_2400
            reason = said("rated under 2400 (number of rated games not known: 30 or more assumed)")
        else:
            value, reason = reg.K_BELOW_2400, said("rated under 2400")
    if games_in_event and value * games_in_event > reg.K_TIMES_GAMES_MAXIMUM:
        capped = reg.K_TIMES_GAMES_MAXIMUM // games_in_event
        reason = said_n(
            "{reason}; {value} x {games} game > 700, so K = {capped}",
            "{reason}; {value} x {games} games > 700, so K = {capped}",
            games_in_event,
            reason=reason,
            value=value,
            games=games_in_event,
            capped=capped,
        )
        value = capped
    return KFactor(value, reason, source)
