"""The players' phones: check-in and result reports, the venue's only writes (issue 35).

A phone never writes the file itself. Each accepted form becomes one storage command
(:mod:`swissdesk.storage.commands.phones`) run by this server process through the same
command lane as the window's actions (:meth:`TournamentFile.execute`: one SQLite
transaction with its audit row, ``BEGIN IMMEDIATE`` and the file's busy timeout; the
file's lock serialises this process's writers). The window sees the change through its own
change check within a second or two (docs/venue.md).

What protects the file from the venue network:

* **The arbiter opens the door.** ``POST /checkin`` and ``POST /report`` answer 404 unless
  a served section has check-in (result reporting) open for its round; the commands check
  it again inside their transaction, so a door closing between the two is respected.
* **A personal code** names the player; a code opens only its own check-in and its own
  board (the command finds the board from the code, never from the form).
* **Wrong codes lock the address out**: :data:`MAX_WRONG` wrong codes within
  :data:`WRONG_WINDOW_S` lock the phone's address for :data:`LOCK_S`; while locked every
  code is refused unread (a right one too), so 1,000 guesses test at most
  :data:`MAX_WRONG` codes.
* **CSRF**: every form carries a one-time token bound to a random cookie of the phone
  (``SameSite=Strict``, ``HttpOnly``) by an HMAC with this server run's secret; a form
  without it, from another site (``Origin``), replayed, or older than
  :data:`TOKEN_TTL_S` is refused, and nothing is written.
* Bodies are small (:data:`MAX_BODY`), parsed by the standard library.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from swissdesk.errors import SwissdeskError
from swissdesk.i18n import _, current_language, ngettext
from swissdesk.storage import (
    ActionResult,
    BoardResult,
    CodeHolder,
    KioskCheckIn,
    PhoneAccess,
    PhoneCheckIn,
    ReportMatch,
    ReportResult,
    ReportView,
    TournamentFile,
)
from swissdesk.storage.views import PhoneGame
from swissdesk.venue.render import language_links, not_found_html
from swissdesk.venue.source import Section, Venue

MAX_WRONG = 5
"""Wrong codes an address may send within :data:`WRONG_WINDOW_S` before it is locked out."""
WRONG_WINDOW_S = 600.0
LOCK_S = 900.0
"""How long an address stays locked out (15 minutes: the arbiter can help meanwhile)."""
TOKEN_TTL_S = 2 * 3600.0
"""A form older than this is refused (reload the page)."""
MAX_BODY = 2_048
MAX_GAMES = 50
"""A team match has at most 50 boards: a form names at most this many games."""
USED_TOKENS_KEPT = 100_000
KIOSK_SHOWN = 12
"""Players a kiosk search shows at most (type more of the name to find one among more)."""
COOKIE = "swissdesk_phone"
DOORS_SECONDS = 1.0
"""How long open doors read for one form serve the next ones while the file changes (see
:meth:`Phones.access`; a closed door is read again after any change)."""

PHONE_RESULTS = {
    "1-0": BoardResult.WHITE_WINS,
    "1/2": BoardResult.DRAW,
    "0-1": BoardResult.BLACK_WINS,
}


class LockOut:
    """Wrong codes per client address; an address with too many is locked out."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._wrong: dict[str, deque[float]] = {}
        self._locked: dict[str, float] = {}
        self._lock = threading.Lock()

    def locked(self, address: str) -> float:
        """Seconds ``address`` stays locked out (0: it may try)."""
        with self._lock:
            until = self._locked.get(address)
            if until is None:
                return 0.0
            left = until - self.clock()
            if left <= 0:
                del self._locked[address]
                self._wrong.pop(address, None)
                return 0.0
            return left

    def wrong(self, address: str) -> bool:
        """Count a wrong code; whether the address is now locked out."""
        now = self.clock()
        with self._lock:
            tries = self._wrong.setdefault(address, deque())
            tries.append(now)
            while tries and tries[0] < now - WRONG_WINDOW_S:
                tries.popleft()
            if len(tries) >= MAX_WRONG:
                self._locked[address] = now + LOCK_S
                return True
            if len(self._wrong) > 50_000:  # a flood of addresses: forget the quiet ones
                for key in [k for k, v in self._wrong.items() if not v][:10_000]:
                    del self._wrong[key]
            return False


