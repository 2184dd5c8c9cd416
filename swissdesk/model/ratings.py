"""Every rating a player holds, where each comes from, and the tournament rating that pairs.

Standard library only. A player holds up to three FIDE ratings (standard, rapid, blitz),
national ratings (one per rating federation: TRF-2026's National Rating Support records) and
a manual rating (the arbiter's own figure: an estimate for a player nobody rated, C.04.2 art.
2.1, or a rating picked from a list that is not the tournament's). Each :class:`Rating`
carries its source (``FIDE``, a national list's name, or ``arbiter`` for one typed by hand:
FIDE's checklist, Q134) and its date (a list's month ``YYYY-MM``, the day typed by hand).

**The FIDE rating of a tournament** is the first rating found in the section's list
sequence (checklist Q123-126). The default sequence follows the rate of play:

* standard: FIDE standard, then rapid, then blitz;
* rapid: the *effective* rapid rating, then blitz;
* blitz: the *effective* blitz rating, then rapid.

The effective rapid (blitz) rating is the rapid (blitz) rating, else the standard rating: the
FIDE Rapid and Blitz Rating Regulations (B02RBRegulations2024, effective 1 March 2024) art.
7.2.1 rate a player who has no rapid or blitz rating but a standard one with that standard
rating, so it is the player's FIDE rating of the rapid or blitz event (the TRF's ``001``
column, and the rating the rating change starts from: :func:`official_rating`).

**The tournament rating** (what the initial ranking, C.04.2 art. 2.2, and every rating-based
rule read) comes from the method of TRF-2026 record 172 (:class:`RatingMethod`): FIDE only,
national only, FIDE else national, national else FIDE, the highest or the lowest of the two,
or another method (the arbiter's figure). Every method falls back to the manual rating when
it finds none: "if no reliable rating is known for a player, the Chief Arbiter should make an
estimation of it" (C.04.2 art. 2.1). :func:`player_rating` is the one function giving "the
player's rating of this kind" to every part of swissdesk (pairing, prizes' rating bands,
reports).
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from swissdesk.i18n import N_, _

RATING_TYPES = ("standard", "rapid", "blitz")
"""FIDE's three rating types, as the rate of play decides (record 222)."""

ARBITER = "arbiter"
"""The source of a rating typed by hand (checklist Q134: manual entries are marked)."""

FIDE_SOURCE = "FIDE"


@dataclass(frozen=True, slots=True)
class Rating:
    """One rating and where it comes from.

    ``source`` is the list (``FIDE``, a national list's name, a custom list's name) or
    :data:`ARBITER`; ``date`` is the list's month (``2026-11``) or the day a rating was typed
    (``2026-11-28``); ``""`` where unknown (ratings kept from before swissdesk knew sources).
    ``via`` names a list the rating was picked from when it is used as another kind (a blitz
    rating taken as the manual rating of a standard event): ``"FIDE blitz"``.
    """

    value: int
    source: str = ""
    date: str = ""
    via: str = ""

    @property
    def manual(self) -> bool:
        """Typed by the arbiter (not read from a list)."""
        return self.source == ARBITER

    def describe(self) -> str:
        """``2450 (FIDE 2026-11)``, ``1650 (arbiter 2026-11-28)``, ``2450`` (no source)."""
        where = " ".join(x for x in (self.via or self.source, self.date) if x)
        return f"{self.value} ({where})" if where else str(self.value)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"value": self.value}
        for key in ("source", "date", "via"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        return data

    @staticmethod
    def from_json(data: Any) -> Rating | None:
        if not isinstance(data, Mapping):
            return None
        try:
            value = int(data.get("value", 0))
        except (TypeError, ValueError):
            return None
        if value <= 0:
            return None
        return Rating(
            value,
            str(data.get("source", "")),
            str(data.get("date", "")),
            str(data.get("via", "")),
        )


@dataclass(frozen=True, slots=True)
class NationalRating:
    """A rating on a national list: TRF-2026's National Rating Support (NRS) record.

    ``federation`` is the rating federation's FIDE code (NRS columns 1-3; ``""``: the
    section's national list, whichever federation runs it); ``national_id`` the player's
    number there (58-68), ``origin`` the region, club or county (54-56),
    ``classification`` the national title or class (11-13). ``name``, ``sex`` and
    ``birth_date`` are the national list's when they differ from the FIDE record's (the
    NRS record leaves them blank when they are the same).
    """

    federation: str
    rating: Rating
    national_id: str = ""
    origin: str = ""
    classification: str = ""
    name: str = ""
    sex: str = ""
    birth_date: str = ""

    @property
    def value(self) -> int:
        return self.rating.value

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"federation": self.federation, **self.rating.to_json()}
        for key in _NATIONAL_TEXT:
            if getattr(self, key):
                data[key] = getattr(self, key)
        return data

    @staticmethod
    def from_json(data: Any) -> NationalRating | None:
        rating = Rating.from_json(data)
        if rating is None or not isinstance(data, Mapping):
            return None
        return NationalRating(
            federation=str(data.get("federation", "")).strip().upper()[:3],
            rating=rating,
            **{key: str(data.get(key, "")) for key in _NATIONAL_TEXT},
        )


