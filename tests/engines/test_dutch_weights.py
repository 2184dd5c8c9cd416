"""The edge weights encode the quality criteria in the priority order of C.04.3 art. 2.4.

A matching maximises the sum of its edge weights, so for two pairs that differ in one
criterion the pair meeting it must weigh more, and a higher-priority criterion must
outweigh everything below it.
"""

from __future__ import annotations

from dataclasses import replace

from swissdesk.engines.dutch.weights import Layout, Vertex, compatible
from swissdesk.model.state import PreferenceStrength
from swissdesk.model.tournament import Colour

W, B = Colour.WHITE, Colour.BLACK


def player(tpn: int, score: int = 4, pref: Colour | None = None, **kw: object) -> Vertex:
    base = Vertex(
        tpn=tpn,
        rank_index=tpn - 1,
        score=score,
        preference=pref,
        strength=PreferenceStrength.MILD if pref else PreferenceStrength.NONE,
        imbalance=0,
        repeated=None,
        bye_eligible=True,
        played_games=2,
        down1=False,
        up1=False,
        down2=False,
        up2=False,
    )
    return replace(base, **kw)  # type: ignore[arg-type]


LAYOUT = Layout({6: 4, 4: 8, 2: 8}, played_rounds=3)


def weight(a: Vertex, b: Vertex, in_bracket: bool = True) -> int:
    completion = 3 << LAYOUT.offset["complete"]  # a pair of players who may not take the PAB
    return LAYOUT.bracket_weight(a, b, in_bracket, not in_bracket, completion, 0, None)


def test_c6_a_pair_in_the_bracket_outweighs_any_pair_into_the_next_bracket() -> None:
    a, b = player(1), player(2)
    assert weight(a, b) > weight(a, player(3, score=2, pref=B), in_bracket=False)


def test_c7_pairing_the_higher_mdp_outweighs_pairing_a_lower_one() -> None:
    resident = player(5)
    high_mdp, low_mdp = player(1, score=6), player(2, score=6)
    assert weight(high_mdp, resident) == weight(low_mdp, resident)
    assert weight(player(1, score=6), resident) > weight(player(3, score=4), player(6))


def test_c12_both_preferences_granted_outweighs_c14_floats() -> None:
    colours_ok = weight(player(1, pref=W), player(2, pref=B))
    floats_ok = weight(player(1, pref=W, down1=True), player(2, pref=W, down1=True))
    assert colours_ok > floats_ok


def test_c13_strong_preference_granted_weighs_more() -> None:
    strong = replace(player(1, pref=W), strength=PreferenceStrength.STRONG, imbalance=1)
    mild_same = weight(strong, player(2, pref=W))
    strong_same = weight(strong, replace(player(2, pref=W), strength=PreferenceStrength.STRONG))
    assert mild_same > strong_same


def test_c14_resident_downfloater_previous_round_is_kept_in_the_bracket() -> None:
    keeps_floater = weight(player(1), player(2, down1=True))
    plain = weight(player(1), player(2))
    assert keeps_floater > plain


def test_c15_mdp_opponent_who_upfloated_last_round_weighs_less() -> None:
    mdp = player(1, score=6)
    assert weight(mdp, player(2)) > weight(mdp, player(3, up1=True))


def test_c16_two_rounds_ago_counts_below_c14() -> None:
    last_round = weight(player(1), player(2, down1=True))
    two_rounds_ago = weight(player(1), player(2, down2=True))
    assert last_round > two_rounds_ago > weight(player(1), player(2))


def test_c3_non_topscorers_with_the_same_absolute_preference_are_incompatible() -> None:
    a = replace(player(1, pref=W), strength=PreferenceStrength.ABSOLUTE, imbalance=2)
    b = replace(player(2, pref=W), strength=PreferenceStrength.ABSOLUTE, imbalance=2)
    assert not compatible(a, b)
    assert compatible(replace(a, topscorer=True), b)
    assert not compatible(a, replace(player(3, pref=B), forbidden=frozenset({1})))


def test_c1_c3_compatibility_matrix_agrees_with_the_pair_rule() -> None:
    """The engine builds [C1]/[C3] row by row; it must say what ``compatible`` says for
    every pair: past opponents and forbidden pairs (in either direction, also naming
    players not in the round) and two non-topscorers held to the same absolute colour."""
    import random

    from swissdesk.engines.dutch.engine import compatibility_matrix

    rng = random.Random(5)
    for _ in range(20):
        n = rng.randint(2, 40)
        verts = []
        for tpn in range(1, n + 1):
            strength = rng.choice(list(PreferenceStrength))
            pref = None if strength is PreferenceStrength.NONE else rng.choice([W, B])
            verts.append(
                player(
                    tpn,
                    pref=pref,
                    strength=strength,
                    topscorer=rng.random() < 0.2,
                    forbidden=frozenset(rng.sample(range(1, n + 5), rng.randint(0, 4))),
                )
            )
        matrix = compatibility_matrix(verts)
        for i, a in enumerate(verts):
            assert matrix[i][i] == 0
            for j, b in enumerate(verts):
                if i != j:
                    assert matrix[i][j] == compatible(a, b), (a, b)


def test_players_of_one_weight_class_weigh_the_same_against_anybody() -> None:
    """The engine computes a weight once per pair of weight classes; what the class leaves
    out (TPN, rank, opponents, PAB eligibility, topscorer status) must not change a weight."""
    import random

    rng = random.Random(11)
    for _ in range(300):
        pref = rng.choice([None, W, B])
        strength = (
            PreferenceStrength.NONE if pref is None else rng.choice(list(PreferenceStrength)[1:])
        )
        a = player(
            1,
            score=rng.choice([6, 4]),
            pref=pref,
            strength=strength,
            imbalance=rng.randint(0, 2),
            down1=rng.random() < 0.3,
            up1=rng.random() < 0.3,
            down2=rng.random() < 0.3,
            up2=rng.random() < 0.3,
        )
        twin = replace(
            a, tpn=9, rank_index=8, forbidden=frozenset({3}), bye_eligible=False, topscorer=True
        )
        assert twin.weight_class == a.weight_class
        b = player(2, score=rng.choice([4, 2]), pref=rng.choice([None, W, B]), down1=True)
        for in_bracket in (True, False):
            c9 = {2: 1, 1: 0}
            assert LAYOUT.bracket_weight(a, b, in_bracket, not in_bracket, 0, 2, c9) == (
                LAYOUT.bracket_weight(twin, b, in_bracket, not in_bracket, 0, 2, c9)
            )
