"""An event day with three sections through the window (issue 33): an A open, a B open under
1800 and a junior section under 14, in one file. The arbiter adds the sections, registers
everyone at one desk (the section chosen in the dialog, the section's rules and the same
person in two sections warned before OK), moves a player who entered the wrong section,
ticks the players in on the "All sections" page, pairs each section (the players not
checked in set absent when asked), types results, switches sections with F6, undoes an
action of another section, reads the event's audit log with each action's section, and
prints each section's board list and the hall's combined list."""

from __future__ import annotations

from pathlib import Path

from gui_support import column_texts
from pypdf import PdfReader
from PySide6.QtCore import QDate, Qt
from pytestqt.qtbot import QtBot

from swissdesk.gui.controllers.sections import SectionChoiceDialog
from swissdesk.gui.desk import EventPlayersModel
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.player_dialogs import DeskPlayerDialog
from swissdesk.gui.team_pages import TeamTournamentDialog
from swissdesk.storage import AddPlayer, PlayerData, TournamentFile, TournamentSettings

OPEN_A = [
    ("Adler, Anton", 2310, "GER", "4600001"),
    ("Berger, Bea", 2250, "AUT", "4600002"),
    ("Conti, Carla", 2190, "ITA", "4600003"),
    ("Dubois, Dan", 2120, "FRA", "4600004"),
    ("Eriksen, Eva", 2060, "NOR", "4600005"),
    ("Fischer, Felix", 1990, "GER", "4600006"),
]
OPEN_B = [
    ("Gruber, Gina", 1760, "AUT", ""),
    ("Huber, Hans", 1700, "SUI", ""),
    ("Iten, Iris", 1650, "SUI", ""),
    ("Jost, Jan", 1600, "SUI", ""),
]
JUNIOR = [
    ("Keller, Kim", 1400, "SUI", "2013/05/01"),
    ("Lang, Lea", 1300, "SUI", "2014/02/02"),
    ("Meier, Max", 1250, "SUI", "2015/03/03"),
]


def section_filler(name: str, rounds: int, **rules: int):  # type: ignore[no-untyped-def]
    def fill(dialog: TeamTournamentDialog) -> bool:
        assert dialog.windowTitle() == "Add section"
        dialog.name.setText(name)
        dialog.start.setDate(QDate(2026, 6, 6))  # the same weekend as the A open
        dialog.end.setDate(QDate(2026, 6, 7))
        dialog.rounds.setValue(rounds)
        dialog.system.setCurrentIndex(dialog.system.findData("dutch"))
        for field, value in rules.items():
            getattr(dialog.rules, field).setValue(value)
        return True

    return fill


def desk_filler(section: str, name: str, rating: int, notes: list[str] | None = None, **extra: str):  # type: ignore[no-untyped-def]
    """Fill the desk's Add player dialog; ``notes`` receives the warnings shown before OK."""

    def fill(dialog: DeskPlayerDialog) -> bool:
        index = next(
            i
            for i in range(dialog.section.count())
            if dialog.section.itemText(i).startswith(section)
        )
        dialog.section.setCurrentIndex(index)
        dialog.player.name.setText(name)
        dialog.player.rating.setText(str(rating))
        for field, value in extra.items():
            getattr(dialog.player, field).setText(value)
        dialog.update_notes()
        if notes is not None:
            notes.append(dialog.notes.text() if dialog.notes.isVisibleTo(dialog) else "")
        return True

    return fill


def pair(qtbot: QtBot, window: MainWindow, round_number: int) -> None:
    with qtbot.waitSignal(window.round_paired, timeout=60_000) as blocker:
        window.pair_next_round()
    assert blocker.args == [round_number]


