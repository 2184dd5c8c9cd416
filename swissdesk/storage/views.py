"""Plain frozen dataclasses the storage hands to the rest of the program.

Nothing here is an ORM object: these are safe to pass to Qt models, worker threads and the
report generators. Scores are integer half-points (``swissdesk.model.HalfPoints``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from swissdesk.elo import NationalSystem
from swissdesk.engines.base import RoundPairing
from swissdesk.i18n import _
from swissdesk.model.ratings import PlayerRatings, RatingRules
from swissdesk.model.round_robin import RoundRobinSettings
from swissdesk.model.tournament import Colour, HalfPoints, ResultCode, ScoringSystem
from swissdesk.storage.results import BoardResult
from swissdesk.tiebreaks import DEFAULT_TIEBREAKS


class AccelerationKind(enum.Enum):
    """How virtual points are given (C.04.7)."""

    NONE = "none"
    BAKU = "baku"
    """Baku Acceleration Method (C.04.7 art. 1), computed by swissdesk."""
    EXPLICIT = "explicit"
    """Virtual points given per player and round (as imported from TRF ``XXA`` lines)."""


class ByeKind(enum.Enum):
    """A bye or absence the arbiter sets before a round is paired (C.04.2 art. 3.3)."""

    HALF = "half"
    """Requested half-point bye (TRF ``H``)."""
    ZERO = "zero"
    """Requested zero-point bye (TRF ``Z``)."""
    FULL = "full"
    """Full-point bye, where the tournament rules allow it (TRF ``F``)."""
    ABSENT = "absent"
    """Known absence: not paired, scores what the tournament gives an absence (TRF blank)."""

    @property
    def result_code(self) -> ResultCode:
        return _BYE_CODES[self]

    @staticmethod
    def from_result_code(code: ResultCode) -> ByeKind | None:
        for kind, c in _BYE_CODES.items():
            if c is code:
                return kind
        return None


_BYE_CODES = {
    ByeKind.HALF: ResultCode.HALF_POINT_BYE,
    ByeKind.ZERO: ResultCode.ZERO_POINT_BYE,
    ByeKind.FULL: ResultCode.FULL_POINT_BYE,
    ByeKind.ABSENT: ResultCode.NOT_PAIRED,
}


class PlayerStatus(enum.Enum):
    """Whether a player is still to be paired."""

    ACTIVE = "active"
    WITHDRAWN = "withdrawn"
    """Withdrawn from round ``PlayerRow.withdrawn_from_round`` on (C.04.2 art. 3.2)."""
    NOT_ARRIVED = "not arrived"
    """A late entry whose first round is still to come (C.04.2 art. 2.4)."""


@dataclass(frozen=True, slots=True)
class SectionRules:
    """Who a section is for (warned at the registration desk, never refused: the arbiter
    decides). Ages count on 1 January of the year the section starts (as FIDE's youth and
    senior events count them); 0 is no limit."""

    rating_from: int = 0
    """Rated at least this (an A open "1800 and above")."""
    rating_below: int = 0
    """Rated below this (a B open "under 1800")."""
    age_under: int = 0
    """Younger than this ("U16")."""
    age_from: int = 0
    """At least this old ("65+")."""

    @property
    def text(self) -> str:
        """The rules in a few words ("under 1800, U16"), ``""`` for none, in the reader's
        language (a list of conditions, each one marked)."""
        parts = []
        if self.rating_from:
            parts.append(_("rated {low} and above").format(low=self.rating_from))
        if self.rating_below:
            parts.append(_("rated under {below}").format(below=self.rating_below))
        if self.age_under:
            parts.append(_("U{age}").format(age=self.age_under))
        if self.age_from:
            parts.append(f"{self.age_from}+")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """Everything the arbiter decides when creating the tournament (editable later).

    ``late_entry_result`` is what a late entry gets for each round missed: no points
    (``NOT_PAIRED``) unless the tournament rules say otherwise (C.04.2 art. 2.4), e.g.
    ``HALF_POINT_BYE``.
    """

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    tournament_type: str = ""
    total_rounds: int = 9
    system: str = "dutch"
    scoring: ScoringSystem = field(default_factory=ScoringSystem)
    initial_colour: Colour = Colour.WHITE
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    """Declared tie-breaks (TRF record 202); by default the list C.07 recommends."""
    acceleration: AccelerationKind = AccelerationKind.NONE
    late_entry_result: ResultCode = ResultCode.NOT_PAIRED
    is_team: bool = False
    time_control_code: str = ""
    """The time control encoded for FIDE (TRF-2026 record 222, e.g. ``5400+30``); it tells
    the rating type (standard, rapid, blitz): see :mod:`swissdesk.model.timecontrol`."""
    round_dates: tuple[str, ...] = ()
    """Date of each round, ``YYYY/MM/DD`` (``""`` for none): TRF record 132, printed in the
    page headers; see :mod:`swissdesk.model.schedule`."""
    organiser: str = ""
    """Who organises the event (free text, e.g. "Chess Club Zürich"): printed in the
    documents' headers; no TRF record holds it, so a TRF export leaves it out."""
    rules: SectionRules = field(default_factory=SectionRules)
    """The section's rating and age limits (warnings at the registration desk)."""
    national_list: NationalSystem = field(default_factory=NationalSystem)
    """The national rating list computed beside FIDE's (its name, K and 400-point rule;
    no name: none)."""
    norm_exemption: str = ""
    """The event type that waives the norms' foreign-opponent rules (FIDE Title
    Regulations 1.4.3 a-c: ``"1.4.3a"``, ``"1.4.3b"``, ``"1.4.3c"``; empty: none)."""
    rating_rules: RatingRules = field(default_factory=RatingRules)
    """Where the tournament rating comes from (TRF-2026 record 172's method and federation),
    what orders players of equal rating and title (C.04.2 art. 2.2.3) and the rating
    unrated players count with in the tie-breaks (kept in ``rating_settings``)."""
    round_robin: RoundRobinSettings = field(default_factory=RoundRobinSettings)
    """For a round robin or Scheveningen event: the cycles and the order of the last two
    rounds of a cycle (GRC Annex 1). Kept as TRF record 192; ``total_rounds`` follows from
    it and the number of participants until round 1 is paired."""
    fide_mode: bool = True
    """In FIDE mode (C.02 VCL Q40-46). Read only here: a new tournament is in FIDE mode when
    its system is FIDE-approved; :class:`~swissdesk.storage.commands.fide_mode.LeaveFideMode`
    turns it off for good; :class:`EditSettings` keeps the stored value whatever it is given."""


