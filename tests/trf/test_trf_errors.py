"""Malformed TRF files: every error names the line, the column and what is wrong."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from trf_support import block, player, trf

from swissdesk.errors import InputError
from swissdesk.trf import TrfError, parse_trf, read_trf

GOOD_2 = player(2, "0.0", block(1, "b", "0"))


def error_of(text: str) -> TrfError:
    with pytest.raises(TrfError) as info:
        parse_trf(text, source="bad.trf")
    return info.value


@pytest.mark.parametrize(
    ("lines", "line", "column", "words"),
    [
        pytest.param(["012 x", "001    1      Short line"], 2, 25, "too short", id="short-line"),
        pytest.param(
            # in a game an unknown symbol is an adjourned game (C.02 VCL Q166); without
            # an opponent it is refused
            [player(1, "1.0", block(0, "-", "X")), GOOD_2],
            1,
            99,
            "unknown result code 'X'",
            id="unknown-result",
        ),
        pytest.param(
            [player(1, "1.0", block(7, "w", "1")), GOOD_2],
            1,
            92,
            "opponent 7 does not exist",
            id="missing-opponent",
        ),
        pytest.param(
            [
                player(1, "1.0", block(2, "w", "1")),
                player(2, "0.0", block(3, "b", "0")),
                player(3, "1.0", block(2, "w", "1")),
            ],
            1,
            92,
            "player 2's line (line 2) says opponent 3",
            id="asymmetric-pairing",
        ),
        pytest.param(
            [player(1, "1.0", block(2, "w", "1")), player(2, "0.0", block(1, "w", "0"))],
            1,
            97,
            "impossible colours",
            id="both-white",
        ),
        pytest.param(
            [player(1, "1.0", block(2, "-", "1")), player(2, "0.0", block(1, "-", "0"))],
            1,
            97,
            "needs colour w or b",
            id="played-without-colour",
        ),
        pytest.param(
            [player(1, "1.0", block(2, "x", "1")), GOOD_2],
            1,
            97,
            "colour (column 97) must be w, b or -",
            id="unknown-colour",
        ),
        pytest.param(
            [player(1, "1.0", block(2, "w", "1")), GOOD_2, player(2, "0.0")],
            3,
            5,
            "pairing number 2 is used twice (also on line 2)",
            id="duplicate-tpn",
        ),
        pytest.param(
            [player(1, "1.0", block(2, "w", "1")), player(2, "1.0", block(1, "b", "1"))],
            1,
            99,
            "does not match result '1'",
            id="both-won",
        ),
        pytest.param(
            [player(1, "1.0", block(1, "w", "1"))],
            1,
            92,
            "paired against himself",
            id="self-pairing",
        ),
        pytest.param(
            [player(1, "1.0", block(2, "w", "U")), GOOD_2],
            1,
            99,
            "result 'U' for a game against 2",
            id="bye-with-opponent",
        ),
        pytest.param(
            [player(1, "1.0", "0000 w 1"), player(2, "0.0")],
            1,
            97,
            "no opponent",
            id="colour-without-opponent",
        ),
        pytest.param(
            [player(1, "2.0", block(2, "w", "1")), GOOD_2],
            1,
            81,
            "points column says 2.0 but the results add up to 1.0",
            id="points-disagree",
        ),
        pytest.param(
            [player(1, "1.x", block(2, "w", "1")), GOOD_2],
            1,
            81,
            "points (columns 81-84)",
            id="points-not-a-number",
        ),
        pytest.param(
            [player(1, "1.0", block(2, "w", "1") + "X"), GOOD_2],
            1,
            100,
            "must be blank",
            id="block-misaligned",
        ),
        pytest.param(
            ["XXR five", player(1, "0.0")],
            1,
            5,
            "number of rounds",
            id="rounds-not-a-number",
        ),
        pytest.param(
            [
                "XXR 1",
                player(1, "1.0", block(2, "w", "1"), block(2, "b", "1")),
                player(2, "1.0", block(1, "b", "0"), block(1, "w", "0")),
            ],
            1,
            5,
            "gives 1 rounds but has pairings for round 2",
            id="more-rounds-than-declared",
        ),
        pytest.param(
            ["XXA    9  1.0", player(1, "0.0")],
            1,
            5,
            "player 9 does not exist",
            id="acceleration-unknown-player",
        ),
        pytest.param(
            ["162  Q 1.0", player(1, "0.0")],
            1,
            6,
            "record 162",
            id="bad-scoring-code",
        ),
        pytest.param(
            ["152 X", player(1, "0.0")],
            1,
            5,
            "initial colour",
            id="bad-initial-colour",
        ),
    ],
)
def test_malformed_file_names_line_and_column(
    lines: list[str], line: int, column: int, words: str
) -> None:
    error = error_of(trf(*lines))
    assert isinstance(error, InputError)
    assert error.exit_code == 2
    assert (error.line, error.column) == (line, column), str(error)
    assert words in str(error)
    assert str(error).startswith(f"bad.trf:{line}:{column}: ")


def test_file_without_players_is_not_taken_for_a_trf() -> None:
    error = error_of("%PDF-1.4\nsome binary\n")
    assert error.line is None
    assert "no player record" in str(error) and str(error).startswith("bad.trf: ")


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(TrfError, match="cannot read the file"):
        read_trf(tmp_path / "nope.trf")


def test_command_line_reports_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(trf(player(1, "1.0", block(2, "w", "1")), player(2, "0.0", block(1, "w", "0"))))
    proc = subprocess.run(
        [sys.executable, "-m", "swissdesk", "trf", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert f"{bad}:1:97: round 1: impossible colours" in proc.stderr
