"""Helpers of the GUI tests: a scripted prompter (no modal dialog ever blocks a test)."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from PySide6.QtWidgets import QDialog, QWidget

from swissdesk.gui.mainwindow import Prompter
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


def norm_support() -> ModuleType:
    """tests/norms/norm_support.py (the title-norm events), loaded once for the GUI tests."""
    path = Path(__file__).resolve().parents[1] / "norms" / "norm_support.py"
    spec = importlib.util.spec_from_file_location("norm_support_for_gui", path)
    assert spec is not None and spec.loader is not None
    module = sys.modules.get(spec.name)
    if module is None:
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
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
