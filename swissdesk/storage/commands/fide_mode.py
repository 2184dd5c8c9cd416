"""FIDE mode (C.02 VCL Q40-46) and the prohibited pairings the arbiter declares (Q194-196).

A tournament paired by a FIDE-approved system is in FIDE mode from its creation (or its
import); :class:`LeaveFideMode` takes it out, for good: a Level-4 double confirmation, a
``### FIDE mode left @ Round n`` line in the TRF, and no way back (Undo refuses it; neither
the settings nor a new import of its TRF put it back). Actions FIDE's checklist forbids in
FIDE mode (Level 5: correcting a round before the previous one, prohibiting a pair after
round 1) become possible only out of it.

:class:`ProhibitPairs` declares players who must not meet (TRF-2026 record 260, [C1]):
before round 1 freely; after round 1 only out of FIDE mode (Q196), as a Level-3 warning and
a ``### Configuration`` line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from sqlalchemy.orm import Session

from swissdesk.i18n import N_, _, said
from swissdesk.model.tournament import DOUBLE_SWISS, scoring_problems
from swissdesk.storage import convert
from swissdesk.storage.commands.base import Action, Outcome, player_by_tpn, tournament_row, tpn_map
from swissdesk.storage.errors import ActionRefused, RefusedInFideMode
from swissdesk.storage.levels import (
    CONFIGURATION,
    FIDE_MODE_LEFT,
    IntegrityEvent,
    Level,
    LevelWarning,
    information,
    integrity_payload,
    require,
)
from swissdesk.storage.schema import TournamentRecord
from swissdesk.storage.views import TournamentSettings

LEAVING_CONSEQUENCES = N_(
    "Leaving FIDE mode cannot be undone: neither Undo nor a new import of the tournament's "
    "TRF puts it back. Every window title and printed page will say 'Not in FIDE mode', and "
    "every exported TRF records '### FIDE mode left'. Corrections of earlier rounds and "
    "prohibited pairs after round 1 become possible; they are logged as ### lines."
)
"""Said with the Level-4 question (translated where it is asked)."""


def in_fide_mode(s: Session) -> bool:
    """Whether the tournament is in FIDE mode."""
    return bool(tournament_row(s).fide_mode)


def refuse_in_fide_mode(what: str, why: str) -> RefusedInFideMode:
    """The Level-5 refusal: ``what`` is impossible in FIDE mode because ``why``."""
    return RefusedInFideMode(
        _(
            "{what}: not allowed in FIDE mode ({why}). It becomes possible only after leaving "
            "FIDE mode (Edit > Leave FIDE mode…, 'swissdesk fide-mode FILE leave'), which "
            "cannot be undone"
        ).format(what=what, why=why)
    )


def check_scoring(settings: TournamentSettings, fide_mode: bool, *, imported: bool = False) -> None:
    """In FIDE mode a point system where two draws beat a win and a loss, or a PAB worth more
    than a win or a value no round's result gives, is refused (C.02 VCL Q74, Q81, Q83;
    :func:`~swissdesk.model.tournament.scoring_problems`); ``imported``: the refusal of a
    file to import (which cannot leave FIDE mode before it exists)."""
    if not fide_mode:
        return
    games = 2 if settings.system == DOUBLE_SWISS else 1
    problems = scoring_problems(settings.scoring, games)
    if not problems:
        return
    if imported:
        raise ActionRefused(
            _("the file's point system cannot be used in FIDE mode: {problems}").format(
                problems="; ".join(problems)
            )
        )
    raise refuse_in_fide_mode(_("this point system cannot be used"), "; ".join(problems))


def ever_left(rec: TournamentRecord) -> bool:
    """The tournament left FIDE mode once (here, or before its TRF was imported)."""
    from swissdesk.storage.levels import left_fide_mode

    logged = [e.trf_line for e in convert.integrity_events(rec)]
    return left_fide_mode(logged) or left_fide_mode(json.loads(rec.extra_records or "[]"))


@dataclass(frozen=True, slots=True)
class LeaveFideMode(Action):
    """Take the tournament out of FIDE mode, for good (Level 4; C.02 VCL Q43-45)."""

    undoable: ClassVar[bool] = False

    reason: str = ""


def leave_fide_mode(s: Session, a: LeaveFideMode) -> Outcome:
    rec = tournament_row(s)
    if not rec.fide_mode:
        raise ActionRefused(_("the tournament is not in FIDE mode"))
    n = convert.last_paired_round(s)
    when = f"after round {n} was paired" if n else "before round 1"  # the TRF's, English
    if n and a.reason:
        leaving = said(
            "the tournament leaves FIDE mode after round {n} was paired (reason: {reason})",
            n=n,
            reason=a.reason,
        )
    elif n:
        leaving = said("the tournament leaves FIDE mode after round {n} was paired", n=n)
    elif a.reason:
        leaving = said(
            "the tournament leaves FIDE mode before round 1 (reason: {reason})", reason=a.reason
        )
    else:
        leaving = said("the tournament leaves FIDE mode before round 1")
    confirmed = require(
        a.confirmed,
        _("leaving FIDE mode needs a double confirmation"),
        [LevelWarning(Level.DOUBLE, leaving)],
        consequences=_(LEAVING_CONSEQUENCES),
    )
    rec.fide_mode = False
    text = f"the arbiter left FIDE mode {when}" + (f": {a.reason}" if a.reason else "")
    payload = {"round": n, "reason": a.reason, **confirmed}
    payload.update(integrity_payload(IntegrityEvent(FIDE_MODE_LEFT, n, text)))
    summary = (
        said("left FIDE mode after round {n} was paired", n=n)
        if n
        else said("left FIDE mode before round 1")
    )
    return summary, payload, ()


def undo_leave_fide_mode(s: Session, payload: Mapping[str, Any]) -> None:
    raise ActionRefused(
        _(
            "leaving FIDE mode cannot be undone: a tournament does not enter FIDE mode again "
            "(C.02 VCL Q45)"
        )
    )


@dataclass(frozen=True, slots=True)
class ProhibitPairs(Action):
    """Declare that the ``players`` (pairing numbers) must not meet each other (every pair
    among them; TRF-2026 record 260), or with ``lift`` remove those prohibitions.

    Before round 1 is paired: at once. After: refused in FIDE mode (Level 5, Q196); out of
    FIDE mode a Level-3 warning and a ``### Configuration`` line.
    """

    players: tuple[int, ...]
    lift: bool = False


def prohibit_pairs(s: Session, a: ProhibitPairs) -> Outcome:
    rec = tournament_row(s)
    if len(set(a.players)) < 2:
        raise ActionRefused(_("name at least two different players"))
    ids = [player_by_tpn(s, tpn).id for tpn in dict.fromkeys(a.players)]
    before = [sorted(pair) for pair in json.loads(rec.forbidden_pairs or "[]")]
    current = {tuple(pair) for pair in before}
    wanted = {tuple(sorted(pair)) for pair in combinations(ids, 2)}
    after = current - wanted if a.lift else current | wanted
    if after == current:
        raise ActionRefused(
            _("nothing changes: none of these pairs is prohibited")
            if a.lift
            else _("nothing changes: these pairs are already prohibited")
        )
    id_to_tpn = tpn_map(s)
    changed = sorted(wanted & current if a.lift else wanted - current)
    shown = ", ".join(f"{id_to_tpn[x]}-{id_to_tpn[y]}" for x, y in changed)
    verb = "lifted" if a.lift else "added"  # the TRF's ### line, English
    last = convert.last_paired_round(s)
    warnings: list[LevelWarning] = []
    payload: dict[str, Any] = {"before": before, "players": list(a.players), "lift": a.lift}
    if last >= 1:
        if rec.fide_mode:
            raise refuse_in_fide_mode(
                _("prohibited pairs cannot be lifted once round 1 is paired")
                if a.lift
                else _("prohibited pairs cannot be added once round 1 is paired"),
                _("C.02 VCL Q196: only before round 1"),
            )
        warnings.append(
            LevelWarning(
                Level.CONFIRM_FACTS,
                said(
                    "prohibited pairs lifted after round {last} was paired: {shown}; the next "
                    "pairings change",
                    last=last,
                    shown=shown,
                )
                if a.lift
                else said(
                    "prohibited pairs added after round {last} was paired: {shown}; the next "
                    "pairings change",
                    last=last,
                    shown=shown,
                ),
            )
        )
        payload.update(
            integrity_payload(
                IntegrityEvent(CONFIGURATION, last, f"prohibited pairs {verb}: {shown}")
            )
        )
    asked = (
        _("prohibited pairs lifted after the start; confirm")
        if a.lift
        else _("prohibited pairs added after the start; confirm")
    )
    payload.update(require(a.confirmed, asked, warnings))
    rec.forbidden_pairs = json.dumps(sorted(sorted(pair) for pair in after))
    summary = (
        said("prohibited pairs lifted: {shown}", shown=shown)
        if a.lift
        else said("prohibited pairs added: {shown}", shown=shown)
    )
    return summary, payload, information(warnings)


def undo_prohibit_pairs(s: Session, payload: Mapping[str, Any]) -> None:
    tournament_row(s).forbidden_pairs = json.dumps(payload["before"])


def prohibited_pairs(s: Session) -> list[tuple[int, int]]:
    """The prohibited pairs by pairing number, smaller number first, sorted."""
    id_to_tpn = tpn_map(s)
    pairs = json.loads(tournament_row(s).forbidden_pairs or "[]")
    return sorted(
        tuple(sorted((id_to_tpn[a], id_to_tpn[b])))  # type: ignore[misc]
        for a, b in pairs
        if a in id_to_tpn and b in id_to_tpn
    )
