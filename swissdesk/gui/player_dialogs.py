"""The players' dialogs: register or edit a player, late entry, withdrawal, requested bye.

Each says the consequences before the arbiter confirms: the pairing number a player will
get and who moves down (C.04.2 art. 2.4), the rounds scored without playing.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from swissdesk.gui import validation
from swissdesk.gui.dialog_base import NOT_A_CHANGE, ValidatedDialog
from swissdesk.gui.models import BYE_KIND_DISPLAY
from swissdesk.gui.ratinglist_widgets import RatingListLookup, form_values, installed_rating_list
from swissdesk.gui.tablemodel import points_words
from swissdesk.i18n import N_, _, pgettext
from swissdesk.model.ratings import (
    ARBITER,
    RATING_TYPES,
    NationalRating,
    PlayerRatings,
    Rating,
    official_rating,
    settled_ratings,
)
from swissdesk.model.tournament import ResultCode, ScoringSystem, title_rank
from swissdesk.ratinglist import ListedPlayer, RatingList
from swissdesk.ratinglist.names import search_key
from swissdesk.storage import (
    ByeKind,
    PlayerData,
    PlayerRow,
    PlayerStatus,
    SectionInfo,
)

RATING_LABELS = {"standard": N_("Standard"), "rapid": N_("Rapid"), "blitz": N_("Blitz")}
"""The FIDE rating types by their names (translated where shown)."""
FIDE_RATING_TIPS = {
    "standard": N_("FIDE standard rating"),
    "rapid": N_("FIDE rapid rating"),
    "blitz": N_("FIDE blitz rating"),
}
FIELD_LABELS = {
    "standard": lambda: pgettext("FIDE rating field", "standard"),
    "rapid": lambda: pgettext("FIDE rating field", "rapid"),
    "blitz": lambda: pgettext("FIDE rating field", "blitz"),
}
"""The short names beside the FIDE rating fields (translated when shown)."""
STANDING_IN = {
    "rapid": N_("no rapid rating: the standard one stands in (R&B art. 7.2.1)"),
    "blitz": N_("no blitz rating: the standard one stands in (R&B art. 7.2.1)"),
}


def rating_source_text(ratings: PlayerRatings, national_federation: str = "") -> str:
    """Where each rating comes from, in one line (checklist Q134: the list and its month
    per rating; a rating typed by hand says so): ``Standard 2450 FIDE 2026-11 · Manual
    1650 typed by the arbiter 2026-11-27``."""

    def where(r: Rating) -> str:
        if r.manual:
            how = (
                _("taken from {list} by the arbiter").format(list=r.via)
                if r.via
                else _("typed by the arbiter")
            )
            return " ".join(x for x in (how, r.date) if x)
        return " ".join(x for x in (r.via or r.source, r.date) if x) or _("source not recorded")

    parts = [
        f"{_(RATING_LABELS[kind])} {r.value} {where(r)}"
        for kind in RATING_TYPES
        if (r := ratings.fide(kind)) is not None
    ]
    nat = ratings.national_for(national_federation)
    if nat is not None:
        fed = nat.federation or national_federation
        parts.append(
            (_("National {federation}") if fed else _("National")).format(federation=fed)
            + f" {nat.value} {where(nat.rating)}"
        )
    if ratings.manual is not None:
        parts.append(_("Manual") + f" {ratings.manual.value} {where(ratings.manual)}")
    return " · ".join(parts)


class PlayerForm(QWidget):
    """The personal data fields of a player, validated like the players table.

    ``Rating`` is the FIDE rating of the section's rate of play (``rating_kind``); the
    other FIDE ratings, the national rating and the manual rating (the arbiter's estimate,
    C.04.2 art. 2.1) have their own fields, and each keeps its source and date (checklist
    Q134): a figure left as it was keeps its source, one typed is marked as typed by the
    arbiter today, one filled from the rating list carries that list and its month."""

    def __init__(
        self,
        data: PlayerData | None = None,
        parent: QWidget | None = None,
        *,
        rating_kind: str = "standard",
        national_federation: str = "",
    ) -> None:
        super().__init__(parent)
        d = data or PlayerData(name="")
        self.rating_kind = rating_kind if rating_kind in RATING_TYPES else "standard"
        self.national_federation = national_federation
        # What each rating field stands for while its figure is unchanged (its source).
        # Data given by its figures alone stays so while no rating field is touched.
        self._figures_only = d.ratings is None
        self._known = (
            d.ratings
            if d.ratings is not None
            else settled_ratings(
                PlayerRatings(),
                d.rating,
                d.national_rating,
                self.rating_kind,
                national_federation,
                source="",
            )
        )
        self._given = self._known
        self.members = d.members  # a team's roster names: kept, not edited here
        self.name = QLineEdit(d.name)
        self.name.setPlaceholderText(_("Surname, First name"))
        self.title = QComboBox()
        self.title.addItems([t or "—" for t in validation.TITLES])
        if d.title in validation.TITLES:
            self.title.setCurrentIndex(validation.TITLES.index(d.title))
        self.rating = QLineEdit(str(d.rating) if d.rating else "")
        self.rating.setPlaceholderText(_("0 = unrated"))
        self.federation = QLineEdit(d.federation)
        self.federation.setMaxLength(3)
        self.fide_id = QLineEdit(d.fide_id)
        self.sex = QComboBox()
        self.sex.addItems(["—", _("male"), _("female")])  # TRF codes "", m, w (validation.SEXES)
        code = validation.sex_code(d.sex)
        if code in validation.SEXES:
            self.sex.setCurrentIndex(validation.SEXES.index(code))
        self.birth = QLineEdit(d.birth_date)
        self.birth.setPlaceholderText(_("YYYY or YYYY/MM/DD"))
        self.club = QLineEdit(d.club)
        self.club.setPlaceholderText(_("club or town (starting list)"))
        # What the rating changes read beyond the rating (FIDE Rating Regulations 8.3.3):
        # K from the rating list or the arbiter, the rated games before this event.
        self._original = d
        self._k_source = d.k_source
        self.k_factor = QLineEdit("" if d.k_factor is None else str(d.k_factor))
        self.k_factor.setPlaceholderText(_("by FIDE's rules (art. 8.3.3)"))
        self.k_factor.setToolTip(
            _(
                "The development coefficient K of the tournament's rating type, as the FIDE "
                "rating list gives it (filled from the list) or as you set it. Blank: FIDE's "
                "rules decide (40 for juniors under 2300 and new players, 20, 10 from 2400)."
            )
        )
        self.rated_games = QLineEdit("" if d.rated_games is None else str(d.rated_games))
        self.rated_games.setPlaceholderText(_("unknown"))
        self.rated_games.setToolTip(
            _("Rated games the player had before this event: K is 40 until 30 (art. 8.3.3).")
        )
        self.national_rating = QLineEdit(str(d.national_rating) if d.national_rating else "")
        self.national_rating.setPlaceholderText(_("none"))
        # The other FIDE ratings (the list sequence may use them: checklist Q123) and the
        # manual rating, which HBFN compares and every method falls back to (Q145).
        self.fide_fields: dict[str, QLineEdit] = {}
        for kind in RATING_TYPES:
            held = self._known.fide(kind)
            field = QLineEdit(str(held.value) if held is not None else "")
            field.setPlaceholderText(_("unrated"))
            # As wide as its hint in the language shown (Russian "без рейтинга" is twice
            # the English "unrated"), at least 70 pixels.
            hint = field.fontMetrics().horizontalAdvance(_("unrated")) + 16
            field.setMaximumWidth(max(70, hint))
            field.textChanged.connect(self._show_sources)
            self.fide_fields[kind] = field
        fide_row = QWidget()
        fide_layout = QHBoxLayout(fide_row)
        fide_layout.setContentsMargins(0, 0, 0, 0)
        for kind, field in self.fide_fields.items():
            label = QLabel(FIELD_LABELS[kind]())
            label.setBuddy(field)
            fide_layout.addWidget(label)
            fide_layout.addWidget(field)
        fide_layout.addStretch(1)
        manual = self._known.manual
        self.manual_rating = QLineEdit(str(manual.value) if manual is not None else "")
        self.manual_rating.setPlaceholderText(_("none"))
        self.manual_rating.setToolTip(
            _(
                "The arbiter's own figure: an estimate for a player nobody rated (C.04.2 art. "
                "2.1), or a rating taken from another list. Every ranking method falls back to "
                "it; HBFN compares it with the FIDE and national ratings."
            )
        )
        # Checklist Q129: a rating from another list taken as the manual rating.
        self._picked: Rating | None = None
        self._other_lists: list[tuple[str, int]] = []
        self.pick = QComboBox()
        self.pick.setToolTip(
            _(
                "Take one of the player's other ratings as the manual rating (the list it comes "
                "from is recorded with it)"
            )
        )
        self.pick.activated.connect(self._take_pick)
        manual_row = QWidget()
        manual_layout = QHBoxLayout(manual_row)
        manual_layout.setContentsMargins(0, 0, 0, 0)
        manual_layout.addWidget(self.manual_rating, 1)
        manual_layout.addWidget(self.pick, 2)
        self.sources = QLabel()
        self.sources.setWordWrap(True)
        self.sources.setStyleSheet("color: #555;")
        self.rating.textChanged.connect(self._rating_typed)
        self.national_rating.textChanged.connect(self._show_sources)
        self.manual_rating.textChanged.connect(self._show_sources)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(pgettext("a player's", "&Name:"), self.name)
        form.addRow(_("&Title:"), self.title)
        form.addRow(_("&Rating:"), self.rating)
        form.addRow(_("&Federation:"), self.federation)
        form.addRow(_("FIDE &ID:"), self.fide_id)
        form.addRow(_("&Sex:"), self.sex)
        form.addRow(_("&Born:"), self.birth)
        form.addRow(_("&Club:"), self.club)
        form.addRow(_("&K factor:"), self.k_factor)
        form.addRow(_("Rated &games before:"), self.rated_games)
        form.addRow(_("Nationa&l rating:"), self.national_rating)
        form.addRow(_("FIDE ratings:"), fide_row)
        form.addRow(_("&Manual rating:"), manual_row)
        form.addRow(self.sources)
        self.set_rating_kind(self.rating_kind)

    def set_rating_kind(self, kind: str) -> None:
        """The section's rate of play: its FIDE field is the ``Rating`` field's mirror."""
        self.rating_kind = kind if kind in RATING_TYPES else "standard"
        for other, field in self.fide_fields.items():
            field.setReadOnly(other == self.rating_kind)
            field.setToolTip(_(FIDE_RATING_TIPS[other]))
            field.setPlaceholderText(_("unrated"))
            if other != self.rating_kind:
                held = self._known.fide(other)
                if field.isReadOnly() is False and not field.text() and held is not None:
                    field.setText(str(held.value))
        self._rating_typed()

    def _rating_typed(self) -> None:
        field = self.fide_fields[self.rating_kind]
        text = self.rating.text()
        standing_in = (
            self.rating_kind != "standard"
            and self._known.fide(self.rating_kind) is None
            and text.strip() == str(official_rating(self._known, self.rating_kind).value)
        )
        # No rating of this kind: the standard rating stands in (R&B art. 7.2.1); the
        # field says so rather than show it as this kind's rating.
        shown = "" if standing_in else text
        field.setPlaceholderText(_("= std") if standing_in else _("unrated"))
        field.setToolTip(
            _(STANDING_IN[self.rating_kind])
            if standing_in
            else _("the Rating field above (this section's rate of play)")
        )
        if field.text() != shown:
            field.setText(shown)
        self._show_sources()

    def _show_sources(self) -> None:
        try:
            ratings = self.ratings()
        except ValueError:
            ratings = None
        text = rating_source_text(ratings, self.national_federation) if ratings else ""
        if self._other_lists:
            others = ", ".join(f"{label} {value}" for label, value in self._other_lists)
            text = " · ".join(
                x for x in (text, _("On other lists: {ratings}").format(ratings=others)) if x
            )
        self.sources.setText(text)
        self.sources.setVisible(bool(text))
        self._fill_picks(ratings)

    def _fill_picks(self, ratings: PlayerRatings | None) -> None:
        """The other ratings the manual rating can be taken from (checklist Q128-129)."""
        picks: list[tuple[str, int]] = []
        if ratings is not None:
            for kind in RATING_TYPES:
                held = ratings.fide(kind)
                if held is not None:
                    picks.append((f"FIDE {kind}", held.value))
            for n in ratings.national:
                fed = n.federation or self.national_federation
                picks.append((f"national {fed}".strip(), n.value))
        picks += self._other_lists
        items = [_("take another rating…"), *(f"{label} {value}" for label, value in picks)]
        if [self.pick.itemText(i) for i in range(self.pick.count())] != items:
            self.pick.blockSignals(True)
            self.pick.clear()
            self.pick.addItem(items[0])
            for label, value in picks:
                self.pick.addItem(f"{label} {value}", (label, value))
            self.pick.blockSignals(False)
        self.pick.setEnabled(bool(picks))

    def _take_pick(self, index: int) -> None:
        data = self.pick.itemData(index)
        self.pick.setCurrentIndex(0)
        if not data:
            return
        label, value = data
        today = datetime.date.today().isoformat()
        self._picked = Rating(int(value), ARBITER, today, via=str(label))
        self.manual_rating.setText(str(value))
        self._show_sources()

    def _figure(self, text: str) -> int:
        value = validation.parse_optional_number(text, _("rating"), 0, validation.RATING_MAX)
        if isinstance(value, str):
            raise ValueError(value)
        return value or 0

    def ratings(self) -> PlayerRatings:
        """Every rating as the fields give them, each with its source (``ValueError`` for
        a figure that is not a rating)."""
        today = datetime.date.today().isoformat()

        def kept(old: Rating | None, value: int) -> Rating | None:
            if value <= 0:
                return None
            if old is not None and old.value == value:
                return old
            return Rating(value, ARBITER, today)

        out = self._known
        main = self._figure(self.rating.text())
        for kind, field in self.fide_fields.items():
            if kind == self.rating_kind:
                if main == official_rating(self._known, kind).value:
                    continue  # as it was (maybe the standard rating standing in: art. 7.2.1)
                out = out.with_fide(kind, kept(self._known.fide(kind), main))
            else:
                out = out.with_fide(kind, kept(self._known.fide(kind), self._figure(field.text())))
        national = self._figure(self.national_rating.text())
        held = self._known.national_for(self.national_federation)
        if (held.value if held is not None else 0) != national:
            new = None
            if national > 0:
                value = Rating(national, ARBITER, today)
                new = (
                    replace(held, rating=value)
                    if held is not None
                    else NationalRating(self.national_federation, value)
                )
            out = out.with_national(new, self.national_federation)
        manual = self._figure(self.manual_rating.text())
        picked = self._picked
        if picked is not None and picked.value == manual:
            return replace(out, manual=picked)
        return replace(out, manual=kept(self._known.manual, manual))

    def fill(
        self,
        values: dict[str, str],
        ratings: PlayerRatings | None = None,
        other_lists: Sequence[tuple[str, int]] = (),
    ) -> None:
        """Set the fields from a rating list entry (see ``ratinglist_widgets.form_values``);
        ``ratings``: the entry's FIDE ratings with the list and its month; ``other_lists``:
        the player's ratings on the other lists imported, offered as the manual rating."""
        self._other_lists = list(other_lists)
        if ratings is not None:
            self._known = replace(
                self._known, standard=ratings.standard, rapid=ratings.rapid, blitz=ratings.blitz
            )
            for kind, field in self.fide_fields.items():
                held = ratings.fide(kind)
                field.setText(str(held.value) if held is not None else "")
        self.name.setText(values["name"])
        title = values["title"].upper()
        self.title.setCurrentIndex(
            validation.TITLES.index(title) if title in validation.TITLES else 0
        )
        self.rating.setText(values["rating"])
        self.federation.setText(values["federation"])
        self.fide_id.setText(values["fide_id"])
        sex = values["sex"]
        self.sex.setCurrentIndex(validation.SEXES.index(sex) if sex in validation.SEXES else 0)
        self.birth.setText(values["birth"])
        if values.get("k"):
            self.k_factor.setText(values["k"])
            self._k_source = values.get("k_source", "rating list")

    def _numbers(self) -> tuple[int | str | None, int | str | None, int | str | None]:
        return (
            validation.parse_optional_number(
                self.k_factor.text(), _("K factor"), 1, validation.K_MAX
            ),
            validation.parse_optional_number(
                self.rated_games.text(), _("number of rated games"), 0, 99_999
            ),
            validation.parse_optional_number(
                self.national_rating.text(), _("national rating"), 0, validation.RATING_MAX
            ),
        )

    def data(self) -> PlayerData:
        rating = validation.parse_rating(self.rating.text())
        k, games, national = self._numbers()
        try:
            ratings: PlayerRatings | None = self.ratings()
        except ValueError:
            ratings = None  # problems() names the figure
        if self._figures_only and ratings == self._given:
            ratings = None  # untouched: the figures alone, as given
        k_factor = k if isinstance(k, int) else None
        if k_factor is None:
            source = ""
        elif k_factor == self._original.k_factor and self._k_source == self._original.k_source:
            source = self._original.k_source
        elif self._k_source and self._k_source != self._original.k_source:
            source = self._k_source  # just filled from the rating list
        else:
            source = "arbiter"
        return validation.normalise(
            PlayerData(
                name=self.name.text(),
                rating=rating if isinstance(rating, int) else -1,
                sex=validation.SEXES[self.sex.currentIndex()],
                title=validation.TITLES[self.title.currentIndex()],
                federation=self.federation.text(),
                fide_id=self.fide_id.text(),
                birth_date=self.birth.text(),
                club=self.club.text(),
                members=self.members,
                k_factor=k_factor,
                k_source=source,
                rated_games=games if isinstance(games, int) else None,
                national_rating=national if isinstance(national, int) else 0,
                ratings=ratings,
            )
        )

    def problems(self) -> list[str]:
        rating = validation.parse_rating(self.rating.text())
        out = [rating] if isinstance(rating, str) else []
        out += [n for n in self._numbers() if isinstance(n, str)]
        for label, field in (
            *(
                (_(FIDE_RATING_TIPS[k]), f)
                for k, f in self.fide_fields.items()
                if k != self.rating_kind
            ),
            (_("manual rating"), self.manual_rating),
        ):
            value = validation.parse_optional_number(field.text(), label, 0, validation.RATING_MAX)
            if isinstance(value, str):
                out.append(value)
        data = self.data()
        rating_problem = validation.check_rating(data.rating)  # said above, from the text
        out += [p for p in validation.player_problems(data) if p != rating_problem]
        return out


