"""Title norms after each round (FIDE Title Regulations effective from 1 January 2024, art.
1.4), the norm forecast for the rounds left, and the data of a norm certificate.

One computation, :func:`evaluate_norms`, serves the window, the norm report PDF and
``swissdesk norms``. For each player and each norm the player can still use
(:func:`~swissdesk.norms.regulations.norms_sought`), the games of rounds ``1..r`` are
checked against art. 1.4:

* 1.4.1 at least 9 games; 1.4.1 c in a 9-round event 8 games do when the ninth round was a
  forfeit win or the pairing-allocated bye; 1.4.1 e after a title result later games may be
  ignored (not with predetermined pairings: the norm is looked for after each earlier round
  too); 1.4.1 f games against defeated opponents may be ignored while the rest still
  qualifies (Swiss events);
* 1.4.2 b (round robin) unrated opponents who scored nothing against rated ones, 1.4.2 c
  forfeits, do not count; in the last round a forfeit win counts as a lost game when the
  player needs it for the number of games (the norm must hold with that loss);
* 1.4.3 at least two federations other than the player's; 1.4.4 at most 3/5 of the
  opponents from the player's federation and 2/3 from any one federation (minimum counts
  rounded up, maximum counts down), unless the event is exempt (1.4.3 a-c, declared by the
  arbiter; 1.4.3 d, a big Swiss, computed);
* 1.4.5 at least 50 % title-holders, and a third (at least 3) holding the norm's titles;
* 1.4.6 the rating floor: the lowest opponent below it (only one) is raised to it;
  unrated opponents count as 1400; 1.4.7 the average, rounded, 0.5 upward; 1.4.8 the
  performance ``Rp = Ra + dp`` (table 1.4.9, the percentage rounded, 0.5 % upward), the
  minimum average, and at least 35 %.

Scores are integer half-points, averages exact fractions rounded as the articles say.

The texts (what a condition asks and what the player has, the exceptions applied, the
forecast) are whole sentences in the current language (issue 38): each reader evaluates
when showing, so the window's card speaks the arbiter's language, the norm report and
certificate the document's (drawn inside :func:`swissdesk.i18n.using_language`), and
``swissdesk norms --json`` English. The articles cited stay as FIDE numbers them; the title
abbreviations (GM, IM, WGM, WIM) as FIDE writes them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from swissdesk.i18n import _, ngettext
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.tournament import Player, ResultCode, Tournament
from swissdesk.norms import regulations as reg
from swissdesk.norms.regulations import NormTitle
from swissdesk.tiebreaks.rating_tables import dp_for_percentage

_SCORE = {ResultCode.WIN: 2, ResultCode.DRAW: 1, ResultCode.LOSS: 0}
"""Half-points of a game played over the board (art. 1.4.2 c: nothing else counts)."""
_MAX_SUBSETS = 5000
"""Art. 1.4.1 f: at most this many sets of ignored wins are tried per norm and round."""


@dataclass(frozen=True, slots=True)
class NormSettings:
    """The arbiter's declarations about the event (nothing else is needed beyond the
    tournament): the event type exempt from the foreign-opponent rules (art. 1.4.3 a-c;
    empty: none)."""

    exemption: str = ""


@dataclass(frozen=True, slots=True)
class NormGame:
    """One opponent as the norm counts it (art. 1.4.6: ``rating`` as listed at the start,
    0 unrated; ``counted_rating`` after the floor and the 1400 of unrated opponents)."""

    round: int
    opponent: int
    name: str
    title: str
    federation: str
    fide_id: str
    rating: int
    counted_rating: int
    score: int
    """Half-points: 2, 1 or 0."""
    note: str = ""


@dataclass(frozen=True, slots=True)
class NormCheck:
    """One condition of art. 1.4 with what it asks and what the player has."""

    article: str
    requirement: str
    actual: str
    passed: bool


@dataclass(frozen=True, slots=True)
class NormResult:
    """A norm evaluated on a set of games: achieved, or which conditions fail."""

    tpn: int
    title: NormTitle
    after_round: int
    last_round_used: int
    games: tuple[NormGame, ...]
    score: int
    """Half-points in these games."""
    average: int
    percentage: int
    dp: int
    performance: int
    checks: tuple[NormCheck, ...]
    exceptions: tuple[str, ...]
    """The articles applied beyond the plain rule (1.4.1c, 1.4.1e, 1.4.1f, 1.4.2c, 1.4.3d,
    the floor of 1.4.6), in words."""
    counts_as: int
    """Games this norm counts for in a title application (art. 1.4.1 d, 1.7)."""

    @property
    def achieved(self) -> bool:
        return all(c.passed for c in self.checks)

    @property
    def failed(self) -> tuple[NormCheck, ...]:
        return tuple(c for c in self.checks if not c.passed)

    @property
    def points(self) -> Fraction:
        return Fraction(self.score, 2)


@dataclass(frozen=True, slots=True)
class NormForecast:
    """What a player needs in the rounds left for a norm (all of them played).

    ``opponents_needed`` are the opponent conditions still open, in words;
    ``points_needed`` pairs each possible score in the remaining rounds (half-points) with
    the lowest average rating of the remaining opponents that makes the norm (higher
    averages than anyone in the field are left out); ``at_current_average`` is the score
    needed if the remaining opponents average what the opponents so far averaged.
    """

    tpn: int
    title: NormTitle
    after_round: int
    rounds_left: int
    opponents_needed: tuple[str, ...]
    points_needed: tuple[tuple[int, int], ...]
    at_current_average: int | None
    current_average: int

    @property
    def possible(self) -> bool:
        return bool(self.points_needed)


@dataclass(frozen=True, slots=True)
class PlayerNorms:
    """One player's norms after a round: achieved ones, the latest check of the others,
    and forecasts while rounds are left."""

    tpn: int
    name: str
    sought: tuple[NormTitle, ...]
    achieved: tuple[NormResult, ...]
    latest: tuple[NormResult, ...]
    forecasts: tuple[NormForecast, ...]


@dataclass(frozen=True, slots=True)
class SwissExemption:
    """Art. 1.4.3 d counted over the rounds so far."""

    applies: bool
    players: int
    federations: int
    titled: int


@dataclass(frozen=True, slots=True)
class NormReport:
    """Every player's norms after ``after_round``."""

    after_round: int
    total_rounds: int
    applicable: bool
    note: str
    swiss_exemption: SwissExemption
    settings: NormSettings
    players: tuple[PlayerNorms, ...] = field(default=())

    def by_tpn(self) -> dict[int, PlayerNorms]:
        return {p.tpn: p for p in self.players}

    @property
    def achieved(self) -> tuple[NormResult, ...]:
        return tuple(n for p in self.players for n in p.achieved)


