"""A TRF the reader refuses is explained in the arbiter's language (issue 38): the reason is
worded when the reader raises it, in the process language (the window's, or the command
line's from the system), so an import in a German window or a Russian terminal reads in
German or Russian. The location stays ``FILE:LINE:COL:`` and the exception keeps its type and
attributes (line, column, source) for the callers; English is unchanged."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.i18n import set_process_language, using_language
from swissdesk.trf.errors import TrfError
from swissdesk.trf.reader import TrfEncodingWarning, decode_trf, parse_trf
from swissdesk.trf.team_records import parse_team_trf
from swissdesk.trf.writer import format_trf


def player(tpn: int, points: str, *blocks: str) -> str:
    head = (
        f"001 {tpn:>4}      {f'Player{tpn:04d}, Test':33} {2500 - 10 * tpn:>4} {'':3} {'':>11} "
        f"{'':10} {points:>4}     "
    )
    return (head + "  " + "  ".join(blocks)).rstrip() if blocks else head.rstrip()


GOOD = ("012 Open", "XXR 5", player(1, "1.0", "   2 w 1"), player(2, "0.0", "   1 b 0"))
BOTH_WHITE = ("012 Open", "XXR 5", player(1, "1.0", "   2 w 1"), player(2, "0.0", "   1 w 0"))
"""Line 4's player 2 has White against player 1, who has White too (line 3)."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_process_language("en")


def refusal(lines: tuple[str, ...]) -> TrfError:
    with pytest.raises(TrfError) as caught:
        parse_trf("\n".join(lines) + "\n", source="open.trf")
    return caught.value


def test_a_refusal_is_english_by_default_with_its_place_and_attributes() -> None:
    error = refusal(BOTH_WHITE)
    assert str(error) == (
        "open.trf:3:97: round 1: impossible colours: players 1 and 2 both have white "
        "(see line 4)"
    )
    assert (error.source, error.line, error.column) == ("open.trf", 3, 97)
    assert error.reason.startswith("round 1: impossible colours")


def test_a_refusal_in_the_arbiters_german_and_russian() -> None:
    set_process_language("de")
    error = refusal(BOTH_WHITE)
    assert str(error) == (
        "open.trf:3:97: Runde 1: unmögliche Farben: die Spieler 1 und 2 haben beide Weiß "
        "(siehe Zeile 4)"
    )
    assert (error.line, error.column) == (3, 97)
    set_process_language("ru")
    assert str(refusal(BOTH_WHITE)) == (
        "open.trf:3:97: тур 1: невозможные цвета: у участников 1 и 2 оба белые (см. строку 4)"
    )
    assert refusal(("012 Open",)).reason == (
        "не найдено ни одной записи участника (строки, начинающейся с 001): это файл TRF?"
    )


def test_field_refusals_name_the_value_in_every_language() -> None:
    """The value read is quoted as the file has it, whatever the language."""
    bad_rating = player(1, "1.0").replace(" 2490 ", " 24x0 ")
    english = refusal(("012 Open", bad_rating))
    assert english.reason == "rating (columns 49-52) must be a whole number, not '24x0'"
    with using_language("de"):
        german = refusal(("012 Open", bad_rating))
    assert german.reason == "die Elo (Spalten 49-52) muss eine ganze Zahl sein, nicht '24x0'"
    assert (german.line, german.column) == (english.line, english.column) == (2, 49)


def test_the_encoding_note_counts_lines_in_the_arbiters_language() -> None:
    data = "\n".join(GOOD).encode() + b"\n022 K\xf6ln\n022 M\xfcnster\n"
    set_process_language("de")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        decode_trf(data, source="old.trf")
    note = next(w.message for w in caught if isinstance(w.message, TrfEncodingWarning))
    assert str(note).startswith("old.trf: Zeilen 5, 6 sind nicht UTF-8; als Windows-1252 gelesen")
    assert note.lines == (5, 6)
    set_process_language("en")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        decode_trf(b"022 K\xf6ln\n", source="old.trf")
    assert str(caught[0].message) == (
        "old.trf: line 1 is not UTF-8; read as Windows-1252 (check the names there, and save "
        "the file as UTF-8)"
    )


def test_the_writers_refusal_in_german() -> None:
    tournament = parse_trf("\n".join(GOOD) + "\n")
    with using_language("de"), pytest.raises(Exception) as caught:
        format_trf(tournament, version="17")
    assert str(caught.value) == "unbekannte TRF-Version '17' (verwenden Sie 2026 oder 16)"


