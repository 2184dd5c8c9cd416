"""The event's sections in the window (issue 33): the section bar, switching sections,
adding and removing them, the registration desk (all sections' players, check-in), moving a
player to another section, and the players not checked in when round 1 is paired.

The window shows one section at a time: ``window.file`` is that section's handle of the
open event (:meth:`TournamentFile.section <swissdesk.storage.TournamentFile.section>`), so
every page, print job and action is the section's. F6 and Shift+F6 switch to the next and
the previous section; the section bar above the pages shows which one is open.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QToolBar, QWidget

from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.i18n import _, ngettext
from swissdesk.storage import (
    AddSection,
    ByeKind,
    CheckIn,
    EventPlayerRow,
    MarkAbsentees,
    MovePlayer,
    RemoveSection,
    RenameEvent,
    SectionInfo,
)

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow


def section_label(info: SectionInfo) -> str:
    """ "Open B · round 3 of 7 · 48 players" (the section bar and its list)."""
    count = info.players
    who = (
        ngettext("{count} team", "{count} teams", count)
        if info.is_team
        else ngettext("{count} player", "{count} players", count)
    ).format(count=count)
    progress = (
        _("round {number} of {total}").format(number=info.rounds_paired, total=info.total_rounds)
        if info.rounds_paired
        else ngettext(
            "{count} round, not started", "{count} rounds, not started", info.total_rounds
        ).format(count=info.total_rounds)
    )
    name = info.name or _("(unnamed)")
    return f"{name} · {progress} · {who}"


class SectionChoiceDialog(ValidatedDialog):
    """Choose a section of the event (moving a player, adding one at the desk)."""

    def __init__(
        self,
        title: str,
        question: str,
        sections: list[SectionInfo],
        parent: QWidget | None = None,
        *,
        current: int | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.sections = sections
        self.choice = QComboBox()
        for info in sections:
            self.choice.addItem(section_label(info), info.id)
        if current is not None:
            self.choice.setCurrentIndex(max(0, self.choice.findData(current)))
        self.form.addRow(QLabel(question))
        self.form.addRow(_("&Section:"), self.choice)
        self.resize(440, 0)

    def problems(self) -> list[str]:
        return [] if self.choice.count() else [_("the event has no other section")]

    def section_id(self) -> int:
        return int(self.choice.currentData())


class SectionsController:
    """The Event menu, the section bar and the desk page (see the module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.bar = QToolBar(_("Section"))
        self.bar.setObjectName("section_bar")
        self.bar.setMovable(False)
        self.bar.addWidget(QLabel(" " + _("Section:") + " "))
        self.combo = QComboBox()
        self.combo.setMinimumContentsLength(36)
        self.combo.setToolTip(_("The section shown (F6: next section, Shift+F6: previous)"))
        self.combo.activated.connect(self._chosen)
        self.bar.addWidget(self.combo)
        self.event_label = QLabel()
        self.event_label.setContentsMargins(12, 0, 0, 0)
        self.bar.addWidget(self.event_label)
        hint = QLabel("   " + _("F6: next section · Shift+F6: previous"))
        hint.setStyleSheet("color: gray;")
        self.bar.addWidget(hint)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.bar)
        self.bar.setVisible(False)
        page = window.desk_page
        page.table.toggle_requested.connect(self.toggle_check_in)
        page.table.open_requested.connect(self.open_selected)
        page.table.doubleClicked.connect(lambda _i: self.open_selected())
        page.check_in_button.clicked.connect(self.toggle_check_in)
        page.add_button.clicked.connect(self.add_player_at_desk)
        page.move_button.clicked.connect(self.move_player)

    # -- the section bar and switching -------------------------------------------------

    @property
    def several(self) -> bool:
        return len(self.w.sections) > 1

    def update_bar(self) -> None:
        """The bar lists the sections (shown when the event has more than one)."""
        current = self.w.file.section_id if self.w.file is not None else None
        self.combo.blockSignals(True)
        self.combo.clear()
        for info in self.w.sections:
            self.combo.addItem(section_label(info), info.id)
        self.combo.setCurrentIndex(max(0, self.combo.findData(current)))
        self.combo.blockSignals(False)
        self.event_label.setText(self.w.event_name)
        self.bar.setVisible(self.w.file is not None and self.several)
        actions = self.w.menu_actions
        for key in ("next_section", "previous_section", "hall_boards"):
            actions[key].setEnabled(self.w.file is not None and self.several)
        actions["remove_section"].setEnabled(self.w.file is not None and self.several)
        actions["move_to_section"].setEnabled(self.w.file is not None and self.several)

    def _chosen(self, index: int) -> None:
        data = self.combo.itemData(index)
        if data is not None:
            self.w.switch_section(int(data))

    def next_section(self, step: int = 1) -> None:
        """F6 (Shift+F6: ``step=-1``): the next (previous) section, round the event."""
        if self.w.file is None or not self.several:
            return
        ids = [s.id for s in self.w.sections]
        here = ids.index(self.w.file.section_id) if self.w.file.section_id in ids else 0
        self.w.switch_section(ids[(here + step) % len(ids)])

    def previous_section(self) -> None:
        self.next_section(-1)

    # -- the Event menu ------------------------------------------------------------------

    def add_section(self) -> None:
        """Event > Add section: a new tournament of the event (its own settings)."""
        if self.w.file is None:
            return
        from swissdesk.engines import system_names
        from swissdesk.gui.team_pages import TeamTournamentDialog

        dialog = TeamTournamentDialog(system_names(), parent=self.w)
        dialog.setWindowTitle(_("Add section"))
        dialog.hide_document_language()
        if not self.w.prompter.run_dialog(dialog):
            return
        settings = dialog.settings()
        if self.w.run_action(AddSection(settings), _("Add section")) is None:
            return
        new = next((s for s in self.w.sections if s.name == settings.name), None)
        if new is not None:
            self.w.switch_section(new.id)
            if settings.is_team:
                self.w.teams.after_create(dialog.team_settings())

    def remove_section(self) -> None:
        """Event > Remove section: the open section, when it has no players."""
        if self.w.file is None or not self.several:
            return
        info = next((s for s in self.w.sections if s.id == self.w.file.section_id), None)
        if info is None:
            return
        if info.players:
            self.w.prompter.error(
                _("Remove section"),
                ngettext(
                    "{section} has {count} player: move or remove them first (a section with "
                    "players is never removed).",
                    "{section} has {count} players: move or remove them first (a section with "
                    "players is never removed).",
                    info.players,
                ).format(section=info.name, count=info.players),
            )
            return
        if self.w.prompter.confirm(
            _("Remove section"), _("Remove the section {name}?").format(name=info.name)
        ):
            self.w.run_action(RemoveSection(info.id), _("Remove section"))

    def rename_event(self) -> None:
        """Event > Event name: the heading of the lists of all sections."""
        if self.w.file is None:
            return
        dialog = EventNameDialog(self.w.event_name, self.w)
        if self.w.prompter.run_dialog(dialog):
            self.w.run_action(RenameEvent(dialog.name.text().strip()), _("Event name"))

    # -- the registration desk -------------------------------------------------------------

    def refresh_desk(self) -> None:
        tf = self.w.file
        if tf is None:
            return
        rows = self.w.guarded(_("All sections"), tf.event_players)
        if rows is not None:
            self.w.desk_page.set_players(rows, several=self.several)

    def toggle_check_in(self) -> None:
        """Space on the desk page: tick the selected players in (all of them already in:
        take it back), one action per section."""
        page = self.w.desk_page
        chosen = page.selected()
        if self.w.file is None or not chosen:
            return
        present = not all(r.player.checked_in for r in chosen)
        by_section: dict[int, list[int]] = defaultdict(list)
        for row in chosen:
            if row.player.checked_in != present:
                by_section[row.section_id].append(row.player.tpn)
        for section_id, tpns in by_section.items():
            action = CheckIn(tuple(tpns), present=present)
            self.w.run_action(action, _("Check-in"), section=section_id)

    def open_selected(self) -> None:
        """Enter on the desk page: the player's section, on its players page."""
        chosen = self.w.desk_page.selected()
        if not chosen:
            return
        row: EventPlayerRow = chosen[0]
        if not self.w.switch_section(row.section_id):
            return
        self.w.show_page(self.w.PAGE_PLAYERS)
        self.w.players_page.select_tpn(row.player.tpn)

    def add_player_at_desk(self) -> None:
        self.w.players.add_player()

    def move_player(self) -> None:
        """Players > Move to another section: the selected player (players page or desk)
        to a section the arbiter chooses (before the player's section pairs round 1)."""
        if self.w.file is None or not self.several:
            return
        section_id, tpn, name = self._selected_player()
        if tpn is None:
            self.w.prompter.info(
                _("Move to another section"), _("Select a player in the players list first.")
            )
            return
        others = [s for s in self.w.sections if s.id != section_id]
        dialog = SectionChoiceDialog(
            _("Move to another section"),
            _("Move no. {number} {name} to:").format(number=tpn, name=name),
            others,
            self.w,
        )
        if self.w.prompter.run_dialog(dialog):
            action = MovePlayer(tpn, dialog.section_id())
            self.w.run_action(action, _("Move to another section"), section=section_id)

    def _selected_player(self) -> tuple[int | None, int | None, str]:
        if self.w.tabs.currentIndex() == self.w.PAGE_DESK:
            chosen = self.w.desk_page.selected()
            if chosen:
                return chosen[0].section_id, chosen[0].player.tpn, chosen[0].player.name
            return None, None, ""
        tpn = self.w.players_page.selected_tpn()
        row = next((p for p in self.w.player_rows if p.tpn == tpn), None)
        if row is None or self.w.file is None:
            return None, None, ""
        return self.w.file.section_id, row.tpn, row.name

    # -- pairing round 1 with check-in -------------------------------------------------------

    def confirm_absentees(self, round_number: int) -> bool:
        """Before a round is paired: the players not checked in, when check-in is used.
        Returns whether pairing may go on (after setting them absent, or pairing them
        anyway); the arbiter decides, nothing happens without the confirmation."""
        tf = self.w.file
        if tf is None or not any(p.checked_in for p in self.w.player_rows):
            return True
        missing = self.w.guarded(_("Check-in"), lambda: tf.not_checked_in(round_number))
        if not missing:
            return True
        names = [_("no. {number} {name}").format(number=p.tpn, name=p.name) for p in missing]
        if self.w.prompter.confirm(
            _("Players not checked in"),
            ngettext(
                "{count} player did not check in for round {round}. Set them absent for this "
                "round (not paired, no points)?",
                "{count} players did not check in for round {round}. Set them absent for this "
                "round (not paired, no points)?",
                len(missing),
            ).format(count=len(missing), round=round_number)
            + "\n\n"
            + _("No: pair them anyway."),
            names,
            default_yes=True,
        ):
            action = MarkAbsentees(round_number, ByeKind.ABSENT)
            return self.w.run_action(action, _("Players not checked in")) is not None
        return True


class EventNameDialog(ValidatedDialog):
    """The event's own name (empty: named after its sections)."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QLineEdit

        super().__init__(_("Event name"), parent)
        self.name = QLineEdit(name)
        self.name.setPlaceholderText(_("e.g. Bern Chess Weekend (the lists of all sections)"))
        self.form.addRow(_("&Name:"), self.name)
        self.resize(420, 0)

    def problems(self) -> list[str]:
        return []
