"""HTML from the page data: Jinja2 templates shipped with the package, escaped throughout
(a player named ``<script>`` shows as that text), rendered once per page and change.

:class:`Renderer` keeps each page's HTML (and its live fragment) for the current version
of its section: a thousand phones on the same page cost one rendering per saved result.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from datetime import datetime
from importlib import resources
from typing import Any
from urllib.parse import quote, urlencode

from jinja2 import Environment, PackageLoader, select_autoescape

from swissdesk.model.text import fold_table
from swissdesk.venue.data import SectionData
from swissdesk.venue.display import DisplaySetup, display_slides
from swissdesk.venue.pages import Links, Page, resolve

ASSETS = ("venue.css", "live.js", "display.css", "display.js", "find.js")
"""The files under ``/static/`` (package data, loaded once; nothing else is served)."""

CACHE_SIZE = 2_000
"""Pages kept rendered (a search for every name is a page of its own)."""


def load_assets() -> dict[str, bytes]:
    """The static files, read from the package once."""
    folder = resources.files("swissdesk.venue") / "static"
    return {name: (folder / name).read_bytes() for name in ASSETS}


def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("swissdesk.venue", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["half"] = lambda v: _score(int(v))
    return env


def _score(value: int) -> str:
    whole, half = divmod(value, 2)
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


FOLD_TABLE = json.dumps(fold_table(), ensure_ascii=False)
"""The desktop search's letter table, for the exported site's search box."""


class Renderer:
    """Renders the pages of the served sections (thread-safe; caches by version)."""

    def __init__(self, *, static: bool = False) -> None:
        self.env = _environment()
        self.static = static
        self.epoch = secrets.token_hex(4)
        """Names this server's run in every version it sends: a phone that reconnects to a
        restarted server never takes the new run's "version 1" for the one it has."""
        self._cache: OrderedDict[tuple[Any, ...], str] = OrderedDict()
        self._lock = threading.Lock()

    def warm(self) -> None:
        """Compile every template now (25-50 ms each), not while the first phones wait."""
        for name in self.env.list_templates():
            self.env.get_template(name)

    def tag(self, version: int, notice: int | None = None) -> str:
        """A page's version as the live updates name it (``ab12cd34-7``)."""
        return f"{self.epoch}-{version}" + (f".{notice}" if notice is not None else "")

    def _cached(self, key: tuple[Any, ...], make: Any) -> str:
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit
        html: str = make()
        with self._lock:
            self._cache[key] = html
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return html

    def common(
        self,
        sections: Mapping[str, SectionData],
        here: str,
        data: SectionData | None,
        version: int,
    ) -> dict[str, Any]:
        link = Links(here, self.static)
        return {
            "link": link,
            "data": data,
            "sections": list(sections.values()),
            "here": here,
            "version": self.tag(version),
            "static": self.static,
            "live": ""
            if self.static
            else "/live?" + urlencode({"page": here, "v": self.tag(version)}),
            "stamp": datetime.now().strftime("%H:%M:%S"),
            "fold_table": FOLD_TABLE,
        }

    def page(
        self,
        sections: Mapping[str, SectionData],
        versions: Mapping[str, int],
        path: str,
        query: Mapping[str, str],
        *,
        at: str | None = None,
    ) -> str | None:
        """The whole HTML page at ``path`` (``None``: no such page); ``at``: where it is
        published, if elsewhere (an exported site's start page), for its links."""
        if path == "/":
            key: tuple[Any, ...] = ("index", tuple(versions.items()))
            return self._cached(key, lambda: self._index(sections, versions))
        page = resolve(sections, path, query)
        if page is None:
            return None
        version = versions.get(page.slug, 0)
        here = _here(path, query)
        key = ("page", page.slug, version, here, at)
        return self._cached(
            key, lambda: self._render(sections, page, here, version, None, at or here)
        )

    def fragment(
        self,
        sections: Mapping[str, SectionData],
        versions: Mapping[str, int],
        here: str,
    ) -> str | None:
        """The ``<main>`` of the page at ``here`` (path and query), for a live update."""
        path, _, qs = here.partition("?")
        if path == "/":
            key: tuple[Any, ...] = ("index-main", tuple(versions.items()))
            return self._cached(key, lambda: self._index(sections, versions, "main"))
        query = dict(_parse_query(qs))
        page = resolve(sections, path, query)
        if page is None:
            return None
        version = versions.get(page.slug, 0)
        key = ("fragment", page.slug, version, _here(path, query))
        return self._cached(key, lambda: self._render(sections, page, here, version, "main", here))

    def _render(
        self,
        sections: Mapping[str, SectionData],
        page: Page,
        here: str,
        version: int,
        block: str | None,
        at: str,
    ) -> str:
        data = sections[page.slug]
        context = {**self.common(sections, here, data, version), **page.context,
                   "title": page.title, "link": Links(at, self.static)}  # fmt: skip
        template = self.env.get_template(page.template)
        if block is None:
            return template.render(context)
        notice = self.env.get_template("_fide_mode.html").render(context)  # as base.html
        return notice + "".join(template.blocks[block](template.new_context(context)))

    def _index(
        self,
        sections: Mapping[str, SectionData],
        versions: Mapping[str, int],
        block: str | None = None,
    ) -> str:
        """The start page (``block="main"``: its ``<main>``, for a live update)."""
        version = index_version(versions)
        context = {**self.common(sections, "/", None, version), "title": "Tournaments"}
        template = self.env.get_template("index.html")
        if block is None:
            return template.render(context)
        return "".join(template.blocks[block](template.new_context(context)))

    def display(
        self,
        sections: Mapping[str, SectionData],
        versions: Mapping[str, int],
        setup: DisplaySetup,
        setup_version: int,
        block: str | None = None,
    ) -> str | None:
        """The hall's display page (``None``: the section is unknown)."""
        data = sections.get(setup.section) if setup.section else next(iter(sections.values()), None)
        if data is None:
            return None
        version = versions.get(data.slug, 0)
        key = ("display", data.slug, version, setup_version, setup, block)

        def make() -> str:
            here = "/display?" + setup.query()
            slides = display_slides(data, setup)
            context = {
                **self.common(sections, here, data, version),
                "title": data.name,
                "setup": setup,
                "slides": slides,
                "current": setup.slide % len(slides) if slides else 0,
                "live": "/live?" + urlencode({"page": here, "v": self.tag(version, setup_version)}),
                "next_url": "/display?"
                + setup.query(slide=(setup.slide + 1) % max(len(slides), 1)),
            }
            template = self.env.get_template("display.html")
            if block is None:
                return template.render(context)
            return "".join(template.blocks[block](template.new_context(context)))

        return self._cached(key, make)


def index_version(versions: Mapping[str, int]) -> int:
    """The start page's version: it lists every section, so any section's change (a round
    paired, a section added, renamed, removed: each bumps that section's version, and a
    removed one keeps its last) makes it grow."""
    return sum(versions.values())


def _here(path: str, query: Mapping[str, str]) -> str:
    """The page's own address (the query kept only where the page reads it)."""
    q = query.get("q")
    return f"{path}?q={quote(q)}" if q is not None and path.endswith("/find") else path


def _parse_query(qs: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(qs, keep_blank_values=True)[:20]
