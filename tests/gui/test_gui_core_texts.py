"""The core's texts in the window, in the arbiter's language (issue 38): the pairing
systems' names in the settings' system combo, the prize list's reasons and the norms'
verdicts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from swissdesk import i18n
from swissdesk.engines import system_names
from swissdesk.gui import language
from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.i18n import SOURCE_LANGUAGE


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_process_language(SOURCE_LANGUAGE)
    app = QApplication.instance()
    if isinstance(app, QApplication):
        language.install_qt_translations(app, SOURCE_LANGUAGE)


def speak(code: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    language.apply_language(app, code)


def _systems(qtbot: QtBot) -> dict[str, str]:
    dialog = TournamentDialog(system_names())
    qtbot.addWidget(dialog)
    return {
        dialog.system.itemData(i): dialog.system.itemText(i) for i in range(dialog.system.count())
    }


def test_the_system_combo_names_the_systems_in_the_arbiters_language(qtbot: QtBot) -> None:
    assert _systems(qtbot)["dutch"] == "Dutch (C.04.3)"
    speak("de")
    shown = _systems(qtbot)
    assert shown["dutch"] == "Holländisch (C.04.3)"
    assert shown["double-swiss"] == "Doppel-Schweizer System (C.04.5)"
    assert shown["rating1992"] == "Schweizer System nach Elo (1992)"
    speak("ru")
    assert _systems(qtbot)["round-robin"] == (
        "Круговая система (таблицы Бергера, C.05 приложение 1)"
    )
