"""Players > Later ratings…: the ratings of a later rating period in an event over 30 days
(FIDE's checklist for tournament programs, C.02 VCL Q212-213).

One table for the whole section: each player's first rating and the rating held from the
round chosen on (empty: none from that round). The arbiter types the figures of the new
monthly list (and may name it, such as ``FIDE 2027-01``); OK stores them as one action
(:class:`~swissdesk.storage.SetLaterRatings`), undoable.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHeaderView,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.i18n import _
from swissdesk.model.ratings import PlayerRatings
from swissdesk.storage.views import PlayerRow


class LaterRatingsDialog(ValidatedDialog):
    """Type the ratings every player holds from a later round on."""

    NUMBER, NAME, FIRST, LATER = range(4)

    def __init__(
        self,
        players: Sequence[PlayerRow],
        total_rounds: int,
        first_round: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Later ratings (event over 30 days)"), parent)
        self.rows = sorted(players, key=lambda p: p.tpn)
        self.round = QSpinBox()
        self.round.setRange(2, max(2, total_rounds))
        self.round.setValue(min(max(2, first_round), max(2, total_rounds)))
        self.round.setToolTip(_("The first round played under the new rating list"))
        self.round.setMinimumWidth(self.fontMetrics().horizontalAdvance("00") + 48)
        self.list_name = QLineEdit()
        self.list_name.setPlaceholderText(_("e.g. FIDE 2027-01 (empty: typed by the arbiter)"))
        self.table = QTableWidget(len(self.rows), 4)
        self.table.setHorizontalHeaderLabels(
            [_("No."), _("Name"), _("First rating"), _("From round")]
        )
        self.table.verticalHeader().setVisible(False)
        for i, row in enumerate(self.rows):
            for column, text in (
                (self.NUMBER, str(row.tpn)),
                (self.NAME, row.name),
                (self.FIRST, str(row.tournament_rating or "")),
            ):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(i, column, item)
        header = self.table.horizontalHeader()
        for column in (self.NUMBER, self.FIRST, self.LATER):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.NAME, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setMinimumHeight(260)
        self.form.addRow(_("From &round:"), self.round)
        self.form.addRow(_("Rating &list:"), self.list_name)
        self.form.addRow(self.table)
        self.set_note(
            _(
                "Type each player's rating from the round chosen on; leave it empty for none. "
                "Which ratings the rating tie-breaks read is a tournament setting (the first "
                "ratings by default)."
            )
        )
        self.round.valueChanged.connect(self._fill)
        self._fill()
        self.resize(520, 520)

    def _held(self, ratings: PlayerRatings | None) -> int:
        for later in (ratings or PlayerRatings()).later:
            if later.from_round == self.round.value():
                return later.rating.value
        return 0

    def _fill(self) -> None:
        self.table.setHorizontalHeaderItem(
            self.LATER, QTableWidgetItem(_("From round {number}").format(number=self.round.value()))
        )
        for i, row in enumerate(self.rows):
            held = self._held(row.ratings)
            self.table.setItem(i, self.LATER, QTableWidgetItem(str(held) if held else ""))

    def _typed(self) -> tuple[dict[int, int], list[str]]:
        values: dict[int, int] = {}
        problems: list[str] = []
        for i, row in enumerate(self.rows):
            item = self.table.item(i, self.LATER)
            text = item.text().strip() if item is not None else ""
            if not text:
                values[row.tpn] = 0
            elif text.isdigit() and 0 <= int(text) <= 9999:
                values[row.tpn] = int(text)
            else:
                problems.append(
                    _("no. {number}: {text} is no rating (0 to 9999)").format(
                        number=row.tpn, text=repr(text)
                    )
                )
        return values, problems

    def problems(self) -> list[str]:
        _values, found = self._typed()
        if not found and not self.changes():
            found.append(
                _("no rating from round {number} changed").format(number=self.round.value())
            )
        return found

    def changes(self) -> tuple[tuple[int, int], ...]:
        """``(TPN, rating)`` of every player whose rating from the chosen round changed
        (0: removed)."""
        values, _ = self._typed()
        by_tpn = {row.tpn: row for row in self.rows}
        return tuple(
            (tpn, value)
            for tpn, value in values.items()
            if value != self._held(by_tpn[tpn].ratings)
        )

    def source(self) -> tuple[str, str]:
        """Where the ratings come from: ``("FIDE", "2027-01")``; ``("", "")``: typed."""
        words = self.list_name.text().split()
        if not words:
            return "", ""
        last = words[-1]
        if len(words) > 1 and len(last) == 7 and last[4] == "-" and last.replace("-", "").isdigit():
            return " ".join(words[:-1]), last
        return " ".join(words), ""
