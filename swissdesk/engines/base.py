"""The one engine contract every pairing system implements, and the registry of systems.

An engine takes an immutable tournament snapshot and the round to pair, and returns the
pairs in board order (C.04.2 art. 3.6), the pairing-allocated bye if any, and an
explanation an arbiter can read (C.04.1 art. 9).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from swissdesk.errors import InputError, NoPairingError
from swissdesk.model.tournament import Tournament


class PairingError(Exception):
    """Base class of the errors an engine reports to the arbiter."""


class NoValidPairing(PairingError):
    """No pairing satisfies the absolute criteria (C.04.3 art. 1.9.3: the arbiter decides)."""


class CriteriaViolation(AssertionError):
    """The independent verifier found a pairing that breaks an absolute criterion: a bug."""


@dataclass(frozen=True, slots=True)
class Pair:
    """One board: TPN with White, TPN with Black."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """An engine's answer: boards in publishing order, the PAB, and why."""

    round_number: int
    pairs: tuple[Pair, ...]
    bye: int | None = None
    explanation: tuple[str, ...] = ()

    def to_text(self) -> str:
        """The bbpPairings/JaVaFo output: the number of pairs, one pair per line, bye as ``N 0``."""
        lines = [str(len(self.pairs) + (1 if self.bye is not None else 0))]
        lines += [f"{p.white} {p.black}" for p in self.pairs]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return "\n".join(lines) + "\n"


class PairingEngine(Protocol):
    """Tournament snapshot in, pairing out."""

    name: str

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``tournament``."""
        ...


EngineFactory = Callable[[], PairingEngine]
_REGISTRY: dict[str, EngineFactory] = {}


def register(name: str, factory: EngineFactory) -> None:
    """Make a pairing system available by name (``dutch``, ``burstein``, ...)."""
    _REGISTRY[name] = factory


def get_engine(name: str) -> PairingEngine:
    """The engine registered as ``name``; KeyError with the known names otherwise."""
    _load_builtin()
    try:
        return _REGISTRY[name]()
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise KeyError(f"unknown pairing system {name!r} (known: {known})") from None


def system_names() -> list[str]:
    """Names of the registered pairing systems."""
    _load_builtin()
    return sorted(_REGISTRY)


def pair_round(
    tournament: Tournament, round_number: int, system: str, *, explain: bool = False
) -> RoundPairing:
    """Pair ``round_number`` with the ``system`` engine, failures as messages for the arbiter.

    Raises :class:`~swissdesk.errors.InputError` for an unknown system and
    :class:`~swissdesk.errors.NoPairingError` when no pairing satisfies the absolute criteria
    (C.04.3 art. 1.9.3: the chief arbiter decides).
    """
    try:
        engine = get_engine(system)
    except KeyError as exc:
        raise InputError(str(exc.args[0]) if exc.args else str(exc)) from None
    try:
        return engine.pair(tournament, round_number, explain=explain)
    except PairingError as exc:
        raise NoPairingError(
            f"no pairing of round {round_number} satisfies the absolute criteria ({exc}); "
            "the chief arbiter decides (C.04.3 art. 1.9.3)"
        ) from exc


BUILTIN_MODULES = (
    "swissdesk.engines.dutch",
    "swissdesk.engines.dubov",
    "swissdesk.engines.burstein",
    "swissdesk.engines.lim",
    "swissdesk.engines.rating1992",
    "swissdesk.engines.double_swiss",
    "swissdesk.engines.team",
    "swissdesk.engines.round_robin",
)
"""Modules of the built-in systems; each registers itself when imported (absent ones are
skipped while a system is still being built)."""


SYSTEM_TITLES: dict[str, str] = {
    "dutch": "Dutch (C.04.3)",
    "dubov": "Dubov (C.04.4.1)",
    "burstein": "Burstein (C.04.4.2)",
    "lim": "Lim (C.04.4.3)",
    "rating1992": "Swiss based on rating (1992)",
    "double-swiss": "Double-Swiss (C.04.5)",
    "team": "Team Swiss (C.04.6)",
    "round-robin": "Round robin (Berger tables, C.05 Annex 1)",
    "scheveningen": "Scheveningen (team A against team B)",
}
"""How the program names each system to the arbiter (dialogs, printed headers)."""


def system_title(name: str) -> str:
    """The arbiter's name of the system ``name`` (the name itself if it has none)."""
    return SYSTEM_TITLES.get(name, name)


def system_tiebreaks(name: str) -> tuple[str, ...] | None:
    """The tie-break list a system's own text prescribes (the 1992 rules' F10), else None
    (C.07's choice is the tournament's)."""
    try:
        engine = get_engine(name)
    except KeyError:
        return None
    codes = getattr(engine, "default_tiebreaks", None)
    return tuple(codes) if codes else None


def _load_builtin() -> None:
    """Import the built-in systems so they register themselves."""
    import importlib

    for module in BUILTIN_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # pragma: no cover - during bootstrap only
            if exc.name != module:
                raise
