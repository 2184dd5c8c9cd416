"""An independent check of the absolute criteria, run after every pairing.

It shares no code with the engines' search: it recomputes, from the tournament alone, that
the pairing is complete and respects C.04.1 art. 2-4 and C.04.3 art. 2.1 ([C1]-[C3]):

* every available player is paired exactly once, or is the one PAB when the count is odd;
* nobody is paired who should not be (withdrawn, requested bye, absent);
* no two players meet again after a played game ([C1]), nor a pair the arbiter prohibited;
* the PAB never goes to a player who already had one or scored a win's points unplayed
  ([C2]);
* non-topscorers with the same absolute colour preference do not meet ([C3]), and in
  general no colour difference beyond +-2 or third same colour in a row unless a topscorer
  is involved (C.04.1 art. 6-7) or the player's history leaves no colour within both.

A violation means a bug in the engine, so it raises :class:`CriteriaViolation`.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping

from swissdesk.engines.base import CriteriaViolation, RoundPairing
from swissdesk.model.state import PlayerState, PreferenceStrength, build_states
from swissdesk.model.tournament import Tournament


def appearances(pairing: RoundPairing) -> dict[int, int]:
    """How often each TPN stands in ``pairing`` (boards first, then the PAB)."""
    seen: dict[int, int] = {}
    for pair in pairing.pairs:
        for tpn in (pair.white, pair.black):
            seen[tpn] = seen.get(tpn, 0) + 1
    if pairing.bye is not None:
        seen[pairing.bye] = seen.get(pairing.bye, 0) + 1
    return seen


def roster_problems(
    seen: Mapping[int, int],
    entrants: Container[int],
    available: Iterable[int],
    *,
    absent: str = "",
    in_tpn_order: bool = False,
) -> list[str]:
    """C.04.1 art. 3 (and each system's equivalent): every ``available`` entrant is paired
    exactly once (as a player or the PAB), and nobody else is: unknown entrants, entrants
    paired twice, entrants not to be paired this round (``absent`` explains why)."""
    problems: list[str] = []
    to_pair = set(available)
    for tpn, count in sorted(seen.items()) if in_tpn_order else seen.items():
        if tpn not in entrants:
            problems.append(f"player {tpn} does not exist")
        elif count > 1:
            problems.append(f"player {tpn} is paired {count} times")
        elif tpn not in to_pair:
            problems.append(f"player {tpn} is not to be paired this round{absent}")
    missing = sorted(t for t in to_pair if t not in seen)
    if missing:
        problems.append(f"players not paired: {', '.join(map(str, missing))}")
    return problems


def raise_problems(problems: list[str], round_number: int | None) -> None:
    """A violation is a bug in the engine: :class:`CriteriaViolation` listing them all
    (after ``round N:`` when a round is named)."""
    if problems:
        prefix = f"round {round_number}: " if round_number is not None else ""
        raise CriteriaViolation(prefix + "; ".join(problems))


def absolute_criteria_problems(
    tournament: Tournament, pairing: RoundPairing, *, check_colours: bool = True
) -> list[str]:
    """Every absolute-criterion violation in ``pairing``, as sentences for the arbiter."""
    rnd = pairing.round_number
    states = build_states(tournament, rnd)
    problems: list[str] = []
    available = [tpn for tpn, st in states.items() if st.available]
    problems = roster_problems(appearances(pairing), states, available, absent=" (bye or absence)")
    if len(available) % 2 == 1 and pairing.bye is None:
        problems.append("odd number of players but no pairing-allocated bye")
    if len(available) % 2 == 0 and pairing.bye is not None:
        problems.append("even number of players but a pairing-allocated bye was given")
    if (
        pairing.bye is not None
        and pairing.bye in states
        and states[pairing.bye].had_bye_or_unplayed_win
    ):
        problems.append(
            f"[C2] player {pairing.bye} gets the pairing-allocated bye but already had one "
            "or scored a win without playing"
        )
    prohibited = tournament.forbidden_pairs
    played = rnd - 1
    top = played * max(tournament.scoring.win, tournament.scoring.draw)
    last_round = tournament.total_rounds > 0 and played >= tournament.total_rounds - 1
    for pair in pairing.pairs:
        w, b = states.get(pair.white), states.get(pair.black)
        if w is None or b is None:
            continue
        if pair.white == pair.black:
            problems.append(f"player {pair.white} is paired with themself")
            continue
        if pair.black in w.opponents:
            problems.append(f"[C1] {pair.white} and {pair.black} have already played each other")
        if frozenset((pair.white, pair.black)) in prohibited:
            problems.append(f"{pair.white} and {pair.black} must not be paired (prohibited pair)")
        topscorer = last_round and (2 * w.pairing_score > top or 2 * b.pairing_score > top)
        if (
            w.strength is PreferenceStrength.ABSOLUTE
            and b.strength is PreferenceStrength.ABSOLUTE
            and w.preference is b.preference
            and not topscorer
        ):
            problems.append(
                f"[C3] {pair.white} and {pair.black} both have an absolute preference for "
                f"{'White' if w.preference is not None and w.preference.value == 'w' else 'Black'}"
            )
        if check_colours and not topscorer:
            for tpn, st, gets_white in ((pair.white, w, True), (pair.black, b, False)):
                own = _colour_problem(tpn, st, gets_white)
                # A history that leaves no colour within the rules (e.g. BBBBWW, which only
                # manual pairings make) is not the engine's fault: the colour difference
                # decides there (C.04.3 art. 1.7.1 reads it first), as in bbpPairings.
                if own and not _colour_problem(tpn, st, not gets_white):
                    problems.append(own)
    return problems


def _colour_problem(tpn: int, st: PlayerState, gets_white: bool) -> str:
    """What giving ``st`` White (or Black) would break of C.04.1 art. 6-7, or ``""``."""
    diff = st.colour_difference + (1 if gets_white else -1)
    if abs(diff) > 2 and abs(diff) > abs(st.colour_difference):
        return f"player {tpn} would reach a colour difference of {diff:+d}"
    last_two = st.colours[-2:]
    colour = "w" if gets_white else "b"
    if len(last_two) == 2 and all(c.value == colour for c in last_two):
        return f"player {tpn} would get the same colour three times in a row"
    return ""


def verify_absolute_criteria(tournament: Tournament, pairing: RoundPairing) -> None:
    """Raise :class:`CriteriaViolation` if ``pairing`` breaks an absolute criterion."""
    raise_problems(absolute_criteria_problems(tournament, pairing), pairing.round_number)
