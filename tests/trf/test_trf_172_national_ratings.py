"""TRF-2026 record 172 (Encoded Starting Rank Method) and the National Rating Support
records (FIDE Handbook, TRF26, approved by the FIDE Council 12/05/2025, applied from
01/09/2025): read into the tournament rating, written back column for column."""

from __future__ import annotations

import pytest
from trf_support import player, trf

from swissdesk.errors import InputError
from swissdesk.model.ratings import RatingMethod, method_rating
from swissdesk.trf import format_trf, parse_trf
from swissdesk.trf.writer import national_rating_lines, rating_method_record


def nrs(fed: str, tpn: int, rating: int | None, *, national_id: str = "", origin: str = "") -> str:
    """An NRS record in the static columns of a ``001`` record."""
    value = "" if rating is None else str(rating)
    return (
        f"{fed:3} {tpn:>4} {'':4} {'':33} {value:>4} {origin:3} {national_id:>11}".rstrip()
    )


# The four cases the TRF26 method table separates: FIDE and national both defined (national
# higher), FIDE only, national only, neither.
PLAYERS = (
    (1, 2100, 2200),
    (2, 2050, None),
    (3, 0, 1900),
    (4, 0, None),
)

# TRF26 record 172, the table of codes, one row each.
EXPECTED = {
    RatingMethod.FIDE: {1: 2100, 2: 2050, 3: 0, 4: 0},  # FIDE rating only
    RatingMethod.NRO: {1: 2200, 2: 0, 3: 1900, 4: 0},  # National Rating only
    RatingMethod.FIDON: {1: 2100, 2: 2050, 3: 1900, 4: 0},  # FIDE if defined, else national
    RatingMethod.NIDOF: {1: 2200, 2: 2050, 3: 1900, 4: 0},  # national if defined, else FIDE
    RatingMethod.HBFN: {1: 2200, 2: 2050, 3: 1900, 4: 0},  # highest between FIDE and national
    RatingMethod.LBFN: {1: 2100, 2: 2050, 3: 1900, 4: 0},  # lowest between FIDE and national
    RatingMethod.OTHER: {1: 2100, 2: 2050, 3: 0, 4: 0},  # uncodified: the FIDE ratings stay
}


def event(method: str, federation: str = "ESP") -> str:
    lines = ["012 National ratings", "032 ESP", "XXR 5", f"172 {federation} {method}"]
    for tpn, fide, national in PLAYERS:
        lines.append(player(tpn, "0.0", rating=fide))
        if national is not None:
            lines.append(nrs("ESP", tpn, national, national_id=f"{tpn}0001", origin="MAD"))
    return trf(*lines)


@pytest.mark.parametrize("method", list(RatingMethod), ids=lambda m: m.value)
def test_record_172_each_method_of_the_trf26_table(method: RatingMethod) -> None:
    t = parse_trf(event(method.value))
    assert t.rating_method is method and t.rating_federation == "ESP"
    assert {p.tpn: p.rating for p in t.players} == EXPECTED[method]
    # The official (FIDE) rating is the 001 column whatever the method.
    assert {p.tpn: p.official_rating for p in t.players} == {1: 2100, 2: 2050, 3: 0, 4: 0}


@pytest.mark.parametrize("method", list(RatingMethod), ids=lambda m: m.value)
def test_method_rating_follows_the_trf26_table(method: RatingMethod) -> None:
    for tpn, fide, national in PLAYERS:
        assert method_rating(method, fide, national or 0) == EXPECTED[method][tpn]


def test_hbfn_counts_the_arbiters_estimate_and_every_method_falls_back_to_it() -> None:
    # C.04.2 art. 2.1: the Chief Arbiter estimates a rating nobody gives.
    assert method_rating(RatingMethod.HBFN, 1800, 1750, manual=1900) == 1900
    assert method_rating(RatingMethod.NRO, 1800, 0, manual=1500) == 1500
    assert method_rating(RatingMethod.FIDE, 1800, 0, manual=1500) == 1800


def test_nrs_records_are_kept_with_their_columns() -> None:
    t = parse_trf(event("FIDON"))
    (n,) = t.player(1).national_ratings
    assert (n.federation, n.value, n.national_id, n.origin) == ("ESP", 2200, "10001", "MAD")
    assert t.player(2).national_ratings == ()
    assert t.player(1).national_rating("esp") == 2200 and t.player(1).national_rating("FRA") == 0


@pytest.mark.parametrize("method", ["NRO", "HBFN", "LBFN", "OTHER"])
def test_172_and_nrs_round_trip(method: str) -> None:
    text = event(method)
    t = parse_trf(text)
    out = format_trf(t)
    assert f"172 ESP {method}" in out.splitlines()
    # The 001 column stays the FIDE rating; each NRS line follows its player's 001 line.
    assert [line[:8] for line in out.splitlines() if line[:3] in ("001", "ESP")] == [
        "001    1", "ESP    1", "001    2", "001    3", "ESP    3", "001    4"
    ]
    assert [line for line in out.splitlines() if line.startswith("ESP")] == [
        line for line in text.splitlines() if line.startswith("ESP")
    ]
    again = parse_trf(out)
    assert again.players == t.players
    assert again.rating_method == t.rating_method


def test_trf16_has_neither_172_nor_nrs() -> None:
    out = format_trf(parse_trf(event("NRO")), version="16")
    assert not any(line.startswith(("172", "ESP")) for line in out.splitlines())
    # TRF16 knows only the FIDE rating: the 001 column keeps it.
    assert "2100" in next(line for line in out.splitlines() if line.startswith("001    1"))


def test_no_172_written_without_method_or_national_ratings() -> None:
    t = parse_trf(trf("012 Plain", player(1, "0.0"), player(2, "0.0")))
    assert t.rating_method is None and rating_method_record(t) is None
    assert "172" not in {line[:3] for line in format_trf(t).splitlines()}


def test_nrs_without_172_is_read_and_172_fide_written_with_it() -> None:
    # "Mandatory only if there are NRS records": the writer adds it (FIDE by default).
    t = parse_trf(trf("032 ESP", player(1, "0.0", rating=2000), nrs("ESP", 1, 2100)))
    assert t.rating_method is None and t.player(1).rating == 2000
    assert "172 ESP FIDE" in format_trf(t).splitlines()


def test_unknown_method_is_kept_as_written() -> None:
    t = parse_trf(trf("172 ESP ELO2", player(1, "0.0")))
    assert t.rating_method is None and "172 ESP ELO2" in t.extra_records


def test_nrs_for_a_missing_player_is_refused_with_its_line() -> None:
    with pytest.raises(InputError, match="national rating record for starting rank 7"):
        parse_trf(trf("172 ESP NRO", player(1, "0.0"), nrs("ESP", 7, 2000)))


def test_extension_lines_are_not_taken_for_nrs() -> None:
    # Tornelo's TRFx DAT lines and JaVaFo codes keep their place among the kept records.
    dat = "DAT 0001 EMAIL someone@example.org"
    t = parse_trf(trf(player(1, "0.0"), dat, player(2, "0.0")))
    assert dat in t.extra_records and t.player(1).national_ratings == ()


def test_national_name_and_birth_date_written_only_when_they_differ() -> None:
    t = parse_trf(trf("172 ESP NIDOF", player(1, "0.0", name="Garcia, Ana"), nrs("ESP", 1, 1800)))
    (line,) = national_rating_lines(t.player(1))
    assert line == "ESP    1" + " " * 40 + "1800"
    assert line[48:52] == "1800"  # columns 49-52
