"""Rounds and configuration after the start (FIDE's checklist, C.02 VCL Q57-62, Q200-202):
the warning level each change raises, its ``### Configuration`` line, the re-check of the last
paired round when it becomes (or stops being) the final round, and the warning before round 1
when the rounds cannot all be paired."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from swissdesk.engines import Pair
from swissdesk.storage import (
    BoardResult,
    ConfirmationRequired,
    EditSettings,
    EndManualPairing,
    EnterResult,
    LeaveFideMode,
    Level,
    ManualPairingChange,
    PairNextRound,
    PlayerData,
    RefusedInFideMode,
    TournamentFile,
    TournamentSettings,
    Undo,
)
from swissdesk.storage.commands.rounds import max_pairable_rounds


def event(tmp_path: Path, players: int = 8, rounds: int = 5) -> TournamentFile:
    settings = TournamentSettings(
        name="Config Open", total_rounds=rounds, system="dutch", tiebreaks=("BH/C1", "BH", "SB")
    )
    people = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, players + 1)]
    return TournamentFile.create(tmp_path / "c.swissdesk", settings, players=people)


def play(tf: TournamentFile, rounds: int) -> None:
    for _ in range(rounds):
        pairing, _ = tf.pair_next_round(confirmed=2)
        for board in range(1, len(pairing.pairs) + 1):
            tf.execute(EnterResult(pairing.round_number, board, BoardResult.WHITE_WINS))


def with_rounds(tf: TournamentFile, rounds: int, **kw: int) -> EditSettings:
    return EditSettings(dataclasses.replace(tf.settings(), total_rounds=rounds), **kw)


def test_q57_q58_the_number_of_rounds_after_the_start_is_level_4(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        tf.execute(with_rounds(tf, 6))  # before the start: no warning
        play(tf, 2)
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(with_rounds(tf, 7, confirmed=3))
        assert asked.value.level is Level.DOUBLE
        assert "number of rounds changes after round 2 was paired: 6 -> 7" in asked.value.warnings
        assert tf.settings().total_rounds == 6
        tf.execute(with_rounds(tf, 7, confirmed=4))
        assert tf.settings().total_rounds == 7


def test_q59_the_change_of_rounds_is_a_configuration_line(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 2)
        tf.execute(with_rounds(tf, 7, confirmed=4))
        assert [e.trf_line for e in tf.integrity_log()] == [
            "### Configuration @ Round 2: number of rounds 5 -> 7"
        ]
        tf.execute(Undo())
        assert tf.integrity_log() == []


def test_q60_the_last_round_is_checked_again_when_it_becomes_the_final_round(
    tmp_path: Path,
) -> None:
    """Round 1 does not depend on being the last one: checked again, it still follows the
    rules (information). A change that keeps the last round where it was checks nothing."""
    with event(tmp_path) as tf:
        tf.pair_next_round()
        done = tf.execute(with_rounds(tf, 1, confirmed=4))
        assert (
            "round 1 became the final round; checked again, its pairing still follows the rules"
            in done.warnings
        )
        done = tf.execute(with_rounds(tf, 5, confirmed=4))
        assert (
            "round 1 is no longer the final round; checked again, its pairing still "
            "follows the rules" in done.warnings
        )
        unchanged = tf.execute(with_rounds(tf, 6, confirmed=4))
        assert not any("checked again" in w for w in unchanged.warnings)


def test_q60_q61_a_round_the_new_number_of_rounds_makes_final_is_paired_otherwise(
    tmp_path: Path,
) -> None:
    """Eight players, two rounds won by White: round 3 paired as a middle round is not what
    the engine pairs when round 3 is the last one (the topscorers' exceptions, C.04.3 art.
    1.8). Cutting the event to three rounds re-checks round 3: Level 3 with the differences,
    and a ### line; undo takes both back."""
    with event(tmp_path) as tf:
        play(tf, 2)
        tf.pair_next_round()
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(with_rounds(tf, 3, confirmed=3))
        recheck = [w for w in asked.value.items if "became the final round" in w.text]
        assert [w.level for w in recheck] == [Level.CONFIRM_FACTS]
        assert "no longer follows the rules: the file pairs " in recheck[0].text
        tf.execute(with_rounds(tf, 3, confirmed=4))
        lines = [e.trf_line for e in tf.integrity_log()]
        assert lines[0] == "### Configuration @ Round 3: number of rounds 5 -> 3"
        assert lines[1].startswith("### Configuration @ Round 3: re-checked: the file pairs ")
        tf.execute(Undo())
        assert tf.integrity_log() == [] and tf.settings().total_rounds == 5