class FormTokens:
    """One-time CSRF tokens bound to the phone's cookie (HMAC with a per-run secret)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._secret = secrets.token_bytes(32)
        self._used: OrderedDict[str, float] = OrderedDict()
        self._lock = threading.Lock()

    def _mac(self, cookie: str, stamp: str, nonce: str) -> str:
        msg = f"{cookie}|{stamp}|{nonce}".encode()
        return hmac.new(self._secret, msg, hashlib.sha256).hexdigest()[:32]

    def issue(self, cookie: str) -> str:
        stamp = str(int(self.clock()))
        nonce = secrets.token_urlsafe(9)
        return f"{stamp}.{nonce}.{self._mac(cookie, stamp, nonce)}"

    def check(self, cookie: str, token: str) -> str | None:
        """Spend ``token``; ``None`` if good, else why it is refused."""
        parts = token.split(".")
        if not cookie or len(parts) != 3 or not parts[0].isdigit():
            return _("This form is not from this server: open the page again.")
        stamp, nonce, mac = parts
        if not hmac.compare_digest(mac, self._mac(cookie, stamp, nonce)):
            return _("This form is not from this server: open the page again.")
        age = self.clock() - int(stamp)
        if age > TOKEN_TTL_S or age < -60:
            return _("This form is too old: open the page again.")
        with self._lock:
            if token in self._used:
                return _("This form was sent already.")
            self._used[token] = self.clock()
            while len(self._used) > USED_TOKENS_KEPT:
                self._used.popitem(last=False)
        return None


@dataclass(frozen=True, slots=True)
class Answer:
    """What a phone page shows: a heading, a sentence, its kind (``ok``/``refused``/
    ``info``), and for a report the board to act on."""

    title: str
    text: str
    kind: str = "info"
    board: BoardInfo | None = None


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """A player's board as the report page shows it (no ORM, no code)."""

    section: str
    round_number: int
    board: int
    white: str
    black: str
    you_are_white: bool
    report: ReportView | None
    entered: str
    kind: str = "game"
    """``game``, ``double`` (both games of a Double-Swiss board) or ``team`` (a match: the
    phone is a captain's, ``white``/``black`` are the teams)."""
    games: tuple[PhoneGame, ...] = ()
    reported_by_you: bool = False
    chosen: tuple[str, ...] = ()
    """A match's results as last reported (the form shows them chosen: the other side
    confirms with one tap, or corrects a game)."""


@dataclass(frozen=True, slots=True)
class KioskPlayer:
    """A player as the kiosk's search lists them."""

    section: str
    section_name: str
    tpn: int
    name: str
    checked_in: bool