class PlayerDialog(ValidatedDialog):
    """Register a player, or correct a player's data (C.04.2 art. 4.3.3)."""

    def __init__(
        self,
        data: PlayerData | None = None,
        parent: QWidget | None = None,
        *,
        title: str = "",
        rating_list: RatingList | None = None,
        rating_kind: str = "standard",
        national_federation: str = "",
    ) -> None:
        super().__init__(title or (_("Edit player") if data else _("Add player")), parent)
        self.player = PlayerForm(
            data, rating_kind=rating_kind, national_federation=national_federation
        )
        if data is None and rating_list is None:
            rating_list = installed_rating_list()
        self.lookup: RatingListLookup | None = None
        self.rating_kind = rating_kind
        if data is None and rating_list is not None:
            self.lookup = RatingListLookup(rating_list, rating_kind)
            # A bound slot, not a lambda over ``self`` (a reference cycle crashed on quit).
            self.lookup.chosen.connect(self._fill_from_list)
            self.form.addRow(_("Rating &list:"), self.lookup)
            self.lookup.query.setFocus()
        self.form.addRow(self.player)
        self.resize(420, 0)

    def _fill_from_list(self, listed: ListedPlayer) -> None:
        values = form_values(listed, self.rating_kind)
        ratings = None
        others: list[tuple[str, int]] = []
        if self.lookup is not None:
            values["k_source"] = self.lookup.list_label()
            ratings = self.lookup.listed_ratings(listed)
            others = self.lookup.other_lists(listed)
        self.player.fill(values, ratings, others)

    def problems(self) -> list[str]:
        return self.player.problems()

    def data(self) -> PlayerData:
        return self.player.data()


