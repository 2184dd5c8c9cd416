"""``swissdesk generate``: reproducible random tournaments that read back and check clean."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import TPN_ORDER

from swissdesk.cli import main
from swissdesk.model.tournament import ResultCode
from swissdesk.trf import parse_trf, read_trf


def generate(tmp_path: Path, *extra: str, name: str = "g.trf", system: str = TPN_ORDER) -> Path:
    out = tmp_path / name
    args = ["generate", "--system", system, "--players", "15", "--rounds", "5", "-o", str(out)]
    assert main([*args, *extra]) == 0
    return out


def test_same_seed_same_tournament_and_seed_in_file(tmp_path: Path) -> None:
    a = generate(tmp_path, "--seed", "1234", name="a.trf")
    b = generate(tmp_path, "--seed", "1234", name="b.trf")
    c = generate(tmp_path, "--seed", "1235", name="c.trf")
    assert a.read_text() == b.read_text()
    assert a.read_text() != c.read_text()
    t = read_trf(a)
    assert "seed 1234" in t.info.name
    assert any("--seed 1234" in line for line in t.extra_records if line.startswith("###"))


def test_generated_tournament_reads_back_with_trf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = generate(tmp_path, "--seed", "99")
    capsys.readouterr()
    assert main(["trf", str(out)]) == 0
    t = parse_trf(capsys.readouterr().out)
    assert len(t.players) == 15
    assert t.total_rounds == 5 and t.rounds_with_pairings == 5
    ratings = [p.rating for p in t.players]
    assert ratings == sorted(ratings, reverse=True)
    assert all(1000 <= r <= 2750 for r in ratings)


def test_seed_is_told_when_not_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = generate(tmp_path)
    err = capsys.readouterr().err
    seed = err.split("seed ")[1].split()[0]
    again = generate(tmp_path, "--seed", seed, name="again.trf")
    assert out.read_text() == again.read_text()


def test_rates_shape_the_results(tmp_path: Path) -> None:
    quiet = read_trf(
        generate(
            tmp_path,
            "--seed",
            "3",
            "--bye-rate",
            "0",
            "--forfeit-rate",
            "0",
            "--withdraw-rate",
            "0",
            "--draw-rate",
            "0",
            "--half-zero",
            "0",
            "--zero-half",
            "0",
            "--zero-zero",
            "0",
            name="quiet.trf",
        )
    )
    results = {e.result for p in quiet.players for e in p.rounds}
    assert results <= {ResultCode.WIN, ResultCode.LOSS, ResultCode.PAIRING_ALLOCATED_BYE}
    busy = read_trf(
        generate(
            tmp_path,
            "--seed",
            "3",
            "--bye-rate",
            "0.3",
            "--forfeit-rate",
            "1",
            "--withdraw-rate",
            "0.1",
            "--half-zero",
            "0",
            "--zero-half",
            "0",
            "--zero-zero",
            "0",
            name="busy.trf",
        )
    )
    results = {e.result for p in busy.players for e in p.rounds}
    assert ResultCode.FORFEIT_WIN in results or ResultCode.FORFEIT_LOSS in results
    assert not results & {ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS}
    assert ResultCode.HALF_POINT_BYE in results
    assert ResultCode.ZERO_POINT_BYE in results


def test_late_entries_are_absent_until_they_arrive(tmp_path: Path) -> None:
    """``--late-entry-rate``: a late entry has zero-point byes (absent) until it arrives in
    round 2 to mid-event, and plays from then on; the rate is in the reproducing command."""
    t = read_trf(generate(tmp_path, "--seed", "4", "--late-entry-rate", "0.4", "--bye-rate", "0"))
    late = [
        p
        for p in t.players
        if p.rounds[0].result is ResultCode.ZERO_POINT_BYE and p.rounds[-1].opponent is not None
    ]
    assert late
    for p in late:
        arrival = next(i for i, e in enumerate(p.rounds) if e.opponent is not None)
        assert 1 <= arrival <= 2  # rounds 2 or 3 of 5
        assert all(e.result is ResultCode.ZERO_POINT_BYE for e in p.rounds[:arrival])
    assert any("--late-entry-rate 0.4" in line for line in t.extra_records)
    plain = read_trf(
        generate(tmp_path, "--seed", "4", "--late-entry-rate", "0", name="plain.trf")
    )
    assert any("--late-entry-rate 0 " in line for line in plain.extra_records)


def test_generated_tournament_checks_clean_with_its_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = generate(tmp_path, "--seed", "8", "--bye-rate", "0.2", "--withdraw-rate", "0.05")
    assert main(["check", str(out), "--system", TPN_ORDER, "-q"]) == 0


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [
        ("--draw-rate", "1.5", "--draw-rate must be between 0 and 1"),
        ("--players", "1", "--players must be between 2 and 9999"),
        ("--rounds", "0", "--rounds must be between 1 and 99"),
    ],
)
def test_impossible_settings_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str, message: str
) -> None:
    args = [
        "generate",
        "--system",
        TPN_ORDER,
        "--players",
        "10",
        "--rounds",
        "3",
        "-o",
        str(tmp_path / "x.trf"),
        flag,
        value,
    ]
    assert main(args) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.trf").exists()
