"""An independent check of a Double-Swiss pairing's absolute criteria (C.04.5 art. 2.1).

Recomputed from the tournament's entries alone, sharing nothing with the engine's search:
every available player is paired exactly once (one PAB when the number is odd), nobody
absent is paired, no two players meet again after a match that did not end by forfeit
([C1]), no prohibited pair, and the PAB goes to nobody who had a PAB or an FPB or won a match
by forfeit ([C2]). A violation is a bug in the engine: :class:`CriteriaViolation`.
"""

from __future__ import annotations

from collections.abc import Sequence

from swissdesk.engines.base import Pair, RoundPairing
from swissdesk.engines.verify import appearances, raise_problems, roster_problems
from swissdesk.i18n import said
from swissdesk.model.tournament import ResultCode, Tournament


def double_swiss_problems(tournament: Tournament, pairing: RoundPairing) -> list[str]:
    """Every absolute-criterion violation of ``pairing``, as sentences for the arbiter (each a
    :class:`~swissdesk.i18n.Message`: English, worded for the reader where it is shown)."""
    rnd = pairing.round_number
    problems: list[str] = []
    met: dict[int, set[int]] = {}
    blocked: set[int] = set()
    available: set[int] = set()
    for p in tournament.players:
        met[p.tpn] = set()
        for e in p.rounds[: rnd - 1]:
            if e.result in (ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FULL_POINT_BYE):
                blocked.add(p.tpn)
            if e.opponent is None:
                continue
            codes = {g.result for g in e.games}
            if codes == {ResultCode.FORFEIT_WIN}:
                blocked.add(p.tpn)
            by_forfeit = codes in ({ResultCode.FORFEIT_WIN}, {ResultCode.FORFEIT_LOSS})
            if (e.games and not by_forfeit) or (not e.games and e.result.is_played):
                met[p.tpn].add(e.opponent)
        if len(p.rounds) < rnd:
            available.add(p.tpn)
    for pair in pairing.pairs:
        if pair.black in met.get(pair.white, set()):
            problems.append(
                said(
                    "[C1] {white} and {black} have already played a match",
                    white=pair.white,
                    black=pair.black,
                )
            )
        if frozenset((pair.white, pair.black)) in tournament.forbidden_pairs:
            problems.append(
                said(
                    "{white} and {black} must not be paired (prohibited pair)",
                    white=pair.white,
                    black=pair.black,
                )
            )
    if pairing.bye is not None and pairing.bye in blocked:
        problems.append(
            said(
                "[C2] player {player} gets the pairing-allocated bye but already had a PAB or "
                "FPB or won a match by forfeit",
                player=pairing.bye,
            )
        )
    problems += roster_problems(appearances(pairing), met, available, in_tpn_order=True)
    if (len(available) % 2 == 1) != (pairing.bye is not None):
        problems.append(said("the PAB does not match the parity of the players to pair"))
    return problems


def verify_double_swiss(tournament: Tournament, pairing: RoundPairing) -> None:
    """Raise :class:`CriteriaViolation` if ``pairing`` breaks an absolute criterion."""
    raise_problems(double_swiss_problems(tournament, pairing), pairing.round_number)


def absolute_criteria_warnings(
    tournament: Tournament, round_number: int, pairs: Sequence[Pair], bye: int | None
) -> tuple[str, ...]:
    """For a manual pairing change: each board breaking [C1] (a match already played, not
    ended by forfeit, or a prohibited pair) and a PAB breaking [C2] (C.04.5 art. 2.1); each a
    message worded in the reader's language where it is shown."""
    pairing = RoundPairing(round_number, tuple(pairs), bye)
    problems = double_swiss_problems(tournament, pairing)
    return tuple(p for p in problems if p.startswith("[C") or "prohibited" in p)
