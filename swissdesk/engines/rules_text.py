"""The rules text of every pairing system swissdesk offers, shipped with the program.

FIDE's checklist for tournament programs asks that the rules of a system without FIDE's
endorsement be printable or obtainable from the program (C.02 VCL Q92; Q108 for an
acceleration method): the 1992 rating-based Swiss, the Lim system's older editions and
Scheveningen. swissdesk ships the text of every system it offers as package data
(``swissdesk/resources/rules``, FIDE Handbook texts: see its README.txt), read through
:mod:`importlib.resources` so the window (Help > Pairing rules) and the command line
(``swissdesk rules SYSTEM``) find it in a wheel and in the packaged program alike.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from swissdesk.engines.base import SYSTEM_TITLES, split_system, system_title
from swissdesk.i18n import _

SWISS_2026 = "fide-swiss-rules-2026.txt"

_SECTIONS_2026 = (
    "BASIC RULES FOR SWISS SYSTEMS",
    "GENERAL HANDLING RULES FOR SWISS TOURNAMENTS",
    "FIDE (DUTCH) SYSTEM",
    "DUBOV SYSTEM",
    "BURSTEIN SYSTEM",
    "LIM SYSTEM",
    "DOUBLE-SWISS SYSTEM",
    "TEAM PAIRING SYSTEM",
    "FIDE-APPROVED ACCELERATED SYSTEMS",
)
"""The headings of C.04 (2026), in the order the text has them."""

_OWN_SECTION = {
    "dutch": "FIDE (DUTCH) SYSTEM",
    "dubov": "DUBOV SYSTEM",
    "burstein": "BURSTEIN SYSTEM",
    "lim": "LIM SYSTEM",
    "double-swiss": "DOUBLE-SWISS SYSTEM",
    "team": "TEAM PAIRING SYSTEM",
}

SCHEVENINGEN_TEXT = """\
Scheveningen (team A against team B): swissdesk's table

The FIDE Handbook has no table for a Scheveningen event; swissdesk pairs it as follows.

Two teams of m players: team A holds pairing numbers 1 to m, team B m+1 to 2m. In round r,
board i is A's i-th player against B's ((i + r - 2) mod m) + 1-th player, so that everyone
meets every player of the other team once per cycle. A's player has White when the two
players' places in their teams add up to an even number: with an even m every player
alternates colours from round to round. Further cycles reverse the colours.

The standings rank the players by their points and the tie-breaks of the tournament, and add
the match score of the two teams.
"""


@dataclass(frozen=True, slots=True)
class RulesText:
    """The rules of one system: its title, where the text comes from, and the text."""

    system: str
    title: str
    source: str
    text: str


def _read(name: str) -> str:
    return resources.files("swissdesk").joinpath("resources", "rules", name).read_text("utf-8")


def swiss_2026_sections() -> dict[str, str]:
    """C.04 (2026) cut at its headings: heading -> the text under it (heading included)."""
    lines = _read(SWISS_2026).splitlines()
    starts = [
        (i, line.strip()) for i, line in enumerate(lines) if line.strip() in _SECTIONS_2026
    ]
    out: dict[str, str] = {}
    for k, (start, heading) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        # the next section's page header ("C.04.x - ...") sits just above its heading
        while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].startswith("C.04")):
            end -= 1
        out[heading] = "\n".join(lines[start:end]).strip() + "\n"
    return out


def offered_systems() -> tuple[str, ...]:
    """Every system whose rules :func:`rules_text` gives (the registry's names, plus the
    Lim system's older editions)."""
    return (*SYSTEM_TITLES, "lim:2003", "lim:1999")


def rules_text(system: str) -> RulesText:
    """The rules of ``system`` (a registry name, with options: ``lim:2003``).

    A FIDE Swiss system: its own part of C.04 (2026), then C.04.1's basic rules, C.04.2's
    general handling rules and C.04.7's accelerated systems, which apply to it. The 1992
    rating-based Swiss and the Lim system's 1999 and 2003 editions: their own texts. A round
    robin: the Berger tables of C.05 Annex 1. Scheveningen: swissdesk's own table. A
    :class:`KeyError` names the systems for an unknown one.
    """
    base, options = split_system(system)
    title = system_title(system)
    if base == "rating1992":
        return RulesText(
            system, title, "FIDE Handbook C.04 (1992 General Assembly)",
            _read("swiss-rating-based-1992.txt"),
        )
    if base == "lim" and "1999" in options:
        return RulesText(
            system, title, "FIDE Handbook C.04.4.3 (1999 edition)", _read("lim-system-1999.txt")
        )
    if base == "lim" and "2003" in options:
        return RulesText(
            system, title, "FIDE Handbook C.04.2 B (2003 edition)",
            _read("lim-system-handbook-2003.txt"),
        )
    if base in _OWN_SECTION:
        sections = swiss_2026_sections()
        parts = [
            sections[_OWN_SECTION[base]],
            sections["BASIC RULES FOR SWISS SYSTEMS"],
            sections["GENERAL HANDLING RULES FOR SWISS TOURNAMENTS"],
            sections["FIDE-APPROVED ACCELERATED SYSTEMS"],
        ]
        return RulesText(
            system, title, "FIDE Handbook C.04, applied from 1 February 2026", "\n\n".join(parts)
        )
    if base == "round-robin":
        return RulesText(
            system, title, "FIDE Handbook C.05, General Regulations for Competitions, Annex 1",
            _read("berger-tables-annex1.txt"),
        )
    if base == "scheveningen":
        return RulesText(system, title, "swissdesk (no FIDE table exists)", SCHEVENINGEN_TEXT)
    raise KeyError(
        _("no rules text for the pairing system '{system}'; known: {known}").format(
            system=system, known=", ".join(offered_systems())
        )
    )
