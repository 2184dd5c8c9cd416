"""``swissdesk check``, standings: the rank column against the file's tie-break list
(C.02 checklist Q21; TRF-2026 records 202 and 212; C.07)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from verification_support import block, generated, player, trf_of, with_rank_lines, write

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.trf import parse_trf
from swissdesk.verification.check import EXIT_INCOMPLETE, EXIT_OK, EXIT_PROBLEMS, check_file
from swissdesk.verification.standings import check_standings, rank_order


def ranks_of(text: str) -> dict[int, int | None]:
    return {p.tpn: p.declared_rank for p in parse_trf(text).players}


def test_q21_a_scrambled_rank_column_is_reported_with_the_deciding_tie_break(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The audit's E2: a file with 202 BH/C1, BH and a nonsense rank column was accepted
    with exit code 0. Now each wrong rank is named, with the criterion that decides."""
    text = trf_of(generated(3))
    ranks = ranks_of(text)
    first = next(t for t, r in ranks.items() if r == 1)
    fourth = next(t for t, r in ranks.items() if r == 4)
    path = write(tmp_path, with_rank_lines(text, {first: 4, fourth: 1}))
    assert main(["check", str(path)]) == EXIT_PROBLEMS
    out = capsys.readouterr().out
    assert "Round 5: agrees" in out
    assert "2 ranks do not follow the list" in out
    assert f"player {first} (Random{first:04d}, Player) is ranked 4 in the file" in out
    assert "PTS decides" in out


def test_a_rank_decided_by_a_tie_break_names_it_with_both_values(tmp_path: Path) -> None:
    """Two players equal on points, separated by BH/C1: swapping their ranks is caught and
    the message names BH/C1 and both values."""
    t = generated(3)
    report = check_standings(t)
    assert report.checked and report.agrees
    assert report.standings is not None
    rows = report.standings.rows
    a, b = next(
        (x, y)
        for x, y in itertools.pairwise(rows)
        if x.points == y.points
        and x.values[0].value != y.values[0].value
        and "-" not in x.rank_label
    )
    bad = parse_trf(with_rank_lines(trf_of(t), {a.tpn: b.rank, b.tpn: a.rank}))
    problems = check_standings(bad).problems
    assert {p.tpn for p in problems} == {a.tpn, b.tpn}
    wrong = next(p for p in problems if p.tpn == a.tpn)
    assert wrong.decided_by == "BH/C1"
    assert wrong.other == b.tpn
    assert f"BH/C1 decides, {a.values[0].display} against {b.values[0].display}" in wrong.text


def test_generated_rank_column_follows_its_list_exit_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, trf_of(generated(11, players=15, rounds=6)))
    assert main(["check", str(path)]) == EXIT_OK
    out = capsys.readouterr().out
    assert "(PTS, BH/C1, BH, from record 212): every rank follows the list." in out


def test_record_212_decides_where_the_points_count() -> None:
    """212 ``BH, PTS``: Buchholz first, the points only break ties on it."""
    t = generated(5, players=10, rounds=4, tiebreaks=("BH",))
    lines = ["212 BH, PTS" if line.startswith("212") else line for line in trf_of(t).splitlines()]
    text = "\n".join(lines) + "\n"
    order = rank_order(parse_trf(text))
    assert order.codes == ("BH", "PTS") and order.source == "212"
    assert "the points do not decide" not in " ".join(order.notes)
    report = check_standings(parse_trf(text))
    assert report.standings is not None
    bh = [row.values[0].value for row in report.standings.rows]
    assert bh == sorted(bh, reverse=True)  # the rank column is now wrong in places
    assert not report.agrees


def test_records_202_and_212_that_disagree_are_noted() -> None:
    text = trf_of(generated(5, players=10, rounds=4))
    text = text.replace("212 PTS, BH/C1, BH", "212 PTS, SB")
    order = rank_order(parse_trf(text))
    assert order.codes == ("PTS", "SB")
    assert any("name different tie-breaks" in note for note in order.notes)


