"""The core's texts in the window, in the arbiter's language (issue 38): the pairing
systems' names in the settings' system combo, the prize list's reasons and the norms'
verdicts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from gui_support import speak
from pytestqt.qtbot import QtBot

from swissdesk.engines import system_names
from swissdesk.gui.dialogs import TournamentDialog

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "swissdesk" / "resources" / "sample" / "riverside-open-2026.swissdesk"
PLAN = ROOT / "docs" / "samples" / "riverside-prizes.toml"


pytestmark = pytest.mark.usefixtures("english_afterwards")


def _systems(qtbot: QtBot) -> dict[str, str]:
    dialog = TournamentDialog(system_names())
    qtbot.addWidget(dialog)
    return {
        dialog.system.itemData(i): dialog.system.itemText(i) for i in range(dialog.system.count())
    }


def test_the_system_combo_names_the_systems_in_the_arbiters_language(qtbot: QtBot) -> None:
    assert _systems(qtbot)["dutch"] == "Dutch (C.04.3)"
    speak("de")
    shown = _systems(qtbot)
    assert shown["dutch"] == "Holländisch (C.04.3)"
    assert shown["double-swiss"] == "Doppel-Schweizer System (C.04.5)"
    assert shown["rating1992"] == "Schweizer System nach Elo (1992)"
    speak("ru")
    assert _systems(qtbot)["round-robin"] == (
        "Круговая система (таблицы Бергера, C.05 приложение 1)"
    )


def test_the_prize_list_speaks_the_arbiters_language(qtbot: QtBot, tmp_path: Path) -> None:
    """The window's prize list: the prize names and the "Why" column in the arbiter's
    language, from the same computed list."""
    from swissdesk.gui.prizes import PrizeListModel
    from swissdesk.prizes import read_plan, tournament_prizes
    from swissdesk.storage import TournamentFile

    copy = Path(shutil.copyfile(SAMPLE, tmp_path / SAMPLE.name))
    with TournamentFile.open(copy) as tf:
        prizes = tournament_prizes(tf.snapshot(), read_plan(PLAN))
    model = PrizeListModel()
    model.set_prizes(prizes)
    assert model.display_text(0, 1) == "1st place"
    assert model.display_text(0, 6).startswith("1st in the standings (")
    speak("de")
    model.set_prizes(prizes)
    assert model.display_text(0, 1) == "1. Preis"
    assert model.display_text(0, 6).startswith("1. Platz der Rangliste (")
    shown = [model.display_text(r, 6) for r in range(model.rowCount())]
    assert any("punktgleich mit 4 Punkten" in why for why in shown)
    assert not any("tied on" in why or "in the standings" in why for why in shown)


def test_the_player_cards_norm_lines_speak_the_arbiters_language(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The card's norm section: what is missing for a norm and the forecast, in German for
    a German arbiter; GM stays GM."""
    from swissdesk.gui.player_card import compute_extras, player_card_html
    from swissdesk.storage import TournamentFile
    from tests.norms import norm_support as support

    path = tmp_path / "norm.swissdesk"
    TournamentFile.from_tournament(
        path, support.seeker_event(support.CASE_A[:7], total_rounds=9)
    ).close()

    def card() -> str:
        with TournamentFile.open(path) as tf:
            snapshot = tf.snapshot()
            extras = compute_extras(snapshot, tf.rating_inputs(), tf.norm_settings(), 7)
        return player_card_html(snapshot, extras, 1)

    english = card()
    assert "1.4.1: 7 games (at least 9 games)" in english
    assert "GM norm still possible, 2 rounds left" in english
    speak("de")
    german = card()
    assert "1.4.1: 7 Partien (mindestens 9 Partien)" in german
    assert "GM-Norm noch möglich, 2 Runden übrig" in german
    assert "still possible" not in german and "at least" not in german


def test_the_prize_lists_amounts_are_written_as_the_arbiters_language_does(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The window's Amount column: ``1,500 CHF`` in English, ``1.500 CHF`` in German,
    ``1 500 CHF`` in French (CLDR's grouping, a no-break space before the code), from the
    same computed list."""
    from swissdesk.gui.prizes import PrizeListModel
    from swissdesk.prizes import read_plan, tournament_prizes
    from swissdesk.storage import TournamentFile

    copy = Path(shutil.copyfile(SAMPLE, tmp_path / SAMPLE.name))
    with TournamentFile.open(copy) as tf:
        prizes = tournament_prizes(tf.snapshot(), read_plan(PLAN))
    model = PrizeListModel()
    shown = {}
    for code in ("en", "de", "fr"):
        speak(code)
        model.set_prizes(prizes)
        shown[code] = model.display_text(0, 4)
    assert shown == {"en": "1,500 CHF", "de": "1.500\u00a0CHF", "fr": "1\u202f500\u00a0CHF"}


def test_the_entry_fee_dialog_round_trips_amounts_in_the_arbiters_language(
    qtbot: QtBot,
) -> None:
    """Players > Entry fee in German: the amounts shown as the check-in list writes them
    (``1.500,50``) read back unchanged; ``1.500`` typed is fifteen hundred, never 1.50."""
    from swissdesk.gui.phones import EntryFeeDialog

    speak("de")
    dialog = EntryFeeDialog("Startgeld", 150050, 2000, "EUR")
    qtbot.addWidget(dialog)
    assert (dialog.due.text(), dialog.paid.text()) == ("1.500,50", "20,00")
    assert dialog.problems() == [] and dialog.amounts() == (150050, 2000)
    dialog.due.setText("1.500")
    dialog.paid.setText("12.50")
    assert dialog.problems() == [] and dialog.amounts() == (150000, 1250)