_NATIONAL_TEXT = ("national_id", "origin", "classification", "name", "sex", "birth_date")


@dataclass(frozen=True, slots=True)
class LaterRating:
    """A rating a player holds from round ``from_round`` on, in an event lasting more than
    30 days that spans several rating periods (FIDE's checklist for tournament programs,
    C.02 VCL Q212-213): the player's rating on the list published for the month that round
    is played in. The rating-based tie-breaks read it when the section's rules say so
    (:class:`TiebreakRatings`); the tournament rating, the initial ranking and the pairing
    keep the first rating (C.04.2 art. 2.2 orders the players once)."""

    from_round: int
    rating: Rating

    def to_json(self) -> dict[str, Any]:
        return {"from_round": self.from_round, **self.rating.to_json()}

    @staticmethod
    def from_json(data: Any) -> LaterRating | None:
        rating = Rating.from_json(data)
        if rating is None or not isinstance(data, Mapping):
            return None
        try:
            from_round = int(data.get("from_round", 0))
        except (TypeError, ValueError):
            return None
        return LaterRating(from_round, rating) if from_round >= 2 else None


def later_ratings(items: Iterable[LaterRating]) -> tuple[LaterRating, ...]:
    """``items`` in round order, one per round (the last given for a round wins)."""
    by_round = {r.from_round: r for r in items}
    return tuple(by_round[k] for k in sorted(by_round))


def rating_in_round(first: int, later: Sequence[tuple[int, int]], round_number: int) -> int:
    """The rating valid in ``round_number``: the latest of ``later`` (``(from round,
    rating)`` pairs, rating 0: unrated from then on) starting at or before it, else
    ``first``."""
    value = first
    for from_round, rating in sorted(later):
        if from_round <= round_number:
            value = rating
    return value


