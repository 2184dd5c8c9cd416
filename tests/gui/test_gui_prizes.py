"""Issue 36 in the window: Players > Prize list and categories. The plan is imported from
its TOML file (an audited action, undone like any other), the list shown is the one
computation of :mod:`swissdesk.prizes` (the same the CLI prints), each category's
standings can be shown, and the plan, the PDF and the treasurer's CSV are written."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from swissdesk.cli import main
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.prizes import CategoryStandingsModel, PrizeListModel
from swissdesk.prizes import read_plan

PLAN = Path(__file__).resolve().parents[2] / "docs" / "samples" / "riverside-prizes.toml"


def _open_prizes(window: MainWindow, sample_copy: Path) -> Any:
    assert window.open_file(sample_copy)
    window.menu_actions["prizes"].trigger()
    dialog = window.prizes.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_prize_list_without_a_plan_says_how_to_get_one(
    window: MainWindow, sample_copy: Path
) -> None:
    dialog = _open_prizes(window, sample_copy)
    assert "no prize plan" in dialog.rules.text()
    assert not dialog.pdf_button.isEnabled()
    assert dialog.prize_model.rowCount() == 0


def test_imported_plan_shows_the_cli_prize_list(
    window: MainWindow, sample_copy: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    dialog = _open_prizes(window, sample_copy)
    prompter: Any = window.prompter
    prompter.files.append(str(PLAN))
    dialog.import_button.click()
    assert prompter.errors == []
    model = dialog.prize_model
    shown = [
        (model.display_text(r, 1), model.display_text(r, 2), model.display_text(r, 4))
        for r in range(model.rowCount())
    ]
    capsys.readouterr()
    assert main(["prizes", str(sample_copy), "--json"]) == 0  # the plan the window kept
    rows = json.loads(capsys.readouterr().out)
    money = read_plan(PLAN).rules.money
    expected = [
        (r["prize"], str(r["tpn"]) if r["tpn"] else "",
         money.text(r["amount"], code=True) if r["tpn"] and (r["amount"] or not r["item"]) else "")
        for r in rows
    ]  # fmt: skip
    assert shown == expected
    assert shown[0] == ("1st place", "3", "1,500 CHF")
    assert "Paid 5,000 CHF of 5,000 CHF" in dialog.notes.text()
    # a category's standings
    dialog.show_box.setCurrentText("Category: U18")
    cats = dialog.table.model()
    assert isinstance(cats, CategoryStandingsModel)
    assert [cats.display_text(0, c) for c in (0, 2)] == ["1", "34"]
    # the plan, the PDF and the CSV
    plan_out, pdf_out, csv_out = tmp_path / "p.toml", tmp_path / "p.pdf", tmp_path / "p.csv"
    prompter.files += [str(plan_out), str(pdf_out), str(csv_out)]
    dialog.export_button.click()
    dialog.pdf_button.click()
    dialog.csv_button.click()
    assert prompter.errors == []
    assert read_plan(plan_out) == read_plan(PLAN)
    assert pdf_out.read_bytes().startswith(b"%PDF")
    lines = list(csv.reader(io.StringIO(csv_out.read_text(encoding="utf-8"))))
    assert lines[-1][:5] == ["Total paid", "", "", "5000", "CHF"]
    # undo removes the plan
    window.menu_actions["undo"].trigger()
    window.prizes.refresh()
    assert dialog.prize_model.rowCount() == 0


def test_prize_list_model_passes_the_model_tester(qtmodeltester, sample_copy: Path) -> None:  # type: ignore[no-untyped-def]
    from swissdesk.prizes import tournament_prizes
    from swissdesk.storage import TournamentFile

    with TournamentFile.open(sample_copy) as tf:
        prizes = tournament_prizes(tf.snapshot(), read_plan(PLAN), after_round=5)
    model = PrizeListModel()
    model.set_prizes(prizes)
    qtmodeltester.check(model)
    cats = CategoryStandingsModel()
    cats.set_rows(list(prizes.categories[0].rows))
    qtmodeltester.check(cats)


def test_plan_edited_in_the_window_is_checked_and_kept(
    window: MainWindow, sample_copy: Path
) -> None:
    """Edit plan: a wrong plan is refused with the place named and nothing kept; a good
    one is kept as one action and the list follows it."""
    from swissdesk.gui.prizes import PlanEditorDialog

    dialog = _open_prizes(window, sample_copy)
    prompter: Any = window.prompter
    seen: list[str] = []

    def wrong_then_right(editor: PlanEditorDialog) -> bool:
        editor.editor.setPlainText("[[prize]]\nplace = 2\namount = 100\n")
        editor.try_accept()
        seen.append(editor.errors.text())
        assert not editor.result()
        editor.editor.setPlainText(
            "[rules]\ncurrency = 'EUR'\n[[category]]\nname = 'Club'\nticked = true\n"
            "[[prize]]\nplace = 1\namount = 100\n"
            "[[prize]]\ncategory = 'Club'\nplace = 1\namount = 30\n"
        )
        return True

    prompter.dialogs.append(wrong_then_right)
    dialog.edit_button.click()
    assert "places must be 1, 2, 3" in seen[0]
    assert window.file is not None
    plan = window.file.prize_plan()
    assert plan is not None and [c.name for c in plan.categories] == ["Club"]
    model = dialog.prize_model
    assert [model.display_text(r, 1) for r in range(model.rowCount())] == [
        "1st place", "Club 1st",
    ]  # fmt: skip
    assert model.display_text(1, 3) == "(not awarded)"
    assert dialog.tick_button.isEnabled()

    # Tick players: 20 and 24 in the club; 20 is ahead, so wins the club prize.
    from swissdesk.gui.prizes import TickPlayersDialog

    def tick(ticks: TickPlayersDialog) -> bool:
        for row in range(ticks.players.count()):
            item = ticks.players.item(row)
            if item.text().split()[0] in {"20", "24"}:
                item.setCheckState(Qt.CheckState.Checked)
        return True

    prompter.dialogs.append(tick)
    dialog.tick_button.click()
    assert window.file.prize_ticks() == {20: frozenset({"Club"}), 24: frozenset({"Club"})}
    assert model.display_text(1, 2) == "20"
