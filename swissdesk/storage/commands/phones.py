"""The players' phones (issue 35): personal codes, check-in and result reports.

The arbiter stays in charge: a phone can only act while the arbiter has opened check-in or
result reporting for the round (:class:`OpenCheckIn`, :class:`OpenReporting`), only with the
player's personal code (:class:`IssueCodes`), and only on that player's own check-in and
own board. Every phone write is one command like the arbiter's own (one transaction, one
audit row naming the player and the phone), so Undo and the audit log cover it. A report
never overwrites an entered result: the arbiter's entry always wins. See ``docs/venue.md``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session

from swissdesk.i18n import N_, Message, _, listed, ngettext, said, said_n
from swissdesk.storage import convert
from swissdesk.storage.commands import results, team_matches
from swissdesk.storage.commands.base import Action, Outcome, player_by_tpn, tournament_row, utc_now
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.results import BoardResult
from swissdesk.storage.schema import (
    EntryRecord,
    PlayerCodeRecord,
    PlayerRecord,
    ResultReportRecord,
    VenueStateRecord,
)
from swissdesk.storage.sections import section_of
from swissdesk.storage.teamviews import lineup_rows, match_entries, roster, team_settings

CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY346789"
"""The letters of a personal code: none that a player confuses with another when reading
a printed slip (no B/8, I/1/L, O/0, S/5, Z/2)."""
CODE_LENGTH = 6
"""26^6 = 308 million codes: with the venue's lock-out (a few wrong tries per address)
guessing one of 300 players' codes is hopeless."""

ACCEPTANCE_MODES = ("arbiter", "auto")
"""What a report confirmed by both players does: waits for the arbiter (one key per board,
or all confirmed at once), or is entered at once."""

PHONE_RESULTS = (BoardResult.WHITE_WINS, BoardResult.DRAW, BoardResult.BLACK_WINS)
"""What a player may report: the three results of a game played. Forfeits, byes and
adjournments are the arbiter's."""

REPORT_STATES = ("reported", "confirmed", "disputed", "accepted", "rejected")

EMPTY_PLACES = ("+-", "-+", "--")
"""A team report's tokens for a board with an empty place in a line-up (the second team's,
the first team's, both): a forfeited game, the line-up's doing, written from the first
team's side as the line-up decides it, never reported by a captain."""


def report_kind(s: Session) -> str:
    """What a phone reports in this section: ``game`` (one game per board), ``double``
    (both games of a Double-Swiss board, C.04.5) or ``team`` (every board of a match,
    reported by a team's captain with the team's code, C.04.6)."""
    row = tournament_row(s)
    if row.is_team:
        return "team"
    if row.system.split(":")[0] == "double-swiss":
        return "double"
    return "game"


def team_places(s: Session, team_id: int, round_number: int) -> dict[int, int | None]:
    """Board -> member id of a team's line-up in a round (``None``: an empty place); the
    first players of the roster while no line-up is stored (as the result entry does)."""
    boards = team_settings(s).boards
    stored = lineup_rows(s, team_id, round_number)
    if stored:
        return {b.board: b.member_id for b in stored}
    members = roster(s, team_id)[:boards]
    return {n: (members[n - 1].id if n <= len(members) else None) for n in range(1, boards + 1)}


def _team_forfeits(s: Session, round_number: int, match: int) -> list[str | None]:
    """Per board of a match in today's line-ups: ``None`` for a board played (both places
    filled), else its forfeit from the first team's side (:data:`EMPTY_PLACES`)."""
    first, second = match_entries(s, round_number, match)
    a = team_places(s, first.player_id, round_number)
    b = team_places(s, second.player_id, round_number)
    out: list[str | None] = []
    for n in range(1, team_settings(s).boards + 1):
        here, there = a.get(n) is not None, b.get(n) is not None
        out.append(None if here and there else "+-" if here else "-+" if there else "--")
    return out


def new_code() -> str:
    """A fresh personal code (``secrets``: unpredictable)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed on a phone: case, spaces and dashes ignored."""
    return "".join(ch for ch in text.upper() if ch.isalnum())[:32]


def _device_text(device: str) -> str:
    return " ".join(device.split())[:160]


def _player_label(rec: PlayerRecord) -> Message:
    """``no. 12 Müller, Jürgen`` (stored in English, worded in the reader's language)."""
    return said("no. {tpn} {name}", tpn=rec.tpn, name=rec.name)


