"""Read models: what the GUI, the reports and the command line show, built from the rows.

Each function takes the session of a read transaction (opened by
:class:`~swissdesk.storage.service.TournamentFile`, which holds the file's lock) and returns
plain frozen dataclasses from :mod:`swissdesk.storage.views`; no ORM object leaves here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from swissdesk.engines.base import Pair, RoundPairing
from swissdesk.i18n import _, in_language
from swissdesk.model.tournament import DOUBLE_SWISS, HalfPoints, ResultCode, ScoringSystem
from swissdesk.storage.commands.base import round_row, tournament_row
from swissdesk.storage.convert import (
    CODES,
    StoredEntry,
    completed_through,
    last_paired_round,
    load_entries,
    rating_context_of,
    scores,
    settings_from_record,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.results import board_result_from_codes, result_text
from swissdesk.storage.schema import AuditRecord, PlayerRecord, RoundRecord, TournamentRecord
from swissdesk.storage.sections import in_section, section_of
from swissdesk.storage.views import (
    AuditEntry,
    BoardView,
    ByeKind,
    EventPlayerRow,
    PlayerRow,
    PlayerStatus,
    RoundView,
    SectionInfo,
    TournamentSettings,
    UnpairedView,
)


def round_view(session: Session, round_number: int) -> RoundView:
    """Boards, PAB, byes and absences of a paired round, or the byes already set for
    the next round (``paired=False``)."""
    settings = settings_from_record(tournament_row(session))
    scoring = settings.scoring
    last = last_paired_round(session)
    if not 1 <= round_number <= last + 1:
        raise ActionRefused(
            _("round {round_number} does not exist yet (rounds paired: {last})").format(
                round_number=round_number, last=last
            )
        )
    players = {
        pid: (tpn, name, rating)
        for pid, tpn, name, rating in session.execute(
            select(PlayerRecord.id, PlayerRecord.tpn, PlayerRecord.name, PlayerRecord.rating)
        )
    }
    before = scores(
        session, scoring, max_round=round_number - 1, match_points=settings.system == DOUBLE_SWISS
    )
    this_round = load_entries(session, round_number=round_number)
    if round_number > last:
        # Not paired yet: also list who will not be paired (withdrawn, not arrived).
        listed = {st.player_id for st in this_round}
        for pid, withdrawn, late in session.execute(
            select(
                PlayerRecord.id,
                PlayerRecord.withdrawn_from_round,
                PlayerRecord.late_entry_round,
            )
        ):
            if pid in listed:
                continue
            code: ResultCode | None = None
            if withdrawn is not None and withdrawn <= round_number:
                code = ResultCode.NOT_PAIRED
            elif late is not None and late > round_number:
                code = settings.late_entry_result
            if code is not None:
                this_round.append(
                    StoredEntry(
                        pid,
                        round_number,
                        "absent",
                        None,
                        None,
                        None,
                        code.value,
                        False,
                        None,
                        None,
                    )
                )
    view = round_view_from_rows(
        round_number,
        round_number <= last,
        this_round,
        players,
        before,
        scoring,
        round_row(session, round_number),
        settings,
    )
    text = tournament_row(session).manual_pairing
    current = json.loads(text) if text else None
    if current is None or current.get("round") != round_number:
        return view
    placed = {st.player_id for st in this_round if st.kind in ("game", "pab")}
    waiting = sorted(
        (players[pid][0], players[pid][1])
        for pid in current.get("players", ())
        if pid in players and pid not in placed
    )
    return replace(view, manual=True, to_pair=tuple(waiting), complete=False)


def audit_log(session: Session, limit: int | None = None) -> list[AuditEntry]:
    """The event's audit log, oldest first (only the latest ``limit`` entries if given);
    each entry names its section."""
    stmt = select(AuditRecord).order_by(AuditRecord.id.desc())
    if limit is not None:
        stmt = stmt.limit(limit)
    rows = list(session.scalars(stmt))
    names = dict(session.execute(select(TournamentRecord.id, TournamentRecord.name)).all())
    return [
        AuditEntry(
            id=r.id,
            at=r.at,
            action=r.action,
            summary=in_language(payload.get("said"), r.summary),
            payload=payload,
            undone=r.undone_by is not None,
            undo_of=r.undo_of,
            section_id=r.section_id,
            section=(
                ""
                if r.section_id is None
                else names.get(r.section_id, "(removed section)") or "(unnamed section)"
            ),
        )
        for r in reversed(rows)
        for payload in (_payload(r.payload),)
    ]


def _payload(text: str) -> dict[str, Any]:
    data = json.loads(text)
    return data if isinstance(data, dict) else {}


def section_infos(session: Session) -> list[SectionInfo]:
    """The event's sections in their order, with their size and progress."""
    rounds = dict(
        session.execute(
            select(RoundRecord.section_id, func.max(RoundRecord.number)).group_by(
                RoundRecord.section_id
            )
        ).all()
    )
    players = dict(
        session.execute(
            select(PlayerRecord.section_id, func.count(PlayerRecord.id)).group_by(
                PlayerRecord.section_id
            )
        ).all()
    )
    out = []
    for rec in session.scalars(
        select(TournamentRecord).order_by(TournamentRecord.position, TournamentRecord.id)
    ):
        settings = settings_from_record(rec)
        out.append(
            SectionInfo(
                id=rec.id,
                name=rec.name,
                position=rec.position,
                system=rec.system,
                total_rounds=rec.total_rounds,
                rounds_paired=int(rounds.get(rec.id) or 0),
                players=int(players.get(rec.id) or 0),
                is_team=rec.is_team,
                rules=settings.rules,
                start_date=rec.start_date,
                end_date=rec.end_date,
                round_dates=settings.round_dates,
                rating_type=rating_type_of(settings.time_control_code),
            )
        )
    return out


