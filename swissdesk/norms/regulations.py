"""The numbers of the FIDE Title Regulations that a norm is measured against.

Edition: FIDE Title Regulations effective from 1 January 2024 (FIDE Handbook, chapter
B012024), in force on 27 November 2026. Articles cited as in that text.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from swissdesk.i18n import N_

TITLE_REGULATIONS = N_("FIDE Title Regulations effective from 1 January 2024")
"""The regulations' name as FIDE's English text has it: marked, translated where shown."""


class NormTitle(enum.Enum):
    """The titles gained by norms (art. 1.4): GM, IM, WGM, WIM."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"

    @property
    def requirement(self) -> NormRequirement:
        return REQUIREMENTS[self]

    @property
    def women(self) -> bool:
        return self in (NormTitle.WGM, NormTitle.WIM)


@dataclass(frozen=True, slots=True)
class NormRequirement:
    """What one title's norm asks: art. 1.4.8 (performance), 1.4.8 a (average rating of the
    opponents), 1.4.6 b (the adjusted rating floor), 1.4.5 b-e (the titles a third of the
    opponents must hold)."""

    performance: int
    average: int
    floor: int
    qualifying_titles: frozenset[str]


REQUIREMENTS: dict[NormTitle, NormRequirement] = {
    NormTitle.GM: NormRequirement(2600, 2380, 2200, frozenset({"GM"})),
    NormTitle.IM: NormRequirement(2450, 2230, 2050, frozenset({"GM", "IM"})),
    NormTitle.WGM: NormRequirement(2400, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
    NormTitle.WIM: NormRequirement(2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})),
}

TITLE_HOLDERS = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
"""Art. 1.4.5 a: the title-holders of art. 0.31, CM and WCM excepted."""

MINIMUM_GAMES = 9
"""Art. 1.4.1 a."""
MINIMUM_QUALIFYING_TITLES = 3
"""Art. 1.4.5 b-e: "at least one third of the opponents, with a minimum of 3"."""
MINIMUM_SCORE_PERCENT = 35
"""Art. 1.4.8 b."""
UNRATED_OPPONENT = 1400
"""Art. 1.4.6 d: unrated opponents (not raised to the floor) count as rated 1400."""
MAXIMUM_GAMES_COUNTED = 13
"""Art. 1.7: a norm from a tournament of more than 13 rounds counts as 13 games."""

SWISS_EXEMPTION_PLAYERS = 20
SWISS_EXEMPTION_FEDERATIONS = 3
SWISS_EXEMPTION_TITLED = 10
SWISS_EXEMPTION_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})
"""Art. 1.4.3 d: a Swiss in which every round has at least 20 FIDE rated players not from
the host federation, from at least 3 federations, at least 10 of them GM, IM, WGM or WIM
(players missing at most one round, pairing-allocated byes apart)."""

EVENT_EXEMPTIONS: dict[str, str] = {
    "": N_("none"),
    "1.4.3a": N_("final of a national (open or women's) individual championship"),
    "1.4.3b": N_("national team championship"),
    "1.4.3c": N_("zonal or sub-zonal tournament"),
}
"""The event types the arbiter may declare that waive the foreign-opponent requirements
(art. 1.4.3 a-c; a and b only for players of the federation that registered the event)."""

NO_FEDERATION = frozenset({"", "FID"})
"""Art. 1.4.2 a: players with federation "FID" are accepted but do not count as foreign;
swissdesk treats an unknown (blank) federation the same way."""

_OPEN_ORDER = ("GM", "IM")
_WOMEN_ORDER = ("WGM", "WIM")


def norms_sought(title: str, sex: str) -> tuple[NormTitle, ...]:
    """The norms a player can still use: GM and IM, and WGM and WIM for a woman, less the
    titles the player holds or a higher one of the same line (a GM needs none; an IM only
    the GM norm; a WGM the GM and IM norms)."""
    held = title.strip().upper()
    woman = sex.strip().lower() in ("w", "f")
    wanted = [NormTitle.GM, NormTitle.IM] + ([NormTitle.WGM, NormTitle.WIM] if woman else [])
    if held == "GM":
        return ()
    if held in _OPEN_ORDER:
        wanted = [t for t in wanted if t.value not in ("IM", "WIM")]
    if held in _WOMEN_ORDER:
        drop = {"WGM", "WIM"} if held == "WGM" else {"WIM"}
        wanted = [t for t in wanted if t.value not in drop]
    return tuple(wanted)
