"""TRF-2026 team section (records 310, 352, 362, 300, 320, 330, 240, 250, 260; 802)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.model.team import build_team_states
from swissdesk.model.tournament import Colour, ResultCode
from swissdesk.trf import TrfError, read_tournament
from swissdesk.trf.team_records import format_team_trf, parse_team_trf, read_team_trf

HAND = Path(__file__).with_name("team_hand.trf")


def test_hand_written_team_file_reads_correctly() -> None:
    event = read_team_trf(HAND)
    t = event.tournament
    assert t.is_team and t.system == "team" and t.total_rounds == 3
    assert t.team is not None and t.team.boards == 2 and event.board_colours == "WB"
    assert event.rosters[1] == (1, 2, 11) and event.nicknames[1] == "ALP"
    assert t.player(1).members == ("Alpha,Ann", "Alpha,Bob", "Alpha,Kim")
    # Round 1: 1-2 won 1.5-0.5 by team 1 with White on board 1.
    r1 = t.player(1).entry(1)
    assert r1 is not None and (r1.opponent, r1.colour, r1.result) == (
        2,
        Colour.WHITE,
        ResultCode.WIN,
    )
    assert (r1.match_points, r1.game_points) == (4, 3)
    # Round 2: team 1 out of order (300: reserve 11 on board 1, Black as board 1 of 5-1).
    r2 = t.player(1).entry(2)
    assert r2 is not None and (r2.opponent, r2.colour) == (5, Colour.BLACK)
    assert event.lineups[2, 1] == (11, 1)
    # 330: team 2 won by forfeit against 3 (unplayed for [C1] and colours).
    f = t.player(2).entry(2)
    assert f is not None and f.result is ResultCode.FORFEIT_WIN and f.match_points == 4
    # 320: team 5 had the PAB in round 1 (1 MP, 1 GP); 240: team 4 a half-point bye.
    pab = t.player(5).entry(1)
    assert pab is not None and pab.result is ResultCode.PAIRING_ALLOCATED_BYE
    hpb = t.player(4).entry(2)
    assert hpb is not None and hpb.result is ResultCode.HALF_POINT_BYE
    states = build_team_states(t, 3)
    assert {k: (s.match_points, s.game_points) for k, s in states.items()} == {
        1: (8, 6),
        2: (4, 5),
        3: (0, 0),
        4: (6, 6),
        5: (2, 3),
    }
    assert states[2].opponents == frozenset({1}) and states[2].pab_blocked
    assert [p.declared_points for p in t.players] == [8, 4, 0, 6, 2]


def test_team_file_written_by_swissdesk_reads_back_identically() -> None:
    event = read_team_trf(HAND)
    text = format_team_trf(event)
    again = parse_team_trf(text)
    assert again == event
    assert format_team_trf(again) == text
    assert any(line.startswith("802   5 EPS") for line in text.splitlines())


def test_read_tournament_takes_a_team_trf_as_a_team_event() -> None:
    t = read_tournament(HAND)
    assert t.is_team and len(t.players) == 5


def test_swissdesk_pair_team_on_a_trf(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--system", "team", str(HAND)]) == 0
    out = capsys.readouterr().out.split("\n")
    assert out[0] == "3" and out[-2] == "3 0"  # team 3 (lowest score) gets the PAB


def test_250_virtual_match_points_and_260_prohibited_teams(tmp_path: Path) -> None:
    text = HAND.read_text(encoding="utf-8")
    text += "250  2.0  0.0 001 003 0001 0002\n260 001 003 0001 0004\n"
    path = tmp_path / "acc.trf"
    path.write_text(text, encoding="utf-8")
    event = read_team_trf(path)
    assert event.tournament.acceleration_for(2, 3) == 4
    assert frozenset({1, 4}) in event.tournament.forbidden_pairs
    assert parse_team_trf(format_team_trf(event)) == event


def test_310_with_an_unknown_player_is_a_clear_error(tmp_path: Path) -> None:
    text = HAND.read_text(encoding="utf-8").replace("0009 0010", "0009 0099")
    path = tmp_path / "bad.trf"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TrfError, match="player 99 has no 001 record"):
        read_team_trf(path)