def rating_type_of(code: str) -> str:
    """The rating type a time control code (TRF record 222) implies; standard without one."""
    from swissdesk.model import timecontrol

    return timecontrol.rating_type(code) if code and timecontrol.is_valid(code) else "standard"


def event_player_rows(session: Session) -> list[EventPlayerRow]:
    """Every section's players, section by section (in the event's order), TPN order."""
    out: list[EventPlayerRow] = []
    for info in section_infos(session):
        with in_section(session, info.id):
            out.extend(EventPlayerRow(info.id, info.name, row) for row in player_rows(session))
    return out


def _code(value: str | None) -> ResultCode | None:
    return CODES[value] if value is not None else None


def player_status(withdrawn: int | None, late: int | None, next_round: int) -> PlayerStatus:
    if withdrawn is not None and withdrawn <= next_round:
        return PlayerStatus.WITHDRAWN
    if late is not None and late > next_round:
        return PlayerStatus.NOT_ARRIVED
    return PlayerStatus.ACTIVE


def player_rows(session: Session) -> list[PlayerRow]:
    """The list of participants in TPN order (scores after the last complete round)."""
    settings = settings_from_record(tournament_row(session))
    context = rating_context_of(settings)
    through = completed_through(session)
    last = last_paired_round(session)
    points = scores(
        session, settings.scoring, max_round=through, match_points=settings.system == DOUBLE_SWISS
    )
    byes: dict[int, list[tuple[int, ByeKind]]] = {}
    for pid, r, code in session.connection().exec_driver_sql(
        "SELECT player_id, round_number, result FROM entry "
        "WHERE section_id = ? AND round_number > ? AND kind = 'bye' AND result IS NOT NULL",
        (section_of(session), last),
    ):
        kind = ByeKind.from_result_code(CODES[code])
        if kind is not None:
            byes.setdefault(pid, []).append((r, kind))
    out = []
    pr = PlayerRecord
    rows = session.connection().execute(
        select(
            pr.id,
            pr.tpn,
            pr.name,
            pr.rating,
            pr.sex,
            pr.title,
            pr.federation,
            pr.fide_id,
            pr.birth_date,
            pr.k_factor,
            pr.k_source,
            pr.rated_games,
            pr.national_rating,
            pr.ratings,
            pr.members,
            pr.club,
            pr.withdrawn_from_round,
            pr.late_entry_round,
            pr.checked_in,
        )
        .where(pr.section_id == section_of(session))
        .order_by(pr.tpn)
    )
    for row in rows:
        out.append(
            PlayerRow(
                tpn=row.tpn,
                name=row.name,
                rating=row.rating,
                sex=row.sex,
                title=row.title,
                federation=row.federation,
                fide_id=row.fide_id,
                birth_date=row.birth_date,
                members=tuple(json.loads(row.members)),
                score=points.get(row.id, 0),
                status=player_status(row.withdrawn_from_round, row.late_entry_round, last + 1),
                withdrawn_from_round=row.withdrawn_from_round,
                late_entry_round=row.late_entry_round,
                byes=tuple(sorted(byes.get(row.id, ()))),
                checked_in=row.checked_in,
                club=row.club,
                k_factor=row.k_factor,
                k_source=row.k_source,
                rated_games=row.rated_games,
                national_rating=row.national_rating,
                ratings=(held := context.stored(row.ratings, row.rating, row.national_rating)),
                tournament_rating=context.tournament_rating(held),
            )
        )
    return out


