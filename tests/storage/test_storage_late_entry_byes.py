"""Issue 18, item 12: a late entry's missed rounds score as the tournament's rules say,
the arbiter choosing in the dialog: absent (0), zero-point bye or half-point bye
(C.04.2 art. 2.4)."""

from __future__ import annotations

import pytest

from swissdesk.model import ResultCode
from swissdesk.storage import (
    ActionRefused,
    BoardResult,
    EnterResult,
    LateEntry,
    PlayerData,
    TournamentFile,
    Undo,
)


def play_round(tf: TournamentFile) -> int:
    pairing, _ = tf.pair_next_round()
    for board in range(1, len(pairing.pairs) + 1):
        tf.execute(EnterResult(pairing.round_number, board, BoardResult.WHITE_WINS))
    return pairing.round_number


@pytest.mark.parametrize(
    ("missed", "score"),
    [(ResultCode.HALF_POINT_BYE, 2), (ResultCode.ZERO_POINT_BYE, 0), (ResultCode.NOT_PAIRED, 0)],
)
def test_missed_rounds_score_as_the_arbiter_chose(
    nine: TournamentFile, missed: ResultCode, score: int
) -> None:
    play_round(nine)
    play_round(nine)
    nine.execute(LateEntry(PlayerData("Late, Lou", 1000), from_round=3, missed_result=missed))
    lou = next(p for p in nine.players() if p.name == "Late, Lou")
    assert lou.score == score
    rounds = nine.snapshot().player(lou.tpn).rounds
    assert [e.result for e in rounds[:2]] == [missed, missed]


def test_rounds_still_to_be_paired_before_the_entry_score_the_same(nine: TournamentFile) -> None:
    play_round(nine)
    nine.execute(
        LateEntry(PlayerData("Late, Liv", 1000), from_round=4, missed_result=ResultCode.HALF_POINT_BYE)
    )
    liv = next(p for p in nine.players() if p.name == "Late, Liv")
    for _ in range(2):
        play_round(nine)
    rounds = nine.snapshot().player(next(p.tpn for p in nine.players() if p.name == "Late, Liv")).rounds
    assert [e.result for e in rounds[:3]] == [ResultCode.HALF_POINT_BYE] * 3
    assert all(e.opponent is None for e in rounds[:3])
    assert next(p for p in nine.players() if p.name == "Late, Liv").score == 3
    assert liv.score == 1  # after round 1 only
    play_round(nine)  # round 4: Liv plays
    assert nine.snapshot().player(next(p.tpn for p in nine.players() if p.name == "Late, Liv")).rounds[3].result is not ResultCode.HALF_POINT_BYE


def test_a_full_point_for_missed_rounds_is_refused_and_undo_removes_the_entry(
    nine: TournamentFile,
) -> None:
    play_round(nine)
    with pytest.raises(ActionRefused, match="half-point bye"):
        nine.execute(
            LateEntry(PlayerData("Late, Lex", 1000), from_round=2, missed_result=ResultCode.FULL_POINT_BYE)
        )
    nine.execute(
        LateEntry(PlayerData("Late, Lex", 1000), from_round=3, missed_result=ResultCode.HALF_POINT_BYE)
    )
    nine.execute(Undo())
    assert all(p.name != "Late, Lex" for p in nine.players())
