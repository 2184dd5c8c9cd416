"""FIDE mode, prohibited pairs and the manual-pairing phase in the window (C.02 VCL Q43-46,
Q63-69, Q194-196; issue 29). Each test is named after the checklist question it pins."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog

from swissdesk.gui.dialogs import ManualPairingDialog
from swissdesk.gui.mainwindow import NOT_IN_FIDE_MODE, MainWindow
from swissdesk.gui.player_dialogs import ProhibitedPairsDialog
from swissdesk.storage import (
    AddPlayer,
    AssignPairingNumbers,
    PlayerData,
    TournamentFile,
    TournamentSettings,
)


def small(path: Path, n: int = 6) -> Path:
    with TournamentFile.create(path, TournamentSettings(name="Small", total_rounds=3)) as tf:
        for i in range(n):
            tf.execute(AddPlayer(PlayerData(f"Player {i}", rating=2000 - 50 * i)))
        tf.execute(AssignPairingNumbers())
    return path


def test_q43_q46_leaving_fide_mode_asks_twice_and_the_window_says_so(
    window: MainWindow, tmp_path: Path
) -> None:
    assert window.open_file(small(tmp_path / "small.swissdesk"))
    assert NOT_IN_FIDE_MODE not in window.windowTitle() and window.fide_label.isHidden()
    prompter = window.prompter
    prompter.text_answers.append("a dispute")  # type: ignore[attr-defined]
    prompter.answers += [True, False]  # type: ignore[attr-defined]  # the second question: No
    window.files.leave_fide_mode()
    titles = [t for t, _m, _d in prompter.confirms]  # type: ignore[attr-defined]
    assert "Level 4 warning" in titles[-2] and "second confirmation" in titles[-1]
    assert window.tournament_settings is not None and window.tournament_settings.fide_mode
    prompter.text_answers.append("a dispute")  # type: ignore[attr-defined]
    window.files.leave_fide_mode()  # Yes twice (the scripted default)
    assert window.tournament_settings is not None and not window.tournament_settings.fide_mode
    assert f"[{NOT_IN_FIDE_MODE}]" in window.windowTitle()
    assert not window.fide_label.isHidden()
    with TournamentFile.open(window.file.path if window.file else "") as tf:
        (event,) = tf.integrity_log()
    assert event.trf_line == (
        "### FIDE mode left @ Round 0: the arbiter left FIDE mode before round 1: a dispute"
    )
    # Q45: Undo does not bring it back.
    window.audit.undo()
    assert window.tournament_settings is not None and not window.tournament_settings.fide_mode


def test_q194_q196_prohibited_pairs_are_entered_in_the_window(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(small(tmp_path / "small.swissdesk"))

    def prohibit_1_and_4(dialog: QDialog) -> bool:
        assert isinstance(dialog, ProhibitedPairsDialog)
        dialog.second.setCurrentIndex(dialog.second.findData(4))
        return True

    window.prompter.dialogs.append(prohibit_1_and_4)  # type: ignore[attr-defined]
    window.players.prohibited_pairs()
    assert window.file is not None and window.file.prohibited_pairs() == [(1, 4)]
    with qtbot.waitSignal(window.round_paired, timeout=60_000):
        window.pair_next_round()
    view = window.file.round_view(1)
    assert {1, 4} not in [{b.white_tpn, b.black_tpn} for b in view.boards]
    # After round 1, in FIDE mode: the dialog says so, the change is refused (Level 5).
    notes: list[str] = []

    def prohibit_2_and_3(dialog: QDialog) -> bool:
        assert isinstance(dialog, ProhibitedPairsDialog)
        notes.append(dialog.note.text())
        dialog.first.setCurrentIndex(dialog.first.findData(2))
        dialog.second.setCurrentIndex(dialog.second.findData(3))
        return True

    window.prompter.dialogs.append(prohibit_2_and_3)  # type: ignore[attr-defined]
    window.players.prohibited_pairs()
    assert "cannot change any more" in notes[-1]
    assert "not allowed in FIDE mode" in window.prompter.errors[-1][1]  # type: ignore[attr-defined]
    assert window.file.prohibited_pairs() == [(1, 4)]


def test_q63_q65_q68_q69_a_round_created_by_hand_in_the_window(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(small(tmp_path / "small.swissdesk"))
    window.prompter.choices.append(1)  # type: ignore[attr-defined]  # an empty round
    window.rounds.pair_by_hand()
    qtbot.waitUntil(lambda: window.manual_phase is not None, timeout=60_000)
    assert window.manual_phase is not None and window.manual_phase.creating
    banner = window.rounds_page.manual_banner.text()
    assert "Round 1 is being created by hand" in banner and "Not paired yet: 1 Player 0" in banner

    def pair(first: int, second: int):  # type: ignore[no-untyped-def]
        def handler(dialog: QDialog) -> bool:
            assert isinstance(dialog, ManualPairingDialog)
            dialog.buttons_by_op["pair"].setChecked(True)
            dialog.first.setCurrentIndex(dialog.first.findData(first))
            dialog.second.setCurrentIndex(dialog.second.findData(second))
            return True

        return handler

    for a, b in ((1, 2), (3, 4), (5, 6)):
        window.prompter.dialogs.append(pair(a, b))  # type: ignore[attr-defined]
        window.rounds.manual_pairing()
    view = window.round_view
    assert view is not None and [(b.white_tpn, b.black_tpn) for b in view.boards] == [
        (1, 2),
        (3, 4),
        (5, 6),
    ]
    asked = len(window.prompter.confirms)  # type: ignore[attr-defined]
    assert window.rounds.finish_manual_pairing()
    title, _message, details = window.prompter.confirms[asked]  # type: ignore[attr-defined]
    assert "Level 4 warning" in title and any("the engine (dutch) pairs" in d for d in details)
    assert window.manual_phase is None and window.rounds_paired == 1
    assert window.file is not None
    (event,) = window.file.integrity_log()
    assert event.trf_line.startswith("### MPA @ Round 1: engine ")
    assert event.trf_line.endswith(" => arbiter 1-2 3-4 5-6")


def test_the_manual_dialog_asks_for_one_player_where_one_is_enough(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = ManualPairingDialog([(1, "A", "board 1, White"), (2, "B", "board 1, Black")], 4)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Pair round 4 by hand"
    assert dialog.second.isEnabled()
    dialog.buttons_by_op["bye"].setChecked(True)
    assert not dialog.second.isEnabled()
    choice = dialog.choice()
    assert (choice.operation, choice.first, choice.second) == ("bye", 1, None)
