"""The 1992 rating-based Swiss engine: players (A2-A8), procedure (C), colours (E), board
order (F1) and an independent check of the absolute criteria B1/B2."""

from __future__ import annotations

from swissdesk.engines.base import CriteriaViolation, NoValidPairing, Pair, RoundPairing
from swissdesk.engines.rating1992.colours import allocate
from swissdesk.engines.rating1992.players import Player92, build_players
from swissdesk.engines.rating1992.procedure import Driver, GaveUp
from swissdesk.model.tournament import Colour, Tournament


def pair_1992(tournament: Tournament, round_number: int) -> tuple[RoundPairing, list[str]]:
    """Pair ``round_number``: the procedure C1-C14, E1-E4, then F1's board order."""
    players = build_players(tournament, round_number)
    if not players:
        return RoundPairing(round_number, ()), []
    driver = Driver(players)
    try:
        pairs, bye = driver.run()
    except GaveUp as exc:
        raise NoValidPairing(*exc.args) from None  # a whole sentence that remembers its words
    boards: list[tuple[Player92, Player92]] = []
    for x, y in pairs:
        hi, lo = (x, y) if x.rank < y.rank else (y, x)
        boards.append((hi, lo))
    # F1: score of the higher player, sum of the scores, A2 rank of the higher player.
    boards.sort(key=lambda pr: (-pr[0].score, -(pr[0].score + pr[1].score), pr[0].rank))
    out = []
    for hi, lo in boards:
        white, black = allocate(hi, lo, tournament.initial_colour)
        if not (white.b2_allows(Colour.WHITE) and black.b2_allows(Colour.BLACK)):
            # B2 is absolute: a history A7a cannot read (e.g. CD < 0 after two Whites)
            # gets the colour B2 leaves (the pair's B2 compatibility was checked in C1/C6).
            white, black = black, white
        out.append(Pair(white.tpn, black.tpn))
    pairing = RoundPairing(round_number, tuple(out), bye.tpn if bye is not None else None)
    verify_b1_b2(players, pairing)
    return pairing, driver.log


def b1_b2_problems(players: list[Player92], pairing: RoundPairing) -> list[str]:
    """B1 and B2 recomputed from the players alone (the procedure's search is not used)."""
    by_id = {p.tpn: p for p in players}
    problems: list[str] = []
    seen: list[int] = []
    for pr in pairing.pairs:
        seen += [pr.white, pr.black]
        w, b = by_id.get(pr.white), by_id.get(pr.black)
        if w is None or b is None:
            problems.append(f"{pr.white}-{pr.black}: a player not to be paired is paired")
            continue
        if b.tpn in w.opponents:
            problems.append(f"{w.tpn}-{b.tpn}: they have met before (B1a)")
        for p, c in ((w, Colour.WHITE), (b, Colour.BLACK)):
            if not p.b2_allows(c):
                problems.append(f"{p.tpn}: colour {c.value} breaks B2")
    if pairing.bye is not None:
        seen.append(pairing.bye)
        q = by_id.get(pairing.bye)
        if q is None or not q.bye_ok:
            problems.append(f"{pairing.bye}: may not receive the bye (B1b)")
    if sorted(seen) != sorted(by_id) or len(set(seen)) != len(seen):
        problems.append("not every available player is paired exactly once")
    return problems


def verify_b1_b2(players: list[Player92], pairing: RoundPairing) -> None:
    """Raise :class:`CriteriaViolation` if the pairing breaks an absolute criterion."""
    problems = b1_b2_problems(players, pairing)
    if problems:
        raise CriteriaViolation("; ".join(problems))
