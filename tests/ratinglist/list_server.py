"""A loopback HTTP server serving rating list fixtures for the download tests (CI has no
network; no test may touch the internet). Each path answers a :class:`Served` file: its
bytes, headers, and faults to play (a body cut short of its announced size)."""

from __future__ import annotations

import io
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LIST_XML = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><sex>M</sex><title>GM</title><rating>2830</rating><k>10</k><rapid_rating>2823</rapid_rating><blitz_rating>2886</blitz_rating><birthday>1990</birthday><flag></flag></player>
<player><fideid>1100001</fideid><name>Carlos, Juan</name><country>ESP</country><sex>M</sex><title></title><rating>1900</rating><rapid_rating></rapid_rating><blitz_rating></blitz_rating><birthday>2001</birthday><flag></flag></player>
<player><fideid>3000001</fideid><name>Müller, Eva</name><country>GER</country><sex>F</sex><title></title><w_title>WIM</w_title><rating>2210</rating><rapid_rating>2150</rapid_rating><blitz_rating></blitz_rating><birthday>1999</birthday><flag>w</flag></player>
<player><fideid>3000002</fideid><name>Schmidt, Jonas</name><country>GER</country><sex>M</sex><title>FM</title><rating>2305</rating><rapid_rating></rapid_rating><blitz_rating></blitz_rating><birthday>1985</birthday><flag></flag></player>
</playerslist>
"""


def zipped(text: str, member: str = "players_list_xml_foa.xml") -> bytes:
    """``text`` as the only member of a zip, as FIDE serves its lists."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member, text.encode("utf-8"))
    return buffer.getvalue()


@dataclass
class Served:
    """One file: its body, extra headers, and ``cut``: send only this many bytes of it
    while announcing its whole size (a connection lost mid-way)."""

    body: bytes
    headers: dict[str, str] = field(default_factory=dict)
    status: int = 200
    cut: int | None = None


class ListServer:
    """The files by path; :attr:`requests` counts what was asked."""

    def __init__(self) -> None:
        self.files: dict[str, Served] = {}
        self.requests: list[str] = []
        self.url = ""

    def serve(self, path: str, served: Served) -> str:
        self.files[path] = served
        return self.url + path


@contextmanager
def list_server() -> Iterator[ListServer]:
    """A :class:`ListServer` on 127.0.0.1 (a free port) for the ``with`` block."""
    state = ListServer()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            state.requests.append(self.path)
            served = state.files.get(self.path)
            if served is None:
                self.send_error(404, "Not Found")
                return
            self.send_response(served.status)
            for key, value in served.headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(served.body)))
            self.end_headers()
            body = served.body if served.cut is None else served.body[: served.cut]
            self.wfile.write(body)
            if served.cut is not None:
                self.close_connection = True

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
