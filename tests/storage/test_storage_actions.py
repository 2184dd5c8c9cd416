"""The arbiter's actions on a tournament file: what they change, what they refuse."""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path

import pytest
from storage_support import NAMES, settings

from swissdesk.engines import Pair, RoundPairing
from swissdesk.model import Colour, ResultCode, RoundEntry
from swissdesk.storage import (
    AccelerationKind,
    ActionRefused,
    AddPlayer,
    AssignPairingNumbers,
    BoardResult,
    ByeKind,
    CancelBye,
    CloseParticipantList,
    ConfirmationRequired,
    CorrectResult,
    EditPlayer,
    EditSettings,
    EndManualPairing,
    EnterResult,
    LateEntry,
    ManualPairingChange,
    PairNextRound,
    PlayerData,
    PlayerStatus,
    RemovePlayer,
    RequestBye,
    TournamentFile,
    Undo,
    UnpairLastRound,
    Withdraw,
)


def play_round(tf: TournamentFile, result: BoardResult = BoardResult.WHITE_WINS) -> int:
    """Pair the next round with the trivial engine and give every board ``result`` (round 1
    of a tournament too small for its rounds is confirmed: a Level-2 warning, Q62)."""
    pairing, _ = tf.pair_next_round(confirmed=2)
    for board in range(1, len(pairing.pairs) + 1):
        tf.execute(EnterResult(pairing.round_number, board, result))
    return pairing.round_number


def audit_count(tf: TournamentFile) -> int:
    return len(tf.audit_log())


# --- creating and opening -------------------------------------------------------------


def test_settings_and_players_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "open.swissdesk"
    s = settings(name="Reykjavik Open", city="Reykjavik", tiebreaks=("BH/C1", "BH", "SB"))
    with TournamentFile.create(path, s, players=[PlayerData("Olafsson, F", 2500, title="GM")]):
        pass
    with TournamentFile.open(path) as tf:
        # The test system is not FIDE-approved: the tournament is not in FIDE mode.
        assert tf.settings() == dataclasses.replace(s, fide_mode=False)
        [row] = tf.players()
        assert (row.tpn, row.name, row.rating, row.title) == (1, "Olafsson, F", 2500, "GM")
        assert tf.audit_log()[0].action == "CreateTournament"


def test_create_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "exists.swissdesk"
    path.write_bytes(b"precious")
    with pytest.raises(ActionRefused, match="already exists"):
        TournamentFile.create(path, settings())
    assert path.read_bytes() == b"precious"


def test_a_tournament_needs_rounds(tmp_path: Path) -> None:
    with pytest.raises(ActionRefused, match="at least 1"):
        TournamentFile.create(tmp_path / "x.swissdesk", settings(total_rounds=0))
    assert not (tmp_path / "x.swissdesk").exists()


# --- players and pairing numbers ------------------------------------------------------


def test_pairing_numbers_follow_rating_title_then_name(nine: TournamentFile) -> None:
    # C.04.2 art. 2.2: equal ratings are ordered GM-IM-WGM-FM-...; then alphabetically.
    order = [(p.tpn, p.name) for p in nine.players()]
    assert order[:5] == [
        (1, "Brown, Bob"),  # 2400 GM
        (2, "Adams, Anna"),  # 2400 IM
        (3, "Clark, Cleo"),  # 2300
        (4, "Evans, Eve"),  # 2250 WGM before FM
        (5, "Davis, Dan"),  # 2250 FM
    ]


def test_equal_rating_and_title_sorted_by_name(new_file: TournamentFile) -> None:
    for name in ("Zeta, Z", "Alpha, A", "Mu, M"):
        new_file.execute(AddPlayer(PlayerData(name, rating=2000)))
    new_file.execute(AssignPairingNumbers())
    assert [p.name for p in new_file.players()] == ["Alpha, A", "Mu, M", "Zeta, Z"]


def test_custom_order_must_name_everyone(nine: TournamentFile) -> None:
    with pytest.raises(ActionRefused, match="exactly once"):
        nine.execute(AssignPairingNumbers(order=(1, 2, 3)))
    # Checklist Q149: an order against the ratings is applied only once confirmed.
    with pytest.raises(ConfirmationRequired, match="depart from C"):
        nine.execute(AssignPairingNumbers(order=(9, 8, 7, 6, 5, 4, 3, 2, 1)))
    nine.execute(AssignPairingNumbers(order=(9, 8, 7, 6, 5, 4, 3, 2, 1), confirmed=3))
    assert nine.players()[0].name == "Irwin, Ida"


