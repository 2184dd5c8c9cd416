"""What the venue's pages show of one tournament (a section of an event), read once per
change of the file and shared by every page and every client.

Everything comes from the storage read models (:class:`~swissdesk.storage.TournamentFile`:
settings, players, round views, team views) and the wall lists' own computation
(:mod:`swissdesk.lists`: board order, results as the board list prints them, standings with
the tie-breaks, cross-table cells), exactly as the PDFs read them. Only what the printed
wall lists show is kept: names, titles, federations, ratings, clubs, FIDE IDs only when the
arbiter allows them; never birth dates, the audit log or file paths.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from swissdesk.i18n import N_, SOURCE_LANGUAGE, normalize_language, using_language
from swissdesk.lists.board_order import (
    BYE_LABELS,
    GAME_MARKS,
    WITHDRAWN,
    board_result,
    boards_of_round,
    bye_label,
    bye_mark,
    result_pending,
    scores_before,
    unpaired_of_round,
    withdrawn_by_round,
)
from swissdesk.lists.crosstable import round_cell, score_text
from swissdesk.lists.round_robin_grid import Grid, round_robin_grid
from swissdesk.lists.standings import StandingsView, last_complete_round, standings_view
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.text import fold
from swissdesk.model.tournament import (
    DOUBLE_SWISS,
    Colour,
    HalfPoints,
    ResultCode,
    Tournament,
)
from swissdesk.prizes.compute import CategoryStandings
from swissdesk.prizes.event import tournament_prizes
from swissdesk.storage import TournamentFile
from swissdesk.storage.teamviews import MatchView

SYSTEM_NAMES: Mapping[str, str] = {
    "dutch": N_("Swiss (Dutch system)"),
    "dubov": N_("Swiss (Dubov system)"),
    "burstein": N_("Swiss (Burstein system)"),
    "lim": N_("Swiss (Lim system)"),
    DOUBLE_SWISS: N_("Double-Swiss"),
    "team": N_("Team Swiss"),
    "rating1992": N_("Swiss (rating-based, 1992)"),
    "round-robin": N_("Round robin"),
    "scheveningen": N_("Scheveningen"),
}
"""How a page names the pairing system (an unknown name is shown as it is stored); in
English here, in the page's language on the page (the ``system`` filter)."""


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A participant as the wall lists show them (a team in a team event)."""

    tpn: int
    name: str
    title: str = ""
    federation: str = ""
    rating: int = 0
    club: str = ""
    fide_id: str = ""
    """Empty unless the arbiter allows FIDE IDs on the venue's pages."""
    withdrawn_from: int | None = None
    key: str = ""
    """The name folded as the desktop search folds it (:func:`swissdesk.model.text.fold`)."""


@dataclass(frozen=True, slots=True)
class Board:
    """One board (or Double-Swiss match) of a round, results as the board list prints them."""

    number: int
    white: int
    black: int
    white_score: HalfPoints
    black_score: HalfPoints
    result: str
    """``1 - 0``, ``½ - ½``, ``+ - -``; a Double-Swiss match ``1½ – ½ (1:0, ½:½)``;
    ``""`` while the result is not in."""


@dataclass(frozen=True, slots=True)
class Unpaired:
    """A participant without a board in a round and why (``pairing-allocated bye``,
    ``half-point bye`` and the points it scored...), in English: the page says it in its
    own language (the ``unpaired`` filter of :mod:`swissdesk.venue.render`)."""

    tpn: int
    label: str
    points: str = ""
    """What a requested bye scored (``½``, ``1``), shown after the label; else empty."""


@dataclass(frozen=True, slots=True)
class RoundData:
    """A paired round: its boards in publishing order and who has no board."""

    number: int
    boards: tuple[Board, ...]
    unpaired: tuple[Unpaired, ...]
    complete: bool


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One round of a player's page, from the player's side."""

    number: int
    board: int | None
    colour: str
    """``white``, ``black`` or ``""`` (a bye, an absence, a game without colours)."""
    opponent: int | None
    result: str
    """The player's own result (``1``, ``½``, ``0``, ``+``, ``-``; a Double-Swiss match its
    score and games; a bye ``PAB``, ``bye ½``...), ``""`` while the game is on."""
    total: str
    """Points after this round (``""`` while its result is not in)."""


@dataclass(frozen=True, slots=True)
class CrossLine:
    """One line of the cross table (standings order): rounds as the wall chart prints them."""

    position: int
    rank_label: str
    tpn: int
    cells: tuple[str, ...]
    points: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TeamLine:
    """One line of the team standings."""

    rank_label: str
    tpn: int
    match_points: str
    game_points: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TeamInfo:
    """A team's roster as the starting list shows it (board order)."""

    tpn: int
    name: str
    federation: str
    members: tuple[tuple[str, str, int], ...]
    """(name, title, rating) in roster order."""
    key: str


