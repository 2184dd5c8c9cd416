"""A team round robin (the Berger tables on the teams): five teams, so one team has the
bye each round, played through the command line, the team TRF written and read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.engines.round_robin import schedule
from swissdesk.model.round_robin import RoundRobinSettings, settings_of
from swissdesk.storage import TournamentFile
from swissdesk.trf.team_records import parse_team_trf


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_team_double_round_robin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = str(tmp_path / "league.swissdesk")
    code, _, err = run(
        capsys,
        "team",
        "new",
        t,
        "--name",
        "League",
        "--system",
        "round-robin",
        "--cycles",
        "2",
        "--boards",
        "2",
    )
    assert code == 0, err
    for i, name in enumerate(("Alpha", "Beta", "Gamma", "Delta", "Omega"), start=1):
        players = [f"--player={name} {k};{2400 - 50 * i - k}" for k in (1, 2)]
        assert run(capsys, "team", "add", t, name, *players)[0] == 0
    with TournamentFile.open(t) as tf:
        assert tf.settings().total_rounds == 10  # 5 teams: the table for 6, twice
        assert tf.settings().scoring.pairing_allocated_bye == 0
    expected = schedule(5, RoundRobinSettings(2))
    for rnd in range(1, 11):
        code, out, err = run(capsys, "next-round", t)
        assert code == 0, err
        pairs = [tuple(map(int, line.split())) for line in out.splitlines()[1:]]
        step = expected[rnd - 1]
        assert [p for p in pairs if p[1]] == [(p.white, p.black) for p in step.pairs]
        assert (step.bye, 0) in pairs
        with TournamentFile.open(t) as tf:
            matches = tf.team_round_view(rnd).matches
        for match in matches:
            for board in (1, 2):
                code, _, err = run(
                    capsys,
                    "team",
                    "result",
                    t,
                    str(rnd),
                    str(match.number),
                    str(board),
                    "1-0" if board == 1 else "1/2",
                )
                assert code == 0, err
    code, out, _ = run(capsys, "standings", t)
    assert code == 0 and "BH:MP" not in out
    trf = tmp_path / "league.trf"
    assert run(capsys, "export", t, "-o", str(trf))[0] == 0
    text = trf.read_text()
    assert "192 FIDE_TEAM_DOUBLEROUNDROBIN" in text
    event = parse_team_trf(text)
    assert event.tournament.system == "round-robin" and event.tournament.is_team
    assert settings_of(event.tournament) == RoundRobinSettings(2)
    assert run(capsys, "import", str(trf), "-o", str(tmp_path / "again.swissdesk"))[0] == 0
    with TournamentFile.open(tmp_path / "again.swissdesk") as tf:
        assert tf.settings().system == "round-robin" and tf.settings().is_team
        assert tf.settings().round_robin == RoundRobinSettings(2)
