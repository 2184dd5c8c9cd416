"""The venue's web application (Starlette): read-only pages, live updates, display mode.

Only ``GET`` and ``HEAD`` exist; every other method is answered 405 before any page code
runs (:class:`Guard`). Every response carries headers that forbid framing and content
sniffing, and a content security policy that allows the page's own files only. Unknown
addresses are 404: the section pages are resolved through one table
(:mod:`swissdesk.venue.pages`), the static files are a fixed list held in memory, so no
request ever names a file on disk.

Live updates: ``/live?page=ADDRESS`` is a Server-Sent Events stream. The :class:`Hub`
asks SQLite whether the file changed (``PRAGMA data_version``) four times a second; when
it did, the file is read once (by the server in a child process, :mod:`.worker`; at most
once in :data:`READ_EVERY_SECONDS`, the pages showing the data read last in between), and
the streams wake, :data:`WAKE_BATCH` at a time, each takes the new ``<main>`` of its page
(rendered once per page and change) and sends it. A phone that lost the network reconnects
with the version it has (``Last-Event-ID``) and gets what it missed.

The only writes are the players' phones (issue 35, :mod:`swissdesk.venue.phones`):
``POST /checkin`` and ``POST /report``, which the :class:`Guard` lets through (nothing else
but ``GET``/``HEAD``) and which answer 404 unless the arbiter opened check-in or result
reporting; each accepted form is one storage command through the command lane.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from markupsafe import escape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from swissdesk.i18n import (
    SOURCE_LANGUAGE,
    _,
    best_match,
    normalize_language,
    using_language,
)
from swissdesk.venue.display import DisplaySetup, HallNotice
from swissdesk.venue.pages import split_section_path
from swissdesk.venue.render import (
    LANGUAGE_COOKIE,
    Renderer,
    index_version,
    load_assets,
    not_found_html,
)
from swissdesk.venue.source import FileRead, ReadRequest, ServedFile, Venue
from swissdesk.venue.worker import read_in_thread

log = logging.getLogger("swissdesk.venue")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        b"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    ),
)
"""Sent with every response, errors included."""

READ_METHODS = frozenset({"GET", "HEAD"})
WRITE_PATHS = frozenset({"/checkin", "/report", "/kiosk"})
"""The phones' and the kiosk's forms (issue 35): the only addresses taking ``POST``."""
MAX_TARGET = 2_048
"""Longest path and query accepted (a longer one is answered 414)."""
POLL_SECONDS = 0.25
"""How often the file is asked whether it changed."""
READ_EVERY_SECONDS = 1.0
"""A file is read again at most once in this time. While 300 phones check in, the file
changes with every form: read after each change it kept the reading process (a core of a
2-core laptop) busy and woke every live page several times a second
(``benchmarks/bench_phones.py``). A change is still shown within about a second and a
quarter; the pages show the data read last in between."""
HEARTBEAT_SECONDS = 20.0
"""A comment line on quiet live streams, so that proxies and phones keep them open."""
MAX_STREAMS = 6_000
"""Live streams at once (beyond: 503; the page then reloads itself every 30 s)."""
WAKE_BATCH = 25
"""Live streams woken at a time after a change. Between two batches the server's loop
answers the page requests that arrived: 1,000 streams woken at once sent their updates
in one stretch and held every page request for 0.4-0.9 s (``benchmarks/bench_venue.py``)."""

Reader = Callable[[ServedFile, ReadRequest], Awaitable[FileRead]]
"""Reads a served file again (:func:`~swissdesk.venue.worker.read_in_thread`, or a
:class:`~swissdesk.venue.worker.ChildReader`)."""

CONTENT_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
}


class Guard:
    """ASGI middleware in front of everything: the methods, the target's length, the
    security headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(n, v) for n, v in SECURITY_HEADERS if n not in present]
                message["headers"] = headers
            await send(message)

        if scope["method"] not in READ_METHODS and not (
            scope["method"] == "POST" and scope.get("path") in WRITE_PATHS
        ):
            with using_language(_header_language(scope)):
                text = _("Only reading is possible here.")
            response: Response = PlainTextResponse(text + "\n", 405, headers={"Allow": "GET, HEAD"})
            await response(scope, receive, with_headers)
            return
        target = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
        if target > MAX_TARGET:
            with using_language(_header_language(scope)):
                text = _("Address too long.")
            await PlainTextResponse(text + "\n", 414)(scope, receive, with_headers)
            return
        await self.app(scope, receive, with_headers)