DeskWarnings = Callable[[PlayerData, int], Sequence[str]]
"""What the desk should know before registering a player in a section (rules, the same
person elsewhere): ``TournamentFile.desk_warnings``."""


class DeskPlayerDialog(PlayerDialog):
    """Add a player at the registration desk: in which section (an event of several), and,
    before OK, what the desk should know: the section's rating and age rules, the same
    person already registered (in this section, or in one played at the same time).
    Warnings only: the arbiter decides."""

    def __init__(
        self,
        sections: Sequence[SectionInfo],
        current: int,
        warnings: DeskWarnings,
        parent: QWidget | None = None,
        *,
        rating_list: RatingList | None = None,
        national_federation: str = "",
    ) -> None:
        kinds = {s.id: s.rating_type for s in sections}
        super().__init__(
            parent=parent,
            rating_list=rating_list,
            rating_kind=kinds.get(current, "standard"),
            national_federation=national_federation,
        )
        self.kinds = kinds
        self.warnings_of = warnings
        self.section = QComboBox()
        for info in sections:
            rules = f"  ({info.rules.text})" if info.rules.text else ""
            self.section.addItem(f"{info.name}{rules}", info.id)
        self.section.setCurrentIndex(max(0, self.section.findData(current)))
        self.form.insertRow(0, _("S&ection:"), self.section)
        self.form.setRowVisible(self.section, len(sections) > 1)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #8a5300;")
        self.notes.setVisible(False)
        self.form.addRow(self.notes)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.update_notes)
        self.section.currentIndexChanged.connect(self._section_changed)
        for field in (self.player.name, self.player.rating, self.player.fide_id, self.player.birth):
            field.textChanged.connect(lambda _t: self._timer.start())

    def section_id(self) -> int:
        return int(self.section.currentData())

    def _section_changed(self) -> None:
        self.rating_kind = self.kinds.get(self.section_id(), "standard")
        self.player.set_rating_kind(self.rating_kind)
        if self.lookup is not None:
            self.lookup.kind = self.rating_kind
        self.update_notes()

    def update_notes(self) -> None:
        """Show what the desk should know about the player as entered now."""
        data = self.player.data()
        notes: Sequence[str] = ()
        if data.name.strip() and data.rating >= 0:
            notes = self.warnings_of(data, self.section_id())
        self.notes.setText("\n".join(f"⚠ {n}" for n in notes))
        self.notes.setVisible(bool(notes))