@dataclass(frozen=True, slots=True)
class PlayerRatings:
    """Every rating a player holds in one section (``None``: not rated on that list)."""

    standard: Rating | None = None
    rapid: Rating | None = None
    blitz: Rating | None = None
    national: tuple[NationalRating, ...] = ()
    manual: Rating | None = None
    later: tuple[LaterRating, ...] = ()
    """Ratings of later rating periods in an event over 30 days (:class:`LaterRating`),
    in round order; the ratings above are the first rating, the default (C.02 Q215)."""

    def fide(self, kind: str) -> Rating | None:
        """The FIDE rating of ``kind`` (standard, rapid, blitz)."""
        if kind not in RATING_TYPES:
            raise ValueError(_("unknown rating type {kind!r}").format(kind=kind))
        rating: Rating | None = getattr(self, kind)
        return rating

    def with_fide(self, kind: str, rating: Rating | None) -> PlayerRatings:
        if kind not in RATING_TYPES:
            raise ValueError(_("unknown rating type {kind!r}").format(kind=kind))
        if kind == "standard":
            return replace(self, standard=rating)
        if kind == "rapid":
            return replace(self, rapid=rating)
        return replace(self, blitz=rating)

    def national_for(self, federation: str) -> NationalRating | None:
        """The national rating of ``federation`` (the section's national list): the record of
        that federation, else one kept without a federation (``""``: the section's list)."""
        fed = federation.strip().upper()
        exact = next((n for n in self.national if fed and n.federation == fed), None)
        if exact is not None:
            return exact
        return next((n for n in self.national if not n.federation), None)

    def with_national(self, rating: NationalRating | None, federation: str) -> PlayerRatings:
        """These ratings with the national rating of ``federation`` replaced (``None``:
        removed); a record kept without a federation counts as the section's."""
        fed = federation.strip().upper()
        kept = tuple(n for n in self.national if n.federation not in (fed, ""))
        return replace(self, national=kept + ((rating,) if rating is not None else ()))

    @property
    def empty(self) -> bool:
        return not (
            self.standard or self.rapid or self.blitz or self.national or self.manual or self.later
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for kind in (*RATING_TYPES, "manual"):
            rating = getattr(self, kind)
            if rating is not None:
                data[kind] = rating.to_json()
        if self.national:
            data["national"] = [n.to_json() for n in self.national]
        if self.later:
            data["later"] = [r.to_json() for r in self.later]
        return data

    @staticmethod
    def from_json(data: Any) -> PlayerRatings:
        """Ratings from the file's JSON; anything unreadable is left out (never raises)."""
        if not isinstance(data, Mapping):
            return PlayerRatings()
        national = data.get("national")
        later = data.get("later")
        if not isinstance(later, list):
            later = []
        return PlayerRatings(
            standard=Rating.from_json(data.get("standard")),
            rapid=Rating.from_json(data.get("rapid")),
            blitz=Rating.from_json(data.get("blitz")),
            national=tuple(
                n for n in (NationalRating.from_json(x) for x in national) if n is not None
            )
            if isinstance(national, list)
            else (),
            manual=Rating.from_json(data.get("manual")),
            later=later_ratings(
                r for r in (LaterRating.from_json(x) for x in later) if r is not None
            ),
        )


class RatingMethod(enum.Enum):
    """How the tournament rating is made: the codes of TRF-2026 record 172, "Encoded
    Starting Rank Method" (columns 9-13; FIDE Handbook, TRF26, approved 12/05/2025)."""

    FIDE = "FIDE"
    """FIDE rating only."""
    NRO = "NRO"
    """National rating only."""
    FIDON = "FIDON"
    """FIDE rating if defined, otherwise national rating."""
    NIDOF = "NIDOF"
    """National rating if defined, otherwise FIDE rating."""
    HBFN = "HBFN"
    """Highest between FIDE and national rating (and the manual one, checklist Q145)."""
    LBFN = "LBFN"
    """Lowest between FIDE and national rating (of those defined)."""
    OTHER = "OTHER"
    """Any other, uncodified ranking method: the players keep their FIDE ratings and the
    arbiter sets the order of the pairing numbers."""

    @property
    def uses_national(self) -> bool:
        return self not in (RatingMethod.FIDE, RatingMethod.OTHER)

    @property
    def label(self) -> str:
        return METHOD_LABELS[self]


METHOD_LABELS: Mapping[RatingMethod, str] = {
    RatingMethod.FIDE: N_("FIDE rating only"),
    RatingMethod.NRO: N_("National rating only"),
    RatingMethod.FIDON: N_("FIDE rating, else national"),
    RatingMethod.NIDOF: N_("National rating, else FIDE"),
    RatingMethod.HBFN: N_("Highest of FIDE, national and manual"),
    RatingMethod.LBFN: N_("Lowest of FIDE and national"),
    RatingMethod.OTHER: N_("Other: the arbiter's own order"),
}


class ListKind(enum.Enum):
    """One entry of a list sequence (checklist Q123-126)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"
    EFFECTIVE_RAPID = "effective rapid"
    """Rapid, else standard (Rapid and Blitz Rating Regulations art. 7.2.1)."""
    EFFECTIVE_BLITZ = "effective blitz"
    """Blitz, else standard (art. 7.2.1)."""

    @property
    def label(self) -> str:
        if self in (ListKind.EFFECTIVE_RAPID, ListKind.EFFECTIVE_BLITZ):
            return f"FIDE {self.value} (standard when none)"
        return f"FIDE {self.value}"


DEFAULT_SEQUENCES: Mapping[str, tuple[ListKind, ...]] = {
    "standard": (ListKind.STANDARD, ListKind.RAPID, ListKind.BLITZ),
    "rapid": (ListKind.EFFECTIVE_RAPID, ListKind.BLITZ),
    "blitz": (ListKind.EFFECTIVE_BLITZ, ListKind.RAPID),
}
"""The default list sequence of each rate of play (checklist Q123)."""


def default_sequence(rating_type: str) -> tuple[ListKind, ...]:
    return DEFAULT_SEQUENCES.get(rating_type, DEFAULT_SEQUENCES["standard"])


def parse_sequence(items: Iterable[str]) -> tuple[ListKind, ...]:
    """A sequence from its names (``standard``, ``effective rapid``, ...): unknown names and
    repeats are refused with a ``ValueError`` naming them."""
    out: list[ListKind] = []
    for item in items:
        text = " ".join(item.strip().lower().replace("-", " ").replace("_", " ").split())
        try:
            kind = ListKind(text)
        except ValueError:
            names = ", ".join(k.value for k in ListKind)
            raise ValueError(
                _("unknown list {item!r}: choose among {names}").format(item=item, names=names)
            ) from None
        if kind in out:
            raise ValueError(_("the list {value!r} is named twice").format(value=kind.value))
        out.append(kind)
    if not out:
        raise ValueError(_("a list sequence names at least one list"))
    return tuple(out)


class InitialOrder(enum.Enum):
    """What ranks players of equal tournament rating and title (C.04.2 art. 2.2.3:
    alphabetically, "unless it has been previously stated that this criterion has been
    replaced by another one"; checklist Q146)."""

    ALPHABETICAL = "alphabetical"
    FIDE_ID = "fide-id"
    """Ascending FIDE ID (players without one after, alphabetically)."""
    OLDER_FIRST = "older-first"
    """Earlier date of birth first (unknown dates after)."""
    YOUNGER_FIRST = "younger-first"
    """Later date of birth first (unknown dates after)."""
    REGISTRATION = "registration"
    """The order of registration."""
    LOT = "lot"
    """A drawing of lots, made once with a recorded seed (the same order every time)."""

    @property
    def label(self) -> str:
        return ORDER_LABELS[self]


ORDER_LABELS: Mapping[InitialOrder, str] = {
    InitialOrder.ALPHABETICAL: N_("Alphabetical (C.04.2 art. 2.2.3)"),
    InitialOrder.FIDE_ID: N_("FIDE ID, ascending"),
    InitialOrder.OLDER_FIRST: N_("Date of birth, older first"),
    InitialOrder.YOUNGER_FIRST: N_("Date of birth, younger first"),
    InitialOrder.REGISTRATION: N_("Order of registration"),
    InitialOrder.LOT: N_("Drawing of lots (seed recorded)"),
}


SeedingKey = tuple[int, int, int, int, str, int]


def seeding_key(
    rating: int,
    title_rank: int,
    name: str,
    *,
    fide_id: str = "",
    birth_date: str = "",
    registered: int = 0,
    order: InitialOrder = InitialOrder.ALPHABETICAL,
    lots_seed: int = 0,
    tpn: int = 0,
) -> SeedingKey:
    """Sort key of the initial ranking (C.04.2 art. 2.2): the tournament rating (highest
    first), the FIDE title (``title_rank``: GM first, untitled last), then ``order`` where
    art. 2.2.3's alphabetical order "has been replaced by another one" (checklist Q146),
    then the name and the current number. ``registered`` is the order of registration (the
    file's player id); a drawing of lots hashes it with ``lots_seed``, so the same seed
    always draws the same order."""
    known, value = 0, 0
    match order:
        case InitialOrder.FIDE_ID:
            digits = fide_id.strip()
            known, value = (0, int(digits)) if digits.isdigit() else (1, 0)
        case InitialOrder.OLDER_FIRST | InitialOrder.YOUNGER_FIRST:
            day = _birth_day(birth_date)
            if day is None:
                known = 1
            else:
                value = day if order is InitialOrder.OLDER_FIRST else -day
        case InitialOrder.REGISTRATION:
            value = registered
        case InitialOrder.LOT:
            digest = hashlib.sha256(f"{lots_seed}:{registered}".encode()).digest()
            value = int.from_bytes(digest[:8], "big")
    return (-rating, title_rank, known, value, name.casefold(), tpn)


def _birth_day(text: str) -> int | None:
    """``1990/05/17`` as 19900517 (``1990`` and ``1990/00/00``: 19900000); ``None`` if
    no year is known."""
    digits = "".join(c for c in text if c.isdigit())
    if len(digits) < 4 or int(digits[:4]) == 0:
        return None
    return int(digits[:8].ljust(8, "0"))


class UnratedMethod(enum.Enum):
    """The rating an unrated player counts with in the rating-based tie-breaks (ARO, TPR,
    PTP, APRO, APPO, RTNG; checklist Q208/209). C.07 leaves unrated opponents out unless the
    tournament's regulations give them a rating."""

    NONE = "none"
    """Left out of the averages, as C.07 does by default."""
    FIXED = "fixed"
    """A rating the regulations state (e.g. 1400)."""
    LOWEST = "lowest"
    """The lowest tournament rating of the section's rated players."""
    AVERAGE = "average"
    """The average tournament rating of the section's rated players (0.5 rounded up)."""

    @property
    def label(self) -> str:
        return UNRATED_LABELS[self]


UNRATED_LABELS: Mapping[UnratedMethod, str] = {
    UnratedMethod.NONE: N_("Left out (C.07)"),
    UnratedMethod.FIXED: N_("A fixed rating"),
    UnratedMethod.LOWEST: N_("The lowest rating in the section"),
    UnratedMethod.AVERAGE: N_("The average rating of the section"),
}


@dataclass(frozen=True, slots=True)
class UnratedRule:
    """How unrated players count in the rating-based tie-breaks (``value``: the fixed
    rating of :attr:`UnratedMethod.FIXED`)."""

    method: UnratedMethod = UnratedMethod.NONE
    value: int = 0

    def rating(self, rated: Sequence[int]) -> int:
        """The rating an unrated player counts with, given the rated players' ratings
        (0: left out)."""
        values = [r for r in rated if r > 0]
        match self.method:
            case UnratedMethod.NONE:
                return 0
            case UnratedMethod.FIXED:
                return max(self.value, 0)
            case UnratedMethod.LOWEST:
                return min(values, default=0)
            case UnratedMethod.AVERAGE:
                if not values:
                    return 0
                return (2 * sum(values) + len(values)) // (2 * len(values))
        raise AssertionError(self.method)  # pragma: no cover

    def describe(self) -> str:
        if self.method is UnratedMethod.FIXED:
            return f"{self.value}"
        return self.method.label.lower()

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method.value, "value": self.value}

    @staticmethod
    def from_json(data: Any) -> UnratedRule:
        if not isinstance(data, Mapping):
            return UnratedRule()
        try:
            return UnratedRule(UnratedMethod(data.get("method", "none")), int(data.get("value", 0)))
        except (TypeError, ValueError):
            return UnratedRule()

    @staticmethod
    def parse(text: str) -> UnratedRule:
        """``none``, ``lowest``, ``average`` or a rating (``1400``)."""
        word = text.strip().lower()
        if word.isdigit():
            value = int(word)
            if not 0 < value < 10000:
                raise ValueError(_("{text!r} is no rating (1 to 9999)").format(text=text))
            return UnratedRule(UnratedMethod.FIXED, value)
        try:
            method = UnratedMethod(word)
        except ValueError:
            raise ValueError(
                _("{text!r}: choose none, lowest, average or a rating such as 1400").format(
                    text=text
                )
            ) from None
        if method is UnratedMethod.FIXED:
            raise ValueError(_("give the fixed rating itself, such as 1400"))
        return UnratedRule(method)


class TiebreakRatingMode(enum.Enum):
    """Which ratings the rating-based tie-breaks read in an event over 30 days (C.02 VCL
    Q214-216)."""

    FIRST = "first"
    """The players' first ratings, those of the start (the default, Q215)."""
    EACH_ROUND = "each"
    """Each game counts the opponent's rating valid in the round it was played (Q214)."""
    ROUND = "round"
    """Every player's rating valid in one round the arbiter chooses (Q216)."""


@dataclass(frozen=True, slots=True)
class TiebreakRatings:
    """The ratings the rating-based tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG) read when
    the players hold several (``round``: the round of :attr:`TiebreakRatingMode.ROUND`)."""

    mode: TiebreakRatingMode = TiebreakRatingMode.FIRST
    round: int = 0

    def describe(self) -> str:
        match self.mode:
            case TiebreakRatingMode.EACH_ROUND:
                return "each game with the opponent's rating of its round"
            case TiebreakRatingMode.ROUND:
                return f"the ratings of round {self.round}"
        return "the first ratings (of the start)"

    @property
    def code(self) -> str:
        """``first``, ``each`` or ``round:4``: what :meth:`parse` reads."""
        if self.mode is TiebreakRatingMode.ROUND:
            return f"round:{self.round}"
        return str(self.mode.value)

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode.value, "round": self.round}

    @staticmethod
    def from_json(data: Any) -> TiebreakRatings:
        if not isinstance(data, Mapping):
            return TiebreakRatings()
        try:
            mode = TiebreakRatingMode(data.get("mode", "first"))
            number = int(data.get("round", 0))
        except (TypeError, ValueError):
            return TiebreakRatings()
        if mode is TiebreakRatingMode.ROUND and number < 1:
            return TiebreakRatings()
        return TiebreakRatings(mode, number if mode is TiebreakRatingMode.ROUND else 0)

    @staticmethod
    def parse(text: str) -> TiebreakRatings:
        """``first``, ``each`` or ``round:N`` (``N`` alone too)."""
        word = text.strip().lower()
        number = word.removeprefix("round").lstrip(":= ")
        if number.isdigit():
            if int(number) < 1:
                raise ValueError(_("{text!r}: rounds count from 1").format(text=text))
            return TiebreakRatings(TiebreakRatingMode.ROUND, int(number))
        try:
            mode = TiebreakRatingMode(word)
        except ValueError:
            raise ValueError(
                _("{text!r}: choose first, each or round:N (such as round:5)").format(text=text)
            ) from None
        if mode is TiebreakRatingMode.ROUND:
            raise ValueError(_("name the round, such as round:5"))
        return TiebreakRatings(mode)


