"""Why the Burstein engine paired a round as it did (C.04.1 art. 9: pairings must be explainable).

For every bracket: its players in BSN order with their Index (art. 1.8, 4.1), the incoming
floaters, the pairs, and the value reached for each quality criterion ([C5]-[C8], art. 2.3);
then the pairing-allocated bye and why that player received it (art. 3.1).
"""

from __future__ import annotations

from swissdesk.engines.burstein.engine import BursteinResult
from swissdesk.model.tournament import half_points_to_str


def explain_result(result: BursteinResult, round_number: int) -> list[str]:
    """Readable lines, one block per bracket."""
    entrants = result.entrants
    lines = [
        f"Round {round_number}, Burstein system (C.04.4.2): brackets from the top scoregroup "
        "down; players in a bracket ranked by Index (Buchholz, Sonneborn-Berger), then TPN "
        "(art. 1.8)."
    ]
    for b in result.brackets:
        ranked = ", ".join(
            f"{tpn} ({entrants[tpn].index.describe()})" if tpn in entrants else str(tpn)
            for tpn in b.players
        )
        lines.append(f"Bracket {half_points_to_str(b.score)}: BSN order {ranked}")
        if b.incoming:
            lines.append(f"  incoming floaters: {', '.join(map(str, b.incoming))}")
        pairs = ", ".join(f"{x}-{y}" for x, y in b.pairs) or "none"
        lines.append(f"  pairs: {pairs}")
        lines.append(f"  [C5] {len(b.pairs)} pair(s), the most the bracket allows with [C1]-[C4]")
        if b.floaters:
            scores = ", ".join(
                f"{tpn} ({half_points_to_str(entrants[tpn].score)})" for tpn in b.floaters
            )
            lines.append(f"  [C6] outgoing floaters, lowest possible scores: {scores}")
            nxt = ", ".join(half_points_to_str(s) for s in b.next_floaters) or "none"
            lines.append(
                f"  [C7] the following bracket can then make {b.next_pairs} pair(s); "
                f"its floaters' scores: {nxt}"
            )
        if b.pairs:
            lines.append(
                f"  [C8] {b.same_preference} pair(s) whose players share a colour preference"
            )
            lines.append("  art. 4: the first such pairing in the order of art. 4.3")
        if b.whole_graph:
            lines.append(
                "  [C4] decided on the whole field: the bracket alone left players unpaired"
            )
    if result.bye is not None:
        lines.append(f"Pairing-allocated bye: {result.bye.tpn} ({result.bye_reason or 'art. 3.1'})")
    return lines