# ---------------------------------------------------------------------------------------
# Codes


@dataclass(frozen=True, slots=True)
class IssueCodes(Action):
    """Give players their personal codes: ``tpns`` empty gives one to every player of the
    section who has none; ``renew`` gives the named players new codes (the old ones stop
    working at once)."""

    tpns: tuple[int, ...] = ()
    renew: bool = False


def _taken_codes(s: Session) -> set[str]:
    return set(s.scalars(select(PlayerCodeRecord.code).execution_options(populate_existing=True)))


def issue_codes(s: Session, a: IssueCodes) -> Outcome:
    if a.renew and not a.tpns:
        raise ActionRefused(_("name the players whose codes are renewed"))
    if a.tpns:
        players = [player_by_tpn(s, tpn) for tpn in dict.fromkeys(a.tpns)]
    else:
        players = list(s.scalars(select(PlayerRecord).order_by(PlayerRecord.tpn)))
    ids = [p.id for p in players]
    existing = {
        pid: code
        for pid, code in s.execute(
            select(PlayerCodeRecord.player_id, PlayerCodeRecord.code).where(
                PlayerCodeRecord.player_id.in_(ids)
            )
        )
    }
    chosen = [p for p in players if a.renew or p.id not in existing]
    if not chosen:
        raise ActionRefused(
            _("every player has a code already: renew a player's code to replace it")
            if players
            else _("the section has no players")
        )
    taken = _taken_codes(s)
    now = utc_now()
    issued: list[list[Any]] = []
    for p in chosen:
        code = new_code()
        while code in taken:
            code = new_code()
        taken.add(code)
        issued.append([p.id, code])
    previous = [[pid, existing[pid]] for pid, _ in issued if pid in existing]
    s.execute(
        delete(PlayerCodeRecord).where(PlayerCodeRecord.player_id.in_([i[0] for i in issued]))
    )
    s.execute(
        insert(PlayerCodeRecord),
        [{"player_id": pid, "code": code, "issued_at": now} for pid, code in issued],
    )
    names = listed([_player_label(p) for p in chosen[:3]], ", ")
    count = len(chosen)
    if count <= 3 and a.renew:
        summary = said("new personal code: {names}", names=names)
    elif count <= 3:
        summary = said("personal code: {names}", names=names)
    else:
        some = said_n(
            "{names} and {count} more", "{names} and {count} more", count - 3,
            names=names, count=count - 3,
        )
        if a.renew:
            summary = said_n(
                "new personal code for {count} player ({names})",
                "new personal codes for {count} players ({names})",
                count, count=count, names=some,
            )
        else:
            summary = said_n(
                "personal code for {count} player ({names})",
                "personal codes for {count} players ({names})",
                count, count=count, names=some,
            )
    return summary, {"issued": issued, "previous": previous}, ()


def undo_issue_codes(s: Session, payload: Mapping[str, Any]) -> None:
    ids = [int(pid) for pid, _code in payload["issued"]]
    s.execute(delete(PlayerCodeRecord).where(PlayerCodeRecord.player_id.in_(ids)))
    if payload["previous"]:
        s.execute(
            insert(PlayerCodeRecord),
            [
                {"player_id": int(pid), "code": str(code), "issued_at": ""}
                for pid, code in payload["previous"]
            ],
        )


@dataclass(frozen=True, slots=True)
class RevokeCodes(Action):
    """Take players' personal codes away (a lost slip): their phones can do nothing more
    until the arbiter gives them a new one."""

    tpns: tuple[int, ...]


def revoke_codes(s: Session, a: RevokeCodes) -> Outcome:
    if not a.tpns:
        raise ActionRefused(_("name the players whose codes are taken away"))
    players = [player_by_tpn(s, tpn) for tpn in dict.fromkeys(a.tpns)]
    rows: list[list[Any]] = [
        [int(pid), str(code)]
        for pid, code in s.execute(
            select(PlayerCodeRecord.player_id, PlayerCodeRecord.code).where(
                PlayerCodeRecord.player_id.in_([p.id for p in players])
            )
        )
    ]
    if not rows:
        raise ActionRefused(
            _("this player has no code") if len(players) == 1 else _("these players have no code")
        )
    s.execute(delete(PlayerCodeRecord).where(PlayerCodeRecord.player_id.in_([r[0] for r in rows])))
    gone = {r[0] for r in rows}
    names = listed([_player_label(p) for p in players if p.id in gone], ", ")
    return said("code taken away: {names}", names=names), {"revoked": rows}, ()


