"""An event over 30 days in the settings dialog (C.02 VCL Q210-216): the flag, which
ratings the rating tie-breaks read, and the advice against them (Q211)."""

from __future__ import annotations

from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.model.ratings import (
    RatingMethod,
    RatingRules,
    TiebreakRatingMode,
    TiebreakRatings,
)
from swissdesk.storage import TournamentSettings


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
