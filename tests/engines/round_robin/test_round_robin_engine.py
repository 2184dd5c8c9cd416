"""The round-robin and Scheveningen engines behind the common contract, and the checks of
a round robin against its tables and of a round paired by hand."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from swissdesk.engines import get_engine, pair_round, system_tiebreaks
from swissdesk.engines.base import Pair
from swissdesk.engines.round_robin import schedule
from swissdesk.engines.round_robin.verify import (
    check_against_tables,
    hand_pairing_warnings,
)
from swissdesk.errors import InputError
from swissdesk.model.round_robin import SCHEVENINGEN, RoundRobinSettings
from swissdesk.model.tournament import Colour, ResultCode, RoundEntry
from tests.engines.round_robin.support import rr_tournament


@pytest.mark.parametrize("players", [3, 4, 9, 10, 24])
def test_engine_pairs_each_round_from_the_table(players: int) -> None:
    engine = get_engine("round-robin")
    t = rr_tournament(players, cycles=2)
    steps = schedule(players, RoundRobinSettings(2))
    for step in steps:
        played = rr_tournament(players, cycles=2, played=step.round_number - 1)
        pairing = engine.pair(played, explain=True)
        assert pairing.round_number == step.round_number
        assert pairing.pairs == step.pairs and pairing.bye == step.bye
        assert "Berger table" in pairing.explanation[0]
    assert t.total_rounds == len(steps)


def test_the_engine_pairs_withdrawn_and_absent_players_too() -> None:
    """The table is fixed: a player with a pre-set absence (or withdrawn) keeps his game,
    which the tournament file then scores as a forfeit (GRC art. 6.6)."""
    t = rr_tournament(6, played=2)
    absent = replace(
        t.players[2], rounds=(*t.players[2].rounds, RoundEntry.bye(ResultCode.NOT_PAIRED))
    )
    t = t.with_players([*t.players[:2], absent, *t.players[3:]])
    pairing = pair_round(t, 3, "round-robin")
    assert 3 in {x for p in pairing.pairs for x in (p.white, p.black)}
    assert pairing.pairs == schedule(6, RoundRobinSettings())[2].pairs


def test_round_robin_tiebreaks_offered_by_default_have_no_buchholz() -> None:
    codes = system_tiebreaks("round-robin")
    assert codes == ("DE", "WIN", "SB", "KS")


def test_engine_refuses_gaps_in_the_numbers_and_rounds_past_the_end() -> None:
    t = rr_tournament(5)
    with pytest.raises(InputError, match="no round 6"):
        pair_round(t, 6, "round-robin")
    gappy = t.with_players([replace(p, tpn=p.tpn + (p.tpn == 5)) for p in t.players])
    with pytest.raises(InputError, match="1 to 5 without gaps"):
        pair_round(gappy, 1, "round-robin")


def test_scheveningen_everyone_meets_the_other_team_once_and_alternates_colours() -> None:
    m = 4
    rounds = schedule(2 * m, RoundRobinSettings(2), system=SCHEVENINGEN)
    assert len(rounds) == 2 * m
    met: dict[frozenset[int], int] = {}
    colours: dict[int, list[str]] = {}
    for step in rounds:
        assert step.bye is None and len(step.pairs) == m
        for p in step.pairs:
            assert (p.white <= m) != (p.black <= m), "always team A against team B"
            met[frozenset((p.white, p.black))] = met.get(frozenset((p.white, p.black)), 0) + 1
            colours.setdefault(p.white, []).append("w")
            colours.setdefault(p.black, []).append("b")
    assert len(met) == m * m and set(met.values()) == {2}
    for seq in colours.values():
        assert all(a != b for a, b in itertools.pairwise(seq[:m]))
    t = rr_tournament(2 * m, system=SCHEVENINGEN)
    assert pair_round(t, 1, SCHEVENINGEN).pairs == rounds[0].pairs


def test_scheveningen_needs_two_teams_of_equal_size() -> None:
    with pytest.raises(InputError, match="two teams of the same size"):
        pair_round(
            rr_tournament(6, system=SCHEVENINGEN).with_players(rr_tournament(7).players),
            1,
            SCHEVENINGEN,
        )


def test_check_against_tables_accepts_the_tables_and_reports_a_change() -> None:
    t = rr_tournament(7, cycles=2, played=14)
    assert all(c.ok for c in check_against_tables(t))
    p1, p2 = t.players[0], t.players[1]
    r = 2  # round 2 of the table for 7/8: 1-2 on board 4
    e1, e2 = p1.rounds[r - 1], p2.rounds[r - 1]
    assert e1.opponent == 2 and e1.colour is Colour.WHITE
    flipped = t.with_players(
        [
            replace(
                p1, rounds=(*p1.rounds[: r - 1], replace(e1, colour=Colour.BLACK), *p1.rounds[r:])
            ),
            replace(
                p2, rounds=(*p2.rounds[: r - 1], replace(e2, colour=Colour.WHITE), *p2.rounds[r:])
            ),
            *t.players[2:],
        ]
    )
    checks = check_against_tables(flipped)
    assert [c.round_number for c in checks if not c.ok] == [2]
    assert "colours reversed" in checks[1].problems[0]


def test_hand_pairing_warnings_meetings_colours_and_three_in_a_row() -> None:
    """FIDE's checklist (Q101/Q102): a round robin paired by hand is checked so that everyone
    meets everyone once (twice), and nobody gets three colours in a row."""
    t = rr_tournament(4, played=2)  # round 1: 1-4 2-3; round 2: 4-3 1-2
    ok = hand_pairing_warnings(t, 3, (Pair(2, 4), Pair(3, 1)), None)
    assert ok == ()
    again = hand_pairing_warnings(t, 3, (Pair(1, 4), Pair(2, 3)), None)
    assert any("already met once" in w for w in again)
    double = rr_tournament(4, cycles=2, played=3)
    reversed_ok = hand_pairing_warnings(double, 4, (Pair(4, 1), Pair(3, 2)), None)
    assert not any("reverses" in w for w in reversed_ok)
    same = hand_pairing_warnings(double, 4, (Pair(1, 4), Pair(2, 3)), None)
    assert any("the next cycle reverses the colours" in w for w in same)
    three = hand_pairing_warnings(t, 3, (Pair(1, 3), Pair(4, 2)), None)
    assert any("White a third time in a row" in w for w in three)
    left = hand_pairing_warnings(t, 3, (Pair(2, 4),), None)
    assert any("not paired and no bye" in w for w in left)
