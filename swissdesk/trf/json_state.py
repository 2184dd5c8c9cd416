"""The JSON tournament state (``../shared/corpus/README.md``): headless pairing of any system.

A JSON state lists every participant with its round-by-round history, the round to pair, the
number of rounds, the colour drawn for round one and the point values. It carries what a TRF
carries for pairing, in a form any program can write, and is read into the same
:class:`~swissdesk.model.tournament.Tournament` snapshot as a TRF.

Individual systems (Dutch, Dubov, Burstein, Lim, 1992) and the Double-Swiss (C.04.5: each
round a two-game match, ``"1="``; byes ``PAB``/``FPB``/``HPB``/``ZPB`` per match) are read
here. Keys the reader does not
know (``expected``, ``meta``) are ignored. Every error is an :class:`InputError` naming the
file and the participant, never a traceback.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.tournament import (
    DOUBLE_SWISS,
    Colour,
    HalfPoints,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
    TournamentInfo,
    double_swiss_match,
)
from swissdesk.trf.reader import read_trf

INDIVIDUAL_RESULTS: Mapping[str, ResultCode] = {
    "1": ResultCode.WIN,
    "=": ResultCode.DRAW,
    "0": ResultCode.LOSS,
    "W": ResultCode.WIN,
    "D": ResultCode.DRAW,
    "L": ResultCode.LOSS,
    "+": ResultCode.FORFEIT_WIN,
    "-": ResultCode.FORFEIT_LOSS,
    "U": ResultCode.PAIRING_ALLOCATED_BYE,
    "H": ResultCode.HALF_POINT_BYE,
    "Z": ResultCode.ZERO_POINT_BYE,
    "F": ResultCode.FULL_POINT_BYE,
}
"""History result codes of an individual event and the TRF result they stand for."""

ABSENCE_RESULTS: Mapping[str, ResultCode] = {
    "H": ResultCode.HALF_POINT_BYE,
    "Z": ResultCode.ZERO_POINT_BYE,
    "F": ResultCode.FULL_POINT_BYE,
}
"""``absent_result`` values: the bye an absent participant gets for the round being paired."""

MAX_PARTICIPANTS = 9999
MAX_ROUNDS = 99
"""Bounds of the TRF columns a state must fit into (pairing numbers, rounds)."""

JSON_SYSTEMS_ELSEWHERE = ("team",)

DOUBLE_SWISS_GAMES: Mapping[str, ResultCode] = {
    "1": ResultCode.WIN,
    "=": ResultCode.DRAW,
    "0": ResultCode.LOSS,
    "+": ResultCode.FORFEIT_WIN,
    "-": ResultCode.FORFEIT_LOSS,
}
"""One character of a Double-Swiss match result: a game from this player's side."""

DOUBLE_SWISS_BYES: Mapping[str, ResultCode] = {
    "PAB": ResultCode.PAIRING_ALLOCATED_BYE,
    "FPB": ResultCode.FULL_POINT_BYE,
    "HPB": ResultCode.HALF_POINT_BYE,
    "ZPB": ResultCode.ZERO_POINT_BYE,
    "U": ResultCode.PAIRING_ALLOCATED_BYE,
    "F": ResultCode.FULL_POINT_BYE,
    "H": ResultCode.HALF_POINT_BYE,
    "Z": ResultCode.ZERO_POINT_BYE,
}
"""Double-Swiss rounds without an opponent (byes apply to matches, C.04.5 preface)."""


def looks_like_json(path: str | os.PathLike[str]) -> bool:
    """True for a ``.json`` file, or a file whose first non-blank byte is ``{``."""
    p = Path(path)
    if p.suffix.lower() == ".json":
        return True
    try:
        with p.open("rb") as fh:
            head = fh.read(64).lstrip()
    except OSError:
        return False
    return head.startswith(b"{")


