"""The Team Pairing System engine (C.04.6): PAB, upfloater sets, brackets, colours, boards.

Each choice the text makes "the first in an order that complies best" is one maximum-weight
matching whose integer weight holds the criteria as bit fields in priority order (the
lexicographic-weights technique of the Dutch engine), so the result is exact for any field
size without enumeration:

* art. 3.4, the PAB: a dummy vertex joined to every team allowed the PAB ([C2]); all edges
  carry a cardinality term, so the matching is perfect whenever a legal pairing exists
  (3.4.1), and the dummy edge's field ranks lowest score, most played matches, largest TPN
  (3.4.2-3.4.4).
* art. 3.5, the upfloaters of the top-scoregroup: a perfect matching of all teams still to
  be paired ([C1] and [C3] at once). An edge resident-lower team makes that team an
  upfloater. Fields: [C4] number of such edges; [C5] their counts per score level, the
  lowest level most significant (sorted scores compared lexicographically, D-C5); [C6] the
  edges joining the following scoregroup to lower teams (the next bracket's own [C4],
  reading D-C6 (a)); [C7] upfloaters that floated in the previous round; then one bit per
  potential upfloater in the order of 3.5.3 (descending score, ascending TPN), which
  selects the first set in the order of 3.5.4 (the smallest element of the symmetric
  difference decides a lexicographic comparison of two sorted sequences of equal length).
* art. 3.6, the pairing of the bracket: the penalty ([C8], [C9], [C10] as fields,
  D-T-C8C9) is minimised by a matching, and the first identifier among the least-penalty
  pairings is fixed position by position with that matching as oracle (``lexfirst.py``:
  with the identifier in the weights, every edge would weigh differently and a bracket of
  200 teams would take seconds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from swissdesk.engines.base import NoValidPairing, Pair, RoundPairing
from swissdesk.engines.matching import MatchingComputer
from swissdesk.engines.team.colours import TeamColour, allocate, c8_cost, c9_cost, team_colour
from swissdesk.engines.team.lexfirst import lex_first_pairing
from swissdesk.engines.team.verify import verify_team_pairing
from swissdesk.i18n import said
from swissdesk.model.team import TeamState, build_team_states, team_settings
from swissdesk.model.tournament import Tournament, half_points_to_str

WeightFn = Callable[[int, int], int]


def max_matching(vertices: Sequence[int], weight: WeightFn) -> dict[int, int]:
    """Maximum-weight matching of ``vertices``; ``weight(a, b) <= 0`` means no edge."""
    n = len(vertices)
    rows = [[0] * n for _ in range(n)]
    for i in range(n):
        a = vertices[i]
        row = rows[i]
        for j in range(i + 1, n):
            w = weight(a, vertices[j])
            if w > 0:
                row[j] = w
                rows[j][i] = w
    computer = MatchingComputer(n, weights=rows)
    mates = computer.mates()
    return {vertices[i]: vertices[m] for i, m in enumerate(mates) if m != i}


def _matcher(vertices: Sequence[int], weight: WeightFn) -> tuple[MatchingComputer, dict[int, int]]:
    """A matching computer over ``vertices`` (``weight <= 0``: no edge) and their indices."""
    n = len(vertices)
    rows = [[0] * n for _ in range(n)]
    for i in range(n):
        a = vertices[i]
        row = rows[i]
        for j in range(i + 1, n):
            w = weight(a, vertices[j])
            if w > 0:
                row[j] = w
                rows[j][i] = w
    return MatchingComputer(n, weights=rows), {t: i for i, t in enumerate(vertices)}


def _score(value: int, game_primary: bool) -> str:
    return half_points_to_str(value) + (" GP" if game_primary else " MP")


class TeamEngine:
    """C.04.6 Team Pairing System, rules applied from 1 February 2026."""

    name = "team"

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        rnd = round_number if round_number is not None else tournament.rounds_with_pairings + 1
        settings = team_settings(tournament)
        kind = settings.colour_preferences
        game_primary = settings.primary_score == "game"
        states = build_team_states(tournament, rnd)
        last_round = tournament.total_rounds > 0 and rnd >= tournament.total_rounds
        last_two = tournament.total_rounds > 0 and rnd >= tournament.total_rounds - 1
        colours = {t: team_colour(s, kind, last_round) for t, s in states.items()}
        forbidden = tournament.forbidden_pairs
        teams = sorted(t for t, s in states.items() if s.available)
        lines: list[str] = []

        def legal(a: int, b: int) -> bool:
            return b not in states[a].opponents and frozenset((a, b)) not in forbidden

        bye = self._pab(teams, states, legal, lines) if len(teams) % 2 else None
        remaining = [t for t in teams if t != bye]
        pairs: list[tuple[int, int]] = []
        while remaining:
            top = max(states[t].score for t in remaining)
            residents = [t for t in remaining if states[t].score == top]
            lower = [t for t in remaining if states[t].score < top]
            ups = self._upfloaters(residents, lower, states, legal, not last_two)
            bracket = sorted(residents + ups)
            bracket_pairs, costs = self._bracket(
                bracket, set(ups), states, colours, legal, kind, not last_two
            )
            pairs.extend(bracket_pairs)
            if explain:
                score = _score(top, game_primary)
                resident_list = " ".join(map(str, residents))
                if ups:
                    lines.append(
                        said(
                            "Bracket {score}: residents {residents}; upfloaters {upfloaters} "
                            "[C4] {count}",
                            score=score,
                            residents=resident_list,
                            upfloaters=" ".join(
                                f"{u} ({_score(states[u].score, game_primary)})" for u in ups
                            ),
                            count=len(ups),
                        )
                    )
                else:
                    lines.append(
                        said(
                            "Bracket {score}: residents {residents}; upfloaters none [C4] 0",
                            score=score,
                            residents=resident_list,
                        )
                    )
                lines.append(
                    said(
                        "pairs {pairs}; [C8] {c8}, [C9] {c9}, [C10] {c10}",
                        _indent="  ",
                        pairs=", ".join(f"{a}-{b}" for a, b in bracket_pairs),
                        c8=costs[0],
                        c9=costs[1],
                        c10=costs[2],
                    )
                )
            chosen = set(bracket)
            remaining = [t for t in remaining if t not in chosen]
        boards: list[tuple[tuple[int, int, int], Pair]] = []
        for a, b in pairs:
            white, black, why = allocate(
                colours[a],
                colours[b],
                kind=kind,
                use_secondary=settings.secondary_for_colour,
                initial_colour=tournament.initial_colour,
            )
            sa, sb = states[a].score, states[b].score
            higher = a if (sa, -a) > (sb, -b) else b
            key = (-states[higher].score, -(sa + sb), higher)
            boards.append((key, Pair(white, black)))
            if explain:
                lines.append(
                    said(
                        "colours {white}-{black}: art. {rule}",
                        _indent="  ",
                        white=white,
                        black=black,
                        rule=why,
                    )
                )
        boards.sort(key=lambda item: item[0])
        pairing = RoundPairing(
            round_number=rnd,
            pairs=tuple(p for _, p in boards),
            bye=bye,
            explanation=tuple(lines),
        )
        verify_team_pairing(tournament, pairing)
        return pairing

    @staticmethod
    def _pab(
        teams: list[int],
        states: dict[int, TeamState],
        legal: Callable[[int, int], bool],
        lines: list[str],
    ) -> int:
        """Art. 3.4: the first team in the order of 3.4.2-3.4.4 that leaves a legal pairing.

        A maximum matching of the field leaves one team out; a candidate is tried by
        removing its edges and asking the (warm-started) matching whether the others still
        all pair (3.4.1).
        """
        eligible = sorted(
            (t for t in teams if not states[t].pab_blocked),
            key=lambda t: (states[t].score, -states[t].played_matches, -t),
        )
        if not eligible:
            raise NoValidPairing(
                said("every team has had a PAB or won a match by forfeit ([C2])")
            )
        comp, index = _matcher(teams, lambda a, b: 1 if legal(a, b) else 0)
        n = len(teams)
        for team in eligible:
            i = index[team]
            saved = [(j, comp.weight(i, j)) for j in range(n) if j != i and comp.weight(i, j)]
            for j, _ in saved:
                comp.set_weight(i, j, 0)
            if comp.matching_weight() == (n - 1) // 2:
                lines.append(said("PAB (art. 3.4): team {team}", team=team))
                return team
            for j, w in saved:
                comp.set_weight(i, j, w)
        raise NoValidPairing(
            said("no team can take the PAB and leave a legal pairing (art. 3.4)")
        )

    @staticmethod
    def _upfloaters(
        residents: list[int],
        lower: list[int],
        states: dict[int, TeamState],
        legal: Callable[[int, int], bool],
        use_c7: bool,
    ) -> list[int]:
        """Art. 3.5: the first set of upfloaters that complies best with [C4]-[C7].

        One matching of all teams still to be paired minimises the penalty fields; then the
        potential upfloaters are taken in the order of 3.5.3 and each is kept in the set if
        a least-penalty matching with it as an upfloater (and the decisions before) exists:
        the greedy that yields the first set in the order of 3.5.4.
        """
        if not lower:
            return []
        everyone = residents + lower
        n = len(everyone)
        c = n.bit_length() + 1
        levels = sorted({states[t].score for t in lower}, reverse=True)
        level = {t: levels.index(states[t].score) for t in lower}
        following = levels[0]
        resident = set(residents)
        w7 = c
        w6 = c
        w5 = c * len(levels)
        maxp = (1 << (c + w5 + w6 + w7)) + 1
        c4_unit = 1 << (w5 + w6 + w7)

        def weight(a: int, b: int) -> int:
            if not legal(a, b):
                return 0
            ra, rb = a in resident, b in resident
            if ra and rb:
                return maxp
            if ra or rb:
                up = b if ra else a
                pen = c4_unit + (1 << (w6 + w7 + level[up] * c))
                if use_c7 and states[up].floated_previous:
                    pen += 1
                return maxp - pen
            sa, sb = states[a].score, states[b].score
            if (sa == following) != (sb == following):
                return maxp - (1 << w7)
            return maxp

        comp, index = _matcher(everyone, weight)
        mates = comp.mates()
        if any(m == v for v, m in enumerate(mates)):
            raise NoValidPairing(
                said("the teams still to be paired admit no legal pairing ([C1], [C3])")
            )
        best = comp.matching_weight()
        res_index = {index[t] for t in residents}
        needed = sum(1 for t in lower if mates[index[t]] in res_index)
        ups: list[int] = []
        for team in sorted(lower, key=lambda t: (-states[t].score, t)):
            if len(ups) == needed:
                break
            i = index[team]
            others = [j for j in range(n) if j not in res_index and j != i and comp.weight(i, j)]
            saved = [(j, comp.weight(i, j)) for j in others]
            for j in others:
                comp.set_weight(i, j, 0)
            if mates[i] in res_index:
                ups.append(team)
                continue
            found = comp.mates()
            if all(m != v for v, m in enumerate(found)) and comp.matching_weight() == best:
                mates = found
                ups.append(team)
                continue
            for j, w in saved:
                comp.set_weight(i, j, w)
            for j in res_index:
                if comp.weight(i, j):
                    comp.set_weight(i, j, 0)
            mates = comp.mates()
        return ups

    @staticmethod
    def _bracket(
        bracket: list[int],
        ups: set[int],
        states: dict[int, TeamState],
        colours: dict[int, TeamColour],
        legal: Callable[[int, int], bool],
        kind: str,
        use_c10: bool,
    ) -> tuple[list[tuple[int, int]], tuple[int, int, int]]:
        """Art. 3.6: the first pairing (by identifier) that complies best with [C8]-[C10]."""
        n = len(bracket)
        c = n.bit_length() + 1

        def costs(a: int, b: int) -> tuple[int, int, int]:
            c8 = c8_cost(colours[a], colours[b])
            c9 = c9_cost(colours[a], colours[b], kind)
            c10 = 0
            if use_c10 and (a in ups) != (b in ups):
                resident = b if a in ups else a
                c10 = int(states[resident].floated_previous)
            return c8, c9, c10

        def penalty(i: int, j: int) -> int | None:
            a, b = bracket[i], bracket[j]
            if not legal(a, b):
                return None
            c8, c9, c10 = costs(a, b)
            return (c8 << (2 * c)) + (c9 << c) + c10

        found = lex_first_pairing(n, penalty)
        if found is None:
            raise NoValidPairing(
                said("a bracket admits no legal pairing ([C1])")
            )  # pragma: no cover
        mates = {bracket[i]: bracket[m] for i, m in enumerate(found)}
        pairs = sorted((a, b) for a, b in mates.items() if a < b)
        total = [0, 0, 0]
        for a, b in pairs:
            for i, v in enumerate(costs(a, b)):
                total[i] += v
        return pairs, (total[0], total[1], total[2])
