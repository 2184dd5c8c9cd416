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
    split_system,
    system_names,
    system_tiebreaks,
    system_title,
    with_options,
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
    "split_system",
    "system_names",
    "system_tiebreaks",
    "system_title",
    "with_options",
]
