"""The window's other actions: dialogs that validate and warn, manual pairing with its
confirmation, unpairing, explanations, exports, errors as dialogs, crash log, geometry."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from swissdesk.cli import build_parser
from swissdesk.gui import manual
from swissdesk.gui.app import CrashHandler
from swissdesk.gui.dialogs import ByeDialog, TournamentDialog, late_entry_consequences
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import BoardsModel
from swissdesk.model.tournament import ScoringSystem
from swissdesk.storage import (
    ActionRefused,
    AddPlayer,
    AppSettings,
    AssignPairingNumbers,
    EditPlayer,
    PlayerData,
    PlayerRow,
    PlayerStatus,
    TournamentFile,
    TournamentSettings,
)


def rows(n: int) -> list[PlayerRow]:
    return [
        PlayerRow(
            i,
            f"P{i:02d}",
            2500 - 10 * i,
            "",
            "",
            "",
            "",
            "",
            (),
            0,
            PlayerStatus.ACTIVE,
            None,
            None,
        )
        for i in range(1, n + 1)
    ]


def test_late_entry_says_which_pairing_numbers_shift() -> None:
    # A 2385 player among 40 rated 2490 down to 2100 lands on no. 12.
    text = late_entry_consequences(
        rows(40), PlayerData("Late, Lara", rating=2385), 3, 4, "0 points"
    )
    assert "pairing number 12" in text
    assert "Pairing numbers 12–40 will shift by one" in text
    assert "Rounds 1–3 missed: 0 points each" in text
    # From round 5 on (four rounds paired) the late entry gets the next number (art. 2.3).
    text = late_entry_consequences(
        rows(40), PlayerData("Late, Lara", rating=2385), 4, 5, "0 points"
    )
    assert "pairing number 41" in text and "shift" not in text


def test_new_tournament_dialog_refuses_bad_settings(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = TournamentDialog(["dutch"])
    qtbot.addWidget(dialog)
    dialog.try_accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert "needs a name" in dialog.errors.text()
    dialog.name.setText("Spring Open")
    dialog.federation.setText("XY1")
    dialog.end.setDate(dialog.start.date().addDays(-1))
    dialog.tiebreaks._add("NOPE")
    problems = " ".join(dialog.problems())
    assert "three-letter" in problems and "end date" in problems and "NOPE" in problems
    dialog.federation.setText("SUI")
    dialog.end.setDate(dialog.start.date().addDays(2))
    dialog.tiebreaks.list.takeItem(dialog.tiebreaks.list.count() - 1)
    dialog.rounds.setValue(7)
    dialog.acceleration.setCurrentIndex(1)
    dialog.try_accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    s = dialog.settings()
    assert (s.name, s.federation, s.total_rounds, s.system) == ("Spring Open", "SUI", 7, "dutch")
    assert s.acceleration.value == "baku"
    assert s.tiebreaks == ("BH/C1", "BH", "SB", "DE")


def test_bye_dialog_shows_what_the_bye_scores(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = ByeDialog(rows(4), 3, 9, ScoringSystem(), selected=2)
    qtbot.addWidget(dialog)
    assert "No. 2 P02 will not be paired in round 3 and scores ½ point" in dialog.note.text()
    dialog.kind.setCurrentIndex(1)
    assert "scores 0 points" in dialog.note.text()


def test_manual_pairing_warns_on_an_absolute_criterion(
    window: MainWindow, sample_copy: Path
) -> None:
    """C.02 VCL Q65-69: a change opens the manual-pairing phase; a rematch is a Level-3
    question listing [C1]; finishing compares with the engine's pairing (Level 4, two
    questions) and marks the round as changed by hand."""
    assert window.open_file(sample_copy)
    view = window._round_view
    assert view is not None and view.round_number == 6
    free = [b for b in view.boards if not b.has_result]
    # A swap of two players on boards without a result, then back.
    a, b = free[0].white_tpn, free[1].white_tpn
    assert window.apply_manual_change(view, "swap", a, b, "wrong board card")
    new = window._round_view
    assert new is not None and new.manual and window.manual_phase is not None
    assert (new.boards[free[0].board - 1].white_tpn, new.boards[free[1].board - 1].white_tpn) == (
        b,
        a,
    )
    assert "Round 6 is being changed by hand" in window.rounds_page.manual_banner.text()
    # Boards with a result cannot change.
    done = next(b for b in view.boards if b.has_result)
    assert not window.apply_manual_change(new, "swap", done.white_tpn, a, "")
    assert "already has a result" in window.prompter.errors[-1][1]
    # A rematch: set a player against an earlier opponent -> Level 3 with [C1].
    with TournamentFile.open(sample_copy) as tf:
        snapshot = tf.snapshot()
    player = new.boards[free[2].board - 1].white_tpn
    earlier = {e.opponent for e in snapshot.player(player).rounds if e.opponent}
    pairable = {t for bv in new.boards if not bv.has_result for t in (bv.white_tpn, bv.black_tpn)}
    rematch = next(iter(sorted(earlier & pairable - {player})))
    window.prompter.answers.append(False)
    assert not window.apply_manual_change(new, "opponents", player, rematch, "test")
    title, _message, details = window.prompter.confirms[-1]
    assert "Level 3 warning" in title and any("[C1]" in d for d in details)
    window.prompter.answers.append(True)
    assert window.apply_manual_change(
        window._round_view, "opponents", player, rematch, "arbiter decision"
    )
    with TournamentFile.open(sample_copy) as tf:
        log = tf.audit_log()
    assert [e.action for e in log[-2:]] == ["ManualPairingChange", "ManualPairingChange"]
    # Finishing: the engine's pairing differs -> Level 4, two questions, then ### MPA.
    asked = len(window.prompter.confirms)
    assert window.rounds.finish_manual_pairing()
    titles = [t for t, _m, _d in window.prompter.confirms[asked:]]
    assert "Level 4 warning" in titles[0] and "second confirmation" in titles[1]
    assert window.manual_phase is None
    final = window._round_view
    assert final is not None and final.changed_by_hand and not final.manual
    assert "pairing changed by hand" in window.rounds_page.notice.text()
    with TournamentFile.open(sample_copy) as tf:
        assert [e.kind for e in tf.integrity_log()] == ["MPA"]


def test_manual_operations_are_swaps() -> None:
    from swissdesk.storage import BoardView, RoundView, UnpairedView

    def board(n: int, w: int, b: int) -> BoardView:
        return BoardView(n, w, f"P{w}", 0, 0, b, f"P{b}", 0, 0, None, "")

    view = RoundView(
        1,
        True,
        (board(1, 1, 2), board(2, 3, 4)),
        UnpairedView(
            5,
            "P5",
            __import__(
                "swissdesk.model.tournament", fromlist=["ResultCode"]
            ).ResultCode.PAIRING_ALLOCATED_BYE,
            2,
        ),
        (),
        False,
        False,
        None,
    )
    pairs, bye = manual.set_opponents(view, 1, 3)
    assert [(p.white, p.black) for p in pairs] == [(1, 3), (2, 4)] and bye == 5
    pairs, bye = manual.give_bye(view, 4)
    assert [(p.white, p.black) for p in pairs] == [(1, 2), (3, 5)] and bye == 4
    with pytest.raises(ActionRefused):
        manual.swap_players(view, 1, 9)


def small(path: Path, n: int = 6) -> Path:
    with TournamentFile.create(path, TournamentSettings(name="Small", total_rounds=3)) as tf:
        for i in range(n):
            tf.execute(AddPlayer(PlayerData(f"Player {i}", rating=2000 - 50 * i)))
        tf.execute(AssignPairingNumbers())
    return path


def test_pair_explain_unpair(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = small(tmp_path / "small.swissdesk")
    assert window.open_file(path)
    with qtbot.waitSignal(window.round_paired, timeout=60_000):
        window.pair_next_round()
    window.explain_round()  # kept from the pairing: shown at once
    title, text = window.prompter.texts[-1]
    assert title == "Explain round 1" and "pairs: 1-4, 2-5, 3-6" in text
    window.explanations.clear()  # a round paired in another session: read from the audit log
    window.explain_round()
    title, text = window.prompter.texts[-1]
    assert title == "Explain round 1" and "pairs: 1-4, 2-5, 3-6" in text
    window.explanations.clear()  # nothing recorded (older file): asked of the engine
    window.pairing._stored_explanation = lambda n: ()  # type: ignore[method-assign]
    with qtbot.waitSignal(window.explanation_ready, timeout=60_000) as blocker:
        window.explain_round()
    assert blocker.args[0] == 1 and "pairs: 1-4, 2-5, 3-6" in blocker.args[1]
    assert window.rounds_page.unpair_button.isEnabled()
    window.unpair_round()
    with TournamentFile.open(path) as tf:
        assert tf.rounds_paired() == 0
    assert window.rounds_page.pair_button.text() == "Pair round 1"
    # Refused: results missing in round 1 means round 2 cannot be paired.
    with qtbot.waitSignal(window.round_paired, timeout=60_000):
        window.pair_next_round()
    assert not window.rounds_page.pair_button.isEnabled()
    assert "lacks results" in window.rounds_page.pair_button.toolTip()
    window.pair_next_round()
    assert "lacks results" in window.prompter.errors[-1][1]


def test_exports_and_print(window: MainWindow, sample_copy: Path, tmp_path: Path) -> None:
    assert window.open_file(sample_copy)
    trf = tmp_path / "out.trf"
    assert window.export_trf_to(trf)
    assert trf.read_text(encoding="utf-8").startswith("012 Riverside Open 2026")
    pdf = tmp_path / "boards.pdf"
    window.prompter.files.append(str(pdf))
    window.export_pdf("boards")
    assert pdf.read_bytes().startswith(b"%PDF")
    assert window.prompter.opened == [pdf]
    standings = window.export_pdf_to("standings", tmp_path / "standings.pdf", None)
    assert standings is not None and standings.stat().st_size > 1000
    # An unwritable place is a message, not a traceback.
    assert window.export_pdf_to("boards", tmp_path / "missing" / "x.pdf", 6) is None
    assert "does not exist" in window.prompter.errors[-1][1]


def test_files_that_cannot_be_opened_give_a_message(window: MainWindow, tmp_path: Path) -> None:
    junk = tmp_path / "junk.swissdesk"
    junk.write_bytes(b"this is not a tournament" * 100)
    assert not window.open_file(junk)
    assert window.prompter.errors and window.file is None
    assert window.stack.currentWidget() is window.welcome
    assert not window.open_file(tmp_path / "nowhere.swissdesk")
    assert len(window.prompter.errors) == 2


def test_sample_and_recent_files(window: MainWindow, tmp_path: Path) -> None:
    window.open_sample()
    assert window.file is not None
    assert window.file.path.parent == tmp_path / "tournaments"
    assert "Riverside Open 2026" in window.windowTitle()
    copied = window.file.path
    window.close_tournament()
    assert window.stack.currentWidget() is window.welcome
    assert window.welcome.recent.count() == 1
    item = window.welcome.recent.item(0)
    window.welcome.recent.itemActivated.emit(item)
    assert window.file is not None and window.file.path == copied


def test_window_geometry_is_remembered(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    first.resize(700, 520)  # fits the 800x600 offscreen screen
    first.show()
    size = (first.width(), first.height())
    first.close()
    second = make_window()
    assert (second.width(), second.height()) == size
    assert size[1] == 520
    ini = QSettings(str(tmp_path / "gui.ini"), QSettings.Format.IniFormat)
    assert ini.value("window/geometry") is not None
    assert AppSettings(tmp_path / "config").recent_files() == []


def test_crash_handler_writes_a_log_and_keeps_the_data(
    window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:
    assert window.open_file(sample_copy)
    handler = CrashHandler(window)
    try:
        raise RuntimeError("boom in a slot")
    except RuntimeError:
        handler(*sys.exc_info())  # type: ignore[arg-type]
    assert handler.last_log is not None and handler.last_log.parent == tmp_path / "logs"
    assert "boom in a slot" in handler.last_log.read_text(encoding="utf-8")
    with TournamentFile.open(sample_copy) as tf:
        assert tf.integrity_ok() and tf.rounds_paired() == 6


def test_gui_command_opens_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    import swissdesk.gui.app as app

    opened: list[str | None] = []
    monkeypatch.setattr(app, "run_app", lambda path=None, language=None: opened.append(path) or 0)
    args = build_parser().parse_args(["gui", "open.swissdesk"])
    assert args.func(args) == 0
    from swissdesk.cli import main

    assert main([]) == 0
    assert opened == ["open.swissdesk", None]


def test_results_view_columns(window: MainWindow, sample_copy: Path) -> None:
    assert window.open_file(sample_copy)
    model = window.rounds_page.model
    header = [
        model.headerData(c, __import__("PySide6.QtCore", fromlist=["Qt"]).Qt.Orientation.Horizontal)
        for c in range(model.columnCount())
    ]
    assert header == ["Bd", "No.", "White", "Rtg", "Pts", "Result", "Pts", "Black", "Rtg", "No."]
    assert model.display_text(model.rowCount() - 1, BoardsModel.BLACK) == "withdrawn"


def test_pairing_falls_back_to_the_worker_thread(
    qtbot,
    make_window,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    """Where no child process can start (e.g. a frozen build), the thread pairs itself."""
    import swissdesk.gui.pairing as pairing

    def no_processes(_method: str) -> None:
        raise RuntimeError("no child processes here")

    monkeypatch.setattr(pairing.multiprocessing, "get_context", no_processes)
    window = make_window()
    assert window.open_file(small(tmp_path / "small.swissdesk"))
    with qtbot.waitSignal(window.round_paired, timeout=60_000):
        window.pair_next_round()
    assert window.rounds_page.model.board_count == 3
    assert window.prompter.errors == []


def test_engine_errors_are_messages(qtbot, make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(use_process=False)
    path = small(tmp_path / "small.swissdesk")
    with TournamentFile.open(path) as tf:
        from dataclasses import replace

        from swissdesk.storage import EditSettings, LeaveFideMode

        # In FIDE mode a system that is not FIDE-approved is refused (Level 5) before any
        # engine is asked: this tournament left it.
        tf.execute(LeaveFideMode(confirmed=4))
        tf.execute(EditSettings(replace(tf.settings(), system="no-such-system")))
    assert window.open_file(path)
    with qtbot.waitSignal(window.pairing_failed, timeout=60_000) as blocker:
        window.pair_next_round()
    assert "unknown pairing system 'no-such-system'" in blocker.args[0]
    assert window.prompter.errors[-1][0] == "Round 1"
    with TournamentFile.open(path) as tf:
        assert tf.rounds_paired() == 0


def test_audit_log_shows_an_entry_in_full(window: MainWindow, sample_copy: Path) -> None:
    assert window.open_file(sample_copy)
    view = window._round_view
    assert view is not None
    free = [b for b in view.boards if not b.has_result]
    assert window.apply_manual_change(
        view, "swap", free[0].black_tpn, free[1].black_tpn, "late arrival"
    )
    window.show_page(window.PAGE_AUDIT)
    page = window.audit_page
    assert page.model.display_text(0, 2) == "Manual pairing"
    page.table.setCurrentIndex(page.model.index(0, 0))
    details = page.details.toPlainText()
    assert "Manual pairing" in details and "late arrival" in details


def test_a_pairing_computed_before_a_change_is_not_stored(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    path = small(tmp_path / "small.swissdesk")
    assert window.open_file(path)
    with qtbot.waitSignal(window.pairing_failed, timeout=60_000) as blocker:
        window.pair_next_round()
        # While the engine works, the arbiter corrects a rating (TPNs unchanged).
        assert window.run_action(EditPlayer(6, PlayerData("Player 5", rating=1799)))
    assert "changed while the engine was pairing" in blocker.args[0]
    with TournamentFile.open(path) as tf:
        assert tf.rounds_paired() == 0


def test_settings_dialog_keeps_what_an_imported_file_declared(qtbot) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.storage import AccelerationKind

    odd = ScoringSystem(win=4, draw=2, loss=1, forfeit_win=4, pairing_allocated_bye=4)
    base = TournamentSettings(
        name="Imported", scoring=odd, acceleration=AccelerationKind.EXPLICIT, system="burstein"
    )
    dialog = TournamentDialog(["dutch"], base, title="Tournament settings")
    qtbot.addWidget(dialog)
    assert dialog.scoring.currentText() == "As in the file: 2 – 1 – ½"
    s = dialog.settings()
    assert (s.scoring, s.acceleration, s.system) == (odd, AccelerationKind.EXPLICIT, "burstein")


def test_a_damaged_file_is_a_message_and_a_copy(window: MainWindow, sample_copy: Path) -> None:
    data = bytearray(sample_copy.read_bytes())
    data[8192:40960] = b"Z" * (40960 - 8192)
    sample_copy.write_bytes(bytes(data))
    assert not window.open_file(sample_copy)
    _title, message = window.prompter.errors[-1]
    assert "damaged" in message and message.count(".corrupt-") == 1
    assert window.stack.currentWidget() is window.welcome


def test_a_full_disk_loses_nothing(
    qtbot,
    window: MainWindow,
    sample_copy: Path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    from swissdesk.storage import DiskFullError

    assert window.open_file(sample_copy)
    page = window.rounds_page
    before = page.counter.text()
    assert window.file is not None

    def full(_action: object) -> None:
        raise DiskFullError("the disk is full: the result was not saved")

    monkeypatch.setattr(window.file, "execute", full)
    page.table.setFocus()
    row = page.table.currentIndex().row()
    qtbot.keyClick(page.table, "1")
    assert window.prompter.errors[-1][1] == "the disk is full: the result was not saved"
    assert page.counter.text() == before
    assert page.table.currentIndex().row() == row, "the cursor stays on the board not saved"
    monkeypatch.undo()
    qtbot.keyClick(page.table, "1")
    assert page.counter.text() != before


def test_settings_dialog_enters_round_dates_and_deputies(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 18, item 3: the round schedule (TRF 132) and deputy arbiters (112)."""
    base = TournamentSettings(
        name="Open", start_date="2026/11/20", end_date="2026/11/24", total_rounds=5,
        round_dates=("2026/11/20", "", "2026/11/22"), deputy_arbiters=("A", "B"),
    )  # fmt: skip
    dialog = TournamentDialog(["dutch"], base, title="Tournament settings")
    qtbot.addWidget(dialog)
    assert dialog.round_dates.text() == "2026/11/20 - 2026/11/22"
    assert dialog.deputies.text() == "A; B"
    dialog.round_dates.setText("2026/11/20 2026-11-21 31/12/99 2026/12/25")
    problems = " ".join(dialog.problems())
    assert "'31/12/99' is not a date" in problems and "outside the tournament" in problems
    dialog.round_dates.setText("2026/11/20, 2026-11-21 - 2026/11/23")
    dialog.deputies.setText("Deputy, Dora; Second, Sam")
    assert dialog.problems() == []
    s = dialog.settings()
    assert s.round_dates == ("2026/11/20", "2026/11/21", "", "2026/11/23")
    assert s.deputy_arbiters == ("Deputy, Dora", "Second, Sam")


def test_settings_dialog_takes_the_time_control_code_and_shows_the_rating_type(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = TournamentDialog(["dutch"], TournamentSettings(name="Open"), title="Tournament settings")
    qtbot.addWidget(dialog)
    dialog.time_code.setText("180+2")
    assert dialog.rating_type.text().startswith("blitz")
    dialog.time_code.setText("90 min")
    assert any("time control code" in p for p in dialog.problems())
    dialog.time_code.setText("5400+30")
    assert dialog.rating_type.text().startswith("standard")
    assert dialog.settings().time_control_code == "5400+30"
