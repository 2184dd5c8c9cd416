"""What the phones' tables say, as plain views (issue 35): the section's phone access, the
players' codes, the reports of a round. Read inside a session of the section."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from swissdesk.model.tournament import ResultCode
from swissdesk.storage.commands import phones
from swissdesk.storage.commands.results import match_text
from swissdesk.storage.results import result_text
from swissdesk.storage.schema import (
    EntryRecord,
    PlayerCodeRecord,
    PlayerRecord,
    ResultReportRecord,
    TeamMemberRecord,
)
from swissdesk.storage.teamviews import lineup_rows, match_entries
from swissdesk.storage.views import (
    CodeHolder,
    PhoneAccess,
    PhoneBoard,
    PhoneGame,
    ReportView,
)


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


def _boards_of_round(s: Session, round_number: int) -> dict[int, int]:
    """Player id -> board, for the round's games (one query)."""
    query = select(EntryRecord.player_id, EntryRecord.board).where(
        EntryRecord.round_number == round_number, EntryRecord.kind == "game"
    )
    return {int(pid): int(board) for pid, board in s.execute(query) if board is not None}


def reports(s: Session, round_number: int, board: int | None = None) -> list[ReportView]:
    """The round's reports still belonging to their boards (their reporter still plays
    that board: a round unpaired and paired again leaves older ones behind), by board;
    ``board``: that board's only. A few queries whatever the number of reports."""
    query = select(ResultReportRecord).where(ResultReportRecord.round_number == round_number)
    if board is not None:
        query = query.where(ResultReportRecord.board == board)
    rows = list(s.scalars(query.order_by(ResultReportRecord.board)))
    if not rows:
        return []
    boards = _boards_of_round(s, round_number)
    rows = [rep for rep in rows if boards.get(rep.reporter_id) == rep.board]
    ids = {rep.reporter_id for rep in rows} | {r.answered_by for r in rows if r.answered_by}
    people = {
        int(pid): (int(tpn), str(name))
        for pid, tpn, name in s.execute(
            select(PlayerRecord.id, PlayerRecord.tpn, PlayerRecord.name).where(
                PlayerRecord.id.in_(ids)
            )
        )
    }
    kind = phones.report_kind(s)
    out = []
    for rep in rows:
        if rep.reporter_id not in people:
            continue
        answered = people.get(rep.answered_by) if rep.answered_by is not None else None
        out.append(
            ReportView(
                round_number=rep.round_number,
                board=rep.board,
                result=rep.result,
                state=rep.state,
                reporter_tpn=people[rep.reporter_id][0],
                reporter_name=people[rep.reporter_id][1],
                answered_tpn=answered[0] if answered else None,
                disputed_result=rep.disputed_result,
                reported_at=rep.reported_at,
                device=rep.device,
                kind=kind,
            )
        )
    return out


def phone_board(s: Session, tpn: int, round_number: int) -> PhoneBoard | None:
    """``tpn``'s board in ``round_number`` (``None``: no game that round): two queries,
    not the whole round's view."""
    me = s.scalars(select(PlayerRecord).where(PlayerRecord.tpn == tpn)).first()
    if me is None:
        return None
    entry = s.scalars(
        select(EntryRecord).where(
            EntryRecord.player_id == me.id,
            EntryRecord.round_number == round_number,
            EntryRecord.kind == "game",
        )
    ).first()
    if entry is None or entry.board is None or entry.opponent_id is None:
        return None
    other = s.scalars(select(PlayerRecord).where(PlayerRecord.id == entry.opponent_id)).first()
    theirs = s.scalars(
        select(EntryRecord).where(
            EntryRecord.player_id == entry.opponent_id,
            EntryRecord.round_number == round_number,
        )
    ).first()
    if other is None or theirs is None:
        return None
    kind = phones.report_kind(s)
    if kind == "team":
        return _team_board(s, round_number, int(entry.board))
    white_first = entry.colour != "b"
    w, b = (me, other) if white_first else (other, me)
    we, be = (entry, theirs) if white_first else (theirs, entry)
    if kind == "double":
        games = (
            PhoneGame("Game 1", w.name, b.name),
            PhoneGame("Game 2", b.name, w.name),
        )
        text = match_text(we, be)
        return PhoneBoard(round_number, int(entry.board), w.tpn, w.name, b.tpn, b.name, text,
                          kind, games)  # fmt: skip
    text = result_text(
        ResultCode(we.result) if we.result else None,
        ResultCode(be.result) if be.result else None,
        we.adjourned,
    )
    return PhoneBoard(round_number, int(entry.board), w.tpn, w.name, b.tpn, b.name, text)


def _team_board(s: Session, round_number: int, match: int) -> PhoneBoard:
    """A team match as a captain's phone shows it: the teams, each board's two players
    (the first team's on the left, as its results are written) and what is entered."""
    first, second = match_entries(s, round_number, match)
    teams = {
        int(pid): (int(tpn), str(name))
        for pid, tpn, name in s.execute(
            select(PlayerRecord.id, PlayerRecord.tpn, PlayerRecord.name).where(
                PlayerRecord.id.in_((first.player_id, second.player_id))
            )
        )
    }
    a = phones.team_places(s, first.player_id, round_number)
    b = phones.team_places(s, second.player_id, round_number)
    ids = {m for m in (*a.values(), *b.values()) if m is not None}
    names = {
        int(mid): str(name)
        for mid, name in s.execute(
            select(TeamMemberRecord.id, TeamMemberRecord.name).where(TeamMemberRecord.id.in_(ids))
        )
    }
    games = []
    for n in sorted(a):
        pa, pb = a.get(n), b.get(n)
        games.append(
            PhoneGame(
                f"Board {n}",
                names.get(pa, "") if pa is not None else "(empty)",
                names.get(pb, "") if pb is not None else "(empty)",
                pa is not None and pb is not None,
            )
        )
    entered = ""
    if first.result is not None and first.game_points is not None:
        entered = f"{_halves(first.game_points)}-{_halves(second.game_points or 0)}"
    elif first.result in ("+", "-"):
        entered = f"{first.result}{second.result or ''} (forfeited match)"
    elif any(
        r.result is not None
        for r in (*lineup_rows(s, first.player_id, round_number),
                  *lineup_rows(s, second.player_id, round_number))
    ):  # fmt: skip
        entered = "some boards"
    (ta, na), (tb, nb) = teams[first.player_id], teams[second.player_id]
    return PhoneBoard(round_number, match, ta, na, tb, nb, entered, "team", tuple(games))


def _halves(n: int) -> str:
    return f"{n // 2}{'½' if n % 2 else ''}" if n != 1 else "½"
