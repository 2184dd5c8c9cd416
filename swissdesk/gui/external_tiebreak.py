"""Players > External tie-break values…: values decided outside the program — a play-off or
armageddon result, a value given by the chief arbiter — ranking as one more tie-break (FIDE's
checklist for tournament programs, C.02 VCL Q207), or a drawing of lots among the players
still tied (Q204).

One table for the section: each player's place and points in the standings shown, and the
value (empty: none). The heading, the direction (points: higher first; a place: lower
first) and the position among the declared tie-breaks are chosen above it. OK stores it all
as one action (:class:`~swissdesk.storage.SetExternalTiebreak`), undoable; "Draw lots for
the ties" closes the dialog and runs :class:`~swissdesk.storage.DrawLotsForTies`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from swissdesk.gui.dialog_base import ValidatedDialog
from swissdesk.gui.tablemodel import points
from swissdesk.i18n import _, localize_number
from swissdesk.model.external_tiebreak import (
    LABEL_LIMIT,
    ExternalTiebreak,
    format_value,
    label_problem,
    parse_value,
)
from swissdesk.tiebreaks import Standings


class ExternalTiebreakDialog(ValidatedDialog):
    """Enter each player's external tie-break value."""

    NUMBER, NAME, PLACE, POINTS, VALUE = range(5)

    def __init__(
        self,
        players: Sequence[tuple[int, str]],
        external: ExternalTiebreak,
        declared: Sequence[str],
        standings: Standings | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("External tie-break values"), parent)
        self.external = external
        self.draw_requested = False
        places = {row.tpn: row for row in standings.rows} if standings is not None else {}
        # The standings' order (the ties side by side), then whoever they leave out.
        order = {tpn: i for i, tpn in enumerate(places)}
        self.players = sorted(players, key=lambda p: (order.get(p[0], len(order)), p[0]))
        self.label = QLineEdit(external.label)
        self.label.setMaxLength(LABEL_LIMIT)
        self.order = QComboBox()
        self.order.addItem(_("Higher value first (points)"), False)
        self.order.addItem(_("Lower value first (a place)"), True)
        self.order.setCurrentIndex(1 if external.lower_first else 0)
        self.position = QComboBox()
        self.position.addItem(_("Right after the points"), 0)
        for i, code in enumerate(declared[:-1], start=1):
            self.position.addItem(_("After {code}").format(code=code), i)
        self.position.addItem(_("After all the declared tie-breaks"), None)
        at = external.after if external.after is not None and external.after < len(declared) else None
        self.position.setCurrentIndex(max(0, self.position.findData(at)))
        self.table = QTableWidget(len(self.players), 5)
        self.table.setHorizontalHeaderLabels(
            [_("No."), _("Name"), _("Place"), _("Points"), _("Value")]
        )
        self.table.verticalHeader().setVisible(False)
        for i, (tpn, name) in enumerate(self.players):
            row = places.get(tpn)
            for column, text in (
                (self.NUMBER, str(tpn)),
                (self.NAME, name),
                (self.PLACE, row.rank_label if row is not None else ""),
                (self.POINTS, points(row.points) if row is not None else ""),
            ):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(i, column, item)
            # In the arbiter's language ("1,5" in German), as parse_value reads it back.
            value = QTableWidgetItem(localize_number(format_value(external.values.get(tpn))))
            self.table.setItem(i, self.VALUE, value)
        header = self.table.horizontalHeader()
        for column in (self.NUMBER, self.PLACE, self.POINTS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.NAME, QHeaderView.ResizeMode.Stretch)
        # room to type a value such as -12.25 whatever the heading's length
        header.setSectionResizeMode(self.VALUE, QHeaderView.ResizeMode.Fixed)
        self.table.setColumnWidth(
            self.VALUE,
            max(
                self.fontMetrics().horizontalAdvance("-0000.00"),
                self.fontMetrics().horizontalAdvance(_("Value")),
            )
            + 24,
        )
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setMinimumHeight(260)
        self.form.addRow(_("&Heading:"), self.label)
        self.form.addRow(_("&Order:"), self.order)
        self.form.addRow(_("&Ranks:"), self.position)
        self.form.addRow(self.table)
        self.set_note(
            _(
                "Type each value decided outside the program (a play-off or armageddon "
                "result, a value given by the chief arbiter); leave it empty for none. A "
                "player without a value comes after those with one. 'Draw lots for the "
                "ties' draws the places of the players the declared tie-breaks leave tied; "
                "drawing again gives the same result."
            )
        )
        self.draw = self.buttons.addButton(
            _("&Draw lots for the ties"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.draw.setEnabled(not external.in_use)
        self.draw.clicked.connect(self._draw)
        self.resize(560, 560)

    def _draw(self) -> None:
        self.draw_requested = True
        self.accept()

    def _typed(self) -> tuple[list[tuple[int, str]], list[str]]:
        values: list[tuple[int, str]] = []
        problems: list[str] = []
        for i, (tpn, _name) in enumerate(self.players):
            item = self.table.item(i, self.VALUE)
            text = item.text().strip() if item is not None else ""
            if text:
                try:
                    parse_value(text)
                except ValueError:
                    problems.append(
                        _(
                            "no. {tpn}: {value} is not a value "
                            "(for example {whole}, {half} or {negative})"
                        ).format(
                            tpn=tpn,
                            value=repr(text),
                            whole=localize_number("2"),
                            half=localize_number("1.5"),
                            negative=localize_number("-1"),
                        )
                    )
                    continue
            values.append((tpn, text))
        return values, problems

    def problems(self) -> list[str]:
        if self.draw_requested:
            return []
        _values, found = self._typed()
        if label_problem(self.label.text()):
            found.append(
                _(
                    "the external tie-break's heading must have 1 to {limit} characters, "
                    "without ':' or ','"
                ).format(limit=LABEL_LIMIT)
            )
        return found

    def values(self) -> tuple[tuple[int, str], ...]:
        """``(TPN, value)`` of every player with a value typed."""
        return tuple((tpn, text) for tpn, text in self._typed()[0] if text)

    def lower_first(self) -> bool:
        return bool(self.order.currentData())

    def position_text(self) -> str:
        """The position as :class:`~swissdesk.storage.SetExternalTiebreak` takes it."""
        data = self.position.currentData()
        return "last" if data is None else str(data)
