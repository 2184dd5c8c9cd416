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

A violation means a bug in the engine, so it raises :class:`CriteriaViolation`. The same
sentences tell the arbiter what a recorded round breaks (``swissdesk check``, an import's
warning): each is a :class:`~swissdesk.i18n.Message`, English where it is stored and worded
for the reader where it is shown (issue 38); they are made only when a rule is broken, never
in the pairing search.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping

from swissdesk.engines.base import CriteriaViolation, RoundPairing
from swissdesk.i18n import said, said_n
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
    absent: bool = False,
    in_tpn_order: bool = False,
) -> list[str]:
    """C.04.1 art. 3 (and each system's equivalent): every ``available`` entrant is paired
    exactly once (as a player or the PAB), and nobody else is: unknown entrants, entrants
    paired twice, entrants not to be paired this round (``absent``: say it is a bye or an
    absence)."""
    problems: list[str] = []
    to_pair = set(available)
    for tpn, count in sorted(seen.items()) if in_tpn_order else seen.items():
        if tpn not in entrants:
            problems.append(said("player {player} does not exist", player=tpn))
        elif count > 1:
            problems.append(
                said_n(
                    "player {player} is paired {count} time",
                    "player {player} is paired {count} times",
                    count,
                    player=tpn,
                    count=count,
                )
            )
        elif tpn not in to_pair:
            problems.append(
                said("player {player} is not to be paired this round (bye or absence)", player=tpn)
                if absent
                else said("player {player} is not to be paired this round", player=tpn)
            )
    missing = sorted(t for t in to_pair if t not in seen)
    if missing:
        problems.append(
            said("players not paired: {players}", players=", ".join(map(str, missing)))
        )
    return problems


def raise_problems(problems: list[str], round_number: int | None) -> None:
    """A violation is a bug in the engine: :class:`CriteriaViolation` listing them all
    (after ``round N:`` when a round is named)."""
    if problems:
        prefix = f"round {round_number}: " if round_number is not None else ""
        raise CriteriaViolation(prefix + "; ".join(problems))  # a bug report: English


def absolute_criteria_problems(
    tournament: Tournament, pairing: RoundPairing, *, check_colours: bool = True
) -> list[str]:
    """Every absolute-criterion violation in ``pairing``, as sentences for the arbiter."""
    rnd = pairing.round_number
    states = build_states(tournament, rnd)
    problems: list[str] = []
    available = [tpn for tpn, st in states.items() if st.available]
    problems = roster_problems(appearances(pairing), states, available, absent=True)
    if len(available) % 2 == 1 and pairing.bye is None:
        problems.append(said("odd number of players but no pairing-allocated bye"))
    if len(available) % 2 == 0 and pairing.bye is not None:
        problems.append(said("even number of players but a pairing-allocated bye was given"))
    if (
        pairing.bye is not None
        and pairing.bye in states
        and states[pairing.bye].had_bye_or_unplayed_win
    ):
        problems.append(
            said(
                "[C2] player {player} gets the pairing-allocated bye but already had one or "
                "scored a win without playing",
                player=pairing.bye,
            )
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
            problems.append(said("player {player} is paired with themself", player=pair.white))
            continue
        if pair.black in w.opponents:
            problems.append(
                said(
                    "[C1] {white} and {black} have already played each other",
                    white=pair.white,
                    black=pair.black,
                )
            )
        if frozenset((pair.white, pair.black)) in prohibited:
            problems.append(
                said(
                    "{white} and {black} must not be paired (prohibited pair)",
                    white=pair.white,
                    black=pair.black,
                )
            )
        topscorer = last_round and (2 * w.pairing_score > top or 2 * b.pairing_score > top)
        if (
            w.strength is PreferenceStrength.ABSOLUTE
            and b.strength is PreferenceStrength.ABSOLUTE
            and w.preference is b.preference
            and not topscorer
        ):
            problems.append(
                said(
                    "[C3] {white} and {black} both have an absolute preference for White",
                    white=pair.white,
                    black=pair.black,
                )
                if w.preference is not None and w.preference.value == "w"
                else said(
                    "[C3] {white} and {black} both have an absolute preference for Black",
                    white=pair.white,
                    black=pair.black,
                )
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
        return said(
            "player {player} would reach a colour difference of {difference}",
            player=tpn,
            difference=format(diff, "+d"),
        )
    last_two = st.colours[-2:]
    colour = "w" if gets_white else "b"
    if len(last_two) == 2 and all(c.value == colour for c in last_two):
        return said("player {player} would get the same colour three times in a row", player=tpn)
    return ""


def verify_absolute_criteria(tournament: Tournament, pairing: RoundPairing) -> None:
    """Raise :class:`CriteriaViolation` if ``pairing`` breaks an absolute criterion."""
    raise_problems(absolute_criteria_problems(tournament, pairing), pairing.round_number)
