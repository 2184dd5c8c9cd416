"""Prizes and categories: who wins what, for the prize-giving (issue 36).

Standard library only, below storage: the CLI (``swissdesk prizes``), the window and the
prize-giving PDF show the one computation :func:`compute_prizes` (for a tournament:
:func:`tournament_prizes`). Money is whole numbers (:mod:`.money`); the plan (categories,
prizes, the event's rules) is plain data with one written form (:mod:`.plan`), kept as a
TOML file the arbiter reuses (:mod:`.tomlfile`); storage only keeps it.
"""

from swissdesk.prizes.categories import (
    NATIONAL_RATING,
    TOURNAMENT_RATING,
    AgeCount,
    Category,
    Entrant,
    Unrated,
    belongs,
    event_day,
    members,
)
from swissdesk.prizes.compute import (
    Award,
    CategoryRow,
    CategoryStandings,
    Placed,
    PrizeList,
    category_standings,
    compute_prizes,
)
from swissdesk.prizes.event import entrants, tournament_prizes
from swissdesk.prizes.money import Currency, equal_shares, hort_shares, round_shares
from swissdesk.prizes.plan import (
    OVERALL,
    Choice,
    Prize,
    PrizePlan,
    PrizeRules,
    Sharing,
    check_plan,
    plan_from_mapping,
    plan_to_mapping,
)
from swissdesk.prizes.report import award_rows, csv_text
from swissdesk.prizes.tomlfile import dumps, loads, read_plan, write_plan

__all__ = [
    "NATIONAL_RATING",
    "OVERALL",
    "TOURNAMENT_RATING",
    "AgeCount",
    "Award",
    "Category",
    "CategoryRow",
    "CategoryStandings",
    "Choice",
    "Currency",
    "Entrant",
    "Placed",
    "Prize",
    "PrizeList",
    "PrizePlan",
    "PrizeRules",
    "Sharing",
    "Unrated",
    "award_rows",
    "belongs",
    "category_standings",
    "check_plan",
    "compute_prizes",
    "csv_text",
    "dumps",
    "entrants",
    "equal_shares",
    "event_day",
    "hort_shares",
    "loads",
    "members",
    "plan_from_mapping",
    "plan_to_mapping",
    "read_plan",
    "round_shares",
    "tournament_prizes",
    "write_plan",
]
