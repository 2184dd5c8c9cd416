"""Why the Dutch engine paired a round as it did (C.04.1 art. 9: pairings must be explainable).

For every bracket the explanation names its residents and MDPs, the pairs made, the
downfloaters, and each quality criterion of C.04.3 art. 2.4 the chosen pairing could not
fully meet, with the players concerned.
"""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing
from swissdesk.engines.dutch.engine import BracketRecord
from swissdesk.model.state import Float, PlayerState, PreferenceStrength
from swissdesk.model.tournament import Colour, half_points_to_str


def _names(tpns: list[int] | tuple[int, ...]) -> str:
    return ", ".join(str(t) for t in tpns)


def explain_brackets(
    brackets: list[BracketRecord],
    states: dict[int, PlayerState],
    pairing: RoundPairing,
    topscorers: frozenset[int],
) -> list[str]:
    """Readable lines, one block per bracket."""
    colour_of: dict[int, Colour] = {}
    for p in pairing.pairs:
        colour_of[p.white] = Colour.WHITE
        colour_of[p.black] = Colour.BLACK
    lines: list[str] = []
    for b in brackets:
        if not b.residents and not b.mdps:
            continue
        score = half_points_to_str(b.score) if b.score >= 0 else "-"
        head = f"Bracket {score}: residents {_names(b.residents) or 'none'}"
        if b.mdps:
            head += f"; MDPs {_names(b.mdps)}"
        lines.append(head)
        pairs = ", ".join(f"{a}-{c}" for a, c in b.pairs) or "none"
        lines.append(f"  pairs: {pairs}")
        if b.downfloaters:
            lines.append(f"  [C6] {len(b.downfloaters)} downfloater(s): {_names(b.downfloaters)}")
        paired = [t for pair in b.pairs for t in pair]
        no_pref = [
            t
            for t in paired
            if states[t].preference is not None and colour_of.get(t) is not states[t].preference
        ]
        if no_pref:
            lines.append(
                f"  [C12] {len(no_pref)} player(s) without their colour preference: "
                f"{_names(no_pref)}"
            )
        no_strong = [
            t
            for t in no_pref
            if states[t].strength in (PreferenceStrength.STRONG, PreferenceStrength.ABSOLUTE)
        ]
        if no_strong:
            lines.append(
                f"  [C13] {len(no_strong)} player(s) without their strong colour preference: "
                f"{_names(no_strong)}"
            )
        over = [
            t
            for t in paired
            if t in topscorers and no_pref.count(t) and abs(states[t].colour_difference) > 1
        ]
        if over:
            lines.append(f"  [C10] topscorer colour difference beyond 2: {_names(over)}")
        residents = set(b.residents)
        mdps = set(b.mdps)
        for back, crit_down, crit_up in ((1, "C14", "C15"), (2, "C16", "C17")):
            down = [
                t
                for t in b.downfloaters
                if t in residents and states[t].float_back(back) is Float.DOWN
            ]
            if down:
                lines.append(
                    f"  [{crit_down}] resident downfloater(s) who also downfloated "
                    f"{back} round(s) ago: {_names(down)}"
                )
            up: list[int] = []
            for a, c in b.pairs:
                for mdp, opponent in ((a, c), (c, a)):
                    if (
                        mdp in mdps
                        and opponent in residents
                        and states[opponent].float_back(back) is Float.UP
                    ):
                        up.append(opponent)
            if up:
                lines.append(
                    f"  [{crit_up}] MDP opponent(s) who also upfloated {back} round(s) ago: "
                    f"{_names(sorted(set(up)))}"
                )
    if pairing.bye is not None:
        lines.append(f"Pairing-allocated bye: {pairing.bye} ([C5] lowest possible score)")
    return lines
