"""Tie-break codes as TRF-2026 records 202/212 write them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from swissdesk.errors import InputError
from swissdesk.tiebreaks import DEFAULT_TIEBREAKS, TIEBREAK_NAMES, parse_tiebreak


@pytest.mark.parametrize(
    ("code", "name", "low", "high"),
    [
        ("BH", "BH", 0, 0),
        ("BH/C1", "BH", 1, 0),
        ("BH/C2", "BH", 2, 0),
        ("BH/M1", "BH", 1, 1),
        ("bh/m2", "BH", 2, 2),
        ("SB/C1", "SB", 1, 0),
        ("FB/M1", "FB", 1, 1),
        ("ARO/C1", "ARO", 1, 0),
        ("PS/C1", "PS", 1, 0),
        ("PS/C3", "PS", 3, 0),
    ],
)
def test_cut_and_median_modifiers(code: str, name: str, low: int, high: int) -> None:
    spec = parse_tiebreak(code)
    assert (spec.name, spec.cut_low, spec.cut_high) == (name, low, high)
    assert spec.code == code  # kept exactly as given, for column headings


def test_forfeits_played_modifier_and_point_type() -> None:
    spec = parse_tiebreak("BH:GP/C1/P")
    assert (spec.name, spec.point_type, spec.cut_low, spec.forfeits_played) == (
        "BH",
        "GP",
        1,
        True,
    )
    assert spec.canonical == "BH:GP/C1/P"


def test_koya_limit() -> None:
    assert parse_tiebreak("KS").koya_limit == 50
    assert parse_tiebreak("KS/L60").koya_limit == Fraction(60)


def test_old_name_ge_is_rep() -> None:
    assert parse_tiebreak("GE").name == "REP"
    assert parse_tiebreak("GE").canonical == "REP"


def test_every_listed_tiebreak_parses() -> None:
    for name in TIEBREAK_NAMES:
        assert parse_tiebreak(name).name == name
    for code in DEFAULT_TIEBREAKS:
        parse_tiebreak(code)


@pytest.mark.parametrize(
    "code",
    ["", "XYZ", "BH/C9", "WIN/C1", "BH/Q", "KS/Lxx", "KS/L150", "BH:XX", "TPR/P"],
)
def test_bad_codes_are_input_errors(code: str) -> None:
    with pytest.raises(InputError):
        parse_tiebreak(code)


def test_unknown_code_message_names_it() -> None:
    with pytest.raises(InputError, match="'BHX'"):
        parse_tiebreak("BHX")


def test_reverse_order_for_pairing_number_and_rating() -> None:
    # Art. 7.8 and 10.6: TPN and RTNG may be sorted in reverse order.
    assert parse_tiebreak("TPN").lower_is_better
    assert not parse_tiebreak("TPN/R").lower_is_better
    assert parse_tiebreak("RTNG/R").lower_is_better
    with pytest.raises(InputError):
        parse_tiebreak("BH/R")