def read_json_state(path: str | os.PathLike[str]) -> Tournament:
    """Read a JSON tournament state into a tournament snapshot.

    The entry of a participant with ``absent_next`` for the round to pair is the pre-set bye
    of ``absent_result`` (``Z``, not paired, when none is given), exactly as a TRF cut before
    that round writes it (``0000 - H/Z/F``).
    """
    name = os.fspath(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{name}: " + _("cannot read the file: {why}").format(why=exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"{name}:{exc.lineno}:{exc.colno}: "
        raise InputError(where + _("not valid JSON: {why}").format(why=exc.msg)) from None
    return state_to_tournament(data, name)


def state_to_tournament(data: Any, source: str = "<state>") -> Tournament:
    """The tournament a parsed JSON state describes (see :func:`read_json_state`)."""
    if not isinstance(data, dict):
        raise InputError(f"{source}: " + _("a tournament state is a JSON object"))
    system = _text(data.get("system", "dutch"), source, "system").strip().lower() or "dutch"
    if system == "team":  # C.04.6 team states: swissdesk/trf/json_team.py
        from swissdesk.trf.json_team import team_state_to_tournament

        return team_state_to_tournament(data, source)
    if system in JSON_SYSTEMS_ELSEWHERE:
        raise InputError(
            f"{source}: "
            + _("JSON states of the {system} system are not read by this version of swissdesk")
            .format(system=system)
        )
    double = system == DOUBLE_SWISS
    scoring = (_double_swiss_scoring if double else _scoring)(data.get("points", {}), source)
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise InputError(f"{source}: " + _("'players' must be a non-empty list"))
    players: list[Player] = []
    last_round = 0
    seen: set[int] = set()
    for index, raw in enumerate(raw_players, start=1):
        player, last = _player(raw, source, index, scoring if double else None)
        if player.tpn in seen:
            raise InputError(
                f"{source}: "
                + _("pairing number {number} is listed twice").format(number=player.tpn)
            )
        seen.add(player.tpn)
        players.append(player)
        last_round = max(last_round, last)
    round_number, total = round_and_total(data, source, last_round)
    for p in players:
        for entry in p.rounds:
            if entry.opponent is not None and entry.opponent not in seen:
                raise InputError(
                    f"{source}: "
                    + _("player {player} met {opponent}, who is not listed").format(
                        player=p.tpn, opponent=entry.opponent
                    )
                )
    finished = [
        _fill_rounds(p, raw, round_number, source)
        for p, raw in zip(players, raw_players, strict=True)
    ]
    if double:
        finished = _settle_matches(finished, scoring, source)
    return Tournament(
        players=tuple(sorted(finished, key=lambda p: p.tpn)),
        total_rounds=total,
        initial_colour=initial_colour(data, source),
        scoring=scoring,
        info=TournamentInfo(name=_text(data.get("name", ""), source, "name")),
        system=system,
    )


def round_and_total(data: Mapping[str, Any], source: str, last_round: int) -> tuple[int, int]:
    """The round to pair (default: the one after every history) and the number of rounds;
    refused when a history already reaches that round or it is past the last."""
    round_number = _int(data.get("round", last_round + 1), source, "round", 1, MAX_ROUNDS)
    if round_number <= last_round:
        raise InputError(
            f"{source}: "
            + _("'round' is {round} but a history already reaches round {last}").format(
                round=round_number, last=last_round
            )
        )
    total = _int(data.get("rounds_total", round_number), source, "rounds_total", 1, MAX_ROUNDS)
    if total < round_number:
        raise InputError(
            f"{source}: "
            + _("round {round} is past 'rounds_total' ({total})").format(
                round=round_number, total=total
            )
        )
    return round_number, total


def initial_colour(data: Mapping[str, Any], source: str) -> Colour:
    """The colour drawn for round one (``"white"``/``"black"``, default white)."""
    colour = _text(data.get("initial_colour", "white"), source, "initial_colour").lower()
    if colour not in ("white", "black", "w", "b"):
        raise InputError(f"{source}: " + _("'initial_colour' must be \"white\" or \"black\""))
    return Colour.WHITE if colour.startswith("w") else Colour.BLACK


def _player(
    raw: Any, source: str, index: int, double_swiss: ScoringSystem | None = None
) -> tuple[Player, int]:
    """A participant with its played rounds (absences filled in later) and its last round.

    ``double_swiss`` (the scoring) reads the history as Double-Swiss matches.
    """
    if not isinstance(raw, dict):
        raise InputError(
            f"{source}: " + _("player #{index} is not a JSON object").format(index=index)
        )
    tpn = _int(
        raw.get("tpn"), source, _("player #{index} 'tpn'").format(index=index), 1, MAX_PARTICIPANTS
    )
    where = _("player {player}").format(player=tpn)

    def read(item: Mapping[str, Any], at: str) -> RoundEntry:
        if double_swiss is not None:
            return _match_entry(item, source, at, double_swiss)
        return _entry(item, source, at)

    by_round = history_by_round(raw.get("history", []), source, where, read)
    last = max(by_round, default=0)
    rounds = tuple(
        by_round.get(r, RoundEntry.bye(ResultCode.ZERO_POINT_BYE)) for r in range(1, last + 1)
    )
    player = Player(
        tpn=tpn,
        name=_text(raw.get("name", f"Player {tpn}"), source, f"{where} 'name'"),
        rating=_int(raw.get("rating", 0), source, f"{where} 'rating'", 0, 9999),
        sex=_text(raw.get("sex", ""), source, f"{where} 'sex'"),
        title=_text(raw.get("title", ""), source, f"{where} 'title'"),
        federation=_text(raw.get("federation", ""), source, f"{where} 'federation'"),
        fide_id=str(raw.get("fide_id", "") or ""),
        rounds=rounds,
    )
    return player, last


def history_by_round(
    history: Any,
    source: str,
    where: str,
    read: Callable[[Mapping[str, Any], str], RoundEntry],
) -> dict[int, RoundEntry]:
    """A participant's ``history`` round by round; ``read(item, where)`` reads one round
    (an individual game, a Double-Swiss match, a team match). Refuses what is not a list of
    objects, a bad round number and a round listed twice."""
    if not isinstance(history, list):
        raise InputError(f"{source}: {where}: " + _("'history' must be a list"))
    by_round: dict[int, RoundEntry] = {}
    for item in history:
        if not isinstance(item, dict):
            raise InputError(f"{source}: {where}: " + _("a history entry is not a JSON object"))
        r = _int(item.get("round"), source, f"{where} 'round'", 1, MAX_ROUNDS)
        if r in by_round:
            raise InputError(
                f"{source}: {where}: " + _("round {round} is listed twice").format(round=r)
            )
        # Translators: where in a JSON state: "player 3 round 2", "team 4 round 1".
        by_round[r] = read(item, _("{where} round {round}").format(where=where, round=r))
    return by_round


def _fill_rounds(player: Player, raw: dict[str, Any], round_number: int, source: str) -> Player:
    """Rounds missing before ``round_number`` are absences; ``absent_next`` pre-sets a bye."""
    rounds = list(player.rounds)
    while len(rounds) < round_number - 1:
        rounds.append(RoundEntry.bye(ResultCode.ZERO_POINT_BYE))
    if raw.get("absent_next", False):
        where = _("player {player}").format(player=player.tpn)
        code = _text(raw.get("absent_result", "Z"), source, f"{where} 'absent_result'")
        result = ABSENCE_RESULTS.get(code.upper()) or ABSENCE_RESULTS.get(
            {"HPB": "H", "ZPB": "Z", "FPB": "F"}.get(code.upper(), "?")
        )
        if result is None:
            raise InputError(
                f"{source}: {where}: "
                + _("'absent_result' must be H, Z or F, not {value}").format(value=repr(code))
            )
        rounds.append(RoundEntry.bye(result))
    return replace(player, rounds=tuple(rounds))


def _entry(item: Mapping[str, Any], source: str, where: str) -> RoundEntry:
    """One round of an individual history."""
    code = _text(item.get("result"), source, f"{where} 'result'")
    result = INDIVIDUAL_RESULTS.get(code)
    if result is None:
        known = " ".join(INDIVIDUAL_RESULTS)
        raise InputError(
            f"{source}: {where}: "
            + _("unknown result {code} (known: {known})").format(code=repr(code), known=known)
        )
    opponent = _int(item.get("opponent", 0), source, f"{where} 'opponent'", 0, MAX_PARTICIPANTS)
    colour_text = _text(item.get("colour", "-"), source, f"{where} 'colour'").lower()
    colour = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None, "": None}.get(colour_text, "?")
    if colour == "?":
        raise InputError(f"{source}: {where}: " + _("colour must be \"w\", \"b\" or \"-\""))
    if result.is_bye:
        if opponent:
            raise InputError(
                f"{source}: {where}: " + _("a bye ({code}) has no opponent").format(code=code)
            )
        return RoundEntry.bye(result)
    if not opponent:
        raise InputError(
            f"{source}: {where}: "
            + _("result {code} needs an opponent").format(code=repr(code))
        )
    if result.is_played and colour is None:
        raise InputError(f"{source}: {where}: " + _("a played game needs a colour"))
    return RoundEntry(opponent, colour if isinstance(colour, Colour) else None, result)