@dataclass(frozen=True, slots=True)
class RatingRules:
    """A section's rating rules: where its tournament rating comes from, how ties of the
    initial ranking are ordered, and how unrated players count in the tie-breaks.

    ``national_federation`` is the federation whose national ratings the methods read (TRF
    record 172, columns 5-7; ``""``: the section's own federation, record 032).
    ``sequence`` is the list sequence (``()``: the default of the rate of play).
    ``lots_seed`` is the seed of :attr:`InitialOrder.LOT`. ``long_event`` flags an event
    lasting more than 30 days (C.02 VCL Q210): its players may hold later ratings, linked
    to rounds (:class:`LaterRating`), and ``tiebreak_ratings`` says which ones the
    rating-based tie-breaks read."""

    method: RatingMethod = RatingMethod.FIDE
    national_federation: str = ""
    sequence: tuple[ListKind, ...] = ()
    initial_order: InitialOrder = InitialOrder.ALPHABETICAL
    lots_seed: int = 0
    unrated: UnratedRule = field(default_factory=UnratedRule)
    long_event: bool = False
    tiebreak_ratings: TiebreakRatings = field(default_factory=TiebreakRatings)

    def sequence_for(self, rating_type: str) -> tuple[ListKind, ...]:
        return self.sequence or default_sequence(rating_type)

    def federation(self, section_federation: str) -> str:
        return (self.national_federation or section_federation).strip().upper()[:3]

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method.value,
            "national_federation": self.national_federation,
            "sequence": [k.value for k in self.sequence],
            "initial_order": self.initial_order.value,
            "lots_seed": self.lots_seed,
            "unrated": self.unrated.to_json(),
            "long_event": self.long_event,
            "tiebreak_ratings": self.tiebreak_ratings.to_json(),
        }

    @staticmethod
    def from_json(data: Any) -> RatingRules:
        """Rules from the file's JSON; anything unreadable takes its default."""
        if not isinstance(data, Mapping):
            return RatingRules()
        default = RatingRules()
        try:
            method = RatingMethod(str(data.get("method", default.method.value)))
        except ValueError:
            method = default.method
        try:
            sequence = parse_sequence(data.get("sequence") or ()) if data.get("sequence") else ()
        except (ValueError, TypeError, AttributeError):
            sequence = ()
        try:
            order = InitialOrder(str(data.get("initial_order", default.initial_order.value)))
        except ValueError:
            order = default.initial_order
        try:
            seed = int(data.get("lots_seed", 0))
        except (TypeError, ValueError):
            seed = 0
        return RatingRules(
            method=method,
            national_federation=str(data.get("national_federation", "")).strip().upper()[:3],
            sequence=sequence,
            initial_order=order,
            lots_seed=seed,
            unrated=UnratedRule.from_json(data.get("unrated")),
            long_event=data.get("long_event") is True,
            tiebreak_ratings=TiebreakRatings.from_json(data.get("tiebreak_ratings")),
        )


