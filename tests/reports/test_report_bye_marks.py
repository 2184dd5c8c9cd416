"""A bye in the cross table and on the pairing cards shows the points it scored under the
tournament's scoring: a Double-Swiss half-point bye is worth a point (C.04.5 art. 1.4 and the
byes of the preface), a 3-1-0 full-point bye 3."""

from __future__ import annotations

from swissdesk.gui.standings_models import cross_rows
from swissdesk.lists.board_order import bye_mark
from swissdesk.lists.crosstable import round_cell
from swissdesk.model.tournament import (
    DOUBLE_SWISS_SCORING,
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)
from swissdesk.tiebreaks import compute_standings


def test_bye_mark_shows_the_points_the_bye_scored() -> None:
    assert bye_mark(ResultCode.HALF_POINT_BYE, ScoringSystem()) == "bye ½"
    assert bye_mark(ResultCode.HALF_POINT_BYE, DOUBLE_SWISS_SCORING) == "bye 1"
    three = ScoringSystem(win=6, draw=2, full_point_bye=6, half_point_bye=2)
    assert bye_mark(ResultCode.FULL_POINT_BYE, three) == "bye 3"
    assert bye_mark(ResultCode.PAIRING_ALLOCATED_BYE, three) == "PAB"
    assert bye_mark(ResultCode.WIN, three) is None


def test_cross_tables_print_and_show_a_three_point_bye_as_bye_3() -> None:
    three = ScoringSystem(win=6, draw=2, full_point_bye=6, half_point_bye=2)
    entry = RoundEntry.bye(ResultCode.FULL_POINT_BYE)
    assert round_cell(entry, {}, three) == "bye 3"
    players = (
        Player(1, "A", rounds=(entry, RoundEntry(2, Colour.WHITE, ResultCode.WIN))),
        Player(
            2,
            "B",
            rounds=(
                RoundEntry.bye(ResultCode.HALF_POINT_BYE),
                RoundEntry(1, Colour.BLACK, ResultCode.LOSS),
            ),
        ),
    )
    t = Tournament(players=players, total_rounds=2, scoring=three)
    rows = {row.tpn: row.cells for row in cross_rows(t, compute_standings(t, ("BH",)))}
    assert rows[1][0] == "bye 3" and rows[2][0] == "bye 1"
