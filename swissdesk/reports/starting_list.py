"""The starting list: who plays, with pairing number, title, name, federation, rating(s),
FIDE ID and club, in one of the three orders an arbiter posts before round 1:

- by pairing number (the list the pairings refer to, C.04.2 art. 2.3);
- by rating (the initial ranking order of C.04.2 art. 2.2: rating, then title, then name);
- alphabetical (where players look for their number; accents and case ignored).

A summary below the table counts the players, the rated ones with their average rating,
the titled players and the federations. Where the players' ratings differ, the list shows
each: the FIDE rating, the national one and the tournament rating that orders and pairs
(issue 31), with a line saying which is which.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reportlab.platypus import Flowable

from swissdesk.model.text import plural
from swissdesk.model.tournament import Player, Tournament, title_rank
from swissdesk.reports.common import note, rating_text, sort_name
from swissdesk.reports.fonts import BOLD, REGULAR
from swissdesk.reports.layout import build_pdf, fit, frame_size, grid_table, make_header

ORDERS: dict[str, str] = {
    "number": "by pairing number",
    "rating": "by rating",
    "name": "alphabetical",
}
"""The orders of the starting list, by the name ``--order`` takes, with the header's words."""

_KEYS: dict[str, Callable[[Player], tuple[object, ...]]] = {
    "number": lambda p: (p.tpn,),
    "rating": lambda p: (-p.rating, title_rank(p.title), sort_name(p.name), p.tpn),
    "name": lambda p: (sort_name(p.name), p.tpn),
}


def render_starting_list(
    tournament: Tournament, out_path: Path, *, order: str = "number", paper: str = "a4"
) -> Path:
    """Write the starting list in ``order`` (one of :data:`ORDERS`)."""
    players = sorted(tournament.players, key=_KEYS[order])
    width, _ = frame_size(paper)
    font = 9.0
    ordinal = order != "number"
    fixed = [24.0] if ordinal else []
    fixed += [30.0, 28.0]  # No., Title
    tail = [32.0, 36.0, 56.0]  # FED, Rating, FIDE ID
    rest = width - sum(fixed) - sum(tail)
    # The several ratings (issue 31): the FIDE rating, the national one and the tournament
    # rating that orders and pairs, each in its column when the players have it; one
    # "Rating" column when the tournament rating is the FIDE rating and no one has another.
    federation = national_federation(tournament)
    has_national = any(p.national_rating(federation) for p in players) if federation else False
    has_tournament = any(p.fide_rating is not None for p in players)
    extra = [36.0] * (int(has_national) + int(has_tournament))
    rest -= sum(extra)
    has_club = any(p.club.strip() for p in players)
    club_w = min(150.0, rest * 0.4) if has_club else 0.0
    name_w = rest - club_w
    ratings = ["FIDE" if has_national or has_tournament else "Rating"]
    ratings += [federation] if has_national else []
    ratings += ["T.Rtg"] if has_tournament else []
    heading = (["#"] if ordinal else []) + ["No.", "Title", "Name", "FED", *ratings, "FIDE ID"]
    heading += ["Club"] if has_club else []
    rows: list[list[str]] = [heading]
    for position, p in enumerate(players, start=1):
        row = [str(position)] if ordinal else []
        row += [
            str(p.tpn),
            p.title,
            fit(p.name, name_w - 5, REGULAR if ordinal else BOLD, font),
            p.federation,
            str(p.official_rating or ""),
        ]
        if has_national:
            row.append(str(p.national_rating(federation) or ""))
        if has_tournament:
            row.append(rating_text(p))
        row.append(p.fide_id)
        if has_club:
            row.append(fit(p.club, club_w - 5, REGULAR, font))
        rows.append(row)
    widths = [*fixed, name_w, tail[0], tail[1], *extra, tail[2]] + ([club_w] if has_club else [])
    align = (["RIGHT"] if ordinal else []) + ["RIGHT", "LEFT", "LEFT", "CENTER", "RIGHT"]
    align += ["RIGHT"] * len(extra)
    align += ["RIGHT"] + (["LEFT"] if has_club else [])
    bold = (1,) if ordinal else (0,)
    story: list[Flowable] = [
        grid_table(rows, widths, font_size=font, align=align, bold_columns=bold)
    ]
    story.append(note(summary(tournament)))
    if has_tournament or has_national:
        story.append(note(rating_note(tournament, federation, has_tournament)))
    header = make_header(tournament, "Starting list", ORDERS[order], None)
    return build_pdf(Path(out_path), story, header, paper=paper)


def national_federation(tournament: Tournament) -> str:
    """The federation whose national ratings the list shows: the section's (record 172),
    else the one most players' national ratings have."""
    if tournament.rating_federation:
        return tournament.rating_federation.strip().upper()
    counts: dict[str, int] = {}
    for p in tournament.players:
        for n in p.national_ratings:
            counts[n.federation] = counts.get(n.federation, 0) + 1
    return max(counts, key=lambda fed: (counts[fed], fed), default="")


def rating_note(tournament: Tournament, federation: str, has_tournament: bool) -> str:
    """What the rating columns are."""
    parts = ["FIDE: the official FIDE rating"]
    if federation and any(p.national_rating(federation) for p in tournament.players):
        parts.append(f"{federation}: the national rating")
    if has_tournament:
        method = tournament.rating_method.value if tournament.rating_method else "FIDE"
        parts.append(
            f"T.Rtg: the tournament rating ({method}, TRF-2026 record 172), which orders "
            "and pairs"
        )
    return "; ".join(parts) + "."


def summary(tournament: Tournament) -> str:
    """ "24 players from 7 federations; 22 rated, average rating 2104; 5 titled players"."""
    players = tournament.players
    rated = [p.rating for p in players if p.rating]
    federations = {p.federation for p in players if p.federation}
    titled = [p for p in players if p.title]
    parts = [plural(len(players), "player")]
    if federations:
        parts[0] += f" from {plural(len(federations), 'federation')}"
    if rated:
        average = (2 * sum(rated) + len(rated)) // (2 * len(rated))  # rounded, in integers
        parts.append(f"{len(rated)} rated, average rating {average}")
    if titled:
        parts.append(plural(len(titled), "titled player"))
    return "; ".join(parts) + "."
