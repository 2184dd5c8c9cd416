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

from swissdesk.i18n import _
from swissdesk.model.tournament import (
    Colour,
    HalfPoints,
    ResultCode,
    TeamSettings,
    Tournament,
    half_points_to_str,
)
from swissdesk.trf.errors import TrfError
from swissdesk.trf.writer import bye_records, format_trf

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
        raise TrfError(
            _("cannot read the file: {why}").format(why=exc.strerror or exc), source=source
        ) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return parse_team_trf(text, source=source)


def parse_team_trf(text: str, *, source: str = "<input>") -> TeamEvent:
    """Parse a TRF-2026 team file: the 001 section and the team section, every field and
    every record checked (:mod:`swissdesk.trf.team_reader`); errors name line and column."""
    from swissdesk.trf.team_reader import read_team_section

    return read_team_section(text, source)


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
    for team in t.players:
        for rnd, e in enumerate(team.rounds, start=1):
            if e.result is ResultCode.PAIRING_ALLOCATED_BYE:
                pab_by_round[rnd - 1] = team.tpn
            elif (
                e.opponent is not None
                and e.result in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
                # written once per match, from the White team's side
                and (e.colour is Colour.WHITE or (e.colour is None and team.tpn < e.opponent))
            ):
                other = t.player(e.opponent).entry(rnd)
                mine = "+" if e.result is ResultCode.FORFEIT_WIN else "-"
                theirs = (
                    "+" if other is not None and other.result is ResultCode.FORFEIT_WIN else "-"
                )
                forfeits.append(f"330 {mine}{theirs} {rnd:03d} {team.tpn:03d} {e.opponent:03d}")
    if any(pab_by_round):
        rounds = " ".join(f"{x:03d}" for x in pab_by_round)
        lines.append(
            f"320 {_pts(s.pairing_allocated_bye, 4)} {_pts(settings.pab_game_points, 4)} {rounds}"
        )
    lines += sorted(forfeits, key=lambda x: (x[7:10], x[11:14]))
    lines += bye_records(t)
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