@dataclass(frozen=True, slots=True)
class SectionData:
    """Everything the pages of one tournament show, at one moment."""

    slug: str
    name: str
    place: str
    dates: str
    system: str
    total_rounds: int
    rounds_paired: int
    after_round: int
    """The latest round whose results are all in (what the standings rank after)."""
    is_team: bool
    double_swiss: bool
    round_robin: bool
    players: Mapping[int, PlayerInfo]
    rounds: tuple[RoundData, ...]
    standings: StandingsView | None
    excluded: tuple[int, ...]
    """Left out of the standings (a round robin, GRC art. 6.6)."""
    cross: tuple[CrossLine, ...]
    grid: Grid | None
    player_rounds: Mapping[int, tuple[PlayerRound, ...]]
    scores: Mapping[int, str]
    """Each participant's points after the complete rounds."""
    ranks: Mapping[int, str]
    teams: tuple[TeamInfo, ...] = ()
    matches: Mapping[int, tuple[MatchView, ...]] = field(default_factory=dict)
    team_standings: tuple[TeamLine, ...] = ()
    team_columns: tuple[str, ...] = ()
    categories: tuple[CategoryStandings, ...] = ()
    """The prize plan's category standings (issue 36), as the window and the prize PDF show
    them: empty without a plan or before a round is complete."""
    fide_mode: bool = True
    """False once the tournament left FIDE mode: every page says so, as the window's title
    and every printed page do (C.02 VCL Q46)."""
    language: str = SOURCE_LANGUAGE
    """The tournament's language (issue 38): its pages speak it unless the player's
    browser or the player's own choice asks for another one."""

    @property
    def current_round(self) -> RoundData | None:
        """The latest paired round (what "Where do I play?" shows)."""
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> RoundData | None:
        return self.rounds[number - 1] if 1 <= number <= len(self.rounds) else None

    def name_of(self, tpn: int | None) -> str:
        if tpn is None:
            return ""
        player = self.players.get(tpn)
        return player.name if player is not None else f"#{tpn}"


def slug_for(name: str, taken: set[str]) -> str:
    """A short URL name for a section: its name folded to letters, digits and dashes
    (``"Open A (U1800)"`` -> ``open-a-u1800``), unique among ``taken``."""
    base = re.sub(r"[^a-z0-9]+", "-", fold(name)).strip("-")[:40].strip("-") or "section"
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    taken.add(slug)
    return slug


def read_section(tf: TournamentFile, slug: str, *, fide_ids: bool = False) -> SectionData:
    """Read what the pages show of the tournament ``tf`` acts on (one read of each model).

    Read in English: one read serves the pages of every language, each page translates
    the words it shows (a label a lower layer translated would be frozen in one language)."""
    with using_language(SOURCE_LANGUAGE):
        return _read_section(tf, slug, fide_ids=fide_ids)


def document_language(tf: TournamentFile) -> str:
    """The tournament's language for its printed documents and venue pages."""
    chosen = getattr(tf, "document_language", None)  # storage's (issue 38), when it has it
    return (normalize_language(chosen()) if callable(chosen) else None) or SOURCE_LANGUAGE


