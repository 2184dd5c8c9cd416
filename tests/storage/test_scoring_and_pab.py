"""The point system and the pairing-allocated bye's value (FIDE's checklist for tournament
programs, C.02 VCL Q70-88; C.04.1 art. 3).

In FIDE mode a point system where two draws are worth more than a win and a loss (Q74), a
PAB worth more than a win (Q81) or, under the standard 1-½-0, a PAB other than 1, ½ or 0
(Q83) is refused, at creation, in the settings and in an imported file alike. The PAB's
value is set apart from a win (Q80, Q82, Q84); the point system and the PAB are fixed once
round 1 is paired (Q75, Q85), so no paired round is ever scored by another system.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from swissdesk.model.tournament import ScoringSystem, pab_values, scoring_problems
from swissdesk.storage import (
    BoardResult,
    EditSettings,
    EnterResult,
    PlayerData,
    RefusedInFideMode,
    TournamentFile,
    TournamentSettings,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.tiebreaks import compute_standings

PLAYERS = [PlayerData(f"Player {i}", rating=2300 - 50 * i) for i in range(1, 6)]
FOOTBALL = ScoringSystem(win=6, draw=2, loss=0, forfeit_win=6, pairing_allocated_bye=6)


def create(tmp_path: Path, scoring: ScoringSystem, system: str = "dutch") -> TournamentFile:
    settings = TournamentSettings(name="Points", total_rounds=3, system=system, scoring=scoring)
    return TournamentFile.create(tmp_path / "t.swissdesk", settings, players=PLAYERS)


def pab_points_after_round_1(tf: TournamentFile) -> tuple[int, int]:
    """(the PAB's pairing number, the points it scored), round 1 played."""
    pairing, _ = tf.pair_next_round()
    assert pairing.bye is not None
    for board in range(1, len(pairing.pairs) + 1):
        tf.execute(EnterResult(1, board, BoardResult.DRAW))
    standings = compute_standings(tf.snapshot(), ())
    points = {row.tpn: row.points for row in standings.rows}
    return pairing.bye, points[pairing.bye]


def test_q70_the_standard_point_system_is_the_default() -> None:
    s = TournamentSettings().scoring
    assert (s.win, s.draw, s.loss, s.pairing_allocated_bye) == (2, 1, 0, 2)
    assert scoring_problems(s) == ()


def test_q71_q72_football_scoring_is_accepted(tmp_path: Path) -> None:
    with create(tmp_path, FOOTBALL) as tf:
        assert tf.settings().scoring == FOOTBALL and tf.settings().fide_mode


@pytest.mark.parametrize(
    "scoring",
    [
        ScoringSystem(win=2, draw=2, loss=0),  # two draws 2, a win and a loss 1
        ScoringSystem(win=6, draw=4, loss=0, pairing_allocated_bye=6),
    ],
)
def test_q74_two_draws_worth_more_than_a_win_and_a_loss_are_refused(
    tmp_path: Path, scoring: ScoringSystem
) -> None:
    assert "two draws" in scoring_problems(scoring)[0]
    with pytest.raises(RefusedInFideMode, match="two draws"):
        create(tmp_path, scoring)
    assert not (tmp_path / "t.swissdesk").exists()
    with create(tmp_path, ScoringSystem()) as tf:
        with pytest.raises(RefusedInFideMode, match="two draws"):
            tf.execute(EditSettings(dataclasses.replace(tf.settings(), scoring=scoring)))
        assert tf.settings().scoring == ScoringSystem()


def test_q74_a_point_system_two_draws_equal_to_a_win_is_accepted() -> None:
    assert scoring_problems(ScoringSystem(win=2, draw=1, loss=0)) == ()
    assert scoring_problems(ScoringSystem(win=4, draw=2, loss=1, pairing_allocated_bye=4)) == ()


def test_q74_out_of_fide_mode_the_arbiter_decides(tmp_path: Path) -> None:
    """The 1992 system is not FIDE-approved: its tournament is not in FIDE mode, and the
    rules of the tournament may score as they please."""
    odd = ScoringSystem(win=2, draw=2, loss=0, pairing_allocated_bye=3)
    with create(tmp_path, odd, system="rating1992") as tf:
        assert not tf.settings().fide_mode and tf.settings().scoring == odd


@pytest.mark.parametrize("pab", [0, 1])
def test_q80_q82_the_pab_value_is_set_apart_from_a_win(tmp_path: Path, pab: int) -> None:
    """Five players: the PAB of round 1 scores what the settings say (½ or 0), not a win."""
    with create(tmp_path, ScoringSystem(pairing_allocated_bye=pab)) as tf:
        _, points = pab_points_after_round_1(tf)
        assert points == pab


def test_q80_the_pab_value_changes_in_the_settings_before_round_1(tmp_path: Path) -> None:
    with create(tmp_path, ScoringSystem()) as tf:
        half = dataclasses.replace(tf.settings().scoring, pairing_allocated_bye=1)
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), scoring=half)))
        assert tf.settings().scoring.pairing_allocated_bye == 1
        _, points = pab_points_after_round_1(tf)
        assert points == 1


