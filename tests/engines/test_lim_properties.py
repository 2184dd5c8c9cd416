"""Random tournaments paired with the Lim system: no absolute criterion is ever broken.

A handful of small tournaments from the generator (forfeits, byes and withdrawals
included); every round is verified by the engine's independent check (art. 2.1, 5.1.1,
5.1.2, 6; C.04.1 art. 2-4), and ``check`` re-pairs the whole tournament identically.
"""

from __future__ import annotations

import pytest

from swissdesk.engines import get_engine
from swissdesk.engines.lim import LimEngine
from swissdesk.engines.lim.verify import lim_problems
from swissdesk.model.tournament import truncated
from swissdesk.verification.generator import GeneratorSettings, generate_tournament
from swissdesk.verification.pairings import check_tournament


@pytest.mark.parametrize(
    ("players", "rounds", "seed"), [(11, 5, 3), (16, 7, 8), (21, 7, 21), (30, 9, 37)]
)
def test_generated_lim_tournament_is_legal_and_checks_clean(
    players: int, rounds: int, seed: int
) -> None:
    engine = get_engine("lim")
    settings = GeneratorSettings(
        players=players,
        rounds=rounds,
        seed=seed,
        system="lim",
        forfeit_rate=0.05,
        bye_rate=0.05,
        withdraw_rate=0.02,
    )
    t = generate_tournament(settings, engine)
    for rnd in range(1, t.rounds_with_pairings + 1):
        before = truncated(t, rnd)
        assert lim_problems(before, engine.pair(before, rnd)) == []
    assert check_tournament(t, engine, None).agrees


def test_maxi_tournament_pairings_are_legal() -> None:
    """Art. 3.2.3, 3.8, 5.7 only choose among legal pairings."""
    engine = LimEngine(maxi=True)
    t = generate_tournament(GeneratorSettings(players=24, rounds=7, seed=5, system="lim"), engine)
    assert check_tournament(t, engine, None).agrees
