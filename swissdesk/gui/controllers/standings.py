"""The standings and cross-table pages' controllers: both show the tie-break standings
(C.07) after a chosen complete round, computed from the tournament snapshot.

A big event (more than ``BACKGROUND_FROM`` player-rounds) reads the snapshot and computes
the tie-breaks in a worker thread: the page keeps the previous table, says it is being
updated, and shows the new one when it arrives, so the window never freezes (issue 18,
item 10). The computation starts as soon as the complete rounds change (the round's last
result, a correction, an undo), usually before the arbiter opens the page."""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from swissdesk.gui.models import CrossTableModel, StandingsModel, cross_rows, points
from swissdesk.gui.player_card import PlayerCardDialog, compute_extras, player_card_html
from swissdesk.i18n import N_, _, worded
from swissdesk.lists.round_robin_grid import round_robin_grid
from swissdesk.model.round_robin import is_round_robin

if TYPE_CHECKING:
    from swissdesk.gui.mainwindow import MainWindow

BACKGROUND_FROM = 3_000
"""Player-rounds from which the standings are computed off the GUI thread (e.g. 300
players x 10 rounds, about 100 ms: below it the computation is quicker than a thread's
round trip would make worthwhile)."""

SWITCH_INTERVAL = 0.0002
"""Seconds between the worker's hand-overs of the GIL while it computes (Python's default
is 0.005)."""

UPDATING = N_("Updating…")