def predicted_tpn(players: Sequence[PlayerRow], data: PlayerData, rounds_paired: int) -> int:
    """The pairing number a late entry will get (C.04.2 art. 2.3-2.4): its place in the
    initial order while fewer than four rounds are paired, else the next free number."""
    if rounds_paired >= 4:
        return len(players) + 1
    key = (-data.rating, title_rank(data.title), data.name.casefold())
    for row in sorted(players, key=lambda r: r.tpn):
        if key < (-row.rating, title_rank(row.title), row.name.casefold()):
            return row.tpn
    return len(players) + 1


def late_entry_consequences(
    players: Sequence[PlayerRow],
    data: PlayerData,
    rounds_paired: int,
    from_round: int,
    missed_points: str,
) -> str:
    """What a late entry changes, in the arbiter's words, before confirming."""
    n = len(players)
    tpn = predicted_tpn(players, data, rounds_paired)
    lines = [
        _("{name} will get pairing number {number}.").format(name=data.name, number=tpn)
        if data.name
        else _("The player will get pairing number {number}.").format(number=tpn)
    ]
    if tpn <= n:
        lines.append(
            _(
                "Pairing numbers {first}–{last} will shift by one (to {new_first}–{new_last})."
            ).format(first=tpn, last=n, new_first=tpn + 1, new_last=n + 1)
            if tpn < n
            else _("Pairing number {number} will become {new}.").format(number=n, new=n + 1)
        )
    missed = from_round - 1
    if missed > 0:
        lines.append(
            _("Rounds 1–{last} missed: {points} each (C.04.2 art. 2.4).").format(
                last=missed, points=missed_points
            )
            if missed > 1
            else _("Round 1 missed: {points} (C.04.2 art. 2.4).").format(points=missed_points)
        )
    lines.append(_("First paired in round {number}.").format(number=from_round))
    return "\n".join(lines)