def _match_entry(
    item: Mapping[str, Any], source: str, where: str, scoring: ScoringSystem
) -> RoundEntry:
    """One round of a Double-Swiss history: a two-game match (``"1="``) or a bye (``PAB``)."""
    code = _text(item.get("result"), source, f"{where} 'result'").strip()
    opponent = _int(item.get("opponent", 0), source, f"{where} 'opponent'", 0, MAX_PARTICIPANTS)
    bye = DOUBLE_SWISS_BYES.get(code.upper())
    if bye is not None:
        if opponent:
            raise InputError(
                f"{source}: {where}: " + _("a bye ({code}) has no opponent").format(code=code)
            )
        return replace(RoundEntry.bye(bye), game_points=scoring.points(bye))
    games = tuple(DOUBLE_SWISS_GAMES.get(c) for c in code)
    if len(games) != 2 or None in games:
        raise InputError(
            f"{source}: {where}: "
            + _(
                "a Double-Swiss match result is two game results from 1 = 0 + - (e.g. \"1=\"), "
                "or PAB, FPB, HPB, ZPB; not {code}"
            ).format(code=repr(code))
        )
    if not opponent:
        raise InputError(
            f"{source}: {where}: "
            + _("result {code} needs an opponent").format(code=repr(code))
        )
    colour_text = _text(item.get("colour", "-"), source, f"{where} 'colour'").lower()
    if colour_text not in ("w", "b"):
        raise InputError(
            f"{source}: {where}: " + _("a match needs the colour of game 1, \"w\" or \"b\"")
        )
    first, second = (g for g in games if g is not None)
    colour = Colour.WHITE if colour_text == "w" else Colour.BLACK
    return double_swiss_match(opponent, colour, (first, second), scoring)


