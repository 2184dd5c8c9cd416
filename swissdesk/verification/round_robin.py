"""Round robins (and Scheveningen events) in ``swissdesk check`` and ``swissdesk generate``.

**Check.** A round robin is not re-paired: each round of the file is compared with the
round the Berger tables give (GRC Annex 1; the cycles and the order of the last rounds
from record 192, else from the number of rounds): the same games, the same colours, and
the table's bye player without a game. Forfeited games count as pairings (the table
scheduled them: a withdrawn player's games are forfeits, GRC art. 6.6).

**Generate.** The table numbers are the pairing numbers (the ratings are drawn, so the
numbering is a lot); every round is the table's, results are drawn from FIDE's rating table
and the draw rate, forfeits as asked, a player may withdraw (his later games forfeited); the
rank column follows the tie-break list (round-robin tie-breaks only, no Buchholz), players
GRC art. 6.6 leaves out having no rank. The options a round robin has: players, cycles,
swap, seed, draw rate, withdraw rate, forfeit wins, double forfeits, ½-0, 0-½ and 0-0
games, tie-breaks, ratings (and the rounds, when they are what the table gives: they name
the cycles).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from swissdesk.engines.base import PairingEngine, RoundPairing
from swissdesk.engines.round_robin.engine import scheduled_round
from swissdesk.engines.round_robin.tables import schedule
from swissdesk.engines.round_robin.verify import file_round
from swissdesk.errors import InputError
from swissdesk.i18n import N_, _, ngettext, said
from swissdesk.model.round_robin import (
    ROUND_ROBIN,
    ROUND_ROBIN_SCORING,
    SCHEVENINGEN,
    RoundRobinSettings,
    code_192,
    cycles_from_rounds,
    double_in_text,
    from_records,
    replace_in_records,
)
from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
    TournamentInfo,
)
from swissdesk.tiebreaks import compute_standings
from swissdesk.trf.writer import format_trf
from swissdesk.verification.check import register_pairing_checker
from swissdesk.verification.generator import Generator, register_generator
from swissdesk.verification.generator.quantities import draw_counts
from swissdesk.verification.generator.results import draw_result
from swissdesk.verification.generator.settings import GeneratorSettings
from swissdesk.verification.pairings import Discrepancy, PairingsReport, RoundCheck

OPTIONS = frozenset(
    {
        "players",
        "rounds",
        "cycles",
        "swap",
        "draw_rate",
        "withdraw_rate",
        "forfeit_wins",
        "double_forfeits",
        "half_zero",
        "zero_half",
        "zero_zero",
        "tiebreaks",
        "ratings",
    }
)
"""The generator options a round robin takes (no requested byes, no late entries, no
acceleration: the table schedules every game)."""

POINTS_CODE = "PTS"

_GAME_EVENTS: tuple[tuple[str, tuple[ResultCode, ResultCode]], ...] = (
    ("forfeit_wins", (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)),
    ("double_forfeits", (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)),
    ("half_zero", (ResultCode.DRAW, ResultCode.LOSS)),
    ("zero_half", (ResultCode.LOSS, ResultCode.DRAW)),
    ("zero_zero", (ResultCode.LOSS, ResultCode.LOSS)),
)
"""Results given to games drawn at random, as asked: the option, White's and Black's result
(a forfeit win goes to White or Black at random; ½-0, 0-½ and 0-0 as the checklist names
them, Q24)."""


# ---------------------------------------------------------------------------------------
# Check


_TABLE_TEXTS = (
    N_("the file pairs {pair}; round {table_round} of the table does not"),
    N_(
        "colours of {pair}: the file gives White to {file}, round {table_round} of the table "
        "to {table}"
    ),
    N_("round {table_round} of the table pairs {pair} (White first); the file does not"),
)
_CYCLE_TEXTS = (
    N_("the file pairs {pair}; round {table_round} of the table, cycle {cycle} does not"),
    N_(
        "colours of {pair}: the file gives White to {file}, round {table_round} of the table, "
        "cycle {cycle} to {table}"
    ),
    N_(
        "round {table_round} of the table, cycle {cycle} pairs {pair} (White first); the file "
        "does not"
    ),
)
"""A round's pair the table does not make, its colours, a pair of the table the file lacks:
against the table's round, or the table's round in a later cycle (or with colours reversed)."""


def check_round(tournament: Tournament, round_number: int) -> RoundCheck:
    """One round of the file against the table's round."""
    try:
        step = scheduled_round(tournament, round_number)
    except InputError as exc:
        return RoundCheck(round_number, (Discrepancy("no_pairing", str(exc)),))
    cycle = step.cycle > 1 or step.reversed_colours
    texts = _CYCLE_TEXTS if cycle else _TABLE_TEXTS
    where: dict[str, Any] = {"table_round": step.table_round, "cycle": step.cycle}
    expected = {frozenset((p.white, p.black)): p for p in step.pairs}
    seen = file_round(tournament, round_number)
    out: list[Discrepancy] = []
    met: set[frozenset[int]] = set()
    for white, black, known in seen.games:
        key = frozenset((white, black))
        met.add(key)
        pair = expected.get(key)
        shown = f"{white}-{black}" if known else f"{min(key)}-{max(key)}"
        if pair is None:
            out.append(
                Discrepancy("pair", said(texts[0], pair=shown, **where), tuple(sorted(key)))
            )
        elif known and pair.white != white:
            out.append(
                Discrepancy(
                    "colour",
                    said(texts[1], pair=shown, file=white, table=pair.white, **where),
                    tuple(sorted(key)),
                )
            )
    for key, pair in expected.items():
        if key not in met:
            table_pair = f"{pair.white}-{pair.black}"
            out.append(
                Discrepancy(
                    "missing_pair",
                    said(texts[2], pair=table_pair, **where),
                    tuple(sorted(key)),
                )
            )
    if step.bye is not None and step.bye not in seen.without_opponent:
        out.append(
            Discrepancy(
                "bye",
                said("no. {number} meets the table's bye number: no game", number=step.bye),
                (step.bye,),
            )
        )
    return RoundCheck(round_number, tuple(out), RoundPairing(round_number, step.pairs, step.bye))


