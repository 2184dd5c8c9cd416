"""Running the venue's web server (uvicorn) on the address the arbiter chose.

The server is its own process (``swissdesk serve``; the window starts one as a child):
it reads the tournament files and writes only the players' check-ins and reports (each one
atomic storage command), so stopping or killing it never damages them, and it never shares the window's thread or lane. The listening socket is bound here first, so a
port another program holds is a clear sentence, not a traceback.

What a slow or hostile client cannot do (:func:`guarded_protocol`): hold more than
:attr:`Limits.per_address` connections from one address (further ones are closed at once);
crowd out the phones with connections from many addresses (beyond
:attr:`Limits.connections` the oldest idle connection makes room, one with a request or a
live page under way is never dropped); keep a connection open without sending a complete
request within :attr:`Limits.header_seconds` (slowloris); send a request head larger than
:attr:`Limits.header_bytes` (answered 431). Idle connections between requests close after
5 seconds. A live page's stream counts as one connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swissdesk.errors import InputError

DEFAULT_PORT = 8080


@dataclass(slots=True)
class Limits:
    """The server's defences against slow and greedy clients."""

    per_address: int = 64
    """Open connections from one address (a phone uses 2-6)."""
    connections: int = 8_000
    """Open connections in all."""
    header_seconds: float = 10.0
    """Time to send a complete request line and headers."""
    header_bytes: int = 16 * 1024
    """Largest request head."""
    open_by_address: dict[str, int] = field(default_factory=dict)
    total: int = 0
    refused: int = 0
    idle: dict[Any, None] = field(default_factory=dict)
    """Connections with no request under way, oldest first."""


