"""Rating changes per game and per event (FIDE Rating Regulations art. 7-8; the rapid and
blitz regulations art. 6-7; a national Elo list with its own K and 400-point rule).

One computation, :func:`rating_changes`, serves the window, the "rating changes" PDF and
``swissdesk ratings``. Per game (art. 8.3.1-8.3.2): the rating difference ``D`` (more than
400 counts as 400, except for a player rated 2650 or more in standard chess), the expected
score ``PD`` from table 8.1.2 in hundredths, ``score - PD``, and ``K x (score - PD)``. Per
event: the sum, exact, and rounded to a whole number with 0.5 away from zero (art. 8.3.4:
FIDE rounds the change of the whole rating period, so the event's rounded figure is what the
player takes home only when it is the period's one event).

Which games count: games played over the board (art. 5.1: forfeits and byes are not rated;
TRF's ``W``/``D``/``L`` mark games played but not rated) against a rated opponent (art.
8.3.1). An unrated player's games against rated opponents build a first rating (art. 7.1.4,
8.2): at least five such games and a score above zero; ``Ru = Ra + dp`` with two
hypothetical 1800 opponents, both drawn, rounded, at most 2200, published from 1400.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from swissdesk.elo import regulations as reg
from swissdesk.elo.kfactor import KFactor, development_coefficient, year_of
from swissdesk.i18n import N_, Message, _, said
from swissdesk.model.tournament import Player, ResultCode, Tournament
from swissdesk.tiebreaks.rating_tables import dp_for_percentage, expected_score_hundredths

_SCORES: Mapping[ResultCode, int] = {
    ResultCode.WIN: 100,
    ResultCode.DRAW: 50,
    ResultCode.LOSS: 0,
}
"""The rated results and their score in hundredths (art. 8.3.2 b: 1, 0.5 or 0)."""
_NOT_RATED_GAME = frozenset(
    {ResultCode.UNRATED_WIN, ResultCode.UNRATED_DRAW, ResultCode.UNRATED_LOSS}
)

_OWN_TEXT: Mapping[ResultCode, str] = {
    ResultCode.WIN: "1",
    ResultCode.DRAW: "1/2",
    ResultCode.LOSS: "0",
    ResultCode.FORFEIT_WIN: N_("+ (forfeit)"),
    ResultCode.FORFEIT_LOSS: N_("- (forfeit)"),
    ResultCode.UNRATED_WIN: N_("1 (not rated)"),
    ResultCode.UNRATED_DRAW: N_("1/2 (not rated)"),
    ResultCode.UNRATED_LOSS: N_("0 (not rated)"),
}
"""A player's own result as the rating documents name it (worded where it is read)."""

FIDE = "fide"
NATIONAL = "national"


@dataclass(frozen=True, slots=True)
class NationalSystem:
    """A national rating list run with Elo's formula and its own constants.

    ``k`` is the development coefficient for every player; ``cap`` the national counterpart
    of FIDE's 400-point rule (``None``: the real difference is always used). Expected
    scores come from FIDE's table 8.1.2. ``name`` is what the documents call the list
    (empty: no national list in this tournament).
    """

    name: str = ""
    k: int = 20
    cap: int | None = 400

    @property
    def enabled(self) -> bool:
        return bool(self.name.strip())


@dataclass(frozen=True, slots=True)
class PlayerRatingInput:
    """What the rating calculation needs of a player beyond the tournament model.

    ``k_factor`` is the K of the tournament's rating type as the rating list gives it or the
    arbiter sets it (``k_source`` names which: ``"arbiter"`` or e.g. ``"rating list
    2026-11"``), ``None`` to apply the rules of art. 8.3.3; ``rated_games`` the rated games
    the player had before this event (for the 30-game rule), ``None`` if not known;
    ``national_rating`` the rating on the national list (0: none).
    """

    k_factor: int | None = None
    k_source: str = ""
    rated_games: int | None = None
    national_rating: int = 0