def check_round_robin(
    tournament: Tournament, engine: PairingEngine | None, rounds: Iterable[int] | None
) -> PairingsReport:
    """Every recorded round (or ``rounds``) against the tables."""
    last = tournament.rounds_with_pairings
    wanted = sorted(set(rounds)) if rounds is not None else list(range(1, last + 1))
    return PairingsReport(tuple(check_round(tournament, r) for r in wanted))


def as_round_robin(tournament: Tournament, system: str) -> tuple[Tournament, tuple[str, ...]]:
    """``tournament`` to be checked as ``system`` (a round robin or Scheveningen event), with
    the notes to print. When record 192 names the event's cycles and order, nothing changes.
    Otherwise (a TRF16 file, ``--system round-robin`` on a file that names another system, a
    code without ``FIDE_``/``BERGER_``) the cycles come from the number of rounds (else a
    "double" in record 092, else one cycle) and, for a round robin of several cycles, the
    order is the one of GRC Annex 1 the file's rounds follow: the last two rounds of a cycle
    reversed as recommended, or the tables repeated unchanged (the recommendation when both
    fit equally). The choice is written as record 192 so that the rounds, the standings and
    the notes read one setting."""
    t = tournament if tournament.system == system else replace(tournament, system=system)
    code = from_records(t.extra_records)
    if code is not None and code.system == system and code.order_named:
        return t, ()
    n = len(t.players)
    if code is not None and code.system == system:
        cycles = code.settings.cycles
    else:
        rounds = max(t.total_rounds, t.rounds_with_pairings)
        cycles = cycles_from_rounds(system, n, rounds) or (
            2 if double_in_text(t.info.tournament_type) else 1
        )
    orders = [RoundRobinSettings(cycles, True)]
    if system == ROUND_ROBIN and cycles > 1:
        orders.append(RoundRobinSettings(cycles, False))

    def with_192(settings: RoundRobinSettings) -> Tournament:
        records = replace_in_records(t.extra_records, system, settings, team=t.is_team)
        return replace(t, extra_records=records)

    def differences(settings: RoundRobinSettings) -> int:
        report = check_round_robin(with_192(settings), None, None)
        return sum(len(r.discrepancies) for r in report.rounds)

    chosen = min(orders, key=differences)  # min keeps the first (recommended) on a tie
    if code is not None and code.system == system:
        record = _("the file's record 192 names no order")
    elif any(r.startswith("192") for r in t.extra_records):
        record = _("the file's record 192 names no round robin")
    else:
        record = _("the file has no record 192")
    if len(orders) == 1:
        how = ngettext(
            "{cycles} cycle of {n} participants", "{cycles} cycles of {n} participants", cycles
        )
    elif chosen.swap_last_two:
        how = ngettext(
            "{cycles} cycle of {n} participants, the last two rounds of a cycle reversed as GRC "
            "Annex 1 recommends",
            "{cycles} cycles of {n} participants, the last two rounds of a cycle reversed as "
            "GRC Annex 1 recommends",
            cycles,
        )
    else:
        how = ngettext(
            "{cycles} cycle of {n} participants, the tables repeated unchanged",
            "{cycles} cycles of {n} participants, the tables repeated unchanged",
            cycles,
        )
    # Translators: {said} is one of "the file has no record 192", "the file's record 192
    # names no order"...; {code} the record 192 code swissdesk chose; {how} its cycles.
    note = _("{said}: checked as {code} ({how})").format(
        said=record,
        code=code_192(system, chosen, team=t.is_team),
        how=how.format(cycles=cycles, n=n),
    )
    return with_192(chosen), (note,)


