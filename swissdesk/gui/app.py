"""Starting the desktop application, and what happens on an unexpected error.

An unexpected exception (a bug, never an arbiter's mistake: those are
:class:`~swissdesk.errors.SwissdeskError` dialogs) is written to a log file in the user's
log folder and shown in a crash dialog; the window stays open. The tournament is intact:
every action was saved in its own transaction when it was made.

A native crash (a segmentation fault in Qt, say) cannot be caught that way: ``faulthandler``
writes the Python stack of every thread to ``swissdesk-faults.log`` in the same folder, so
such a crash also leaves a trace.

``SWISSDESK_SMOKE_TEST=1`` (the packaged build's smoke test) opens the sample tournament,
runs the event loop briefly and quits with exit code 0.
"""

from __future__ import annotations

import faulthandler
import gc
import multiprocessing
import os
import sys
import traceback
from datetime import datetime
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import TextIO

import platformdirs
from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from swissdesk import __version__
from swissdesk.i18n import _

LOG_DIR_VARIABLE = "SWISSDESK_LOG_DIR"
SMOKE_TEST_VARIABLE = "SWISSDESK_SMOKE_TEST"


def log_directory() -> Path:
    """Where crash logs go (``SWISSDESK_LOG_DIR`` overrides the platform's user log dir)."""
    override = os.environ.get(LOG_DIR_VARIABLE)
    if override:
        return Path(override)
    return Path(platformdirs.user_log_dir("swissdesk", appauthor=False))


def write_crash_log(text: str) -> Path | None:
    """Write a crash report; returns its path (a temporary folder if the log dir fails), or
    None when no folder could take it."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    body = f"swissdesk {__version__}, Python {sys.version.split()[0]}, {sys.platform}\n\n{text}"
    for folder in (log_directory(), Path(os.environ.get("TMPDIR", "/tmp"))):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"swissdesk-crash-{stamp}.log"
            path.write_text(body, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


FAULT_LOG_NAME = "swissdesk-faults.log"

_fault_log: TextIO | None = None


def install_fault_handler() -> Path | None:
    """Let a native crash (segmentation fault, bus error, abort) leave the Python stack of
    every thread in ``swissdesk-faults.log`` in the log folder; returns that path (None if
    no log folder is writable, then the trace goes to standard error)."""
    global _fault_log
    if _fault_log is not None:
        return Path(_fault_log.name)
    stamp = datetime.now().isoformat(timespec="seconds")
    for folder in (log_directory(), Path(os.environ.get("TMPDIR", "/tmp"))):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            log = open(folder / FAULT_LOG_NAME, "a", encoding="utf-8")  # noqa: SIM115 - kept open
        except OSError:
            continue
        log.write(f"--- swissdesk {__version__} started {stamp} (pid {os.getpid()})\n")
        log.flush()
        faulthandler.enable(file=log, all_threads=True)
        _fault_log = log
        return folder / FAULT_LOG_NAME
    faulthandler.enable(all_threads=True)
    return None


class CrashHandler:
    """``sys.excepthook`` for the GUI: log, then a dialog saying the data is safe."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent
        self.last_log: Path | None = None
        self._showing = False

    def __call__(
        self,
        exc_type: type[BaseException],
        exc: BaseException,
        tb: TracebackType | None,
    ) -> None:
        text = "".join(traceback.format_exception(exc_type, exc, tb))
        self.last_log = write_crash_log(text)
        print(text, file=sys.stderr)
        if self._showing or QApplication.instance() is None:
            return
        self._showing = True
        try:
            box = QMessageBox(self.parent)
            box.setIcon(QMessageBox.Icon.Critical)
            box.setWindowTitle(_("Unexpected error"))
            box.setText(
                _(
                    "swissdesk met an unexpected error. Your tournament is safe: every action "
                    "was saved when you made it."
                )
            )
            if self.last_log is not None:
                report = _("A report was written to\n{path}\nPlease send it to the developers.")
            else:
                report = _(
                    "No report could be written (no log folder could be written to). The "
                    "details below say what happened."
                )
            box.setInformativeText(report.format(path=self.last_log))
            box.setDetailedText(text)
            if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
                box.exec()
        finally:
            self._showing = False


def application_icon() -> QIcon:
    from swissdesk.paths import app_icon_files

    icon = QIcon()
    for path in app_icon_files():
        icon.addFile(str(path))
    return icon


def create_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication (reused if one exists), named for QSettings."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("swissdesk")
    app.setOrganizationName("swissdesk")
    app.setApplicationVersion(__version__)
    app.setWindowIcon(application_icon())
    return app


def run_app(path: str | None = None, language: str | None = None) -> int:
    """Open the main window (with ``path`` if given) and run the event loop. The window
    speaks ``language`` (``--language``), else the arbiter's choice, else the system's: set
    before any widget is built (:mod:`swissdesk.gui.language`)."""
    multiprocessing.freeze_support()
    from swissdesk.gui.language import apply_language, window_language
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.storage import AppSettings

    install_fault_handler()
    app = create_application()
    settings = AppSettings()
    apply_language(app, window_language(settings, language))
    window = MainWindow(settings)
    handler = CrashHandler(window)
    previous = sys.excepthook
    sys.excepthook = handler
    try:
        window.show()
        if os.environ.get(SMOKE_TEST_VARIABLE) == "1":
            QTimer.singleShot(0, window.open_sample)
            QTimer.singleShot(1500, window.close)
        elif path:
            QTimer.singleShot(0, partial(window.open_file, path))
        return int(app.exec())
    finally:
        sys.excepthook = previous
        # Tear the window down while Qt is still whole: a widget kept alive by a Python
        # reference cycle and collected during interpreter shutdown crashed on quit.
        del window, handler
        gc.collect()
