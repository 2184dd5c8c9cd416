"""The per-bracket explanation of a Dubov pairing (C.04.1 art. 9: the arbiter can follow it)."""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing
from swissdesk.engines.dubov.engine import DubovResult
from swissdesk.i18n import said


def _pts(half_points: int) -> str:
    return f"{half_points // 2}" + (".5" if half_points % 2 else "")


def _tpns(values: list[int]) -> str:
    return ", ".join(map(str, values)) if values else "-"


def explain_round(result: DubovResult, pairing: RoundPairing) -> list[str]:
    """One block per bracket: residents, upfloaters and why (art. 3.2.1-3.2.2), G1/G2 and
    the shifts (3.2.3-3.2.4), S1 and T2 (3.2.5-3.2.6)."""
    lines: list[str] = [
        said("Round {round}, Dubov system (C.04.4.1)", round=pairing.round_number)
    ]
    if result.pab_note:
        lines.append(result.pab_note)
    for rec in result.brackets:
        lines.append(
            said(
                "Bracket {score}: residents {residents}",
                score=_pts(rec.score),
                residents=_tpns(rec.residents),
            )
        )
        if rec.upfloaters:
            scores = ", ".join(_pts(s) for s in rec.upfloater_scores)
            lines.append(
                said(
                    "upfloaters {players} (art. 3.2.2: [C5] {count}, [C6] scores {scores}; "
                    "first set in art. 4.2 order; {how})",
                    _indent="  ",
                    players=_tpns(rec.upfloaters),
                    count=len(rec.upfloaters),
                    scores=scores,
                    how=rec.how,
                )
            )
        else:
            lines.append(said("no upfloaters (art. 3.2.1)", _indent="  "))
        lines.append(
            said(
                "[C7] pairs with equal colour preference: {count}",
                _indent="  ",
                count=rec.same_preference_pairs,
            )
        )
        # The subgroups' names and the articles are the same in every language.
        lines.append(f"  G1 {_tpns(rec.g1)}  G2 {_tpns(rec.g2)} (art. 3.2.3)")
        if rec.shifted:
            lines.append(
                said(
                    "shifted from the smaller subgroup {players} (art. 3.2.4.1)",
                    _indent="  ",
                    players=_tpns(rec.shifted),
                )
            )
        if rec.shifted_back:
            lines.append(
                said(
                    "shifted to equalise {players} (art. 3.2.4.2)",
                    _indent="  ",
                    players=_tpns(rec.shifted_back),
                )
            )
        lines.append(f"  S1 {_tpns(rec.s1)}  T2 {_tpns(rec.t2)} (art. 3.2.5-3.2.6)")
    for i, p in enumerate(pairing.pairs, start=1):
        lines.append(
            said("Board {board}: {white} - {black}", board=i, white=p.white, black=p.black)
        )
    if pairing.bye is not None:
        lines.append(said("Pairing-allocated bye: {player}", player=str(pairing.bye)))
    return lines