MISSED_ROUND_CHOICES: dict[ResultCode, str] = {
    ResultCode.NOT_PAIRED: N_("absent"),
    ResultCode.ZERO_POINT_BYE: N_("zero-point bye"),
    ResultCode.HALF_POINT_BYE: N_("half-point bye"),
}
"""How a late entry's missed rounds may score (C.04.2 art. 2.4; the tournament's rules)."""


class LateEntryDialog(PlayerDialog):
    """Admit a late entry (C.04.2 art. 2.4), showing the TPN shift before confirming."""

    def __init__(
        self,
        players: Sequence[PlayerRow],
        rounds_paired: int,
        total_rounds: int,
        missed_points: str,
        parent: QWidget | None = None,
        *,
        scoring: ScoringSystem | None = None,
        default_missed: ResultCode = ResultCode.NOT_PAIRED,
        rating_kind: str = "standard",
    ) -> None:
        super().__init__(None, parent, title=_("Late entry"), rating_kind=rating_kind)
        self.players = list(players)
        self.rounds_paired = rounds_paired
        self.missed_points = missed_points
        self.scoring = scoring
        self.from_round = QSpinBox()
        self.from_round.setRange(max(2, rounds_paired + 1), max(2, total_rounds))
        self.from_round.setValue(max(2, rounds_paired + 1))
        self.form.addRow(_("&Plays from round:"), self.from_round)
        # C.04.2 art. 2.4: the rounds missed score as the tournament's rules say.
        self.missed = QComboBox()
        choices = dict(MISSED_ROUND_CHOICES)
        choices.setdefault(default_missed, N_("as the tournament's settings say"))
        for code, label in choices.items():
            self.missed.addItem(f"{_(label)} ({self._points(code)})", code.value)
        self.missed.setCurrentIndex(max(0, self.missed.findData(default_missed.value)))
        self.form.addRow(_("&Missed rounds score:"), self.missed)
        self.missed.currentIndexChanged.connect(self.update_note)
        for w in (self.player.name, self.player.rating, self.player.federation):
            w.textChanged.connect(self.update_note)
        self.player.title.currentIndexChanged.connect(self.update_note)
        self.from_round.valueChanged.connect(self.update_note)
        self.update_note()

    def _points(self, code: ResultCode) -> str:
        if self.scoring is None:
            return self.missed_points
        return points_words(self.scoring.points(code))

    def missed_result(self) -> ResultCode:
        """What each missed round scores, as chosen."""
        return ResultCode(self.missed.currentData())

    def update_note(self) -> None:
        missed = getattr(self, "missed", None)
        data = self.data()
        note = late_entry_consequences(
            self.players,
            data,
            self.rounds_paired,
            self.from_round.value(),
            self._points(self.missed_result()) if missed is not None else self.missed_points,
        )
        twin = self.already_registered(data)
        if twin is not None:
            note = (
                _("Already registered as no. {number} {name}: is this the same player?").format(
                    number=twin.tpn, name=twin.name
                )
                + f"\n{note}"
            )
        self.set_note(note)

    def already_registered(self, data: PlayerData) -> PlayerRow | None:
        """A participant with the same name (accents and case ignored) or FIDE ID."""
        key = search_key(data.name)
        for row in self.players:
            if (key and search_key(row.name) == key) or (
                data.fide_id and row.fide_id == data.fide_id
            ):
                return row
        return None


