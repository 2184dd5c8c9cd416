"""The user manual in the window (FIDE's checklist C.02 Q12): Help > Manual and F1 open it,
F1 in a dialog opens that dialog's section, links and screenshots work offline."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QDialog

import swissdesk.gui
from swissdesk.engines import system_names
from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.gui.help import HELP_TOPICS, ManualWindow, topic_for
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.manual import chapter_of_anchor, chapters


def dialog_classes() -> list[type[QDialog]]:
    found: dict[str, type[QDialog]] = {}
    for info in pkgutil.walk_packages(swissdesk.gui.__path__, "swissdesk.gui."):
        module = importlib.import_module(info.name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, QDialog) and cls.__module__ == info.name:
                found[name] = cls
    return list(found.values())


def test_every_dialog_of_the_window_has_its_section_in_the_manual() -> None:
    """A new dialog without a manual section fails here: add it to HELP_TOPICS (and write
    the section)."""
    classes = dialog_classes()
    assert len(classes) >= 20
    missing = [c.__name__ for c in classes if c.__name__ not in HELP_TOPICS]
    assert not missing, f"dialogs with no manual section (gui/help.py HELP_TOPICS): {missing}"
    unknown = {n: a for n, a in HELP_TOPICS.items() if chapter_of_anchor(a) is None}
    assert not unknown, f"HELP_TOPICS anchors the manual does not have: {unknown}"


def test_help_manual_opens_the_manual_beside_the_window(window: MainWindow) -> None:
    action = window.menu_actions["user_manual"]
    assert action.shortcut().toString() == "F1"
    assert action.isEnabled()  # also with no tournament open
    action.trigger()
    manual = window.manual_window
    assert isinstance(manual, ManualWindow) and manual.isVisible()
    assert manual.windowModality() == Qt.WindowModality.NonModal
    assert manual.chapter is chapters()[0]
    assert chapters()[0].title in manual.browser.toPlainText()
    assert manual.contents.topLevelItemCount() == len(chapters())


def test_f1_in_the_window_opens_the_manual(window: MainWindow, qtbot: object) -> None:
    window.activateWindow()
    window.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_F1)  # type: ignore[attr-defined]
    assert window.manual_window is not None and window.manual_window.isVisible()


def test_f1_in_a_dialog_opens_its_section_above_it(window: MainWindow, qtbot: object) -> None:
    dialog = TournamentDialog(system_names(), parent=window)
    dialog.show()
    qtbot.keyClick(dialog.name, Qt.Key.Key_F1)  # type: ignore[attr-defined]
    manual = window.manual_window
    assert manual is not None and manual.isVisible()
    assert manual.windowModality() == Qt.WindowModality.ApplicationModal
    assert manual.chapter is chapter_of_anchor("new-tournament")
    assert "Time control code" in manual.browser.toPlainText()
    assert dialog.isVisible()  # the dialog stays open underneath
    assert topic_for(dialog) == "new-tournament"
    manual.close()
    dialog.done(0)
    # Opened again from the menu, the manual is a window of its own again.
    window.show_manual()
    assert manual.windowModality() == Qt.WindowModality.NonModal


def test_links_lead_to_their_chapter_and_screenshots_come_from_the_package(
    window: MainWindow,
) -> None:
    manual = window.show_manual("pairing-a-round")
    assert manual.chapter is chapter_of_anchor("pairing-a-round")
    manual.browser.anchorClicked.emit(QUrl("#warning-levels"))
    assert manual.chapter is chapter_of_anchor("warning-levels")
    manual.browser.anchorClicked.emit(QUrl("#cli-check"))
    assert manual.chapter is chapter_of_anchor("cli-check")
    image = manual.browser.loadResource(
        int(QTextDocument.ResourceType.ImageResource.value), QUrl("images/round.png")
    )
    assert isinstance(image, QImage) and not image.isNull()
    assert image.width() > 500


def test_choosing_a_section_in_the_contents_scrolls_to_it(window: MainWindow) -> None:
    manual = window.show_manual()
    top = manual.contents.topLevelItem(4)
    assert top is not None and top.childCount() > 0
    section = top.child(top.childCount() - 1)
    assert section is not None
    manual.contents.itemClicked.emit(section, 0)
    assert manual.chapter is chapters()[4]
    assert manual.browser.verticalScrollBar().value() > 0


@pytest.mark.parametrize("word", ["Buchholz", "sonneborn-berger"])
def test_find_in_the_chapter_goes_on_to_the_next_place_then_from_the_top(
    window: MainWindow, word: str
) -> None:
    manual = window.show_manual("tie-breaks")
    manual.find_field.setText(word)
    places = []
    for _ in range(12):
        assert manual.find_next()
        cursor = manual.browser.textCursor()
        assert cursor.selectedText().lower() == word.lower()
        places.append(cursor.selectionStart())
    assert len(set(places)) > 1 and places[0] in places[1:]  # round again from the top
    manual.find_field.setText("no such words anywhere")
    assert not manual.find_next()
