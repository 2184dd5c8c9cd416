"""Matches reported from the phones (issue 35): a team match's boards by the captains (the
team's code; C.04.6) and both games of a Double-Swiss board (C.04.5), through the same
commands, lane, acceptance and Undo as one game's report."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from swissdesk.engines import get_engine
from swissdesk.model.tournament import truncated
from swissdesk.storage import (
    AcceptReports,
    ActionRefused,
    DismissReport,
    EnterBoardResult,
    IssueCodes,
    OpenReporting,
    ReportMatch,
    ReportResult,
    SetLineup,
    TournamentFile,
    Undo,
)
from swissdesk.storage.results import BoardResult
from swissdesk.trf import write_trf
from swissdesk.verification.generator import GeneratorSettings, generate_tournament
from tests.venue.venue_support import reporting_cup

W, B, D = BoardResult.WHITE_WINS, BoardResult.BLACK_WINS, BoardResult.DRAW


@pytest.fixture
def cup(tmp_path: Path) -> Iterator[TournamentFile]:
    """Six teams of five players, four boards, round 1 paired, codes given, reporting open."""
    path = reporting_cup(tmp_path / "cup.swissdesk", teams=6, rounds=5)
    with TournamentFile.open(path) as tf:
        yield tf


def captains(tf: TournamentFile, match: int = 1) -> tuple[str, str, int, int]:
    """The codes of match ``match``'s first and second team, and their numbers."""
    m = tf.team_round_view(1).matches[match - 1]
    codes = tf.player_codes()
    return codes[m.first_tpn], codes[m.second_tpn], m.first_tpn, m.second_tpn


def test_a_team_match_reported_by_one_captain_confirmed_by_the_other_c04_6(
    cup: TournamentFile,
) -> None:
    first, second, _a, _b = captains(cup)
    games = (W, D, B, W)
    saved = cup.execute(ReportMatch(first, 1, games, device="10.0.0.5 Firefox Android"))
    assert "match 1" in saved.summary and "reported 1-0 1/2 0-1 1-0" in saved.summary
    (rep,) = cup.reports(1)
    assert rep.kind == "team" and rep.state == "reported" and rep.result == "1-0 1/2 0-1 1-0"
    assert rep.text == "2½-1½ [1-0 1/2 0-1 1-0] reported by " + str(rep.reporter_tpn)
    cup.execute(ReportMatch(second, 1, games))
    assert cup.reports(1)[0].state == "confirmed"
    # Nothing is entered until the arbiter accepts (acceptance: arbiter).
    assert not cup.team_round_view(1).matches[0].complete
    cup.execute(AcceptReports(1))
    match = cup.team_round_view(1).matches[0]
    assert match.complete and match.score_text == "2½ - 1½"
    assert [b.result for b in match.boards] == [W, D, B, W]
    assert cup.reports(1)[0].state == "accepted"
    cup.execute(Undo())
    match = cup.team_round_view(1).matches[0]
    assert not match.complete and all(b.result is None for b in match.boards)
    assert cup.reports(1)[0].state == "confirmed"


def test_the_other_captain_disputes_and_the_arbiter_decides(cup: TournamentFile) -> None:
    first, second, _a, _b = captains(cup)
    cup.execute(ReportMatch(first, 1, (W, D, B, W)))
    cup.execute(ReportMatch(second, 1, (W, D, B, D)))
    (rep,) = cup.reports(1)
    assert rep.state == "disputed" and rep.disputed_result == "1-0 1/2 0-1 1/2"
    assert "disputed: 2½-1½" in rep.text and "/ 2-2" in rep.text
    with pytest.raises(ActionRefused, match="no report to accept"):
        cup.execute(AcceptReports(1))  # only confirmed ones
    cup.execute(DismissReport(1, 1))
    cup.execute(ReportMatch(second, 1, (W, D, B, D)))  # a fresh report after it was set aside
    assert cup.reports(1)[0].state == "reported"


def test_a_captain_reports_only_the_own_match_and_only_real_results(
    cup: TournamentFile,
) -> None:
    first, _second, _a, _b = captains(cup, 1)
    other_first, other_second, _c, _d = captains(cup, 2)
    cup.execute(ReportMatch(first, 1, (W, W, W, W)))
    cup.execute(ReportMatch(other_first, 1, (B, B, B, B)))
    by_match = {r.board: r for r in cup.reports(1)}
    assert by_match[1].result == "1-0 1-0 1-0 1-0" and by_match[2].result == "0-1 0-1 0-1 0-1"
    with pytest.raises(ActionRefused, match="report the 4 boards"):
        cup.execute(ReportMatch(other_second, 1, (B, B, B)))
    with pytest.raises(ActionRefused, match="board 2: a win, a draw or a loss"):
        cup.execute(ReportMatch(other_second, 1, (B, BoardResult.WHITE_WINS_BY_FORFEIT, B, B)))
    with pytest.raises(ActionRefused, match="every board of a team match"):
        cup.execute(ReportResult(other_second, 1, W))
    with pytest.raises(ActionRefused, match="not known"):
        cup.execute(ReportMatch("ACDEFG", 1, (W, W, W, W)))


