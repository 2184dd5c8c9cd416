"""``swissdesk prizes FILE --plan PLAN.toml [--json]`` (issue 36): the acceptance interface."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from prize_support import EVENT, category, plan_text, prize, write_plan

from swissdesk.cli import main
from swissdesk.prizes import Sharing, read_plan

PLAN = plan_text(
    category("U2000", rating_below=2000),
    prize(1, 1000),
    prize(2, 600),
    prize(3, 300),
    prize(1, 100, category="U2000", item="Book"),
)
"""The overall prizes 1000, 600, 300 (Hort system) and a book with 100 for the best U2000."""


@pytest.fixture
def plan(tmp_path: Path) -> Path:
    return write_plan(tmp_path, PLAN)


def test_prizes_json_lists_prize_tpn_amount(plan: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Hort system on the 3rd prize: 5, 2 and 1 tied on 4.5 for places 3-5; 5 keeps 150
    of its own 300 and the pot of 150 is split 50 each."""
    assert main(["prizes", str(EVENT), "--plan", str(plan), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    got = [(r["prize"], r["tpn"], r["amount"]) for r in rows]
    assert got == [
        ("1st place", 3, 1000),
        ("2nd place", 4, 600),
        ("3rd place", 5, 200),
        ("share of 3rd place", 2, 50),
        ("share of 3rd place", 1, 50),
        ("U2000 1st", 8, 100),
    ]
    assert rows[5]["item"] == "Book" and rows[2]["shared_with"] == [2, 1]
    assert sum(r["amount"] for r in rows) == 2000


def test_prizes_text_reads_aloud(plan: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prizes", str(EVENT), "--plan", str(plan)]) == 0
    out = capsys.readouterr().out
    assert "Prize list after round 7" in out
    assert "Hort system (50 % shared)" in out
    assert "100 EUR + Book" in out
    assert "Paid 2,000 EUR of 2,000 EUR" in out


def test_prizes_csv_for_the_treasurer(plan: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prizes", str(EVENT), "--plan", str(plan), "--csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][:4] == ["Prize", "TPN", "Name", "Amount"]
    assert rows[-1][:5] == ["Total paid", "", "", "2000", "EUR"]
    assert sum(int(r[3]) for r in rows[1:-1]) == 2000


def test_prizes_after_an_earlier_round(plan: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prizes", str(EVENT), "--plan", str(plan), "--round", "3", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sum(r["amount"] for r in rows) == 2000


def test_prizes_without_a_plan_is_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prizes", str(EVENT)]) == 2
    assert "no prize plan" in capsys.readouterr().err


def test_prizes_bad_plan_is_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[[prize]]\nplace = 1\namount = 12.5\n", encoding="utf-8")
    assert main(["prizes", str(EVENT), "--plan", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "floating-point" in err and "Traceback" not in err


def test_readme_plan_example_is_a_valid_hort_plan(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The example plan of the README (section Prizes) reads, uses the Hort system, and
    gives a prize list whose amounts add up to the fund."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Prizes", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "readme.toml"
    path.write_text(example, encoding="utf-8")
    assert main(["prizes", str(EVENT), "--plan", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["prize"] for r in rows} >= {"1st place", "2nd place", "U1800 1st"}
    assert sum(r["amount"] for r in rows) == 1750
    plan = read_plan(path)
    assert plan.rules.sharing is Sharing.HORT and plan.rules.hort_percent == 50
