"""The individual tie-breaks of the FIDE Tie-Break Regulations (C.07, in force 1 March 2026).

Everything is computed on a :class:`RoundsView`: each participant's rounds up to the round
the standings are for, normalised into :class:`RoundRecord` (opponent, points, whether a game
was played over the board, whether the round is a voluntary unplayed round). Scores stay in
integer half-points; tie-break values are returned as :class:`fractions.Fraction` in points,
so comparisons are exact.

Unplayed rounds follow C.07 art. 15-16 (2026 edition):

* art. 16.1.2 a *VUR* (voluntary unplayed round) is a requested bye (half- or zero-point bye,
  or any round after a withdrawal, i.e. absent / not paired) or a forfeit loss;
* art. 16.2 categories: 16.2.1 PAB or full-point bye, 16.2.2 forfeit win, 16.2.3 requested bye
  followed by a round that is not a VUR, 16.2.4 forfeit loss, 16.2.5 requested byes followed
  only by VURs or in the last round;
* art. 16.3 in the *opponents'* tie-breaks a participant's score is adjusted: categories
  16.2.1-16.2.4 count with the points awarded, 16.2.5 counts as a draw;
* art. 16.4 in the participant's *own* tie-break each unplayed round is a game against a dummy
  whose score is the participant's own score, capped (16.4.1) for forfeits by the scheduled
  opponent's adjusted score and (16.4.2) otherwise by draw points x rounds;
* art. 16.5 a cut removes the lowest VUR contribution first, as long as it is not lower than the
  least significant value (for SB: the higher of the two is cut).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.ratings import TiebreakRatingMode
from swissdesk.model.tournament import (
    DOUBLE_SWISS,
    Colour,
    HalfPoints,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)
from swissdesk.tiebreaks.rating_tables import dp_for_percentage, expected_score_hundredths
from swissdesk.tiebreaks.spec import TiebreakSpec

Value = Fraction | None
"""A tie-break value in points (or rating points), ``None`` where it is undefined."""

_VOLUNTARY = frozenset(
    {
        ResultCode.HALF_POINT_BYE,
        ResultCode.ZERO_POINT_BYE,
        ResultCode.NOT_PAIRED,
        ResultCode.FORFEIT_LOSS,
    }
)
_RATING_RESULT: Mapping[ResultCode, int] = {
    ResultCode.WIN: 2,
    ResultCode.UNRATED_WIN: 2,
    ResultCode.DRAW: 1,
    ResultCode.UNRATED_DRAW: 1,
    ResultCode.LOSS: 0,
    ResultCode.UNRATED_LOSS: 0,
}
_PLAYED = frozenset(code for code in ResultCode if code.is_played)
_ABSENT = RoundEntry(None, None, ResultCode.NOT_PAIRED)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round of one participant, as the tie-breaks see it."""

    opponent: int
    """Scheduled opponent's TPN (forfeits included), 0 for byes and absences."""
    points: HalfPoints
    game: bool
    """A game played over the board (C.07 art. 15.1: anything else is an unplayed round)."""
    pab: bool
    """A pairing-allocated bye."""
    vur: bool
    """A voluntary unplayed round (art. 16.1.2): requested bye, absence or forfeit loss."""
    black: bool
    """Played over the board with Black."""
    rating_result: int
    """Half-points the rating regulations count for a played game (1 - ½ - 0 as 2/1/0)."""
    opponent_rating: int = 0
    """The rating the opponent counts with in this game (0: left out as unrated): the
    first rating, or in an event over 30 days the one :attr:`Tournament.tiebreak_ratings`
    chooses (C.02 VCL Q214-216)."""


@dataclass(frozen=True, slots=True)
class RoundsView:
    """Every participant's records for rounds ``1..rounds`` and their totals."""

    rounds: int
    total_rounds: int
    scoring: ScoringSystem
    players: tuple[Player, ...]
    records: Mapping[int, tuple[RoundRecord, ...]]
    points: Mapping[int, HalfPoints]
    ratings: Mapping[int, int]


def _result_traits(scoring: ScoringSystem) -> dict[ResultCode, tuple[HalfPoints, bool, bool, int]]:
    """Per result code: points, is a PAB, is a VUR, rating result (half-points)."""
    return {
        code: (
            scoring.points(code),
            code is ResultCode.PAIRING_ALLOCATED_BYE,
            code in _VOLUNTARY,
            _RATING_RESULT.get(code, 0),
        )
        for code in ResultCode
    }


