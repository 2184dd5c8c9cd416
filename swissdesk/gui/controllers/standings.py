"""The standings and cross-table pages' controllers: both show the tie-break standings
(C.07) after a chosen complete round, computed from the tournament snapshot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swissdesk.gui.models import CrossTableModel, StandingsModel, cross_rows

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow


class StandingsController:
    """The standings page: rank, points and the declared tie-breaks."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        window.standings_page.round_selected.connect(lambda _r: self.refresh_standings())

    def refresh_standings(self, reset_round: bool = False) -> None:
        page = self.w.standings_page
        after = None if reset_round else page.selected_round()
        result = standings_after(self.w, after)
        model = page.model
        assert isinstance(model, StandingsModel)
        if result is None or result[1] is None:
            model.set_standings(None)
            page.set_rounds(0, 0)
            page.message.setText("No round is complete yet.")
            page.tiebreaks.setText("")
            return
        snapshot, standings = result
        page.set_rounds(snapshot.rounds_with_pairings, standings.after_round)
        if model.standings is not standings:  # unchanged since shown: no reset
            model.set_standings(standings)
        page.message.setText("")
        page.tiebreaks.setText("Tie-breaks: " + ", ".join(standings.codes))


class CrossTableController:
    """The cross-table page: each player's opponents, colours and results by round."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        window.cross_page.round_selected.connect(lambda _r: self.refresh_cross())
        self._shown: Any = None

    def refresh_cross(self, reset_round: bool = False) -> None:
        page = self.w.cross_page
        after = None if reset_round else page.selected_round()
        result = standings_after(self.w, after)
        model = page.model
        assert isinstance(model, CrossTableModel)
        if result is None or result[1] is None:
            model.set_cross([], 0)
            self._shown = None
            page.set_rounds(0, 0)
            page.message.setText("No round is complete yet.")
            return
        snapshot, standings = result
        page.set_rounds(snapshot.rounds_with_pairings, standings.after_round)
        if self._shown is not standings:  # unchanged since shown: no reset
            model.set_cross(cross_rows(snapshot, standings), standings.after_round)
            self._shown = standings
        page.message.setText("Each round: the opponent's place, the colour (w/b) and the result.")


def standings_after(window: MainWindow, after: int | None) -> tuple[Any, Any] | None:
    """The snapshot and its standings after round ``after`` (default: the last complete
    round); ``(snapshot, None)`` before any round is complete, ``None`` on an error."""
    if window.file is None:
        return None
    tf = window.file
    cache = window.standings_cache
    if cache.get("version") != (window.standings_version, tf):
        cache.clear()
        cache["version"] = (window.standings_version, tf)
    if after in cache:
        cached: tuple[Any, Any] = cache[after]
        return cached

    def compute() -> tuple[Any, Any]:
        from swissdesk.tiebreaks import compute_standings, declared_tiebreaks

        snapshot = tf.snapshot()
        completed = snapshot.rounds_with_pairings
        if completed == 0:
            return snapshot, None
        rounds = completed if after is None or not 1 <= after <= completed else after
        return snapshot, compute_standings(
            snapshot, declared_tiebreaks(snapshot), after_round=rounds
        )

    result = window.guarded("Standings", compute)
    if result is not None:
        cache[after] = result
        if result[1] is not None:
            cache[result[1].after_round] = result
    return result
