"""Record 192, the encoded type of tournament: which pairing system and which acceleration.

TRF-2026 gives record 192 a code from FIDE's tournament-type table (``FIDE_DUTCH``,
``FIDE_DUTCH_2025``, ``FIDE_BURSTEIN``, ``FIDE_DOUBLESWISS``, ``FIDE_TEAM_TYPEA_MP_GP``...),
where a ``_BAKU`` ending asks for the Baku Acceleration Method (C.04.7 art. 1); record 250
(virtual points written out), when present, takes its place ("these records cause any
acceleration method in record 192 to be disregarded"). bbpPairings reads and writes the same
codes for its two systems: ``FIDE_DUTCH_2025`` / ``FIDE_DUTCH`` and ``FIDE_DUTCH_2025_BAKU`` /
``FIDE_DUTCH_BAKU`` (Dutch with Baku acceleration), ``FIDE_BURSTEIN`` and
``FIDE_BURSTEIN_BAKU``; JaVaFo's ``XXA`` lines, like record 250, override it there.

:func:`read_system_code` says what a code means; :func:`describe_reading` says, in the
arbiter's words, what swissdesk understood from a file (the import and the command line
print it), so a file paired without the acceleration it asks for can never go unnoticed.
"""

from __future__ import annotations

from dataclasses import dataclass

from swissdesk.engines import system_title
from swissdesk.i18n import N_, _
from swissdesk.model.tournament import DOUBLE_SWISS, HalfPoints, Tournament
from swissdesk.trf.reader import asks_for_baku, system_from_192


@dataclass(frozen=True, slots=True)
class SystemCode:
    """What a record 192 says: ``code`` as written, the ``system`` it names (``None``: none
    swissdesk knows) and whether it asks for the Baku acceleration."""

    code: str
    system: str | None
    baku: bool


def read_system_code(text: str) -> SystemCode:
    """What the code of a record 192 (the text from column 5) means."""
    code = text.strip()
    return SystemCode(code=code, system=system_from_192(code), baku=asks_for_baku(code))


def record_192(tournament: Tournament) -> SystemCode | None:
    """The record 192 a tournament was read with (kept among its extra records), if any."""
    for line in tournament.extra_records:
        if line.startswith("192"):
            return read_system_code(line[4:])
    return None


def describe_reading(tournament: Tournament) -> list[str]:
    """What swissdesk understood from the file about the system and the acceleration, one
    sentence each: printed by ``swissdesk import`` and shown by the window's import."""
    lines: list[str] = []
    code = record_192(tournament)
    system = system_title(tournament.system)
    if code is None:
        lines.append(
            _("pairing system: {system} (the file names none in record 192)").format(
                system=system
            )
        )
    elif code.system is None:
        lines.append(
            _(
                "pairing system: {system} (record 192 {code} names no system swissdesk knows)"
            ).format(system=system, code=repr(code.code))
        )
    else:
        lines.append(
            _("pairing system: {system}, as record 192 {code} names it").format(
                system=system, code=code.code
            )
        )
    if tournament.acceleration:
        lines.append(_acceleration_sentence(tournament, code))
    else:
        lines.append(_("acceleration: none"))
    return lines


_ACCELERATION = {
    (True, "points"): N_(
        "acceleration: Baku (C.04.7 art. 1), as record 192 asks: group A = pairing numbers "
        "{group}; virtual points {points}"
    ),
    (True, "match points"): N_(
        "acceleration: Baku (C.04.7 art. 1), as record 192 asks: group A = pairing numbers "
        "{group}; virtual match points {points}"
    ),
    (True, "per player"): N_(
        "acceleration: Baku (C.04.7 art. 1), as record 192 asks: group A = pairing numbers "
        "{group}; virtual values per player as in the file"
    ),
    (False, "points"): N_(
        "acceleration: virtual points as the file's XXA/250 lines give them (C.04.7): group A "
        "= pairing numbers {group}; virtual points {points}"
    ),
    (False, "match points"): N_(
        "acceleration: virtual points as the file's XXA/250 lines give them (C.04.7): group A "
        "= pairing numbers {group}; virtual match points {points}"
    ),
    (False, "per player"): N_(
        "acceleration: virtual points as the file's XXA/250 lines give them (C.04.7): group A "
        "= pairing numbers {group}; virtual values per player as in the file"
    ),
}
"""The acceleration read, by (Baku as record 192 asks, how the virtual points are told)."""


def _acceleration_sentence(tournament: Tournament, code: SystemCode | None) -> str:
    accelerated = sorted(tournament.acceleration)
    group = _ranges(accelerated)
    values = _rounds_by_value(tournament.acceleration[accelerated[0]])
    points = ", ".join(values)
    baku = code is not None and code.baku and tournament.acceleration == _baku_of(tournament)
    same = len({tournament.acceleration[t] for t in accelerated}) == 1
    told = (
        "per player"
        if not same
        else "match points"
        if tournament.system == DOUBLE_SWISS
        else "points"
    )
    return _(_ACCELERATION[baku, told]).format(group=group, points=points)


def _baku_of(tournament: Tournament) -> dict[int, tuple[HalfPoints, ...]]:
    from swissdesk.engines.acceleration import with_baku_acceleration

    if tournament.system == DOUBLE_SWISS:
        from swissdesk.engines.double_swiss import with_double_swiss_baku

        return dict(with_double_swiss_baku(tournament).acceleration)
    try:
        return dict(with_baku_acceleration(tournament).acceleration)
    except ValueError:
        return {}


def _points(value: HalfPoints) -> str:
    """Half-points as the arbiter writes them: ``1``, ``½``, ``1½``."""
    whole, half = divmod(value, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def _ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``"1-3, 7"``."""
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(f"{start}-{prev}" if prev > start else str(start))
        if n is not None:
            start = prev = n
    return ", ".join(parts)


def _rounds_by_value(values: tuple[HalfPoints, ...]) -> list[str]:
    """Runs of one non-zero value: ``(2, 2, 1, 1, 0)`` -> ``["1 before rounds 1-2", ...]``."""
    out: list[str] = []
    r = 0
    while r < len(values):
        end = r
        while end + 1 < len(values) and values[end + 1] == values[r]:
            end += 1
        if values[r]:
            if end > r:
                span = _("{points} before rounds {first}-{last}").format(
                    points=_points(values[r]), first=r + 1, last=end + 1
                )
            else:
                span = _("{points} before round {round}").format(
                    points=_points(values[r]), round=r + 1
                )
            out.append(span)
        r = end + 1
    return out
