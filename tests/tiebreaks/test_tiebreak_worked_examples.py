"""Worked examples published by FIDE, recomputed.

* FIDE Arbiters' Manual 2026, C.07 worked examples on unplayed rounds (the "Laxman" example
  and Example 03), values of the 2026 column (dummy caps of art. 16.4);
* FIDE TEC Tie-Break Exercises (V01-1), Example 06 (Buchholz Cut-1 with a half-point bye).

Only the player the example is about is checked; each opponent's other rounds are games
against a filler player that give the opponent the final score the example prints, with no
unplayed round (so their adjusted score is their score), unless the example says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

from swissdesk.model.tournament import Tournament
from swissdesk.tiebreaks import compute_standings

Builder = Callable[..., Tournament]
FILLER = 99
_BACK = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _opponent(hero: int, rnd: int, hero_token: str, score: float, rounds: int) -> str:
    """An opponent's row: the game against ``hero`` in round ``rnd`` (seen from the hero as
    ``hero_token``, e.g. ``"w1"``) and filler games adding up to ``score`` points."""
    colour = "b" if hero_token[0] == "w" else "w"
    result = _BACK[hero_token[1]]
    got = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}[result]
    rest = score - got
    tokens = []
    for r in range(1, rounds + 1):
        if r == rnd:
            tokens.append(f"{hero}{colour}{result}")
        elif rest >= 1:
            tokens.append(f"{FILLER}w1")
            rest -= 1
        elif rest == 0.5:
            tokens.append(f"{FILLER}w=")
            rest = 0
        else:
            tokens.append(f"{FILLER}w0")
    assert rest == 0, "score not reachable"
    return " ".join(tokens)


def _example(
    crosstable: Builder, hero_row: list[str], opponents: dict[int, float], rounds: int
) -> Tournament:
    table = {1: " ".join(hero_row)}
    for rnd, token in enumerate(hero_row, start=1):
        if token[0].isdigit():
            opp = int(token[:-2])
            table[opp] = _opponent(1, rnd, token[-2:], opponents[opp], rounds)
    table[FILLER] = " ".join(["U"] * rounds)
    return crosstable(table, total_rounds=rounds)


def _values(t: Tournament, codes: list[str]) -> dict[str, str]:
    row = next(r for r in compute_standings(t, codes).rows if r.tpn == 1)
    return {v.code: v.display for v in row.values}


def test_arbiters_manual_2026_laxman(crosstable: Builder) -> None:
    # Laxman, 7/10: R4 a zero-point requested bye followed by played rounds (16.2.3).
    # BH = 50 (opponents) + min(7.0, 0.5 x 10) = 55 (the 2024 rules gave 57).
    # BH-C1: the VUR contribution 5.0 is not lower than the least significant 4.5, so it is
    # the one cut (16.5.1): 50. SB = 37.25 (the bye scores 0 whatever the dummy).
    hero = ["11w1", "12w1", "13w0", "Z", "15w1", "16w=", "17w1", "18w=", "19w1", "20w1"]
    opponents = {11: 5.0, 12: 5.0, 13: 6.5, 15: 4.5, 16: 6.0, 17: 5.0, 18: 6.5, 19: 5.5, 20: 6.0}
    t = _example(crosstable, hero, opponents, 10)
    assert _values(t, ["BH", "BH/C1", "SB"]) == {"BH": "55.0", "BH/C1": "50.0", "SB": "37.25"}


def test_arbiters_manual_2026_example_03(crosstable: Builder) -> None:
    # 6.5/10 with a forfeit loss in R9 (against 7.5 points) and withdrawal in R10.
    # R9: min(own 6.5, opponent 7.5) = 6.5 (16.4.1); R10: min(6.5, 0.5 x 10) = 5.0 (16.4.2).
    # BH = 3.5 + 6 + 6.5 + 7.5 + 6.5 + 8 + 6.5 + 7 + 6.5 + 5 = 63 (the 2024 rules gave 64.5).
    hero = ["11w1", "12b1", "13w1", "14b=", "15w1", "16b0", "17w1", "18b1", "19w-", "Z"]
    opponents = {
        11: 3.5, 12: 6.0, 13: 6.5, 14: 7.5, 15: 6.5, 16: 8.0, 17: 6.5, 18: 7.0, 19: 7.5,
    }  # fmt: skip
    t = _example(crosstable, hero, opponents, 10)
    assert _values(t, ["BH"]) == {"BH": "63.0"}


def test_tec_exercise_06_buchholz_cut_one(crosstable: Builder) -> None:
    # Player 4 of the exercise (here 1), 3.5/5: +B v 12, half-point bye, +W v 13, =W v 3, =B v 1.
    # Opponent 12 (2.0 points): lost R1, PAB R2, forfeit win R3, then withdrew (R4, R5):
    # adjusted 0 + 1 + 1 + 0.5 + 0.5 = 3.0 (16.3). The half-point bye is a VUR whose dummy is
    # min(3.5, 0.5 x 5) = 2.5 (16.4.2). BH = 3.0 + 2.5 + 1.5 + 3.5 + 3.5 = 14.0, and Cut-1
    # removes the VUR first (16.5.1): 11.5, the exercise's printed value.
    t = crosstable(
        {
            1: "12b1 H 13w1 3w= 4b=",
            12: "1w0 U 77w+ Z Z",
            13: f"{FILLER}w1 {FILLER}w= 1b0 {FILLER}w0 {FILLER}w0",
            3: f"{FILLER}w1 {FILLER}w1 {FILLER}w1 1b= {FILLER}w0",
            4: f"{FILLER}w1 {FILLER}w1 {FILLER}w1 {FILLER}w0 1w=",
            77: f"{FILLER}w0 {FILLER}w0 12b- {FILLER}w0 {FILLER}w0",
            FILLER: "U U U U U",
        },
        total_rounds=5,
    )
    assert _values(t, ["BH", "BH/C1"]) == {"BH": "14.0", "BH/C1": "11.5"}
