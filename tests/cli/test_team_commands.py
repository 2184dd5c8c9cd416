"""``swissdesk team ...``: a team event run headless, from creation to standings and PDFs."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from swissdesk.cli import main
from swissdesk.model.tournament import ResultCode
from swissdesk.storage import TournamentFile


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_team_event_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = str(tmp_path / "cup.swissdesk")
    assert run(capsys, "team", "new", t, "--name", "Cup", "--rounds", "3", "--boards", "2")[0] == 0
    roster = tmp_path / "alpha.txt"
    roster.write_text("# Alpha\nAnna Alpha;2400;IM;1001;GER\nBen Alpha;2300\nCleo Alpha\t2100\n")
    assert run(capsys, "team", "add", t, "Alpha", "--short", "ALP", "--roster", str(roster))[0] == 0
    for name, base in (("Beta", 2350), ("Gamma", 2200), ("Delta", 2000)):
        players = [f"--player={name} {i};{base - 10 * i}" for i in range(1, 4)]
        assert run(capsys, "team", "add", t, name, *players)[0] == 0
    code, out, _ = run(capsys, "team", "sort", t)
    assert code == 0 and "by strength" in out
    code, out, _ = run(capsys, "team", "list", t)
    assert out.index("Alpha") < out.index("Beta") < out.index("Gamma")
    assert "strength 2350" in out  # (2400 + 2300) / 2
    assert run(capsys, "next-round", t)[0] == 0
    code, out, _ = run(capsys, "team", "matches", t)
    assert "Match 1:" in out and "Match 2:" in out
    with TournamentFile.open(t) as tf:
        m1, m2 = tf.team_round_view(1).matches
    # A reserve plays, and an empty board on the other team.
    assert run(capsys, "team", "lineup", t, "1", str(m1.first_tpn), "1", "3")[0] == 0
    assert run(capsys, "team", "lineup", t, "1", str(m1.second_tpn), "2", "-")[0] == 0
    code, out, _ = run(capsys, "team", "result", t, "1", "1", "1", "1/2")
    assert code == 0 and "match 1.5-0.5" in out
    code, _, err = run(capsys, "team", "result", t, "1", "1", "2", "1-0")
    assert code == 2 and "empty place" in err
    code, out, _ = run(capsys, "team", "forfeit", t, "1", str(m2.number), "-+")
    assert code == 0 and "forfeited -+" in out
    code, out, _ = run(capsys, "team", "standings", t)
    # both winners have 2 MP; the forfeit winner all games (2), Alpha 1.5
    assert code == 0 and out.splitlines()[1].split()[2] == m2.second_name
    code, same, _ = run(capsys, "standings", t)  # the general command ranks teams too
    assert code == 0 and same == out and "BH:MP" in out.splitlines()[0]
    code, _, err = run(capsys, "report", t, "--kind", "standings", "-o", str(tmp_path / "x.pdf"))
    assert code == 2 and "swissdesk team report" in err
    with TournamentFile.open(t) as tf:
        entry = tf.snapshot().player(m2.second_tpn).entry(1)
        assert entry is not None and entry.result is ResultCode.FORFEIT_WIN
    assert run(capsys, "next-round", t)[0] == 0
    for kind in ("pairings", "sheets", "standings", "crosstable", "boards"):
        pdf = tmp_path / f"{kind}.pdf"
        assert run(capsys, "team", "report", t, "--kind", kind, "-o", str(pdf))[0] == 0
        text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
        assert "Alpha" in text
    sheets = "".join(p.extract_text() for p in PdfReader(tmp_path / "sheets.pdf").pages)
    assert "Anna Alpha" in sheets
    code, out, _ = run(capsys, "audit", t)
    for action in ("AddTeam", "SetLineup", "EnterBoardResult", "ForfeitMatch"):
        assert action in out


def test_team_command_errors_are_messages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = str(tmp_path / "cup.swissdesk")
    run(capsys, "team", "new", t, "--name", "Cup", "--rounds", "3")
    code, _, err = run(capsys, "team", "add", t, "X", "--player", ";2000")
    assert code == 2 and "name is missing" in err
    code, _, err = run(capsys, "team", "add", t, "X", "--player", "Ann;strong")
    assert code == 2 and "no number" in err
    code, _, err = run(
        capsys,
        "team",
        "new",
        str(tmp_path / "b.swissdesk"),
        "--name",
        "B",
        "--rounds",
        "3",
        "--match-points",
        "2,1",
    )
    assert code == 2 and "win,draw,loss" in err
    code, _, err = run(capsys, "team", "lineup", t, "1", "1", "x")
    assert code == 2


def test_team_remove(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = str(tmp_path / "cup.swissdesk")
    run(capsys, "team", "new", t, "--name", "Cup", "--rounds", "3")
    run(capsys, "team", "add", t, "A", "--player", "Ann;2000")
    run(capsys, "team", "add", t, "B", "--player", "Bob;1900")
    code, out, _ = run(capsys, "team", "remove", t, "1")
    assert code == 0 and "removed team no. 1 A" in out
    code, out, _ = run(capsys, "team", "list", t)
    assert "  1  B" in out and "Ann" not in out
