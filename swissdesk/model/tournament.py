"""The tournament model: players, settings and per-round entries as frozen dataclasses.

Standard library only. Scores are kept in integer **half-points** (a win worth 1 point is
``2``), so no pairing decision ever compares floats.

The model is shaped for every Swiss system swissdesk runs: a *participant* is a player in an
individual event and a team in a team event (``Player.members`` then names the team's
players); a round entry may carry several games (``RoundEntry.games``) for Double-Swiss
two-game matches or team matches, with ``game_points`` beside the match result.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from swissdesk.model.external_tiebreak import ExternalTiebreak
from swissdesk.model.ratings import (
    NationalRating,
    RatingMethod,
    TiebreakRatings,
    UnratedRule,
    rating_in_round,
)

HalfPoints = int
"""A score in half-points: 1 point == 2."""


def half_points_to_str(value: HalfPoints) -> str:
    """Format half-points the way TRF and printed lists show them (``2.5``)."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    return f"{sign}{value // 2}.{5 if value % 2 else 0}"


class Colour(enum.Enum):
    """The colour a player had (or gets) in a game."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class ResultCode(enum.Enum):
    """A round entry's result, as the TRF result column writes it (C.04.2, TRF-2026)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    PAIRING_ALLOCATED_BYE = "U"
    FULL_POINT_BYE = "F"
    HALF_POINT_BYE = "H"
    ZERO_POINT_BYE = "Z"
    NOT_PAIRED = " "
    """Absent / not paired (blank in TRF)."""

    @property
    def is_played(self) -> bool:
        """True for a game that was actually played over the board (C.04.2 art. 3.4)."""
        return self in _PLAYED

    @property
    def is_bye(self) -> bool:
        """True for a round without an opponent (any kind of bye or absence)."""
        return self in _BYES


_PLAYED = frozenset(
    {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.LOSS,
        ResultCode.UNRATED_WIN,
        ResultCode.UNRATED_DRAW,
        ResultCode.UNRATED_LOSS,
    }
)
_BYES = frozenset(
    {
        ResultCode.PAIRING_ALLOCATED_BYE,
        ResultCode.FULL_POINT_BYE,
        ResultCode.HALF_POINT_BYE,
        ResultCode.ZERO_POINT_BYE,
        ResultCode.NOT_PAIRED,
    }
)


@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Points (in half-points) for each kind of result (TRF ``BBW``/``BBD``/... or record 162).

    Defaults are the FIDE standard 1 - ½ - 0, with a pairing-allocated bye, a requested
    full-point bye and a forfeit win worth a win (C.04.1 art. 3).
    """

    win: HalfPoints = 2
    draw: HalfPoints = 1
    loss: HalfPoints = 0
    forfeit_win: HalfPoints = 2
    forfeit_loss: HalfPoints = 0
    pairing_allocated_bye: HalfPoints = 2
    full_point_bye: HalfPoints = 2
    half_point_bye: HalfPoints = 1
    zero_point_bye: HalfPoints = 0
    absent: HalfPoints = 0

    def points(self, result: ResultCode) -> HalfPoints:
        """Points a player scores for one round entry."""
        match result:
            case ResultCode.WIN | ResultCode.UNRATED_WIN:
                return self.win
            case ResultCode.DRAW | ResultCode.UNRATED_DRAW:
                return self.draw
            case ResultCode.LOSS | ResultCode.UNRATED_LOSS:
                return self.loss
            case ResultCode.FORFEIT_WIN:
                return self.forfeit_win
            case ResultCode.FORFEIT_LOSS:
                return self.forfeit_loss
            case ResultCode.PAIRING_ALLOCATED_BYE:
                return self.pairing_allocated_bye
            case ResultCode.FULL_POINT_BYE:
                return self.full_point_bye
            case ResultCode.HALF_POINT_BYE:
                return self.half_point_bye
            case ResultCode.ZERO_POINT_BYE:
                return self.zero_point_bye
            case ResultCode.NOT_PAIRED:
                return self.absent
        raise AssertionError(result)  # pragma: no cover


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game inside a multi-game round entry (Double-Swiss match game, team board)."""

    colour: Colour | None
    result: ResultCode


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """What happened to one participant in one round.

    ``opponent`` is the opponent's TPN (``None`` for byes and absences), ``colour`` the colour
    played (``None`` when no colour was assigned).
    """

    opponent: int | None
    colour: Colour | None
    result: ResultCode
    games: tuple[GameResult, ...] = ()
    game_points: HalfPoints | None = None
    match_points: HalfPoints | None = None
    """Team events: the match points this participant scored (C.04.6 art. 1.2), when the
    competition's values are not those of ``Tournament.scoring`` for ``result``."""
    adjourned: bool = False
    """An adjourned game without its result yet (TRF-2026 ``?``): ``result`` is then a draw,
    the provisional score the pairing uses (C.04.2 art. 3.1; C.02 VCL Q157-169)."""

    @property
    def played(self) -> bool:
        """A game really played against an opponent (forfeits and byes are not)."""
        return self.opponent is not None and self.result.is_played

    @staticmethod
    def bye(result: ResultCode) -> RoundEntry:
        """An entry with no opponent and no colour."""
        return RoundEntry(None, None, result)

    @property
    def match_ended_by_forfeit(self) -> bool:
        """Double-Swiss: a player forfeited both games of this match (C.04.5 preface).

        Such a match is not a played match: it may be repeated and gives no colour.
        """
        if self.opponent is None or len(self.games) != 2:
            return False
        codes = {g.result for g in self.games}
        return codes in ({ResultCode.FORFEIT_WIN}, {ResultCode.FORFEIT_LOSS})

    @property
    def scheduled_colour(self) -> Colour | None:
        """The colour scheduled for game 1 of a match (or the game's colour), even if unplayed."""
        if self.games:
            return self.games[0].colour
        return self.colour


def double_swiss_match(
    opponent: int,
    first_game_colour: Colour,
    results: tuple[ResultCode, ResultCode],
    scoring: ScoringSystem,
    opponent_points: HalfPoints | None = None,
) -> RoundEntry:
    """A Double-Swiss round entry: a match of two games with reversed colours (C.04.5 art. 4.4).

    ``results`` are this player's two game results (win, draw, loss, forfeit win/loss; a
    "draw" is any half point, so ½-0 is a draw on one side and a loss on the other).
    ``game_points`` is the match score (sum of the game points). ``result`` summarises the
    match: a forfeit win/loss when a player forfeited both games (the match ended by forfeit:
    not played, no colour), otherwise win/draw/loss by comparing the scores with
    ``opponent_points`` (by comparison with one win and one loss when not given). ``colour``
    is the colour of game 1 when at least one game was actually played (art. 1.6).
    """
    games = (
        GameResult(first_game_colour, results[0]),
        GameResult(first_game_colour.opposite, results[1]),
    )
    points = scoring.points(results[0]) + scoring.points(results[1])
    codes = set(results)
    if codes == {ResultCode.FORFEIT_WIN}:
        summary = ResultCode.FORFEIT_WIN
    elif codes == {ResultCode.FORFEIT_LOSS}:
        summary = ResultCode.FORFEIT_LOSS
    else:
        other = scoring.win + scoring.loss if opponent_points is None else opponent_points
        summary = (
            ResultCode.WIN
            if points > other
            else ResultCode.LOSS
            if points < other
            else ResultCode.DRAW
        )
    any_played = any(r.is_played for r in results)
    colour = first_game_colour if any_played and summary.is_played else None
    return RoundEntry(opponent, colour, summary, games, points)


RATING_RESULTS: Mapping[str, tuple[ResultCode, ResultCode]] = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "1/2": (ResultCode.DRAW, ResultCode.DRAW),
    "1/2-0": (ResultCode.DRAW, ResultCode.LOSS),
    "0-1/2": (ResultCode.LOSS, ResultCode.DRAW),
    "0-0": (ResultCode.LOSS, ResultCode.LOSS),
    "W-L": (ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS),
    "L-W": (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN),
    "D-D": (ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW),
    "+-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    "--": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
}
"""The results a game can count with in the rating report, White's first, as (White, Black)
result codes: played and rated (``1-0``, ``0-1``, ``1/2`` and the rare ``1/2-0``, ``0-1/2``,
``0-0``), played but not rated (TRF's ``W``/``D``/``L``: a game of less than one move), or
not played (a forfeit, never rated: FIDE Rating Regulations art. 5.1)."""

