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
from collections.abc import Callable, Mapping
from datetime import datetime
from importlib import resources
from typing import Any
from urllib.parse import quote, urlencode

from jinja2 import Environment, PackageLoader, pass_context, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup, escape

from swissdesk.i18n import (
    LANGUAGES,
    N_,
    SOURCE_LANGUAGE,
    current_language,
    gettext,
    localize_number,
    ngettext,
    npgettext,
    pgettext,
    using_language,
)
from swissdesk.lists.crosstable import score_text
from swissdesk.model.text import fold_table
from swissdesk.translations.formats import format_date
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


def _fill(text: str, fields: Mapping[str, Any]) -> Markup:
    """A translated message with its ``{fields}`` filled in, escaped: the message's own
    text and every field that is not already markup (a link the template built is)."""
    safe = escape(text)
    return safe.format(**fields) if fields else safe


def _t_gettext(message: str, **fields: Any) -> Markup:
    return _fill(gettext(message), fields)


def _t_ngettext(singular: str, plural: str, num: int, **fields: Any) -> Markup:
    return _fill(ngettext(singular, plural, num), {"num": num, **fields})


def _t_pgettext(context: str, message: str, **fields: Any) -> Markup:
    return _fill(pgettext(context, message), fields)


def _t_npgettext(context: str, singular: str, plural: str, num: int, **fields: Any) -> Markup:
    return _fill(npgettext(context, singular, plural, num), {"num": num, **fields})


