"""Round > Correct for the rating report… (C.02 VCL Q192-193; issue 29): the selected
board's result for the rating changes only, from the round view or its context menu, with
the Level-2 question; the pairings and standings keep the result entered."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog

from swissdesk.elo import rating_changes
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.player_dialogs import RatingCorrectionDialog
from swissdesk.storage import (
    BoardResult,
    EnterResult,
    PlayerData,
    TournamentFile,
    TournamentSettings,
)


def played(path: Path) -> Path:
    """Three rounds played (every board 1-0), round 4 paired."""
    settings = TournamentSettings(name="Ratings", total_rounds=5)
    people = [PlayerData(f"Player {i}", rating=2200 - 50 * i) for i in range(8)]
    with TournamentFile.create(path, settings, players=people) as tf:
        for _ in range(3):
            pairing, _ = tf.pair_next_round()
            for board in range(1, len(pairing.pairs) + 1):
                tf.execute(EnterResult(pairing.round_number, board, BoardResult.WHITE_WINS))
        tf.pair_next_round()
    return path


def test_q192_the_round_view_corrects_a_board_for_the_rating_report(
    window: MainWindow, tmp_path: Path
) -> None:
    assert window.open_file(played(tmp_path / "r.swissdesk"))
    table = window.rounds_page.table
    assert window.menu_actions["rating_correction"] in table.actions()  # the context menu
    window.show_page(window.PAGE_ROUNDS)
    window.rounds.show_round(1)
    window.rounds_page.select_row(1)
    assert window.file is not None
    board = window.file.round_view(1).boards[1]
    seen: list[str] = []

    def black_won(dialog: QDialog) -> bool:
        assert isinstance(dialog, RatingCorrectionDialog)
        seen.append(dialog.rating_result.currentText())
        dialog.rating_result.setCurrentIndex(dialog.rating_result.findData("0-1"))
        dialog.reason.setText("scoresheets")
        return True

    prompter = window.prompter
    prompter.dialogs.append(black_won)  # type: ignore[attr-defined]
    window.rounds.rating_correction()
    assert seen == ["1 – 0 (as entered)"]
    title, _message, facts = prompter.confirms[-1]  # type: ignore[attr-defined]
    assert "Level 2 warning" in title
    assert facts == (
        f"round 1, board {board.board} ({board.white_tpn}-{board.black_tpn}): the rating "
        "report counts 0-1; the pairings and standings keep 1-0 (C.02 Q192)",
    )
    (c,) = window.file.rating_corrections()
    assert (c.round_number, c.board, c.result, c.entered, c.reason) == (
        1, board.board, "0-1", "1-0", "scoresheets"
    )  # fmt: skip
    assert window.file.round_view(1).boards[1].result is BoardResult.WHITE_WINS
    games = rating_changes(window.file.snapshot()).by_tpn()[board.white_tpn].games
    assert next(g for g in games if g.round == 1).score == 0

    # The dialog again: the correction preselected; choosing the result entered lifts it.
    def lift(dialog: QDialog) -> bool:
        assert isinstance(dialog, RatingCorrectionDialog)
        assert "Corrected now: 0-1" in dialog.note.text()
        seen.append(dialog.rating_result.currentData())
        dialog.rating_result.setCurrentIndex(dialog.rating_result.findData("1-0"))
        return True

    prompter.dialogs.append(lift)  # type: ignore[attr-defined]
    window.rounds.show_round(1)
    window.rounds_page.select_row(1)
    window.rounds.rating_correction()
    assert seen[-1] == "0-1"
    assert window.file.rating_corrections() == []


def test_q192_a_board_without_a_result_is_said_in_words(
    window: MainWindow, tmp_path: Path
) -> None:
    assert window.open_file(played(tmp_path / "r.swissdesk"))
    window.show_page(window.PAGE_ROUNDS)
    window.rounds.show_round(4)
    window.rounds_page.select_row(0)
    window.rounds.rating_correction()
    title, message = window.prompter.infos[-1]  # type: ignore[attr-defined]
    assert title == "Correct for the rating report" and "has no result yet" in message
