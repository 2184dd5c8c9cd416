"""The Lim engine's explanation, scoregroup by scoregroup (C.04.1 art. 9)."""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing
from swissdesk.engines.explained import indented
from swissdesk.engines.lim.engine import DOWN, GroupRecord, LimResult
from swissdesk.i18n import said


def _pts(score: int) -> str:
    """Half-points as the arbiter reads them (``3.5``)."""
    return f"{score // 2}{'.5' if score % 2 else ''}"


def explain_lim(result: LimResult, pairing: RoundPairing) -> list[str]:
    """Lines for the arbiter: per scoregroup, who came in, who floated and why, the pairs."""
    lines: list[str] = [
        said(
            "Round {round}, Lim system (C.04.4.3); median score {median} (art. 2.2)",
            round=pairing.round_number,
            median=_pts(result.median),
        )
    ]
    for rec in result.groups:
        lines.append(_group_heading(rec, rec.score == result.median))
        if rec.incoming:
            lines.append(
                said(
                    "incoming floaters, paired first (art. 3.6-3.8): {players}",
                    _indent="  ",
                    players=", ".join(map(str, rec.incoming)),
                )
            )
        for note in rec.notes:
            lines.append(indented(note))
        if rec.pairs:
            pairs = ", ".join(f"{a}-{b}" for a, b in rec.pairs)
            lines.append(said("pairs: {pairs}", _indent="  ", pairs=pairs))
        if rec.floaters:
            lines.append(
                said(
                    "floaters out: {players}",
                    _indent="  ",
                    players=", ".join(str(tpn) for tpn, _ in rec.floaters),
                )
            )
    lines.extend(result.notes)
    return lines


def _group_heading(rec: GroupRecord, median: bool) -> str:
    """The scoregroup, its direction (art. 2.2) and residents: a whole sentence per case."""
    score = _pts(rec.score)
    residents = ", ".join(map(str, rec.residents))
    down = rec.direction == DOWN
    if not median:
        if down:
            return said(
                "scoregroup {score} (downward): residents {residents}",
                score=score,
                residents=residents,
            )
        return said(
            "scoregroup {score} (upward): residents {residents}", score=score, residents=residents
        )
    if residents:
        if down:
            return said(
                "median scoregroup {score} (downward): residents {residents}",
                score=score,
                residents=residents,
            )
        return said(
            "median scoregroup {score} (upward): residents {residents}",
            score=score,
            residents=residents,
        )
    if down:
        return said("median scoregroup {score} (downward): residents none", score=score)
    return said("median scoregroup {score} (upward): residents none", score=score)
