"""Reading the team section of a TRF-2026 file (the layouts are described in
:mod:`swissdesk.trf.team_records`), with the individual reader's care: every field is
checked where it stands and every error names the line and the column.

A team file from a stranger must neither exhaust the computer nor import a tournament the
pairing engine cannot continue. So every list a record holds is bounded by what the
tournament can have: a roster by the players of the 001 section (each on one roster only), a
line-up by the boards (at most :data:`MAX_BOARDS`), the PAB rounds of record 320 and every
round number by the rounds of record 142 (else :data:`~swissdesk.trf.reader.MAX_ROUNDS`), the
teams of records 240, 250 and 260 by the teams of the 310 records; numbers are read as the
digits of their columns only (no ``inf``, ``nan``, ``-2`` or ``1e308``). And what the records
say must agree: a team plays one team per round and never itself, its opponent plays it
back, a team with the PAB, a bye or a forfeited match plays no board that round, a win is
worth more match points than a loss.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from swissdesk.i18n import _, ngettext
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.tournament import (
    Colour,
    HalfPoints,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    TeamSettings,
    Tournament,
    half_points_to_str,
)
from swissdesk.trf.errors import TrfError
from swissdesk.trf.reader import FIRST_ROUND_COLUMN, MAX_ROUNDS, parse_trf
from swissdesk.trf.team_records import TEAM_TAGS, TeamEvent

MAX_TEAMS = 999
"""Highest team pairing number: columns 5-7 of record 310 (and 3-digit fields elsewhere)."""

MAX_BOARDS = 50
"""Most boards of a match (record 352; a tournament file holds 1 to 50)."""

MAX_PLAYER = 9999
"""Highest player start number: the 4-digit fields of rosters and line-ups."""

MAX_POINTS_4: HalfPoints = 199
"""Most points a 4-column field (``99.5``) holds: records 320, 362, 250."""

MAX_POINTS_6: HalfPoints = 19999
"""Most points a 6-column field (``9999.5``) holds: record 310."""

_POINTS_RE = re.compile(r"([0-9]{1,5})(?:[.]([0-9]))?\Z")
_DIGITS_RE = re.compile(r"[0-9]{1,9}\Z")


@dataclass
class _Team:
    tpn: int
    line_no: int
    name: str
    nickname: str
    strength: int
    declared_points: HalfPoints | None
    declared_rank: int | None
    roster: list[tuple[int, int]] = field(default_factory=list)
    """Start numbers with their columns, board order."""


@dataclass
class _Reader:
    """Everything read so far, and the file's name for messages."""

    source: str
    total_rounds: int = 0
    teams: dict[int, _Team] = field(default_factory=dict)
    team_of: dict[int, int] = field(default_factory=dict)

    def error(self, reason: str, line: int | None = None, column: int | None = None) -> TrfError:
        return TrfError(reason, source=self.source, line=line, column=column)

    # --- fields ---------------------------------------------------------------------------

    def number(
        self, line: str, no: int, first: int, last: int, what: str, low: int, high: int
    ) -> int:
        """Columns ``first``..``last`` as a whole number from ``low`` to ``high``."""
        text = line[first - 1 : last].strip()
        if not _DIGITS_RE.match(text):
            raise self.error(
                # Translators: {what} is a field's label such as "330: White team" (translated
                # on its own): word the message so that any label fits.
                _("{what} (columns {first}-{last}) must be a whole number, not {value}").format(
                    what=what, first=first, last=last, value=repr(_shown(text))
                ),
                no,
                first,
            )
        value = int(text)
        if not low <= value <= high:
            raise self.error(
                # Translators: {what} is a field's label such as "330: White team".
                _("{what} (columns {first}-{last}) must be from {low} to {high}, not {value}").format(
                    what=what, first=first, last=last, low=low, high=high, value=value
                ),
                no,
                first,
            )
        return value

    def points(self, text: str, no: int, column: int, what: str, high: HalfPoints) -> HalfPoints:
        """``text`` (at ``column``) as points like ``2.0`` or ``1.5``: half-points."""
        text = text.strip()
        match = _POINTS_RE.match(text)
        if match is None or (match.group(2) or "0") not in ("0", "5"):
            raise self.error(
                # Translators: {what} is a field's label such as "310: match points".
                _("{what} must be a number of points like 2.0 or 1.5, not {value}").format(
                    what=what, value=repr(_shown(text))
                ),
                no,
                column,
            )
        value = int(match.group(1)) * 2 + (1 if match.group(2) == "5" else 0)
        if value > high:
            raise self.error(
                # Translators: {what} is a field's label such as "310: match points".
                _("{what}: {points} points is more than the field holds ({most})").format(
                    what=what, points=text, most=half_points_to_str(high)
                ),
                no,
                column,
            )
        return value

    def round_number(self, line: str, no: int, first: int, last: int, what: str) -> int:
        """A round (1 to the rounds of record 142, else to :data:`MAX_ROUNDS`)."""
        rnd = self.number(line, no, first, last, what, 1, MAX_ROUNDS)
        self.check_round(rnd, no, first, what)
        return rnd

    def check_round(self, rnd: int, no: int, column: int, what: str) -> None:
        if self.total_rounds and rnd > self.total_rounds:
            raise self.error(
                # Translators: {what} is a field's label such as "300: round".
                _("{what}: round {round}, but the tournament has {rounds} rounds (record 142)").format(
                    what=what, round=rnd, rounds=self.total_rounds
                ),
                no,
                column,
            )

    def ids(
        self,
        line: str,
        no: int,
        start: int,
        step: int,
        width: int,
        what: str,
        high: int,
        *,
        limit: int,
        limit_why: str,
    ) -> Iterator[tuple[int, int]]:
        """The numbers in fixed fields from column ``start`` every ``step`` columns, each
        with its column, until a blank field; at most ``limit`` of them. A generator: the
        caller's checks of one number come before the next is read, so the first problem
        in the line is the one reported."""
        count = 0
        column = start
        while column <= len(line):
            text = line[column - 1 : column - 1 + width].strip()
            if not text:
                break
            if count == limit:
                raise self.error(
                    # Translators: {what} is a list's label such as "260: team"; {why} says why
                    # the list has that limit.
                    _("{what}: more than {limit} ({why})").format(
                        what=what, limit=limit, why=limit_why
                    ),
                    no,
                    column,
                )
            if not _DIGITS_RE.match(text) or int(text) > high:
                raise self.error(
                    # Translators: {what} is a list's label such as "260: team".
                    _(
                        "{what} (columns {first}-{last}) must be a number from 0 to {high}, not "
                        "{value}"
                    ).format(
                        what=what,
                        first=column,
                        last=column + width - 1,
                        high=high,
                        value=repr(_shown(text)),
                    ),
                    no,
                    column,
                )
            yield int(text), column
            count += 1
            column += step

    def team(self, tpn: int, no: int, column: int, what: str) -> int:
        """``tpn`` if a 310 record gives that team."""
        if tpn not in self.teams:
            raise self.error(
                # Translators: {what} is a record or a field's label such as "300: opponent".
                _("{what}: team {team} has no 310 record").format(what=what, team=tpn), no, column
            )
        return tpn


