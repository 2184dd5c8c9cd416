"""Helpers of the GUI tests: a scripted prompter (no modal dialog ever blocks a test)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QWidget,
)

from swissdesk.gui import language
from swissdesk.gui.mainwindow import MainWindow, Prompter
from swissdesk.storage import EditPlayer, TournamentFile

DialogHandler = Callable[[Any], bool]


class ScriptedPrompter(Prompter):
    """Answers the window's questions from queues and records what it was told.

    ``dialogs``: handlers called with each dialog the window opens (they fill it in and
    return True for OK); ``answers``: replies to ``confirm`` (True when empty); ``files``:
    names returned by the file dialogs.
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.dialogs: list[DialogHandler] = []
        self.answers: list[bool] = []
        self.files: list[str] = []
        self.errors: list[tuple[str, str]] = []
        self.infos: list[tuple[str, str]] = []
        self.confirms: list[tuple[str, str, tuple[str, ...]]] = []
        self.defaults: list[bool] = []
        """For each question asked, whether Yes was the default (Enter) answer."""
        self.texts: list[tuple[str, str]] = []
        self.opened: list[Path] = []
        self.printers: list[Callable[[Any], bool]] = []
        self.previews: list[tuple[str, Path]] = []
        self.preview_prints: list[bool] = []
        """Replies to ``print_preview`` (True: Print… pressed; False when empty)."""
        self.viewer = True
        """Whether ``open_url`` finds a program to show the file."""
        self.choices: list[int | None] = []
        """Replies to ``choose`` (the first option when empty)."""
        self.chosen: list[tuple[str, tuple[str, ...]]] = []
        self.text_answers: list[str | None] = []
        """Replies to ``ask_text`` ("" when empty)."""

    def error(self, title: str, message: str) -> None:
        self.errors.append((title, message))

    def info(self, title: str, message: str) -> None:
        self.infos.append((title, message))

    def confirm(
        self, title: str, message: str, details: Sequence[str] = (), *, default_yes: bool = False
    ) -> bool:
        self.confirms.append((title, message, tuple(details)))
        self.defaults.append(default_yes)
        return self.answers.pop(0) if self.answers else True

    def choose(self, title: str, message: str, options: Sequence[str]) -> int | None:
        self.chosen.append((title, tuple(options)))
        return self.choices.pop(0) if self.choices else 0

    def ask_text(self, title: str, message: str, text: str = "") -> str | None:
        return self.text_answers.pop(0) if self.text_answers else ""

    def run_dialog(self, dialog: QDialog) -> bool:
        assert self.dialogs, f"unexpected dialog {dialog.windowTitle()!r}"
        handler = self.dialogs.pop(0)
        ok = handler(dialog)
        if ok:
            dialog.try_accept() if hasattr(dialog, "try_accept") else dialog.accept()
            return dialog.result() == QDialog.DialogCode.Accepted
        return False

    def open_file(self, title: str, directory: str, filters: str) -> str:
        return self.files.pop(0) if self.files else ""

    def save_file(self, title: str, suggested: str, filters: str) -> str:
        return self.files.pop(0) if self.files else ""

    def print_setup(self, printer: Any) -> bool:
        """``printers``: handlers that set up the printer (e.g. a PDF file) like the print
        dialog would, True for Print."""
        assert self.printers, "unexpected print dialog"
        return self.printers.pop(0)(printer)

    def print_preview(self, pdf: Path, title: str) -> bool:
        self.previews.append((title, pdf))
        return self.preview_prints.pop(0) if self.preview_prints else False

    def show_text(self, title: str, text: str) -> None:
        self.texts.append((title, text))

    def open_url(self, path: Path) -> bool:
        self.opened.append(path)
        return self.viewer


def column_texts(model: Any, column: int) -> list[str]:
    """What a table model shows in one column, top to bottom."""
    return [model.display_text(r, column) for r in range(model.rowCount())]


def speak(code: str) -> None:
    """The window's language ``code`` from now on (its messages, Qt's dialogs, the locale),
    as ``swissdesk gui --language code`` sets it before building widgets."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    language.apply_language(app, code)


def window_in(make_window: type[MainWindow], code: str) -> MainWindow:
    """The main window built in ``code``, as ``swissdesk gui --language code`` builds it."""
    speak(code)
    return make_window()


def texts_of(widget: QWidget) -> list[str]:
    """What the arbiter reads in ``widget``: titles, labels, buttons, placeholders, tips and
    the choices of its lists."""
    found = [widget.windowTitle()]
    for child in [widget, *widget.findChildren(QWidget)]:
        found.append(child.toolTip())
        if isinstance(child, QLabel | QAbstractButton):
            found.append(child.text())
        if isinstance(child, QGroupBox):
            found.append(child.title())
        if isinstance(child, QLineEdit):
            found.append(child.placeholderText())
        if isinstance(child, QComboBox):
            found += [child.itemText(i) for i in range(child.count())]
    return [t for t in found if t]


def norm_support() -> ModuleType:
    """tests/norms/norm_support.py (the title-norm events), for the GUI tests."""
    from tests.norms import norm_support as module

    return module


def norm_event(tmp_path: Path) -> Path:
    """The GM norm of tests/norms (Case A: 6.5/9, Ra 2486, Rp 2652) as a tournament file;
    the seeker has K 40 set by the arbiter."""
    support = norm_support()
    path = tmp_path / "norm.swissdesk"
    with TournamentFile.from_tournament(path, support.seeker_event(support.CASE_A)) as tf:
        seeker = tf.players()[0]
        data = dataclasses.replace(seeker.data, k_factor=40, k_source="arbiter")
        tf.execute(EditPlayer(1, data))
    return path
