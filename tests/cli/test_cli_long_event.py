"""An event lasting more than 30 days on the command line (C.02 VCL Q210-216):
``rating-rules --long-event yes --tiebreak-ratings ...``, ``player-rating --later
ROUND:RATING``, and the standings that read them."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import play_drawn_rounds

from swissdesk.cli import main
from swissdesk.model.ratings import ARBITER, TiebreakRatingMode
from swissdesk.storage import TournamentFile


def new_event(tmp_path: Path) -> Path:
    path = tmp_path / "league.swissdesk"
    players = [f"--player=Player {i};{2300 - 100 * i}" for i in range(1, 5)]
    assert main(["new", str(path), "--name", "Winter league", "--rounds", "3", *players]) == 0
    assert main(["settings", str(path), "--tiebreaks", "ARO,BH"]) == 0
    return path


def aro_of(out: str, name: str) -> str:
    line = next(line for line in out.splitlines() if name in line)
    return line.split()[-2]  # ... Pts ARO BH


def test_q210_the_flag_and_q211_the_advice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    capsys.readouterr()
    assert main(["rating-rules", str(path)]) == 0
    assert "event over 30 days: no" in capsys.readouterr().out
    assert main(["rating-rules", str(path), "--long-event", "yes"]) == 0
    err = capsys.readouterr().err
    assert "rating-based tie-breaks (ARO) are not recommended in an event over 30 days" in err
    with TournamentFile.open(path) as tf:
        assert tf.settings().rating_rules.long_event
    assert main(["rating-rules", str(path)]) == 0
    shown = capsys.readouterr()
    assert "event over 30 days: yes" in shown.out
    assert "rating tie-breaks read: the first ratings (of the start)" in shown.out
    assert "not recommended" in shown.err


def test_q212_q213_later_ratings_need_the_flag_and_are_kept_with_their_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    capsys.readouterr()
    assert main(["player-rating", str(path), "2", "--later", "2:2250"]) == 2
    assert "--long-event yes" in capsys.readouterr().err
    assert main(["rating-rules", str(path), "--long-event", "yes"]) == 0
    assert main(["player-rating", str(path), "2", "--later", "1:2250"]) == 2
    assert "from 2 to 3" in capsys.readouterr().err
    args = ["--later", "2:2250", "--later", "3:2270", "--later-list", "FIDE 2027-01"]
    assert main(["player-rating", str(path), "2", *args]) == 0
    with TournamentFile.open(path) as tf:
        ratings = next(p for p in tf.players() if p.tpn == 2).ratings
    assert ratings is not None
    assert [
        (r.from_round, r.rating.value, r.rating.source, r.rating.date) for r in ratings.later
    ] == [
        (2, 2250, "FIDE", "2027-01"),
        (3, 2270, "FIDE", "2027-01"),
    ]
    capsys.readouterr()
    assert main(["player-rating", str(path), "2"]) == 0
    assert "later ratings: from round 2 2250 (FIDE 2027-01), from round 3 2270 (FIDE 2027-01)" in (
        capsys.readouterr().out
    )
    assert main(["player-rating", str(path), "2", "--later", "3:0"]) == 0
    with TournamentFile.open(path) as tf:
        ratings = next(p for p in tf.players() if p.tpn == 2).ratings
    assert ratings is not None and [r.from_round for r in ratings.later] == [2]
    assert ratings.later[0].rating.source == "FIDE"
    assert main(["player-rating", str(path), "2", "--later", "3:2280"]) == 0
    with TournamentFile.open(path) as tf:
        ratings = next(p for p in tf.players() if p.tpn == 2).ratings
    assert ratings is not None and ratings.later[1].rating.source == ARBITER
    # undo takes the edit back
    assert main(["undo", str(path)]) == 0
    with TournamentFile.open(path) as tf:
        ratings = next(p for p in tf.players() if p.tpn == 2).ratings
    assert ratings is not None and [r.from_round for r in ratings.later] == [2]


def test_q214_q215_q216_the_standings_read_the_chosen_ratings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_event(tmp_path)
    assert main(["rating-rules", str(path), "--long-event", "yes"]) == 0
    for tpn in (1, 2, 3, 4):
        assert main(["player-rating", str(path), str(tpn), "--later", "2:2500"]) == 0
    play_drawn_rounds(path, 3)
    capsys.readouterr()
    assert main(["standings", str(path)]) == 0
    first = capsys.readouterr().out
    # Q215: by default the first ratings (2100, 2000, 1900: Player 1 met everyone)
    assert aro_of(first, "Player 1") == "2000"
    assert "ARO computed with the first ratings (of the start)" in first
    assert "not recommended" in first
    assert main(["rating-rules", str(path), "--tiebreak-ratings", "round:3"]) == 0
    with TournamentFile.open(path) as tf:
        assert tf.settings().rating_rules.tiebreak_ratings.mode is TiebreakRatingMode.ROUND
    capsys.readouterr()
    assert main(["standings", str(path)]) == 0
    chosen = capsys.readouterr().out
    assert aro_of(chosen, "Player 1") == "2500"  # Q216: everyone's round-3 rating
    assert "ARO computed with the ratings of round 3" in chosen
    assert main(["rating-rules", str(path), "--tiebreak-ratings", "each"]) == 0
    capsys.readouterr()
    assert main(["standings", str(path)]) == 0
    each = capsys.readouterr().out
    # Q214: round 1's opponent at the first rating, rounds 2-3 at 2500
    assert 2000 < int(aro_of(each, "Player 1")) < 2500
    assert main(["rating-rules", str(path), "--tiebreak-ratings", "round:4"]) == 2
    assert "3 rounds" in capsys.readouterr().err


def test_q216_a_choice_needs_the_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_event(tmp_path)
    capsys.readouterr()
    assert main(["rating-rules", str(path), "--tiebreak-ratings", "each"]) == 2
    assert "--long-event yes" in capsys.readouterr().err
    assert main(["rating-rules", str(path), "--tiebreak-ratings", "sometimes"]) == 2
    assert "choose first, each or round:N" in capsys.readouterr().err
