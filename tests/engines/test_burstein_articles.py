"""Article-level tests of the Burstein engine (C.04.4.2, rules applied from 1 February 2026)."""

from __future__ import annotations

import random

import pytest

from swissdesk.engines import NoValidPairing, get_engine
from swissdesk.engines.acceleration import with_baku_acceleration
from swissdesk.engines.burstein import seeding_rounds
from swissdesk.engines.burstein.engine import (
    FLOAT,
    Entrant,
    _Bracket,
    _entrants,
    _Round,
    burstein_colour,
    legal_pairs,
    pair_burstein,
    to_round_pairing,
)
from swissdesk.engines.burstein.index import OppositionIndex, opposition_indexes
from swissdesk.engines.verify import absolute_criteria_problems
from swissdesk.errors import NoPairingError
from swissdesk.model.state import PlayerState, PreferenceStrength, colour_preference
from swissdesk.model.tournament import Colour, Tournament, truncated
from swissdesk.verification.generator import GeneratorSettings, generate_tournament
from tests.engines.builders import tournament
from tests.engines.burstein_reference import candidate_order, reference_pairing

W, B = Colour.WHITE, Colour.BLACK

# The note of art. 4.3, all 45 pairings of a six-player bracket with two outgoing floaters,
# in the order of the text (the extracted table printed "1-3, 2-0, 4-5, 6-0" twice; reading
# D-BUR-10 drops the duplicate).
NOTE_TABLE = """
1-6, 2-5, 3-0, 4-0 | 1-6, 2-4, 3-0, 5-0 | 1-6, 2-3, 4-0, 5-0 | 1-6, 2-0, 3-5, 4-0
1-6, 2-0, 3-4, 5-0 | 1-6, 2-0, 3-0, 4-5 | 1-5, 2-6, 3-0, 4-0 | 1-5, 2-4, 3-0, 6-0
1-5, 2-3, 4-0, 6-0 | 1-5, 2-0, 3-6, 4-0 | 1-5, 2-0, 3-4, 6-0 | 1-5, 2-0, 3-0, 4-6
1-4, 2-6, 3-0, 5-0 | 1-4, 2-5, 3-0, 6-0 | 1-4, 2-3, 5-0, 6-0 | 1-4, 2-0, 3-6, 5-0
1-4, 2-0, 3-5, 6-0 | 1-4, 2-0, 3-0, 5-6 | 1-3, 2-6, 4-0, 5-0 | 1-3, 2-5, 4-0, 6-0
1-3, 2-4, 5-0, 6-0 | 1-3, 2-0, 4-6, 5-0 | 1-3, 2-0, 4-5, 6-0 | 1-3, 2-0, 4-0, 5-6
1-2, 3-6, 4-0, 5-0 | 1-2, 3-5, 4-0, 6-0 | 1-2, 3-4, 5-0, 6-0 | 1-2, 3-0, 4-6, 5-0
1-2, 3-0, 4-5, 6-0 | 1-2, 3-0, 4-0, 5-6 | 1-0, 2-6, 3-5, 4-0 | 1-0, 2-6, 3-4, 5-0
1-0, 2-6, 3-0, 4-5 | 1-0, 2-5, 3-6, 4-0 | 1-0, 2-5, 3-4, 6-0 | 1-0, 2-5, 3-0, 4-6
1-0, 2-4, 3-6, 5-0 | 1-0, 2-4, 3-5, 6-0 | 1-0, 2-4, 3-0, 5-6 | 1-0, 2-3, 4-6, 5-0
1-0, 2-3, 4-5, 6-0 | 1-0, 2-3, 4-0, 5-6 | 1-0, 2-0, 3-6, 4-5 | 1-0, 2-0, 3-5, 4-6
1-0, 2-0, 3-4, 5-6
"""


def _note_table() -> list[list[tuple[int, int]]]:
    cells = [c.strip() for line in NOTE_TABLE.strip().splitlines() for c in line.split("|")]
    return [
        [(int(a), int(b)) for a, b in (pair.strip().split("-") for pair in cell.split(","))]
        for cell in cells
    ]


def pairs_of(t: Tournament, round_number: int | None = None) -> list[tuple[int, int]]:
    r = get_engine("burstein").pair(t, round_number)
    out = [(p.white, p.black) for p in r.pairs]
    if r.bye is not None:
        out.append((r.bye, 0))
    return out


