"""Issue 18 item 11: multi-level undo and redo (Ctrl+Shift+Z) in the window; the audit
details written for a person; warnings name the players."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import BoardsModel


def test_undo_twice_then_redo_twice(qtbot, window: MainWindow, sample_copy: Path) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(sample_copy)
    page = window.rounds_page
    page.table.setFocus()
    view = window.round_view
    assert view is not None
    boards = list(view.missing_results[:2])
    for board in boards:
        page.select_row(page.model.row_of_board(board))
        qtbot.keyClick(page.table, "1")

    def shown(board: int) -> str:
        return page.model.display_text(page.model.row_of_board(board), BoardsModel.RESULT)

    assert [shown(b) for b in boards] == ["1 – 0", "1 – 0"]
    assert window.menu_actions["redo"].shortcut() == QKeySequence("Ctrl+Shift+Z")
    window.menu_actions["undo"].trigger()
    window.menu_actions["undo"].trigger()
    assert [shown(b) for b in boards] == ["", ""]
    window.menu_actions["redo"].trigger()
    assert [shown(b) for b in boards] == ["1 – 0", ""]
    window.menu_actions["redo"].trigger()
    assert [shown(b) for b in boards] == ["1 – 0", "1 – 0"]
    window.menu_actions["redo"].trigger()
    assert window.prompter.infos[-1] == ("Redo", "There is nothing to redo.")  # type: ignore[attr-defined]
    window.show_page(window.PAGE_AUDIT)
    audit = window.audit_page
    assert audit.model.display_text(0, 3).startswith("redone: ")
    assert audit.model.display_text(2, 4) == "redone"  # the Undo entries


def test_audit_details_name_the_players_before_and_after(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, sample_copy: Path
) -> None:
    assert window.open_file(sample_copy)
    page = window.rounds_page
    view = window.round_view
    assert view is not None
    board = next(b for b in view.boards if not b.has_result)
    page.select_row(page.model.row_of_board(board.board))
    page.table.setFocus()
    qtbot.keyClick(page.table, "=")
    window.show_page(window.PAGE_AUDIT)
    audit = window.audit_page
    audit.table.setCurrentIndex(audit.model.index(0, 0))
    text = audit.details.toPlainText()
    assert f"White no. {board.white_tpn} {board.white_name}" in text
    assert f"Black no. {board.black_tpn} {board.black_name}" in text
    assert "Result: no result → 1/2" in text
    assert "By: " in text
    assert "{" not in text and '"' not in text, "no raw JSON"


def test_absolute_criteria_warnings_name_the_players(window: MainWindow, sample_copy: Path) -> None:
    assert window.open_file(sample_copy)
    view = window.round_view
    assert view is not None
    free = [b for b in view.boards if not b.has_result]
    # Round 6: set two earlier opponents against each other again (a rematch, [C1]).
    assert window.file is not None
    snap = window.file.snapshot()
    first = free[0].white_tpn
    earlier = next(e.opponent for e in snap.player(first).rounds if e.opponent is not None)
    window.prompter.answers.append(False)  # type: ignore[attr-defined]
    assert not window.apply_manual_change(view, "opponents", first, earlier, "test")
    _title, _message, details = window.prompter.confirms[-1]  # type: ignore[attr-defined]
    names = {p.tpn: p.name for p in window.player_rows}
    assert any(
        f"no. {first} {names[first]}" in d and f"no. {earlier} {names[earlier]}" in d
        for d in details
    ), details


def test_explanation_lines_name_the_players() -> None:
    from swissdesk.gui.audit_model import name_players

    names = {3: "Wróbel, Łukasz", 34: "Kim, Min-jun", 37: "Weber, Klaus"}
    assert name_players("  [C6] 1 downfloater(s): 3", names) == (
        "  [C6] 1 downfloater(s): 3 (Wróbel, Łukasz)"
    )
    assert name_players("  [C12] 2 player(s) without their colour preference: 3, 34", names) == (
        "  [C12] 2 player(s) without their colour preference: 3 (Wróbel, Łukasz), 34 (Kim, Min-jun)"
    )
    assert name_players("Pairing-allocated bye: 37 ([C5] lowest possible score)", names) == (
        "Pairing-allocated bye: 37 (Weber, Klaus) ([C5] lowest possible score)"
    )
    assert name_players("  pairs: 3-8, 5-9", names) == "  pairs: 3-8, 5-9"
