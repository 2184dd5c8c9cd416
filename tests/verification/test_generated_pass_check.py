"""Property (C.02 Q31): every tournament ``swissdesk generate`` makes follows the pairing rules
and the tie-break list it declares, so ``swissdesk check`` accepts it (exit code 0).

Every option is left unset except the size (kept small so the suite stays quick), so the
generator draws byes of every kind, forfeits, unusual results, Baku, the tie-break list and
the ratings; the seeds are fixed, so each run checks the same tournaments.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.errors import NoPairingError
from swissdesk.verification.generator import GeneratorOptions, settings_for

DUTCH_SEEDS = range(1, 13)
OTHER_SYSTEMS = ("dubov", "burstein", "lim", "double-swiss", "rating1992")


def size(seed: int) -> tuple[str, str]:
    rng = random.Random(seed)
    players = rng.randint(9, 36)
    return str(players), str(rng.randint(3, min(9, players // 2)))


@pytest.mark.parametrize("seed", DUTCH_SEEDS)
def test_q31_every_generated_dutch_tournament_passes_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    players, rounds = size(seed)
    out = tmp_path / "g.trf"
    argv = ["generate", "--seed", str(seed), "--players", players, "--rounds", rounds]
    assert main([*argv, "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["check", "-q", str(out)]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("system", OTHER_SYSTEMS)
@pytest.mark.parametrize("seed", (101, 102))
def test_q31_generated_tournaments_of_every_system_pass_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, seed: int
) -> None:
    players, rounds = size(seed)
    out = tmp_path / "g.trf"
    argv = ["generate", "--system", system, "--seed", str(seed), "--players", players]
    code = main([*argv, "--rounds", rounds, "-o", str(out)])
    if code == 1:  # the system's own procedure found no legal pairing in a round
        assert "cannot be paired" in capsys.readouterr().err
        pytest.skip(f"{system}: a round of seed {seed} has no legal pairing")
    assert code == 0
    capsys.readouterr()
    assert main(["check", "-q", str(out)]) == 0, capsys.readouterr().out


def test_the_unset_size_is_drawn_within_its_ranges() -> None:
    for seed in range(40):
        settings = settings_for(GeneratorOptions(seed=seed))
        assert 8 <= settings.players <= 120
        assert 3 <= settings.rounds <= min(11, max(3, settings.players // 2))


def test_an_unpairable_round_is_an_error_not_a_file(tmp_path: Path) -> None:
    """Four players cannot play five rounds without a rematch: exit code 1, no file."""
    out = tmp_path / "g.trf"
    argv = ["generate", "--players", "4", "--rounds", "5", "--seed", "1", "-o", str(out)]
    assert main(argv) == 1
    assert not out.exists()
    with pytest.raises(NoPairingError):
        from swissdesk.engines import get_engine
        from swissdesk.verification.generator import generate_tournament

        generate_tournament(
            settings_for(GeneratorOptions(seed=1, players=4, rounds=5)), get_engine("dutch")
        )