def _state(tpn: int, colours: tuple[Colour, ...] = (), **kw: object) -> PlayerState:
    pref, strength, repeated, diff = colour_preference(colours)
    fields: dict[str, object] = {
        "tpn": tpn,
        "rating": 2000,
        "score": 0,
        "pairing_score": 0,
        "colours": colours,
        "colour_difference": diff,
        "preference": pref,
        "strength": strength,
        "repeated_colour": repeated,
        "floats": (),
        "opponents": frozenset(),
        "had_bye_or_unplayed_win": False,
        "played_games": len(colours),
        "available": True,
    }
    fields.update(kw)
    return PlayerState(**fields)  # type: ignore[arg-type]


def _entrant(tpn: int, rank: int, colours: tuple[Colour, ...] = (), score: int = 0) -> Entrant:
    return Entrant(
        tpn=tpn,
        score=score,
        index=OppositionIndex((0, 0, tpn), tpn, 0, 0),
        rank=rank,
        state=_state(tpn, colours, score=score, pairing_score=score),
        bye_eligible=True,
    )


# -- art. 1.6 seeding rounds ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("rounds", "seeding"), [(1, 0), (2, 1), (3, 1), (5, 2), (7, 3), (9, 4), (11, 4), (13, 4)]
)
def test_art_1_6_2_seeding_rounds_half_the_rounds_at_most_four(rounds: int, seeding: int) -> None:
    assert seeding_rounds(rounds) == seeding


def test_art_1_6_1_seeding_rounds_are_paired_with_the_dutch_system() -> None:
    t = generate_tournament(GeneratorSettings(players=14, rounds=9, seed=5), get_engine("dutch"))
    for r in range(1, 5):
        before = truncated(t, r)
        assert get_engine("burstein").pair(before, r) == get_engine("dutch").pair(before, r)


def test_art_1_6_round_after_the_seeding_rounds_is_a_burstein_round() -> None:
    t = generate_tournament(GeneratorSettings(players=14, rounds=4, seed=8), get_engine("burstein"))
    before = truncated(t, 3)  # 4 rounds: 2 seeding rounds
    got = get_engine("burstein").pair(before, 3, explain=True)
    assert "Burstein system" in got.explanation[0]
    assert got.pairs == to_round_pairing(before, pair_burstein(before, 3), 3).pairs


# -- art. 1.7-1.8 the Index and the ranking order ---------------------------------------------


def _two_rounds() -> Tournament:
    # R1: 1-3 1-0, 2-4 draw; R2: 1-2 0-1, 4-3 0-1. Scores 1, 1.5, 1, 0.5.
    return tournament(
        {1: ["3w1", "2w0"], 2: ["4w=", "1b1"], 3: ["1b0", "4b1"], 4: ["2b=", "3w0"]},
        total_rounds=6,
    )


def test_art_1_7_1_buchholz_and_sonneborn_berger_from_current_scores() -> None:
    idx = opposition_indexes(_two_rounds(), 3)
    # Half-points for Buchholz, quarter-points for Sonneborn-Berger.
    assert (idx[1].buchholz, idx[1].sonneborn_berger) == (5, 4)  # BH 2.5, SB 1
    assert (idx[2].buchholz, idx[2].sonneborn_berger) == (3, 5)  # BH 1.5, SB 1.25
    assert (idx[3].buchholz, idx[3].sonneborn_berger) == (3, 2)  # BH 1.5, SB 0.5
    assert (idx[4].buchholz, idx[4].sonneborn_berger) == (5, 3)  # BH 2.5, SB 0.75


def test_art_1_8_ranking_buchholz_then_sonneborn_berger_then_tpn() -> None:
    idx = opposition_indexes(_two_rounds(), 3)
    assert sorted(idx, key=lambda tpn: idx[tpn].key) == [1, 4, 2, 3]
    same = opposition_indexes(tournament({1: [], 2: []}), 1)
    assert sorted(same, key=lambda tpn: same[tpn].key) == [1, 2]  # art. 1.8.2