@dataclass(frozen=True, slots=True)
class RatingUsed:
    """A rating as a rule uses it: the value (0: none) and what it is, in words
    (``FIDE rapid``, ``FIDE standard (no rapid rating, art. 7.2.1)``, ``national ESP``,
    ``manual``), with the rating it comes from."""

    value: int
    basis: str = ""
    rating: Rating | None = None

    def describe(self) -> str:
        if not self.value:
            return "unrated"
        where = self.rating.describe() if self.rating is not None else str(self.value)
        return f"{where}, {self.basis}" if self.basis else where


UNRATED = RatingUsed(0)


def _effective(ratings: PlayerRatings, kind: str) -> RatingUsed:
    own = ratings.fide(kind)
    if own is not None and own.value > 0:
        return RatingUsed(own.value, f"FIDE {kind}", own)
    standard = ratings.standard
    if kind != "standard" and standard is not None and standard.value > 0:
        return RatingUsed(
            standard.value, f"FIDE standard (no {kind} rating: R&B art. 7.2.1)", standard
        )
    return UNRATED


def official_rating(ratings: PlayerRatings, rating_type: str) -> RatingUsed:
    """The player's FIDE rating of the event's rate of play, as FIDE rates it: the rating
    of that type, else for rapid and blitz the standard rating (Rapid and Blitz Rating
    Regulations art. 7.2.1). What the TRF's ``001`` record and the rating change read."""
    if rating_type not in RATING_TYPES:
        rating_type = "standard"
    return _effective(ratings, rating_type)