class StandingsController:
    """The standings page: rank, points and the declared tie-breaks."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.computer = StandingsComputer(window)
        window.standings_page.round_selected.connect(lambda _r: self.refresh_standings())
        window.standings_page.table.doubleClicked.connect(
            lambda index: self.player_card(self._tpn_at(index.row()))
        )
        self.card: PlayerCardDialog | None = None

    def _tpn_at(self, row: int) -> int | None:
        model = self.w.standings_page.model
        return model.row_at(row).tpn if 0 <= row < model.rowCount() else None

    def player_card(self, tpn: int | None = None) -> None:
        """The player card (rating change game by game, norms) of ``tpn``, else of the
        player selected on the standings or players page, after the round the standings
        page shows (the latest complete round)."""
        if self.w.file is None:
            return
        if tpn is None:
            tpn = self._selected_tpn()
        if tpn is None:
            self.w.prompter.error(
                _("Player card"), _("Select a player on the Players or Standings page first.")
            )
            return
        after = self.w.standings_page.selected_round() or None
        result = self.computer.cached(after)
        if result is None:  # not computed yet (or a big event's worker is busy): do it now
            tf = self.w.file
            result = self.w.guarded(_("Player card"), lambda: _compute(tf, after, False))
            if result is None:
                return
        snapshot, standings = result[after]
        extras = result.get(("ratings", standings.after_round)) if standings else None
        if standings is None or extras is None:
            self.w.prompter.error(_("Player card"), _("No round is complete yet."))
            return
        name = snapshot.player(tpn).name
        self.card = PlayerCardDialog(
            _("Player card: {name}").format(name=name),
            player_card_html(snapshot, extras, tpn),
            self.w,
        )
        self.card.show()

    def external_tiebreak(self) -> None:
        """Players > External tie-break values…: values decided outside the program (a
        play-off) ranking as one more tie-break (C.02 VCL Q207), or lots drawn among the
        players still tied (Q204-206)."""
        from swissdesk.gui.external_tiebreak import ExternalTiebreakDialog
        from swissdesk.storage import DrawLotsForTies, SetExternalTiebreak

        tf = self.w.file
        settings = self.w.tournament_settings
        if tf is None or settings is None:
            return
        title = _("External tie-break values")
        if settings.is_team:
            self.w.prompter.error(title, _("External tie-break values are for individual events."))
            return
        result = self.w.guarded(title, lambda: _compute(tf, None, False))
        if result is None:
            return
        external = self.w.guarded(title, tf.external_tiebreak)
        if external is None:
            return
        _snapshot, standings = result[None]
        players = [(row.tpn, row.name) for row in self.w.player_rows]
        dialog = ExternalTiebreakDialog(
            players, external, settings.tiebreaks, standings, self.w
        )
        if not self.w.prompter.run_dialog(dialog):
            return
        if dialog.draw_requested:
            self.w.run_action(DrawLotsForTies(), title)
            return
        action = SetExternalTiebreak(
            dialog.values(),
            True,
            dialog.label.text(),
            dialog.lower_first(),
            dialog.position_text(),
        )
        self.w.run_action(action, title)

    def _selected_tpn(self) -> int | None:
        if self.w.tabs.currentIndex() == self.w.PAGE_STANDINGS:
            rows = self.w.standings_page.table.selectionModel().selectedRows()
            return self._tpn_at(rows[0].row()) if rows else None
        return self.w.players_page.selected_tpn()

    def refresh_standings(self, reset_round: bool = False) -> None:
        page = self.w.standings_page
        after = None if reset_round else page.selected_round()
        result = self.computer.get(after, self.refresh_standings_later)
        model = page.model
        assert isinstance(model, StandingsModel)
        if result is PENDING:
            page.message.setText(_(UPDATING))  # the previous table stays until the new one
            return
        if result is None or result[1] is None:
            model.set_standings(None)
            page.set_rounds(0, 0)
            page.message.setText(_("No round is complete yet."))
            page.tiebreaks.setText("")
            return
        snapshot, standings = result
        page.set_rounds(snapshot.rounds_with_pairings, standings.after_round)
        if model.standings is not standings:  # unchanged since shown: no reset
            extras = self.w.standings_cache.get(("ratings", standings.after_round))
            model.set_standings(standings, extras)
        names = {p.tpn: p.name for p in snapshot.players}
        notes = []
        if standings.excluded:
            excluded = ", ".join(
                _("no. {number} {name}").format(number=t, name=names.get(t, ""))
                for t in standings.excluded
            )
            notes.append(
                _(
                    "Not in the standings (withdrew having completed less than half the games, "
                    "GRC art. 6.6): {players}"
                ).format(players=excluded)
            )
        if standings.rating_note:  # an event over 30 days (C.02 VCL Q211, Q214-216)
            notes.append(worded(standings.rating_note))
        page.message.setText("\n".join(notes))
        page.tiebreaks.setText(_("Tie-breaks: {codes}").format(codes=", ".join(standings.codes)))

    def refresh_standings_later(self) -> None:
        """The computation asked for arrived: show it if the page is still waiting."""
        if self.w.standings_page.message.text() == _(UPDATING):
            self.refresh_standings()


class CrossTableController:
    """The cross-table page: each player's opponents, colours and results by round."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        window.cross_page.round_selected.connect(lambda _r: self.refresh_cross())
        self._shown: Any = None

    def refresh_cross(self, reset_round: bool = False) -> None:
        page = self.w.cross_page
        after = None if reset_round else page.selected_round()
        result = self.w.standings.computer.get(after, self.refresh_cross_later)
        model = page.model
        assert isinstance(model, CrossTableModel)
        if result is PENDING:
            page.message.setText(_(UPDATING))
            return
        if result is None or result[1] is None:
            model.set_cross([], 0)
            page.grid_model.set_grid(None)
            self._shown = None
            page.set_rounds(0, 0)
            page.message.setText(_("No round is complete yet."))
            return
        snapshot, standings = result
        page.set_rounds(snapshot.rounds_with_pairings, standings.after_round)
        if is_round_robin(snapshot.system):
            page.use_grid(True)
            if self._shown is not standings:
                page.show_grid(round_robin_grid(snapshot, standings))
                self._shown = standings
            grid = page.grid_model.grid
            text = _(
                "Each cell: the line's player's result against the column's; grey: he had Black."
            )
            if grid is not None and grid.cycles > 1:
                text += _(" One column per cycle.")
            if grid is not None and grid.teams:
                score = " – ".join(f"{name} {points(value)}" for name, value in grid.teams)
                text += "  " + _("Match: {score}").format(score=score)
            page.message.setText(text)
            return
        page.use_grid(False)
        if self._shown is not standings:  # unchanged since shown: no reset
            rows = self.w.standings_cache.get(("cross", standings.after_round))
            model.set_cross(
                rows if rows is not None else cross_rows(snapshot, standings),
                standings.after_round,
            )
            self._shown = standings
        page.message.setText(
            _("Each round: the opponent's place, the colour (w/b) and the result.")
        )

    def refresh_cross_later(self) -> None:
        if self.w.cross_page.message.text() == UPDATING:
            self.refresh_cross()


PENDING: Any = object()
"""``StandingsComputer.get``'s answer while the worker thread computes."""


def _compute(tf: Any, after: int | None, with_cross: bool) -> dict[object, Any]:
    """(snapshot, standings) after ``after`` (default: the last complete round), keyed as
    the cache keeps them; with ``with_cross`` also the cross-table rows."""
    from swissdesk.tiebreaks import compute_standings, declared_tiebreaks

    snapshot = tf.snapshot()
    completed = snapshot.rounds_with_pairings
    if completed == 0:
        return {after: (snapshot, None)}
    rounds = completed if after is None or not 1 <= after <= completed else after
    standings = compute_standings(snapshot, declared_tiebreaks(snapshot), after_round=rounds)
    out: dict[object, Any] = {after: (snapshot, standings), rounds: (snapshot, standings)}
    if not snapshot.is_team:  # what every player takes home (issue 37): the same figures
        # the rating-change and norm PDFs and ``swissdesk ratings``/``norms`` show
        out[("ratings", rounds)] = compute_extras(
            snapshot, tf.rating_inputs(), tf.norm_settings(), rounds
        )
    if with_cross:
        out[("cross", rounds)] = cross_rows(snapshot, standings)
    return out