def test_add_edit_remove_before_round_one(nine: TournamentFile) -> None:
    nine.execute(RemovePlayer(3))
    rows = nine.players()
    assert [p.tpn for p in rows] == list(range(1, 9))
    assert "Clark, Cleo" not in {p.name for p in rows}
    nine.execute(EditPlayer(1, PlayerData("Brown, Robert", rating=2410, title="GM")))
    assert nine.players()[0].name == "Brown, Robert"
    nine.execute(Undo())
    nine.execute(Undo())
    assert [p.name for p in nine.players()][:3] == ["Brown, Bob", "Adams, Anna", "Clark, Cleo"]


def test_players_cannot_be_added_or_removed_once_paired(nine: TournamentFile) -> None:
    nine.pair_next_round()
    before = audit_count(nine)
    with pytest.raises(ActionRefused, match="late entry"):
        nine.execute(AddPlayer(PlayerData("Late, Larry", 2000)))
    with pytest.raises(ActionRefused, match="withdraw"):
        nine.execute(RemovePlayer(2))
    assert audit_count(nine) == before
    assert len(nine.players()) == 9


def test_player_needs_a_name(nine: TournamentFile) -> None:
    with pytest.raises(ActionRefused, match="name"):
        nine.execute(AddPlayer(PlayerData("  ")))


# --- late entries ---------------------------------------------------------------------


def test_late_entry_gets_sorted_tpn_and_no_points(nine: TournamentFile) -> None:
    play_round(nine)
    nine.execute(LateEntry(PlayerData("Late, Lara", rating=2350), from_round=2))
    rows = {p.name: p for p in nine.players()}
    # C.04.2 art. 2.4: before round 4 is paired the TPNs are re-sorted (2350 is third).
    assert rows["Late, Lara"].tpn == 3
    assert rows["Clark, Cleo"].tpn == 4
    assert rows["Late, Lara"].score == 0
    snap = nine.snapshot()
    lara = snap.player(3)
    assert lara.rounds[0].result is ResultCode.NOT_PAIRED
    # Opponents in round 1 follow the renumbering.
    for p in snap.players:
        e = p.entry(1)
        if e is not None and e.opponent is not None:
            assert snap.player(e.opponent).entry(1).opponent == p.tpn  # type: ignore[union-attr]
    pairing, _ = nine.pair_next_round()
    assert 3 in {t for pr in pairing.pairs for t in (pr.white, pr.black)} | {pairing.bye}


def test_late_entry_half_point_when_the_rules_say_so(tmp_path: Path) -> None:
    s = settings(late_entry_result=ResultCode.HALF_POINT_BYE)
    with TournamentFile.create(tmp_path / "h.swissdesk", s) as tf:
        for name, rating, title in NAMES[:4]:
            tf.execute(AddPlayer(PlayerData(name, rating, title=title)))
        play_round(tf)
        play_round(tf)
        tf.execute(LateEntry(PlayerData("Late, Lou", 1000), from_round=3))
        lou = next(p for p in tf.players() if p.name == "Late, Lou")
        assert lou.score == 2  # two half-point byes


def test_late_entry_not_yet_arrived_is_not_paired(nine: TournamentFile) -> None:
    nine.execute(LateEntry(PlayerData("Future, Fay", 1500), from_round=3))
    row = next(p for p in nine.players() if p.name == "Future, Fay")
    assert row.status is PlayerStatus.NOT_ARRIVED
    for _ in range(2):
        pairing = play_round(nine)
        view = nine.round_view(pairing)
        assert row.tpn not in {b.white_tpn for b in view.boards} | {
            b.black_tpn for b in view.boards
        }
        assert row.tpn in {u.tpn for u in view.unpaired}
    play_round(nine)
    view = nine.round_view(3)
    assert row.tpn in {b.white_tpn for b in view.boards} | {b.black_tpn for b in view.boards} | {
        view.pab.tpn if view.pab else 0
    }