def list_rating(ratings: PlayerRatings, kind: ListKind) -> RatingUsed:
    """The player's rating on one list of a sequence."""
    match kind:
        case ListKind.EFFECTIVE_RAPID:
            return _effective(ratings, "rapid")
        case ListKind.EFFECTIVE_BLITZ:
            return _effective(ratings, "blitz")
    own = ratings.fide(kind.value)
    if own is not None and own.value > 0:
        return RatingUsed(own.value, f"FIDE {kind.value}", own)
    return UNRATED


def fide_rating(
    ratings: PlayerRatings, rating_type: str, sequence: Sequence[ListKind] = ()
) -> RatingUsed:
    """The FIDE rating the tournament uses: the first rating found along the list sequence
    (the default one of the rate of play when ``sequence`` is empty)."""
    for kind in sequence or default_sequence(rating_type):
        used = list_rating(ratings, kind)
        if used.value > 0:
            main = (sequence or default_sequence(rating_type))[0]
            if kind is not main and used.basis:
                return replace(used, basis=f"{used.basis} (list sequence)")
            return used
    return UNRATED


def national_rating(ratings: PlayerRatings, federation: str) -> RatingUsed:
    """The national rating of ``federation`` (the section's national list)."""
    n = ratings.national_for(federation)
    if n is None or n.value <= 0:
        return UNRATED
    fed = n.federation or federation
    return RatingUsed(n.value, f"national {fed}".strip(), n.rating)