def _teams_in_file(count: int) -> str:
    return ngettext("the file has {count} team", "the file has {count} teams", count).format(
        count=count
    )


def _shown(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _split_lines(text: str) -> list[str]:
    return [raw.rstrip() for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]


def read_team_section(text: str, source: str = "<input>") -> TeamEvent:
    """Parse a TRF-2026 team file: the 001 section (the individual reader, line numbers
    kept) and the team section, checked record by record, then against each other."""
    lines = _split_lines(text)
    is_team_line = [line[:3] in TEAM_TAGS for line in lines]
    individual = "\n".join(
        "" if team else line for line, team in zip(lines, is_team_line, strict=True)
    )
    players = parse_trf(individual + "\n", source=source)
    r = _Reader(source, total_rounds=players.total_rounds)
    player_line = {
        int(line[4:8]): no
        for no, line in enumerate(lines, start=1)
        if line.startswith("001") and line[4:8].strip().isdigit()
    }
    records: dict[str, list[tuple[int, str]]] = {}
    for no, (line, team) in enumerate(zip(lines, is_team_line, strict=True), start=1):
        if team:
            records.setdefault(line[:3], []).append((no, line))
    by_id = players.players_by_tpn
    for no, line in records.get("310", []):
        _read_310(r, line, no, by_id, len(players.players))
    if not r.teams:
        raise r.error(_("a team file needs 310 records (none was found)"))
    options: dict[str, str] = {"colour_preferences": "A", "primary_score": "match"}
    options_line: int | None = None
    for no, line in records.get("XXT", []):
        options_line = no
        for match in re.finditer(r"\S+", line[4:]):
            key, _sep, value = match.group().partition("=")
            options[key] = value
    colours = ""
    for no, line in records.get("352", []):
        if colours:
            raise r.error(_("a second 352 record (board colours are given once)"), no, 1)
        colours = line[4:].strip().upper()
        if not colours or set(colours) - {"W", "B"}:
            raise r.error(_("352: board colours must be W and B letters (WBWB...)"), no, 5)
        if len(colours) > MAX_BOARDS:
            raise r.error(
                _("352: at most {most} boards, not {count}").format(
                    most=MAX_BOARDS, count=len(colours)
                ),
                no,
                5,
            )
    win, draw, loss = 4, 2, 0
    for no, line in records.get("362", []):
        win, draw, loss = _read_362(r, line, no, (win, draw, loss))
    boards = _boards(r, colours)
    colours = colours or "".join("WB"[i % 2] for i in range(boards))
    pref_kind = {"a": "A", "b": "B", "none": "none"}.get(
        options.get("colour_preferences", "A").lower()
    )
    primary = options.get("primary_score", "match").lower()
    if pref_kind is None or primary not in ("match", "game"):
        raise r.error(
            _("XXT: colour_preferences is A, B or none; primary_score match or game"),
            options_line,
            5,
        )
    most_game_points = boards * max(players.scoring.win, players.scoring.forfeit_win)
    lineups: dict[tuple[int, int], tuple[int, ...]] = {}
    lineup_lines: dict[tuple[int, int], tuple[int, int]] = {}
    for no, line in records.get("300", []):
        _read_300(r, line, no, boards, lineups, lineup_lines)
    pab_points: tuple[HalfPoints, HalfPoints] | None = None
    pabs: dict[int, tuple[int, int, int]] = {}
    """round -> (team, line, column) of record 320."""
    for no, line in records.get("320", []):
        if pab_points is not None:
            raise r.error(_("a second 320 record (the PABs are given in one)"), no, 1)
        pab_points = (
            r.points(line[4:8], no, 5, _("320: match points of the PAB (columns 5-8)"), win),
            r.points(
                line[9:13],
                no,
                10,
                _("320: game points of the PAB (columns 10-13)"),
                most_game_points,
            ),
        )
        limit = r.total_rounds or MAX_ROUNDS
        for index, (tpn, column) in enumerate(
            r.ids(
                line,
                no,
                15,
                4,
                3,
                _("320: team"),
                MAX_TEAMS,
                limit=limit,
                limit_why=ngettext(
                    "one per round: the tournament has {rounds} round",
                    "one per round: the tournament has {rounds} rounds",
                    limit,
                ).format(rounds=limit),
            ),
            start=1,
        ):
            if tpn:
                what = _("320: round {round}").format(round=index)
                pabs[index] = (r.team(tpn, no, column, what), no, column)
    forfeits: dict[tuple[int, int], tuple[str, int, int, int]] = {}
    """(round, team) -> (kind, White team, Black team, line)."""
    for no, line in records.get("330", []):
        _read_330(r, line, no, forfeits)
    byes: dict[tuple[int, int], tuple[ResultCode, int, int]] = {}
    """(round, team) -> (bye, line, column)."""
    for no, line in records.get("240", []):
        _read_240(r, line, no, byes)
    acceleration: dict[int, list[HalfPoints]] = {}
    for no, line in records.get("250", []):
        _read_250(r, line, no, acceleration)
    forbidden: set[frozenset[int]] = set()
    for no, line in records.get("260", []):
        _read_260(r, line, no, forbidden)

    settings = TeamSettings(
        boards=boards,
        colour_preferences=pref_kind,
        primary_score=primary,
        secondary_for_colour=options.get("secondary_for_colour", "1") != "0",
        pab_game_points=pab_points[1] if pab_points else boards,
        half_bye_game_points=boards,
        full_bye_game_points=2 * boards,
    )
    scoring = ScoringSystem(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=win,
        forfeit_loss=loss,
        pairing_allocated_bye=pab_points[0] if pab_points else draw,
        full_point_bye=win,
        half_point_bye=draw,
        zero_point_bye=0,
        absent=0,
    )
    matches = _Matches(r, players, colours, boards, lineups, lineup_lines, player_line)
    rounds_of = _team_rounds(r, matches, settings, scoring, pabs, forfeits, byes)
    total = players.total_rounds
    teams = tuple(
        Player(
            tpn=tpn,
            name=team.name,
            rating=team.strength,
            rounds=tuple(rounds_of[tpn]),
            declared_points=team.declared_points,
            declared_rank=team.declared_rank,
            members=tuple(by_id[pid].name for pid, _column in team.roster),
        )
        for tpn, team in sorted(r.teams.items())
    )
    tournament = Tournament(
        players=teams,
        total_rounds=total,
        initial_colour=players.initial_colour,
        scoring=scoring,
        info=players.info,
        # Record 192 may name a team round robin (FIDE_TEAM_ROUNDROBIN, ...): kept with it.
        system=players.system if is_round_robin(players.system) else "team",
        extra_records=tuple(r for r in players.extra_records if r.startswith("192"))
        if is_round_robin(players.system)
        else (),
        is_team=True,
        team=settings,
        acceleration={
            tpn: tuple(values[: max(total, _last_nonzero(values))])
            for tpn, values in sorted(acceleration.items())
            if any(values)
        },
        forbidden_pairs=frozenset(forbidden),
    )
    return TeamEvent(
        tournament=tournament,
        players=players,
        rosters={tpn: tuple(pid for pid, _column in team.roster) for tpn, team in r.teams.items()},
        nicknames={tpn: team.nickname for tpn, team in r.teams.items()},
        lineups=lineups,
        board_colours=colours,
    )


def _last_nonzero(values: list[HalfPoints]) -> int:
    for i in range(len(values), 0, -1):
        if values[i - 1]:
            return i
    return 0


# --- the records -----------------------------------------------------------------------------


def _read_310(r: _Reader, line: str, no: int, by_id: dict[int, Player], players: int) -> None:
    tpn = r.number(line, no, 5, 7, _("310: team pairing number"), 1, MAX_TEAMS)
    if tpn in r.teams:
        raise r.error(
            _("team {team} has two 310 records (also line {line})").format(
                team=tpn, line=r.teams[tpn].line_no
            ),
            no,
            5,
        )
    strength_text = line[47:53].strip()
    if strength_text and not _DIGITS_RE.match(strength_text):
        raise r.error(
            _("310: strength (columns 48-53) must be a whole number, not {value}").format(
                value=repr(_shown(strength_text))
            ),
            no,
            48,
        )
    mp_text, gp_text, rank_text = line[54:60].strip(), line[61:67].strip(), line[68:71].strip()
    declared = r.points(mp_text, no, 55, _("310: match points"), MAX_POINTS_6) if mp_text else None
    if gp_text:
        r.points(gp_text, no, 62, _("310: game points"), MAX_POINTS_6)
    if rank_text and not _DIGITS_RE.match(rank_text):
        raise r.error(
            _("310: rank (columns 69-71) must be a whole number, not {value}").format(
                value=repr(_shown(rank_text))
            ),
            no,
            69,
        )
    team = _Team(
        tpn,
        no,
        line[8:40].strip(),
        line[41:46].strip(),
        int(strength_text or 0),
        declared,
        int(rank_text) if rank_text else None,
    )
    seen: set[int] = set()
    for pid, column in r.ids(
        line,
        no,
        74,
        5,
        4,
        _("310: team {team}'s players").format(team=tpn),
        MAX_PLAYER,
        limit=players,
        limit_why=ngettext(
            "the file has {count} player", "the file has {count} players", players
        ).format(count=players),
    ):
        if pid not in by_id:
            raise r.error(
                _("team {team}: player {player} has no 001 record").format(team=tpn, player=pid),
                no,
                column,
            )
        if pid in seen:
            raise r.error(
                _("team {team}: player {player} is on its roster twice").format(
                    team=tpn, player=pid
                ),
                no,
                column,
            )
        other = r.team_of.get(pid)
        if other is not None:
            raise r.error(
                _(
                    "team {team}: player {player} is already on the roster of team {other} "
                    "(line {line}); a player plays for one team"
                ).format(team=tpn, player=pid, other=other, line=r.teams[other].line_no),
                no,
                column,
            )
        seen.add(pid)
        r.team_of[pid] = tpn
        team.roster.append((pid, column))
    r.teams[tpn] = team


def _read_362(
    r: _Reader, line: str, no: int, values: tuple[HalfPoints, HalfPoints, HalfPoints]
) -> tuple[HalfPoints, HalfPoints, HalfPoints]:
    """Match points ``TW``/``TD``/``TL`` (win, draw, loss), each followed by its value."""
    win, draw, loss = values
    tokens = list(re.finditer(r"\S+", line[4:]))
    if len(tokens) % 2:
        raise r.error(
            _("362: each of TW, TD, TL is followed by its value"), no, tokens[-1].start() + 5
        )
    for code, value in zip(tokens[::2], tokens[1::2], strict=True):
        column = value.start() + 5
        points = r.points(value.group(), no, column, f"362 {code.group()}", MAX_POINTS_4)
        kind = code.group().upper()
        if kind == "TW":
            win = points
        elif kind == "TD":
            draw = points
        elif kind == "TL":
            loss = points
        else:
            raise r.error(
                _("362: {value} is not TW, TD or TL").format(value=repr(_shown(code.group()))),
                no,
                code.start() + 5,
            )
    if not loss <= draw <= win or win == loss:
        raise r.error(
            _(
                "362: a won match must be worth more than a lost one, and a draw between them "
                "(TW {win}, TD {draw}, TL {loss})"
            ).format(
                win=half_points_to_str(win),
                draw=half_points_to_str(draw),
                loss=half_points_to_str(loss),
            ),
            no,
            5,
        )
    return win, draw, loss


def _boards(r: _Reader, colours: str) -> int:
    if colours:
        return len(colours)
    longest = max(r.teams.values(), key=lambda t: (len(t.roster), -t.tpn))
    if len(longest.roster) > MAX_BOARDS:
        raise r.error(
            _(
                "team {team} has {count} players and no record 352 gives the number of boards "
                "(without it, the longest roster; at most {most})"
            ).format(team=longest.tpn, count=len(longest.roster), most=MAX_BOARDS),
            longest.line_no,
            74,
        )
    return len(longest.roster) or 4


def _read_300(
    r: _Reader,
    line: str,
    no: int,
    boards: int,
    lineups: dict[tuple[int, int], tuple[int, ...]],
    lineup_lines: dict[tuple[int, int], tuple[int, int]],
) -> None:
    rnd = r.round_number(line, no, 5, 7, _("300: round"))
    tpn = r.team(r.number(line, no, 9, 11, _("300: team"), 1, MAX_TEAMS), no, 9, "300")
    opponent = r.number(line, no, 13, 15, _("300: opponent"), 0, MAX_TEAMS)
    if opponent:
        r.team(opponent, no, 13, _("300: opponent"))
    if (rnd, tpn) in lineups:
        raise r.error(
            _("300: a second line-up of team {team} in round {round} (also line {line})").format(
                team=tpn, round=rnd, line=lineup_lines[rnd, tpn][0]
            ),
            no,
            5,
        )
    ids = r.ids(
        line,
        no,
        17,
        5,
        4,
        _("300: team {team}'s boards").format(team=tpn),
        MAX_PLAYER,
        limit=boards,
        limit_why=ngettext(
            "a match has {count} board", "a match has {count} boards", boards
        ).format(count=boards),
    )
    seen: set[int] = set()
    boards_given: list[int] = []
    for pid, column in ids:
        boards_given.append(pid)
        if not pid:
            continue
        if r.team_of.get(pid) != tpn:
            raise r.error(
                _("300: player {player} is not on the roster of team {team}").format(
                    player=pid, team=tpn
                ),
                no,
                column,
            )
        if pid in seen:
            raise r.error(
                _("300: player {player} is on two boards").format(player=pid), no, column
            )
        seen.add(pid)
    lineups[rnd, tpn] = tuple(boards_given)
    lineup_lines[rnd, tpn] = (no, opponent)


def _read_330(
    r: _Reader, line: str, no: int, forfeits: dict[tuple[int, int], tuple[str, int, int, int]]
) -> None:
    kind = line[4:6]
    if kind not in ("+-", "-+", "--"):
        raise r.error(
            _("330: the forfeit (columns 5-6) is +-, -+ or --, not {value}").format(
                value=repr(_shown(kind))
            ),
            no,
            5,
        )
    rnd = r.round_number(line, no, 8, 10, _("330: round"))
    white = r.team(r.number(line, no, 12, 14, _("330: White team"), 1, MAX_TEAMS), no, 12, "330")
    black = r.team(r.number(line, no, 16, 18, _("330: Black team"), 1, MAX_TEAMS), no, 16, "330")
    if white == black:
        raise r.error(_("330: team {team} cannot play itself").format(team=white), no, 16)
    for tpn, column in ((white, 12), (black, 16)):
        if (rnd, tpn) in forfeits:
            raise r.error(
                _(
                    "330: team {team} has a second forfeited match in round {round} (also line "
                    "{line})"
                ).format(team=tpn, round=rnd, line=forfeits[rnd, tpn][3]),
                no,
                column,
            )
    forfeits[rnd, white] = (kind, white, black, no)
    forfeits[rnd, black] = (kind, white, black, no)


_BYES = {
    "F": ResultCode.FULL_POINT_BYE,
    "H": ResultCode.HALF_POINT_BYE,
    "Z": ResultCode.ZERO_POINT_BYE,
}


def _read_240(
    r: _Reader, line: str, no: int, byes: dict[tuple[int, int], tuple[ResultCode, int, int]]
) -> None:
    code = _BYES.get(line[4:5].upper())
    if code is None:
        raise r.error(
            _("240: the bye (column 5) is F, H or Z, not {value}").format(value=repr(line[4:5])),
            no,
            5,
        )
    rnd = r.round_number(line, no, 7, 9, _("240: round"))
    ids = r.ids(
        line,
        no,
        11,
        5,
        4,
        _("240: team"),
        MAX_TEAMS,
        limit=len(r.teams),
        limit_why=_teams_in_file(len(r.teams)),
    )
    named = 0
    for tpn, column in ids:
        named += 1
        r.team(tpn, no, column, "240")
        if (rnd, tpn) in byes:
            raise r.error(
                _("240: team {team} has a second bye in round {round} (also line {line})").format(
                    team=tpn, round=rnd, line=byes[rnd, tpn][1]
                ),
                no,
                column,
            )
        byes[rnd, tpn] = (code, no, column)
    if not named:
        raise r.error(_("240 names no team"), no, 11)


def _read_250(r: _Reader, line: str, no: int, acceleration: dict[int, list[HalfPoints]]) -> None:
    """Virtual match points for teams 23-26..28-31 in rounds 15-17..19-21 (C.04.7)."""
    virtual = r.points(
        line[4:8], no, 5, _("250: virtual match points (columns 5-8)"), MAX_POINTS_4
    )
    if line[9:13].strip():
        r.points(line[9:13], no, 10, _("250: virtual game points (columns 10-13)"), MAX_POINTS_4)
    first = r.round_number(line, no, 15, 17, _("250: first round"))
    last = r.round_number(line, no, 19, 21, _("250: last round"))
    low = r.number(line, no, 23, 26, _("250: first team"), 1, MAX_TEAMS)
    high = r.number(line, no, 28, 31, _("250: last team"), 1, MAX_TEAMS)
    if first > last or low > high:
        raise r.error(_("250: a range ends before it starts"), no, 15 if first > last else 23)
    r.team(low, no, 23, _("250: first team"))
    r.team(high, no, 28, _("250: last team"))
    length = r.total_rounds or last
    for tpn in r.teams:
        if low <= tpn <= high:
            values = acceleration.setdefault(tpn, [])
            if len(values) < max(length, last):
                values.extend([0] * (max(length, last) - len(values)))
            values[first - 1 : last] = [virtual] * (last - first + 1)


def _read_260(r: _Reader, line: str, no: int, forbidden: set[frozenset[int]]) -> None:
    """Teams (from column 13) that must not be paired together, in rounds 5-7..9-11."""
    first = r.round_number(line, no, 5, 7, _("260: first round"))
    last = r.round_number(line, no, 9, 11, _("260: last round"))
    if first > last:
        raise r.error(_("260: the rounds end before they start"), no, 5)
    ids = r.ids(
        line,
        no,
        13,
        5,
        4,
        _("260: team"),
        MAX_TEAMS,
        limit=len(r.teams),
        limit_why=_teams_in_file(len(r.teams)),
    )
    seen: set[int] = set()
    for tpn, column in ids:
        r.team(tpn, no, column, "260")
        if tpn in seen:
            raise r.error(_("260: team {team} is named twice").format(team=tpn), no, column)
        seen.add(tpn)
    if len(seen) < 2:
        raise r.error(_("260 needs at least two teams"), no, 13)
    listed = sorted(seen)
    forbidden.update(frozenset((a, b)) for i, a in enumerate(listed) for b in listed[i + 1 :])


# --- the matches -------------------------------------------------------------------------------


@dataclass
class _Side:
    """One team in one round as its boards tell it."""

    opponent: int | None
    colour: Colour | None
    game_points: HalfPoints
    boards_played: int
    where: tuple[int | None, int] | None
    """(line, column) of a board that shows the opponent, for messages."""


@dataclass
class _Matches:
    """The teams' matches as the 001 records, the rosters and the line-ups give them."""

    r: _Reader
    players: Tournament
    colours: str
    boards: int
    lineups: dict[tuple[int, int], tuple[int, ...]]
    lineup_lines: dict[tuple[int, int], tuple[int, int]]
    player_line: dict[int, int]

    def block_column(self, rnd: int) -> int:
        return FIRST_ROUND_COLUMN + 10 * (rnd - 1)

    def lineup(self, rnd: int, tpn: int) -> tuple[int, ...]:
        if (rnd, tpn) in self.lineups:
            return self.lineups[rnd, tpn]
        by_id = self.players.players_by_tpn
        played = tuple(
            pid
            for pid, _column in self.r.teams[tpn].roster
            if (e := by_id[pid].entry(rnd)) is not None
            and (e.opponent is not None or e.result is ResultCode.FORFEIT_WIN)
        )
        if len(played) > self.boards:
            extra = played[self.boards]
            raise self.r.error(
                _(
                    "round {round}: team {team} fields {count} players on {boards} boards (give "
                    "the line-up in a 300 record, or the boards in 352)"
                ).format(round=rnd, team=tpn, count=len(played), boards=self.boards),
                self.player_line.get(extra),
                self.block_column(rnd),
            )
        return played

    def side(self, rnd: int, tpn: int) -> _Side:
        """(opponent team, colour of the match, game points) of ``tpn`` in ``rnd``."""
        by_id = self.players.players_by_tpn
        game = self.players.scoring
        opponent: int | None = None
        where: tuple[int | None, int] | None = None
        colour: Colour | None = None
        gp = 0
        played = 0
        for board, pid in enumerate(self.lineup(rnd, tpn)):
            e = by_id[pid].entry(rnd) if pid else None
            if e is None:
                continue
            if e.opponent is None:
                if e.result is ResultCode.FORFEIT_WIN:  # won against an empty board
                    gp += game.points(e.result)
                    played += 1
                continue
            line, column = self.player_line.get(pid), self.block_column(rnd)
            opp_team = self.r.team_of.get(e.opponent)
            if opp_team is None:
                raise self.r.error(
                    _(
                        "round {round}: player {player} of team {team} plays player {opponent}, "
                        "who is on no team's roster"
                    ).format(round=rnd, player=pid, team=tpn, opponent=e.opponent),
                    line,
                    column,
                )
            if opp_team == tpn:
                raise self.r.error(
                    _(
                        "round {round}: team {team} plays itself (its players {player} and "
                        "{opponent} meet)"
                    ).format(round=rnd, team=tpn, player=pid, opponent=e.opponent),
                    line,
                    column,
                )
            if opponent is not None and opp_team != opponent:
                raise self.r.error(
                    _(
                        "round {round}: team {team} plays teams {first} and {second} (player "
                        "{player} meets player {opponent}); a team plays one match per round"
                    ).format(
                        round=rnd,
                        team=tpn,
                        first=opponent,
                        second=opp_team,
                        player=pid,
                        opponent=e.opponent,
                    ),
                    line,
                    column,
                )
            opponent, where = opp_team, (line, column)
            gp += game.points(e.result)
            played += 1
            if colour is None and e.colour is not None:
                same = self.colours[board % len(self.colours)] == self.colours[0]
                colour = e.colour if same else e.colour.opposite
        return _Side(opponent, colour, gp, played, where)


def _team_rounds(
    r: _Reader,
    matches: _Matches,
    settings: TeamSettings,
    scoring: ScoringSystem,
    pabs: dict[int, tuple[int, int, int]],
    forfeits: dict[tuple[int, int], tuple[str, int, int, int]],
    byes: dict[tuple[int, int], tuple[ResultCode, int, int]],
) -> dict[int, list[RoundEntry]]:
    """Each team's rounds, after checking that the records agree with each other."""
    players = matches.players
    boards = settings.boards
    done = max(
        [
            rnd
            for p in players.players
            for rnd, e in enumerate(p.rounds, start=1)
            if e.opponent is not None or e.result is ResultCode.FORFEIT_WIN
        ]
        + [rnd for rnd, _team in forfeits]
        + list(pabs),
        default=0,
    )
    for (rnd, _tpn), (_code, no, column) in byes.items():
        if rnd > done + 1:
            raise r.error(
                _(
                    "240: a bye in round {round}, but the file's matches end in round {done}; "
                    "byes are read for the rounds played and the next one (round {next})"
                ).format(round=rnd, done=done, next=done + 1),
                no,
                column,
            )
    last_round = max([done] + [rnd for rnd, _team in byes])
    rounds_of: dict[int, list[RoundEntry]] = {t: [] for t in r.teams}
    check = _checker(r, matches, pabs, forfeits, byes)
    for rnd in range(1, last_round + 1):
        sides = {t: matches.side(rnd, t) for t in r.teams}
        for tpn in sorted(r.teams):
            side = sides[tpn]
            check(rnd, tpn, side)
            entry: RoundEntry | None
            if rnd in pabs and pabs[rnd][0] == tpn:
                entry = RoundEntry(
                    None,
                    None,
                    ResultCode.PAIRING_ALLOCATED_BYE,
                    game_points=settings.pab_game_points,
                    match_points=scoring.pairing_allocated_bye,
                )
            elif (rnd, tpn) in byes:
                given = byes[rnd, tpn][0]
                entry = RoundEntry(
                    None,
                    None,
                    given,
                    game_points={
                        ResultCode.FULL_POINT_BYE: 2 * boards,
                        ResultCode.HALF_POINT_BYE: boards,
                    }.get(given, 0),
                    match_points=scoring.points(given),
                )
            elif (rnd, tpn) in forfeits:
                kind, white, black, _no = forfeits[rnd, tpn]
                won = (kind == "+-" and tpn == white) or (kind == "-+" and tpn == black)
                entry = RoundEntry(
                    black if tpn == white else white,
                    Colour.WHITE if tpn == white else Colour.BLACK,
                    ResultCode.FORFEIT_WIN if won else ResultCode.FORFEIT_LOSS,
                    game_points=side.game_points or (2 * boards if won else 0),
                    match_points=scoring.win if won else scoring.loss,
                )
            elif side.opponent is None:
                if rnd > done:
                    continue  # the next round: only its byes are known
                entry = RoundEntry(
                    None, None, ResultCode.ZERO_POINT_BYE, game_points=0, match_points=0
                )
            else:
                other = sides[side.opponent]
                if other.opponent != tpn:
                    at_line = side.where[0] if side.where else None
                    at_column = side.where[1] if side.where else None
                    if other.opponent is not None:
                        message = _(
                            "round {round}: team {team} plays team {opponent}, but team "
                            "{opponent}'s boards play team {other}"
                        )
                    else:
                        message = _(
                            "round {round}: team {team} plays team {opponent}, but team "
                            "{opponent}'s boards show no match against it"
                        )
                    raise r.error(
                        message.format(
                            round=rnd, team=tpn, opponent=side.opponent, other=other.opponent
                        ),
                        at_line,
                        at_column,
                    )
                gp = side.game_points
                result, mp = (
                    (ResultCode.WIN, scoring.win)
                    if gp > other.game_points
                    else (ResultCode.DRAW, scoring.draw)
                    if gp == other.game_points
                    else (ResultCode.LOSS, scoring.loss)
                )
                entry = RoundEntry(
                    side.opponent, side.colour, result, game_points=gp, match_points=mp
                )
            rounds_of[tpn].append(entry)
    return rounds_of


def _checker(
    r: _Reader,
    matches: _Matches,
    pabs: dict[int, tuple[int, int, int]],
    forfeits: dict[tuple[int, int], tuple[str, int, int, int]],
    byes: dict[tuple[int, int], tuple[ResultCode, int, int]],
) -> Callable[[int, int, _Side], None]:
    """A check that a team has one thing in a round: a match, a forfeited match, the PAB
    or a bye, and that a 300 record's opponent is the one its boards play."""

    def check(rnd: int, tpn: int, side: _Side) -> None:
        pab = pabs.get(rnd)
        has_pab = pab is not None and pab[0] == tpn
        bye = byes.get((rnd, tpn))
        forfeit = forfeits.get((rnd, tpn))
        if has_pab and pab is not None:
            clash = (
                _("320: team {team} has the PAB in round {round} but also plays team {opponent}")
                if side.opponent is not None
                else _("320: team {team} has the PAB in round {round} but also has a bye (record 240)")
                if bye is not None
                else _(
                    "320: team {team} has the PAB in round {round} but also has a forfeited "
                    "match (record 330)"
                )
                if forfeit is not None
                else None
            )
            if clash:
                raise r.error(
                    clash.format(team=tpn, round=rnd, opponent=side.opponent), pab[1], pab[2]
                )
        if bye is not None:
            clash = (
                _("240: team {team} has a bye in round {round} but also plays team {opponent}")
                if side.opponent is not None
                else _(
                    "240: team {team} has a bye in round {round} but also has a forfeited match "
                    "(record 330)"
                )
                if forfeit is not None
                else None
            )
            if clash:
                raise r.error(
                    clash.format(team=tpn, round=rnd, opponent=side.opponent), bye[1], bye[2]
                )
        if forfeit is not None and side.opponent is not None:
            _kind, white, black, no = forfeit
            other = black if tpn == white else white
            if side.opponent != other:
                raise r.error(
                    _(
                        "330: team {team} forfeits the match against team {other} in round "
                        "{round} but its boards play team {opponent}"
                    ).format(team=tpn, other=other, round=rnd, opponent=side.opponent),
                    no,
                    12 if tpn == white else 16,
                )
        given = matches.lineup_lines.get((rnd, tpn))
        if given is not None and given[1]:
            expected = side.opponent
            if expected is None and forfeit is not None:
                expected = forfeit[2] if tpn == forfeit[1] else forfeit[1]
            if expected is not None and given[1] != expected:
                raise r.error(
                    _(
                        "300: team {team}'s opponent in round {round} is team {expected}, not "
                        "{given}"
                    ).format(team=tpn, round=rnd, expected=expected, given=given[1]),
                    given[0],
                    13,
                )

    return check
