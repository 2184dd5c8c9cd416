"""Pairing engines (standard library only): one contract, a registry of systems by name."""

from swissdesk.engines.base import (
    SYSTEM_TITLES,
    CriteriaViolation,
    NoValidPairing,
    Pair,
    PairingEngine,
    PairingError,
    RoundPairing,
    get_engine,
    pair_round,
    register,
    system_names,
    system_tiebreaks,
    system_title,
)

__all__ = [
    "SYSTEM_TITLES",
    "CriteriaViolation",
    "NoValidPairing",
    "Pair",
    "PairingEngine",
    "PairingError",
    "RoundPairing",
    "get_engine",
    "pair_round",
    "register",
    "system_names",
    "system_tiebreaks",
    "system_title",
]