def test_late_entry_after_round_four_is_appended(nine: TournamentFile) -> None:
    for _ in range(4):
        play_round(nine)
    nine.execute(LateEntry(PlayerData("Strong, Sam", rating=2700), from_round=5))
    assert nine.players()[-1].name == "Strong, Sam"
    assert nine.players()[-1].tpn == 10
    # C.04.2 art. 2.3 froze the numbers: re-sorting now is a Level-4 warning (Q151-152;
    # this file is out of FIDE mode, where it is refused).
    with pytest.raises(ConfirmationRequired, match=r"C\.04\.2 art\. 2\.2-2\.3") as asked:
        nine.execute(AssignPairingNumbers(confirmed=3))
    assert asked.value.level == 4


def test_late_entry_refused_when_list_closed_or_round_paired(nine: TournamentFile) -> None:
    play_round(nine)
    nine.pair_next_round()
    with pytest.raises(ActionRefused, match="already paired"):
        nine.execute(LateEntry(PlayerData("Late, L", 1500), from_round=2))
    nine.execute(CloseParticipantList())
    before = audit_count(nine)
    with pytest.raises(ActionRefused, match="closed"):
        nine.execute(LateEntry(PlayerData("Late, L", 1500), from_round=3))
    assert audit_count(nine) == before
    assert len(nine.players()) == 9


# --- withdrawals and byes -------------------------------------------------------------


def test_withdrawn_player_is_not_paired_and_twice_is_refused(nine: TournamentFile) -> None:
    play_round(nine)
    nine.execute(Withdraw(4, from_round=2))
    before = audit_count(nine)
    with pytest.raises(ActionRefused, match="already withdrawn"):
        nine.execute(Withdraw(4, from_round=3))
    assert audit_count(nine) == before
    assert nine.snapshot().player(4).entry(2) == RoundEntry.bye(ResultCode.NOT_PAIRED)
    pairing, _ = nine.pair_next_round()
    assert 4 not in {t for pr in pairing.pairs for t in (pr.white, pr.black)}
    assert pairing.bye is None  # 8 players left
    assert nine.players()[3].status is PlayerStatus.WITHDRAWN


def test_withdraw_from_a_paired_round_is_refused(nine: TournamentFile) -> None:
    nine.pair_next_round()
    with pytest.raises(ActionRefused, match="forfeit"):
        nine.execute(Withdraw(1, from_round=1))


def test_requested_byes_reach_the_engine_snapshot(nine: TournamentFile) -> None:
    nine.execute(RequestBye(2, 1, ByeKind.HALF))
    nine.execute(RequestBye(5, 1, ByeKind.ZERO))
    nine.execute(RequestBye(6, 2, ByeKind.ABSENT))
    snap = nine.snapshot()
    assert snap.player(2).rounds[0].result is ResultCode.HALF_POINT_BYE
    assert snap.player(5).rounds[0].result is ResultCode.ZERO_POINT_BYE
    assert snap.player(6).rounds == ()  # round 2's absence is not part of round 1
    assert nine.players()[5].byes == ((2, ByeKind.ABSENT),)
    play_round(nine)
    view = nine.round_view(1)
    assert {(u.tpn, u.result) for u in view.unpaired} == {
        (2, ResultCode.HALF_POINT_BYE),
        (5, ResultCode.ZERO_POINT_BYE),
    }
    assert nine.players()[1].score == 1
    with pytest.raises(ActionRefused, match="already paired"):
        nine.execute(RequestBye(3, 1, ByeKind.HALF))
    nine.execute(CancelBye(6, 2))
    assert nine.snapshot().player(6).entry(2) is None


# --- pairing --------------------------------------------------------------------------


def test_pairing_needs_the_previous_round_complete(nine: TournamentFile) -> None:
    _pairing, _ = nine.pair_next_round()
    nine.execute(EnterResult(1, 1, BoardResult.DRAW))
    ok, why = nine.can_pair_next_round()
    assert not ok
    assert "round 1 still lacks results on boards 2, 3, 4" in why
    before = audit_count(nine)
    with pytest.raises(ActionRefused, match="lacks results"):
        nine.pair_next_round()
    assert audit_count(nine) == before
    assert nine.rounds_paired() == 1


