"""Fixtures of the GUI tests: a main window on temporary settings, its worker stopped at
teardown, and a scripted prompter instead of modal dialogs."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_support import ScriptedPrompter
from layout_support import ROOM
from PySide6.QtCore import QLocale, QSettings, QSize
from PySide6.QtWidgets import QApplication

from swissdesk import i18n
from swissdesk.gui import dialog_base, language
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.sample import sample_file
from swissdesk.storage import AppSettings

GUI_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The offscreen platform warns that it cannot resize windows to their hints: harmless."""
    for item in items:
        if GUI_TESTS in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.qt_log_ignore("does not support propagateSizeHints"))


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings, tournaments and crash logs in the test's folder, never the real home."""
    monkeypatch.setenv("SWISSDESK_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SWISSDESK_DATA_DIR", str(tmp_path / "tournaments"))
    monkeypatch.setenv("SWISSDESK_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setenv("SWISSDESK_RATING_LIST", str(tmp_path / "rating-list.sqlite"))


@pytest.fixture
def make_window(qtbot: object, tmp_path: Path) -> Iterator[type[MainWindow]]:
    """Builds windows on temporary settings; stops their pairing worker at teardown."""
    windows: list[MainWindow] = []

    def build(*, use_process: bool = True) -> MainWindow:
        window = MainWindow(
            AppSettings(tmp_path / "config"),
            QSettings(str(tmp_path / "gui.ini"), QSettings.Format.IniFormat),
            use_process=use_process,
        )
        window.prompter = ScriptedPrompter(window)
        windows.append(window)
        return window

    yield build  # type: ignore[misc]
    for window in windows:
        window.controller.shutdown()
        window.close()
        window.deleteLater()


@pytest.fixture
def window(make_window: type[MainWindow]) -> MainWindow:
    w = make_window()
    w.resize(1100, 700)
    w.show()
    return w


@pytest.fixture
def sample_copy(tmp_path: Path) -> Path:
    """A private copy of the shipped sample tournament."""
    source = sample_file()
    assert source is not None, "the sample tournament is not installed"
    target = tmp_path / "sample.swissdesk"
    shutil.copyfile(source, target)
    return target


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    """The test leaves the process (and Qt) as the other tests expect it: English, Qt's own
    texts untranslated, the default locale and layout direction as they were. The tests
    that speak another language use it (``pytestmark = pytest.mark.usefixtures(...)``)."""
    locale = QLocale()
    app = QApplication.instance()
    direction = app.layoutDirection() if isinstance(app, QApplication) else None
    yield
    i18n.set_process_language(i18n.SOURCE_LANGUAGE)
    if isinstance(app, QApplication):
        language.install_qt_translations(app, i18n.SOURCE_LANGUAGE)
        if direction is not None:
            app.setLayoutDirection(direction)
    QLocale.setDefault(locale)


@pytest.fixture
def small_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen a window measures itself against is 1366x768 with a 40-pixel panel
    (``layout_support.ROOM``), whatever screen the tests run on."""
    monkeypatch.setattr(dialog_base, "available_size", lambda _widget: QSize(ROOM))
