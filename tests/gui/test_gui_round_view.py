"""Issue 18, item 7: finding a board, switching rounds by key, results with the mouse,
the rare results by key, and an overwritten result shown as a correction."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.menus import RESULT_CHOICES
from swissdesk.gui.models import BoardsModel
from swissdesk.storage import BoardResult, parse_result


def open_round(window: MainWindow, sample_copy: Path) -> None:
    assert window.open_file(sample_copy)
    window.show_page(window.PAGE_ROUNDS)
    window.rounds_page.table.setFocus()


def current_board(window: MainWindow) -> int:
    page = window.rounds_page
    board = page.model.board_at(page.table.currentIndex().row())
    assert board is not None
    return board.board


def test_typing_a_board_number_jumps_to_it(qtbot, window: MainWindow, sample_copy: Path) -> None:  # type: ignore[no-untyped-def]
    open_round(window, sample_copy)
    page = window.rounds_page
    qtbot.keyClick(page.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert page.focusWidget() is page.find_field
    qtbot.keyClicks(page.find_field, "4")
    assert current_board(window) == 4
    page.find_field.clear()
    view = window.round_view
    assert view is not None
    last = view.boards[-1]
    # A name typed without its accents finds the player's board.
    qtbot.keyClicks(page.find_field, last.black_name.split(",")[0].lower())
    assert current_board(window) == last.board
    qtbot.keyClick(page.find_field, Qt.Key.Key_Return)
    assert page.focusWidget() is page.table
    page.find_field.setText("")
    qtbot.keyClicks(page.find_field, "999")
    assert page.find_status.text() == "no board 999"


def test_accents_are_ignored_when_finding_a_player(qtbot) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.storage import RoundView
    from swissdesk.storage.views import BoardView

    boards = [
        BoardView(1, 1, "Adams, Ann", 2500, 0, 2, "Ćwik, Łukasz", 2400, 0, None, ""),
        BoardView(2, 3, "Müller, Jürgen", 2300, 0, 4, "Brown, Bo", 2200, 0, None, ""),
    ]
    model = BoardsModel()
    model.set_round(RoundView(1, True, tuple(boards), None, (), False, False, None))
    assert model.row_of_player("muller jurgen") == 1
    assert model.row_of_player("LUKASZ") == 0
    assert model.row_of_player("#4") == 1
    assert model.row_of_player("nobody") == -1


def test_ctrl_page_keys_switch_the_round_tabs(qtbot, window: MainWindow, sample_copy: Path) -> None:  # type: ignore[no-untyped-def]
    open_round(window, sample_copy)
    page = window.rounds_page
    assert page.current_round() == 6
    qtbot.keyClick(page.table, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert page.current_round() == 5
    assert window.round_view is not None and window.round_view.round_number == 5
    qtbot.keyClick(page.table, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert page.current_round() == 6


@pytest.mark.parametrize(
    ("key", "shown"),
    [("*", "− – −"), ("z", "0 – 0"), ("h", "½ – 0"), ("H", "0 – ½")],
)
def test_keys_for_double_forfeit_and_rare_results(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, sample_copy: Path, key: str, shown: str
) -> None:
    open_round(window, sample_copy)
    page = window.rounds_page
    row = page.table.currentIndex().row()
    board = page.model.board_at(row)
    assert board is not None and not board.has_result
    qtbot.keyClick(page.table, key)
    assert (
        page.model.display_text(page.model.row_of_board(board.board), BoardsModel.RESULT) == shown
    )


def test_the_rare_results_are_stored_and_read_back() -> None:
    assert parse_result("½-0") is BoardResult.WHITE_HALF_BLACK_ZERO
    assert parse_result("0-1/2") is BoardResult.WHITE_ZERO_BLACK_HALF
    assert {v for v, _t, _k in RESULT_CHOICES if v} == {r.value for r in BoardResult} - {"adj"}


def test_results_can_be_set_with_the_mouse(qtbot, window: MainWindow, sample_copy: Path) -> None:  # type: ignore[no-untyped-def]
    open_round(window, sample_copy)
    page = window.rounds_page
    row = page.table.currentIndex().row()
    board = current_board(window)
    context = [a.text() for a in page.table.actions()]
    assert context[0] == "Set &result"
    results = page.table.actions()[0].menu()
    assert results is not None and results.actions()[0].text() == "1 – 0\t1"
    results.actions()[2].trigger()
    assert page.model.display_text(page.model.row_of_board(board), BoardsModel.RESULT) == "½ – ½"
    assert page.table.currentIndex().row() == row + 1, "moves on to the next board"


def test_overwriting_a_result_is_a_correction(qtbot, window: MainWindow, sample_copy: Path) -> None:  # type: ignore[no-untyped-def]
    open_round(window, sample_copy)
    page = window.rounds_page
    view = window.round_view
    assert view is not None
    done = next(b for b in view.boards if b.has_result and b.result is not BoardResult.DRAW)
    page.select_row(page.model.row_of_board(done.board))
    prompter = window.prompter
    prompter.answers.append(False)  # type: ignore[attr-defined]
    qtbot.keyClick(page.table, "=")
    title, _message, details = prompter.confirms[-1]  # type: ignore[attr-defined]
    assert f"board {done.board} — Level 2 warning" in title
    assert any(f"{done.result_text} is changed to 1/2" in d for d in details)
    row = page.model.row_of_board(done.board)
    assert page.model.display_text(row, BoardsModel.RESULT) != "½ – ½", "refused: unchanged"
    page.select_row(row)
    qtbot.keyClick(page.table, "=")  # confirmed this time
    assert page.model.display_text(row, BoardsModel.RESULT) == "½ – ½"
    assert window.file is not None
    last = window.file.audit_log()[-1]
    assert last.action == "CorrectResult" and f"(was {done.result_text})" in last.summary
    # The same result again is no change and asks nothing.
    asked = len(prompter.confirms)  # type: ignore[attr-defined]
    page.select_row(row)
    qtbot.keyClick(page.table, "=")
    assert len(prompter.confirms) == asked  # type: ignore[attr-defined]


def test_a_result_changes_one_row_and_keeps_the_standings(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, sample_copy: Path
) -> None:
    """Issue 18 item 10: a result key updates its row only (no model reset of a big round)
    and, while the round is incomplete, the standings are not recomputed; the round's last
    result makes them stale again."""
    open_round(window, sample_copy)
    page = window.rounds_page
    window.show_page(window.PAGE_STANDINGS)
    shown = window.standings_page.model.standings  # type: ignore[attr-defined]
    assert shown is not None and shown.after_round == 5
    window.show_page(window.PAGE_ROUNDS)
    page.table.setFocus()
    resets: list[int] = []
    page.model.modelReset.connect(lambda: resets.append(1))
    view = window.round_view
    assert view is not None
    missing = list(view.missing_results)
    for board in missing[:-1]:
        page.select_row(page.model.row_of_board(board))
        qtbot.keyClick(page.table, "1")
        assert page.model.display_text(page.model.row_of_board(board), BoardsModel.RESULT) == (
            "1 – 0"
        )
    assert resets == []
    assert page.counter.text().startswith(f"{page.model.board_count - 1} of ")
    window.show_page(window.PAGE_STANDINGS)
    assert window.standings_page.model.standings is shown  # type: ignore[attr-defined]
    window.show_page(window.PAGE_ROUNDS)
    page.select_row(page.model.row_of_board(missing[-1]))
    qtbot.keyClick(page.table, "0")
    window.show_page(window.PAGE_STANDINGS)
    now = window.standings_page.model.standings  # type: ignore[attr-defined]
    assert now is not shown and now.after_round == 6
    # What the round view shows is what the file holds.
    assert window.file is not None
    stored = window.file.round_view(6)
    assert [b.result_text for b in stored.boards] == [
        b.result_text for b in (page.model.board_at(r) for r in range(page.model.board_count)) if b
    ]
