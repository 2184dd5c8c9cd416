"""Which registered players the rating list would change before round 1 (issue 20).

Players are matched by FIDE ID only (names are not unique); the rating of the tournament's
rating type, the title, the federation and the K factor of that rating type (issue 37: the
list's own K, which knows the player's history) are taken from the list. A K the arbiter
set stays. Players without a FIDE ID, or not in the list, are left as the arbiter typed
them. (The list's ``games`` column counts the games of one rating period only: it is no
count of the player's rated games, and is not taken.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from swissdesk.ratinglist.store import RatingList
from swissdesk.storage.views import PlayerData, PlayerRow

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""Titles a tournament player record holds (the list's other titles are not player titles)."""


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """One player's change: TPN, the data before and after, and the changes in words."""

    tpn: int
    before: PlayerData
    after: PlayerData
    changes: tuple[str, ...]

    def describe(self) -> str:
        """``no. 5 Carlsen, Magnus: rating 2810 → 2830, title IM → GM``."""
        return f"no. {self.tpn} {self.before.name}: {', '.join(self.changes)}"


@dataclass(frozen=True, slots=True)
class UpdateProposal:
    """The updates, and the players that could not be looked up."""

    updates: tuple[RatingUpdate, ...]
    without_id: tuple[int, ...]
    not_found: tuple[int, ...]


def proposed_updates(
    players: Sequence[PlayerRow], rating_list: RatingList, kind: str = "standard"
) -> UpdateProposal:
    """What the rating list changes for ``players`` (rating of ``kind``, title, federation)."""
    updates: list[RatingUpdate] = []
    without_id: list[int] = []
    not_found: list[int] = []
    dates = {s.name: s.list_date for s in rating_list.sources()}
    for row in sorted(players, key=lambda r: r.tpn):
        data = row.data
        if not data.fide_id.strip().isdigit():
            without_id.append(row.tpn)
            continue
        match = rating_list.by_fide_id(int(data.fide_id))
        if match is None:
            not_found.append(row.tpn)
            continue
        listed = match.player
        rating = listed.rating(kind) or 0
        title = next((t for t in (listed.title, listed.women_title) if t in TITLES), "")
        federation = listed.federation or data.federation
        changes: list[str] = []
        if rating != data.rating:
            changes.append(f"rating {data.rating or 'unrated'} → {rating or 'unrated'}")
        if title != data.title:
            changes.append(f"title {data.title or 'none'} → {title or 'none'}")
        if federation != data.federation:
            changes.append(f"federation {data.federation or '-'} → {federation}")
        k, k_source = data.k_factor, data.k_source
        listed_k = listed.k(kind)
        if listed_k is not None and data.k_source != "arbiter" and listed_k != data.k_factor:
            before_k = "by the rules" if data.k_factor is None else str(data.k_factor)
            changes.append(f"K {before_k} → {listed_k}")
            date = dates.get(match.source, "")
            k, k_source = listed_k, f"{match.source} rating list {date}".strip()
        if changes:
            after = replace(
                data,
                rating=rating,
                title=title,
                federation=federation,
                k_factor=k,
                k_source=k_source,
            )
            updates.append(RatingUpdate(row.tpn, data, after, tuple(changes)))
    return UpdateProposal(tuple(updates), tuple(without_id), tuple(not_found))
