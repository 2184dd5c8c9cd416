"""The arbiter's dialogs: new tournament, manual pairing and plain text (explanations, crash
reports) here; player, late entry, withdrawal and bye in :mod:`swissdesk.gui.player_dialogs`
(importable from here too).

Each dialog validates what was typed and, where an action has consequences (pairing numbers
shifting, rounds scored without playing), says so before the arbiter confirms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from swissdesk.elo import NationalSystem
from swissdesk.engines import (
    SYSTEM_TITLES,
    split_system,
    system_tiebreaks,
    system_title,
    with_options,
)
from swissdesk.gui import validation
from swissdesk.gui.dialog_base import ValidatedDialog, fit_to_screen
from swissdesk.gui.player_dialogs import (
    ByeDialog,
    LateEntryDialog,
    PlayerDialog,
    PlayerForm,
    PlayerRoundDialog,
    WithdrawDialog,
    late_entry_consequences,
    predicted_tpn,
)
from swissdesk.gui.rating_sequence import ListSequenceDialog, sequence_text
from swissdesk.i18n import LANGUAGES, N_, _, current_language, ngettext
from swissdesk.model import schedule, timecontrol
from swissdesk.model.ratings import (
    InitialOrder,
    RatingMethod,
    RatingRules,
    TiebreakRatingMode,
    TiebreakRatings,
    UnratedMethod,
    UnratedRule,
)
from swissdesk.model.round_robin import (
    MAX_CYCLES,
    ROUND_ROBIN_SCORING,
    RoundRobinSettings,
    is_round_robin,
)
from swissdesk.model.tournament import (
    DOUBLE_SWISS_SCORING,
    Colour,
    ScoringSystem,
    half_points_to_str,
    pab_values,
)
from swissdesk.norms import EVENT_EXEMPTIONS
from swissdesk.storage import (
    AccelerationKind,
    SectionRules,
    TournamentSettings,
)
from swissdesk.tiebreaks import (
    DEFAULT_TIEBREAKS,
    TIEBREAK_NAMES,
    offered_tiebreaks,
    parse_tiebreak,
    tiebreak_problems,
)
from swissdesk.tiebreaks.team import DEFAULT_TEAM_TIEBREAKS, TEAM_TIEBREAKS

TEAM_TIEBREAK_CHOICES = TEAM_TIEBREAKS
"""The team tie-breaks an arbiter orders (C.07, team competitions)."""

LIM_EDITIONS = (
    ("2026", N_("2026 (in force)")),
    ("2003", N_("2003 (Handbook)")),
    ("1999", "1999"),
)
"""The editions of the Lim text swissdesk applies (C.04.4.3)."""


class DateField(QDateEdit):
    """A date that one Tab leaves (Qt's date field moves through day, month and year with
    Tab, so typing the form's fields in order landed in the wrong one); the arrow keys
    and typing still move between its parts."""

    def focusNextPrevChild(self, next: bool) -> bool:
        return QWidget.focusNextPrevChild(self, next)


SCORING_CHOICES: dict[str, ScoringSystem] = {
    N_("1 – ½ – 0 (FIDE standard)"): ScoringSystem(),
    N_("3 – 1 – 0 (football scoring)"): ScoringSystem(
        win=6,
        draw=2,
        loss=0,
        forfeit_win=6,
        pairing_allocated_bye=6,
        full_point_bye=6,
        half_point_bye=2,
    ),
    N_("Double-Swiss: 1 – ½ – 0 per game, PAB 1½ (C.04.5)"): DOUBLE_SWISS_SCORING,
    N_("Round robin: 1 – ½ – 0, the bye of an odd field scores nothing"): ROUND_ROBIN_SCORING,
}
"""Point systems offered for a new tournament (C.04.1 art. 3; values in half-points)."""


class TiebreakEditor(QWidget):
    """An ordered list of C.07 tie-break codes with add/remove/up/down; the choices are the
    ones the pairing system allows (no Buchholz for a round robin; a team event's are C.07's
    team tie-breaks, ``names``)."""

    def __init__(
        self,
        codes: Sequence[str],
        parent: QWidget | None = None,
        *,
        names: Mapping[str, str] = TIEBREAK_NAMES,
    ) -> None:
        super().__init__(parent)
        self.names = names
        self.list = QListWidget()
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setMaximumHeight(110)
        for code in codes:
            self._add(code)
        self.choice = QComboBox()
        self.choice.setEditable(True)
        # As wide as a code and the start of its name, not the longest name (the dialog
        # must fit a 1366-pixel screen); the list that drops down shows them whole.
        self.choice.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.choice.setMinimumContentsLength(28)
        self.set_offered({code: _(name) for code, name in names.items()})
        add = QPushButton(_("Add"))
        add.clicked.connect(self._add_chosen)
        remove = QPushButton(_("Remove"))
        remove.clicked.connect(self._remove)
        up = QPushButton(_("Up"))
        up.clicked.connect(self._move_up)
        down = QPushButton(_("Down"))
        down.clicked.connect(self._move_down)
        row = QHBoxLayout()
        row.addWidget(self.choice, 1)
        for b in (add, remove, up, down):
            row.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list)
        layout.addLayout(row)

    def set_offered(self, names: dict[str, str]) -> None:
        """The tie-breaks the arbiter can pick from (code -> its C.07 name, translated:
        ``offered_tiebreaks``)."""
        self.choice.clear()
        for name, text in names.items():
            self.choice.addItem(f"{name} – {text}", name)

    def offered(self) -> tuple[str, ...]:
        return tuple(str(self.choice.itemData(i)) for i in range(self.choice.count()))

    def _add(self, code: str) -> None:
        item = QListWidgetItem(code)
        name = code if code in self.names else code.split("/")[0].split(":")[0]
        item.setToolTip(_(self.names[name]) if name in self.names else "")
        self.list.addItem(item)

    def _add_chosen(self) -> None:
        data = self.choice.currentData()
        text = self.choice.currentText().split("–")[0].strip()
        code = text if text and text != data else str(data)
        self._add(code if code in self.names else code.upper())

    def _remove(self) -> None:
        row = self.list.currentRow()
        if row >= 0:
            self.list.takeItem(row)

    # Bound methods, not lambdas over ``self``: a closure holding the widget from one of
    # its own children's connections is a reference cycle that keeps the dialog's Python
    # wrapper alive until interpreter shutdown, where collecting it after Qt tore the
    # parent down crashed on quit (issue 18, item 1).
    def _move_up(self) -> None:
        self._move(-1)

    def _move_down(self) -> None:
        self._move(1)

    def _move(self, delta: int) -> None:
        row = self.list.currentRow()
        target = row + delta
        if row < 0 or not 0 <= target < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(target, item)
        self.list.setCurrentRow(target)

    def codes(self) -> tuple[str, ...]:
        return tuple(self.list.item(i).text() for i in range(self.list.count()))

    def set_codes(self, codes: Sequence[str]) -> None:
        self.list.clear()
        for code in codes:
            self._add(code)


class TournamentDialog(ValidatedDialog):
    """New tournament (and tournament settings): name, place, dates, organiser, arbiters, rounds,
    pairing system, point system, initial colour (C.04.3 art. 5.1), acceleration (C.04.7),
    tie-breaks (C.07)."""

    def __init__(
        self,
        systems: Sequence[str],
        settings: TournamentSettings | None = None,
        parent: QWidget | None = None,
        *,
        title: str | None = None,
        document_language: str | None = None,
    ) -> None:
        super().__init__(title or _("New tournament"), parent)
        s = settings or TournamentSettings(tiebreaks=DEFAULT_TIEBREAKS)
        self.base = s
        # The tournament's language (issue 38): its printed documents and venue pages, not
        # the window's; a new tournament starts in the arbiter's language.
        self.language = QComboBox()
        for code, own_name in LANGUAGES.items():
            self.language.addItem(own_name, code)
        self.language.setCurrentIndex(
            max(0, self.language.findData(document_language or current_language()))
        )
        self.language.setToolTip(
            _(
                "The language of the pairings, standings, cards and other printed documents "
                "and of the venue pages; the window's own language is chosen in Edit > Window "
                "language"
            )
        )
        self.name = QLineEdit(s.name)
        self.name.setPlaceholderText(_("e.g. 12th Riverside Open"))
        self.city = QLineEdit(s.city)
        self.federation = QLineEdit(s.federation)
        self.federation.setMaxLength(3)
        self.federation.setPlaceholderText("GER")
        today = QDate.currentDate()
        self.start = DateField(_date(s.start_date) or today)
        self.end = DateField(_date(s.end_date) or today.addDays(4))
        for d in (self.start, self.end):
            d.setCalendarPopup(True)
            d.setDisplayFormat("yyyy-MM-dd")
        self.organiser = QLineEdit(s.organiser)
        self.organiser.setPlaceholderText(_("e.g. Chess Club Zürich (printed; not in the TRF)"))
        self.arbiter = QLineEdit(s.chief_arbiter)
        self.deputies = QLineEdit("; ".join(s.deputy_arbiters))
        self.deputies.setPlaceholderText(_("names separated by semicolons (TRF record 112)"))
        self.round_dates = QLineEdit(" ".join(d or "-" for d in s.round_dates))
        self.round_dates.setPlaceholderText(
            _("one date per round, e.g. 2026/11/20 2026/11/21 … (- for none; TRF record 132)")
        )
        self.time_control = QLineEdit(s.time_control)
        self.time_control.setPlaceholderText(_("90 min/40 moves + 30 min, 30 s increment"))
        self.time_code = QLineEdit(s.time_control_code)
        self.time_code.setPlaceholderText(
            _("for FIDE, e.g. 5400+30 or 40/6000+30:900+30 (TRF 222)")
        )
        self.rating_type = QLabel()
        self.time_code.textChanged.connect(self._show_rating_type)
        self._show_rating_type()
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 99)
        self.rounds.setValue(s.total_rounds)
        self.system = QComboBox()
        names = list(systems)
        chosen, options = split_system(s.system)
        if chosen and chosen not in names:
            names.append(chosen)  # an imported file's system stays as it is
        for name in names:
            self.system.addItem(system_title(name), name)
        self.system.setCurrentIndex(names.index(chosen) if chosen in names else 0)
        # The Lim system's options (C.04.4.3): the edition of the text, Maxi-tournament.
        self.lim_edition = QComboBox()
        for edition, label in LIM_EDITIONS:
            self.lim_edition.addItem(_(label), edition)
        editions = [o for o in options if o != "maxi"]
        self.lim_edition.setCurrentIndex(
            max(0, self.lim_edition.findData(editions[0] if editions else "2026"))
        )
        self.lim_maxi = QCheckBox(_("Maxi-tournament (art. 3.2.3)"))
        self.lim_maxi.setToolTip(
            _("Colour exchanges limited to opponents within 100 rating points")
        )
        self.lim_maxi.setChecked("maxi" in options)
        self.lim_options = QWidget()
        lim_row = QHBoxLayout(self.lim_options)
        lim_row.setContentsMargins(0, 0, 0, 0)
        lim_row.addWidget(self.lim_edition, 1)
        lim_row.addWidget(self.lim_maxi)
        # An imported tournament may score otherwise: its points stay selectable as they are.
        self.scorings = dict(SCORING_CHOICES)

        def same_but_pab(preset: ScoringSystem) -> bool:
            return replace(preset, pairing_allocated_bye=s.scoring.pairing_allocated_bye) == (
                s.scoring
            )

        preset: ScoringSystem | None = next(
            (sc for sc in self.scorings.values() if same_but_pab(sc)), None
        )
        if preset is None:
            sc = s.scoring
            label = _("As in the file: {points}").format(
                points=" – ".join(
                    f"{v // 2}{'½' if v % 2 else ''}" if v != 1 else "½"
                    for v in (sc.win, sc.draw, sc.loss)
                )
            )
            self.scorings[label] = sc
        self.scoring = QComboBox()
        for i, (label, scoring) in enumerate(self.scorings.items()):
            self.scoring.addItem(_(label), label)
            if scoring == (preset or s.scoring):
                self.scoring.setCurrentIndex(i)
        self.pab = QComboBox()
        self.pab.setToolTip(
            _(
                "What the pairing-allocated bye is worth (C.04.1 art. 3: a win unless the "
                "tournament rules say otherwise); in FIDE mode never more than a win"
            )
        )
        self._fill_pab(s.scoring.pairing_allocated_bye)
        self.scoring.currentIndexChanged.connect(lambda _i: self._fill_pab(None))
        self.system.currentIndexChanged.connect(self._system_changed)
        self.colour = QComboBox()
        self.colour.addItem(_("White"), Colour.WHITE.value)
        self.colour.addItem(_("Black"), Colour.BLACK.value)
        self.colour.addItem(_("Draw by lot"), "lot")
        self.colour.setCurrentIndex(0 if s.initial_colour is Colour.WHITE else 1)
        self.acceleration = QComboBox()
        self.acceleration.addItem(_("None"), AccelerationKind.NONE.value)
        self.acceleration.addItem(_("Baku acceleration (C.04.7)"), AccelerationKind.BAKU.value)
        if s.acceleration is AccelerationKind.EXPLICIT:
            self.acceleration.addItem(
                _("Virtual points as in the file (C.04.7)"), AccelerationKind.EXPLICIT.value
            )
        self.acceleration.setCurrentIndex(max(0, self.acceleration.findData(s.acceleration.value)))
        if s.is_team:  # a team event ranks by C.07's team tie-breaks
            self.tiebreaks = TiebreakEditor(
                s.tiebreaks or DEFAULT_TEAM_TIEBREAKS, names=TEAM_TIEBREAK_CHOICES
            )
        else:
            self.tiebreaks = TiebreakEditor(s.tiebreaks or DEFAULT_TIEBREAKS)
        # The national rating list computed beside FIDE's (issue 37), and the norm
        # declaration (FIDE Title Regulations 1.4.3 a-c).
        national = s.national_list
        self.national_name = QLineEdit(national.name)
        self.national_name.setPlaceholderText(_("none (e.g. the federation's Elo list)"))
        self.national_k = QSpinBox()
        self.national_k.setRange(1, 100)
        self.national_k.setValue(national.k)
        self.national_k.setPrefix("K ")
        self.national_cap = QSpinBox()
        self.national_cap.setRange(0, 2000)
        self.national_cap.setSpecialValueText(_("no limit"))
        self.national_cap.setValue(national.cap or 0)
        self.national_cap.setSuffix(_(" points"))
        self.national_cap.setToolTip(
            _(
                "A rating difference larger than this counts as this (FIDE: 400); "
                "0: the real difference is always used"
            )
        )
        national_row = QHBoxLayout()
        national_row.addWidget(self.national_name, 1)
        national_row.addWidget(self.national_k)
        national_row.addWidget(QLabel(_("limit")))
        national_row.addWidget(self.national_cap)
        self.norm_exemption = QComboBox()
        for code, text in EVENT_EXEMPTIONS.items():
            self.norm_exemption.addItem(f"{code} {_(text)}" if code else _("none"), code)
        self.norm_exemption.setCurrentIndex(max(0, self.norm_exemption.findData(s.norm_exemption)))
        self.norm_exemption.setToolTip(
            _(
                "Event types in which the norms' foreign-opponent rules (Title Regulations 1.4.3, "
                "1.4.4) do not apply; a big Swiss (1.4.3 d) is recognised by itself"
            )
        )
        self.cycles = QSpinBox()
        self.cycles.setRange(1, MAX_CYCLES)
        self.cycles.setValue(s.round_robin.cycles)
        self.cycles.setToolTip(_("1: single round robin; 2: double (everyone meets twice)"))
        self.swap = QCheckBox(
            _("Reverse the last two rounds of the first cycle (GRC Annex 1 recommends it)")
        )
        self.swap.setToolTip(
            _(
                "Avoids three games in a row with the same colour at the change of cycle; with "
                "more than two cycles, every cycle but the last is treated so."
            )
        )
        self.swap.setChecked(s.round_robin.swap_last_two)
        self.rules = SectionRulesField(s.rules)
        self.rating_rules = RatingRulesField(s.rating_rules)
        self.rounds_note = QLabel(_("Rounds: n − 1 per cycle for n players (n odd: n, with a bye)"))
        self.rounds_note.setStyleSheet("color: gray;")
        f = self.form
        f.addRow(_("&Name:"), self.name)
        f.addRow(_("&Place:"), self.city)
        f.addRow(_("&Federation:"), self.federation)
        f.addRow(_("&Start date:"), self.start)
        f.addRow(_("&End date:"), self.end)
        f.addRow(_("Or&ganiser:"), self.organiser)
        f.addRow(_("Chief &arbiter:"), self.arbiter)
        f.addRow(_("&Deputy arbiters:"), self.deputies)
        f.addRow(_("&Time control:"), self.time_control)
        f.addRow(_("T&ime control code:"), self.time_code)
        f.addRow(_("Rating type:"), self.rating_type)
        f.addRow(_("&Rounds:"), self.rounds)
        f.addRow(_("Ro&und dates:"), self.round_dates)
        f.addRow(_("Pairing s&ystem:"), self.system)
        f.addRow(_("Lim te&xt:"), self.lim_options)
        f.addRow(_("Cycles:"), self.cycles)  # (the Y is the system's)
        f.addRow("", self.swap)
        f.addRow("", self.rounds_note)
        f.addRow(_("P&oint system:"), self.scoring)
        f.addRow(_("Pairing-allocated bye &worth:"), self.pab)
        f.addRow(_("&Colour of no. 1 in round 1:"), self.colour)
        f.addRow(_("Acce&leration:"), self.acceleration)
        f.addRow(_("Tie-&breaks:"), self.tiebreaks)
        f.addRow(_("Ran&king rating:"), self.rating_rules)
        f.addRow(_("National rating list:"), national_row)
        f.addRow(_("Norm e&vent type:"), self.norm_exemption)
        f.addRow(_("Who &may play:"), self.rules)
        f.addRow(_("Language of documents:"), self.language)
        self.cycles.valueChanged.connect(self._show_round_robin)
        self._show_round_robin()
        self.system.currentIndexChanged.connect(self._show_system_options)
        self._show_system_options()
        self.resize(560, 0)

    def document_language(self) -> str:
        """The tournament's language chosen (an ISO 639-1 code of ``LANGUAGES``)."""
        return str(self.language.currentData())

    def hide_document_language(self) -> None:
        """A new section prints in its event's language: no choice of its own."""
        self.form.setRowVisible(self.language, False)

    @property
    def round_robin(self) -> bool:
        """A round robin or Scheveningen event is chosen (its table gives the rounds)."""
        return is_round_robin(self.chosen_system())

    def chosen_system(self) -> str:
        """The pairing system chosen (a team round robin pairs with ``round-robin``)."""
        return str(self.system.currentData())

    def _show_round_robin(self) -> None:
        """The round-robin rows for a round robin; the rounds, initial colour and
        acceleration (which the table fixes) for the other systems."""
        table = self.round_robin
        shown: tuple[QWidget, ...] = (self.cycles, self.swap, self.rounds_note)
        for widget in shown:
            self.form.setRowVisible(widget, table)
        self.swap.setEnabled(self.cycles.value() > 1)
        hidden: tuple[QWidget, ...] = (self.rounds, self.colour, self.acceleration)
        for widget in hidden:
            self.form.setRowVisible(widget, not table)
        if not self.base.is_team:  # a team event offers the team tie-breaks
            self.tiebreaks.set_offered(offered_tiebreaks(self.chosen_system()))

    def _show_system_options(self) -> None:
        self.form.setRowVisible(self.lim_options, self.system.currentData() == "lim")

    def system_name(self) -> str:
        """The chosen system with its options (``lim:2003,maxi``; see
        :func:`swissdesk.engines.split_system`)."""
        name = self.chosen_system()
        if name != "lim":
            return name
        edition = str(self.lim_edition.currentData())
        options = [] if edition == "2026" else [edition]
        return with_options(name, [*options, *(["maxi"] if self.lim_maxi.isChecked() else [])])

    def _chosen_scoring(self) -> ScoringSystem:
        """The point system chosen, without the PAB's own value."""
        return self.scorings[str(self.scoring.currentData())]

    def _fill_pab(self, value: int | None) -> None:
        """Offer the values a PAB may take under the chosen point system (a win, a draw,
        nothing, ... : :func:`~swissdesk.model.tournament.pab_values`), selecting ``value``
        (the point system's own PAB when ``None``)."""
        scoring = self._chosen_scoring()
        games = 2 if scoring == DOUBLE_SWISS_SCORING else 1
        values = list(pab_values(scoring, games))
        wanted = scoring.pairing_allocated_bye if value is None else value
        if wanted not in values:  # an imported tournament's own value (out of FIDE mode)
            values.append(wanted)
        names = {
            scoring.win * games: _("a win"),
            scoring.draw * games: _("a draw"),
            0: _("nothing"),
        }
        self.pab.blockSignals(True)
        self.pab.clear()
        for v in values:
            label = half_points_to_str(v).removesuffix(".0").replace(".5", "½")
            label = "½" if label == "0½" else label
            self.pab.addItem(f"{label} ({names[v]})" if v in names else label, v)
        self.pab.setCurrentIndex(max(0, self.pab.findData(wanted)))
        self.pab.blockSignals(False)

    def _system_changed(self) -> None:
        """Double-Swiss scores games and values byes per match: offer its point system. A
        system whose text prescribes its tie-breaks (1992: F10) offers them, unless the
        arbiter already changed the list."""
        system = self.chosen_system()
        offered = {DEFAULT_TIEBREAKS, *(system_tiebreaks(n) or () for n in SYSTEM_TITLES)}
        if self.tiebreaks.codes() in offered:
            self.tiebreaks.set_codes(system_tiebreaks(system) or DEFAULT_TIEBREAKS)
        double = self.system.currentData() == "double-swiss"
        wanted = (
            DOUBLE_SWISS_SCORING
            if double
            else ROUND_ROBIN_SCORING
            if is_round_robin(system)
            else ScoringSystem()
        )
        current = self.scorings[str(self.scoring.currentData())]
        if current in (DOUBLE_SWISS_SCORING, ROUND_ROBIN_SCORING, ScoringSystem()):
            for i, scoring in enumerate(self.scorings.values()):
                if scoring == wanted:
                    self.scoring.setCurrentIndex(i)
        self._show_round_robin()

    def problems(self) -> list[str]:
        return self.form_problems() + self.tiebreak_list_problems()

    def form_problems(self) -> list[str]:
        """What is wrong in the form but the tie-break list."""
        out = []
        if not self.name.text().strip():
            out.append(_("the tournament needs a name"))
        fed = self.federation.text().strip().upper()
        problem = validation.check_federation(fed)
        if problem:
            out.append(problem)
        if self.end.date() < self.start.date():
            out.append(_("the end date is before the start date"))
        out += self._round_date_problems()
        code = self.time_code.text().strip()
        if code and not timecontrol.is_valid(code):
            out.append(
                _("time control code {code}: write it as 5400+30, 40/6000+30:900+30 …").format(
                    code=repr(code)
                )
            )
        return out

    def tiebreak_list_problems(self) -> list[str]:
        """What is wrong in the tie-break list (for the pairing system chosen)."""
        out = []
        codes = self.tiebreaks.codes()
        for code in codes:
            if self.base.is_team:
                if code not in TEAM_TIEBREAK_CHOICES:
                    known = ", ".join(TEAM_TIEBREAK_CHOICES)
                    out.append(
                        _("tie-break {code}: a team event ranks by {known}").format(
                            code=repr(code), known=known
                        )
                    )
                continue
            try:
                parse_tiebreak(code)
            except Exception as exc:
                out.append(_("tie-break {code}: {problem}").format(code=repr(code), problem=exc))
        if len(set(codes)) != len(codes):
            out.append(_("a tie-break appears twice in the list"))
        out += tiebreak_problems(self.chosen_system(), codes)
        return out

    def _show_rating_type(self) -> None:
        code = self.time_code.text().strip()
        if not code:
            text = _("(from the time control code)")
        elif timecontrol.is_valid(code):
            text = _("{rating_type} (FIDE rating of a 60-move game)").format(
                rating_type=timecontrol.rating_type(code)
            )
        else:
            text = _("(the code is not in the TRF form)")
        self.rating_type.setText(text)

    def _round_date_tokens(self) -> list[str]:
        return self.round_dates.text().replace(",", " ").replace(";", " ").split()

    def _round_date_problems(self) -> list[str]:
        """Every date readable, no more dates than rounds, none outside start..end."""
        tokens = self._round_date_tokens()
        out = []
        if not self.round_robin and len(tokens) > self.rounds.value():
            out.append(
                ngettext(
                    "{dates} round dates for {count} round",
                    "{dates} round dates for {count} rounds",
                    self.rounds.value(),
                ).format(dates=len(tokens), count=self.rounds.value())
            )
        start = schedule.parse_date(self.start.date().toString("yyyy/MM/dd"))
        end = schedule.parse_date(self.end.date().toString("yyyy/MM/dd"))
        for number, token in enumerate(tokens, start=1):
            if token == "-":
                continue
            day = schedule.parse_date(token)
            if day is None:
                out.append(
                    _("round {number}: {token} is not a date (YYYY/MM/DD)").format(
                        number=number, token=repr(token)
                    )
                )
            elif start and end and not start <= day <= end:
                out.append(
                    _("round {number}: {token} is outside the tournament's dates").format(
                        number=number, token=token
                    )
                )
        return out

    def schedule(self) -> tuple[str, ...]:
        """The round dates as entered, ``YYYY/MM/DD`` (``""`` for a round marked -)."""
        return schedule.normalise(["" if t == "-" else t for t in self._round_date_tokens()])

    def initial_colour(self) -> Colour:
        value = self.colour.currentData()
        if value == "lot":
            import random

            return random.SystemRandom().choice((Colour.WHITE, Colour.BLACK))
        return Colour(value)

    def settings(self) -> TournamentSettings:
        """The settings as entered (the colour drawn now if "by lot" was chosen)."""
        b = self.base
        return TournamentSettings(
            name=self.name.text().strip(),
            city=self.city.text().strip(),
            federation=self.federation.text().strip().upper(),
            start_date=self.start.date().toString("yyyy/MM/dd"),
            end_date=self.end.date().toString("yyyy/MM/dd"),
            organiser=self.organiser.text().strip(),
            chief_arbiter=self.arbiter.text().strip(),
            deputy_arbiters=tuple(
                name.strip() for name in self.deputies.text().split(";") if name.strip()
            ),
            time_control=self.time_control.text().strip(),
            tournament_type=(
                "Individual: round robin"
                if self.round_robin and not b.tournament_type
                else b.tournament_type or "Individual: Swiss-System"
            ),
            total_rounds=self.rounds.value(),
            system=self.system_name(),
            scoring=replace(
                self._chosen_scoring(), pairing_allocated_bye=int(self.pab.currentData())
            ),
            initial_colour=self.initial_colour(),
            tiebreaks=self.tiebreaks.codes(),
            acceleration=AccelerationKind(self.acceleration.currentData()),
            late_entry_result=b.late_entry_result,
            is_team=b.is_team,
            round_dates=self.schedule(),
            time_control_code=self.time_code.text().strip(),
            national_list=NationalSystem(
                name=self.national_name.text().strip(),
                k=self.national_k.value(),
                cap=self.national_cap.value() or None,
            ),
            norm_exemption=str(self.norm_exemption.currentData() or ""),
            round_robin=RoundRobinSettings(self.cycles.value(), self.swap.isChecked()),
            rules=self.rules.rules(),
            rating_rules=self.rating_rules.rating_rules(),
        )


class RatingRulesField(QWidget):
    """The section's rating rules (issue 31): the method of the tournament rating (TRF-2026
    record 172), what orders players of equal rating and title (C.04.2 art. 2.2.3), and the
    rating unrated players count with in the rating tie-breaks; an event lasting more than
    30 days and which of its players' ratings the rating tie-breaks read (C.02 VCL Q210-216).
    Rules the dialog does not show (the federation, the list sequence, the seed of the
    lots) are kept."""

    def __init__(self, rules: RatingRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.base = rules
        grid = QVBoxLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.method = QComboBox()
        for method in RatingMethod:
            self.method.addItem(f"{method.value}: {_(method.label)}", method.value)
        self.method.setCurrentIndex(max(0, self.method.findData(rules.method.value)))
        self.method.setToolTip(
            _(
                "The rating that orders the players and pairs them (TRF-2026 record 172); the "
                "FIDE rating stays the one the rating change starts from"
            )
        )
        self.order = QComboBox()
        for order in InitialOrder:
            self.order.addItem(_(order.label), order.value)
        self.order.setCurrentIndex(max(0, self.order.findData(rules.initial_order.value)))
        self.order.setToolTip(
            _("What orders players of equal rating and title (C.04.2 art. 2.2.3)")
        )
        self.unrated = QComboBox()
        for unrated in UnratedMethod:
            self.unrated.addItem(_(unrated.label), unrated.value)
        self.unrated.setCurrentIndex(max(0, self.unrated.findData(rules.unrated.method.value)))
        self.unrated.setToolTip(
            _(
                "The rating unrated players count with in ARO, TPR and the other rating "
                "tie-breaks (C.07 leaves them out unless the regulations give one)"
            )
        )
        self.unrated_value = QSpinBox()
        self.unrated_value.setRange(0, 3500)
        self.unrated_value.setValue(rules.unrated.value or 1400)
        first = QHBoxLayout()
        first.addWidget(self.method, 1)
        first.addWidget(QLabel(_("ties:")))
        first.addWidget(self.order, 1)
        second = QHBoxLayout()
        second.addWidget(QLabel(_("unrated in tie-breaks:")))
        second.addWidget(self.unrated, 1)
        second.addWidget(self.unrated_value)
        self.sequence = rules.sequence
        self.run_dialog: Callable[[QDialog], bool] = lambda dialog: bool(dialog.exec())
        """Runs the list sequence dialog (tests script it)."""
        self.sequence_label = QLabel()
        self.sequence_label.setWordWrap(True)
        self.sequence_button = QPushButton(_("Lists…"))
        self.sequence_button.setToolTip(
            _(
                "The FIDE lists the tournament rating is taken from, in order (checklist "
                "Q124-126): tick, order, or the default of the rate of play"
            )
        )
        self.sequence_button.clicked.connect(self.edit_sequence)
        third = QHBoxLayout()
        third.addWidget(QLabel(_("lists:")))
        third.addWidget(self.sequence_label, 1)
        third.addWidget(self.sequence_button)
        grid.addLayout(first)
        grid.addLayout(second)
        grid.addLayout(third)
        self._show_sequence()
        self.long_event = QCheckBox(_("Over 30 days"))
        self.long_event.setChecked(rules.long_event)
        self.long_event.setToolTip(
            _(
                "The event lasts more than 30 days and spans several rating periods: each "
                "player may hold later ratings, from the round a new list applies (Edit player)"
            )
        )
        self.tiebreak_ratings = QComboBox()
        self.tiebreak_ratings.addItem(_("the first ratings"), TiebreakRatingMode.FIRST.value)
        self.tiebreak_ratings.addItem(
            _("each game at its round's rating"), TiebreakRatingMode.EACH_ROUND.value
        )
        self.tiebreak_ratings.addItem(_("the ratings of round"), TiebreakRatingMode.ROUND.value)
        self.tiebreak_ratings.setCurrentIndex(
            max(0, self.tiebreak_ratings.findData(rules.tiebreak_ratings.mode.value))
        )
        self.tiebreak_ratings.setToolTip(
            _(
                "Which ratings ARO, TPR and the other rating tie-breaks read in an event over "
                "30 days (the first ratings by default)"
            )
        )
        self.tiebreak_round = QSpinBox()
        self.tiebreak_round.setRange(1, 99)
        self.tiebreak_round.setValue(max(rules.tiebreak_ratings.round, 1))
        self.long_advice = QLabel(
            _(
                "Rating-based tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG) are not recommended "
                "in an event over 30 days: the ratings change between rating periods."
            )
        )
        self.long_advice.setWordWrap(True)
        fourth = QHBoxLayout()
        fourth.addWidget(self.long_event)
        fourth.addWidget(QLabel(_("rating tie-breaks read:")))
        fourth.addWidget(self.tiebreak_ratings, 1)
        fourth.addWidget(self.tiebreak_round)
        grid.addLayout(fourth)
        grid.addWidget(self.long_advice)
        self.unrated.currentIndexChanged.connect(self._show_value)
        self.long_event.toggled.connect(self._show_value)
        self.tiebreak_ratings.currentIndexChanged.connect(self._show_value)
        self._show_value()

    def _show_value(self) -> None:
        self.unrated_value.setVisible(self.unrated.currentData() == UnratedMethod.FIXED.value)
        long_event = self.long_event.isChecked()
        self.tiebreak_ratings.setEnabled(long_event)
        self.tiebreak_round.setVisible(
            long_event and self.tiebreak_ratings.currentData() == TiebreakRatingMode.ROUND.value
        )
        self.long_advice.setVisible(long_event)

    def chosen_tiebreak_ratings(self) -> TiebreakRatings:
        mode = TiebreakRatingMode(self.tiebreak_ratings.currentData())
        if not self.long_event.isChecked() or mode is TiebreakRatingMode.FIRST:
            return TiebreakRatings()
        if mode is TiebreakRatingMode.ROUND:
            return TiebreakRatings(mode, self.tiebreak_round.value())
        return TiebreakRatings(mode)

    def _show_sequence(self) -> None:
        self.sequence_label.setText(sequence_text(self.sequence))

    def edit_sequence(self) -> None:
        """The list sequence dialog; what it gives is kept for :meth:`rating_rules`."""
        dialog = ListSequenceDialog(self.sequence, self)
        if self.run_dialog(dialog):
            self.sequence = dialog.sequence
            self._show_sequence()

    def rating_rules(self) -> RatingRules:
        method = UnratedMethod(self.unrated.currentData())
        value = self.unrated_value.value() if method is UnratedMethod.FIXED else 0
        return replace(
            self.base,
            method=RatingMethod(self.method.currentData()),
            initial_order=InitialOrder(self.order.currentData()),
            unrated=UnratedRule(method, value),
            sequence=self.sequence,
            long_event=self.long_event.isChecked(),
            tiebreak_ratings=self.chosen_tiebreak_ratings(),
        )


class SectionRulesField(QWidget):
    """A section's rules (issue 33): rating from / under, age under / from; 0 is none.
    The registration desk warns about a player outside them."""

    def __init__(self, rules: SectionRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.rating_from = self._spin(rules.rating_from, 3500, _("rated from "), _("any rating"))
        self.rating_below = self._spin(
            rules.rating_below, 3500, _("rated under "), _("no upper limit")
        )
        self.age_under = self._spin(rules.age_under, 120, _("under "), _("any age"))
        self.age_from = self._spin(rules.age_from, 120, _("aged "), _("no lower age"))
        self.age_from.setSuffix("+")
        for spin, tip in (
            (self.rating_from, N_("Lowest rating of the section (0: none)")),
            (self.rating_below, N_("Players rated below this (a B open 'under 1800'; 0: none)")),
            (self.age_under, N_("Younger than this on 1 January of the section's year ('U16')")),
            (self.age_from, N_("At least this old on 1 January of the section's year ('65+')")),
        ):
            spin.setToolTip(_(tip))
            row.addWidget(spin)

    @staticmethod
    def _spin(value: int, top: int, prefix: str, none: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, top)
        spin.setSpecialValueText(none)
        spin.setPrefix(prefix)
        spin.setValue(value)
        return spin

    def rules(self) -> SectionRules:
        return SectionRules(
            rating_from=self.rating_from.value(),
            rating_below=self.rating_below.value(),
            age_under=self.age_under.value(),
            age_from=self.age_from.value(),
        )


def _date(text: str) -> QDate | None:
    for fmt in ("yyyy/MM/dd", "yyyy-MM-dd", "yyyy.MM.dd", "dd.MM.yyyy"):
        d = QDate.fromString(text, fmt)
        if d.isValid():
            return d
    return None


@dataclass(frozen=True, slots=True)
class ManualChoice:
    """What the arbiter asked for in the manual pairing dialog."""

    operation: str
    """``"swap"``, ``"opponents"``, ``"pair"``, ``"bye"``, ``"unpair"`` or ``"colours"``
    (:mod:`swissdesk.storage.pairing_edits`)."""
    first: int
    second: int | None
    reason: str


class ManualPairingDialog(ValidatedDialog):
    """One change of the round being paired by hand (C.04.2 art. 4.4): swap two players,
    set opponents, pair two players not paired yet, give the bye, unpair a player's board,
    reverse a board's colours. ``players`` are ``(TPN, name, where)`` (``where``: "board 3,
    White", "PAB", "not paired yet")."""

    OPERATIONS = (
        ("swap", N_("&Swap two players (board and colour)"), True),
        ("opponents", N_("Set &opponents: the first plays the second"), True),
        ("pair", N_("&Pair two players not paired yet (the first has White)"), True),
        ("bye", N_("Give the pairing-allocated &bye to the first player"), False),
        ("unpair", N_("&Unpair the first player's board (both players wait)"), False),
        ("colours", N_("Re&verse the colours of the first player's board"), False),
    )

    def __init__(
        self,
        players: Sequence[tuple[int, str, str]],
        round_number: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Pair round {n} by hand").format(n=round_number), parent)
        self.buttons_by_op: dict[str, QRadioButton] = {}
        box = QVBoxLayout()
        for op, text, _two in self.OPERATIONS:
            button = QRadioButton(_(text))
            self.buttons_by_op[op] = button
            box.addWidget(button)
        self.buttons_by_op["swap"].setChecked(True)
        self.first = QComboBox()
        self.second = QComboBox()
        for button in self.buttons_by_op.values():  # once the second player's box exists
            button.toggled.connect(self._operation_changed)
        for tpn, name, where in players:
            label = f"{tpn}. {name}" + (f"  ({where})" if where else "")
            self.first.addItem(label, tpn)
            self.second.addItem(label, tpn)
        if self.second.count() > 1:
            self.second.setCurrentIndex(1)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(_("why (recorded in the audit log)"))
        self.form.addRow(box)
        self.form.addRow(_("&First player:"), self.first)
        self.form.addRow(_("S&econd player:"), self.second)
        self.form.addRow(_("&Reason:"), self.reason)
        self.set_note(
            _(
                "Boards that already have a result cannot change. What a change breaks is a "
                "warning to confirm: a rematch, a prohibited pair, a wrong pairing-allocated "
                "bye or colours beyond the rules (Level 3), both players against their due "
                "colour (Level 2). Finish pairing by hand compares the round with the engine's "
                "pairing."
            )
        )

    @property
    def operation(self) -> str:
        return next(op for op, b in self.buttons_by_op.items() if b.isChecked())

    def _operation_changed(self, _checked: bool = False) -> None:
        two = dict((op, two) for op, _t, two in self.OPERATIONS)
        self.second.setEnabled(two.get(self.operation, True))

    def choice(self) -> ManualChoice:
        op = self.operation
        two = dict((o, t) for o, _x, t in self.OPERATIONS)[op]
        second = int(self.second.currentData()) if two else None
        return ManualChoice(op, int(self.first.currentData()), second, self.reason.text().strip())

    def problems(self) -> list[str]:
        c = self.choice()
        if c.second is not None and c.second == c.first:
            return [_("choose two different players")]
        return []


class TextDialog(QDialog):
    """A read-only text (engine explanation, crash report) with a Close button."""

    def __init__(self, title: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.text = QPlainTextEdit(text)
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        font = self.text.font()
        font.setStyleHint(font.StyleHint.Monospace)
        font.setFamily("DejaVu Sans Mono")
        self.text.setFont(font)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(720, 480)
        fit_to_screen(self)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)


class RulesDialog(TextDialog):
    """The rules of the pairing systems swissdesk offers, FIDE's texts shipped with the
    program (Help > Pairing rules; C.02 VCL Q92): one system at a time, chosen above the
    text, the tournament's own first."""

    def __init__(self, system: str, parent: QWidget | None = None) -> None:
        from swissdesk.engines import system_title
        from swissdesk.engines.rules_text import offered_systems

        super().__init__(_("Pairing rules"), "", parent)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.system = QComboBox()
        names = list(offered_systems())
        if system not in names:
            names.insert(0, system)
        for name in names:
            self.system.addItem(system_title(name), name)
        self.source = QLabel()
        self.source.setWordWrap(True)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(0, self.system)
        layout.insertWidget(1, self.source)
        self.system.currentIndexChanged.connect(lambda _i: self._show())
        self.system.setCurrentIndex(max(0, self.system.findData(system)))
        self._show()
        self.resize(760, 560)
        fit_to_screen(self)

    def _show(self) -> None:
        from swissdesk.engines.rules_text import rules_text

        name = str(self.system.currentData())
        try:
            rules = rules_text(name)
        except KeyError as exc:
            self.source.setText(str(exc.args[0]))
            self.text.setPlainText("")
            return
        self.source.setText(f"{rules.title}: {rules.source}")
        self.text.setPlainText(rules.text)


__all__ = [
    "SCORING_CHOICES",
    "ByeDialog",
    "LateEntryDialog",
    "ManualChoice",
    "ManualPairingDialog",
    "PlayerDialog",
    "PlayerForm",
    "PlayerRoundDialog",
    "RulesDialog",
    "TextDialog",
    "TiebreakEditor",
    "TournamentDialog",
    "ValidatedDialog",
    "WithdrawDialog",
    "late_entry_consequences",
    "predicted_tpn",
]