def guarded_protocol(limits: Limits) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with :class:`Limits` applied per connection."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11Protocol(H11Protocol):
        _counted: str | None = None
        _deadline: asyncio.TimerHandle | None = None
        _head_bytes = 0

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            address = self.client[0] if self.client else ""
            count = limits.open_by_address.get(address, 0)
            if count >= limits.per_address:
                limits.refused += 1
                transport.abort()  # type: ignore[attr-defined]
                return
            if limits.total >= limits.connections:
                if not limits.idle:
                    limits.refused += 1
                    transport.abort()  # type: ignore[attr-defined]
                    return
                oldest = next(iter(limits.idle))
                limits.idle.pop(oldest, None)
                oldest.transport.abort()  # it makes room (its connection_lost counts it)
            limits.open_by_address[address] = count + 1
            limits.total += 1
            self._counted = address
            self._idle()

        def _idle(self) -> None:
            """No request under way: the next head must come in time, whole and small."""
            self._head_bytes = 0
            limits.idle[self] = None
            self._disarm()
            self._deadline = self.loop.call_later(limits.header_seconds, self._too_slow)

        def _busy(self) -> None:
            limits.idle.pop(self, None)
            self._disarm()

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _waiting(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _too_slow(self) -> None:
            self._deadline = None
            if self._waiting():
                self.transport.abort()

        def data_received(self, data: bytes) -> None:
            if self._waiting():
                self._head_bytes += len(data)
                if self._head_bytes > limits.header_bytes:
                    self.transport.write(
                        b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                        b"Connection: close\r\nContent-Length: 0\r\n\r\n"
                    )
                    self.transport.close()
                    return
            super().data_received(data)

        def handle_events(self) -> None:
            before = self.cycle
            super().handle_events()
            if self.cycle is not before and self.cycle is not None:
                self._busy()  # a complete request head arrived

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self._waiting():
                self._idle()

        def connection_lost(self, exc: Exception | None) -> None:
            self._busy()
            if self._counted is not None:
                address, self._counted = self._counted, None
                left = limits.open_by_address.get(address, 1) - 1
                if left > 0:
                    limits.open_by_address[address] = left
                else:
                    limits.open_by_address.pop(address, None)
                limits.total -= 1
            super().connection_lost(exc)

    return GuardedH11Protocol


def bind(host: str, port: int) -> socket.socket:
    """The listening socket on ``host``:``port`` (0: any free port); a clear
    :class:`InputError` if the port is taken or the address is not this computer's."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise InputError(f"{host!r} is not an address this computer can serve on: {exc}") from exc
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        if sys.platform != "win32":  # on Windows it would let two servers share the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise InputError(
                f"port {port} on {host} is taken by another program (perhaps swissdesk is "
                "serving already): stop it, or choose another port with --port"
            ) from exc
        if exc.errno == errno.EADDRNOTAVAIL:
            raise InputError(
                f"{host} is not an address of this computer: choose one it has "
                f"({', '.join(local_addresses()) or '127.0.0.1'}), or 0.0.0.0 for all"
            ) from exc
        if exc.errno == errno.EACCES:
            raise InputError(
                f"port {port} needs administrator rights on this system: choose one from 1024 "
                "up (the default is 8080)"
            ) from exc
        raise InputError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from exc
    sock.setblocking(False)
    return sock


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (not the loopback), best first.

    Read from the network interfaces themselves; nothing is sent anywhere.
    """
    found: list[str] = []
    if sys.platform.startswith("linux"):
        found = _linux_addresses()
    if not found:
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                found.append(str(info[4][0]))
    unique = [a for a in dict.fromkeys(found) if not a.startswith("127.")]

    def rank(a: str) -> tuple[int, str]:
        private = a.startswith(("192.168.", "10.")) or a.startswith(
            tuple(f"172.{n}." for n in range(16, 32))
        )
        return (0 if private else 1, a)

    return sorted(unique, key=rank)


def _linux_addresses() -> list[str]:
    import fcntl
    import struct

    out = []
    for _index, name in socket.if_nameindex():
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
            out.append(socket.inet_ntoa(packed[20:24]))  # SIOCGIFADDR
    return out


def urls_for(sock: socket.socket) -> list[str]:
    """The addresses to type on a phone for the server listening on ``sock``."""
    host, port = sock.getsockname()[:2]
    wildcard = host in ("0.0.0.0", "::")
    hosts = (local_addresses() or ["127.0.0.1"]) if wildcard else [host]
    return [f"http://[{h}]:{port}/" if ":" in h else f"http://{h}:{port}/" for h in hosts]


def raise_open_files_limit() -> None:
    """Let the process hold as many connections as the system allows (the soft limit on
    open files up to the hard one): a crowd of phones then never makes accepts fail."""
    with contextlib.suppress(Exception):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY:
            hard = 65_536
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


@dataclass(slots=True)
class Running:
    """A server ready to run: the uvicorn server, its socket, the served files, the
    addresses to type on a phone and the shared live state."""

    server: Any
    sock: socket.socket
    venue: Any
    urls: list[str]
    hub: Any
    reader: Any = None
    """The child process that reads the files again (:class:`~swissdesk.venue.worker.ChildReader`)."""

    def run(self) -> None:
        """Serve until told to stop (Ctrl+C, SIGTERM, :meth:`stop`); then close all."""
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self.sock.close()
            if self.reader is not None:
                self.reader.close()
            self.venue.close()

    def stop(self) -> None:
        self.server.should_exit = True


def build_server(
    paths: Sequence[str | Path],
    *,
    host: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    fide_ids: bool = False,
    notice_path: Path | None = None,
    announcement: str = "",
    limits: Limits | None = None,
    ready: Callable[[list[str]], None] | None = None,
    kiosk_key: str = "",
) -> Running:
    """Bind the address, open the files and make the server (not running yet)."""
    import uvicorn

    from swissdesk.venue.app import Hub, create_app
    from swissdesk.venue.display import HallNotice
    from swissdesk.venue.render import Renderer
    from swissdesk.venue.source import Venue
    from swissdesk.venue.worker import ChildReader

    limits = limits or Limits()
    sock = bind(host, port)
    try:
        venue = Venue(paths, fide_ids=fide_ids)
    except BaseException:
        sock.close()
        raise
    urls = urls_for(sock)
    notice = HallNotice(announcement[:300]) if announcement and notice_path is None else None
    renderer = Renderer()
    renderer.warm()
    reader = ChildReader([f.path for f in venue.files])
    hub = Hub(venue, renderer, notice_path=notice_path, notice=notice, public_url=urls[0],
              reader=reader, kiosk_key=kiosk_key)  # fmt: skip
    raise_open_files_limit()
    config = uvicorn.Config(
        create_app(hub),
        http=guarded_protocol(limits),
        ws="none",
        lifespan="on",
        log_level="warning",
        access_log=False,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,
        h11_max_incomplete_event_size=limits.header_bytes,
        backlog=2048,
        server_header=False,
        date_header=True,
    )
    server = uvicorn.Server(config)
    _announce_when_started(server, urls, ready)
    reader.start()
    return Running(server, sock, venue, urls, hub, reader)


def serve(paths: Sequence[str | Path], **options: Any) -> None:
    """Serve ``paths`` until interrupted (Ctrl+C, SIGTERM); ``options`` as
    :func:`build_server` takes them (``ready`` gets the addresses once it listens)."""
    build_server(paths, **options).run()


def _announce_when_started(
    server: Any, urls: list[str], ready: Callable[[list[str]], None] | None
) -> None:
    if ready is None:
        return
    startup = server.startup

    async def announced(*args: Any, **kwargs: Any) -> None:
        await startup(*args, **kwargs)
        if server.started:
            ready(urls)

    server.startup = announced
