"""A round robin in TRF-2026 and TRF16: record 192 names it (the tournament-type codes
FIDE_ROUNDROBIN, FIDE_DOUBLEROUNDROBIN, BERGER_DOUBLEROUNDROBIN, FIDE_SCHEVENINGEN...), the
bye of an odd field is written as the pairing-allocated bye worth nothing, and the file
reads back as it was written."""

from __future__ import annotations

import pytest

from swissdesk.engines.round_robin.verify import check_against_tables
from swissdesk.model.round_robin import (
    ROUND_ROBIN,
    SCHEVENINGEN,
    RoundRobinSettings,
    parse_code,
    settings_of,
    system_from_text,
)
from swissdesk.trf import format_trf, parse_trf
from swissdesk.trf.reader import system_from_192
from tests.engines.round_robin.support import rr_tournament


@pytest.mark.parametrize(
    ("code", "cycles", "swap", "named"),
    [
        ("FIDE_ROUND_ROBIN", 1, True, True),
        ("BERGER-DOUBLE-ROUND-ROBIN", 2, False, True),
        ("Double Round Robin", 2, True, False),
        ("ROUNDROBIN_G3", 3, True, False),
    ],
)
def test_record_192_other_spellings(code: str, cycles: int, swap: bool, named: bool) -> None:
    """Other programs' spellings of the codes; without FIDE_ or BERGER_ the order of the
    last rounds is not named (check then takes the one the file follows)."""
    event = parse_code(code)
    assert event is not None and event.system == ROUND_ROBIN
    assert (event.settings, event.order_named) == (RoundRobinSettings(cycles, swap), named)
    assert system_from_192(code) == ROUND_ROBIN  # not Double-Swiss for its DOUBLE


@pytest.mark.parametrize(
    ("text", "system"),
    [
        ("Individual: Round-Robin", ROUND_ROBIN),
        ("Double round robin (Berger)", ROUND_ROBIN),
        ("Rundenturnier", ROUND_ROBIN),
        ("Torneo todos contra todos", ROUND_ROBIN),
        ("Scheveningen match", SCHEVENINGEN),
        ("Individual: Swiss-System", None),
        ("Swiss system, the winners to a round robin", None),
        ("", None),
    ],
)
def test_record_092_names_a_round_robin(text: str, system: str | None) -> None:
    assert system_from_text(text) == system


@pytest.mark.parametrize(
    ("code", "system", "cycles", "swap", "team"),
    [
        ("FIDE_ROUNDROBIN", ROUND_ROBIN, 1, True, False),
        ("FIDE_DOUBLEROUNDROBIN", ROUND_ROBIN, 2, True, False),
        ("BERGER_DOUBLEROUNDROBIN", ROUND_ROBIN, 2, False, False),
        ("BERGER_ROUNDROBIN", ROUND_ROBIN, 1, False, False),
        ("BERGER_ROUNDROBIN_G3", ROUND_ROBIN, 3, False, False),
        ("FIDE_TEAM_DOUBLEROUNDROBIN", ROUND_ROBIN, 2, True, True),
        ("FIDE_SCHEVENINGEN", SCHEVENINGEN, 1, True, False),
        ("FIDE_DOUBLESCHEVENINGEN", SCHEVENINGEN, 2, True, False),
    ],
)
def test_record_192_round_robin_codes(
    code: str, system: str, cycles: int, swap: bool, team: bool
) -> None:
    event = parse_code(code)
    assert event is not None
    assert (event.system, event.settings, event.team) == (
        system,
        RoundRobinSettings(cycles, swap),
        team,
    )
    assert system_from_192(code) == system
    assert system_from_192("FIDE_DOUBLESWISS") == "double-swiss"
    assert parse_code("FIDE_DUTCH_2025") is None


@pytest.mark.parametrize("version", ["2026", "16"])
@pytest.mark.parametrize(("players", "cycles"), [(7, 2), (10, 1), (3, 2)])
def test_a_round_robin_reads_back_as_written(version: str, players: int, cycles: int) -> None:
    t = rr_tournament(players, cycles=cycles, played=(players + players % 2 - 1) * cycles)
    text = format_trf(t, version=version)
    expected = "FIDE_DOUBLEROUNDROBIN" if cycles == 2 else "FIDE_ROUNDROBIN"
    assert f"192 {expected}" in text.splitlines()
    back = parse_trf(text)
    assert back.system == ROUND_ROBIN
    assert settings_of(back) == RoundRobinSettings(cycles)
    assert back.total_rounds == t.total_rounds
    assert [p.rounds for p in back.players] == [p.rounds for p in t.players]
    assert back.scoring.pairing_allocated_bye == 0
    assert all(c.ok for c in check_against_tables(back))
