"""The window's language: the arbiter's, chosen before any widget is built (issue 38).

Where it comes from, first found wins: ``swissdesk gui --language LL``, the language chosen in
Edit > Window language… (the per-user settings, key :data:`SETTING`), the system's (the
``LANGUAGE``/``LC_*``/``LANG`` variables, then Qt's list of the desktop's UI languages).
:func:`apply_language` makes it the process language (:func:`swissdesk.i18n.set_process_language`:
the window's texts, the command line's messages) and installs Qt's own translation of its
dialogs (file chooser, print dialog, message-box buttons: the ``qtbase_<ll>.qm`` PySide6
ships), so the arbiter never meets an English button in a French window. A change in the
dialog applies at the next start: the texts are set when the widgets are built.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.i18n import (
    LANGUAGES,
    SOURCE_LANGUAGE,
    _,
    current_language,
    language_from_environment,
    normalize_language,
    pgettext,
    set_process_language,
)
from swissdesk.storage import AppSettings

SETTING = "language"
"""The per-user setting of the window's language (an ISO 639-1 code; absent or empty: the
system's)."""

QT_CATALOG_VARIANTS: Mapping[str, tuple[str, ...]] = {"pt": ("pt", "pt_PT", "pt_BR")}
"""Qt ships Portuguese as Brazilian only: its buttons are the same words in Portugal."""

_installed: list[QTranslator] = []
"""The Qt translators installed (kept alive: Qt does not own them)."""


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for: the environment's, else the desktop's UI languages
    as Qt reads them (Windows and macOS set no ``LANG``); English when none is spoken."""
    env = os.environ if environ is None else environ
    found = language_from_environment(env)
    if found != SOURCE_LANGUAGE:
        return found
    if any(env.get(v) for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")):
        return found  # the environment said English (or a language swissdesk lacks)
    for tag in QLocale.system().uiLanguages():
        spoken = normalize_language(tag)
        if spoken:
            return spoken
    return SOURCE_LANGUAGE


def chosen_language(settings: AppSettings) -> str | None:
    """The language the arbiter chose in the settings, or None (follow the system)."""
    stored = settings.get(SETTING)
    return normalize_language(stored) if isinstance(stored, str) else None


def choose_language(settings: AppSettings, code: str | None) -> None:
    """Store the arbiter's choice (None: follow the system); it applies at the next start."""
    settings.set(SETTING, normalize_language(code) or "")


