"""Issue 19, items 2 and 3: huge numbers are refused as ``FILE:LINE:COL`` errors (exit code
2, never a traceback or exit code 1), every bound is what the TRF columns hold, and a stray
non-UTF-8 byte no longer switches the whole file to Latin-1."""

from __future__ import annotations

import tracemalloc
import warnings
from pathlib import Path

import pytest
from trf_support import block, player, trf

from swissdesk.cli import main
from swissdesk.trf import TrfError, format_trf, parse_trf, read_trf
from swissdesk.trf.reader import MAX_ROUNDS, TrfEncodingWarning, decode_trf

HUGE = "9" * 5000
"""More digits than Python converts to an int (4,300)."""

PLAYERS = (
    player(1, "1.0", block(2, "w", "1")),
    player(2, "0.0", block(1, "b", "0")),
)


@pytest.mark.parametrize(
    ("record", "column"),
    [
        (f"XXR {HUGE}", 5),
        (f"142 {HUGE}", 5),
        (f"XXA {HUGE} 1.0", 5),
        (f"XXA    1 {HUGE}", 10),
        (f"240 H   2 {HUGE}", 11),
        (f"260 001 002 {HUGE}    2", 13),
        (f"XXP 1 {HUGE}", 7),
        ("XXR 1" + "0" * 30, 5),
        ("XXR 1000", 5),
        ("XXR 0", 5),
        ("XXP 1 10000", 7),
    ],
)
def test_out_of_range_numbers_are_located_errors(record: str, column: int) -> None:
    with pytest.raises(TrfError) as info:
        parse_trf(trf("XXR 5", *PLAYERS, record), source="f.trf")
    assert (info.value.line, info.value.column) == (4, column)
    assert len(str(info.value)) < 300, "the message repeats the whole number"


def test_huge_numbers_exit_with_code_2_not_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.trf"
    path.write_text(trf(f"XXR {HUGE}", *PLAYERS))
    for argv in (["trf", str(path)], ["pair", str(path)], ["check", str(path)]):
        assert main(argv) == 2
        assert f"{path}:1:5: number of rounds must be from 1 to {MAX_ROUNDS}" in (
            capsys.readouterr().err
        )


