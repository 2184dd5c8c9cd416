"""Pairing a round: storing the engine's pairing, unpairing, the arbiter's manual change
(C.04.2 art. 4.4) and the absolute criteria it is checked against (C.04.3 art. 2.1).

Each command dataclass is followed by its ``apply`` and ``undo`` functions; the registry
(:mod:`swissdesk.storage.commands.registry`) pairs them. The engine itself never runs here:
the pairing arrives computed (``TournamentFile.compute_next_pairing``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.orm import Session

from swissdesk.engines import explained
from swissdesk.engines.acceleration import baku_last_ga
from swissdesk.engines.base import Pair, RoundPairing
from swissdesk.i18n import Message, _, listed, ngettext, said, said_n
from swissdesk.model.chess960 import start_position
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.state import PlayerState, build_states
from swissdesk.model.tournament import DOUBLE_SWISS, Colour, ResultCode, Tournament
from swissdesk.storage import convert
from swissdesk.storage.commands import chess960, round_robin
from swissdesk.storage.commands.base import (
    Action,
    Outcome,
    board_sides,
    entry_row,
    insert_entries,
    round_row,
    tournament_row,
    tpn_map,
    utc_now,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.levels import MPA, Level, LevelWarning, information, require
from swissdesk.storage.schema import EntryRecord, PlayerRecord, RoundRecord
from swissdesk.storage.views import AccelerationKind


@dataclass(frozen=True, slots=True)
class PairNextRound(Action):
    """Store the pairing of the next round (computed beforehand, e.g. in a worker thread).

    ``pairing.round_number`` must be the next round; every player to be paired must be on
    exactly one board or be the PAB. Refused while the previous round lacks results.
    ``engine`` names the system that produced it, for the audit log.
    """

    pairing: RoundPairing
    engine: str = ""


def pair_next_round(s: Session, a: PairNextRound) -> Outcome:
    n, available = pairable(s)
    pairing = a.pairing
    if pairing.round_number != n:
        raise ActionRefused(
            _("this pairing is for round {round_number}, but the next round is {n}").format(
                round_number=pairing.round_number, n=n
            )
        )
    tpn_to_id = {tpn: pid for pid, tpn in tpn_map(s).items()}
    trec = tournament_row(s)
    table = is_round_robin(trec.system)
    # A round robin's table pairs everyone: a withdrawn player's games are forfeits.
    check_covers(pairing.pairs, pairing.bye, set(tpn_to_id) if table else available, set(tpn_to_id))
    settings = convert.settings_from_record(trec)
    s.add(RoundRecord(number=n, paired_at=utc_now(), engine=a.engine))
    rows = pairing_rows(n, pairing.pairs, pairing.bye, tpn_to_id)
    forfeited = round_robin.forfeits_of_withdrawn(s, n, rows) if table else 0
    # Everyone else gets an entry too: withdrawn players and late entries not yet there.
    have = set(s.scalars(select(EntryRecord.player_id).where(EntryRecord.round_number == n)))
    paired_ids = {r["player_id"] for r in rows}
    for rec in s.scalars(select(PlayerRecord)):
        if rec.id in have or rec.id in paired_ids:
            continue
        late = rec.late_entry_round is not None and rec.late_entry_round > n
        code = settings.late_entry_result if late else ResultCode.NOT_PAIRED
        rows.append(entry_row(rec.id, n, "absent", result=code.value))
    s.execute(insert(EntryRecord), rows)
    group_a: list[int] = []
    if n == 1 and settings.acceleration is AccelerationKind.BAKU:
        # C.04.7 art. 1.2 with the players paired in round 1 only (C.02 VCL Q111): one with
        # a round-1 bye joins GA later when their number is above the last GA player's.
        paired = [t for pair in pairing.pairs for t in (pair.white, pair.black)] + (
            [pairing.bye] if pairing.bye is not None else []
        )
        last_ga = baku_last_ga(paired)
        group_a = [pid for tpn, pid in tpn_to_id.items() if tpn <= last_ga]
        s.execute(update(PlayerRecord).where(PlayerRecord.id.in_(group_a)).values(group_a=True))
    payload = {
        "round": n,
        "engine": a.engine,
        "pairing": pairing.to_text(),
        "group_a": group_a,
        "explanation": list(pairing.explanation),
    }
    messages = explained.stored(pairing.explanation)
    if messages is not None:
        # Each line's message beside the English, so it is worded for whoever reads it.
        payload["explanation_said"] = messages
    boards = len(pairing.pairs)
    if pairing.bye is None:
        summary = said_n(
            "round {n} paired: {boards} board", "round {n} paired: {boards} boards", boards,
            n=n, boards=boards,
        )
    elif table:
        summary = said_n(
            "round {n} paired: {boards} board, bye no. {bye}",
            "round {n} paired: {boards} boards, bye no. {bye}",
            boards, n=n, boards=boards, bye=pairing.bye,
        )
    else:
        summary = said_n(
            "round {n} paired: {boards} board, PAB no. {bye}",
            "round {n} paired: {boards} boards, PAB no. {bye}",
            boards, n=n, boards=boards, bye=pairing.bye,
        )
    if forfeited:  # a round robin's games of withdrawn players (GRC art. 6.6)
        summary = said(
            "{paired}, {forfeits}",
            paired=summary,
            forfeits=said_n(
                "{count} forfeited by withdrawn players",
                "{count} forfeited by withdrawn players",
                forfeited,
                count=forfeited,
            ),
        )
    position = chess960.draw_for_round(s, n)  # a Chess960 event's position (Q222)
    if position is not None:
        payload["chess960"] = position
        summary = said(
            "{paired}; Chess960 position {number} ({pieces})",
            paired=summary,
            number=position,
            pieces=start_position(position),
        )
    warnings: tuple[str, ...] = ()
    found: list[LevelWarning] = []
    if n == 1:  # C.02 VCL Q62: told before the tournament starts
        unpairable = unpairable_rounds_warning(s, settings.total_rounds, settings.system)
        if unpairable:
            found.append(LevelWarning(Level.CONFIRM, unpairable))
    open_games = adjourned_boards(s, before=n)
    if open_games:  # C.02 VCL Q168: paired around an adjourned game
        found.append(
            LevelWarning(
                Level.CONFIRM,
                said_n(
                    "round {n} is paired while an adjourned game has no result: {games} "
                    "(counted as draws meanwhile, C.04.2 art. 3.1)",
                    "round {n} is paired while adjourned games have no result: {games} "
                    "(counted as draws meanwhile, C.04.2 art. 3.1)",
                    len(open_games),
                    n=n,
                    games=listed(open_games),
                ),
            )
        )
    if found:
        payload.update(
            require(a.confirmed, _("pair round {number}; confirm").format(number=n), found)
        )
        warnings = information(found)
    if forfeited:
        warnings = (
            *warnings,
            ngettext(
                "{count} game of withdrawn players scored as forfeits (GRC art. 6.6)",
                "{count} games of withdrawn players scored as forfeits (GRC art. 6.6)",
                forfeited,
            ).format(count=forfeited),
        )
    return summary, payload, warnings


def adjourned_boards(s: Session, before: int | None = None) -> list[Message]:
    """``round 3 board 4 (12-7)`` (worded in the reader's language) for every adjourned game still without its result (of the
    rounds before ``before``), in round and board order."""
    query = select(EntryRecord.round_number, EntryRecord.board, EntryRecord.player_id).where(
        EntryRecord.adjourned.is_(True),
        EntryRecord.kind == "game",
        EntryRecord.result.is_not(None),
        EntryRecord.colour == "w",
    )
    if before is not None:
        query = query.where(EntryRecord.round_number < before)
    tpn = tpn_map(s)
    out = []
    for r, board, pid in sorted(s.execute(query).all(), key=lambda row: (row[0], row[1] or 0)):
        opponent = s.scalars(
            select(EntryRecord.opponent_id).where(
                EntryRecord.round_number == r, EntryRecord.player_id == pid
            )
        ).first()
        pair = f"{tpn[pid]}-{tpn[opponent]}" if opponent is not None else f"{tpn[pid]}"
        out.append(said("round {r} board {board} ({pair})", r=r, board=board, pair=pair))
    return out


def undo_pair_next_round(s: Session, payload: Mapping[str, Any]) -> None:
    n = int(payload["round"])
    chess960.forget_round(s, n)
    delete_pairing(s, n, include_absent=True)
    s.execute(delete(RoundRecord).where(RoundRecord.number == n))
    if payload.get("group_a"):
        s.execute(
            update(PlayerRecord)
            .where(PlayerRecord.id.in_(payload["group_a"]))
            .values(group_a=False)
        )


@dataclass(frozen=True, slots=True)
class UnpairLastRound(Action):
    """Delete the pairing of the last paired round; refused once it has a result."""


def unpair_last_round(s: Session, a: UnpairLastRound) -> Outcome:
    n = convert.last_paired_round(s)
    if n == 0:
        raise ActionRefused(_("no round is paired"))
    query = select(EntryRecord.board).where(
        EntryRecord.round_number == n,
        EntryRecord.kind == "game",
        EntryRecord.result.is_not(None),
    )
    if round_robin.is_round_robin_file(s):
        # The forfeits swissdesk scored for withdrawn players are part of the pairing.
        withdrawn = select(PlayerRecord.id).where(
            PlayerRecord.withdrawn_from_round.is_not(None),
            PlayerRecord.withdrawn_from_round <= n,
        )
        query = query.where(
            EntryRecord.player_id.not_in(withdrawn), EntryRecord.opponent_id.not_in(withdrawn)
        )
    with_result = s.scalars(query.distinct()).all()
    if with_result:
        boards = ", ".join(str(b) for b in sorted(b for b in with_result if b is not None))
        raise ActionRefused(
            _(
                "round {n} cannot be unpaired: boards {boards} already have results (clear "
                "them first)"
            ).format(n=n, boards=boards)
        )
    rnd = round_row(s, n)
    assert rnd is not None
    entries = list(
        s.scalars(
            select(EntryRecord).where(
                EntryRecord.round_number == n,
                EntryRecord.kind.in_(("game", "pab", "absent")),
            )
        )
    )
    group_a = list(s.scalars(select(PlayerRecord.id).where(PlayerRecord.group_a)))
    payload = {
        "round": n,
        "paired_at": rnd.paired_at,
        "engine": rnd.engine,
        "engine_pairing": rnd.engine_pairing,
        "entries": convert.entry_dicts(entries),
        "group_a": group_a if n == 1 else [],
    }
    from swissdesk.storage.commands.team_matches import delete_round_lineups

    payload["lineups"] = delete_round_lineups(s, n)  # a team event's line-ups of round n
    payload["chess960"] = chess960.read_state(s).position(n)
    chess960.forget_round(s, n)
    from swissdesk.storage.commands.rating_corrections import take_round

    payload["rating_corrections"] = take_round(s, n)  # its games are gone
    delete_pairing(s, n, include_absent=True)
    s.delete(rnd)
    if n == 1 and group_a:
        s.execute(update(PlayerRecord).values(group_a=False))
    # Unpairing clears the round's manual-pairing line (### MPA, C.02 VCL Q65).
    payload["integrity_drop"] = [{"kind": MPA, "round": n}]
    return said("round {n} unpaired", n=n), payload, ()


def undo_unpair_last_round(s: Session, payload: Mapping[str, Any]) -> None:
    s.add(
        RoundRecord(
            number=payload["round"],
            paired_at=payload["paired_at"],
            engine=payload["engine"],
            engine_pairing=payload["engine_pairing"],
        )
    )
    insert_entries(s, payload["entries"])
    from swissdesk.storage.commands.team_matches import restore_round_lineups

    restore_round_lineups(s, payload.get("lineups", ()))
    if payload.get("chess960") is not None:
        chess960.keep_position(s, int(payload["round"]), int(payload["chess960"]))
    from swissdesk.storage.commands.rating_corrections import restore_round

    restore_round(s, payload.get("rating_corrections"))
    if payload["group_a"]:
        s.execute(
            update(PlayerRecord).where(PlayerRecord.id.in_(payload["group_a"])).values(group_a=True)
        )


def absolute_criteria_warnings(
    tournament: Tournament, round_number: int, pairs: Sequence[Pair], bye: int | None
) -> tuple[str, ...]:
    """Sentences for each absolute criterion the pairing breaks (C.04.3 art. 2.1).

    [C1] no rematch of a played game; [C2] no PAB for a player who already had one or
    scored a win's points without playing; [C3] two non-topscorers with the same absolute
    colour preference must not meet (topscorers: over 50% of the maximum possible score,
    final round only, art. 1.8). Each a :class:`~swissdesk.i18n.Message` ("board 2: ..."
    around the fact), worded in the reader's language where it is shown (issue 38).
    """
    if tournament.system == DOUBLE_SWISS:  # C.04.5: [C1] and [C2] on matches
        from swissdesk.engines.double_swiss.verify import absolute_criteria_warnings as ds

        return ds(tournament, round_number, pairs, bye)
    if is_round_robin(tournament.system):  # everyone once per cycle, colours (Q101/Q102)
        from swissdesk.engines.round_robin.verify import hand_pairing_warnings

        return hand_pairing_warnings(tournament, round_number, pairs, bye)
    states: Mapping[int, PlayerState] = build_states(tournament, round_number)
    win = tournament.scoring.win
    final = round_number >= tournament.total_rounds > 0

    def topscorer(st: PlayerState) -> bool:
        return final and 2 * st.score > (round_number - 1) * win

    names = {p.tpn: p.name for p in tournament.players}

    def who(tpn: int) -> str:
        """A player as the arbiter reads them: "no. 12 Müller, Jürgen"."""
        name = names.get(tpn, "")
        return said("no. {tpn} {name}", tpn=tpn, name=name) if name else said("no. {tpn}", tpn=tpn)

    out: list[str] = []
    for board, pair in enumerate(pairs, start=1):
        w, b = states.get(pair.white), states.get(pair.black)
        if w is None or b is None:
            continue
        players = {"white": who(pair.white), "black": who(pair.black)}
        facts: list[str] = []
        if pair.black in w.opponents:
            facts.append(said("{white} and {black} have already played each other [C1]", **players))
        if frozenset((pair.white, pair.black)) in tournament.forbidden_pairs:
            facts.append(
                said(
                    "{white} and {black} must not be paired (forbidden pair declared by the "
                    "arbiter) [C1]",
                    **players,
                )
            )
        if (
            w.has_absolute_preference
            and b.has_absolute_preference
            and w.preference is b.preference
            and not (topscorer(w) or topscorer(b))
        ):
            facts.append(
                said("{white} and {black} both must have White [C3]", **players)
                if w.preference is Colour.WHITE
                else said("{white} and {black} both must have Black [C3]", **players)
            )
        out += [said("board {board}: {fact}", board=board, fact=fact) for fact in facts]
    if bye is not None:
        st = states.get(bye)
        if st is not None and st.had_bye_or_unplayed_win:
            out.append(
                said(
                    "{player} already had a pairing-allocated bye or a win without playing [C2]",
                    player=who(bye),
                )
            )
    return tuple(out)


def max_pairable_rounds(players: int, most_prohibited: int = 0) -> int:
    """How many rounds ``players`` participants can play without a rematch ([C1]) and with
    one pairing-allocated bye each at most ([C2]): everyone meets everyone else once, plus
    the round each sits out when their number is odd. ``most_prohibited``: the most
    prohibited opponents one participant has (each takes a round away from them)."""
    if players < 2:
        return 0
    return players - 1 - most_prohibited + (players % 2)


def unpairable_rounds_warning(s: Session, total_rounds: int, system: str) -> str:
    # A marked sentence (said_n): stored in English with a warning, worded where shown.
    """A sentence when ``total_rounds`` cannot all be paired by the rules with the players
    registered (C.02 VCL Q62), else ``""`` (a round robin's table fixes its rounds)."""
    if is_round_robin(system):
        return ""
    ids = [
        pid
        for pid, withdrawn in s.execute(select(PlayerRecord.id, PlayerRecord.withdrawn_from_round))
        if withdrawn is None
    ]
    prohibited: dict[int, int] = {}
    for a, b in json.loads(tournament_row(s).forbidden_pairs or "[]"):
        prohibited[a] = prohibited.get(a, 0) + 1
        prohibited[b] = prohibited.get(b, 0) + 1
    most = max((prohibited.get(pid, 0) for pid in ids), default=0)
    limit = max_pairable_rounds(len(ids), most)
    if total_rounds <= limit or len(ids) < 2:
        return ""
    return said_n(
        "{total} round cannot all be paired by the rules with {players} participants: at "
        "most {limit} without a rematch ([C1]) and with one pairing-allocated bye each "
        "([C2]); the rounds beyond can only be paired by hand (Round > Pair by hand)",
        "{total} rounds cannot all be paired by the rules with {players} participants: at "
        "most {limit} without a rematch ([C1]) and with one pairing-allocated bye each "
        "([C2]); the rounds beyond can only be paired by hand (Round > Pair by hand)",
        total_rounds,
        total=total_rounds,
        players=len(ids),
        limit=limit,
    )


# ---------------------------------------------------------------------------------------
# Helpers


def pairable(s: Session) -> tuple[int, set[int]]:
    """The next round's number and the TPNs to pair in it, or ActionRefused saying why not."""
    trec = tournament_row(s)
    last = convert.last_paired_round(s)
    n = last + 1
    if trec.total_rounds < 1:
        raise ActionRefused(_("the number of rounds is not set: set it in the tournament settings"))
    if last >= trec.total_rounds:
        raise ActionRefused(
            _("all {total_rounds} rounds have been paired").format(total_rounds=trec.total_rounds)
        )
    if last:
        missing = convert.pending_boards(s, last)
        if missing:
            shown = ", ".join(map(str, missing[:12])) + (" ..." if len(missing) > 12 else "")
            raise ActionRefused(
                ngettext(
                    "round {n} cannot be paired: round {last} still lacks a result on board "
                    "{shown}",
                    "round {n} cannot be paired: round {last} still lacks results on boards "
                    "{shown}",
                    len(missing),
                ).format(n=n, last=last, shown=shown)
            )
    busy = set(s.scalars(select(EntryRecord.player_id).where(EntryRecord.round_number == n)))
    available: set[int] = set()
    for pid, tpn, withdrawn, late in s.execute(
        select(
            PlayerRecord.id,
            PlayerRecord.tpn,
            PlayerRecord.withdrawn_from_round,
            PlayerRecord.late_entry_round,
        )
    ):
        if pid in busy:
            continue
        if withdrawn is not None and withdrawn <= n:
            continue
        if late is not None and late > n:
            continue
        available.add(tpn)
    if len(available) < 2:
        raise ActionRefused(
            _("round {n} cannot be paired: fewer than two players to pair").format(n=n)
        )
    return n, available


def delete_pairing(s: Session, n: int, *, include_absent: bool) -> None:
    kinds = ("game", "pab", "absent") if include_absent else ("game", "pab")
    s.flush()
    s.execute(delete(EntryRecord).where(EntryRecord.round_number == n, EntryRecord.kind.in_(kinds)))
    s.expire_all()


def pairing_rows(
    n: int, pairs: Sequence[Pair], bye: int | None, tpn_to_id: Mapping[int, int]
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for board, pair in enumerate(pairs, start=1):
        w, b = tpn_to_id[pair.white], tpn_to_id[pair.black]
        rows.append(entry_row(w, n, "game", board=board, opponent_id=b, colour="w"))
        rows.append(entry_row(b, n, "game", board=board, opponent_id=w, colour="b"))
    if bye is not None:
        rows.append(
            entry_row(tpn_to_id[bye], n, "pab", result=ResultCode.PAIRING_ALLOCATED_BYE.value)
        )
    return rows


def check_covers(
    pairs: Sequence[Pair],
    bye: int | None,
    expected: set[int],
    known: set[int],
    *,
    changing: bool = False,
) -> None:
    """Every player to be paired is on exactly one board or is the PAB, nobody else is."""
    seen: list[int] = [t for p in pairs for t in (p.white, p.black)]
    if bye is not None:
        seen.append(bye)
    problems: list[str] = []
    unknown = sorted(t for t in set(seen) if t not in known)
    if unknown:
        problems.append("no such pairing numbers: " + ", ".join(map(str, unknown)))
    twice = sorted({t for t in seen if seen.count(t) > 1})
    if twice:
        problems.append("paired more than once: " + ", ".join(map(str, twice)))
    if any(p.white == p.black for p in pairs):
        problems.append("a player cannot play themself")
    missing = sorted(expected - set(seen))
    if missing:
        problems.append("not paired: " + ", ".join(map(str, missing)))
    extra = sorted(set(seen) - expected - set(unknown))
    if extra:
        why = "not in this round's pairing" if changing else "not to be paired this round"
        problems.append(f"{why}: " + ", ".join(map(str, extra)))
    if problems:
        raise ActionRefused("the pairing is not valid: " + "; ".join(problems))


class OldPairing:
    def __init__(self, pairing: RoundPairing, boards_with_results: list[BoardWithResult]) -> None:
        self.pairing = pairing
        self.boards_with_results = boards_with_results


class BoardWithResult:
    def __init__(self, board: int, white: int, black: int) -> None:
        self.board = board
        self.white = white
        self.black = black


def pairing_from_entries(
    n: int, entries: Sequence[EntryRecord], id_to_tpn: Mapping[int, int]
) -> OldPairing:
    by_board: dict[int, list[EntryRecord]] = {}
    bye: int | None = None
    for e in entries:
        if e.kind == "pab":
            bye = id_to_tpn[e.player_id]
        elif e.board is not None:
            by_board.setdefault(e.board, []).append(e)
    pairs: list[Pair] = []
    with_results: list[BoardWithResult] = []
    for board in sorted(by_board):
        white, black = board_sides(by_board[board])
        w = id_to_tpn[white.player_id]
        b = (
            id_to_tpn[black.player_id]
            if black
            else (id_to_tpn[white.opponent_id] if white.opponent_id is not None else 0)
        )
        pairs.append(Pair(w, b))
        if white.result is not None:
            with_results.append(BoardWithResult(board, w, b))
    return OldPairing(RoundPairing(n, tuple(pairs), bye), with_results)
