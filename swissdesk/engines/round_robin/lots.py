"""Pairing numbers for a round robin: drawn by lot, or by the restricted draw of the Varma
tables (FIDE Handbook C.05, General Regulations for Competitions, Annex 2), so that players
of the same federation do not meet in the last rounds.

A draw is reproducible: the same participants and the same ``seed`` always give the same
numbers (Python's ``random.Random`` is seeded with the integer; its sequence for a given
seed is stable across versions). swissdesk records the seed with the draw, so that anyone
can repeat it.

The restricted draw follows Annex 2 step by step:

1. the numbers of the table are sorted into the Varma sets A, B, C and D (the annex's
   table for 9/10 up to 23/24 players; with an odd number of players the highest number,
   the bye, is not drawn);
2. the federations draw in order of their number of players (most first), ties by the
   alphabetical order of the FIDE code, and inside a federation the players draw in the
   alphabetical order of their names;
3. the first player of a federation chooses, at random, one of the sets that still hold
   at least as many numbers as his federation has players; he and his compatriots then draw
   their numbers from it, the rest of the set staying available to the others;
4. the next federation follows, and so on.

Players without a federation are drawn last, each on his own. When a federation has more
players than any set can still hold, the annex gives no rule: its players fill the fullest
set first, then the next fullest, and the draw says so (they may meet late).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from swissdesk.model.round_robin import table_size

VARMA: dict[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: (
        (6, 7, 8, 9, 10, 17, 18, 19, 20),
        (1, 2, 3, 4, 12, 13, 14, 15),
        (11, 16, 21),
        (5, 22),
    ),
    24: (
        (6, 7, 8, 9, 10, 11, 19, 20, 21, 22),
        (1, 2, 3, 4, 13, 14, 15, 16, 17),
        (12, 18, 23),
        (5, 24),
    ),
}
"""GRC Annex 2, point 5: the sets A, B, C, D for 9/10 ... 23/24 players (keyed by the
table's size). Within a set, no two numbers meet in the last three rounds of the table,
with one exception the printed table has: 6 and 12 (set C for 11/12) meet in round 11 of a
12-player event (with 11 players 12 is the bye)."""

SET_NAMES = "ABCD"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A participant taking part in the draw: ``key`` identifies him (his current pairing
    number), ``federation`` is what the restricted draw keeps apart (his federation, or his
    club when the draw keeps clubs apart)."""

    key: int
    name: str
    federation: str = ""


@dataclass(frozen=True, slots=True)
class Draw:
    """The outcome of a draw: each entrant's ``key`` -> pairing number, and what happened."""

    numbers: dict[int, int]
    method: str
    """``"lot"`` or ``"varma"``."""
    seed: int
    steps: tuple[str, ...]
    """The draw told step by step, for the audit log and the arbiter."""
    warnings: tuple[str, ...] = ()

    def order(self) -> tuple[int, ...]:
        """The entrants' keys in the order of their new numbers (1, 2, ...)."""
        return tuple(key for key, _ in sorted(self.numbers.items(), key=lambda kv: kv[1]))


def varma_sets(participants: int) -> tuple[tuple[int, ...], ...] | None:
    """The Varma sets for ``participants`` (the bye number left out), or None outside
    9-24 players, where the annex gives none."""
    sets = VARMA.get(table_size(participants))
    if sets is None:
        return None
    return tuple(tuple(n for n in s if n <= participants) for s in sets)


def draw_lots(entrants: Sequence[Entrant], seed: int) -> Draw:
    """Pairing numbers 1..n by lot: the numbers shuffled with ``seed`` and given to the
    entrants in the order of their keys."""
    _check(entrants)
    rng = random.Random(seed)
    numbers = list(range(1, len(entrants) + 1))
    rng.shuffle(numbers)
    ordered = sorted(entrants, key=lambda e: e.key)
    result = {e.key: n for e, n in zip(ordered, numbers, strict=True)}
    steps = tuple(f"{e.name}: no. {result[e.key]}" for e in ordered)
    return Draw(result, "lot", seed, steps)


def restricted_draw(entrants: Sequence[Entrant], seed: int) -> Draw:
    """Pairing numbers by the Varma tables (GRC Annex 2), players of a federation kept in
    one set where the sets allow it. Outside 9-24 players there are no Varma tables: the
    numbers are drawn by lot, with a warning."""
    _check(entrants)
    sets = varma_sets(len(entrants))
    if sets is None:
        plain = draw_lots(entrants, seed)
        why = (
            f"the Varma tables cover 9 to 24 players, not {len(entrants)}: the numbers were "
            "drawn by lot without restriction"
        )
        return Draw(plain.numbers, "lot", seed, plain.steps, (why,))
    rng = random.Random(seed)
    remaining = [list(s) for s in sets]
    numbers: dict[int, int] = {}
    steps: list[str] = [
        "sets: " + "; ".join(f"{SET_NAMES[i]} {list(s)}" for i, s in enumerate(sets))
    ]
    warnings: list[str] = []
    for federation, members in _contingents(entrants):
        label = federation or "(no federation)"
        fits = [i for i, s in enumerate(remaining) if len(s) >= len(members)]
        if fits:
            chosen = [rng.choice(fits)]
        else:
            by_size = sorted(range(len(remaining)), key=lambda i: (-len(remaining[i]), i))
            chosen = [i for i in by_size if remaining[i]]
            warnings.append(
                f"{label} has {len(members)} players, more than any set could still hold: "
                "some of them may meet in the last three rounds"
            )
        drawn: list[str] = []
        for entrant in members:
            while not remaining[chosen[0]]:
                chosen.pop(0)
            pool = remaining[chosen[0]]
            number = pool.pop(rng.randrange(len(pool)))
            numbers[entrant.key] = number
            drawn.append(f"{entrant.name} no. {number}")
        where = "+".join(SET_NAMES[i] for i in dict.fromkeys(chosen))
        steps.append(f"{label} ({len(members)}): set {where}: " + ", ".join(drawn))
    return Draw(numbers, "varma", seed, tuple(steps), tuple(warnings))


def _contingents(entrants: Sequence[Entrant]) -> list[tuple[str, list[Entrant]]]:
    """The federations in drawing order (largest first, then by FIDE code), each with its
    players by name; players without a federation last, one by one."""
    by_federation: dict[str, list[Entrant]] = {}
    loners: list[Entrant] = []
    for entrant in entrants:
        code = entrant.federation.strip().casefold()
        if code:
            by_federation.setdefault(code, []).append(entrant)
        else:
            loners.append(entrant)
    ordered = sorted(by_federation.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    out = [(members[0].federation.strip(), sorted(members, key=_by_name)) for _, members in ordered]
    out += [("", [e]) for e in sorted(loners, key=_by_name)]
    return out


def _by_name(entrant: Entrant) -> tuple[str, str, int]:
    return (entrant.name.casefold(), entrant.name, entrant.key)


def _check(entrants: Sequence[Entrant]) -> None:
    keys = [e.key for e in entrants]
    if len(set(keys)) != len(keys):
        raise ValueError("two entrants share a key")
    if not entrants:
        raise ValueError("nobody to draw numbers for")