def fold(text: str) -> str:
    """``text`` for a search: lower case, accents dropped (``Müller`` finds ``muller``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


class Phones:
    """The phone routes' state and logic (one per server)."""

    def __init__(
        self,
        venue: Venue,
        env: Environment,
        *,
        clock: Callable[[], float] = time.monotonic,
        kiosk_key: str = "",
    ) -> None:
        self.venue = venue
        self.clock = clock
        self.env = env
        self.kiosk_key = kiosk_key
        """The kiosk's secret (``""``: no kiosk): its address is ``/kiosk?key=…``."""
        self.lockout = LockOut()
        self.tokens = FormTokens()
        self.writes = 0
        """Commands saved from phones (the benchmark reads it)."""
        self._files: dict[Path, TournamentFile] = {}
        self._handles: dict[tuple[Path, int | str | None], TournamentFile] = {}
        self._files_lock = threading.Lock()
        self._access: dict[
            tuple[Path, int | str | None], tuple[float, int | None, PhoneAccess]
        ] = {}
        """Each section's open doors, when they were read (:attr:`clock`) and the file's
        ``data_version`` then (see :meth:`access`)."""

    def access(
        self, section: Section, door: str = "checkin", *, fresh: bool = False
    ) -> PhoneAccess:
        """What the arbiter opened in ``section``; ``door`` (``checkin`` or ``report``) is
        the one the caller acts on; ``fresh``: read from the file whatever is kept.

        Every page and form asks it; reading it each time (four queries through the ORM)
        was a third of the server's time while 300 phones checked in
        (``benchmarks/bench_phones.py``). So the doors read last are kept, and served again:

        * while nothing was saved in the file since they were read (SQLite's
          ``PRAGMA data_version``, microseconds): exact;
        * else only when ``door`` was open then and they were read less than
          :data:`DOORS_SECONDS` ago (the phones' own writes change the file with every
          form). A door the arbiter has just closed may still look open for that second:
          the form sent then is refused by its command, which checks the door again
          inside its transaction, and nothing is written.

        A door kept **closed** is never served once the file changed: the arbiter opening
        check-in or reporting is seen by the very next page or form. (Serving a closed door
        for a second answered the forms sent right after the arbiter opened reporting
        "Result reporting is not open now": on a quiet machine the first second of reports
        was lost, nearly all of them, in ``bench_phones.py``; issue 35.)"""
        key = (section.file.path, section.key)
        now = self.clock()
        version = section.file.version()  # before the read: a save during it reads again
        with self._files_lock:
            known = self._access.get(key)
        if known is not None and not fresh:
            read_at, read_version, access = known
            if read_version == version and version is not None:
                return access
            opened = access.checkin_round if door == "checkin" else access.report_round
            if opened is not None and 0 <= now - read_at < DOORS_SECONDS:
                return access
        access = self.handle(section).phone_access()
        with self._files_lock:
            self._access[key] = (now, version, access)
        return access

    def _saved(
        self,
        handle: TournamentFile,
        action: PhoneCheckIn | ReportResult | ReportMatch | KioskCheckIn,
    ) -> str:
        """Run a phone's command (one transaction with its audit row); its summary as the
        page's language words it."""
        return self._executed(handle, action).summary

    def _executed(
        self,
        handle: TournamentFile,
        action: PhoneCheckIn | ReportResult | ReportMatch | KioskCheckIn,
    ) -> ActionResult:
        result = handle.execute(action)
        with self._files_lock:
            self.writes += 1
        return result

    def handle(self, section: Section) -> TournamentFile:
        """The phones' own handle of ``section``: a connection pool and lock of their own,
        so a phone's command never waits behind the pages' reading of the file (SQLite's
        WAL lets both run; writers still take turns through SQLite's write lock)."""
        path = section.file.path
        with self._files_lock:
            found = self._handles.get((path, section.key))
            if found is not None:
                return found
            tf = self._files.get(path)
            if tf is None:  # never TournamentFile.open here: see TournamentFile.independent
                tf = self._files[path] = section.file.tf.independent()
            found = tf if section.key is None else tf.section(section.key)
            self._handles[(path, section.key)] = found
            return found

    def close(self) -> None:
        with self._files_lock:
            for tf in self._files.values():
                with contextlib.suppress(Exception):
                    tf.close()
            self._files.clear()
            self._handles.clear()

    # -- what is open ---------------------------------------------------------------------

    def _open_sections(self, what: str) -> list[Section]:
        out = []
        for section in self.venue.sections:
            try:
                access = self.access(section, what)
            except SwissdeskError:
                continue
            if (access.checkin_round if what == "checkin" else access.report_round) is not None:
                out.append(section)
        return out

    def _holder(self, code: str) -> tuple[Section, TournamentFile, CodeHolder] | None:
        seen: set[int] = set()
        for section in self.venue.sections:
            if id(section.file) in seen:
                continue
            seen.add(id(section.file))
            holder = self.handle(section).code_holder(code)
            if holder is None:
                continue
            for candidate in self.venue.sections:
                if candidate.file is section.file and candidate.key in (holder.section_id, None):
                    handle = self.handle(candidate)
                    if handle.section_id == holder.section_id:
                        return candidate, handle, holder
        return None

    # -- the requests -----------------------------------------------------------------------

    async def page(self, request: Request, what: str) -> Response:
        opened = await asyncio.to_thread(self._open_sections, what)
        code = request.query_params.get("code", "")[:16]
        return self._form(request, what, opened, code=code)

    async def me(self, request: Request) -> Response:
        """``/me?code=…``, the address a player's QR code (slip, pairing card) opens: on to
        check-in while check-in is open, else to the player's board, the code filled in.
        Nothing is looked up or written here (a GET never tests a code): the form sent
        from there is checked like any other."""
        code = "".join(ch for ch in request.query_params.get("code", "") if ch.isalnum())[:16]
        checkin = await asyncio.to_thread(self._open_sections, "checkin")
        where = "/checkin" if checkin else "/report"
        target = f"{where}?code={code}" if code else where
        return RedirectResponse(target, 303, headers={"Cache-Control": "no-store",
                                                       "Referrer-Policy": "no-referrer"})  # fmt: skip

    # -- the kiosk: a tablet at the desk, check-in by name ----------------------------------

    def _kiosk_refusal(self, request: Request, key: str) -> Response | None:
        """404 for a wrong or missing kiosk key (counted as a wrong code: the address is
        locked out after a few), 429 while the address is locked out; ``None``: go on."""
        address = request.client.host if request.client else "unknown"
        left = self.lockout.locked(address)
        if left:
            minutes = max(1, round(left / 60))
            text = ngettext(
                "Too many wrong tries from this device: wait {minutes} minute.",
                "Too many wrong tries from this device: wait {minutes} minutes.",
                minutes,
            ).format(minutes=minutes)
            return self._render_kiosk(request, key="", answer=Answer(_("Locked"), text, "refused"),
                                      status=429)  # fmt: skip
        if not self.kiosk_key or not hmac.compare_digest(key.encode(), self.kiosk_key.encode()):
            if key:
                self.lockout.wrong(address)
            return HTMLResponse(not_found_html(current_language()), 404)
        return None

    async def kiosk(self, request: Request) -> Response:
        """``/kiosk?key=…``: the check-in tablet at the arbiter's desk. A player finds their
        name (or number) and taps *Check in*; no personal code (the kiosk's secret address
        is the key, opened on the desk's tablet only). Each check-in is one
        :class:`~swissdesk.storage.commands.phones.KioskCheckIn`, audited with the tablet."""
        if request.method == "POST":
            return await self._kiosk_post(request)
        key = request.query_params.get("key", "")[:80]
        refused = self._kiosk_refusal(request, key)
        if refused is not None:
            return refused
        query = request.query_params.get("q", "")[:60]
        return await self._kiosk_page(request, key, query, None)

    async def _kiosk_post(self, request: Request) -> Response:
        read = _same_origin(request) or await _read_form(request)
        if isinstance(read, str):
            return HTMLResponse(not_found_html(current_language()), 404) if not self.kiosk_key else self._render_kiosk(
                request, key="", answer=Answer(_("Not sent"), read, "refused"), status=403)
        form = read
        key = form.get("key", "")[:80]
        refused = self._kiosk_refusal(request, key)
        if refused is not None:
            return refused
        why = self.tokens.check(request.cookies.get(COOKIE, ""), form.get("token", ""))
        if why is not None:
            return await self._kiosk_page(request, key, "", Answer(_("Not sent"), why, "refused"),
                                          403)  # fmt: skip
        opened = {s.slug: s for s in await asyncio.to_thread(self._open_sections, "checkin")}
        section = opened.get(form.get("section", ""))
        tpn = form.get("tpn", "")
        if section is None or not tpn.isdigit():
            answer = Answer(_("Closed"), _("Check-in is closed for this section: ask the arbiter."),
                            "refused")  # fmt: skip
            return await self._kiosk_page(request, key, "", answer, 404)
        handle = self.handle(section)
        try:
            summary = await asyncio.to_thread(
                self._saved, handle, KioskCheckIn(int(tpn), device=_device(request))
            )
        except SwissdeskError as exc:
            text = _sentence(str(exc))
            answer = Answer("", text, "ok" if "already" in text else "refused")
            return await self._kiosk_page(request, key, "", answer)
        name = summary.split(": ", 1)[-1]
        answer = Answer("", _("Checked in: {name}. Good luck!").format(name=name), "ok")
        return await self._kiosk_page(request, key, "", answer)

    async def _kiosk_page(
        self, request: Request, key: str, query: str, answer: Answer | None, status: int = 200
    ) -> Response:
        opened = await asyncio.to_thread(self._open_sections, "checkin")
        found: list[KioskPlayer] = []
        counts = (0, 0)
        if opened:
            found, counts = await asyncio.to_thread(self._kiosk_search, opened, query)
        return self._render_kiosk(request, key=key, answer=answer, status=status,
                                  opened=[s.name for s in opened], query=query, found=found,
                                  counts=counts)  # fmt: skip

    def _kiosk_search(
        self, opened: list[Section], query: str
    ) -> tuple[list[KioskPlayer], tuple[int, int]]:
        """The players of the open sections matching ``query`` (a number, or words of the
        name in any order, accents ignored), at most :data:`KIOSK_SHOWN`; and how many of
        all are checked in."""
        words = [w for w in fold(query).split() if w]
        found: list[KioskPlayer] = []
        checked = total = 0
        for section in opened:
            try:
                rows = self.handle(section).players()
            except SwissdeskError:
                continue
            for p in rows:
                if p.withdrawn_from_round is not None:
                    continue
                total += 1
                checked += p.checked_in
                name = fold(p.name)
                if not words:
                    continue
                if (len(words) == 1 and words[0].isdigit() and int(words[0]) == p.tpn) or all(
                    w in name for w in words
                ):
                    found.append(KioskPlayer(section.slug, section.name, p.tpn, p.name,
                                             p.checked_in))  # fmt: skip
        found.sort(key=lambda k: (fold(k.name), k.section))
        return found[:KIOSK_SHOWN], (checked, total)

    def _render_kiosk(self, request: Request, *, key: str, answer: Answer | None,
                      status: int = 200, **context: object) -> Response:  # fmt: skip
        return self._render(request, "kiosk", {"answer": answer, "key": key, "opened": [],
                                               "query": "", "found": [], "counts": (0, 0),
                                               **context}, status,
                            template="kiosk.html")  # fmt: skip

    async def post(self, request: Request, what: str) -> Response:
        opened = await asyncio.to_thread(self._open_sections, what)
        if not opened:
            return HTMLResponse(not_found_html(current_language()), 404)
        read = _same_origin(request) or await _read_form(request)
        if isinstance(read, str):
            return self._answer(request, what, Answer(_("Not sent"), read, "refused"), 403)
        form = read
        cookie = request.cookies.get(COOKIE, "")
        why = self.tokens.check(cookie, form.get("token", ""))
        if why is not None:
            return self._answer(request, what, Answer(_("Not sent"), why, "refused"), 403)
        address = request.client.host if request.client else "unknown"
        left = self.lockout.locked(address)
        if left:
            minutes = max(1, round(left / 60))
            text = ngettext(
                "Too many wrong codes from this phone: try again in {minutes} minute, "
                "or ask the arbiter.",
                "Too many wrong codes from this phone: try again in {minutes} minutes, "
                "or ask the arbiter.",
                minutes,
            ).format(minutes=minutes)
            return self._answer(request, what, Answer(_("Locked"), text, "refused"), 429)
        code = form.get("code", "")[:32]
        found = await asyncio.to_thread(self._holder, code)
        if found is None:
            text = _("This code is not known here: check it on your slip, or ask the arbiter.")
            locked = self.lockout.wrong(address)
            if locked:
                minutes = round(LOCK_S / 60)
                text += " " + ngettext(
                    "Too many wrong codes: this phone must wait {minutes} minute.",
                    "Too many wrong codes: this phone must wait {minutes} minutes.",
                    minutes,
                ).format(minutes=minutes)
            answer = Answer(_("Not accepted"), text, "refused")
            return self._answer(request, what, answer, 429 if locked else 403)
        if found[0] not in opened:  # a real code, of a section that is not open
            text = _("This is closed for your section now: ask the arbiter.")
            return self._answer(request, what, Answer(_("Closed"), text, "refused"), 404)
        section, handle, holder = found
        device = _device(request)
        if what == "checkin":
            return await self._check_in(request, handle, holder, code, device)
        return await self._report(request, section, handle, holder, code, form, device)

    async def _check_in(
        self, request: Request, handle: TournamentFile, holder: CodeHolder, code: str, device: str
    ) -> Response:
        try:
            await asyncio.to_thread(self._saved, handle, PhoneCheckIn(code, device=device))
        except SwissdeskError as exc:
            text = _sentence(str(exc))
            kind = "ok" if _already(exc) else "refused"
            return self._answer(request, "checkin", Answer(holder.name, text, kind))
        text = _("You are checked in. Good luck!")
        return self._answer(request, "checkin", Answer(holder.name, text, "ok"))

    async def _report(
        self,
        request: Request,
        section: Section,
        handle: TournamentFile,
        holder: CodeHolder,
        code: str,
        form: dict[str, str],
        device: str,
    ) -> Response:
        wanted = form.get("result", "")
        count = form.get("n", "")
        access = await asyncio.to_thread(self.access, section, "report")
        r = access.report_round
        shown = form.get("round", "")
        if r is not None and shown.isdigit() and (wanted or count):
            # The round of the board the player saw (the page's form carries it): a report
            # is never filed on another round's board; its command refuses a round whose
            # reporting is closed.
            r = int(shown[:4])
        if r is None:
            return self._answer(request, "report", Answer(_("Closed"), _("Result reporting is closed: tell the arbiter."), "refused"), 404)  # fmt: skip
        message: Answer | None = None
        action: ReportResult | ReportMatch | None = None
        if count:
            n = int(count) if count.isdigit() else 0
            if not 1 <= n <= MAX_GAMES:
                message = Answer(holder.name, _("Send the form from its page."), "refused")
            else:
                games = tuple(PHONE_RESULTS.get(form.get(f"g{i}", "")) for i in range(1, n + 1))
                action = ReportMatch(code, r, games, device=device)
        elif wanted:
            result = PHONE_RESULTS.get(wanted)
            if result is None:
                message = Answer(holder.name, _("Choose 1-0, ½-½ or 0-1."), "refused")
            else:
                action = ReportResult(code, r, result, device=device)
        summary = ""  # as the audit log records it: its verbs say what the report did
        if action is not None:
            try:
                summary = (await asyncio.to_thread(self._executed, handle, action)).recorded
            except SwissdeskError as exc:
                message = Answer(holder.name, _sentence(str(exc)), "refused")
                # Refused (the round's reporting closed meanwhile, say): show the board of
                # the round open now, as the file says, or none.
                now_open = await asyncio.to_thread(self.access, section, "report", fresh=True)
                if now_open.report_round is None:
                    return self._answer(request, "report", message)
                r = now_open.report_round
        board = await asyncio.to_thread(_board_info, handle, section.name, holder.tpn, r)
        if action is not None and message is None:  # saved: what it did, in the page's words
            team = board is not None and board.kind == "team"
            message = Answer(holder.name, _report_sentence(summary, team=team), "ok")
        if board is None:
            return self._answer(request, "report", Answer(holder.name, _("You have no game in round {round}: nothing to report.").format(round=r), "info"))  # fmt: skip
        answer = message or Answer(holder.name, "", "info")
        return self._answer(request, "report", Answer(answer.title, answer.text, answer.kind, board), code=code)  # fmt: skip

    # -- pages ---------------------------------------------------------------------------------

    def _form(self, request: Request, what: str, opened: list[Section], *, code: str = "") -> Response:
        return self._render(request, what, {"opened": [s.name for s in opened], "code": code,
                                            "answer": None})  # fmt: skip

    def _answer(
        self, request: Request, what: str, answer: Answer, status: int = 200, *, code: str = ""
    ) -> Response:
        return self._render(request, what, {"opened": [True], "answer": answer, "code": code},
                            status)  # fmt: skip

    def _render(
        self,
        request: Request,
        what: str,
        context: dict[str, object],
        status: int = 200,
        *,
        template: str = "phone.html",
    ) -> Response:
        cookie = request.cookies.get(COOKIE, "")
        fresh = not cookie or len(cookie) > 64
        if fresh:
            cookie = secrets.token_urlsafe(18)
        title = {"checkin": _("Check in"), "kiosk": _("Check-in desk")}.get(
            what, _("Report your result")
        )
        token = self.tokens.issue(cookie)
        page = {**context, "what": what, "title": title, "token": token,
                "lang": current_language(), "switch": language_links("/" + what)}  # fmt: skip
        html = self.env.get_template(template).render(page)
        # Same-origin referrers (not the venue's usual no-referrer): the browser then
        # names this server as the form's Origin, which the check above compares.
        headers = {"Cache-Control": "no-store", "Referrer-Policy": "same-origin"}
        response = HTMLResponse(html, status, headers=headers)
        if fresh:
            response.set_cookie(COOKIE, cookie, httponly=True, samesite="strict", path="/")
        return response


