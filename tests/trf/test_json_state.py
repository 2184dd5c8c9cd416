"""The JSON tournament state (shared/corpus/README.md): read as a TRF would be, or refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from swissdesk.errors import InputError
from swissdesk.model.state import build_states
from swissdesk.model.tournament import Colour, ResultCode
from swissdesk.trf import read_json_state, read_tournament, read_trf
from swissdesk.trf.json_state import state_to_tournament

CORPUS = (Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus").resolve()


def _state(**overrides: object) -> dict[str, object]:
    state: dict[str, object] = {
        "system": "dutch",
        "rounds_total": 3,
        "initial_colour": "black",
        "points": {"win": 1, "draw": 0.5, "loss": 0},
        "players": [
            {
                "tpn": 1,
                "rating": 2400,
                "history": [{"round": 1, "opponent": 2, "colour": "b", "result": "1"}],
            },
            {
                "tpn": 2,
                "rating": 2300,
                "history": [{"round": 1, "opponent": 1, "colour": "w", "result": "0"}],
            },
            {
                "tpn": 3,
                "rating": 2200,
                "history": [{"round": 1, "opponent": 0, "colour": "-", "result": "U"}],
                "absent_next": True,
                "absent_result": "H",
            },
            {"tpn": 4, "rating": 2100, "history": []},
        ],
    }
    state.update(overrides)
    return state


def test_json_state_history_absences_and_presets() -> None:
    t = state_to_tournament(_state())
    assert t.total_rounds == 3 and t.initial_colour is Colour.BLACK
    p1, p3, p4 = t.player(1), t.player(3), t.player(4)
    assert p1.rounds[0].opponent == 2 and p1.rounds[0].colour is Colour.BLACK
    assert (
        p3.rounds
        == (
            p3.rounds[0],
            p3.rounds[1],
        )
        and p3.rounds[1].result is ResultCode.HALF_POINT_BYE
    )
    # A round missing from a history is an absence with zero points.
    assert p4.rounds[0].result is ResultCode.ZERO_POINT_BYE
    states = build_states(t, 2)
    assert not states[3].available and states[4].available and states[4].score == 0


def test_json_state_points_are_half_points_and_defaults_follow_the_win() -> None:
    t = state_to_tournament(_state(points={"win": 3, "draw": 1, "loss": 0}))
    assert t.scoring.win == 6 and t.scoring.draw == 2
    assert t.scoring.pairing_allocated_bye == 6 and t.scoring.half_point_bye == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": []}, "non-empty list"),
        ({"points": {"win": 0.3}}, "whole or half point"),
        ({"round": 1}, "already reaches round"),
        ({"rounds_total": 10**40}, "between 1 and 99"),
        ({"initial_colour": "green"}, "initial_colour"),
        ({"system": "team"}, "is not MP:GP"),
    ],
)
def test_json_state_refuses_bad_states_with_a_message(
    change: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        state_to_tournament(_state(**change))


def test_json_state_refuses_an_unknown_opponent_and_result() -> None:
    state = _state()
    players = state["players"]
    assert isinstance(players, list)
    players[3]["history"] = [{"round": 1, "opponent": 9, "colour": "w", "result": "1"}]
    with pytest.raises(InputError, match="9, who is not listed"):
        state_to_tournament(state)
    players[3]["history"] = [{"round": 1, "opponent": 1, "colour": "w", "result": "X"}]
    with pytest.raises(InputError, match="unknown result 'X'"):
        state_to_tournament(state)


def test_json_state_bad_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"players": [\n  {"tpn": 1,,}]}', encoding="utf-8")
    with pytest.raises(InputError, match=r"broken\.json:2:\d+: not valid JSON"):
        read_json_state(path)


def test_pair_command_reads_a_json_state(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(_state()), encoding="utf-8")
    assert read_tournament(path).rounds_with_pairings == 1
    run = subprocess.run(
        [sys.executable, "-m", "swissdesk", "pair", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.split()
    # Three players to pair (3 is absent): one board and the PAB, which 3 already had.
    assert lines[0] == "2" and lines[-1] == "0" and lines[-2] != "3"


def _corpus_pairs() -> list[Path]:
    found = sorted(CORPUS.glob("*/cases/*.json")) + sorted(CORPUS.glob("rating1992/*.json"))
    return [p for p in found if p.with_suffix(".trf").exists()][::7]


@pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the reference corpus is read from {CORPUS} (not present)"
)
def test_json_state_equals_the_trf_of_the_same_corpus_case() -> None:
    cases = _corpus_pairs()
    assert cases
    for path in cases:
        from_json, from_trf = read_json_state(path), read_trf(path.with_suffix(".trf"))
        r = from_trf.rounds_with_pairings + 1
        assert from_json.rounds_with_pairings + 1 == r, path.name
        assert from_json.total_rounds == from_trf.total_rounds, path.name
        assert from_json.initial_colour == from_trf.initial_colour, path.name
        assert from_json.scoring == from_trf.scoring, path.name
        assert build_states(from_json, r) == build_states(from_trf, r), path.name
