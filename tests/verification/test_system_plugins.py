"""A system plugs in its own check and generator (a round robin is checked against its tables
and generated from them, not re-paired): dispatch by system name."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest
from verification_support import generated

from swissdesk.engines import get_engine
from swissdesk.engines.base import PairingEngine
from swissdesk.errors import InputError
from swissdesk.model.tournament import Tournament
from swissdesk.verification import check as check_module
from swissdesk.verification import generator as generator_module
from swissdesk.verification import load_systems
from swissdesk.verification.check import check_file, register_pairing_checker
from swissdesk.verification.generator import (
    Generator,
    GeneratorOptions,
    GeneratorSettings,
    generate_trf,
    register_generator,
    settings_for,
)
from swissdesk.verification.pairings import Discrepancy, PairingsReport, RoundCheck

SYSTEM = "test-tables"


@pytest.fixture(autouse=True)
def clean_registries() -> Iterator[None]:
    yield
    check_module._PAIRING_CHECKERS.pop(SYSTEM, None)
    generator_module._GENERATORS.pop(SYSTEM, None)


def test_a_registered_pairing_check_is_used_for_its_system_only() -> None:
    seen: list[str] = []

    def by_table(
        t: Tournament, engine: PairingEngine, rounds: Iterable[int] | None
    ) -> PairingsReport:
        seen.append(engine.name)
        wrong = Discrepancy("pair", "round 1 is not the table's round 1", (1, 2))
        return PairingsReport((RoundCheck(1, (wrong,)),))

    register_pairing_checker(SYSTEM, by_table)
    t = generated(1, players=8, rounds=3)
    report = check_file(t, get_engine("dutch"), system=SYSTEM)
    assert seen == ["dutch"] and report.system == SYSTEM
    assert report.exit_code == 1
    assert report.to_json()["rounds"][0]["discrepancies"][0]["kind"] == "pair"
    assert check_file(t, get_engine("dutch")).exit_code == 0  # the Dutch check is untouched


def test_a_registered_generator_makes_its_system_and_takes_only_its_options() -> None:
    def from_tables(settings: GeneratorSettings, engine: PairingEngine, version: str) -> str:
        return f"012 tables {settings.players} {settings.rounds} {version}\n"

    register_generator(SYSTEM, Generator(from_tables, frozenset({"players", "rounds"})))
    settings = settings_for(GeneratorOptions(seed=3, system=SYSTEM, players=6))
    assert settings.drawn == ("rounds",)
    assert generate_trf(settings, get_engine("dutch")) == f"012 tables 6 {settings.rounds} 2026\n"
    with pytest.raises(InputError, match="does not take --baku"):
        settings_for(GeneratorOptions(seed=3, system=SYSTEM, baku=True))


def test_a_round_robin_is_generated_only_by_a_generator_of_its_own() -> None:
    """The Swiss generator would pair a round robin round by round with random rounds and
    Buchholz tie-breaks: without a registered generator ``generate`` refuses it."""
    load_systems()  # the systems' own registrations first, so that the one taken out stays out
    saved = generator_module._GENERATORS.pop("scheveningen", None)
    try:
        with pytest.raises(InputError, match="does not make random scheveningen"):
            settings_for(GeneratorOptions(seed=1, system="scheveningen", players=6))

        def tables(settings: GeneratorSettings, engine: PairingEngine, version: str) -> str:
            return "012 tables\n"

        register_generator("scheveningen", Generator(tables, frozenset({"players", "rounds"})))
        settings = settings_for(GeneratorOptions(seed=1, system="scheveningen", players=6))
        assert generate_trf(settings, get_engine("dutch")) == "012 tables\n"
    finally:
        generator_module._GENERATORS.pop("scheveningen", None)
        if saved is not None:
            generator_module._GENERATORS["scheveningen"] = saved
