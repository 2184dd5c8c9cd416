"""Round-robin standings: the withdrawal rule of GRC art. 6.6, the round-robin tie-breaks of
C.07 (Sonneborn-Berger, Koya with its limit modifiers, direct encounter, wins) and no
Buchholz for a round robin (FIDE's checklist, Q103-Q105)."""

from __future__ import annotations

from fractions import Fraction

from swissdesk.model.round_robin import excluded_from_standings
from swissdesk.model.tournament import ResultCode
from swissdesk.tiebreaks import (
    compute_standings,
    offered_tiebreaks,
    parse_tiebreak,
    tiebreak_problems,
)
from tests.engines.round_robin.support import rr_tournament

W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
FW, FL = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS


def leaves_after(player: int, last_played: int, base: ResultCode = D):
    """Results where ``player`` wins every game up to round ``last_played`` and then stops
    coming (his games forfeited); everyone else draws."""

    def result(rnd: int, white: int, black: int) -> ResultCode:
        if player in (white, black):
            if rnd > last_played:
                return FL if white == player else FW
            return W if white == player else L
        return base

    return result


def test_a_player_who_left_before_half_his_games_is_out_of_the_standings() -> None:
    """GRC art. 6.6: less than 50 % completed - his results stay in the table but are not
    counted in the final standings (nor are the points scored against him)."""
    # 6 players, 5 rounds: no. 6 plays the first two rounds (both won) and leaves.
    t = rr_tournament(6, played=5, result=leaves_after(6, 2))
    assert excluded_from_standings(t, 5) == {6}
    standings = compute_standings(t, ["SB"])
    assert standings.excluded == (6,)
    assert sorted(r.tpn for r in standings.rows) == [1, 2, 3, 4, 5]
    # Everyone else drew all games among themselves: 4 draws = 2 points each.
    assert {r.points for r in standings.rows} == {4}


def test_a_player_who_left_after_half_his_games_stays_with_forfeits() -> None:
    """GRC art. 6.6: 50 % or more completed - his results count, his unplayed games are
    forfeits (his opponents score them)."""
    t = rr_tournament(6, played=5, result=leaves_after(6, 3))
    assert excluded_from_standings(t, 5) == frozenset()
    standings = compute_standings(t, ["SB"])
    assert standings.excluded == () and len(standings.rows) == 6
    points = {r.tpn: r.points for r in standings.rows}
    assert points[6] == 6  # three wins
    opponents_by_forfeit = [tpn for tpn, p in points.items() if tpn != 6 and p == 1 * 2 + 4]
    assert len(opponents_by_forfeit) == 2


def test_the_exclusion_applies_from_the_round_the_player_left() -> None:
    t = rr_tournament(6, played=5, result=leaves_after(6, 2))
    assert excluded_from_standings(t, 2) == frozenset()
    assert compute_standings(t, ["SB"], after_round=2).excluded == ()


def test_round_robin_tiebreaks_values() -> None:
    """A 4-player round robin with known results: 1 beats everyone, 2 and 3 draw, both
    beat 4."""
    results = {
        frozenset((1, 2)): 1,
        frozenset((1, 3)): 1,
        frozenset((1, 4)): 1,
        frozenset((2, 3)): 0,
        frozenset((2, 4)): 2,
        frozenset((3, 4)): 3,
    }

    def result(rnd: int, white: int, black: int) -> ResultCode:
        winner = results[frozenset((white, black))]
        return D if winner == 0 else W if winner == white else L

    t = rr_tournament(4, played=3, result=result)
    standings = compute_standings(t, ["DE", "WIN", "SB", "KS", "KS/L+1", "KS/L-2"])
    rows = {r.tpn: {v.code: v.value for v in r.values} for r in standings.rows}
    assert [r.tpn for r in standings.rows][:1] == [1]
    # SB: 2 beat 4 (0 points: 0) and drew 3 (1.5 points: 0.75); 1 beat 2, 3 (1.5 each), 4.
    assert rows[2]["SB"] == rows[3]["SB"] == Fraction(3, 4)
    assert rows[1]["SB"] == 3
    # Koya: the limit is 1.5 of 3 points; 1 (3), 2 and 3 (1.5) reach it.
    assert rows[2]["KS"] == Fraction(1, 2)  # the draw with 3
    # /L+1 raises the limit to 2: only 1 qualifies; /L-2 lowers it to 0.5.
    assert rows[2]["KS/L+1"] == 0
    assert rows[4]["KS/L-2"] == 0 and rows[2]["KS/L-2"] == Fraction(1, 2)
    assert rows[2]["WIN"] == rows[3]["WIN"] == 1


def test_koya_limit_modifiers_parse_as_tec_reads_them() -> None:
    assert parse_tiebreak("KS/L+1").koya_shift == Fraction(1, 2)
    assert parse_tiebreak("KS/L-2").koya_shift == -1
    assert parse_tiebreak("KS/L+1.5").koya_shift == Fraction(3, 2)
    assert parse_tiebreak("KS/L-1").canonical == "KS/L-1"
    assert parse_tiebreak("KS/L60").koya_limit == 60


def test_buchholz_is_not_offered_for_a_round_robin() -> None:
    """FIDE's checklist Q105: Buchholz-type tie-breaks hidden in a round robin."""
    for system in ("round-robin", "scheveningen"):
        offered = offered_tiebreaks(system)
        assert not {"BH", "FB", "AOB"} & set(offered)
        assert {"DE", "WIN", "SB", "KS", "BPG", "BWG", "REP", "STD", "TPN", "RTNG"} <= set(offered)
        assert tiebreak_problems(system, ["SB", "BH/C1"])
    assert {"BH", "FB", "AOB"} <= set(offered_tiebreaks("dutch"))
    assert tiebreak_problems("dutch", ["BH/C1"]) == []


MANDATORY_ROUND_ROBIN = (
    "DE", "BPG", "BWG", "REP", "STD", "SB", "SB/C1", "SB/C2", "RTNG", "RTNG/R",
    "WIN", "TPN", "TPN/R", "KS", "KS/L+1", "KS/L+2", "KS/L-1", "KS/L-2",
)  # fmt: skip
"""The round-robin tie-breaks FIDE's checklist names as mandatory (Q104, as the public
transcription of the checklist lists them; the Koya limits written as TEC's server reads
them)."""


def test_every_mandatory_round_robin_tiebreak_is_computed() -> None:
    t = rr_tournament(7, cycles=2, played=14, result=leaves_after(7, 9))
    standings = compute_standings(t, MANDATORY_ROUND_ROBIN)
    assert standings.codes == MANDATORY_ROUND_ROBIN
    for row in standings.rows:
        assert all(v.value is not None for v in row.values if v.code != "DE"), row
    assert offered_tiebreaks("round-robin").keys() >= {
        code.split("/")[0] for code in MANDATORY_ROUND_ROBIN
    }