def undo_revoke_codes(s: Session, payload: Mapping[str, Any]) -> None:
    s.execute(
        insert(PlayerCodeRecord),
        [
            {"player_id": int(pid), "code": str(code), "issued_at": ""}
            for pid, code in payload["revoked"]
        ],
    )


def codes_of_section(s: Session) -> dict[int, str]:
    """Player id -> code, for the section's players who have one."""
    return {
        pid: code
        for pid, code in s.execute(
            select(PlayerCodeRecord.player_id, PlayerCodeRecord.code)
            .join(PlayerRecord, PlayerRecord.id == PlayerCodeRecord.player_id)
            .where(PlayerRecord.section_id == section_of(s))
        )
    }


def player_with_code(s: Session, code: str) -> PlayerRecord | None:
    """The section's player holding ``code`` (as typed), ``None`` for a wrong code."""
    wanted = normal_code(code)
    if len(wanted) != CODE_LENGTH:
        return None
    pid = s.scalars(select(PlayerCodeRecord.player_id).where(PlayerCodeRecord.code == wanted)).first()
    if pid is None:
        return None
    return s.scalars(select(PlayerRecord).where(PlayerRecord.id == pid)).first()


# ---------------------------------------------------------------------------------------
# What the arbiter opens to the phones


def _state_row(s: Session) -> VenueStateRecord:
    rec = s.get(VenueStateRecord, section_of(s))
    if rec is None:
        rec = VenueStateRecord(
            section_id=section_of(s), checkin_round=None, report_round=None, acceptance="arbiter"
        )
        s.add(rec)
    return rec


def _state_payload(rec: VenueStateRecord) -> dict[str, Any]:
    return {
        "checkin_round": rec.checkin_round,
        "report_round": rec.report_round,
        "acceptance": rec.acceptance,
    }


def undo_state(s: Session, payload: Mapping[str, Any]) -> None:
    before = payload["state"]
    rec = _state_row(s)
    rec.checkin_round = before["checkin_round"]
    rec.report_round = before["report_round"]
    rec.acceptance = before["acceptance"]
    fresh = payload.get("unticked")
    if fresh:
        for p in s.scalars(select(PlayerRecord).where(PlayerRecord.id.in_(fresh))):
            p.checked_in = True


@dataclass(frozen=True, slots=True)
class OpenCheckIn(Action):
    """Open check-in from the players' phones for ``round_number`` (the next round to be
    paired); ``None`` closes it. It also closes by itself when that round is paired.

    ``fresh``: take every tick back first, so that everyone checks in again (before a later
    round; the ticks are kept in the audit log and come back with Undo)."""

    round_number: int | None
    fresh: bool = False


def open_check_in(s: Session, a: OpenCheckIn) -> Outcome:
    rec = _state_row(s)
    before = _state_payload(rec)
    payload: dict[str, Any] = {"state": before}
    if a.round_number is None:
        if not phone_check_in_round(s):
            raise ActionRefused(_("check-in from the phones is not open"))
        rec.checkin_round = None
        return said("check-in from the phones closed"), payload, ()
    settings = convert.settings_from_record(tournament_row(s))
    nxt = convert.last_paired_round(s) + 1
    if a.round_number != nxt or nxt > settings.total_rounds:
        if nxt > settings.total_rounds:
            raise ActionRefused(_("every round is paired: there is no round to check in for"))
        raise ActionRefused(
            _(
                "check-in is for the next round to be paired (round {nxt}), not round "
                "{round_number}"
            ).format(nxt=nxt, round_number=a.round_number)
        )
    rec.checkin_round = a.round_number
    summary = said(
        "check-in from the phones opened for round {round_number}",
        round_number=a.round_number,
    )
    if a.fresh:
        ticked = list(s.scalars(select(PlayerRecord).where(PlayerRecord.checked_in)))
        for p in ticked:
            p.checked_in = False
        payload["unticked"] = [p.id for p in ticked]
        summary = said_n(
            "check-in from the phones opened for round {round_number} ({count} earlier tick "
            "taken back)",
            "check-in from the phones opened for round {round_number} ({count} earlier ticks "
            "taken back)",
            len(ticked),
            round_number=a.round_number,
            count=len(ticked),
        )
    return summary, payload, ()