def test_an_event_day_with_three_sections(  # type: ignore[no-untyped-def]
    qtbot: QtBot, window: MainWindow, tmp_path: Path, qtmodeltester
) -> None:
    prompter = window.prompter
    path = tmp_path / "bern.swissdesk"
    settings = TournamentSettings(
        name="Bern Open A", total_rounds=5, start_date="2026/06/06", end_date="2026/06/07"
    )
    assert window.files.create_tournament(path, settings)
    assert not window.event_sections.bar.isVisibleTo(window)  # one tournament: no bar

    # -- the sections --------------------------------------------------------------------
    prompter.dialogs.append(section_filler("Bern Open B", 5, rating_below=1800))
    window.menu_actions["add_section"].trigger()
    prompter.dialogs.append(section_filler("Bern Junior U14", 4, age_under=14))
    window.menu_actions["add_section"].trigger()
    names = [s.name for s in window.sections]
    assert names == ["Bern Open A", "Bern Open B", "Bern Junior U14"]
    assert window.event_sections.bar.isVisibleTo(window)
    assert window.tournament_settings is not None
    assert window.tournament_settings.name == "Bern Junior U14"  # shown once added
    assert window.event_name == "Bern"
    assert window.tabs.tabText(window.PAGE_DESK) == "All sections"

    # F6 goes round the sections, Shift+F6 back; the bar shows which one is open.
    assert window.menu_actions["next_section"].shortcut().toString() == "F6"
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F6)
    assert window.tournament_settings.name == "Bern Open A"
    qtbot.keyClick(window, Qt.Key.Key_F6, Qt.KeyboardModifier.ShiftModifier)
    assert window.tournament_settings.name == "Bern Junior U14"
    window.menu_actions["next_section"].trigger()
    assert window.event_sections.combo.currentText().startswith("Bern Open A")

    # -- one desk ------------------------------------------------------------------------
    for name, rating, fed, fide in OPEN_A[:4]:
        prompter.dialogs.append(
            desk_filler("Bern Open A", name, rating, federation=fed, fide_id=fide)
        )
        window.add_player()
    notes: list[str] = []
    # The B open is for players under 1800: the desk says so before OK.
    prompter.dialogs.append(desk_filler("Bern Open B", "Novak, Nina", 1850, notes))
    window.add_player()
    assert "Novak, Nina is rated 1850: Bern Open B is for players rated under 1800" in notes[-1]
    assert window.tournament_settings.name == "Bern Open A"  # registered there, still here
    # The junior: too old for U14.
    prompter.dialogs.append(
        desk_filler("Bern Junior U14", "Old, Otto", 1200, notes, birth="2010/01/01")
    )
    window.add_player()
    assert "Bern Junior U14 is for players under 14" in notes[-1]
    # The same person in the junior section on the same days: warned.
    prompter.dialogs.append(
        desk_filler("Bern Junior U14", "Adler, Anton", 2310, notes, fide_id="4600001")
    )
    window.add_player()
    assert "also plays Bern Open A (no. 1, same FIDE ID)" in notes[-1]
    tf = window.file
    assert tf is not None
    # The rest of the field, quickly (the same action the dialog runs).
    for name, rating, fed, fide in OPEN_A[4:]:
        window.run_action(AddPlayer(PlayerData(name, rating, federation=fed, fide_id=fide)))
    b = next(s.id for s in window.sections if s.name == "Bern Open B")
    j = next(s.id for s in window.sections if s.name == "Bern Junior U14")
    for name, rating, fed, _ in OPEN_B:
        window.run_action(AddPlayer(PlayerData(name, rating, federation=fed)), section=b)
    for name, rating, fed, born in JUNIOR:
        window.run_action(
            AddPlayer(PlayerData(name, rating, federation=fed, birth_date=born)), section=j
        )

    # Novak belongs in the A open: moved before B's round 1, the audit says so.
    window.switch_section(b)
    window.show_page(window.PAGE_PLAYERS)
    novak = next(p.tpn for p in window.player_rows if p.name == "Novak, Nina")
    window.players_page.select_tpn(novak)

    def to_open_a(dialog: SectionChoiceDialog) -> bool:
        dialog.choice.setCurrentIndex(dialog.choice.findData(tf.section_id))
        return True

    prompter.dialogs.append(to_open_a)
    window.menu_actions["move_to_section"].trigger()
    assert "Novak, Nina" not in [p.name for p in window.player_rows]
    last = window.file.audit_log()[-1]  # type: ignore[union-attr]
    assert (last.action, last.section) == ("MovePlayer", "Bern Open B")
    assert "moved from Bern Open B to Bern Open A" in last.summary

    # -- check-in on the "All sections" page ----------------------------------------------
    window.show_page(window.PAGE_DESK)
    desk = window.desk_page
    qtmodeltester.check(desk.model)
    sections_shown = column_texts(desk.model, EventPlayersModel.SECTION)
    assert sections_shown.count("Bern Open A") == 7
    assert sections_shown.count("Bern Open B") == 4
    assert sections_shown.count("Bern Junior U14") == 5
    # Everyone but Fischer (A) and Jost (B) ticks in: search, select, Space.
    for name in [n for n, *_ in OPEN_A + OPEN_B if n not in ("Fischer, Felix", "Jost, Jan")] + [
        "Novak, Nina"
    ]:
        desk.search.setText(name)
        qtbot.keyClick(desk.search, Qt.Key.Key_Return)  # to the first player found
        qtbot.keyClick(desk.table, Qt.Key.Key_Space)
    desk.search.clear()
    assert prompter.errors == []
    assert "9 checked in" in desk.count.text()
    checked = {r.player.name for r in desk.model.players() if r.player.checked_in}
    assert "Fischer, Felix" not in checked and "Novak, Nina" in checked

    # -- pairing each section --------------------------------------------------------------
    window.switch_section(tf.section_id)  # Bern Open A
    prompter.answers.append(True)  # set Fischer absent for round 1
    pair(qtbot, window, 1)
    title, message, details = prompter.confirms[-1]
    assert "Set them absent for this round" in message
    assert title == "Players not checked in" and details == ("no. 6 Fischer, Felix",)
    view = window.round_view
    assert view is not None and len(view.boards) == 3
    assert [u.name for u in view.unpaired] == ["Fischer, Felix"]
    for row in range(3):
        window.rounds_page.select_row(row)
        qtbot.keyClick(window.rounds_page.table, Qt.Key.Key_1)
    assert all(b.has_result for b in window.round_view.boards)  # type: ignore[union-attr]

    qtbot.keyClick(window, Qt.Key.Key_F6)  # Bern Open B
    assert window.tournament_settings.name == "Bern Open B"
    prompter.answers.append(False)  # Jost: paired anyway
    pair(qtbot, window, 1)
    assert len(window.round_view.boards) == 2  # type: ignore[union-attr]
    window.rounds_page.select_row(0)
    qtbot.keyClick(window.rounds_page.table, Qt.Key.Key_Equal)

    window.switch_section(j)  # the junior section: check-in not used there
    pair(qtbot, window, 1)
    confirms = len(prompter.confirms)
    window.rounds_page.select_row(0)
    qtbot.keyClick(window.rounds_page.table, Qt.Key.Key_0)

    # -- undo goes back through the event -----------------------------------------------------
    window.switch_section(b)
    prompter.answers.append(True)
    window.audit.undo()  # from B: the last action was the junior's result
    assert "in the section Bern Junior U14" in prompter.confirms[confirms][1]
    assert window.statusBar().currentMessage().startswith("Undone in Bern Junior U14")
    with TournamentFile.open(path, section="Bern Junior U14") as junior:
        assert not junior.round_view(1).boards[0].has_result
    assert window.tournament_settings.name == "Bern Open B"  # still B

    window.show_page(window.PAGE_AUDIT)
    audit = window.audit_page
    assert not audit.table.isColumnHidden(audit.model.SECTION)
    sections_logged = column_texts(audit.model, audit.model.SECTION)
    assert {"Bern Open A", "Bern Open B", "Bern Junior U14", "(event)"} <= set(sections_logged)

    # -- every report per section, and the hall's list ------------------------------------------
    pdf = window.export_pdf_to("boards", tmp_path / "b.pdf", 1)
    assert pdf is not None
    text = PdfReader(pdf).pages[0].extract_text()
    assert "Bern Open B" in text and "Gruber, Gina" in text and "Adler" not in text
    hall = window.export_pdf_to("hall-boards:continuous", tmp_path / "hall.pdf", None)
    assert hall is not None
    layout = "\n".join(p.extract_text(extraction_mode="layout") for p in PdfReader(hall).pages)
    a, b_, jr = (
        layout.index(f"{n} – Round 1") for n in ("Bern Open A", "Bern Open B", "Bern Junior U14")
    )
    assert a < b_ < jr
    junior_rows = [
        line.split()[0] for line in layout[jr:].splitlines()[3:] if line.strip()[:1].isdigit()
    ]
    assert junior_rows[:2] == ["6", "7"]  # A has 3 boards, B 2: the junior's start at 6
    fischer = next(line for line in layout.splitlines() if "Fischer, Felix" in line)
    assert "absent" in fischer and "withdrawn" not in fischer  # absent once, not withdrawn

    # Each section's players page shows its own players only.
    window.show_page(window.PAGE_PLAYERS)
    shown = column_texts(window.players_page.model, 2)
    assert sorted(shown) == sorted(n for n, *_ in OPEN_B)
