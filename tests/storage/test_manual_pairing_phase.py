"""The manual-pairing phase (C.04.2 art. 4.4; FIDE's checklist, C.02 VCL Q63-69): an
explicit start and end, a round created by hand, the warnings of each change, the comparison
with the engine and the ``### MPA`` line. Tests named after the checklist questions."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from swissdesk.engines import Pair
from swissdesk.storage import (
    BoardResult,
    CancelManualPairing,
    ConfirmationRequired,
    EndManualPairing,
    EnterResult,
    Level,
    ManualPairingChange,
    PlayerData,
    ProhibitPairs,
    TournamentFile,
    TournamentSettings,
    Undo,
    UnpairLastRound,
    pairing_edits,
)
from swissdesk.storage.commands.manual import hand_pairing_warnings
from swissdesk.storage.errors import ActionRefused
from swissdesk.tiebreaks.trf_ranks import with_current_ranks
from swissdesk.trf import format_trf


def event(tmp_path: Path, players: int = 8, rounds: int = 5) -> TournamentFile:
    settings = TournamentSettings(name="Manual Open", total_rounds=rounds, system="dutch")
    people = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, players + 1)]
    return TournamentFile.create(tmp_path / "m.swissdesk", settings, players=people)


def results(tf: TournamentFile, n: int, result: BoardResult = BoardResult.WHITE_WINS) -> None:
    for b in tf.round_view(n).boards:
        tf.execute(EnterResult(n, b.board, result))


def play(tf: TournamentFile, rounds: int) -> None:
    for _ in range(rounds):
        pairing, _ = tf.pair_next_round(confirmed=2)
        results(tf, pairing.round_number)


def boards(tf: TournamentFile, n: int) -> list[tuple[int, int]]:
    return [(b.white_tpn, b.black_tpn) for b in tf.round_view(n).boards]


def test_q64_a_whole_round_is_created_by_hand(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 1)
        tf.start_manual_pairing(2)
        phase = tf.manual_pairing()
        assert phase is not None and phase.creating and phase.round_number == 2
        assert phase.unpaired == tuple(range(1, 9)) and phase.engine_pairing is not None
        engine = phase.engine_pairing
        tf.execute(ManualPairingChange(2, engine.pairs, engine.bye))
        done = tf.execute(EndManualPairing(2))
        assert "agrees with the engine" in done.summary
        assert tf.manual_pairing() is None
        assert boards(tf, 2) == [(p.white, p.black) for p in engine.pairs]
        assert tf.integrity_log() == []
        results(tf, 2)
        assert tf.can_pair_next_round()[0]


def test_q65_the_phase_has_an_explicit_start_and_end(tmp_path: Path) -> None:
    """Changes only inside the phase; nothing else while it is open (results, pairing,
    unpairing); it survives closing the file; cancel puts the round back."""
    with event(tmp_path) as tf:
        play(tf, 1)
        tf.pair_next_round()
        before = boards(tf, 2)
        swap = ManualPairingChange(2, tuple(Pair(b, w) for w, b in before))
        with pytest.raises(ActionRefused, match="start the manual pairing first"):
            tf.execute(swap)
        tf.start_manual_pairing(2)
        for refused in (EnterResult(2, 1, BoardResult.DRAW), UnpairLastRound()):
            with pytest.raises(ActionRefused, match="being paired by hand"):
                tf.execute(refused)
        assert tf.can_pair_next_round() == (False, "round 2 is being paired by hand")
    with TournamentFile.open(tmp_path / "m.swissdesk") as tf:
        assert tf.manual_pairing() is not None
        assert tf.round_view(2).manual
        tf.execute(ManualPairingChange(2, swap.pairs, swap.bye, confirmed=3))
        assert boards(tf, 2) == [(b, w) for w, b in before]
        tf.execute(CancelManualPairing(2))
        assert tf.manual_pairing() is None
        assert boards(tf, 2) == before


def test_q63_a_round_with_no_pairing_by_the_rules_is_finished_by_hand(tmp_path: Path) -> None:
    """Three players, four rounds: rounds 1-3 exhaust every game and every bye; round 4
    has no pairing by the rules ([C1], [C2]); the arbiter pairs it by hand."""
    with event(tmp_path, players=3, rounds=4) as tf:
        play(tf, 3)
        assert tf.can_pair_next_round()[0]
        started = tf.start_manual_pairing(4)
        assert any("no pairing" in w for w in started.warnings)
        phase = tf.manual_pairing()
        assert phase is not None and phase.engine_pairing is None
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(ManualPairingChange(4, (Pair(1, 2),), bye=3))
        texts = " | ".join(asked.value.warnings)
        assert "[C1]" in texts and "[C2]" in texts
        tf.execute(ManualPairingChange(4, (Pair(1, 2),), bye=3, confirmed=3))
        with pytest.raises(ConfirmationRequired) as at_end:
            tf.execute(EndManualPairing(4))
        assert at_end.value.level is Level.CONFIRM_FACTS
        assert "no pairing of round 4 by the rules exists" in at_end.value.warnings[0]
        tf.execute(EndManualPairing(4, confirmed=3))
        results(tf, 4)
        lines = [e.trf_line for e in tf.integrity_log()]
        assert lines == [
            "### MPA @ Round 4: no pairing by the rules exists; arbiter's pairing: 1-2, PAB 3"
        ]
        assert tf.snapshot().rounds_with_pairings == 4


def _second_round(tf: TournamentFile) -> tuple[list[tuple[int, int]], int | None]:
    play(tf, 1)
    tf.start_manual_pairing(2, from_engine=True)
    view = tf.round_view(2)
    return [(b.white_tpn, b.black_tpn) for b in view.boards], view.pab.tpn if view.pab else None


def test_q66_a_rematch_or_a_prohibited_pair_is_a_level_3_warning(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        _second_round(tf)
        played = boards(tf, 1)
        w, b = played[0]
        view = tf.round_view(2)
        new_pairs, bye = pairing_edits.set_opponents(view, w, b)
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(ManualPairingChange(2, new_pairs, bye))
        assert asked.value.level is Level.CONFIRM_FACTS
        assert any("have already played each other [C1]" in t for t in asked.value.warnings)


def test_q66_a_prohibited_pair(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        tf.execute(ProhibitPairs((1, 2)))
        t = tf.snapshot()
        warnings = hand_pairing_warnings(t, 1, [Pair(1, 2)], None)
        assert [w.level for w in warnings] == [Level.CONFIRM_FACTS]
        assert "prohibited pair" in warnings[0].text


def test_q66_a_pab_to_an_ineligible_player_or_above_the_lowest_score(tmp_path: Path) -> None:
    with event(tmp_path, players=7) as tf:
        play(tf, 2)
        t = tf.snapshot()
        pab1 = next(p.tpn for p in t.players if p.rounds[0].opponent is None)
        warnings = hand_pairing_warnings(t, 3, [], pab1)
        assert any("[C2]" in w.text for w in warnings)
        leader = max(t.players, key=lambda p: sum(t.entry_points(e) for e in p.rounds))
        warnings = hand_pairing_warnings(t, 3, [], leader.tpn)
        assert any("[C5]" in w.text and w.level is Level.CONFIRM_FACTS for w in warnings)


def test_q66_a_third_colour_or_an_imbalance_beyond_2_before_the_last_round(
    tmp_path: Path,
) -> None:
    with event(tmp_path, players=8, rounds=5) as tf:
        play(tf, 2)
        t = tf.snapshot()
        white_twice = next(
            p.tpn for p in t.players if [e.colour.value for e in p.rounds if e.colour] == ["w", "w"]
        )
        other = next(p.tpn for p in t.players if p.tpn != white_twice)
        warnings = hand_pairing_warnings(t, 3, [Pair(white_twice, other)], None)
        texts = [w.text for w in warnings if w.level is Level.CONFIRM_FACTS]
        assert any("White a third time in a row (C.04.1 art. 7)" in x for x in texts)
        assert any("colour difference of +3 (C.04.1 art. 6" in x for x in texts)
        final = hand_pairing_warnings(
            dataclasses.replace(t, total_rounds=3), 3, [Pair(white_twice, other)], None
        )
        assert not any("art. 7" in w.text or "art. 6" in w.text for w in final)


def test_q67_both_players_against_their_due_colour_is_level_2(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 1)
        t = tf.snapshot()
        had_white = [p.tpn for p in t.players if p.rounds[0].colour and p.rounds[0].colour.value == "w"]
        had_black = [p.tpn for p in t.players if p.rounds[0].colour and p.rounds[0].colour.value == "b"]
        # A player due Black gets White and one due White gets Black.
        warnings = hand_pairing_warnings(t, 2, [Pair(had_white[0], had_black[0])], None)
        due = [w for w in warnings if "opposite to their due colour" in w.text]
        assert [w.level for w in due] == [Level.CONFIRM]


def test_q68_q69_a_pairing_that_differs_from_the_engine_is_level_4_with_mpa(
    tmp_path: Path,
) -> None:
    with event(tmp_path) as tf:
        pairs, bye = _second_round(tf)
        engine = tf.manual_pairing().engine_pairing  # type: ignore[union-attr]
        assert engine is not None
        (w1, b1), (w2, b2) = pairs[0], pairs[1]
        changed = ManualPairingChange(
            2, (Pair(w1, b2), Pair(w2, b1), *(Pair(w, b) for w, b in pairs[2:])), bye, confirmed=3
        )
        tf.execute(changed)
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(EndManualPairing(2, confirmed=3))
        assert asked.value.level is Level.DOUBLE
        texts = asked.value.warnings
        assert f"the engine pairs {w1}-{b1}" in texts
        assert any(t.startswith("the engine (dutch) pairs: ") for t in texts)
        assert "### MPA" in asked.value.consequences
        tf.execute(EndManualPairing(2, confirmed=4))
        line = tf.integrity_log()[0].trf_line
        assert line == f"### MPA @ Round 2: engine {w1}-{b1} {w2}-{b2} => arbiter {w1}-{b2} {w2}-{b1}"
        text = format_trf(with_current_ranks(tf.snapshot()))
        assert line in text.splitlines()
        assert tf.round_view(2).changed_by_hand
        # Undo of the end reopens the phase and removes the line.
        tf.execute(Undo())
        assert tf.manual_pairing() is not None and tf.integrity_log() == []


def test_q69_starting_again_or_unpairing_clears_the_round_s_mpa_line(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        pairs, bye = _second_round(tf)
        swapped = tuple(Pair(b, w) for w, b in pairs)
        tf.execute(ManualPairingChange(2, swapped, bye, confirmed=3))
        tf.execute(EndManualPairing(2, confirmed=4))
        assert len(tf.integrity_log()) == 1
        tf.start_manual_pairing(2)
        assert tf.integrity_log() == []
        tf.execute(ManualPairingChange(2, tuple(Pair(w, b) for w, b in pairs), bye, confirmed=3))
        done = tf.execute(EndManualPairing(2))
        assert "agrees" in done.summary and tf.integrity_log() == []
        assert not tf.round_view(2).changed_by_hand
        tf.start_manual_pairing(2)
        tf.execute(ManualPairingChange(2, swapped, bye, confirmed=3))
        tf.execute(EndManualPairing(2, confirmed=4))
        assert len(tf.integrity_log()) == 1
        tf.execute(UnpairLastRound())
        assert tf.integrity_log() == []


def test_end_needs_everyone_paired(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 1)
        tf.start_manual_pairing(2)
        tf.execute(ManualPairingChange(2, (Pair(1, 2),), confirmed=3))
        with pytest.raises(ActionRefused, match=r"not paired yet: no\. 3"):
            tf.execute(EndManualPairing(2))
        view = tf.round_view(2)
        assert [t for t, _ in view.to_pair] == [3, 4, 5, 6, 7, 8]
        assert not view.complete


def test_the_gestures_on_a_round_being_created(tmp_path: Path) -> None:
    """Pair two waiting players, unpair a board, reverse colours, give the bye."""
    with event(tmp_path, players=7) as tf:
        play(tf, 1)
        tf.start_manual_pairing(2)

        def do(op: str, a: int, b: int | None = None) -> None:
            pairs, bye = pairing_edits.apply_operation(tf.round_view(2), op, a, b)
            tf.execute(ManualPairingChange(2, pairs, bye, confirmed=3))

        do("pair", 1, 3)
        do("pair", 5, 6)
        do("colours", 6)
        assert boards(tf, 2) == [(1, 3), (6, 5)]
        do("unpair", 3)
        assert boards(tf, 2) == [(6, 5)]
        do("bye", 7)
        assert tf.round_view(2).pab.tpn == 7  # type: ignore[union-attr]
        with pytest.raises(ActionRefused, match="already paired"):
            pairing_edits.pair_players(tf.round_view(2), 6, 1)
        tf.execute(Undo())
        assert tf.round_view(2).pab is None
