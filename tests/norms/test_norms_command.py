"""``swissdesk norms FILE [--json]`` (issue 37): norms with the certificate data, and the
forecast while rounds are left."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from norm_support import CASE_A, seeker_event

from swissdesk.cli import main
from swissdesk.trf import format_trf


def _trf(tmp_path: Path, tournament: object) -> Path:
    path = tmp_path / "norm.trf"
    path.write_text(format_trf(tournament), encoding="utf-8")  # type: ignore[arg-type]
    return path


def test_norms_json_gives_the_certificate_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["norms", str(_trf(tmp_path, seeker_event(CASE_A))), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["applicable"] and data["after_round"] == 9
    (gm,) = [n for n in data["norms"] if n["title"] == "GM"]
    assert (gm["tpn"], gm["name"], gm["points"], gm["average"], gm["performance"]) == (
        1, "Seeker", 6.5, 2486, 2652,
    )  # fmt: skip
    assert [o["rating"] for o in gm["opponents"]][:3] == [2600, 2580, 2560]
    assert gm["opponents"][0]["title"] == "GM" and gm["opponents"][0]["federation"] == "GER"
    assert all(c["passed"] for c in gm["checks"])


def test_norms_forecast_while_rounds_are_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = _trf(tmp_path, seeker_event(CASE_A[:7], total_rounds=9))
    assert main(["norms", str(event)]) == 0
    out = capsys.readouterr().out
    assert "No norm achieved." in out
    assert (
        "no. 1 Seeker: GM norm still possible, 2 rounds left: 1 against opponents averaging "
        "2513 as so far (points → average the remaining opponents need: ½ → 2543, 1 → 2341, "
        "1½ → 2156, 2 → 1913)"
    ) in out
    assert main(["norms", str(event), "--json"]) == 0
    forecast = json.loads(capsys.readouterr().out)["forecasts"][0]
    assert forecast["points_needed_at_current_average"] == 1.0
    assert forecast["points_needed"][-1] == {
        "points": 2.0, "minimum_average_of_remaining_opponents": 1913,
    }  # fmt: skip


def test_norms_table_for_an_achieved_norm(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["norms", str(_trf(tmp_path, seeker_event(CASE_A)))]) == 0
    out = capsys.readouterr().out
    assert "GM norm: no. 1 Seeker (IM, FRA): 6½/9, Ra 2486, 72 %, Rp 2652; counts as 9 games" in out
    assert main(["norms", str(_trf(tmp_path, seeker_event(CASE_A))), "--round", "12"]) == 2
