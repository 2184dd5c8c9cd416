"""The one engine contract every pairing system implements, and the registry of systems.

An engine takes an immutable tournament snapshot and the round to pair, and returns the
pairs in board order (C.04.2 art. 3.6), the pairing-allocated bye if any, and an
explanation an arbiter can read (C.04.1 art. 9).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from swissdesk.errors import InputError, NoPairingError
from swissdesk.i18n import N_, _, worded
from swissdesk.model.tournament import Tournament


class PairingError(Exception):
    """Base class of the errors an engine reports to the arbiter."""


class NoValidPairing(PairingError):
    """No pairing satisfies the absolute criteria (C.04.3 art. 1.9.3: the arbiter decides).

    Its reason is a :class:`~swissdesk.i18n.Message` (``str(exc)`` English: the checker's
    ``--json`` and a file's ``### Import`` lines keep it so); :func:`reason` words it for the
    reader."""


def reason_of(exc: BaseException) -> str:
    """An engine's reason as raised: its message (English, remembering its words) or text."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)


def reason(exc: BaseException) -> str:
    """An engine's reason in the current language."""
    return worded(reason_of(exc))


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
OptionsFactory = Callable[[tuple[str, ...]], PairingEngine]
_REGISTRY: dict[str, EngineFactory] = {}
_WITH_OPTIONS: dict[str, OptionsFactory] = {}


def register(name: str, factory: EngineFactory, options: OptionsFactory | None = None) -> None:
    """Make a pairing system available by name (``dutch``, ``burstein``, ...); ``options``
    builds it for a name with options (``lim:2003,maxi``, see :func:`split_system`) and
    raises ``ValueError`` for options it does not know."""
    _REGISTRY[name] = factory
    if options is not None:
        _WITH_OPTIONS[name] = options


def split_system(name: str) -> tuple[str, tuple[str, ...]]:
    """``"lim:2003,maxi"`` -> ``("lim", ("2003", "maxi"))``: a system's name and the
    tournament's options of that system (the Lim edition and Maxi-tournament, C.04.4.3),
    kept in the tournament's system name so that every pairing of the event uses them."""
    base, _, rest = name.partition(":")
    return base, tuple(o for o in rest.split(",") if o)


def with_options(name: str, options: Sequence[str]) -> str:
    """The system name carrying ``options`` (the inverse of :func:`split_system`)."""
    base = split_system(name)[0]
    return f"{base}:{','.join(options)}" if options else base


def get_engine(name: str) -> PairingEngine:
    """The engine registered as ``name`` (options after a colon, :func:`split_system`);
    KeyError with the known names otherwise."""
    _load_builtin()
    base, options = split_system(name)
    try:
        if not options:
            return _REGISTRY[base]()
        if base in _WITH_OPTIONS:
            return _WITH_OPTIONS[base](options)
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise KeyError(
            _("unknown pairing system '{name}' (known: {known})").format(name=name, known=known)
        ) from None
    except ValueError as exc:
        raise KeyError(
            _("pairing system '{name}': {reason}").format(name=name, reason=exc)
        ) from None
    raise KeyError(
        _("pairing system '{name}' takes no options (not '{options}')").format(
            name=base, options=",".join(options)
        )
    )


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
            _(
                "no pairing of round {round} satisfies the absolute criteria ({reason}); the "
                "chief arbiter decides (C.04.3 art. 1.9.3)"
            ).format(round=round_number, reason=reason(exc))
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
    "dutch": N_("Dutch (C.04.3)"),
    "dubov": N_("Dubov (C.04.4.1)"),
    "burstein": N_("Burstein (C.04.4.2)"),
    "lim": N_("Lim (C.04.4.3)"),
    "rating1992": N_("Swiss based on rating (1992)"),
    "double-swiss": N_("Double-Swiss (C.04.5)"),
    "team": N_("Team Swiss (C.04.6)"),
    "round-robin": N_("Round robin (Berger tables, C.05 Annex 1)"),
    "scheveningen": N_("Scheveningen (team A against team B)"),
}
"""How the program names each system to the arbiter (dialogs, printed headers), in English:
marked for the catalog, translated where shown (:func:`system_title`). The article numbers
stay as FIDE writes them in every language; the TRF and JSON keep the system's id."""


FIDE_APPROVED_SYSTEMS = frozenset(
    {"dutch", "dubov", "burstein", "lim", "double-swiss", "team", "round-robin"}
)
"""The systems whose rules are FIDE's current ones (C.04.3-C.04.6, C.05 Annex 1): a
tournament paired by one of them is in FIDE mode by default (C.02 VCL Q40)."""

_SUPERSEDED_OPTIONS = frozenset({"1999", "2003"})
"""Options naming an older edition of a system's text (Lim 1999, 2003): not FIDE's rules."""


def fide_approved(name: str) -> bool:
    """Whether ``name`` pairs by FIDE's current rules (the word "FIDE" may be used for it):
    one of :data:`FIDE_APPROVED_SYSTEMS` in its current edition. The 1992 rating-based
    Swiss, an older Lim edition and Scheveningen (swissdesk's own table) are not."""
    base, options = split_system(name)
    return base in FIDE_APPROVED_SYSTEMS and not _SUPERSEDED_OPTIONS.intersection(options)


OPTION_TITLES: dict[str, str] = {
    "maxi": N_("Maxi-tournament"),
    "2003": N_("2003 edition"),
    "1999": N_("1999 edition"),
    "2026": N_("2026 edition"),
}
"""How the window and the documents name a system's options."""


def system_title(name: str) -> str:
    """The arbiter's name of the system ``name`` (the name itself if it has none), with its
    options: ``Lim (C.04.4.3), 2003 edition, Maxi-tournament``, in the current language (the
    window's, or a document's inside :func:`swissdesk.i18n.using_language`)."""
    base, options = split_system(name)
    title = _(SYSTEM_TITLES[base]) if base in SYSTEM_TITLES else base
    named = (_(OPTION_TITLES[o]) if o in OPTION_TITLES else o for o in options)
    return ", ".join([title, *named])


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