def predetermined(tournament: Tournament) -> bool:
    """Whether the pairings are set in advance (round robin, Scheveningen): art. 1.4.1 e
    then counts all scheduled rounds, and 1.4.2 b applies."""
    return is_round_robin(tournament.system)


def evaluate_norms(
    tournament: Tournament,
    settings: NormSettings | None = None,
    *,
    after_round: int | None = None,
    rating_type: str = "standard",
    players: Iterable[int] | None = None,
) -> NormReport:
    """The norms of every player (or of ``players``, TPNs) after ``after_round`` (default:
    the rounds in the snapshot). Norms exist in standard chess only (art. 0.5: "rating"
    means the standard FIDE rating)."""
    settings = settings or NormSettings()
    rounds = tournament.rounds_with_pairings if after_round is None else after_round
    total = max(tournament.total_rounds, rounds)
    swiss = _swiss_exemption(tournament, rounds)
    if rating_type != "standard" or tournament.is_team:
        why = _("title norms are gained in individual standard events only (Title Regulations 0.5)")
        return NormReport(rounds, total, False, why, swiss, settings)
    by_tpn = tournament.players_by_tpn
    wanted = set(players) if players is not None else None
    out = []
    context = _Context(tournament, settings, swiss, rounds, total)
    for player in tournament.players:
        if wanted is not None and player.tpn not in wanted:
            continue
        sought = reg.norms_sought(player.title, player.sex)
        achieved: list[NormResult] = []
        latest: list[NormResult] = []
        forecasts: list[NormForecast] = []
        for title in sought:
            found, plain = context.best(player, title, by_tpn)
            latest.append(plain)
            if found is not None:
                achieved.append(found)
            elif rounds < total:
                forecast = context.forecast(player, title, plain, by_tpn)
                if forecast is not None:
                    forecasts.append(forecast)
        out.append(
            PlayerNorms(
                player.tpn, player.name, sought, tuple(achieved), tuple(latest), tuple(forecasts)
            )
        )
    return NormReport(rounds, total, True, "", swiss, settings, tuple(out))