# ---------------------------------------------------------------------------------------
# Generate


def generate_round_robin(settings: GeneratorSettings, engine: PairingEngine) -> Tournament:
    """A complete random round robin (or Scheveningen event) played from its tables."""
    settings.validate()
    rng = random.Random(settings.seed)
    n = settings.players
    rr = RoundRobinSettings(settings.cycles, settings.swap_last_two)
    rounds = schedule(n, rr, system=settings.system)
    ratings = settings.ratings.draw(n, rng)
    total = len(rounds)
    plans = {
        name: settings.quantity(name).per_round(total, max(n // 2, 1), rng)
        for name, _ in _GAME_EVENTS
    }
    history: dict[int, list[RoundEntry]] = {tpn: [] for tpn in range(1, n + 1)}
    gone: set[int] = set()
    for step in rounds:
        r = step.round_number
        if r > 1:
            for tpn in range(1, n + 1):
                if tpn not in gone and rng.random() < settings.withdraw_rate:
                    gone.add(tpn)
        pairs = list(step.pairs)
        events: dict[int, tuple[ResultCode, ResultCode]] = {}
        counts = draw_counts([plans[name][r - 1] for name, _ in _GAME_EVENTS], len(pairs), rng)
        for (name, (white_code, black_code)), count in zip(_GAME_EVENTS, counts, strict=True):
            open_boards = [i for i in range(len(pairs)) if i not in events]
            for index in sorted(rng.sample(open_boards, min(count, len(open_boards)))):
                swap = name == "forfeit_wins" and rng.random() < 0.5
                events[index] = (black_code, white_code) if swap else (white_code, black_code)
        for index, pair in enumerate(pairs):
            w, b = pair.white, pair.black
            if w in gone or b in gone:  # GRC art. 6.6: a withdrawn player's games
                white_code = ResultCode.FORFEIT_LOSS if w in gone else ResultCode.FORFEIT_WIN
                black_code = ResultCode.FORFEIT_LOSS if b in gone else ResultCode.FORFEIT_WIN
            elif index in events:
                white_code, black_code = events[index]
            else:
                white_code, black_code = draw_result(
                    rng, ratings[w - 1], ratings[b - 1], settings.draw_percent
                )
            history[w].append(RoundEntry(b, Colour.WHITE, white_code))
            history[b].append(RoundEntry(w, Colour.BLACK, black_code))
        if step.bye is not None:
            history[step.bye].append(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))
    what = "Scheveningen" if settings.system == SCHEVENINGEN else "round robin"
    records = [f"192 {code_192(settings.system, rr)}", f"### {settings.command_line()}"]
    if settings.drawn:
        records.append(
            "### options drawn at random from the seed: "
            + ", ".join(f"--{name}" for name in settings.drawn)
        )
    if settings.tiebreaks:
        records.append(f"212 {', '.join((POINTS_CODE, *settings.tiebreaks))}")
    tournament = Tournament(
        players=tuple(
            Player(
                tpn=tpn,
                name=f"Random{tpn:04d}, Player",
                rating=ratings[tpn - 1],
                rounds=tuple(history[tpn]),
            )
            for tpn in range(1, n + 1)
        ),
        total_rounds=total,
        system=settings.system,
        scoring=ROUND_ROBIN_SCORING,
        tiebreaks=settings.tiebreaks,
        info=TournamentInfo(
            name=f"swissdesk random {what} (seed {settings.seed})",
            tournament_type=f"{what}, {settings.cycles} cycle(s), randomly generated",
        ),
        extra_records=tuple(records),
    )
    return with_round_robin_ranks(tournament)


def with_round_robin_ranks(tournament: Tournament) -> Tournament:
    """The points and rank columns by the tournament's tie-break list; a player GRC art.
    6.6 leaves out of the standings has his points and no rank."""
    standings = compute_standings(tournament, (POINTS_CODE, *tournament.tiebreaks))
    rank = {row.tpn: row.rank for row in standings.rows}
    scoring = tournament.scoring
    return tournament.with_players(
        replace(
            p,
            declared_points=sum(scoring.points(e.result) for e in p.rounds),
            declared_rank=rank.get(p.tpn),
        )
        for p in tournament.players
    )


def _round_robin_trf(settings: GeneratorSettings, engine: PairingEngine, version: str) -> str:
    return format_trf(generate_round_robin(settings, engine), version=version)


for _system in (ROUND_ROBIN, SCHEVENINGEN):
    register_pairing_checker(_system, check_round_robin)
    register_generator(_system, Generator(_round_robin_trf, OPTIONS))
