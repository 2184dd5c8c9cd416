"""The window in the arbiter's language (issue 38): chosen before any widget is built (the
``--language`` option, the arbiter's choice in Edit > Window language…, the system's), Qt's own
dialogs in the same language, every menu, command and page name translated, nothing cut off
at 1366x768 in any of the ten languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import window_in
from layout_support import ROOM, cut_off
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLabel,
    QMenu,
    QWidget,
)

from swissdesk import i18n
from swissdesk.gui import language, menus
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.storage import AppSettings
from swissdesk.translations import catalogs

LANGUAGES = list(i18n.LANGUAGES)
TRANSLATED = [code for code in LANGUAGES if code != i18n.SOURCE_LANGUAGE]


pytestmark = pytest.mark.usefixtures("english_afterwards")


def menu_texts(window: MainWindow) -> list[tuple[str, str]]:
    """``(where, text)`` of every menu title and command of the menu bar, the recent files'
    and the report kinds' submenus left out (file names; the documents' own titles)."""
    skipped = {window.recent_menu}
    found: list[tuple[str, str]] = []

    def walk(menu: QMenu, where: str) -> None:
        for action in menu.actions():
            if action.isSeparator():
                continue
            sub = action.menu()
            if isinstance(sub, QMenu):
                found.append((where, sub.title()))
                if sub not in skipped and sub.objectName() != menus.REPORTS:
                    walk(sub, f"{where} > {sub.title()}")
            else:
                found.append((where, action.text()))

    for action in window.menuBar().actions():
        sub = action.menu()
        assert isinstance(sub, QMenu)
        found.append(("menu bar", sub.title()))
        walk(sub, sub.title())
    return found


def english_catalog() -> set[str]:
    return {m.id for m in catalogs.read_catalog(catalogs.template_path("gui")) if m.id}  # type: ignore[misc]


# -- where the window's language comes from ------------------------------------------------


def test_the_language_option_wins_over_the_choice_and_the_system(tmp_path: Path) -> None:
    settings = AppSettings(tmp_path)
    system = {"LANG": "de_DE.UTF-8"}
    assert language.window_language(settings, None, system) == "de"
    language.choose_language(settings, "pl")
    assert language.window_language(settings, None, system) == "pl"
    assert language.window_language(settings, "tr", system) == "tr"
    language.choose_language(settings, None)  # back to the system's
    assert language.window_language(settings, None, system) == "de"
    assert language.window_language(settings, None, {"LANG": "C"}) == "en"


def test_the_choice_is_kept_in_the_per_user_settings(tmp_path: Path) -> None:
    language.choose_language(AppSettings(tmp_path), "pt-PT")
    assert AppSettings(tmp_path).get(language.SETTING) == "pt"
    assert language.chosen_language(AppSettings(tmp_path)) == "pt"


def test_the_window_language_dialog_stores_the_choice_for_the_next_start(
    qtbot: object, tmp_path: Path
) -> None:
    settings = AppSettings(tmp_path)
    dialog = language.WindowLanguageDialog(settings)
    names = [dialog.choice.itemText(i) for i in range(dialog.choice.count())]
    # The system's language first, then each language by its own name.
    assert names[1:] == list(i18n.LANGUAGES.values())
    dialog.choice.setCurrentIndex(dialog.choice.findData("ru"))
    dialog.accept()
    assert language.chosen_language(AppSettings(tmp_path)) == "ru"
    assert dialog.changes_at_restart()
    assert "next start" in dialog.note.text()


@pytest.mark.parametrize("code", TRANSLATED)
def test_qt_dialogs_speak_the_window_language(qtbot: object, code: str) -> None:
    """The file chooser's and message boxes' buttons come from PySide6's qtbase_<ll>.qm
    (Portuguese from the Brazilian file, the only one Qt ships)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert language.install_qt_translations(app, code)
    cancel = QCoreApplication.translate("QPlatformTheme", "Cancel")
    assert cancel != "Cancel", code
    language.install_qt_translations(app, "en")
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"


def test_gui_command_takes_a_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from swissdesk.cli import gui_commands, main

    started: list[tuple[str | None, str | None]] = []
    monkeypatch.setattr(
        gui_commands, "run_gui", lambda path, lang=None: started.append((path, lang)) or 0
    )
    assert main(["gui", "--language", "fr"]) == 0
    assert started == [(None, "fr")]
    with pytest.raises(SystemExit):
        main(["gui", "--language", "xx"])


# -- every text of the window translated -----------------------------------------------------


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_menu_and_command_is_translated(make_window: type[MainWindow], code: str) -> None:
    """Built in English and in ``code``, the window's menus and commands are the same
    messages: each English text is in the catalog and the other language shows its
    translation (a text left unmarked would show English in both and fail here)."""
    english = menu_texts(window_in(make_window, "en"))
    other = menu_texts(window_in(make_window, code))
    marked = english_catalog()
    assert len(english) == len(other) > 100
    translate = i18n.translations(code).gettext
    for (where, text), (_w, shown) in zip(english, other, strict=True):
        message = text.split("\t")[0]
        if message in ("1 – 0", "0 – 1", "½ – ½", "½ – 0", "0 – ½"):
            continue  # scores read the same in every language
        assert message in marked, f"not marked for translation: {where}: {text!r}"
        assert shown.split("\t")[0] == translate(message), (where, text, shown)


