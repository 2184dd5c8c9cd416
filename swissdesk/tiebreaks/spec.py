"""Tie-break codes as TRF-2026 records 202/212 write them, parsed into :class:`TiebreakSpec`.

A code is a name (``BH``, ``SB``, ``DE``, ...) optionally followed by a point type for team
events (``BH:GP``) and modifiers separated by ``/`` (``BH/C1``, ``BH:GP/C1/P``, ``KS/L60``,
``KS/L-1``).
The names and modifiers are those of the FIDE Tie-Break Regulations (C.07, edition in force
from 1 March 2026): art. 6-10 for the tie-breaks, art. 14 for the cut and median modifiers,
art. 15.2 for counting forfeits as played (``/P``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from swissdesk.errors import InputError
from swissdesk.i18n import N_, _

DEFAULT_TIEBREAKS: tuple[str, ...] = ("BH/C1", "BH", "SB", "DE")
"""Tie-break list proposed for a new individual Swiss (Buchholz Cut-1, Buchholz,
Sonneborn-Berger, Direct Encounter); the arbiter may change it before round 1."""

TIEBREAK_NAMES: dict[str, str] = {
    "DE": N_("Direct Encounter (art. 6)"),
    "WIN": N_("Number of wins (art. 7)"),
    "WON": N_("Number of games won over the board (art. 7)"),
    "BPG": N_("Number of games played with Black (art. 7)"),
    "BWG": N_("Number of games won with Black (art. 7)"),
    "REP": N_("Rounds one elected to play (art. 7; formerly GE)"),
    "PS": N_("Progressive scores (art. 7)"),
    "STD": N_("Standard points (art. 7.7; 1 - ½ - 0 whatever the scoring)"),
    "TPN": N_("Tournament pairing number, lower first (art. 7.8)"),
    "BH": N_("Buchholz (art. 8.1)"),
    "AOB": N_("Average of opponents' Buchholz (art. 8.2)"),
    "FB": N_("Fore Buchholz (art. 8.3)"),
    "SB": N_("Sonneborn-Berger (art. 9.1)"),
    "KS": N_("Koya system (art. 9.2)"),
    "ARO": N_("Average rating of opponents (art. 10.1)"),
    "TPR": N_("Tournament performance rating (art. 10)"),
    "PTP": N_("Perfect tournament performance (art. 10)"),
    "APRO": N_("Average performance rating of opponents (art. 10)"),
    "APPO": N_("Average perfect performance of opponents (art. 10)"),
    "RTNG": N_("Player's own rating, higher first (art. 10.6)"),
}
"""Every tie-break swissdesk computes, with the C.07 article defining it (English, marked for
the catalog: :func:`tiebreak_name` gives it in the current language)."""

ALIASES: dict[str, str] = {"GE": "REP", "SNO": "TPN", "RTG": "RTNG"}
"""Older names accepted on input (C.07 2026 renamed GE to REP)."""

BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})
"""The Buchholz-type tie-breaks (C.07 art. 8): they compare the opponents met, which in a
round robin are everyone; a round robin never offers them (FIDE's checklist, Q105)."""

_CUTTABLE = frozenset({"BH", "FB", "SB", "AOB", "ARO", "TPR", "PTP", "APRO", "APPO"})
_FORFEIT_AS_PLAYED = frozenset({"BH", "FB", "SB", "AOB", "DE"})
_LOWER_IS_BETTER = frozenset({"DE", "TPN"})
_REVERSIBLE = frozenset({"TPN", "RTNG"})
_POINT_TYPES = frozenset({"MP", "GP", "MM", "MG", "GM", "GG"})


@dataclass(frozen=True, slots=True)
class TiebreakSpec:
    """One parsed tie-break code.

    ``cut_low``/``cut_high`` are how many least/most significant values are cut (C1 = 1/0,
    C2 = 2/0, M1 = 1/1, M2 = 2/2; art. 14.1-14.4); for PS ``cut_low`` drops the first rounds.
    ``forfeits_played`` is the ``/P`` modifier; ``koya_limit`` the KS limit as a percentage
    of the maximum score (art. 9.2, 50 by default), ``koya_shift`` the points the limit
    moves by (``/L+1`` raises it by half a point, ``/L-2`` lowers it by a point, ``/L+1.5``
    counts points: the reading of FIDE TEC's reference tie-break server).
    """

    code: str
    """The code exactly as given (stripped), used as a column heading."""
    name: str
    cut_low: int = 0
    cut_high: int = 0
    forfeits_played: bool = False
    koya_limit: Fraction = Fraction(50)
    koya_shift: Fraction = Fraction(0)
    point_type: str = ""
    reverse: bool = False
    """``/R``: TPN descending or RTNG ascending (art. 7.8, 10.6)."""

    @property
    def lower_is_better(self) -> bool:
        """True for the tie-breaks ranked ascending (DE position, TPN; RTNG with /R)."""
        return (self.name in _LOWER_IS_BETTER) != self.reverse

    @property
    def canonical(self) -> str:
        """The code in the TRF-2026 form (``BH/C1``), aliases resolved."""
        parts = [self.name + (f":{self.point_type}" if self.point_type else "")]
        if self.cut_low and self.cut_low == self.cut_high:
            parts.append(f"M{self.cut_low}")
        elif self.cut_low:
            parts.append(f"C{self.cut_low}")
        if self.forfeits_played:
            parts.append("P")
        if self.reverse:
            parts.append("R")
        if self.name == "KS" and self.koya_limit != 50:
            parts.append(f"L{self.koya_limit}")
        if self.name == "KS" and self.koya_shift:
            parts.append(_shift_text(self.koya_shift))
        return "/".join(parts)


def parse_tiebreak(code: str) -> TiebreakSpec:
    """Parse one tie-break code; raise :class:`InputError` naming what is wrong."""
    text = code.strip()
    if not text:
        raise InputError(_("empty tie-break code"))
    head, *modifiers = text.upper().split("/")
    name, _sep, point_type = head.partition(":")
    name = ALIASES.get(name.strip(), name.strip())
    if name not in TIEBREAK_NAMES:
        known = ", ".join(sorted(TIEBREAK_NAMES))
        raise InputError(
            _("unknown tie-break {text!r}; known tie-breaks: {known}").format(
                text=text, known=known
            )
        )
    point_type = point_type.strip()
    if point_type and point_type not in _POINT_TYPES:
        raise InputError(
            _("tie-break {text!r}: unknown point type {point_type!r}").format(
                text=text, point_type=point_type
            )
        )
    cut_low = cut_high = 0
    forfeits_played = reverse = False
    koya_limit = Fraction(50)
    koya_shift = Fraction(0)
    for raw in modifiers:
        mod = raw.strip()
        if mod in {"C1", "C2"} and (name in _CUTTABLE or name == "PS"):
            cut_low = int(mod[1])
        elif mod.startswith("C") and mod[1:].isdigit() and name == "PS":
            cut_low = int(mod[1:])
        elif mod in {"M1", "M2"} and name in _CUTTABLE:
            cut_low = cut_high = int(mod[1])
        elif mod == "P" and name in _FORFEIT_AS_PLAYED:
            forfeits_played = True
        elif mod == "R" and name in _REVERSIBLE:
            reverse = True
        elif mod[:2] in {"L+", "L-"} and name == "KS":
            koya_shift = _parse_shift(text, mod)
        elif mod.startswith("L") and name == "KS":
            try:
                koya_limit = Fraction(mod[1:])
            except (ValueError, ZeroDivisionError):
                raise InputError(
                    _("tie-break {text!r}: bad Koya limit {mod!r}").format(text=text, mod=mod[1:])
                ) from None
            if not 0 <= koya_limit <= 100:
                raise InputError(
                    _("tie-break {text!r}: Koya limit must be 0-100 %").format(text=text)
                )
        else:
            raise InputError(
                _("tie-break {text!r}: modifier {mod!r} does not apply to {name}").format(
                    text=text, mod=mod, name=name
                )
            )
    return TiebreakSpec(
        code=text,
        name=name,
        cut_low=cut_low,
        cut_high=cut_high,
        forfeits_played=forfeits_played,
        koya_limit=koya_limit,
        koya_shift=koya_shift,
        point_type=point_type,
        reverse=reverse,
    )


def _parse_shift(code: str, mod: str) -> Fraction:
    """``L+n`` / ``L-n``: the Koya limit moved by ``n`` half-points, or ``n`` points when
    written with a decimal point (``L-1.5``)."""
    number = mod[2:]
    try:
        value = Fraction(number)
    except (ValueError, ZeroDivisionError):
        raise InputError(
            _("tie-break {code!r}: bad Koya limit change {mod!r}").format(code=code, mod=mod)
        ) from None
    if value < 0 or not number.replace(".", "", 1).isdigit():
        raise InputError(
            _("tie-break {code!r}: bad Koya limit change {mod!r}").format(code=code, mod=mod)
        )
    points = value if "." in number else value / 2
    # L+n raises the limit (fewer opponents count), L-n lowers it.
    return points if mod[1] == "+" else -points


def _shift_text(shift: Fraction) -> str:
    sign = "+" if shift > 0 else "-"
    half_points = abs(shift) * 2
    if half_points.denominator == 1:
        return f"L{sign}{half_points.numerator}"
    return f"L{sign}{float(abs(shift))}"


def offered_tiebreaks(system: str) -> dict[str, str]:
    """The tie-breaks an arbiter may choose for ``system``, with their C.07 articles: every
    one, except the Buchholz family for a round robin or Scheveningen event."""
    from swissdesk.model.round_robin import is_round_robin

    if is_round_robin(system):
        return {k: _(v) for k, v in TIEBREAK_NAMES.items() if k not in BUCHHOLZ_FAMILY}
    return {k: _(v) for k, v in TIEBREAK_NAMES.items()}


def tiebreak_name(code: str) -> str:
    """The name of the tie-break a code means (``BH/C1`` -> "Buchholz (art. 8.1)"), in the
    current language; the code itself when it is not one swissdesk knows."""
    try:
        name = parse_tiebreak(code).name
    except InputError:
        return code
    return _(TIEBREAK_NAMES[name]) if name in TIEBREAK_NAMES else code


def tiebreak_problems(system: str, codes: tuple[str, ...] | list[str]) -> list[str]:
    """Why ``codes`` cannot be the tie-breaks of ``system`` (empty when they can)."""
    from swissdesk.model.round_robin import is_round_robin

    out = []
    if is_round_robin(system):
        for code in codes:
            head = code.strip().upper().split("/")[0].split(":")[0]
            if ALIASES.get(head, head) in BUCHHOLZ_FAMILY:
                out.append(
                    f"{code} is a Buchholz-type tie-break (C.07 art. 8): in a round robin every "
                    "player meets the same opponents, so it separates nobody; choose "
                    "Sonneborn-Berger, Koya, direct encounter or wins"
                )
    return out


RATING_TIEBREAKS = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""The tie-breaks computed from ratings (C.07 art. 10)."""


def rating_tiebreaks(codes: tuple[str, ...] | list[str]) -> list[str]:
    """The codes of ``codes`` computed from ratings (unparsable codes are skipped)."""
    out = []
    for code in codes:
        head = code.strip().upper().split("/")[0].split(":")[0]
        if ALIASES.get(head, head) in RATING_TIEBREAKS:
            out.append(code.strip())
    return out


def long_event_advice(codes: tuple[str, ...] | list[str]) -> str:
    """The advice FIDE's checklist asks for (C.02 VCL Q211) when an event lasting more
    than 30 days breaks ties by rating: ``""`` when ``codes`` has no rating-based
    tie-break."""
    rated = rating_tiebreaks(codes)
    if not rated:
        return ""
    return _(
        "rating-based tie-breaks ({codes}) are not recommended in an event over 30 days: the "
        "players' ratings change from one rating period to the next; prefer tie-breaks from "
        "the results (Buchholz, Sonneborn-Berger, direct encounter)"
    ).format(codes=", ".join(rated))


def parse_tiebreak_list(text: str) -> tuple[TiebreakSpec, ...]:
    """Parse a comma- or space-separated list such as ``"BH/C1,BH,SB,DE"``."""
    codes = [c for c in text.replace(",", " ").split() if c]
    return tuple(parse_tiebreak(c) for c in codes)