def _board_info(handle: TournamentFile, section: str, tpn: int, r: int) -> BoardInfo | None:
    """The player's board and its report: that board only, never the whole round."""
    board = handle.phone_board(tpn, r)
    if board is None:
        return None
    report = next(iter(handle.reports(r, board.board)), None)
    chosen: tuple[str, ...] = ()
    if report is not None and board.kind != "game":
        last = report.disputed_result if report.state == "disputed" else report.result
        chosen = tuple((last or "").split())
    return BoardInfo(
        section=section,
        round_number=r,
        board=board.board,
        white=board.white_name,
        black=board.black_name,
        you_are_white=board.white_tpn == tpn,
        report=report,
        entered=board.result_text,
        kind=board.kind,
        games=board.games,
        reported_by_you=report is not None and report.reporter_tpn == tpn,
        chosen=chosen,
    )


def _report_sentence(summary: str, *, team: bool = False) -> str:
    """What a player's (``team``: a captain's) report did, from the command's summary as the
    audit log records it (English, whatever the page's language: its verbs are read here,
    the sentence is the page's); whether it is a match is told, not read from the summary."""
    if "confirmed" in summary or "agreed" in summary:
        if team:  # a team captain's report (issue 35)
            if "entered" in summary:
                return _("Thank you: both captains agree. The result is entered.")
            return _("Thank you: both captains agree. The arbiter accepts it.")
        if "entered" in summary:
            return _("Thank you: both players agree. The result is entered.")
        return _("Thank you: both players agree. The arbiter accepts it.")
    if "disputed" in summary:
        return _("You disagree with your opponent's report: the arbiter will come to you.")
    if team:
        return _("Thank you: the other team's captain confirms it on their phone.")
    return _("Thank you: your opponent confirms it on their phone.")


