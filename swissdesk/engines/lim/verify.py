"""An independent check of the Lim system's absolute criteria, run after every pairing.

It shares no code with the engine's search; from the tournament alone it checks that:

* every available player is paired exactly once, or is the one PAB when the count is odd
  (C.04.1 art. 3), and nobody is paired who should not be (withdrawn, requested bye);
* the PAB goes to nobody who already had one or scored a win unplayed (C.04.1 art. 4);
* no two players meet twice after a played game, nor a pair the arbiter prohibited
  (art. 2.1, C.04.1 art. 2);
* no player gets the same colour a third time in a row or three more of one colour than
  the other (art. 2.1, 5.1.1, 5.1.2), except, in the last round, between two players with
  the same score (art. 6).
"""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing
from swissdesk.engines.verify import appearances, raise_problems, roster_problems
from swissdesk.model.state import build_states
from swissdesk.model.tournament import Colour, ResultCode, Tournament


def _had_bye_2003(tournament: Tournament, tpn: int, rnd: int) -> bool:
    """2003 handbook art. 8.2: a PAB, or a point won by default (forfeit), before."""
    player = tournament.player(tpn)
    codes = {ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FORFEIT_WIN}
    return any((e := player.entry(r)) is not None and e.result in codes for r in range(1, rnd))


def lim_problems(tournament: Tournament, pairing: RoundPairing, edition: str = "2026") -> list[str]:
    """Every violation of an absolute criterion of the Lim system in ``pairing``."""
    rnd = pairing.round_number
    states = build_states(tournament, rnd)
    available = sorted(t for t, s in states.items() if s.available)
    problems = roster_problems(appearances(pairing), states, available, in_tpn_order=True)
    if (len(available) % 2 == 1) != (pairing.bye is not None):
        problems.append("the pairing-allocated bye does not match the number of players")
    bye = pairing.bye
    if bye in states and (
        _had_bye_2003(tournament, bye, rnd)
        if edition == "2003"
        else states[bye].had_bye_or_unplayed_win
    ):
        problems.append(f"player {bye} gets a second bye or win without playing")
    last = tournament.total_rounds > 0 and rnd >= tournament.total_rounds
    for pair in pairing.pairs:
        w, b = states.get(pair.white), states.get(pair.black)
        if w is None or b is None:
            continue
        if pair.white == pair.black or pair.black in w.opponents:
            problems.append(f"{pair.white} and {pair.black} have already played each other")
        if frozenset((pair.white, pair.black)) in tournament.forbidden_pairs:
            problems.append(f"{pair.white} and {pair.black} must not be paired")
        if last and w.pairing_score == b.pairing_score:
            continue
        for tpn, st, colour in ((pair.white, w, Colour.WHITE), (pair.black, b, Colour.BLACK)):
            history = [*st.colours, colour]
            whites = history.count(Colour.WHITE)
            difference = 2 * whites - len(history)
            if abs(difference) >= 3 and abs(difference) > abs(st.colour_difference):
                problems.append(f"player {tpn} would have three more of one colour")
            if len(history) >= 3 and history[-1] is history[-2] is history[-3]:
                problems.append(f"player {tpn} would have the same colour three times running")
    return problems


def verify_lim(tournament: Tournament, pairing: RoundPairing, edition: str = "2026") -> None:
    """Raise :class:`CriteriaViolation` if ``pairing`` breaks an absolute criterion."""
    raise_problems(lim_problems(tournament, pairing, edition), pairing.round_number)
