"""The arbiter's second day (issue 27): what a new user still tripped over in the window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from swissdesk.gui.mainwindow import MainWindow


def _baku_trf(path: Path) -> Path:
    lines = ["012 Baku by code", "XXR 5"]
    for n in range(1, 11):
        name = f"Player{n:04d}, Test"
        lines.append(f"001 {n:>4}      {name:33} {2500 - 10 * n:>4} {'':3} {'':>11} {'':10}  0.0")
    lines.append("192 FIDE_DUTCH_2025_BAKU")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_import_says_in_the_window_which_system_and_acceleration_it_read(
    window: MainWindow, tmp_path: Path
) -> None:
    """Item 12: a record 192 code is understood, and the window says how."""
    source = _baku_trf(tmp_path / "baku.trf")
    assert window.files.import_trf_from(source, tmp_path / "baku.swissdesk")
    title, text = window.prompter.infos[-1]  # type: ignore[attr-defined]
    assert title == "Imported"
    assert "10 players, 0 rounds paired" in text
    assert "Pairing system: Dutch (C.04.3), as record 192 FIDE_DUTCH_2025_BAKU names it." in text
    assert "Acceleration: Baku (C.04.7 art. 1), as record 192 asks: group A = pairing " in text
    assert "Baku" in window.statusBar().currentMessage()


HAND = Path(__file__).resolve().parents[1] / "trf" / "team_hand.trf"


def _team_window(window: MainWindow, tmp_path: Path) -> MainWindow:
    from swissdesk.cli import main

    path = tmp_path / "cup.swissdesk"
    assert main(["import", str(HAND), "-o", str(path), "--yes-i-know", "3"]) == 0
    assert window.open_file(path)
    return window


def test_team_event_shortcuts_reach_the_team_pages_never_hidden_ones(
    window: MainWindow, tmp_path: Path
) -> None:
    """Item 6: Ctrl+3/Ctrl+4 opened the hidden individual standings in a team event; the
    team pages had no shortcut."""
    from PySide6.QtGui import QKeySequence

    _team_window(window, tmp_path)
    actions = window.menu_actions
    for index in (window.PAGE_STANDINGS, window.PAGE_CROSS):
        assert not actions[f"page_{index}"].isEnabled()
        assert not actions[f"page_{index}"].isVisible()
    window.show_page(window.PAGE_ROUNDS)
    window.show_page(window.PAGE_STANDINGS)  # a hidden page is never shown
    assert window.tabs.currentIndex() == window.PAGE_ROUNDS
    for index, key in ((5, "Ctrl+6"), (6, "Ctrl+7"), (7, "Ctrl+8")):
        action = actions[f"page_{index}"]
        assert action.isEnabled() and action.shortcut() == QKeySequence(key)
        action.trigger()
        assert window.tabs.currentIndex() == index
        assert window.tabs.tabBar().currentIndex() == index  # its tab is highlighted


def test_individual_event_hides_the_team_page_shortcuts(
    window: MainWindow, sample_copy: Path
) -> None:
    assert window.open_file(sample_copy)
    for index in window.TEAM_PAGES:
        assert not window.menu_actions[f"page_{index}"].isEnabled()
    window.menu_actions["page_2"].trigger()
    assert window.tabs.currentIndex() == window.PAGE_STANDINGS


def test_a_result_key_on_a_team_match_is_refused_at_once_and_opens_the_match(
    window: MainWindow, tmp_path: Path
) -> None:
    """Item 6: typing 0 on a match row first asked "change 1-0 to 0-1?", then refused
    naming a command-line command."""
    from swissdesk.storage import BoardResult

    _team_window(window, tmp_path)
    window.show_page(window.PAGE_ROUNDS)
    window.rounds.show_round(2)
    page = window.rounds_page
    row = 1
    match = page.model.board_at(row).board
    before = window.file.audit_log()[-1].id  # type: ignore[union-attr]
    window.rounds.result_typed(row, BoardResult.BLACK_WINS)
    prompter = window.prompter
    assert prompter.confirms == []  # type: ignore[attr-defined]
    title, text = prompter.infos[-1]  # type: ignore[attr-defined]
    assert title == "Team match" and "Matches page" in text and "swissdesk" not in text
    assert window.file.audit_log()[-1].id == before  # type: ignore[union-attr]
    assert window.tabs.currentIndex() == window.PAGE_MATCHES
    assert window.matches_page.round.value() == 2
    current = window.matches_page.current_match()
    assert current is not None and current.number == match


def test_team_documents_are_printable_from_the_window(window: MainWindow, tmp_path: Path) -> None:
    """Item 2: the team cross table and board results (and every other team document)
    from the Teams menu, the Team standings page and File > Export PDF."""
    from pypdf import PdfReader

    _team_window(window, tmp_path)
    prompter = window.prompter
    expected = {
        "team-pairings": "Team pairings",
        "team-sheets": "Match sheets",
        "team-standings": "Team standings",
        "team-crosstable": "Team cross table",
        "team-boards": "Board results",
    }
    for kind, title in expected.items():
        action = window.menu_actions[f"report_{kind}"]
        assert action.isVisible() and action.isEnabled()
        out = tmp_path / f"{kind}.pdf"
        prompter.files.append(str(out))  # type: ignore[attr-defined]
        action.trigger()
        assert title in PdfReader(out).pages[0].extract_text(), kind
    assert not window.menu_actions["report_boards"].isVisible()  # individual documents
    page = window.team_standings_page
    for button, title in ((page.print_crosstable, "Team cross table"),
                          (page.print_boards, "Board results")):  # fmt: skip
        out = tmp_path / f"{title}.pdf"
        prompter.files.append(str(out))  # type: ignore[attr-defined]
        button.click()
        assert title in PdfReader(out).pages[0].extract_text()
    for key in ("team_crosstable_pdf", "board_results_pdf", "team_pairings_pdf"):
        assert window.menu_actions[key].isEnabled()
    assert prompter.errors == []  # type: ignore[attr-defined]


def test_export_dialogs_offer_the_folder_of_the_last_export(
    window: MainWindow, sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Item 9: every export dialog started in the tournament's folder again."""
    assert window.open_file(sample_copy)
    elsewhere = tmp_path / "printouts"
    elsewhere.mkdir()
    offered: list[str] = []
    prompter = window.prompter

    def save_file(title: str, suggested: str, filters: str) -> str:
        offered.append(suggested)
        return str(elsewhere / f"{len(offered)}{'.trf' if 'TRF' in title else '.pdf'}")

    monkeypatch.setattr(prompter, "save_file", save_file)
    window.menu_actions["report_standings"].trigger()
    window.menu_actions["report_boards"].trigger()
    window.menu_actions["export"].trigger()
    assert Path(offered[0]).parent == sample_copy.parent
    assert Path(offered[1]).parent == elsewhere
    assert Path(offered[2]).parent == elsewhere
    assert (elsewhere / "3.trf").exists()


