"""Issue 18, item 13: safer defaults. "Sort pairing numbers before round 1?" answers Yes on
Enter; new tournaments go to the user's documents folder; sex accepts the TRF codes and
shows them as words."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from swissdesk.gui import validation
from swissdesk.gui.dialogs import PlayerDialog
from swissdesk.gui.mainwindow import MainWindow, Prompter
from swissdesk.gui.models import PlayersModel
from swissdesk.storage import PlayerData, TournamentFile, TournamentSettings, appsettings


def _press_enter_on_the_question() -> None:
    box = QApplication.activeModalWidget()
    assert box is not None
    QTest.keyClick(box, Qt.Key.Key_Return)


@pytest.mark.parametrize("default_yes", [True, False])
def test_enter_gives_the_default_answer(qtbot, default_yes: bool) -> None:  # type: ignore[no-untyped-def]
    parent = QWidget()
    qtbot.addWidget(parent)
    QTimer.singleShot(50, _press_enter_on_the_question)
    answer = Prompter(parent).confirm("Pairing numbers", "Sort?", default_yes=default_yes)
    assert answer is default_yes


def test_sorting_before_round_1_is_asked_with_yes_as_default(
    make_window: type[MainWindow], tmp_path: Path
) -> None:
    path = tmp_path / "unsorted.swissdesk"
    players = [PlayerData(f"Player {i}", 1500 + 100 * i) for i in range(1, 7)]  # lowest first
    with TournamentFile.create(path, TournamentSettings(name="Open", total_rounds=5), players=players):
        pass
    window = make_window(use_process=False)
    assert window.open_file(path)
    window.prompter.answers = [False]  # type: ignore[attr-defined]
    window.pair_next_round()
    assert window.prompter.confirms[0][0] == "Pairing numbers"  # type: ignore[attr-defined]
    assert window.prompter.defaults[0] is True  # type: ignore[attr-defined]
    window.controller.shutdown()


def test_new_tournaments_go_to_the_documents_folder_even_before_it_exists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SWISSDESK_DATA_DIR", raising=False)
    monkeypatch.setattr(appsettings, "portable_tournament_directory", lambda: None)
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(tmp_path / "Documents"))
    assert appsettings.default_tournament_directory() == tmp_path / "Documents" / "swissdesk"


@pytest.mark.parametrize(
    ("typed", "code", "word"),
    [("m", "m", "male"), ("W", "w", "female"), ("f", "w", "female"), ("female", "w", "female"),
     ("", "", "")],
)  # fmt: skip
def test_sex_accepts_trf_codes_and_shows_words(typed: str, code: str, word: str) -> None:
    assert validation.check_sex(typed) is None
    assert validation.normalise(PlayerData("X", sex=typed)).sex == code
    assert validation.sex_word(code) == word
    assert validation.check_sex("x") is not None


def test_players_list_and_dialog_show_sex_as_words(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PlayerDialog(PlayerData("Anna", 2000, sex="f"))
    qtbot.addWidget(dialog)
    assert dialog.player.sex.currentText() == "female"
    assert dialog.data().sex == "w"
    assert PlayersModel.SEX >= 0


def test_the_window_keeps_the_width_the_arbiter_gave_it(
    make_window: type[MainWindow], sample_copy: Path
) -> None:
    """Long or changing texts (the rounds page's notice, counter and key hint) used to push
    the window wider than the arbiter had made it."""
    window = make_window(use_process=False)
    window.show()
    assert window.open_file(sample_copy)
    window.show_page(window.PAGE_ROUNDS)
    window.resize(560, 500)
    QApplication.processEvents()
    assert window.width() == 560
    window.rounds_page.notice.setText("Round 6 was changed by hand (see the audit log) " * 4)
    QApplication.processEvents()
    assert window.width() == 560


def test_late_entry_dialog_offers_the_missed_rounds_score(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 18, item 12: the arbiter chooses what the missed rounds score."""
    from swissdesk.gui.dialogs import LateEntryDialog
    from swissdesk.model.tournament import ResultCode, ScoringSystem

    dialog = LateEntryDialog(
        [], 2, 7, "0 points", scoring=ScoringSystem(), default_missed=ResultCode.NOT_PAIRED
    )
    qtbot.addWidget(dialog)
    items = [dialog.missed.itemText(i) for i in range(dialog.missed.count())]
    assert items == ["absent (0 points)", "zero-point bye (0 points)", "half-point bye (½ point)"]
    assert dialog.missed_result() is ResultCode.NOT_PAIRED
    dialog.missed.setCurrentIndex(2)
    assert dialog.missed_result() is ResultCode.HALF_POINT_BYE
    assert "½ point each" in dialog.note.text()
