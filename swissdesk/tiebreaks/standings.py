"""Standings: rank by points, then by the declared tie-breaks in order (C.07 art. 5).

In a round robin, players who withdrew having completed less than half their games are
left out (GRC art. 6.6), and so are the points scored against them. Each tie-break only
separates participants still tied on points and on every earlier tie-break; direct
encounter (art. 6) is computed inside those groups. Participants still
tied after the last tie-break share the place, shown as ``"3-5"``, and are listed by pairing
number.

A list may name the points themselves as ``PTS`` (TRF-2026 record 212, "FIDE tie-breaks used
to define standings", is record 202 with ``PTS`` in its place): the points then decide at
that position of the list instead of first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from swissdesk.errors import InputError
from swissdesk.i18n import N_, Message, _, said
from swissdesk.model.external_tiebreak import EXTERNAL_CODE, ExternalTiebreak
from swissdesk.model.external_tiebreak import format_value as format_external
from swissdesk.model.ratings import TiebreakRatingMode
from swissdesk.model.round_robin import DEFAULT_TIEBREAKS as ROUND_ROBIN_TIEBREAKS
from swissdesk.model.round_robin import excluded_from_standings, is_round_robin
from swissdesk.model.tournament import HalfPoints, Tournament, half_points_to_str
from swissdesk.tiebreaks import compute as c
from swissdesk.tiebreaks.spec import (
    DEFAULT_TIEBREAKS,
    TiebreakSpec,
    parse_tiebreak,
    rating_tiebreaks,
)

_DECIMALS: dict[str, int] = {
    "BH": 1,
    "FB": 1,
    "PS": 1,
    "STD": 1,
    "KS": 1,
    "SB": 2,
    "AOB": 2,
}
"""Decimals each tie-break is shown with; every other one is a whole number."""


@dataclass(frozen=True, slots=True)
class TiebreakValue:
    """One tie-break value of one participant: exact ``value`` and its printed form."""

    code: str
    value: Fraction | None
    display: str


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    rank_label: str
    tpn: int
    name: str
    rating: int
    points: HalfPoints
    values: tuple[TiebreakValue, ...]
    withdrawn: bool = False
    """The player had withdrawn by then (C.02 VCL Q170): shown as ``shown_name``."""

    @property
    def points_display(self) -> str:
        return half_points_to_str(self.points)

    @property
    def shown_name(self) -> str:
        """The name as the standings show it: ``Name (withdrawn)`` for a player who left."""
        return f"{self.name} {_(WITHDRAWN_MARK)}" if self.withdrawn else self.name


WITHDRAWN_MARK = N_("(withdrawn)")
"""How the standings, the window and the documents mark a player who withdrew (Q170)."""


@dataclass(frozen=True, slots=True)
class Standings:
    """The ranked table after ``after_round`` rounds with the tie-breaks ``tiebreaks``.

    ``excluded`` are the participants a round robin leaves out of its standings (GRC art.
    6.6: they left having completed less than half their games); they have no row."""

    after_round: int
    tiebreaks: tuple[TiebreakSpec, ...]
    rows: tuple[StandingRow, ...]
    excluded: tuple[int, ...] = ()
    expelled: tuple[int, ...] = ()
    """Expelled participants, left out of the rows (C.02 VCL Q197-198)."""
    rating_note: str = ""
    """In an event over 30 days whose tie-breaks read ratings: which ratings they read
    and FIDE's advice against them (C.02 VCL Q211, Q214-216); ``""`` otherwise."""

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(spec.code for spec in self.tiebreaks)


def format_value(name: str, value: Fraction | None) -> str:
    """Print a tie-break value with the precision the regulation uses for it."""
    if value is None:
        return ""
    decimals = _DECIMALS.get(name, 0)
    scaled = value * 10**decimals
    units = (abs(scaled.numerator) * 2 + scaled.denominator) // (2 * scaled.denominator)
    sign = "-" if value < 0 else ""
    if decimals == 0:
        return f"{sign}{units}"
    whole, frac = divmod(units, 10**decimals)
    return f"{sign}{whole}.{frac:0{decimals}d}"


_Simple = Callable[[c.RoundsView], dict[int, c.Value]]
_WithSpec = Callable[[c.RoundsView, TiebreakSpec], dict[int, c.Value]]

