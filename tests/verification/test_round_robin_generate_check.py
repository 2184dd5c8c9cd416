"""``swissdesk generate --system round-robin`` and ``swissdesk check`` on round robins: the
generated tournament's pairing numbers are the table numbers and every round is the Berger
table's (GRC Annex 1: an odd field's highest number is the bye; a double round robin
reverses the colours in cycle 2 and, unless --no-swap, the last two rounds of cycle 1);
check compares every round with the table, and the rank column with the tie-break list."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.engines.round_robin import schedule
from swissdesk.engines.round_robin.verify import file_round
from swissdesk.model.round_robin import RoundRobinSettings, settings_of
from swissdesk.trf import format_trf, read_trf

SIZES = [(3, 1), (4, 2), (5, 2), (8, 1), (9, 2), (12, 1), (15, 2), (24, 1), (23, 2)]


def generate(tmp_path: Path, *argv: str) -> Path:
    out = tmp_path / "g.trf"
    assert main(["generate", "--system", "round-robin", *argv, "-o", str(out)]) == 0
    return out


@pytest.mark.parametrize(("players", "cycles"), SIZES)
def test_generated_round_robin_follows_the_tables_and_passes_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int, cycles: int
) -> None:
    out = generate(tmp_path, "--players", str(players), "--cycles", str(cycles), "--seed", "7")
    capsys.readouterr()
    t = read_trf(out)
    assert t.system == "round-robin"
    settings = settings_of(t)
    assert settings.cycles == cycles
    steps = schedule(players, settings)
    assert t.total_rounds == len(steps) == (players + players % 2 - 1) * cycles
    for step in steps:
        seen = file_round(t, step.round_number)
        games = {(w, b) for w, b, known in seen.games}
        assert games == {(p.white, p.black) for p in step.pairs}, step.round_number
        if players % 2:  # the player who meets the highest (bye) number has no game
            assert step.bye in seen.without_opponent
    assert main(["check", "-q", str(out)]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_generated_round_robin_passes_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    """Every option unset: size, cycles, order of the last rounds, withdrawals (GRC 6.6),
    forfeits, tie-breaks and ratings drawn from the seed."""
    out = generate(tmp_path, "--seed", str(seed))
    capsys.readouterr()
    assert main(["check", "-q", str(out)]) == 0, capsys.readouterr().out
    text = out.read_text()
    assert "### swissdesk generate --system round-robin" in text
    assert not any(code in text.split("212")[-1].split("\n")[0] for code in ("BH", "FB", "AOB"))


def test_no_swap_keeps_the_tables_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = generate(tmp_path, "--players", "6", "--cycles", "2", "--no-swap", "--seed", "3")
    t = read_trf(out)
    assert settings_of(t) == RoundRobinSettings(2, False)
    assert "192 BERGER_DOUBLEROUNDROBIN" in out.read_text()
    capsys.readouterr()
    assert main(["check", "-q", str(out)]) == 0


def test_check_reports_a_round_that_is_not_the_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = generate(tmp_path, "--players", "8", "--cycles", "1", "--seed", "4",
                   "--withdraw-rate", "0", "--forfeit-wins", "0", "--double-forfeits", "0")  # fmt: skip
    t = read_trf(out)
    r = 3
    flipped = []
    for p in t.players:
        e = p.rounds[r - 1]
        colour = e.colour.opposite if e.colour is not None and p.tpn in (2, 8) else e.colour
        flipped.append(replace(p, rounds=(*p.rounds[: r - 1], replace(e, colour=colour),
                                          *p.rounds[r:])))  # fmt: skip
    bad = tmp_path / "bad.trf"
    bad.write_text(format_trf(t.with_players(flipped)))
    capsys.readouterr()
    assert main(["check", "--json", str(bad)]) == 1
    report = json.loads(capsys.readouterr().out)
    wrong = [r_ for r_ in report["rounds"] if r_["discrepancies"]]
    assert [w["round"] for w in wrong] == [3]
    assert wrong[0]["discrepancies"][0]["kind"] == "colour"
    assert "round 3 of the table" in wrong[0]["discrepancies"][0]["text"]


def test_scheveningen_generate_and_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.trf"
    argv = ["generate", "--system", "scheveningen", "--players", "8", "--seed", "2"]
    assert main([*argv, "-o", str(out)]) == 0
    t = read_trf(out)
    assert t.system == "scheveningen" and t.total_rounds in (4, 8)
    for p in t.players:
        assert all((e.opponent > 4) == (p.tpn <= 4) for e in p.rounds if e.opponent)
    capsys.readouterr()
    assert main(["check", "-q", str(out)]) == 0, capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--half-byes", "2"], "does not take --half-byes"),
        (["--baku"], "does not take --baku"),
        (["--late-entry-rate", "0.1"], "does not take --late-entry-rate"),
        (["--players", "10", "--rounds", "10"], "9 rounds per cycle"),
        (["--players", "9", "--tiebreaks", "BH,SB"], "Buchholz-type"),
    ],
)
def test_what_a_round_robin_does_not_take_is_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["generate", "--system", "round-robin", "--seed", "1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_cycles_belong_to_round_robins_and_the_help_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["generate", "--cycles", "2", "--seed", "1", "--players", "8"]) == 2
    assert "for round robins" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--cycles N round robin" in text and "double round robin" in text


def test_q24_a_round_robin_takes_half_zero_zero_half_and_zero_zero_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The unusual results the checklist names (½-0, 0-½, 0-0) as counts or per round, in the
    recorded command, and the file still passes check."""
    argv = ["--players", "10", "--seed", "4", "--cycles", "2", "--withdraw-rate", "0"]
    unusual = ["--half-zero", "2", "--zero-half", "1/round", "--zero-zero", "1"]
    out = generate(tmp_path, *argv, *unusual, "--forfeit-wins", "0", "--double-forfeits", "0")
    t = read_trf(out)
    games: dict[tuple[str, str], int] = {}
    for p in t.players:
        for r, e in enumerate(p.rounds, 1):
            if e.opponent is not None and e.colour is not None and e.colour.value == "w":
                key = (e.result.value, t.player(e.opponent).rounds[r - 1].result.value)
                games[key] = games.get(key, 0) + 1
    assert games.get(("=", "0")) == 2 and games.get(("0", "0")) == 1
    assert games.get(("0", "=")) == 18  # one in each of the 18 rounds
    command = next(line for line in out.read_text().splitlines() if "swissdesk generate" in line)
    assert "--half-zero 2 --zero-half 1/round --zero-zero 1" in command
    capsys.readouterr()
    assert main(["check", "-q", str(out)]) == 0, capsys.readouterr().out