def manual_rating(ratings: PlayerRatings) -> RatingUsed:
    m = ratings.manual
    if m is None or m.value <= 0:
        return UNRATED
    return RatingUsed(m.value, f"manual ({m.via})" if m.via else "manual", m)


def method_rating(method: RatingMethod | None, fide: int, national: int, manual: int = 0) -> int:
    """The tournament rating that ``method`` (TRF-2026 record 172, FIDE Handbook TRF26,
    approved by the FIDE Council on 12/05/2025, applied from 01/09/2025) gives a player
    with these ratings (0: none).

    FIDE: FIDE rating only; NRO: national rating only; FIDON: FIDE if defined, otherwise
    national; NIDOF: national if defined, otherwise FIDE; HBFN: the highest between FIDE
    and national; LBFN: the lowest of those defined; OTHER (any uncodified method) and no
    method: the FIDE rating, the order being the arbiter's. ``manual`` is the Chief
    Arbiter's estimate (C.04.2 art. 2.1): HBFN counts it among the ratings compared (the
    checklist's reading, Q145) and every method falls back to it when it finds none."""
    match method:
        case RatingMethod.NRO:
            chosen = national
        case RatingMethod.FIDON:
            chosen = fide or national
        case RatingMethod.NIDOF:
            chosen = national or fide
        case RatingMethod.HBFN:
            chosen = max(fide, national, manual, 0)
        case RatingMethod.LBFN:
            chosen = min((r for r in (fide, national) if r > 0), default=0)
        case _:
            chosen = fide
    return chosen if chosen > 0 else max(manual, 0)


def tournament_rating(
    ratings: PlayerRatings,
    rules: RatingRules,
    rating_type: str,
    section_federation: str = "",
) -> RatingUsed:
    """The tournament rating by ``rules.method`` (:func:`method_rating`), with what it
    is and where it comes from."""
    fide = fide_rating(ratings, rating_type, rules.sequence)
    national = national_rating(ratings, rules.federation(section_federation))
    manual = manual_rating(ratings)
    value = method_rating(rules.method, fide.value, national.value, manual.value)
    if value <= 0:
        return UNRATED
    for used in (fide, national, manual):
        if used.value == value:
            return used
    raise AssertionError(value)  # pragma: no cover


