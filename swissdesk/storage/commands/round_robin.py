"""Round robins in the tournament file: pairing numbers drawn by lot or by the Varma tables
(GRC Annex 2), the number of rounds kept equal to what the table gives, and a withdrawn
player's games scored as forfeits when a round is stored (GRC art. 6.6).

A round robin's pairings follow from its pairing numbers (GRC Annex 1), so those numbers
are final once round 1 is paired, nobody enters late, and nobody is paired out of turn: a
player who cannot come loses his game by forfeit (or the arbiter postpones it); a player
who withdraws keeps his place in the table and every one of his later games is a forfeit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from swissdesk.engines.round_robin.lots import Entrant, draw_lots, restricted_draw
from swissdesk.i18n import _, said
from swissdesk.model.round_robin import ROUND_ROBIN_SCORING, is_round_robin, total_rounds
from swissdesk.model.tournament import ResultCode, ScoringSystem
from swissdesk.storage import convert
from swissdesk.storage.commands.base import Action, Outcome, set_tpns, tournament_row
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import PlayerRecord
from swissdesk.storage.views import TournamentSettings

DRAW_METHODS = ("lot", "varma")
APART = ("federation", "club")
"""What the restricted draw keeps apart: the players' federations (GRC Annex 2) or, for a
club or national championship, their clubs."""


def new_round_robin(settings: TournamentSettings, players: int) -> TournamentSettings:
    """The settings a new round robin (a new file or a new section) starts with: the
    rounds its table gives for ``players`` (GRC Annex 1), and, unless other points were
    chosen, the round robin's scoring (the bye of an odd field is no game, worth 0)."""
    if not is_round_robin(settings.system):
        return settings
    rounds = max(total_rounds(settings.system, players, settings.round_robin), 1)
    settings = replace(settings, total_rounds=rounds)
    if settings.scoring == ScoringSystem():
        settings = replace(settings, scoring=ROUND_ROBIN_SCORING)
    return settings


def is_round_robin_file(s: Session) -> bool:
    """True when the tournament is a round robin or a Scheveningen event."""
    return is_round_robin(tournament_row(s).system)


def sync_rounds(s: Session) -> None:
    """Until round 1 is paired, a round robin has the number of rounds its table gives
    for the players registered (GRC Annex 1): ``(n - 1)`` per cycle, ``n`` rounded up to an
    even number. Run after every action (and its undo), so the number follows the list."""
    rec = tournament_row(s)
    if not is_round_robin(rec.system) or convert.last_paired_round(s) >= 1:
        return
    players = int(s.execute(select(func.count(PlayerRecord.id))).scalar() or 0)
    settings = convert.settings_from_record(rec).round_robin
    rounds = max(total_rounds(rec.system, players, settings), 1)
    if rec.total_rounds != rounds:
        rec.total_rounds = rounds


def refuse_in_round_robin(s: Session, what: str) -> None:
    """ActionRefused saying why ``what`` does not exist in a round robin."""
    if is_round_robin_file(s):
        raise ActionRefused(
            _(
                "{what} in a round robin: the pairing table schedules every game from the "
                "pairing numbers; a player who cannot play loses by forfeit (or the game is "
                "postponed), a player who leaves is withdrawn (GRC art. 6.6)"
            ).format(what=what)
        )


def forfeits_of_withdrawn(s: Session, round_number: int, rows: list[dict[str, Any]]) -> int:
    """Score the games of players withdrawn by ``round_number`` as forfeits: ``-`` for the
    withdrawn player, ``+`` for an opponent who is still there, ``-`` on both sides when
    both left (GRC art. 6.6). Returns the number of boards so scored."""
    gone = set(
        s.scalars(
            select(PlayerRecord.id).where(
                PlayerRecord.withdrawn_from_round.is_not(None),
                PlayerRecord.withdrawn_from_round <= round_number,
            )
        )
    )
    boards = set()
    for row in rows:
        if row["kind"] != "game" or not ({row["player_id"], row["opponent_id"]} & gone):
            continue
        lost = row["player_id"] in gone
        code = ResultCode.FORFEIT_LOSS if lost else ResultCode.FORFEIT_WIN
        row["result"] = code.value
        boards.add(row["board"])
    return len(boards)


@dataclass(frozen=True, slots=True)
class DrawLots(Action):
    """Give the players pairing numbers by lot, before round 1 is paired.

    ``method`` is ``"lot"`` (every number equally likely) or ``"varma"`` (the restricted
    draw of GRC Annex 2: players of the same federation, or with ``apart="club"`` of the
    same club, kept apart in the last rounds).
    ``seed`` makes the draw reproducible: the same players and seed give the same numbers,
    and the audit log keeps both.
    """

    seed: int
    method: str = "lot"
    apart: str = "federation"


def draw_lots_action(s: Session, a: DrawLots) -> Outcome:
    if a.method not in DRAW_METHODS:
        raise ActionRefused(
            _("unknown draw {method!r}: choose {DRAW_METHODS}").format(
                method=a.method, DRAW_METHODS=" or ".join(DRAW_METHODS)
            )
        )
    if a.apart not in APART:
        raise ActionRefused(
            _("a draw keeps players apart by {APART}, not {apart!r}").format(
                APART=" or ".join(APART), apart=a.apart
            )
        )
    last = convert.last_paired_round(s)
    if last >= 1:
        raise ActionRefused(
            _("round {last} is already paired: pairing numbers are drawn before round 1").format(
                last=last
            )
        )
    if tournament_row(s).list_closed:
        raise ActionRefused(_("the list of participants is closed: pairing numbers are final"))
    records = list(s.scalars(select(PlayerRecord).order_by(PlayerRecord.tpn)))
    if len(records) < 2:
        raise ActionRefused(_("register the players first: there is nobody to draw numbers for"))
    entrants = [
        Entrant(r.tpn, r.name, r.club if a.apart == "club" else r.federation) for r in records
    ]
    draw = (restricted_draw if a.method == "varma" else draw_lots)(entrants, a.seed)
    by_tpn = {r.tpn: r.id for r in records}
    before = {r.id: r.tpn for r in records}
    after = {by_tpn[key]: number for key, number in draw.numbers.items()}
    set_tpns(s, after)
    payload = {
        "method": draw.method,
        "apart": a.apart,
        "seed": a.seed,
        "steps": list(draw.steps),
        "warnings": list(draw.warnings),
        "tpns_before": before,
        "tpns_after": after,
    }
    return (
        said(
            "pairing numbers drawn restricted by the Varma tables ({apart}s kept apart) "
            "(seed {seed})",
            apart=a.apart,
            seed=a.seed,
        )
        if draw.method == "varma"
        else said("pairing numbers drawn by lot (seed {seed})", seed=a.seed),
        payload,
        draw.warnings,
    )


def undo_draw_lots(s: Session, payload: Mapping[str, Any]) -> None:
    set_tpns(s, {int(k): int(v) for k, v in payload["tpns_before"].items()})
