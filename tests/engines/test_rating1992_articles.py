"""Article-level tests of the Swiss System Based on Rating (1992), including the text's own
examples (D1, D2, F3, F4, E4) and the readings of the package docstring."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.engines.base import NoValidPairing, Pair, RoundPairing
from swissdesk.engines.rating1992 import DEFAULT_TIEBREAKS, Rating1992Engine
from swissdesk.engines.rating1992.colours import allocate, e3_alternate
from swissdesk.engines.rating1992.engine import b1_b2_problems
from swissdesk.engines.rating1992.orders import AssignmentSearch, exchanges
from swissdesk.engines.rating1992.players import (
    ABSOLUTE,
    MILD,
    STRONG,
    Player92,
    build_players,
    preference_1992,
    title_rank_1992,
)
from swissdesk.engines.rating1992.procedure import BracketState, Result, a8_x, steps_for
from swissdesk.model.tournament import Colour, Player, Tournament
from swissdesk.tiebreaks.spec import parse_tiebreak
from swissdesk.trf.writer import write_trf
from swissdesk.verification.generator import GeneratorSettings, generate_tournament
from swissdesk.verification.pairings import check_tournament
from tests.engines.builders import tournament

W, B = Colour.WHITE, Colour.BLACK


def _p(tpn: int, colours: str = "", score: int = 0, rank: int = 0) -> Player92:
    cols = tuple(W if c == "w" else B for c in colours)
    pref, strength = preference_1992(cols, False)
    cd = sum(1 if c is W else -1 for c in cols)
    base = Player92(tpn=tpn, name=f"P{tpn}", score=score, rating=2000, title_rank=6, pn=tpn)
    return replace(base, colours=cols, cd=cd, pref=pref, strength=strength, rank=rank)


def _numbers(order: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[str]:
    return [
        "+".join(str(a + 1) for a in s1) + "/" + "+".join(str(b + 1) for b in s2)
        for s1, s2 in order
    ]


def test_d1_transposition_sequence_a_to_g_for_s2_5_6_7_8() -> None:
    """D1: 5-6-7-8, then a) 5-6-8-7, b) 5-7-6-8, ... g) 6-5-8-7 (numbers in ascending order)."""
    n = 4
    search = AssignmentSearch([[True] * n for _ in range(n)], [[0] * n] * n, [True] * n, 0, None)
    orders = ["-".join(str(5 + j) for j in a) for a in search]
    assert orders[:8] == [
        "5-6-7-8",
        "5-6-8-7",
        "5-7-6-8",
        "5-7-8-6",
        "5-8-6-7",
        "5-8-7-6",
        "6-5-7-8",
        "6-5-8-7",
    ]
    assert len(orders) == 24


def test_d1_only_the_first_p_places_of_s2_are_tried_once() -> None:
    """D-R92-11: with S2 larger than S1, transpositions giving the same pairs count once."""
    search = AssignmentSearch([[True] * 3], [[0] * 3], [True] * 3, 0, None)
    assert list(search) == [(0,), (1,), (2,)]


def test_d2_exchange_one_player_order_a_to_i() -> None:
    """D2, first matrix: a) 4-5, b) 4-6, c) 3-5, d) 4-7, e) 3-6, f) 2-5, g) 3-7, h) 2-6, i) 2-7."""
    one = [e for e in exchanges(8, 4) if len(e[0]) == 1]
    assert _numbers(one) == ["4/5", "4/6", "3/5", "4/7", "3/6", "2/5", "3/7", "2/6", "2/7"]


def test_d2_exchange_two_players_order_j_to_r() -> None:
    """D2, second matrix: j) 3+4/5+6, k) 3+4/5+7, l) 2+4/5+6, ... r) 2+3/6+7."""
    two = [e for e in exchanges(8, 4) if len(e[0]) == 2]
    assert _numbers(two) == [
        "3+4/5+6",
        "3+4/5+7",
        "2+4/5+6",
        "3+4/6+7",
        "2+4/5+7",
        "2+3/5+6",
        "2+4/6+7",
        "2+3/5+7",
        "2+3/6+7",
    ]


def test_d2_remark_odd_bracket_deducts_one_and_drops_the_last_column() -> None:
    """D2 remark: 7 players, S1 = 1 2 3, S2 = 4 5 6 7: every number less one; the column
    2+3 of the second matrix (now 1+2) is obsolete."""
    order = _numbers(list(exchanges(7, 3)))
    assert order[:9] == ["3/4", "3/5", "2/4", "3/6", "2/5", "1/4", "2/6", "1/5", "1/6"]
    assert order[9:] == ["2+3/4+5", "2+3/4+6", "1+3/4+5", "2+3/5+6", "1+3/4+6", "1+3/5+6"]


def test_a8_x_from_colour_preferences() -> None:
    """A8: w = 4 white, b = 2 black, q = 3: x = w - q = 1; b > w: x = b - q."""
    group = [_p(i, "b") for i in range(1, 5)] + [_p(5, "w"), _p(6, "w")]
    assert a8_x(group) == 1
    group = [_p(i, "w") for i in range(1, 6)] + [_p(6, "b")]
    assert a8_x(group) == 2
    assert a8_x([_p(1, "w"), _p(2, "b")]) == 0
    assert a8_x([_p(1), _p(2), _p(3, "w")]) == 0  # D-R92-9: never below zero


def test_a7_absolute_strong_and_mild_preferences() -> None:
    """A7 a-c: |CD| > 1 or two same colours in a row: absolute; CD != 0 strong; else mild."""
    assert preference_1992((W, B, W), False) == (B, STRONG)
    assert preference_1992((W, W), False) == (B, ABSOLUTE)
    assert preference_1992((B, W, B, B), False) == (W, ABSOLUTE)
    assert preference_1992((W, B), False) == (W, MILD)  # "-0": alternate after Black
    assert preference_1992((B, W), False) == (B, MILD)  # "+0"
    assert preference_1992((), False) == (None, 0)


def test_a7a_not_in_effect_for_over_50_percent_in_the_last_round() -> None:
    """A7a's last sentence: an exempt player's preference is only strong or mild."""
    assert preference_1992((W, W), True) == (B, STRONG)
    assert preference_1992((B, W, W, B, B), False) == (W, ABSOLUTE)
    assert preference_1992((B, W, W, B, B), True) == (W, STRONG)


def test_a2_title_order_igm_wgm_im_wim_fm_wfm_none() -> None:
    ranks = [title_rank_1992(t) for t in ("GM", "IGM", "WGM", "IM", "WIM", "FM", "WFM", "CM", "")]
    assert ranks == [0, 0, 1, 2, 3, 4, 5, 6, 6]


def test_a2_order_score_rating_title_name() -> None:
    players = (
        Player(tpn=1, name="Zeta", rating=2400, title="IM"),
        Player(tpn=2, name="Alpha", rating=2400),
        Player(tpn=3, name="Beta", rating=2400, title="WGM"),
        Player(tpn=4, name="Gamma", rating=2400, title="IM"),
        Player(tpn=5, name="Delta", rating=2500),
    )
    order = [p.tpn for p in build_players(Tournament(players=players, total_rounds=5), 1)]
    assert order == [5, 3, 4, 1, 2]


def test_f4_round_one_top_half_against_bottom_half_and_bye_to_the_lowest() -> None:
    """F4 and E4: 1-4, 2-5, 3-6; odd pairing numbers of S1 get the colour drawn by lot; the
    lowest ranked player gets the bye."""
    t = tournament({i: [] for i in range(1, 8)})
    pairing = Rating1992Engine().pair(t, 1)
    assert pairing.pairs == (Pair(1, 4), Pair(5, 2), Pair(3, 6))
    assert pairing.bye == 7
    t_black = replace(t, initial_colour=B)
    assert Rating1992Engine().pair(t_black, 1).pairs == (Pair(4, 1), Pair(2, 5), Pair(6, 3))


def test_f3_unplayed_rounds_are_skipped_in_the_colour_history() -> None:
    """F2/F3: BWW-B (no game in round 4) is -BWWB: the forfeit gives no colour and the
    forfeit opponent may be met again."""
    t = tournament(
        {
            1: ["3b1", "4w1", "2w1", "5w+", "6b1"],
            2: ["4b0", "3w0", "1b0", "6w1", "5b1"],
            3: ["1w0", "2b1", "5w1", "4b1", "6w0"],
            4: ["2w1", "1b0", "6b1", "3w0", "5w0"],
            5: ["6w=", "6b0", "3b0", "1b-", "2w0"],
            6: ["5b=", "5w1", "4w0", "2b0", "1w0"],
        }
    )
    players = {p.tpn: p for p in build_players(t, 6)}
    assert "".join(c.value for c in players[1].colours) == "bwwb"
    assert players[1].pref is W and players[1].strength == MILD
    assert 5 not in players[1].opponents and 1 not in players[5].opponents


def test_f3_examples_wb_wb_and_bww_b_w() -> None:
    """F3: WB-WB counts as -WBWB and BWW-B-W as --BWWBW (unplayed rounds give no colour)."""
    t = tournament(
        {
            1: ["2w1", "3b0", "4w+", "5w1", "6b1"],
            2: ["1b0", "4w1", "3w1", "6w-", "5b0", "7w+", "8w1"],
        },
        total_rounds=9,
    )
    players = {p.tpn: p for p in build_players(t, 8)}
    assert "".join(c.value for c in players[1].colours) == "wbwb"
    assert "".join(c.value for c in players[2].colours) == "bwwbw"


def test_e3_alternates_to_the_last_round_with_different_colours_right_aligned() -> None:
    """E3 with F3: the sequences are compared from the latest game backwards."""
    a = _p(1, "bwwb")  # BWW-B read as -BWWB
    b = _p(2, "wbwb")
    assert e3_alternate(a, b) == B  # third game from the end: a had W, b had B
    c = _p(3, "wb")
    d = _p(4, "bwb")
    assert e3_alternate(c, d) is None  # identical as far as the shorter one goes


def test_e1_e2_e4_colour_allocation() -> None:
    hi = _p(1, "wb", rank=0)  # mild white
    lo = _p(2, "bwb", rank=1)  # strong white
    white, _ = allocate(hi, lo, W)
    assert white is lo  # E2: the stronger preference
    hi2 = _p(3, "wbwb", rank=0)
    lo2 = _p(4, "wbwb", rank=1)
    white, _ = allocate(hi2, lo2, W)
    assert white is hi2  # E4: same histories, the higher ranked player's preference
    hi3 = _p(5, "w", rank=0)
    lo3 = _p(6, "w", rank=1)
    assert allocate(hi3, lo3, W)[1] is hi3  # E4: both prefer Black, the higher gets it


def test_e1_grants_both_preferences() -> None:
    hi = _p(1, "w", rank=0)
    lo = _p(2, "b", rank=1)
    white, black = allocate(hi, lo, W)
    assert (white.tpn, black.tpn) == (2, 1)


def test_b1a_players_do_not_meet_twice_and_b1b_no_second_bye() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["U"]})
    pairing = Rating1992Engine().pair(t, 2)
    assert pairing.bye != 3
    assert {frozenset((p.white, p.black)) for p in pairing.pairs} != {frozenset((1, 2))}


def test_b2_no_third_colour_in_a_row() -> None:
    t = tournament({1: ["3w1", "4w1"], 2: ["4b1", "3w1"], 3: ["1b0", "2b0"], 4: ["2w0", "1b0"]})
    pairing = Rating1992Engine().pair(t, 3)
    for pr in pairing.pairs:
        assert pr.white != 1  # 1 had White twice (A7a: absolute Black)


def test_gives_up_with_a_message_naming_the_bracket() -> None:
    """C13/C14: when everyone has met, the procedure finds no pairing (NoValidPairing)."""
    t = tournament({1: ["2w1"], 2: ["1b0"]})
    with pytest.raises(NoValidPairing, match=r"lowest score bracket \[1 2\]|bracket"):
        Rating1992Engine().pair(t, 2)


def test_b1_b2_verifier_reports_a_rematch_and_a_third_colour() -> None:
    t = tournament({1: ["2w1", "3w1"], 2: ["1b0", "4w1"], 3: ["4b=", "1b0"], 4: ["3w=", "2b0"]})
    players = build_players(t, 3)
    bad = RoundPairing(3, (Pair(1, 2), Pair(3, 4)))
    problems = b1_b2_problems(players, bad)
    assert any("met before" in p for p in problems)
    assert any("breaks B2" in p for p in problems)
    assert b1_b2_problems(players, RoundPairing(3, (Pair(4, 1), Pair(3, 2)))) == []


def test_explanation_lists_brackets_and_steps() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["4w="], 4: ["3b="]})
    pairing = Rating1992Engine().pair(t, 2, explain=True)
    text = "\n".join(pairing.explanation)
    assert "Bracket 1" in text and "C1: 1 has no opponent" in text


def test_f10_default_tiebreaks_and_display_name() -> None:
    engine = get_engine("rating1992")
    assert engine.name == "rating1992"
    assert getattr(engine, "display_name", "") == "Swiss based on rating (1992)"
    assert DEFAULT_TIEBREAKS == ("DE", "ARO")
    assert getattr(engine, "default_tiebreaks", ()) == DEFAULT_TIEBREAKS
    for code in DEFAULT_TIEBREAKS:
        parse_tiebreak(code)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_tournaments_keep_b1_b2_and_pass_check(seed: int) -> None:
    """Property: random tournaments paired with rating1992 re-pair identically."""
    settings = GeneratorSettings(players=9 + 4 * seed, rounds=5, seed=seed, system="rating1992")
    try:
        t = generate_tournament(settings, get_engine("rating1992"))
    except NoValidPairing:
        pytest.skip("the procedure gave up on this random field")
    report = check_tournament(t, get_engine("rating1992"))
    assert report.agrees, report.summary()


def _bracket_players() -> list[Player92]:
    moved = replace(_p(1, "wb", score=6, rank=0), opponents=frozenset({3}))
    first = replace(_p(2, "bw", score=4, rank=1), opponents=frozenset())
    second = replace(_p(3, "bw", score=4, rank=2), opponents=frozenset({1}))
    return [moved, first, second]


def test_a3_at_least_half_moved_down_is_treated_as_homogeneous() -> None:
    group = _bracket_players()
    het = steps_for(group, frozenset({1}), False, BracketState())
    hom = steps_for(group, frozenset({1, 2}), False, BracketState())
    assert het.__name__ == "heterogeneous_steps"  # type: ignore[attr-defined]
    assert hom.__name__ == "homogeneous_steps"  # type: ignore[attr-defined]


def test_c6_c14_heterogeneous_bracket_then_the_whole_bracket_moves_down() -> None:
    """C6: the moved-down player first, the remainder of one moves down; resumed, the
    remainder (p = 0) cannot decrease p: C14 moves the entire bracket down."""
    events = [
        ev
        for ev in steps_for(_bracket_players(), frozenset({1}), False, BracketState())
        if isinstance(ev, Result)
    ]
    first = events[0]
    assert [(a.tpn, b.tpn) for a, b in first.pairs] == [(1, 2)]
    assert [q.tpn for q in first.left] == [3]
    last = events[-1]
    assert last.pairs == () and sorted(q.tpn for q in last.left) == [1, 2, 3]


def test_cli_generate_then_check_with_the_1992_system(tmp_path: Path) -> None:
    """``swissdesk generate|check --system rating1992`` (exit 0: every round re-pairs alike)."""
    out = tmp_path / "r92.trf"
    args = ["generate", "--system", "rating1992", "--players", "12", "--rounds", "5"]
    assert main([*args, "--seed", "7", "-o", str(out)]) == 0
    assert main(["check", "--system", "rating1992", str(out)]) == 0


def test_cli_pair_exit_code_1_when_the_procedure_finds_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Everyone has met: exit code 1 and a message naming the bracket, no traceback."""
    t = tournament({1: ["2w1"], 2: ["1b0"]})
    path = tmp_path / "met.trf"
    write_trf(t, path)
    assert main(["pair", "--system", "rating1992", str(path)]) == 1
    assert "bracket [1 2]" in capsys.readouterr().err
