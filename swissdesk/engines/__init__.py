"""Pairing engines (standard library only): one contract, a registry of systems by name."""

from swissdesk.engines.base import (
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
    system_title,
)

__all__ = [
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
    "system_title",
]
