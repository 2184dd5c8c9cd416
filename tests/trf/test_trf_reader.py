"""Reading TRF16 / TRF-2026 files: fields, records, extension codes, pre-set byes."""

from __future__ import annotations

from pathlib import Path

import pytest
from trf_support import SMALL, block, player, trf

from swissdesk.model.tournament import Colour, ResultCode, RoundEntry, ScoringSystem
from swissdesk.trf import parse_trf, read_trf


def test_player_fields_and_rounds() -> None:
    t = parse_trf(SMALL)
    assert [p.tpn for p in t.players] == [1, 2, 3, 4]
    p1 = t.player(1)
    assert p1.name == "Player0001, Test"
    assert p1.rating == 2490
    assert p1.declared_points == 4  # 2.0 in half-points
    assert p1.declared_rank == 1
    assert p1.rounds == (
        RoundEntry(2, Colour.WHITE, ResultCode.WIN),
        RoundEntry(3, Colour.WHITE, ResultCode.WIN),
    )
    assert t.total_rounds == 5
    assert t.initial_colour is Colour.WHITE
    assert t.info.name == "Small Open"
    assert t.rounds_with_pairings == 2


def test_full_player_record_columns() -> None:
    line = (
        "001   12 m GM "
        + "Carlsen, Magnus".ljust(33)
        + " 2830 NOR     1503014 1990/11/30  1.0    3     2 b 1"
    )
    other = player(2, "0.0", block(12, "w", "0"))
    t = parse_trf(trf("XXR 9", line, other))
    p = t.player(12)
    assert (p.sex, p.title, p.name, p.rating, p.federation, p.fide_id, p.birth_date) == (
        "m",
        "GM",
        "Carlsen, Magnus",
        2830,
        "NOR",
        "1503014",
        "1990/11/30",
    )


def test_trf2026_records() -> None:
    text = trf(
        "### a comment kept as it is",
        "012 Modern Open",
        "142 7",
        "152 B",
        "162  W 3.0    D 1.0    L 0.0",
        player(1, "0.0"),
        player(2, "0.0"),
        player(3, "0.0"),
        player(4, "0.0"),
        "250      01.0 001 002 0001 0002",
        "260 001 007    1    4",
    )
    t = parse_trf(text)
    assert t.total_rounds == 7
    assert t.initial_colour is Colour.BLACK
    assert t.scoring.win == 6 and t.scoring.draw == 2 and t.scoring.loss == 0
    assert t.scoring.pairing_allocated_bye == 6  # P follows W unless given
    assert t.acceleration_for(1, 1) == 2 and t.acceleration_for(2, 2) == 2
    assert t.acceleration_for(1, 3) == 0 and t.acceleration_for(3, 1) == 0
    assert t.forbidden_pairs == frozenset({frozenset({1, 4})})
    assert "### a comment kept as it is" in t.extra_records


def test_javafo_and_bbp_extension_codes() -> None:
    text = trf(
        "XXR 5",
        "XXC black1",
        "BBW  3.0",
        "BBD  1.0",
        "BBU  1.0",
        "XXA    1  1.0  0.5",
        "XXP 2 3",
        player(1, "0.0"),
        player(2, "0.0"),
        player(3, "0.0"),
    )
    t = parse_trf(text)
    assert t.initial_colour is Colour.BLACK
    assert (t.scoring.win, t.scoring.draw, t.scoring.pairing_allocated_bye) == (6, 2, 2)
    assert t.scoring.forfeit_win == 6 and t.scoring.full_point_bye == 6
    assert t.acceleration[1] == (2, 1)
    assert frozenset({2, 3}) in t.forbidden_pairs


def test_xxs_scoring() -> None:
    text = trf("XXS W=3.0 D=1.0 FPB=1.0 HPB=1.0 PAB=2.0", player(1, "0.0"), player(2, "0.0"))
    s = parse_trf(text).scoring
    assert (s.win, s.draw, s.full_point_bye, s.half_point_bye, s.pairing_allocated_bye) == (
        6,
        2,
        2,
        2,
        4,
    )


def test_preset_byes_for_the_round_to_pair() -> None:
    text = trf(
        "XXR 5",
        player(1, "1.0", block(2, "w", "1"), "0000 - H"),
        player(2, "0.0", block(1, "b", "0"), "0000 - Z"),
        player(3, "1.0", "0000 - U"),
        player(4, "0.0", "0000 - Z", "0000 - F"),
    )
    t = parse_trf(text)
    assert t.rounds_with_pairings == 1
    assert t.player(1).entry(2) == RoundEntry.bye(ResultCode.HALF_POINT_BYE)
    assert t.player(4).entry(2) == RoundEntry.bye(ResultCode.FULL_POINT_BYE)
    assert t.player(3).entry(2) is None


def test_blank_block_in_the_middle_is_not_paired() -> None:
    text = trf(
        player(1, "2.0", block(2, "w", "1"), "        ", block(2, "b", "1")),
        player(2, "0.0", block(1, "b", "0"), "        ", block(1, "w", "0")),
    )
    t = parse_trf(text)
    assert t.player(1).entry(2) == RoundEntry.bye(ResultCode.NOT_PAIRED)
    assert t.rounds_with_pairings == 3


def test_record_240_puts_a_requested_bye_into_the_round_to_pair() -> None:
    text = trf(
        "XXR 5",
        player(1, "1.0", block(2, "w", "1")),
        player(2, "0.0", block(1, "b", "0")),
        player(3, "1.0", "0000 - U"),
        "240 H 002    3",
        "240 Z 004    1",
    )
    t = parse_trf(text)
    assert t.player(3).entry(2) == RoundEntry.bye(ResultCode.HALF_POINT_BYE)
    assert t.player(1).entry(2) is None  # round 4 is not the next one: kept as a record
    assert "240 Z 004    1" in t.extra_records


def test_points_column_may_include_the_preset_bye_or_acceleration() -> None:
    # Like bbpPairings: 1.5 = 1.0 played + 0.5 requested for the round to pair.
    text = trf(
        "XXR 5",
        player(1, "1.5", block(2, "w", "1"), "0000 - H"),
        player(2, "0.0", block(1, "b", "0")),
    )
    assert parse_trf(text).player(1).declared_points == 3


def test_initial_colour_inferred_when_not_given() -> None:
    text = trf(
        player(1, "0.0", block(2, "b", "0")),
        player(2, "1.0", block(1, "w", "1")),
    )
    assert parse_trf(text).initial_colour is Colour.BLACK


def test_default_scoring_and_crlf_line_ends() -> None:
    t = parse_trf(SMALL.replace("\n", "\r\n"))
    assert t.scoring == ScoringSystem()
    assert len(t.players) == 4


def test_lower_case_result_letters() -> None:
    text = trf(player(1, "0.5", "0000 - h"), player(2, "0.0"))
    assert parse_trf(text).player(1).entry(1) == RoundEntry.bye(ResultCode.HALF_POINT_BYE)


def test_read_latin1_file(tmp_path: Path) -> None:
    text = trf(player(1, "0.0", name="Müller, Jürgen"), player(2, "0.0"))
    path = tmp_path / "latin1.trf"
    path.write_bytes(text.encode("latin-1"))
    with pytest.warns(UserWarning, match="line 1 is not UTF-8"):
        assert read_trf(path).player(1).name == "Müller, Jürgen"


def test_read_utf8_file_with_bom(tmp_path: Path) -> None:
    text = trf(player(1, "0.0", name="Łukasz, Żółw"), player(2, "0.0"))
    path = tmp_path / "utf8.trf"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert read_trf(path).player(1).name == "Łukasz, Żółw"