def _read_section(tf: TournamentFile, slug: str, *, fide_ids: bool) -> SectionData:
    settings = tf.settings()
    rows = tf.players()
    tournament = tf.snapshot(include_pending=True)
    withdrawn = {r.tpn: r.withdrawn_from_round for r in rows if r.withdrawn_from_round}
    players = {
        r.tpn: PlayerInfo(
            tpn=r.tpn,
            name=r.name,
            title=r.title,
            federation=r.federation,
            rating=r.rating,
            club=r.club,
            fide_id=r.fide_id if fide_ids else "",
            withdrawn_from=r.withdrawn_from_round,
            key=fold(r.name),
        )
        for r in rows
    }
    paired = tournament.rounds_with_pairings
    after = last_complete_round(tournament)
    place = ", ".join(x for x in (settings.city, settings.federation) if x)
    dates = " – ".join(x for x in dict.fromkeys((settings.start_date, settings.end_date)) if x)
    base = dict(
        slug=slug,
        name=settings.name or tf.path.stem,
        place=place,
        dates=dates,
        system=SYSTEM_NAMES.get(settings.system, settings.system),
        total_rounds=max(settings.total_rounds, paired),
        rounds_paired=paired,
        after_round=after,
        double_swiss=settings.system == DOUBLE_SWISS,
        round_robin=is_round_robin(settings.system),
        fide_mode=settings.fide_mode,
        language=document_language(tf),
    )
    if tournament.is_team:
        return _team_section(tf, tournament, players, base)
    rounds = tuple(_round_data(tf, tournament, r, withdrawn) for r in range(1, paired + 1))
    standings = standings_view(tournament, None, after) if tournament.players else None
    ranked = {row.tpn for row in standings.rows} if standings else set()
    excluded = tuple(p.tpn for p in tournament.players if standings and p.tpn not in ranked)
    grid = None
    cross: tuple[CrossLine, ...] = ()
    if standings is not None:
        if base["round_robin"]:
            from swissdesk.tiebreaks import compute_standings

            grid = round_robin_grid(
                tournament, compute_standings(tournament, standings.columns, after_round=after)
            )
        else:
            cross = _cross_lines(tournament, standings, after)
    scores = {row.tpn: score_text(row.points) for row in (standings.rows if standings else ())}
    ranks = {row.tpn: row.rank_label for row in (standings.rows if standings else ())}
    for p in tournament.players:  # not ranked (excluded): their own points
        if p.tpn not in scores:
            total = sum(tournament.entry_points(e) for e in p.rounds[:after])
            scores[p.tpn] = score_text(total)
    board_of = {
        (rd.number, tpn): b.number for rd in rounds for b in rd.boards for tpn in (b.white, b.black)
    }
    player_rounds = {
        p.tpn: tuple(
            _player_round(tournament, p.tpn, r, board_of.get((r, p.tpn)))
            for r in range(1, paired + 1)
        )
        for p in tournament.players
    }
    return SectionData(
        **base,  # type: ignore[arg-type]
        is_team=False,
        players=players,
        rounds=rounds,
        standings=standings,
        excluded=excluded,
        cross=cross,
        grid=grid,
        player_rounds=player_rounds,
        scores=scores,
        ranks=ranks,
        categories=_categories(tf, tournament, after, withdrawn),
    )


def _categories(
    tf: TournamentFile, tournament: Tournament, after: int, withdrawn: Mapping[int, int]
) -> tuple[CategoryStandings, ...]:
    """Each category's standings from the section's prize plan: the one computation of
    :func:`swissdesk.prizes.tournament_prizes` the window and the prize PDF read."""
    plan = tf.prize_plan()
    if plan is None or not plan.categories or after < 1:
        return ()
    inputs = tf.rating_inputs()
    prizes = tournament_prizes(
        tournament,
        plan,
        after_round=after,
        national={tpn: i.national_rating for tpn, i in inputs.players.items()},
        ticked=tf.prize_ticks(),
        withdrawn=frozenset(withdrawn),
    )
    return prizes.categories


def _round_data(
    tf: TournamentFile, tournament: Tournament, number: int, withdrawn: Mapping[int, int]
) -> RoundData:
    """A round as the printed board list shows it: the published board order, results."""
    order = tf.board_order(number)
    scores = scores_before(tournament, number)
    boards = tuple(
        Board(
            number=b.number,
            white=b.white,
            black=b.black,
            white_score=scores.get(b.white, 0),
            black_score=scores.get(b.black, 0),
            result=board_result(b),
        )
        for b in boards_of_round(tournament, number, order)
    )
    gone = withdrawn_by_round(tournament, number, withdrawn)
    unpaired = tuple(
        Unpaired(u.tpn, WITHDRAWN)
        if u.tpn in gone and u.result is ResultCode.NOT_PAIRED
        else _unpaired(u.tpn, tournament, u.result)
        for u in unpaired_of_round(tournament, number)
    )
    complete = all(b.result for b in boards)
    return RoundData(number, boards, unpaired, complete)


def _unpaired(tpn: int, tournament: Tournament, result: ResultCode) -> Unpaired:
    mark = bye_mark(result, tournament.scoring)
    label = bye_label(tournament, result) if result in BYE_LABELS else result.value
    if mark and result is not ResultCode.PAIRING_ALLOCATED_BYE:
        return Unpaired(tpn, label, mark.removeprefix("bye "))
    return Unpaired(tpn, label)