@dataclass(frozen=True, slots=True)
class SectionInfo:
    """One section of the event, as the section switcher and the CLI list them."""

    id: int
    name: str
    position: int
    system: str
    total_rounds: int
    rounds_paired: int
    players: int
    is_team: bool
    rules: SectionRules
    start_date: str = ""
    end_date: str = ""
    round_dates: tuple[str, ...] = ()
    rating_type: str = "standard"
    """The FIDE rating its time control counts for (standard, rapid, blitz): the rating the
    desk looks up for a player registered in it."""


@dataclass(frozen=True, slots=True)
class PlayerData:
    """A player's personal data as the arbiter enters it (no TPN, no results)."""

    name: str
    rating: int = 0
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    members: tuple[str, ...] = ()
    club: str = ""
    """Club or town, for the starting list (no TRF record holds it)."""
    k_factor: int | None = None
    """K of the tournament's rating type from the rating list or the arbiter; ``None``: the
    rules of the FIDE Rating Regulations (art. 8.3.3)."""
    k_source: str = ""
    """``"arbiter"`` or the rating list K came from (``"rating list 2026-11"``)."""
    rated_games: int | None = None
    """Rated games before this event (the 30-game rule of art. 8.3.3); ``None``: unknown."""
    national_rating: int = 0
    """Rating on the tournament's national list (0: none)."""
    ratings: PlayerRatings | None = None
    """Every rating the player holds, with source and date (checklist Q134); ``None``: the
    caller knows only ``rating`` and ``national_rating``, and the stored ratings keep the
    rest (a figure that differs from them is stored as typed by the arbiter). Where both
    are given, ``rating`` and ``national_rating`` win: a rating they contradict is replaced
    (:func:`~swissdesk.model.ratings.settled_ratings`)."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One line of the list of participants.

    ``score`` counts the rounds whose results are all in. ``byes`` lists the byes and
    absences already set for rounds not yet paired, as ``(round, kind)``.
    """

    tpn: int
    name: str
    rating: int
    sex: str
    title: str
    federation: str
    fide_id: str
    birth_date: str
    members: tuple[str, ...]
    score: HalfPoints
    status: PlayerStatus
    withdrawn_from_round: int | None
    late_entry_round: int | None
    byes: tuple[tuple[int, ByeKind], ...] = ()
    checked_in: bool = False
    """Ticked in at the registration desk."""
    club: str = ""
    k_factor: int | None = None
    k_source: str = ""
    rated_games: int | None = None
    national_rating: int = 0
    ratings: PlayerRatings | None = None
    """Every rating the player holds (schema 11), with source and date."""
    tournament_rating: int = 0
    """The rating that orders and pairs (the section's method over the list sequence, the
    national list and the manual rating: TRF-2026 record 172)."""

    @property
    def data(self) -> PlayerData:
        """The editable personal data (for an :class:`EditPlayer` form)."""
        return PlayerData(
            name=self.name,
            rating=self.rating,
            sex=self.sex,
            title=self.title,
            federation=self.federation,
            fide_id=self.fide_id,
            birth_date=self.birth_date,
            members=self.members,
            club=self.club,
            k_factor=self.k_factor,
            k_source=self.k_source,
            rated_games=self.rated_games,
            national_rating=self.national_rating,
            ratings=self.ratings,
        )


