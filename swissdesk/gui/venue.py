"""The venue from the window (issue 34): serve the open event to the phones and screens in
the hall, show the address and its QR code, build the hall's display addresses, the hall's
announcement, stop serving, publish the pages as a web site.

The server is ``swissdesk serve`` in a child process (:class:`QProcess`): it reads the
tournament file and writes only the players' check-ins and reports the arbiter opened to the
phones (issue 35, each one storage command), so stopping it, or its crashing, never loses
anything, and nothing it does
runs on the window's thread or through the window's action lane (the window only reads the
lines the process prints: the addresses once it listens, a message if it cannot start).
The status bar shows a button while it serves ("Venue: http://192.168.1.20:8080/"); it
opens the address, the QR code and the display addresses.
"""

from __future__ import annotations

import re
import secrets
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QProcess, QProcessEnvironment, Qt, QTimer, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.i18n import _, pgettext

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow

READY = "swissdesk-venue-ready"
"""The line ``swissdesk serve`` prints once it listens (:mod:`swissdesk.cli.venue_commands`),
followed by its addresses."""
CLI_NAME = "swissdesk-cli"
"""The console program beside the packaged application (packaging/bundle_layout.py)."""
STOP_GRACE_MS = 3000
"""How long a stopped server may take to close its connections before it is killed (it
only reads the file: killing it loses nothing)."""


def serve_command(files: list[Path], arguments: list[str]) -> tuple[str, list[str]]:
    """The program and arguments that run ``swissdesk serve`` (the packaged console
    program beside a frozen application, else this Python with ``-m swissdesk``)."""
    tail = ["serve", *map(str, files), *arguments]
    if getattr(sys, "frozen", False):
        suffix = ".exe" if sys.platform == "win32" else ""
        return str(Path(sys.executable).with_name(CLI_NAME + suffix)), tail
    return sys.executable, ["-m", "swissdesk", *tail]


class ServeDialog(ValidatedDialog):
    """Where to serve: every network of the laptop or this computer only, the port, and
    whether the pages show FIDE IDs."""

    def __init__(self, port: int, parent: QWidget | None = None) -> None:
        super().__init__(_("Serve on the venue network"), parent)
        self.host = QComboBox()
        self.host.addItem(
            _("Every network of this computer (phones on the venue Wi-Fi)"), "0.0.0.0"
        )
        self.host.addItem(_("This computer only (to try the pages)"), "127.0.0.1")
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(port)
        self.fide_ids = QCheckBox(_("Show the players' FIDE IDs"))
        self.form.addRow(_("&Serve on:"), self.host)
        self.form.addRow(_("&Port:"), self.port)
        self.form.addRow("", self.fide_ids)
        self.set_note(
            _(
                "The pages show what the printed wall lists show: pairings, results, standings, "
                "the cross table. No birth dates, no audit log. The server only reads the "
                "tournament file (apart from check-ins and results from the players' phones, "
                "once you open them: Venue > Players' phones); stopping it changes nothing."
            )
        )


class HallNoticeDialog(ValidatedDialog):
    """The announcement line of the hall's screens and when the round started (its clock)."""

    def __init__(self, announcement: str, round_start: str, parent: QWidget | None = None):
        super().__init__(_("Announcement for the hall"), parent)
        self.announcement = QLineEdit(announcement)
        self.announcement.setMaxLength(300)
        self.announcement.setPlaceholderText(_("Round 4 starts at 14:00 · Prize giving at 18:30"))
        self.round_start = QLineEdit(round_start)
        self.round_start.setPlaceholderText(_("HH:MM (empty: no clock)"))
        self.round_start.setMaxLength(5)
        self.form.addRow(_("&Announcement:"), self.announcement)
        self.form.addRow(_("Round &started at:"), self.round_start)

    def problems(self) -> list[str]:
        start = self.round_start.text().strip()
        if start and not re.fullmatch(r"([01][0-9]|2[0-3]):[0-5][0-9]", start):
            return [_("The round's start is a time of day such as 14:00 (or leave it empty).")]
        return []