@dataclass(slots=True)
class _Games:
    """The games one evaluation counts, with what was applied to get them."""

    games: list[NormGame]
    last_round: int
    exceptions: list[str]
    forfeit_or_pab_missing: int
    """Rounds of ``1..last_round`` that were a forfeit win or the PAB (art. 1.4.1 c)."""


class _Context:
    def __init__(
        self,
        tournament: Tournament,
        settings: NormSettings,
        swiss: SwissExemption,
        rounds: int,
        total: int,
    ) -> None:
        self.t = tournament
        self.settings = settings
        self.swiss = swiss
        self.rounds = rounds
        self.total = total
        self.fixed = predetermined(tournament)
        self.host = tournament.info.federation.strip().upper()
        self.zero_scorers = _unrated_zero_scorers(tournament, rounds) if self.fixed else set()
        ratings = [p.official_rating for p in tournament.players if p.official_rating > 0]
        self.strongest = max(ratings, default=0)
        self._games: dict[tuple[int, int, bool], _Games] = {}

    # -- the games ---------------------------------------------------------------------

    def games(
        self, player: Player, upto: int, by_tpn: Mapping[int, Player], *, forfeit_as_loss: bool
    ) -> _Games:
        """The games of rounds ``1..upto`` (a fresh copy: callers add exceptions)."""
        key = (player.tpn, upto, forfeit_as_loss)
        found = self._games.get(key)
        if found is None:
            found = self._games[key] = self._collect(player, upto, by_tpn, forfeit_as_loss)
        return _Games(
            list(found.games),
            found.last_round,
            list(found.exceptions),
            found.forfeit_or_pab_missing,
        )

    def _collect(
        self, player: Player, upto: int, by_tpn: Mapping[int, Player], forfeit_as_loss: bool
    ) -> _Games:
        out: list[NormGame] = []
        exceptions: list[str] = []
        missing = 0
        for number, entry in enumerate(player.rounds[:upto], start=1):
            opp = by_tpn.get(entry.opponent) if entry.opponent is not None else None
            if entry.result in (ResultCode.FORFEIT_WIN, ResultCode.PAIRING_ALLOCATED_BYE):
                missing += 1
            if opp is None:
                continue
            score = _SCORE.get(entry.result)
            note = ""
            if score is None:
                last = number == self.total and entry.result is ResultCode.FORFEIT_WIN
                if not (forfeit_as_loss and last):
                    continue  # 1.4.2 c: forfeits are not games
                score, note = 0, _("last-round forfeit counted as a loss (1.4.2 c)")
                exceptions.append(
                    _("1.4.2c: the forfeit win of round {number} counted as a lost game").format(
                        number=number
                    )
                )
                missing -= 1
            if opp.tpn in self.zero_scorers:
                continue  # 1.4.2 b
            out.append(
                NormGame(
                    number,
                    opp.tpn,
                    opp.name,
                    opp.title.strip().upper(),
                    opp.federation.strip().upper(),
                    opp.fide_id,
                    opp.official_rating,
                    opp.official_rating if opp.official_rating > 0 else reg.UNRATED_OPPONENT,
                    score,
                    note if opp.official_rating > 0 else _join(
                        note, _("unrated: counted as {rating} (1.4.6 d)").format(
                            rating=reg.UNRATED_OPPONENT
                        )
                    ),
                )
            )
        return _Games(out, upto, exceptions, missing)

    # -- one evaluation ---------------------------------------------------------------

    def check(self, player: Player, title: NormTitle, g: _Games) -> NormResult:
        req = title.requirement
        games = _with_floor(g.games, req.floor)
        exceptions = list(g.exceptions)
        if any(x.counted_rating != y.counted_rating for x, y in zip(games, g.games, strict=True)):
            exceptions.append(
                _("1.4.6c: the lowest opponent's rating raised to {floor}").format(floor=req.floor)
            )
        n = len(games)
        score = sum(x.score for x in games)
        checks: list[NormCheck] = []
        eight_of_nine = (
            self.total == reg.MINIMUM_GAMES
            and n == reg.MINIMUM_GAMES - 1
            and g.last_round == self.total
            and g.forfeit_or_pab_missing == 1
        )
        checks.append(
            NormCheck(
                "1.4.1",
                ngettext("at least {count} game", "at least {count} games", reg.MINIMUM_GAMES)
                .format(count=reg.MINIMUM_GAMES),
                (
                    ngettext(
                        "{count} game and a forfeit win or the PAB (1.4.1 c)",
                        "{count} games and a forfeit win or the PAB (1.4.1 c)", n,
                    ) if eight_of_nine else ngettext("{count} game", "{count} games", n)
                ).format(count=n),
                n >= reg.MINIMUM_GAMES or eight_of_nine,
            )
        )
        if eight_of_nine:
            exceptions.append(_("1.4.1c: 8 games in a 9-round event count as 9"))
        checks.extend(self._federation_checks(player, games, exceptions))
        titled = sum(1 for x in games if x.title in reg.TITLE_HOLDERS)
        qualifying = sum(1 for x in games if x.title in req.qualifying_titles)
        need_titled = _ceil_div(n, 2)
        need_qualifying = max(reg.MINIMUM_QUALIFYING_TITLES, _ceil_div(n, 3))
        checks.append(
            NormCheck(
                "1.4.5a",
                ngettext(
                    "at least {count} title-holder (50 %, CM and WCM not counted)",
                    "at least {count} title-holders (50 %, CM and WCM not counted)", need_titled,
                ).format(count=need_titled),
                f"{titled}",
                titled >= need_titled,
            )
        )
        checks.append(
            NormCheck(
                "1.4.5" + {"GM": "b", "IM": "c", "WGM": "d", "WIM": "e"}[title.value],
                ngettext(
                    "at least {count} opponent holding {titles}",
                    "at least {count} opponents holding {titles}", need_qualifying,
                ).format(
                    count=need_qualifying,
                    titles="/".join(sorted(req.qualifying_titles, key=_title_order)),
                ),
                f"{qualifying}",
                qualifying >= need_qualifying,
            )
        )
        if n:
            average = _round_half_up(Fraction(sum(x.counted_rating for x in games), n))
            pct = _round_half_up(Fraction(score * 50, n))
            dp = dp_for_percentage(pct)
        else:
            average = pct = dp = 0
        performance = average + dp
        checks.append(
            NormCheck(
                "1.4.8a",
                _("average rating of the opponents at least {rating}").format(rating=req.average),
                f"{average}", n > 0 and average >= req.average,
            )
        )  # fmt: skip
        checks.append(
            NormCheck(
                "1.4.8b",
                _("a score of at least {percent} %").format(percent=reg.MINIMUM_SCORE_PERCENT),
                f"{pct} %", n > 0 and pct >= reg.MINIMUM_SCORE_PERCENT,
            )
        )  # fmt: skip
        checks.append(
            NormCheck(
                "1.4.8",
                _("a performance of at least {rating}").format(rating=req.performance),
                f"{performance} ({average} {dp:+d})", n > 0 and performance >= req.performance,
            )
        )  # fmt: skip
        achieved = all(c.passed for c in checks)
        counts_as = self._counts_as(n + eight_of_nine, score, games, req) if achieved else 0
        return NormResult(
            player.tpn,
            title,
            self.rounds,
            g.last_round,
            tuple(games),
            score,
            average,
            pct,
            dp,
            performance,
            tuple(checks),
            tuple(exceptions),
            counts_as,
        )

    def _exempt(self, player: Player) -> str:
        """The art. 1.4.3 exemption that applies to ``player`` (empty: none)."""
        kind = self.settings.exemption
        own = player.federation.strip().upper()
        if kind == "1.4.3c" or (kind in ("1.4.3a", "1.4.3b") and own and own == self.host):
            return kind
        if self.swiss.applies:
            return "1.4.3d"
        return ""

    def _federation_checks(
        self, player: Player, games: Sequence[NormGame], exceptions: list[str]
    ) -> list[NormCheck]:
        own = player.federation.strip().upper()
        n = len(games)
        feds = Counter(x.federation for x in games if x.federation not in reg.NO_FEDERATION)
        foreign = sorted(f for f in feds if f != own)
        own_count = feds.get(own, 0) if own not in reg.NO_FEDERATION else 0
        top_fed, top_count = max(feds.items(), key=lambda kv: (kv[1], kv[0]), default=("", 0))
        exempt = self._exempt(player)
        if exempt:
            exceptions.append(
                _("{article}: the foreign-opponent rules (1.4.3, 1.4.4) do not apply").format(
                    article=exempt
                )
            )
            event = (
                _(reg.EVENT_EXEMPTIONS[exempt]) if exempt in reg.EVENT_EXEMPTIONS
                else _("big Swiss")
            )  # fmt: skip
            text = _("exempt ({article}: {event})").format(article=exempt, event=event)
            return [NormCheck("1.4.3", _("federations"), text, True)]
        own_max = 3 * n // 5
        one_max = 2 * n // 3
        return [
            NormCheck(
                "1.4.3",
                _("at least 2 federations other than the player's"),
                f"{len(foreign)}" + (f" ({', '.join(foreign)})" if foreign else ""),
                len(foreign) >= 2,
            ),
            NormCheck(
                "1.4.4",
                ngettext(
                    "at most {count} opponent (3/5) from the player's federation",
                    "at most {count} opponents (3/5) from the player's federation", own_max,
                ).format(count=own_max),
                f"{own_count}",
                own_count <= own_max,
            ),
            NormCheck(
                "1.4.4",
                ngettext(
                    "at most {count} opponent (2/3) from one federation",
                    "at most {count} opponents (2/3) from one federation", one_max,
                ).format(count=one_max),
                f"{top_count}" + (f" ({top_fed})" if top_fed else ""),
                top_count <= one_max,
            ),
        ]

    def _counts_as(
        self, n: int, score: int, games: Sequence[NormGame], req: reg.NormRequirement
    ) -> int:
        """Art. 1.4.1 d: each full point above the score the norm needs counts as one more
        game; art. 1.7: more than 13 rounds count as 13."""
        if not games:
            return 0
        needed = _points_needed(
            [x.counted_rating for x in games], len(games), req.performance, req.average
        )
        extra = (score - needed) // 2 if needed is not None and score >= needed else 0
        return min(n, reg.MAXIMUM_GAMES_COUNTED) + extra

    # -- the search over the exceptions --------------------------------------------------

    def best(
        self, player: Player, title: NormTitle, by_tpn: Mapping[int, Player]
    ) -> tuple[NormResult | None, NormResult]:
        """The norm if one is achieved by rounds ``1..r`` (with the exceptions of art.
        1.4.1 c, e, f and 1.4.2 c), and the plain evaluation of all games so far."""
        plain = self.check(
            player, title, self.games(player, self.rounds, by_tpn, forfeit_as_loss=False)
        )
        if plain.achieved:
            return plain, plain
        if not self._within_reach(player, title, by_tpn):
            return None, plain
        last_rounds = [self.rounds] if self.fixed else range(self.rounds, 0, -1)
        for upto in last_rounds:
            variants = [False]
            if upto == self.total and _forfeit_win_in(player, upto):
                variants.append(True)  # 1.4.2 c
            enough = False
            for as_loss in variants:
                g = self.games(player, upto, by_tpn, forfeit_as_loss=as_loss)
                if len(g.games) < reg.MINIMUM_GAMES - 1:
                    continue
                enough = True
                if upto < self.rounds:
                    g.exceptions.append(
                        _("1.4.1e: title result after round {number}; later games ignored")
                        .format(number=upto)
                    )
                found = self._with_ignored_wins(player, title, g)
                if found is not None:
                    return replace(found, after_round=self.rounds), plain
            if not enough:
                break  # earlier rounds have even fewer games
        return None, plain

    def _within_reach(self, player: Player, title: NormTitle, by_tpn: Mapping[int, Player]) -> bool:
        """A bound no choice of games (art. 1.4.1 c, e, f, 1.4.2 c) can beat: at least 8
        games, 3 opponents with the norm's titles, 4 title-holders, and the best 8
        opponents (each lifted to the floor) averaging the minimum. Most players of an open
        fail it at once, which keeps a 2,000-player event quick."""
        req = title.requirement
        games = self.games(player, self.rounds, by_tpn, forfeit_as_loss=True).games
        least = reg.MINIMUM_GAMES - 1
        if len(games) < least:
            return False
        if sum(1 for x in games if x.title in req.qualifying_titles) < 3:
            return False
        if sum(1 for x in games if x.title in reg.TITLE_HOLDERS) < _ceil_div(least, 2):
            return False
        best = sorted((max(x.counted_rating, req.floor) for x in games), reverse=True)[:least]
        return 2 * sum(best) >= (2 * req.average - 1) * least

    def _with_ignored_wins(self, player: Player, title: NormTitle, g: _Games) -> NormResult | None:
        """The norm on ``g``, or on ``g`` less some won games (art. 1.4.1 f, not with
        predetermined pairings) while at least 9 games remain."""
        result = self.check(player, title, g)
        if result.achieved or self.fixed:
            return result if result.achieved else None
        wins = [i for i, x in enumerate(g.games) if x.score == 2]
        spare = len(g.games) - reg.MINIMUM_GAMES
        req = title.requirement
        for k in range(1, min(spare, len(wins)) + 1):
            # The lowest-rated wins first: dropping them raises the average the most; if
            # even that cannot reach the performance, no set of k wins can.
            lowest = sorted(wins, key=lambda i: g.games[i].counted_rating)[:k]
            if not _performance_possible(g.games, lowest, req):
                continue
            for tried, drop in enumerate(itertools.combinations(wins, k)):
                if tried >= _MAX_SUBSETS:
                    break
                dropped = set(drop)
                names = ", ".join(
                    _("round {number}").format(number=g.games[i].round) for i in sorted(dropped)
                )
                kept = _Games(
                    [x for i, x in enumerate(g.games) if i not in dropped],
                    g.last_round,
                    [*g.exceptions, _("1.4.1f: won games ignored ({rounds})").format(rounds=names)],
                    g.forfeit_or_pab_missing,
                )
                result = self.check(player, title, kept)
                if result.achieved:
                    return result
        return None

    # -- the forecast -----------------------------------------------------------------

    def forecast(
        self, player: Player, title: NormTitle, plain: NormResult, by_tpn: Mapping[int, Player]
    ) -> NormForecast | None:
        """What the rounds left must bring (all played); ``None`` when no result in them
        can make the norm (too few games, an opponent rule that cannot be met any more, or
        a performance out of reach of the field)."""
        left = self.total - self.rounds
        for r in range(self.rounds + 1, self.total + 1):
            entry = player.entry(r)
            if entry is not None and entry.opponent is None and not entry.result.is_played:
                left -= 1  # a bye or absence already set for a later round
        games = list(plain.games)
        n = len(games) + left
        if left <= 0 or n < reg.MINIMUM_GAMES:
            return None
        req = title.requirement
        needs: list[str] = []
        titled = sum(1 for x in games if x.title in reg.TITLE_HOLDERS)
        qualifying = sum(1 for x in games if x.title in req.qualifying_titles)
        more_titled = max(0, _ceil_div(n, 2) - titled)
        more_qualifying = max(0, max(reg.MINIMUM_QUALIFYING_TITLES, _ceil_div(n, 3)) - qualifying)
        if more_titled > left or more_qualifying > left:
            return None
        if more_qualifying:
            names = "/".join(sorted(req.qualifying_titles, key=_title_order))
            needs.append(
                ngettext("{count} more {titles} (1.4.5)", "{count} more {titles} (1.4.5)",
                         more_qualifying).format(count=more_qualifying, titles=names)
            )  # fmt: skip
        if more_titled > more_qualifying:
            needs.append(
                (
                    ngettext("{count} more title-holder in all (1.4.5a)",
                             "{count} more title-holders in all (1.4.5a)", more_titled)
                    if more_qualifying else
                    ngettext("{count} more title-holder (1.4.5a)",
                             "{count} more title-holders (1.4.5a)", more_titled)
                ).format(count=more_titled)
            )  # fmt: skip
        own = player.federation.strip().upper()
        if not self._exempt(player):
            feds = Counter(x.federation for x in games if x.federation not in reg.NO_FEDERATION)
            own_count = feds.get(own, 0) if own not in reg.NO_FEDERATION else 0
            if own_count > 3 * n // 5 or max(feds.values(), default=0) > 2 * n // 3:
                return None
            foreign = len([f for f in feds if f != own])
            if 2 - foreign > left:
                return None
            if foreign < 2:
                count = 2 - foreign
                needs.append(
                    ngettext(
                        "{count} opponent from a new foreign federation (1.4.3)",
                        "{count} opponents from new foreign federations (1.4.3)", count,
                    ).format(count=count)
                )
            room = 3 * n // 5 - own_count
            if own and own not in reg.NO_FEDERATION and room < left:
                needs.append(
                    _("at most {count} more from {federation} (1.4.4)").format(
                        count=room, federation=own
                    )
                )
        total_now = sum(x.counted_rating for x in games)  # the floor already applied
        current = plain.average
        rows: list[tuple[int, int]] = []
        at_current: int | None = None
        for more in range(0, 2 * left + 1):
            score = plain.score + more
            pct = _round_half_up(Fraction(score * 50, n))
            if pct < reg.MINIMUM_SCORE_PERCENT:
                continue
            target = max(req.average, req.performance - dp_for_percentage(pct))
            # round_half_up((total_now + left * a) / n) >= target
            bound = Fraction(2 * target - 1, 2) * n - total_now
            lowest = max(-(-bound.numerator // (bound.denominator * left)), 0)
            if lowest > self.strongest:
                continue
            rows.append((more, int(lowest)))
            if at_current is None and lowest <= current:
                at_current = more
        if not rows:
            return None
        return NormForecast(
            player.tpn, title, self.rounds, left, tuple(needs), tuple(rows), at_current, current
        )


# -- helpers ---------------------------------------------------------------------------


def _join(*notes: str) -> str:
    return "; ".join(n for n in notes if n)


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _round_half_up(value: Fraction) -> int:
    """Art. 1.4.7 b: to the nearest whole number, the fraction 0.5 upward (also used for
    the percentage, as the note under table 1.4.9 rounds it)."""
    return (value.numerator * 2 + value.denominator) // (value.denominator * 2)


_TITLE_RANK = {"GM": 0, "IM": 1, "WGM": 2, "WIM": 3}


def _title_order(title: str) -> int:
    return _TITLE_RANK.get(title, 9)


def _with_floor(games: Sequence[NormGame], floor: int) -> list[NormGame]:
    """Art. 1.4.6 b-c: the lowest-rated opponent below the floor (only that one) is raised
    to it; unrated opponents already count as 1400 (1.4.6 d)."""
    out = list(games)
    if not out:
        return out
    lowest = min(range(len(out)), key=lambda i: (out[i].counted_rating, out[i].round))
    if out[lowest].counted_rating < floor:
        g = out[lowest]
        out[lowest] = replace(
            g,
            counted_rating=floor,
            note=_join(g.note, _("raised to the rating floor {floor} (1.4.6 c)").format(floor=floor)),
        )
    return out


def _points_needed(ratings: Sequence[int], n: int, performance: int, average: int) -> int | None:
    """The lowest score (half-points) that makes the performance with these opponents
    (floor already applied), or ``None``."""
    ra = _round_half_up(Fraction(sum(ratings), n))
    if ra < average:
        return None
    for score in range(0, 2 * n + 1):
        pct = _round_half_up(Fraction(score * 50, n))
        if pct >= reg.MINIMUM_SCORE_PERCENT and ra + dp_for_percentage(pct) >= performance:
            return score
    return None


def _performance_possible(
    games: Sequence[NormGame], dropped: Sequence[int], req: reg.NormRequirement
) -> bool:
    """Whether the games less ``dropped`` reach the performance and the average (the
    opponent mix apart)."""
    kept = [x for i, x in enumerate(games) if i not in set(dropped)]
    if not kept:
        return False
    floored = _with_floor(kept, req.floor)
    n = len(floored)
    ra = _round_half_up(Fraction(sum(x.counted_rating for x in floored), n))
    pct = _round_half_up(Fraction(sum(x.score for x in floored) * 50, n))
    return ra >= req.average and ra + dp_for_percentage(pct) >= req.performance


def _forfeit_win_in(player: Player, round_number: int) -> bool:
    entry = player.entry(round_number)
    return (
        entry is not None and entry.opponent is not None and entry.result is ResultCode.FORFEIT_WIN
    )


def _unrated_zero_scorers(tournament: Tournament, rounds: int) -> set[int]:
    """Art. 1.4.2 b (round robin): unrated players who scored nothing against rated
    opponents in the games they played."""
    by_tpn = tournament.players_by_tpn
    out = set()
    for p in tournament.players:
        if p.official_rating > 0:
            continue
        scored = 0
        for entry in p.rounds[:rounds]:
            opp = by_tpn.get(entry.opponent) if entry.opponent is not None else None
            if opp is not None and opp.official_rating > 0 and entry.result in _SCORE:
                scored += _SCORE[entry.result]
        if scored == 0:
            out.add(p.tpn)
    return out


def _swiss_exemption(tournament: Tournament, rounds: int) -> SwissExemption:
    """Art. 1.4.3 d over rounds ``1..rounds``: FIDE rated players not from the host
    federation who missed at most one round (pairing-allocated byes apart)."""
    host = tournament.info.federation.strip().upper()
    eligible = []
    for p in tournament.players:
        fed = p.federation.strip().upper()
        if p.official_rating <= 0 or fed in reg.NO_FEDERATION or fed == host:
            continue
        missed = 0
        for r in range(1, rounds + 1):
            entry = p.entry(r)
            if entry is None or not (
                entry.played
                or entry.result in (ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FORFEIT_WIN)
            ):
                missed += 1
        if missed <= 1:
            eligible.append(p)
    feds = {p.federation.strip().upper() for p in eligible}
    titled = sum(1 for p in eligible if p.title.strip().upper() in reg.SWISS_EXEMPTION_TITLES)
    applies = (
        not predetermined(tournament)
        and rounds > 0
        and len(eligible) >= reg.SWISS_EXEMPTION_PLAYERS
        and len(feds) >= reg.SWISS_EXEMPTION_FEDERATIONS
        and titled >= reg.SWISS_EXEMPTION_TITLED
    )
    return SwissExemption(applies, len(eligible), len(feds), titled)


def result_dict(result: NormResult, names: Mapping[int, str] | None = None) -> dict[str, object]:
    """One evaluated norm as plain data (``swissdesk norms --json``, the certificate)."""
    return {
        "tpn": result.tpn,
        "name": (names or {}).get(result.tpn, ""),
        "title": result.title.value,
        "achieved": result.achieved,
        "after_round": result.after_round,
        "last_round_used": result.last_round_used,
        "games": len(result.games),
        "points": float(result.points),
        "average": result.average,
        "percentage": result.percentage,
        "dp": result.dp,
        "performance": result.performance,
        "counts_as": result.counts_as,
        "exceptions": list(result.exceptions),
        "checks": [
            {
                "article": c.article,
                "requirement": c.requirement,
                "actual": c.actual,
                "passed": c.passed,
            }
            for c in result.checks
        ],
        "opponents": [
            {
                "round": g.round,
                "tpn": g.opponent,
                "name": g.name,
                "title": g.title,
                "federation": g.federation,
                "fide_id": g.fide_id,
                "rating": g.rating or None,
                "counted_rating": g.counted_rating,
                "score": g.score / 2,
                "note": g.note,
            }
            for g in result.games
        ],
    }


def report_dict(report: NormReport) -> dict[str, object]:
    """The whole report as plain data: the norms achieved, and the forecasts."""
    names = {p.tpn: p.name for p in report.players}
    return {
        "after_round": report.after_round,
        "total_rounds": report.total_rounds,
        "applicable": report.applicable,
        "note": report.note,
        "exemption": report.settings.exemption or None,
        "swiss_exemption_1_4_3d": {
            "applies": report.swiss_exemption.applies,
            "players": report.swiss_exemption.players,
            "federations": report.swiss_exemption.federations,
            "titled": report.swiss_exemption.titled,
        },
        "norms": [result_dict(n, names) for n in report.achieved],
        "forecasts": [
            {
                "tpn": f.tpn,
                "name": names.get(f.tpn, ""),
                "title": f.title.value,
                "rounds_left": f.rounds_left,
                "current_average": f.current_average,
                "points_needed_at_current_average": (
                    f.at_current_average / 2 if f.at_current_average is not None else None
                ),
                "points_needed": [
                    {"points": more / 2, "minimum_average_of_remaining_opponents": avg}
                    for more, avg in f.points_needed
                ],
                "opponents_needed": list(f.opponents_needed),
            }
            for p in report.players
            for f in p.forecasts
        ],
    }


def _points(half_points: int) -> str:
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def describe_forecast(f: NormForecast) -> str:
    """The forecast in one sentence, the same in the window, the PDF and the CLI, in the
    current language:

    ``IM norm still possible, 2 rounds left: ½ against opponents averaging 2409 as so far
    (points → average the remaining opponents need: 0 → 2593, ½ → 2400, 1 → 2233); also
    1 more GM/IM (1.4.5)``."""
    head = ngettext(
        "{title} norm still possible, {count} round left",
        "{title} norm still possible, {count} rounds left",
        f.rounds_left,
    ).format(title=f.title.value, count=f.rounds_left)
    if f.at_current_average is not None:
        head = _("{head}: {points} against opponents averaging {average} as so far").format(
            head=head, points=_points(f.at_current_average), average=f.current_average
        )
    table = ", ".join(f"{_points(more)} → {avg}" for more, avg in f.points_needed)
    if f.opponents_needed:
        return _(
            "{head} (points → average the remaining opponents need: {table}); also {needs}"
        ).format(head=head, table=table, needs=", ".join(f.opponents_needed))
    return _("{head} (points → average the remaining opponents need: {table})").format(
        head=head, table=table
    )