def test_an_empty_place_is_not_reported_and_a_changed_line_up_stops_the_report(
    cup: TournamentFile,
) -> None:
    first, second, a, _b = captains(cup)
    cup.execute(SetLineup(1, a, (1, 2, 3, None)))  # board 4 empty: a forfeited game
    cup.execute(ReportMatch(first, 1, (W, D, D, None)))
    cup.execute(ReportMatch(second, 1, (W, D, D, W)))  # what the phone sends for board 4: ignored
    (rep,) = cup.reports(1)
    assert rep.state == "confirmed" and rep.result == "1-0 1/2 1/2 -+"
    cup.execute(SetLineup(1, a, (1, 2, 3, 5)))  # the arbiter changes the line-up
    with pytest.raises(ActionRefused, match="line-ups of match 1 changed"):
        cup.execute(AcceptReports(1, (1,)))
    with pytest.raises(ActionRefused, match="no report to accept"):
        cup.execute(AcceptReports(1))  # set aside, never entered on the wrong boards
    cup.execute(Undo())  # the line-up as reported again
    cup.execute(AcceptReports(1))
    match = cup.team_round_view(1).matches[0]
    # 1 + ½ + ½, and board 4 lost by forfeit (the first team left it empty)
    assert match.complete and match.score_text == "2 - 2"


def test_the_arbiters_board_entry_wins_over_a_team_report(cup: TournamentFile) -> None:
    first, second, _a, _b = captains(cup)
    cup.execute(ReportMatch(first, 1, (W, D, B, W)))
    cup.execute(ReportMatch(second, 1, (W, D, B, W)))
    cup.execute(EnterBoardResult(1, 1, 2, W))  # the arbiter saw board 2 end otherwise
    cup.execute(AcceptReports(1))
    match = cup.team_round_view(1).matches[0]
    assert [b.result for b in match.boards] == [W, W, B, W]
    # Once a board is entered the captains cannot report the match any more.
    other_first, _x, _c, _d = captains(cup, 2)
    cup.execute(EnterBoardResult(1, 2, 1, D))
    with pytest.raises(ActionRefused, match="entered the result of match 2"):
        cup.execute(ReportMatch(other_first, 1, (W, W, W, W)))


def test_team_reports_entered_at_once_when_acceptance_is_automatic(
    cup: TournamentFile,
) -> None:
    cup.execute(OpenReporting(1, acceptance="auto"))
    first, second, _a, _b = captains(cup)
    cup.execute(ReportMatch(first, 1, (D, D, D, D)))
    saved = cup.execute(ReportMatch(second, 1, (D, D, D, D)))
    assert "entered" in saved.summary
    assert cup.team_round_view(1).matches[0].score_text == "2 - 2"
    cup.execute(Undo())
    assert not cup.team_round_view(1).matches[0].complete
    assert cup.reports(1)[0].state == "reported"


@pytest.fixture
def double(tmp_path: Path) -> Iterator[TournamentFile]:
    """A Double-Swiss section of 10 players, round 3 paired, codes given, reporting open."""
    settings = GeneratorSettings(players=10, rounds=5, seed=3, system="double-swiss")
    full = generate_tournament(settings, get_engine("double-swiss"))
    trf = tmp_path / "before-round-3.trf"
    write_trf(truncated(full, 3), trf)
    with TournamentFile.import_trf(trf, tmp_path / "ds.swissdesk") as tf:
        tf.pair_next_round(None)
        tf.execute(IssueCodes())
        tf.execute(OpenReporting(3))
        yield tf


def test_both_games_of_a_double_swiss_board_reported_and_accepted_c04_5(
    double: TournamentFile,
) -> None:
    board = double.round_view(3).boards[0]
    codes = double.player_codes()
    white, black = codes[board.white_tpn], codes[board.black_tpn]
    # Game 1 in the board's colours (White won), game 2 in its own (a draw).
    double.execute(ReportMatch(white, 3, (W, D)))
    with pytest.raises(ActionRefused, match="both games"):
        double.execute(ReportMatch(black, 3, (W,)))
    with pytest.raises(ActionRefused, match="both games"):
        double.execute(ReportResult(black, 3, W))
    double.execute(ReportMatch(black, 3, (W, D)))
    (rep,) = double.reports(3)
    assert rep.kind == "double" and rep.text == "1-0 1/2 confirmed"
    double.execute(AcceptReports(3, (board.board,)))
    entered = double.round_view(3).boards[0]
    assert entered.result_text == "1-0 1/2" and entered.games == ("1-0", "1/2")
    double.execute(Undo())
    assert double.round_view(3).boards[0].result_text == ""


def test_double_swiss_dispute_then_agreement_entered_automatically(
    double: TournamentFile,
) -> None:
    double.execute(OpenReporting(3, acceptance="auto"))
    board = double.round_view(3).boards[1]
    codes = double.player_codes()
    white, black = codes[board.white_tpn], codes[board.black_tpn]
    double.execute(ReportMatch(black, 3, (B, W)))  # Black won both games
    double.execute(ReportMatch(white, 3, (B, D)))  # White says game 2 was drawn
    assert double.reports(3)[0].state == "disputed"
    saved = double.execute(ReportMatch(black, 3, (B, D)))  # Black agrees after all
    assert "agreed" in saved.summary and "entered" in saved.summary
    assert double.round_view(3).boards[1].result_text == "0-1 1/2"
    with pytest.raises(ActionRefused, match="entered the result of board"):
        double.execute(ReportMatch(white, 3, (D, D)))