@dataclass(frozen=True, slots=True)
class OpenReporting(Action):
    """Open result reporting from the players' phones for ``round_number`` (the last
    paired round); ``None`` closes it. It also closes by itself when the next round is
    paired. ``acceptance`` (``arbiter`` / ``auto``; ``None`` keeps the setting): what a
    report both players agree on does."""

    round_number: int | None
    acceptance: str | None = None


def open_reporting(s: Session, a: OpenReporting) -> Outcome:
    rec = _state_row(s)
    payload: dict[str, Any] = {"state": _state_payload(rec)}
    if a.acceptance is not None:
        if a.acceptance not in ACCEPTANCE_MODES:
            raise ActionRefused(
                _(
                    "acceptance is one of {ACCEPTANCE_MODES}, not {acceptance!r}"
                ).format(ACCEPTANCE_MODES=', '.join(ACCEPTANCE_MODES), acceptance=a.acceptance)
            )
        rec.acceptance = a.acceptance
    if a.round_number is None:
        if not phone_report_round(s):
            raise ActionRefused(_("result reporting from the phones is not open"))
        rec.report_round = None
        return said("result reporting from the phones closed"), payload, ()
    last = convert.last_paired_round(s)
    if a.round_number != last or last == 0:
        if last == 0:
            raise ActionRefused(_("no round is paired yet"))
        raise ActionRefused(
            _(
                "results are reported for the round being played (round {last}), not round "
                "{round_number}"
            ).format(last=last, round_number=a.round_number)
        )
    rec.report_round = a.round_number
    summary = (
        said(
            "result reporting from the phones opened for round {last} (entered as soon as "
            "both players agree)",
            last=last,
        )
        if rec.acceptance == "auto"
        else said(
            "result reporting from the phones opened for round {last} (accepted by the "
            "arbiter)",
            last=last,
        )
    )
    return summary, payload, ()


def phone_check_in_round(s: Session) -> int | None:
    """The round check-in is open for now (``None``: closed; a round paired closes it)."""
    rec = s.get(VenueStateRecord, section_of(s))
    if rec is None or rec.checkin_round is None:
        return None
    if rec.checkin_round != convert.last_paired_round(s) + 1:
        return None
    return rec.checkin_round


def phone_report_round(s: Session) -> int | None:
    """The round results can be reported for now (``None``: closed; the next round
    paired, or the round unpaired, closes it)."""
    rec = s.get(VenueStateRecord, section_of(s))
    if rec is None or rec.report_round is None:
        return None
    if rec.report_round != convert.last_paired_round(s):
        return None
    return rec.report_round


def acceptance_mode(s: Session) -> str:
    rec = s.get(VenueStateRecord, section_of(s))
    return rec.acceptance if rec is not None else "arbiter"


# ---------------------------------------------------------------------------------------
# Check-in from a phone


@dataclass(frozen=True, slots=True)
class PhoneCheckIn(Action):
    """A player checks in from a phone with their personal code (``device``: what the
    server knows of the phone, recorded in the audit log)."""

    code: str
    device: str = ""


def _refuse_code() -> ActionRefused:
    return ActionRefused(_("this code is not known: check it on your slip, or ask the arbiter"))


def phone_check_in(s: Session, a: PhoneCheckIn) -> Outcome:
    r = phone_check_in_round(s)
    if r is None:
        raise ActionRefused(_("check-in is closed: ask the arbiter"))
    rec = player_with_code(s, a.code)
    if rec is None:
        raise _refuse_code()
    if rec.withdrawn_from_round is not None and rec.withdrawn_from_round <= r:
        raise ActionRefused(_("you are withdrawn from the tournament: ask the arbiter"))
    if rec.checked_in:
        raise ActionRefused(_("you are checked in already"))
    rec.checked_in = True
    device = _device_text(a.device)
    by = f"{_player_label(rec)} from a phone" + (f" ({device})" if device else "")
    summary = said(
                  "checked in from a phone for round {r}: {player_label}",
                  r=r,
                  player_label=_player_label(rec),
              )
    return summary, {"ids": [rec.id], "present": True, "by": by, "device": device}, ()


@dataclass(frozen=True, slots=True)
class KioskCheckIn(Action):
    """A player checks in at the kiosk, the tablet at the arbiter's desk, by finding their
    name (no personal code: the kiosk's own address is the key, and the arbiter watches
    the desk). ``device``: the tablet as the server saw it, for the audit log."""

    tpn: int
    device: str = ""


