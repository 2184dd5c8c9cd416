"""Double-Swiss (C.04.5) in TRF and on the command line: one game per TRF round column,
``swissdesk pair|check|generate --system double-swiss`` on TRF files and JSON states."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.errors import InputError
from swissdesk.model.tournament import ResultCode, truncated
from swissdesk.trf import format_trf, read_trf, write_trf
from swissdesk.trf.reader import parse_trf
from swissdesk.verification.generator import GeneratorSettings, generate_tournament
from tests.engines.corpus_support import CORPUS


def _generated(tmp_path: Path, players: int, rounds: int, seed: int) -> Path:
    out = tmp_path / f"ds-{players}-{seed}.trf"
    args = ["generate", "--system", "double-swiss", "--players", str(players)]
    args += ["--rounds", str(rounds), "--seed", str(seed), "--forfeit-rate", "0.1"]
    assert main([*args, "--bye-rate", "0.1", "-o", str(out)]) == 0
    return out


def test_trf_layout_one_game_per_column_and_back() -> None:
    settings = GeneratorSettings(players=11, rounds=5, seed=4, system="double-swiss")
    tournament = generate_tournament(settings, get_engine("double-swiss"))
    text = format_trf(tournament)
    assert "192 FIDE_DOUBLE_SWISS_2026" in text
    assert "142 10" in text  # two columns per round
    back = parse_trf(text)
    assert back.total_rounds == 5
    assert [p.rounds for p in back.players] == [p.rounds for p in tournament.players]
    line = next(x for x in text.splitlines() if x.startswith("001    1 "))
    blocks = [line[91 + 10 * i : 99 + 10 * i] for i in range(10)]
    for first, second in zip(blocks[0::2], blocks[1::2], strict=True):
        if first[:4].strip() not in ("", "0000"):
            assert first[:4] == second[:4]  # same opponent
            assert {first[5], second[5]} == {"w", "b"}  # reversed colours


def test_trf_pab_is_one_column_with_an_empty_second_and_counts_one_and_a_half() -> None:
    settings = GeneratorSettings(players=7, rounds=3, seed=1, system="double-swiss")
    tournament = generate_tournament(settings, get_engine("double-swiss"))
    back = parse_trf(format_trf(tournament))
    pab = [
        (p.tpn, r)
        for p in back.players
        for r, e in enumerate(p.rounds, start=1)
        if e.result is ResultCode.PAIRING_ALLOCATED_BYE
    ]
    assert pab
    assert back.entry_points(back.player(pab[0][0]).rounds[pab[0][1] - 1]) == 3


def test_trf_two_games_against_different_opponents_are_refused() -> None:
    settings = GeneratorSettings(players=6, rounds=2, seed=2, system="double-swiss")
    text = format_trf(generate_tournament(settings, get_engine("double-swiss")))
    lines = text.splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith("001    1 "))
    line = lines[i]
    opponent = line[101:105]
    other = "   2" if opponent.strip() != "2" else "   3"
    lines[i] = line[:101] + other + line[105:]
    with pytest.raises(InputError):
        parse_trf("\n".join(lines) + "\n")


def test_generate_check_and_pair_with_the_double_swiss_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _generated(tmp_path, 13, 5, 7)
    capsys.readouterr()
    assert main(["check", "-q", str(out)]) == 0
    assert "agrees with the file in every round" in capsys.readouterr().out
    no_192 = tmp_path / "no-192.trf"
    no_192.write_text(
        "".join(x for x in out.read_text().splitlines(True) if not x.startswith("192"))
    )
    assert main(["check", "--system", "double-swiss", "-q", str(no_192)]) == 0
    full = read_trf(out)
    before = tmp_path / "before-round-4.trf"
    write_trf(truncated(full, 4), before)
    capsys.readouterr()
    assert main(["pair", "--explain", str(before)]) == 0
    captured = capsys.readouterr()
    boards = {frozenset((p.tpn, e.opponent)) for p in full.players if (e := p.rounds[3]).opponent}
    byes = sum(1 for p in full.players if p.rounds[3].result is ResultCode.PAIRING_ALLOCATED_BYE)
    assert captured.out.splitlines()[0] == str(len(boards) + byes)
    assert "Bracket" in captured.err


@pytest.mark.skipif(not (CORPUS / "double-swiss").is_dir(), reason="shared corpus not found")
def test_pair_a_json_state_and_an_impossible_one(capsys: pytest.CaptureFixture[str]) -> None:
    folder = CORPUS / "double-swiss"
    assert main(["pair", str(folder / "ds-0005-n07-r05-heavy-rd04.json")]) == 0
    assert capsys.readouterr().out == "3\n1 5\n2 6\n3 0\n"
    impossible = folder / "ds-0005-n07-r05-heavy-rd05-impossible.json"
    assert main(["pair", "--system", "double-swiss", str(impossible)]) == 1
    assert "no PAB assignee leaves a legal pairing" in capsys.readouterr().err


def test_generated_double_swiss_tournaments_break_no_absolute_criterion(tmp_path: Path) -> None:
    """Property: generated tournaments (the engine's independent verifier runs on every
    round) are accepted by ``check``."""
    for seed in (11, 12, 13):
        out = _generated(tmp_path, 8 + seed % 5, 6, seed)
        assert main(["check", "-q", str(out)]) == 0


@pytest.mark.parametrize(
    ("history_1", "history_2", "message"),
    [
        ([(2, "w", "1x")], [(1, "b", "0=")], "two game results"),
        ([(2, "w", "1=")], [(1, "w", "0=")], "same colour in game 1"),
        ([(2, "w", "1=")], [], "does not list this match"),
        ([(2, "-", "1=")], [(1, "b", "0=")], "colour of game 1"),
        ([(2, "w", "PAB")], [(1, "b", "0=")], "has no opponent"),
    ],
)
def test_json_state_refuses_bad_double_swiss_matches(
    history_1: list[tuple[int, str, str]], history_2: list[tuple[int, str, str]], message: str
) -> None:
    from swissdesk.trf.json_state import state_to_tournament

    def history(items: list[tuple[int, str, str]]) -> list[dict[str, object]]:
        return [{"round": 1, "opponent": o, "colour": c, "result": r} for o, c, r in items]

    data = {
        "system": "double-swiss",
        "rounds_total": 3,
        "players": [
            {"tpn": 1, "history": history(history_1)},
            {"tpn": 2, "history": history(history_2)},
        ],
    }
    with pytest.raises(InputError, match=message):
        state_to_tournament(data)