@pytest.mark.parametrize("code", TRANSLATED)
def test_page_names_status_and_tips_are_translated(
    make_window: type[MainWindow], code: str
) -> None:
    window = window_in(make_window, code)
    translate = i18n.translations(code).gettext
    english = ["Players", "Rounds", "Standings", "Cross table", "Audit log", "Teams"]
    tabs = [window.tabs.tabText(i) for i in range(len(english))]
    assert tabs == [translate(t) for t in english]
    assert sum(t != e for t, e in zip(tabs, english, strict=True)) >= 5, tabs
    tips = [a.statusTip() for a in window.menu_actions.values() if a.statusTip()]
    assert tips and all(tip not in english_catalog() or translate(tip) == tip for tip in tips)
    assert window.fide_label.text() == translate("NOT IN FIDE MODE") != "NOT IN FIDE MODE"


def left_in_english(widget: QWidget, code: str) -> list[str]:
    """The texts of ``widget``'s labels, buttons, placeholders and tooltips that are English
    messages of the window's catalog with another translation in ``code`` (marked, but
    shown untranslated: a text set before the language was)."""
    from PySide6.QtWidgets import QLineEdit

    marked = english_catalog()
    translate = i18n.translations(code).gettext
    found = []
    for child in [widget, *widget.findChildren(QWidget)]:
        texts = [child.toolTip()]
        if isinstance(child, QLabel | QAbstractButton):
            texts.append(child.text())
        if isinstance(child, QLineEdit):
            texts.append(child.placeholderText())
        found += [t for t in texts if t and t in marked and translate(t) != t]
    return found


# -- nothing cut off at 1366x768 ----------------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_nothing_is_cut_off_at_1366x768(
    make_window: type[MainWindow], sample_copy: Path, small_screen: None, code: str
) -> None:
    """The main window with a tournament open, on each page, fits the laptop's screen in
    every language: its minimum size, its menu bar in one row, nothing cut off (buttons,
    labels, choices, hints, tabs, the tables' column headings: layout_support.cut_off)."""
    window = window_in(make_window, code)
    assert window.open_file(sample_copy)
    window.resize(ROOM)
    window.show()
    least = window.minimumSizeHint()
    assert least.width() <= ROOM.width() and least.height() <= ROOM.height(), (code, least)
    bar = window.menuBar()
    assert bar.sizeHint().width() <= ROOM.width(), (code, bar.sizeHint())
    # every menu title visible in one row: none pushed into the overflow button
    last = bar.actions()[-1]
    assert bar.actionGeometry(last).right() <= bar.width(), code
    for index in range(window.tabs.count()):
        if not window.tabs.isTabVisible(index):
            continue
        window.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        problems = cut_off(window)
        assert not problems, (code, window.tabs.tabText(index), problems)
        if code != "en":
            page = window.tabs.currentWidget()
            assert not left_in_english(page, code), (code, window.tabs.tabText(index))


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_team_event_is_not_cut_off_either(
    make_window: type[MainWindow], tmp_path: Path, small_screen: None, code: str
) -> None:
    """A team event's pages (teams and rosters, matches and their boards, team standings
    and board results, check-in) in the longest languages: nothing cut off, and every
    column heading is a heading (an unnamed column once showed the catalog's header)."""
    from PySide6.QtWidgets import QHeaderView

    from swissdesk.cli import main

    hand = Path(__file__).resolve().parents[1] / "trf" / "team_hand.trf"
    cup = tmp_path / "cup.swissdesk"
    assert main(["import", str(hand), "-o", str(cup), "--yes-i-know", "3"]) == 0
    window = window_in(make_window, code)
    assert window.open_file(cup)
    window.resize(ROOM)
    window.show()
    for index in range(window.tabs.count()):
        if not window.tabs.isTabVisible(index):
            continue
        window.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        assert not cut_off(window), (code, window.tabs.tabText(index), cut_off(window))
        for header in window.tabs.currentWidget().findChildren(QHeaderView):
            model = header.model()
            for section in range(header.count() if model is not None else 0):
                text = str(model.headerData(section, header.orientation()) or "")
                assert "Project-Id-Version" not in text, (code, window.tabs.tabText(index))


def test_the_menus_table_marks_every_command_for_translation() -> None:
    """Every command of the table (its text and tip) is a message of the window's catalog."""
    marked = english_catalog()
    for command in menus.all_commands():
        if command.key.startswith(("report_", "result_0", "result_1", "result_2")):
            continue
        assert command.text in marked or command.text in (
            "1 – 0",
            "0 – 1",
            "½ – ½",
            "½ – 0",
            "0 – ½",
        ), command
        assert not command.tip or command.tip in marked, command


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_new_tournament_dialog_fits_in_every_language(
    qtbot: object, small_screen: None, code: str
) -> None:
    """The longest form of the window, in each language: shown, it fits the laptop's
    screen, its minimum size too, every label and button as wide as its text."""
    from swissdesk.engines import system_names
    from swissdesk.gui.dialogs import TournamentDialog

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    language.apply_language(app, code)
    dialog = TournamentDialog(system_names())
    dialog.show()
    QApplication.processEvents()
    try:
        assert dialog.windowTitle() == i18n.translations(code).gettext("New tournament")
        size, least = dialog.size(), dialog.minimumSizeHint()
        assert size.width() <= ROOM.width() and size.height() <= ROOM.height(), (code, size)
        assert least.width() <= ROOM.width() and least.height() <= ROOM.height(), (code, least)
        problems = cut_off(dialog)
        assert not problems, (code, problems)
        if code != "en":
            assert not left_in_english(dialog, code), code
    finally:
        dialog.close()
        dialog.deleteLater()