_NOT_COUNTED = RoundRecord(
    opponent=0, points=0, game=False, pab=False, vur=False, black=False, rating_result=0
)
"""A game against a participant left out of the standings (GRC art. 6.6): it stays in the
cross table but counts for nothing, as if the table had given the bye."""


def build_view(
    tournament: Tournament, rounds: int, *, excluded: frozenset[int] = frozenset()
) -> RoundsView:
    """Normalise the tournament's first ``rounds`` rounds (missing entries count as absent).

    ``excluded`` participants (a round robin's players who left having completed less than
    half their games, GRC art. 6.6) are not in the view, and the games against them count
    for nothing."""
    tpns = {p.tpn for p in tournament.players}
    if len(tpns) != len(tournament.players):
        raise InputError(_("two players share a pairing number; cannot compute standings"))
    traits = _result_traits(tournament.scoring)
    match_scores = tournament.system == DOUBLE_SWISS
    rating_in = _rating_reader(tournament, rounds)
    records: dict[int, tuple[RoundRecord, ...]] = {}
    for p in tournament.players:
        if p.tpn in excluded:
            continue
        entries = p.rounds[:rounds]
        if len(entries) < rounds:
            entries = entries + (_ABSENT,) * (rounds - len(entries))
        recs = []
        for r, entry in enumerate(entries, start=1):
            opponent = entry.opponent
            if opponent is not None and opponent not in tpns:
                raise InputError(
                    _(
                        "player {tpn} ({name}) has opponent {opponent} in round {r}, but no "
                        "player has that pairing number"
                    ).format(tpn=p.tpn, name=p.name, opponent=opponent, r=r)
                )
            if opponent in excluded:
                recs.append(_NOT_COUNTED)
                continue
            scored, pab, vur, rating_result = traits[entry.result]
            if match_scores and entry.game_points is not None:
                scored = entry.game_points  # C.04.5: a match scores its two games
            game = opponent is not None and entry.result in _PLAYED
            recs.append(
                RoundRecord(
                    opponent=opponent or 0,
                    points=scored,
                    game=game,
                    pab=pab,
                    vur=vur,
                    black=game and entry.colour is Colour.BLACK,
                    rating_result=rating_result if game else 0,
                    opponent_rating=rating_in(opponent, r) if game and opponent else 0,
                )
            )
        records[p.tpn] = tuple(recs)
    points = {tpn: sum(r.points for r in recs) for tpn, recs in records.items()}
    return RoundsView(
        rounds=rounds,
        total_rounds=max(tournament.total_rounds, rounds),
        scoring=match_scoring(tournament.scoring) if match_scores else tournament.scoring,
        players=tournament.players,
        records=records,
        points=points,
        ratings={p.tpn: rating_in(p.tpn, rounds) for p in tournament.players},
    )


def _rating_reader(tournament: Tournament, rounds: int) -> Callable[[int, int], int]:
    """``rating(tpn, round)``: the rating a participant counts with in the rating-based
    tie-breaks for a game of that round (and, for the round the standings are after, as
    its own rating: RTNG).

    Normally every participant's first rating (C.07 art. 10 reads the players' ratings;
    the tournament rating, the one that ranked them, is the first). In an event over 30
    days (C.02 VCL Q210-216) the players may hold later ratings linked to rounds, and the
    section's rules choose: the first ratings (the default, Q215), each game with the
    rating of its round (Q214), or everyone's rating of one round (Q216). Unrated
    participants count with the rating the tournament's regulations give them (Q208/209,
    computed over the ratings in force); C.07's default leaves them out (0)."""
    choice = tournament.tiebreak_ratings
    mode = choice.mode if tournament.long_event else TiebreakRatingMode.FIRST
    rule = tournament.unrated_rule

    def period(round_number: int) -> int:
        match mode:
            case TiebreakRatingMode.EACH_ROUND:
                return round_number
            case TiebreakRatingMode.ROUND:
                return choice.round
        return 0

    cache: dict[int, tuple[dict[int, int], int]] = {}

    def ratings_of(key: int) -> tuple[dict[int, int], int]:
        if key not in cache:
            values = {
                p.tpn: (p.rating if key == 0 else p.rating_in(key)) for p in tournament.players
            }
            cache[key] = (values, rule.rating(list(values.values())))
        return cache[key]

    def rating(tpn: int, round_number: int) -> int:
        values, unrated_as = ratings_of(period(round_number))
        value = values[tpn]
        return value if value > 0 else unrated_as

    return rating


