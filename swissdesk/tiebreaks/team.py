"""Team standings and the team tie-breaks of C.07 (Tie-Break Regulations, team competitions).

Standard library only. A team tournament's participants are teams; each round entry is a
match with match points and game points (``swissdesk.model.team``). The tie-breaks here are
those the individual list does not have, all in half-point integers (exact, no floats):

* ``MP`` match points and ``GP`` game points (C.07: the primary and secondary scores);
* ``BH:MP`` Buchholz on match points: the opponents' match points; an unplayed round
  (bye, forfeit, absence) counts the team's own match points (C.07 art. 16, virtual
  opponent read as "the participant's own score"); ``BH1:MP`` cuts the lowest;
* ``SB:MP`` Sonneborn-Berger on match points: each opponent's match points times the
  fraction of the match won (1, ½, 0), kept doubled so it stays an integer;
* ``SB:MPxGP`` the team Sonneborn-Berger: each opponent's match points times the game
  points scored against it;
* ``DE`` direct encounter: among the teams tied on the primary score, the match points
  scored in their matches against one another, used only when every pair of them met.

``team_standings`` ranks by primary score then the listed tie-breaks; ties share a place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from swissdesk.i18n import N_, _
from swissdesk.model.team import (
    FORFEITS,
    entry_game_points,
    entry_match_points,
    team_settings,
)
from swissdesk.model.tournament import ResultCode, Tournament

TEAM_TIEBREAKS: dict[str, str] = {
    "MP": N_("Match points"),
    "GP": N_("Game points"),
    "BH:MP": N_("Buchholz on match points"),
    "BH1:MP": N_("Buchholz on match points, cut 1"),
    "SB:MP": N_("Sonneborn-Berger on match points"),
    "SB:MPxGP": N_("Sonneborn-Berger: opponents' match points x game points scored"),
    "DE": N_("Direct encounter"),
}
DEFAULT_TEAM_TIEBREAKS = ("GP", "BH:MP", "SB:MPxGP", "DE")
TEAM_ROUND_ROBIN_TIEBREAKS = ("GP", "DE", "SB:MPxGP")
"""A team round robin's list: no Buchholz (every team meets the same opponents)."""


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One line of the team standings (values in the units of ``team_tiebreak_value``)."""

    rank: int
    tpn: int
    match_points: int
    game_points: int
    values: tuple[int, ...]
    rank_label: str = ""
    """The place as printed: ``"3"``, or ``"3-4"`` for teams equal on every tie-break
    (as the individual standings write a shared place)."""


def _played(e_opponent: int | None, result: ResultCode) -> bool:
    return e_opponent is not None and result not in FORFEITS and result.is_played


def team_tiebreak_values(
    tournament: Tournament, name: str, rounds: int | None = None
) -> dict[int, int]:
    """The value of tie-break ``name`` for every team after ``rounds`` (default: all).

    MP, GP, BH and DE are in half-points; ``SB:MP`` in quarter points (opponent's half-point
    score times the doubled match fraction); ``SB:MPxGP`` in quarter points too.
    """
    if name not in TEAM_TIEBREAKS:
        known = ", ".join(TEAM_TIEBREAKS)
        raise ValueError(
            _("unknown team tie-break {name!r} (known: {known})").format(name=name, known=known)
        )
    last = (
        rounds
        if rounds is not None
        else max((len(p.rounds) for p in tournament.players), default=0)
    )
    mp: dict[int, int] = {}
    gp: dict[int, int] = {}
    for p in tournament.players:
        entries = [e for e in p.rounds[:last]]
        mp[p.tpn] = sum(entry_match_points(tournament, e) for e in entries)
        gp[p.tpn] = sum(entry_game_points(tournament, e) for e in entries)
    settings = team_settings(tournament)
    primary = gp if settings.primary_score == "game" else mp
    if name == "MP":
        return mp
    if name == "GP":
        return gp
    win = tournament.scoring.win or 1
    out: dict[int, int] = {}
    for p in tournament.players:
        parts: list[int] = []
        total = 0
        for e in p.rounds[:last]:
            if name.startswith("BH"):
                parts.append(
                    mp[e.opponent] if _played(e.opponent, e.result) and e.opponent else mp[p.tpn]
                )
            elif _played(e.opponent, e.result) and e.opponent is not None:
                if name == "SB:MP":
                    total += mp[e.opponent] * 2 * entry_match_points(tournament, e) // win
                elif name == "SB:MPxGP":
                    total += mp[e.opponent] * entry_game_points(tournament, e)
        if name == "BH:MP":
            total = sum(parts)
        elif name == "BH1:MP":
            total = sum(parts) - (min(parts) if parts else 0)
        out[p.tpn] = total
    if name == "DE":
        return _direct_encounter(tournament, primary, last)
    return out


def _direct_encounter(tournament: Tournament, primary: dict[int, int], last: int) -> dict[int, int]:
    """C.07 direct encounter among teams tied on the primary score (0 when not all met)."""
    groups: dict[int, list[int]] = {}
    for tpn, score in primary.items():
        groups.setdefault(score, []).append(tpn)
    out = dict.fromkeys(primary, 0)
    for members in groups.values():
        if len(members) < 2:
            continue
        group = set(members)
        scored = dict.fromkeys(members, 0)
        met: set[frozenset[int]] = set()
        for tpn in members:
            for e in tournament.player(tpn).rounds[:last]:
                if e.opponent in group and _played(e.opponent, e.result):
                    scored[tpn] += entry_match_points(tournament, e)
                    met.add(frozenset((tpn, e.opponent)))
        if len(met) == len(members) * (len(members) - 1) // 2:
            out.update(scored)
    return out


def team_standings(
    tournament: Tournament,
    tiebreaks: Sequence[str] = DEFAULT_TEAM_TIEBREAKS,
    rounds: int | None = None,
) -> list[TeamRow]:
    """Teams ranked by primary score, then ``tiebreaks`` (higher first); ties share a rank."""
    values = [team_tiebreak_values(tournament, name, rounds) for name in tiebreaks]
    mp = team_tiebreak_values(tournament, "MP", rounds)
    gp = team_tiebreak_values(tournament, "GP", rounds)
    primary = gp if team_settings(tournament).primary_score == "game" else mp
    order = sorted(
        (p.tpn for p in tournament.players),
        key=lambda t: (-primary[t], *(-v[t] for v in values), t),
    )
    rows: list[TeamRow] = []
    previous: tuple[int, ...] | None = None
    rank = 0
    for position, tpn in enumerate(order, start=1):
        key = (primary[tpn], *(v[tpn] for v in values))
        if key != previous:
            rank = position
            previous = key
        rows.append(TeamRow(rank, tpn, mp[tpn], gp[tpn], tuple(v[tpn] for v in values)))
    shared: dict[int, int] = {}
    for row in rows:
        shared[row.rank] = shared.get(row.rank, 0) + 1
    return [
        replace(row, rank_label=f"{row.rank}-{row.rank + shared[row.rank] - 1}")
        if shared[row.rank] > 1
        else replace(row, rank_label=str(row.rank))
        for row in rows
    ]


def format_team_value(name: str, value: int) -> str:
    """A tie-break value as printed: half-points as ``12.5``, quarter points as ``31.25``."""
    if name.startswith("SB"):
        whole, rest = divmod(value, 4)
        return f"{whole}" + {0: "", 1: ".25", 2: ".5", 3: ".75"}[rest]
    whole, half = divmod(value, 2)
    return f"{whole}.{5 if half else 0}"
