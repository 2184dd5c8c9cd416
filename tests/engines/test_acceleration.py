"""C.04.7 art. 1: the Baku Acceleration Method."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from swissdesk.engines.acceleration import (
    baku_group_a_size,
    baku_virtual_points,
    with_baku_acceleration,
)
from swissdesk.trf import read_trf
from tests.engines.corpus_support import CORPUS, corpus_cases


def test_art_1_2_group_a_161_participants_is_82() -> None:
    """The rule text's own example: 161 participants, GA holds 82."""
    assert baku_group_a_size(161) == 82
    assert baku_group_a_size(40) == 20
    assert baku_group_a_size(9) == 6


def test_art_1_4_4_example_nine_rounds() -> None:
    """Nine rounds: one virtual point in rounds 1-3, half a point in rounds 4-5."""
    assert baku_virtual_points(9, 2) == (2, 2, 2, 1, 1, 0, 0, 0, 0)


def test_art_1_4_4_example_eleven_rounds_team_matchpoints() -> None:
    """Eleven rounds, 2 MP a win: two virtual MP in rounds 1-3, one in rounds 4-6."""
    assert baku_virtual_points(11, 4) == (4, 4, 4, 2, 2, 2, 0, 0, 0, 0, 0)


BAKU = corpus_cases("baku")


@pytest.mark.skipif(not BAKU, reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})")
@pytest.mark.parametrize("path", BAKU[::23], ids=lambda p: p.stem)
def test_virtual_points_agree_with_reference_xxa_lines(path: Path) -> None:
    t = read_trf(path)
    computed = with_baku_acceleration(replace(t, acceleration={}))
    assert dict(computed.acceleration) == dict(t.acceleration)


def test_art_1_1_refuses_other_point_systems() -> None:
    from swissdesk.model.tournament import ScoringSystem, Tournament

    t = Tournament(players=(), total_rounds=9, scoring=ScoringSystem(win=6, draw=2))
    with pytest.raises(ValueError, match=r"C\.04\.7"):
        with_baku_acceleration(t)
