"""Team standings and the team tie-breaks of C.07 (match points, game points, BH and SB on
match points, direct encounter)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.tiebreaks.team import format_team_value, team_standings, team_tiebreak_values
from swissdesk.trf.json_state import state_to_tournament
from swissdesk.trf.team_records import read_team_trf
from tests.engines.test_team_articles import team_state

HAND = Path(__file__).resolve().parents[1] / "trf" / "team_hand.trf"


def test_c07_match_and_game_points_buchholz_and_sonneborn_berger() -> None:
    t = read_team_trf(HAND).tournament
    assert team_tiebreak_values(t, "MP") == {1: 8, 2: 4, 3: 0, 4: 6, 5: 2}
    assert team_tiebreak_values(t, "GP") == {1: 6, 2: 5, 3: 0, 4: 6, 5: 3}
    # Unplayed rounds (forfeit, bye, PAB) count the team's own match points.
    assert team_tiebreak_values(t, "BH:MP") == {1: 6, 2: 12, 3: 6, 4: 6, 5: 10}
    assert team_tiebreak_values(t, "BH1:MP") == {1: 4, 2: 8, 3: 6, 4: 6, 5: 8}
    sb = team_tiebreak_values(t, "SB:MPxGP")
    assert format_team_value("SB:MPxGP", sb[1]) == "4.5" and sb[4] == 0 and sb[5] == 8
    assert team_tiebreak_values(t, "SB:MP") == {1: 12, 2: 0, 3: 0, 4: 0, 5: 0}
    rows = team_standings(t)
    assert [r.tpn for r in rows] == [1, 4, 2, 5, 3]


def test_c07_direct_encounter_between_tied_teams() -> None:
    rounds = [[(1, 2, "2:3"), (3, 4, "2:3")], [(3, 1, "2:3"), (2, 4, "2:3")]]
    t = state_to_tournament(team_state(4, rounds), "test")  # type: ignore[arg-type]
    assert team_tiebreak_values(t, "DE") == {1: 4, 2: 0, 3: 0, 4: 0}
    assert [r.tpn for r in team_standings(t, ("DE",))] == [3, 1, 2, 4]
    # Without a tie-break the tied teams share the place.
    assert [r.rank for r in team_standings(t, ())] == [1, 2, 2, 4]


def test_unknown_team_tiebreak_is_refused() -> None:
    t = read_team_trf(HAND).tournament
    with pytest.raises(ValueError, match="unknown team tie-break"):
        team_tiebreak_values(t, "XYZ")