def kiosk_check_in(s: Session, a: KioskCheckIn) -> Outcome:
    r = phone_check_in_round(s)
    if r is None:
        raise ActionRefused(_("check-in is closed: ask the arbiter"))
    rec = player_by_tpn(s, a.tpn)
    if rec.withdrawn_from_round is not None and rec.withdrawn_from_round <= r:
        raise ActionRefused(_(
                                "{name} is withdrawn from the tournament: ask the arbiter"
                            ).format(name=rec.name))
    if rec.checked_in:
        raise ActionRefused(_("{name} is checked in already").format(name=rec.name))
    rec.checked_in = True
    device = _device_text(a.device)
    by = "the kiosk at the desk" + (f" ({device})" if device else "")
    summary = said(
                  "checked in at the kiosk for round {r}: {player_label}",
                  r=r,
                  player_label=_player_label(rec),
              )
    return summary, {"ids": [rec.id], "present": True, "by": by, "device": device}, ()


# ---------------------------------------------------------------------------------------
# Results reported from phones


@dataclass(frozen=True, slots=True)
class ReportResult(Action):
    """A player reports their board's result from a phone (``result`` as the board's
    result, White first). The opponent confirms by reporting the same result, or disputes
    with another; a confirmed report is entered at once when the section accepts reports
    automatically, else waits for the arbiter (:class:`AcceptReports`)."""

    code: str
    round_number: int
    result: BoardResult
    device: str = ""


def _board_of(s: Session, player_id: int, round_number: int, kind: str) -> EntryRecord:
    entry = s.scalars(
        select(EntryRecord).where(
            EntryRecord.player_id == player_id, EntryRecord.round_number == round_number
        )
    ).first()
    if entry is None or entry.kind != "game" or entry.board is None or entry.opponent_id is None:
        if kind == "team":
            raise ActionRefused(_(
                                    "your team has no match in round {round_number}: nothing "
                                    "to report"
                                ).format(round_number=round_number))
        raise ActionRefused(_(
                                "you have no game in round {round_number}: nothing to report"
                            ).format(round_number=round_number))
    return entry


def _report_row(s: Session, round_number: int, board: int) -> ResultReportRecord | None:
    return s.scalars(
        select(ResultReportRecord).where(
            ResultReportRecord.round_number == round_number, ResultReportRecord.board == board
        )
    ).first()


def is_live(s: Session, rep: ResultReportRecord) -> bool:
    """Whether ``rep`` still belongs to its board: its reporter still plays that board in
    that round (a round unpaired and paired again leaves older reports behind)."""
    board = s.scalars(
        select(EntryRecord.board).where(
            EntryRecord.player_id == rep.reporter_id,
            EntryRecord.round_number == rep.round_number,
            EntryRecord.kind == "game",
        )
    ).first()
    return board == rep.board


def _report_payload(rec: ResultReportRecord | None) -> dict[str, Any] | None:
    if rec is None:
        return None
    return {
        "round_number": rec.round_number,
        "board": rec.board,
        "reporter_id": rec.reporter_id,
        "result": rec.result,
        "state": rec.state,
        "answered_by": rec.answered_by,
        "disputed_result": rec.disputed_result,
        "reported_at": rec.reported_at,
        "device": rec.device,
    }


def _restore_report(s: Session, round_number: int, board: int, before: Any) -> None:
    s.execute(
        delete(ResultReportRecord).where(
            ResultReportRecord.round_number == round_number, ResultReportRecord.board == board
        )
    )
    if before is not None:
        s.flush()
        s.execute(insert(ResultReportRecord), [dict(before)])
    s.expire_all()


def _entered(s: Session, kind: str, entry: EntryRecord) -> bool:
    """Whether the arbiter entered the board's result (for a team match: any board's, or
    the match forfeited): a report then is refused, the arbiter's entry wins."""
    if entry.result is not None:
        return True
    if kind != "team":
        return False
    first, second = match_entries(s, entry.round_number, int(entry.board or 0))
    rows = [*lineup_rows(s, first.player_id, entry.round_number),
            *lineup_rows(s, second.player_id, entry.round_number)]  # fmt: skip
    return any(b.result is not None for b in rows)


