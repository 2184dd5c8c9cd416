"""What the phones' tables say, as plain views (issue 35): the section's phone access, the
players' codes, the reports of a round. Read inside a session of the section."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from swissdesk.storage.commands import phones
from swissdesk.storage.results import BoardResult
from swissdesk.storage.schema import PlayerCodeRecord, PlayerRecord, ResultReportRecord
from swissdesk.storage.views import CodeHolder, PhoneAccess, ReportView


def phone_access(s: Session) -> PhoneAccess:
    return PhoneAccess(
        checkin_round=phones.phone_check_in_round(s),
        report_round=phones.phone_report_round(s),
        acceptance=phones.acceptance_mode(s),
    )


def player_codes(s: Session) -> dict[int, str]:
    """TPN -> personal code, for the section's players who have one."""
    codes = phones.codes_of_section(s)
    return {
        tpn: codes[pid]
        for pid, tpn in s.execute(select(PlayerRecord.id, PlayerRecord.tpn))
        if pid in codes
    }


def code_holder(s: Session, code: str) -> CodeHolder | None:
    """Who holds ``code`` in the whole event (an event-wide session); ``None``: nobody."""
    wanted = phones.normal_code(code)
    if len(wanted) != phones.CODE_LENGTH:
        return None
    row = s.execute(
        select(PlayerRecord.section_id, PlayerRecord.tpn, PlayerRecord.name)
        .join(PlayerCodeRecord, PlayerCodeRecord.player_id == PlayerRecord.id)
        .where(PlayerCodeRecord.code == wanted)
    ).first()
    if row is None:
        return None
    return CodeHolder(int(row[0]), int(row[1]), str(row[2]))


def reports(s: Session, round_number: int) -> list[ReportView]:
    """The round's reports still belonging to their boards, by board."""
    tpns = {pid: (tpn, name) for pid, tpn, name in s.execute(
        select(PlayerRecord.id, PlayerRecord.tpn, PlayerRecord.name))}  # fmt: skip
    out = []
    query = select(ResultReportRecord).where(ResultReportRecord.round_number == round_number)
    for rep in s.scalars(query.order_by(ResultReportRecord.board)):
        if not phones.is_live(s, rep) or rep.reporter_id not in tpns:
            continue
        answered = tpns.get(rep.answered_by) if rep.answered_by is not None else None
        out.append(
            ReportView(
                round_number=rep.round_number,
                board=rep.board,
                result=BoardResult(rep.result),
                state=rep.state,
                reporter_tpn=tpns[rep.reporter_id][0],
                reporter_name=tpns[rep.reporter_id][1],
                answered_tpn=answered[0] if answered else None,
                disputed_result=(
                    BoardResult(rep.disputed_result) if rep.disputed_result else None
                ),
                reported_at=rep.reported_at,
                device=rep.device,
            )
        )
    return out
