"""Qt's own dialogs in the window's language (issue 38), where PySide6's catalogs fall short.

PySide6's ``qtbase_es``, ``qtbase_it`` and ``qtbase_pl`` lack the print dialog's page-range
tip ("Specify pages or ranges separated by commas. ...") and its "Pages", "Double Sided
Printing", "Off", "Long side binding", "Short side binding" (Dutch lacks the duplex ones);
"Page &Set:", "Page &order:", "Pages &per sheet:", "&Look in:" and "Files of &type:" gained an
accelerator in Qt's source after most translators worked, so most catalogs miss them. swissdesk
supplies those few from its own catalog (:class:`swissdesk.gui.language.QtSupplement`), asked
after Qt's, so Qt's own translation wins where it has one."""

from __future__ import annotations

import pytest
from gui_support import speak, texts_of
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator
from PySide6.QtPrintSupport import QPageSetupDialog, QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
)

from swissdesk.gui.language import qt_supplement
from swissdesk.i18n import LANGUAGES, SOURCE_LANGUAGE

pytestmark = pytest.mark.usefixtures("english_afterwards")

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]


def print_dialog() -> tuple[QPrintDialog, QPrinter]:
    printer = QPrinter()
    return QPrintDialog(printer), printer  # the printer lives as long as the dialog


SUPPLIED = {source for _context, source in qt_supplement()}
"""The English texts swissdesk supplies (the supplement's keys, in English)."""

SAME_WORD = {"Pages": ("fr",), "Folder": ("pl",), "Drive": ("pt",)}
"""Texts a language writes as English does (French "Pages", Polish "Folder"; Qt's Brazilian
catalog, which Portuguese uses, says "Drive" too)."""


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_print_dialog_leaves_none_of_qts_missing_texts_english(
    qtbot: object, code: str
) -> None:
    """The page-range tip and the other texts PySide6's catalog lacks are worded in every
    language (Spanish, Italian and Polish showed them in English), in the dialog as shown."""
    speak(code)
    for context, source in qt_supplement():
        worded = QCoreApplication.translate(context, source)
        assert worded and (worded != source or code in SAME_WORD.get(source, ())), (
            code, context, source)  # fmt: skip
    dialog, _printer = print_dialog()
    shown = set(texts_of(dialog))
    left = {t for t in shown if t in SUPPLIED and code not in SAME_WORD.get(t, ())}
    assert not left, (code, left)


def test_qt_s_own_translation_wins_where_it_has_one(qtbot: object) -> None:
    """German: Qt's catalog has the tip, and its words are shown, not swissdesk's."""
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    qtbase = QTranslator()
    assert qtbase.load("qtbase_de", folder)
    context, tip = next((c, s) for c, s in qt_supplement() if s.startswith("Specify pages"))
    speak("de")
    assert QCoreApplication.translate(context, tip) == qtbase.translate(context, tip)
    speak("es")
    spanish = QCoreApplication.translate(context, tip)
    assert spanish.startswith("Indique páginas o intervalos separados por comas")


def test_english_stays_qts_source(qtbot: object) -> None:
    speak("pl")
    speak(SOURCE_LANGUAGE)
    dialog, _printer = print_dialog()
    assert {"Double Sided Printing", "Long side binding"} <= set(texts_of(dialog))
    for context, source in qt_supplement():
        assert QCoreApplication.translate(context, source) == source


@pytest.mark.qt_log_ignore(  # the page setup is built all the same
    "Cannot be used on non-native printers", "does not support propagateSizeHints"
)
def test_every_supplied_text_is_one_qt_asks_for(qtbot: object) -> None:
    """The supplement's (context, text) pairs are the ones Qt looks up when it builds the
    print, page-setup and file dialogs: a renamed source in a newer Qt shows here, not as an
    English text in a dialog nobody looked at."""
    asked: set[tuple[str, str]] = set()

    class Listening(QTranslator):
        def translate(  # type: ignore[override]
            self, context: str, source: str, disambiguation: str | None = None, n: int = -1
        ) -> str | None:
            asked.add((context, source))
            return None

        def isEmpty(self) -> bool:
            return False

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    listening = Listening()
    app.installTranslator(listening)
    try:
        dialog, printer = print_dialog()
        setup = QPageSetupDialog(printer)
        files = QFileDialog()
        files.setOption(QFileDialog.Option.DontUseNativeDialog)
        for shown in (dialog, setup, files):
            shown.show()
        QApplication.processEvents()
        for shown in (dialog, setup, files):
            shown.close()
    finally:
        app.removeTranslator(listening)
    assert set(qt_supplement()) <= asked, set(qt_supplement()) - asked
