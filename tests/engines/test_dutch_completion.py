"""The completion criterion [C4] and the bracket-local optimisation that relies on it."""

from __future__ import annotations

import random

import pytest

from swissdesk.engines.dutch.completion import CompletionOracle
from swissdesk.engines.dutch.engine import _Bracket, pair_dutch, to_round_pairing
from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
)
from tests.engines.corpus_support import corpus_cases


def _complete_graph(n: int) -> list[list[int]]:
    return [[j for j in range(n) if j != i] for i in range(n)]


def test_c4_complete_pairing_found_on_a_complete_graph() -> None:
    oracle = CompletionOracle(_complete_graph(6), None)
    assert oracle.complete()
    assert sorted(oracle.mates()) == list(range(6))
    assert all(oracle.mates()[v] != v for v in range(6))


def test_c4_odd_cycle_needs_a_blossom_and_the_pab_vertex() -> None:
    # A 5-cycle: only a PAB leaves it completable; any player may take it.
    cycle = [[1, 4], [0, 2], [1, 3], [2, 4], [3, 0]]
    oracle = CompletionOracle(cycle, range(5))
    assert oracle.complete()
    assert sum(1 for v, m in enumerate(oracle.mates()) if v == m) == 1


def test_c2_pab_restricted_to_eligible_players() -> None:
    # Path 0-1-2: only the ends can be left out; player 1 alone may not take the bye.
    path = [[1], [0, 2], [1]]
    oracle = CompletionOracle(path, [1])
    assert not oracle.complete()
    oracle = CompletionOracle(path, [0, 2])
    assert oracle.complete()
    assert oracle.restrict_bye([2])
    assert oracle.mates()[2] == 2
    assert not oracle.restrict_bye([1])  # refused, and nothing changes
    assert oracle.mates()[2] == 2


def test_c4_chosen_pairs_that_strand_a_player_are_refused() -> None:
    # 0-1, 2-3 and 1-2: choosing 1-2 leaves 0 and 3 without opponents.
    graph = [[1], [0, 2], [1, 3], [2]]
    oracle = CompletionOracle(graph, None)
    assert oracle.complete()
    assert not oracle.completes([(1, 2)])
    assert oracle.completes([(0, 1)])


def _random_tournament(seed: int, players: int, rounds: int) -> Tournament:
    """A random history (pairs drawn at random, no rematches) to stress the engine."""
    rng = random.Random(seed)
    history: dict[int, list[RoundEntry]] = {t: [] for t in range(1, players + 1)}
    met: dict[int, set[int]] = {t: set() for t in history}
    for _ in range(rounds):
        order = list(history)
        rng.shuffle(order)
        if len(order) % 2:
            history[order.pop()].append(RoundEntry.bye(ResultCode.HALF_POINT_BYE))
        while order:
            a = order.pop()
            b = next((x for x in order if x not in met[a]), order[0])
            order.remove(b)
            met[a].add(b)
            met[b].add(a)
            ra, rb = rng.choice(
                [
                    (ResultCode.WIN, ResultCode.LOSS),
                    (ResultCode.DRAW, ResultCode.DRAW),
                    (ResultCode.LOSS, ResultCode.WIN),
                ]
            )
            history[a].append(RoundEntry(b, Colour.WHITE, ra))
            history[b].append(RoundEntry(a, Colour.BLACK, rb))
    return Tournament(
        players=tuple(
            Player(tpn=t, name=f"P{t}", rating=2400 - t, rounds=tuple(history[t])) for t in history
        ),
        total_rounds=rounds + 2,
    )


@pytest.mark.parametrize("seed", range(12))
def test_bracket_local_optimisation_equals_whole_graph_random(seed: int) -> None:
    """Art. 3.8.1 picks one pairing; both ways of computing it must find the same."""
    t = _random_tournament(seed, players=14 + seed * 3, rounds=2 + seed % 4)
    whole = pair_dutch(t, bracket_local=False)
    local = pair_dutch(t, bracket_local=True)
    rnd = t.rounds_with_pairings + 1
    assert to_round_pairing(t, local, rnd) == to_round_pairing(t, whole, rnd)


@pytest.mark.skipif(
    not corpus_cases("dutch"),
    reason="reference corpus not found: the corpus tests read the reference cases "
    "from ../shared/corpus beside the checkout",
)
@pytest.mark.parametrize(
    "path", corpus_cases("dutch")[::97] or [None], ids=lambda p: p.stem if p else "none"
)
def test_bracket_local_optimisation_equals_whole_graph_corpus(path) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.trf import read_trf

    t = read_trf(path)
    rnd = t.rounds_with_pairings + 1
    whole = to_round_pairing(t, pair_dutch(t, bracket_local=False), rnd)
    assert to_round_pairing(t, pair_dutch(t, bracket_local=True), rnd) == whole


def _without_transposition_shortcuts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_Bracket, "transpose_greedily", lambda self, remainder, upper: False)
    monkeypatch.setattr(
        _Bracket, "transpose_along_tight_paths", lambda self, remainder, upper, s1, start: start
    )


@pytest.mark.parametrize("seed", range(16))
def test_art_4_2_transposition_shortcuts_equal_the_ranked_matchings(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Art. 4.2: S1 players who get their first choice in an optimum anyway (always in a
    round-1 bracket) are paired without the ranked matchings; the pairing is the same."""
    t = _random_tournament(seed, players=20 + seed * 5, rounds=seed % 5)
    rnd = t.rounds_with_pairings + 1
    taken: list[bool] = []
    greedy = _Bracket.transpose_greedily

    def counting(self: _Bracket, remainder: list[int], upper: list[bool]) -> bool:
        taken.append(greedy(self, remainder, upper))
        return taken[-1]

    monkeypatch.setattr(_Bracket, "transpose_greedily", counting)
    fast = to_round_pairing(t, pair_dutch(t), rnd)
    if seed % 5 == 0:
        assert any(taken)  # round 1: the first choices are an optimum
    _without_transposition_shortcuts(monkeypatch)
    assert fast == to_round_pairing(t, pair_dutch(t), rnd)


@pytest.mark.parametrize("seed", range(24))
def test_art_4_2_first_choices_along_tight_paths_equal_the_ranked_matchings(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Art. 4.2 (issue 22): an S1 player whose first tight choice the current optimum can
    hand it by moving other players along tight edges, at equal weight, takes it
    without a ranked matching; the pairing is the one the ranked matchings give."""
    t = _random_tournament(1000 + seed, players=30 + seed * 7, rounds=1 + seed % 6)
    rnd = t.rounds_with_pairings + 1
    settled: list[int] = []
    along = _Bracket.transpose_along_tight_paths

    def counting(
        self: _Bracket, remainder: list[int], upper: list[bool], s1: list[int], start: int
    ) -> int:
        got = along(self, remainder, upper, s1, start)
        settled.append(got - start)
        return got

    monkeypatch.setattr(_Bracket, "transpose_greedily", lambda self, remainder, upper: False)
    monkeypatch.setattr(_Bracket, "transpose_along_tight_paths", counting)
    fast = to_round_pairing(t, pair_dutch(t), rnd)
    assert sum(settled) > 0
    _without_transposition_shortcuts(monkeypatch)
    assert fast == to_round_pairing(t, pair_dutch(t), rnd)