def _settle_matches(players: list[Player], scoring: ScoringSystem, source: str) -> list[Player]:
    """Each match's summary result from both sides' scores; both sides must agree."""
    by_tpn = {p.tpn: p for p in players}
    out: list[Player] = []
    for p in players:
        rounds = list(p.rounds)
        for i, e in enumerate(rounds):
            if e.opponent is None or len(e.games) != 2:
                continue
            other = by_tpn[e.opponent].entry(i + 1)
            if other is None or other.opponent != p.tpn or len(other.games) != 2:
                raise InputError(
                    f"{source}: "
                    + _(
                        "player {player} round {round}: opponent {opponent} does not list this "
                        "match"
                    ).format(player=p.tpn, round=i + 1, opponent=e.opponent)
                )
            colour = e.games[0].colour
            if colour is None or other.games[0].colour is not colour.opposite:
                raise InputError(
                    f"{source}: "
                    + _(
                        "players {player} and {opponent} round {round}: both have the same "
                        "colour in game 1"
                    ).format(player=p.tpn, opponent=e.opponent, round=i + 1)
                )
            rounds[i] = double_swiss_match(
                e.opponent,
                colour,
                (e.games[0].result, e.games[1].result),
                scoring,
                other.game_points,
            )
        out.append(replace(p, rounds=tuple(rounds)))
    return out


