"""The command line's last English pieces, now in the system's language (issue 38): the
import's summary with its counts (each language's plural forms, not English "3 players"),
a team match's state ("in progress", "forfeited"), the entry fee's help and lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main


@pytest.fixture
def system_language(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)

    def choose(code: str) -> None:
        monkeypatch.setenv("LANGUAGE", code)

    return choose


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
    from swissdesk.storage import PlayerData, TournamentFile, TournamentSettings

    path = tmp_path / "fee.swissdesk"
    with TournamentFile.create(path, TournamentSettings(name="Fee", total_rounds=5),
                               players=[PlayerData("A, Anne", 2000)]):  # fmt: skip
        pass
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
