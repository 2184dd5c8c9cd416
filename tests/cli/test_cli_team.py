"""``swissdesk generate|pair|check --system team``: TRF-2026 team files and JSON states."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.trf.team_generator import generate_team_event
from swissdesk.trf.team_records import format_team_trf, parse_team_trf
from swissdesk.verification.pairings import check_tournament


def test_generate_then_check_and_pair_a_team_trf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "team.trf"
    assert (
        main(
            [
                "generate",
                "--system",
                "team",
                "--players",
                "11",
                "--rounds",
                "5",
                "--seed",
                "3",
                "-o",
                str(path),
            ]
        )
        == 0
    )
    assert main(["check", "--system", "team", str(path)]) == 0
    assert "agrees with the file in every round" in capsys.readouterr().out
    # Pair the next round of the file cut after round 4.
    text = path.read_text(encoding="utf-8")
    assert text.count("\n310 ") + text.startswith("310") == 11


@pytest.mark.parametrize(("teams", "prefs", "seed"), [(12, "A", 1), (13, "B", 2), (10, "none", 3)])
def test_generated_team_files_pass_check(teams: int, prefs: str, seed: int) -> None:
    event = generate_team_event(teams, 6, seed, get_engine("team"), colour_preferences=prefs)
    again = parse_team_trf(format_team_trf(event))
    assert again.tournament.team == event.tournament.team
    report = check_tournament(again.tournament, get_engine("team"), None)
    assert report.agrees, report.summary()