def match_scoring(s: ScoringSystem) -> ScoringSystem:
    """Double-Swiss (C.04.5): each match is one round for the tie-breaks (C.07), so a win,
    draw or loss is worth two games' points; byes keep their value per match."""
    return replace(
        s,
        win=2 * s.win,
        draw=2 * s.draw,
        loss=2 * s.loss,
        forfeit_win=2 * s.forfeit_win,
        forfeit_loss=2 * s.forfeit_loss,
    )


def _half(value: int) -> Fraction:
    return Fraction(value, 2)


# --- art. 7: tie-breaks computed from the participant's own results -----------------------


def number_of_wins(view: RoundsView) -> dict[int, Value]:
    """WIN (C.07 art. 7): rounds in which the participant scored a win's points, played or not."""
    win = view.scoring.win
    return {t: Fraction(sum(r.points == win for r in recs)) for t, recs in view.records.items()}


def games_won(view: RoundsView) -> dict[int, Value]:
    """WON (C.07 art. 7): games won over the board (forfeits and byes excluded)."""
    win = view.scoring.win
    return {
        t: Fraction(sum(r.game and r.points == win for r in recs))
        for t, recs in view.records.items()
    }


def games_with_black(view: RoundsView) -> dict[int, Value]:
    """BPG (C.07 art. 7): games played over the board with Black."""
    return {t: Fraction(sum(r.black for r in recs)) for t, recs in view.records.items()}


def games_won_with_black(view: RoundsView) -> dict[int, Value]:
    """BWG (C.07 art. 7): games won over the board with Black."""
    win = view.scoring.win
    return {
        t: Fraction(sum(r.black and r.points == win for r in recs))
        for t, recs in view.records.items()
    }


def rounds_elected_to_play(view: RoundsView) -> dict[int, Value]:
    """REP, formerly GE (C.07 art. 7): rounds minus the voluntary unplayed rounds (art. 16.1.2).

    Played games, pairing-allocated byes, full-point byes and forfeit wins count; requested
    byes, absences and forfeit losses do not.
    """
    return {t: Fraction(sum(not r.vur for r in recs)) for t, recs in view.records.items()}


def standard_points(view: RoundsView) -> dict[int, Value]:
    """STD (C.07 art. 7.7): the score counted 1 - ½ - 0 whatever the scoring system.

    A round worth more than a draw counts 1, a draw's points ½, anything less 0 (played or
    not: a forfeit win or full-point bye is worth more than a draw).
    """
    draw = view.scoring.draw
    return {
        t: _half(sum(2 if r.points > draw else 1 if r.points == draw else 0 for r in recs))
        for t, recs in view.records.items()
    }


def progressive_scores(view: RoundsView, spec: TiebreakSpec) -> dict[int, Value]:
    """PS (C.07 art. 7): sum of the running scores after each round.

    Cut-n (art. 14.1) drops the running scores of the first n rounds.
    """
    out: dict[int, Value] = {}
    for t, recs in view.records.items():
        running = total = 0
        for r, rec in enumerate(recs, start=1):
            running += rec.points
            if r > spec.cut_low:
                total += running
        out[t] = _half(total)
    return out


def pairing_number(view: RoundsView) -> dict[int, Value]:
    """TPN (C.07 art. 7.8): the tournament pairing number, lower ranks first."""
    return {t: Fraction(t) for t in view.records}


def own_rating(view: RoundsView) -> dict[int, Value]:
    """RTNG (C.07 art. 10.6): the participant's own rating (0 for unrated), higher first."""
    return {t: Fraction(view.ratings[t]) for t in view.records}


# --- art. 8-9 and 16: Buchholz family ---------------------------------------------------


def _last_round(recs: tuple[RoundRecord, ...], pred: bool | None = None) -> int:
    """Last round that is not a VUR (``pred`` None) or that had an opponent or PAB."""
    last = 0
    for r, rec in enumerate(recs, start=1):
        if pred is None:
            if not rec.vur:
                last = r
        elif rec.opponent or rec.pab:
            last = r
    return last


