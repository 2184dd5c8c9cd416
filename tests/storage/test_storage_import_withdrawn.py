"""Issue 18, item 4: a TRF import made withdrawn players active again. A player whose
rounds since W, through the last round of the file, are all unexcused absences (blank,
``-`` without an opponent, or no entry) is withdrawn from round W after the import."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.model.tournament import Colour, Player, ResultCode, RoundEntry, Tournament
from swissdesk.model.withdrawal import withdrawals
from swissdesk.storage import PlayerStatus, TournamentFile
from swissdesk.trf import format_trf

W, B = Colour.WHITE, Colour.BLACK


def game(opp: int, colour: Colour, result: str) -> RoundEntry:
    return RoundEntry(opp, colour, ResultCode(result))


def tournament(absence: ResultCode | None, *, preset_round_3: bool = False) -> Tournament:
    """Five players, two rounds: 4 drops out after round 1 (round 2 entry ``absence``;
    None = no entry); 5 took a requested zero-point bye in round 2 and comes back."""
    r2_four = () if absence is None else (RoundEntry.bye(absence),)
    players = [
        Player(1, "One", 2400, rounds=(game(3, W, "1"), game(2, B, "="))),
        Player(2, "Two", 2300, rounds=(game(4, B, "="), game(1, W, "="))),
        Player(3, "Three", 2200, rounds=(game(1, B, "0"), RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))),
        Player(4, "Four", 2100, rounds=(game(2, W, "="), *r2_four)),
        Player(5, "Five", 2000, rounds=(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE), RoundEntry.bye(ResultCode.ZERO_POINT_BYE))),
    ]  # fmt: skip
    if preset_round_3:
        players[1] = Player(2, "Two", 2300, rounds=(*players[1].rounds, RoundEntry.bye(ResultCode.HALF_POINT_BYE)))
    return Tournament(players=tuple(players), total_rounds=5)


@pytest.mark.parametrize("absence", [ResultCode.NOT_PAIRED, ResultCode.FORFEIT_LOSS, None])
def test_imported_withdrawn_player_stays_withdrawn(absence: ResultCode | None, tmp_path: Path) -> None:
    (tmp_path / "in.trf").write_text(format_trf(tournament(absence)))
    # A hand-made file: a round that is not the engine's is imported at Level 3 (Q55).
    path = tmp_path / "t.swissdesk"
    with TournamentFile.import_trf(tmp_path / "in.trf", path, confirmed=3) as tf:
        status = {row.tpn: row.status for row in tf.players()}
        assert status[4] is PlayerStatus.WITHDRAWN
        assert status[5] is not PlayerStatus.WITHDRAWN  # a requested bye, not a withdrawal
        # The next round is paired without no. 4 (the engine sees an absence).
        nxt = tf.snapshot().players_by_tpn[4].entry(3)
        assert nxt is not None and nxt.opponent is None and nxt.result is ResultCode.NOT_PAIRED


def test_requested_zero_point_byes_and_players_to_be_paired_are_not_withdrawn() -> None:
    assert withdrawals(tournament(ResultCode.ZERO_POINT_BYE)) == {}
    # With round 3's absences pre-set (JaVaFo convention), no entry there means "pair me".
    assert withdrawals(tournament(ResultCode.NOT_PAIRED, preset_round_3=True)) == {}
    assert withdrawals(tournament(ResultCode.NOT_PAIRED)) == {4: 2}
