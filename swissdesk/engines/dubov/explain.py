"""The per-bracket explanation of a Dubov pairing (C.04.1 art. 9: the arbiter can follow it)."""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing
from swissdesk.engines.dubov.engine import DubovResult


def _pts(half_points: int) -> str:
    return f"{half_points // 2}" + (".5" if half_points % 2 else "")


def _tpns(values: list[int]) -> str:
    return ", ".join(map(str, values)) if values else "-"


def explain_round(result: DubovResult, pairing: RoundPairing) -> list[str]:
    """One block per bracket: residents, upfloaters and why (art. 3.2.1-3.2.2), G1/G2 and
    the shifts (3.2.3-3.2.4), S1 and T2 (3.2.5-3.2.6)."""
    lines = [f"Round {pairing.round_number}, Dubov system (C.04.4.1)"]
    if result.pab_note:
        lines.append(result.pab_note)
    for rec in result.brackets:
        lines.append(f"Bracket {_pts(rec.score)}: residents {_tpns(rec.residents)}")
        if rec.upfloaters:
            scores = ", ".join(_pts(s) for s in rec.upfloater_scores)
            lines.append(
                f"  upfloaters {_tpns(rec.upfloaters)} (art. 3.2.2: [C5] {len(rec.upfloaters)}, "
                f"[C6] scores {scores}; first set in art. 4.2 order; {rec.how})"
            )
        else:
            lines.append("  no upfloaters (art. 3.2.1)")
        lines.append(f"  [C7] pairs with equal colour preference: {rec.same_preference_pairs}")
        lines.append(f"  G1 {_tpns(rec.g1)}  G2 {_tpns(rec.g2)} (art. 3.2.3)")
        if rec.shifted:
            lines.append(f"  shifted from the smaller subgroup {_tpns(rec.shifted)} (art. 3.2.4.1)")
        if rec.shifted_back:
            lines.append(f"  shifted to equalise {_tpns(rec.shifted_back)} (art. 3.2.4.2)")
        lines.append(f"  S1 {_tpns(rec.s1)}  T2 {_tpns(rec.t2)} (art. 3.2.5-3.2.6)")
    for i, p in enumerate(pairing.pairs, start=1):
        lines.append(f"Board {i}: {p.white} - {p.black}")
    if pairing.bye is not None:
        lines.append(f"Pairing-allocated bye: {pairing.bye}")
    return lines
