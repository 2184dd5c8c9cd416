"""Corrections of earlier rounds and prohibited pairs (FIDE's checklist, C.02 VCL Q189-196):
in FIDE mode only the round before the last paired one can be corrected; a correction is a
Level-3 warning and a ``### Correction`` line; prohibited pairs are entered here (not only
from a TRF), freely before round 1, after it only out of FIDE mode."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.storage import (
    BoardResult,
    ConfirmationRequired,
    CorrectResult,
    EnterMatchResult,
    EnterResult,
    LeaveFideMode,
    Level,
    PlayerData,
    ProhibitPairs,
    RefusedInFideMode,
    TournamentFile,
    TournamentSettings,
    Undo,
)
from swissdesk.storage.errors import ActionRefused


def event(tmp_path: Path, system: str = "dutch", players: int = 8) -> TournamentFile:
    settings = TournamentSettings(name="Corrections", total_rounds=6, system=system)
    people = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, players + 1)]
    return TournamentFile.create(tmp_path / "k.swissdesk", settings, players=people)


def play(tf: TournamentFile, rounds: int) -> None:
    for _ in range(rounds):
        pairing, _ = tf.pair_next_round()
        for board in range(1, len(pairing.pairs) + 1):
            tf.execute(EnterResult(pairing.round_number, board, BoardResult.WHITE_WINS))


def test_q189_q191_in_fide_mode_rounds_before_the_previous_one_are_level_5(
    tmp_path: Path,
) -> None:
    with event(tmp_path) as tf:
        play(tf, 3)
        tf.pair_next_round()  # round 4 paired: round 3 is the previous round
        for n in (1, 2):
            with pytest.raises(RefusedInFideMode, match=f"round {n} cannot be corrected") as no:
                tf.execute(CorrectResult(n, 1, BoardResult.DRAW, confirmed=4))
            assert no.value.level == 5
        assert tf.integrity_log() == []


def test_q190_the_previous_round_is_corrected_with_level_3_and_logged(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 3)
        tf.pair_next_round()
        board = tf.round_view(3).boards[0]
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(CorrectResult(3, 1, BoardResult.DRAW))
        assert asked.value.level is Level.CONFIRM_FACTS
        assert "after round 4 was paired with 1-0 (C.04.2 art. 4.3)" in asked.value.warnings[0]
        tf.execute(CorrectResult(3, 1, BoardResult.DRAW, confirmed=3))
        assert [e.trf_line for e in tf.integrity_log()] == [
            f"### Correction @ Round 3: board 1 ({board.white_tpn}-{board.black_tpn}): 1-0 -> 1/2"
        ]
        tf.execute(Undo())
        assert tf.integrity_log() == []


def test_a_result_over_another_in_the_round_being_played_is_level_2(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 1)
        tf.pair_next_round()
        tf.execute(EnterResult(2, 1, BoardResult.WHITE_WINS))
        tf.execute(EnterResult(2, 1, BoardResult.WHITE_WINS))  # the same: nothing asked
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(EnterResult(2, 1, BoardResult.BLACK_WINS))
        assert asked.value.level is Level.CONFIRM
        tf.execute(EnterResult(2, 1, BoardResult.BLACK_WINS, confirmed=2))
        tf.execute(EnterResult(2, 1, None))  # clearing asks nothing
        assert tf.integrity_log() == []


def test_out_of_fide_mode_earlier_rounds_are_corrected_at_level_3(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 3)
        tf.execute(LeaveFideMode(reason="a late scoresheet", confirmed=4))
        board = tf.round_view(1).boards[1]
        tf.execute(CorrectResult(1, 2, BoardResult.BLACK_WINS, confirmed=3))
        assert tf.integrity_log()[-1].trf_line == (
            f"### Correction @ Round 1: board 2 ({board.white_tpn}-{board.black_tpn}): "
            "1-0 -> 0-1"
        )


def test_q189_a_double_swiss_match_follows_the_same_rule(tmp_path: Path) -> None:
    with event(tmp_path, system="double-swiss") as tf:
        for _ in range(3):
            pairing, _ = tf.pair_next_round()
            for board in range(1, len(pairing.pairs) + 1):
                tf.execute(
                    EnterMatchResult(
                        pairing.round_number, board, BoardResult.WHITE_WINS, BoardResult.DRAW
                    )
                )
        with pytest.raises(RefusedInFideMode):
            tf.execute(
                EnterMatchResult(1, 1, BoardResult.DRAW, BoardResult.DRAW, confirmed=4)
            )
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(EnterMatchResult(2, 1, BoardResult.DRAW, BoardResult.DRAW))
        assert asked.value.level is Level.CONFIRM_FACTS
        tf.execute(EnterMatchResult(2, 1, BoardResult.DRAW, BoardResult.DRAW, confirmed=3))
        assert tf.integrity_log()[0].kind == "Correction"


def test_q194_q195_prohibited_pairs_are_entered_before_round_1_and_honoured(
    tmp_path: Path,
) -> None:
    with event(tmp_path) as tf:
        plain = tf.compute_next_pairing()
        w, b = plain.pairs[0].white, plain.pairs[0].black
        done = tf.execute(ProhibitPairs((w, b)))
        assert done.summary == f"prohibited pairs added: {min(w, b)}-{max(w, b)}"
        assert tf.prohibited_pairs() == [(min(w, b), max(w, b))]
        assert frozenset((w, b)) in tf.snapshot().forbidden_pairs
        pairing, _ = tf.pair_next_round()
        assert all({p.white, p.black} != {w, b} for p in pairing.pairs)
        with pytest.raises(ActionRefused, match="already prohibited"):
            tf.execute(ProhibitPairs((b, w)))


def test_q196_after_round_1_only_out_of_fide_mode(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 1)
        with pytest.raises(RefusedInFideMode, match="Q196"):
            tf.execute(ProhibitPairs((1, 2, 3), confirmed=4))
        tf.execute(LeaveFideMode(confirmed=4))
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(ProhibitPairs((1, 2, 3)))
        assert asked.value.level is Level.CONFIRM_FACTS
        tf.execute(ProhibitPairs((1, 2, 3), confirmed=3))
        assert tf.prohibited_pairs() == [(1, 2), (1, 3), (2, 3)]
        assert tf.integrity_log()[-1].trf_line == (
            "### Configuration @ Round 1: prohibited pairs added: 1-2, 1-3, 2-3"
        )
        tf.execute(ProhibitPairs((1, 3), lift=True, confirmed=3))
        assert tf.prohibited_pairs() == [(1, 2), (2, 3)]
        tf.execute(Undo())
        assert tf.prohibited_pairs() == [(1, 2), (1, 3), (2, 3)]
