"""Issue 18, "Also": the organiser in the new-tournament and tournament-settings dialogs,
changed in the window as an audited, undoable settings change."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from swissdesk.gui.audit_model import describe_entry
from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.storage import TournamentSettings


def _row(dialog: TournamentDialog, widget: Any) -> int:
    row, _role = dialog.form.getWidgetPosition(widget)
    return int(row)


def test_organiser_field_sits_between_the_dates_and_the_chief_arbiter(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = TournamentDialog(["dutch"])
    qtbot.addWidget(dialog)
    dialog.show()
    assert _row(dialog, dialog.organiser) == _row(dialog, dialog.end) + 1
    assert _row(dialog, dialog.arbiter) == _row(dialog, dialog.organiser) + 1
    label = dialog.form.labelForField(dialog.organiser)
    assert isinstance(label, QLabel) and label.text() == "Or&ganiser:"
    assert label.buddy() is dialog.organiser
    mnemonics = [
        w.text().lower().split("&")[1][0]
        for w in dialog.findChildren(QLabel)
        if "&" in w.text() and w.buddy() is not None
    ]
    assert mnemonics.count("g") == 1, mnemonics  # Alt+G reaches the field alone
    dialog.organiser.setFocus()
    qtbot.keyClick(dialog.organiser, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.arbiter


def test_new_tournament_dialog_takes_the_organiser(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = TournamentDialog(["dutch"])
    qtbot.addWidget(dialog)
    dialog.name.setText("Zürich Open")
    qtbot.keyClicks(dialog.organiser, "  Chess Club Zurich ")  # typed (QTest types ASCII)
    assert dialog.problems() == []
    assert dialog.settings().organiser == "Chess Club Zurich"
    dialog.organiser.setText("Schachklub Zürich")
    assert dialog.settings().organiser == "Schachklub Zürich"


def test_settings_dialog_shows_and_changes_the_organiser(qtbot) -> None:  # type: ignore[no-untyped-def]
    base = TournamentSettings(name="Open", organiser="Chess Club Bern", chief_arbiter="IA X")
    dialog = TournamentDialog(["dutch"], base, title="Tournament settings")
    qtbot.addWidget(dialog)
    assert dialog.organiser.text() == "Chess Club Bern"
    dialog.organiser.clear()
    s = dialog.settings()
    assert s.organiser == "" and s.chief_arbiter == "IA X"


def test_window_changes_the_organiser_with_undo(window: MainWindow, sample_copy: Path) -> None:
    assert window.open_file(sample_copy)
    assert window.file is not None
    assert window.file.settings().organiser == "Riverside Chess Club"

    def fill(dialog: TournamentDialog) -> bool:
        assert dialog.windowTitle() == "Tournament settings"
        assert dialog.organiser.text() == "Riverside Chess Club"
        dialog.organiser.setText("Łódź Chess Society")
        return True

    window.prompter.dialogs.append(fill)  # type: ignore[attr-defined]
    window.files.edit_settings()
    assert window.file.settings().organiser == "Łódź Chess Society"
    entry = window.file.audit_log()[-1]
    text = describe_entry(entry, {})
    assert "organiser: Riverside Chess Club → Łódź Chess Society" in text, text
    window.audit.undo()
    assert window.file.settings().organiser == "Riverside Chess Club"
