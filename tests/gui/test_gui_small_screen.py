"""Issue 27, item 1: every window and dialog fits a 1366x768 screen (the form scrolls where
it must), measured on the size hints. A new profile opened the window taller than the
screen (the status bar cut off); Team Swiss in New tournament grew the dialog to 801 px
with OK and Cancel off screen.

The screen is made 1366x768 with a 40-pixel panel (``available_size``, the room a window
may take: the screen's available area less the frame), whatever screen the tests run on.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from layout_support import ROOM
from PySide6.QtCore import QPoint, QSize
from PySide6.QtWidgets import QDialog, QWidget

from swissdesk.engines import system_names
from swissdesk.gui.mainwindow import MainWindow

HAND = Path(__file__).resolve().parents[1] / "trf" / "team_hand.trf"


pytestmark = pytest.mark.usefixtures("small_screen")


def fits(size: QSize) -> bool:
    return size.width() <= ROOM.width() and size.height() <= ROOM.height()


def check_dialog(dialog: QDialog) -> None:
    """Shown, the dialog fits; its minimum size fits; its buttons are inside it."""
    dialog.show()
    assert fits(dialog.size()), (dialog.windowTitle(), dialog.size())
    assert fits(dialog.minimumSizeHint()), (dialog.windowTitle(), dialog.minimumSizeHint())
    buttons = getattr(dialog, "buttons", None)
    if isinstance(buttons, QWidget):
        corner = buttons.mapTo(dialog, QPoint(buttons.width(), buttons.height()))
        assert corner.y() <= dialog.height() and corner.x() <= dialog.width()
    dialog.close()


def test_a_new_profile_opens_the_window_within_the_screen(
    make_window: type[MainWindow], sample_copy: Path, tmp_path: Path
) -> None:
    from swissdesk.cli import main

    window = make_window()
    assert fits(window.size()), window.size()
    window.show()
    team = tmp_path / "cup.swissdesk"
    assert main(["import", str(HAND), "-o", str(team), "--yes-i-know", "3"]) == 0
    for path in (sample_copy, team):
        assert window.open_file(path)
        for index in range(window.tabs.count()):
            if window.tabs.isTabVisible(index):
                window.show_page(index)
                assert fits(window.minimumSizeHint()), (index, window.minimumSizeHint())
    assert fits(window.size())


def test_a_geometry_saved_on_a_bigger_screen_is_brought_within_this_one(
    make_window: type[MainWindow],
) -> None:
    window = make_window()
    window.resize(1900, 1150)
    window.save_geometry()
    again = make_window()
    assert fits(again.size()), again.size()


def test_new_tournament_with_the_team_options_fits_and_scrolls(qtbot) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.gui.team_pages import TeamTournamentDialog

    for system in ("dutch", "team", "lim", "round-robin", "double-swiss"):
        dialog = TeamTournamentDialog(system_names())
        qtbot.addWidget(dialog)
        dialog.system.setCurrentIndex(dialog.system.findData(system))
        check_dialog(dialog)
    # The whole form is still there: it scrolls (the team tie-breaks are its last row).
    dialog = TeamTournamentDialog(system_names())
    qtbot.addWidget(dialog)
    dialog.system.setCurrentIndex(dialog.system.findData("team"))
    dialog.show()
    if dialog.form_widget.sizeHint().height() > dialog.form_scroll.viewport().height():
        assert dialog.form_scroll.verticalScrollBar().maximum() > 0
    dialog.team_tiebreaks.list.setFocus()
    dialog.form_scroll.ensureWidgetVisible(dialog.team_tiebreaks)
    area = dialog.form_scroll.viewport().rect()
    top = dialog.team_tiebreaks.mapTo(dialog.form_scroll.viewport(), QPoint(0, 0))
    assert area.contains(top)


def test_every_other_dialog_fits(
    qtbot, window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.gui.dialogs import ManualPairingDialog, TextDialog, TournamentDialog
    from swissdesk.gui.player_dialogs import (
        ByeDialog,
        LateEntryDialog,
        PlayerDialog,
        WithdrawDialog,
    )
    from swissdesk.gui.printing import PrintOptionsDialog
    from swissdesk.gui.prompter import question_box
    from swissdesk.gui.round_robin import DrawLotsDialog, PairingNumbersDialog
    from swissdesk.gui.team_pages import ForfeitDialog, LineupDialog, TeamDialog

    assert window.open_file(sample_copy)
    settings = window.tournament_settings
    assert settings is not None
    rows = window.player_rows
    players = [(r.tpn, r.name, "") for r in rows]
    dialogs: list[QDialog] = [
        TournamentDialog(system_names(), settings, window, title="Tournament settings"),
        PlayerDialog(parent=window),
        LateEntryDialog(rows, 6, 9, "0 points", window),
        WithdrawDialog(rows, 7, 9, None, window),
        ByeDialog(rows, 7, 9, settings.scoring, None, window),
        ManualPairingDialog(players, 6, window),
        PrintOptionsDialog("cards", 6, 6, window),
        TextDialog("Explain round 6", "\n".join(f"line {i}" for i in range(400)), window),
        DrawLotsDialog(len(rows), window),
        PairingNumbersDialog(rows, window),
        TeamDialog(window),
    ]
    from swissdesk.cli import main

    team = tmp_path / "cup.swissdesk"
    assert main(["import", str(HAND), "-o", str(team), "--yes-i-know", "3"]) == 0
    assert window.open_file(team)
    tf = window.file
    assert tf is not None
    match = tf.team_round_view(1).matches[0]
    team_row = next(t for t in tf.teams() if t.tpn == match.first_tpn)
    dialogs += [
        LineupDialog(team_row, len(match.boards), [None] * len(match.boards), 1, window),
        ForfeitDialog(match, window),
        TournamentDialog(system_names(), window.tournament_settings, window),
    ]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        check_dialog(dialog)
    updates = [f"no. {n} Player {n}: rating 2000 → 2010" for n in range(1, 301)]
    box = question_box(window, "Update ratings", "Update 300 players from the list?", updates)
    qtbot.addWidget(box)
    assert fits(box.sizeHint()), box.sizeHint()


def test_print_preview_fits(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.gui import printing
    from swissdesk.gui.preview import PreviewDialog
    from swissdesk.reports import render

    if printing.rasteriser() is None:
        pytest.skip("neither QtPdf nor pdftoppm (poppler-utils) is installed")
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reports"))
    from report_test_support import multilingual_tournament

    pdf = render("boards", multilingual_tournament(), tmp_path / "b.pdf")
    dialog = PreviewDialog(pdf, "Pairings", window)
    qtbot.addWidget(dialog)
    try:
        assert fits(dialog.size()), dialog.size()
    finally:
        dialog.close()
        dialog.thread_.quit()
        dialog.thread_.wait()