_RATING_ALIASES: Mapping[str, str] = {
    "1/2-1/2": "1/2",
    "½": "1/2",
    "½-½": "1/2",
    "=": "1/2",
    "0.5-0.5": "1/2",
    "½-0": "1/2-0",
    "0-½": "0-1/2",
    "+:-": "+-",
    "-:+": "-+",
    "-:-": "--",
}


def rating_result(text: str) -> str:
    """The rating-report result ``text`` names (a key of :data:`RATING_RESULTS`);
    ``ValueError`` listing the valid forms otherwise."""
    key = text.strip().replace(" ", "")
    key = _RATING_ALIASES.get(key, key)
    upper = key.upper()
    if upper in RATING_RESULTS:
        return upper
    raise ValueError(
        f"unknown result {text!r} for the rating report: use one of "
        + " ".join(RATING_RESULTS)
    )


def board_text(white: ResultCode, black: ResultCode) -> str:
    """A game's two result codes as one result (``1-0``; ``W-L`` for unrated ones; the codes
    themselves, ``=-1``, for a combination without a name)."""
    for text, codes in RATING_RESULTS.items():
        if codes == (white, black):
            return text
    return f"{white.value.strip() or '?'}-{black.value.strip() or '?'}"


@dataclass(frozen=True, slots=True)
class RatingReportResult:
    """The result one game counts with in the rating report only (FIDE's checklist for
    tournament programs, C.02, Q192-193): found wrong once later rounds were paired on it,
    the arbiter corrects it for the rating report while the pairings and standings keep the
    result entered (in FIDE mode only the previous round's results can change for them).

    ``white`` and ``black`` are the game's TPNs in ``round``, ``result`` a key of
    :data:`RATING_RESULTS`. Written to the TRF as ``### Rating correction @ Round n: ...``.
    """

    round: int
    white: int
    black: int
    result: str

    def code_for(self, tpn: int) -> ResultCode | None:
        """The result code ``tpn`` counts with in the rating report (``None``: not this
        game's player)."""
        white, black = RATING_RESULTS[self.result]
        if tpn == self.white:
            return white
        if tpn == self.black:
            return black
        return None

    def trf_text(self, entered: str) -> str:
        """The TRF comment's text after ``### `` (``entered``: the game's result for the
        pairings and standings)."""
        return (
            f"{RATING_CORRECTION} @ Round {self.round}: {self.white} - {self.black} "
            f"{self.result} for the rating report (pairings and standings: {entered})"
        )