PLAYER_RATING_KINDS = (
    "tournament",
    "fide",
    "official",
    "standard",
    "rapid",
    "blitz",
    "national",
    "manual",
)
"""What :func:`player_rating` can give: the tournament rating (the section's method), the
FIDE rating along the list sequence, the official FIDE rating of the rate of play (art.
7.2.1), one FIDE list's rating, the national rating, the manual rating."""


def player_rating(
    ratings: PlayerRatings,
    kind: str,
    rules: RatingRules,
    rating_type: str,
    section_federation: str = "",
) -> RatingUsed:
    """The player's rating of ``kind`` (one of :data:`PLAYER_RATING_KINDS`): the one
    function every part of swissdesk asks (pairing, prizes' rating bands, reports)."""
    match kind:
        case "tournament":
            return tournament_rating(ratings, rules, rating_type, section_federation)
        case "fide":
            return fide_rating(ratings, rating_type, rules.sequence)
        case "official":
            return official_rating(ratings, rating_type)
        case "standard" | "rapid" | "blitz":
            return list_rating(ratings, ListKind(kind))
        case "national":
            return national_rating(ratings, rules.federation(section_federation))
        case "manual":
            return manual_rating(ratings)
    raise ValueError(
        _("unknown rating kind {kind!r}: one of {PLAYER_RATING_KINDS}").format(
            kind=kind, PLAYER_RATING_KINDS=", ".join(PLAYER_RATING_KINDS)
        )
    )


def legacy_ratings(
    rating: int, national: int, rating_type: str, source: str = "", date: str = ""
) -> PlayerRatings:
    """The ratings of a player known by one rating and a national rating (a file from
    before schema 11, a form or a command that gives only those): ``rating`` is the FIDE
    rating of the section's rate of play, ``national`` the rating on its national list."""
    kind = rating_type if rating_type in RATING_TYPES else "standard"
    out = PlayerRatings()
    if rating > 0:
        out = out.with_fide(kind, Rating(rating, source, date))
    if national > 0:
        out = replace(out, national=(NationalRating("", Rating(national, source, date)),))
    return out


def settled_ratings(
    ratings: PlayerRatings,
    rating: int,
    national: int,
    rating_type: str,
    federation: str = "",
    *,
    source: str = ARBITER,
    date: str = "",
) -> PlayerRatings:
    """``ratings`` made to agree with the two figures a form, a command or an older caller
    gives: ``rating``, the FIDE rating of the rate of play (as :func:`official_rating` reads
    it), and ``national``, the rating on the section's national list (``federation``). A
    figure that already agrees changes nothing (its source and date stay); one that differs
    replaces the rating of that kind, marked with ``source`` and ``date`` (:data:`ARBITER`
    by default: a figure typed by hand, checklist Q134); 0 removes it. A national rating
    keeps its NRS details (national ID, origin, class)."""
    kind = rating_type if rating_type in RATING_TYPES else "standard"
    out = ratings
    if official_rating(out, kind).value != max(rating, 0):
        if rating > 0:
            out = out.with_fide(kind, Rating(rating, source, date))
        else:
            out = out.with_fide(kind, None)
            if official_rating(out, kind).value:  # the standard rating stood in (art. 7.2.1)
                out = out.with_fide("standard", None)
    if national_rating(out, federation).value != max(national, 0):
        old = out.national_for(federation)
        new: NationalRating | None = None
        if national > 0:
            value = Rating(national, source, date)
            new = (
                replace(old, rating=value)
                if old is not None
                else NationalRating(federation.strip().upper()[:3], value)
            )
        out = out.with_national(new, federation)
    return out


def stored_ratings(
    text: str, rating: int, national: int, rating_type: str, federation: str = ""
) -> PlayerRatings:
    """A player's ratings as the file keeps them (``player.ratings``, schema 11: the JSON of
    :meth:`PlayerRatings.to_json`), with ``rating`` and ``national`` (the ``rating`` and
    ``national_rating`` columns) as :func:`legacy_ratings` when the JSON is empty or
    unreadable."""
    import json

    try:
        data = json.loads(text) if text else {}
    except ValueError:
        data = {}
    ratings = PlayerRatings.from_json(data)
    if ratings.empty and (rating > 0 or national > 0):
        return legacy_ratings(rating, national, rating_type)
    return ratings