def without_192(text: str, type_092: str | None) -> str:
    """The file as a program writing TRF16 without record 192 would: the type of tournament,
    if any, only as free text in record 092."""
    lines = [line for line in text.splitlines() if not line.startswith(("192", "092"))]
    if type_092 is not None:
        lines.insert(1, f"092 {type_092}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("swap", "type_092", "option", "expected"),
    [
        (True, "Individual: Round-Robin", (), "FIDE_DOUBLEROUNDROBIN"),
        (False, "Individual: Round-Robin", (), "BERGER_DOUBLEROUNDROBIN"),
        (False, "Doppelrundenturnier", (), "BERGER_DOUBLEROUNDROBIN"),
        (True, None, ("--system", "round-robin"), "FIDE_DOUBLEROUNDROBIN"),
        (False, None, ("--system", "round-robin"), "BERGER_DOUBLEROUNDROBIN"),
    ],
)
def test_check_reads_a_round_robin_without_record_192_and_finds_its_order(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    swap: bool,
    type_092: str | None,
    option: tuple[str, ...],
    expected: str,
) -> None:
    """GRC Annex 1 allows both orders of a double round robin (the last two rounds of cycle 1
    reversed, as recommended, or the tables repeated): a file that does not say which is
    checked by the one its rounds follow, and the note names it."""
    out = generate(
        tmp_path, "--players", "10", "--cycles", "2", "--seed", "4", "--swap" if swap else "--no-swap"
    )
    bare = tmp_path / "bare.trf"
    bare.write_text(without_192(out.read_text(), type_092))
    capsys.readouterr()
    assert main(["check", "-q", *option, str(bare)]) == 0, capsys.readouterr().out
    err = capsys.readouterr().err
    assert f"checked as {expected}" in err and "2 cycles of 10 participants" in err
    # Told the wrong order, check reports the rounds that differ (rounds 8 and 9).
    wrong = "BERGER_DOUBLEROUNDROBIN" if swap else "FIDE_DOUBLEROUNDROBIN"
    told = tmp_path / "told.trf"
    told.write_text(f"192 {wrong}\n" + bare.read_text())
    assert main(["check", "-q", str(told)]) == 1
    assert "2 rounds differ (8, 9)" in capsys.readouterr().out


def test_a_swiss_file_without_record_192_stays_a_swiss(tmp_path: Path) -> None:
    out = tmp_path / "swiss.trf"
    assert main(["generate", "--players", "12", "--rounds", "4", "--seed", "3", "-o", str(out)]) == 0
    bare = tmp_path / "bare.trf"
    bare.write_text(without_192(out.read_text(), "Swiss system (Dutch), not a round robin"))
    assert read_trf(bare).system == "dutch"