def test_thirty_digit_round_count_is_refused_by_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It used to end in an OverflowError when SQLite stored the number."""
    path = tmp_path / "rounds.trf"
    path.write_text(trf("XXR " + "1" * 30, *PLAYERS))
    assert main(["import", str(path), "-o", str(tmp_path / "t.swissdesk")]) == 2
    assert ":1:5:" in capsys.readouterr().err
    assert not (tmp_path / "t.swissdesk").exists()


def test_fifty_million_rounds_with_acceleration_is_refused_at_once() -> None:
    """``XXR 50000000`` and one XXA line made the TRF16 writer build a 3.9 GB line."""
    tracemalloc.start()
    try:
        with pytest.raises(TrfError, match="from 1 to 999"):
            parse_trf(trf("XXR 50000000", *PLAYERS, "XXA    1  1.0"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10_000_000, f"{peak:,} bytes: refused before anything the size of XXR was built"


def test_the_largest_tournament_the_columns_hold_round_trips() -> None:
    """999 rounds, pairing number 9999, 99.5 points: written in both versions, read back."""
    rounds = [block(9999, "w", "1")] * 99 + [block(9999, "w", "=")]
    other = [block(1, "b", "0")] * 99 + [block(1, "b", "=")]
    text = trf(
        f"XXR {MAX_ROUNDS}",
        player(1, "99.5", *rounds),
        player(9999, " 0.5", *other, rating=2000),
        "XXA    1 99.5",
    )
    t = parse_trf(text)
    for version in ("2026", "16"):
        back = parse_trf(format_trf(t, version=version))
        assert back.players == t.players
        assert back.total_rounds == MAX_ROUNDS
        for r in (1, 2, MAX_ROUNDS):
            assert back.acceleration_for(1, r) == t.acceleration_for(1, r)


def test_points_the_column_cannot_hold_are_refused() -> None:
    """Two wins at 60 points make 120.0, which columns 81-84 cannot hold."""
    text = trf(
        "XXR 3",
        "BBW 60.0",
        player(1, "", block(2, "w", "1"), block(2, "b", "1")),
        player(2, "", block(1, "b", "0"), block(1, "w", "0")),
    )
    with pytest.raises(TrfError, match="do not fit the points column") as info:
        parse_trf(text)
    assert (info.value.line, info.value.column) == (3, 81)


def test_virtual_points_the_columns_cannot_hold_are_refused() -> None:
    with pytest.raises(TrfError, match="more than a TRF can hold") as info:
        parse_trf(trf("XXR 5", *PLAYERS, "XXA    1 100.0"))
    assert (info.value.line, info.value.column) == (4, 10)


def test_a_round_beyond_the_999th_is_refused() -> None:
    line = player(1, "0.0", *(["0000 - Z"] * (MAX_ROUNDS + 1)))
    with pytest.raises(TrfError, match="at most 999 rounds") as info:
        parse_trf(trf(line, player(2, "0.0")))
    assert info.value.column == 92 + 10 * MAX_ROUNDS


# --- item 3: decoding line by line ---------------------------------------------------------


def _mixed_file(tmp_path: Path, *, stray_in_header: bool) -> Path:
    """UTF-8 names and one Windows-1252 line (Müller); or a stray byte in the 012 record."""
    header = "012 Open Łódź 2026".encode()
    if stray_in_header:
        header += b" \xa9"
    lines = [
        header,
        b"XXR 5",
        player(1, "1.0", block(2, "w", "1"), name="Łukasiewicz, Żaneta").encode(),
        player(2, "0.0", block(1, "b", "0"), name="Müller, Jürgen").encode(
            "utf-8" if stray_in_header else "cp1252"
        ),
    ]
    path = tmp_path / "mixed.trf"
    path.write_bytes(b"\r\n".join(lines) + b"\r\n")
    return path


def test_one_windows_1252_line_does_not_shift_the_utf8_names(tmp_path: Path) -> None:
    """It used to be refused with 'rank must be a whole number' (the columns moved)."""
    path = _mixed_file(tmp_path, stray_in_header=False)
    with pytest.warns(TrfEncodingWarning, match="line 4 is not UTF-8") as record:
        t = read_trf(path)
    assert [w.message.lines for w in record if isinstance(w.message, TrfEncodingWarning)] == [(4,)]
    assert t.player(1).name == "Łukasiewicz, Żaneta"
    assert t.player(2).name == "Müller, Jürgen"
    assert t.info.name == "Open Łódź 2026"


def test_a_stray_byte_in_the_header_leaves_no_mojibake(tmp_path: Path) -> None:
    """The whole file used to become Latin-1: 'Open ÅÃ³dÅº 2026' went into the PDFs."""
    path = _mixed_file(tmp_path, stray_in_header=True)
    with pytest.warns(TrfEncodingWarning, match="line 1 is not UTF-8"):
        t = read_trf(path)
    assert t.info.name.startswith("Open ") and "Ã" not in t.info.name
    assert t.player(1).name == "Łukasiewicz, Żaneta"
    assert t.player(2).name == "Müller, Jürgen"


def test_the_command_line_names_the_lines_that_were_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _mixed_file(tmp_path, stray_in_header=False)
    assert main(["trf", str(path)]) == 0
    captured = capsys.readouterr()
    assert f"swissdesk: note: {path}: line 4 is not UTF-8" in captured.err
    assert "Müller, Jürgen" in captured.out and "Łukasiewicz" in captured.out
    assert main(["import", str(path), "-o", str(tmp_path / "t.swissdesk")]) == 0
    assert "line 4 is not UTF-8" in capsys.readouterr().err


def test_a_utf8_file_gives_no_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert decode_trf("\ufeff012 Łódź\r\n".encode()) == "012 Łódź\r\n"