def report_result(s: Session, a: ReportResult) -> Outcome:
    def text(_entry: EntryRecord) -> str:
        if a.result not in PHONE_RESULTS:
            raise ActionRefused(_(
                                    "report a win, a draw or a loss; anything else is the "
                                    "arbiter's"
                                ))
        return a.result.value

    if report_kind(s) != "game":
        r = phone_report_round(s)
        if r is None or a.round_number != r:
            raise ActionRefused(_("result reporting is closed for this round: tell the arbiter"))
        raise ActionRefused(
            _(
                "report every game of your match (both games of a Double-Swiss board, every "
                "board of a team match)"
            )
        )
    return _file_report(s, a.code, a.round_number, a.device, "game", text)


@dataclass(frozen=True, slots=True)
class ReportMatch(Action):
    """A match reported from a phone: both games of a Double-Swiss board by one of its
    players, or every board of a team match by a team's captain (with the team's code).

    ``games``: Double-Swiss, game 1 in the board's colours (its White first) and game 2 in
    its own (the board's Black is White then: C.04.5 art. 4.4), as the arbiter's
    :class:`~swissdesk.storage.commands.results.EnterMatchResult`; a team match, one
    result per board from the first team's side (``1-0``: the first team's player won), as
    :class:`~swissdesk.storage.commands.team_matches.EnterBoardResult`, ``None`` for a board
    with an empty place (a forfeited game: the line-up says so, nobody reports it). The
    other player or captain confirms by reporting the same, or disputes with another."""

    code: str
    round_number: int
    games: tuple[BoardResult | None, ...]
    device: str = ""


def report_match(s: Session, a: ReportMatch) -> Outcome:
    kind = report_kind(s)

    def text(entry: EntryRecord) -> str:
        if kind == "double":
            if len(a.games) != 2 or any(g not in PHONE_RESULTS for g in a.games):
                raise ActionRefused(
                    _(
                        "report both games, each a win, a draw or a loss; anything else is the "
                        "arbiter's"
                    )
                )
            return " ".join(g.value for g in a.games if g is not None)
        shape = _team_forfeits(s, entry.round_number, int(entry.board or 0))
        if len(a.games) != len(shape):
            raise ActionRefused(
                ngettext(
                    "report the {count} board of the match",
                    "report the {count} boards of the match",
                    len(shape),
                ).format(count=len(shape))
            )
        tokens = []
        for n, (forfeit, g) in enumerate(zip(shape, a.games, strict=True), start=1):
            if forfeit is not None:
                tokens.append(forfeit)
            elif g not in PHONE_RESULTS or g is None:
                raise ActionRefused(
                    _(
                        "report board {n}: a win, a draw or a loss (anything else is the "
                        "arbiter's)"
                    ).format(n=n)
                )
            else:
                tokens.append(g.value)
        if all(f is not None for f in shape):
            raise ActionRefused(_("no board of the match is played: the arbiter enters it"))
        return " ".join(tokens)

    if kind == "game":
        raise ActionRefused(_("report the result of your game (one game per board here)"))
    return _file_report(s, a.code, a.round_number, a.device, kind, text)


