"""Players > External tie-break values… (C.02 VCL Q207; lots for the ties, Q204-206), and
the standings page's note for an event over 30 days (Q211, as the CLI and the PDF show it)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import Qt

from swissdesk.gui.external_tiebreak import ExternalTiebreakDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.storage import EditSettings, TournamentFile
from tests.cli.cli_support import drawn_event


def headings(window: MainWindow) -> list[str]:
    model = window.standings_page.model
    return [
        str(model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole))
        for c in range(model.columnCount())
    ]


def test_q207_the_dialog_enters_values_that_rank_on_the_standings_page(  # type: ignore[no-untyped-def]
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    path = drawn_event(tmp_path)
    assert window.open_file(path)
    seen: list[ExternalTiebreakDialog] = []

    def fill(dialog: ExternalTiebreakDialog) -> bool:
        seen.append(dialog)
        assert [dialog.table.item(i, dialog.PLACE).text() for i in range(4)] == ["1-4"] * 4
        dialog.label.setText("Armageddon")
        dialog.order.setCurrentIndex(dialog.order.findData(True))  # a place: lower first
        dialog.position.setCurrentIndex(dialog.position.findData(0))  # before BH
        row = [dialog.table.item(i, dialog.NUMBER).text() for i in range(4)].index("2")
        dialog.table.item(row, dialog.VALUE).setText("x")
        dialog.try_accept()
        assert not dialog.errors.isHidden()  # a typo is shown, not stored
        dialog.table.item(row, dialog.VALUE).setText("1")
        return True

    window.prompter.dialogs.append(fill)  # type: ignore[attr-defined]
    window.menu_actions["external_tiebreak"].trigger()
    assert seen
    with TournamentFile.open(path) as tf:
        external = tf.external_tiebreak()
    assert (external.label, external.lower_first, external.after) == ("Armageddon", True, 0)
    assert external.values == {2: 1}
    window.tabs.setCurrentIndex(window.PAGE_STANDINGS)
    window.standings.refresh_standings(reset_round=True)
    assert headings(window)[5:8] == ["Armageddon", "BH", "SB"]
    first = window.standings_page.model.row_at(0)
    assert (first.tpn, first.rank_label) == (2, "1")
    # shown again when opened again
    again = ExternalTiebreakDialog(
        [(r.tpn, r.name) for r in window.player_rows], external, ("BH", "SB"), None
    )
    qtbot.addWidget(again)
    assert again.label.text() == "Armageddon" and again.position.currentData() == 0
    assert not again.draw.isEnabled()  # values held: no drawing of lots over them


def test_q204_draw_lots_from_the_dialog(  # type: ignore[no-untyped-def]
    window: MainWindow, tmp_path: Path
) -> None:
    path = drawn_event(tmp_path)
    assert window.open_file(path)

    def draw(dialog: ExternalTiebreakDialog) -> bool:
        dialog.draw.click()
        return dialog.draw_requested

    window.prompter.dialogs.append(draw)  # type: ignore[attr-defined]
    window.menu_actions["external_tiebreak"].trigger()
    with TournamentFile.open(path) as tf:
        external = tf.external_tiebreak()
    assert external.lower_first and sorted(external.values.values()) == [1, 2, 3, 4]


def test_q211_the_standings_page_shows_the_long_event_note(  # type: ignore[no-untyped-def]
    window: MainWindow, tmp_path: Path
) -> None:
    path = drawn_event(tmp_path, "ARO,BH")
    assert window.open_file(path)
    settings = window.tournament_settings
    assert settings is not None
    rules = dataclasses.replace(settings.rating_rules, long_event=True)
    assert window.run_action(
        EditSettings(dataclasses.replace(settings, rating_rules=rules)), "Settings"
    )
    window.tabs.setCurrentIndex(window.PAGE_STANDINGS)
    window.standings.refresh_standings(reset_round=True)
    text = window.standings_page.message.text()
    assert "ARO computed with the first ratings" in text
    assert "not recommended in an event over 30 days" in text


def test_the_dialog_shows_points_with_a_half_and_values_in_the_arbiters_language(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path
) -> None:
    """Issue 38: the points as the standings show them ("1½", never "1.5"), a value with the
    language's decimal sign ("1,5" in German), which reads back as the same value."""
    from fractions import Fraction

    from swissdesk.i18n import using_language
    from swissdesk.model.external_tiebreak import ExternalTiebreak, parse_value
    from swissdesk.tiebreaks import compute_standings

    with TournamentFile.open(drawn_event(tmp_path)) as tf:
        snapshot = tf.snapshot()
    players = [(p.tpn, p.name) for p in snapshot.players]
    standings = compute_standings(snapshot, ("BH", "SB"), after_round=3)
    external = ExternalTiebreak("Armageddon", values={2: Fraction(3, 2), 3: Fraction(-1, 4)})
    for language, shown in (("en", ["1.5", "-0.25"]), ("de", ["1,5", "-0,25"])):
        with using_language(language):
            dialog = ExternalTiebreakDialog(players, external, ("BH", "SB"), standings)
        qtbot.addWidget(dialog)
        numbers = [dialog.table.item(i, dialog.NUMBER).text() for i in range(len(players))]
        assert [dialog.table.item(i, dialog.POINTS).text() for i in range(4)] == ["1½"] * 4
        values = [dialog.table.item(numbers.index(n), dialog.VALUE).text() for n in ("2", "3")]
        assert values == shown
        assert [parse_value(v) for v in values] == [Fraction(3, 2), Fraction(-1, 4)]
        assert dict(dialog.values()) == {2: shown[0], 3: shown[1]}


def test_the_dialogs_refusal_gives_its_examples_in_the_arbiters_language(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path
) -> None:
    """Issue 38: a value the dialog cannot read is refused with examples written as the
    arbiter types them ("2, 1,5 oder -1" in German), not with an English decimal point."""
    from swissdesk.i18n import using_language
    from swissdesk.model.external_tiebreak import ExternalTiebreak

    with TournamentFile.open(drawn_event(tmp_path)) as tf:
        snapshot = tf.snapshot()
    players = [(p.tpn, p.name) for p in snapshot.players]
    for language, example in (("en", "(for example 2, 1.5 or -1)"), ("de", "2, 1,5 oder -1")):
        with using_language(language):
            dialog = ExternalTiebreakDialog(players, ExternalTiebreak("Armageddon"), (), None)
            qtbot.addWidget(dialog)
            dialog.table.item(0, dialog.VALUE).setText("abc")
            found = dialog.problems()
        assert len(found) == 1 and example in found[0], found
