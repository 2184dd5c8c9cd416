"""``swissdesk generate``: the Random Tournament Generator (RTG) of FIDE's checklist (C.02
Q22-32), in the manner of C.04.A art. A.5.

:func:`resolve` completes the user's :class:`GeneratorOptions` (unset options drawn at random,
:mod:`.options`), and :func:`generate_trf` hands the :class:`GeneratorSettings` to the
generator registered for the system. The individual Swiss systems share
:func:`generate_tournament` (:mod:`.swiss`); the Team Swiss has its own
(:mod:`swissdesk.trf.team_generator`); another system adds its own with
:func:`register_generator`, naming the options it understands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from swissdesk.engines.base import PairingEngine
from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.round_robin import is_round_robin
from swissdesk.trf.writer import format_trf
from swissdesk.verification import load_systems
from swissdesk.verification.generator.options import GeneratorOptions, resolve
from swissdesk.verification.generator.quantities import Quantity, parse_quantity
from swissdesk.verification.generator.ratings import RatingSpec, parse_ratings
from swissdesk.verification.generator.results import draw_result, scoring_probability
from swissdesk.verification.generator.settings import GeneratorSettings
from swissdesk.verification.generator.swiss import generate_tournament, with_ranks

GenerateTrf = Callable[[GeneratorSettings, PairingEngine, str], str]
"""Settings, the system's engine and the TRF version (``"2026"`` or ``"16"``) -> TRF text."""


@dataclass(frozen=True, slots=True)
class Generator:
    """How one system's random tournaments are made."""

    generate: GenerateTrf
    options: frozenset[str] | None = None
    """The options (field names of :class:`GeneratorOptions`) it understands; None: all."""


def _swiss_trf(settings: GeneratorSettings, engine: PairingEngine, version: str) -> str:
    return format_trf(generate_tournament(settings, engine), version=version)


def _team_trf(settings: GeneratorSettings, engine: PairingEngine, version: str) -> str:
    from swissdesk.trf.team_generator import generate_team_event
    from swissdesk.trf.team_records import format_team_trf

    if version != "2026":
        raise InputError(_("a team tournament is written as TRF-2026 (--format 2026)"))
    return format_team_trf(
        generate_team_event(settings.players, settings.rounds, settings.seed, engine)
    )


_GENERATORS: dict[str, Generator] = {
    "team": Generator(_team_trf, frozenset({"players", "rounds"})),
}
_SWISS = Generator(_swiss_trf)


def register_generator(system: str, generator: Generator) -> None:
    """Make ``generator`` make the random tournaments of ``system``."""
    _GENERATORS[system] = generator


def generator_for(system: str) -> Generator:
    """The generator of ``system`` (the individual Swiss one unless another is registered)."""
    load_systems()
    return _GENERATORS.get(system, _SWISS)


def settings_for(options: GeneratorOptions) -> GeneratorSettings:
    """Complete, checked settings for ``options``; an option the system's generator does not
    understand is refused, and so is a round robin while no generator of its own is
    registered (the Swiss generator would pair it round by round like a Swiss)."""
    load_systems()
    if is_round_robin(options.system) and options.system not in _GENERATORS:
        raise InputError(
            _(
                "swissdesk generate does not make random {system} tournaments yet (only the "
                "Swiss systems)"
            ).format(system=options.system)
        )
    generator = generator_for(options.system)
    if generator.options is not None:
        extra = sorted(options.given() - generator.options - {"seed", "system"})
        if extra:
            flags = ", ".join("--" + name.replace("_", "-") for name in extra)
            raise InputError(
                _("--system {system} does not take {options}").format(
                    system=options.system, options=flags
                )
            )
    settings = resolve(options, only=generator.options)
    settings.validate()
    return settings


def generate_trf(settings: GeneratorSettings, engine: PairingEngine, version: str = "2026") -> str:
    """The TRF of the random tournament ``settings`` describe."""
    return generator_for(settings.system).generate(settings, engine, version)


__all__ = [
    "GenerateTrf",
    "Generator",
    "GeneratorOptions",
    "GeneratorSettings",
    "Quantity",
    "RatingSpec",
    "draw_result",
    "generate_tournament",
    "generate_trf",
    "generator_for",
    "parse_quantity",
    "parse_ratings",
    "register_generator",
    "resolve",
    "scoring_probability",
    "settings_for",
    "with_ranks",
]