class Hub:
    """The live state the server shares between requests: the served data and its
    versions, the hall notice, and the event live streams wait on."""

    def __init__(
        self,
        venue: Venue,
        renderer: Renderer,
        *,
        notice_path: Path | None = None,
        notice: HallNotice | None = None,
        public_url: str = "",
        reader: Reader = read_in_thread,
        read_every: float = READ_EVERY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        kiosk_key: str = "",
    ) -> None:
        self.venue = venue
        self.kiosk_key = kiosk_key
        """The secret of the check-in kiosk's address (``""``: no kiosk; issue 35)."""
        self.reader = reader
        self.read_every = read_every
        self.clock = clock
        self._read_at: dict[int, float] = {}
        """When each served file (by ``id``) was last read again (by :attr:`clock`)."""
        self.renderer = renderer
        self.notice_path = notice_path
        self.notice = notice or HallNotice.read(notice_path)
        self.notice_version = 0
        self._notice_stamp = _stamp(notice_path)
        self.public_url = public_url
        self.phones: Any = None
        """The phones' routes (:class:`swissdesk.venue.phones.Phones`), set by the app."""
        self.streams = 0
        self._waiters: set[asyncio.Future[None]] = set()
        self._waking: set[asyncio.Task[None]] = set()
        self.reloads = 0
        """Times a file was read again (tests and the benchmark read it)."""
        self._messages: dict[str, tuple[str, bytes]] = {}
        """Each live page's update message, built once per change for every phone that
        shows that page (1,000 phones on one round page serialise it once, not 1,000 times)."""

    def waiter(self) -> asyncio.Future[None]:
        """A future the next change completes (a live stream waits on it); the stream
        passes it to :meth:`forget` when it stops waiting."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.add(future)
        return future

    def forget(self, future: asyncio.Future[None]) -> None:
        self._waiters.discard(future)

    def wake(self) -> None:
        """Tell every live stream to look again (:data:`WAKE_BATCH` streams at a time)."""
        self._messages = {}
        waiters, self._waiters = list(self._waiters), set()
        if waiters:
            task = asyncio.get_running_loop().create_task(_release(waiters))
            self._waking.add(task)
            task.add_done_callback(self._waking.discard)

    async def check(self) -> bool:
        """Read again what changed (files, the hall notice); whether anything did. A file
        read less than :attr:`read_every` seconds ago is not asked (its change stays
        pending: it is read at a later look)."""
        woke = False
        now = self.clock()
        for served in self.venue.files:
            if now < self._read_at.get(id(served), -self.read_every) + self.read_every:
                continue
            if not served.changed():
                continue
            self._read_at[id(served)] = now
            try:
                fresh = await self.reader(served, self.venue.request(served))
            except Exception as exc:  # a file being replaced, a disk gone: keep showing
                log.warning("could not read %s again: %s", served.path.name, exc)
                served.data_version = -1  # try again at the next look
                continue
            self.reloads += 1
            if self.venue.apply(served, fresh):
                woke = True
        stamp = _stamp(self.notice_path)
        if stamp != self._notice_stamp:
            self._notice_stamp = stamp
            notice = HallNotice.read(self.notice_path)
            if notice != self.notice:
                self.notice = notice
                self.notice_version += 1
                woke = True
        if woke:
            self.wake()
        return woke

    async def watch(self) -> None:
        """Look for changes until cancelled."""
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                await self.check()
            except Exception:  # never let the watcher die: the pages would stop updating
                log.exception("venue: looking for changes failed")

    def live_state(self, page: str, language: str | None = None) -> tuple[str, str] | None:
        """``(version, <main> HTML)`` of the page at ``page`` now, in ``language`` (the
        page's own; ``None``: its section's); ``None``: no such page."""
        venue, renderer = self.venue, self.renderer
        path, _, qs = page.partition("?")
        if path == "/display":
            setup = _display_setup(qs)
            if setup is None:
                return None
            setup = setup.with_notice(self.notice)
            html = renderer.display(venue.data, venue.versions, setup, self.notice_version,
                                    block="main")  # fmt: skip
            if html is None:
                return None
            slug = setup.section or (venue.sections[0].slug if venue.sections else "")
            return renderer.tag(venue.versions.get(slug, 0), self.notice_version), html
        if path == "/":  # the start page: the list of sections
            first = next(iter(venue.data.values()), None)
            language = language or (first.language if first is not None else SOURCE_LANGUAGE)
            html = renderer.fragment(venue.data, venue.versions, "/", language)
            if html is None:
                return None
            return renderer.tag(index_version(venue.versions)), html
        split = split_section_path(path)
        if split is None:
            return None
        data = venue.data.get(split[0])
        language = language or (data.language if data is not None else SOURCE_LANGUAGE)
        html = renderer.fragment(venue.data, venue.versions, page, language)
        if html is None:
            return None
        return renderer.tag(venue.versions.get(split[0], 0)), html

    def live_message(self, page: str, language: str | None = None) -> tuple[str, bytes] | None:
        """``(version, the Server-Sent Event carrying the page's new <main>)`` now;
        ``None``: no such page. Kept until the next change, for at most
        :data:`MESSAGES_KEPT` pages (a stranger's made-up page names are not kept beyond)."""
        key = f"{language or ''}|{page}"
        message = self._messages.get(key)
        if message is not None:
            return message
        state = self.live_state(page, language)
        if state is None:
            return None
        version, html = state
        data = json.dumps({"version": version, "html": html, "start": self.notice.round_start})
        message = (version, f"id: {version}\nevent: update\ndata: {data}\n\n".encode())
        if len(self._messages) < MESSAGES_KEPT:
            self._messages[key] = message
        return message


MESSAGES_KEPT = 2048


async def _release(waiters: list[asyncio.Future[None]]) -> None:
    """Complete ``waiters`` a batch at a time, letting the loop serve requests in between."""
    for start in range(0, len(waiters), WAKE_BATCH):
        if start:
            await asyncio.sleep(0)
        for future in waiters[start : start + WAKE_BATCH]:
            if not future.done():
                future.set_result(None)


def _stamp(path: Path | None) -> tuple[int, int] | None:
    if path is None:
        return None
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _display_setup(qs: str) -> DisplaySetup | None:
    from urllib.parse import parse_qsl

    return DisplaySetup.from_query(dict(parse_qsl(qs, keep_blank_values=True)[:20]))


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        text, status, headers={"Cache-Control": "no-cache", "Vary": "Accept-Language, Cookie"}
    )


def _header_language(scope: Scope) -> str:
    """The language a request's ``Accept-Language`` asks for (English by default)."""
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            return best_match(value[:500].decode("latin-1"))
    return SOURCE_LANGUAGE


def page_language(request: Request, default: str) -> str:
    """The language of a page (issue 38): the one the player picked on the pages (the
    language switch's cookie), else the best the browser asks for (``Accept-Language``),
    else ``default``, the tournament's."""
    picked = normalize_language(request.cookies.get(LANGUAGE_COOKIE, "")[:16])
    if picked:
        return picked
    return best_match(request.headers.get("accept-language", "")[:500], default)


def local_target(target: str) -> str:
    """``target`` if it is an address of this site (``/s/open/standings``), else ``/``: the
    language switch never sends a phone elsewhere."""
    if (
        not target.startswith("/")
        or target.startswith(("//", "/\\"))
        or len(target) > MAX_TARGET
        or any(ord(c) < 32 or c == "\\" for c in target)
    ):
        return "/"
    return target


NOT_FOUND = not_found_html(SOURCE_LANGUAGE)
"""The English 404 page (:func:`~swissdesk.venue.render.not_found_html` makes it in the
page's language)."""


def gone_html() -> str:
    """What a live page of a section no longer served shows, in the current language."""
    title = escape(_("Not served any more"))
    text = escape(_("This page is not part of the event any more."))
    home = escape(_("All tournaments"))
    return f'<h1>{title}</h1><p>{text} <a href="/">{home}</a></p>'


def gone_message(language: str = SOURCE_LANGUAGE) -> bytes:
    """The last message of a live page whose section was removed from the event."""
    with using_language(language):
        html = gone_html()
    return f"event: update\ndata: {json.dumps({'version': 'gone', 'html': html})}\n\n".encode()


GONE = gone_message()
"""The English :func:`gone_message`."""


def create_app(hub: Hub) -> ASGIApp:
    """The web application serving ``hub``'s data (wrapped in the :class:`Guard`)."""
    assets = load_assets()
    venue, renderer = hub.venue, hub.renderer

    def event_language() -> str:
        """The event's language: its first section's (a start page, a phone's form)."""
        first = next(iter(venue.data.values()), None)
        return first.language if first is not None else SOURCE_LANGUAGE

    def missing(request: Request, default: str | None = None) -> Response:
        language = page_language(request, default or event_language())
        return _html(not_found_html(language), 404)

    async def index(request: Request) -> Response:
        if len(venue.sections) == 1:
            return Response(status_code=302, headers={"Location": f"/s/{venue.sections[0].slug}/"})
        language = page_language(request, event_language())
        html = renderer.page(venue.data, venue.versions, "/", {}, language=language)
        return _html(html or not_found_html(language))

    async def section_page(request: Request) -> Response:
        path = request.url.path
        split = split_section_path(path)
        if split is None:
            return missing(request)
        data = venue.data.get(split[0])
        language = page_language(request, data.language if data else event_language())
        query = dict(list(request.query_params.items())[:20])
        html = renderer.page(venue.data, venue.versions, path, query, language=language)
        if html is None:
            return _html(not_found_html(language), 404)
        return _html(html)

    async def choose_language(request: Request) -> Response:
        """The pages' language switch (a link, no script): remember the language picked in
        a cookie and go back to the page it was picked on."""
        code = normalize_language(request.query_params.get("set", "")[:16])
        back = local_target(request.query_params.get("next", "/"))
        response = RedirectResponse(back, 303, headers={"Cache-Control": "no-store"})
        if code:
            response.set_cookie(LANGUAGE_COOKIE, code, max_age=365 * 86400, path="/",
                                httponly=True, samesite="lax")  # fmt: skip
        return response

    async def section_root(request: Request) -> Response:
        return Response(status_code=301, headers={"Location": request.url.path + "/"})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        body = assets.get(name)
        if body is None:
            return missing(request)
        kind = CONTENT_TYPES[name[name.rindex(".") :]]
        return Response(body, headers={"Content-Type": kind, "Cache-Control": "max-age=600"})

    async def display(request: Request) -> Response:
        setup = DisplaySetup.from_query(dict(list(request.query_params.items())[:20]))
        if setup is None:
            return missing(request)
        setup = setup.with_notice(hub.notice)
        html = renderer.display(venue.data, venue.versions, setup, hub.notice_version)
        if html is None:
            return missing(request)
        return _html(html)

    async def qr(request: Request) -> Response:
        if not hub.public_url:
            return missing(request)
        from swissdesk.venue.qr import qr_svg

        return Response(qr_svg(hub.public_url), headers={"Content-Type": "image/svg+xml",
                                                          "Cache-Control": "max-age=600"})  # fmt: skip

    async def live(request: Request) -> Response:
        page = request.query_params.get("page", "")[:MAX_TARGET]
        known = request.headers.get("last-event-id") or request.query_params.get("v", "")
        # The page's own language (its address names it): a live page never changes it.
        language = normalize_language(request.query_params.get("lang", "")[:16])
        if hub.live_state(page, language) is None:
            with using_language(language or _header_language(request.scope)):
                return PlainTextResponse(_("No such page.") + "\n", 404)
        if hub.streams >= MAX_STREAMS:
            with using_language(language or _header_language(request.scope)):
                text = _("Too many live pages; try again.")
            return PlainTextResponse(text + "\n", 503, headers={"Retry-After": "10"})
        return StreamingResponse(
            _stream(hub, page, known[:40], language),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    routes = [
        Route("/", index),
        Route("/language", choose_language),
        Route("/display", display),
        Route("/live", live),
        Route("/qr.svg", qr),
        Route("/static/{name}", static),
        Route("/s/{slug}", section_root),
        Route("/s/{slug}/{rest:path}", section_page),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(hub.watch())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            phones.close()
            close = getattr(hub.reader, "close", None)
            if close is not None:  # the reading child process ends with the server
                close()

    from swissdesk.venue.phones import Phones

    phones = hub.phones = Phones(venue, renderer.env, clock=hub.clock, kiosk_key=hub.kiosk_key)

    async def checkin(request: Request) -> Response:
        with using_language(page_language(request, event_language())):
            if request.method == "POST":
                return await phones.post(request, "checkin")
            return await phones.page(request, "checkin")

    async def report(request: Request) -> Response:
        with using_language(page_language(request, event_language())):
            if request.method == "POST":
                return await phones.post(request, "report")
            return await phones.page(request, "report")

    async def me(request: Request) -> Response:
        return await phones.me(request)

    async def kiosk(request: Request) -> Response:
        with using_language(page_language(request, event_language())):
            return await phones.kiosk(request)

    routes += [
        Route("/checkin", checkin, methods=["GET", "HEAD", "POST"]),
        Route("/report", report, methods=["GET", "HEAD", "POST"]),
        Route("/me", me),
        Route("/kiosk", kiosk, methods=["GET", "HEAD", "POST"]),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        return missing(request)

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found})
    return Guard(app)


async def _stream(
    hub: Hub, page: str, known: str, language: str | None = None
) -> AsyncIterator[bytes]:
    """One live page: its new ``<main>`` whenever its version changes, else a heartbeat;
    in the page's ``language`` (``None``: its section's)."""
    hub.streams += 1
    try:
        yield b"retry: 2000\n\n"
        while True:
            waiter = hub.waiter()  # taken before looking: a change in between still wakes us
            try:
                message = hub.live_message(page, language)
                if message is None:  # the page went away (a section removed): say so, stop
                    yield gone_message(language or SOURCE_LANGUAGE)
                    return
                version, update = message
                if version != known:
                    yield update
                    known = version
                try:
                    await asyncio.wait_for(waiter, HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield f": {int(time.time())}\n\n".encode()
            finally:
                hub.forget(waiter)
    finally:
        hub.streams -= 1
