"""A scripted tournament day through the window, as the arbiter does it: create, register
nine players, pair round 1 (in the pairing worker), type the results, pair round 2,
withdraw a player, admit a late entry, pair round 3, read the standings."""

from __future__ import annotations

from pathlib import Path

from gui_support import column_texts
from PySide6.QtCore import Qt

from swissdesk.gui.dialogs import LateEntryDialog, PlayerDialog, TournamentDialog, WithdrawDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import BoardsModel, PlayersModel
from swissdesk.storage import BoardResult, TournamentFile

PLAYERS = [
    ("Wróbel, Łukasz", "2450", 1),  # (name, rating, title index: 1 = GM)
    ("Иванов, Дмитрий", "2380", 2),
    ("Παπαδόπουλος, Νίκος", "2310", 0),
    ("Nguyễn, Văn An", "2290", 0),
    ("Schneider, Jonas", "2205", 0),
    ("Rossi, Marco", "2150", 0),
    ("Dubois, Camille", "2100", 0),
    ("Haddad, Karim", "2010", 0),
    ("Brown, Oliver", "", 0),
]
KEYS = ["1", "0", "=", "5", "+", "-"]
SHOWN = {
    "1": "1 – 0",
    "0": "0 – 1",
    "=": "½ – ½",
    "5": "½ – ½",
    "+": "+ – −",
    "-": "− – +",
}


def fill_tournament(dialog: TournamentDialog) -> bool:
    dialog.name.setText("Test Day Open")
    dialog.city.setText("Riverside")
    dialog.arbiter.setText("IA Test Arbiter")
    dialog.rounds.setValue(5)
    return True


def player_filler(name: str, rating: str, title: int):  # type: ignore[no-untyped-def]
    def fill(dialog: PlayerDialog) -> bool:
        dialog.player.name.setText(name)
        dialog.player.rating.setText(rating)
        dialog.player.title.setCurrentIndex(title)
        dialog.player.federation.setText("eng")
        return True

    return fill


def pair(qtbot, window: MainWindow, round_number: int) -> None:  # type: ignore[no-untyped-def]
    assert window.rounds_page.pair_button.isEnabled()
    assert window.rounds_page.pair_button.text() == f"Pair round {round_number}"
    with qtbot.waitSignal(window.round_paired, timeout=60_000) as blocker:
        window.pair_next_round()
        assert window.rounds_page.cancel_button.isVisibleTo(window)
        assert window.rounds_page.busy_label.text() == f"Pairing round {round_number}… 0 s"
    assert blocker.args == [round_number]
    assert window.rounds_page.busy_label.text() == ""
    assert window.rounds_page.current_round() == round_number
    assert not window.rounds_page.cancel_button.isVisibleTo(window)


def type_results(qtbot, window: MainWindow, start: int = 0) -> list[str]:  # type: ignore[no-untyped-def]
    """Type one result key per board, starting on the selected board; returns the keys."""
    page = window.rounds_page
    model = page.model
    boards = model.board_count
    assert page.counter.text() == f"0 of {boards} results entered"
    page.table.setFocus()
    typed = []
    for i in range(boards):
        assert page.table.currentIndex().row() == i, "the cursor moves to the next board"
        key = KEYS[(start + i) % len(KEYS)]
        qtbot.keyClick(page.table, key)
        typed.append(key)
        assert page.counter.text() == f"{i + 1} of {boards} results entered"
    return typed