def adjusted_scores(
    view: RoundsView, fore: bool = False
) -> tuple[dict[int, HalfPoints], dict[int, HalfPoints]]:
    """Each participant's adjusted score for the opponents' view and own score (half-points).

    Art. 16.3: rounds of categories 16.2.1-16.2.4 count with the points awarded; requested
    byes and absences after the last round that is not a VUR (category 16.2.5) count as
    draws. Forfeit losses keep their points (16.2.4).

    With ``fore`` (Fore Buchholz, art. 8.3) a participant paired in the final round of the
    tournament has that round's result replaced by a draw, in both scores.
    """
    draw = view.scoring.draw
    adjusted: dict[int, HalfPoints] = {}
    own: dict[int, HalfPoints] = {}
    for t, recs in view.records.items():
        last_available = _last_round(recs)
        last_paired = _last_round(recs, pred=True)
        is_fore = fore and last_paired == view.total_rounds
        if is_fore:
            last_available = last_paired
        score = sum(
            rec.points if (r <= last_available or rec.opponent) else draw
            for r, rec in enumerate(recs, start=1)
        )
        own_score = view.points[t]
        if is_fore and recs and recs[-1].opponent and len(recs) == view.total_rounds:
            delta = draw - recs[-1].points
            score += delta
            own_score += delta
        adjusted[t] = score
        own[t] = own_score
    return adjusted, own


@dataclass(frozen=True, slots=True)
class _Contribution:
    round_number: int
    score: HalfPoints
    """The opponent's (or dummy's) score, half-points."""
    value: int
    """What the round adds: the score for BH (half-points), score x result for SB (quarters)."""
    vur: bool


def _cut(items: list[_Contribution], low: int, high: int, rounds: int) -> list[_Contribution]:
    """Apply art. 14.1-14.4 cuts with the art. 16.5 exception for VURs.

    The least significant value is the round with the lowest opponent's (or dummy's) score,
    the lowest contribution among equal scores (14.1.1). When the participant has VURs,
    16.5.1 cuts the VUR round with the lowest score instead, unless the least significant
    value contributes more than that VUR round (possible for SB only), in which case the
    least significant value is cut: for SB "the higher of these two values". For BH the
    contribution is the score, so a VUR is always cut first. Median cuts then remove the
    most significant values (14.3, 14.4). No more values are cut than rounds counted.
    """
    low = min(low, rounds)
    high = min(high, rounds - low)
    for _step in range(low):
        if not items:
            break
        least = min(items, key=lambda c: (c.score, c.value))
        vurs = [c for c in items if c.vur]
        if vurs:
            # 16.5.1: the VUR round with the lowest (dummy's or opponent's) score is cut,
            # unless the least significant value contributes more (SB), which is then cut.
            lowest_vur = min(vurs, key=lambda c: (c.score, c.value))
            victim = least if least.value > lowest_vur.value else lowest_vur
        else:
            victim = least
        items.remove(victim)
    for _step in range(high):
        if not items:
            break
        items.remove(max(items, key=lambda c: (c.score, c.value)))
    return items


def buchholz_family(view: RoundsView, spec: TiebreakSpec) -> dict[int, Value]:
    """BH (art. 8.1), FB (art. 8.3) and SB (art. 9.1) with cuts, /P and art. 16 handling.

    BH sums the opponents' adjusted scores (16.3); SB sums each such score times the points
    the participant scored in that round. Unplayed rounds are games against a dummy (16.4).
    FB treats every final-round pairing as a draw (and forfeits there as games).
    """
    fore = spec.name == "FB"
    sonneborn = spec.name == "SB"
    adjusted, own = adjusted_scores(view, fore=fore)
    dummy_cap = view.scoring.draw * view.rounds
    out: dict[int, Value] = {}
    for t, recs in view.records.items():
        items: list[_Contribution] = []
        for r, rec in enumerate(recs, start=1):
            as_game = rec.game or spec.forfeits_played or (fore and r == view.total_rounds)
            if as_game and rec.opponent:
                score, vur = adjusted[rec.opponent], False
            elif rec.opponent:  # forfeit: 16.4.1
                score, vur = min(own[t], adjusted[rec.opponent]), rec.vur
            else:  # bye or absence: 16.4.2
                score, vur = min(own[t], dummy_cap), rec.vur
            value = score * rec.points if sonneborn else score
            items.append(_Contribution(r, score, value, vur))
        kept = _cut(items, spec.cut_low, spec.cut_high, view.rounds)
        total = sum(c.value for c in kept)
        out[t] = Fraction(total, 4) if sonneborn else _half(total)
    return out