def test_without_a_tie_break_list_the_points_alone_decide_and_ties_may_be_in_any_order(
    tmp_path: Path,
) -> None:
    """No 202/212 (bbpPairings' files): players equal on points are tied, so 2 and 3 may
    be ranked either way; a player ranked above one with more points is wrong."""
    lines = [
        "012 Points only",
        "XXR 2",
        player(1, "2.0", block(3, "w", "1"), block(2, "b", "1"), rank=1),
        player(2, "1.0", block(4, "b", "1"), block(1, "w", "0"), rank=3),
        player(3, "1.0", block(1, "b", "0"), block(4, "w", "1"), rank=2),
        player(4, "0.0", block(2, "w", "0"), block(3, "b", "0"), rank=4),
    ]
    t = parse_trf("\n".join(lines) + "\n")
    report = check_standings(t)
    assert report.order.source == "none" and report.agrees
    swapped = parse_trf(with_rank_lines("\n".join(lines) + "\n", {1: 2, 3: 1}))
    problems = check_standings(swapped).problems
    assert [p.tpn for p in problems] == [1, 3]
    assert problems[1].decided_by == "PTS"


def test_a_file_without_rank_column_is_not_checked_and_exits_0(tmp_path: Path) -> None:
    text = trf_of(generated(2, players=8, rounds=3))
    path = write(tmp_path, with_rank_lines(text, dict.fromkeys(range(1, 9))))
    report = check_file(parse_trf(path.read_text()), get_engine("dutch"))
    assert not report.standings.checked
    assert "no rank column" in report.standings.reason
    assert report.exit_code == EXIT_OK


def test_a_missing_rank_among_others_is_a_problem(tmp_path: Path) -> None:
    text = trf_of(generated(2, players=8, rounds=3))
    problems = check_standings(parse_trf(with_rank_lines(text, {5: None}))).problems
    assert [p.tpn for p in problems] == [5]
    assert "has no rank in the file" in problems[0].text


def test_a_tie_break_swissdesk_does_not_know_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = trf_of(generated(2, players=8, rounds=3)).replace("212 PTS, BH/C1, BH", "212 PTS, XYZ")
    path = write(tmp_path, text)
    assert main(["check", "-q", str(path)]) == EXIT_INCOMPLETE
    assert "Standings not checked: the standings cannot be computed" in capsys.readouterr().out


def test_json_report_lists_rounds_problems_values_and_exit_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = trf_of(generated(3))
    ranks = ranks_of(text)
    first = next(t for t, r in ranks.items() if r == 1)
    last = max(ranks.values(), key=lambda r: r or 0)
    bottom = next(t for t, r in ranks.items() if r == last)
    path = write(tmp_path, with_rank_lines(text, {first: last, bottom: 1}))
    assert main(["check", "--json", str(path)]) == EXIT_PROBLEMS
    data = json.loads(capsys.readouterr().out)
    assert data["exit_code"] == EXIT_PROBLEMS and data["system"] == "dutch"
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3, 4, 5]
    assert all(r["agrees"] and r["discrepancies"] == [] for r in data["rounds"])
    standings = data["standings"]
    assert standings["order"] == ["PTS", "BH/C1", "BH"] and standings["order_from"] == "212"
    assert {p["player"] for p in standings["problems"]} == {first, bottom}
    problem = next(p for p in standings["problems"] if p["player"] == first)
    assert problem["file_rank"] == last and problem["place"] == "1"
    assert set(problem["values"]) == {"PTS", "BH/C1", "BH"}
    assert problem["decided_by"] == "PTS"
    assert len(standings["table"]) == 12


def test_standings_option_prints_every_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, trf_of(generated(3)))
    assert main(["check", "-q", "--standings", str(path)]) == EXIT_OK
    out = capsys.readouterr().out
    assert "  place  player  file rank  PTS  BH/C1  BH" in out
    assert (
        len([line for line in out.splitlines() if line.startswith("  ") and line[2:7].strip()])
        >= 12
    )