def test_q79_the_pab_is_worth_a_win_by_default(tmp_path: Path) -> None:
    with create(tmp_path, ScoringSystem()) as tf:
        _, points = pab_points_after_round_1(tf)
        assert points == 2


@pytest.mark.parametrize("scoring", [ScoringSystem(), FOOTBALL])
def test_q81_a_pab_worth_more_than_a_win_is_refused(tmp_path: Path, scoring: ScoringSystem) -> None:
    over = dataclasses.replace(scoring, pairing_allocated_bye=scoring.win + 1)
    assert "more than a win" in scoring_problems(over)[0]
    with pytest.raises(RefusedInFideMode, match="more than a win"):
        create(tmp_path, over)
    with create(tmp_path, scoring) as tf, pytest.raises(RefusedInFideMode, match="more than"):
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), scoring=over)))


def test_q83_under_standard_scoring_the_pab_is_1_half_or_0() -> None:
    assert pab_values(ScoringSystem()) == (2, 1, 0)
    for pab in (0, 1, 2):
        assert scoring_problems(ScoringSystem(pairing_allocated_bye=pab)) == ()


def test_q84_custom_scoring_pab_takes_any_value_a_result_gives(tmp_path: Path) -> None:
    """3-1-0: the PAB may be 3, 1 or 0 (a win, a draw, a loss), not 2 or 1½."""
    assert pab_values(FOOTBALL) == (6, 2, 0)
    for pab in (6, 2, 0):
        assert scoring_problems(dataclasses.replace(FOOTBALL, pairing_allocated_bye=pab)) == ()
    for pab in (4, 3):
        problem = scoring_problems(dataclasses.replace(FOOTBALL, pairing_allocated_bye=pab))
        assert "no value a round can give" in problem[0]
    with create(tmp_path, dataclasses.replace(FOOTBALL, pairing_allocated_bye=2)) as tf:
        _, points = pab_points_after_round_1(tf)
        assert points == 2


def test_q83_double_swiss_pab_of_one_and_a_half_is_a_match_result() -> None:
    """C.04.5 art. 1.4: a Double-Swiss PAB is 1½, what a match of a win and a draw gives."""
    from swissdesk.model.tournament import DOUBLE_SWISS_SCORING

    assert scoring_problems(DOUBLE_SWISS_SCORING, games=2) == ()
    assert scoring_problems(dataclasses.replace(DOUBLE_SWISS_SCORING, pairing_allocated_bye=5), 2)


def test_q75_q85_point_system_and_pab_fixed_once_round_1_is_paired(tmp_path: Path) -> None:
    """Q75 and Q85 answered "no": nothing re-scores a paired round (Q76-78, Q86-88 off path)."""
    with create(tmp_path, ScoringSystem()) as tf:
        tf.pair_next_round()
        for scoring in (
            dataclasses.replace(ScoringSystem(), pairing_allocated_bye=1),
            FOOTBALL,
        ):
            with pytest.raises(ActionRefused, match="point system cannot change"):
                tf.execute(EditSettings(dataclasses.replace(tf.settings(), scoring=scoring)))
        assert tf.settings().scoring == ScoringSystem()


TRF = """012 Points imported
142 3
{extra}
001    1      Alpha, A                          2300                             {p1}    1     2 w 1     3 b 1
001    2      Beta, B                           2250                             0.0    2     1 b 0  0000 - -
001    3      Gamma, C                          2200                             {p3}    3  0000 - U     1 w 0
"""


@pytest.mark.parametrize(
    ("extra", "p1", "p3", "problem"),
    [
        ("162 W 1.0    D 1.0    L 0.0", "2.0", "1.0", "two draws"),
        ("162 P 1.5", "2.0", "1.5", "more than a win"),
        ("162 W 3.0    D 1.0    L 0.0    P 2.0", "6.0", "2.0", "no value a round can give"),
        ("BBW  1.0\nBBD  1.0", "2.0", "1.0", "two draws"),
    ],
)
def test_q74_q81_q83_an_imported_file_with_impossible_scoring_is_refused(
    tmp_path: Path, extra: str, p1: str, p3: str, problem: str
) -> None:
    path = tmp_path / "odd.trf"
    path.write_text(TRF.format(extra=extra, p1=p1, p3=p3), encoding="utf-8")
    with pytest.raises(ActionRefused, match=problem):
        TournamentFile.import_trf(path, tmp_path / "odd.swissdesk", confirmed=3)
    assert not (tmp_path / "odd.swissdesk").exists()


def test_q82_an_imported_file_with_a_pab_of_nothing_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "zero.trf"
    path.write_text(TRF.format(extra="162 P 0.0", p1="2.0", p3="0.0"), encoding="utf-8")
    with TournamentFile.import_trf(path, tmp_path / "zero.swissdesk", confirmed=3) as tf:
        assert tf.settings().scoring.pairing_allocated_bye == 0 and tf.settings().fide_mode