def _point_values(raw: Any, source: str) -> Callable[[str, HalfPoints], HalfPoints]:
    """``value(key, default)``: the state's ``points.key`` in half-points, else ``default``."""
    if not isinstance(raw, dict):
        raise InputError(f"{source}: " + _("'points' must be a JSON object"))

    def value(key: str, default: HalfPoints) -> HalfPoints:
        if key not in raw:
            return default
        return _half_points(raw[key], source, f"points.{key}")

    return value


def _double_swiss_scoring(raw: Any, source: str) -> ScoringSystem:
    """Double-Swiss points: ``win``/``draw``/``loss``/``forfeit_*`` per game, byes per match
    (PAB a won and a drawn game, 1.5 by default, C.04.5 art. 1.4; FPB 2, HPB 1, ZPB 0)."""
    value = _point_values(raw, source)
    win = value("win", 2)
    draw = value("draw", 1)
    return ScoringSystem(
        win=win,
        draw=draw,
        loss=value("loss", 0),
        forfeit_win=value("forfeit_win", win),
        forfeit_loss=value("forfeit_loss", 0),
        pairing_allocated_bye=value("pab", win + draw),
        full_point_bye=value("fpb", 2 * win),
        half_point_bye=value("hpb", win),
        zero_point_bye=value("zpb", 0),
        absent=value("zpb", 0),
    )


def _scoring(raw: Any, source: str) -> ScoringSystem:
    """Point values in half-points; defaults as the corpus README gives them."""
    value = _point_values(raw, source)
    win = value("win", 2)
    draw = value("draw", 1)
    return ScoringSystem(
        win=win,
        draw=draw,
        loss=value("loss", 0),
        forfeit_win=value("forfeit_win", win),
        forfeit_loss=value("forfeit_loss", 0),
        pairing_allocated_bye=value("pab", win),
        full_point_bye=value("full_bye", win),
        half_point_bye=value("half_bye", draw),
        zero_point_bye=value("zero_bye", 0),
        absent=value("zero_bye", 0),
    )


def _half_points(value: Any, source: str, what: str) -> HalfPoints:
    """A point value (``1``, ``0.5``, ``3``) as integer half-points; refuses other fractions."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        # Translators: {what} names a field of a JSON state ("points.win", "player 3 'rating'").
        raise InputError(f"{source}: " + _("{what} must be a number").format(what=what))
    doubled = value * 2
    if doubled != int(doubled) or not -200 <= doubled <= 200:
        raise InputError(
            f"{source}: "
            + _("{what} must be a whole or half point between -100 and 100").format(what=what)
        )
    return int(doubled)


def _int(value: Any, source: str, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{source}: " + _("{what} must be a whole number").format(what=what))
    if not low <= value <= high:
        raise InputError(
            f"{source}: "
            + _("{what} must be between {low} and {high}, not {value}").format(
                what=what, low=low, high=high, value=value
            )
        )
    return value


def read_tournament(path: str | os.PathLike[str]) -> Tournament:
    """A TRF (TRF16 or TRF-2026) or a JSON tournament state, told apart by their content."""
    if looks_like_json(path):
        return read_json_state(path)
    from swissdesk.trf.team_records import is_team_trf_file, read_team_trf

    if is_team_trf_file(path):  # TRF-2026 team section: the teams are the participants
        return read_team_trf(path).tournament
    return read_trf(path)


def _text(value: Any, source: str, what: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{source}: " + _("{what} must be a string").format(what=what))
    return value
