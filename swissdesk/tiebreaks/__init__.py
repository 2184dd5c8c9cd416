"""Standings and tie-breaks per the FIDE Tie-Break Regulations (C.07, in force 1 March 2026).

Standard library only. Public API:

* :func:`parse_tiebreak` - a TRF-2026 tie-break code (``"BH/C1"``) into a :class:`TiebreakSpec`;
* :data:`DEFAULT_TIEBREAKS` - the list proposed for a new individual Swiss;
* :func:`compute_standings` - the ranked table of a :class:`~swissdesk.model.Tournament`.
"""

from swissdesk.tiebreaks.spec import (
    BUCHHOLZ_FAMILY,
    DEFAULT_TIEBREAKS,
    RATING_TIEBREAKS,
    TIEBREAK_NAMES,
    TiebreakSpec,
    long_event_advice,
    offered_tiebreaks,
    parse_tiebreak,
    parse_tiebreak_list,
    tiebreak_name,
    tiebreak_problems,
)
from swissdesk.tiebreaks.standings import (
    StandingRow,
    Standings,
    TiebreakValue,
    completed_rounds,
    compute_standings,
    declared_tiebreaks,
    format_value,
)

__all__ = [
    "BUCHHOLZ_FAMILY",
    "DEFAULT_TIEBREAKS",
    "RATING_TIEBREAKS",
    "TIEBREAK_NAMES",
    "StandingRow",
    "Standings",
    "TiebreakSpec",
    "TiebreakValue",
    "completed_rounds",
    "compute_standings",
    "declared_tiebreaks",
    "format_value",
    "long_event_advice",
    "offered_tiebreaks",
    "parse_tiebreak",
    "parse_tiebreak_list",
    "tiebreak_name",
    "tiebreak_problems",
]
