"""``swissdesk generate``: every option of the checklist's RTG (C.02 Q22-32), unset options
drawn from the seed and recorded, results from FIDE's rating table."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.errors import InputError
from swissdesk.model.tournament import ResultCode, Tournament
from swissdesk.trf import read_trf
from swissdesk.verification.generator import parse_quantity, parse_ratings, scoring_probability
from swissdesk.verification.generator.quantities import Quantity, draw_counts
from swissdesk.verification.generator.results import draw_result, result_odds

QUIET = [
    "--withdraw-rate", "0", "--late-entry-rate", "0", "--full-byes", "0", "--half-byes", "0",
    "--zero-byes", "0", "--forfeit-wins", "0", "--double-forfeits", "0", "--half-zero", "0",
    "--zero-half", "0", "--zero-zero", "0", "--no-baku",
]  # fmt: skip
"""Options that switch every irregularity off (each test then turns on the one it tests)."""


def generate(tmp_path: Path, *args: str, name: str = "g.trf") -> Path:
    out = tmp_path / name
    assert main(["generate", *args, "-o", str(out)]) == 0
    return out


def quiet(tmp_path: Path, *args: str, players: int = 20, rounds: int = 6) -> Tournament:
    base = ["--players", str(players), "--rounds", str(rounds), "--seed", "9", *QUIET]
    return read_trf(generate(tmp_path, *base, *args))


def codes(t: Tournament, round_number: int | None = None) -> Counter[ResultCode]:
    return Counter(
        e.result
        for p in t.players
        for r, e in enumerate(p.rounds, start=1)
        if round_number is None or r == round_number
    )


def games(t: Tournament, white: ResultCode, black: ResultCode) -> int:
    """Games whose White scored ``white`` and Black ``black``."""
    return sum(
        1
        for p in t.players
        for e in p.rounds
        if e.opponent is not None
        and e.colour is not None
        and e.colour.value == "w"
        and e.result is white
        and t.player(e.opponent).rounds[p.rounds.index(e)].result is black
    )


# --- amounts: counts and percentages, overall or per round ---------------------------------


@pytest.mark.parametrize(
    ("text", "quantity"),
    [
        ("12", Quantity(overall=12)),
        ("2.5%", Quantity(overall=Fraction(5, 2))),
        ("2/round", Quantity(every_round=2)),
        ("5%/round", Quantity(every_round=Fraction(5))),
        ("3:2,5-7:10%", Quantity(by_round=((3, 3, 2), (5, 7, Fraction(10))))),
        ("0", Quantity(overall=0)),
    ],
)
def test_q24_amounts_read_and_written_back(text: str, quantity: Quantity) -> None:
    assert parse_quantity(text) == quantity
    assert quantity.text == text


@pytest.mark.parametrize("text", ["", "x", "2.5", "120%", "3:", "5-3:1", "-1"])
def test_q24_amounts_that_mean_nothing_are_refused(text: str) -> None:
    with pytest.raises(InputError):
        parse_quantity(text, "half-byes")


def test_shares_that_add_up_to_all_take_every_unit() -> None:
    rng = random.Random(1)
    for units in range(1, 40):
        counts = draw_counts([Fraction(85), Fraction(15)], units, rng)
        assert sum(counts) == units


def test_a_percentage_keeps_its_expectation() -> None:
    rng = random.Random(2)
    total = sum(draw_counts([Fraction(5)], 30, rng)[0] for _ in range(4000))
    assert 0.95 * 6000 < total < 1.05 * 6000  # 5 % of 30 players = 1.5 per round


def test_q24_counts_per_round_and_overall_are_given_exactly(tmp_path: Path) -> None:
    t = quiet(
        tmp_path,
        "--full-byes", "1/round",
        "--half-byes", "3",
        "--zero-byes", "2:2",
        "--forfeit-wins", "4:2",
        "--double-forfeits", "1",
        "--half-zero", "2",
        "--zero-half", "1",
        "--zero-zero", "5:1",
    )  # fmt: skip
    assert all(codes(t, r)[ResultCode.FULL_POINT_BYE] == 1 for r in range(1, 7))
    assert codes(t)[ResultCode.HALF_POINT_BYE] == 3
    assert codes(t)[ResultCode.ZERO_POINT_BYE] == 2 == codes(t, 2)[ResultCode.ZERO_POINT_BYE]
    assert codes(t, 4)[ResultCode.FORFEIT_WIN] == 2
    assert codes(t)[ResultCode.FORFEIT_WIN] == 2
    assert games(t, ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS) == 1
    assert games(t, ResultCode.DRAW, ResultCode.LOSS) == 2
    assert games(t, ResultCode.LOSS, ResultCode.DRAW) == 1
    assert games(t, ResultCode.LOSS, ResultCode.LOSS) == 1


def test_q24_percentages_per_round(tmp_path: Path) -> None:
    t = quiet(tmp_path, "--half-byes", "10%/round", players=20)
    assert all(codes(t, r)[ResultCode.HALF_POINT_BYE] == 2 for r in range(1, 7))


def test_q24_withdrawals_and_byes_never_leave_nobody_to_pair(tmp_path: Path) -> None:
    t = quiet(tmp_path, "--half-byes", "100%/round", players=10, rounds=3)
    assert all(codes(t, r)[ResultCode.HALF_POINT_BYE] == 8 for r in range(1, 4))


# --- ratings ---------------------------------------------------------------------------------


def test_q27_ratings_given_by_the_user_number_the_players(tmp_path: Path) -> None:
    t = quiet(tmp_path, "--ratings", "1800,2450,0,2100", players=4, rounds=2)
    assert [p.rating for p in t.players] == [2450, 2100, 1800, 0]


def test_q28_ratings_in_a_range_and_with_gaps(tmp_path: Path) -> None:
    ranged = quiet(tmp_path, "--ratings", "1500-1700", players=30, rounds=3)
    assert all(1500 <= p.rating <= 1700 for p in ranged.players)
    gaps = read_trf(
        generate(tmp_path, "--players", "12", "--rounds", "3", "--seed", "1",
                 "--ratings", "1400-2600/25", name="gaps.trf")
    )  # fmt: skip
    assert [p.rating for p in gaps.players] == [2600 - 25 * i for i in range(12)]


def test_q29_ratings_at_random_like_an_open(tmp_path: Path) -> None:
    t = quiet(tmp_path, "--ratings", "open:2650", players=60, rounds=3)
    ratings = [p.rating for p in t.players]
    assert ratings[0] == 2650 and all(1400 <= r <= 2650 for r in ratings)
    assert len(set(ratings)) > 30


@pytest.mark.parametrize(
    ("spec", "players", "message"),
    [
        ("2400,2300", 3, "2 ratings given for 3 players"),
        ("2000-2100/50", 4, "do not fit"),
        ("2600-1400", 4, "wrong order"),
        ("open:900", 4, "at least 1400"),
        ("abc", 4, "is not a list of ratings"),
    ],
)
def test_rating_specs_that_cannot_rate_the_field_are_refused(
    spec: str, players: int, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        parse_ratings(spec).validate(players)


# --- FIDE's rating table (Q32) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("rating", "opponent", "expected"),
    [
        (2000, 2000, 50),
        (2100, 2000, 64),  # B.02 table 8.1(b): 98-105 -> .64... D=100 -> .64
        (2000, 2100, 36),
        (2400, 1800, 92),  # art. 8.3.1: 600 counted as 400 (391-411 -> .92)
        (1800, 2400, 8),
        (2649, 2000, 92),  # still below 2650: capped
        (2700, 2200, 96),  # 2650 and above: the actual 500 (484-517 -> .96)
        (2650, 2000, 99),  # 650 (620-735 -> .99)
        (0, 2000, 50),  # an unrated player: no rating to compare
    ],
)
def test_q32_scoring_probability_is_fide_table_8_1_b_with_the_rule_of_400(
    rating: int, opponent: int, expected: int
) -> None:
    assert scoring_probability(rating, opponent) == expected


def test_q32_results_keep_the_table_expectation_exactly() -> None:
    for white, black in ((2000, 2000), (2300, 2000), (1700, 2200), (2700, 2100)):
        for draw_percent in (0, 15, 30, 45, 100):
            win, draw, loss = result_odds(white, black, draw_percent)
            assert win + draw + loss == 10_000
            assert 2 * win + draw == 2 * 100 * scoring_probability(white, black)
            assert min(win, draw, loss) >= 0


def test_q32_drawn_results_follow_the_table() -> None:
    """20,000 games at 2100 against 2000 with a 30 % draw rate: White scores 64 %, and
    draws come out at 30 % x 2 x 36 % = 21.6 % (a fixed seed: the same figures each run)."""
    rng = random.Random(32)
    tally = Counter(draw_result(rng, 2100, 2000, 30)[0] for _ in range(20_000))
    score = (tally[ResultCode.WIN] + tally[ResultCode.DRAW] / 2) / 20_000
    assert abs(score - 0.64) < 0.01
    assert abs(tally[ResultCode.DRAW] / 20_000 - 0.216) < 0.01


# --- unset options, reproduction (Q25, Q30) --------------------------------------------------


def test_q25_every_unset_option_is_drawn_and_recorded(tmp_path: Path) -> None:
    t = read_trf(generate(tmp_path, "--seed", "77"))
    comments = [line for line in t.extra_records if line.startswith("###")]
    command = next(c for c in comments if c.startswith("### swissdesk generate"))
    drawn = next(c for c in comments if "drawn at random" in c)
    for option in (
        "players", "rounds", "draw-rate", "withdraw-rate", "late-entry-rate", "full-byes",
        "half-byes", "zero-byes", "forfeit-wins", "double-forfeits", "half-zero", "zero-half",
        "zero-zero", "baku", "tiebreaks", "ratings",
    ):  # fmt: skip
        assert f"--{option}" in drawn
        assert f"--{option} " in command or f"--{option}" in ("--baku",)
    assert 8 <= len(t.players) <= 120 and 3 <= t.total_rounds <= 11


def test_q25_unset_options_differ_from_seed_to_seed(tmp_path: Path) -> None:
    commands = {
        next(r for r in read_trf(generate(tmp_path, "--seed", str(s), "--players", "10",
                                          "--rounds", "3", name=f"{s}.trf")).extra_records
             if r.startswith("### swissdesk generate"))
        .replace(f"--seed {s} ", "")
        for s in range(6)
    }  # fmt: skip
    assert len(commands) == 6


def test_q30_the_recorded_command_gives_the_same_tournament(tmp_path: Path) -> None:
    first = generate(tmp_path, "--seed", "41", "--players", "16", name="a.trf")
    command = next(
        line for line in first.read_text().splitlines() if line.startswith("### swissdesk generate")
    )
    again = generate(tmp_path, *command.split()[3:], name="b.trf")
    differ = set(first.read_text().splitlines()) ^ set(again.read_text().splitlines())
    assert all(line.startswith("### options drawn at random") for line in differ), differ


def test_q30_same_options_same_file_and_no_seed_a_new_tournament(tmp_path: Path) -> None:
    a = generate(tmp_path, "--seed", "5", "--players", "12", name="a.trf").read_text()
    b = generate(tmp_path, "--seed", "5", "--players", "12", name="b.trf").read_text()
    c = generate(tmp_path, "--players", "12", name="c.trf").read_text()
    d = generate(tmp_path, "--players", "12", name="d.trf").read_text()
    assert a == b and c != d


# --- Baku, tie-breaks, systems -----------------------------------------------------------------


def test_q24_baku_acceleration_is_written_as_record_250(tmp_path: Path) -> None:
    t = quiet(tmp_path, "--baku", players=14, rounds=7)
    assert sorted(t.acceleration) == list(range(1, 9))  # 2 * ceil(14 / 4) = 8 (C.04.7 1.2)
    # 4 accelerated rounds: a win's points in 2, half of it in 2 (art. 1.4), in half-points
    assert [t.acceleration_for(8, r) for r in range(1, 8)] == [2, 2, 1, 1, 0, 0, 0]
    assert not t.acceleration_for(9, 1)
    assert main(["check", "-q", str(tmp_path / "g.trf")]) == 0


def test_q24_q31_tie_break_list_written_as_202_and_212_and_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = quiet(tmp_path, "--tiebreaks", "SB,DE,WIN", players=16)
    assert t.tiebreaks == ("SB", "DE", "WIN")
    assert "212 PTS, SB, DE, WIN" in t.extra_records
    assert main(["check", str(tmp_path / "g.trf")]) == 0
    assert "(PTS, SB, DE, WIN, from record 212): every rank follows" in capsys.readouterr().out


def test_tiebreaks_none_ranks_by_points_with_ties_shared(tmp_path: Path) -> None:
    t = quiet(tmp_path, "--tiebreaks", "none", players=16)
    assert t.tiebreaks == () and not any(r.startswith("212") for r in t.extra_records)
    by_points = sorted(t.players, key=lambda p: -(p.declared_points or 0))
    for a, b in itertools.pairwise(by_points):
        same = a.declared_points == b.declared_points
        assert (a.declared_rank == b.declared_rank) == same


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--system", "team", "--half-byes", "2"], "--system team does not take --half-byes"),
        (["--system", "double-swiss", "--zero-zero", "1"], "single-game results"),
        (["--tiebreaks", "BH,NOPE"], "unknown tie-break"),
        (["--zero-byes", "9:1", "--rounds", "5"], "outside the tournament"),
        (["--seed", "-3"], "--seed must be 0 or more"),
    ],
)
def test_options_that_cannot_apply_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    out = tmp_path / "x.trf"
    assert main(["generate", "--players", "8", *args, "-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()
