"""Record 192 names the system and the acceleration (issue 27, item 12): a file with
``192 FIDE_DUTCH_2025_BAKU`` and no XXA lines (bbpPairings' code for the Dutch system with
Baku acceleration) is paired with the Baku Acceleration Method (C.04.7 art. 1), and the import
says what was understood."""

from __future__ import annotations

from pathlib import Path

import pytest
from trf_support import CORPUS, block, player, trf

from swissdesk.cli import main
from swissdesk.trf import TrfError, parse_trf
from swissdesk.trf.reader import asks_for_baku, system_from_192
from swissdesk.trf.system_code import describe_reading, read_system_code

PLAYERS = [player(n, "0.0") for n in range(1, 11)]


def test_bbppairings_and_trf2026_codes_name_system_and_acceleration() -> None:
    for code, system, baku in (
        ("FIDE_DUTCH_2025_BAKU", "dutch", True),
        ("FIDE_DUTCH_BAKU", "dutch", True),
        ("FIDE_DUTCH_2025", "dutch", False),
        ("FIDE_DUTCH", "dutch", False),
        ("FIDE_BURSTEIN_BAKU", "burstein", True),
        ("FIDE_DUBOV_BAKU", "dubov", True),
        ("FIDE_DOUBLESWISS_BAKU", "double-swiss", True),
        ("FIDE_DOUBLE_SWISS_2026", "double-swiss", False),
        ("FIDE_TEAM_MP_GP_BAKU", "team", True),
    ):
        assert system_from_192(code) == system, code
        assert asks_for_baku(code) is baku, code
        assert read_system_code(code).baku is baku
    assert not asks_for_baku("FIDE_DUTCH_2025_BAKUVIAN")  # a word, not a substring


def test_baku_code_gives_group_a_the_virtual_points_of_c047_art_1() -> None:
    """10 players, 5 rounds: GA = 2 * ceil(10 / 4) = 6 (art. 1.2); 3 accelerated rounds
    (art. 1.4.1), a win's points in the first 2 (1.4.2), half of it in the third (1.4.3)."""
    t = parse_trf(trf("012 Baku by code", "XXR 5", *PLAYERS, "192 FIDE_DUTCH_2025_BAKU"))
    assert t.system == "dutch"
    assert dict(t.acceleration) == {n: (2, 2, 1, 0, 0) for n in range(1, 7)}
    lines = describe_reading(t)
    assert lines[0] == "pairing system: Dutch (C.04.3), as record 192 FIDE_DUTCH_2025_BAKU names it"
    assert lines[1] == (
        "acceleration: Baku (C.04.7 art. 1), as record 192 asks: group A = pairing numbers "
        "1-6; virtual points 1 before rounds 1-2, ½ before round 3"
    )


def test_group_a_is_rounded_up_to_an_even_number_c047_art_1_2() -> None:
    """30 participants: the first half rounded up to an even number is 16 (2 * Q, Q = 30 / 4
    rounded up), where bbpPairings 6 takes 15."""
    t = parse_trf(trf("XXR 7", *(player(n, "0.0") for n in range(1, 31)), "192 FIDE_DUTCH_BAKU"))
    assert sorted(t.acceleration) == list(range(1, 17))


def test_xxa_or_250_lines_take_the_place_of_the_code() -> None:
    """TRF-2026, record 250: "these records cause any acceleration method in record 192 to
    be disregarded" (bbpPairings does the same with XXA lines)."""
    xxa = parse_trf(trf("XXR 5", *PLAYERS, "192 FIDE_DUTCH_2025_BAKU", "XXA    1  1.0  1.0"))
    assert dict(xxa.acceleration) == {1: (2, 2)}
    r250 = parse_trf(
        trf("142 5", *PLAYERS, "192 FIDE_DUTCH_BAKU", "250      00.5 001 002 0001 0002")
    )
    assert dict(r250.acceleration) == {1: (1, 1), 2: (1, 1)}
    assert "as the file's XXA/250 lines give them" in describe_reading(r250)[1]