_SIMPLE: dict[str, _Simple] = {
    "WIN": c.number_of_wins,
    "WON": c.games_won,
    "BPG": c.games_with_black,
    "BWG": c.games_won_with_black,
    "REP": c.rounds_elected_to_play,
    "STD": c.standard_points,
    "TPN": c.pairing_number,
    "RTNG": c.own_rating,
}
_WITH_SPEC: dict[str, _WithSpec] = {
    "PS": c.progressive_scores,
    "BH": c.buchholz_family,
    "FB": c.buchholz_family,
    "SB": c.buchholz_family,
    "AOB": c.average_of_opponents_buchholz,
    "KS": c.koya,
    "ARO": c.average_rating_of_opponents,
    "TPR": c.performance_rating,
    "PTP": c.perfect_performance,
    "APRO": c.average_performance_of_opponents,
    "APPO": c.average_perfect_performance_of_opponents,
}


def _refine(
    groups: list[list[int]], spec: TiebreakSpec, column: dict[int, c.Value]
) -> list[list[int]]:
    """Split every group of still-tied participants by one column, best first."""
    refined: list[list[int]] = []
    for group in groups:
        ordered = sorted(group, key=lambda t: (_sort_key(spec, column[t]), t))
        current = [ordered[0]]
        for tpn in ordered[1:]:
            if column[current[0]] == column[tpn]:
                current.append(tpn)
            else:
                refined.append(current)
                current = [tpn]
        refined.append(current)
    return refined


def tiebreak_values(view: c.RoundsView, spec: TiebreakSpec) -> dict[int, c.Value]:
    """Every participant's value of one tie-break that does not depend on the ranking."""
    if spec.name in _SIMPLE:
        return _SIMPLE[spec.name](view)
    if spec.name in _WITH_SPEC:
        return _WITH_SPEC[spec.name](view, spec)
    raise InputError(
        _("tie-break {code!r} depends on the ranking; use compute_standings").format(code=spec.code)
    )


def declared_tiebreaks(tournament: Tournament) -> tuple[str, ...]:
    """The tie-breaks the tournament declared (TRF record 202), else the default list (a
    round robin's own, without Buchholz).

    Entries holding several codes separated by spaces or commas are split.
    """
    codes = tuple(
        code for entry in tournament.tiebreaks for code in entry.replace(",", " ").split()
    )
    if codes:
        return codes
    return ROUND_ROBIN_TIEBREAKS if is_round_robin(tournament.system) else DEFAULT_TIEBREAKS


def completed_rounds(tournament: Tournament) -> int:
    """The last round with a pairing (a game or a pairing-allocated bye)."""
    return tournament.rounds_with_pairings


POINTS_CODE = "PTS"
"""The code of the points in a ranking order (TRF-2026 record 212)."""


def is_points_code(code: str) -> bool:
    """Whether ``code`` names the points (``PTS``) rather than a tie-break."""
    return code.strip().upper() == POINTS_CODE


def _sort_key(spec: TiebreakSpec, value: Fraction | None) -> tuple[bool, Fraction]:
    if value is None:
        return (True, Fraction(0))
    return (False, value if spec.lower_is_better else -value)


