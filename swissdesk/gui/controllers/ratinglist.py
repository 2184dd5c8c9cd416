"""The rating list commands: import a downloaded FIDE list (progress, Cancel), and update
the registered players' ratings from it before round 1 as one audited action (issue 20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swissdesk.gui.ratinglist_widgets import (
    RatingListImportDialog,
    RatingUpdateDialog,
    installed_rating_list,
)
from swissdesk.model import timecontrol
from swissdesk.ratinglist import RatingListError, default_rating_list
from swissdesk.ratinglist.update import list_currency, only, proposed_updates
from swissdesk.storage import UpdateRatings

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow

LIST_FILTERS = "FIDE rating lists (*.zip *.xml *.txt);;All files (*)"


class RatingListController:
    """File > Import rating list…, Players > Update ratings from the rating list…"""

    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def update_enabled(self) -> None:
        """Ratings are updated from the list only before round 1 is paired."""
        self.w.menu_actions["update_ratings"].setEnabled(self.w.rounds_paired == 0)

    def import_list(self) -> None:
        path = self.w.prompter.open_file("Import rating list", "", LIST_FILTERS)
        if not path:
            return
        rating_list = default_rating_list()
        dialog = RatingListImportDialog(rating_list, path, self.w)
        self.w.prompter.run_dialog(dialog)
        dialog.stop()
        if dialog.summary is not None:
            s = dialog.summary
            skipped = f"\n{s.skipped:,} records could not be read." if s.skipped else ""
            self.w.prompter.info(
                "Import rating list",
                f"{s.players:,} players imported ({', '.join(s.kinds)}) in {s.seconds:.0f} s."
                f"{skipped}",
            )
            if self.w.file is not None and self.w.rounds_paired == 0 and self.w.player_rows:
                # FIDE's checklist Q139-140: the registered players are checked against a
                # new list at once, not only on request (each change still asked).
                self.update_ratings()
        elif dialog.error:
            self.w.prompter.error("Import rating list", dialog.error)

    def update_ratings(self) -> None:
        rating_list = installed_rating_list()
        if rating_list is None:
            self.w.prompter.info(
                "Update ratings",
                "No rating list has been imported yet (File > Import rating list…).",
            )
            return
        try:
            proposal = proposed_updates(self.w.player_rows, rating_list, self.rating_kind())
        except RatingListError as exc:
            self.w.prompter.error("Update ratings", str(exc))
            return
        notes = []
        if proposal.without_id:
            notes.append(f"{len(proposal.without_id)} players have no FIDE ID (not looked up).")
        if proposal.not_found:
            notes.append(f"{len(proposal.not_found)} FIDE IDs are not in the list.")
        settings = self.w.tournament_settings
        start = settings.start_date if settings is not None else ""
        warning = list_currency(rating_list.sources(), start)
        if not proposal.updates:
            text = ["Every rating is up to date.", *notes]
            if warning:
                text.append(f"Note: {warning}.")
            self.w.prompter.info("Update ratings", " ".join(text))
            return
        n = len(proposal.updates)
        message = " ".join(
            [f"The list changes {n} player{'s' if n != 1 else ''}: untick those to keep.", *notes]
        )
        dialog = RatingUpdateDialog(
            message, [(u.tpn, u.describe()) for u in proposal.updates], warning, self.w
        )
        if not self.w.prompter.run_dialog(dialog):
            return
        chosen = only(proposal, dialog.chosen())
        if chosen.updates:
            command = UpdateRatings(tuple((u.tpn, u.after) for u in chosen.updates))
            self.w.run_action(command, "Update ratings")

    def rating_kind(self) -> str:
        """The tournament's rating type, from its time control code (TRF record 222):
        standard unless the code makes it rapid or blitz."""
        settings = self.w.tournament_settings
        code = settings.time_control_code if settings is not None else ""
        return timecontrol.rating_type(code) if code and timecontrol.is_valid(code) else "standard"
