"""A double round robin run from the command line: new, numbers by lot, every round paired
and its results entered, a withdrawal, standings, the TRF export read back and checked
against the Berger tables; the RR options refused where they do not belong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.engines.round_robin.verify import check_against_tables
from swissdesk.model.round_robin import RoundRobinSettings, settings_of
from swissdesk.storage import TournamentFile
from swissdesk.trf import read_trf

PLAYERS = """\
# name;rating;federation;title
Anand, Viswanathan;2750;IND;GM
Giri, Anish;2740;NED;GM
Gukesh, D;2780;IND;GM
Firouzja, Alireza;2760;FRA;GM
Van Foreest, Jorden;2690;NED;GM
Praggnanandhaa, R;2750;IND;GM
Vachier-Lagrave, Maxime;2730;FRA;GM
"""

RESULTS = ["1-0", "1/2", "0-1", "1/2"]


def run(*argv: object) -> int:
    return main([str(a) for a in argv])


def test_a_double_round_robin_through_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = tmp_path / "players.txt"
    players.write_text(PLAYERS, encoding="utf-8")
    t = tmp_path / "rr.swissdesk"
    assert (
        run(
            "new",
            t,
            "--name",
            "Club RR",
            "--system",
            "round-robin",
            "--cycles",
            "2",
            "--players",
            players,
        )
        == 0
    )
    assert "round robin, 7 players, 14 rounds" in capsys.readouterr().out
    assert run("numbers", t, "--lot", "--seed", "2026") == 0
    drawn = capsys.readouterr().out
    assert "drawn by lot (seed 2026)" in drawn
    assert run("audit", t) == 0
    assert "DrawLots" in capsys.readouterr().out
    for rnd in range(1, 15):
        if rnd == 9:
            assert run("withdraw", t, 5) == 0
            capsys.readouterr()
        assert run("next-round", t) == 0
        out = capsys.readouterr().out
        pairs = [line.split() for line in out.splitlines()[1:]]
        boards = [p for p in pairs if p[1] != "0"]
        for board, _ in enumerate(boards, start=1):
            code = RESULTS[(rnd + board) % len(RESULTS)]
            status = run("result", t, rnd, board, code)
            if status:  # a board forfeited by the withdrawn player already has its result
                assert "already" in capsys.readouterr().err
            capsys.readouterr()
    assert run("next-round", t) == 2
    assert "all 14 rounds" in capsys.readouterr().err
    assert run("standings", t) == 0
    table = capsys.readouterr().out
    assert "Standings after round 14" in table
    assert re.search(r"Rank\s+TPN\s+Name\s+Rating\s+Pts\s+DE\s+WIN\s+SB\s+KS", table)
    out = tmp_path / "rr.trf"
    assert run("export", t, "-o", out) == 0
    back = read_trf(out)
    assert back.system == "round-robin" and back.total_rounds == 14
    assert settings_of(back) == RoundRobinSettings(2)
    assert all(c.ok for c in check_against_tables(back))
    with TournamentFile.open(t) as tf:
        assert [p.rounds for p in back.players] == [p.rounds for p in tf.snapshot().players]


def test_round_robin_options_are_refused_where_they_do_not_belong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("new", tmp_path / "a.swissdesk", "--name", "A", "--cycles", "2") == 2
    assert "for round robins" in capsys.readouterr().err
    assert (
        run(
            "new",
            tmp_path / "b.swissdesk",
            "--name",
            "B",
            "--system",
            "round-robin",
            "--rounds",
            "7",
        )
        == 2
    )
    assert "not --rounds" in capsys.readouterr().err
    assert (
        run(
            "new",
            tmp_path / "c.swissdesk",
            "--name",
            "C",
            "--system",
            "round-robin",
            "--tiebreaks",
            "BH,SB",
        )
        == 2
    )
    assert "Buchholz-type" in capsys.readouterr().err


def test_a_scheveningen_match_through_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = tmp_path / "match.swissdesk"
    players = [f"--player=A{i};{2500 - i};NED" for i in (1, 2, 3, 4)]
    players += [f"--player=B{i};{2490 - i};ENG" for i in (1, 2, 3, 4)]
    assert run("new", t, "--name", "NED-ENG", "--system", "scheveningen", *players) == 0
    assert "Scheveningen event, 8 players, 4 rounds" in capsys.readouterr().out
    met = set()
    for rnd in range(1, 5):
        assert run("next-round", t) == 0
        pairs = [tuple(map(int, line.split())) for line in capsys.readouterr().out.splitlines()[1:]]
        assert all((w <= 4) != (b <= 4) for w, b in pairs)
        met |= {frozenset(p) for p in pairs}
        for board in range(1, 5):
            assert run("result", t, rnd, board, "1-0") == 0
        capsys.readouterr()
    assert len(met) == 16
    assert run("standings", t) == 0
    assert "Match: NED (nos. 1-4) 8.0 - ENG (nos. 5-8) 8.0" in capsys.readouterr().out