def _environment() -> Environment:
    """The templates' environment: autoescaped, with Jinja2's i18n extension speaking the
    core's catalogs (:mod:`swissdesk.i18n`) in the language of the page being rendered.

    The callables are new-style in Jinja's sense (the fields are keyword arguments of the
    call, filled in and escaped by it: ``_("Round {number}", number=r)``) but with the
    project's brace fields rather than Jinja's ``%(number)s``, so the catalog check that
    every translation keeps the English ``{fields}`` covers the templates too. Templates use
    ``_()``/``ngettext()`` calls, never ``{% trans %}`` blocks (those would be %-style)."""
    env = Environment(
        loader=PackageLoader("swissdesk.venue", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        _t_gettext, _t_ngettext, newstyle=False, pgettext=_t_pgettext, npgettext=_t_npgettext
    )
    env.filters["half"] = lambda v: score_text(int(v))  # 3½ in every language
    # Tie-break values (23.5, 41.25) in the page's language: 23,5 and 41,25 in German.
    env.filters["num"] = _spoken(lambda v: localize_number(str(v)))
    env.filters["unpaired"] = _spoken(unpaired_text)
    env.filters["mark"] = _spoken(mark_text)
    env.filters["system"] = _spoken(lambda name: gettext(name) if name else "")
    env.filters["colour"] = _spoken(colour_word)
    env.filters["date"] = _spoken(lambda d: format_date(d) if d else "")
    return env


def _spoken(function: Callable[[Any], str]) -> Callable[[Context, Any], str]:
    """A filter whose result depends on the page's language: Jinja must not work it out
    once when it compiles the template (``'PAB'|mark`` is a constant to its optimiser, and
    would be frozen in the language of the first page rendered); a filter that takes the
    template's context is always run when the page is rendered."""

    @pass_context
    def spoken(_context: Context, value: Any) -> str:
        return function(value)

    return spoken


BYE_WORDS = (
    N_("pairing-allocated bye"),
    N_("full-point bye"),
    N_("half-point bye"),
    N_("zero-point bye"),
    N_("absent"),
    N_("withdrawn"),
    N_("bye (no game)"),
)
"""The words the lists (:mod:`swissdesk.lists.board_order`) name a round without a board
with; the section data keeps them in English and the page says them in its language."""


def unpaired_text(unpaired: Any) -> str:
    """A round without a board as the page's language says it (``half-point bye (½)``)."""
    label = gettext(unpaired.label)
    return f"{label} ({unpaired.points})" if unpaired.points else label


def mark_text(mark: str) -> str:
    """A player's result in one round (``1``, ``½``, ``+``; ``PAB``, ``bye ½``) in the
    page's language: the results are signs, the byes words."""
    if mark == "PAB":
        # Translators: the short form of "pairing-allocated bye" in a results column.
        return pgettext("short", "PAB")
    if mark.startswith("bye "):
        # Translators: a requested bye in a results column, with the points it scored.
        return pgettext("short", "bye {points}").format(points=mark.removeprefix("bye "))
    return mark


def colour_word(colour: str) -> str:
    """``white``/``black`` (the data's names of the colours) as the page's language says
    the colour a player has."""
    if colour == "white":
        return pgettext("colour", "White")
    if colour == "black":
        return pgettext("colour", "Black")
    return ""


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
        """What every page's template reads; in the language of the page being rendered
        (:func:`~swissdesk.i18n.current_language`, set by :meth:`page` and the others)."""
        link = Links(here, self.static)
        language = current_language()
        return {
            "link": link,
            "data": data,
            "sections": list(sections.values()),
            "here": here,
            "version": self.tag(version),
            "static": self.static,
            "lang": language,
            "live": ""
            if self.static
            else "/live?" + urlencode({"page": here, "v": self.tag(version), "lang": language}),
            "stamp": datetime.now().strftime("%H:%M:%S"),
            "fold_table": FOLD_TABLE,
            "switch": language_links(here) if not self.static else (),
        }

    def page(
        self,
        sections: Mapping[str, SectionData],
        versions: Mapping[str, int],
        path: str,
        query: Mapping[str, str],
        *,
        at: str | None = None,
        language: str = SOURCE_LANGUAGE,
    ) -> str | None:
        """The whole HTML page at ``path`` in ``language`` (``None``: no such page); ``at``:
        where it is published, if elsewhere (an exported site's start page), for its links."""
        with using_language(language) as language:
            if path == "/":
                key: tuple[Any, ...] = ("index", tuple(versions.items()), language)
                return self._cached(key, lambda: self._index(sections, versions))
            page = resolve(sections, path, query)
            if page is None:
                return None
            version = versions.get(page.slug, 0)
            here = _here(path, query)
            key = ("page", page.slug, version, here, at, language)
            return self._cached(
                key, lambda: self._render(sections, page, here, version, None, at or here)
            )

    def fragment(
        self,
        sections: Mapping[str, SectionData],
        versions: Mapping[str, int],
        here: str,
        language: str = SOURCE_LANGUAGE,
    ) -> str | None:
        """The ``<main>`` of the page at ``here`` (path and query) in ``language``, for a
        live update (the page's own language: a live page never changes it)."""
        path, _, qs = here.partition("?")
        query = dict(_parse_query(qs))
        with using_language(language) as language:
            if path == "/":
                key: tuple[Any, ...] = ("index-main", tuple(versions.items()), language)
                return self._cached(key, lambda: self._index(sections, versions, "main"))
            page = resolve(sections, path, query)
            if page is None:
                return None
            version = versions.get(page.slug, 0)
            key = ("fragment", page.slug, version, _here(path, query), language)
            return self._cached(
                key, lambda: self._render(sections, page, here, version, "main", here)
            )

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
        context = {**self.common(sections, "/", None, version), "title": gettext("Tournaments")}
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
        """The hall's display page (``None``: the section is unknown), in the language the
        screen's address names, else the tournament's: a screen in the hall speaks to
        everybody, whatever the browser driving it is set to."""
        data = sections.get(setup.section) if setup.section else next(iter(sections.values()), None)
        if data is None:
            return None
        version = versions.get(data.slug, 0)
        language = setup.language or data.language
        key = ("display", data.slug, version, setup_version, setup, block, language)

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

        with using_language(language):
            return self._cached(key, make)


LANGUAGE_COOKIE = "swissdesk_lang"
"""The language a player picked on the pages (a year; read before the browser's)."""


def language_links(here: str) -> tuple[tuple[str, str, str], ...]:
    """The language switch of the page at ``here``: (code, the language's own name, the
    address that picks it and comes back here), every language swissdesk speaks."""
    return tuple(
        (code, name, "/language?" + urlencode({"set": code, "next": here}))
        for code, name in LANGUAGES.items()
    )


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


def not_found_html(language: str = SOURCE_LANGUAGE) -> str:
    """The page of an address that shows nothing, in ``language``."""
    with using_language(language) as language:
        title = escape(gettext("Not found"))
        text = escape(gettext("There is no such page."))
        home = escape(gettext("All tournaments"))
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title>\n"
        '<link rel="stylesheet" href="/static/venue.css"></head><body><main>'
        f"<h1>{title}</h1>\n<p>{text} "
        f'<a href="/">{home}</a></p></main></body></html>'
    )
