"""``swissdesk check`` in the arbiter's language (issue 38): the report an arbiter reads (the
rounds, the discrepancies, the standings' notes and summary) follows the system's language;
``--json`` (for programs) and the texts a tournament stores (``RoundCheck.differences``, the
``### Import`` lines) stay English."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from verification_support import generated, trf_of, with_rank_lines, write

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.i18n import set_process_language
from swissdesk.model.tournament import Colour, Tournament
from swissdesk.trf import parse_trf
from swissdesk.verification.check import EXIT_PROBLEMS, check_file


def colours_swapped(t: Tournament, round_number: int) -> tuple[Tournament, int, int]:
    """``t`` with the colours of the first game of ``round_number`` swapped in both lines."""
    white = next(
        p for p in t.players if (e := p.entry(round_number)) and e.colour is Colour.WHITE
    )
    entry = white.entry(round_number)
    assert entry is not None and entry.opponent is not None
    black = entry.opponent

    def swapped(tpn: int) -> object:
        p = t.players_by_tpn[tpn]
        rounds = list(p.rounds)
        e = rounds[round_number - 1]
        assert e.colour is not None
        rounds[round_number - 1] = replace(e, colour=e.colour.opposite)
        return replace(p, rounds=tuple(rounds))

    players = [swapped(p.tpn) if p.tpn in (white.tpn, black) else p for p in t.players]
    return t.with_players(players), white.tpn, black  # type: ignore[arg-type]


@pytest.fixture
def scrambled(tmp_path: Path) -> tuple[Path, int]:
    """A generated event whose players ranked 1 and 4 swapped places in the rank column."""
    text = trf_of(generated(3))
    ranks = {p.tpn: p.declared_rank for p in parse_trf(text).players}
    first = next(t for t, r in ranks.items() if r == 1)
    fourth = next(t for t, r in ranks.items() if r == 4)
    return write(tmp_path, with_rank_lines(text, {first: 4, fourth: 1})), first


def test_the_report_in_german_and_the_json_in_english(
    scrambled: tuple[Path, int], capsys: pytest.CaptureFixture[str], system_language
) -> None:  # type: ignore[no-untyped-def]
    path, first = scrambled
    system_language("en")
    assert main(["check", str(path), "--json"]) == EXIT_PROBLEMS
    english_json = capsys.readouterr().out
    system_language("de")
    assert main(["check", str(path)]) == EXIT_PROBLEMS
    out = capsys.readouterr().out
    assert "Runde 5: stimmt überein" in out and "Round 5" not in out
    assert "2 Plätze folgen nicht der Liste." in out
    assert f"Spieler {first} (Random{first:04d}, Player) steht in der Datei auf Platz 4" in out
    assert "PTS entscheidet" in out
    assert out.rstrip().endswith(
        "5 Runden geprüft: die Engine stimmt in jeder Runde mit der Datei überein."
    )
    assert main(["check", str(path), "--json"]) == EXIT_PROBLEMS
    german_json = capsys.readouterr().out
    assert german_json == english_json
    data = json.loads(german_json)
    assert "2 ranks do not follow the list." in data["summary"]
    assert data["standings"]["problems"][0]["text"].startswith("player ")


def test_the_table_heading_in_russian_keeps_its_columns(
    scrambled: tuple[Path, int], capsys: pytest.CaptureFixture[str], system_language
) -> None:  # type: ignore[no-untyped-def]
    path, _first = scrambled
    system_language("en")
    main(["check", str(path), "--standings"])
    english = capsys.readouterr().out.splitlines()
    system_language("ru")
    main(["check", str(path), "--standings"])
    russian = capsys.readouterr().out.splitlines()
    heading = next(line for line in russian if "место в файле" in line)
    assert heading.split()[:6] == ["место", "участник", "место", "в", "файле", "PTS"]
    # Each column is as wide as its Russian heading: a row's file rank ends under "файле".
    end = heading.index("PTS") - 2
    rows = [line for line in russian if line[:2] == "  " and line.strip()[:1].isdigit()]
    assert len(rows) == len(parse_trf(path.read_text(encoding="utf-8")).players)
    assert all(row[end - 1].isdigit() and row[end : end + 2] == "  " for row in rows)
    assert "2 места не соответствуют списку." in "\n".join(russian)
    assert len(russian) == len(english)


def test_a_pairing_discrepancy_in_russian_stays_english_where_it_is_stored(
    system_language,  # type: ignore[no-untyped-def]
) -> None:
    t, white, black = colours_swapped(generated(4, players=10, rounds=5), 3)
    set_process_language("ru")
    report = check_file(t, get_engine("dutch"))
    third = report.pairings.rounds[2]
    pair = f"{min(white, black)}-{max(white, black)}"
    assert (
        f"цвета {pair}: в файле белые у {black}, у программы — у {white}"
        in third.shown_differences()
    )
    assert (
        f"colours of {pair}: the file gives White to {black}, the engine to {white}"
        in third.differences
    )
    lines = report.text_lines(quiet=True)
    assert any(line.startswith("Тур 3: ") for line in lines)
    assert lines[-1].startswith("проверено 5 туров: ")
    assert "Round" not in "\n".join(lines)


def test_swissdesk_generate_refuses_an_option_in_the_systems_language(
    capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    system_language("de")
    assert main(["generate", "--players", "1", "--seed", "3"]) == 2
    assert "--players muss zwischen 2 und 9999 liegen, nicht 1" in capsys.readouterr().err
    system_language("pl")
    assert main(["generate", "--half-byes", "5-3:2", "--seed", "3"]) == 2
    assert "--half-byes: rundy 5-3 są w złej kolejności" in capsys.readouterr().err
    system_language("en")
    assert main(["generate", "--half-byes", "5-3:2", "--seed", "3"]) == 2
    assert "--half-byes: rounds 5-3 are in the wrong order" in capsys.readouterr().err