@dataclass(frozen=True, slots=True)
class BoardView:
    """One board of a round, with both players' scores *before* the round."""

    board: int
    white_tpn: int
    white_name: str
    white_rating: int
    white_score: HalfPoints
    black_tpn: int
    black_name: str
    black_rating: int
    black_score: HalfPoints
    result: BoardResult | None
    """``None`` while the result is missing (or for an unusual imported code)."""
    result_text: str
    """As printed: ``1-0``, ``1/2``, ``adj``, ``""`` when missing, ``W-L`` if unusual."""
    games: tuple[str, str] | None = None
    """Double-Swiss (C.04.5): the two games, each in its own colours (game 1 with this
    board's White first, game 2 with its Black first), ``("", "")`` while pending."""

    @property
    def has_result(self) -> bool:
        return self.result_text != ""


@dataclass(frozen=True, slots=True)
class UnpairedView:
    """A player with no board in the round: the PAB, a requested bye, an absence."""

    tpn: int
    name: str
    result: ResultCode
    points: HalfPoints


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round as the arbiter sees it: boards, PAB, byes and absences.

    For the next round, not yet paired, ``paired`` is False and ``unpaired`` holds the byes
    and absences already set for it.
    """

    round_number: int
    paired: bool
    boards: tuple[BoardView, ...]
    pab: UnpairedView | None
    unpaired: tuple[UnpairedView, ...]
    """Requested byes, absences, withdrawn players (the PAB is in ``pab``)."""
    complete: bool
    """Every board has a result."""
    changed_by_hand: bool
    engine_pairing: RoundPairing | None
    """The engine's original pairing if the arbiter changed it by hand, else ``None``."""
    manual: bool = False
    """The round is being paired by hand (the manual-pairing phase is open)."""
    to_pair: tuple[tuple[int, str], ...] = ()
    """While it is paired by hand: its players not on a board yet (TPN, name)."""

    @property
    def missing_results(self) -> tuple[int, ...]:
        """Board numbers still without a result."""
        return tuple(b.board for b in self.boards if not b.has_result)


@dataclass(frozen=True, slots=True)
class ManualPhase:
    """The round being paired by hand (C.02 VCL Q65): which, whether it is being created,
    its players (TPNs), those not on a board yet, and the engine's pairing it is compared
    with at the end (``None``: the engine found none, ``engine_error`` says why)."""

    round_number: int
    creating: bool
    players: tuple[int, ...]
    unpaired: tuple[int, ...]
    engine_pairing: RoundPairing | None
    engine_error: str = ""


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One arbiter action as recorded in the file's audit log."""

    id: int
    at: str
    """UTC time, ISO 8601."""
    action: str
    summary: str
    payload: Mapping[str, Any]
    """The action's parameters and the before/after values where they matter (JSON data)."""
    undone: bool
    undo_of: int | None = None
    """For an ``Undo`` entry, the id of the entry it undid."""
    section_id: int | None = None
    """The section the action changed (``None``: the event itself, e.g. adding a section)."""
    section: str = ""
    """That section's name (``""`` for the event; "(removed section)" once it is gone)."""


@dataclass(frozen=True, slots=True)
class EventPlayerRow:
    """A player in the event's "All sections" lists (registration desk, check-in)."""

    section_id: int
    section: str
    player: PlayerRow


@dataclass(frozen=True, slots=True)
class ActionResult:
    """What an action did: its audit-log id, a one-line summary (in the current language),
    and any warnings; ``recorded``: the summary as the audit log stores it (English, for a
    program to read, never to show)."""

    audit_id: int
    action: str
    summary: str
    warnings: tuple[str, ...] = ()
    recorded: str = ""


