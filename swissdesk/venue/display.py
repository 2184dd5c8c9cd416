"""The hall's display mode: a projector or a TV shows rotating pages (the pairings split by
board ranges, the standings), an announcement line and an optional clock.

A screen is one address (``/display?section=open&show=pairings,standings&boards=1-40``),
so each screen in the hall gets its own (the window's Venue menu builds them). The
announcement and the round's start come from the hall notice (:class:`HallNotice`), which
the window writes and the server watches: changing it reaches every screen at once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from swissdesk.i18n import _, normalize_language
from swissdesk.venue.data import SectionData

SHOWABLE = ("pairings", "standings")
ROWS_RANGE = (6, 30)
SECONDS_RANGE = (5, 120)


@dataclass(frozen=True, slots=True)
class HallNotice:
    """What the arbiter tells the hall: an announcement line and when the round started
    (``HH:MM``, for the round clock)."""

    announcement: str = ""
    round_start: str = ""

    @staticmethod
    def read(path: Path | None) -> HallNotice:
        """The notice kept in ``path`` (JSON); an empty one if it is missing or unreadable."""
        if path is None:
            return HallNotice()
        try:
            raw = json.loads(path.read_text(encoding="utf-8")[:10_000])
        except (OSError, ValueError):
            return HallNotice()
        if not isinstance(raw, dict):
            return HallNotice()
        text = str(raw.get("announcement", ""))[:300]
        start = str(raw.get("round_start", ""))
        return HallNotice(text, start if re.fullmatch(r"[0-2][0-9]:[0-5][0-9]", start) else "")

    def write(self, path: Path) -> None:
        """Keep the notice in ``path`` (replaced whole, so the server never reads half)."""
        temp = path.with_name(f".{path.name}.tmp")
        temp.write_text(
            json.dumps({"announcement": self.announcement, "round_start": self.round_start}),
            encoding="utf-8",
        )
        temp.replace(path)


@dataclass(frozen=True, slots=True)
class DisplaySetup:
    """One screen: which section, what it shows, how many lines per page, how long."""

    section: str = ""
    show: tuple[str, ...] = SHOWABLE
    boards: tuple[int, int] | None = None
    rows: int = 15
    every: int = 15
    clock: bool = True
    slide: int = 0
    notice: HallNotice = HallNotice()
    language: str = ""
    """The screen's language (``lang=de``); empty: the tournament's."""

    def query(self, *, slide: int | None = None) -> str:
        """The screen's address after ``/display?``."""
        params: dict[str, Any] = {}
        if self.section:
            params["section"] = self.section
        params["show"] = ",".join(self.show)
        if self.boards is not None:
            params["boards"] = f"{self.boards[0]}-{self.boards[1]}"
        params["rows"] = self.rows
        params["every"] = self.every
        params["clock"] = "1" if self.clock else "0"
        if slide:
            params["slide"] = slide
        if self.language:
            params["lang"] = self.language
        return urlencode(params)

    @staticmethod
    def from_query(query: Mapping[str, str]) -> DisplaySetup | None:
        """The screen a display address asks for (``None``: a malformed address)."""
        try:
            show = tuple(s for s in query.get("show", ",".join(SHOWABLE)).split(",") if s)
            if not show or any(s not in SHOWABLE for s in show):
                return None
            boards = None
            if query.get("boards"):
                m = re.fullmatch(r"([1-9][0-9]{0,3})-([1-9][0-9]{0,3})", query["boards"])
                if m is None or int(m.group(1)) > int(m.group(2)):
                    return None
                boards = (int(m.group(1)), int(m.group(2)))
            rows = _bounded(query.get("rows", "15"), ROWS_RANGE)
            every = _bounded(query.get("every", "15"), SECONDS_RANGE)
            slide = _bounded(query.get("slide", "0"), (0, 999))
            section = query.get("section", "")
            if section and not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,59}", section):
                return None
        except ValueError:
            return None
        language = normalize_language(query.get("lang", "")[:10]) or ""
        return DisplaySetup(section, show, boards, rows, every, query.get("clock", "1") != "0",
                            slide, language=language)  # fmt: skip

    def with_notice(self, notice: HallNotice) -> DisplaySetup:
        return replace(self, notice=notice)


def _bounded(text: str, bounds: tuple[int, int]) -> int:
    if not text.isdigit() or len(text) > 4:
        raise ValueError(text)
    return min(max(int(text), bounds[0]), bounds[1])


@dataclass(frozen=True, slots=True)
class Slide:
    """One page of the rotation."""

    kind: str
    """``pairings``, ``byes``, ``matches``, ``standings`` or ``team-standings``."""
    title: str
    items: tuple[Any, ...]


def display_slides(data: SectionData, setup: DisplaySetup) -> list[Slide]:
    """The pages a screen rotates through, in the order asked for."""
    slides: list[Slide] = []
    n = setup.rows
    for what in setup.show:
        if what == "pairings":
            slides += _pairing_slides(data, setup)
        elif data.is_team:
            lines = data.team_standings
            for i in range(0, len(lines), n):
                chunk = lines[i : i + n]
                slides.append(Slide("team-standings", _standings_title(data, i, len(chunk)), chunk))
        elif data.standings is not None and data.after_round:
            rows = data.standings.rows
            for i in range(0, len(rows), n):
                part = rows[i : i + n]
                slides.append(Slide("standings", _standings_title(data, i, len(part)), part))
    if not slides:
        slides.append(Slide("empty", data.name, ()))
    return slides


def _standings_title(data: SectionData, start: int, count: int) -> str:
    return _("Standings after round {round} · places {first}–{last}").format(
        round=data.after_round, first=start + 1, last=start + count
    )


def _pairing_slides(data: SectionData, setup: DisplaySetup) -> list[Slide]:
    current = data.current_round
    if current is None:
        return []
    n = setup.rows
    out: list[Slide] = []
    if data.is_team:
        items: tuple[Any, ...] = data.matches.get(current.number, ())
        kind = "matches"
        title = _("Round {round} · matches {first}–{last}")
    else:
        items = current.boards
        kind = "pairings"
        title = _("Round {round} · boards {first}–{last}")
    if setup.boards is not None:
        first, last = setup.boards
        items = tuple(b for b in items if first <= getattr(b, "number", 0) <= last)
    for i in range(0, len(items), n):
        part = items[i : i + n]
        lo, hi = part[0].number, part[-1].number
        out.append(Slide(kind, title.format(round=current.number, first=lo, last=hi), part))
    if current.unpaired and setup.boards is None:
        for i in range(0, len(current.unpaired), n):
            title = _("Round {round} · not playing").format(round=current.number)
            out.append(Slide("byes", title, current.unpaired[i : i + n]))
    return out
