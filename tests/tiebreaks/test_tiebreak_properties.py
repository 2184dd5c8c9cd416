"""Properties of the standings over random consistent Swiss tournaments (hypothesis)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from swissdesk.model.tournament import Colour, Player, ResultCode, RoundEntry, Tournament
from swissdesk.tiebreaks import compute_standings

R = ResultCode
_OPPOSITE = {R.WIN: R.LOSS, R.LOSS: R.WIN, R.DRAW: R.DRAW, R.FORFEIT_WIN: R.FORFEIT_LOSS}
_VOLUNTARY = {R.HALF_POINT_BYE, R.ZERO_POINT_BYE, R.NOT_PAIRED, R.FORFEIT_LOSS}


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    """2-10 players, 1-6 rounds, with requested byes, withdrawals, PABs and forfeits."""
    n = draw(st.integers(2, 10))
    rounds = draw(st.integers(1, 6))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    entries: dict[int, list[RoundEntry]] = {t: [] for t in range(1, n + 1)}
    withdrawn: set[int] = set()
    for _ in range(rounds):
        available = []
        for t in entries:
            x = rng.random()
            if t in withdrawn or x < 0.05:
                withdrawn.add(t)
                entries[t].append(RoundEntry.bye(R.NOT_PAIRED))
            elif x < 0.15:
                entries[t].append(RoundEntry.bye(rng.choice([R.HALF_POINT_BYE, R.ZERO_POINT_BYE])))
            elif x < 0.18:
                entries[t].append(RoundEntry.bye(R.FULL_POINT_BYE))
            else:
                available.append(t)
        rng.shuffle(available)
        if len(available) % 2:
            entries[available.pop()].append(RoundEntry.bye(R.PAIRING_ALLOCATED_BYE))
        for a, b in zip(available[::2], available[1::2], strict=True):
            result = rng.choice([R.WIN, R.DRAW, R.LOSS, R.WIN, R.DRAW, R.LOSS, R.FORFEIT_WIN])
            entries[a].append(RoundEntry(b, Colour.WHITE, result))
            entries[b].append(RoundEntry(a, Colour.BLACK, _OPPOSITE[result]))
    players = tuple(
        Player(tpn=t, name=f"P{t}", rating=rng.choice([0, *range(1200, 2800, 50)]), rounds=tuple(e))
        for t, e in entries.items()
    )
    return Tournament(players=players, total_rounds=rounds)


CODES = ["BH/C1", "BH", "SB", "DE", "ARO", "TPR", "PTP", "AOB", "FB", "KS", "PS", "WIN", "REP"]


def _table(t: Tournament, codes: list[str]) -> list[tuple[object, ...]]:
    rounds = max(len(p.rounds) for p in t.players)
    return [
        (r.rank_label, r.tpn, r.points, *(v.value for v in r.values))
        for r in compute_standings(t, codes, after_round=rounds).rows
    ]


def _adjusted(t: Tournament, rounds: int) -> dict[int, Fraction]:
    """Art. 16.3, written out independently: trailing requested byes count as draws."""
    out = {}
    for p in t.players:
        last_available = max(
            (i for i, e in enumerate(p.rounds, start=1) if e.result not in _VOLUNTARY), default=0
        )
        total = 0
        for i, e in enumerate(p.rounds[:rounds], start=1):
            late_bye = i > last_available and e.opponent is None
            total += t.scoring.draw if late_bye else t.scoring.points(e.result)
        out[p.tpn] = Fraction(total, 2)
    return out


@settings(max_examples=60, deadline=None)
@given(tournaments(), st.randoms())
def test_standings_do_not_depend_on_the_order_of_the_players(
    t: Tournament, rnd: random.Random
) -> None:
    shuffled = list(t.players)
    rnd.shuffle(shuffled)
    assert _table(t.with_players(shuffled), CODES) == _table(t, CODES)


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_buchholz_is_the_sum_of_opponents_adjusted_scores_plus_dummies(t: Tournament) -> None:
    rounds = max(len(p.rounds) for p in t.players)
    adjusted = _adjusted(t, rounds)
    cap = Fraction(t.scoring.draw * rounds, 2)
    standings = compute_standings(t, ["BH"], after_round=rounds)
    for row in standings.rows:
        own = Fraction(row.points, 2)
        expected = Fraction(0)
        for e in t.player(row.tpn).rounds:
            if e.played:
                expected += adjusted[e.opponent or 0]
            elif e.opponent is not None:  # forfeit, 16.4.1
                expected += min(own, adjusted[e.opponent])
            else:  # bye or absence, 16.4.2
                expected += min(own, cap)
        assert row.values[0].value == expected


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_a_player_with_no_unplayed_rounds_needs_no_dummy(t: Tournament) -> None:
    rounds = max(len(p.rounds) for p in t.players)
    adjusted = _adjusted(t, rounds)
    rows = compute_standings(t, ["BH", "SB"], after_round=rounds).rows
    for row in rows:
        entries = t.player(row.tpn).rounds
        if len(entries) != rounds or not all(e.played for e in entries):
            continue
        opponents = [(adjusted[e.opponent or 0], e.result) for e in entries]
        assert row.values[0].value == sum(a for a, _ in opponents)
        sb = sum(a * Fraction(t.scoring.points(res), 2) for a, res in opponents)
        assert row.values[1].value == sb


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_cuts_never_increase_buchholz(t: Tournament) -> None:
    rows = compute_standings(t, ["BH", "BH/C1", "BH/C2", "BH/M1"]).rows
    for row in rows:
        bh, c1, c2, m1 = (v.value for v in row.values)
        assert bh is not None and c1 is not None and c2 is not None and m1 is not None
        assert bh >= c1 >= c2 >= 0
        assert c1 >= m1
