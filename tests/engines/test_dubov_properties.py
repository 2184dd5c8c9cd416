"""Property tests of the Dubov engine on random tournaments (C.04.4.1).

* Tournaments generated with ``--system dubov`` never break an absolute criterion (the
  independent verifier, run again here round by round on the finished file) and
  ``swissdesk check`` accepts them.
* On small random fields, the engine's weighted matchings give exactly the pairing of a
  literal enumeration of art. 3.2 / 4 (``dubov_naive``), including with maximum upfloaters.
"""

from __future__ import annotations

import random

import pytest

from swissdesk.engines import NoValidPairing, Pair, RoundPairing, get_engine
from swissdesk.engines.dubov import engine as dubov_engine
from swissdesk.engines.dubov import verify_dubov
from swissdesk.engines.dubov.articles import DubovPlayer
from swissdesk.engines.dubov.engine import pair_dubov, to_round_pairing
from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
    truncated,
)
from swissdesk.verification.generator import GeneratorSettings, draw_result, generate_tournament
from swissdesk.verification.pairings import check_tournament
from tests.engines import dubov_naive


def _file_pairing(t: Tournament, rnd: int) -> RoundPairing:
    pairs = []
    bye = None
    for p in t.players:
        e = p.entry(rnd)
        if e is None:
            continue
        if e.result is ResultCode.PAIRING_ALLOCATED_BYE:
            bye = p.tpn
        elif e.opponent is not None and e.colour is Colour.WHITE:
            pairs.append(Pair(p.tpn, e.opponent))
    return RoundPairing(rnd, tuple(pairs), bye)


@pytest.mark.parametrize(
    ("players", "rounds", "seed"), [(15, 7, 1), (24, 9, 2), (41, 11, 3), (60, 9, 4)]
)
def test_generated_dubov_tournaments_keep_the_absolute_criteria_and_check_clean(
    players: int, rounds: int, seed: int
) -> None:
    settings = GeneratorSettings(
        players=players,
        rounds=rounds,
        seed=seed,
        system="dubov",
        forfeit_rate=0.05,
        bye_rate=0.05,
        withdraw_rate=0.02,
    )
    engine = get_engine("dubov")
    t = generate_tournament(settings, engine)
    for rnd in range(1, rounds + 1):
        verify_dubov(truncated(t, rnd), _file_pairing(t, rnd))
    report = check_tournament(t, engine)
    assert report.agrees, report.summary()


def _random_rounds(seed: int) -> list[tuple[Tournament, int]]:
    """Every round cut of a small random Dubov tournament with byes, forfeits, withdrawals."""
    rng = random.Random(seed)
    n, total = rng.randint(6, 11), rng.randint(4, 9)
    ratings = [rng.randint(1400, 2600) for _ in range(n)]
    hist: dict[int, list[RoundEntry]] = {t: [] for t in range(1, n + 1)}
    base = Tournament(
        players=tuple(Player(tpn=t, name=str(t), rating=ratings[t - 1]) for t in hist),
        total_rounds=total,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        system="dubov",
    )
    cuts = []
    for r in range(1, total + 1):
        for t in hist:
            if rng.random() < 0.06:
                hist[t].append(
                    RoundEntry.bye(
                        rng.choice((ResultCode.HALF_POINT_BYE, ResultCode.ZERO_POINT_BYE))
                    )
                )
        snap = base.with_players(
            Player(tpn=p.tpn, name=p.name, rating=p.rating, rounds=tuple(hist[p.tpn]))
            for p in base.players
        )
        cuts.append((snap, r))
        try:
            rp = to_round_pairing(snap, pair_dubov(snap, r), r)
        except NoValidPairing:
            break
        for pr in rp.pairs:
            if rng.random() < 0.05:
                rw, rb = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
            else:
                rw, rb = draw_result(rng, ratings[pr.white - 1], ratings[pr.black - 1], 0.3)
            hist[pr.white].append(RoundEntry(pr.black, Colour.WHITE, rw))
            hist[pr.black].append(RoundEntry(pr.white, Colour.BLACK, rb))
        if rp.bye is not None:
            hist[rp.bye].append(RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE))
        for t in hist:
            if len(hist[t]) < r:
                hist[t].append(RoundEntry.bye(ResultCode.NOT_PAIRED))
    return cuts


def _engine_answer(t: Tournament, rnd: int) -> object:
    try:
        res = pair_dubov(t, rnd)
    except NoValidPairing:
        return "no pairing"
    return sorted((a.tpn, b.tpn) for a, b in res.pairs), res.bye.tpn if res.bye else None


def _naive_answer(t: Tournament, rnd: int) -> object:
    try:
        pairs, bye = dubov_naive.naive_pairing(t, rnd)
    except NoValidPairing:
        return "no pairing"
    return sorted(pairs), bye


@pytest.mark.parametrize("seed", range(8))
def test_engine_equals_the_literal_enumeration_on_small_random_fields(seed: int) -> None:
    """Art. 3.2.1-3.2.6 and 4.1-4.4: the engine's exact encodings against enumeration."""
    for t, rnd in _random_rounds(seed):
        assert _engine_answer(t, rnd) == _naive_answer(t, rnd), f"seed {seed} round {rnd}"


@pytest.mark.parametrize("seed", range(100, 104))
def test_c8_c9_c10_encoding_equals_enumeration_with_many_maximum_upfloaters(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every upfloated player a maximum upfloater, [C8]-[C10] decide often."""

    def maxed(p: DubovPlayer, rounds: int) -> bool:
        return p.upfloats >= 1

    monkeypatch.setattr(dubov_engine, "is_maximum_upfloater", maxed)
    monkeypatch.setattr(dubov_naive, "is_maximum_upfloater", maxed)
    for t, rnd in _random_rounds(seed):
        assert _engine_answer(t, rnd) == _naive_answer(t, rnd), f"seed {seed} round {rnd}"


@pytest.mark.parametrize("seed", range(200, 203))
def test_small_graph_shortcut_equals_the_whole_graph_solution(seed: int) -> None:
    """The module docstring's argument, checked: restricting art. 3.2.2 to the highest lower
    score levels changes nothing against solving all remaining players."""
    rng = random.Random(seed)
    settings = GeneratorSettings(
        players=rng.randint(30, 50), rounds=7, seed=seed, system="dubov", bye_rate=0.05
    )
    t = generate_tournament(settings, get_engine("dubov"))
    for rnd in range(2, 8):
        cut = truncated(t, rnd)
        fast = pair_dubov(cut, rnd)
        slow = pair_dubov(cut, rnd, bracket_local=False)
        assert [(a.tpn, b.tpn) for a, b in fast.pairs] == [(a.tpn, b.tpn) for a, b in slow.pairs]
        assert fast.bye == slow.bye
