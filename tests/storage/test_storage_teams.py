"""Team events in a tournament file (C.04.6): teams, rosters, line-ups, board results,
forfeits, byes, the snapshot the team engine pairs, Undo, and the version-1 upgrade."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from swissdesk.model.team import build_team_states
from swissdesk.model.tournament import TEAM_SCORING, Colour, ResultCode, TeamSettings
from swissdesk.storage import (
    ActionRefused,
    AddTeam,
    AssignTeamPairingNumbers,
    BoardResult,
    ByeKind,
    ConfirmationRequired,
    EditTeam,
    EnterBoardResult,
    ForfeitMatch,
    MemberData,
    RemovePlayer,
    RemoveTeam,
    RequestTeamBye,
    SetLineup,
    SetTeamSettings,
    TeamData,
    TournamentFile,
    TournamentSettings,
    Undo,
    UnpairLastRound,
    schema,
)

FIXTURES = Path(__file__).parent / "fixtures"


def team_settings(**kw: object) -> TournamentSettings:
    base: dict[str, object] = {
        "name": "Team Cup",
        "total_rounds": 5,
        "system": "team",
        "scoring": TEAM_SCORING,
        "is_team": True,
    }
    base.update(kw)
    return TournamentSettings(**base)  # type: ignore[arg-type]


def roster(i: int, size: int = 6) -> tuple[MemberData, ...]:
    return tuple(
        MemberData(f"Player {i}.{j}", 2000 + 40 * i - 15 * j, fide_id=str(1000 * i + j))
        for j in range(1, size + 1)
    )


@pytest.fixture
def cup(tmp_path: Path) -> Iterator[TournamentFile]:
    """Seven teams of six players, four boards, pairing numbers by strength."""
    with TournamentFile.create(tmp_path / "cup.swissdesk", team_settings()) as tf:
        tf.execute(SetTeamSettings(TeamSettings(boards=4)))
        for i in range(7):
            tf.execute(AddTeam(TeamData(f"Club {i}", f"C{i}", "GER", members=roster(i))))
        tf.execute(AssignTeamPairingNumbers())
        yield tf


def test_pairing_numbers_by_average_rating_of_the_n_best(cup: TournamentFile) -> None:
    teams = cup.teams()
    assert [t.name for t in teams] == [f"Club {i}" for i in range(6, -1, -1)]
    best4 = [2000 + 40 * 6 - 15 * j for j in range(1, 5)]
    assert teams[0].strength == 2203 == (2 * sum(best4) + 4) // 8  # 2202.5, half up
    # The arbiter reorders: the numbers follow his order.
    cup.execute(AssignTeamPairingNumbers((2, 1, 3, 4, 5, 6, 7)))
    assert [t.name for t in cup.teams()][:2] == ["Club 5", "Club 6"]


def test_a_reserve_lifts_strength_only_among_the_n_best(cup: TournamentFile) -> None:
    first = cup.teams()[0]
    members = (*first.data.members, MemberData("Strong Reserve", 2700))
    cup.execute(EditTeam(first.tpn, TeamData(first.name, members=members)))
    after = cup.teams()[0]
    assert after.strength > first.strength
    assert after.members[-1].data.name == "Strong Reserve"
    assert cup.snapshot().player(first.tpn).members[-1] == "Strong Reserve"


def test_team_round_is_paired_by_the_team_engine_from_the_snapshot(cup: TournamentFile) -> None:
    snap = cup.snapshot()
    assert snap.is_team and snap.team == TeamSettings(boards=4)
    _pairing, _ = cup.pair_next_round()
    view = cup.team_round_view(1)
    assert len(view.matches) == 3
    assert view.unpaired == ((7, "Club 0", ResultCode.PAIRING_ALLOCATED_BYE),)
    # Default line-up: the first four of each roster.
    m = view.matches[0]
    assert [b.first for b in m.boards] == [f"Player 6.{j}" for j in range(1, 5)]


def enter_all(tf: TournamentFile, rnd: int, result: BoardResult) -> None:
    for m in tf.team_round_view(rnd).matches:
        if m.complete:
            continue
        for b in m.boards:
            if b.first is not None and b.second is not None and m.forfeit is None:
                tf.execute(EnterBoardResult(rnd, m.number, b.board, result))


def test_board_results_settle_match_and_game_points_art_1_2(cup: TournamentFile) -> None:
    cup.pair_next_round()
    m = cup.team_round_view(1).matches[0]
    for board, res in zip(
        (1, 2, 3, 4),
        (BoardResult.WHITE_WINS, BoardResult.DRAW, BoardResult.DRAW, BoardResult.BLACK_WINS),
        strict=True,
    ):
        live = cup.team_round_view(1).matches[0]
        assert not live.complete
        cup.execute(EnterBoardResult(1, m.number, board, res))
    done = cup.team_round_view(1).matches[0]
    assert done.complete and (done.first_points, done.second_points) == (4, 4)
    with pytest.raises(ConfirmationRequired):  # a result over another one: Level 2
        cup.execute(EnterBoardResult(1, m.number, 4, BoardResult.WHITE_WINS))
    cup.execute(EnterBoardResult(1, m.number, 4, BoardResult.WHITE_WINS, confirmed=2))
    enter_all(cup, 1, BoardResult.DRAW)
    snap = cup.snapshot()
    first = snap.player(m.first_tpn).entry(1)
    assert first is not None and first.result is ResultCode.WIN and first.game_points == 6
    states = build_team_states(snap, 2)
    assert states[m.first_tpn].match_points == 4  # 2 match points, in half-points
    assert states[m.second_tpn].game_points == 2


def test_empty_board_is_a_forfeited_game_and_reserves_may_play(cup: TournamentFile) -> None:
    cup.pair_next_round()
    m = cup.team_round_view(1).matches[0]
    cup.execute(SetLineup(1, m.first_tpn, (1, 2, 5, None)))
    view = cup.team_round_view(1).matches[0]
    assert view.boards[2].first == "Player 6.5"
    assert view.boards[3].first is None
    assert view.boards[3].result is BoardResult.BLACK_WINS_BY_FORFEIT
    assert view.second_points == 2  # the forfeited game already counts
    with pytest.raises(ActionRefused, match="empty place"):
        cup.execute(EnterBoardResult(1, m.number, 4, BoardResult.WHITE_WINS))
    for board in (1, 2, 3):
        cup.execute(EnterBoardResult(1, m.number, board, BoardResult.WHITE_WINS))
    settled = cup.team_round_view(1).matches[0]
    assert settled.complete and (settled.first_points, settled.second_points) == (6, 2)


def test_line_up_refusals(cup: TournamentFile) -> None:
    cup.pair_next_round()
    m = cup.team_round_view(1).matches[0]
    with pytest.raises(ActionRefused, match="roster's board order"):
        cup.execute(SetLineup(1, m.first_tpn, (2, 1, 3, 4)))
    with pytest.raises(ActionRefused, match="one board only"):
        cup.execute(SetLineup(1, m.first_tpn, (1, 1, 3, 4)))
    with pytest.raises(ActionRefused, match="no roster player"):
        cup.execute(SetLineup(1, m.first_tpn, (1, 2, 3, 9)))
    with pytest.raises(ActionRefused, match="4 boards"):
        cup.execute(SetLineup(1, m.first_tpn, (1, 2, 3)))
    with pytest.raises(ActionRefused, match="no match"):
        cup.execute(SetLineup(1, 7, (1, 2, 3, 4)))  # the PAB team
    cup.execute(EnterBoardResult(1, m.number, 1, BoardResult.DRAW))
    with pytest.raises(ActionRefused, match="have results"):
        cup.execute(SetLineup(1, m.first_tpn, (1, 2, 3, 5)))


def test_forfeited_match_scores_all_games_and_no_colour_art_1_6_1(cup: TournamentFile) -> None:
    cup.pair_next_round()
    m = cup.team_round_view(1).matches[1]
    cup.execute(ForfeitMatch(1, m.number, BoardResult.BLACK_WINS_BY_FORFEIT))
    with pytest.raises(ActionRefused, match="forfeited"):
        cup.execute(EnterBoardResult(1, m.number, 1, BoardResult.DRAW))
    enter_all(cup, 1, BoardResult.DRAW)
    snap = cup.snapshot()
    loser = snap.player(m.first_tpn).entry(1)
    winner = snap.player(m.second_tpn).entry(1)
    assert loser is not None and winner is not None
    assert (loser.result, loser.game_points) == (ResultCode.FORFEIT_LOSS, 0)
    assert (winner.result, winner.game_points) == (ResultCode.FORFEIT_WIN, 8)
    states = build_team_states(snap, 2)
    assert states[m.second_tpn].colours == () and states[m.second_tpn].pab_blocked
    cup.pair_next_round()  # round 2 pairs through the ordinary path
    assert cup.rounds_paired() == 2


def test_forfeit_cancelled_lets_the_boards_decide(cup: TournamentFile) -> None:
    cup.pair_next_round()
    m = cup.team_round_view(1).matches[0]
    cup.execute(ForfeitMatch(1, m.number, BoardResult.WHITE_WINS_BY_FORFEIT))
    cup.execute(ForfeitMatch(1, m.number, None))
    again = cup.team_round_view(1).matches[0]
    assert again.forfeit is None and not again.complete


def test_team_half_point_bye_and_pab_values(cup: TournamentFile) -> None:
    cup.execute(RequestTeamBye(3, 1, ByeKind.HALF))
    cup.pair_next_round()
    view = cup.team_round_view(1)
    assert len(view.matches) == 3 and (3, "Club 4", ResultCode.HALF_POINT_BYE) in view.unpaired
    enter_all(cup, 1, BoardResult.WHITE_WINS)
    states = build_team_states(cup.snapshot(), 2)
    assert states[3].match_points == 2 and states[3].game_points == 4


def test_match_points_are_configurable(tmp_path: Path) -> None:
    with TournamentFile.create(tmp_path / "c.swissdesk", team_settings()) as tf:
        tf.execute(SetTeamSettings(TeamSettings(boards=2), match_win=6, match_draw=2))
        for i in range(4):
            tf.execute(AddTeam(TeamData(f"T{i}", members=roster(i, 3))))
        tf.pair_next_round(confirmed=2)  # four teams cannot play every round (Q62)
        enter_all(tf, 1, BoardResult.WHITE_WINS)
        states = build_team_states(tf.snapshot(), 2)
        assert sorted(s.match_points for s in states.values()) == [0, 0, 6, 6]
        with pytest.raises(ActionRefused, match="round 1 is paired"):
            tf.execute(SetTeamSettings(TeamSettings(boards=3)))


def test_undo_restores_line_ups_results_and_forfeits(cup: TournamentFile) -> None:
    cup.pair_next_round()
    start = cup.team_round_view(1)
    m = start.matches[0]
    cup.execute(SetLineup(1, m.second_tpn, (2, 3, 4, 6)))
    mid = cup.team_round_view(1)
    cup.execute(EnterBoardResult(1, m.number, 1, BoardResult.WHITE_WINS))
    cup.execute(ForfeitMatch(1, start.matches[1].number, BoardResult.DOUBLE_FORFEIT))
    cup.execute(Undo())
    cup.execute(Undo())
    assert cup.team_round_view(1) == mid
    cup.execute(Undo())
    assert cup.team_round_view(1) == start


def test_unpair_drops_the_round_line_ups_and_undo_brings_them_back(cup: TournamentFile) -> None:
    cup.pair_next_round()
    m = cup.team_round_view(1).matches[0]
    cup.execute(SetLineup(1, m.first_tpn, (1, 2, 3, 5)))
    with_lineup = cup.team_round_view(1)
    cup.execute(UnpairLastRound())
    assert cup.rounds_paired() == 0
    cup.execute(Undo())
    assert cup.team_round_view(1) == with_lineup


def test_every_team_action_is_in_the_audit_log(cup: TournamentFile) -> None:
    actions = [e.action for e in cup.audit_log()]
    assert actions[:3] == ["CreateTournament", "SetTeamSettings", "AddTeam"]
    assert "AssignTeamPairingNumbers" in actions


def test_version_1_individual_file_opens_unchanged(tmp_path: Path) -> None:
    """The migration adds the team tables and nothing else: the individual tournament
    reads exactly as before, and the old file is kept beside it."""
    path = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / "v1_individual.swissdesk", path)
    con = sqlite3.connect(path)
    # The version-1 columns (later upgrades add columns, e.g. tournament.organiser).
    columns = {
        table: ", ".join(r[1] for r in con.execute(f"PRAGMA table_info({table})"))
        for table in ("player", "entry", "round", "tournament", "audit")
    }
    before = {
        table: con.execute(f"SELECT {cols} FROM {table} ORDER BY 1").fetchall()
        for table, cols in columns.items()
    }
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == ("1",)
    con.close()
    with TournamentFile.open(path) as tf:
        snap = tf.snapshot()
        assert not snap.is_team and snap.team is None
        assert len(snap.players) == 8 and tf.rounds_paired() == 2
        first = snap.player(1).entry(1)
        assert first is not None and first.colour is Colour.WHITE
        assert tf.teams()[0].members == ()
    con = sqlite3.connect(path)
    for table, rows in before.items():
        assert con.execute(f"SELECT {columns[table]} FROM {table} ORDER BY 1").fetchall() == rows
    version = con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == (str(schema.SCHEMA_VERSION),)
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"team", "team_member", "team_board", "team_settings"} <= tables
    con.close()
    assert (tmp_path / "old.before-upgrade-v1.swissdesk").exists()


def test_migrated_tables_match_a_new_file(tmp_path: Path) -> None:
    """The frozen migration SQL creates the same columns as the current models."""
    path = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / "v1_individual.swissdesk", path)
    TournamentFile.open(path).close()
    with TournamentFile.create(tmp_path / "new.swissdesk", team_settings()):
        pass

    def columns(p: Path) -> dict[str, list[tuple[str, str, int]]]:
        con = sqlite3.connect(p)
        out = {
            t: [(r[1], r[2], r[3]) for r in con.execute(f"PRAGMA table_info({t})")]
            for t in ("team", "team_member", "team_board", "team_settings")
        }
        con.close()
        return out

    assert columns(path) == columns(tmp_path / "new.swissdesk")


def test_team_trf_import_export_round_trip(tmp_path: Path) -> None:
    """A TRF-2026 team file -> tournament file -> TRF -> tournament file: the same teams,
    matches, game points and line-ups (the 001 players renumbered team by team)."""
    from swissdesk.cli import main

    source = Path(__file__).parent.parent / "trf" / "team_hand.trf"
    a, out, c = tmp_path / "a.swissdesk", tmp_path / "b.trf", tmp_path / "c.swissdesk"
    assert main(["import", str(source), "-o", str(a), "--yes-i-know", "3"]) == 0
    with TournamentFile.open(a) as fa:
        # Round 3 (issue 16): a forfeited match and a game won against an empty board.
        fa.pair_next_round()
        first, second = fa.team_round_view(3).matches[:2]
        fa.execute(ForfeitMatch(3, first.number, BoardResult.WHITE_WINS_BY_FORFEIT))
        fa.execute(SetLineup(3, second.first_tpn, (1, None)))
        fa.execute(EnterBoardResult(3, second.number, 1, BoardResult.DRAW))
    assert main(["export", str(a), "-o", str(out)]) == 0
    assert "\n300 002 001 005 " in out.read_text()
    assert main(["import", str(out), "-o", str(c), "--yes-i-know", "3"]) == 0
    with TournamentFile.open(a) as fa, TournamentFile.open(c) as fc:
        sa, sc = fa.snapshot(), fc.snapshot()
        # A PAB paired here keeps the settings' game points (None); the import spells them.
        assert [p.rounds[:2] for p in sa.players] == [p.rounds[:2] for p in sc.players]
        assert [p.rounds[2].game_points for p in sa.players if p.rounds[2].opponent] == [
            p.rounds[2].game_points for p in sc.players if p.rounds[2].opponent
        ]
        points_a, points_c = build_team_states(sa, 4), build_team_states(sc, 4)
        assert {t: (s.match_points, s.game_points) for t, s in points_a.items()} == {
            t: (s.match_points, s.game_points) for t, s in points_c.items()
        }
        assert fa.team_round_view(2) == fc.team_round_view(2)
        assert fa.team_round_view(3) == fc.team_round_view(3)
        third = fc.team_round_view(3).matches[1]
        assert third.boards[1].result is BoardResult.BLACK_WINS_BY_FORFEIT
        assert (third.first_points, third.second_points) == (1, 3)
        assert fa.team_settings() == fc.team_settings()
        alpha = fa.teams()[0]
        assert [m.data.name for m in alpha.members] == ["Alpha,Ann", "Alpha,Bob", "Alpha,Kim"]
        # Round 2 line-up of Alpha (record 300): the reserve Kim on board 1.
        m = fa.team_round_view(2).matches[0]
        assert [b.second for b in m.boards] == ["Alpha,Kim", "Alpha,Ann"]
        assert fa.rounds_paired() == 3  # the import paired on through the ordinary path


def test_a_whole_match_result_is_refused_the_boards_decide(cup: TournamentFile) -> None:
    from swissdesk.storage import EnterResult

    cup.pair_next_round()
    with pytest.raises(ActionRefused, match="Matches page"):
        cup.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))


def test_a_lined_up_player_stays_on_the_roster(cup: TournamentFile) -> None:
    cup.pair_next_round()
    m = cup.team_round_view(1).matches[0]
    cup.execute(EnterBoardResult(1, m.number, 1, BoardResult.DRAW))
    team = next(t for t in cup.teams() if t.tpn == m.first_tpn)
    shorter = TeamData(team.name, members=team.data.members[1:])
    with pytest.raises(ActionRefused, match="stays on the roster"):
        cup.execute(EditTeam(team.tpn, shorter))


def test_undo_of_team_and_roster_actions(cup: TournamentFile) -> None:
    start = (cup.teams(), cup.snapshot())
    first = cup.teams()[0]
    members = (first.data.members[2], *first.data.members[:2], MemberData("New One", 1500))
    cup.execute(EditTeam(first.tpn, TeamData("Renamed", "RN", "FRA", "Club", members)))
    cup.execute(AssignTeamPairingNumbers((7, 6, 5, 4, 3, 2, 1)))
    cup.execute(AddTeam(TeamData("Late Team", members=roster(9))))
    assert len(cup.teams()) == 8
    for _ in range(3):
        cup.execute(Undo())
    assert (cup.teams(), cup.snapshot()) == start


def test_remove_team_keeps_its_roster_for_undo(cup: TournamentFile) -> None:
    before = cup.teams()
    with pytest.raises(ActionRefused, match="Remove team"):
        cup.execute(RemovePlayer(2))  # the plain removal would lose the roster
    cup.execute(RemoveTeam(2))
    assert [t.tpn for t in cup.teams()] == [1, 2, 3, 4, 5, 6]
    assert before[1].name not in [t.name for t in cup.teams()]
    cup.execute(Undo())
    assert cup.teams() == before


def test_individual_board_scores_with_performance_c07_art_10_2(tmp_path: Path) -> None:
    """Issue 16: per board, the players' games and points; the performance (Ra + dp) uses
    the played games only, a forfeit counts as a game and a point but not in it."""
    from swissdesk.cli import main
    from swissdesk.storage.teamtrf import board_standings

    source = Path(__file__).parent.parent / "trf" / "team_hand.trf"
    assert main(["import", str(source), "-o", str(tmp_path / "a.swissdesk"), "--yes-i-know", "3"]) == 0
    with TournamentFile.open(tmp_path / "a.swissdesk") as tf:
        rows = board_standings(tf.team_event())
        tf.pair_next_round()
        first, match = tf.team_round_view(3).matches[:2]
        tf.execute(ForfeitMatch(3, first.number, BoardResult.WHITE_WINS_BY_FORFEIT))
        tf.execute(SetLineup(3, match.first_tpn, (1, None)))
        tf.execute(EnterBoardResult(3, match.number, 1, BoardResult.DRAW))
        after = board_standings(tf.team_event())
        winner = tf.team_round_view(3).matches[1].boards[1].second
    got = {(r.board, r.name): (r.games, r.points, r.performance) for r in rows}
    late = {(r.board, r.name): (r.games, r.points, r.performance) for r in after}
    before = got.get((2, str(winner)), (0, 0, None))
    assert late[2, str(winner)][:2] == (before[0] + 1, before[1] + 2)  # the empty board
    assert late[2, str(winner)][2] == before[2]  # but no performance from it
    assert got[1, "Alpha,Ann"] == (1, 2, 2370 + 800)  # beat Beta,Cid on board 1
    assert got[2, "Alpha,Ann"] == (1, 2, 2300 + 800)  # beat Eps,Jon on board 2 (record 300)
    assert got[1, "Alpha,Kim"] == (1, 1, 2310)  # the reserve drew on board 1
    assert got[1, "Beta,Cid"] == (1, 0, 2390 - 800)  # a forfeited match has no games
    assert [r.board for r in rows] == sorted(r.board for r in rows)


def test_team_standings_boards_prints_the_board_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from swissdesk.cli import main

    source = Path(__file__).parent.parent / "trf" / "team_hand.trf"
    assert main(["import", str(source), "-o", str(tmp_path / "a.swissdesk"), "--yes-i-know", "3"]) == 0
    capsys.readouterr()
    assert main(["team", "standings", str(tmp_path / "a.swissdesk"), "--boards"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["Bd", "Player", "Rtg", "Team", "G", "Pts", "Perf"]
    assert lines[1].split()[:2] == ["1", "Alpha,Ann"] and lines[1].split()[-1] == "3170"
