"""Phones for the loopback tests and the benchmark (issue 35): each phone its own cookie jar,
fetching the form and sending it as a browser does, over real HTTP to a running
``swissdesk serve``. Standard library only."""

from __future__ import annotations

import http.cookiejar
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

TOKEN = re.compile(r'name="token" value="([^"]+)"')
ANSWER = re.compile(r'<p class="answer (\w+)"[^>]*id="answer">([^<]*)<')


@dataclass(frozen=True, slots=True)
class Sent:
    """One phone's form: the HTTP status, the answer's text, the seconds it took."""

    status: int
    text: str
    seconds: float

    @property
    def answer(self) -> tuple[str, str]:
        """The page's answer: its kind (``ok``, ``refused``, ``info``; ``""``: none) and
        sentence. A page without its form ("Result reporting is not open now") answers
        200 too: only ``ok`` is a form that did what it was sent for."""
        found = ANSWER.search(self.text)
        return (found.group(1), found.group(2).strip()) if found else ("", "")

    @property
    def done(self) -> bool:
        return self.status == 200 and self.answer[0] == "ok"


class Phone:
    """One player's phone: a cookie jar and the venue's address."""

    def __init__(self, url: str, agent: str = "Mozilla/5.0 (Linux; Android 14) Firefox/130") -> None:
        self.url = url.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.opener.addheaders = [("User-Agent", agent)]

    def _open(self, request: urllib.request.Request | str, data: bytes | None = None) -> tuple[int, str]:
        try:
            with self.opener.open(request, data=data, timeout=60) as response:
                return int(response.status), response.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            return int(exc.code), exc.read().decode("utf-8")

    def form(self, page: str, **fields: str) -> Sent:
        """GET ``page`` (for its token), then POST ``fields`` to it."""
        start = time.perf_counter()
        status, text = self._open(f"{self.url}{page}")
        found = TOKEN.search(text)
        if status != 200 or found is None:
            return Sent(status, text, time.perf_counter() - start)
        body = urllib.parse.urlencode({"token": found.group(1), **fields}).encode()
        request = urllib.request.Request(f"{self.url}{page}", data=body, method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        status, text = self._open(request)
        return Sent(status, text, time.perf_counter() - start)

    def report(self, code: str, result: str) -> Sent:
        """The report page: the code first (the board is shown), then the result."""
        first = self.form("/report", code=code)
        if first.status != 200:
            return first
        found = TOKEN.search(first.text)
        if found is None:
            return first
        start = time.perf_counter()
        body = urllib.parse.urlencode({"token": found.group(1), "code": code, "result": result})
        request = urllib.request.Request(f"{self.url}/report", data=body.encode(), method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        status, text = self._open(request)
        return Sent(status, text, first.seconds + time.perf_counter() - start)
