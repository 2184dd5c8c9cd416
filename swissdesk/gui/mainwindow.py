"""The main window: the arbiter's whole tournament day in one place.

Every change goes through :meth:`MainWindow.run_action`, which runs one storage action (one
transaction, one audit-log row: saved at once), shows a refused action as a clear dialog and
refreshes the pages. Pairing runs in the :class:`~swissdesk.gui.pairing.PairingController`;
its answer is stored here, on the GUI thread.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QByteArray, QSettings, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from swissdesk import __version__
from swissdesk.engines import RoundPairing
from swissdesk.errors import SwissdeskError
from swissdesk.gui import manual
from swissdesk.gui.dialogs import (
    ByeDialog,
    LateEntryDialog,
    ManualPairingDialog,
    PlayerDialog,
    TextDialog,
    TournamentDialog,
    WithdrawDialog,
)
from swissdesk.gui.models import CrossTableModel, StandingsModel, cross_rows, points
from swissdesk.gui.pages import (
    AuditPage,
    CrossTablePage,
    PlayersPage,
    RoundsPage,
    StandingsPage,
    WelcomePage,
)
from swissdesk.gui.pairing import PairingController, PairingJob, PairingOutcome
from swissdesk.model.tournament import title_rank
from swissdesk.storage import (
    SUFFIX,
    Action,
    ActionResult,
    AddPlayer,
    AppSettings,
    AssignPairingNumbers,
    BoardResult,
    CancelBye,
    ConfirmationRequired,
    CorrectResult,
    EditPlayer,
    EditSettings,
    EnterResult,
    LateEntry,
    ManualPairingChange,
    PairNextRound,
    PlayerData,
    PlayerRow,
    RemovePlayer,
    RequestBye,
    RoundView,
    TournamentFile,
    TournamentSettings,
    Undo,
    UnpairLastRound,
    Withdraw,
    default_tournament_directory,
)

_T = TypeVar("_T")

APP_TITLE = "swissdesk"


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
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Warning if details else QMessageBox.Icon.Question)
        box.setWindowTitle(title)
        box.setText(message)
        if details:
            box.setInformativeText("\n".join(f"• {d}" for d in details))
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.setDefaultButton(
            QMessageBox.StandardButton.Yes if default_yes else QMessageBox.StandardButton.No
        )
        return box.exec() == QMessageBox.StandardButton.Yes

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

    def show_text(self, title: str, text: str) -> None:
        dialog = TextDialog(title, text, self.parent)
        dialog.exec()
        dialog.deleteLater()

    def open_url(self, path: Path) -> None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


TOURNAMENT_FILTER = f"swissdesk tournaments (*{SUFFIX});;All files (*)"
TRF_FILTER = "FIDE TRF files (*.trf *.txt);;All files (*)"
PDF_FILTER = "PDF documents (*.pdf)"


class MainWindow(QMainWindow):
    """The application window. ``app_settings`` keeps recent files; ``qsettings`` the
    window geometry (tests point both at a temporary folder)."""

    round_paired = Signal(int)
    """A round's pairing was stored (round number)."""
    pairing_failed = Signal(str)
    """Pairing ended without a stored pairing (the message shown)."""
    explanation_ready = Signal(int, str)
    saved = Signal(str)
    """An action was saved (its summary)."""

    PAGE_PLAYERS, PAGE_ROUNDS, PAGE_STANDINGS, PAGE_CROSS, PAGE_AUDIT = range(5)

    def __init__(
        self,
        app_settings: AppSettings | None = None,
        qsettings: QSettings | None = None,
        *,
        use_process: bool = True,
    ) -> None:
        super().__init__()
        self.app_settings = app_settings or AppSettings()
        self.qsettings = qsettings or QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, "swissdesk", "swissdesk"
        )
        self.prompter = Prompter(self)
        self.file: TournamentFile | None = None
        self.controller = PairingController(self, use_process=use_process)
        self.controller.busy_changed.connect(self._busy_changed)
        self.controller.finished.connect(self._pairing_finished)
        self._elapsed = QTimer(self)
        self._elapsed.setInterval(1000)
        self._elapsed.timeout.connect(self._show_elapsed)
        self._busy_since = 0.0
        self.explanations: dict[int, tuple[str, ...]] = {}
        self._stale: set[int] = set()
        self._players_cache: list[PlayerRow] | None = []
        self._withdrawn: dict[int, int] = {}
        self._round_view: RoundView | None = None
        self._settings: TournamentSettings | None = None
        self._rounds_paired = 0
        self._generation = 0
        """Counts the actions saved; a pairing computed on an older state is not stored."""
        self._pairing_generation = -1

        self.welcome = WelcomePage()
        self.players_page = PlayersPage()
        self.rounds_page = RoundsPage()
        self.standings_page = StandingsPage()
        self.cross_page = CrossTablePage()
        self.audit_page = AuditPage()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.players_page, "Players")
        self.tabs.addTab(self.rounds_page, "Rounds")
        self.tabs.addTab(self.standings_page, "Standings")
        self.tabs.addTab(self.cross_page, "Cross table")
        self.tabs.addTab(self.audit_page, "Audit log")
        self.tabs.currentChanged.connect(self._page_changed)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.welcome)
        self.stack.addWidget(self.tabs)
        self.setCentralWidget(self.stack)

        self.saved_label = QLabel()
        self.statusBar().addPermanentWidget(self.saved_label)

        self._build_actions()
        self._build_menus()
        self._connect_pages()
        self._restore_geometry()
        self.show_welcome()

    # -----------------------------------------------------------------------------------
    # Menus and actions

    def _act(
        self,
        text: str,
        slot: Callable[[], Any],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutVisibleInContextMenu(True)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_actions(self) -> None:
        sk = QKeySequence.StandardKey
        self.act_new = self._act("&New tournament…", self.new_tournament, sk.New)
        self.act_open = self._act("&Open…", self.open_dialog, sk.Open)
        self.act_sample = self._act("Open &sample tournament", self.open_sample)
        self.act_import = self._act("&Import TRF…", self.import_trf, "Ctrl+I")
        self.act_export = self._act("&Export TRF…", self.export_trf, "Ctrl+E")
        self.act_copy = self._act("Save a &copy as…", self.save_copy, "Ctrl+Shift+S")
        self.act_close = self._act("&Close tournament", self.close_tournament, sk.Close)
        self.act_quit = self._act("&Quit", self.close, "Ctrl+Q")
        self.act_undo = self._act("&Undo last action", self.undo, sk.Undo)
        self.act_settings = self._act("Tournament &settings…", self.edit_settings, "Ctrl+,")
        self.act_add_player = self._act("&Add player…", self.add_player, "Ctrl+Shift+A")
        self.act_edit_player = self._act("&Edit player…", self.edit_player, "F2")
        self.act_remove_player = self._act("&Remove player", self.remove_player)
        self.act_sort = self._act(
            "&Sort pairing numbers (C.04.2 art. 2.2)", self.assign_pairing_numbers
        )
        self.act_late = self._act("&Late entry…", self.late_entry, "Ctrl+Shift+L")
        self.act_withdraw = self._act("&Withdraw player…", self.withdraw, "Ctrl+Shift+W")
        self.act_bye = self._act("Requested &bye / absence…", self.request_bye, "Ctrl+Shift+B")
        self.act_cancel_bye = self._act("&Cancel requested bye…", self.cancel_bye)
        self.act_pair = self._act("&Pair next round", self.pair_next_round, "Ctrl+Shift+P")
        self.act_cancel_pairing = self._act("Ca&ncel pairing", self.cancel_pairing)
        self.act_explain = self._act("E&xplain pairing…", self.explain_round, "Ctrl+Shift+X")
        self.act_manual = self._act("&Change pairing…", self.manual_pairing, "Ctrl+Shift+M")
        self.act_unpair = self._act("&Unpair round", self.unpair_round)
        self.act_next_missing = self._act(
            "Go to next board &without result", self.next_missing, "Ctrl+J"
        )
        self.page_actions = [
            self._act(name, partial(self.show_page, i), f"Ctrl+{i + 1}")
            for i, name in enumerate(
                ("&Players", "&Rounds", "&Standings", "&Cross table", "&Audit log")
            )
        ]
        self.act_about = self._act("&About swissdesk", self.about)
        self.act_keys = self._act("&Keyboard", self.keyboard_help, sk.HelpContents)
        self.report_actions: dict[str, QAction] = {}
        from swissdesk.reports import KIND_TITLES, KINDS

        for kind in KINDS:
            shortcut = "Ctrl+P" if kind == "boards" else None
            self.report_actions[kind] = self._act(
                f"{KIND_TITLES[kind]}…", partial(self.export_pdf, kind), shortcut
            )

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.act_new, self.act_open])
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addAction(self.act_sample)
        file_menu.addSeparator()
        file_menu.addActions([self.act_import, self.act_export, self.act_copy])
        file_menu.addSeparator()
        pdf = file_menu.addMenu("&Print / Export PDF")
        pdf.addActions(list(self.report_actions.values()))
        file_menu.addSeparator()
        file_menu.addActions([self.act_close, self.act_quit])
        edit = bar.addMenu("&Edit")
        edit.addActions([self.act_undo, self.act_settings])
        players = bar.addMenu("&Players")
        players.addActions(
            [self.act_add_player, self.act_edit_player, self.act_remove_player, self.act_sort]
        )
        players.addSeparator()
        players.addActions([self.act_late, self.act_withdraw, self.act_bye, self.act_cancel_bye])
        rounds = bar.addMenu("&Round")
        rounds.addActions([self.act_pair, self.act_cancel_pairing, self.act_explain])
        rounds.addSeparator()
        rounds.addActions([self.act_manual, self.act_unpair])
        rounds.addSeparator()
        rounds.addAction(self.act_next_missing)
        view = bar.addMenu("&View")
        view.addActions(self.page_actions)
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.act_keys, self.act_about])
        self.tournament_actions = [
            self.act_export,
            self.act_copy,
            self.act_close,
            self.act_undo,
            self.act_settings,
            self.act_add_player,
            self.act_edit_player,
            self.act_remove_player,
            self.act_sort,
            self.act_late,
            self.act_withdraw,
            self.act_bye,
            self.act_cancel_bye,
            self.act_pair,
            self.act_explain,
            self.act_manual,
            self.act_unpair,
            self.act_next_missing,
            *self.page_actions,
            *self.report_actions.values(),
        ]
        self.players_page.toolbar.addActions(
            [self.act_add_player, self.act_edit_player, self.act_sort]
        )
        self.players_page.toolbar.addSeparator()
        self.players_page.toolbar.addActions(
            [self.act_late, self.act_withdraw, self.act_bye, self.act_cancel_bye]
        )
        # Context menus of the tables.
        self.players_page.table.addActions(
            [
                self.act_edit_player,
                self.act_withdraw,
                self.act_bye,
                self.act_cancel_bye,
                self.act_remove_player,
            ]
        )
        self.rounds_page.table.addActions(
            [self.act_manual, self.act_explain, self.act_next_missing]
        )

    def _connect_pages(self) -> None:
        w = self.welcome
        w.new_requested.connect(self.new_tournament)
        w.open_requested.connect(self.open_dialog)
        w.import_requested.connect(self.import_trf)
        w.sample_requested.connect(self.open_sample)
        w.recent_requested.connect(lambda p: self.open_file(p))
        self.players_page.model.commit = self._commit_player_edit
        self.players_page.model.invalid_edit.connect(
            lambda msg: self.prompter.error("Player data", msg)
        )
        self.players_page.table.doubleClicked.connect(lambda _i: None)
        r = self.rounds_page
        r.pair_button.clicked.connect(self.pair_next_round)
        r.cancel_button.clicked.connect(self.cancel_pairing)
        r.explain_button.clicked.connect(self.explain_round)
        r.manual_button.clicked.connect(self.manual_pairing)
        r.unpair_button.clicked.connect(self.unpair_round)
        r.round_selected.connect(self.show_round)
        r.table.result_typed.connect(self.result_typed)
        self.standings_page.round_selected.connect(lambda _r: self.refresh_standings())
        self.cross_page.round_selected.connect(lambda _r: self.refresh_cross())

    # -----------------------------------------------------------------------------------
    # Geometry

    def _restore_geometry(self) -> None:
        geometry = self.qsettings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(1180, 760)
        state = self.qsettings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)

    def save_geometry(self) -> None:
        self.qsettings.setValue("window/geometry", self.saveGeometry())
        self.qsettings.setValue("window/state", self.saveState())
        self.qsettings.sync()

    # -----------------------------------------------------------------------------------
    # Errors

    def guarded(self, title: str, fn: Callable[[], _T]) -> _T | None:
        """Run ``fn``; an arbiter-caused error (refused action, locked or corrupt file,
        full disk) becomes a dialog. Nothing was changed when it fails."""
        try:
            return fn()
        except SwissdeskError as exc:
            message = str(exc)
            copy = getattr(exc, "copy_path", None)
            if copy and str(copy) not in message:
                message += f"\n\nA copy of the damaged file was kept as {copy}."
            self.prompter.error(title, message)
            return None

    def run_action(
        self, action: Action, title: str = "", *, light: bool = False, deferred: bool = False
    ) -> ActionResult | None:
        """Run one storage action (saved at once), refresh the views, show "saved".

        ``light``: the action only changed results (refresh the round view at once, the
        other pages when next shown), so typing results stays quick in a big round.
        ``deferred``: refresh once control returns to the event loop (an edit made in a
        table cell must not reset the model under its own editor).
        """
        if self.file is None:
            return None
        tf = self.file
        shown = title or type(action).__name__
        try:
            result = tf.execute(action)
        except ConfirmationRequired:
            raise
        except SwissdeskError as exc:
            self.prompter.error(shown, str(exc))
            self.refresh()
            return None
        self._generation += 1
        for warning in result.warnings:
            self.statusBar().showMessage(warning, 10_000)
        self._mark_saved(result.summary)
        if light:
            self.refresh_after_result()
        elif deferred:
            QTimer.singleShot(0, self.refresh)
        else:
            self.refresh()
        return result

    def _mark_saved(self, summary: str) -> None:
        now = datetime.now().strftime("%H:%M:%S")
        self.saved_label.setText(f"Saved {now}")
        self.saved_label.setToolTip(summary)
        self.statusBar().showMessage(f"Saved: {summary}", 8000)
        self.saved.emit(summary)

    # -----------------------------------------------------------------------------------
    # Opening and closing files

    def show_welcome(self) -> None:
        self.welcome.set_recent(self.app_settings.recent_files())
        self.stack.setCurrentWidget(self.welcome)
        self._update_recent_menu()
        self._update_enabled()
        self._update_title()

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.app_settings.recent_files()
        for p in recent:
            action = self.recent_menu.addAction(str(p))
            action.triggered.connect(lambda _c=False, path=str(p): self.open_file(path))
        self.recent_menu.setEnabled(bool(recent))

    def _set_file(self, tf: TournamentFile) -> None:
        self.close_tournament()
        self.file = tf
        self.explanations = {}
        self.app_settings.add_recent(tf.path)
        self._update_recent_menu()
        self.stack.setCurrentWidget(self.tabs)
        self.refresh()
        rounds = self._rounds_paired
        self.tabs.setCurrentIndex(self.PAGE_ROUNDS if rounds else self.PAGE_PLAYERS)
        (self.rounds_page.table if rounds else self.players_page.table).setFocus()
        self.saved_label.setText("All changes saved")

    def open_file(self, path: str | os.PathLike[str]) -> bool:
        """Open a tournament file (or import a TRF given instead)."""
        p = Path(path)
        if p.suffix.lower() in (".trf", ".txt"):
            return self.import_trf_from(p)
        tf = self.guarded(f"Open {p.name}", lambda: TournamentFile.open(p))
        if tf is None:
            if not p.exists():
                self.app_settings.remove_recent(p)
                self.welcome.set_recent(self.app_settings.recent_files())
            return False
        self._set_file(tf)
        return True

    def open_dialog(self) -> None:
        name = self.prompter.open_file("Open tournament", str(self._folder()), TOURNAMENT_FILTER)
        if name:
            self.open_file(name)

    def _folder(self) -> Path:
        if self.file is not None:
            return self.file.path.parent
        recent = self.app_settings.recent_files()
        return recent[0].parent if recent else default_tournament_directory()

    def new_tournament(self) -> None:
        from swissdesk.engines import system_names

        dialog = TournamentDialog(system_names(), parent=self)
        if not self.prompter.run_dialog(dialog):
            return
        settings = dialog.settings()
        folder = self._folder()
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        suggested = folder / f"{_safe_name(settings.name)}{SUFFIX}"
        name = self.prompter.save_file(
            "Save the new tournament as", str(suggested), TOURNAMENT_FILTER
        )
        if not name:
            return
        self.create_tournament(Path(name), settings)

    def create_tournament(self, path: Path, settings: TournamentSettings) -> bool:
        if path.suffix != SUFFIX:
            path = path.with_name(path.name + SUFFIX)
        tf = self.guarded("New tournament", lambda: TournamentFile.create(path, settings))
        if tf is None:
            return False
        self._set_file(tf)
        self._mark_saved(f"created {settings.name!r}")
        return True

    def import_trf(self) -> None:
        name = self.prompter.open_file("Import a TRF file", str(self._folder()), TRF_FILTER)
        if name:
            self.import_trf_from(Path(name))

    def import_trf_from(self, trf: Path, target: Path | None = None) -> bool:
        if target is None:
            suggested = self._folder() / f"{trf.stem}{SUFFIX}"
            name = self.prompter.save_file(
                "Save the imported tournament as", str(suggested), TOURNAMENT_FILTER
            )
            if not name:
                return False
            target = Path(name)
        if target.suffix != SUFFIX:
            target = target.with_name(target.name + SUFFIX)
        final = target
        tf = self.guarded("Import TRF", lambda: TournamentFile.import_trf(trf, final))
        if tf is None:
            return False
        self._set_file(tf)
        self._mark_saved(f"imported {trf.name}")
        return True

    def export_trf(self) -> None:
        if self.file is None:
            return
        suggested = self.file.path.with_suffix(".trf")
        name = self.prompter.save_file("Export TRF", str(suggested), TRF_FILTER)
        if name:
            self.export_trf_to(Path(name))

    def export_trf_to(self, path: Path) -> bool:
        """Write the tournament (all complete rounds) as a FIDE TRF file."""
        if self.file is None:
            return False
        tf = self.file

        def write() -> bool:
            from swissdesk.tiebreaks.trf_ranks import with_current_ranks
            from swissdesk.trf import write_trf

            write_trf(with_current_ranks(tf.snapshot()), path, version=tf.trf_version())
            return True

        if self.guarded("Export TRF", write) is None:
            return False
        self.statusBar().showMessage(f"Exported {path}", 8000)
        return True

    def save_copy(self) -> None:
        if self.file is None:
            return
        tf = self.file
        suggested = tf.path.with_name(f"{tf.path.stem} copy{SUFFIX}")
        name = self.prompter.save_file("Save a copy as", str(suggested), TOURNAMENT_FILTER)
        if name:
            self.guarded("Save a copy", lambda: tf.save_copy(name))

    def open_sample(self) -> None:
        """Copy the shipped sample tournament to a writable place and open it."""
        from swissdesk.gui.sample import sample_file

        source = sample_file()
        if source is None:
            self.prompter.error("Sample tournament", "The sample tournament is not installed.")
            return
        folder = default_tournament_directory()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target = _unique(folder / source.name)
            shutil.copyfile(source, target)
        except OSError as exc:
            self.prompter.error("Sample tournament", f"Cannot copy the sample: {exc}")
            return
        self.open_file(target)

    def close_tournament(self) -> None:
        if self.file is None:
            return
        self.controller.shutdown()
        tf = self.file
        self.file = None
        tf.close()
        self._players_cache = []
        self._round_view = None
        self.show_welcome()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.controller.busy and not self.prompter.confirm(
            "Pairing in progress", "A pairing is being computed. Stop it and quit?"
        ):
            event.ignore()
            return
        self.controller.shutdown()
        self.save_geometry()
        if self.file is not None:
            self.file.close()
            self.file = None
        event.accept()

    # -----------------------------------------------------------------------------------
    # Refreshing the views

    def _update_title(self) -> None:
        if self.file is None or self._settings is None:
            self.setWindowTitle(APP_TITLE)
            return
        name = self._settings.name or self.file.path.stem
        self.setWindowTitle(f"{name} — {self.file.path.name} — {APP_TITLE}")
        self.setWindowFilePath(str(self.file.path))

    @property
    def _players(self) -> list[PlayerRow]:
        """The list of participants (read again after results were typed)."""
        if self._players_cache is None:
            tf = self.file
            rows = self.guarded("Reading the players", tf.players) if tf is not None else None
            self._players_cache = rows or []
        return self._players_cache

    def refresh_after_result(self) -> None:
        """After a result: only the round view now; the other pages when next shown."""
        self._players_cache = None
        self._stale = {self.PAGE_PLAYERS, self.PAGE_STANDINGS, self.PAGE_CROSS, self.PAGE_AUDIT}
        if self._round_view is not None:
            self.show_round(self._round_view.round_number, keep_row=True)
        self._refresh_page(self.tabs.currentIndex())

    def refresh(self) -> None:
        """Reload what the pages show from the file (the visible page at once, others when
        they are next shown)."""
        if self.file is None:
            self._update_enabled()
            return
        tf = self.file
        loaded = self.guarded(
            "Reading the tournament",
            lambda: (tf.settings(), tf.players(), tf.rounds_paired()),
        )
        if loaded is None:
            return
        self._settings, self._players_cache, self._rounds_paired = loaded
        self._withdrawn = {
            p.tpn: p.withdrawn_from_round
            for p in self._players_cache
            if p.withdrawn_from_round is not None
        }
        self._update_title()
        self._stale = {self.PAGE_PLAYERS, self.PAGE_STANDINGS, self.PAGE_CROSS, self.PAGE_AUDIT}
        self.refresh_rounds()
        self._refresh_page(self.tabs.currentIndex())
        self._update_enabled()

    def _page_changed(self, index: int) -> None:
        self._refresh_page(index)

    def _refresh_page(self, index: int) -> None:
        if index not in self._stale or self.file is None:
            return
        self._stale.discard(index)
        if index == self.PAGE_PLAYERS:
            self.refresh_players()
        elif index == self.PAGE_STANDINGS:
            self.refresh_standings(reset_round=True)
        elif index == self.PAGE_CROSS:
            self.refresh_cross(reset_round=True)
        elif index == self.PAGE_AUDIT:
            self.refresh_audit()

    def refresh_players(self) -> None:
        page = self.players_page
        page.model.set_players(self._players)
        page.refresh_count()

    def refresh_rounds(self, round_number: int | None = None) -> None:
        if self.file is None or self._settings is None:
            return
        paired = self._rounds_paired
        page = self.rounds_page
        shown = round_number or (page.current_round() if page.tabs.count() else paired)
        if self._round_view is None or shown > paired or shown < 1:
            shown = max(paired, 1) if paired else 0
        page.set_rounds(paired, shown)
        self.show_round(shown, keep_row=True)

    def show_round(self, round_number: int, *, keep_row: bool = False) -> None:
        if self.file is None:
            return
        tf = self.file
        page = self.rounds_page
        row = page.table.currentIndex().row() if keep_row else -1
        view = None
        if round_number >= 1:
            view = self.guarded(f"Round {round_number}", lambda: tf.round_view(round_number))
        same_round = (
            self._round_view is not None
            and view is not None
            and self._round_view.round_number == view.round_number
        )
        self._round_view = view
        withdrawn = frozenset(t for t, r in self._withdrawn.items() if r <= round_number)
        page.model.set_round(view, withdrawn)
        if view is None:
            page.counter.setText("")
            page.notice.setText("No round paired yet: register the players, then pair round 1.")
        else:
            page.counter.setText(
                f"{page.model.results_entered} of {page.model.board_count} results entered"
            )
            notes = []
            if view.changed_by_hand:
                notes.append("pairing changed by hand")
            if round_number < self._rounds_paired:
                notes.append("earlier round: a change is logged as a correction")
            page.notice.setText("; ".join(notes))
        if view is not None and page.model.rowCount():
            if not (same_round and row >= 0):
                missing = view.missing_results
                row = page.model.row_of_board(missing[0]) if missing else 0
            page.select_row(min(row, page.model.rowCount() - 1))
        self._update_enabled()

    def _standings(self, after: int | None) -> tuple[Any, Any] | None:
        if self.file is None:
            return None
        tf = self.file

        def compute() -> tuple[Any, Any]:
            from swissdesk.tiebreaks import compute_standings, declared_tiebreaks

            snapshot = tf.snapshot()
            completed = snapshot.rounds_with_pairings
            if completed == 0:
                return snapshot, None
            rounds = completed if after is None or not 1 <= after <= completed else after
            return snapshot, compute_standings(
                snapshot, declared_tiebreaks(snapshot), after_round=rounds
            )

        return self.guarded("Standings", compute)

    def refresh_standings(self, reset_round: bool = False) -> None:
        page = self.standings_page
        after = None if reset_round else page.selected_round()
        result = self._standings(after)
        model = page.model
        assert isinstance(model, StandingsModel)
        if result is None or result[1] is None:
            model.set_standings(None)
            page.set_rounds(0, 0)
            page.message.setText("No round is complete yet.")
            page.tiebreaks.setText("")
            return
        snapshot, standings = result
        page.set_rounds(snapshot.rounds_with_pairings, standings.after_round)
        model.set_standings(standings)
        page.message.setText("")
        page.tiebreaks.setText("Tie-breaks: " + ", ".join(standings.codes))

    def refresh_cross(self, reset_round: bool = False) -> None:
        page = self.cross_page
        after = None if reset_round else page.selected_round()
        result = self._standings(after)
        model = page.model
        assert isinstance(model, CrossTableModel)
        if result is None or result[1] is None:
            model.set_cross([], 0)
            page.set_rounds(0, 0)
            page.message.setText("No round is complete yet.")
            return
        snapshot, standings = result
        page.set_rounds(snapshot.rounds_with_pairings, standings.after_round)
        model.set_cross(cross_rows(snapshot, standings), standings.after_round)
        page.message.setText("Each round: the opponent's place, the colour (w/b) and the result.")

    def refresh_audit(self) -> None:
        if self.file is None:
            return
        tf = self.file
        entries = self.guarded("Audit log", tf.audit_log)
        if entries is not None:
            self.audit_page.model.set_entries(entries)

    def _update_enabled(self) -> None:
        has = self.file is not None
        for action in self.tournament_actions:
            action.setEnabled(has)
        busy = self.controller.busy
        self.act_cancel_pairing.setEnabled(busy)
        page = self.rounds_page
        if not has:
            return
        can_pair, why = False, ""
        if self.file is not None and not busy:
            tf = self.file
            answer = self.guarded("Pairing", tf.can_pair_next_round)
            if answer is not None:
                can_pair, why = answer
        next_round = self._rounds_paired + 1
        self.act_pair.setEnabled(can_pair)
        page.pair_button.setEnabled(can_pair)
        page.pair_button.setText(f"Pair round {next_round}")
        page.pair_button.setToolTip(why)
        self.act_pair.setStatusTip(why)
        view = self._round_view
        last = view is not None and view.round_number == self._rounds_paired
        results = view is not None and any(b.has_result for b in view.boards)
        self.act_unpair.setEnabled(last and not results and not busy)
        page.unpair_button.setEnabled(last and not results and not busy)
        self.act_manual.setEnabled(last and not busy)
        page.manual_button.setEnabled(last and not busy)
        self.act_explain.setEnabled(view is not None and not busy)
        page.explain_button.setEnabled(view is not None and not busy)
        before_round_one = self._rounds_paired == 0
        self.act_add_player.setEnabled(before_round_one)
        self.act_remove_player.setEnabled(before_round_one)
        self.act_late.setEnabled(not before_round_one)
        self.act_sort.setEnabled(self._rounds_paired < 4)

    # -----------------------------------------------------------------------------------
    # Pages

    def show_page(self, index: int) -> None:
        if self.file is not None:
            self.stack.setCurrentWidget(self.tabs)
            self.tabs.setCurrentIndex(index)

    # -----------------------------------------------------------------------------------
    # Players

    def _selected_tpn(self) -> int | None:
        if self.tabs.currentIndex() == self.PAGE_PLAYERS:
            return self.players_page.selected_tpn()
        return None

    def _commit_player_edit(self, tpn: int, data: PlayerData) -> bool:
        return self.run_action(EditPlayer(tpn, data), "Edit player", deferred=True) is not None

    def add_player(self) -> None:
        dialog = PlayerDialog(parent=self)
        if self.prompter.run_dialog(dialog) and self.run_action(
            AddPlayer(dialog.data()), "Add player"
        ):
            self.show_page(self.PAGE_PLAYERS)

    def edit_player(self) -> None:
        tpn = self._selected_tpn()
        row = next((p for p in self._players if p.tpn == tpn), None)
        if row is None:
            self.prompter.info("Edit player", "Select a player in the players list first.")
            return
        dialog = PlayerDialog(row.data, self, title=f"Edit no. {row.tpn}")
        if self.prompter.run_dialog(dialog):
            self.run_action(EditPlayer(row.tpn, dialog.data()), "Edit player")

    def remove_player(self) -> None:
        tpn = self._selected_tpn()
        row = next((p for p in self._players if p.tpn == tpn), None)
        if row is None:
            self.prompter.info("Remove player", "Select a player in the players list first.")
            return
        n = len(self._players)
        shift = f"\nPairing numbers {row.tpn + 1}–{n} will move up by one." if row.tpn < n else ""
        if self.prompter.confirm("Remove player", f"Remove no. {row.tpn} {row.name}?{shift}"):
            self.run_action(RemovePlayer(row.tpn), "Remove player")

    def players_in_initial_order(self) -> bool:
        """Whether TPNs follow C.04.2 art. 2.2 (rating, title, name)."""
        rows = sorted(self._players, key=lambda r: r.tpn)
        keys = [(-r.rating, title_rank(r.title), r.name.casefold()) for r in rows]
        return keys == sorted(keys)

    def assign_pairing_numbers(self) -> None:
        self.run_action(AssignPairingNumbers(), "Sort pairing numbers")

    def late_entry(self) -> None:
        if self._settings is None:
            return
        s = self._settings
        missed = points(s.scoring.points(s.late_entry_result))
        dialog = LateEntryDialog(
            self._players,
            self._rounds_paired,
            s.total_rounds,
            f"{missed} point{'s' if missed != '1' else ''}",
            self,
            scoring=s.scoring,
            default_missed=s.late_entry_result,
        )
        if self.prompter.run_dialog(dialog):
            action = LateEntry(dialog.data(), dialog.from_round.value(), dialog.missed_result())
            self.run_action(action, "Late entry")

    def withdraw(self) -> None:
        if self._settings is None:
            return
        dialog = WithdrawDialog(
            self._players,
            self._rounds_paired + 1,
            self._settings.total_rounds,
            self._selected_tpn(),
            self,
        )
        if self.prompter.run_dialog(dialog):
            self.run_action(Withdraw(dialog.tpn(), dialog.round_number()), "Withdraw player")

    def request_bye(self) -> None:
        if self._settings is None:
            return
        dialog = ByeDialog(
            self._players,
            self._rounds_paired + 1,
            self._settings.total_rounds,
            self._settings.scoring,
            self._selected_tpn(),
            self,
        )
        if self.prompter.run_dialog(dialog):
            self.run_action(
                RequestBye(dialog.tpn(), dialog.round_number(), dialog.bye_kind()),
                "Requested bye",
            )

    def cancel_bye(self) -> None:
        tpn = self._selected_tpn()
        row = next((p for p in self._players if p.tpn == tpn), None)
        if row is None or not row.byes:
            self.prompter.info(
                "Cancel bye", "Select a player with a requested bye in the players list."
            )
            return
        rnd = row.byes[0][0]
        if self.prompter.confirm(
            "Cancel bye", f"Cancel the bye of no. {row.tpn} {row.name} in round {rnd}?"
        ):
            self.run_action(CancelBye(row.tpn, rnd), "Cancel bye")

    def edit_settings(self) -> None:
        if self._settings is None:
            return
        from swissdesk.engines import system_names

        dialog = TournamentDialog(system_names(), self._settings, self, title="Tournament settings")
        if self.prompter.run_dialog(dialog):
            self.run_action(EditSettings(dialog.settings()), "Tournament settings")

    def undo(self) -> None:
        if self.file is None:
            return
        log = self.guarded("Undo", self.file.audit_log)
        last = next((e for e in reversed(log or []) if not e.undone and e.action != "Undo"), None)
        what = f"\n\n{last.summary}" if last is not None else ""
        if self.prompter.confirm("Undo", f"Undo the last action?{what}"):
            self.run_action(Undo(), "Undo")

    # -----------------------------------------------------------------------------------
    # Results

    def result_typed(self, row: int, result: BoardResult | None) -> None:
        """A result key on the board list: store it and move to the next board."""
        view = self._round_view
        board = self.rounds_page.model.board_at(row)
        if view is None or board is None or self.file is None:
            return
        n = view.round_number
        if n == self._rounds_paired:
            action: Action = EnterResult(n, board.board, result)
        else:
            if result is None:
                self.prompter.error(
                    "Correct result", "A result of an earlier round can be corrected, not cleared."
                )
                return
            if result is board.result:
                self._advance(row)
                return
            before = board.result_text or "no result"
            if not self.prompter.confirm(
                "Correct result",
                f"Round {n}, board {board.board} ({board.white_name} – {board.black_name}): "
                f"change {before} to {result.value}?\n\nThe standings change; rounds already "
                "paired keep their pairing (C.04.2 art. 4.3).",
            ):
                return
            action = CorrectResult(n, board.board, result, reason="corrected in the round view")
        if self.run_action(action, f"Round {n}, board {board.board}", light=True) is not None:
            self._advance(row)

    def _advance(self, row: int) -> None:
        model = self.rounds_page.model
        target = row + 1 if model.board_at(row + 1) is not None else row
        self.rounds_page.select_row(target)

    def next_missing(self) -> None:
        view = self._round_view
        if view is None:
            return
        self.show_page(self.PAGE_ROUNDS)
        missing = view.missing_results
        if missing:
            self.rounds_page.select_row(self.rounds_page.model.row_of_board(missing[0]))
            self.rounds_page.table.setFocus()

    # -----------------------------------------------------------------------------------
    # Pairing

    def pair_next_round(self) -> None:
        """Start the engine on the next round (in the pairing controller's worker)."""
        if self.file is None or self.controller.busy or self._settings is None:
            return
        tf = self.file
        answer = self.guarded("Pair next round", tf.can_pair_next_round)
        if answer is None:
            return
        ok, why = answer
        if not ok:
            self.prompter.error("Pair next round", why[:1].upper() + why[1:] + ".")
            return
        n = self._rounds_paired + 1
        if (
            n == 1
            and not self.players_in_initial_order()
            and self.prompter.confirm(
                "Pairing numbers",
                "The pairing numbers do not follow rating, title and name "
                "(C.04.2 art. 2.2). Sort them before pairing round 1?",
                default_yes=True,  # the rule's order is the safe answer (issue 18)
            )
            and self.run_action(AssignPairingNumbers(), "Sort pairing numbers") is None
        ):
            return
        snapshot = self.guarded("Pair next round", tf.snapshot)
        if snapshot is None:
            return
        system = self._settings.system
        self._pairing_generation = self._generation
        self.controller.start(PairingJob(snapshot, n, system, explain=True, purpose="pair"))
        self.show_page(self.PAGE_ROUNDS)
        self.statusBar().showMessage(f"Pairing round {n} with the {system} system…")

    def cancel_pairing(self) -> None:
        self.controller.cancel()

    def _busy_changed(self, busy: bool) -> None:
        self.rounds_page.set_busy(busy)
        if busy:
            self._busy_since = time.monotonic()
            self._show_elapsed()
            self._elapsed.start()
        else:
            self._elapsed.stop()
            self.rounds_page.busy_label.setText("")
        self._update_enabled()

    def _show_elapsed(self) -> None:
        job = self.controller.job
        if job is None:
            return
        what = "Explaining" if job.purpose == "explain" else "Pairing"
        seconds = int(time.monotonic() - self._busy_since)
        self.rounds_page.busy_label.setText(f"{what} round {job.round_number}… {seconds} s")

    def _pairing_finished(self, outcome: PairingOutcome) -> None:
        job = outcome.job
        if outcome.pairing is None:
            if outcome.error_kind == "cancelled":
                self.statusBar().showMessage("Pairing cancelled", 5000)
                self.pairing_failed.emit("cancelled")
                return
            if outcome.error_kind == "crash":
                from swissdesk.gui.app import write_crash_log

                log = write_crash_log(outcome.message)
                message = (
                    "The pairing engine failed unexpectedly; nothing was changed.\n"
                    f"Details were written to {log}."
                )
            else:
                message = outcome.message
            self.prompter.error(f"Round {job.round_number}", message)
            self.pairing_failed.emit(message)
            return
        pairing = outcome.pairing
        self.explanations[job.round_number] = pairing.explanation
        if job.purpose == "explain":
            self._show_explanation(job.round_number, pairing)
            return
        if (
            self.file is None
            or self._rounds_paired + 1 != job.round_number
            or self._generation != self._pairing_generation
        ):
            message = (
                "The tournament changed while the engine was pairing (a result, a player or "
                "a bye), so this pairing was not stored. Pair the round again."
            )
            if self.file is not None:
                self.prompter.error(f"Round {job.round_number}", message)
            self.pairing_failed.emit(message)
            return
        result = self.run_action(PairNextRound(pairing, engine=job.system), "Pair next round")
        if result is None:
            self.pairing_failed.emit("refused")
            return
        self.statusBar().showMessage(
            f"Round {job.round_number} paired in {outcome.seconds:.1f} s", 8000
        )
        self.refresh_rounds(job.round_number)
        self.show_page(self.PAGE_ROUNDS)
        self.rounds_page.table.setFocus()
        self.round_paired.emit(job.round_number)

    def explain_round(self) -> None:
        view = self._round_view
        if view is None or self.file is None or self._settings is None:
            return
        n = view.round_number
        if n not in self.explanations:
            # The engine's explanation is kept in the audit log when the round was paired.
            stored = self.guarded("Explain", lambda: self._stored_explanation(n))
            if stored:
                self.explanations[n] = stored
        if n in self.explanations:
            self._show_explanation(n, None)
            return
        tf = self.file
        snapshot = self.guarded("Explain", lambda: tf.snapshot(through_round=n - 1))
        if snapshot is None or self.controller.busy:
            return
        self.controller.start(
            PairingJob(snapshot, n, self._settings.system, explain=True, purpose="explain")
        )
        self.statusBar().showMessage(f"Asking the engine to explain round {n}…")

    def _stored_explanation(self, n: int) -> tuple[str, ...]:
        """The explanation recorded in the audit log with the pairing of round ``n``."""
        assert self.file is not None
        for entry in reversed(self.file.audit_log()):
            if (
                entry.action == "PairNextRound"
                and not entry.undone
                and entry.payload.get("round") == n
            ):
                return tuple(str(line) for line in entry.payload.get("explanation") or ())
        return ()

    def _show_explanation(self, n: int, pairing: RoundPairing | None) -> None:
        lines = list(self.explanations.get(n, ()))
        view = self._round_view if self._round_view and self._round_view.round_number == n else None
        header = [
            f"Round {n}: how the {self._settings.system if self._settings else ''} engine paired it"
        ]
        if view is not None and view.changed_by_hand:
            header.append("Note: the arbiter changed this pairing by hand afterwards.")
        if pairing is not None and view is not None:
            stored = [(b.white_tpn, b.black_tpn) for b in view.boards]
            if stored != [(p.white, p.black) for p in pairing.pairs] and not view.changed_by_hand:
                header.append(
                    "Note: recomputed now, on the results as they stand; a result corrected "
                    "since may explain a difference from the published pairing."
                )
        text = "\n".join([*header, "", *(lines or ["(the engine gave no explanation)"])])
        self.explanation_ready.emit(n, text)
        self.prompter.show_text(f"Explain round {n}", text)

    def unpair_round(self) -> None:
        view = self._round_view
        if view is None:
            return
        if self.prompter.confirm(
            "Unpair round",
            f"Delete the pairing of round {view.round_number}? It has no results yet; "
            "the deletion is logged and can be undone.",
        ):
            self.explanations.pop(view.round_number, None)
            self.run_action(UnpairLastRound(), "Unpair round")

    def manual_pairing(self) -> None:
        view = self._round_view
        if view is None or view.round_number != self._rounds_paired:
            return
        placed: list[tuple[int, str]] = []
        for b in view.boards:
            placed += [(b.white_tpn, b.white_name), (b.black_tpn, b.black_name)]
        if view.pab is not None:
            placed.append((view.pab.tpn, view.pab.name))
        placed.sort()
        dialog = ManualPairingDialog(placed, view.pab is not None, self)
        if not self.prompter.run_dialog(dialog):
            return
        choice = dialog.choice()
        self.apply_manual_change(view, choice.operation, choice.first, choice.second, choice.reason)

    def apply_manual_change(
        self, view: RoundView, operation: str, first: int, second: int | None, reason: str
    ) -> bool:
        """Compute the new pairing, let storage check the absolute criteria, ask the arbiter
        to confirm a violation, then store it (logged with the engine's pairing)."""

        def compute() -> tuple[Any, int | None]:
            if operation == "bye":
                return manual.give_bye(view, first)
            assert second is not None
            if operation == "opponents":
                return manual.set_opponents(view, first, second)
            return manual.swap_players(view, first, second)

        change = self.guarded("Change pairing", compute)
        if change is None:
            return False
        pairs, bye = change
        action = ManualPairingChange(view.round_number, pairs, bye, reason=reason)
        try:
            return self.run_action(action, "Change pairing") is not None
        except ConfirmationRequired as exc:
            if not self.prompter.confirm(
                "The change breaks an absolute criterion",
                "This pairing breaks the absolute criteria of C.04.3 art. 2.1. "
                "Pair it anyway? It will be recorded in the audit log.",
                exc.warnings,
            ):
                return False
            confirmed = ManualPairingChange(
                view.round_number, pairs, bye, confirmed=True, reason=reason
            )
            return self.run_action(confirmed, "Change pairing") is not None

    # -----------------------------------------------------------------------------------
    # Printing

    def export_pdf(self, kind: str) -> None:
        if self.file is None:
            return
        round_number = self._round_view.round_number if self._round_view else None
        stem = self.file.path.stem
        suffix = (
            f" round {round_number}"
            if round_number
            and kind
            not in (
                "standings",
                "crosstable",
            )
            else ""
        )
        suggested = self.file.path.with_name(f"{stem} {kind}{suffix}.pdf")
        name = self.prompter.save_file("Export PDF", str(suggested), PDF_FILTER)
        if name:
            path = self.export_pdf_to(kind, Path(name), round_number)
            if path is not None:
                self.prompter.open_url(path)

    def export_pdf_to(self, kind: str, path: Path, round_number: int | None) -> Path | None:
        """Render one document with the reports module (the round in progress included)."""
        if self.file is None:
            return None
        tf = self.file

        def render() -> Path:
            from swissdesk.reports import render

            ranked = kind in ("standings", "crosstable")
            snapshot = tf.snapshot() if ranked else tf.snapshot(include_pending=True)
            rnd = None if ranked else round_number
            order = tf.board_order(rnd) if rnd else None
            return render(kind, snapshot, path, round_number=rnd, board_order=order)

        written = self.guarded("Export PDF", render)
        if written is not None:
            self.statusBar().showMessage(f"Wrote {written}", 8000)
        return written

    # -----------------------------------------------------------------------------------
    # Help

    def about(self) -> None:
        self.prompter.info(
            "About swissdesk",
            f"swissdesk {__version__}\nSwiss-system tournament manager for FIDE arbiters.\n"
            "Pairings per the FIDE Dutch system (C.04.3), tie-breaks per C.07.",
        )

    def keyboard_help(self) -> None:
        self.prompter.show_text(
            "Keyboard",
            "\n".join(
                [
                    "Round view (select a board, then type):",
                    "  1        White wins (1-0)",
                    "  0        Black wins (0-1)",
                    "  = or 5   Draw (½-½)",
                    "  +        White wins by forfeit (+ -)",
                    "  -        Black wins by forfeit (- +)",
                    "  Del      Clear the result (current round)",
                    "  Ctrl+J   Next board without a result",
                    "",
                    "Ctrl+1..5  Players, Rounds, Standings, Cross table, Audit log",
                    "Ctrl+Shift+P  Pair next round     Ctrl+Z  Undo",
                    "Ctrl+P  Print the board list      Ctrl+F  Search players",
                ]
            ),
        )


def _safe_name(name: str) -> str:
    cleaned = "".join(c for c in name if c not in '<>:"/\\|?*').strip()
    return cleaned or "tournament"


def _unique(path: Path) -> Path:
    if not path.exists():
        return path
    for i in range(2, 1000):
        candidate = path.with_name(f"{path.stem} ({i}){path.suffix}")
        if not candidate.exists():
            return candidate
    raise OSError(f"too many copies of {path.name}")


__all__ = ["MainWindow", "Prompter"]
