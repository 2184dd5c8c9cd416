"""The tournament file: new, open, import and export TRF, save a copy, the sample, close;
and the tournament settings.

The controller opens and closes :class:`~swissdesk.storage.TournamentFile`\\ s for the
window; every change inside a file goes through the window's action lane
(:meth:`MainWindow.run_action <swissdesk.gui.mainwindow.MainWindow.run_action>`).
"""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from swissdesk.engines import fide_approved, system_title
from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.i18n import N_, SOURCE_LANGUAGE, _, ngettext
from swissdesk.storage import (
    SUFFIX,
    EditSettings,
    LeaveFideMode,
    SetDocumentLanguage,
    TournamentFile,
    TournamentSettings,
    UntrustedFileError,
    default_tournament_directory,
    prepare_import,
    recover_file,
)

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow

# Translators: a file dialog's filter: translate the words, keep "(*.swissdesk)", "(*)" and ";;".
TOURNAMENT_FILTER = N_("swissdesk tournaments (*.swissdesk);;All files (*)")
# Translators: a file dialog's filter: translate the words, keep the patterns and ";;".
TRF_FILTER = N_("FIDE TRF files (*.trf *.txt);;All files (*)")
"""The open and save dialogs' filters (translated where they are shown: ``_(TRF_FILTER)``)."""


def settle_memory() -> None:
    """Keep Python's full garbage collections short while a file is open.

    Everything alive once a file is open (the modules, the widgets, the file's models) is
    moved out of the collector's reach (``gc.freeze``): a full collection then scans only
    what came since. Without it, one took 100-250 ms on a busy 2-core laptop, at any moment
    (typing a result, while pairing); measured with tests/gui/test_gui_responsiveness.py.
    """
    gc.freeze()


def release_memory() -> None:
    """Hand the frozen objects back to the collector (the file was closed)."""
    gc.unfreeze()