class VenueDialog(QDialog):
    """The address to type, its QR code, and the hall's display addresses (one per
    screen: which section, which pages, which boards)."""

    def __init__(
        self,
        urls: list[str],
        sections: list[tuple[str, str]],
        parent: QWidget | None = None,
        *,
        on_lists: bool = True,
        kiosk_url: str = "",
    ) -> None:
        from swissdesk.venue.qr import qr_png

        super().__init__(parent)
        self.setWindowTitle(_("Venue: address and QR code"))
        self.urls = urls
        layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "Players open this address on their phones (same Wi-Fi as this computer), or "
                "scan the code:"
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.address = QLabel(f"<b style='font-size: 16pt'>{urls[0]}</b>")
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.address, 0, Qt.AlignmentFlag.AlignHCenter)
        self.qr = QLabel()
        pixmap = QPixmap()
        pixmap.loadFromData(qr_png(urls[0], scale=6))
        self.qr.setPixmap(pixmap)
        layout.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
        if len(urls) > 1:
            other = QLabel(_("Also: {addresses}").format(addresses=", ".join(urls[1:])))
            other.setWordWrap(True)
            other.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            layout.addWidget(other)

        self.on_lists = QCheckBox(
            _("Print this address and its QR code on the board list and the pairings by name")
        )
        self.on_lists.setChecked(on_lists)
        layout.addWidget(self.on_lists)

        screen = QFormLayout()
        self.section = QComboBox()
        for slug, name in sections:
            self.section.addItem(name, slug)
        self.section.setVisible(len(sections) > 1)
        self.show_what = QComboBox()
        self.show_what.addItem(_("Pairings, then standings"), "pairings,standings")
        self.show_what.addItem(_("Pairings only"), "pairings")
        self.show_what.addItem(_("Standings only"), "standings")
        self.first_board = QSpinBox()
        self.first_board.setRange(0, 9999)
        self.first_board.setSpecialValueText(_("all boards"))
        self.last_board = QSpinBox()
        self.last_board.setRange(1, 9999)
        self.last_board.setValue(40)
        boards = QHBoxLayout()
        boards.addWidget(self.first_board)
        boards.addWidget(QLabel(_("to")))
        boards.addWidget(self.last_board)
        self.rows = QSpinBox()
        self.rows.setRange(6, 30)
        self.rows.setValue(15)
        self.every = QSpinBox()
        self.every.setRange(5, 120)
        self.every.setValue(15)
        self.every.setSuffix(pgettext("seconds", " s"))
        self.display_url = QLineEdit()
        self.display_url.setReadOnly(True)
        if len(sections) > 1:
            screen.addRow(_("Se&ction:"), self.section)
        screen.addRow(_("&Shows:"), self.show_what)
        screen.addRow(_("Boards from:"), boards)
        screen.addRow(_("&Lines per page:"), self.rows)
        screen.addRow(_("&Each page for:"), self.every)
        screen.addRow(_("Screen's address:"), self.display_url)
        heading = QLabel(
            _(
                "<b>A screen in the hall</b> (projector or TV: open this address in its "
                "browser, full screen)"
            )
        )
        heading.setWordWrap(True)
        layout.addWidget(heading)
        layout.addLayout(screen)
        for box in (self.section, self.show_what):
            box.currentIndexChanged.connect(self._update_display_url)
        for spin in (self.first_board, self.last_board, self.rows, self.every):
            spin.valueChanged.connect(self._update_display_url)
        self._update_display_url()

        self.kiosk_url = QLineEdit(kiosk_url)
        self.kiosk_url.setReadOnly(True)
        self.kiosk_url.setCursorPosition(0)
        kiosk_heading = QLabel(
            _(
                "<b>The check-in kiosk</b> (a tablet at your desk: players find their name and "
                "check in without a code; open this address on that tablet only, it is its key)"
            )
        )
        kiosk_heading.setWordWrap(True)
        kiosk_row = QFormLayout()
        kiosk_row.addRow(_("&Kiosk's address:"), self.kiosk_url)
        layout.addWidget(kiosk_heading)
        layout.addLayout(kiosk_row)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton(_("&Copy address"))
        self.open_button = QPushButton(_("&Open in browser"))
        self.copy_screen = QPushButton(_("Copy &screen's address"))
        for b in (self.copy_button, self.copy_screen, self.open_button):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(urls[0]))
        self.copy_screen.clicked.connect(
            lambda: QGuiApplication.clipboard().setText(self.display_url.text())
        )
        self.open_button.clicked.connect(lambda: QDesktopServices.openUrl(QUrl(urls[0])))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _update_display_url(self) -> None:
        from swissdesk.venue.display import DisplaySetup

        first, last = self.first_board.value(), self.last_board.value()
        setup = DisplaySetup(
            section=str(self.section.currentData() or ""),
            show=tuple(str(self.show_what.currentData()).split(",")),
            boards=(first, max(first, last)) if first else None,
            rows=self.rows.value(),
            every=self.every.value(),
        )
        self.last_board.setEnabled(bool(first))
        self.display_url.setText(f"{self.urls[0]}display?{setup.query()}")
        self.display_url.setCursorPosition(0)  # the start of the address shows


