"""Issue 31 in the window: the settings dialog shows and sets the section's rating rules
(the tournament-rating method of TRF-2026 record 172, the criterion for equal rating and
title, C.04.2 art. 2.2.3, and unrated players in the rating tie-breaks, checklist Q208) and
keeps the rules it does not show."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from gui_support import column_texts
from PySide6.QtCore import Qt

from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import PlayersModel
from swissdesk.gui.rating_sequence import ListSequenceDialog
from swissdesk.model.ratings import (
    InitialOrder,
    ListKind,
    RatingMethod,
    RatingRules,
    UnratedMethod,
    UnratedRule,
)
from swissdesk.storage import (
    AssignPairingNumbers,
    EditSettings,
    PlayerData,
    TournamentFile,
    TournamentSettings,
)


def test_settings_dialog_keeps_and_sets_the_rating_rules(qtbot) -> None:  # type: ignore[no-untyped-def]
    rules = RatingRules(
        method=RatingMethod.FIDON,
        national_federation="AND",
        sequence=(ListKind.RAPID,),
        initial_order=InitialOrder.LOT,
        lots_seed=9,
        unrated=UnratedRule(UnratedMethod.FIXED, 1300),
    )
    dialog = TournamentDialog(["dutch"], TournamentSettings(name="Open", rating_rules=rules))
    qtbot.addWidget(dialog)
    field = dialog.rating_rules
    assert dialog.settings().rating_rules == rules
    assert field.method.currentText() == "FIDON: FIDE rating, else national"
    assert not field.unrated_value.isHidden()
    field.method.setCurrentIndex(field.method.findData("HBFN"))
    field.order.setCurrentIndex(field.order.findData("older-first"))
    field.unrated.setCurrentIndex(field.unrated.findData("average"))
    assert field.unrated_value.isHidden()  # only a fixed rating needs a figure
    got = dialog.settings().rating_rules
    assert got == RatingRules(
        method=RatingMethod.HBFN,
        national_federation="AND",
        sequence=(ListKind.RAPID,),
        initial_order=InitialOrder.OLDER_FIRST,
        lots_seed=9,
        unrated=UnratedRule(UnratedMethod.AVERAGE),
    )


def test_checklist_q126_the_list_sequence_is_ticked_and_ordered_in_the_settings_dialog(
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    dialog = TournamentDialog(
        ["dutch"], TournamentSettings(name="Open", rating_rules=RatingRules())
    )
    qtbot.addWidget(dialog)
    field = dialog.rating_rules
    assert field.sequence_label.text() == "the default of the rate of play"
    seen: list[ListSequenceDialog] = []

    def blitz_then_standard(sequence: ListSequenceDialog) -> bool:
        seen.append(sequence)
        labels = [sequence.lists.item(i).text() for i in range(sequence.lists.count())]
        assert labels[0] == "FIDE standard" and len(labels) == 5
        sequence.try_accept()
        assert "Tick at least one list" in sequence.error_label.text()
        for i in range(sequence.lists.count()):
            item = sequence.lists.item(i)
            if item.text() in ("FIDE standard", "FIDE effective blitz (standard when none)"):
                item.setCheckState(Qt.CheckState.Checked)
        sequence.lists.setCurrentRow(4)  # effective blitz, last
        for _ in range(5):
            sequence.move_list(-1)
        sequence.try_accept()
        return sequence.result() == ListSequenceDialog.DialogCode.Accepted

    field.run_dialog = blitz_then_standard
    field.edit_sequence()
    assert len(seen) == 1
    assert field.sequence_label.text() == (
        "FIDE effective blitz (standard when none) → FIDE standard"
    )
    assert dialog.settings().rating_rules.sequence == (
        ListKind.EFFECTIVE_BLITZ,
        ListKind.STANDARD,
    )

    def back_to_default(sequence: ListSequenceDialog) -> bool:
        assert sequence.chosen() == (ListKind.EFFECTIVE_BLITZ, ListKind.STANDARD)
        sequence.use_default()
        return True

    field.run_dialog = back_to_default
    field.edit_sequence()
    assert dialog.settings().rating_rules.sequence == ()


def test_a_new_tournament_starts_with_fide_alphabetical_and_unrated_left_out(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = TournamentDialog(["dutch"], TournamentSettings())
    qtbot.addWidget(dialog)
    assert dialog.settings().rating_rules == RatingRules()


def test_checklist_q149_the_window_asks_before_numbers_against_the_ratings(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "open.swissdesk"
    players = [PlayerData(n, r) for n, r in (("Alba, Ana", 2100), ("Boix, Bea", 2000))]
    with TournamentFile.create(path, TournamentSettings(name="Open"), players=players):
        pass
    assert window.open_file(path)
    assert window.players.players_in_initial_order()
    prompter = window.prompter
    prompter.answers.append(False)  # type: ignore[attr-defined]
    assert not window.players.run_numbering(AssignPairingNumbers((2, 1)), "Set pairing numbers")
    title, question, details = prompter.confirms[-1]  # type: ignore[attr-defined]
    # One mechanism for every warning (issue 29): a Level-3 question listing the facts.
    assert title == "Set pairing numbers — Level 3 warning"
    assert "depart from C.04.2 art. 2.2" in question
    assert details[0] == (
        "[Level 3] Boix, Bea would be no. 1 above Alba, Ana (no. 2), who has a higher "
        "tournament rating or title (C.04.2 art. 2.2)"
    )
    assert min(window.player_rows, key=lambda p: p.tpn).name == "Alba, Ana"
    prompter.answers.append(True)  # type: ignore[attr-defined]
    assert window.players.run_numbering(AssignPairingNumbers((2, 1)), "Set pairing numbers")
    assert min(window.player_rows, key=lambda p: p.tpn).name == "Boix, Bea"
    assert not window.players.players_in_initial_order()


def test_checklist_q116_the_players_list_shows_the_tournament_rating_beside_fide(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "open.swissdesk"
    players = [
        PlayerData("Alba, Ana", 2000, national_rating=2150),
        PlayerData("Boix, Bea", 0, national_rating=1900),
    ]
    rules = RatingRules(method=RatingMethod.NIDOF)
    settings = TournamentSettings(name="Open", rating_rules=rules)
    with TournamentFile.create(path, settings, players=players):
        pass
    assert window.open_file(path)
    page = window.players_page
    column = PlayersModel.TOURNAMENT_RATING
    assert not page.table.isColumnHidden(column)
    assert column_texts(page.model, PlayersModel.RATING) == ["2000", ""]
    assert column_texts(page.model, column) == ["2150", "1900"]
    window.run_action(
        EditSettings(dataclasses.replace(window.file.settings(), rating_rules=RatingRules())),  # type: ignore[union-attr]
        "Settings",
    )
    assert page.table.isColumnHidden(column)  # FIDE's rating only: one column
    assert column_texts(page.model, column) == ["2000", ""]
