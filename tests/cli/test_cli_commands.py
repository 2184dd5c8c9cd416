"""``swissdesk trf``, ``pair``, ``check`` and ``gui`` as an arbiter types them."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import NO_PAIRING, SMALL_LINES, TPN_ORDER, player

from swissdesk.cli import main
from swissdesk.trf import parse_trf

COMMANDS = ("trf", "pair", "check", "generate", "gui")


def write(tmp_path: Path, *lines: str, name: str = "t.trf") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    assert f"usage: swissdesk {command}" in capsys.readouterr().out


def test_top_level_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert command in out


# --- trf ---------------------------------------------------------------------------------


def test_trf_writes_2026_to_standard_output(
    small_trf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["trf", str(small_trf)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "142 5" in out and "152 W" in out
    assert [line for line in out if line.startswith("001")] == list(SMALL_LINES[3:])


def test_trf_writes_trf16_to_a_file(small_trf: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.trf"
    assert main(["trf", str(small_trf), "-o", str(out), "--format", "16"]) == 0
    assert out.read_text(encoding="utf-8") == small_trf.read_text(encoding="utf-8")


def test_trf_bad_file_exit_2_with_location(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write(tmp_path, player(1, "1.0", "   2 w 1"), player(2, "1.0", "   1 b 1"))
    assert main(["trf", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:1:99:" in err and "does not match" in err


def test_trf_missing_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trf", str(tmp_path / "missing.trf")]) == 2
    assert "cannot read the file" in capsys.readouterr().err


# --- pair --------------------------------------------------------------------------------


def test_pair_prints_bbppairings_format(
    small_trf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["pair", str(small_trf), "--system", TPN_ORDER]) == 0
    assert capsys.readouterr().out == "2\n1 2\n3 4\n"


def test_pair_leaves_out_preset_byes_and_gives_the_pab(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        "XXR 3",
        player(1, "0.0", "0000 - Z"),
        player(2, "0.5", "0000 - H"),
        player(3, "0.0"),
        player(4, "0.0"),
        player(5, "0.0"),
    )
    assert main(["pair", str(path), "--system", TPN_ORDER]) == 0
    # Round 1 (blocks of round 1 are pre-set byes): 3, 4, 5 available -> 3-4, PAB 5.
    assert capsys.readouterr().out == "2\n3 4\n5 0\n"


def test_pair_output_and_explanation_files(small_trf: Path, tmp_path: Path) -> None:
    out, why = tmp_path / "pairs.txt", tmp_path / "why.txt"
    code = main(
        ["pair", str(small_trf), "--system", TPN_ORDER, "-o", str(out), "--explain-file", str(why)]
    )
    assert code == 0
    assert out.read_text() == "2\n1 2\n3 4\n"
    assert why.read_text() == "round 3: 4 players paired in TPN order\n"


def test_pair_explain_goes_to_stderr(small_trf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", str(small_trf), "--system", TPN_ORDER, "--explain"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "2\n1 2\n3 4\n"
    assert "paired in TPN order" in captured.err


def test_pair_no_valid_pairing_exit_1(small_trf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", str(small_trf), "--system", NO_PAIRING]) == 1
    assert "no valid pairing" in capsys.readouterr().err


def test_pair_unknown_system_exit_2(small_trf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", str(small_trf), "--system", "lim-1999-typo"]) == 2
    assert "unknown pairing system 'lim-1999-typo'" in capsys.readouterr().err


def test_pair_needs_the_number_of_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, player(1, "0.0"), player(2, "0.0"))
    assert main(["pair", str(path), "--system", TPN_ORDER]) == 2
    assert "number of rounds" in capsys.readouterr().err


def test_pair_after_the_last_round_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "XXR 1", player(1, "1.0", "   2 w 1"), player(2, "0.0", "   1 b 0"))
    assert main(["pair", str(path), "--system", TPN_ORDER]) == 2
    assert "all 1 rounds are paired already" in capsys.readouterr().err


# --- check -------------------------------------------------------------------------------


def test_check_lists_differences_per_round(
    small_trf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(small_trf), "--system", TPN_ORDER]) == 1
    out = capsys.readouterr().out
    assert "Round 1: agrees" in out
    assert "Round 2: 4 differences" in out
    assert "the file pairs 1-3; the engine does not make this pair" in out
    assert "the file pairs 4-2; the engine does not make this pair" in out
    assert "the engine pairs 1-2 (White first); the file does not have this pair" in out
    assert "the engine pairs 3-4 (White first); the file does not have this pair" in out
    assert out.rstrip().endswith("2 rounds checked: 1 round differs (2), 4 differences.")


def test_check_rounds_filter(small_trf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(small_trf), "--system", TPN_ORDER, "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "Round 2" not in out
    assert "1 round checked: the engine agrees with the file in every round." in out


def test_check_reports_colours_and_bye(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(
        tmp_path,
        "XXR 3",
        player(1, "0.0", "   2 b 0"),
        player(2, "1.0", "   1 w 1"),
        player(3, "0.0", "0000 - Z"),
        player(4, "1.0", "   5 w 1"),
        player(5, "0.0", "   4 b 0"),
        player(6, "1.0", "0000 - U"),
    )
    # The engine: 1-2 (1 White), 4-5, PAB 6; the file has 2 with White.
    assert main(["check", str(path), "--system", TPN_ORDER, "-q"]) == 1
    out = capsys.readouterr().out
    assert "colours of 1-2: the file gives White to 2, the engine to 1" in out
    assert out.splitlines()[0] == "Round 1: 1 difference"


def test_check_forfeits_count_as_pairings_and_pab_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        "XXR 3",
        player(1, "1.0", "   2 w +"),
        player(2, "0.0", "   1 b -"),
        player(3, "1.0", "0000 - U"),
    )
    assert main(["check", str(path), "--system", TPN_ORDER]) == 0
    capsys.readouterr()
    path = write(
        tmp_path,
        "XXR 3",
        player(1, "1.0", "0000 - U"),
        player(2, "0.0", "   3 w 0"),
        player(3, "1.0", "   2 b 1"),
        name="b.trf",
    )
    assert main(["check", str(path), "--system", TPN_ORDER]) == 1
    out = capsys.readouterr().out
    assert "pairing-allocated bye: the file gives it to 1, the engine to 3" in out


def test_check_rounds_filter_beyond_the_file_exit_2(
    small_trf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(small_trf), "--system", TPN_ORDER, "--rounds", "2-4"]) == 2
    assert "round 4 has no pairings" in capsys.readouterr().err


def test_check_no_valid_pairing_is_a_difference(
    small_trf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(small_trf), "--system", NO_PAIRING]) == 1
    assert "the engine finds no valid pairing" in capsys.readouterr().out


def test_generated_file_is_valid_trf(tmp_path: Path) -> None:
    out = tmp_path / "g.trf"
    assert (
        main(
            [
                "generate",
                "--system",
                TPN_ORDER,
                "--players",
                "7",
                "--rounds",
                "3",
                "--seed",
                "5",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    t = parse_trf(out.read_text(encoding="utf-8"))
    assert len(t.players) == 7 and t.total_rounds == 3
