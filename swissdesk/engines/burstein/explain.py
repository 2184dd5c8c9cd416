"""Why the Burstein engine paired a round as it did (C.04.1 art. 9: pairings must be explainable).

For every bracket: its players in BSN order with their Index (art. 1.8, 4.1), the incoming
floaters, the pairs, and the value reached for each quality criterion ([C5]-[C8], art. 2.3);
then the pairing-allocated bye and why that player received it (art. 3.1).
"""

from __future__ import annotations

from swissdesk.engines.burstein.engine import BursteinResult
from swissdesk.i18n import said, said_n
from swissdesk.model.tournament import half_points_to_str


def explain_result(result: BursteinResult, round_number: int) -> list[str]:
    """Readable lines, one block per bracket."""
    entrants = result.entrants
    lines: list[str] = [
        said(
            "Round {round}, Burstein system (C.04.4.2): brackets from the top scoregroup "
            "down; players in a bracket ranked by Index (Buchholz, Sonneborn-Berger), then TPN "
            "(art. 1.8).",
            round=round_number,
        )
    ]
    for b in result.brackets:
        ranked = ", ".join(
            f"{tpn} ({entrants[tpn].index.describe()})" if tpn in entrants else str(tpn)
            for tpn in b.players
        )
        lines.append(
            said(
                "Bracket {score}: BSN order {ranked}",
                score=half_points_to_str(b.score),
                ranked=ranked,
            )
        )
        if b.incoming:
            lines.append(
                said(
                    "incoming floaters: {players}",
                    _indent="  ",
                    players=", ".join(map(str, b.incoming)),
                )
            )
        if b.pairs:
            pairs = ", ".join(f"{x}-{y}" for x, y in b.pairs)
            lines.append(said("pairs: {pairs}", _indent="  ", pairs=pairs))
        else:
            lines.append(said("pairs: none", _indent="  "))
        lines.append(
            said_n(
                "[C5] {count} pair, the most the bracket allows with [C1]-[C4]",
                "[C5] {count} pairs, the most the bracket allows with [C1]-[C4]",
                len(b.pairs),
                _indent="  ",
                count=len(b.pairs),
            )
        )
        if b.floaters:
            scores = ", ".join(
                f"{tpn} ({half_points_to_str(entrants[tpn].score)})" for tpn in b.floaters
            )
            lines.append(
                said(
                    "[C6] outgoing floaters, lowest possible scores: {scores}",
                    _indent="  ",
                    scores=scores,
                )
            )
            if b.next_floaters:
                lines.append(
                    said_n(
                        "[C7] the following bracket can then make {count} pair; its "
                        "floaters' scores: {scores}",
                        "[C7] the following bracket can then make {count} pairs; its "
                        "floaters' scores: {scores}",
                        b.next_pairs,
                        _indent="  ",
                        count=b.next_pairs,
                        scores=", ".join(half_points_to_str(s) for s in b.next_floaters),
                    )
                )
            else:
                lines.append(
                    said_n(
                        "[C7] the following bracket can then make {count} pair; it leaves no "
                        "floaters",
                        "[C7] the following bracket can then make {count} pairs; it leaves no "
                        "floaters",
                        b.next_pairs,
                        _indent="  ",
                        count=b.next_pairs,
                    )
                )
        if b.pairs:
            lines.append(
                said_n(
                    "[C8] {count} pair whose players share a colour preference",
                    "[C8] {count} pairs whose players share a colour preference",
                    b.same_preference,
                    _indent="  ",
                    count=b.same_preference,
                )
            )
            lines.append(
                said("art. 4: the first such pairing in the order of art. 4.3", _indent="  ")
            )
        if b.whole_graph:
            lines.append(
                said(
                    "[C4] decided on the whole field: the bracket alone left players unpaired",
                    _indent="  ",
                )
            )
    if result.bye is not None:
        # Art. 3.1 (the engine records no other reason: bye_reason is never set).
        lines.append(
            said("Pairing-allocated bye: {player} (art. 3.1)", player=str(result.bye.tpn))
        )
    return lines