@dataclass(frozen=True, slots=True)
class PhoneAccess:
    """What the arbiter opened to the players' phones in a section (issue 35).

    ``checkin_round``: check-in is open for that round (``None``: closed); ``report_round``:
    results can be reported for that round; ``acceptance``: ``arbiter`` (each report
    accepted by the arbiter) or ``auto`` (a report both players agree on is entered)."""

    checkin_round: int | None = None
    report_round: int | None = None
    acceptance: str = "arbiter"

    @property
    def open(self) -> bool:
        return self.checkin_round is not None or self.report_round is not None


@dataclass(frozen=True, slots=True)
class CodeHolder:
    """The player a personal code belongs to (the section's id, the pairing number)."""

    section_id: int
    tpn: int
    name: str


@dataclass(frozen=True, slots=True)
class PhoneGame:
    """One game a phone's report covers: a Double-Swiss game or a team match's board
    (``white`` is the player on the left: the first team's for a team board, whose result
    is written from that side); ``played`` False for an empty place (forfeited)."""

    label: str
    white: str
    black: str
    played: bool = True


@dataclass(frozen=True, slots=True)
class PhoneBoard:
    """A player's board in a round as their phone shows it (issue 35); for a team, the
    team's match (``board`` is the match's number, the names the teams')."""

    round_number: int
    board: int
    white_tpn: int
    white_name: str
    black_tpn: int
    black_name: str
    result_text: str
    """The entered result as printed (``""`` while missing)."""
    kind: str = "game"
    """``game``, ``double`` (both games of a Double-Swiss board) or ``team`` (a match)."""
    games: tuple[PhoneGame, ...] = ()
    """The games reported together (``double`` and ``team``; empty for ``game``)."""


def team_score(tokens: str) -> str:
    """A team report's match score from the first team's side (``2½-1½``), from its board
    results (``1-0 1/2 0-1 +-``: the last board forfeited by the second team's empty place)."""
    halves = {"1-0": (2, 0), "1/2": (1, 1), "0-1": (0, 2), "+-": (2, 0), "-+": (0, 2)}
    a = sum(halves.get(t, (0, 0))[0] for t in tokens.split())
    b = sum(halves.get(t, (0, 0))[1] for t in tokens.split())

    def half(n: int) -> str:
        return f"{n // 2}{'½' if n % 2 else ''}" if n != 1 else "½"

    return f"{half(a)}-{half(b)}"


@dataclass(frozen=True, slots=True)
class ReportView:
    """A board's result as reported from the phones (issue 35).

    ``result`` as the report keeps it: ``1-0`` (a game, White first), ``1-0 1/2`` (a
    Double-Swiss board, each game in its own colours), ``1-0 1/2 0-1 -+`` (a team match's
    boards from the first team's side; an empty place is the line-up's forfeit). ``state``: ``reported``
    (one player), ``confirmed`` (both agree), ``disputed`` (they do not:
    ``disputed_result`` is the opponent's), ``accepted`` (entered), ``rejected`` (set
    aside by the arbiter)."""

    round_number: int
    board: int
    result: str
    state: str
    reporter_tpn: int
    reporter_name: str
    answered_tpn: int | None
    disputed_result: str | None
    reported_at: str
    device: str
    kind: str = "game"

    def shown(self, result: str) -> str:
        """A reported result as the arbiter reads it (a team match: its score and boards)."""
        if self.kind == "team":
            return f"{team_score(result)} [{result}]"
        return result

    @property
    def text(self) -> str:
        """As the board list shows it: ``1-0 reported by 12``, ``1/2 confirmed``..., in the
        current language (the window's: the arbiter's; a phone page's: the player's)."""
        result = self.shown(self.result)
        if self.state == "confirmed":
            return _("{result} confirmed").format(result=result)
        if self.state == "disputed" and self.disputed_result is not None:
            return _("disputed: {result} / {other}").format(
                result=result, other=self.shown(self.disputed_result)
            )
        if self.state == "reported":
            return _("{result} reported by {number}").format(
                result=result, number=self.reporter_tpn
            )
        if self.state == "accepted":
            return _("{result} accepted").format(result=result)
        if self.state == "rejected":
            return _("{result} rejected").format(result=result)
        return f"{result} {self.state}"


@dataclass(frozen=True, slots=True)
class RatingCorrectionView:
    """A game whose result counts differently in the rating report only (C.02 Q192):
    ``result`` there, ``entered`` in the pairings and standings (White's first)."""

    round_number: int
    board: int
    white: int
    black: int
    white_name: str
    black_name: str
    result: str
    entered: str
    reason: str = ""
