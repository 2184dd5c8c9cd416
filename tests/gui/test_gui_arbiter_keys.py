"""Issue 18, items 5-6: the player dialogs act on the right player, typing goes where the
arbiter expects (focus on the first field, Esc asks before discarding, no stray-key edits)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QPushButton

from swissdesk.gui.dialogs import ByeDialog, PlayerDialog, TournamentDialog, WithdrawDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import PlayersModel
from swissdesk.model.tournament import ScoringSystem
from swissdesk.storage import PlayerRow, PlayerStatus


def players() -> list[PlayerRow]:
    names = ["Adams, Ann", "Müller, Jürgen", "Ćwik, Łukasz", "Muller, Max"]
    return [
        PlayerRow(i, name, 2500 - 10 * i, "", "", "GER", "", "", (), 0, PlayerStatus.ACTIVE,
                  None, None)
        for i, name in enumerate(names, 1)
    ]  # fmt: skip


def test_withdraw_dialog_never_preselects_player_one(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = WithdrawDialog(players(), 3, 9, None)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.player.currentIndex() == -1
    ok = dialog.ok_button
    assert isinstance(ok, QPushButton) and not ok.isDefault()
    # Enter in the search field with no choice made must not withdraw anybody.
    dialog.try_accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert "choose the player" in dialog.errors.text()


def test_withdraw_dialog_acts_on_the_selected_player(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = WithdrawDialog(players(), 3, 9, selected=3)
    qtbot.addWidget(dialog)
    assert dialog.tpn() == 3
    assert "No. 3 Ćwik, Łukasz will not be paired from round 3" in dialog.note.text()
    ok = dialog.ok_button
    assert isinstance(ok, QPushButton) and ok.isDefault()


def test_player_search_ignores_accents_and_case(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = ByeDialog(players(), 3, 9, ScoringSystem())
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.focusWidget() is dialog.search
    qtbot.keyClicks(dialog.search, "muller")
    assert [dialog.player.itemText(i) for i in range(dialog.player.count())] == [
        "2. Müller, Jürgen (2480)",
        "4. Muller, Max (2460)",
    ]
    assert dialog.player.currentIndex() == -1  # two matches: the arbiter picks one
    qtbot.keyClicks(dialog.search, " jurg")
    assert dialog.tpn() == 2
    dialog.search.clear()
    qtbot.keyClicks(dialog.search, "LUKASZ")
    assert dialog.tpn() == 3


def test_dialogs_open_with_the_focus_on_the_first_field(qtbot) -> None:  # type: ignore[no-untyped-def]
    tournament = TournamentDialog(["dutch"])
    qtbot.addWidget(tournament)
    tournament.show()
    assert tournament.focusWidget() is tournament.name
    player = PlayerDialog()
    qtbot.addWidget(player)
    player.show()
    focus = player.focusWidget()
    assert focus is player.player.name or (
        player.lookup is not None and focus is player.lookup.query
    )


def test_esc_on_a_changed_form_asks_before_discarding(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PlayerDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    answers = [False, True]
    dialog.confirm_discard = lambda: answers.pop(0)  # type: ignore[method-assign]
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # nothing typed: closes at once
    assert not dialog.isVisible()
    dialog = PlayerDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.confirm_discard = lambda: answers.pop(0)  # type: ignore[method-assign]
    dialog.player.name.setText("Carlsen, Magnus")
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # "keep editing"
    assert dialog.isVisible()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # "discard"
    assert not dialog.isVisible() and answers == []


def test_esc_asks_through_the_window_prompter(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PlayerDialog(parent=window)
    dialog.show()
    dialog.player.rating.setText("2100")
    window.prompter.answers.append(False)  # type: ignore[attr-defined]
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.isVisible()
    assert window.prompter.confirms[-1][0] == "Discard changes?"  # type: ignore[attr-defined]
    dialog.done(0)


def test_a_stray_key_does_not_rename_a_player(window: MainWindow, sample_copy: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(sample_copy)
    window.show_page(window.PAGE_PLAYERS)
    page = window.players_page
    table = page.table
    index = page.proxy.index(0, PlayersModel.NAME)
    table.setCurrentIndex(index)
    table.setFocus()
    name = page.proxy.data(index)
    qtbot.keyClick(table, "x")
    assert table.state() != QAbstractItemView.State.EditingState
    assert page.proxy.data(page.proxy.index(0, PlayersModel.NAME)) == name
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert table.state() == QAbstractItemView.State.EditingState
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)


def test_late_entry_warns_about_a_player_already_registered(qtbot) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.gui.dialogs import LateEntryDialog

    dialog = LateEntryDialog(players(), 3, 9, "0 points")
    qtbot.addWidget(dialog)
    dialog.player.name.setText("Muller, Jurgen")
    assert dialog.note.text().startswith("Already registered as no. 2 Müller, Jürgen")
    dialog.player.name.setText("Muller, Hans")
    assert "Already registered" not in dialog.note.text()
