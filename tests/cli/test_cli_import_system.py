"""`swissdesk import --system` and JSON states: a tournament of any system is run from the
command line (issue 12: "next-round on a tournament file")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from swissdesk.storage import TournamentFile

STATE = {
    "system": "lim",
    "rounds_total": 3,
    "initial_colour": "white",
    "points": {"win": 1, "draw": 0.5, "loss": 0},
    "players": [{"tpn": n, "rating": 2400 - 10 * n, "history": []} for n in range(1, 7)],
}


def swissdesk(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "swissdesk", *args], capture_output=True, text=True, check=False
    )


def test_import_takes_the_json_states_system_and_pairs_with_it(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps(STATE), encoding="utf-8")
    event = tmp_path / "event.swissdesk"
    run = swissdesk("import", str(state), "-o", str(event))
    assert run.returncode == 0, run.stderr
    with TournamentFile.open(event) as tf:
        assert tf.settings().system == "lim"
    paired = swissdesk("next-round", str(event))
    assert paired.returncode == 0, paired.stderr
    assert paired.stdout.splitlines()[0] == "3"


def test_import_system_overrides_the_file_and_refuses_unknown_names(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps(STATE), encoding="utf-8")
    event = tmp_path / "event.swissdesk"
    assert swissdesk("import", str(state), "-o", str(event), "--system", "dubov").returncode == 0
    with TournamentFile.open(event) as tf:
        assert tf.settings().system == "dubov"
    refused = swissdesk(
        "import", str(state), "-o", str(tmp_path / "x.swissdesk"), "--system", "nope"
    )
    assert refused.returncode == 2 and "unknown pairing system 'nope'" in refused.stderr
    assert not (tmp_path / "x.swissdesk").exists()


def test_rating1992_import_takes_the_f10_tiebreaks_when_the_file_names_none(
    tmp_path: Path,
) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps({**STATE, "system": "rating1992"}), encoding="utf-8")
    event = tmp_path / "event.swissdesk"
    assert swissdesk("import", str(state), "-o", str(event)).returncode == 0
    with TournamentFile.open(event) as tf:
        assert tf.settings().tiebreaks == ("DE", "ARO")