def test_art_1_7_2_1_unplayed_round_is_a_game_against_oneself() -> None:
    # Player 3: PAB (U) in round 1 then a forfeit win; own score 2 counts for both rounds.
    t = tournament(
        {1: ["2w1", "2w1"], 2: ["1b0", "1b0"], 3: ["U", "+"]},
        total_rounds=6,
    )
    # Round 2's 1-2 rematch is irrelevant here: only the Index is read.
    idx = opposition_indexes(t, 3)
    assert idx[3].buchholz == 4 + 4  # own current score (2 points) twice
    assert idx[3].sonneborn_berger == 2 * 4 + 2 * 4  # a win's points times own score, twice


def test_art_1_7_2_1_exception_trailing_zero_point_byes_count_as_draws_for_opponents() -> None:
    # Player 2 lost to 1 in round 1, then was absent (Z) in rounds 2 and 3: for 1's Buchholz
    # he counts 0 + 2 draws = 1 point; his own Buchholz counts his real score (0) for the byes.
    t = tournament(
        {
            1: ["2w1", "3w1", "4b1"],
            2: ["1b0", "Z", "Z"],
            3: ["4w=", "1b0", "Z"],
            4: ["3b=", "Z", "1w0"],
        },
        total_rounds=6,
    )
    idx = opposition_indexes(t, 4)
    # Opponents of 1: 2 (0 + 2 byes as draws = 1), 3 (0.5 + 1 trailing bye = 1), 4 (0.5, no
    # trailing bye: its Z is not the latest round).
    assert idx[1].buchholz == 2 + 2 + 1
    assert idx[2].buchholz == 6 + 0 + 0  # 1's score 3, then two rounds against himself (0)


def test_art_1_7_2_2_virtual_points_do_not_enter_the_index() -> None:
    t = _two_rounds()
    accelerated = with_baku_acceleration(t)
    assert opposition_indexes(accelerated, 3) == opposition_indexes(t, 3)


# -- art. 2.1 absolute criteria -----------------------------------------------------------------


def test_art_2_1_3_c3_same_absolute_preference_may_not_meet() -> None:
    players = [
        _entrant(1, 0, (B, B)),  # absolute White
        _entrant(2, 1, (W, B, B)),  # absolute White
        _entrant(3, 2, (W, W)),  # absolute Black
        _entrant(4, 3, (W,)),  # strong Black
    ]
    legal = legal_pairs(tournament({i: [] for i in range(1, 5)}), players)
    assert not legal[0][1] and legal[0][2] and legal[0][3] and legal[2][3]


def test_art_2_1_1_c1_no_second_meeting_and_art_1_9_3_impossible_round() -> None:
    # Two rounds: one seeding round, then the only two players have met.
    t = tournament({1: ["2w1"], 2: ["1b0"]}, total_rounds=2)
    with pytest.raises(NoValidPairing, match="Chief Arbiter"):
        get_engine("burstein").pair(t)


# -- art. 3.1 the pairing-allocated bye ----------------------------------------------------------


def test_art_3_1_3_pab_goes_to_the_lowest_score() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["4w1"], 4: ["3b0"], 5: ["U"]}, total_rounds=2)
    assert pairs_of(t)[-1] in {(2, 0), (4, 0)}


def test_art_3_1_1_c2_no_second_pab_and_3_1_4_most_games_played() -> None:
    # After round 1: 5 had the PAB (1 point). Round 2 (Burstein, 2 rounds): the lowest
    # scores are 2 and 4 (0 points, one game each); the PAB goes to the lower ranked.
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["4w1"], 4: ["3b0"], 5: ["U"]}, total_rounds=2)
    got = pair_burstein(t, 2)
    assert got.bye is not None and got.bye.tpn != 5
    idx = opposition_indexes(t, 2)
    low = max((2, 4), key=lambda tpn: idx[tpn].key)  # art. 3.1.5: lowest ranking
    assert got.bye.tpn == low
    # Art. 3.1.4: a player with fewer games (a zero-point bye) at the same score is passed over.
    t2 = tournament(
        {1: ["2w1"], 2: ["1b0"], 3: ["4w1"], 4: ["3b0"], 5: ["Z"], 6: ["7w1"], 7: ["6b0"]},
        total_rounds=2,
    )
    assert pair_burstein(t2, 2).bye is not None
    assert pair_burstein(t2, 2).bye.tpn != 5  # type: ignore[union-attr]