def test_the_command_line_refuses_a_trf_in_the_systems_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "open.trf"
    path.write_text("\n".join(BOTH_WHITE) + "\n", encoding="utf-8")
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["pair", os.fspath(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:3:97: Runde 1: unmögliche Farben: die Spieler 1 und 2 haben beide Weiß" in err
    monkeypatch.setenv("LANGUAGE", "en")
    assert main(["pair", os.fspath(path)]) == 2
    assert "impossible colours: players 1 and 2 both have white" in capsys.readouterr().err


TEAM_HAND = (Path(__file__).parents[1] / "trf" / "team_hand.trf").read_text(encoding="utf-8")


def team_refusal(extra: str) -> TrfError:
    with pytest.raises(TrfError) as caught:
        parse_team_trf(TEAM_HAND + extra + "\n", source="league.trf")
    return caught.value


def test_a_team_file_refusal_in_german_and_russian_with_its_field_label() -> None:
    """The team reader names a field by its label ("260: team"), translated on its own."""
    assert team_refusal("260 001 003 0001 0042").reason == "260: team 42 has no 310 record"
    set_process_language("de")
    assert team_refusal("260 001 003 0001 0042").reason == (
        "260: Mannschaft 42 hat keinen Satz 310"
    )
    many = " ".join(f"{i:04d}" for i in range(1, 8))
    assert team_refusal(f"260 001 003 {many}").reason == (
        "260: Mannschaft: mehr als 5 (die Datei hat 5 Mannschaften)"
    )
    set_process_language("ru")
    error = team_refusal(f"260 001 003 {many}")
    assert error.reason == "260: команда: больше 5 (в файле 5 команд)"
    assert error.column == 13 + 5 * 5
    assert team_refusal("260 003 001 0001 0002").reason == (
        "260: туры заканчиваются раньше, чем начинаются"
    )


def test_a_json_state_refusal_in_german_keeps_its_json_names() -> None:
    """A JSON state's refusals name the JSON's own keys ('rating', 'round') as written."""
    from swissdesk.errors import InputError
    from swissdesk.trf.json_state import state_to_tournament

    state = {"players": [{"tpn": 1, "rating": "2400"}, {"tpn": 2}]}
    with pytest.raises(InputError) as english:
        state_to_tournament(state, "state.json")
    assert str(english.value) == "state.json: player 1 'rating' must be a whole number"
    set_process_language("de")
    with pytest.raises(InputError) as german:
        state_to_tournament(state, "state.json")
    assert str(german.value) == "state.json: Spieler 1 'rating' muss eine ganze Zahl sein"
    history = {"tpn": 1, "history": [{"round": 1, "result": "1", "opponent": 2}]}
    set_process_language("ru")
    with pytest.raises(InputError) as russian:
        state_to_tournament({"players": [history, {"tpn": 2}]}, "state.json")
    assert str(russian.value) == "state.json: участник 1, тур 1: для сыгранной партии нужен цвет"


def test_what_the_import_read_is_told_in_german() -> None:
    """``describe_reading`` (printed by ``swissdesk import``, shown by the window's import):
    the system and the Baku acceleration record 192 asks for (C.04.7 art. 1)."""
    from swissdesk.trf.system_code import describe_reading

    players = tuple(player(n, "0.0") for n in range(1, 11))
    t = parse_trf("\n".join(("012 Baku", "XXR 5", *players, "192 FIDE_DUTCH_2025_BAKU")) + "\n")
    english = describe_reading(t)
    assert english[1] == (
        "acceleration: Baku (C.04.7 art. 1), as record 192 asks: group A = pairing numbers "
        "1-6; virtual points 1 before rounds 1-2, ½ before round 3"
    )
    set_process_language("de")
    german = describe_reading(t)
    assert german[0].startswith("Paarungssystem: ")
    assert german[0].endswith(", wie Satz 192 FIDE_DUTCH_2025_BAKU es nennt")
    assert german[1] == (
        "Beschleunigung: Baku (C.04.7 Art. 1), wie Satz 192 verlangt: Gruppe A = Startnummern "
        "1-6; virtuelle Punkte 1 vor den Runden 1-2, ½ vor Runde 3"
    )
