"""The rules of every pairing system are reachable from the window (FIDE's checklist C.02
VCL Q92: a system without FIDE's endorsement, here the 1992 rating-based Swiss, has its rules
printable or obtainable from the program). Help > Pairing rules… opens the open tournament's
system's text; every other system offered is one choice away."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog

from swissdesk.engines.rules_text import offered_systems
from swissdesk.gui.dialogs import RulesDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.storage import PlayerData, TournamentFile, TournamentSettings


def test_q92_help_pairing_rules_shows_the_1992_system_text(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "r92.swissdesk"
    settings = TournamentSettings(name="Rating 1992", system="rating1992", total_rounds=5)
    players = [PlayerData(f"Player {i}", rating=2000 - 10 * i) for i in range(6)]
    TournamentFile.create(path, settings, players=players).close()
    assert window.open_file(path)
    shown: list[tuple[str, str, int]] = []

    def read(dialog: QDialog) -> bool:
        assert isinstance(dialog, RulesDialog)
        shown.append((dialog.source.text(), dialog.text.toPlainText(), dialog.system.count()))
        for i in range(dialog.system.count()):  # every offered system has its text
            dialog.system.setCurrentIndex(i)
            assert len(dialog.text.toPlainText()) > 500, dialog.system.currentData()
        return True

    window.prompter.dialogs.append(read)  # type: ignore[attr-defined]
    window.menu_actions["rules"].trigger()  # type: ignore[attr-defined]
    ((source, text, count),) = shown
    assert "1992" in source
    assert "Approved by the 1992 General Assembly" in text and "A2. Order" in text
    assert count == len(offered_systems())


def test_q80_q84_the_settings_dialog_sets_the_pab_apart_from_a_win(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The PAB row offers what a round's results give under the chosen point system (Q83,
    Q84) and keeps the choice apart from the point system (Q80, Q82)."""
    from swissdesk.engines import system_names
    from swissdesk.gui.dialogs import TournamentDialog
    from swissdesk.model.tournament import ScoringSystem

    dialog = TournamentDialog(system_names())
    qtbot.addWidget(dialog)
    offered = [dialog.pab.itemData(i) for i in range(dialog.pab.count())]
    assert offered == [2, 1, 0] and dialog.pab.currentData() == 2
    assert dialog.pab.itemText(1) == "½ (a draw)"
    dialog.pab.setCurrentIndex(dialog.pab.findData(1))
    dialog.name.setText("Half-point PAB")
    assert dialog.settings().scoring == ScoringSystem(pairing_allocated_bye=1)
    football = dialog.scoring.findText("3 – 1 – 0 (football scoring)")
    dialog.scoring.setCurrentIndex(football)
    assert [dialog.pab.itemData(i) for i in range(dialog.pab.count())] == [6, 2, 0]
    assert dialog.pab.currentData() == 6  # the point system's own PAB: a win
    reopened = TournamentDialog(
        system_names(), TournamentSettings(scoring=ScoringSystem(pairing_allocated_bye=0))
    )
    qtbot.addWidget(reopened)
    assert reopened.scoring.currentIndex() == 0 and reopened.pab.currentData() == 0
