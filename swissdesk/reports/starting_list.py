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

from swissdesk.i18n import N_, _, ngettext
from swissdesk.model.tournament import Player, Tournament, title_rank
from swissdesk.reports.common import note, rating_text, sort_name
from swissdesk.reports.fonts import BOLD, REGULAR
from swissdesk.reports.layout import build_pdf, fit, frame_size, grid_table, make_header

ORDERS: dict[str, str] = {
    "number": N_("by pairing number"),
    "rating": N_("by rating"),
    "name": N_("alphabetical"),
}
"""The orders of the starting list, by the name ``--order`` takes, with the header's words
(marked for the catalog, shown with ``_()``)."""

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
    width, _height = frame_size(paper)
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
    ratings = ["FIDE" if has_national or has_tournament else _("Rating")]
    ratings += [federation] if has_national else []
    ratings += [_("T.Rtg")] if has_tournament else []
    heading = ["#"] if ordinal else []
    heading += [_("No."), _("Title"), _("Name"), _("FED"), *ratings, _("FIDE ID")]
    heading += [_("Club")] if has_club else []
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
    header = make_header(tournament, _("Starting list"), _(ORDERS[order]), None)
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
    parts = [_("FIDE: the official FIDE rating")]
    if federation and any(p.national_rating(federation) for p in tournament.players):
        parts.append(_("{federation}: the national rating").format(federation=federation))
    if has_tournament:
        method = tournament.rating_method.value if tournament.rating_method else "FIDE"
        parts.append(
            _(
                "T.Rtg: the tournament rating ({method}, TRF-2026 record 172), which orders "
                "and pairs"
            ).format(method=method)
        )
    return "; ".join(parts) + "."


def summary(tournament: Tournament) -> str:
    """ "24 players; 7 federations; 22 rated, average rating 2104; 5 titled players"."""
    players = tournament.players
    rated = [p.rating for p in players if p.rating]
    federations = {p.federation for p in players if p.federation}
    titled = [p for p in players if p.title]
    count = len(players)
    parts = [ngettext("{count} player", "{count} players", count).format(count=count)]
    if federations:
        count = len(federations)
        parts.append(
            ngettext("{count} federation", "{count} federations", count).format(count=count)
        )
    if rated:
        average = (2 * sum(rated) + len(rated)) // (2 * len(rated))  # rounded, in integers
        count = len(rated)
        parts.append(
            ngettext(
                "{count} rated, average rating {average}",
                "{count} rated, average rating {average}",
                count,
            ).format(count=count, average=average)
        )
    if titled:
        count = len(titled)
        parts.append(
            ngettext("{count} titled player", "{count} titled players", count).format(
                count=count
            )
        )
    return "; ".join(parts) + "."