def test_a_pairing_must_cover_exactly_the_players_to_pair(nine: TournamentFile) -> None:
    bad = RoundPairing(1, (Pair(1, 2), Pair(3, 4), Pair(5, 6), Pair(7, 8)), None)
    with pytest.raises(ActionRefused, match="not paired: 9"):
        nine.execute(PairNextRound(bad))
    twice = RoundPairing(1, (Pair(1, 2), Pair(3, 4), Pair(5, 6), Pair(7, 1)), 9)
    with pytest.raises(ActionRefused, match="more than once: 1"):
        nine.execute(PairNextRound(twice))
    wrong_round = RoundPairing(2, (Pair(1, 2), Pair(3, 4), Pair(5, 6), Pair(7, 8)), 9)
    with pytest.raises(ActionRefused, match="next round is 1"):
        nine.execute(PairNextRound(wrong_round))
    assert nine.rounds_paired() == 0


def test_pairing_stores_boards_and_pab(nine: TournamentFile) -> None:
    pairing = RoundPairing(1, (Pair(1, 2), Pair(4, 3), Pair(5, 6), Pair(8, 7)), 9)
    nine.execute(PairNextRound(pairing, engine="hand"))
    view = nine.round_view(1)
    assert [(b.board, b.white_tpn, b.black_tpn) for b in view.boards] == [
        (1, 1, 2),
        (2, 4, 3),
        (3, 5, 6),
        (4, 8, 7),
    ]
    assert view.pab is not None and view.pab.tpn == 9 and view.pab.points == 2
    assert not view.complete
    assert nine.board_order(1) == [(1, 2), (4, 3), (5, 6), (8, 7)]


def test_all_rounds_paired(tmp_path: Path) -> None:
    with TournamentFile.create(tmp_path / "a.swissdesk", settings(total_rounds=1)) as tf:
        for name, rating, _t in NAMES[:4]:
            tf.execute(AddPlayer(PlayerData(name, rating)))
        play_round(tf)
        ok, why = tf.can_pair_next_round()
        assert not ok and "all 1 rounds" in why


def test_unpair_last_round_only_without_results(nine: TournamentFile) -> None:
    nine.pair_next_round()
    nine.execute(EnterResult(1, 2, BoardResult.BLACK_WINS))
    with pytest.raises(ActionRefused, match="boards 2 already have results"):
        nine.execute(UnpairLastRound())
    nine.execute(EnterResult(1, 2, None))
    nine.execute(UnpairLastRound())
    assert nine.rounds_paired() == 0
    nine.execute(Undo())
    assert nine.rounds_paired() == 1
    assert len(nine.round_view(1).boards) == 4


# --- manual changes -------------------------------------------------------------------


def test_manual_change_checks_absolute_criteria_and_keeps_engine_pairing(
    nine: TournamentFile,
) -> None:
    first = RoundPairing(1, (Pair(1, 2), Pair(3, 4), Pair(5, 6), Pair(7, 8)), 9)
    nine.execute(PairNextRound(first))
    for board in range(1, 5):
        nine.execute(EnterResult(1, board, BoardResult.DRAW))
    engine_pairing, _ = nine.pair_next_round()
    nine.start_manual_pairing(2)  # changes are made in the manual-pairing phase (Q65)
    # Re-pair 1-2 (they played in round 1) and give the PAB to 9 again.
    rematch = ManualPairingChange(
        2, (Pair(2, 1), Pair(3, 5), Pair(4, 6), Pair(7, 9)), bye=8, reason="test"
    )
    with pytest.raises(ConfirmationRequired) as info:
        nine.execute(rematch)
    assert any("[C1]" in w for w in info.value.warnings)
    assert nine.round_view(2).boards[0].white_tpn == engine_pairing.pairs[0].white
    second_pab = ManualPairingChange(2, (Pair(1, 3), Pair(2, 4), Pair(5, 7), Pair(6, 8)), bye=9)
    with pytest.raises(ConfirmationRequired) as info:
        nine.execute(second_pab)
    assert any("[C2]" in w for w in info.value.warnings)
    result = nine.execute(ManualPairingChange(2, rematch.pairs, rematch.bye, confirmed=3))
    assert result.warnings
    nine.execute(EndManualPairing(2, confirmed=4))
    view = nine.round_view(2)
    assert view.changed_by_hand
    assert view.engine_pairing is not None
    assert view.engine_pairing.pairs == engine_pairing.pairs
    assert next((b.white_tpn, b.black_tpn) for b in view.boards) == (2, 1)
    log = nine.audit_log()[-1]
    assert log.payload["differences"] and log.payload["confirmed"] == 4
    for _ in range(3):  # the end, the change, the start
        nine.execute(Undo())
    view = nine.round_view(2)
    assert not view.changed_by_hand
    assert nine.board_order(2) == [(p.white, p.black) for p in engine_pairing.pairs]


