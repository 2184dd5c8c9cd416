"""TRF-2026 team section: read and write a team event (records 310, 352, 362, 300, 320,
330, 240, 250, 260; 802 written as information).

Layouts used (TRF-2026, "Team Section", FIDE handbook TRF26.pdf as transcribed in the
public specification of the ``echecsjs/trf`` project, SPEC.md; documented in
``docs/engines/team.md``), columns 1-based:

* ``310`` team: 5-7 team pairing number, 9-40 name, 42-46 nickname, 48-53 strength factor,
  55-60 match points, 62-67 game points, 69-71 rank, 74-77, 79-82, ... the roster (player
  start numbers of the 001 records, board order).
* ``352`` board colours of the team with White on board 1 (``WBWB``): the number of boards.
* ``362`` match points: ``TW``/``TD``/``TL`` each followed by its value (defaults 2/1/0).
  The transcription gives no columns; swissdesk writes ``362 TW  2.0 TD  1.0 TL  0.0`` and
  reads code/value pairs.
* ``300`` out-of-order line-up: 5-7 round, 9-11 team, 13-15 opponent, 17-20, 22-25, ...
  the players board by board (``0000`` an empty board = forfeited game).
* ``320`` PAB: 5-8 match points, 10-13 game points, then per round (15-17, 19-21, ...) the
  team that had it (``000`` none).
* ``330`` forfeited match: 5-6 ``+-`` / ``-+`` / ``--``, 8-10 round, 12-14 White team,
  16-18 Black team.
* ``240`` bye: 5 ``F``/``H``/``Z``, 7-9 round, 11-14, 16-19, ... the teams.
* ``250`` acceleration: 5-8 virtual match points, 10-13 game points, 15-17 / 19-21 first and
  last round, 23-26 / 28-31 first and last team.
* ``260`` prohibited pairings: 5-7 / 9-11 rounds, 13-16, 18-21, ... the teams.
* ``802`` informative line per team (written, ignored when read).
* ``XXT`` (a swissdesk extension in the style of the ``XX?`` pairing-engine codes, since
  TRF-2026 has no field for them): the C.04.6 options ``colour_preferences=A|B|none``,
  ``primary_score=match|game``, ``secondary_for_colour=1|0``.

The players' games are the 001 records (read and written by the individual reader and
writer). A team's match in a round is derived from them: the line-up is the ``300`` record
or else the roster players who played, in roster order; the colour of the match is the
colour of the first board (C.04.6 art. 1.6.1, through ``352`` when board 1 is empty); game
points are the sum of the boards (record 162 values), match points compare both sides.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

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
from swissdesk.trf.reader import parse_trf
from swissdesk.trf.writer import format_trf

TEAM_TAGS = frozenset(
    {"310", "352", "362", "300", "320", "330", "240", "250", "260", "802", "801", "XXT"}
)
"""Records that belong to the team section of a team file (310 marks a team file)."""


@dataclass(frozen=True)
class TeamEvent:
    """A team event as a TRF-2026 file holds it.

    ``tournament`` has the teams as participants (``is_team``; what the team engine pairs);
    ``players`` the individual section (001 records with the players' games); ``rosters``
    the players of each team in board order; ``lineups`` the out-of-order line-ups (record
    300) by (round, team), ``0`` for an empty board.
    """

    tournament: Tournament
    players: Tournament
    rosters: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    nicknames: Mapping[int, str] = field(default_factory=dict)
    lineups: Mapping[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    board_colours: str = "WBWB"


def is_team_trf(text: str) -> bool:
    """True when the TRF text has a team section (a ``310`` record)."""
    return any(line.startswith("310") for line in text.splitlines())


def read_team_trf(path: str | os.PathLike[str]) -> TeamEvent:
    """Read a TRF-2026 team file (UTF-8, else Latin-1)."""
    source = os.fspath(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise TrfError(f"cannot read the file: {exc.strerror or exc}", source=source) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return parse_team_trf(text, source=source)


def _col(line: str, first: int, last: int) -> str:
    return line[first - 1 : last].strip()


def _num(line: str, first: int, last: int, source: str, no: int, what: str) -> int:
    text = _col(line, first, last)
    if not text.isdigit():
        raise TrfError(f"{what} must be a number, not {text!r}", source=source, line=no)
    return int(text)


def _points(text: str, source: str, no: int, what: str) -> HalfPoints:
    try:
        value = float(text)
    except ValueError:
        raise TrfError(
            f"{what} must be a number like 2.0, not {text!r}", source=source, line=no
        ) from None
    if value * 2 != int(value * 2):
        raise TrfError(f"{what} must be a whole or half point", source=source, line=no)
    return int(value * 2)


def _ids(line: str, start: int, step: int, width: int) -> list[int]:
    """Numbers in fixed fields from column ``start`` every ``step`` columns (blank: stop)."""
    out: list[int] = []
    col = start
    while col <= len(line):
        text = line[col - 1 : col - 1 + width].strip()
        if not text:
            break
        if not text.isdigit():
            raise ValueError(text)
        out.append(int(text))
        col += step
    return out


def parse_team_trf(text: str, *, source: str = "<input>") -> TeamEvent:
    """Parse a TRF-2026 team file: the 001 section and the team section."""
    individual: list[str] = []
    team_lines: list[tuple[int, str]] = []
    for no, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip()
        (team_lines.append((no, line)) if line[:3] in TEAM_TAGS else individual.append(line))
    players = parse_trf("\n".join(individual) + "\n", source=source)
    by_id = players.players_by_tpn
    rosters: dict[int, tuple[int, ...]] = {}
    names: dict[int, str] = {}
    nicknames: dict[int, str] = {}
    strength: dict[int, int] = {}
    declared: dict[int, tuple[HalfPoints | None, int | None]] = {}
    lineups: dict[tuple[int, int], tuple[int, ...]] = {}
    colours = ""
    win, draw, loss = 4, 2, 0
    pab_points: tuple[HalfPoints, HalfPoints] | None = None
    pabs: dict[int, int] = {}
    forfeits: dict[tuple[int, int], tuple[str, int, int]] = {}
    byes: dict[tuple[int, int], ResultCode] = {}
    acceleration: dict[int, dict[int, HalfPoints]] = {}
    forbidden: set[frozenset[int]] = set()
    options: dict[str, str] = {}
    bye_codes = {
        "F": ResultCode.FULL_POINT_BYE,
        "H": ResultCode.HALF_POINT_BYE,
        "Z": ResultCode.ZERO_POINT_BYE,
    }
    for no, line in team_lines:
        tag = line[:3]
        try:
            if tag == "310":
                tpn = _num(line, 5, 7, source, no, "team pairing number (columns 5-7)")
                if tpn in rosters:
                    raise TrfError(f"team {tpn} has two 310 records", source=source, line=no)
                names[tpn] = _col(line, 9, 40)
                nicknames[tpn] = _col(line, 42, 46)
                strength[tpn] = int(_col(line, 48, 53) or 0)
                mp_text, rank = _col(line, 55, 60), _col(line, 69, 71)
                declared[tpn] = (
                    _points(mp_text, source, no, "match points") if mp_text else None,
                    int(rank) if rank.isdigit() else None,
                )
                roster = tuple(_ids(line, 74, 5, 4))
                for pid in roster:
                    if pid not in by_id:
                        raise TrfError(
                            f"team {tpn}: player {pid} has no 001 record", source=source, line=no
                        )
                rosters[tpn] = roster
            elif tag == "XXT":
                for token in line[4:].split():
                    key, _, value = token.partition("=")
                    options[key] = value
            elif tag == "352":
                colours = line[4:].strip().upper()
                if not colours or set(colours) - {"W", "B"}:
                    raise TrfError(
                        "352: board colours must be W and B letters", source=source, line=no
                    )
            elif tag == "362":
                tokens = line[4:].split()
                for code, value in zip(tokens[::2], tokens[1::2], strict=False):
                    points = _points(value, source, no, f"362 {code}")
                    if code.upper() == "TW":
                        win = points
                    elif code.upper() == "TD":
                        draw = points
                    elif code.upper() == "TL":
                        loss = points
            elif tag == "300":
                rnd = _num(line, 5, 7, source, no, "300 round (columns 5-7)")
                tpn = _num(line, 9, 11, source, no, "300 team (columns 9-11)")
                lineups[rnd, tpn] = tuple(_ids(line, 17, 5, 4))
            elif tag == "320":
                pab_points = (
                    _points(_col(line, 5, 8), source, no, "320 match points"),
                    _points(_col(line, 10, 13), source, no, "320 game points"),
                )
                for rnd, tpn in enumerate(_ids(line, 15, 4, 3), start=1):
                    if tpn:
                        pabs[rnd] = tpn
            elif tag == "330":
                kind = line[4:6]
                if kind not in ("+-", "-+", "--"):
                    raise TrfError("330: the forfeit is +-, -+ or --", source=source, line=no)
                rnd = _num(line, 8, 10, source, no, "330 round (columns 8-10)")
                white = _num(line, 12, 14, source, no, "330 White team (columns 12-14)")
                black = _num(line, 16, 18, source, no, "330 Black team (columns 16-18)")
                forfeits[rnd, white] = (kind, white, black)
                forfeits[rnd, black] = (kind, white, black)
            elif tag == "240":
                bye_code = bye_codes.get(line[4:5].upper())
                if bye_code is None:
                    raise TrfError("240: the bye is F, H or Z (column 5)", source=source, line=no)
                rnd = _num(line, 7, 9, source, no, "240 round (columns 7-9)")
                for tpn in _ids(line, 11, 5, 4):
                    byes[rnd, tpn] = bye_code
            elif tag == "250":
                virtual = _points(_col(line, 5, 8) or "0", source, no, "250 match points")
                first, last = (
                    _num(line, 15, 17, source, no, "250 round"),
                    _num(line, 19, 21, source, no, "250 round"),
                )
                low, high = (
                    _num(line, 23, 26, source, no, "250 team"),
                    _num(line, 28, 31, source, no, "250 team"),
                )
                for tpn in range(low, high + 1):
                    for rnd in range(first, last + 1):
                        acceleration.setdefault(tpn, {})[rnd] = virtual
            elif tag == "260":
                banned = _ids(line, 13, 5, 4)
                forbidden.update(frozenset((a, b)) for a in banned for b in banned if a < b)
        except ValueError as exc:
            raise TrfError(f"{tag}: not a number: {exc}", source=source, line=no) from None
    if not rosters:
        raise TrfError("a team file needs 310 records", source=source)
    team_of = {pid: tpn for tpn, roster in rosters.items() for pid in roster}
    boards = len(colours) or max((len(r) for r in rosters.values()), default=4)
    colours = colours or "".join("WB"[i % 2] for i in range(boards))
    pref_kind = {"a": "A", "b": "B", "none": "none"}.get(options.get("colour_preferences", "A").lower())
    primary = options.get("primary_score", "match").lower()
    if pref_kind is None or primary not in ("match", "game"):
        raise TrfError(
            "XXT: colour_preferences is A, B or none; primary_score match or game", source=source
        )
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
    last_round = max(
        [len(p.rounds) for p in players.players]
        + [r for r, _ in forfeits]
        + [r for r, _ in byes]
        + list(pabs),
        default=0,
    )
    game = players.scoring

    def lineup(rnd: int, tpn: int) -> tuple[int, ...]:
        if (rnd, tpn) in lineups:
            return lineups[rnd, tpn]
        return tuple(
            pid
            for pid in rosters[tpn]
            if (e := by_id[pid].entry(rnd)) is not None
            and (e.opponent is not None or e.result is ResultCode.FORFEIT_WIN)
        )

    def side(rnd: int, tpn: int) -> tuple[int | None, Colour | None, HalfPoints]:
        """(opponent team, colour of the match, game points) of ``tpn`` in ``rnd``."""
        boards_played = lineup(rnd, tpn)
        opponents: dict[int, int] = {}
        colour: Colour | None = None
        gp = 0
        for board, pid in enumerate(boards_played):
            e = by_id[pid].entry(rnd) if pid else None
            if e is not None and e.opponent is None and e.result is ResultCode.FORFEIT_WIN:
                gp += game.points(e.result)  # won against an empty board (``+``, no opponent)
                continue
            if e is None or e.opponent is None:
                continue
            gp += game.points(e.result)
            opp_team = team_of.get(e.opponent)
            if opp_team is not None:
                opponents[opp_team] = opponents.get(opp_team, 0) + 1
            if colour is None and e.colour is not None:
                same = colours[board % len(colours)] == colours[0]
                colour = e.colour if same else e.colour.opposite
        opponent = max(opponents, key=lambda t: (opponents[t], -t)) if opponents else None
        return opponent, colour, gp

    rounds_of: dict[int, list[RoundEntry]] = {t: [] for t in rosters}
    for rnd in range(1, last_round + 1):
        sides = {t: side(rnd, t) for t in rosters}
        for tpn in sorted(rosters):
            if pabs.get(rnd) == tpn:
                entry = RoundEntry(
                    None,
                    None,
                    ResultCode.PAIRING_ALLOCATED_BYE,
                    game_points=settings.pab_game_points,
                    match_points=scoring.pairing_allocated_bye,
                )
            elif (rnd, tpn) in byes:
                given = byes[rnd, tpn]
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
                kind, white, black = forfeits[rnd, tpn]
                won = (kind == "+-" and tpn == white) or (kind == "-+" and tpn == black)
                gp = sides[tpn][2] or (2 * boards if won else 0)
                entry = RoundEntry(
                    black if tpn == white else white,
                    Colour.WHITE if tpn == white else Colour.BLACK,
                    ResultCode.FORFEIT_WIN if won else ResultCode.FORFEIT_LOSS,
                    game_points=gp,
                    match_points=win if won else loss,
                )
            else:
                opponent, colour, gp = sides[tpn]
                if opponent is None:
                    if rnd == last_round and all(len(p.rounds) < rnd for p in players.players):
                        continue
                    entry = RoundEntry(
                        None, None, ResultCode.ZERO_POINT_BYE, game_points=0, match_points=0
                    )
                else:
                    other = sides[opponent][2]
                    result, mp = (
                        (ResultCode.WIN, win)
                        if gp > other
                        else (ResultCode.DRAW, draw)
                        if gp == other
                        else (ResultCode.LOSS, loss)
                    )
                    entry = RoundEntry(opponent, colour, result, game_points=gp, match_points=mp)
            rounds_of[tpn].append(entry)
    teams = tuple(
        Player(
            tpn=tpn,
            name=names[tpn],
            rating=strength[tpn],
            rounds=tuple(rounds_of[tpn]),
            declared_points=declared[tpn][0],
            declared_rank=declared[tpn][1],
            members=tuple(by_id[pid].name for pid in rosters[tpn]),
        )
        for tpn in sorted(rosters)
    )
    total = players.total_rounds
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
            tpn: tuple(per.get(r, 0) for r in range(1, max(total, max(per)) + 1))
            for tpn, per in acceleration.items()
        },
        forbidden_pairs=frozenset(forbidden),
    )
    return TeamEvent(
        tournament=tournament,
        players=players,
        rosters=rosters,
        nicknames=nicknames,
        lineups=lineups,
        board_colours=colours,
    )


def _pts(value: HalfPoints, width: int) -> str:
    return half_points_to_str(value).rjust(width)


def format_team_trf(event: TeamEvent) -> str:
    """The TRF-2026 text of a team event: the individual section, then the team section."""
    t = event.tournament
    lines = format_trf(event.players).rstrip("\n").split("\n")
    settings = t.team if t.team is not None else TeamSettings()
    s = t.scoring
    lines.append(f"352 {event.board_colours}")
    lines.append(
        f"XXT colour_preferences={settings.colour_preferences} "
        f"primary_score={settings.primary_score} "
        f"secondary_for_colour={int(settings.secondary_for_colour)}"
    )
    lines.append(f"362 TW {_pts(s.win, 4)} TD {_pts(s.draw, 4)} TL {_pts(s.loss, 4)}")
    from swissdesk.model.team import build_team_states

    done = t.rounds_with_pairings
    states = build_team_states(t, done + 1)
    for team in t.players:
        st = states[team.tpn]
        roster = "".join(f"{pid:>4} " for pid in event.rosters.get(team.tpn, ()))
        rank = f"{team.declared_rank:>3}" if team.declared_rank else "   "
        lines.append(
            f"310 {team.tpn:>3} {team.name[:32]:<32} {event.nicknames.get(team.tpn, '')[:5]:<5} "
            f"{team.rating:>6} {_pts(st.match_points, 6)} {_pts(st.game_points, 6)} {rank}  {roster}".rstrip()
        )
    for (rnd, tpn), players in sorted(event.lineups.items()):
        entry = t.player(tpn).entry(rnd)
        opponent = entry.opponent if entry is not None and entry.opponent is not None else 0
        ids = " ".join(f"{pid:04d}" for pid in players)
        lines.append(f"300 {rnd:03d} {tpn:03d} {opponent:03d} {ids}")
    last = max((len(p.rounds) for p in t.players), default=0)
    pab_by_round = [0] * last
    forfeits: list[str] = []
    byes: dict[tuple[str, int], list[int]] = {}
    letters = {
        ResultCode.FULL_POINT_BYE: "F",
        ResultCode.HALF_POINT_BYE: "H",
        ResultCode.ZERO_POINT_BYE: "Z",
    }
    for team in t.players:
        for rnd, e in enumerate(team.rounds, start=1):
            if e.result is ResultCode.PAIRING_ALLOCATED_BYE:
                pab_by_round[rnd - 1] = team.tpn
            elif e.opponent is not None and e.result in (
                ResultCode.FORFEIT_WIN,
                ResultCode.FORFEIT_LOSS,
            ):
                if e.colour is Colour.WHITE or (e.colour is None and team.tpn < e.opponent):
                    other = t.player(e.opponent).entry(rnd)
                    mine = "+" if e.result is ResultCode.FORFEIT_WIN else "-"
                    theirs = (
                        "+" if other is not None and other.result is ResultCode.FORFEIT_WIN else "-"
                    )
                    forfeits.append(f"330 {mine}{theirs} {rnd:03d} {team.tpn:03d} {e.opponent:03d}")
            elif e.result in letters and e.opponent is None:
                byes.setdefault((letters[e.result], rnd), []).append(team.tpn)
    if any(pab_by_round):
        rounds = " ".join(f"{x:03d}" for x in pab_by_round)
        lines.append(
            f"320 {_pts(s.pairing_allocated_bye, 4)} {_pts(settings.pab_game_points, 4)} {rounds}"
        )
    lines += sorted(forfeits, key=lambda x: (x[7:10], x[11:14]))
    for (letter, rnd), tpns in sorted(byes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        lines.append(f"240 {letter} {rnd:03d} " + " ".join(f"{x:04d}" for x in tpns))
    for tpn, values in sorted(t.acceleration.items()):
        for rnd, value in enumerate(values, start=1):
            if value:
                lines.append(
                    f"250 {_pts(value, 4)} {_pts(0, 4)} {rnd:03d} {rnd:03d} {tpn:04d} {tpn:04d}"
                )
    for pair in sorted(tuple(sorted(p)) for p in t.forbidden_pairs):
        lines.append(f"260 001 {max(t.total_rounds, 1):03d} {pair[0]:04d} {pair[1]:04d}")
    for team in t.players:
        st = states[team.tpn]
        cells = []
        for e in team.rounds:
            if e.opponent is None:
                code = {
                    ResultCode.PAIRING_ALLOCATED_BYE: "PAB",
                    ResultCode.FULL_POINT_BYE: "FPB",
                    ResultCode.HALF_POINT_BYE: "HPB",
                }.get(e.result, "ZPB")
                cells.append(f"{code}   {_pts(e.game_points or 0, 4)} ")
            else:
                colour = e.colour.value if e.colour is not None else " "
                flag = "f" if e.result in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS) else " "
                cells.append(f"{e.opponent:>3} {colour} {_pts(e.game_points or 0, 4)}{flag}")
        nick = event.nicknames.get(team.tpn, "")[:5]
        lines.append(
            f"802 {team.tpn:>3} {nick:<5} {_pts(st.match_points, 6)} {_pts(st.game_points, 6)} "
            + "  ".join(cells)
        )
    return "\n".join(line.rstrip() for line in lines) + "\n"


def is_team_trf_file(path: str | os.PathLike[str]) -> bool:
    """True when the file at ``path`` is a TRF with a team section (a ``310`` record)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return False
    return data.startswith(b"310") or b"\n310" in data or b"\r310" in data