def _file_report(
    s: Session,
    code: str,
    round_number: int,
    device_seen: str,
    kind: str,
    text_of: Callable[[EntryRecord], str],
) -> Outcome:
    """A report, a confirmation or a dispute of a board (a match) from a phone: what
    :class:`ReportResult` and :class:`ReportMatch` share; ``text_of`` checks what was
    reported and writes it as the report keeps it."""
    r = phone_report_round(s)
    if r is None or round_number != r:
        raise ActionRefused(_("result reporting is closed for this round: tell the arbiter"))
    rec = player_with_code(s, code)
    if rec is None:
        raise _refuse_code()
    entry = _board_of(s, rec.id, r, kind)
    board = int(entry.board or 0)
    where = (
        _("match {number}") if kind == "team" else _("board {number}")
    ).format(number=board)
    if _entered(s, kind, entry):
        raise ActionRefused(
            _(
                "the arbiter has entered the result of {where} already: ask the arbiter if it "
                "is wrong"
            ).format(where=where)
        )
    text = text_of(entry)
    report = _report_row(s, r, board)
    before = _report_payload(report)
    device = _device_text(device_seen)
    who = _player_label(rec)
    if report is None or report.state == "rejected" or not is_live(s, report):
        if report is not None:
            s.delete(report)
            s.flush()
        report = ResultReportRecord(
            round_number=r,
            board=board,
            reporter_id=rec.id,
            result=text,
            state="reported",
            answered_by=None,
            disputed_result=None,
            reported_at=utc_now(),
            device=device,
        )
        s.add(report)
        what = "reported"
    elif report.state in ("confirmed", "accepted"):
        raise ActionRefused(
            _(
                "the result of {where} is confirmed already ({result}): ask the arbiter if it "
                "is wrong"
            ).format(where=where, result=report.result)
        )
    elif report.reporter_id == rec.id:
        report.result = text
        report.reported_at = utc_now()
        report.device = device
        if report.state == "disputed" and report.disputed_result == text:
            report.state = "confirmed"
            what = "agreed"
        else:
            what = "reported"
    else:  # the opponent answers
        report.answered_by = rec.id
        if text == report.result:
            report.state = "confirmed"
            report.disputed_result = None
            what = "confirmed"
        else:
            report.state = "disputed"
            report.disputed_result = text
            what = "disputed"
    s.flush()
    payload: dict[str, Any] = {
        "round_number": r,
        "board": board,
        "before": before,
        "by": f"{who} from a phone" + (f" ({device})" if device else ""),
        "device": device,
    }
    fields: dict[str, Any] = {
        "r": r,
        "where": said("match {number}", number=board)
        if kind == "team"
        else said("board {number}", number=board),
        "who": who,
        "text": text,
        "reported": report.result,
    }
    summary = said(REPORT_SAID[what], **fields)
    warnings: tuple[str, ...] = ()
    if report.state == "confirmed" and acceptance_mode(s) == "auto":
        entered = _accept(s, report, kind)
        payload["entered"] = entered
        summary = said(
            "{report}; entered (reports accepted automatically)", report=summary
        )
    return summary, payload, warnings


REPORT_SAID = {
    "reported": N_("round {r}, {where}: {who} reported {text} from a phone"),
    "agreed": N_("round {r}, {where}: {who} agreed to {text} from a phone"),
    "confirmed": N_("round {r}, {where}: {who} confirmed {text} from a phone"),
    "disputed": N_(
        "round {r}, {where}: {who} disputed the report ({reported}): says {text} from a phone"
    ),
}
"""A phone's report in the audit log, one whole sentence per answer (its verb English in
the record, as before; worded in the reader's language)."""


def _accept(s: Session, report: ResultReportRecord, kind: str) -> dict[str, Any]:
    """Enter ``report``'s result as the board's (the arbiter's own result commands) and
    mark it accepted; the result commands' payload, for Undo. A team match's boards the
    arbiter entered meanwhile keep the arbiter's result."""
    r, board = report.round_number, report.board
    entered: dict[str, Any]
    if kind == "double":
        g1, g2 = (BoardResult(t) for t in report.result.split())
        _summary, done, _warnings = results.enter_match_result(
            s, results.EnterMatchResult(r, board, g1, g2)
        )
        entered = {"match": done}
    elif kind == "team":
        first, second = match_entries(s, r, board)
        entered = {"team": team_matches.capture(s, r, [first.player_id, second.player_id])}
        rows = {b.board: b for b in lineup_rows(s, first.player_id, r)}
        for n, token in enumerate(report.result.split(), start=1):
            row = rows.get(n)
            if token in EMPTY_PLACES or (row is not None and row.result is not None):
                continue
            team_matches.enter_board_result(
                s, team_matches.EnterBoardResult(r, board, n, BoardResult(token))
            )
    else:
        _summary, entered, _warnings = results.enter_result(
            s, results.EnterResult(r, board, BoardResult(report.result))
        )
    report.state = "accepted"
    return entered


def _undo_entered(s: Session, entered: Mapping[str, Any]) -> None:
    if "match" in entered:
        results.undo_match_result(s, entered["match"])
    elif "team" in entered:
        team_matches.undo_lineup_change(s, entered["team"])
    else:
        results.undo_result(s, entered)


def _stale(s: Session, report: ResultReportRecord, kind: str) -> str | None:
    """Why ``report`` can no longer be entered as it stands (``None``: it can): a team
    report made on line-ups that have changed since."""
    if kind != "team":
        return None
    shape = _team_forfeits(s, report.round_number, report.board)
    reported = [t if t in EMPTY_PLACES else None for t in report.result.split()]
    if shape != reported:
        return _(
            "the line-ups of match {match} changed since it was reported: dismiss the report "
            "(the captains report again) or enter the boards"
        ).format(match=report.board)
    return None