def compute_standings(
    tournament: Tournament,
    tiebreaks: Sequence[str],
    *,
    after_round: int | None = None,
) -> Standings:
    """Rank ``tournament`` after ``after_round`` (default: the last paired round).

    ``tiebreaks`` are codes such as ``"BH/C1"``; the points decide first unless the list
    names them (``"PTS"``, as record 212 does) somewhere else. An unknown code raises
    :class:`swissdesk.errors.InputError`, as does a round outside the tournament. The
    returned :class:`Standings` lists the tie-breaks only (``PTS`` is the points column).
    """
    external = tournament.external_tiebreak
    if external is not None and not external.in_use:
        external = None
    listed = [code for code in tiebreaks if not is_external_code(code)]
    if external is not None:
        # The external values rank where the list names EXT (the checker's order of a file
        # that states them), else at the position the arbiter chose (C.02 VCL Q207).
        named = next((i for i, code in enumerate(tiebreaks) if is_external_code(code)), None)
        if named is None:
            declared = [i for i, code in enumerate(listed) if not is_points_code(code)]
            at = external.position(len(declared))
            named = declared[at] if at < len(declared) else len(listed)
        else:
            named = sum(1 for code in tiebreaks[:named] if not is_external_code(code))
        listed.insert(named, EXTERNAL_CODE)
    points_at = next((i for i, code in enumerate(listed) if is_points_code(code)), 0)
    codes = [code for code in listed if not is_points_code(code)]
    specs = tuple(
        _external_spec(external) if is_external_code(code) and external is not None
        else parse_tiebreak(code)
        for code in codes
    )
    for spec in specs:
        if spec.point_type and not tournament.is_team:
            raise InputError(
                _(
                    "tie-break {code!r}: a point type (:{point_type}) applies to team "
                    "tournaments only"
                ).format(code=spec.code, point_type=spec.point_type)
            )
    last = completed_rounds(tournament)
    known = max([last, *(len(p.rounds) for p in tournament.players)])
    rounds = last if after_round is None else after_round
    if rounds < 0 or rounds > known:
        raise InputError(
            _("cannot rank after round {rounds}: the tournament has {known} rounds").format(
                rounds=rounds, known=known
            )
        )
    excluded = excluded_from_standings(tournament, rounds)
    view = c.build_view(tournament, rounds, excluded=excluded)
    points_column: dict[int, c.Value] = {t: Fraction(p, 2) for t, p in view.points.items()}
    points_spec = TiebreakSpec(code=POINTS_CODE, name=POINTS_CODE)
    groups: list[list[int]] = [sorted(view.records)]
    columns: list[dict[int, c.Value]] = []
    order = [*specs[:points_at], points_spec, *specs[points_at:]]
    for spec in order:
        if spec is points_spec:
            column = points_column
        elif spec.name == EXTERNAL_CODE and external is not None:
            column = {t: external.values.get(t) for t in view.records}
        elif spec.name == "DE":
            column = {}
            for group in groups:
                for tpn, pos in c.direct_encounter_positions(view, group, spec).items():
                    column[tpn] = Fraction(pos)
        else:
            column = tiebreak_values(view, spec)
        if spec is not points_spec:
            columns.append(column)
        groups = _refine(groups, spec, column)
    players = tournament.players_by_tpn
    rows: list[StandingRow] = []
    place = 1
    for group in groups:
        # An expelled player is left out of the standings (C.02 VCL Q198); their games
        # count for their opponents' tie-breaks, computed above.
        group = [tpn for tpn in group if not players[tpn].expelled]
        if not group:
            continue
        label = str(place) if len(group) == 1 else f"{place}-{place + len(group) - 1}"
        for tpn in sorted(group):
            player = players[tpn]
            values = tuple(
                TiebreakValue(spec.code, col[tpn], _shown(spec, col[tpn]))
                for spec, col in zip(specs, columns, strict=True)
            )
            rows.append(
                StandingRow(
                    rank=place,
                    rank_label=label,
                    tpn=tpn,
                    name=player.name,
                    rating=player.rating,
                    points=view.points[tpn],
                    values=values,
                    withdrawn=player.withdrawn_by(rounds),
                )
            )
        place += len(group)
    return Standings(
        after_round=rounds,
        tiebreaks=specs,
        rows=tuple(rows),
        excluded=tuple(sorted(excluded)),
        expelled=tuple(sorted(p.tpn for p in tournament.players if p.expelled)),
        rating_note=rating_note(tournament, tuple(spec.code for spec in specs)),
    )


def is_external_code(code: str) -> bool:
    """Whether ``code`` places the external tie-break (``EXT``) in a ranking order."""
    return code.strip().upper() == EXTERNAL_CODE


def _external_spec(external: ExternalTiebreak) -> TiebreakSpec:
    """The external values as a column headed by the arbiter's label (C.02 VCL Q207)."""
    return TiebreakSpec(code=external.label, name=EXTERNAL_CODE, reverse=external.lower_first)


def _shown(spec: TiebreakSpec, value: Fraction | None) -> str:
    if spec.name == EXTERNAL_CODE:
        return format_external(value)
    return format_value(spec.name, value)


def rating_note(tournament: Tournament, codes: tuple[str, ...]) -> str:
    """What the standings say under the table of an event over 30 days whose tie-breaks
    read ratings (C.02 VCL Q211, Q214-216): the ratings read, and the advice."""
    if not tournament.long_event:
        return ""
    rated = rating_tiebreaks(codes)
    if not rated:
        return ""
    codes_text = ", ".join(rated)
    choice = tournament.tiebreak_ratings
    ratings: Message
    if choice.mode is TiebreakRatingMode.EACH_ROUND:
        ratings = said("each game with the opponent's rating of its round")
    elif choice.mode is TiebreakRatingMode.ROUND:
        ratings = said("the ratings of round {number}", number=choice.round)
    else:
        ratings = said("the first ratings (of the start)")
    # A Message: the standings are worded where they are read (the window, a PDF, a page).
    return said(
        "{codes} computed with {ratings}. Rating-based tie-breaks ({codes}) are not "
        "recommended in an event over 30 days: the players' ratings change from one rating "
        "period to the next; prefer tie-breaks from the results (Buchholz, Sonneborn-Berger, "
        "direct encounter).",
        codes=codes_text,
        ratings=ratings,
    )
