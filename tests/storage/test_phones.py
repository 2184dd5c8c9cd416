"""The players' phones in storage (issue 35): personal codes, check-in and result reports,
each an audited command through the one command lane, with Undo."""

from __future__ import annotations

import json
import sqlite3

import pytest

from swissdesk.storage import (
    AcceptReports,
    ActionRefused,
    DismissReport,
    EnterResult,
    IssueCodes,
    OpenCheckIn,
    OpenReporting,
    PhoneCheckIn,
    ReportResult,
    RevokeCodes,
    TournamentFile,
    Undo,
)
from swissdesk.storage.commands.phones import CODE_ALPHABET, CODE_LENGTH
from swissdesk.storage.results import BoardResult


def board_of(tf: TournamentFile, tpn: int) -> tuple[int, int, int]:
    """(board, white, black) of ``tpn``'s board in the last round."""
    view = tf.round_view(tf.rounds_paired())
    for b in view.boards:
        if tpn in (b.white_tpn, b.black_tpn):
            return b.board, b.white_tpn, b.black_tpn
    raise AssertionError(f"no board for {tpn}")


def test_codes_are_short_unambiguous_unique_and_given_once(nine: TournamentFile) -> None:
    nine.execute(IssueCodes())
    codes = nine.player_codes()
    assert sorted(codes) == list(range(1, 10))
    assert len(set(codes.values())) == 9
    for code in codes.values():
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    with pytest.raises(ActionRefused, match="every player has a code"):
        nine.execute(IssueCodes())
    holder = nine.code_holder(codes[4].lower()[:3] + " " + codes[4][3:])
    assert holder is not None and holder.tpn == 4


def test_a_renewed_code_replaces_the_old_one_and_undo_brings_it_back(
    nine: TournamentFile,
) -> None:
    nine.execute(IssueCodes())
    old = nine.player_codes()[3]
    nine.execute(IssueCodes((3,), renew=True))
    new = nine.player_codes()[3]
    assert new != old
    assert nine.code_holder(old) is None
    nine.execute(Undo())
    assert nine.player_codes()[3] == old


def test_a_revoked_code_opens_nothing(nine: TournamentFile) -> None:
    nine.execute(IssueCodes())
    code = nine.player_codes()[2]
    nine.execute(RevokeCodes((2,)))
    assert 2 not in nine.player_codes()
    nine.execute(OpenCheckIn(1))
    with pytest.raises(ActionRefused, match="not known"):
        nine.execute(PhoneCheckIn(code))
    nine.execute(Undo())  # the refused check-in wrote nothing: this undoes OpenCheckIn
    nine.execute(Undo())
    assert nine.player_codes()[2] == code


def test_check_in_from_a_phone_only_while_the_arbiter_opened_it(nine: TournamentFile) -> None:
    nine.execute(IssueCodes())
    code = nine.player_codes()[5]
    with pytest.raises(ActionRefused, match="check-in is closed"):
        nine.execute(PhoneCheckIn(code))
    with pytest.raises(ActionRefused, match="next round to be paired"):
        nine.execute(OpenCheckIn(2))
    nine.execute(OpenCheckIn(1))
    assert nine.phone_access().checkin_round == 1
    nine.execute(PhoneCheckIn(code, device="192.0.2.7 Firefox"))
    assert [p.checked_in for p in nine.players() if p.tpn == 5] == [True]
    with pytest.raises(ActionRefused, match="checked in already"):
        nine.execute(PhoneCheckIn(code))
    entry = nine.audit_log()[-1]
    assert entry.action == "PhoneCheckIn"
    assert "no. 5" in entry.summary
    # Pairing the round closes check-in by itself.
    nine.pair_next_round()
    assert nine.phone_access().checkin_round is None
    with pytest.raises(ActionRefused, match="check-in is closed"):
        nine.execute(PhoneCheckIn(nine.player_codes()[6]))


def test_the_audit_row_names_the_player_and_the_phone(nine: TournamentFile) -> None:
    nine.execute(IssueCodes())
    nine.execute(OpenCheckIn(1))
    nine.execute(PhoneCheckIn(nine.player_codes()[1], device="192.0.2.7 Firefox"))
    con = sqlite3.connect(nine.path)
    payload = json.loads(con.execute("SELECT payload FROM audit ORDER BY id DESC").fetchone()[0])
    con.close()
    assert payload["by"] == "no. 1 Brown, Bob from a phone (192.0.2.7 Firefox)"
    nine.execute(Undo())
    assert not [p for p in nine.players() if p.checked_in]