class FileController:
    """The File menu, the welcome page's buttons and the tournament settings."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        w = window.welcome
        w.new_requested.connect(self.new_tournament)
        w.open_requested.connect(self.open_dialog)
        w.import_requested.connect(self.import_trf)
        w.sample_requested.connect(self.open_sample)
        w.recent_requested.connect(lambda p: self.open_file(p))

    def show_welcome(self) -> None:
        self.w.welcome.set_recent(self.w.app_settings.recent_files())
        self.w.stack.setCurrentWidget(self.w.welcome)
        self._update_recent_menu()
        self.w.update_enabled()
        self.w.update_title()

    def _update_recent_menu(self) -> None:
        self.w.recent_menu.clear()
        recent = self.w.app_settings.recent_files()
        for p in recent:
            action = self.w.recent_menu.addAction(str(p))
            action.triggered.connect(lambda _c=False, path=str(p): self.open_file(path))
        self.w.recent_menu.setEnabled(bool(recent))

    def _set_file(self, tf: TournamentFile) -> None:
        self.close_tournament()
        self.w.file = tf
        # What was searched in the last tournament means nothing in this one.
        self.w.rounds_page.find_field.clear()
        self.w.players_page.search.clear()
        self.w.statusBar().clearMessage()
        self.w.pairing.explanations = {}
        self.w.app_settings.add_recent(tf.path)
        self._update_recent_menu()
        self.w.stack.setCurrentWidget(self.w.tabs)
        self.w.refresh()
        rounds = self.w.rounds_paired
        self.w.tabs.setCurrentIndex(self.w.PAGE_ROUNDS if rounds else self.w.PAGE_PLAYERS)
        (self.w.rounds_page.table if rounds else self.w.players_page.table).setFocus()
        self.w.saved_label.setText(_("All changes saved"))
        settle_memory()

    def open_file(self, path: str | os.PathLike[str]) -> bool:
        """Open a tournament file (or import a TRF given instead)."""
        p = Path(path)
        if p.suffix.lower() in (".trf", ".txt"):
            return self.import_trf_from(p)
        refused: list[UntrustedFileError] = []

        def open_it() -> TournamentFile | None:
            try:
                return TournamentFile.open(p)
            except UntrustedFileError as exc:
                refused.append(exc)
                return None

        tf = self.w.guarded(_("Open {name}").format(name=p.name), open_it)
        if refused:
            return self.offer_clean_copy(refused[0])
        if tf is None:
            if not p.exists():
                self.w.app_settings.remove_recent(p)
                self.w.welcome.set_recent(self.w.app_settings.recent_files())
            return False
        self._set_file(tf)
        return True

    def offer_clean_copy(self, refused: UntrustedFileError) -> bool:
        """A file whose schema is not swissdesk's: say why it is not opened, and offer to copy
        its tournament into a clean file (then open that)."""
        p = refused.path
        message = _(
            "{name} holds database definitions that swissdesk never writes. They could change results behind your back, so swissdesk does not open this file (it was not changed).\n\nCopy its tournament into a clean file? Only the tournament is copied (players, rounds, results, the audit log); nothing the file defines."
        ).format(name=p.name)
        if not self.w.prompter.confirm(
            _("Open {name}").format(name=p.name), message, refused.differences[:6]
        ):
            return False
        stem = p.name[: -len(SUFFIX)] if p.name.endswith(SUFFIX) else p.stem
        suggested = _unique(p.with_name(f"{stem} (clean){SUFFIX}"))
        name = self.w.prompter.save_file(
            _("Save the clean copy as"), str(suggested), _(TOURNAMENT_FILTER)
        )
        if not name:
            return False
        target = Path(name)
        if target.suffix != SUFFIX:
            target = target.with_name(target.name + SUFFIX)
        if self.w.guarded(_("Copy into a clean file"), lambda: recover_file(p, target)) is None:
            return False
        tf = self.w.guarded(
            _("Open {name}").format(name=target.name), lambda: TournamentFile.open(target)
        )
        if tf is None:
            return False
        self._set_file(tf)
        self.w.mark_saved(_("copied {name} into a clean file").format(name=p.name))
        return True

    def open_dialog(self) -> None:
        name = self.w.prompter.open_file(
            _("Open tournament"), str(self._folder()), _(TOURNAMENT_FILTER)
        )
        if name:
            self.open_file(name)

    def _folder(self) -> Path:
        if self.w.file is not None:
            return self.w.file.path.parent
        recent = self.w.app_settings.recent_files()
        return recent[0].parent if recent else default_tournament_directory()

    def new_tournament(self) -> None:
        from swissdesk.engines import system_names
        from swissdesk.gui.team_pages import TeamTournamentDialog

        dialog = TeamTournamentDialog(system_names(), parent=self.w)
        if not self.w.prompter.run_dialog(dialog):
            return
        settings = dialog.settings()
        folder = self._folder()
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        suggested = folder / f"{_safe_name(settings.name)}{SUFFIX}"
        name = self.w.prompter.save_file(
            _("Save the new tournament as"), str(suggested), _(TOURNAMENT_FILTER)
        )
        if not name:
            return
        if not self.create_tournament(Path(name), settings):
            return
        if settings.is_team:
            self.w.teams.after_create(dialog.team_settings())  # boards, colours, match points
        if dialog.document_language() != SOURCE_LANGUAGE:  # a new file prints in English
            self.set_document_language(dialog.document_language())

    def create_tournament(self, path: Path, settings: TournamentSettings) -> bool:
        if path.suffix != SUFFIX:
            path = path.with_name(path.name + SUFFIX)
        tf = self.w.guarded(_("New tournament"), lambda: TournamentFile.create(path, settings))
        if tf is None:
            return False
        self._set_file(tf)
        self.w.mark_saved(_("created {name}").format(name=repr(settings.name)))
        return True

    def import_trf(self) -> None:
        name = self.w.prompter.open_file(_("Import a TRF file"), str(self._folder()), _(TRF_FILTER))
        if name:
            self.import_trf_from(Path(name))

    def import_trf_from(self, trf: Path, target: Path | None = None) -> bool:
        if target is None:
            suggested = self._folder() / f"{trf.stem}{SUFFIX}"
            name = self.w.prompter.save_file(
                _("Save the imported tournament as"), str(suggested), _(TOURNAMENT_FILTER)
            )
            if not name:
                return False
            target = Path(name)
        if target.suffix != SUFFIX:
            target = target.with_name(target.name + SUFFIX)
        final = target
        # Read and check every round against the pairing rules (C.02 VCL Q54): a round that
        # breaks them is a Level-3 warning, and '### Import @ Round n' when imported anyway.
        prepared = self.w.guarded(_("Import TRF"), lambda: prepare_import(trf))
        if prepared is None:
            return False
        level = 0
        warnings = prepared.warnings()
        if warnings:
            level = self.w.prompter.confirm_level(
                _("Import {name}").format(name=trf.name),
                ngettext(
                    "{count} round of {name} breaks the pairing rules. Import it anyway? It is recorded as '### Import @ Round n' in the tournament's audit log and TRF.",
                    "{count} rounds of {name} break the pairing rules. Import it anyway? Each is recorded as '### Import @ Round n' in the tournament's audit log and TRF.",
                    len(warnings),
                ).format(count=len(warnings), name=trf.name),
                warnings,
            )
            if not level:
                return False
        tf = self.w.guarded(
            _("Import TRF"), lambda: TournamentFile.from_prepared(final, prepared, confirmed=level)
        )
        if tf is None:
            return False
        self._set_file(tf)
        self.w.mark_saved(_("imported {name}").format(name=trf.name))
        self._say_what_was_read(tf, trf)
        return True

    def _say_what_was_read(self, tf: TournamentFile, trf: Path) -> None:
        """After an import: the system and the acceleration swissdesk read from the file
        (a record 192 code such as ``FIDE_DUTCH_2025_BAKU`` shows no virtual points)."""
        from swissdesk.trf.system_code import describe_reading

        settings = self.w.tournament_settings
        if settings is None:
            return
        lines: list[str] | None = []
        if not settings.is_team:
            lines = self.w.guarded(_("Import TRF"), lambda: describe_reading(tf.snapshot()))
        notes = self.w.guarded(_("Import TRF"), tf.import_notes) or []
        events = self.w.guarded(_("Import TRF"), tf.integrity_log) or []
        lines = [*(lines or []), *notes, *(e.trf_line for e in events)]
        if not settings.fide_mode:
            lines.append(_("the tournament is not in FIDE mode"))
        if not lines:
            return
        players = len(self.w.player_rows)
        rounds = self.w.rounds_paired
        head = _("{file}: {players}, {rounds} paired.").format(
            file=trf.name,
            players=ngettext("{count} player", "{count} players", players).format(count=players),
            rounds=ngettext("{count} round", "{count} rounds", rounds).format(count=rounds),
        )
        text = "\n".join(
            line if line.startswith("###") else line[0].upper() + line[1:] + "." for line in lines
        )
        self.w.statusBar().showMessage(
            _("Imported {file}: {notes}").format(file=trf.name, notes="; ".join(lines)), 30_000
        )
        self.w.prompter.info(_("Imported"), f"{head}\n\n{text}")

    def export_trf(self) -> None:
        if self.w.file is None:
            return
        suggested = self.w.export_folder() / f"{self.w.file.path.stem}.trf"
        name = self.w.prompter.save_file(_("Export TRF"), str(suggested), _(TRF_FILTER))
        if name and self.export_trf_to(Path(name)):
            self.w.remember_export_folder(Path(name))

    def export_trf_to(self, path: Path) -> bool:
        """Write the tournament (all complete rounds) as a FIDE TRF file."""
        if self.w.file is None:
            return False
        tf = self.w.file

        def write() -> bool:
            from swissdesk.outputs import refuse_overwriting
            from swissdesk.tiebreaks.trf_ranks import with_current_ranks
            from swissdesk.trf import write_trf
            from swissdesk.trf.writer import check_exportable

            refuse_overwriting(path, [tf.path])
            snapshot = tf.snapshot()
            check_exportable(snapshot)  # no TRF with an adjourned game open (Q169)
            write_trf(with_current_ranks(snapshot), path, version=tf.trf_version())
            return True

        if self.w.guarded(_("Export TRF"), write) is None:
            return False
        self.w.statusBar().showMessage(_("Exported {path}").format(path=path), 8000)
        return True

    def save_copy(self) -> None:
        if self.w.file is None:
            return
        tf = self.w.file
        suggested = tf.path.with_name(f"{tf.path.stem} copy{SUFFIX}")
        name = self.w.prompter.save_file(_("Save a copy as"), str(suggested), _(TOURNAMENT_FILTER))
        if name:
            self.w.guarded(_("Save a copy"), lambda: tf.save_copy(name))

    def open_sample(self) -> None:
        """Copy the shipped sample tournament to a writable place and open it."""
        from swissdesk.gui.sample import sample_file

        source = sample_file()
        if source is None:
            self.w.prompter.error(
                _("Sample tournament"), _("The sample tournament is not installed.")
            )
            return
        folder = default_tournament_directory()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target = _unique(folder / source.name)
            shutil.copyfile(source, target)
        except OSError as exc:
            self.w.prompter.error(
                _("Sample tournament"), _("Cannot copy the sample: {exc}").format(exc=exc)
            )
            return
        self.open_file(target)

    def close_tournament(self) -> None:
        if self.w.file is None:
            return
        self.w.controller.shutdown()
        self.w.venue.stop_serving()  # it served this file
        tf = self.w.file
        self.w.file = None
        tf.close()
        release_memory()
        self.w.players_cache = []
        self.w.manual_phase = None
        self.w.tournament_settings = None
        self.w.rounds.view = None
        self.show_welcome()

    def edit_settings(self) -> None:
        if self.w.tournament_settings is None:
            return
        from swissdesk.engines import system_names

        tf = self.w.file
        language = tf.document_language() if tf is not None else None
        dialog = TournamentDialog(
            system_names(),
            self.w.tournament_settings,
            self.w,
            title=_("Tournament settings"),
            document_language=language,
        )
        if not self.w.prompter.run_dialog(dialog):
            return
        settings = dialog.settings()
        # After round 1 a change of the rounds or the tie-breaks is a Level-4 warning (asked
        # by the action lane) and a '### Configuration' line. Only the language changed: one
        # action, one step of undo.
        if settings != self.w.tournament_settings or dialog.document_language() == language:
            done = self.w.run_action(EditSettings(settings), _("Tournament settings"))
            if done is None:
                return
        if dialog.document_language() != language:
            self.set_document_language(dialog.document_language())

    def set_document_language(self, language: str) -> None:
        """Print the tournament's documents and show its venue pages in ``language`` (an
        audited action of its own, undone like any other; issue 38)."""
        self.w.run_action(SetDocumentLanguage(language), _("Language of documents"))

    def chess960(self) -> None:
        """Edit > Chess960…: play Chess960 from the next round paired (each round's starting
        position drawn at random, shown on the round page and printed on the pairings;
        C.02 VCL Q222), or standard chess again."""
        tf = self.w.file
        if tf is None:
            return
        state = self.w.guarded(_("Chess960"), tf.chess960)
        if state is None:
            return
        from swissdesk.model.chess960 import describe
        from swissdesk.storage import SetChess960

        drawn = "\n".join(
            _("Round {number}: {position}").format(number=r, position=describe(n))
            for r, n in sorted((state.positions or {}).items())
        )
        choice = self.w.prompter.choose(
            _("Chess960"),
            (
                _("The tournament plays Chess960.")
                if state.on
                else _("The tournament plays standard chess.")
            )
            + " "
            + _(
                "With Chess960 each round paired gets a starting position drawn at random, the "
                "same for every board."
            )
            + (f"\n\n{drawn}" if drawn else ""),
            [_("Chess960"), _("Standard chess")],
        )
        if choice is None or (choice == 0) == state.on:
            return
        self.w.run_action(SetChess960(choice == 0), _("Chess960"))

    def leave_fide_mode(self) -> None:
        """Edit > Leave FIDE mode…: the reason, then the Level-4 double confirmation the
        action lane asks (C.02 VCL Q43); the tournament never enters FIDE mode again."""
        settings = self.w.tournament_settings
        if settings is None:
            return
        if not settings.fide_mode:
            if fide_approved(settings.system):
                why = _("This tournament is not in FIDE mode.")
            else:
                why = _(
                    "This tournament is not in FIDE mode: {system} is not a FIDE-approved system."
                ).format(system=system_title(settings.system))
            self.w.prompter.info(_("FIDE mode"), why)
            return
        reason = self.w.prompter.ask_text(
            _("Leave FIDE mode"),
            _("Why does the tournament leave FIDE mode? (recorded in the audit log and the TRF)"),
        )
        if reason is None:
            return
        self.w.run_action(LeaveFideMode(reason=reason), _("Leave FIDE mode"))


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