def test_no_acceleration_without_the_baku_word() -> None:
    t = parse_trf(trf("XXR 5", *PLAYERS, "192 FIDE_DUTCH_2025"))
    assert not t.acceleration
    assert describe_reading(t)[1] == "acceleration: none"


def test_baku_code_needs_the_number_of_rounds_and_a_win_worth_two_draws() -> None:
    with pytest.raises(TrfError) as no_rounds:
        parse_trf(trf(*PLAYERS, "192 FIDE_DUTCH_2025_BAKU"))
    assert "record 142 or XXR" in str(no_rounds.value) and ":11:5:" in str(no_rounds.value)
    with pytest.raises(TrfError) as three_one:
        parse_trf(trf("XXR 5", "BBW 3.0", "BBD 1.0", *PLAYERS, "192 FIDE_DUTCH_BAKU"))
    assert "C.04.7 art. 1.1" in str(three_one.value)


def test_pairing_with_the_code_equals_pairing_with_the_virtual_points_written_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 2 of a 10-player, 5-round event: the code alone and the XXA lines bbpPairings
    would read give the same pairing."""
    played = [
        player(1, "1.0", block(6, "w", "1")),
        player(2, "0.0", block(7, "b", "0")),
        player(3, "1.0", block(8, "w", "1")),
        player(4, "0.5", block(9, "b", "=")),
        player(5, "1.0", block(10, "w", "1")),
        player(6, "0.0", block(1, "b", "0")),
        player(7, "1.0", block(2, "w", "1")),
        player(8, "0.0", block(3, "b", "0")),
        player(9, "0.5", block(4, "w", "=")),
        player(10, "0.0", block(5, "b", "0")),
    ]
    by_code = tmp_path / "code.trf"
    by_code.write_text(trf("XXR 5", "XXC white1", *played, "192 FIDE_DUTCH_2025_BAKU"))
    written = tmp_path / "xxa.trf"
    xxa = [f"XXA {n:4d}  1.0  1.0  0.5" for n in range(1, 7)]
    written.write_text(trf("XXR 5", "XXC white1", *played, *xxa))
    plain = tmp_path / "plain.trf"
    plain.write_text(trf("XXR 5", "XXC white1", *played))
    outputs = []
    for path in (by_code, written, plain):
        assert main(["pair", str(path)]) == 0
        outputs.append(capsys.readouterr())
    assert outputs[0].out == outputs[1].out
    assert outputs[0].out != outputs[2].out  # the acceleration changes this pairing
    assert "swissdesk: note: acceleration: Baku (C.04.7 art. 1)" in outputs[0].err
    assert "note" not in outputs[1].err


def test_import_says_what_was_understood(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "baku.trf"
    source.write_text(trf("XXR 5", *PLAYERS, "192 FIDE_DUTCH_2025_BAKU"))
    assert main(["import", str(source), "-o", str(tmp_path / "baku.swissdesk")]) == 0
    out = capsys.readouterr().out
    assert "pairing system: Dutch (C.04.3), as record 192 FIDE_DUTCH_2025_BAKU names it" in out
    assert "acceleration: Baku (C.04.7 art. 1), as record 192 asks: group A = pairing " in out


BAKU_CODE_CASE = CORPUS / "baku-code" / "baku192-s950005-n024-r07.trf"


@pytest.mark.skipif(not BAKU_CODE_CASE.exists(), reason="needs ../shared/corpus/baku-code")
def test_bbppairings_baku_code_tournament_is_reproduced_in_every_round(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """bbpPairings' own 24-player, 7-round tournament with ``192 FIDE_DUTCH_2025_BAKU`` and
    no XXA lines: before this fix ``check`` differed in 5 of the 7 rounds."""
    assert main(["check", str(BAKU_CODE_CASE)]) == 0
    assert "the engine agrees with the file in every round" in capsys.readouterr().out
