"""An event over 30 days in the settings dialog (C.02 VCL Q210-216): the flag, which
ratings the rating tie-breaks read, and the advice against them (Q211)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.gui.later_ratings import LaterRatingsDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.model.ratings import (
    RatingMethod,
    RatingRules,
    TiebreakRatingMode,
    TiebreakRatings,
)
from swissdesk.storage import EditSettings, PlayerData, TournamentFile, TournamentSettings


def test_q210_q216_the_settings_dialog_sets_the_flag_and_the_ratings_read(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = TournamentDialog(["dutch"], TournamentSettings(name="League", total_rounds=9))
    qtbot.addWidget(dialog)
    field = dialog.rating_rules
    assert not field.long_event.isChecked()
    assert not field.tiebreak_ratings.isEnabled()
    assert field.long_advice.isHidden()
    field.long_event.setChecked(True)
    assert field.tiebreak_ratings.isEnabled()
    assert not field.long_advice.isHidden()  # Q211
    assert "not recommended" in field.long_advice.text()
    got = dialog.settings().rating_rules
    assert got.long_event and got.tiebreak_ratings == TiebreakRatings()  # Q215: the first
    field.tiebreak_ratings.setCurrentIndex(
        field.tiebreak_ratings.findData(TiebreakRatingMode.ROUND.value)
    )
    assert not field.tiebreak_round.isHidden()
    field.tiebreak_round.setValue(6)
    assert dialog.settings().rating_rules.tiebreak_ratings == TiebreakRatings(
        TiebreakRatingMode.ROUND, 6
    )
    field.tiebreak_ratings.setCurrentIndex(
        field.tiebreak_ratings.findData(TiebreakRatingMode.EACH_ROUND.value)
    )
    assert field.tiebreak_round.isHidden()
    assert dialog.settings().rating_rules.tiebreak_ratings.mode is TiebreakRatingMode.EACH_ROUND
    field.long_event.setChecked(False)  # not a long event: the first ratings again
    assert dialog.settings().rating_rules == RatingRules()


def test_q216_the_dialog_shows_a_stored_choice(qtbot) -> None:  # type: ignore[no-untyped-def]
    rules = RatingRules(
        method=RatingMethod.FIDON,
        long_event=True,
        tiebreak_ratings=TiebreakRatings(TiebreakRatingMode.ROUND, 4),
    )
    dialog = TournamentDialog(["dutch"], TournamentSettings(name="League", rating_rules=rules))
    qtbot.addWidget(dialog)
    assert dialog.rating_rules.tiebreak_round.value() == 4
    assert dialog.settings().rating_rules == rules


def test_q212_q213_players_later_ratings_sets_a_periods_ratings(  # type: ignore[no-untyped-def]
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    path = tmp_path / "league.swissdesk"
    players = [PlayerData(f"Player {i}", 2300 - 100 * i) for i in range(1, 5)]
    with TournamentFile.create(
        path, TournamentSettings(name="League", total_rounds=6), players=players
    ):
        pass
    assert window.open_file(path)
    action = window.menu_actions["later_ratings"]
    assert not action.isEnabled()  # not an event over 30 days
    settings = window.tournament_settings
    assert settings is not None
    rules = dataclasses.replace(settings.rating_rules, long_event=True)
    assert window.run_action(
        EditSettings(dataclasses.replace(settings, rating_rules=rules)), "Settings"
    )
    assert action.isEnabled()
    seen: list[LaterRatingsDialog] = []

    def fill(dialog: LaterRatingsDialog) -> bool:
        seen.append(dialog)
        dialog.round.setValue(4)
        dialog.list_name.setText("FIDE 2027-01")
        assert dialog.table.item(0, dialog.FIRST).text() == "2200"
        dialog.table.item(0, dialog.LATER).setText("2215")
        dialog.table.item(2, dialog.LATER).setText("19x0")
        dialog.try_accept()
        assert not dialog.errors.isHidden()  # a typo is shown, not stored
        dialog.table.item(2, dialog.LATER).setText("1990")
        return True

    window.prompter.dialogs.append(fill)  # type: ignore[attr-defined]
    action.trigger()
    assert seen and seen[0].changes() == ((1, 2215), (3, 1990))
    with TournamentFile.open(path) as tf:
        ratings = {p.tpn: p.ratings for p in tf.players()}
    first = ratings[1]
    assert first is not None and first.later[0].from_round == 4
    assert (first.later[0].rating.source, first.later[0].rating.date) == ("FIDE", "2027-01")
    # the dialog shows what is held when opened again
    again = LaterRatingsDialog(window.player_rows, 6, 4)
    qtbot.addWidget(again)
    assert again.table.item(0, again.LATER).text() == "2215"
    assert again.table.item(1, again.LATER).text() == ""
