"""External tie-break values on the command line (FIDE's checklist for tournament
programs, C.02 VCL Q207): ``external-tiebreak FILE 3=2 4=1 [--after N] [--lower-first]``,
ranking in ``standings``, kept in the exported TRF (a ``###`` line; records 202/212 keep
the C.07 codes) that ``check --standings`` accepts, audited and undoable."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import drawn_event

from swissdesk.cli import main
from swissdesk.storage import TournamentFile


def places(out: str) -> dict[str, str]:
    """Player name -> place, from the standings table."""
    found = {}
    for line in out.splitlines():
        for i in range(1, 5):
            if f"Player {i}" in line:
                found[f"Player {i}"] = line.split()[0]
    return found


def test_q207_values_entered_rank_the_tied_players_and_undo_takes_them_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = drawn_event(tmp_path)
    capsys.readouterr()
    assert main(["standings", str(path)]) == 0
    assert set(places(capsys.readouterr().out).values()) == {"1-4"}
    assert main(["external-tiebreak", str(path), "3=2", "4=1.5"]) == 0
    out = capsys.readouterr().out
    assert "external tie-break Play-off (higher first, after the declared tie-breaks)" in out
    assert "no. 3 2, no. 4 1.5" in out
    assert "Play-off (higher first): PTS, BH, SB, Play-off" in out
    assert main(["standings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Play-off" in out
    assert places(out) == {"Player 3": "1", "Player 4": "2", "Player 1": "3-4", "Player 2": "3-4"}
    assert main(["audit", str(path)]) == 0
    assert "external tie-break Play-off" in capsys.readouterr().out
    assert main(["undo", str(path)]) == 0
    with TournamentFile.open(path) as tf:
        assert not tf.external_tiebreak().in_use


def test_q207_a_place_lower_first_at_a_declared_position_and_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = drawn_event(tmp_path)
    args = ["4=1", "2=2", "--label", "Armageddon", "--lower-first", "--after", "0"]
    assert main(["external-tiebreak", str(path), *args]) == 0
    assert "Armageddon (lower first): PTS, Armageddon, BH, SB" in capsys.readouterr().out
    assert main(["standings", str(path)]) == 0
    got = places(capsys.readouterr().out)
    assert (got["Player 4"], got["Player 2"]) == ("1", "2")
    assert main(["external-tiebreak", str(path), "1=abc"]) == 2
    assert "is not a value" in capsys.readouterr().err
    assert main(["external-tiebreak", str(path), "--after", "3"]) == 2
    assert "after 0 to 2 of the declared tie-breaks" in capsys.readouterr().err
    assert main(["external-tiebreak", str(path), "9=1"]) == 2
    assert main(["external-tiebreak", str(path), "--label", "a:b"]) == 2
    assert main(["external-tiebreak", str(path), "4=1"]) == 2
    assert "unchanged" in capsys.readouterr().err
    assert main(["external-tiebreak", str(path), "--clear"]) == 0
    with TournamentFile.open(path) as tf:
        external = tf.external_tiebreak()
    assert not external.in_use and external.label == "Armageddon"


def test_q207_the_export_keeps_the_values_and_the_checker_accepts_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = drawn_event(tmp_path)
    assert main(["external-tiebreak", str(path), "1=1", "--after", "0", "--lower-first"]) == 0
    trf = tmp_path / "open.trf"
    assert main(["export", str(path), "-o", str(trf)]) == 0
    text = trf.read_text(encoding="utf-8")
    assert "202 BH, SB" in text and "212 PTS, BH, SB" in text
    assert "### External tie-break (after 0, lower first) Play-off: 1=1" in text
    capsys.readouterr()
    assert main(["check", str(trf), "--standings"]) == 0, capsys.readouterr().out
    imported = tmp_path / "again.swissdesk"
    assert main(["import", str(trf), "-o", str(imported)]) == 0
    with TournamentFile.open(imported) as tf:
        external = tf.external_tiebreak()
    assert external.lower_first and external.after == 0 and external.values == {1: 1}


def test_q204_q206_lots_drawn_for_the_ties_and_drawn_again_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q204: a drawing-of-lots simulation for the tied players; Q206: repeating it must not
    give another result (seeded from the event, the round and the tied players); Q205: the
    places drawn are values the arbiter can still change by hand."""
    path = drawn_event(tmp_path)
    assert main(["external-tiebreak", str(path), "--draw-lots"]) == 0
    out = capsys.readouterr().out
    assert "external tie-break Lots (lower first, after the declared tie-breaks)" in out
    with TournamentFile.open(path) as tf:
        first = tf.external_tiebreak()
    assert sorted(first.values.values()) == [1, 2, 3, 4]
    assert main(["standings", str(path)]) == 0
    assert sorted(places(capsys.readouterr().out).values()) == ["1", "2", "3", "4"]
    assert main(["external-tiebreak", str(path), "--draw-lots"]) == 2
    assert "clear them first" in capsys.readouterr().err
    assert main(["undo", str(path)]) == 0
    assert main(["external-tiebreak", str(path), "--draw-lots"]) == 0
    with TournamentFile.open(path) as tf:
        assert tf.external_tiebreak() == first
    # by hand afterwards (Q205): the last drawn goes first
    last = max(first.values, key=lambda t: first.values[t])
    assert main(["external-tiebreak", str(path), f"{last}=0"]) == 0
    assert main(["standings", str(path)]) == 0
    assert places(capsys.readouterr().out)[f"Player {last}"] == "1"


def test_q204_no_ties_nothing_to_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = drawn_event(tmp_path, "BH,TPN")
    capsys.readouterr()
    assert main(["external-tiebreak", str(path), "--draw-lots"]) == 2
    assert "no players are tied after the declared tie-breaks" in capsys.readouterr().err
