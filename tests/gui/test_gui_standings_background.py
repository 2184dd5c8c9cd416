"""Issue 18, item 10: in a big event the standings and cross table are computed in a
worker thread; the page keeps the previous table ("Updating…") until the new one arrives,
which is exactly what the tie-breaks compute on the GUI thread."""

from __future__ import annotations

from pathlib import Path

import pytest

import swissdesk.gui.controllers.standings as standings_controller
from swissdesk.gui.controllers.standings import UPDATING
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.storage import BoardResult, CorrectResult
from swissdesk.tiebreaks import compute_standings, declared_tiebreaks


@pytest.fixture
def big_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every tournament counts as big: the worker thread computes."""
    monkeypatch.setattr(standings_controller, "BACKGROUND_FROM", 1)


def wait_shown(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    computer = window.standings.computer
    qtbot.waitUntil(
        lambda: computer.running is None and window.standings_page.message.text() != UPDATING,
        timeout=30_000,
    )


def expected_rows(window: MainWindow) -> list[tuple[object, ...]]:
    assert window.file is not None
    snapshot = window.file.snapshot()
    standings = compute_standings(snapshot, declared_tiebreaks(snapshot))
    return [(r.rank_label, r.tpn, r.points, r.values) for r in standings.rows]


def test_big_event_standings_arrive_from_the_worker_unchanged(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, sample_copy: Path, big_event: None
) -> None:
    assert window.open_file(sample_copy)
    window.show_page(window.PAGE_STANDINGS)
    wait_shown(qtbot, window)
    shown = window.standings_page.model.standings  # type: ignore[attr-defined]
    assert shown is not None
    assert [(r.rank_label, r.tpn, r.points, r.values) for r in shown.rows] == expected_rows(window)
    window.show_page(window.PAGE_CROSS)
    qtbot.waitUntil(lambda: window.cross_page.model.rowCount() == len(shown.rows))


def test_after_a_correction_the_previous_table_stays_until_the_new_one(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, sample_copy: Path, big_event: None
) -> None:
    """C.04.2 art. 4.3: a correction changes the complete rounds; the page is never blank
    meanwhile and then shows the corrected standings."""
    assert window.open_file(sample_copy)
    window.show_page(window.PAGE_STANDINGS)
    wait_shown(qtbot, window)
    before = window.standings_page.model.standings  # type: ignore[attr-defined]
    assert before is not None
    # The previous round: in FIDE mode the only complete round that can be corrected.
    previous = window.rounds_paired - 1
    view = window.file.round_view(previous) if window.file else None
    assert view is not None
    board = view.boards[0]
    changed = (
        BoardResult.BLACK_WINS if board.result is BoardResult.WHITE_WINS else BoardResult.WHITE_WINS
    )
    assert window.run_action(
        CorrectResult(previous, board.board, changed, reason="test"), light=True
    )
    shown_now = window.standings_page.model.standings  # type: ignore[attr-defined]
    assert shown_now is before  # the previous table, until the new one arrives
    wait_shown(qtbot, window)
    after = window.standings_page.model.standings  # type: ignore[attr-defined]
    assert after is not before
    assert [(r.rank_label, r.tpn, r.points, r.values) for r in after.rows] == expected_rows(window)
