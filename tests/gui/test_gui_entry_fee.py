"""Entry fees from the window (issue 35): Players > Entry fee (due, paid)… records the
selected player's fee in cents, one action that Undo takes back; wrong amounts are refused
in the dialog, nothing saved."""

from __future__ import annotations

from pathlib import Path

from gui_support import ScriptedPrompter

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.phones import EntryFeeDialog
from swissdesk.storage import (
    AssignPairingNumbers,
    PlayerData,
    TournamentFile,
    TournamentSettings,
)


def spring(folder: Path) -> Path:
    path = folder / "spring.swissdesk"
    players = [PlayerData(f"Player {c}", 2000 - 10 * i) for i, c in enumerate("ABCD")]
    with TournamentFile.create(path, TournamentSettings(name="Spring", total_rounds=5),
                               players=players) as tf:  # fmt: skip
        tf.execute(AssignPairingNumbers())
    return path


def test_the_selected_players_fee_is_recorded_and_undone(window: MainWindow, tmp_path: Path) -> None:
    assert window.open_file(spring(tmp_path))
    assert window.file is not None
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)
    window.show_page(window.PAGE_PLAYERS)
    window.players_page.select_tpn(2)
    seen: list[str] = []

    def typo(dialog: EntryFeeDialog) -> bool:
        assert (dialog.due.text(), dialog.paid.text()) == ("0.00", "0.00")
        dialog.due.setText("25,5O")  # a letter O: refused, the dialog stays open
        dialog.try_accept()
        seen.append(dialog.errors.text())
        dialog.due.setText("25.50")
        dialog.paid.setText("10")
        return True

    prompter.dialogs.append(typo)
    window.menu_actions["entry_fee"].trigger()
    assert seen and "Fee due" in seen[0]
    assert window.file.entry_fees() == {2: (2550, 1000)}
    assert window.file.audit_log()[-1].action == "SetEntryFee"

    def paid_in_full(dialog: EntryFeeDialog) -> bool:
        assert (dialog.due.text(), dialog.paid.text()) == ("25.50", "10.00")
        dialog.full.click()
        assert dialog.paid.text() == "25.50"
        return True

    prompter.dialogs.append(paid_in_full)
    window.players_page.select_tpn(2)
    window.menu_actions["entry_fee"].trigger()
    assert not prompter.dialogs
    assert window.file.entry_fees() == {2: (2550, 2550)}
    window.menu_actions["undo"].trigger()
    assert window.file.entry_fees() == {2: (2550, 1000)}
