"""An independent check of the absolute criteria of a team round-pairing (C.04.6 art. 2.1).

It recomputes from the tournament alone, sharing nothing with the engine's search, that

* every available team is paired exactly once, or is the one PAB when the count is odd
  (art. 3.3.1), and no team is paired that is not to be paired (pre-set bye, absence);
* no two teams meet again after a played match ([C1]; a forfeited match may be repeated),
  nor a pair the arbiter prohibited;
* the PAB does not go to a team that had a PAB, a full-point bye or won a match by forfeit
  ([C2]).

Team colours are never absolute (art. 0), so no colour is checked. A violation is a bug:
:class:`CriteriaViolation`.
"""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing
from swissdesk.engines.verify import raise_problems
from swissdesk.model.tournament import ResultCode, Tournament

_BLOCKING = frozenset(
    {ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FULL_POINT_BYE, ResultCode.FORFEIT_WIN}
)


def team_pairing_problems(tournament: Tournament, pairing: RoundPairing) -> list[str]:
    """Every absolute-criterion violation in ``pairing``, as sentences for the arbiter."""
    rnd = pairing.round_number
    problems: list[str] = []
    available: set[int] = set()
    met: dict[int, set[int]] = {}
    blocked: set[int] = set()
    for team in tournament.players:
        if team.entry(rnd) is None:
            available.add(team.tpn)
        seen = met.setdefault(team.tpn, set())
        for r in range(1, rnd):
            entry = team.entry(r)
            if entry is None:
                continue
            if entry.result in _BLOCKING:
                blocked.add(team.tpn)
            if entry.opponent is not None and entry.result.is_played:
                seen.add(entry.opponent)
    count: dict[int, int] = {}
    for pair in pairing.pairs:
        for t in (pair.white, pair.black):
            count[t] = count.get(t, 0) + 1
        if pair.black in met.get(pair.white, set()):
            problems.append(f"teams {pair.white} and {pair.black} already met ([C1])")
        if frozenset((pair.white, pair.black)) in tournament.forbidden_pairs:
            problems.append(f"teams {pair.white} and {pair.black} must not meet")
    if pairing.bye is not None:
        count[pairing.bye] = count.get(pairing.bye, 0) + 1
        if pairing.bye in blocked:
            problems.append(f"team {pairing.bye} may not receive the PAB again ([C2])")
    for t, k in sorted(count.items()):
        if k > 1:
            problems.append(f"team {t} is paired {k} times")
        if t not in available:
            problems.append(f"team {t} is paired but is not to be paired this round")
    for t in sorted(available - set(count)):
        problems.append(f"team {t} is left unpaired")
    if len(available) % 2 == 0 and pairing.bye is not None:
        problems.append("a PAB was given although the number of teams is even")
    return problems


def verify_team_pairing(tournament: Tournament, pairing: RoundPairing) -> None:
    """Raise :class:`CriteriaViolation` if ``pairing`` breaks an absolute criterion."""
    raise_problems(team_pairing_problems(tournament, pairing), None)