@dataclass(frozen=True, slots=True)
class RatingInputs:
    """Everything beyond the :class:`~swissdesk.model.tournament.Tournament` the calculation
    reads: per-player inputs by TPN, the rating type, the national list's rules."""

    players: Mapping[int, PlayerRatingInput] = field(default_factory=dict)
    rating_type: str = "standard"
    national: NationalSystem = field(default_factory=NationalSystem)

    def of(self, tpn: int) -> PlayerRatingInput:
        return self.players.get(tpn, _NO_INPUT)


_NO_INPUT = PlayerRatingInput()


@dataclass(frozen=True, slots=True)
class GameChange:
    """One game of a player, as the rating calculation sees it.

    ``score`` and ``expected`` are hundredths (``score`` 100, 50 or 0); ``difference`` is the
    player's rating minus the opponent's, after the 400-point rule (``capped`` says it
    applied); ``k`` the player's K. A game that does not count has
    ``counted`` False and ``note`` says why.
    """

    round: int
    opponent: int
    opponent_name: str
    opponent_rating: int
    score: int
    counted: bool
    difference: int = 0
    capped: bool = False
    expected: int = 0
    k: int = 0
    note: str = ""
    corrected: str = ""
    """The result the pairings and standings keep when the arbiter corrected this game for
    the rating report only (C.02 Q192; ``""``: the result entered counts)."""

    @property
    def change(self) -> Fraction:
        """``K x (score - PD)`` (art. 8.3.2), exact."""
        return Fraction(self.k * (self.score - self.expected), 100)

    @property
    def delta(self) -> Fraction:
        """``score - PD`` (art. 8.3.2 b) in points."""
        return Fraction(self.score - self.expected, 100)


@dataclass(frozen=True, slots=True)
class InitialRating:
    """An unrated player's first rating so far (art. 7.1.4, 8.2).

    ``games`` and ``points`` count the games against rated opponents; ``average`` is ``Ra``
    with the two hypothetical 1800 opponents, ``percentage`` the score with their two draws
    (whole percent), ``dp`` from table 8.1.1, ``rating`` = ``Ra + dp`` rounded and capped at
    2200 (``None`` when no rating can be computed). ``published`` says whether this event
    alone gives a first rating.
    """

    games: int
    points: Fraction
    average: Fraction | None
    percentage: int | None
    dp: int | None
    rating: int | None
    published: bool
    status: str


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """A player's rating change in the event (or first rating, for an unrated player)."""

    tpn: int
    name: str
    rating: int
    """The rating the calculation starts from (0: unrated on this list)."""
    k: KFactor | None
    games: tuple[GameChange, ...]
    initial: InitialRating | None = None

    @property
    def rated(self) -> bool:
        return self.rating > 0

    @property
    def counted_games(self) -> tuple[GameChange, ...]:
        return tuple(g for g in self.games if g.counted)

    @property
    def points(self) -> Fraction:
        """Points scored in the games that count."""
        return Fraction(sum(g.score for g in self.counted_games), 100)

    @property
    def expected(self) -> Fraction:
        """The expected score in those games (the sum of ``PD``)."""
        return Fraction(sum(g.expected for g in self.counted_games), 100)

    @property
    def change(self) -> Fraction | None:
        """``Sigma Delta R x K`` (art. 8.3.2 d), exact; ``None`` for an unrated player."""
        if not self.rated or self.k is None:
            return None
        return Fraction(sum(g.k * (g.score - g.expected) for g in self.counted_games), 100)

    @property
    def change_rounded(self) -> int | None:
        """The change rounded as art. 8.3.4 rounds a rating period's (0.5 away from zero)."""
        change = self.change
        return None if change is None else reg.round_half_away_from_zero(change)

    @property
    def new_rating(self) -> int | None:
        """Rating + rounded change, or the first rating an unrated player gets here."""
        if self.rated:
            rounded = self.change_rounded
            return None if rounded is None else self.rating + rounded
        if self.initial is not None and self.initial.published:
            return self.initial.rating
        return None

    @property
    def status(self) -> str:
        """One line for the documents: the change, or where an unrated player stands
        (English, a :class:`~swissdesk.i18n.Message` each reader words in its language)."""
        if self.rated:
            return said("rated") if self.counted_games else said("no rated game")
        return self.initial.status if self.initial is not None else said("not yet rated")


