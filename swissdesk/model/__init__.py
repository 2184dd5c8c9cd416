"""The tournament domain model (standard library only)."""

from swissdesk.model.state import Float, PlayerState, PreferenceStrength, build_states
from swissdesk.model.tournament import (
    Colour,
    GameResult,
    HalfPoints,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
    TournamentInfo,
    half_points_to_str,
    title_rank,
)

__all__ = [
    "Colour",
    "Float",
    "GameResult",
    "HalfPoints",
    "Player",
    "PlayerState",
    "PreferenceStrength",
    "ResultCode",
    "RoundEntry",
    "ScoringSystem",
    "Tournament",
    "TournamentInfo",
    "build_states",
    "half_points_to_str",
    "title_rank",
]