def test_a_fresh_check_in_takes_the_ticks_back_and_undo_restores_them(
    nine: TournamentFile,
) -> None:
    from swissdesk.storage import CheckIn

    nine.execute(CheckIn((1, 2, 3)))
    nine.execute(OpenCheckIn(1, fresh=True))
    assert not [p for p in nine.players() if p.checked_in]
    nine.execute(Undo())
    assert sorted(p.tpn for p in nine.players() if p.checked_in) == [1, 2, 3]


def test_a_withdrawn_player_cannot_check_in(nine: TournamentFile) -> None:
    from swissdesk.storage import Withdraw

    nine.execute(IssueCodes())
    nine.execute(Withdraw(7, 1))
    nine.execute(OpenCheckIn(1))
    with pytest.raises(ActionRefused, match="withdrawn"):
        nine.execute(PhoneCheckIn(nine.player_codes()[7]))


@pytest.fixture
def playing(nine: TournamentFile) -> TournamentFile:
    """Round 1 paired, codes issued, reporting open (the arbiter accepts)."""
    nine.execute(IssueCodes())
    nine.pair_next_round()
    nine.execute(OpenReporting(1))
    return nine


def test_the_opponent_confirms_and_the_arbiter_accepts(playing: TournamentFile) -> None:
    codes = playing.player_codes()
    board, white, black = board_of(playing, 1)
    playing.execute(ReportResult(codes[white], 1, BoardResult.WHITE_WINS, device="phone A"))
    [rep] = playing.reports(1)
    assert (rep.board, rep.state, rep.reporter_tpn) == (board, "reported", white)
    assert playing.round_view(1).boards[board - 1].result is None
    playing.execute(ReportResult(codes[black], 1, BoardResult.WHITE_WINS, device="phone B"))
    [rep] = playing.reports(1)
    assert rep.state == "confirmed" and rep.answered_tpn == black
    assert playing.round_view(1).boards[board - 1].result is None  # waits for the arbiter
    playing.execute(AcceptReports(1))
    assert playing.round_view(1).boards[board - 1].result is BoardResult.WHITE_WINS
    assert playing.reports(1)[0].state == "accepted"
    playing.execute(Undo())
    assert playing.round_view(1).boards[board - 1].result is None
    assert playing.reports(1)[0].state == "confirmed"


def test_a_dispute_is_flagged_and_never_entered(playing: TournamentFile) -> None:
    codes = playing.player_codes()
    _board, white, black = board_of(playing, 1)
    playing.execute(ReportResult(codes[white], 1, BoardResult.WHITE_WINS))
    playing.execute(ReportResult(codes[black], 1, BoardResult.DRAW))
    [rep] = playing.reports(1)
    assert rep.state == "disputed" and rep.disputed_result == "1/2"
    assert "disputed" in rep.text
    with pytest.raises(ActionRefused, match="none confirmed"):
        playing.execute(AcceptReports(1))
    # The reporter agrees with the opponent: confirmed.
    playing.execute(ReportResult(codes[white], 1, BoardResult.DRAW))
    assert playing.reports(1)[0].state == "confirmed"


def test_the_arbiters_entry_always_wins(playing: TournamentFile) -> None:
    codes = playing.player_codes()
    board, white, black = board_of(playing, 1)
    playing.execute(ReportResult(codes[white], 1, BoardResult.WHITE_WINS))
    playing.execute(EnterResult(1, board, BoardResult.BLACK_WINS))
    with pytest.raises(ActionRefused, match="entered the result"):
        playing.execute(ReportResult(codes[black], 1, BoardResult.WHITE_WINS))
    with pytest.raises(ActionRefused, match="entered already"):
        playing.execute(AcceptReports(1, (board,)))
    assert playing.round_view(1).boards[board - 1].result is BoardResult.BLACK_WINS


