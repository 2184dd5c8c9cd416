"""The Lim engine's explanation, scoregroup by scoregroup (C.04.1 art. 9)."""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing
from swissdesk.engines.lim.engine import DOWN, LimResult


def _pts(score: int) -> str:
    """Half-points as the arbiter reads them (``3.5``)."""
    return f"{score // 2}{'.5' if score % 2 else ''}"


def explain_lim(result: LimResult, pairing: RoundPairing) -> list[str]:
    """Lines for the arbiter: per scoregroup, who came in, who floated and why, the pairs."""
    lines = [
        f"Round {pairing.round_number}, Lim system (C.04.4.3); median score "
        f"{_pts(result.median)} (art. 2.2)"
    ]
    for rec in result.groups:
        kind = "median scoregroup" if rec.score == result.median else "scoregroup"
        way = "downward" if rec.direction == DOWN else "upward"
        lines.append(
            f"{kind} {_pts(rec.score)} ({way}): residents "
            f"{', '.join(map(str, rec.residents)) or 'none'}"
        )
        if rec.incoming:
            lines.append(
                f"  incoming floaters, paired first (art. 3.6-3.8): "
                f"{', '.join(map(str, rec.incoming))}"
            )
        for note in rec.notes:
            lines.append(f"  {note}")
        if rec.pairs:
            lines.append("  pairs: " + ", ".join(f"{a}-{b}" for a, b in rec.pairs))
        if rec.floaters:
            lines.append("  floaters out: " + ", ".join(str(tpn) for tpn, _ in rec.floaters))
    lines.extend(result.notes)
    return lines
