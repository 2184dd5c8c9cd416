"""Round robins and Scheveningen events: their settings, their record 192 code, and how a
withdrawal counts in the standings.

The rules come from the FIDE Handbook, C.05 General Regulations for Competitions (GRC):

* Annex 1 (Berger tables): the pairing tables, "where there is an odd number of players,
  the highest number counts as a bye", and "for a double-round tournament it is recommended
  to reverse the order of the last two rounds of the first cycle" (:attr:`swap_last_two`);
* art. 6.6 (round robins): "If a player has completed less than 50 % of his games, the
  results shall remain in the tournament table (for rating and historical purposes), but
  they shall not be counted in the final standings"; at 50 % or more they count, and his
  unplayed games are forfeits (:func:`excluded_from_standings`).

A round robin's number of rounds follows from its participants: a table of ``n`` (``n + 1``
when ``n`` is odd, the highest number being the bye) has ``n - 1`` rounds per cycle. A
Scheveningen event (each player of one team meets every player of the other) has as many
rounds per cycle as a team has players; team A holds pairing numbers 1..m, team B m+1..2m.

The settings travel as TRF-2026 record 192, the encoded type of tournament, with the codes
of FIDE's tournament-type table: ``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN`` (the
recommendation: last two rounds of cycle 1 reversed), ``BERGER_DOUBLEROUNDROBIN`` and
``BERGER_ROUNDROBIN_Gn`` (the tables repeated as they are), ``FIDE_SCHEVENINGEN``,
``FIDE_DOUBLESCHEVENINGEN``, ``FIDE_SCHEVENINGEN_Gn`` and the ``_TEAM_`` forms for team
events. swissdesk keeps that record among a tournament's extra records, like the round dates
(record 132), so that the settings and an exported file say the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from swissdesk.model.tournament import Player, ResultCode, ScoringSystem, Tournament

ROUND_ROBIN = "round-robin"
"""``Tournament.system`` of a round robin paired by the Berger tables (GRC Annex 1)."""

SCHEVENINGEN = "scheveningen"
"""``Tournament.system`` of a Scheveningen event (two teams; team A = numbers 1..m)."""

SYSTEMS = frozenset({ROUND_ROBIN, SCHEVENINGEN})

MAX_CYCLES = 4
"""Single, double, triple and quadruple round robins."""

TAG = "192"

DEFAULT_TIEBREAKS: tuple[str, ...] = ("DE", "WIN", "SB", "KS")
"""Offered for a new round robin: direct encounter (C.07 art. 6), number of wins (art. 7),
Sonneborn-Berger and the Koya system (art. 9), the tie-breaks C.07 defines for games
between everyone. The Buchholz family (art. 8) is never offered for a round robin: every
player meets the same opponents."""

ROUND_ROBIN_SCORING = ScoringSystem(pairing_allocated_bye=0)
"""1 - ½ - 0, and the bye an odd number of players gives (GRC Annex 1: "the highest number
counts as a bye") scores nothing: it is no game, and everyone has one per cycle."""


@dataclass(frozen=True, slots=True)
class RoundRobinSettings:
    """How many times everyone meets (``cycles``) and whether, as GRC Annex 1 recommends,
    the last two rounds of a cycle other than the last are played in reverse order (so that
    nobody has three games in a row with the same colour across the change of cycle)."""

    cycles: int = 1
    swap_last_two: bool = True


def is_round_robin(system: str) -> bool:
    """True for the systems whose pairings a table fixes in advance."""
    return system in SYSTEMS


def table_size(participants: int) -> int:
    """The Berger table used for ``participants``: the next even number (GRC Annex 1)."""
    return participants + participants % 2


def rounds_per_cycle(system: str, participants: int) -> int:
    """Rounds of one cycle: ``table_size - 1`` for a round robin, a team's size for a
    Scheveningen event."""
    if system == SCHEVENINGEN:
        return participants // 2
    return max(table_size(participants) - 1, 0)


def total_rounds(system: str, participants: int, settings: RoundRobinSettings) -> int:
    """The number of rounds the event has (every cycle complete)."""
    return rounds_per_cycle(system, participants) * settings.cycles


def games_per_player(system: str, participants: int, settings: RoundRobinSettings) -> int:
    """Games each participant is scheduled to play (the bye of an odd round robin is none)."""
    if system == SCHEVENINGEN:
        return rounds_per_cycle(system, participants) * settings.cycles
    return max(participants - 1, 0) * settings.cycles


# ---------------------------------------------------------------------------------------
# Record 192

_CYCLE_WORDS = {1: "", 2: "DOUBLE"}
_CODE = re.compile(
    r"^(?:(?P<kind>FIDE|BERGER)_)?(?P<team>TEAM_)?(?P<double>DOUBLE)?"
    r"(?P<what>ROUNDROBIN|SCHEVENINGEN)(?:_G(?P<cycles>\d+))?$"
)


@dataclass(frozen=True, slots=True)
class EventCode:
    """What a record 192 code says about a round robin or Scheveningen event."""

    system: str
    settings: RoundRobinSettings
    team: bool
    order_named: bool = True
    """False for a code without ``FIDE_`` or ``BERGER_`` (``DOUBLE_ROUND_ROBIN``): it does
    not say whether the last rounds of a cycle are reversed (``settings`` then holds the
    recommendation)."""


def code_192(system: str, settings: RoundRobinSettings, *, team: bool = False) -> str:
    """The record 192 code of a round robin (or Scheveningen) with ``settings``.

    ``FIDE_`` codes are the recommended tables (for more than one cycle: the last two rounds
    of a cycle reversed), ``BERGER_`` codes the tables repeated unchanged; single cycles and
    every Scheveningen are ``FIDE_``.
    """
    what = "SCHEVENINGEN" if system == SCHEVENINGEN else "ROUNDROBIN"
    cycles = settings.cycles
    fide = cycles == 1 or system == SCHEVENINGEN or settings.swap_last_two
    kind = "FIDE" if fide else "BERGER"
    middle = "TEAM_" if team else ""
    if cycles in _CYCLE_WORDS:
        return f"{kind}_{middle}{_CYCLE_WORDS[cycles]}{what}"
    return f"{kind}_{middle}{what}_G{cycles}"


def parse_code(text: str) -> EventCode | None:
    """The event a record 192 code names, or None for any other code. Spellings other
    programs use are read too: ``ROUND_ROBIN`` or ``ROUND-ROBIN`` for ``ROUNDROBIN``,
    ``DOUBLE_ROUNDROBIN`` for ``DOUBLEROUNDROBIN``, and a code without its ``FIDE_`` or
    ``BERGER_`` prefix (see :attr:`EventCode.order_named`)."""
    code = re.sub(r"[\s-]+", "_", text.strip().upper())
    code = code.replace("ROUND_ROBIN", "ROUNDROBIN")
    code = re.sub(r"DOUBLE_(ROUNDROBIN|SCHEVENINGEN)", r"DOUBLE\1", code)
    match = _CODE.match(code)
    if match is None:
        return None
    cycles = 2 if match["double"] else int(match["cycles"] or 1)
    if match["double"] and match["cycles"]:
        return None
    if not 1 <= cycles <= MAX_CYCLES:
        return None
    system = SCHEVENINGEN if match["what"] == "SCHEVENINGEN" else ROUND_ROBIN
    swap = match["kind"] != "BERGER"
    return EventCode(
        system, RoundRobinSettings(cycles, swap), bool(match["team"]), match["kind"] is not None
    )


_TEXT_WORDS: tuple[tuple[str, str], ...] = (
    ("scheveningen", SCHEVENINGEN),
    ("roundrobin", ROUND_ROBIN),
    ("berger", ROUND_ROBIN),
    ("rundenturnier", ROUND_ROBIN),
    ("todoscontratodos", ROUND_ROBIN),
    ("toutesrondes", ROUND_ROBIN),
    ("allitaliana", ROUND_ROBIN),
    ("круговой", ROUND_ROBIN),
)
"""Words that name a round robin in a free-text type of tournament (English, German,
Spanish, French, Italian, Russian), spaces, hyphens and punctuation left out."""


def system_from_text(text: str) -> str | None:
    """The round robin or Scheveningen event a free-text type of tournament names (TRF16
    record 092, e.g. ``Individual: Round-Robin``), or None; a text naming a Swiss system
    names no round robin."""
    words = "".join(c for c in text.casefold() if c.isalpha())
    if "swiss" in words or "schweizer" in words or "suisse" in words:
        return None
    for word, system in _TEXT_WORDS:
        if word in words:
            return system
    return None


def double_in_text(text: str) -> bool:
    """Whether a free-text type of tournament says the round robin is double."""
    words = "".join(c for c in text.casefold() if c.isalpha())
    return any(w in words for w in ("double", "doppel", "doble", "doppio", "двух"))


def from_records(records: Sequence[str]) -> EventCode | None:
    """The round robin a tournament's extra TRF records declare (record 192), if any."""
    for record in records:
        if record.startswith(TAG):
            return parse_code(record[3:])
    return None


def replace_in_records(
    records: Sequence[str], system: str, settings: RoundRobinSettings, *, team: bool = False
) -> tuple[str, ...]:
    """``records`` with record 192 saying ``system``: the round robin's code for a round
    robin; for any other system a round-robin code is dropped (the TRF writer then names the
    system) and any other record 192 kept."""
    kept = [r for r in records if not (r.startswith(TAG) and parse_code(r[3:]) is not None)]
    if not is_round_robin(system):
        return tuple(kept)
    kept = [r for r in kept if not r.startswith(TAG)]
    return (*kept, f"{TAG} {code_192(system, settings, team=team)}")


def cycles_from_rounds(system: str, participants: int, rounds: int) -> int | None:
    """The cycles ``rounds`` rounds make for ``participants``, if a whole number."""
    per_cycle = rounds_per_cycle(system, participants)
    if per_cycle <= 0 or rounds <= 0 or rounds % per_cycle:
        return None
    cycles = rounds // per_cycle
    return cycles if cycles <= MAX_CYCLES else None


def settings_of(tournament: Tournament) -> RoundRobinSettings:
    """A round robin's settings: from record 192, else the cycles its number of rounds
    makes (the FIDE recommendation for the order of the rounds), else a single cycle."""
    code = from_records(tournament.extra_records)
    if code is not None and code.system == tournament.system:
        return code.settings
    cycles = cycles_from_rounds(tournament.system, len(tournament.players), tournament.total_rounds)
    return RoundRobinSettings(cycles=cycles or 1)


def scheveningen_teams(tournament: Tournament, after_round: int) -> tuple[tuple[str, int], ...]:
    """A Scheveningen event's two teams with their points (half-points) after
    ``after_round``: named by their players' federation when all share one, else "Team A"
    (numbers 1..m) and "Team B" (m+1..2m)."""
    if tournament.system != SCHEVENINGEN:
        return ()
    players = sorted(tournament.players, key=lambda p: p.tpn)
    half = len(players) // 2
    out = []
    for label, team in (("Team A", players[:half]), ("Team B", players[half:])):
        federations = {p.federation.strip().upper() for p in team}
        name = federations.pop() if len(federations) == 1 and "" not in federations else label
        if team:
            name += f" (nos. {team[0].tpn}-{team[-1].tpn})"
        points = sum(
            tournament.scoring.points(e.result) for p in team for e in p.rounds[:after_round]
        )
        out.append((name, points))
    return tuple(out)


# ---------------------------------------------------------------------------------------
# Withdrawals (GRC art. 6.6)


def left_from_round(player: Player, last_round: int) -> int | None:
    """The round from which ``player`` no longer came: every game he was paired for from
    that round through ``last_round`` is a forfeit loss (a bye in between changes nothing),
    and there is at least one. None when he played, or won by forfeit, in the last of them.

    swissdesk scores a withdrawn player's remaining games of a round robin as forfeits
    (GRC art. 6.6: "the unplayed games of the player are indicated by (-)"), so the rule
    reads the same from a tournament file and from a TRF.
    """
    first: int | None = None
    for r in range(last_round, 0, -1):
        entry = player.entry(r)
        if entry is None:
            return first
        if entry.opponent is None:
            continue
        if entry.result is not ResultCode.FORFEIT_LOSS:
            break
        first = r
    return first


def completed_games(player: Player, last_round: int) -> int:
    """Games the player completed: played over the board, or won because the opponent did
    not come (he was there)."""
    count = 0
    for entry in player.rounds[:last_round]:
        if entry.opponent is None:
            continue
        if entry.result.is_played or entry.result is ResultCode.FORFEIT_WIN:
            count += 1
    return count


def excluded_from_standings(tournament: Tournament, after_round: int) -> frozenset[int]:
    """Pairing numbers of the players GRC art. 6.6 leaves out of the standings after
    ``after_round``: in an individual round robin, players who left the tournament (by
    that round) having completed less than 50 % of their games. Their results stay in the
    cross table; neither their points nor the points scored against them count."""
    if tournament.system != ROUND_ROBIN or tournament.is_team:
        return frozenset()
    settings = settings_of(tournament)
    scheduled = games_per_player(tournament.system, len(tournament.players), settings)
    last = tournament.rounds_with_pairings
    out = set()
    for player in tournament.players:
        left = left_from_round(player, last)
        if left is None or left > after_round:
            continue
        if 2 * completed_games(player, last) < scheduled:
            out.add(player.tpn)
    return frozenset(out)