@dataclass(frozen=True, slots=True)
class RatingReport:
    """Every player's rating change after ``after_round`` on one list (FIDE or national)."""

    system: str
    """``"fide"`` or ``"national"``."""
    list_name: str
    """``"FIDE standard"``, ``"FIDE rapid"``, ``"FIDE blitz"`` or the national list's name."""
    after_round: int
    players: tuple[PlayerChange, ...]
    regulations: str

    def by_tpn(self) -> dict[int, PlayerChange]:
        return {p.tpn: p for p in self.players}


def expected_score(difference: int) -> int:
    """``PD`` in hundredths for a player whose rating exceeds the opponent's by
    ``difference`` (negative: lower rated), table 8.1.2 (H for the higher-rated player, L
    for the lower)."""
    if difference >= 0:
        return expected_score_hundredths(difference, 0)
    return 100 - expected_score_hundredths(-difference, 0)


def counted_difference(rating: int, opponent: int, *, cap: int | None) -> tuple[int, bool]:
    """``D`` = ``rating - opponent``, limited to +-``cap`` (``None``: not limited); also
    whether the limit applied."""
    d = rating - opponent
    if cap is not None and abs(d) > cap:
        return (cap if d > 0 else -cap), True
    return d, False


def fide_cap(rating: int, rating_type: str) -> int | None:
    """The 400-point rule for a FIDE list (art. 8.3.1; rapid/blitz 7.3.1): 400, except in
    standard chess for a player rated 2650 and above (from 1 October 2025)."""
    if rating_type == "standard" and rating >= reg.NO_CAP_FROM:
        return None
    return reg.DIFFERENCE_CAP


def rating_changes(
    tournament: Tournament,
    inputs: RatingInputs | None = None,
    *,
    system: str = FIDE,
    after_round: int | None = None,
) -> RatingReport:
    """Each player's rating change in ``tournament`` after ``after_round`` (default: every
    round in the snapshot) on the FIDE list of ``inputs.rating_type`` or the national list.

    The players' ``rating`` in the tournament is the FIDE rating of the tournament's rating
    type (0: unrated); for the national list it is ``inputs.of(tpn).national_rating``.
    """
    inputs = inputs or RatingInputs()
    if system not in (FIDE, NATIONAL):
        raise ValueError(_("unknown rating list {system!r}").format(system=system))
    rating_type = inputs.rating_type if inputs.rating_type in reg.RATING_TYPES else "standard"
    rounds = tournament.rounds_with_pairings if after_round is None else after_round
    if system == NATIONAL:
        ratings = {p.tpn: inputs.of(p.tpn).national_rating for p in tournament.players}
        list_name = inputs.national.name or _("national list")
        regulations = (
            _("{list}: Elo with K = {k}, a difference of more than {cap} counted as {cap}")
            if inputs.national.cap is not None
            else _("{list}: Elo with K = {k}, no limit on the rating difference")
        ).format(list=list_name, k=inputs.national.k, cap=inputs.national.cap)
    else:
        # The official FIDE rating (record 172's tournament rating only orders the players).
        ratings = {p.tpn: p.official_rating for p in tournament.players}
        list_name = {"standard": _("FIDE standard"), "rapid": _("FIDE rapid"),
                     "blitz": _("FIDE blitz")}[rating_type]  # fmt: skip
        kept = reg.RATING_REGULATIONS if rating_type == "standard" else reg.RAPID_BLITZ_REGULATIONS
        regulations = _(kept)
    event_year = year_of(tournament.info.start_date) or year_of(tournament.info.end_date)
    names = {p.tpn: p.name for p in tournament.players}
    out = []
    for player in tournament.players:
        games = _games(tournament, player, rounds, ratings, names, rating_type, system)
        rating = ratings[player.tpn]
        if rating > 0:
            out.append(_rated(player, rating, games, inputs, rating_type, system, event_year))
        else:
            initial = _initial(games) if system == FIDE else None
            out.append(PlayerChange(player.tpn, player.name, 0, None, tuple(games), initial))
    return RatingReport(system, list_name, rounds, tuple(out), regulations)