def test_manual_change_keeps_boards_with_results(nine: TournamentFile) -> None:
    nine.execute(
        PairNextRound(RoundPairing(1, (Pair(1, 2), Pair(3, 4), Pair(5, 6), Pair(7, 8)), 9))
    )
    nine.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))
    nine.start_manual_pairing(1)
    with pytest.raises(ActionRefused, match="board 1"):
        nine.execute(ManualPairingChange(1, (Pair(2, 1), Pair(3, 4), Pair(5, 6), Pair(7, 8)), 9))
    nine.execute(
        ManualPairingChange(1, (Pair(1, 2), Pair(4, 3), Pair(5, 6), Pair(7, 9)), 8, confirmed=3)
    )
    view = nine.round_view(1)
    assert view.boards[0].result is BoardResult.WHITE_WINS
    assert view.pab is not None and view.pab.tpn == 8


def test_same_absolute_colour_preference_warns(nine: TournamentFile) -> None:
    # 1 and 3 both have White twice: both must get Black [C3].
    for r, pairs in enumerate(
        (
            (Pair(1, 2), Pair(3, 4), Pair(5, 6), Pair(7, 8)),
            (Pair(1, 4), Pair(3, 2), Pair(6, 5), Pair(8, 7)),
        ),
        start=1,
    ):
        bye = 9 if r == 1 else None
        if r == 2:
            nine.execute(RequestBye(9, 2, ByeKind.ZERO))
        nine.execute(PairNextRound(RoundPairing(r, pairs, bye)))
        for b in range(1, 5):
            nine.execute(EnterResult(r, b, BoardResult.DRAW))
    nine.pair_next_round()
    nine.start_manual_pairing(3)
    with pytest.raises(ConfirmationRequired) as info:
        nine.execute(ManualPairingChange(3, (Pair(1, 3), Pair(2, 4), Pair(5, 7), Pair(6, 8)), 9))
    assert any("[C3]" in w and "Black" in w for w in info.value.warnings)