def test_a_pdf_written_where_no_viewer_opens_says_where_it_went(
    window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:
    """Item 11: with no PDF viewer the window said nothing (the terminal said "Unable to
    detect a launcher")."""
    assert window.open_file(sample_copy)
    prompter = window.prompter
    prompter.viewer = False  # type: ignore[attr-defined]
    out = tmp_path / "standings.pdf"
    prompter.files.append(str(out))  # type: ignore[attr-defined]
    window.menu_actions["report_standings"].trigger()
    assert out.exists()
    title, text = prompter.infos[-1]  # type: ignore[attr-defined]
    assert title == "PDF written" and str(out) in text and str(tmp_path) in text
    assert str(out) in window.statusBar().currentMessage()


def test_no_two_commands_of_a_menu_share_a_mnemonic(window: MainWindow) -> None:
    """Item 7: Export TRF and Export PDF shared the E of the File menu."""
    from PySide6.QtWidgets import QMenu

    def mnemonic(text: str) -> str | None:
        at = text.replace("&&", "").find("&")
        return text.replace("&&", "")[at + 1].lower() if at >= 0 else None

    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    checked = 0
    while menus:
        menu = menus.pop()
        assert isinstance(menu, QMenu)
        seen: dict[str, str] = {}
        for action in menu.actions():
            if action.isSeparator() or not action.isVisible():
                continue
            if action.menu() is not None:
                menus.append(action.menu())
            key = mnemonic(action.text().split("\t")[0])
            if key is None:
                continue
            assert key not in seen, (menu.title(), seen[key], action.text())
            seen[key] = action.text()
            checked += 1
    assert checked > 40
    file_menu = window.menuBar().actions()[0].menu()
    texts = [a.text() for a in file_menu.actions()]
    assert "&Export TRF…" in texts and "Export P&DF" in texts


def test_the_status_bar_forgets_preparing_once_the_preview_is_shown(
    window: MainWindow, sample_copy: Path
) -> None:
    """Item 8: "Preparing Pairings (board list), round 6…" stayed after the preview closed."""
    from swissdesk.gui import printing

    assert window.open_file(sample_copy)
    prompter = window.prompter
    seen: list[str] = []

    def choose(dialog: printing.PrintOptionsDialog) -> bool:
        dialog.kind.setCurrentIndex(dialog.kind.findData("boards"))
        return True

    prompter.dialogs.append(choose)  # type: ignore[attr-defined]
    real_preview = prompter.print_preview

    def preview(pdf: Path, title: str) -> bool:
        seen.append(window.statusBar().currentMessage())
        return real_preview(pdf, title)

    prompter.print_preview = preview  # type: ignore[method-assign]
    if printing.rasteriser() is None:
        prompter.viewer = True  # type: ignore[attr-defined]
    window.menu_actions["preview"].trigger()
    assert window.printing.wait()
    assert "Preparing" not in window.statusBar().currentMessage()
    assert all("Preparing" not in message for message in seen)


def test_match_heading_keeps_an_arabic_first_team_on_the_left(
    window: MainWindow, tmp_path: Path
) -> None:
    """Item 3: the Matches page mirrored "first – second" when the first team's name was
    Arabic (the first team appeared on the right)."""
    from dataclasses import replace

    from PySide6.QtGui import QTextLayout

    from swissdesk.storage import EditTeam

    _team_window(window, tmp_path)
    tf = window.file
    assert tf is not None
    first = tf.team_round_view(1).matches[0]
    team = next(t for t in tf.teams() if t.tpn == first.first_tpn)
    window.run_action(EditTeam(team.tpn, replace(team.data, name="الشمري الرياض")))
    window.show_page(window.PAGE_MATCHES)
    window.teams.go_to_match(1, first.number)
    text = window.matches_page.score.text()
    layout = QTextLayout(text, window.matches_page.score.font())
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    arabic = line.cursorToX(text.index("الشمري"))[0]
    second = line.cursorToX(text.index(first.second_name))[0]
    assert arabic < second, text


def test_lim_edition_and_maxi_are_chosen_in_the_window_and_pair_every_round(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Item 10: the Lim system's edition and Maxi-tournament were command-line options only
    (``--edition``, ``--maxi``): now the tournament keeps them and pairs with them."""
    from swissdesk.engines import get_engine, system_names
    from swissdesk.gui.dialogs import TournamentDialog
    from swissdesk.storage import PlayerData

    dialog = TournamentDialog(system_names(), parent=window)
    assert not dialog.form.isRowVisible(dialog.lim_options)
    dialog.name.setText("Lim Open")
    dialog.system.setCurrentIndex(dialog.system.findData("lim"))
    assert dialog.form.isRowVisible(dialog.lim_options)
    dialog.lim_edition.setCurrentIndex(dialog.lim_edition.findData("2003"))
    dialog.lim_maxi.setChecked(True)
    settings = dialog.settings()
    assert settings.system == "lim:2003,maxi"
    engine = get_engine(settings.system)
    assert engine.options.edition == "2003" and engine.options.maxi  # type: ignore[attr-defined]
    path = tmp_path / "lim.swissdesk"
    assert window.files.create_tournament(path, settings)
    tf = window.file
    assert tf is not None
    from swissdesk.storage import AddPlayer

    for i in range(6):
        tf.execute(AddPlayer(PlayerData(f"Player {i}, A", 2400 - 40 * i)))
    window.refresh()
    again = TournamentDialog(system_names(), window.tournament_settings, window)
    assert again.system.currentData() == "lim" and again.form.isRowVisible(again.lim_options)
    assert again.lim_edition.currentData() == "2003" and again.lim_maxi.isChecked()
    assert again.settings().system == "lim:2003,maxi"
    with qtbot.waitSignal(window.round_paired, timeout=60_000):
        window.pair_next_round()  # the window's pairing (a worker process) takes the options
    assert tf.audit_log()[-1].payload["engine"] == "lim:2003,maxi"


def test_a_system_option_the_engine_does_not_know_is_refused(tmp_path: Path) -> None:
    import pytest

    from swissdesk.storage import ActionRefused, TournamentFile, TournamentSettings

    with pytest.raises(ActionRefused, match="unknown Lim edition"):
        TournamentFile.create(
            tmp_path / "x.swissdesk", TournamentSettings(name="X", system="lim:2004")
        )


def test_team_tiebreaks_are_edited_in_the_window(window: MainWindow, tmp_path: Path) -> None:
    """Item 10: the team tie-breaks were set from the command line only; the settings
    dialog of a team event offered the individual C.07 list (and refused "SB:MPxGP")."""
    from swissdesk.engines import system_names
    from swissdesk.gui.dialogs import TournamentDialog

    _team_window(window, tmp_path)
    dialog = TournamentDialog(system_names(), window.tournament_settings, window)
    offered = {dialog.tiebreaks.choice.itemData(i) for i in range(dialog.tiebreaks.choice.count())}
    assert {"BH:MP", "SB:MPxGP", "GP", "DE"} <= offered and "TPR" not in offered
    dialog.tiebreaks.set_codes(("SB:MPxGP", "GP"))
    assert dialog.problems() == []
    window.prompter.dialogs.append(lambda d: d.tiebreaks.set_codes(("SB:MPxGP", "GP")) or True)  # type: ignore[attr-defined]
    window.files.edit_settings()
    assert window.tournament_settings is not None
    assert window.tournament_settings.tiebreaks == ("SB:MPxGP", "GP")
    window.show_page(window.PAGE_TEAM_STANDINGS)
    model = window.team_standings_page.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[-1] == "SB:MPxGP"  # GP has its own column already
    dialog.tiebreaks.set_codes(("TPR",))
    assert any("a team event ranks by" in p for p in dialog.problems())


def test_new_team_tournament_takes_its_tiebreaks(qtbot) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.engines import system_names
    from swissdesk.gui.team_pages import TeamTournamentDialog

    dialog = TeamTournamentDialog(system_names())
    qtbot.addWidget(dialog)
    dialog.name.setText("Cup")
    dialog.system.setCurrentIndex(dialog.system.findData("team"))
    assert dialog.form.isRowVisible(dialog.team_tiebreaks)
    assert not dialog.form.isRowVisible(dialog.tiebreaks)
    dialog.team_tiebreaks.set_codes(("BH:MP", "DE"))
    assert dialog.problems() == []
    assert dialog.settings().tiebreaks == ("BH:MP", "DE")


def test_roster_tab_leaves_the_field_and_ctrl_enter_adds_the_team(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Item 7: in Add team > Roster, Tab typed a tab (read as a column separator) and only
    Shift+Tab, Enter submitted the dialog."""
    from swissdesk.gui.team_pages import TeamDialog

    dialog = TeamDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.name.setText("Riverside")
    dialog.roster.setFocus()
    qtbot.keyClicks(dialog.roster, "Ann Able; 2100")
    qtbot.keyClick(dialog.roster, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.roster, "Bob Best; 2050")
    assert dialog.roster.toPlainText() == "Ann Able; 2100\nBob Best; 2050"
    qtbot.keyClick(dialog.roster, Qt.Key.Key_Tab)
    assert "\t" not in dialog.roster.toPlainText()
    assert not dialog.roster.hasFocus()
    dialog.roster.setFocus()
    with qtbot.waitSignal(dialog.accepted, timeout=2000):
        qtbot.keyClick(dialog.roster, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert [m.name for m in dialog.data().members] == ["Ann Able", "Bob Best"]


def test_a_date_takes_one_tab_in_the_tournament_dialog(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Item 7: each date took three Tabs (year, month, day), so typing the fields in order
    landed in the wrong one."""
    from swissdesk.engines import system_names
    from swissdesk.gui.dialogs import TournamentDialog

    dialog = TournamentDialog(system_names())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.federation.setFocus()
    order = []
    for _ in range(3):
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        order.append(dialog.focusWidget())
    assert order == [dialog.start, dialog.end, dialog.organiser]
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Backtab)
    assert dialog.focusWidget() is dialog.end


def test_search_texts_do_not_carry_over_to_the_next_tournament(
    window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:
    """Item 8: the round search text stayed when another tournament was opened."""
    assert window.open_file(sample_copy)
    window.rounds_page.find_field.setText("fernandez")
    window.players_page.search.setText("lukasz")
    _team_window(window, tmp_path)
    assert window.rounds_page.find_field.text() == ""
    assert window.players_page.search.text() == ""
    assert window.players_page.proxy.rowCount() == window.players_page.model.rowCount()


def test_the_printed_board_list_names_a_withdrawn_player_as_the_window_does(
    window: MainWindow, sample_copy: Path, tmp_path: Path
) -> None:
    """Item 9: the board list printed "not paired" where the window says "withdrawn"."""
    from pypdf import PdfReader

    from swissdesk.gui.models import BoardsModel

    assert window.open_file(sample_copy)
    window.show_page(window.PAGE_ROUNDS)
    model = window.rounds_page.model
    shown = [model.display_text(r, BoardsModel.BLACK) for r in range(model.rowCount())]
    assert "withdrawn" in shown
    for kind in ("boards", "alphabetical"):
        out = tmp_path / f"{kind}.pdf"
        window.prompter.files.append(str(out))  # type: ignore[attr-defined]
        window.menu_actions[f"report_{kind}"].trigger()
        text = PdfReader(out).pages[0].extract_text()
        assert "withdrawn" in text and "not paired" not in text, kind


def test_counts_and_points_are_written_in_good_english(window: MainWindow, tmp_path: Path) -> None:
    """Item 9: "1 teams", "1 players", "scores ½ points"; the Sex column cut to "fem…"."""
    from swissdesk.gui.models import PlayersModel
    from swissdesk.gui.tablemodel import points_words
    from swissdesk.model.text import plural

    assert plural(1, "team") == "1 team" and plural(2, "player") == "2 players"
    assert [points_words(v) for v in (0, 1, 2, 3)] == [
        "0 points", "½ point", "1 point", "1½ points",
    ]  # fmt: skip
    column = PlayersModel.columns[PlayersModel.SEX]
    assert column.width >= len("female")
    _team_window(window, tmp_path)
    window.show_page(window.PAGE_PLAYERS)
    table = window.players_page.table
    needed = table.fontMetrics().horizontalAdvance("female")
    assert table.columnWidth(PlayersModel.SEX) >= needed + 8  # not "fem…"
    window.show_page(window.PAGE_TEAMS)
    assert "1 teams" not in window.teams_page.count.text()


RATING_LIST = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>900001</fideid><name>Strong, Sam</name><country>USA</country><sex>M</sex><title>GM</title><rating>2533</rating><birthday>1980</birthday><flag>i</flag></player>
<player><fideid>900002</fideid><name>Strand, Tom</name><country>USA</country><sex>M</sex><title></title><rating>1471</rating><birthday>2001</birthday><flag></flag></player>
</playerslist>
"""


def test_rating_list_popup_marks_inactive_players_listed_last(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Item 9: a 2533 GM listed below a 1471 player, with nothing saying why."""
    import os

    from swissdesk.gui.dialogs import PlayerDialog
    from swissdesk.ratinglist import RatingList

    source = tmp_path / "players_list_xml_foa.xml"
    source.write_text(RATING_LIST, encoding="utf-8")
    rating_list = RatingList(os.environ["SWISSDESK_RATING_LIST"])
    rating_list.import_file(source)
    dialog = PlayerDialog(rating_list=rating_list)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.lookup is not None
    qtbot.keyClicks(dialog.lookup.query, "str")
    qtbot.waitUntil(lambda: dialog.lookup is not None and dialog.lookup.results.count() == 2)
    texts = [dialog.lookup.results.item(i).text() for i in range(2)]
    assert texts == ["Strand, Tom · USA · 1471", "Strong, Sam · USA · 2533 · GM · inactive"]
    assert "flag i" in dialog.lookup.results.item(1).toolTip()


def test_a_double_swiss_match_won_by_black_twice_reads_0_2_not_1_1() -> None:
    """Item 5: when the board's Black player won both games the cell read "0 – 1 | 1 – 0"
    (game 2 in its own colours), which looks like a 1–1 match and shows no match score."""
    from swissdesk.gui.tablemodel import result_display
    from swissdesk.model.double_swiss import match_text
    from swissdesk.model.tournament import ResultCode
    from swissdesk.storage import BoardResult, BoardView

    board = BoardView(
        board=1, white_tpn=1, white_name="Adams, Anna", white_rating=2400, white_score=2,
        black_tpn=2, black_name="Brown, Bob", black_rating=2380, black_score=2,
        result=None, result_text="0-1 1-0", games=("0-1", "1-0"),
    )  # fmt: skip
    assert result_display(board) == "0 – 2 (0:1, 0:1)"
    assert BoardResult.BLACK_WINS.codes == (ResultCode.LOSS, ResultCode.WIN)
    drawn = [(ResultCode.DRAW, ResultCode.DRAW), (ResultCode.WIN, ResultCode.LOSS)]
    assert match_text(drawn) == "1½ – ½ (½:½, 1:0)"


def test_no_pdf_viewer_is_recognised_before_qt_tries_one(
    monkeypatch, tmp_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """Item 11: with no launcher Qt printed "Unable to detect a launcher" on the terminal
    and returned; with xdg-open but no PDF program it returned True and nothing opened."""
    import sys

    from PySide6.QtWidgets import QWidget

    from swissdesk.gui import prompter as prompting

    if not sys.platform.startswith("linux"):
        return
    monkeypatch.setattr(prompting.shutil, "which", lambda _name: None)
    assert prompting.pdf_viewer_known() is False
    widget = QWidget()
    qtbot.addWidget(widget)
    assert prompting.Prompter(widget).open_url(tmp_path / "x.pdf") is False
    tools = {"xdg-open": "/usr/bin/xdg-open", "xdg-mime": "/usr/bin/xdg-mime"}
    monkeypatch.setattr(prompting.shutil, "which", tools.get)

    class Done:
        def __init__(self, out: str) -> None:
            self.stdout = out

    monkeypatch.setattr(prompting.subprocess, "run", lambda *a, **k: Done("\n"))
    assert prompting.pdf_viewer_known() is False  # no application for PDF files
    monkeypatch.setattr(prompting.subprocess, "run", lambda *a, **k: Done("evince.desktop\n"))
    assert prompting.pdf_viewer_known() is True