def _games(
    tournament: Tournament,
    player: Player,
    rounds: int,
    ratings: Mapping[int, int],
    names: Mapping[int, str],
    rating_type: str,
    system: str,
) -> list[GameChange]:
    """The player's games up to ``rounds`` with an opponent, counted or not (and why)."""
    own = ratings[player.tpn]
    out = []
    for number, entry in enumerate(player.rounds[:rounds], start=1):
        if entry.opponent is None or entry.opponent not in ratings:
            continue
        opp = entry.opponent
        opp_rating = ratings[opp]
        # A result corrected for the rating report only (C.02 Q192) counts here, and only
        # here: the pairings and standings keep the one entered.
        result = tournament.rating_code(number, player.tpn, opp) or entry.result
        corrected: str = ""
        note: str
        if result is not entry.result:
            own_text = _OWN_TEXT.get(entry.result, entry.result.value)
            corrected = said("{result} in the pairings and standings", result=Message(own_text))
        if result in _NOT_RATED_GAME:
            note = said("played, not rated (W/D/L)")
        elif result not in _SCORES:
            note = said("not played (forfeit): not rated (art. 5.1)")
        elif opp_rating <= 0 and system == NATIONAL:
            note = said("opponent without a rating on this list")
        elif opp_rating <= 0:
            note = (
                said("unrated opponent: not rated for a rated player (art. 8.3.1)")
                if own > 0
                else said("unrated opponent: no part of a first rating (art. 8.2.2)")
            )
        elif (
            system == FIDE
            and rating_type != "standard"
            and abs(own - opp_rating) >= reg.UNRATED_GAP
            and max(own, opp_rating) > reg.UNRATED_GAP_ABOVE
        ):
            note = said("600 or more points apart, one above 2600: not rated (rapid/blitz 7.3.1)")
        else:
            note = ""
        score = _SCORES.get(result, 0)
        out.append(
            GameChange(
                number, opp, names[opp], opp_rating, score, not note, note=note, corrected=corrected
            )
        )
    return out


def _rated(
    player: Player,
    rating: int,
    games: list[GameChange],
    inputs: RatingInputs,
    rating_type: str,
    system: str,
    event_year: int | None,
) -> PlayerChange:
    counted = [g for g in games if g.counted]
    data = inputs.of(player.tpn)
    if system == NATIONAL:
        rules = said("{list} rules", list=inputs.national.name or said("national list"))
        k = KFactor(inputs.national.k, rules, "rules")
        cap = inputs.national.cap
    else:
        k = development_coefficient(
            rating,
            given=data.k_factor,
            given_source=data.k_source,
            rated_games=data.rated_games,
            birth_year=year_of(player.birth_date),
            event_year=event_year,
            games_in_event=len(counted),
        )
        cap = fide_cap(rating, rating_type)
    out = []
    for g in games:
        if not g.counted:
            out.append(g)
            continue
        d, capped = counted_difference(rating, g.opponent_rating, cap=cap)
        pd = expected_score(d)
        out.append(
            GameChange(
                g.round, g.opponent, g.opponent_name, g.opponent_rating, g.score, True,
                d, capped, pd, k.value, g.note, g.corrected,
            )
        )  # fmt: skip
    return PlayerChange(player.tpn, player.name, rating, k, tuple(out))