class VenueController:
    """The Venue menu and the status bar's venue button."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.process: QProcess | None = None
        self.urls: list[str] = []
        self.served: Path | None = None
        self.error_text = ""
        self.last_error = ""
        """Why the last server stopped or could not start (shown to the arbiter)."""
        self._output = b""
        self._folder: Path | None = None
        self.dialog: VenueDialog | None = None
        self.kiosk_key = ""
        """The check-in kiosk's secret for this run of the server (issue 35)."""
        self.publisher: QProcess | None = None
        self.indicator = QToolButton()
        self.indicator.setAutoRaise(True)
        self.indicator.setToolTip(_("The venue's web server: click for its address and QR code"))
        self.indicator.clicked.connect(self.show_address)
        self.indicator.setVisible(False)
        window.statusBar().addPermanentWidget(self.indicator)

    # -----------------------------------------------------------------------------------
    # Serving

    @property
    def serving(self) -> bool:
        return self.process is not None

    def start_serving(self) -> None:
        """Venue > Serve on the venue network… (shows the address if it serves already)."""
        if self.w.file is None:
            return
        if self.serving:
            self.show_address()
            return
        saved = str(self.w.qsettings.value("venue/port", 8080))
        dialog = ServeDialog(int(saved) if saved.isdigit() else 8080, self.w)
        if not self.w.prompter.run_dialog(dialog):
            return
        port = dialog.port.value()
        self.w.qsettings.setValue("venue/port", port)
        self.start(str(dialog.host.currentData()), port, fide_ids=dialog.fide_ids.isChecked())

    def start(self, host: str, port: int, *, fide_ids: bool = False) -> None:
        """Start ``swissdesk serve`` on the open file (returns at once; the address comes
        when the server listens)."""
        if self.w.file is None or self.serving:
            return
        self._folder = Path(tempfile.mkdtemp(prefix="swissdesk-venue-"))
        arguments = ["--host", host, "--port", str(port), "--no-qr"]
        arguments += ["--notice", str(self._folder / "hall-notice.json")]
        self.kiosk_key = secrets.token_urlsafe(18)  # a new kiosk key every run
        arguments += ["--kiosk-key", self.kiosk_key]
        if fide_ids:
            arguments.append("--fide-ids")
        self.served = self.w.file.path
        program, args = serve_command([self.served], arguments)
        process = QProcess(self.w)
        environment = QProcessEnvironment.systemEnvironment()
        environment.insert("PYTHONUNBUFFERED", "1")
        process.setProcessEnvironment(environment)
        process.readyReadStandardOutput.connect(self._read_output)
        process.readyReadStandardError.connect(self._read_errors)
        process.finished.connect(self._finished)
        process.errorOccurred.connect(self._failed)
        self.process, self.urls, self._output, self.error_text = process, [], b"", ""
        self.last_error = ""
        self._show_indicator(_("Venue: starting…"))
        self.w.update_enabled()
        process.start(program, args)

    def _read_output(self) -> None:
        if self.process is None:
            return
        self._output += bytes(self.process.readAllStandardOutput().data())
        for line in self._output.decode("utf-8", "replace").splitlines():
            if line.startswith(READY + " ") and not self.urls:
                self.urls = line.split()[1:]
                self._show_indicator(_("Venue: {address}").format(address=self.urls[0]))
                self.w.statusBar().showMessage(
                    _("Serving the tournament at {address}").format(address=self.urls[0]), 8000
                )
                self.show_address()

    def _read_errors(self) -> None:
        if self.process is not None:
            self.error_text += bytes(self.process.readAllStandardError().data()).decode(
                "utf-8", "replace"
            )
            self.error_text = self.error_text[-4000:]

    def _failed(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self.error_text = _("the server program could not be started")
            self._finished(-1, QProcess.ExitStatus.CrashExit)

    def _finished(self, code: int, status: QProcess.ExitStatus) -> None:
        """The server ended: stopped by the arbiter, refused to start (port taken), or
        crashed. The file is untouched in every case."""
        process = self.process
        if process is None:
            return
        self._read_errors()
        stopped = bool(process.property("stopping"))
        started = bool(self.urls)
        self.process = None
        process.deleteLater()
        self._cleanup()
        if stopped:
            self.w.statusBar().showMessage(_("Stopped serving the venue's pages"), 8000)
            return
        lines = [
            ln.removeprefix("swissdesk: ").strip()
            for ln in self.error_text.splitlines()
            if ln.strip()
        ]
        reason = lines[-1] if lines else _("it ended (exit code {code})").format(code=code)
        self.last_error = reason
        if started:
            message = _(
                "The venue's server stopped: {reason}. The tournament file is untouched; "
                "start it again from the Venue menu."
            ).format(reason=reason)
        else:
            message = _("The venue's pages could not be served: {reason}.").format(reason=reason)
        self.w.prompter.error(_("Venue"), message)

    def stop_serving(self, *, wait: bool = False) -> None:
        """Venue > Stop serving (also when the tournament closes or the window quits)."""
        process = self.process
        if process is None:
            return
        process.setProperty("stopping", True)
        if sys.platform == "win32":
            process.kill()  # a console program has no window to close; it only reads
        else:
            process.terminate()
            QTimer.singleShot(STOP_GRACE_MS, process.kill)
        if wait and not process.waitForFinished(STOP_GRACE_MS):
            process.kill()
            process.waitForFinished(1000)
        self._show_indicator("")
        self.w.update_enabled()

    def _cleanup(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
        self.served = None
        self.urls = []
        self._show_indicator("")
        self.w.update_enabled()

    def update_enabled(self) -> None:
        actions = self.w.menu_actions
        actions["venue_address"].setEnabled(self.serving)
        actions["venue_notice"].setEnabled(self.serving)
        actions["venue_stop"].setEnabled(self.serving)

    def _show_indicator(self, text: str) -> None:
        self.indicator.setText(text)
        self.indicator.setVisible(bool(text))

    # -----------------------------------------------------------------------------------
    # Address, QR code, hall screens

    def show_address(self) -> None:
        """Venue > Address and QR code… (not modal: the arbiter keeps working)."""
        if not self.urls or self.w.file is None:
            if self.serving:
                self.w.statusBar().showMessage(_("The venue's server is starting…"), 5000)
            return
        from swissdesk.venue.source import section_slugs

        if self.dialog is None:
            kiosk = f"{self.urls[0]}kiosk?key={self.kiosk_key}" if self.kiosk_key else ""
            self.dialog = VenueDialog(
                self.urls, section_slugs(self.w.file), self.w, on_lists=self.lists_setting(),
                kiosk_url=kiosk,
            )  # fmt: skip
            self.dialog.on_lists.toggled.connect(
                lambda on: self.w.qsettings.setValue("venue/qr_on_lists", bool(on))
            )
        if self.dialog.isVisible():  # behind the window: bring it to the front
            self.dialog.raise_()
        self.dialog.show()
        self.dialog.activateWindow()

    def lists_setting(self) -> bool:
        """Whether the board list and the pairings by name carry the venue's address and
        QR code while it serves (a setting, on unless the arbiter turned it off)."""
        return str(self.w.qsettings.value("venue/qr_on_lists", True)).lower() not in (
            "false", "0"
        )  # fmt: skip

    def address_for_lists(self) -> str:
        """The address printed on the board list and the pairings by name ("": none)."""
        if not self.urls or not self.lists_setting():
            return ""
        return self.urls[0]

    def edit_notice(self) -> None:
        """Venue > Announcement for the hall…: the screens show it within seconds."""
        from swissdesk.venue.display import HallNotice

        if self._folder is None:
            self.w.prompter.info(
                _("Venue"),
                _(
                    "Start serving first (Venue > Serve on the venue network…): the "
                    "announcement is shown on the hall's screens."
                ),
            )
            return
        path = self._folder / "hall-notice.json"
        notice = HallNotice.read(path)
        dialog = HallNoticeDialog(notice.announcement, notice.round_start, self.w)
        if not self.w.prompter.run_dialog(dialog):
            return
        HallNotice(dialog.announcement.text().strip(), dialog.round_start.text().strip()).write(
            path
        )
        self.w.statusBar().showMessage(_("The hall's screens show the announcement"), 8000)

    # -----------------------------------------------------------------------------------
    # Publishing

    def publish(self) -> None:
        """Venue > Publish as a web site…: the pages as a .zip for the club's web space
        (``swissdesk publish`` in a child process; the window stays free)."""
        if self.w.file is None:
            return
        if self.publisher is not None:
            self.w.statusBar().showMessage(_("The web site is being written…"), 5000)
            return
        suggested = str(self.w.file.path.with_name(self.w.file.path.stem + "-site.zip"))
        # Translators: a file dialog's filter: translate the words, keep "(*.zip)".
        archives = _("Zip archives (*.zip)")
        name = self.w.prompter.save_file(_("Publish as a web site"), suggested, archives)
        if not name:
            return
        target = Path(name)
        if target.suffix.lower() != ".zip":
            target = target.with_name(target.name + ".zip")
        self.publish_to(target)

    def publish_to(self, target: Path) -> None:
        if self.w.file is None:
            return
        program, args = serve_command([self.w.file.path], ["-o", str(target)])
        args[args.index("serve")] = "publish"
        process = QProcess(self.w)
        process.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        self.publisher = process

        def done(code: int, _status: QProcess.ExitStatus) -> None:
            text = bytes(process.readAll().data()).decode("utf-8", "replace").strip()
            self.publisher = None
            process.deleteLater()
            if code == 0:
                self.w.statusBar().showMessage(_("Wrote {file}").format(file=target), 30_000)
            else:
                last = text.splitlines()[-1] if text else _("exit code {code}").format(code=code)
                self.w.prompter.error(
                    _("Publish"), _("The web site was not written: {reason}").format(reason=last)
                )

        process.finished.connect(done)
        self.w.statusBar().showMessage(_("Writing the web site {file}…").format(file=target.name))
        process.start(program, args)

    def shutdown(self) -> None:
        """The window closes: stop the server (and wait a moment for it)."""
        self.stop_serving(wait=True)
        if self.publisher is not None:
            self.publisher.waitForFinished(30_000)