class StandingsComputer(QObject):
    """The standings cache (``MainWindow.standings_cache``, valid for one
    ``standings_version``) and the worker thread that fills it for big events."""

    _arrived = Signal(object, object, object)
    """(what was computed, the entries or None, the error or None): queued to the GUI
    thread, where the cache lives."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.running: tuple[Any, int | None] | None = None
        self.waiting: list[Callable[[], None]] = []
        self.players = 0
        self.frozen: Any = None
        self._interval = sys.getswitchinterval()
        self._arrived.connect(self._on_arrived)

    def _version(self) -> tuple[int, Any]:
        return (self.w.standings_version, self.w.file)

    def _cache(self) -> dict[object, Any]:
        cache = self.w.standings_cache
        if cache.get("version") != self._version():
            cache.clear()
            cache["version"] = self._version()
        return cache

    def cached(self, after: int | None) -> dict[object, Any] | None:
        """What the cache holds for the standings after ``after`` and their rating
        changes and norms (``None`` if not computed yet)."""
        cache = self._cache()
        if after not in cache:
            return None
        snapshot, standings = cache[after]
        if standings is None:
            return {after: cache[after]}
        key = ("ratings", standings.after_round)
        if key not in cache and not snapshot.is_team:
            return None
        return {after: cache[after], key: cache.get(key)}

    def big(self) -> bool:
        """More player-rounds than ``BACKGROUND_FROM`` (the player count remembered from
        the last time the players were read)."""
        if self.w.players_cache is not None:
            self.players = len(self.w.players_cache)
        return self.players * max(self.w.rounds_paired, 1) >= BACKGROUND_FROM

    def get(self, after: int | None, then: Callable[[], None] | None = None) -> Any:
        """The (snapshot, standings) after round ``after``; ``PENDING`` while a big event's
        are computed (``then()`` is called when they arrive); ``None`` after an error."""
        if self.w.file is None:
            return None
        cache = self._cache()
        if after in cache:
            return cache[after]
        if not self.big():
            tf = self.w.file
            result = self.w.guarded(_("Standings"), lambda: _compute(tf, after, False))
            if result is None:
                return None
            cache.update(result)
            return result[after]
        if then is not None and then not in self.waiting:
            self.waiting.append(then)
        self.start(after)
        return PENDING

    def prefetch(self) -> None:
        """Start computing the latest standings of a big event (the complete rounds just
        changed), so that they are ready when the arbiter opens the page; started once the
        action's own refresh is over (from the event loop)."""
        QTimer.singleShot(0, self._prefetch_now)

    def _prefetch_now(self) -> None:
        if self.w.file is not None and self.big() and None not in self._cache():
            self.start(None)

    def start(self, after: int | None) -> None:
        """Compute in a worker thread, unless one is running (when it arrives, whoever
        still waits asks again)."""
        if self.running is not None:
            return
        key = (self._version(), after)
        self.running = key
        tf = self.w.file

        def work() -> None:
            try:
                self._arrived.emit(key, _compute(tf, after, True), None)
            except Exception as exc:  # re-raised on the GUI thread (a dialog if arbiter-caused)
                self._arrived.emit(key, None, exc)

        # While the worker holds the GIL the GUI thread waits for it after every Qt call
        # (up to the switch interval, 5 ms by default): hand it over sooner meanwhile.
        self._interval = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)
        threading.Thread(target=work, name="standings", daemon=True).start()

    def _on_arrived(
        self, key: Any, result: dict[object, Any] | None, error: BaseException | None
    ) -> None:
        self.running = None
        sys.setswitchinterval(self._interval)
        current = key[0] == self._version()
        waiting, self.waiting = self.waiting, []
        if current and error is not None:
            if waiting:  # a prefetch fails silently: the page asks again and shows it

                def fail() -> None:
                    raise error

                self.w.guarded(_("Standings"), fail)
            return
        if current and result is not None:
            self._cache().update(result)
            if self.frozen is not self.w.file:
                # A full collection of the cyclic GC holds the GIL for 100-200 ms in a big
                # event (the worker's allocations trigger it, in either thread): once per
                # file, the long-lived objects (Qt, the file, this snapshot) are moved out of
                # its reach; they are still freed by reference counting.
                gc.collect(1)
                gc.freeze()
                self.frozen = self.w.file
        for then in waiting:
            then()  # shows the table, or asks again (another round, a newer version)
        if self.running is None:
            self._prefetch_now()

    def wait(self, timeout_s: float = 60.0) -> bool:
        """Let the worker finish (tests, benchmarks)."""
        import time

        from PySide6.QtCore import QCoreApplication

        deadline = time.monotonic() + timeout_s
        while self.running is not None and time.monotonic() < deadline:
            QCoreApplication.processEvents()
            time.sleep(0.002)
        QCoreApplication.processEvents()
        return self.running is None
