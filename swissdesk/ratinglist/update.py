"""Which registered players the rating list would change before round 1 (issue 20).

Players are matched by FIDE ID only (names are not unique); the rating of the tournament's
rating type, the title, the federation and the K factor of that rating type (issue 37: the
list's own K, which knows the player's history) are taken from the list. A K the arbiter
set stays. Players without a FIDE ID, or not in the list, are left as the arbiter typed
them. (The list's ``games`` column counts the games of one rating period only: it is no
count of the player's rated games, and is not taken.)

Issue 31 (FIDE's checklist, Q118, Q137-144): in a rapid or blitz event a player without a
rapid (blitz) rating but with a standard one takes the standard rating (Rapid and Blitz
Rating Regulations art. 7.2.1: the "effective" rapid and blitz lists), the change says so;
:func:`list_currency` checks that the FIDE list is the one in force at the tournament's
start; the arbiter may accept some of the changes and not others (:func:`only`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from swissdesk.i18n import _
from swissdesk.model.ratings import RATING_TYPES, PlayerRatings, Rating
from swissdesk.ratinglist.parse import ListedPlayer
from swissdesk.ratinglist.store import DEFAULT_SOURCE, RatingList, SourceInfo
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
        return _("no. {tpn} {name}: {changes}").format(
            tpn=self.tpn, name=self.before.name, changes=", ".join(self.changes)
        )


@dataclass(frozen=True, slots=True)
class UpdateProposal:
    """The updates, and the players that could not be looked up."""

    updates: tuple[RatingUpdate, ...]
    without_id: tuple[int, ...]
    not_found: tuple[int, ...]


def effective_rating(own: int | None, standard: int | None, kind: str) -> tuple[int, bool]:
    """The rating of ``kind`` a player plays with, and whether it is the standard rating
    standing in for a missing rapid or blitz one (Rapid and Blitz Rating Regulations
    effective from 1 March 2024, art. 7.2.1)."""
    if own:
        return own, False
    if kind != "standard" and standard:
        return standard, True
    return 0, False


def only(proposal: UpdateProposal, tpns: Collection[int]) -> UpdateProposal:
    """The proposal with only the updates of ``tpns`` (the changes the arbiter accepts:
    checklist Q144); a TPN the proposal does not change is refused with a ``ValueError``."""
    wanted = set(tpns)
    unknown = sorted(wanted - {u.tpn for u in proposal.updates})
    if unknown:
        raise ValueError(
            _("no change proposed for no. {numbers}").format(
                numbers=", ".join(str(t) for t in unknown)
            )
        )
    kept = tuple(u for u in proposal.updates if u.tpn in wanted)
    return replace(proposal, updates=kept)


def list_currency(sources: Sequence[SourceInfo], start_date: str) -> str:
    """A warning when the FIDE list imported is not the one in force for the tournament
    (checklist Q137, Q141): FIDE publishes a list on the first day of each month, and the
    list of the month the tournament starts applies (for an event of more than 30 days,
    the current month's: the caller passes it as ``start_date``). ``""``: the list fits,
    or the dates are not known (then nothing can be checked, and the warning says so)."""
    fide = next((s for s in sources if s.name == DEFAULT_SOURCE), None)
    month = _month(start_date)
    if fide is None:
        return _("no FIDE rating list has been imported")
    listed = _month(fide.list_date)
    if not month:
        return _("the tournament's start date is not known: the list in force cannot be checked")
    if not listed:
        return _("the FIDE list's date is not known: the list in force cannot be checked")
    if listed < month:
        return _(
            "the FIDE list imported is of {listed}, older than the list in force at the "
            "start ({month}): import the {month} list before updating"
        ).format(listed=listed, month=month)
    if listed > month:
        return _(
            "the FIDE list imported is of {listed}, newer than the list in force at the "
            "start ({month})"
        ).format(listed=listed, month=month)
    return ""


def _rated(value: int) -> str:
    return str(value) if value else _("unrated")


def _rating_change(before: int, after: int, standing_in_for: str) -> str:
    """``rating 2250 → 2300``; with ``standing_in_for`` (``rapid``/``blitz``) the standard
    rating stands in for the missing one (R&B art. 7.2.1), said in the same sentence."""
    notes = {
        "": _("rating {before} → {after}"),
        "rapid": _("rating {before} → {after} (standard: no rapid rating, R&B art. 7.2.1)"),
        "blitz": _("rating {before} → {after} (standard: no blitz rating, R&B art. 7.2.1)"),
    }
    template = notes.get(standing_in_for, notes[""])
    return template.format(before=_rated(before), after=_rated(after))


def _other_rating_change(kind: str, before: int, after: int) -> str:
    """``FIDE standard 2370 → 2380``: a change of one of the player's other FIDE ratings."""
    templates = {
        "standard": _("FIDE standard {before} → {after}"),
        "rapid": _("FIDE rapid {before} → {after}"),
        "blitz": _("FIDE blitz {before} → {after}"),
    }
    template = templates.get(kind, templates["standard"])
    return template.format(before=_rated(before), after=_rated(after))


def _value(rating: Rating | None) -> int:
    return rating.value if rating is not None else 0


def _month(text: str) -> str:
    """``2026/11/28`` or ``2026-11`` as ``2026-11`` (``""`` if no month)."""
    digits = "".join(c for c in text if c.isdigit())
    if len(digits) < 6 or not 1 <= int(digits[4:6]) <= 12:
        return ""
    return f"{digits[:4]}-{digits[4:6]}"


def listed_ratings(
    listed: ListedPlayer,
    source: str,
    list_date: str = "",
    kinds: Collection[str] = RATING_TYPES,
    base: PlayerRatings | None = None,
) -> PlayerRatings:
    """``base`` with the FIDE ratings of ``kinds`` (the ones the list holds) as the list
    gives them, each marked with the list (``source``) and its month (checklist Q134); a
    rating the list does not have is removed (the list is the authority on its kinds)."""
    out = base if base is not None else PlayerRatings()
    month = _month(list_date)
    for kind in RATING_TYPES:
        if kind in kinds:
            value = listed.rating(kind)
            out = out.with_fide(kind, Rating(value, source, month) if value else None)
    return out


def proposed_updates(
    players: Sequence[PlayerRow], rating_list: RatingList, kind: str = "standard"
) -> UpdateProposal:
    """What the rating list changes for ``players`` (rating of ``kind``, title, federation)."""
    updates: list[RatingUpdate] = []
    without_id: list[int] = []
    not_found: list[int] = []
    sources = {s.name: s for s in rating_list.sources()}
    dates = {name: info.list_date for name, info in sources.items()}
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
        rating, effective = effective_rating(listed.rating(kind), listed.rating("standard"), kind)
        title = next((t for t in (listed.title, listed.women_title) if t in TITLES), "")
        federation = listed.federation or data.federation
        info = sources.get(match.source)
        ratings = listed_ratings(
            listed,
            match.source,
            dates.get(match.source, ""),
            info.kinds if info is not None and info.kinds else RATING_TYPES,
            data.ratings,
        )
        changes: list[str] = []
        if rating != data.rating:
            changes.append(_rating_change(data.rating, rating, kind if effective else ""))
        # The other FIDE ratings (checklist Q123, Q134): a change of one the player holds,
        # or one the list sequence falls back to for a player unrated in the event's kind.
        # Applying any change stores every rating of the list with its source and month.
        held = data.ratings or PlayerRatings()
        for other in RATING_TYPES:
            old_value, new_value = _value(held.fide(other)), _value(ratings.fide(other))
            shown = other != kind and not (effective and other == "standard")
            matters = old_value > 0 or rating == 0
            if shown and matters and old_value != new_value:
                changes.append(_other_rating_change(other, old_value, new_value))
        if title != data.title:
            changes.append(
                _("title {before} → {after}").format(
                    before=data.title or _("none"), after=title or _("none")
                )
            )
        if federation != data.federation:
            changes.append(
                _("federation {before} → {after}").format(
                    before=data.federation or "-", after=federation
                )
            )
        k, k_source = data.k_factor, data.k_source
        listed_k = listed.k(kind)
        if listed_k is not None and data.k_source != "arbiter" and listed_k != data.k_factor:
            if data.k_factor is None:
                changes.append(_("K by the rules → {after}").format(after=listed_k))
            else:
                changes.append(
                    _("K {before} → {after}").format(before=data.k_factor, after=listed_k)
                )
            date = dates.get(match.source, "")
            k, k_source = listed_k, f"{match.source} rating list {date}".strip()
        if changes:
            after = replace(
                data,
                rating=rating,
                ratings=ratings,
                title=title,
                federation=federation,
                k_factor=k,
                k_source=k_source,
            )
            updates.append(RatingUpdate(row.tpn, data, after, tuple(changes)))
    return UpdateProposal(tuple(updates), tuple(without_id), tuple(not_found))