def undo_report_result(s: Session, payload: Mapping[str, Any]) -> None:
    entered = payload.get("entered")
    if entered:
        _undo_entered(s, entered)
    _restore_report(s, int(payload["round_number"]), int(payload["board"]), payload["before"])


@dataclass(frozen=True, slots=True)
class AcceptReports(Action):
    """The arbiter accepts reported results of the round being played: ``boards`` named
    (one key per board: a one-sided or disputed report too, the arbiter having looked), or
    every report both players confirmed (``boards`` empty). Boards whose result was entered
    meanwhile are left as entered (the arbiter's entry wins)."""

    round_number: int
    boards: tuple[int, ...] = ()


def accept_reports(s: Session, a: AcceptReports) -> Outcome:
    last = convert.last_paired_round(s)
    if a.round_number != last:
        raise ActionRefused(_(
                                "reports are accepted for the round being played (round {last})"
                            ).format(last=last))
    query = select(ResultReportRecord).where(ResultReportRecord.round_number == a.round_number)
    reports = {rep.board: rep for rep in s.scalars(query) if is_live(s, rep)}
    if a.boards:
        missing = [b for b in a.boards if b not in reports]
        if missing:
            raise ActionRefused(_("board {missing} has no report").format(missing=missing[0]))
        chosen = [reports[b] for b in dict.fromkeys(a.boards)]
        chosen = [rep for rep in chosen if rep.state in ("reported", "confirmed", "disputed")]
    else:
        chosen = [rep for rep in reports.values() if rep.state == "confirmed"]
    kind = report_kind(s)
    if a.boards:
        for rep in chosen:
            why = _stale(s, rep, kind)
            if why is not None:
                raise ActionRefused(why)
    else:
        chosen = [rep for rep in chosen if _stale(s, rep, kind) is None]
    entered_boards = _boards_with_results(s, a.round_number)
    todo = [rep for rep in sorted(chosen, key=lambda r: r.board) if rep.board not in entered_boards]
    if not todo:
        raise ActionRefused(
            _("no report to accept: none confirmed by both players")
            if not a.boards
            else _("nothing to accept: the result is entered already")
        )
    done: list[dict[str, Any]] = []
    for rep in todo:
        before = _report_payload(rep)
        entered = _accept(s, rep, kind)
        done.append({"board": rep.board, "before": before, "entered": entered})
    s.flush()
    boards = ", ".join(str(d["board"]) for d in done)
    summary = said_n(
        "round {round_number}: reported result accepted, board {boards}",
        "round {round_number}: reported results accepted, boards {boards}",
        len(done),
        round_number=a.round_number,
        boards=boards,
    )
    return summary, {"round_number": a.round_number, "done": done}, ()


def undo_accept_reports(s: Session, payload: Mapping[str, Any]) -> None:
    r = int(payload["round_number"])
    for item in reversed(payload["done"]):
        _undo_entered(s, item["entered"])
        _restore_report(s, r, int(item["board"]), item["before"])


def _boards_with_results(s: Session, round_number: int) -> set[int]:
    return {
        int(b)
        for b in s.scalars(
            select(EntryRecord.board).where(
                EntryRecord.round_number == round_number,
                EntryRecord.kind == "game",
                EntryRecord.result.is_not(None),
            )
        )
        if b is not None
    }


@dataclass(frozen=True, slots=True)
class DismissReport(Action):
    """The arbiter sets a board's report aside (a wrong report: the players are told to
    come to the desk); the players may report again."""

    round_number: int
    board: int


def dismiss_report(s: Session, a: DismissReport) -> Outcome:
    rep = _report_row(s, a.round_number, a.board)
    if rep is None or rep.state in ("accepted", "rejected") or not is_live(s, rep):
        raise ActionRefused(_("board {board} has no open report").format(board=a.board))
    before = _report_payload(rep)
    rep.state = "rejected"
    return (
        said(
            "round {round_number}, board {board}: report set aside",
            round_number=a.round_number,
            board=a.board,
        ),
        {"round_number": a.round_number, "board": a.board, "before": before},
        (),
    )


def undo_dismiss_report(s: Session, payload: Mapping[str, Any]) -> None:
    _restore_report(s, int(payload["round_number"]), int(payload["board"]), payload["before"])