# -- art. 4 the order of pairings -------------------------------------------------------------


def test_art_4_3_note_table_all_45_pairings_of_six_players_two_floaters_in_order() -> None:
    """The note's 45 pairings, in order, are exactly art. 4.3's lexicographic order."""
    table = _note_table()
    assert len(table) == 45 and len({tuple(p) for p in table}) == 45
    generated = [
        [(a, b) for a, b in cand if b == 0 or a < b] for cand in candidate_order(6, floaters=2)
    ]
    assert generated == table


def _six_player_bracket(removed: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pair a bracket of six equal players (BSN 1..6) above two players who can only meet
    bracket players, so exactly two pairs and two floaters ([C4], [C5]); ``removed`` pairs
    of BSNs may not meet. Returns the chosen pairing as (BSN, opponent BSN or 0)."""
    players = [_entrant(tpn, tpn - 1, score=2 if tpn <= 6 else 0) for tpn in range(1, 9)]
    legal = [bytearray(1 if i != j else 0 for j in range(8)) for i in range(8)]
    legal[6][7] = legal[7][6] = 0
    for a, b in removed:
        legal[a - 1][b - 1] = legal[b - 1][a - 1] = 0
    rnd = _Round(tournament({i: [] for i in range(1, 9)}), players, legal)
    assert rnd.oracle.complete()
    bracket = _Bracket(list(range(6)), [6, 7], set())
    rnd._pair_bracket(bracket, [])
    return [
        (i + 1, 0 if j == FLOAT else j + 1)
        for i, j in sorted(bracket.fixed.items())
        if j == FLOAT or i < j
    ]


def test_art_4_3_engine_takes_the_first_pairing_of_the_note_table_that_complies() -> None:
    """For each of the 45 pairings of the note, forbid one pair of every earlier one: the
    engine must choose exactly that pairing (art. 3.2.2.1: the first that complies best)."""
    table = _note_table()
    for k, chosen in enumerate(table):
        keep = {p for p in chosen if p[1]}
        removed: set[tuple[int, int]] = set()
        for earlier in table[:k]:
            pairs = [p for p in earlier if p[1]]
            if not any(p in removed for p in pairs):
                removed.add(next(p for p in pairs if p not in keep))
        assert _six_player_bracket(removed) == chosen, f"pairing {k + 1} of the note"


# -- art. 3.2 / 2.3 the quality criteria, against a literal reading --------------------------


@pytest.mark.parametrize("seed", range(12))
def test_art_3_2_2_bracket_pairing_matches_a_literal_enumeration(seed: int) -> None:
    """[C4]-[C8] and art. 4 on small random tournaments: the engine agrees with a slow
    literal reading that enumerates every candidate in the order of art. 4.3."""
    rng = random.Random(seed)
    for attempt in range(20):
        settings = GeneratorSettings(
            players=rng.randint(6, 12),
            rounds=rng.choice((5, 7, 9)),
            seed=7000 + 100 * seed + attempt,
            system="burstein",
            bye_rate=rng.choice((0.0, 0.05, 0.15)),
            forfeit_rate=rng.choice((0.0, 0.05)),
            withdraw_rate=rng.choice((0.0, 0.02)),
        )
        try:
            t = generate_tournament(settings, get_engine("burstein"))
        except NoPairingError:  # a small field can run out of opponents: take another
            continue
        break
    else:  # pragma: no cover
        pytest.fail("no random tournament could be generated")
    for r in range(seeding_rounds(settings.rounds) + 1, settings.rounds + 1):
        before = truncated(t, r)
        got = pair_burstein(before, r)
        ref = reference_pairing(before, r)
        assert ref is not None
        assert sorted(tuple(sorted((a.tpn, b.tpn))) for a, b in got.pairs) == sorted(
            tuple(sorted(p)) for p in ref[0]
        ), f"round {r}"
        assert (got.bye.tpn if got.bye else None) == ref[1]


@pytest.mark.parametrize("seed", range(2))
def test_art_3_2_2_shortcuts_give_the_exhaustive_answer_on_bigger_fields(seed: int) -> None:
    """The swaps, the complementary-slackness test and the bracket-only matching only save
    time: re-optimising for every BSN on the whole graph gives the same pairing."""
    settings = GeneratorSettings(
        players=61 + 20 * seed, rounds=9, seed=900 + seed, system="burstein"
    )
    t = generate_tournament(settings, get_engine("burstein"))
    for r in (5, 8):
        before = truncated(t, r)
        fast = to_round_pairing(before, pair_burstein(before, r), r)
        slow = to_round_pairing(before, pair_burstein(before, r, shortcuts=False), r)
        assert fast == slow


# -- art. 5 colours, C.04.2 art. 3.6 board order ---------------------------------------------


def test_art_5_2_1_no_games_higher_ranked_odd_tpn_gets_the_initial_colour() -> None:
    a, b = _entrant(3, 0), _entrant(2, 1)  # 3 is ranked higher (Index), odd TPN
    assert burstein_colour(a, b, W) is W and burstein_colour(b, a, W) is B
    c, d = _entrant(4, 0), _entrant(1, 1)  # higher ranked 4: even TPN
    assert burstein_colour(c, d, W) is B and burstein_colour(c, d, B) is W


def test_art_5_2_2_both_preferences_granted_and_no_preference_yields() -> None:
    assert burstein_colour(_entrant(1, 0, (B,)), _entrant(2, 1, (W,)), W) is W
    assert burstein_colour(_entrant(1, 0), _entrant(2, 1, (W,)), W) is W  # art. 1.5.4


def test_art_5_2_3_stronger_preference_granted() -> None:
    # 2 has an absolute White preference (BB), 1 a strong one (B): 2 gets White.
    assert burstein_colour(_entrant(1, 0, (W, B, B, W, B)), _entrant(2, 1, (W, B, B)), W) is B


def test_art_5_2_4_alternate_to_the_latest_round_with_different_colours() -> None:
    # Both mild White (W B W B / B W W B); going back, the first difference: 1 had Black.
    first, second = _entrant(1, 0, (W, B, W, B)), _entrant(2, 1, (B, W, W, B))
    assert first.state.strength is PreferenceStrength.MILD
    assert burstein_colour(first, second, W) is W
    assert burstein_colour(second, first, W) is B


def test_art_5_2_5_equal_histories_higher_ranked_preference() -> None:
    first, second = _entrant(1, 1, (W, B)), _entrant(2, 0, (W, B))
    # 2 is ranked higher (art. 1.8): its preference (White) is granted.
    assert burstein_colour(second, first, W) is W and burstein_colour(first, second, W) is B


def test_c04_2_art_3_6_boards_by_score_then_sum_then_tpn() -> None:
    t = generate_tournament(
        GeneratorSettings(players=20, rounds=7, seed=11, system="burstein"), get_engine("burstein")
    )
    before = truncated(t, 6)
    pairing = get_engine("burstein").pair(before, 6)
    states = {p.tpn: sum(t.scoring.points(e.result) for e in p.rounds[:5]) for p in t.players}
    keys = []
    for pair in pairing.pairs:
        hi, lo = sorted((pair.white, pair.black), key=lambda tpn: (-states[tpn], tpn))
        keys.append((-states[hi], -(states[hi] + states[lo]), hi))
    assert keys == sorted(keys)


# -- explanation, verification, acceleration ------------------------------------------------


def test_c04_1_art_9_explanation_names_each_bracket_and_its_criteria() -> None:
    t = generate_tournament(
        GeneratorSettings(players=15, rounds=7, seed=3, system="burstein"), get_engine("burstein")
    )
    got = get_engine("burstein").pair(truncated(t, 6), 6, explain=True)
    text = "\n".join(got.explanation)
    assert text.count("Bracket ") >= 2 and "BSN order" in text and "[C5]" in text
    assert f"Pairing-allocated bye: {got.bye}" in text


def test_every_pairing_passes_the_independent_absolute_criteria_check() -> None:
    t = generate_tournament(
        GeneratorSettings(players=23, rounds=9, seed=21, system="burstein", bye_rate=0.1),
        get_engine("burstein"),
    )
    for r in range(1, 10):
        before = truncated(t, r)
        assert absolute_criteria_problems(before, get_engine("burstein").pair(before, r)) == []


def test_c04_7_baku_acceleration_virtual_points_form_the_scoregroups() -> None:
    """Baku (C.04.7 art. 1) with Burstein: virtual points enter the pairing score (so the
    brackets), never the Index (art. 1.7.2.2)."""
    t = generate_tournament(
        GeneratorSettings(players=16, rounds=11, seed=4, system="burstein"), get_engine("burstein")
    )
    before = with_baku_acceleration(truncated(t, 5))
    players = {p.tpn: p for p in _entrants(before, 5)}
    plain = {p.tpn: p for p in _entrants(truncated(t, 5), 5)}
    assert any(players[tpn].score > plain[tpn].score for tpn in players)
    assert all(players[tpn].index == plain[tpn].index for tpn in players)
    result = pair_burstein(before, 5)
    assert result.brackets[0].score == max(p.score for p in players.values())


class _BakuBurstein:
    """The Burstein engine on a tournament with the Baku virtual points applied."""

    name = "burstein"

    def pair(self, t: Tournament, round_number: int | None = None, *, explain: bool = False):  # type: ignore[no-untyped-def]
        return get_engine("burstein").pair(with_baku_acceleration(t), round_number, explain=explain)


def test_c04_7_baku_tournament_passes_check() -> None:
    from swissdesk.verification.pairings import check_tournament

    t = generate_tournament(
        GeneratorSettings(players=24, rounds=9, seed=12, system="burstein"), _BakuBurstein()
    )
    report = check_tournament(with_baku_acceleration(t), get_engine("burstein"))
    assert report.agrees, report.summary()


def test_c04_2_art_3_2_3_3_withdrawn_and_absent_players_are_not_paired() -> None:
    # Player 5 had the PAB, then withdrew: zero-point byes in round 2 and (pre-set) round 3.
    t = tournament(
        {
            1: ["2w1", "3w1"],
            2: ["1b0", "4b1"],
            3: ["4w=", "1b0"],
            4: ["3b=", "2w0"],
            5: ["U", "Z", "Z"],
        },
        total_rounds=5,
    )
    got = pairs_of(t, 3)
    assert len(got) == 2 and all(5 not in pair for pair in got)


def test_c04_2_art_2_4_late_entry_is_paired_and_its_missing_rounds_count_against_itself() -> None:
    # Player 5 arrives for round 3 (absent, no points, in rounds 1-2); 4 rounds: 2 seeding.
    t = tournament(
        {
            1: ["2w1", "3b1"],
            2: ["1b0", "4w1"],
            3: ["4w=", "1w0"],
            4: ["3b=", "2b0"],
            5: [" ", " "],
            6: ["7w1", "8b="],
            7: ["6b0", "Z"],
            8: ["Z", "6w="],
        },
        total_rounds=4,
    )
    idx = opposition_indexes(t, 3)
    assert (idx[5].buchholz, idx[5].sonneborn_berger) == (0, 0)
    got = pairs_of(t, 3)
    assert any(5 in pair for pair in got)
    assert absolute_criteria_problems(t, get_engine("burstein").pair(t, 3)) == []


def test_c04_2_art_3_5_forfeited_game_may_be_paired_again() -> None:
    # Round 1: 1-2 forfeited (1 won by forfeit), 3-4 played. Round 2 (Burstein, 2 rounds):
    # 1 and 2 may meet again; 3 and 4 may not.
    t = tournament({1: ["2w+"], 2: ["1b-"], 3: ["4w1"], 4: ["3b0"]}, total_rounds=2)
    got = {frozenset(p) for p in pairs_of(t)}
    assert frozenset((3, 4)) not in got and len(got) == 2


def test_art_4_3_dual_certificate_is_read_from_the_matcher() -> None:
    """The complementary-slackness shortcut reads the matcher's duals; should the matcher
    change, the engine stays exact but slow, and this test says so."""
    from swissdesk.engines.burstein.engine import OrderSearch

    w = 1 << 8  # every pair equally good; the order field (bit 1 up) below it
    rows = [[0 if i == j else w for j in range(4)] for i in range(4)]
    search = OrderSearch(rows, 4, 1)
    assert search._tight(0, 1) in (True, False)
    assert search._duals_known
    fixed: dict[int, int] = {}
    search.run(fixed)
    assert fixed == {0: 3, 3: 0, 1: 2, 2: 1}  # art. 4.3: 1-4, 2-3