def window_language(
    settings: AppSettings, override: str | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """The language the window will speak: ``override`` (``--language``), the arbiter's
    choice, the system's."""
    return normalize_language(override) or chosen_language(settings) or system_language(environ)


def qt_translations_folder() -> str:
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def qt_supplement() -> dict[tuple[str, str], str]:
    """Qt's own texts that PySide6's ``qtbase_<ll>.qm`` lack in some of our languages, by
    (Qt's context, Qt's source text), worded in the current language from swissdesk's catalog.

    Measured on PySide6's catalogs (``tests/gui/test_gui_qt_catalogs.py`` asks each qtbase
    catalog for every text the print, page-setup and file dialogs look up): the print
    dialog's page-range tip, "Pages", "Double Sided Printing" and its three choices are
    missing in Spanish, Italian and Polish (the duplex ones in Dutch too); texts whose source
    Qt changed after its translators worked ("Page &Set:", "&Look in:", "Files of &type:",
    "Page &order:", "Pages &per sheet:" gained an accelerator) and the file list's "Folder"
    and "Drive" are missing in most. Qt's own translation wins where it has one."""
    return {
        ("QPrintSettingsOutput", "Pages"): pgettext("Qt print dialog", "Pages"),
        (
            "QPrintSettingsOutput",
            "Specify pages or ranges separated by commas. Ranges are specified by two numbers "
            "separated by a hyphen. E.g: 3,5-7,9 prints pages 3, 5, 6, 7 and 9.",
        ): pgettext(
            "Qt print dialog",
            "Specify pages or ranges separated by commas. Ranges are specified by two numbers "
            "separated by a hyphen. E.g: 3,5-7,9 prints pages 3, 5, 6, 7 and 9.",
        ),
        ("QPrintSettingsOutput", "Page &Set:"): pgettext("Qt print dialog", "Page &Set:"),
        ("QPrintSettingsOutput", "Double Sided Printing"): pgettext(
            "Qt print dialog", "Double Sided Printing"
        ),
        ("QPrintSettingsOutput", "Off"): pgettext("Qt print dialog", "Off"),
        ("QPrintSettingsOutput", "Long side binding"): pgettext("Qt print dialog", "Long side binding"),
        ("QPrintSettingsOutput", "Short side binding"): pgettext("Qt print dialog", "Short side binding"),
        ("QPageSetupWidget", "Page &order:"): pgettext("Qt print dialog", "Page &order:"),
        ("QPageSetupWidget", "Pages &per sheet:"): pgettext("Qt print dialog", "Pages &per sheet:"),
        ("QFileDialog", "&Look in:"): pgettext("Qt file dialog", "&Look in:"),
        ("QFileDialog", "Files of &type:"): pgettext("Qt file dialog", "Files of &type:"),
        ("QAbstractFileIconProvider", "Folder"): pgettext("Qt file dialog", "Folder"),
        ("QAbstractFileIconProvider", "Drive"): pgettext("Qt file dialog", "Drive"),
    }


class QtSupplement(QTranslator):
    """The texts of :func:`qt_supplement` for Qt's dialogs, from swissdesk's own catalog.
    Installed before PySide6's ``qtbase`` translator, so Qt asks it last: it answers only
    what qtbase does not, and nothing else (``None``: Qt keeps looking, then shows its
    English)."""

    def __init__(self, parent: QApplication, language: str) -> None:
        super().__init__(parent)
        self.speaking = language
        self._texts: dict[tuple[str, str], str] | None = None

    def translate(
        self, context: str, source_text: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        if self._texts is None:
            from swissdesk.i18n import using_language

            with using_language(self.speaking):
                self._texts = qt_supplement()
        return self._texts.get((context, source_text))

    def isEmpty(self) -> bool:
        return False


def install_qt_translations(app: QApplication, language: str) -> bool:
    """Qt's own texts (standard buttons, file and print dialogs) in ``language``; True when
    PySide6 ships them. Replaces the translators installed before. The few texts PySide6's
    catalog lacks come from swissdesk's (:class:`QtSupplement`)."""
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if language == SOURCE_LANGUAGE:
        return True
    supplement = QtSupplement(app, language)
    app.installTranslator(supplement)  # first installed: asked after qtbase
    _installed.append(supplement)
    folder = qt_translations_folder()
    for variant in QT_CATALOG_VARIANTS.get(language, (language,)):
        translator = QTranslator(app)
        if translator.load(f"qtbase_{variant}", folder):
            app.installTranslator(translator)
            _installed.append(translator)
            return True
    return False


def apply_language(app: QApplication, language: str) -> str:
    """Make ``language`` the window's: swissdesk's messages, Qt's dialogs, the locale of the
    date and number fields. Call before any widget is built. Returns the language used."""
    chosen = set_process_language(language)
    install_qt_translations(app, chosen)
    locale = QLocale(chosen)
    QLocale.setDefault(locale)
    # Right to left is not among the ten languages yet; the layout follows the locale when it is.
    app.setLayoutDirection(locale.textDirection())
    return chosen


class WindowLanguageDialog(ValidatedDialog):
    """Edit > Window language…: the arbiter's language, or the system's; stored in the
    per-user settings and applied at the next start (each language by its own name, so an
    arbiter who opened a window in a language they cannot read finds theirs)."""

    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(_("Window language"), parent)
        self.app_settings = settings
        self.choice = QComboBox()
        system = system_language()
        self.choice.addItem(
            _("The system's language ({language})").format(language=LANGUAGES[system]), ""
        )
        for code, name in LANGUAGES.items():
            self.choice.addItem(name, code)
        chosen = chosen_language(settings)
        self.choice.setCurrentIndex(max(0, self.choice.findData(chosen or "")))
        self.form.addRow(_("Language of the window:"), self.choice)
        self.set_note(
            _(
                "The window speaks the new language from the next start of swissdesk. "
                "Printed documents and the venue's pages use each tournament's own language "
                "(Edit > Tournament settings)."
            )
        )

    def selected(self) -> str | None:
        """The language chosen (None: the system's)."""
        return normalize_language(self.choice.currentData())

    def accept(self) -> None:
        choose_language(self.app_settings, self.selected())
        super().accept()

    def changes_at_restart(self) -> bool:
        """Whether the window will speak another language at the next start."""
        return window_language(self.app_settings) != current_language()


__all__ = [
    "LANGUAGES",
    "SETTING",
    "WindowLanguageDialog",
    "apply_language",
    "choose_language",
    "chosen_language",
    "install_qt_translations",
    "system_language",
    "window_language",
]