def test_a_tournament_day(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    prompter = window.prompter
    path = tmp_path / "day.swissdesk"

    # New tournament through the dialog.
    prompter.dialogs.append(fill_tournament)
    prompter.files.append(str(path))
    window.new_tournament()
    assert path.is_file()
    assert "Test Day Open" in window.windowTitle() and "day.swissdesk" in window.windowTitle()
    assert window.saved_label.text().startswith("Saved")

    # Nine players at the door (not in rating order).
    for name, rating, title in PLAYERS[::-1]:
        prompter.dialogs.append(player_filler(name, rating, title))
        window.add_player()
    players = window.players_page.model
    assert players.rowCount() == 9
    assert column_texts(players, PlayersModel.FED) == ["ENG"] * 9
    assert column_texts(players, PlayersModel.NAME)[0] == "Brown, Oliver"

    # Round 1: the window offers to sort the pairing numbers first (C.04.2 art. 2.2).
    assert not window.rounds_page.unpair_button.isEnabled()
    pair(qtbot, window, 1)
    assert any("Sort them" in message for _t, message, _d in prompter.confirms)
    window.show_page(window.PAGE_PLAYERS)
    assert column_texts(players, PlayersModel.NAME)[0] == "Wróbel, Łukasz"
    window.show_page(window.PAGE_ROUNDS)
    boards = window.rounds_page.model
    assert boards.board_count == 4
    assert column_texts(boards, BoardsModel.BLACK)[4] == "bye (PAB)"
    assert window.rounds_page.unpair_button.isEnabled()
    assert not window.rounds_page.pair_button.isEnabled()

    typed = type_results(qtbot, window)
    assert column_texts(boards, BoardsModel.RESULT)[:4] == [SHOWN[k] for k in typed]
    assert window.rounds_page.pair_button.isEnabled()
    assert not window.rounds_page.unpair_button.isEnabled()
    assert prompter.errors == []

    # A result is corrected on the spot: select board 1 again and type a draw.
    window.rounds_page.select_row(0)
    qtbot.keyClick(window.rounds_page.table, "=")
    assert boards.display_text(0, BoardsModel.RESULT) == "½ – ½"

    pair(qtbot, window, 2)
    typed = type_results(qtbot, window, start=4)  # the forfeits: + and -
    assert column_texts(boards, BoardsModel.RESULT)[:2] == ["+ – −", "− – +"]
    with TournamentFile.open(path) as tf:
        codes = {e.result.value for p in tf.snapshot().players for e in p.rounds[1:2]}
    assert {"+", "-"} <= codes

    # A withdrawal from round 3 and a late entry from round 3.
    withdrawn_name = "Haddad, Karim"

    def withdraw(dialog: WithdrawDialog) -> bool:
        dialog.player.setCurrentIndex(
            dialog.player.findText(withdrawn_name, Qt.MatchFlag.MatchContains)
        )
        assert dialog.round.value() == 3
        assert "will not be paired from round 3" in dialog.note.text()
        return True

    prompter.dialogs.append(withdraw)
    window.withdraw()
    notes: list[str] = []

    def late(dialog: LateEntryDialog) -> bool:
        dialog.player.name.setText("Kowalczyk, Agnieszka")
        dialog.player.rating.setText("2300")
        dialog.player.federation.setText("POL")
        notes.append(dialog.note.text())
        return True

    prompter.dialogs.append(late)
    window.late_entry()
    assert prompter.errors == []
    # Rated 2300, she comes after the 2310 player (no. 3): numbers 4-9 shift by one.
    assert "pairing number 4" in notes[0]
    assert "Pairing numbers 4–9 will shift by one" in notes[0]
    window.show_page(window.PAGE_PLAYERS)
    assert players.rowCount() == 10
    status = dict(
        zip(
            column_texts(players, PlayersModel.NAME),
            column_texts(players, PlayersModel.STATUS),
            strict=True,
        )
    )
    assert status[withdrawn_name] == "withdrawn from round 3"
    assert status["Kowalczyk, Agnieszka"] == "late entry, plays from round 3"
    assert column_texts(players, PlayersModel.NAME)[3] == "Kowalczyk, Agnieszka"

    pair(qtbot, window, 3)
    names = column_texts(boards, BoardsModel.WHITE) + column_texts(boards, BoardsModel.BLACK)
    assert "Kowalczyk, Agnieszka" in names
    assert (
        withdrawn_name
        not in names[: boards.board_count] + names[boards.rowCount() :][: boards.board_count]
    )
    assert boards.board_count == 4
    type_results(qtbot, window)

    # Standings after round 3.
    window.show_page(window.PAGE_STANDINGS)
    standings = window.standings_page.model
    assert window.standings_page.selected_round() == 3
    assert standings.rowCount() == 10
    header = [
        standings.headerData(c, Qt.Orientation.Horizontal) for c in range(standings.columnCount())
    ]
    assert header[:5] == ["Rk", "No.", "Name", "Rtg", "Pts"]
    assert header[5:] == ["BH/C1", "BH", "SB", "DE", "Rtg ±", "Norm"]  # issue 37: what
    # every player takes home, the figures of swissdesk.elo / swissdesk.norms
    with TournamentFile.open(path) as tf:
        expected = {
            # the player who withdrew is marked (C.02 VCL Q170)
            p.name + (" (withdrawn)" if p.withdrawn_from_round is not None else ""): p.score
            for p in tf.players()
        }
    from swissdesk.gui.models import points

    shown = dict(zip(column_texts(standings, 2), column_texts(standings, 4), strict=True))
    assert shown == {name: points(score) for name, score in expected.items()}
    assert "Haddad, Karim (withdrawn)" in shown
    pts = [expected[n] for n in column_texts(standings, 2)]
    assert pts == sorted(pts, reverse=True)
    assert column_texts(standings, 0)[0].startswith("1")

    # Cross table and audit log show the day.
    window.show_page(window.PAGE_CROSS)
    assert window.cross_page.model.columnCount() == 4 + 3 + 1
    window.show_page(window.PAGE_AUDIT)
    actions = column_texts(window.audit_page.model, 2)
    assert actions.count("Round paired") == 3
    assert "Withdrawal" in actions and "Late entry" in actions
    assert actions.count("Result") >= 12
    assert prompter.errors == []


def test_results_of_the_wrong_kind_are_refused_without_losing_anything(
    qtbot,
    window: MainWindow,
    sample_copy: Path,  # type: ignore[no-untyped-def]
) -> None:
    """Round 6 of the sample is in progress: typed keys go to the selected board; an
    earlier round asks before correcting, and the correction is in the audit log."""
    assert window.open_file(sample_copy)
    page = window.rounds_page
    assert page.current_round() == 6
    before = page.counter.text()
    entered, total = int(before.split()[0]), int(before.split()[2])
    page.table.setFocus()
    row = page.table.currentIndex().row()
    assert page.model.board_at(row) is not None and not page.model.board_at(row).has_result
    qtbot.keyClick(page.table, "1")
    assert page.counter.text() == f"{entered + 1} of {total} results entered"
    qtbot.keyClick(page.table, Qt.Key.Key_Up)
    qtbot.keyClick(page.table, Qt.Key.Key_Delete)
    assert page.counter.text() == before

    # Round 2, board 1: in FIDE mode only the previous round can be corrected (C.02 VCL
    # Q189-191): refused with the reason, nothing changed.
    page.tabs.setCurrentIndex(1)
    assert page.model.view is not None and page.model.view.round_number == 2
    page.select_row(0)
    old = page.model.display_text(0, BoardsModel.RESULT)
    key = "0" if old != "0 – 1" else "1"
    qtbot.keyClick(page.table, key)
    assert page.model.display_text(0, BoardsModel.RESULT) == old
    assert "not allowed in FIDE mode" in window.prompter.errors[-1][1]

    # Round 5, board 1: correcting asks first; "no" changes nothing.
    page.tabs.setCurrentIndex(4)
    assert page.model.view is not None and page.model.view.round_number == 5
    page.select_row(0)
    old = page.model.display_text(0, BoardsModel.RESULT)
    key = "0" if old != "0 – 1" else "1"
    window.prompter.answers.append(False)
    qtbot.keyClick(page.table, key)
    assert page.model.display_text(0, BoardsModel.RESULT) == old
    window.prompter.answers.append(True)
    page.select_row(0)
    qtbot.keyClick(page.table, key)
    assert page.model.display_text(0, BoardsModel.RESULT) == SHOWN[key]
    with TournamentFile.open(sample_copy) as tf:
        last = tf.audit_log()[-1]
    assert last.action == "CorrectResult" and "round 5" in last.summary
    corrected = BoardResult.BLACK_WINS if key == "0" else BoardResult.WHITE_WINS
    assert corrected.value in last.summary
