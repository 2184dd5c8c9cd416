"""Why the Dutch engine paired a round as it did (C.04.1 art. 9: pairings must be explainable).

For every bracket the explanation names its residents and MDPs, the pairs made, the
downfloaters, and each quality criterion of C.04.3 art. 2.4 the chosen pairing could not
fully meet, with the players concerned.
"""

from __future__ import annotations

from swissdesk.engines.base import RoundPairing
from swissdesk.engines.dutch.engine import BracketRecord
from swissdesk.i18n import said, said_n
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
        if not b.mdps:
            lines.append(
                said(
                    "Bracket {score}: residents {residents}",
                    score=score,
                    residents=_names(b.residents),
                )
            )
        elif b.residents:
            lines.append(
                said(
                    "Bracket {score}: residents {residents}; MDPs {mdps}",
                    score=score,
                    residents=_names(b.residents),
                    mdps=_names(b.mdps),
                )
            )
        else:
            lines.append(
                said(
                    "Bracket {score}: residents none; MDPs {mdps}", score=score, mdps=_names(b.mdps)
                )
            )
        if b.pairs:
            pairs = ", ".join(f"{a}-{c}" for a, c in b.pairs)
            lines.append(said("pairs: {pairs}", _indent="  ", pairs=pairs))
        else:
            lines.append(said("pairs: none", _indent="  "))
        if b.downfloaters:
            lines.append(
                said_n(
                    "[C6] {count} downfloater: {players}",
                    "[C6] {count} downfloaters: {players}",
                    len(b.downfloaters),
                    _indent="  ",
                    count=len(b.downfloaters),
                    players=_names(b.downfloaters),
                )
            )
        paired = [t for pair in b.pairs for t in pair]
        no_pref = [
            t
            for t in paired
            if states[t].preference is not None and colour_of.get(t) is not states[t].preference
        ]
        if no_pref:
            lines.append(
                said_n(
                    "[C12] {count} player without their colour preference: {players}",
                    "[C12] {count} players without their colour preference: {players}",
                    len(no_pref),
                    _indent="  ",
                    count=len(no_pref),
                    players=_names(no_pref),
                )
            )
        no_strong = [
            t
            for t in no_pref
            if states[t].strength in (PreferenceStrength.STRONG, PreferenceStrength.ABSOLUTE)
        ]
        if no_strong:
            lines.append(
                said_n(
                    "[C13] {count} player without their strong colour preference: {players}",
                    "[C13] {count} players without their strong colour preference: {players}",
                    len(no_strong),
                    _indent="  ",
                    count=len(no_strong),
                    players=_names(no_strong),
                )
            )
        over = [
            t
            for t in paired
            if t in topscorers and no_pref.count(t) and abs(states[t].colour_difference) > 1
        ]
        if over:
            lines.append(
                said(
                    "[C10] topscorer colour difference beyond 2: {players}",
                    _indent="  ",
                    players=_names(over),
                )
            )
        residents = set(b.residents)
        mdps = set(b.mdps)
        for back in (1, 2):
            down = [
                t
                for t in b.downfloaters
                if t in residents and states[t].float_back(back) is Float.DOWN
            ]
            if down:
                lines.append(_downfloated(back, down))
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
                lines.append(_upfloated(back, sorted(set(up))))
    if pairing.bye is not None:
        lines.append(
            said(
                "Pairing-allocated bye: {player} ([C5] lowest possible score)",
                player=str(pairing.bye),
            )
        )
    return lines


def _downfloated(back: int, players: list[int]) -> str:
    """[C14] (the previous round) or [C16] (two rounds before): whole sentences per case."""
    if back == 1:
        return said_n(
            "[C14] {count} resident downfloater who also downfloated 1 round ago: {players}",
            "[C14] {count} resident downfloaters who also downfloated 1 round ago: {players}",
            len(players),
            _indent="  ",
            count=len(players),
            players=_names(players),
        )
    return said_n(
        "[C16] {count} resident downfloater who also downfloated 2 rounds ago: {players}",
        "[C16] {count} resident downfloaters who also downfloated 2 rounds ago: {players}",
        len(players),
        _indent="  ",
        count=len(players),
        players=_names(players),
    )


def _upfloated(back: int, players: list[int]) -> str:
    """[C15] (the previous round) or [C17] (two rounds before): whole sentences per case."""
    if back == 1:
        return said_n(
            "[C15] {count} MDP opponent who also upfloated 1 round ago: {players}",
            "[C15] {count} MDP opponents who also upfloated 1 round ago: {players}",
            len(players),
            _indent="  ",
            count=len(players),
            players=_names(players),
        )
    return said_n(
        "[C17] {count} MDP opponent who also upfloated 2 rounds ago: {players}",
        "[C17] {count} MDP opponents who also upfloated 2 rounds ago: {players}",
        len(players),
        _indent="  ",
        count=len(players),
        players=_names(players),
    )
