"""The manual-pairing phase (C.04.2 art. 4.4; FIDE's checklist, C.02 VCL Q63-69).

A round is paired by hand between an explicit start and an explicit end:

* :class:`StartManualPairing` opens the phase for the last paired round (to change it) or
  for the next round (to create it by hand, e.g. when no pairing by the rules exists, Q63),
  with the engine's pairing of that round computed beforehand for the comparison at the end;
* :class:`ManualPairingChange` sets the boards and the PAB while the phase is open; players
  may stay unpaired for a while. Each change warns about what its new boards break (Q66:
  Level 3 for a rematch, a prohibited pair, a PAB to a player who may not have it or who is
  not among the lowest scores, a third colour in a row or a colour difference beyond 2
  before the last round, two non-topscorers with the same absolute preference; Q67: Level 2
  when both players get the colour opposite to their due one);
* :class:`EndManualPairing` requires everyone paired, compares the pairing with the
  engine's (Q68) and, when they differ, lists the differences with the engine's pairing as
  a Level-4 warning (Q69; TEC asks at least Level 3) and logs ``### MPA @ Round n`` for the
  TRF;
* :class:`CancelManualPairing` puts the round back as it was at the start.

While a phase is open, only these actions (and Undo, Redo) run: results, pairing the next
round, byes and the rest wait until the round is finished or cancelled (the action lane
refuses them, :func:`check_phase_allows`). The phase is stored in the tournament row
(``tournament.manual_pairing``), so it survives closing the window and the command line
can run it one command at a time.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.orm import Session

from swissdesk.engines.base import Pair, RoundPairing
from swissdesk.i18n import _, said, said_n
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.state import PlayerState, build_states
from swissdesk.model.tournament import DOUBLE_SWISS, Colour, ResultCode, Tournament
from swissdesk.storage import convert
from swissdesk.storage.commands.base import (
    Action,
    Outcome,
    entry_row,
    insert_entries,
    round_row,
    tournament_row,
    tpn_map,
    utc_now,
)
from swissdesk.storage.commands.rounds import (
    check_covers,
    delete_pairing,
    pairable,
    pairing_from_entries,
    pairing_rows,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.levels import (
    MPA,
    IntegrityEvent,
    Level,
    LevelWarning,
    information,
    integrity_payload,
    require,
)
from swissdesk.storage.schema import EntryRecord, PlayerRecord, RoundRecord
from swissdesk.storage.views import AccelerationKind

# ---------------------------------------------------------------------------------------
# The phase stored in the tournament row


def phase(s: Session) -> dict[str, Any] | None:
    """The open manual-pairing phase (``round``, ``creating``, ``players``, ``engine``...),
    or None."""
    text = tournament_row(s).manual_pairing
    return json.loads(text) if text else None


def _set_phase(s: Session, value: Mapping[str, Any] | None) -> None:
    tournament_row(s).manual_pairing = json.dumps(dict(value)) if value is not None else None


def check_phase_allows(s: Session, action: Action) -> None:
    """The action lane's guard: while a round is paired by hand, only the phase's actions
    (and Undo, Redo) run."""
    current = phase(s)
    if current is None or type(action).during_manual_pairing:
        return
    n = current["round"]
    raise ActionRefused(
        _(
            "round {n} is being paired by hand: finish the manual pairing (Round > Finish "
            "manual pairing, 'swissdesk pairing FILE end') or cancel it before anything else"
        ).format(n=n)
    )


def _open_phase(s: Session, round_number: int) -> dict[str, Any]:
    current = phase(s)
    if current is None:
        raise ActionRefused(
            _(
                "round {round_number} is not being paired by hand: start the manual pairing "
                "first (Round > Pair by hand, 'swissdesk pairing FILE start')"
            ).format(round_number=round_number)
        )
    if current["round"] != round_number:
        raise ActionRefused(_(
                                "round {current} is being paired by hand, not round "
                                "{round_number}"
                            ).format(current=current['round'], round_number=round_number))
    return current


# ---------------------------------------------------------------------------------------
# Start


@dataclass(frozen=True, slots=True)
class StartManualPairing(Action):
    """Open the manual-pairing phase of ``round_number``: the last paired round (to change
    its pairing) or the next round (to create it by hand, Q63).

    ``engine_pairing`` is the engine's pairing of that round on the same state (computed
    beforehand, like :class:`~swissdesk.storage.commands.rounds.PairNextRound`'s), ``None``
    with ``engine_error`` saying why when the engine found none; it is what the end of the
    phase compares with. ``from_engine``: a round created by hand starts from the engine's
    boards instead of empty ones.
    """

    round_number: int
    engine_pairing: RoundPairing | None = None
    engine: str = ""
    engine_error: str = ""
    from_engine: bool = False


def start_manual_pairing(s: Session, a: StartManualPairing) -> Outcome:
    current = phase(s)
    if current is not None:
        raise ActionRefused(_(
                                "round {current} is already being paired by hand"
                            ).format(current=current['round']))
    trec = tournament_row(s)
    if trec.is_team:
        raise ActionRefused(
            _(
                "a team event's pairing is not changed by hand in swissdesk: unpair the round "
                "and pair it again"
            )
        )
    last = convert.last_paired_round(s)
    n = a.round_number
    if a.engine_pairing is not None and a.engine_pairing.round_number != n:
        raise ActionRefused(
            _(
                "the engine's pairing given is for round {round_number}, not {n}"
            ).format(round_number=a.engine_pairing.round_number, n=n)
        )
    id_to_tpn = tpn_map(s)
    tpn_to_id = {tpn: pid for pid, tpn in id_to_tpn.items()}
    payload: dict[str, Any] = {"round": n}
    if n == last and last >= 1:
        creating = False
        entries = list(
            s.scalars(
                select(EntryRecord).where(
                    EntryRecord.round_number == n, EntryRecord.kind.in_(("game", "pab"))
                )
            )
        )
        players = sorted(e.player_id for e in entries)
        rnd = round_row(s, n)
        assert rnd is not None
        state: dict[str, Any] = {
            "entries_before": convert.entry_dicts(entries),
            "engine_pairing_before": rnd.engine_pairing,
            "engine_before": rnd.engine,
        }
        summary = said("manual pairing of round {n} started (changing its pairing)", n=n)
    elif n == last + 1:
        if is_round_robin(trec.system):
            raise ActionRefused(
                _(
                    "a round robin's rounds come from its table: pair the round, then change "
                    "it by hand if you must"
                )
            )
        n, available = pairable(s)
        creating = True
        players = sorted(tpn_to_id[t] for t in available)
        s.add(RoundRecord(number=n, paired_at=utc_now(), engine="manual"))
        rows: list[dict[str, Any]] = []
        if a.from_engine:
            if a.engine_pairing is None:
                raise ActionRefused(
                    _("the engine has no pairing of round {n} to start from ({why})").format(
                        n=n, why=a.engine_error
                    )
                    if a.engine_error
                    else _("the engine has no pairing of round {n} to start from").format(n=n)
                )
            check_covers(a.engine_pairing.pairs, a.engine_pairing.bye, available, set(tpn_to_id))
            rows = pairing_rows(n, a.engine_pairing.pairs, a.engine_pairing.bye, tpn_to_id)
        settings = convert.settings_from_record(trec)
        have = set(s.scalars(select(EntryRecord.player_id).where(EntryRecord.round_number == n)))
        for rec in s.scalars(select(PlayerRecord)):
            if rec.id in have or rec.id in players:
                continue
            late = rec.late_entry_round is not None and rec.late_entry_round > n
            code = settings.late_entry_result if late else ResultCode.NOT_PAIRED
            rows.append(entry_row(rec.id, n, "absent", result=code.value))
        if rows:
            s.execute(insert(EntryRecord), rows)
        state = {}
        summary = said("manual pairing of round {n} started (creating the round by hand)", n=n)
    else:
        raise ActionRefused(
            _(
                "round {n} cannot be paired by hand: only the last paired round ({last}) can be "
                "changed, or the next round ({next}) created"
            ).format(n=n, last=last, next=last + 1)
            if last
            else _("round {n} cannot be paired by hand: round 1 is the next round").format(n=n)
        )
    value = {
        "round": n,
        "creating": creating,
        "players": players,
        "engine": a.engine_pairing.to_text() if a.engine_pairing is not None else None,
        "engine_system": a.engine,
        "engine_error": a.engine_error,
        **state,
    }
    _set_phase(s, value)
    payload.update({"creating": creating, "phase": value})
    # Starting again clears the round's earlier MPA line: the end of this phase decides.
    payload["integrity_drop"] = [{"kind": MPA, "round": n}]
    notes: tuple[str, ...] = ()
    if a.engine_pairing is None:
        notes = (
            f"the engine found no pairing of round {n}"
            + (f": {a.engine_error}" if a.engine_error else "")
            + "; the round is the chief arbiter's to pair",
        )
    return summary, payload, notes


def undo_start_manual_pairing(s: Session, payload: Mapping[str, Any]) -> None:
    n = int(payload["round"])
    if payload.get("creating"):
        s.flush()
        s.execute(delete(EntryRecord).where(EntryRecord.round_number == n))
        s.execute(delete(RoundRecord).where(RoundRecord.number == n))
        s.expire_all()
    _set_phase(s, None)


# ---------------------------------------------------------------------------------------
# Changes inside the phase


@dataclass(frozen=True, slots=True)
class ManualPairingChange(Action):
    """Set the pairing of the round being paired by hand (C.04.2 art. 4.4).

    ``pairs`` are the boards in order, ``bye`` the PAB; players of the round not on a board
    (nor the PAB) stay unpaired until the end of the phase. Boards with a result must stay
    as they are. What the new boards break is a warning at its level (Q66-67).
    """

    during_manual_pairing = True

    round_number: int
    pairs: tuple[Pair, ...]
    bye: int | None = None
    reason: str = ""


def manual_pairing_change(s: Session, a: ManualPairingChange) -> Outcome:
    current = _open_phase(s, a.round_number)
    n = a.round_number
    id_to_tpn = tpn_map(s)
    tpn_to_id = {tpn: pid for pid, tpn in id_to_tpn.items()}
    to_pair = {id_to_tpn[pid] for pid in current["players"] if pid in id_to_tpn}
    entries = list(
        s.scalars(
            select(EntryRecord).where(
                EntryRecord.round_number == n, EntryRecord.kind.in_(("game", "pab"))
            )
        )
    )
    _check_places(a.pairs, a.bye, to_pair, set(tpn_to_id))
    old = pairing_from_entries(n, entries, id_to_tpn)
    new_boards = {(p.white, p.black) for p in a.pairs}
    for board in old.boards_with_results:
        if (board.white, board.black) not in new_boards:
            raise ActionRefused(
                _(
                    "board {board} ({white}-{black}) already has a result: clear it before "
                    "changing the pairing"
                ).format(board=board.board, white=board.white, black=board.black)
            )
    tournament = convert.build_snapshot(s, through=n - 1)
    before_boards = {(p.white, p.black) for p in old.pairing.pairs}
    changed = [p for p in a.pairs if (p.white, p.black) not in before_boards]
    new_bye = a.bye if a.bye != old.pairing.bye else None
    warnings = hand_pairing_warnings(tournament, n, a.pairs, new_bye, only=changed)
    confirmed = require(
        a.confirmed,
        _("the new pairing of round {n} breaks pairing rules; confirm to apply it anyway").format(
            n=n
        ),
        warnings,
    )
    results = {
        (id_to_tpn[e.player_id], id_to_tpn[e.opponent_id]): (e.result, e.adjourned)
        for e in entries
        if e.kind == "game" and e.opponent_id is not None
    }
    rnd = round_row(s, n)
    assert rnd is not None
    before_entries = convert.entry_dicts(entries)
    delete_pairing(s, n, include_absent=False)
    rows = pairing_rows(n, a.pairs, a.bye, tpn_to_id)
    for row in rows:
        if row["kind"] == "game":
            me = id_to_tpn[row["player_id"]]
            them = id_to_tpn[row["opponent_id"]]
            row["result"], row["adjourned"] = results.get((me, them), (None, False))
    if rows:
        s.execute(insert(EntryRecord), rows)
    new_pairing = RoundPairing(n, tuple(a.pairs), a.bye)
    unpaired = sorted(to_pair - {t for p in a.pairs for t in (p.white, p.black)} - {a.bye})
    payload = {
        "round": n,
        "before": old.pairing.to_text(),
        "after": new_pairing.to_text(),
        "engine_pairing_before": rnd.engine_pairing,
        "entries_before": before_entries,
        "reason": a.reason,
        "unpaired": unpaired,
        **confirmed,
    }
    summary = (
        said_n(
            "round {n} pairing changed by hand ({count} still unpaired)",
            "round {n} pairing changed by hand ({count} still unpaired)",
            len(unpaired),
            n=n,
            count=len(unpaired),
        )
        if unpaired
        else said("round {n} pairing changed by hand", n=n)
    )
    return summary, payload, information(warnings)


def undo_manual_pairing_change(s: Session, payload: Mapping[str, Any]) -> None:
    n = int(payload["round"])
    delete_pairing(s, n, include_absent=False)
    insert_entries(s, payload["entries_before"])
    rnd = round_row(s, n)
    assert rnd is not None
    rnd.engine_pairing = payload["engine_pairing_before"]


def _check_places(
    pairs: Sequence[Pair], bye: int | None, to_pair: set[int], known: set[int]
) -> None:
    """The boards and the PAB name players of this round, each at most once; players of the
    round may still be missing (they stay unpaired until the end)."""
    seen = [t for p in pairs for t in (p.white, p.black)] + ([bye] if bye is not None else [])
    problems: list[str] = []
    unknown = sorted(t for t in set(seen) if t not in known)
    if unknown:
        problems.append("no such pairing numbers: " + ", ".join(map(str, unknown)))
    twice = sorted({t for t in seen if seen.count(t) > 1})
    if twice:
        problems.append("paired more than once: " + ", ".join(map(str, twice)))
    if any(p.white == p.black for p in pairs):
        problems.append("a player cannot play themself")
    extra = sorted(set(seen) - to_pair - set(unknown))
    if extra:
        problems.append(
            "not to be paired in this round (withdrawn, absent or a bye): "
            + ", ".join(map(str, extra))
        )
    if problems:
        raise ActionRefused("the pairing is not valid: " + "; ".join(problems))


# ---------------------------------------------------------------------------------------
# End and cancel


@dataclass(frozen=True, slots=True)
class EndManualPairing(Action):
    """Close the manual-pairing phase of ``round_number`` (Q65): everyone of the round must
    be on a board or the PAB; the pairing is compared with the engine's (Q68) and, when it
    differs, the differences are a Level-4 warning and ``### MPA @ Round n`` is logged
    (Q69)."""

    during_manual_pairing = True

    round_number: int


def end_manual_pairing(s: Session, a: EndManualPairing) -> Outcome:
    current = _open_phase(s, a.round_number)
    n = a.round_number
    id_to_tpn = tpn_map(s)
    names = {pid: name for pid, name in s.execute(select(PlayerRecord.id, PlayerRecord.name))}
    entries = list(
        s.scalars(
            select(EntryRecord).where(
                EntryRecord.round_number == n, EntryRecord.kind.in_(("game", "pab"))
            )
        )
    )
    placed = {e.player_id for e in entries}
    missing = [pid for pid in current["players"] if pid not in placed and pid in id_to_tpn]
    if missing:
        shown = ", ".join(f"no. {id_to_tpn[pid]} {names.get(pid, '')}".strip() for pid in missing)
        raise ActionRefused(
            _(
                "round {n} cannot be finished: not paired yet: {shown} (pair them, or give one "
                "of them the pairing-allocated bye)"
            ).format(n=n, shown=shown)
        )
    arbiter = pairing_from_entries(n, entries, id_to_tpn).pairing
    engine_text = current.get("engine")
    engine = parse_pairing(n, engine_text) if engine_text else None
    differences = pairing_differences(arbiter, engine)
    warnings: list[LevelWarning] = []
    event: IntegrityEvent | None = None
    if engine is None:
        why = current.get("engine_error") or said("the engine found no pairing")
        warnings.append(
            LevelWarning(
                Level.CONFIRM_FACTS,
                said(
                    "no pairing of round {n} by the rules exists ({why}); this pairing is the "
                    "chief arbiter's decision (C.04.3 art. 1.9.3)",
                    n=n,
                    why=why,
                ),
            )
        )
        event = IntegrityEvent(MPA, n, f"no pairing by the rules exists; arbiter's pairing: {compact(arbiter)}")
    elif differences:
        warnings += [LevelWarning(Level.DOUBLE, d) for d in differences]
        warnings.append(
            LevelWarning(
                Level.DOUBLE,
                said(
                    "the engine ({system}) pairs: {pairing}",
                    system=current.get("engine_system"),
                    pairing=compact(engine),
                )
                if current.get("engine_system")
                else said("the engine (its system) pairs: {pairing}", pairing=compact(engine)),
            )
        )
        event = IntegrityEvent(MPA, n, f"{compact_differences(arbiter, engine)}")
    confirmed = require(
        a.confirmed,
        _("the pairing of round {n} made by hand differs from the engine's").format(n=n),
        warnings,
        consequences=_(
            "round {n} is published with the arbiter's pairing; the audit log and every "
            "exported TRF record it as '### MPA @ Round {n}'"
        ).format(n=n),
    )
    rnd = round_row(s, n)
    assert rnd is not None
    payload: dict[str, Any] = {
        "round": n,
        "phase": current,
        "engine_pairing_before": rnd.engine_pairing,
        "engine_before": rnd.engine,
        "pairing": arbiter.to_text(),
        "differences": differences,
        **confirmed,
    }
    if event is not None:
        rnd.engine_pairing = engine_text if engine_text else None
        payload.update(integrity_payload(event))
    else:  # the engine's pairing: the round is the engine's again
        rnd.engine_pairing = None
        if rnd.engine == "manual":
            rnd.engine = current.get("engine_system") or rnd.engine
    group_a: list[int] = []
    if current.get("creating") and n == 1:
        settings = convert.settings_from_record(tournament_row(s))
        if settings.acceleration is AccelerationKind.BAKU:
            size = convert.baku_group_a_size(len(id_to_tpn))
            group_a = [pid for pid, tpn in id_to_tpn.items() if tpn <= size]
            s.execute(update(PlayerRecord).where(PlayerRecord.id.in_(group_a)).values(group_a=True))
    payload["group_a"] = group_a
    _set_phase(s, None)
    if event is None:
        return (
            said(
                "manual pairing of round {n} finished: the pairing agrees with the engine's",
                n=n,
            ),
            payload,
            (),
        )
    return (
        (
            said_n(
                "manual pairing of round {n} finished: {count} difference from the engine "
                "(### MPA)",
                "manual pairing of round {n} finished: {count} differences from the engine "
                "(### MPA)",
                len(differences),
                n=n,
                count=len(differences),
            )
            if differences
            else said("manual pairing of round {n} finished: no engine pairing to compare (### MPA)", n=n)
        ),
        payload,
        information(warnings),
    )


def undo_end_manual_pairing(s: Session, payload: Mapping[str, Any]) -> None:
    n = int(payload["round"])
    rnd = round_row(s, n)
    assert rnd is not None
    rnd.engine_pairing = payload["engine_pairing_before"]
    rnd.engine = payload["engine_before"]
    if payload.get("group_a"):
        s.execute(
            update(PlayerRecord).where(PlayerRecord.id.in_(payload["group_a"])).values(group_a=False)
        )
    _set_phase(s, payload["phase"])


@dataclass(frozen=True, slots=True)
class CancelManualPairing(Action):
    """Leave the manual-pairing phase of ``round_number`` without keeping its changes: a
    round being created is removed, a changed round gets back its pairing of the start."""

    during_manual_pairing = True

    round_number: int


def cancel_manual_pairing(s: Session, a: CancelManualPairing) -> Outcome:
    current = _open_phase(s, a.round_number)
    n = a.round_number
    entries = list(s.scalars(select(EntryRecord).where(EntryRecord.round_number == n)))
    rnd = round_row(s, n)
    assert rnd is not None
    payload = {
        "round": n,
        "phase": current,
        "entries": convert.entry_dicts(entries),
        "paired_at": rnd.paired_at,
        "engine": rnd.engine,
        "engine_pairing": rnd.engine_pairing,
    }
    if current.get("creating"):
        s.flush()
        s.execute(delete(EntryRecord).where(EntryRecord.round_number == n))
        s.delete(rnd)
        summary = said("manual pairing of round {n} cancelled: the round is not paired", n=n)
    else:
        delete_pairing(s, n, include_absent=False)
        insert_entries(s, current.get("entries_before", ()))
        rnd.engine_pairing = current.get("engine_pairing_before")
        summary = said(
                      "manual pairing of round {n} cancelled: its pairing is back as it was",
                      n=n,
                  )
    _set_phase(s, None)
    return summary, payload, ()


def undo_cancel_manual_pairing(s: Session, payload: Mapping[str, Any]) -> None:
    n = int(payload["round"])
    s.flush()
    s.execute(delete(EntryRecord).where(EntryRecord.round_number == n))
    s.expire_all()
    rnd = round_row(s, n)
    if rnd is None:
        s.add(
            RoundRecord(
                number=n,
                paired_at=payload["paired_at"],
                engine=payload["engine"],
                engine_pairing=payload["engine_pairing"],
            )
        )
    else:
        rnd.engine_pairing = payload["engine_pairing"]
    insert_entries(s, payload["entries"])
    _set_phase(s, payload["phase"])


# ---------------------------------------------------------------------------------------
# Comparing with the engine


def parse_pairing(round_number: int, text: str) -> RoundPairing:
    """A pairing from its bbpPairings text (``RoundPairing.to_text``)."""
    lines = [line.split() for line in text.strip().splitlines()[1:] if line.strip()]
    pairs = tuple(Pair(int(w), int(b)) for w, b in lines if b != "0")
    byes = [int(w) for w, b in lines if b == "0"]
    return RoundPairing(round_number, pairs, byes[0] if byes else None)


def compact(pairing: RoundPairing) -> str:
    """``1-4 2-3 5-7, PAB 6`` (White first)."""
    text = " ".join(f"{p.white}-{p.black}" for p in pairing.pairs)
    return text + (f", PAB {pairing.bye}" if pairing.bye is not None else "")


def pairing_differences(arbiter: RoundPairing, engine: RoundPairing | None) -> list[str]:
    """Where the arbiter's pairing differs from the engine's, one sentence each: pairs the
    engine does not make, pairs it makes that are missing, the same pair with the colours
    reversed, another PAB."""
    if engine is None:
        return []
    ours = {frozenset((p.white, p.black)): p for p in arbiter.pairs}
    theirs = {frozenset((p.white, p.black)): p for p in engine.pairs}
    out: list[str] = []
    for key, p in ours.items():
        other = theirs.get(key)
        if other is None:
            out.append(
                said(
                    "{white}-{black} is not a pair of the engine's pairing",
                    white=p.white,
                    black=p.black,
                )
            )
        elif other.white != p.white:
            out.append(
                said(
                    "{white}-{black}: the engine gives White to no. {other}, not to no. {white}",
                    white=p.white,
                    black=p.black,
                    other=other.white,
                )
            )
    for key, p in theirs.items():
        if key not in ours:
            out.append(said("the engine pairs {white}-{black}", white=p.white, black=p.black))
    if arbiter.bye != engine.bye:
        ours_bye = said("no. {tpn}", tpn=arbiter.bye) if arbiter.bye is not None else said("nobody")
        theirs_bye = said("no. {tpn}", tpn=engine.bye) if engine.bye is not None else said("nobody")
        out.append(
            said(
                "the PAB goes to {ours}; the engine gives it to {theirs}",
                ours=ours_bye,
                theirs=theirs_bye,
            )
        )
    return out


def compact_differences(arbiter: RoundPairing, engine: RoundPairing) -> str:
    """The ``### MPA`` line's text: the engine's boards that changed, then the arbiter's:
    ``engine 1-4 2-3 => arbiter 1-2 4-3`` (boards both have stay out)."""
    same = {(p.white, p.black) for p in arbiter.pairs} & {(p.white, p.black) for p in engine.pairs}
    mine = [p for p in arbiter.pairs if (p.white, p.black) not in same]
    theirs = [p for p in engine.pairs if (p.white, p.black) not in same]
    left = " ".join(f"{p.white}-{p.black}" for p in theirs)
    right = " ".join(f"{p.white}-{p.black}" for p in mine)
    if engine.bye != arbiter.bye:
        left += f" PAB {engine.bye}" if engine.bye is not None else " no PAB"
        right += f" PAB {arbiter.bye}" if arbiter.bye is not None else " no PAB"
    return f"engine {left.strip()} => arbiter {right.strip()}"


# ---------------------------------------------------------------------------------------
# What a pairing made by hand breaks (Q66-67)


def hand_pairing_warnings(
    tournament: Tournament,
    round_number: int,
    pairs: Sequence[Pair],
    bye: int | None,
    *,
    only: Sequence[Pair] | None = None,
) -> list[LevelWarning]:
    """What the boards ``only`` (default: all of ``pairs``) and the PAB ``bye`` break, each
    at the checklist's level (``tournament`` holds the rounds before ``round_number``).

    Level 3 (Q66): a rematch [C1] or a prohibited pair; a PAB to a player who already had one
    or scored a win unplayed [C2] or who is not among the lowest scores of those who may
    have it ([C5] and each system's PAB article); before the last round a third colour in a
    row (C.04.1 art. 7) or a colour difference beyond 2 (art. 6); two non-topscorers with
    the same absolute colour preference [C3]. Level 2 (Q67): both players of a board get
    the colour opposite to their due colour (C.04.1 art. 8).
    Double-Swiss and round robins check their own rules (C.04.5 [C1]-[C2]; the tables).
    """
    checked = list(pairs if only is None else only)
    if tournament.system == DOUBLE_SWISS:
        from swissdesk.engines.double_swiss.verify import absolute_criteria_warnings as ds

        return [LevelWarning(Level.CONFIRM_FACTS, w) for w in ds(tournament, round_number, checked, bye)]
    if is_round_robin(tournament.system):
        from swissdesk.engines.round_robin.verify import hand_pairing_warnings as rr

        # The changed boards only: the players of the boards kept are not left out.
        texts = rr(tournament, round_number, checked, bye, roster=only is None)
        return [LevelWarning(Level.CONFIRM_FACTS, w) for w in texts]
    states: Mapping[int, PlayerState] = build_states(tournament, round_number)
    win = tournament.scoring.win
    final = round_number >= tournament.total_rounds > 0
    names = {p.tpn: p.name for p in tournament.players}
    board_of = {(p.white, p.black): i for i, p in enumerate(pairs, start=1)}

    def who(tpn: int) -> str:
        name = names.get(tpn, "")
        return said("no. {tpn} {name}", tpn=tpn, name=name) if name else said("no. {tpn}", tpn=tpn)

    def topscorer(st: PlayerState) -> bool:
        return final and 2 * st.score > (round_number - 1) * win

    out: list[LevelWarning] = []

    board = 0

    def warn(level: Level, text: str) -> None:
        """``text`` (a marked sentence), after "board 3:" when the board is known."""
        if board:
            text = said("board {board}: {fact}", board=board, fact=text)
        out.append(LevelWarning(level, text))

    for pair in checked:
        board = board_of.get((pair.white, pair.black), 0)
        w, b = states.get(pair.white), states.get(pair.black)
        if w is None or b is None:
            continue
        if pair.black in w.opponents:
            warn(
                Level.CONFIRM_FACTS,
                said(
                    "{white} and {black} have already played each other [C1] (C.04.1 art. 2)",
                    white=who(pair.white),
                    black=who(pair.black),
                ),
            )
        if frozenset((pair.white, pair.black)) in tournament.forbidden_pairs:
            warn(
                Level.CONFIRM_FACTS,
                said(
                    "{white} and {black} must not be paired (a prohibited pair declared by the "
                    "arbiter) [C1]",
                    white=who(pair.white),
                    black=who(pair.black),
                ),
            )
        if (
            w.has_absolute_preference
            and b.has_absolute_preference
            and w.preference is b.preference
            and not (topscorer(w) or topscorer(b))
        ):
            fields = {"white": who(pair.white), "black": who(pair.black)}
            warn(
                Level.CONFIRM_FACTS,
                said("{white} and {black} both must have White [C3]", **fields)
                if w.preference is Colour.WHITE
                else said("{white} and {black} both must have Black [C3]", **fields),
            )
        if not final:
            for tpn, st, gets in ((pair.white, w, Colour.WHITE), (pair.black, b, Colour.BLACK)):
                if len(st.colours) >= 2 and st.colours[-1] is gets and st.colours[-2] is gets:
                    warn(
                        Level.CONFIRM_FACTS,
                        said("{player} gets White a third time in a row (C.04.1 art. 7)",
                             player=who(tpn))
                        if gets is Colour.WHITE
                        else said("{player} gets Black a third time in a row (C.04.1 art. 7)",
                                  player=who(tpn)),
                    )
                diff = st.colour_difference + (1 if gets is Colour.WHITE else -1)
                if abs(diff) > 2:
                    warn(
                        Level.CONFIRM_FACTS,
                        said(
                            "{player} reaches a colour difference of {diff} (C.04.1 art. 6: at "
                            "most 2)",
                            player=who(tpn),
                            diff=format(diff, "+d"),
                        ),
                    )
        if w.preference is Colour.BLACK and b.preference is Colour.WHITE:
            warn(
                Level.CONFIRM,
                said(
                    "both players get the colour opposite to their due colour: {white} is due "
                    "Black, {black} is due White (C.04.1 art. 8)",
                    white=who(pair.white),
                    black=who(pair.black),
                ),
            )
    board = 0
    if bye is not None and bye in states:
        st = states[bye]
        if st.had_bye_or_unplayed_win:
            warn(
                Level.CONFIRM_FACTS,
                said(
                    "{player} gets the pairing-allocated bye but already had one or scored a "
                    "win without playing [C2] (C.04.1 art. 4)",
                    player=who(bye),
                ),
            )
        eligible = [
            other.score
            for other in states.values()
            if other.available and not other.had_bye_or_unplayed_win
        ]
        lowest = min(eligible, default=st.score)
        if st.score > lowest:
            warn(
                Level.CONFIRM_FACTS,
                said(
                    "{player} gets the pairing-allocated bye with {points} points while players "
                    "with {lowest} may have it (C.04.3 [C5]: the lowest score)",
                    player=who(bye),
                    points=_points(st.score),
                    lowest=_points(lowest),
                ),
            )
    return out


def _points(half_points: int) -> str:
    whole, half = divmod(half_points, 2)
    return f"{whole}½" if half and whole else ("½" if half else str(whole))
