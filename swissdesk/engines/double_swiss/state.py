"""What the Double-Swiss pairing reads of each player before a round (C.04.5 art. 1).

Every round entry with an opponent is a two-game match. A match *ended by forfeit* (a player
forfeited both games, C.04.5 preface) is not a played match: it may be repeated, it gives no
colour, and nobody floated in it. A match with one single forfeited game is regularly played.
Byes apply to matches. Scores are the sum of game points (half-points), byes valued per match.
"""

from __future__ import annotations

from dataclasses import dataclass

from swissdesk.model.tournament import Colour, HalfPoints, ResultCode, Tournament


@dataclass(frozen=True, slots=True)
class DSPlayer:
    """One player's pairing data before the round being paired."""

    tpn: int
    score: HalfPoints
    """Match scores and byes of the completed rounds (half-points)."""
    pairing_score: HalfPoints
    """``score`` plus Baku virtual points for this round (C.04.7); what brackets use."""
    opponents: frozenset[int]
    """Opponents met in matches that did not end by forfeit ([C1])."""
    pab_blocked: bool
    """Had a PAB or an FPB, or won a match by forfeit ([C2], readings D-C2-FPB, D-DS-FORFEIT)."""
    played_matches: int
    """Matches that did not end by forfeit (art. 3.4.3, reading D-PLAYED)."""
    colours: tuple[Colour, ...]
    """Colour of each played match with at least one game played (art. 1.6), oldest first."""
    floated_previous: bool
    """Played, in the previous round, an opponent with another score (art. 1.5, D-FLOAT)."""
    available: bool

    @property
    def whites(self) -> int:
        return sum(1 for c in self.colours if c is Colour.WHITE)


def build_players(tournament: Tournament, round_number: int) -> dict[int, DSPlayer]:
    """Every participant's :class:`DSPlayer` before ``round_number`` is paired."""
    done = round_number - 1
    scores: dict[int, list[HalfPoints]] = {}
    for p in tournament.players:
        running = 0
        seq = [0]
        for r in range(1, done + 1):
            e = p.entry(r)
            if e is not None:
                running += tournament.entry_points(e)
            seq.append(running)
        scores[p.tpn] = seq

    def pairing_score_before(tpn: int, r: int) -> HalfPoints:
        return scores[tpn][r - 1] + tournament.acceleration_for(tpn, r)

    out: dict[int, DSPlayer] = {}
    for p in tournament.players:
        opponents: set[int] = set()
        colours: list[Colour] = []
        blocked = False
        played = 0
        floated = False
        for r in range(1, done + 1):
            e = p.entry(r)
            if e is None:
                continue
            if e.result in (ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FULL_POINT_BYE):
                blocked = True
            if e.opponent is None:
                continue
            if e.result is ResultCode.FORFEIT_WIN:
                blocked = True
            if not e.result.is_played:
                continue
            opponents.add(e.opponent)
            played += 1
            if e.colour is not None and (not e.games or any(g.result.is_played for g in e.games)):
                colours.append(e.colour)  # art. 1.6: a colour needs a game actually played
            if r == done and e.opponent in scores:
                floated = pairing_score_before(p.tpn, r) != pairing_score_before(e.opponent, r)
        score = scores[p.tpn][done]
        out[p.tpn] = DSPlayer(
            tpn=p.tpn,
            score=score,
            pairing_score=score + tournament.acceleration_for(p.tpn, round_number),
            opponents=frozenset(opponents),
            pab_blocked=blocked,
            played_matches=played,
            colours=tuple(colours),
            floated_previous=floated,
            available=p.entry(round_number) is None,
        )
    return out