def _player_label(row: PlayerRow) -> str:
    return f"{row.tpn}. {row.name}" + (f" ({row.rating})" if row.rating else "")


class PlayerRoundDialog(ValidatedDialog):
    """Choose a player and a round not yet paired (withdrawal, bye, absence).

    The player selected in the players list is the one chosen; with none selected no
    player is chosen (never silently no. 1) and OK refuses until the arbiter picks one.
    The search field narrows the list by name, number, federation or FIDE ID, ignoring
    case and accents ("muller" finds "Müller").
    """

    def __init__(
        self,
        title: str,
        players: Sequence[PlayerRow],
        first_round: int,
        total_rounds: int,
        selected: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.rows = [p for p in players if p.status is PlayerStatus.ACTIVE] or list(players)
        self._keys = {
            row.tpn: search_key(f"{row.tpn} {row.name} {row.federation} {row.fide_id}")
            for row in self.rows
        }
        self.search = QLineEdit()
        self.search.setPlaceholderText(_("Type a name or number to find the player"))
        self.search.setClearButtonEnabled(True)
        self.search.setProperty(NOT_A_CHANGE, True)
        self.player = QComboBox()
        self.player.setPlaceholderText(_("— choose a player —"))
        self._fill(self.rows)
        self.player.setCurrentIndex(-1)
        if selected is not None:
            self.player.setCurrentIndex(self.player.findData(selected))
        self.round = QSpinBox()
        self.round.setRange(first_round, max(first_round, total_rounds))
        self.round.setValue(first_round)
        self.form.addRow(_("&Find:"), self.search)
        self.form.addRow(_("&Player:"), self.player)
        self.form.addRow(_("&Round:"), self.round)
        self.search.textEdited.connect(self.filter_players)
        self.search.returnPressed.connect(self._search_entered)
        self.player.currentIndexChanged.connect(self._player_changed)
        self.round.valueChanged.connect(self.update_note)
        self._player_changed()
        self.resize(480, 0)

    def _fill(self, rows: Sequence[PlayerRow]) -> None:
        self.player.blockSignals(True)
        self.player.clear()
        for row in rows:
            self.player.addItem(_player_label(row), row.tpn)
        self.player.blockSignals(False)

    def filter_players(self, text: str) -> None:
        """Keep the players whose name, number, federation or FIDE ID contain every typed
        word (accents and case ignored); one match left is chosen."""
        words = search_key(text).split()
        current = self.player.currentData()
        shown = [r for r in self.rows if all(w in self._keys[r.tpn] for w in words)]
        self._fill(shown)
        index = self.player.findData(current) if current is not None else -1
        if index < 0 and len(shown) == 1:
            index = 0
        self.player.setCurrentIndex(index)
        self._player_changed()

    def _search_entered(self) -> None:
        if self.player.currentIndex() < 0 and self.player.count():
            self.player.setCurrentIndex(0)
        self.player.setFocus()

    def _player_changed(self) -> None:
        chosen = self.player.currentIndex() >= 0
        # OK is the default button (Enter) only once a player is chosen.
        ok = self.ok_button
        if isinstance(ok, QPushButton):
            ok.setDefault(chosen)
            ok.setAutoDefault(chosen)
        self.update_note()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._player_changed()  # the button box makes OK the default when shown

    def first_field(self) -> QWidget | None:
        return self.search if self.player.currentIndex() < 0 else self.round

    def problems(self) -> list[str]:
        return [] if self.player.currentIndex() >= 0 else [_("choose the player first")]

    def tpn(self) -> int:
        return int(self.player.currentData())

    def row(self) -> PlayerRow | None:
        """The chosen player (``None`` while none is chosen)."""
        tpn = self.player.currentData()
        return next((r for r in self.rows if r.tpn == tpn), None)

    def round_number(self) -> int:
        return self.round.value()

    def update_note(self) -> None:
        pass


class WithdrawDialog(PlayerRoundDialog):
    """Withdraw a player from a round on (C.04.2 art. 3.2)."""

    def __init__(
        self,
        players: Sequence[PlayerRow],
        first_round: int,
        total_rounds: int,
        selected: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Withdraw player"), players, first_round, total_rounds, selected, parent)
        self.round.setPrefix(_("from round "))
        self.update_note()

    def update_note(self) -> None:
        row = self.row()
        if row is None:
            self.set_note("")
            return
        r = self.round_number()
        self.set_note(
            _("No. {number} {name} will not be paired from round {round} on.").format(
                number=row.tpn, name=row.name, round=r
            )
            + "\n"
            + _(
                "Games already played stay and keep counting for the opponents' tie-breaks; "
                "pairing numbers do not change (C.04.2 art. 3.2)."
            )
        )


class ByeDialog(PlayerRoundDialog):
    """A requested bye or a known absence for a round not yet paired (C.04.2 art. 3.3)."""

    def __init__(
        self,
        players: Sequence[PlayerRow],
        first_round: int,
        total_rounds: int,
        scoring: ScoringSystem,
        selected: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            _("Requested bye / absence"), players, first_round, total_rounds, selected, parent
        )
        self.scoring = scoring
        self.kind = QComboBox()
        for kind in (ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL, ByeKind.ABSENT):
            self.kind.addItem(_(BYE_KIND_DISPLAY[kind]), kind.value)
        self.form.addRow(_("&Kind:"), self.kind)
        self.kind.currentIndexChanged.connect(self.update_note)
        self.update_note()

    def bye_kind(self) -> ByeKind:
        return ByeKind(self.kind.currentData())

    def update_note(self) -> None:
        row = self.row()
        if row is None or not hasattr(self, "kind"):
            self.set_note("")
            return
        pts = self.scoring.points(self.bye_kind().result_code)
        self.set_note(
            _(
                "No. {number} {name} will not be paired in round {round} and scores {points} for it."
            ).format(
                number=row.tpn, name=row.name, round=self.round_number(), points=points_words(pts)
            )
        )


class ProhibitedPairsDialog(ValidatedDialog):
    """Players who must not be paired together (TRF-2026 record 260, [C1]): prohibit a pair
    or lift a prohibition. In FIDE mode only before round 1 (C.02 VCL Q196)."""

    def __init__(
        self,
        players: Sequence[PlayerRow],
        prohibited: Sequence[tuple[int, int]],
        *,
        started: bool,
        fide_mode: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Prohibited pairs"), parent)
        self.first = QComboBox()
        self.second = QComboBox()
        for p in players:
            label = f"{p.tpn}. {p.name}"
            self.first.addItem(label, p.tpn)
            self.second.addItem(label, p.tpn)
        if self.second.count() > 1:
            self.second.setCurrentIndex(1)
        self.lift = QComboBox()
        self.lift.addItem(_("must not be paired together"), False)
        self.lift.addItem(_("may be paired together again (lift)"), True)
        self.form.addRow(_("&First player:"), self.first)
        self.form.addRow(_("&Second player:"), self.second)
        self.form.addRow(_("&They:"), self.lift)
        names = {p.tpn: p.name for p in players}
        listed = "; ".join(
            f"{a} {names.get(a, '')} – {b} {names.get(b, '')}" for a, b in prohibited
        )
        note = _("Prohibited now: {pairs}.").format(pairs=listed or _("none"))
        if started and fide_mode:
            note += " " + _(
                "Round 1 is paired: in FIDE mode prohibited pairs cannot change any more "
                "(leave FIDE mode first)."
            )
        elif started:
            note += " " + _("Round 1 is paired: a change is confirmed and recorded as a ### line.")
        self.set_note(note)

    def players(self) -> tuple[int, int]:
        return int(self.first.currentData()), int(self.second.currentData())

    def lifting(self) -> bool:
        return bool(self.lift.currentData())

    def problems(self) -> list[str]:
        a, b = self.players()
        return [_("choose two different players")] if a == b else []


RATING_RESULT_CHOICES: tuple[tuple[str, str], ...] = (
    ("1-0", "1 – 0"),
    ("0-1", "0 – 1"),
    ("1/2", "½ – ½"),
    ("W-L", N_("1 – 0, played but not rated (W – L)")),
    ("L-W", N_("0 – 1, played but not rated (L – W)")),
    ("D-D", N_("½ – ½, played but not rated (D – D)")),
    ("+-", N_("not played: 1 – 0 by forfeit, not rated")),
    ("-+", N_("not played: 0 – 1 by forfeit, not rated")),
    ("--", N_("not played: double forfeit, not rated")),
)
"""What a game can count as in the rating report (:data:`swissdesk.model.tournament.
RATING_RESULTS`), as the dialog offers it."""


class RatingCorrectionDialog(ValidatedDialog):
    """Round > Correct for the rating report…: the result one game counts with in the
    rating changes only (C.02 VCL Q192-193); the pairings and standings keep the result
    entered. ``current``: the board's correction so far (``""``: none)."""

    def __init__(
        self,
        round_number: int,
        board: int,
        players: str,
        entered: str,
        current: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Correct for the rating report"), parent)
        self.entered = entered
        self.rating_result = QComboBox()
        for value, english in RATING_RESULT_CHOICES:
            text = english if value in ("1-0", "0-1", "1/2") else _(english)  # (bare scores)
            shown = _("{result} (as entered)").format(result=text) if value == entered else text
            self.rating_result.addItem(shown, value)
        index = self.rating_result.findData(current or entered)
        self.rating_result.setCurrentIndex(max(index, 0))
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(_("e.g. the scoresheets show Black won"))
        self.form.addRow(
            _("Game:"),
            QLabel(
                _("Round {round}, board {board}: {players}").format(
                    round=round_number, board=board, players=players
                )
            ),
        )
        self.form.addRow(
            _("Entered:"),
            QLabel(_("{result} (pairings and standings keep it)").format(result=entered)),
        )
        self.form.addRow(_("&Rating report:"), self.rating_result)
        self.form.addRow(_("R&eason:"), self.reason)
        note = _(
            "The rating changes and the FIDE rating report count the game with this result; "
            "every exported TRF lists it as '### Rating correction'. Choose the result "
            "entered to remove a correction."
        )
        if current:
            note = _("Corrected now: {result}.").format(result=current) + " " + note
        self.set_note(note)

    def chosen(self) -> str | None:
        """The result for the rating report (``None``: the result entered, no correction)."""
        value = str(self.rating_result.currentData())
        return None if value == self.entered else value