def test_automatic_acceptance_enters_a_confirmed_report_in_the_same_action(
    playing: TournamentFile,
) -> None:
    playing.execute(OpenReporting(1, acceptance="auto"))
    codes = playing.player_codes()
    board, white, black = board_of(playing, 3)
    playing.execute(ReportResult(codes[black], 1, BoardResult.DRAW))
    assert playing.round_view(1).boards[board - 1].result is None
    playing.execute(ReportResult(codes[white], 1, BoardResult.DRAW))
    assert playing.round_view(1).boards[board - 1].result is BoardResult.DRAW
    assert "entered" in playing.audit_log()[-1].summary
    playing.execute(Undo())
    assert playing.round_view(1).boards[board - 1].result is None
    assert playing.reports(1)[0].state == "reported"


def test_the_arbiter_accepts_one_board_and_sets_another_aside(playing: TournamentFile) -> None:
    codes = playing.player_codes()
    b1, w1, _ = board_of(playing, 1)
    b2, w2, _ = board_of(playing, 3)
    assert b1 != b2
    playing.execute(ReportResult(codes[w1], 1, BoardResult.BLACK_WINS))
    playing.execute(ReportResult(codes[w2], 1, BoardResult.DRAW))
    playing.execute(AcceptReports(1, (b1,)))  # one-sided, the arbiter looked
    assert playing.round_view(1).boards[b1 - 1].result is BoardResult.BLACK_WINS
    playing.execute(DismissReport(1, b2))
    assert [r.state for r in playing.reports(1)] == ["accepted", "rejected"]
    playing.execute(ReportResult(codes[w2], 1, BoardResult.WHITE_WINS))  # may report again
    assert [r.state for r in playing.reports(1)] == ["accepted", "reported"]


def test_a_player_reports_only_their_own_board_and_only_game_results(
    playing: TournamentFile,
) -> None:
    codes = playing.player_codes()
    board, white, _ = board_of(playing, 1)
    playing.execute(ReportResult(codes[white], 1, BoardResult.WHITE_WINS))
    assert [r.board for r in playing.reports(1)] == [board]
    with pytest.raises(ActionRefused, match="win, a draw or a loss"):
        playing.execute(ReportResult(codes[white], 1, BoardResult.WHITE_WINS_BY_FORFEIT))
    with pytest.raises(ActionRefused, match="closed for this round"):
        playing.execute(ReportResult(codes[white], 2, BoardResult.WHITE_WINS))
    with pytest.raises(ActionRefused, match="not known"):
        playing.execute(ReportResult("AAAAAA", 1, BoardResult.WHITE_WINS))
    # The player with the bye (nine players) has nothing to report.
    view = playing.round_view(1)
    assert view.pab is not None
    bye = view.pab.tpn
    with pytest.raises(ActionRefused, match="no game"):
        playing.execute(ReportResult(codes[bye], 1, BoardResult.WHITE_WINS))


def test_reporting_closes_with_the_round(playing: TournamentFile) -> None:
    codes = playing.player_codes()
    view = playing.round_view(1)
    for b in view.boards:
        playing.execute(EnterResult(1, b.board, BoardResult.DRAW))
    playing.pair_next_round()
    assert playing.phone_access().report_round is None
    _, white, _ = board_of(playing, 1)
    with pytest.raises(ActionRefused, match="closed"):
        playing.execute(ReportResult(codes[white], 2, BoardResult.WHITE_WINS))


def test_a_phone_reads_its_own_board_and_its_one_report(playing: TournamentFile) -> None:
    """The report page reads the player's board and that board's report only (issue 35:
    reading the whole round for every phone made 150 boards take minutes)."""
    codes = playing.player_codes()
    board, white, black = board_of(playing, 3)
    other, w2, _ = board_of(playing, 1)
    playing.execute(ReportResult(codes[white], 1, BoardResult.DRAW))
    playing.execute(ReportResult(codes[w2], 1, BoardResult.WHITE_WINS))
    mine = playing.phone_board(black, 1)
    assert mine is not None
    assert (mine.board, mine.white_tpn, mine.black_tpn, mine.result_text) == (
        board, white, black, ""
    )
    assert [r.board for r in playing.reports(1, board)] == [board]
    assert [r.board for r in playing.reports(1)] == sorted([board, other])
    playing.execute(EnterResult(1, board, BoardResult.BLACK_WINS))
    assert playing.phone_board(white, 1).result_text == "0-1"  # type: ignore[union-attr]
    bye = playing.round_view(1).pab
    assert bye is not None and playing.phone_board(bye.tpn, 1) is None