def _round_half_up(value: Fraction, step: Fraction) -> Fraction:
    units = value / step
    return (units.numerator * 2 + units.denominator) // (2 * units.denominator) * step


def average_of_opponents_buchholz(view: RoundsView, spec: TiebreakSpec) -> dict[int, Value]:
    """AOB (art. 8.2): average Buchholz of the opponents met over the board, to 0.01.

    The opponents' Buchholz uses the modifiers given with AOB (``AOB/C1`` averages BH/C1).
    """
    bh_spec = TiebreakSpec(
        code="BH",
        name="BH",
        cut_low=spec.cut_low,
        cut_high=spec.cut_high,
        forfeits_played=spec.forfeits_played,
    )
    bh = buchholz_family(view, bh_spec)
    return _average_over_games(view, bh, Fraction(1, 100))


def _average_over_games(
    view: RoundsView, values: Mapping[int, Value], step: Fraction
) -> dict[int, Value]:
    out: dict[int, Value] = {}
    for t, recs in view.records.items():
        found = [values[r.opponent] for r in recs if r.game]
        known = [v for v in found if v is not None]
        out[t] = _round_half_up(Fraction(sum(known)) / len(known), step) if known else None
    return out


def koya(view: RoundsView, spec: TiebreakSpec) -> dict[int, Value]:
    """KS (art. 9.2): points scored against opponents who reached the limit.

    The limit is ``koya_limit`` % (50 by default) of the maximum score after the rounds
    counted, moved by ``koya_shift`` points (``/L+n``, ``/L-n``); every round with a
    scheduled opponent counts (forfeits included).
    """
    limit = spec.koya_limit * view.scoring.win * view.rounds / 100 + spec.koya_shift * 2
    out: dict[int, Value] = {}
    for t, recs in view.records.items():
        total = sum(r.points for r in recs if r.opponent and view.points[r.opponent] >= limit)
        out[t] = _half(total)
    return out


# --- art. 10: rating-based tie-breaks --------------------------------------------------


def _rated_games(view: RoundsView, tpn: int, spec: TiebreakSpec) -> list[tuple[int, int]]:
    """(opponent rating, rating result) of the games played over the board, after cuts.

    Each opponent counts with the rating :func:`build_view` chose for that game. Unrated
    opponents (rating 0) are left out, unless the tournament gives them a rating
    (:attr:`Tournament.unrated_rule`); cut-n drops the n lowest-rated opponents and
    median-n also the n highest (art. 14).
    """
    games = sorted(
        (r.opponent_rating, r.rating_result)
        for r in view.records[tpn]
        if r.game and r.opponent_rating > 0
    )
    low = min(spec.cut_low, view.rounds)
    high = min(spec.cut_high, view.rounds - low)
    games = games[low:]
    return games[: len(games) - high] if high else games


def _aro(ratings: Iterable[int]) -> int | None:
    values = list(ratings)
    if not values:
        return None
    return int(_round_half_up(Fraction(sum(values), len(values)), Fraction(1)))


def average_rating_of_opponents(view: RoundsView, spec: TiebreakSpec) -> dict[int, Value]:
    """ARO (art. 10.1): average rating of the opponents met over the board, rounded."""
    out: dict[int, Value] = {}
    for t in view.records:
        aro = _aro(r for r, _ in _rated_games(view, t, spec))
        out[t] = None if aro is None else Fraction(aro)
    return out


def _tpr(games: list[tuple[int, int]]) -> int | None:
    aro = _aro(r for r, _ in games)
    if aro is None:
        return None
    score = sum(s for _, s in games)  # half-points
    percentage = int(_round_half_up(Fraction(50 * score, len(games)), Fraction(1)))
    return aro + dp_for_percentage(percentage)


def performance_rating(view: RoundsView, spec: TiebreakSpec) -> dict[int, Value]:
    """TPR (art. 10): ARO plus the rating difference ``dp`` for the fractional score.

    ``p`` is rounded to hundredths and converted with table 8.1(a) of the rating regulations.
    """
    out: dict[int, Value] = {}
    for t in view.records:
        tpr = _tpr(_rated_games(view, t, spec))
        out[t] = None if tpr is None else Fraction(tpr)
    return out


