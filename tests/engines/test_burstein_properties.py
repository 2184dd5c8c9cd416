"""Property tests of the Burstein engine over random tournaments (C.04.4.2).

Tournaments come from ``swissdesk.verification.generator`` paired with the Burstein engine (so every
round already went through the independent verifier). For each: no absolute criterion is
broken in any round ([C1]-[C3], C.04.1 art. 2-4, checked again here), and ``check`` re-pairs
every round identically.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.engines.verify import absolute_criteria_problems
from swissdesk.errors import NoPairingError
from swissdesk.model.tournament import Tournament, truncated
from swissdesk.trf import format_trf, read_trf
from swissdesk.verification.generator import GeneratorSettings, generate_tournament
from swissdesk.verification.pairings import check_tournament


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=7, max_value=40),
    rounds=st.integers(min_value=3, max_value=11),
    seed=st.integers(min_value=0, max_value=10**6),
    bye_rate=st.sampled_from([0.0, 0.03, 0.12]),
    forfeit_rate=st.sampled_from([0.0, 0.02, 0.08]),
    withdraw_rate=st.sampled_from([0.0, 0.01, 0.04]),
)
def test_random_burstein_tournaments_break_no_absolute_criterion_and_check_clean(
    players: int, rounds: int, seed: int, bye_rate: float, forfeit_rate: float, withdraw_rate: float
) -> None:
    engine = get_engine("burstein")
    generator = GeneratorSettings(
        players=players,
        rounds=rounds,
        seed=seed,
        system="burstein",
        bye_rate=bye_rate,
        forfeit_rate=forfeit_rate,
        withdraw_rate=withdraw_rate,
    )
    try:
        t = generate_tournament(generator, engine)
    except NoPairingError:
        return  # a small field ran out of legal opponents: the arbiter decides (art. 1.9.3)
    for r in range(1, rounds + 1):
        before = truncated(t, r)
        assert absolute_criteria_problems(before, engine.pair(before, r)) == []
    report = check_tournament(t, engine)
    assert report.agrees, report.summary()


def test_cli_generate_then_check_with_system_burstein(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``swissdesk generate|check|pair --system burstein`` and TRF record 192 both ways."""
    out = tmp_path / "b.trf"
    args = ["generate", "--system", "burstein", "--players", "17", "--rounds", "7"]
    assert main([*args, "--seed", "3", "-o", str(out)]) == 0
    assert "BURSTEIN" in out.read_text(encoding="utf-8")
    assert main(["check", str(out), "--system", "burstein", "-q"]) == 0
    t = read_trf(out)
    assert t.system == "burstein"
    cut = tmp_path / "cut.trf"
    cut.write_text(format_trf(truncated(t, 6)), encoding="utf-8")
    capsys.readouterr()
    assert main(["pair", str(cut), "--system", "burstein", "--explain"]) == 0
    printed = capsys.readouterr()
    assert printed.out == engine_text(truncated(t, 6))
    assert "Bracket " in printed.err


def engine_text(t: Tournament) -> str:
    return get_engine("burstein").pair(t).to_text()
