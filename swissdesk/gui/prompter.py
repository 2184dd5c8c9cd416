"""Every question and message the window asks or shows, in one replaceable place.

The page controllers ask through ``window.prompter``; tests put a scripted prompter there
(no modal dialog ever blocks a test), the application uses :class:`Prompter`.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

from swissdesk.gui.dialogs import TextDialog
from swissdesk.i18n import _, ngettext
from swissdesk.storage import Level, LevelWarning

MAX_DETAILS = 12
"""Lines of details a question lists itself; the rest go to its scrolled details area (a
long list made the box taller than a 1366x768 screen)."""


def pdf_viewer_known() -> bool | None:
    """Whether this Linux desktop has a program for PDF files (``xdg-open`` and a default
    application for ``application/pdf``); ``None`` where it cannot tell (other systems, no
    ``xdg-mime``), and opening the file says it."""
    if not sys.platform.startswith("linux"):
        return None
    if shutil.which("xdg-open") is None:
        return False
    mime = shutil.which("xdg-mime")
    if mime is None:
        return None
    try:
        done = subprocess.run(
            [mime, "query", "default", "application/pdf"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return bool(done.stdout.strip())


def question_box(
    parent: QWidget | None,
    title: str,
    message: str,
    details: Sequence[str] = (),
    *,
    default_yes: bool = False,
) -> QMessageBox:
    """A Yes/No question; ``details`` listed below it (beyond :data:`MAX_DETAILS` lines, in
    the box's scrolled details area, so that the box fits the screen)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning if details else QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(message)
    if details:
        shown = details if len(details) <= MAX_DETAILS else details[: MAX_DETAILS - 1]
        lines = [f"• {d}" for d in shown]
        if len(shown) < len(details):
            more = len(details) - len(shown)
            lines.append(
                ngettext(
                    "… and {count} more (Show Details…)", "… and {count} more (Show Details…)", more
                ).format(count=more)
            )
            box.setDetailedText("\n".join(details))
        box.setInformativeText("\n".join(lines))
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.setDefaultButton(
        QMessageBox.StandardButton.Yes if default_yes else QMessageBox.StandardButton.No
    )
    return box


class Prompter:
    """Every question and message the window asks or shows, in one replaceable place
    (tests script it; the real one uses standard dialogs)."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def error(self, title: str, message: str) -> None:
        QMessageBox.warning(self.parent, title, message)

    def info(self, title: str, message: str) -> None:
        QMessageBox.information(self.parent, title, message)

    def confirm(
        self, title: str, message: str, details: Sequence[str] = (), *, default_yes: bool = False
    ) -> bool:
        box = question_box(self.parent, title, message, details, default_yes=default_yes)
        return box.exec() == QMessageBox.StandardButton.Yes

    def confirm_level(
        self,
        title: str,
        message: str,
        warnings: Sequence[LevelWarning],
        *,
        consequences: str = "",
    ) -> int:
        """Ask for the confirmation the warnings' level needs (:mod:`swissdesk.storage.levels`):
        Level 2 one question, Level 3 one question listing every fact, Level 4 a second
        question with the consequences (both default to No). Returns the level confirmed,
        0 when the arbiter said No. One mechanism for every action of the window."""
        level = max((w.level for w in warnings), default=Level.CONFIRM)
        facts = [f"[{w.level.label}] {w.shown}" for w in warnings]
        heading = _("{title} — {label} warning").format(title=title, label=Level(level).label)
        if level <= Level.CONFIRM:
            asked = self.confirm(
                heading,
                _("{message}\n\nGo on?").format(message=message),
                [w.shown for w in warnings],
            )
            return int(level) if asked else 0
        question = _("{message}\n\nConfirm only if you accept every point below.").format(
            message=message
        )
        if level >= Level.DOUBLE:
            question += _("\nA second confirmation follows.")
        if not self.confirm(heading, question, facts):
            return 0
        if level >= Level.DOUBLE:
            second = (f"{consequences}\n\n" if consequences else "") + _(
                "Do you really want to do this?"
            )
            if not self.confirm(
                _("{title} — second confirmation (Level 4)").format(title=title), second
            ):
                return 0
        return int(level)

    def ask_text(self, title: str, message: str, text: str = "") -> str | None:
        """A line of text (None for Cancel)."""
        from PySide6.QtWidgets import QInputDialog

        value, ok = QInputDialog.getText(self.parent, title, message, text=text)
        return value.strip() if ok else None

    def choose(self, title: str, message: str, options: Sequence[str]) -> int | None:
        """One of ``options`` (its index), or None for Cancel."""
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(title)
        box.setText(message)
        buttons = [
            box.addButton(o[:1].upper() + o[1:], QMessageBox.ButtonRole.AcceptRole) for o in options
        ]
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(buttons[0])
        box.exec()
        clicked = box.clickedButton()
        return next((i for i, b in enumerate(buttons) if b is clicked), None)

    def run_dialog(self, dialog: QDialog) -> bool:
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        dialog.deleteLater()  # once the caller has read it: no hidden dialogs pile up
        return accepted

    def open_file(self, title: str, directory: str, filters: str) -> str:
        name, _ = QFileDialog.getOpenFileName(self.parent, title, directory, filters)
        return name

    def save_file(self, title: str, suggested: str, filters: str) -> str:
        name, _ = QFileDialog.getSaveFileName(self.parent, title, suggested, filters)
        return name

    def print_setup(self, printer: QPrinter) -> bool:
        """The system's print dialog: printer, copies, pages (True: print)."""
        dialog = QPrintDialog(printer, self.parent)
        dialog.setOption(QPrintDialog.PrintDialogOption.PrintPageRange, True)
        return dialog.exec() == QDialog.DialogCode.Accepted

    def print_preview(self, pdf: Path, title: str) -> bool:
        """The pages of ``pdf`` as they will print (True: the arbiter pressed Print…)."""
        from swissdesk.gui.preview import PreviewDialog

        dialog = PreviewDialog(pdf, title, self.parent)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        dialog.deleteLater()
        return accepted

    def show_text(self, title: str, text: str) -> None:
        dialog = TextDialog(title, text, self.parent)
        dialog.exec()
        dialog.deleteLater()

    def open_url(self, path: Path) -> bool:
        """Show ``path`` in the program the system has for it; False when none could be
        started (no PDF viewer installed, no desktop to ask)."""
        if path.suffix.lower() == ".pdf" and pdf_viewer_known() is False:
            return False  # Qt would only print "Unable to detect a launcher" on the terminal
        return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))))