def _ptp(games: list[tuple[int, int]]) -> int | None:
    if not games:
        return None
    ratings = [r for r, _ in games]
    score = sum(s for _, s in games)
    if score == 0:
        return min(ratings) - 800
    target = 50 * score  # hundredths of a point

    def reaches(rating: int) -> bool:
        return sum(expected_score_hundredths(rating, opp) for opp in ratings) >= target

    low, high = min(ratings) - 800, max(ratings) + 800  # reaches(low) is False
    while high - low > 1:
        mid = (low + high) // 2
        if reaches(mid):
            high = mid
        else:
            low = mid
    return high


def perfect_performance(view: RoundsView, spec: TiebreakSpec) -> dict[int, Value]:
    """PTP (art. 10): the lowest rating whose expected score reaches the score made.

    Expected scores come from table 8.1(b); with a zero score PTP is the lowest opponent's
    rating minus 800.
    """
    out: dict[int, Value] = {}
    for t in view.records:
        ptp = _ptp(_rated_games(view, t, spec))
        out[t] = None if ptp is None else Fraction(ptp)
    return out


def average_performance_of_opponents(view: RoundsView, spec: TiebreakSpec) -> dict[int, Value]:
    """APRO (art. 10): average TPR of the opponents met over the board, rounded."""
    return _average_over_games(view, performance_rating(view, spec), Fraction(1))


def average_perfect_performance_of_opponents(
    view: RoundsView, spec: TiebreakSpec
) -> dict[int, Value]:
    """APPO (art. 10): average PTP of the opponents met over the board, rounded."""
    return _average_over_games(view, perfect_performance(view, spec), Fraction(1))


# --- art. 6: direct encounter -------------------------------------------------------------


def direct_encounter_positions(
    view: RoundsView, group: list[int], spec: TiebreakSpec
) -> dict[int, int]:
    """DE (art. 6) for one group of participants tied on every earlier criterion.

    Returns each participant's position in the order direct encounter gives (1, 2, ...; equal
    positions stay tied), or 0 for everyone when direct encounter separates nobody.

    Points scored in the games among the tied participants decide (6.1; several games
    against the same opponent are averaged). If not every tied participant has met every
    other one (6.2), a participant is placed ahead only when their score exceeds the highest
    score any remaining participant could still reach by winning the missing encounters.
    The rule is applied again within each sub-group that is still tied (6.3).
    """
    if len(group) < 2:
        return dict.fromkeys(group, 0)
    position = dict.fromkeys(group, 0)
    pending = [sorted(group)]
    separated = False
    while pending:
        next_pending: list[list[int]] = []
        for sub in pending:
            if len(sub) < 2:
                continue
            parts = _split_by_encounters(view, sub, spec)
            if len(parts) < 2:
                continue
            separated = True
            base = position[sub[0]]
            offset = 0
            for part in parts:
                for t in part:
                    position[t] = base + offset
                offset += len(part)
                next_pending.append(part)
        pending = next_pending
    if not separated:
        return dict.fromkeys(group, 0)
    return {t: pos + 1 for t, pos in position.items()}


def _split_by_encounters(view: RoundsView, sub: list[int], spec: TiebreakSpec) -> list[list[int]]:
    members = set(sub)
    win = view.scoring.win
    score: dict[int, Fraction] = {}
    best: dict[int, Fraction] = {}
    everyone_met = True
    for t in sub:
        per_opponent: dict[int, list[int]] = {}
        for rec in view.records[t]:
            counts = rec.game or (spec.forfeits_played and rec.opponent)
            if counts and rec.opponent in members:
                per_opponent.setdefault(rec.opponent, []).append(rec.points)
        total = sum((Fraction(sum(v), len(v)) for v in per_opponent.values()), Fraction(0))
        missing = len(sub) - 1 - len(per_opponent)
        if missing > 0:
            everyone_met = False
        score[t] = total
        best[t] = total + max(missing, 0) * win
    if everyone_met:
        ordered = sorted(sub, key=lambda t: (-score[t], t))
        parts: list[list[int]] = []
        for t in ordered:
            if parts and score[parts[-1][0]] == score[t]:
                parts[-1].append(t)
            else:
                parts.append([t])
        return parts
    ordered = sorted(sub, key=lambda t: (-score[t], -best[t], t))
    parts = []
    for i, t in enumerate(ordered):
        rest = ordered[i + 1 :]
        if rest and score[t] > max(best[u] for u in rest):
            parts.append([t])
        else:
            parts.append(ordered[i:])
            break
    return parts
