"""The main window: assembles the pages, the menus and the status bar, and routes.

Each page has its controller with the page's own actions (:mod:`swissdesk.gui.controllers`:
files, players, rounds, standings, cross table, audit log; pairing in
:mod:`swissdesk.gui.pairing`; printing in :mod:`swissdesk.gui.printing`). The menus
and shortcuts come from one table (:mod:`swissdesk.gui.menus`). Every change goes through
:meth:`MainWindow.run_action`, the action lane: one storage command (one transaction, one
audit-log row: saved at once), a refused command shown as a clear dialog, the pages
refreshed.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QStackedWidget, QTabWidget, QWidget

from swissdesk import __version__
from swissdesk.errors import SwissdeskError
from swissdesk.gui import dialog_base, menus
from swissdesk.gui.controllers.audit import AuditController
from swissdesk.gui.controllers.files import FileController, release_memory
from swissdesk.gui.controllers.players import PlayersController
from swissdesk.gui.controllers.prizes import PrizesController
from swissdesk.gui.controllers.ratinglist import RatingListController
from swissdesk.gui.controllers.rounds import RoundsController
from swissdesk.gui.controllers.sections import SectionsController
from swissdesk.gui.controllers.standings import CrossTableController, StandingsController
from swissdesk.gui.controllers.teams import TeamsController
from swissdesk.gui.desk import DeskPage
from swissdesk.gui.help import ManualWindow, install_help_key
from swissdesk.gui.pages import (
    AuditPage,
    CrossTablePage,
    PlayersPage,
    RoundsPage,
    StandingsPage,
    WelcomePage,
)
from swissdesk.gui.pairing import PairingActions, PairingController
from swissdesk.gui.phones import PhonesController
from swissdesk.gui.printing import PrintController
from swissdesk.gui.prompter import Prompter
from swissdesk.gui.team_pages import MatchesPage, TeamsPage, TeamStandingsPage
from swissdesk.gui.venue import VenueController
from swissdesk.i18n import N_, _, worded
from swissdesk.storage import (
    Action,
    ActionResult,
    AppSettings,
    ConfirmationRequired,
    CorrectResult,
    EnterResult,
    ManualPhase,
    PlayerRow,
    RoundView,
    SectionInfo,
    TournamentFile,
    TournamentSettings,
)

_T = TypeVar("_T")

APP_TITLE = "swissdesk"
NOT_IN_FIDE_MODE = N_("NOT IN FIDE MODE")
"""What the window title and the status bar say of a tournament that left FIDE mode."""


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
    PAGE_TEAMS, PAGE_MATCHES, PAGE_TEAM_STANDINGS = range(5, 8)
    TEAM_PAGES = (PAGE_TEAMS, PAGE_MATCHES, PAGE_TEAM_STANDINGS)
    """The pages of a team event (hidden for an individual one)."""
    PAGE_DESK = 8
    """All sections' players and check-in (the registration desk; "Check-in" for a file
    of one tournament)."""

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
        # What the pages show, read once per refresh (the controllers share it).
        self.tournament_settings: TournamentSettings | None = None
        self.players_cache: list[PlayerRow] | None = []
        self.rounds_paired = 0
        self.withdrawn: dict[int, int] = {}
        """TPN -> the round a withdrawn player is no longer paired from."""
        self.generation = 0
        """Counts the actions saved; a pairing computed on an older state is not stored."""
        self.standings_version = 0
        """Changes whenever the complete rounds may have changed (anything but a result
        typed in a round still incomplete): the standings and cross table are cached
        until it changes."""
        self.standings_cache: dict[object, Any] = {}
        self.manual_phase: ManualPhase | None = None
        """The round being paired by hand (read with the settings on every refresh)."""
        """(snapshot, standings) by round, for ``standings_version`` (controllers.standings)."""
        self.sections: list[SectionInfo] = []
        """The open event's sections (``file`` is the handle of the one shown)."""
        self.event_name = ""
        self._stale: set[int] = set()

        self.welcome = WelcomePage()
        self.players_page = PlayersPage()
        self.rounds_page = RoundsPage()
        self.standings_page = StandingsPage()
        self.cross_page = CrossTablePage()
        self.audit_page = AuditPage()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.players_page, _("Players"))
        self.tabs.addTab(self.rounds_page, _("Rounds"))
        self.tabs.addTab(self.standings_page, _("Standings"))
        self.tabs.addTab(self.cross_page, _("Cross table"))
        self.tabs.addTab(self.audit_page, _("Audit log"))
        self.teams_page = TeamsPage()
        self.matches_page = MatchesPage()
        self.team_standings_page = TeamStandingsPage()
        self.tabs.addTab(self.teams_page, _("Teams"))
        self.tabs.addTab(self.matches_page, _("Matches"))
        self.tabs.addTab(self.team_standings_page, _("Team standings"))
        self.desk_page = DeskPage()
        self.tabs.addTab(self.desk_page, _("All sections"))
        self.tabs.currentChanged.connect(self._refresh_page)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.welcome)
        self.stack.addWidget(self.tabs)
        self.setCentralWidget(self.stack)

        self.saved_label = QLabel()
        self.fide_label = QLabel(_(NOT_IN_FIDE_MODE))
        self.fide_label.setStyleSheet(
            "color: white; background: #b00020; padding: 1px 6px; font-weight: bold;"
        )
        self.fide_label.setToolTip(
            _(
                "This tournament left FIDE mode (FIDE's checklist for tournament programs, "
                "C.02): the window title and every printed page say so, and its TRF records "
                "'### FIDE mode left'. It cannot enter FIDE mode again."
            )
        )
        self.fide_label.setVisible(False)
        self.statusBar().addPermanentWidget(self.fide_label)
        self.statusBar().addPermanentWidget(self.saved_label)

        self.files = FileController(self)
        self.players = PlayersController(self)
        self.rating_list = RatingListController(self)
        self.rounds = RoundsController(self)
        self.pairing = PairingActions(self)
        self.standings = StandingsController(self)
        self.prizes = PrizesController(self)
        self.cross = CrossTableController(self)
        self.audit = AuditController(self)
        self.printing = PrintController(self)
        self.teams = TeamsController(self)
        self.event_sections = SectionsController(self)
        self.venue = VenueController(self)
        self.phones = PhonesController(self)
        self._page_refresh: dict[int, Callable[[], None]] = {
            self.PAGE_DESK: self.event_sections.refresh_desk,
            self.PAGE_PLAYERS: self.players.refresh_players,
            self.PAGE_STANDINGS: lambda: self.standings.refresh_standings(reset_round=True),
            self.PAGE_CROSS: lambda: self.cross.refresh_cross(reset_round=True),
            self.PAGE_AUDIT: self.audit.refresh_audit,
            self.PAGE_TEAMS: self.teams.refresh_teams,
            self.PAGE_MATCHES: self.teams.refresh_matches,
            self.PAGE_TEAM_STANDINGS: self.teams.refresh_standings,
        }
        """The pages refreshed when next shown (the rounds page is refreshed at once)."""

        self.menu_actions = menus.build_actions(self)
        submenus = menus.build_menus(self.menuBar(), self.menu_actions)
        self.recent_menu = submenus[menus.RECENT]
        self.tournament_actions = [
            self.menu_actions[c.key] for c in menus.all_commands() if c.needs_file
        ]
        menus.add_actions(self.players_page.toolbar, menus.PLAYERS_TOOLBAR, self.menu_actions)
        menus.add_actions(self.players_page.table, menus.PLAYERS_CONTEXT, self.menu_actions)
        self.rounds_page.table.addAction(submenus[menus.RESULTS].menuAction())
        menus.add_actions(self.rounds_page.table, menus.ROUNDS_CONTEXT, self.menu_actions)
        self.manual_window: ManualWindow | None = None
        self.help_key = install_help_key(self, self.show_manual)
        self._restore_geometry()
        self.files.show_welcome()

    # -----------------------------------------------------------------------------------
    # Geometry

    def _restore_geometry(self) -> None:
        geometry = self.qsettings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(1180, 760)
        # Never taller or wider than the screen (a 1366x768 laptop cut the status bar off;
        # a geometry saved on a bigger screen would do the same).
        room = dialog_base.available_size(self)
        if self.width() > room.width() or self.height() > room.height():
            self.resize(min(self.width(), room.width()), min(self.height(), room.height()))
        state = self.qsettings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)

    def export_folder(self) -> Path:
        """The folder an export dialog offers: that of the last export, else the
        tournament's."""
        saved = self.qsettings.value("export/folder")
        if isinstance(saved, str) and saved and Path(saved).is_dir():
            return Path(saved)
        if self.file is not None:
            return self.file.path.parent
        return Path.home()

    def remember_export_folder(self, written: Path) -> None:
        """Offer the folder of ``written`` to the next export dialog (also after a restart)."""
        self.qsettings.setValue("export/folder", str(Path(written).resolve().parent))

    def save_geometry(self) -> None:
        self.qsettings.setValue("window/geometry", self.saveGeometry())
        self.qsettings.setValue("window/state", self.saveState())
        self.qsettings.sync()

    # -----------------------------------------------------------------------------------
    # The action lane

    def guarded(self, title: str, fn: Callable[[], _T]) -> _T | None:
        """Run ``fn``; an arbiter-caused error (refused action, locked or corrupt file,
        full disk) becomes a dialog. Nothing was changed when it fails."""
        try:
            return fn()
        except SwissdeskError as exc:
            message = str(exc)
            copy = getattr(exc, "copy_path", None)
            if copy and str(copy) not in message:
                message += "\n\n" + _("A copy of the damaged file was kept as {path}.").format(
                    path=copy
                )
            self.prompter.error(title, message)
            return None

    def run_action(
        self,
        action: Action,
        title: str = "",
        *,
        light: bool = False,
        deferred: bool = False,
        section: int | None = None,
    ) -> ActionResult | None:
        """Run one storage action (saved at once), refresh the views, show "saved".

        ``light``: the action only changed results (refresh the round view at once, the
        other pages when next shown), so typing results stays quick in a big round.
        ``deferred``: refresh once control returns to the event loop (an edit made in a
        table cell must not reset the model under its own editor). ``section``: the
        action is another section's (the desk: a player added or ticked in there).
        """
        if self.file is None:
            return None
        tf = self.file
        if section is not None and section != tf.section_id:
            other = self.guarded(title or _("Section"), lambda: tf.section(section))
            if other is None:
                return None
            tf = other
        shown = title or type(action).__name__
        try:
            try:
                result = tf.execute(action)
            except ConfirmationRequired as exc:
                # The warning levels (storage.levels): ask, then run it again with the
                # level the arbiter accepted; No leaves everything as it was.
                level = self.prompter.confirm_level(
                    shown, str(exc), exc.items, consequences=exc.consequences
                )
                if not level:
                    return None
                result = tf.execute(dataclasses.replace(action, confirmed=level))
        except SwissdeskError as exc:
            self.prompter.error(shown, str(exc))
            self.refresh()
            return None
        self._saved(result, action, light=light, deferred=deferred)
        return result

    def run_action_call(self, title: str, call: Callable[[], ActionResult]) -> ActionResult | None:
        """Like :meth:`run_action` for a service call that runs its action itself (e.g.
        ``start_manual_pairing``, which computes the engine's pairing first)."""
        if self.file is None:
            return None
        try:
            result = call()
        except SwissdeskError as exc:
            self.prompter.error(title, str(exc))
            self.refresh()
            return None
        self._saved(result, None)
        return result

    def _saved(
        self,
        result: ActionResult,
        action: Action | None,
        *,
        light: bool = False,
        deferred: bool = False,
    ) -> None:
        self.generation += 1
        self.phones.mark_seen(result.audit_id)
        for warning in result.warnings:
            self.statusBar().showMessage(warning, 10_000)
        self.mark_saved(result.summary)
        if light:
            self.refresh_after_result(action)
        elif deferred:
            QTimer.singleShot(0, self.refresh)
        else:
            self.refresh()

    def mark_saved(self, summary: str) -> None:
        """Show "saved" and what was saved: an action's summary (English as stored) worded
        in the arbiter's language."""
        now = datetime.now().strftime("%H:%M:%S")
        shown = worded(summary)
        self.saved_label.setText(_("Saved {time}").format(time=now))
        self.saved_label.setToolTip(shown)
        self.statusBar().showMessage(_("Saved: {summary}").format(summary=shown), 8000)
        self.saved.emit(summary)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.controller.busy and not self.prompter.confirm(
            _("Pairing in progress"), _("A pairing is being computed. Stop it and quit?")
        ):
            event.ignore()
            return
        self.controller.shutdown()
        self.printing.shutdown()
        self.venue.shutdown()
        self.rating_list.shutdown()
        self.save_geometry()
        if self.file is not None:
            self.file.close()
            self.file = None
            release_memory()
        event.accept()

    # -----------------------------------------------------------------------------------
    # Refreshing the pages

    def update_title(self) -> None:
        """The tournament and file in the title; a tournament out of FIDE mode says so
        there and in the status bar, as long as it is open (C.02 VCL Q46)."""
        if self.file is None or self.tournament_settings is None:
            self.setWindowTitle(APP_TITLE)
            self.fide_label.setVisible(False)
            return
        name = self.tournament_settings.name or self.file.path.stem
        if len(self.sections) > 1 and self.event_name and self.event_name != name:
            name = f"{name} ({self.event_name})"
        out = not self.tournament_settings.fide_mode
        mark = f" [{_(NOT_IN_FIDE_MODE)}]" if out else ""
        self.setWindowTitle(f"{name}{mark} — {self.file.path.name} — {APP_TITLE}")
        self.setWindowFilePath(str(self.file.path))
        self.fide_label.setVisible(out)

    def switch_section(self, section_id: int) -> bool:
        """Show another section of the open event (F6, the section bar, the desk). Not
        while its pairing is being computed: the pairing belongs to the section shown."""
        if self.file is None:
            return False
        if section_id == self.file.section_id:
            return True
        if self.controller.busy:
            self.prompter.error(
                _("Switch section"),
                _(
                    "A pairing is being computed for this section: wait for it (or cancel it) "
                    "before switching to another section."
                ),
            )
            self.event_sections.update_bar()
            return False
        tf = self.file
        other = self.guarded(_("Switch section"), lambda: tf.section(section_id))
        if other is None:
            return False
        self.file = other
        self.generation += 1  # nothing computed for the other section is stored here
        self.players_cache = None
        self.standings_cache.clear()
        self.rounds.view = None
        self.pairing.explanations = {}
        self.refresh()
        name = self.tournament_settings.name if self.tournament_settings else ""
        self.statusBar().showMessage(_("Section: {name}").format(name=name), 5000)
        return True

    @property
    def player_rows(self) -> list[PlayerRow]:
        """The list of participants (read again after results were typed)."""
        if self.players_cache is None:
            tf = self.file
            rows = self.guarded(_("Reading the players"), tf.players) if tf is not None else None
            self.players_cache = rows or []
        return self.players_cache

    def refresh_after_result(self, action: Action | None = None) -> None:
        """After a result: only the round view now; the other pages when next shown.

        A result of the last round changes one board: the round view updates that row (the
        scores shown are those *before* the round). While that round is still incomplete
        the complete rounds are unchanged, so the players' points, the standings and the
        cross table stay as they are (only the audit log is stale).
        """
        view = self.rounds.view
        local = (
            isinstance(action, EnterResult | CorrectResult)
            and view is not None
            and action.round_number == view.round_number == self.rounds_paired
            and self.rounds.apply_result(action.board, action.result)
        )
        view = self.rounds.view
        if local and view is not None and not view.complete:
            self._stale.add(self.PAGE_AUDIT)
        else:
            self.players_cache = None
            self.standings_version += 1
            self._stale = {
                self.PAGE_PLAYERS,
                self.PAGE_STANDINGS,
                self.PAGE_CROSS,
                self.PAGE_AUDIT,
                self.PAGE_DESK,
            }
            self.mark_team_pages_stale()
            if view is not None and not local:
                self.rounds.show_round(view.round_number, keep_row=True)
        self._refresh_page(self.tabs.currentIndex())
        self.standings.computer.prefetch()  # a big event's standings, off the GUI thread

    def refresh(self) -> None:
        """Reload what the pages show from the file (the visible page at once, others when
        they are next shown)."""
        if self.file is None:
            self.update_enabled()
            return
        tf = self.file
        sections = self.guarded(_("Reading the event"), lambda: (tf.sections(), tf.event_name()))
        if sections is None:
            return
        self.sections, self.event_name = sections
        if self.sections and tf.section_id not in {s.id for s in self.sections}:
            # Its section is gone (an undone "Add section"): show the event's first.
            first = self.sections[0].id
            self.file = tf = tf.section(first)
            self.players_cache = None
            self.rounds.view = None
        loaded = self.guarded(
            _("Reading the tournament"),
            lambda: (tf.settings(), tf.players(), tf.rounds_paired(), tf.manual_pairing()),
        )
        if loaded is None:
            return
        self.tournament_settings, self.players_cache, self.rounds_paired, phase = loaded
        self.manual_phase = phase
        self.standings_version += 1
        self.withdrawn = {
            p.tpn: p.withdrawn_from_round
            for p in self.players_cache
            if p.withdrawn_from_round is not None
        }
        self.update_title()
        self.teams.update_tabs()
        self.event_sections.update_bar()
        self.tabs.setTabText(
            self.PAGE_DESK, _("All sections") if len(self.sections) > 1 else _("Check-in")
        )
        self._stale = {
            self.PAGE_PLAYERS,
            self.PAGE_STANDINGS,
            self.PAGE_CROSS,
            self.PAGE_AUDIT,
            self.PAGE_DESK,
        }
        self.mark_team_pages_stale()
        self.rounds.refresh_rounds()
        self._refresh_page(self.tabs.currentIndex())
        self.standings.computer.prefetch()
        self.update_enabled()
        self.phones.mark_seen()

    def mark_team_pages_stale(self) -> None:
        """The team pages are read again when next shown (the matches page at once)."""
        self._stale |= set(self.TEAM_PAGES)

    def _refresh_page(self, index: int) -> None:
        if index not in self._stale or self.file is None:
            return
        self._stale.discard(index)
        refresh = self._page_refresh.get(index)
        if refresh is not None:
            refresh()

    def update_enabled(self) -> None:
        """Tournament commands need an open file; each controller enables its own."""
        has = self.file is not None
        for action in self.tournament_actions:
            action.setEnabled(has)
        self.menu_actions["cancel_pairing"].setEnabled(self.controller.busy)
        if has:
            self.pairing.update_enabled()
            self.rounds.update_enabled()
            self.players.update_enabled()
            self.rating_list.update_enabled()
            self.teams.update_enabled()
            self.venue.update_enabled()

    def show_page(self, index: int) -> None:
        """Show a page (never one the event hides: a team event has no individual
        standings, an individual one no Matches page)."""
        if self.file is not None and self.tabs.isTabVisible(index):
            self.stack.setCurrentWidget(self.tabs)
            self.tabs.setCurrentIndex(index)

    @property
    def round_view(self) -> RoundView | None:
        """The round shown on the rounds page."""
        return self.rounds.view

    _round_view = round_view  # the name older scripts and tests use

    @property
    def explanations(self) -> dict[int, tuple[str, ...]]:
        """The engine's explanation of each round paired or explained in this session."""
        return self.pairing.explanations

    # -----------------------------------------------------------------------------------
    # Help

    def show_manual(self, anchor: str | None = None, over: QWidget | None = None) -> ManualWindow:
        """Help > Manual (F1): the user manual, at ``anchor`` when given. Opened from a
        dialog (``over``, which blocks the other windows), it is modal above that dialog;
        from the window, a window of its own to read beside it."""
        if self.manual_window is None:
            self.manual_window = ManualWindow(self)
        manual = self.manual_window
        modality = (
            Qt.WindowModality.ApplicationModal if over is not None else Qt.WindowModality.NonModal
        )
        if manual.windowModality() != modality:
            manual.hide()
            manual.setWindowModality(modality)
        if anchor is not None:
            manual.show_anchor(anchor)
        if manual.isVisible():  # behind the window: bring it to the front
            manual.raise_()
        manual.show()
        manual.activateWindow()
        return manual

    def keyboard_help(self) -> None:
        self.prompter.show_text(_("Keyboard"), menus.keyboard_help_text())

    def pairing_rules(self) -> None:
        """Help > Pairing rules…: the rules of the open tournament's system (or any other
        system swissdesk offers), FIDE's text shipped with the program (C.02 VCL Q92)."""
        from swissdesk.gui.dialogs import RulesDialog

        settings = self.tournament_settings if self.file is not None else None
        dialog = RulesDialog(settings.system if settings is not None else "dutch", self)
        self.prompter.run_dialog(dialog)

    def choose_window_language(self) -> None:
        """Edit > Window language…: stored now, spoken from the next start (every text of the
        window is set when its widget is built)."""
        from swissdesk.gui.language import WindowLanguageDialog

        dialog = WindowLanguageDialog(self.app_settings, self)
        restart = False
        if self.prompter.run_dialog(dialog):
            restart = dialog.changes_at_restart()
        if restart:
            self.statusBar().showMessage(
                _("The window will speak the language chosen from the next start."), 10_000
            )

    def about(self) -> None:
        self.prompter.info(
            _("About swissdesk"),
            _(
                "swissdesk {version}\nSwiss-system tournament manager for FIDE arbiters.\n"
                "Pairings per the FIDE Dutch system (C.04.3), tie-breaks per C.07."
            ).format(version=__version__),
        )

    # -----------------------------------------------------------------------------------
    # The controllers' actions, reachable from the window (application start, scripts)

    def open_file(self, path: str | os.PathLike[str]) -> bool:
        return self.files.open_file(path)

    def open_sample(self) -> None:
        self.files.open_sample()

    def new_tournament(self) -> None:
        self.files.new_tournament()

    def close_tournament(self) -> None:
        self.files.close_tournament()

    def export_trf_to(self, path: Path) -> bool:
        return self.files.export_trf_to(path)

    def add_player(self) -> None:
        self.players.add_player()

    def late_entry(self) -> None:
        self.players.late_entry()

    def withdraw(self) -> None:
        self.players.withdraw()

    def pair_next_round(self) -> None:
        self.pairing.pair_next_round()

    def explain_round(self) -> None:
        self.pairing.explain_round()

    def unpair_round(self) -> None:
        self.rounds.unpair_round()

    def apply_manual_change(
        self, view: RoundView, operation: str, first: int, second: int | None, reason: str
    ) -> bool:
        return self.rounds.apply_manual_change(view, operation, first, second, reason)

    def export_pdf(self, kind: str) -> None:
        self.printing.export_pdf(kind)

    def export_pdf_to(self, kind: str, path: Path, round_number: int | None) -> Path | None:
        return self.printing.export_pdf_to(kind, path, round_number)


__all__ = ["MainWindow", "Prompter"]
