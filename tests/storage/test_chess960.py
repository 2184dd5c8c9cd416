"""Chess960 (FIDE's checklist for tournament programs, C.02 VCL Q222): a tournament plays
Chess960 from the next round paired on; each round gets one starting position drawn at
random for all its boards, shown and printed with the pairings, undone with the pairing."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from swissdesk.cli import main
from swissdesk.model.chess960 import POSITIONS, describe, start_position
from swissdesk.reports.boards import render_boards
from swissdesk.storage import (
    PlayerData,
    SetChess960,
    TournamentFile,
    TournamentSettings,
    Undo,
    UnpairLastRound,
)


def test_q222_scharnagl_numbering() -> None:
    """518 is the standard position; 0 and 959 the ends of Scharnagl's table; every number
    gives a legal back rank (bishops on both colours, the king between the rooks)."""
    assert start_position(518) == "RNBQKBNR"
    assert start_position(0) == "BBQNNRKR" and start_position(959) == "RKRNNQBB"
    ranks = {start_position(n) for n in range(POSITIONS)}
    assert len(ranks) == POSITIONS
    for rank in ranks:
        assert sorted(rank) == sorted("RNBQKBNR")
        bishops = [i for i, p in enumerate(rank) if p == "B"]
        assert bishops[0] % 2 != bishops[1] % 2
        rooks = [i for i, p in enumerate(rank) if p == "R"]
        assert rooks[0] < rank.index("K") < rooks[1]
    with pytest.raises(ValueError):
        start_position(960)


def test_q222_each_round_gets_a_position_undone_with_its_pairing(tmp_path: Path) -> None:
    players = [PlayerData(f"Player {i}", rating=2000 - 10 * i) for i in range(1, 7)]
    settings = TournamentSettings(name="Fischer Random Open", total_rounds=3)
    with TournamentFile.create(tmp_path / "c.swissdesk", settings, players=players) as tf:
        assert not tf.chess960().on
        tf.execute(SetChess960(True))
        _pairing, outcome = tf.pair_next_round()
        number = tf.chess960().position(1)
        assert number is not None and 0 <= number < POSITIONS
        assert describe(number) in outcome.summary
        assert tf.snapshot(include_pending=True).chess960 == {1: number}
        tf.execute(UnpairLastRound())
        assert tf.chess960().position(1) is None
        tf.execute(Undo())  # the unpairing undone: the round and its position are back
        assert tf.chess960().position(1) == number
        tf.execute(Undo())  # the pairing undone
        assert tf.chess960().position(1) is None and tf.chess960().on
        tf.execute(Undo())
        assert not tf.chess960().on


def test_q222_the_command_line_and_the_pairing_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.swissdesk"
    entries = [f"--player=Player {i};{2000 - 10 * i}" for i in range(1, 7)]
    assert main(["new", str(path), "--name", "960 Open", "--rounds", "3", *entries]) == 0
    assert main(["chess960", str(path), "on"]) == 0
    assert main(["next-round", str(path)]) == 0
    capsys.readouterr()
    assert main(["chess960", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Chess960: on" and out[1].startswith("round 1: Chess960 position ")
    with TournamentFile.open(path) as tf:
        number = tf.chess960().position(1)
        snapshot = tf.snapshot(include_pending=True)
    assert number is not None
    pdf = render_boards(snapshot, tmp_path / "boards.pdf", round_number=1)
    assert describe(number) in PdfReader(pdf).pages[0].extract_text()