def _already(exc: SwissdeskError) -> bool:
    """A check-in refused because the player is checked in already (an answer that is good
    news, whatever language the refusal is in)."""
    refusal = "you are checked in already"  # storage's words, in its catalog if it marks them
    return "already" in str(exc) or _(refusal) in str(exc)


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def _device(request: Request) -> str:
    address = request.client.host if request.client else "unknown"
    agent = request.headers.get("user-agent", "")
    return f"{address} {_browser(agent)}".strip()


def _browser(agent: str) -> str:
    """A short name for the phone's browser (the audit log names the device with it)."""
    for name in ("Firefox", "Edg", "OPR", "SamsungBrowser", "Chrome", "Safari"):
        if name in agent:
            platform = next((p for p in ("Android", "iPhone", "iPad", "Linux", "Windows",
                                         "Mac OS") if p in agent), "")  # fmt: skip
            return f"{name} {platform}".strip()
    return agent[:40]


def _same_origin(request: Request) -> str | None:
    """A form sent from another site (its ``Origin`` or ``Referer`` names another host).

    An opaque ``Origin: null`` (a privacy setting, a sandboxed page) proves nothing either
    way: the one-time token bound to the phone's ``SameSite=Strict`` cookie decides then."""
    host = request.headers.get("host", "")
    for header in ("origin", "referer"):
        value = request.headers.get(header)
        if value and value != "null":
            if urlsplit(value).netloc != host:
                return _("This form was sent from another site: nothing was saved.")
            return None
    return None


async def _read_form(request: Request) -> dict[str, str] | str:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        return _("Send the form from its page.")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return _("This form is too long.")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return _("This form is too long.")
    try:
        pairs = parse_qsl(body.decode("ascii"), keep_blank_values=True, max_num_fields=MAX_GAMES + 8)
    except (UnicodeDecodeError, ValueError):
        return _("This form cannot be read.")
    return {k: v for k, v in pairs}