RATING_CORRECTION = "Rating correction"
"""The kind of ``###`` line a :class:`RatingReportResult` is written as."""

_RATING_LINE = re.compile(
    r"^#{3}\s*Rating correction @ Round (\d+):\s*(\d+)\s*-\s*(\d+)\s+(\S+)\s+for the rating report"
)


def parse_rating_correction(line: str) -> RatingReportResult | None:
    """A TRF ``### Rating correction @ Round n: W - B result for the rating report ...``
    line as what it corrects (``None``: not such a line, or not one that can be read)."""
    match = _RATING_LINE.match(line)
    if match is None:
        return None
    try:
        result = rating_result(match.group(4))
    except ValueError:
        return None
    round_number, white, black = (int(match.group(i)) for i in (1, 2, 3))
    if min(round_number, white, black) < 1 or white == black:
        return None
    return RatingReportResult(round_number, white, black, result)


class Title(enum.Enum):
    """FIDE titles, in the order C.04.2 art. 2.2.2 ranks them."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    FM = "FM"
    WIM = "WIM"
    CM = "CM"
    WFM = "WFM"
    WCM = "WCM"


TITLE_ORDER: Mapping[str, int] = {t.value: i for i, t in enumerate(Title)}
"""Rank of each title for C.04.2 art. 2.2.2 (lower is stronger); untitled players rank last."""


def title_rank(title: str) -> int:
    """Position of ``title`` in the C.04.2 art. 2.2.2 order (unknown or no title last)."""
    return TITLE_ORDER.get(title.strip().upper(), len(TITLE_ORDER))


@dataclass(frozen=True, slots=True)
class Player:
    """A participant with its tournament pairing number (TPN, C.04.2 art. 2.3).

    ``rounds[i]`` is the entry for round ``i + 1``. ``declared_points`` is the points column a
    TRF file carried (half-points), kept to check it against the results.
    """

    tpn: int
    name: str
    rating: int = 0
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    rounds: tuple[RoundEntry, ...] = ()
    declared_points: HalfPoints | None = None
    declared_rank: int | None = None
    members: tuple[str, ...] = ()
    club: str = ""
    """The player's club or town (the starting list prints it; no TRF record holds it)."""
    fide_rating: int | None = None
    """The player's FIDE rating of the event's rate of play, as the TRF's ``001`` record
    holds it (the official one: Rapid and Blitz Rating Regulations art. 7.2.1 for a player
    unrated in rapid or blitz); ``None``: ``rating``, the tournament rating, is the FIDE
    rating. ``rating`` is what pairs and breaks ties (the method of record 172)."""
    national_ratings: tuple[NationalRating, ...] = ()
    """The player's national ratings (TRF-2026 National Rating Support records), each with
    its rating federation."""
    withdrawn_from: int | None = None
    """The round from which the player withdrew (``None``: still playing, or not known, as
    in a TRF): the standings and documents mark them (C.02 VCL Q170)."""
    expelled: bool = False
    """Expelled by the arbiter: left out of the standings, their games still counting for
    their opponents (C.02 VCL Q197-198)."""
    later_ratings: tuple[tuple[int, int], ...] = ()
    """``(from round, rating)`` of the ratings the player holds from later rounds on in an
    event over 30 days (C.02 VCL Q212-213); ``rating`` is the first one."""

    def rating_in(self, round_number: int) -> int:
        """The rating valid in ``round_number`` (``rating`` unless a later one started)."""
        return rating_in_round(self.rating, self.later_ratings, round_number)

    def withdrawn_by(self, after_round: int) -> bool:
        """Whether the player had withdrawn when the standings after ``after_round`` are
        shown (from round ``after_round + 1`` or earlier)."""
        return self.withdrawn_from is not None and self.withdrawn_from <= after_round + 1

    @property
    def official_rating(self) -> int:
        """The FIDE rating (``001`` column 49-52): what a rating change starts from."""
        return self.rating if self.fide_rating is None else self.fide_rating

    def national_rating(self, federation: str) -> int:
        """The national rating of ``federation`` (0: none)."""
        fed = federation.strip().upper()
        return next((n.value for n in self.national_ratings if n.federation == fed), 0)

    def entry(self, round_number: int) -> RoundEntry | None:
        """The entry for 1-based ``round_number``, or ``None`` if the player has none."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return None


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """Header data (TRF records 012-122 and their TRF-2026 equivalents).

    ``organiser`` (e.g. "Chess Club Zürich") is printed in the documents' headers but has no
    record in TRF16 or TRF-2026: it is never written to a TRF (a FIDE rating file keeps only
    FIDE's records) and a TRF never sets it.
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
    organiser: str = ""


DOUBLE_SWISS_SCORING = ScoringSystem(
    pairing_allocated_bye=3, full_point_bye=4, half_point_bye=2, zero_point_bye=0
)
"""Double-Swiss points: 1 - ½ - 0 per game; byes per match (C.04.5 art. 1.4: a PAB is worth a
won and a drawn game, 1½; FPB 2, HPB 1, ZPB 0)."""

DOUBLE_SWISS = "double-swiss"
"""``Tournament.system`` of a Double-Swiss event (C.04.5): every round entry with an opponent
is a two-game match whose ``games`` hold both games and whose ``game_points`` is the score."""


STANDARD_SCORING = ScoringSystem()
"""FIDE's standard point system, 1 - ½ - 0 (C.04.1 art. 3)."""


def pab_values(scoring: ScoringSystem, games: int = 1) -> tuple[HalfPoints, ...]:
    """The values a pairing-allocated bye may take under ``scoring``: what a player can score
    in one round by the results of ``games`` games (2 for a Double-Swiss match), from a win
    down to nothing (C.04.1 art. 3: a PAB is worth a win "unless the rules of the tournament
    state otherwise"; C.02 VCL Q79-84), highest first."""
    sums = {0}
    for _ in range(games):
        sums = {total + r for total in sums for r in (scoring.win, scoring.draw, scoring.loss)}
    return tuple(sorted(sums | {0}, reverse=True))


def scoring_problems(scoring: ScoringSystem, games: int = 1) -> tuple[str, ...]:
    """Why ``scoring`` cannot be used in FIDE mode (empty when it can), C.02 VCL Q74, Q81, Q83.

    * Two draws may not be worth more than a win and a loss (Q74: a point system where
      drawing pays better than deciding the game breaks the Swiss system's premise, and the
      Baku acceleration's, C.04.7 art. 1.1).
    * The pairing-allocated bye may not be worth more than a win (Q81), and it takes a value a
      round's results can give (Q83, Q84): under the standard 1 - ½ - 0 it is 1, ½ or 0.

    ``games`` is the number of games a round's entry holds (2 in a Double-Swiss match).
    """
    out: list[str] = []
    two_draws, win_loss = 2 * scoring.draw, scoring.win + scoring.loss
    if two_draws > win_loss:
        out.append(
            f"two draws ({half_points_to_str(two_draws)} points) would be worth more than a "
            f"win and a loss ({half_points_to_str(win_loss)})"
        )
    pab, allowed = scoring.pairing_allocated_bye, pab_values(scoring, games)
    if pab > allowed[0]:
        out.append(
            f"a pairing-allocated bye of {half_points_to_str(pab)} points would be worth more "
            f"than a win ({half_points_to_str(allowed[0])})"
        )
    elif pab not in allowed:
        standard = (
            "the standard 1 - ½ - 0"
            if (scoring.win, scoring.draw, scoring.loss) == (2, 1, 0)
            else "this point system"
        )
        out.append(
            f"a pairing-allocated bye of {half_points_to_str(pab)} points is no value a round "
            f"can give under {standard}: it may be "
            + ", ".join(half_points_to_str(v) for v in allowed)
        )
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TeamSettings:
    """The options of a team event (C.04.6): board count, colour preferences, scores.

    ``colour_preferences`` is ``"A"``, ``"B"`` or ``"none"`` (art. 1.7); ``primary_score`` is
    ``"match"`` or ``"game"`` (art. 1.2.1); ``secondary_for_colour`` says whether the
    secondary score decides the first-team (art. 4.2.2). Game points of the byes are in
    half-points (art. 1.4: a PAB is a drawn match by default, boards/2 game points).
    """

    boards: int = 4
    colour_preferences: str = "A"
    primary_score: str = "match"
    secondary_for_colour: bool = True
    pab_game_points: HalfPoints = 4
    half_bye_game_points: HalfPoints = 4
    full_bye_game_points: HalfPoints = 8
    zero_bye_game_points: HalfPoints = 0


TEAM_SCORING = ScoringSystem(
    win=4,
    draw=2,
    loss=0,
    forfeit_win=4,
    forfeit_loss=0,
    pairing_allocated_bye=2,
    full_point_bye=4,
    half_point_bye=2,
    zero_point_bye=0,
    absent=0,
)
"""Match points 2/1/0 in half-points, the PAB a drawn match (C.04.6 art. 1.4)."""


@dataclass(frozen=True, slots=True)
class Tournament:
    """An immutable tournament snapshot: what every engine, tie-break and report reads.

    ``total_rounds`` is the declared number of rounds (C.04.1 art. 1; TRF ``XXR``/142);
    ``initial_colour`` is the colour drawn for TPN 1 in round 1 (C.04.3 art. 5.1; ``XXC``/152);
    ``acceleration`` maps a TPN to its virtual points per round (half-points, C.04.7; ``XXA``);
    ``forbidden_pairs`` are pairs the arbiter declared must not meet (record 260).
    """

    players: tuple[Player, ...]
    total_rounds: int = 0
    initial_colour: Colour = Colour.WHITE
    scoring: ScoringSystem = field(default_factory=ScoringSystem)
    info: TournamentInfo = field(default_factory=TournamentInfo)
    system: str = "dutch"
    tiebreaks: tuple[str, ...] = ()
    acceleration: Mapping[int, tuple[HalfPoints, ...]] = field(default_factory=dict)
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    is_team: bool = False
    team: TeamSettings | None = None
    """The team options when ``is_team`` (C.04.6); ``None`` means the defaults."""
    extra_records: tuple[str, ...] = ()
    """TRF lines swissdesk does not interpret, kept so that a file round-trips."""
    rating_method: RatingMethod | None = None
    """How the players' ``rating`` (the tournament rating) was made: TRF-2026 record 172
    (``None``: no record, the FIDE rating)."""
    rating_federation: str = ""
    """The federation whose national ratings ``rating_method`` reads (record 172, 5-7)."""
    unrated_rule: UnratedRule = field(default_factory=UnratedRule)
    """The rating unrated players count with in the rating-based tie-breaks (the
    tournament's regulations; by default left out, as C.07 does)."""
    long_event: bool = False
    """The event lasts more than 30 days (C.02 VCL Q210): the players' ``later_ratings``
    count in the rating-based tie-breaks as ``tiebreak_ratings`` says."""
    tiebreak_ratings: TiebreakRatings = field(default_factory=TiebreakRatings)
    """Which ratings the rating-based tie-breaks read in a long event (Q214-216)."""
    pairing_controller: str = ""
    """The program that paired the tournament, for TRF-2026 record 182 ("Pairing Controller
    Identifier", mandatory for title events): set for a tournament swissdesk runs, whose
    final TRF then also states the standings' order (record 212); ``""`` for a file read
    and written back as it was."""
    fide_mode: bool = True
    """In FIDE mode (FIDE's checklist for tournament programs, C.02): a tournament that left
    it says so on every printed page."""
    integrity_log: tuple[str, ...] = ()
    """The pairing-integrity events recorded while the tournament was run (an imported round
    that breaks the rules, a manual pairing that differs from the engine's, ...), each the
    text of one TRF comment line after ``### ``: ``MPA @ Round 4: ...``."""
    chess960: Mapping[int, int] = field(default_factory=dict)
    """A Chess960 event: round -> the starting position drawn for it (0-959, see
    :mod:`swissdesk.model.chess960`; C.02 VCL Q222). Empty for standard chess."""
    rating_corrections: tuple[RatingReportResult, ...] = ()
    """Games whose result counts differently in the rating report only (C.02 Q192-193):
    the rating changes read them, the pairings and standings never do."""
    external_tiebreak: ExternalTiebreak | None = None
    """Values decided outside the program (a play-off, the chief arbiter's decision), keyed
    by pairing number, ranking as one more tie-break (C.02 VCL Q207); ``None``: none."""

    def rating_code(self, round_number: int, tpn: int, opponent: int) -> ResultCode | None:
        """The result code ``tpn``'s game against ``opponent`` in ``round_number`` counts
        with in the rating report when the arbiter corrected it for that report only
        (``None``: the result entered counts)."""
        for c in self.rating_corrections:
            if c.round == round_number and {c.white, c.black} == {tpn, opponent}:
                return c.code_for(tpn)
        return None

    def player(self, tpn: int) -> Player:
        """The player with pairing number ``tpn`` (KeyError if none)."""
        by_tpn = self.players_by_tpn
        return by_tpn[tpn]

    @property
    def players_by_tpn(self) -> dict[int, Player]:
        return {p.tpn: p for p in self.players}

    @property
    def rounds_with_pairings(self) -> int:
        """The last round in which anyone was paired (a game or a pairing-allocated bye).

        Entries after that round are only pre-set byes/absences for the round to be paired.
        """
        last = 0
        for p in self.players:
            for i, e in enumerate(p.rounds, start=1):
                if i > last and (
                    e.opponent is not None or e.result is ResultCode.PAIRING_ALLOCATED_BYE
                ):
                    last = i
        return last

    def with_players(self, players: Iterable[Player]) -> Tournament:
        """A copy with another player list."""
        return replace(self, players=tuple(players))

    def entry_points(self, entry: RoundEntry) -> HalfPoints:
        """Points ``entry`` scores: its result's value, or for a Double-Swiss match the sum of
        its game points (C.04.5 preface; byes are valued per match by ``scoring``)."""
        if self.system == DOUBLE_SWISS and entry.game_points is not None:
            return entry.game_points
        return self.scoring.points(entry.result)

    def acceleration_for(self, tpn: int, round_number: int) -> HalfPoints:
        """Virtual points of ``tpn`` when pairing ``round_number`` (0 if not accelerated)."""
        values = self.acceleration.get(tpn)
        if values and 1 <= round_number <= len(values):
            return values[round_number - 1]
        return 0


def truncated(tournament: Tournament, round_number: int) -> Tournament:
    """The tournament as it stood when ``round_number`` was about to be paired.

    Entries of later rounds are dropped. The entry for ``round_number`` itself is kept only if
    it is a pre-set requested bye or absence (``H``, ``Z``, ``F`` or blank with no opponent):
    exactly the shape of a TRF handed to a pairing program before that round.
    """
    presets = {
        ResultCode.HALF_POINT_BYE,
        ResultCode.ZERO_POINT_BYE,
        ResultCode.FULL_POINT_BYE,
        ResultCode.NOT_PAIRED,
    }
    players = []
    for p in tournament.players:
        rounds = p.rounds[: round_number - 1]
        this = p.entry(round_number)
        if this is not None and this.opponent is None and this.result in presets:
            rounds = (*rounds, this)
        players.append(replace(p, rounds=rounds))
    return replace(tournament, players=tuple(players))


def adjourned_games(tournament: Tournament, through: int | None = None) -> list[tuple[int, int, int]]:
    """``(round, White's TPN, Black's TPN)`` of every adjourned game still without a result,
    in rounds ``1..through`` (all when ``None``), in round order (C.02 VCL Q157-169)."""
    out: set[tuple[int, int, int]] = set()
    for p in tournament.players:
        for r, e in enumerate(p.rounds, start=1):
            if through is not None and r > through:
                break
            if e.adjourned and e.opponent is not None:
                white = p.tpn if e.colour is not Colour.BLACK else e.opponent
                out.add((r, white, e.opponent if white == p.tpn else p.tpn))
    return sorted(out)