def _player_round(tournament: Tournament, tpn: int, number: int, board: int | None) -> PlayerRound:
    player = tournament.player(tpn)
    entry = player.entry(number)
    if entry is None:
        return PlayerRound(number, None, "", None, "", "")
    played_colour = entry.colour or entry.scheduled_colour
    colour = (
        {Colour.WHITE: "white", Colour.BLACK: "black"}.get(played_colour, "")
        if (played_colour is not None)
        else ""
    )
    pending = entry.opponent is not None and result_pending(entry)
    if entry.opponent is None:
        result = bye_mark(entry.result, tournament.scoring) or (
            "–" if entry.result is ResultCode.NOT_PAIRED else ""
        )
        colour = ""
    elif pending:
        result = ""
    elif entry.games and entry.game_points is not None:
        marks = ", ".join(GAME_MARKS.get(g.result, "?") for g in entry.games)
        result = f"{score_text(entry.game_points)} ({marks})"
    else:
        result = GAME_MARKS.get(entry.result, "?")
    total = ""
    if not pending and all(
        not (e.opponent is not None and result_pending(e)) for e in player.rounds[:number]
    ):
        total = score_text(sum(tournament.entry_points(e) for e in player.rounds[:number]))
    return PlayerRound(number, board, colour, entry.opponent, result, total)


def _cross_lines(
    tournament: Tournament, standings: StandingsView, after: int
) -> tuple[CrossLine, ...]:
    """The wall chart's lines: the printed cross table's cells (:func:`round_cell`)."""
    line_of = {row.tpn: row.position for row in standings.rows}
    rounds = max(tournament.total_rounds, after)
    by_tpn = tournament.players_by_tpn
    lines = []
    for row in standings.rows:
        player = by_tpn.get(row.tpn)
        cells = tuple(
            round_cell(player.entry(r) if player is not None and r <= after else None, line_of,
                       tournament.scoring)
            for r in range(1, rounds + 1)
        )  # fmt: skip
        lines.append(
            CrossLine(
                row.position,
                row.rank_label,
                row.tpn,
                cells,
                score_text(row.points),
                row.values,
            )
        )
    return tuple(lines)


def _team_section(
    tf: TournamentFile,
    tournament: Tournament,
    players: Mapping[int, PlayerInfo],
    base: dict[str, object],
) -> SectionData:
    """A team event (C.04.6): the teams and rosters, every round's matches with line-ups
    and board results (the window's team views), the team standings (C.07 team
    tie-breaks, as the team standings PDF ranks them)."""
    from swissdesk.tiebreaks.team import (
        DEFAULT_TEAM_TIEBREAKS,
        TEAM_TIEBREAKS,
        format_team_value,
        team_standings,
    )

    teams = tuple(
        TeamInfo(
            t.tpn,
            t.name,
            t.federation,
            tuple((m.data.name, m.data.title, m.data.rating) for m in t.members),
            fold(" ".join([t.name, *(m.data.name for m in t.members)])),
        )
        for t in tf.teams()
    )
    paired = int(base["rounds_paired"])  # type: ignore[call-overload]
    matches: dict[int, tuple[MatchView, ...]] = {}
    team_rounds = []
    for r in range(1, paired + 1):
        view = tf.team_round_view(r)
        matches[r] = view.matches
        team_rounds.append(
            RoundData(
                r,
                (),
                tuple(_unpaired(tpn, tournament, code) for tpn, _n, code in view.unpaired),
                all(m.complete for m in view.matches),
            )
        )
    # Ranked as the window's and the PDF's team standings rank: the complete rounds.
    complete_rounds = tf.snapshot()
    complete = complete_rounds.rounds_with_pairings
    # An individual event's code (a team event imported with record 202's list) has no team
    # value: the team standings' own defaults then, as C.07 art. 11 lists them.
    codes = tuple(c for c in complete_rounds.tiebreaks if c in TEAM_TIEBREAKS)
    codes = codes or DEFAULT_TEAM_TIEBREAKS
    shown = [i for i, c in enumerate(codes) if c not in ("MP", "GP")]
    lines = tuple(
        TeamLine(
            r.rank_label,
            r.tpn,
            score_text(r.match_points),
            score_text(r.game_points),
            tuple(format_team_value(codes[i], r.values[i]) for i in shown),
        )
        for r in (team_standings(complete_rounds, codes, complete) if tournament.players else [])
    )
    base = {**base, "after_round": complete}
    return SectionData(
        **base,  # type: ignore[arg-type]
        is_team=True,
        players=players,
        rounds=tuple(team_rounds),
        standings=None,
        excluded=(),
        cross=(),
        grid=None,
        player_rounds={},
        scores={line.tpn: line.match_points for line in lines},
        ranks={line.tpn: line.rank_label for line in lines},
        teams=teams,
        matches=matches,
        team_standings=lines,
        team_columns=tuple(codes[i] for i in shown),
    )
