"""``swissdesk rating-correction`` (C.02 VCL Q192-193, issue 29): a game's result corrected
for the rating report only, headless; a Level-2 warning (``--yes-i-know 2``), the pairings
and standings unchanged, ``ratings`` and the exported TRF showing it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli_fide_mode import new_event, play_round, trf_comments

from swissdesk.cli import main
from swissdesk.cli.confirm import CONFIRMATION_EXIT_CODE
from swissdesk.storage import TournamentFile


def test_q192_rating_correction_needs_level_2_and_changes_only_the_rating_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    for _ in range(3):
        play_round(path)
    assert main(["next-round", str(path)]) == 0
    with TournamentFile.open(path) as tf:
        board = tf.round_view(1).boards[0]
        standings = tf.snapshot()
    capsys.readouterr()
    args = ["rating-correction", str(path), "--round", "1", "--board", str(board.board)]
    assert main([*args, "--result", "0-1"]) == CONFIRMATION_EXIT_CODE
    err = capsys.readouterr().err
    assert "Level 2" in err and "pairings and standings keep 1-0" in err
    assert main([*args, "--result", "0-1", "--reason", "scoresheet", "--yes-i-know", "2"]) == 0
    out = capsys.readouterr().out
    assert "0-1 for the rating report (pairings and standings: 1-0)" in out
    assert (
        f"round 1 board {board.board}: {board.white_tpn} {board.white_name} - "
        f"{board.black_tpn} {board.black_name}: 0-1 for the rating report, 1-0 in the "
        "pairings and standings (scoresheet)"
    ) in out
    with TournamentFile.open(path) as tf:
        assert tf.snapshot().players == standings.players
    assert main(["ratings", str(path), "--json"]) == 0
    rows = {r["tpn"]: r for r in json.loads(capsys.readouterr().out)}
    game = rows[board.white_tpn]["per_game"][0]
    assert game["round"] == 1 and game["score"] == 0
    assert game["corrected"] == "1 in the pairings and standings"
    assert main(["ratings", str(path), "--player", str(board.white_tpn)]) == 0
    assert "corrected for the rating report: 1 in the pairings" in capsys.readouterr().out


def test_q193_the_exported_trf_lists_it_and_lift_takes_it_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    play_round(path)
    play_round(path)
    with TournamentFile.open(path) as tf:
        board = tf.round_view(2).boards[1]
    args = ["rating-correction", str(path), "--round", "2", "--board", str(board.board)]
    assert main([*args, "--result", "W-L", "--yes-i-know", "2"]) == 0
    assert trf_comments(path, tmp_path)[-1] == (
        f"### Rating correction @ Round 2: {board.white_tpn} - {board.black_tpn} W-L for the "
        "rating report (pairings and standings: 1-0)"
    )
    assert main([*args, "--lift", "--yes-i-know", "2"]) == 0
    assert not any("Rating correction" in line for line in trf_comments(path, tmp_path))
    capsys.readouterr()
    assert main(["rating-correction", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "no result is corrected for the rating report"


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (["--round", "1"], "give both --round and --board"),
        (["--round", "1", "--board", "1"], "give either --result RESULT or --lift"),
        (["--result", "1-0"], "name the game"),
        (["--round", "1", "--board", "1", "--result", "3-0"], "unknown result '3-0'"),
        (["--round", "4", "--board", "1", "--result", "1-0"], "round 4 is not paired"),
    ],
)
def test_rating_correction_mistakes_are_said_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: list[str], message: str
) -> None:
    path = new_event(tmp_path)
    play_round(path)
    capsys.readouterr()
    assert main(["rating-correction", str(path), *given, "--yes-i-know", "2"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