# --- results --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "white", "black"),
    [
        ("1-0", ResultCode.WIN, ResultCode.LOSS),
        ("0-1", ResultCode.LOSS, ResultCode.WIN),
        ("1/2", ResultCode.DRAW, ResultCode.DRAW),
        ("+-", ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
        ("-+", ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
        ("--", ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
        ("0-0", ResultCode.LOSS, ResultCode.LOSS),
        ("adj", ResultCode.DRAW, ResultCode.DRAW),
    ],
)
def test_results_give_the_right_codes(
    tmp_path: Path, typed: str, white: ResultCode, black: ResultCode
) -> None:
    from swissdesk.storage import parse_result

    with TournamentFile.create(
        tmp_path / "r.swissdesk", settings(), players=[PlayerData("A", 2000), PlayerData("B", 1900)]
    ) as tf:
        tf.execute(PairNextRound(RoundPairing(1, (Pair(1, 2),), None), confirmed=2))
        tf.execute(EnterResult(1, 1, parse_result(typed)))
        snap = tf.snapshot()
        assert snap.player(1).rounds[0].result is white
        assert snap.player(2).rounds[0].result is black
        assert snap.player(1).rounds[0].colour is Colour.WHITE
        assert tf.round_view(1).boards[0].result_text == parse_result(typed).value


def test_adjourned_counts_as_draw_for_pairing_only(tmp_path: Path) -> None:
    with TournamentFile.create(
        tmp_path / "adj.swissdesk",
        settings(),
        players=[PlayerData("A", 2000), PlayerData("B", 1900)],
    ) as tf:
        tf.execute(PairNextRound(RoundPairing(1, (Pair(1, 2),), None), confirmed=2))
        tf.execute(EnterResult(1, 1, BoardResult.ADJOURNED))
        assert tf.round_view(1).boards[0].result is BoardResult.ADJOURNED
        assert [p.score for p in tf.players()] == [1, 1]
        assert tf.can_pair_next_round()[0]


def test_result_for_missing_board_is_refused(nine: TournamentFile) -> None:
    nine.pair_next_round()
    before = audit_count(nine)
    with pytest.raises(ActionRefused, match="no board 7 \\(boards 1-4\\)"):
        nine.execute(EnterResult(1, 7, BoardResult.DRAW))
    with pytest.raises(ActionRefused, match="round 2 is not paired"):
        nine.execute(EnterResult(2, 1, BoardResult.DRAW))
    assert audit_count(nine) == before


def test_correcting_an_earlier_result(nine: TournamentFile) -> None:
    play_round(nine)
    nine.pair_next_round()
    white = nine.round_view(1).boards[0].white_tpn
    with pytest.raises(ActionRefused, match="correct result"):
        nine.execute(EnterResult(1, 1, BoardResult.BLACK_WINS))
    correction = CorrectResult(1, 1, BoardResult.BLACK_WINS, reason="scoresheet")
    with pytest.raises(ConfirmationRequired) as asked:  # Level 3 and a ### line (Q190)
        nine.execute(correction)
    assert asked.value.level == 3
    result = nine.execute(dataclasses.replace(correction, confirmed=3))
    assert "was 1-0" in result.summary
    assert any("art. 4.3" in w for w in result.warnings)
    assert next(p for p in nine.players() if p.tpn == white).score == 0
    assert [e.trf_line for e in nine.integrity_log()] == [
        f"### Correction @ Round 1: board 1 ({white}-{nine.round_view(1).boards[0].black_tpn}): "
        "1-0 -> 0-1"
    ]
    with pytest.raises(ActionRefused, match="already 0-1"):
        nine.execute(CorrectResult(1, 1, BoardResult.BLACK_WINS, confirmed=3))
    nine.execute(Undo())
    assert next(p for p in nine.players() if p.tpn == white).score == 2
    assert nine.integrity_log() == []


def test_scores_before_the_round_on_boards(nine: TournamentFile) -> None:
    play_round(nine)
    nine.pair_next_round()
    view = nine.round_view(2)
    scores = {p.tpn: p.score for p in nine.players()}
    for b in view.boards:
        assert b.white_score == scores[b.white_tpn]
        assert b.black_score == scores[b.black_tpn]


# --- undo and the audit log -----------------------------------------------------------


def test_undo_walks_back_and_stops_at_creation(new_file: TournamentFile) -> None:
    new_file.execute(AddPlayer(PlayerData("A", 2000)))
    new_file.execute(AddPlayer(PlayerData("B", 2100)))
    new_file.execute(AssignPairingNumbers())
    assert [p.name for p in new_file.players()] == ["B", "A"]
    new_file.execute(Undo())
    assert [p.name for p in new_file.players()] == ["A", "B"]
    new_file.execute(Undo())
    new_file.execute(Undo())
    assert new_file.players() == []
    with pytest.raises(ActionRefused, match="cannot be undone"):
        new_file.execute(Undo())
    log = new_file.audit_log()
    assert [e.action for e in log] == [
        "CreateTournament",
        "AddPlayer",
        "AddPlayer",
        "AssignPairingNumbers",
        "Undo",
        "Undo",
        "Undo",
    ]
    assert [e.undone for e in log[1:4]] == [True, True, True]
    assert log[4].undo_of == log[3].id


def test_undo_of_pairing_and_results_restores_the_round(nine: TournamentFile) -> None:
    play_round(nine)
    before = nine.snapshot()
    _pairing, _ = nine.pair_next_round()
    nine.execute(EnterResult(2, 1, BoardResult.DRAW))
    nine.execute(Undo())
    nine.execute(Undo())
    assert nine.rounds_paired() == 1
    assert nine.snapshot() == before


def test_settings_change_limits(nine: TournamentFile) -> None:
    play_round(nine)
    play_round(nine)
    s = nine.settings()
    with pytest.raises(ActionRefused, match="2 are already paired"):
        nine.execute(EditSettings(settings(total_rounds=1)))
    with pytest.raises(ActionRefused, match="pairing system"):
        nine.execute(EditSettings(settings(system="dutch")))
    with pytest.raises(ConfirmationRequired):  # the number of rounds: Level 4 (Q58)
        nine.execute(EditSettings(settings(total_rounds=7, name="Renamed")))
    nine.execute(EditSettings(settings(total_rounds=7, name="Renamed"), confirmed=4))
    assert nine.settings().total_rounds == 7
    nine.execute(Undo())
    assert nine.settings() == s


def test_baku_acceleration_virtual_points(tmp_path: Path) -> None:
    # C.04.7 art. 1: GA = first 2*ceil(n/4) TPNs; 9 rounds: 1 point in rounds 1-3,
    # half a point in rounds 4-5, none afterwards.
    s = settings(total_rounds=9, acceleration=AccelerationKind.BAKU)
    players = [PlayerData(f"P{i:02d}", 2500 - 10 * i) for i in range(10)]
    with TournamentFile.create(tmp_path / "baku.swissdesk", s, players=players) as tf:
        snap = tf.snapshot()
        assert sorted(snap.acceleration) == [1, 2, 3, 4, 5, 6]
        assert snap.acceleration[1] == (2, 2, 2, 1, 1, 0, 0, 0, 0)
        play_round(tf)
        tf.execute(LateEntry(PlayerData("Top, T", 2800), from_round=2))
        snap = tf.snapshot()
        # The last GA participant stays the same (art. 1.3.2): GA now holds TPNs 1-7.
        assert sorted(snap.acceleration) == [1, 2, 3, 4, 5, 6, 7]


def test_q111_baku_round_1_byes_have_no_place_in_group_a_yet(tmp_path: Path) -> None:
    """C.02 VCL Q111: players with a bye in round 1 are not among the participants to be
    paired in it (C.04.7 art. 1.2): 10 registered, 2 on a round-1 bye, so GA is the first
    2 * ceil(8 / 4) = 4 of the 8 paired (TPNs 1, 3, 4, 5 when no. 2 is away). No. 2 joins
    GA when back (above the last GA player, art. 1.3); no. 9, below it, does not."""
    s = settings(total_rounds=9, acceleration=AccelerationKind.BAKU)
    players = [PlayerData(f"P{i:02d}", 2500 - 10 * i) for i in range(10)]
    with TournamentFile.create(tmp_path / "baku.swissdesk", s, players=players) as tf:
        tf.execute(RequestBye(2, 1, ByeKind.HALF))
        tf.execute(RequestBye(9, 1, ByeKind.ZERO))
        snap = tf.snapshot()
        assert sorted(snap.acceleration) == [1, 2, 3, 4, 5]  # 4 paired in GA, up to no. 5
        pairing, _ = tf.pair_next_round()
        high = {t for pair in pairing.pairs for t in (pair.white, pair.black) if t <= 5}
        assert high == {1, 3, 4, 5}
        for board in range(1, len(pairing.pairs) + 1):
            tf.execute(EnterResult(1, board, BoardResult.WHITE_WINS))
        snap = tf.snapshot()
        assert sorted(snap.acceleration) == [1, 2, 3, 4, 5]
        assert snap.acceleration[2] == (2, 2, 2, 1, 1, 0, 0, 0, 0)


def test_calls_from_another_thread(nine: TournamentFile) -> None:
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            nine.pair_next_round()
            nine.execute(EnterResult(1, 1, BoardResult.DRAW))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert not errors
    assert nine.round_view(1).boards[0].result is BoardResult.DRAW


def test_an_action_failing_midway_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Round 1 of a Baku tournament: the boards are written before group GA is marked.
    from swissdesk.storage.commands import rounds

    def broken(paired: object) -> int:
        raise RuntimeError("simulated crash in the middle of an action")

    s = settings(acceleration=AccelerationKind.BAKU)
    players = [PlayerData(n, r) for n, r, _t in NAMES]
    with TournamentFile.create(tmp_path / "mid.swissdesk", s, players=players) as tf:
        before = len(tf.audit_log())
        monkeypatch.setattr(rounds, "baku_last_ga", broken)
        with pytest.raises(RuntimeError):
            tf.pair_next_round()
        monkeypatch.undo()
        assert tf.rounds_paired() == 0
        assert len(tf.audit_log()) == before
        assert tf.snapshot().players[0].rounds == ()
        assert tf.integrity_ok()
        tf.pair_next_round()
        assert tf.rounds_paired() == 1


def test_next_round_view_lists_who_will_not_be_paired(nine: TournamentFile) -> None:
    nine.execute(RequestBye(2, 1, ByeKind.HALF))
    nine.execute(Withdraw(3, from_round=1))
    nine.execute(LateEntry(PlayerData("Later, L", 1500), from_round=3))
    view = nine.round_view(1)
    assert not view.paired and view.boards == ()
    assert {(u.name, u.result) for u in view.unpaired} == {
        ("Adams, Anna", ResultCode.HALF_POINT_BYE),
        ("Clark, Cleo", ResultCode.NOT_PAIRED),
        ("Later, L", ResultCode.NOT_PAIRED),
    }
    with pytest.raises(ActionRefused, match="does not exist yet"):
        nine.round_view(2)


def test_save_copy_is_a_complete_tournament(nine: TournamentFile, tmp_path: Path) -> None:
    play_round(nine)
    copy = tmp_path / "backup.swissdesk"
    nine.save_copy(copy)
    with TournamentFile.open(copy) as other:
        assert other.snapshot() == nine.snapshot()
    with pytest.raises(ActionRefused, match="already exists"):
        nine.save_copy(copy)


def test_report_view_includes_the_round_in_progress(nine: TournamentFile) -> None:
    from swissdesk.storage import open_for_report

    play_round(nine)
    nine.pair_next_round()
    nine.execute(EnterResult(2, 1, BoardResult.DRAW))
    tournament, order = open_for_report(nine.path)
    assert order == nine.board_order(2)
    white, black = order[1]
    entry = tournament.player(white).entry(2)
    assert entry is not None
    assert (entry.opponent, entry.colour, entry.result) == (
        black,
        Colour.WHITE,
        ResultCode.NOT_PAIRED,
    )
    assert tournament.player(order[0][0]).entry(2).result is ResultCode.DRAW  # type: ignore[union-attr]
    assert nine.snapshot().rounds_with_pairings == 1  # engines never see round 2 yet


def test_forbidden_pairs_are_kept_and_checked(tmp_path: Path) -> None:
    from swissdesk.model import Player, Tournament

    t = Tournament(
        players=tuple(Player(tpn=i, name=f"P{i}", rating=2000 - i) for i in range(1, 5)),
        total_rounds=3,
        system=settings().system,
        forbidden_pairs=frozenset({frozenset({1, 2})}),
    )
    with TournamentFile.from_tournament(tmp_path / "f.swissdesk", t) as tf:
        assert tf.snapshot().forbidden_pairs == t.forbidden_pairs
        tf.execute(PairNextRound(RoundPairing(1, (Pair(1, 3), Pair(2, 4)), None), confirmed=2))
        tf.start_manual_pairing(1)
        with pytest.raises(ConfirmationRequired) as info:
            tf.execute(ManualPairingChange(1, (Pair(1, 2), Pair(3, 4))))
        assert any("must not be paired" in w for w in info.value.warnings)


def test_adding_out_of_order_reminds_to_assign_pairing_numbers(nine: TournamentFile) -> None:
    weak = nine.execute(AddPlayer(PlayerData("Zed, Z", rating=1000)))
    assert weak.warnings == ()
    strong = nine.execute(AddPlayer(PlayerData("Strong, S", rating=2700)))
    assert any("C.04.2 art. 2.2" in w for w in strong.warnings)
    nine.execute(AssignPairingNumbers())
    assert nine.players()[0].name == "Strong, S"


def test_earlier_snapshots_match_the_models_truncation(nine: TournamentFile) -> None:
    from swissdesk.model.tournament import truncated

    nine.execute(RequestBye(2, 2, ByeKind.HALF))
    play_round(nine)
    nine.execute(Withdraw(5, from_round=3))
    play_round(nine, BoardResult.DRAW)
    nine.execute(LateEntry(PlayerData("Late, L", 2222), from_round=4))
    play_round(nine, BoardResult.BLACK_WINS_BY_FORFEIT)
    nine.execute(RequestBye(1, 4, ByeKind.ZERO))
    full = nine.snapshot()
    assert full.rounds_with_pairings == 3
    for r in range(0, 4):
        assert nine.snapshot(through_round=r) == truncated(full, r + 1)
