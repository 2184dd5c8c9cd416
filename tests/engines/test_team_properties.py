"""Properties of the team engine: exactness of the identifier search, whole tournaments.

* ``lex_first_pairing`` (art. 3.6.2-3.6.4 by a matching oracle) equals the lexicographic
  weight encoding (penalty, then one bit per top member, then the bottom members' ranks)
  solved as one maximum-weight matching, on random brackets with illegal pairs;
* a few generated team tournaments (Type A, Type B, none; odd fields, so PABs) are paired
  round by round with no absolute criterion broken (the engine's verifier runs each time)
  and every team meets every opponent at most once.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from swissdesk.engines.team.engine import max_matching
from swissdesk.engines.team.lexfirst import lex_first_pairing

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_team import new_tournament, play


def _reference(n: int, pen: dict[tuple[int, int], int | None], top_pen: int) -> list[int] | None:
    bw = n.bit_length()
    id_bits = n + n * bw
    maxp = (top_pen + 1) * n + 1

    def weight(a: int, b: int) -> int:
        if a > b:
            a, b = b, a
        p = pen[a, b]
        if p is None:
            return 0
        return (
            ((maxp - p) << id_bits)
            + (1 << (n - 1 - a) << (n * bw))
            + ((n - b) << ((n - 1 - a) * bw))
        )

    mates = max_matching(list(range(n)), weight)
    return [mates[i] for i in range(n)] if len(mates) == n else None


@pytest.mark.parametrize("seed", range(8))
def test_art_3_6_lex_first_equals_the_weight_encoding(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.choice([2, 4, 6, 8, 10, 12])
        top_pen = rng.choice([0, 1, 3, 7])
        density = rng.choice([0.0, 0.2, 0.5])
        pen: dict[tuple[int, int], int | None] = {
            (i, j): None if rng.random() < density else rng.randint(0, top_pen)
            for i in range(n)
            for j in range(i + 1, n)
        }

        def penalty(i: int, j: int, table: dict[tuple[int, int], int | None] = pen) -> int | None:
            return table[i, j]

        assert lex_first_pairing(n, penalty) == _reference(n, pen, top_pen)


@pytest.mark.parametrize(("teams", "prefs"), [(13, "A"), (15, "B"), (11, "none")])
def test_generated_team_tournaments_keep_the_absolute_criteria(teams: int, prefs: str) -> None:
    rng = random.Random(teams)
    tournament = new_tournament(teams, 7, 5, prefs, seed=teams)
    for rnd in range(1, 8):
        tournament, _, _ = play(tournament, rnd, rng)
    for team in tournament.players:
        opponents = [e.opponent for e in team.rounds if e.opponent is not None]
        assert len(opponents) == len(set(opponents))
        assert sum(1 for e in team.rounds if e.opponent is None) <= 1  # at most one PAB
