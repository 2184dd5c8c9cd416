"""FIDE mode, the warning levels and the manual-pairing phase on the command line (C.02 VCL
Q40-69, Q189-196; issue 29): ``--yes-i-know LEVEL`` confirms, a missing confirmation stops
the action with exit code 4 and nothing changed, a Level-5 refusal is exit code 2.

Each test is named after the checklist question it pins.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import player

from swissdesk.cli import main
from swissdesk.cli.confirm import CONFIRMATION_EXIT_CODE
from swissdesk.storage import TournamentFile


def new_event(tmp_path: Path, players: int = 8, rounds: int = 5) -> Path:
    path = tmp_path / "t.swissdesk"
    entries = [f"--player=Player {i:02d};{2500 - 10 * i}" for i in range(1, players + 1)]
    assert main(["new", str(path), "--name", "CLI Open", "--rounds", str(rounds), *entries]) == 0
    return path


def play_round(path: Path, result: str = "1-0") -> int:
    assert main(["next-round", str(path)]) == 0
    with TournamentFile.open(path) as tf:
        n = tf.rounds_paired()
        boards = len(tf.round_view(n).boards)
    for board in range(1, boards + 1):
        assert main(["result", str(path), str(n), str(board), result]) == 0
    return n


def trf_comments(path: Path, tmp_path: Path) -> list[str]:
    out = tmp_path / "out.trf"
    assert main(["export", str(path), "-o", str(out)]) == 0
    return [line for line in out.read_text(encoding="utf-8").splitlines() if line[:3] == "###"]


def test_q40_a_new_swiss_is_in_fide_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    capsys.readouterr()
    assert main(["fide-mode", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == ["in FIDE mode"]


def test_q43_leaving_fide_mode_needs_yes_i_know_4(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    play_round(path)
    capsys.readouterr()
    for given in ([], ["--yes-i-know", "3"]):
        assert main(["fide-mode", str(path), "leave", *given]) == CONFIRMATION_EXIT_CODE
        err = capsys.readouterr().err
        assert "Level 4 warning (double confirmation needed)" in err
        assert "Nothing was changed: repeat with --yes-i-know 4" in err
        with TournamentFile.open(path) as tf:
            assert tf.settings().fide_mode
    assert main(["fide-mode", str(path), "leave", "--reason", "a test", "--yes-i-know", "4"]) == 0
    out = capsys.readouterr().out
    assert "left FIDE mode after round 1 was paired" in out
    assert "NOT in FIDE mode" in out


def test_q44_q45_the_line_is_written_and_there_is_no_way_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    play_round(path)
    assert main(["fide-mode", str(path), "leave", "--yes-i-know", "4"]) == 0
    assert trf_comments(path, tmp_path) == [
        "### FIDE mode left @ Round 1: the arbiter left FIDE mode after round 1 was paired"
    ]
    capsys.readouterr()
    assert main(["undo", str(path)]) == 2
    assert "cannot be undone" in capsys.readouterr().err
    assert main(["fide-mode", str(path), "leave", "--yes-i-know", "4"]) == 2
    with TournamentFile.open(path) as tf:
        assert not tf.settings().fide_mode


def test_q58_q59_more_rounds_after_the_start_needs_level_4_and_is_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    play_round(path)
    capsys.readouterr()
    assert main(["settings", str(path), "--rounds", "7"]) == CONFIRMATION_EXIT_CODE
    assert "[Level 4] number of rounds changes after round 1 was paired: 5 -> 7" in (
        capsys.readouterr().err
    )
    assert main(["settings", str(path), "--rounds", "7", "--yes-i-know", "4"]) == 0
    assert "rounds: 7" in capsys.readouterr().out
    assert trf_comments(path, tmp_path) == ["### Configuration @ Round 1: number of rounds 5 -> 7"]


def test_q201_q202_the_tie_break_list_after_the_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    play_round(path)
    capsys.readouterr()
    assert main(["settings", str(path), "--tiebreaks", "SB,BH", "--yes-i-know", "4"]) == 2
    assert "not allowed in FIDE mode" in capsys.readouterr().err  # Q200
    assert main(["fide-mode", str(path), "leave", "--yes-i-know", "4"]) == 0
    assert main(["settings", str(path), "--tiebreaks", "SB,BH"]) == CONFIRMATION_EXIT_CODE
    assert main(["settings", str(path), "--tiebreaks", "SB,BH", "--yes-i-know", "4"]) == 0
    _, line = trf_comments(path, tmp_path)
    assert line.startswith("### Configuration @ Round 1: tie-break list ")
    assert line.endswith("-> SB, BH")


def test_q189_q191_an_older_round_is_refused_in_fide_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    for _ in range(3):
        play_round(path)
    capsys.readouterr()
    assert main(["result", str(path), "1", "1", "0-1", "--yes-i-know", "4"]) == 2
    err = capsys.readouterr().err
    assert "round 1 cannot be corrected now that round 3 is paired" in err
    assert "not allowed in FIDE mode" in err


def test_q190_the_previous_round_is_corrected_at_level_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    for _ in range(3):
        play_round(path)
    capsys.readouterr()
    assert main(["result", str(path), "2", "1", "1/2"]) == CONFIRMATION_EXIT_CODE
    assert "[Level 3]" in capsys.readouterr().err
    assert main(["result", str(path), "2", "1", "1/2", "--yes-i-know", "3"]) == 0
    (line,) = trf_comments(path, tmp_path)
    assert line.startswith("### Correction @ Round 2: board 1 (") and line.endswith("1-0 -> 1/2")


def test_q195_q196_prohibited_pairs_before_round_1_only_in_fide_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    assert main(["prohibit", str(path), "1", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "prohibited pairs: 1-2"
    n = play_round(path)
    with TournamentFile.open(path) as tf:
        pairs = {frozenset((b.white_tpn, b.black_tpn)) for b in tf.round_view(n).boards}
    assert frozenset((1, 2)) not in pairs
    capsys.readouterr()
    assert main(["prohibit", str(path), "3", "4", "--yes-i-know", "4"]) == 2
    assert "not allowed in FIDE mode" in capsys.readouterr().err
    assert main(["fide-mode", str(path), "leave", "--yes-i-know", "4"]) == 0
    assert main(["prohibit", str(path), "3", "4"]) == CONFIRMATION_EXIT_CODE
    assert main(["prohibit", str(path), "3", "4", "--yes-i-know", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "prohibited pairs: 1-2, 3-4"
    assert trf_comments(path, tmp_path)[-1] == (
        "### Configuration @ Round 1: prohibited pairs added: 3-4"
    )


def test_q63_q65_q68_q69_a_round_created_by_hand_is_compared_with_the_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path, players=6)
    assert main(["pairing", str(path), "end"]) == 2  # no phase open: nothing to end
    assert main(["pairing", str(path), "start"]) == 0
    out = capsys.readouterr().out
    assert "round 1 is being created by hand" in out
    assert "not paired yet: 1 Player 01" in out
    assert main(["pairing", str(path), "set", "1-2 3-4"]) == 0
    assert "not paired yet: 5 Player 05, 6 Player 06" in capsys.readouterr().out
    assert main(["pairing", str(path), "end", "--yes-i-know", "4"]) == 2  # 5 and 6 unpaired
    assert main(["pairing", str(path), "pair", "5", "6"]) == 0
    capsys.readouterr()
    assert main(["pairing", str(path), "end"]) == CONFIRMATION_EXIT_CODE
    err = capsys.readouterr().err
    assert "Level 4 warning" in err and "the engine (dutch) pairs:" in err
    with TournamentFile.open(path) as tf:
        assert tf.manual_pairing() is not None  # still open: nothing changed
    assert main(["pairing", str(path), "end", "--yes-i-know", "4"]) == 0
    assert "no round is being paired by hand" in capsys.readouterr().out
    (line,) = trf_comments(path, tmp_path)
    assert line.startswith("### MPA @ Round 1: engine ") and line.endswith(
        " => arbiter 1-2 3-4 5-6"
    )


def test_q66_q67_a_rematch_is_level_3_with_the_facts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path, players=6)
    n = play_round(path)
    with TournamentFile.open(path) as tf:
        first = tf.round_view(n).boards[0]
    assert main(["pairing", str(path), "start", "--from-engine"]) == 0
    capsys.readouterr()
    opponents = ["opponents", str(first.white_tpn), str(first.black_tpn)]
    assert main(["pairing", str(path), *opponents]) == CONFIRMATION_EXIT_CODE
    err = capsys.readouterr().err
    assert "have already played each other [C1]" in err and "[Level 3]" in err
    assert main(["pairing", str(path), *opponents, "--yes-i-know", "3"]) == 0
    assert main(["pairing", str(path), "cancel"]) == 0
    with TournamentFile.open(path) as tf:
        assert tf.rounds_paired() == n and tf.manual_pairing() is None


def test_q54_q55_an_import_that_breaks_the_rules_needs_level_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 2 repeats round 1's pairs: a rematch [C1] the checker reports."""
    lines = [
        "012 Rematch Open",
        "XXR 3",
        player(1, "1.0", "   2 w 1", "   2 b 0"),
        player(2, "1.0", "   1 b 0", "   1 w 1"),
        player(3, "1.0", "   4 w 1", "   4 b 0"),
        player(4, "1.0", "   3 b 0", "   3 w 1"),
    ]
    trf = tmp_path / "in.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "t.swissdesk"
    assert main(["import", str(trf), "-o", str(out)]) == CONFIRMATION_EXIT_CODE
    assert "[Level 3]" in capsys.readouterr().err
    assert not out.exists()
    assert main(["import", str(trf), "-o", str(out), "--yes-i-know", "3"]) == 0
    comments = trf_comments(out, tmp_path)
    assert any(c.startswith("### Import @ Round 2:") for c in comments), comments
    with TournamentFile.open(out) as tf:
        assert tf.settings().fide_mode  # Q56


def test_q63_the_hand_pairing_heading_is_one_sentence_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    """The heading was one sentence with an English word put in ("Runde 1 wird von Hand
    created:"): creating and changing a round are two sentences now (issue 38)."""
    path = new_event(tmp_path, players=6)
    capsys.readouterr()
    system_language("de")
    assert main(["pairing", str(path), "start"]) == 0
    out = capsys.readouterr().out
    assert "Runde 1 wird von Hand erstellt:" in out
    assert "created" not in out
    assert main(["pairing", str(path), "cancel"]) == 0
    system_language("ru")
    assert main(["pairing", str(path), "start"]) == 0
    assert "тур 1 составляется вручную:" in capsys.readouterr().out