def _initial(games: list[GameChange]) -> InitialRating:
    """An unrated player's games against rated opponents and the first rating they give
    (art. 7.1.4, 8.2.1-8.2.3)."""
    rated = [g for g in games if g.counted]
    n = len(rated)
    points = Fraction(sum(g.score for g in rated), 100)
    if n == 0:
        return InitialRating(0, points, None, None, None, None, False, said("not yet rated"))
    if points == 0:
        return InitialRating(
            n, points, None, None, None, None, False,
            said("not yet rated: no point against rated opponents (disregarded, art. 8.2.1)"),
        )  # fmt: skip
    total = n + 2
    average = Fraction(sum(g.opponent_rating for g in rated) + 2 * reg.HYPOTHETICAL_OPPONENT, total)
    pct = reg.percentage(points + 1, total)
    dp = dp_for_percentage(pct)
    rating = min(reg.round_half_up(average + dp), reg.INITIAL_MAXIMUM)
    if n < reg.INITIAL_GAMES:
        status: str = said(
            "not yet rated: {count} of {needed} games against rated opponents "
            "(art. 7.1.4; other events within 26 months may be pooled)",
            count=n,
            needed=reg.INITIAL_GAMES,
        )
        published = False
    elif rating < reg.INITIAL_FLOOR:
        status = said(
            "not yet rated: {rating} is below the rating floor 1400 (art. 7.1.4)", rating=rating
        )
        published = False
    else:
        status = said("first rating {rating} (art. 8.2)", rating=rating)
        published = True
    return InitialRating(n, points, average, pct, dp, rating, published, status)


def points_text(value: Fraction) -> str:
    """Points as the documents print them: ``6.5``, ``4``, ``0.5``."""
    whole, half = divmod(int(value * 2), 2)
    return f"{whole}.5" if half else str(whole)


def hundredths(value: Fraction, *, sign: bool = False) -> str:
    """An exact two-decimal figure as printed (``+7.40``, ``-1.60``; changes are always
    whole hundredths: K is whole and ``PD`` has two decimals)."""
    cents = value * 100
    assert cents.denominator == 1, value
    n = int(cents)
    text = f"{abs(n) // 100}.{abs(n) % 100:02d}"
    if n < 0:
        return "-" + text
    return ("+" if sign else "") + text


def report_rows(report: RatingReport) -> list[dict[str, object]]:
    """The report as plain data (``swissdesk ratings --json``): one object per player with
    ``tpn``, ``k``, ``change`` (the event's change, exact to the hundredth; ``null`` for an
    unrated player) and the rest the documents show, games included."""
    rows: list[dict[str, object]] = []
    for p in report.players:
        change = p.change
        row: dict[str, object] = {
            "tpn": p.tpn,
            "name": p.name,
            "rating": p.rating or None,
            "k": p.k.value if p.k is not None else None,
            "k_reason": p.k.reason if p.k is not None else None,
            "games": len(p.counted_games),
            "points": float(p.points),
            "expected": float(p.expected) if p.rated else None,
            "change": float(change) if change is not None else None,
            "change_rounded": p.change_rounded,
            "new_rating": p.new_rating,
            "status": p.status,
            "per_game": [
                {
                    "round": g.round,
                    "opponent": g.opponent,
                    "opponent_rating": g.opponent_rating or None,
                    "score": g.score / 100,
                    "counted": g.counted,
                    "difference": g.difference if g.counted and p.rated else None,
                    "expected": g.expected / 100 if g.counted and p.rated else None,
                    "change": float(g.change) if g.counted and p.rated else None,
                    "note": g.note,
                    "corrected": g.corrected,
                }
                for g in p.games
            ],
        }
        if p.initial is not None:
            i = p.initial
            row["first_rating"] = {
                "games": i.games,
                "points": float(i.points),
                "average": float(i.average) if i.average is not None else None,
                "percentage": i.percentage,
                "dp": i.dp,
                "rating": i.rating,
                "published": i.published,
            }
        rows.append(row)
    return rows
