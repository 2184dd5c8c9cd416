"""The rating list commands: import a downloaded FIDE list (progress, Cancel), download the
lists from inside the program and keep them at most a day old (issue 31, checklist
Q135-136), and update the registered players' ratings from it before round 1 as one audited
action (issue 20)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from swissdesk.gui.ratinglist_download import (
    KEEP_FRESH_KEY,
    DownloadListsDialog,
    DownloadProgressDialog,
    DownloadThread,
)
from swissdesk.gui.ratinglist_formats import ListFormatDialog
from swissdesk.gui.ratinglist_widgets import (
    RatingListImportDialog,
    RatingUpdateDialog,
    installed_rating_list,
)
from swissdesk.i18n import N_, _, ngettext
from swissdesk.model import timecontrol
from swissdesk.ratinglist import RatingListError, default_rating_list
from swissdesk.ratinglist.download import FRESH_HOURS, Refreshed, is_due, planned_downloads
from swissdesk.ratinglist.formats import ListFormat, save_format, saved_formats
from swissdesk.ratinglist.update import list_currency, only, proposed_updates
from swissdesk.storage import UpdateRatings
from swissdesk.translations.formats import format_integer

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow

LIST_FILTERS = N_("Rating lists (*.zip *.xml *.txt *.csv);;All files (*)")
FORMAT_FILTERS = N_("National lists (*.csv *.txt *.zip *.prn *.dat *.tsv);;All files (*)")
CHECK_AFTER_LISTS_KEY = "rating_lists/check_after_update"
"""QSettings key: check the registered players at once after a list is imported or
downloaded (checklist Q138-139; default on)."""
FRESHNESS_CHECK_MS = 3_600_000
"""How often, while the window runs, the kept lists are checked for being due (hourly: a
list is due once more than a day old)."""
FIRST_CHECK_MS = 5_000
"""The first check, once the window is up."""


class RatingListController:
    """File > Import rating list…, Players > Update ratings from the rating list…"""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.auto_thread: DownloadThread | None = None
        self.freshness_timer = QTimer(window)
        self.freshness_timer.setInterval(FRESHNESS_CHECK_MS)
        self.freshness_timer.timeout.connect(self.refresh_due_lists)
        self.freshness_timer.start()
        QTimer.singleShot(FIRST_CHECK_MS, window, self.refresh_due_lists)

    def keep_fresh(self) -> bool:
        """Whether the kept lists are downloaded when due (QSettings, default on)."""
        value = self.w.qsettings.value(KEEP_FRESH_KEY, True)
        return value not in (False, "false", "0", 0)

    def download_lists(self) -> None:
        """File > Download rating lists…: the lists and their addresses, then every list
        downloaded and imported with progress and Cancel (checklist Q136)."""
        rating_list = default_rating_list()
        try:
            planned = planned_downloads(rating_list)
        except RatingListError as exc:
            self.w.prompter.error(_("Download rating lists"), str(exc))
            return
        try:
            formats = list(saved_formats(rating_list))
        except RatingListError as exc:
            self.w.prompter.error(_("Download rating lists"), str(exc))
            return
        dialog = DownloadListsDialog(
            planned, keep_fresh=self.keep_fresh(), formats=formats, parent=self.w
        )
        if not self.w.prompter.run_dialog(dialog):
            return
        self.w.qsettings.setValue(KEEP_FRESH_KEY, dialog.keep_fresh.isChecked())
        try:
            for name in dialog.removed:
                rating_list.forget_download(name)
            for download in dialog.result_downloads:
                rating_list.save_download(download)
        except RatingListError as exc:
            self.w.prompter.error(_("Download rating lists"), str(exc))
            return
        if self.auto_thread is not None:  # the lists are being downloaded already
            self.auto_thread.cancel()
            self.auto_thread.wait()
        progress = DownloadProgressDialog(rating_list, dialog.result_downloads, self.w)
        self.w.prompter.run_dialog(progress)
        progress.stop()
        self._report(progress.done_lists, progress.errors)

    def edit_formats(self) -> None:
        """File > Rating list formats…: define a national list's format, change or delete
        one (checklist Q117)."""
        rating_list = default_rating_list()
        try:
            kept = saved_formats(rating_list)
        except RatingListError as exc:
            self.w.prompter.error(_("Rating list formats"), str(exc))
            return
        fmt: ListFormat | None = None
        if kept:
            options = [_("New format…"), *kept]
            index = self.w.prompter.choose(
                _("Rating list formats"),
                _("Define a national list's format, or change one:"),
                options,
            )
            if index is None:
                return
            fmt = kept[list(kept)[index - 1]] if index else None

        def sample() -> str:
            return self.w.prompter.open_file(_("Sample list"), "", _(FORMAT_FILTERS))

        dialog = ListFormatDialog(fmt, list(kept), sample, self.w)
        if not self.w.prompter.run_dialog(dialog):
            return
        try:
            if dialog.delete_requested and fmt is not None:
                rating_list.forget_format(fmt.name)
                self.w.statusBar().showMessage(
                    _("List format {name} deleted").format(name=fmt.name), 8000
                )
                return
            new = dialog.result_format
            if new is None:
                return
            save_format(rating_list, new)
            if fmt is not None and fmt.name != new.name:
                rating_list.forget_format(fmt.name)
        except RatingListError as exc:
            self.w.prompter.error(_("Rating list formats"), str(exc))
            return
        self.w.statusBar().showMessage(
            _(
                "List format {name} saved: File > Import rating list… reads list {list} with it"
            ).format(name=new.name, list=new.list_name),
            8000,
        )

    def _report(self, done: list[Refreshed], errors: list[str]) -> None:
        lines = [r.describe() for r in done] + errors
        if errors:
            self.w.prompter.error(_("Download rating lists"), "\n".join(lines))
        else:
            self.w.prompter.info(_("Download rating lists"), "\n".join(lines))
        if any(r.summary is not None for r in done):
            self._check_players()

    def check_after_lists(self) -> bool:
        """Whether a new list is checked against the players at once (QSettings, default
        on; the switch is in the Update ratings dialog: checklist Q138)."""
        value = self.w.qsettings.value(CHECK_AFTER_LISTS_KEY, True)
        return value not in (False, "false", "0", 0)

    def _check_players(self) -> None:
        """FIDE's checklist Q139-140: a new list is checked against the registered players
        at once, before round 1 (each change still asked), unless switched off (Q138)."""
        if not self.check_after_lists():
            return
        if self.w.file is not None and self.w.rounds_paired == 0 and self.w.player_rows:
            self.update_ratings()

    def refresh_due_lists(self) -> None:
        """Download, in the background, the kept lists last downloaded more than a day ago
        (checklist Q135: never more than a day old while the program runs). Only lists
        downloaded once before (kept with their address); a failure (offline at the venue)
        is a note in the status bar, never a dialog."""
        if self.auto_thread is not None or not self.keep_fresh():
            return
        rating_list = installed_rating_list()
        if rating_list is None:
            return
        try:
            due = [d for d in rating_list.downloads() if is_due(d, FRESH_HOURS)]
        except RatingListError:
            return
        if not due:
            return
        self.auto_thread = DownloadThread(rating_list, due, self.w)
        self.auto_thread.outcome.connect(self._auto_finished)
        self.w.statusBar().showMessage(
            _("Downloading the rating lists more than a day old ({lists})…").format(
                lists=", ".join(d.name for d in due)
            ),
            10_000,
        )
        self.auto_thread.start()

    def _auto_finished(self, done: list[Refreshed], errors: list[str]) -> None:
        thread = self.auto_thread
        self.auto_thread = None
        if thread is not None:
            thread.wait()
            thread.deleteLater()
        parts = [r.describe() for r in done]
        if errors:
            parts.append(_("not downloaded: {lists}").format(lists="; ".join(errors)))
        if any(r.summary is not None for r in done) and self.w.rounds_paired == 0:
            parts.append(_("Players > Update ratings from the rating list… checks the players"))
        self.w.statusBar().showMessage(
            _("Rating lists: {news}").format(news=" · ".join(parts)), 30_000
        )

    def shutdown(self) -> None:
        """Stop a background download (the window closes); the lists stay as they were."""
        self.freshness_timer.stop()
        if self.auto_thread is not None:
            self.auto_thread.cancel()
            self.auto_thread.wait()
            self.auto_thread = None

    def update_enabled(self) -> None:
        """Ratings are updated from the list only before round 1 is paired."""
        self.w.menu_actions["update_ratings"].setEnabled(self.w.rounds_paired == 0)

    def import_list(self) -> None:
        title = _("Import rating list")
        path = self.w.prompter.open_file(title, "", _(LIST_FILTERS))
        if not path:
            return
        rating_list = default_rating_list()
        try:
            kept = saved_formats(rating_list)
        except RatingListError as exc:
            self.w.prompter.error(title, str(exc))
            return
        fmt: ListFormat | None = None
        if kept:
            # A national list in its own layout is read with a custom format (Q117).
            options = [_("FIDE's layout (XML or TXT)")] + [
                _("{format}: list {list}").format(format=f.name, list=f.list_name)
                for f in kept.values()
            ]
            index = self.w.prompter.choose(
                title, _("How is {file} laid out?").format(file=Path(path).name), options
            )
            if index is None:
                return
            fmt = list(kept.values())[index - 1] if index else None
        dialog = RatingListImportDialog(rating_list, path, self.w, fmt)
        self.w.prompter.run_dialog(dialog)
        dialog.stop()
        if dialog.summary is not None:
            s = dialog.summary
            skipped = (
                "\n"
                + ngettext(
                    "{count} record could not be read.",
                    "{count} records could not be read.",
                    s.skipped,
                ).format(count=format_integer(s.skipped))
                if s.skipped
                else ""
            )
            self.w.prompter.info(
                title,
                ngettext(
                    "{count} player imported ({lists}) in {seconds} s.",
                    "{count} players imported ({lists}) in {seconds} s.",
                    s.players,
                ).format(
                    count=format_integer(s.players),
                    lists=", ".join(s.kinds),
                    seconds=f"{s.seconds:.0f}",
                )
                + skipped,
            )
            self._check_players()
        elif dialog.error:
            self.w.prompter.error(title, dialog.error)

    def update_ratings(self) -> None:
        rating_list = installed_rating_list()
        if rating_list is None:
            self.w.prompter.info(
                _("Update ratings"),
                _("No rating list has been imported yet (File > Import rating list…)."),
            )
            return
        try:
            proposal = proposed_updates(self.w.player_rows, rating_list, self.rating_kind())
        except RatingListError as exc:
            self.w.prompter.error(_("Update ratings"), str(exc))
            return
        notes = []
        if proposal.without_id:
            n = len(proposal.without_id)
            notes.append(
                ngettext(
                    "{count} player has no FIDE ID (not looked up).",
                    "{count} players have no FIDE ID (not looked up).",
                    n,
                ).format(count=n)
            )
        if proposal.not_found:
            n = len(proposal.not_found)
            notes.append(
                ngettext(
                    "{count} FIDE ID is not in the list.",
                    "{count} FIDE IDs are not in the list.",
                    n,
                ).format(count=n)
            )
        settings = self.w.tournament_settings
        start = settings.start_date if settings is not None else ""
        warning = list_currency(rating_list.sources(), start)
        if not proposal.updates:
            text = [_("Every rating is up to date."), *notes]
            if warning:
                text.append(_("Note: {warning}.").format(warning=warning))
            self.w.prompter.info(_("Update ratings"), " ".join(text))
            return
        n = len(proposal.updates)
        changes = ngettext(
            "The list changes {count} player: untick those to keep.",
            "The list changes {count} players: untick those to keep.",
            n,
        ).format(count=n)
        message = " ".join([changes, *notes])
        dialog = RatingUpdateDialog(
            message,
            [(u.tpn, u.describe()) for u in proposal.updates],
            warning,
            self.w,
            check_after_lists=self.check_after_lists(),
        )
        accepted = self.w.prompter.run_dialog(dialog)
        self.w.qsettings.setValue(CHECK_AFTER_LISTS_KEY, dialog.check_after_lists.isChecked())
        if not accepted:
            return
        chosen = only(proposal, dialog.chosen())
        if chosen.updates:
            command = UpdateRatings(tuple((u.tpn, u.after) for u in chosen.updates))
            self.w.run_action(command, _("Update ratings"))

    def rating_kind(self) -> str:
        """The tournament's rating type, from its time control code (TRF record 222):
        standard unless the code makes it rapid or blitz."""
        settings = self.w.tournament_settings
        code = settings.time_control_code if settings is not None else ""
        return timecontrol.rating_type(code) if code and timecontrol.is_valid(code) else "standard"
