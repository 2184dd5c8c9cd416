"""The venue's pages: which address shows what, and the page data each template gets.

One table (:data:`ROUTES`) maps a section's page names to their builders; the web server,
the live updates and the static export all resolve a page through :func:`resolve`, so a
page is the same HTML wherever it is seen. Links are made by a :class:`Links` of the page:
absolute on the server (``/s/open/round/3``), relative in an exported folder
(``../round/3.html``), so the exported site works from any folder or web space.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from swissdesk.i18n import _
from swissdesk.model.text import fold, matches
from swissdesk.venue.data import PlayerInfo, SectionData

NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,59}$")
"""A section's URL name (:func:`~swissdesk.venue.data.slug_for` makes them)."""


@dataclass(frozen=True, slots=True)
class Links:
    """Makes the links of the page at ``here``: absolute paths on the server, relative
    file names in a static export."""

    here: str
    static: bool = False

    def __call__(self, target: str) -> str:
        if not self.static:
            return target
        return posixpath.relpath(
            static_file(target), posixpath.dirname(static_file(self.here)) or "."
        )


def static_file(path: str) -> str:
    """The file of a page in a static export: ``/`` -> ``index.html``, ``/s/open/`` ->
    ``s/open/index.html``, ``/s/open/round/3`` -> ``s/open/round/3.html``; assets keep
    their names."""
    clean = path.split("?")[0].lstrip("/")
    if clean.startswith("static/"):
        return clean
    if clean == "" or clean.endswith("/"):
        return clean + "index.html"
    return clean + ".html"


@dataclass(frozen=True, slots=True)
class Page:
    """A resolved page: its template, what it shows and its title."""

    template: str
    context: Mapping[str, Any]
    title: str
    slug: str = ""
    refresh: bool = True
    """Pages that change with results (all but the search form's help)."""
    extra: Mapping[str, Any] = field(default_factory=dict)


Builder = Callable[[SectionData, Mapping[str, str], tuple[int, ...]], Page | None]


def _home(data: SectionData, _q: Mapping[str, str], _a: tuple[int, ...]) -> Page | None:
    current = data.current_round
    return Page(
        "round.html",
        {"round": current, "number": current.number if current else 0, "home": True},
        _("Round {number}").format(number=current.number)
        if current
        else (_("Teams") if data.is_team else _("Players")),
        data.slug,
    )


def _round(data: SectionData, _q: Mapping[str, str], args: tuple[int, ...]) -> Page | None:
    rnd = data.round(args[0])
    if rnd is None:
        return None
    return Page("round.html", {"round": rnd, "number": rnd.number, "home": False},
                _("Round {number}").format(number=rnd.number), data.slug)  # fmt: skip


def find_players(data: SectionData, query: str) -> list[PlayerInfo]:
    """The players a search finds: a pairing number, else every word of the query in the
    name (accents and case ignored, as the desktop search: :func:`swissdesk.model.text.matches`);
    a team event also finds teams by a member's name."""
    query = query.strip()[:100]
    if not query:
        return []
    if query.isdigit():
        found = data.players.get(int(query))
        return [found] if found is not None else []
    if data.is_team:
        keys = {t.tpn: t.key for t in data.teams}
        return [p for p in data.players.values() if all(w in keys.get(p.tpn, p.key)
                                                         for w in fold(query).split())][:50]  # fmt: skip
    return [p for p in data.players.values() if matches(query, p.name)][:50]


def _find(data: SectionData, query: Mapping[str, str], _a: tuple[int, ...]) -> Page | None:
    q = query.get("q", "")[:100]
    found = find_players(data, q)
    current = data.current_round
    seats = {}
    if current is not None:
        for tpn in (p.tpn for p in found):
            rounds = data.player_rounds.get(tpn)
            if rounds:
                seats[tpn] = rounds[-1]
    return Page("find.html", {"q": q, "found": found, "seats": seats, "round": current},
                _("Find: {query}").format(query=q) if q else _("Find a player"),
                data.slug)  # fmt: skip


def _player(data: SectionData, _q: Mapping[str, str], args: tuple[int, ...]) -> Page | None:
    player = data.players.get(args[0])
    if player is None:
        return None
    if data.is_team:
        team = next((t for t in data.teams if t.tpn == player.tpn), None)
        return Page("team.html", {"team": team, "player": player}, player.name, data.slug)
    rounds = data.player_rounds.get(player.tpn, ())
    return Page(
        "player.html",
        {"player": player, "rounds": rounds, "current": rounds[-1] if rounds else None},
        player.name,
        data.slug,
    )


def _players(data: SectionData, _q: Mapping[str, str], _a: tuple[int, ...]) -> Page | None:
    ordered = sorted(data.players.values(), key=lambda p: (p.key, p.tpn))
    return Page("players.html", {"ordered": ordered}, _("Players") if not data.is_team
                else _("Teams"), data.slug)  # fmt: skip


def _standings(data: SectionData, _q: Mapping[str, str], _a: tuple[int, ...]) -> Page | None:
    return Page("standings.html", {}, _("Standings"), data.slug)


def _categories(data: SectionData, _q: Mapping[str, str], _a: tuple[int, ...]) -> Page | None:
    if not data.categories:
        return None
    return Page("categories.html", {}, _("Categories"), data.slug)


def _crosstable(data: SectionData, _q: Mapping[str, str], _a: tuple[int, ...]) -> Page | None:
    return Page("crosstable.html", {}, _("Cross table"), data.slug)


ROUTES: tuple[tuple[re.Pattern[str], Builder], ...] = (
    (re.compile(r""), _home),
    (re.compile(r"round/([1-9][0-9]{0,3})"), _round),
    (re.compile(r"find"), _find),
    (re.compile(r"player/([1-9][0-9]{0,5})"), _player),
    (re.compile(r"players"), _players),
    (re.compile(r"standings"), _standings),
    (re.compile(r"categories"), _categories),
    (re.compile(r"crosstable"), _crosstable),
)
"""A section's pages: ``/s/<section>/<page>``; nothing else exists."""


def split_section_path(path: str) -> tuple[str, str] | None:
    """``/s/open/round/3`` -> ``("open", "round/3")``; ``None`` for anything else."""
    m = re.fullmatch(r"/s/([a-z0-9][a-z0-9-]{0,59})/(.*)", path)
    if m is None:
        return None
    return m.group(1), m.group(2)


def resolve(
    sections: Mapping[str, SectionData], path: str, query: Mapping[str, str]
) -> Page | None:
    """The page at ``path`` (``None``: no such page, a 404); its title in the current
    language (:func:`~swissdesk.i18n.using_language`, which the renderer sets)."""
    split = split_section_path(path)
    if split is None:
        return None
    slug, rest = split
    data = sections.get(slug)
    if data is None:
        return None
    for pattern, builder in ROUTES:
        m = pattern.fullmatch(rest)
        if m is not None:
            return builder(data, query, tuple(int(g) for g in m.groups()))
    return None


def section_pages(data: SectionData) -> list[str]:
    """Every page of a section (what a static export writes)."""
    base = f"/s/{data.slug}/"
    pages = [base, base + "find", base + "players", base + "standings", base + "crosstable"]
    if data.categories:
        pages.append(base + "categories")
    pages += [f"{base}round/{r.number}" for r in data.rounds]
    pages += [f"{base}player/{tpn}" for tpn in sorted(data.players)]
    return pages