def round_view_from_rows(
    n: int,
    paired: bool,
    entries: Sequence[StoredEntry],
    players: Mapping[int, tuple[int, str, int]],
    before: Mapping[int, HalfPoints],
    scoring: ScoringSystem,
    rnd: RoundRecord | None,
    settings: TournamentSettings,
) -> RoundView:
    by_board: dict[int, list[StoredEntry]] = {}
    pab: UnpairedView | None = None
    unpaired: list[UnpairedView] = []
    for st in entries:
        tpn, name, _rating = players[st.player_id]
        if st.kind == "game" and st.board is not None:
            by_board.setdefault(st.board, []).append(st)
        elif st.result is not None:
            code = CODES[st.result]
            view = UnpairedView(tpn, name, code, scoring.points(code))
            if code is ResultCode.PAIRING_ALLOCATED_BYE:
                pab = view
            else:
                unpaired.append(view)
    boards: list[BoardView] = []
    for board in sorted(by_board):
        side = sorted(
            by_board[board], key=lambda e: (e.colour != "w", e.colour == "b", e.player_id)
        )
        w = side[0]
        b = side[1] if len(side) > 1 else None
        w_tpn, w_name, w_rating = players[w.player_id]
        b_pid = b.player_id if b is not None else w.opponent_id
        b_tpn, b_name, b_rating = players[b_pid] if b_pid is not None else (0, "", 0)
        wcode = _code(w.result)
        bcode = _code(b.result) if b is not None else None
        boards.append(
            BoardView(
                board=board,
                white_tpn=w_tpn,
                white_name=w_name,
                white_rating=w_rating,
                white_score=before.get(w.player_id, 0),
                black_tpn=b_tpn,
                black_name=b_name,
                black_rating=b_rating,
                black_score=before.get(b_pid, 0) if b_pid is not None else 0,
                result=board_result_from_codes(wcode, bcode, w.adjourned),
                result_text=result_text(wcode, bcode, w.adjourned),
                games=_match_games(w, b) if settings.system == DOUBLE_SWISS else None,
            )
        )
        if boards[-1].games is not None:
            g1, g2 = boards[-1].games
            boards[-1] = replace(boards[-1], result_text=f"{g1} {g2}" if g1 and g2 else "")
    unpaired.sort(key=lambda u: u.tpn)
    engine_pairing = None
    if rnd is not None and rnd.engine_pairing:
        engine_pairing = parse_pairing_text(n, rnd.engine_pairing)
    return RoundView(
        round_number=n,
        paired=paired,
        boards=tuple(boards),
        pab=pab,
        unpaired=tuple(unpaired),
        complete=paired and all(bv.has_result for bv in boards),
        changed_by_hand=engine_pairing is not None or (rnd is not None and rnd.engine == "manual"),
        engine_pairing=engine_pairing,
    )


def _match_games(w: StoredEntry, b: StoredEntry | None) -> tuple[str, str]:
    """A Double-Swiss board's two games in their own colours (``"1-0"``, ``"1/2"``)."""
    if b is None or not w.games or not b.games:
        return ("", "")
    w1, w2 = (ResultCode(r) for _, r in json.loads(w.games))
    b1, b2 = (ResultCode(r) for _, r in json.loads(b.games))
    return (result_text(w1, b1), result_text(b2, w2))


def parse_pairing_text(round_number: int, text: str) -> RoundPairing:
    """Read back a pairing written by :meth:`RoundPairing.to_text`."""
    lines = [ln.split() for ln in text.strip().splitlines()[1:] if ln.strip()]
    pairs: list[Pair] = []
    bye: int | None = None
    for parts in lines:
        w, b = int(parts[0]), int(parts[1])
        if b == 0:
            bye = w
        else:
            pairs.append(Pair(w, b))
    return RoundPairing(round_number, tuple(pairs), bye)
