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
