"""The new-tournament dialog names every system as the arbiter knows it and offers the tie-breaks
a system's own text prescribes (1992 rules, F10)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from swissdesk.engines import system_names
from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.tiebreaks import DEFAULT_TIEBREAKS


def test_every_system_is_offered_by_its_name(qtbot: QtBot) -> None:
    dialog = TournamentDialog(system_names())
    qtbot.addWidget(dialog)
    shown = {
        dialog.system.itemData(i): dialog.system.itemText(i) for i in range(dialog.system.count())
    }
    assert shown["rating1992"] == "Swiss based on rating (1992)"
    assert shown["dubov"] == "Dubov (C.04.4.1)" and shown["dutch"] == "Dutch (C.04.3)"


def test_the_1992_system_offers_its_f10_tiebreaks_unless_the_arbiter_chose_others(
    qtbot: QtBot,
) -> None:
    dialog = TournamentDialog(system_names())
    qtbot.addWidget(dialog)
    dialog.system.setCurrentIndex(dialog.system.findData("rating1992"))
    assert dialog.tiebreaks.codes() == ("DE", "ARO")
    dialog.system.setCurrentIndex(dialog.system.findData("dubov"))
    assert dialog.tiebreaks.codes() == DEFAULT_TIEBREAKS
    dialog.tiebreaks.set_codes(("BH", "SB"))
    dialog.system.setCurrentIndex(dialog.system.findData("rating1992"))
    assert dialog.tiebreaks.codes() == ("BH", "SB")
