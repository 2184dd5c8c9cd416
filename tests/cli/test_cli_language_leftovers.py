"""The command line's last English pieces, now in the system's language (issue 38): the
import's summary with its counts (each language's plural forms, not English "3 players"),
a team match's state ("in progress", "forfeited"), the entry fee's help and lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import drawn_event, new_file

from swissdesk.cli import main


def imported(small_trf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> str:
    capsys.readouterr()
    out = tmp_path / f"{name}.swissdesk"
    assert main(["import", str(small_trf), "-o", str(out), "--yes-i-know", "3"]) == 0
    return capsys.readouterr().out


def test_the_import_summary_counts_in_each_language(
    small_trf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    english = imported(small_trf, tmp_path, capsys, "en").splitlines()
    assert english[0] == f"created {tmp_path / 'en.swissdesk'}: 4 players, 2 rounds"
    assert "  2 rounds checked against the pairing rules: 2 break them (### Import)" in english
    assert english[-1] == "  in FIDE mode"
    system_language("pl")
    polish = imported(small_trf, tmp_path, capsys, "pl").splitlines()
    assert polish[0] == f"utworzono {tmp_path / 'pl.swissdesk'}: 4 zawodników, 2 rundy"
    assert "  sprawdzono z przepisami kojarzeń: 2 rundy; 2 je naruszają (### Import)" in polish
    assert polish[-1] == "  w trybie FIDE"
    system_language("ru")
    russian = imported(small_trf, tmp_path, capsys, "ru").splitlines()
    assert russian[0] == f"создан {tmp_path / 'ru.swissdesk'}: 4 участника, 2 тура"
    assert "  проверено по правилам жеребьёвки: 2 тура; 2 их нарушают (### Import)" in russian
    # the TRF's ### lines are machine-readable: English in every language
    assert [line for line in russian if "###" in line and "Import @" in line] == [
        line for line in english if "###" in line and "Import @" in line
    ]
    system_language("de")
    german = imported(small_trf, tmp_path, capsys, "de").splitlines()
    assert german[0] == f"{tmp_path / 'de.swissdesk'} erstellt: 4 Spieler, 2 Runden"
    assert "  2 Runden gegen die Paarungsregeln geprüft: 2 verletzen sie (### Import)" in german


def test_a_team_match_s_state_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    t = str(tmp_path / "cup.swissdesk")
    assert main(["team", "new", t, "--name", "Cup", "--rounds", "3", "--boards", "2"]) == 0
    for name, base in (("Alpha", 2400), ("Beta", 2350), ("Gamma", 2200), ("Delta", 2000)):
        players = [f"--player={name} {i};{base - 10 * i}" for i in range(1, 3)]
        assert main(["team", "add", t, name, *players]) == 0
    assert main(["next-round", t]) == 0
    assert main(["team", "forfeit", t, "1", "2", "-+"]) == 0
    capsys.readouterr()
    assert main(["team", "matches", t]) == 0
    english = capsys.readouterr().out
    assert [line for line in english.splitlines() if not line.startswith("   ")] == [
        "Round 1",
        "Match 1: 1 Alpha - 3 Gamma  0 - 0  (in progress)",
        "Match 2: 4 Delta - 2 Beta  0 - 2  forfeited -+",
    ]
    system_language("de")
    assert main(["team", "matches", t]) == 0
    german = capsys.readouterr().out.splitlines()
    assert [line for line in german if not line.startswith("   ")] == [
        "Runde 1",
        "Wettkampf 1: 1 Alpha - 3 Gamma  0 - 0  (läuft)",
        "Wettkampf 2: 4 Delta - 2 Beta  0 - 2  kampflos -+",
    ]


def test_the_entry_fee_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    path = new_file(tmp_path / "fee.swissdesk", "Fee")
    system_language("de")
    capsys.readouterr()
    assert main(["player-fee", str(path), "1"]) == 0
    assert capsys.readouterr().out == "Nr. 1 A, Anne: kein Startgeld erfasst\n"
    assert main(["player-fee", str(path), "1", "--due", "25", "--paid", "10"]) == 0
    capsys.readouterr()
    assert main(["player-fee", str(path), "1"]) == 0
    assert capsys.readouterr().out == (  # amounts as German writes them (issue 38)
        "Nr. 1 A, Anne: fällig 25,00, bezahlt 10,00, 15,00 offen\n"
    )
    with pytest.raises(SystemExit):
        main(["player-fee", "--help"])
    shown = capsys.readouterr().out
    assert shown.startswith("Aufruf: swissdesk player-fee")
    assert "Erfasst, was ein Spieler als Startgeld schuldet (--due)" in shown
    assert "das fällige Startgeld, z. B. 25.00" in shown
    assert "Record what" not in shown and "the entry fee due" not in shown


def test_the_sections_list_in_german_and_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    """Each section's line is a whole sentence per case (individual or team, with its rules
    or without), its count in each language's plural form, its rules worded (issue 38)."""
    from swissdesk.storage import PlayerData

    path = new_file(tmp_path / "weekend.swissdesk", "Open A", PlayerData("A, Anne", 2000),
                    PlayerData("B, Bert", 1900))  # fmt: skip
    args = ["section", "add", str(path), "--name", "Open B", "--rating-below", "1800"]
    assert main(args) == 0
    expected = {
        "en": [" 1. Open A: dutch, individual, round 0 of 5 paired, 2 players",
               " 2. Open B: dutch, individual, round 0 of 9 paired, 0 players, rated under 1800"],
        "de": [" 1. Open A: dutch, Einzel, Runde 0 von 5 gepaart, 2 Spieler",
               " 2. Open B: dutch, Einzel, Runde 0 von 9 gepaart, 0 Spieler, Elo unter 1800"],
        "pl": [" 1. Open A: dutch, indywidualny, skojarzona runda 0 z 5, 2 zawodników",
               " 2. Open B: dutch, indywidualny, skojarzona runda 0 z 9, 0 zawodników, "
               "ranking poniżej 1800"],
    }  # fmt: skip
    for code, lines in expected.items():
        system_language(code)
        capsys.readouterr()
        assert main(["sections", str(path)]) == 0
        assert capsys.readouterr().out.splitlines()[1:] == lines, code
    assert main(["checkin", str(path), "--section", "Open A", "1"]) == 0
    capsys.readouterr()
    system_language("de")
    assert main(["players", str(path), "--section", "Open A"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Open A:"
    assert lines[1].split()[:3] == ["1", "da", "A,"]  # checked in: a mark of its own language
    assert lines[2].split()[:2] == ["2", "B,"]


def test_team_standings_headings_and_a_bye_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    """The team commands' column headings and what a team without a match did are read
    words (the TRF keeps its codes): English unchanged, German worded (issue 38)."""
    t = str(tmp_path / "cup.swissdesk")
    assert main(["team", "new", t, "--name", "Cup", "--rounds", "3", "--boards", "2"]) == 0
    for name, base in (("Alpha", 2400), ("Beta", 2350), ("Gamma", 2200)):
        players = [f"--player={name} {i};{base - 10 * i}" for i in range(1, 3)]
        assert main(["team", "add", t, name, *players]) == 0
    assert main(["next-round", t]) == 0
    expected = {  # the bye's line; the team standings' and the board standings' headings
        "en": ("  3 Gamma: pairing-allocated bye", ["Rk", "No", "Team", "MP", "GP"],
               ["Bd", "Player", "Rtg", "Team", "G", "Pts", "Perf"]),
        "de": ("  3 Gamma: Freilos", ["Pl.", "Nr", "Mannschaft", "MP", "BP"],
               ["Brett", "Spieler", "Elo", "Mannschaft", "P", "Pkt.", "Leistung"]),
    }  # fmt: skip
    for code, (bye, teams, boards) in expected.items():
        system_language(code)
        capsys.readouterr()
        assert main(["team", "matches", t]) == 0
        assert bye in capsys.readouterr().out.splitlines(), code
        assert main(["team", "standings", t]) == 0
        assert capsys.readouterr().out.splitlines()[0].split()[:5] == teams
        assert main(["team", "standings", t, "--boards"]) == 0
        assert capsys.readouterr().out.splitlines()[0].split() == boards
    assert main(["team", "result", t, "1", "1", "1", "1-0", "0-1"]) == 2
    assert "geben Sie ein Ergebnis an: 1-0, 1/2, 0-1, +-, -+, -- oder clear" in (
        capsys.readouterr().err
    )


def test_the_standings_table_in_german_and_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    path = drawn_event(tmp_path)
    capsys.readouterr()
    assert main(["standings", str(path)]) == 0
    english = capsys.readouterr().out.splitlines()
    assert english[0] == "Standings after round 3"
    assert english[1].split() == ["Rank", "TPN", "Name", "Rating", "Pts", "BH", "SB"]
    system_language("de")
    assert main(["standings", str(path)]) == 0
    german = capsys.readouterr().out.splitlines()
    assert german[0] == "Rangliste nach Runde 3"
    assert german[1].split() == ["Platz", "Nr.", "Name", "Elo", "Pkt.", "BH", "SB"]
    # the rows: the same ranks, numbers and names in both
    assert [row.split()[:4] for row in german[2:]] == [row.split()[:4] for row in english[2:]]
    system_language("pl")
    assert main(["standings", str(path)]) == 0
    polish = capsys.readouterr().out.splitlines()
    assert polish[0] == "Klasyfikacja po rundzie 3"
    assert polish[1].split() == ["Miejsce", "Nr", "Nazwisko", "i", "imię", "Ranking", "Pkt", "BH",
                                 "SB"]  # fmt: skip
