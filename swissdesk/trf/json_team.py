"""JSON tournament states of team events (``"system": "team"``, FIDE C.04.6).

The format is the one of ``../shared/corpus/README.md``: every team's history lists its
matches with the result ``"MP:GP"`` (match points and game points this team scored,
``"2:3.5"``), a leading ``+`` / ``-`` marking a match not played because it was forfeited
(``"+2:4"``, ``"-0:0"``: unplayed for [C1] and colours), and the rounds without an opponent
as ``PAB``, ``FPB``, ``HPB``, ``ZPB``. ``points`` values the byes as ``[MP, GP]`` (defaults
PAB and HPB ``[1, boards/2]``, FPB ``[2, boards]``, ZPB ``[0, 0]``) and may give the match
points of a won/drawn/lost match (``win``, ``draw``, ``loss``; default 2/1/0). The options
``boards``, ``colour_preferences`` (A, B, none), ``primary_score`` (match, game) and
``secondary_for_colour`` go into :class:`~swissdesk.model.tournament.TeamSettings`;
``"acceleration": "baku"`` applies the Baku method (C.04.7 art. 1, virtual match points).

Every error is an :class:`InputError` naming the file and the team, never a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from swissdesk.engines.acceleration import with_baku_acceleration
from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.tournament import (
    Colour,
    HalfPoints,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    TeamSettings,
    Tournament,
    TournamentInfo,
)
from swissdesk.trf.json_state import (
    MAX_PARTICIPANTS,
    _half_points,
    _int,
    _text,
    history_by_round,
    initial_colour,
    round_and_total,
)

BYE_RESULTS: Mapping[str, ResultCode] = {
    "PAB": ResultCode.PAIRING_ALLOCATED_BYE,
    "U": ResultCode.PAIRING_ALLOCATED_BYE,
    "FPB": ResultCode.FULL_POINT_BYE,
    "F": ResultCode.FULL_POINT_BYE,
    "HPB": ResultCode.HALF_POINT_BYE,
    "H": ResultCode.HALF_POINT_BYE,
    "ZPB": ResultCode.ZERO_POINT_BYE,
    "Z": ResultCode.ZERO_POINT_BYE,
}
"""Rounds without an opponent, by their state names (and the TRF letters)."""

MAX_BOARDS = 99


def team_state_to_tournament(data: dict[str, Any], source: str) -> Tournament:
    """The team tournament a parsed JSON state describes."""
    boards = _int(data.get("boards", 4), source, "boards", 1, MAX_BOARDS)
    prefs = _text(data.get("colour_preferences", "A"), source, "colour_preferences").strip()
    kind = {"a": "A", "b": "B", "none": "none", "": "none"}.get(prefs.lower())
    if kind is None:
        raise InputError(
            f"{source}: " + _("'colour_preferences' must be \"A\", \"B\" or \"none\"")
        )
    primary = _text(data.get("primary_score", "match"), source, "primary_score").strip().lower()
    if primary not in ("match", "game"):
        raise InputError(f"{source}: " + _("'primary_score' must be \"match\" or \"game\""))
    secondary = data.get("secondary_for_colour", True)
    if not isinstance(secondary, bool):
        raise InputError(f"{source}: " + _("'secondary_for_colour' must be true or false"))
    raw_points = data.get("points", {})
    if not isinstance(raw_points, dict):
        raise InputError(f"{source}: " + _("'points' must be a JSON object"))

    def single(key: str, default: HalfPoints) -> HalfPoints:
        return (
            _half_points(raw_points[key], source, f"points.{key}") if key in raw_points else default
        )

    def pair(key: str, default: tuple[HalfPoints, HalfPoints]) -> tuple[HalfPoints, HalfPoints]:
        if key not in raw_points:
            return default
        value = raw_points[key]
        if not isinstance(value, list) or len(value) != 2:
            raise InputError(
                f"{source}: "
                + _("points.{key} must be [match points, game points]").format(key=key)
            )
        return (
            _half_points(value[0], source, f"points.{key}[0]"),
            _half_points(value[1], source, f"points.{key}[1]"),
        )

    win, draw, loss = single("win", 4), single("draw", 2), single("loss", 0)
    pab = pair("pab", (draw, boards))
    hpb = pair("hpb", (draw, boards))
    fpb = pair("fpb", (win, 2 * boards))
    zpb = pair("zpb", (0, 0))
    scoring = ScoringSystem(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=win,
        forfeit_loss=loss,
        pairing_allocated_bye=pab[0],
        full_point_bye=fpb[0],
        half_point_bye=hpb[0],
        zero_point_bye=zpb[0],
        absent=zpb[0],
    )
    settings = TeamSettings(
        boards=boards,
        colour_preferences=kind,
        primary_score=primary,
        secondary_for_colour=secondary,
        pab_game_points=pab[1],
        half_bye_game_points=hpb[1],
        full_bye_game_points=fpb[1],
        zero_bye_game_points=zpb[1],
    )
    raw_teams = data.get("players", data.get("teams"))
    if not isinstance(raw_teams, list) or not raw_teams:
        raise InputError(f"{source}: " + _("'players' must be a non-empty list of teams"))
    teams: list[tuple[Player, dict[str, Any]]] = []
    seen: set[int] = set()
    last_round = 0
    for index, raw in enumerate(raw_teams, start=1):
        team, last = _team(raw, source, index, scoring, settings)
        if team.tpn in seen:
            raise InputError(
                f"{source}: " + _("pairing number {number} is listed twice").format(number=team.tpn)
            )
        seen.add(team.tpn)
        teams.append((team, raw))
        last_round = max(last_round, last)
    round_number, total = round_and_total(data, source, last_round)
    for team, _raw in teams:
        for r, entry in enumerate(team.rounds, start=1):
            if entry.opponent is not None and entry.opponent not in seen:
                raise InputError(
                    f"{source}: "
                    + _("team {team} met {opponent} in round {round}, who is not listed").format(
                        team=team.tpn, opponent=entry.opponent, round=r
                    )
                )
    finished = [_fill(team, raw, round_number, source, settings) for team, raw in teams]
    tournament = Tournament(
        players=tuple(sorted(finished, key=lambda p: p.tpn)),
        total_rounds=total,
        initial_colour=initial_colour(data, source),
        scoring=scoring,
        info=TournamentInfo(name=_text(data.get("name", ""), source, "name")),
        system="team",
        is_team=True,
        team=settings,
    )
    acceleration = data.get("acceleration")
    if acceleration is not None:
        if not isinstance(acceleration, str) or acceleration.lower() != "baku":
            raise InputError(f"{source}: " + _("'acceleration' can only be \"baku\""))
        if primary != "match":
            raise InputError(
                f"{source}: "
                + _(
                    "the Baku acceleration needs match points as the primary score (C.04.7 art. "
                    "1.4.4)"
                )
            )
        try:
            tournament = with_baku_acceleration(tournament)
        except ValueError as exc:
            raise InputError(f"{source}: {exc}") from None
    return tournament


def _team(
    raw: Any, source: str, index: int, scoring: ScoringSystem, settings: TeamSettings
) -> tuple[Player, int]:
    """A team with its rounds (absences filled in later) and its last round."""
    if not isinstance(raw, dict):
        raise InputError(
            f"{source}: " + _("team #{index} is not a JSON object").format(index=index)
        )
    tpn = _int(
        raw.get("tpn"), source, _("team #{index} 'tpn'").format(index=index), 1, MAX_PARTICIPANTS
    )
    where = _("team {team}").format(team=tpn)

    def read(item: Mapping[str, Any], at: str) -> RoundEntry:
        return _match(item, source, at, scoring, settings)

    by_round = history_by_round(raw.get("history", []), source, where, read)
    last = max(by_round, default=0)
    absent = _bye(ResultCode.ZERO_POINT_BYE, scoring, settings)
    rounds = tuple(by_round.get(r, absent) for r in range(1, last + 1))
    members = raw.get("members", [])
    if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
        raise InputError(f"{source}: {where}: " + _("'members' must be a list of names"))
    team = Player(
        tpn=tpn,
        name=_text(raw.get("name", f"Team {tpn}"), source, f"{where} 'name'"),
        rating=_int(raw.get("rating", 0), source, f"{where} 'rating'", 0, 9999),
        federation=_text(raw.get("federation", ""), source, f"{where} 'federation'"),
        rounds=rounds,
        members=tuple(members),
    )
    return team, last


def _bye(result: ResultCode, scoring: ScoringSystem, settings: TeamSettings) -> RoundEntry:
    """A round without an opponent, with its match and game points."""
    game_points = {
        ResultCode.PAIRING_ALLOCATED_BYE: settings.pab_game_points,
        ResultCode.FULL_POINT_BYE: settings.full_bye_game_points,
        ResultCode.HALF_POINT_BYE: settings.half_bye_game_points,
    }.get(result, settings.zero_bye_game_points)
    return RoundEntry(
        None, None, result, game_points=game_points, match_points=scoring.points(result)
    )


def _match(
    item: Mapping[str, Any],
    source: str,
    where: str,
    scoring: ScoringSystem,
    settings: TeamSettings,
) -> RoundEntry:
    """One round of a team's history: a match ``[+-]MP:GP`` or a bye."""
    code = _text(item.get("result"), source, f"{where} 'result'").strip()
    opponent = _int(item.get("opponent", 0), source, f"{where} 'opponent'", 0, MAX_PARTICIPANTS)
    bye = BYE_RESULTS.get(code.upper())
    if bye is not None:
        if opponent:
            raise InputError(
                f"{source}: {where}: " + _("a bye ({code}) has no opponent").format(code=code)
            )
        return _bye(bye, scoring, settings)
    forfeit = code[:1] if code[:1] in "+-" and code else ""
    mp_text, colon, gp_text = code[len(forfeit) :].partition(":")
    try:
        mp = _half_points(
            float(mp_text), source, _("{where} match points").format(where=where)
        )
        gp = _half_points(float(gp_text), source, _("{where} game points").format(where=where))
    except ValueError:
        mp = gp = -1
    if not colon or mp < 0 or gp < 0:
        raise InputError(
            f"{source}: {where}: "
            + _(
                "result {code} is not MP:GP (e.g. \"2:3.5\"; a leading + or - for a forfeited "
                "match) nor PAB, FPB, HPB, ZPB"
            ).format(code=repr(code))
        )
    if gp > 2 * settings.boards:
        raise InputError(
            f"{source}: {where}: "
            + _("{points} game points on {boards} boards").format(
                points=f"{gp / 2:g}", boards=settings.boards
            )
        )
    if not opponent:
        raise InputError(f"{source}: {where}: " + _("a match result needs an opponent"))
    colour_text = _text(item.get("colour", "-"), source, f"{where} 'colour'").lower()
    colours = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None, "": None}
    if colour_text not in colours:
        raise InputError(f"{source}: {where}: " + _("colour must be \"w\", \"b\" or \"-\""))
    colour = colours[colour_text]
    if forfeit == "+":
        result = ResultCode.FORFEIT_WIN
    elif forfeit == "-":
        result = ResultCode.FORFEIT_LOSS
    else:
        if colour is None:
            raise InputError(
                f"{source}: {where}: " + _("a played match needs a colour (board 1)")
            )
        result = (
            ResultCode.WIN
            if mp >= scoring.win
            else ResultCode.DRAW
            if mp >= scoring.draw and mp > scoring.loss
            else ResultCode.LOSS
        )
    return RoundEntry(opponent, colour, result, game_points=gp, match_points=mp)


def _fill(
    team: Player, raw: dict[str, Any], round_number: int, source: str, settings: TeamSettings
) -> Player:
    """Rounds missing before ``round_number`` are absences; ``absent_next`` pre-sets a bye."""
    rounds = list(team.rounds)
    zero = RoundEntry(None, None, ResultCode.ZERO_POINT_BYE, game_points=0, match_points=0)
    while len(rounds) < round_number - 1:
        rounds.append(zero)
    absent = raw.get("absent_next", False)
    if not isinstance(absent, bool):
        raise InputError(
            f"{source}: "
            + _("team {team}: 'absent_next' must be true or false").format(team=team.tpn)
        )
    if absent:
        where = _("team {team}").format(team=team.tpn)
        code = _text(raw.get("absent_result", "Z"), source, f"{where} 'absent_result'")
        result = BYE_RESULTS.get(code.strip().upper())
        if result is None or result is ResultCode.PAIRING_ALLOCATED_BYE:
            raise InputError(
                f"{source}: {where}: "
                + _("'absent_result' must be HPB, ZPB or FPB, not {value}").format(value=repr(code))
            )
        rounds.append(RoundEntry(None, None, result))
    return replace(team, rounds=tuple(rounds))
