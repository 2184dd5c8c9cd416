"""The tools FIDE's verification of a tournament program asks for (C.02, checklist Q19-39).

Standard library only, above :mod:`swissdesk.trf` and :mod:`swissdesk.tiebreaks`:

* :mod:`.check` - the Pairing and Tie-break Checker (PTC, ``swissdesk check``): every round of
  a file against the rules of its system, and its rank column against its tie-break list;
* :mod:`.generator` - the Random Tournament Generator (RTG, ``swissdesk generate``);
* :mod:`.pairings`, :mod:`.standings` - the two halves of the check.

Each system may plug in its own pairing check and its own generation
(:func:`.check.register_pairing_checker`, :func:`.generator.register_generator`) from a module
listed in :data:`SYSTEM_MODULES`, imported the first time a check or a generator is looked
up; the Swiss systems share the default ones, which pair every round with the system's engine.
"""

from __future__ import annotations

import importlib

SYSTEM_MODULES: tuple[str, ...] = ("swissdesk.verification.round_robin",)
"""Modules that register a system's own pairing check and generator when imported (a round
robin checks its rounds against its tables and generates from them, not by re-pairing)."""

_loaded = False


def load_systems() -> None:
    """Import :data:`SYSTEM_MODULES` once, so that their registrations are in place."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in SYSTEM_MODULES:
        importlib.import_module(name)