def test_q61_a_last_round_that_no_longer_follows_the_rules_is_level_3_and_logged(
    tmp_path: Path,
) -> None:
    """Round 3 changed by hand (an MPA), then the number of rounds makes it the final round:
    the re-check finds it is not the engine's pairing, says so at Level 3 and logs it."""
    with event(tmp_path) as tf:
        play(tf, 2)
        tf.pair_next_round()
        tf.start_manual_pairing(3)
        view = tf.round_view(3)
        reversed_colours = tuple(Pair(b.black_tpn, b.white_tpn) for b in view.boards)
        tf.execute(ManualPairingChange(3, reversed_colours, confirmed=3))
        tf.execute(EndManualPairing(3, confirmed=4))
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(with_rounds(tf, 3, confirmed=4 - 1))
        recheck = [w for w in asked.value.items if "became the final round" in w.text]
        assert [w.level for w in recheck] == [Level.CONFIRM_FACTS]
        assert "no longer follows the rules" in recheck[0].text
        tf.execute(with_rounds(tf, 3, confirmed=4))
        kinds = [e.trf_line.split(":")[0] for e in tf.integrity_log()]
        assert kinds == [
            "### MPA @ Round 3",
            "### Configuration @ Round 3",
            "### Configuration @ Round 3",
        ]
        assert tf.integrity_log()[2].text.startswith("re-checked: ")


def test_q200_the_tie_break_list_is_fixed_with_round_1_in_fide_mode(tmp_path: Path) -> None:
    """Q200 answered "no" in FIDE mode (Level 5): Q201-202 are off the path."""
    with event(tmp_path) as tf:
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), tiebreaks=("BH", "SB"))))
        play(tf, 1)
        changed = dataclasses.replace(tf.settings(), tiebreaks=("SB", "DE", "WIN"))
        with pytest.raises(RefusedInFideMode, match="tie-break list cannot change"):
            tf.execute(EditSettings(changed, confirmed=4))
        assert tf.settings().tiebreaks == ("BH", "SB") and tf.integrity_log() == []


def test_q200_a_tournament_without_a_declared_list_gets_one_after_the_start(
    tmp_path: Path,
) -> None:
    """An imported file without record 202 ranks by points alone until the arbiter declares
    the list: possible after the start too, Level 4 and logged."""
    with event(tmp_path) as tf:
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), tiebreaks=())))
        play(tf, 1)
        declared = dataclasses.replace(tf.settings(), tiebreaks=("BH", "SB"))
        with pytest.raises(ConfirmationRequired):
            tf.execute(EditSettings(declared))
        tf.execute(EditSettings(declared, confirmed=4))
        assert [e.trf_line for e in tf.integrity_log()] == [
            "### Configuration @ Round 1: tie-break list none -> BH, SB"
        ]


def test_q201_q202_the_tie_break_list_after_the_start_is_level_4_and_logged(
    tmp_path: Path,
) -> None:
    """Out of FIDE mode the list may change after the start: Level 4 and a ### line."""
    with event(tmp_path) as tf:
        play(tf, 1)
        tf.execute(LeaveFideMode(confirmed=4))
        changed = dataclasses.replace(tf.settings(), tiebreaks=("SB", "DE", "WIN"))
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(EditSettings(changed))
        assert asked.value.level is Level.DOUBLE
        tf.execute(EditSettings(changed, confirmed=4))
        assert [e.trf_line for e in tf.integrity_log()][1:] == [
            "### Configuration @ Round 1: tie-break list BH/C1, BH, SB -> SB, DE, WIN"
        ]


def test_other_settings_after_the_start_ask_nothing(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play(tf, 1)
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), name="Renamed", city="Bern")))
        assert tf.settings().name == "Renamed" and tf.integrity_log() == []


def test_q62_rounds_that_cannot_all_be_paired_are_warned_before_round_1(tmp_path: Path) -> None:
    """Three players can meet each other and sit out once each: three rounds, not four."""
    assert max_pairable_rounds(3) == 3 and max_pairable_rounds(4) == 3
    assert max_pairable_rounds(8, most_prohibited=2) == 5
    with event(tmp_path, players=3, rounds=3) as tf:
        done = tf.execute(with_rounds(tf, 4))
        assert any("4 rounds cannot all be paired by the rules with 3" in w for w in done.warnings)
        pairing = tf.compute_next_pairing()
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(PairNextRound(pairing, engine="dutch"))
        assert asked.value.level is Level.CONFIRM
        assert "Pair by hand" in asked.value.warnings[0]
        tf.execute(PairNextRound(pairing, engine="dutch", confirmed=2))
        entry = tf.audit_log()[-1]
        assert entry.payload["confirmed"] == 2

