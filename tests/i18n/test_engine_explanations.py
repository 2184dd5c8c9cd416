"""The engines' explanations (C.04.1 art. 9) in the reader's language (issue 38).

The engine writes English lines that remember their message; the arbiter reads them worded in
their language (the window, the command line), and the audit log keeps the English beside
each line's message, so a round paired in one language is explained later in another.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.engines.explained import from_stored, stored
from swissdesk.i18n import Message, using_language, worded
from swissdesk.trf import format_trf
from tests.engines.builders import tournament


def _dutch_round_2() -> list[str]:
    t = tournament({1: ["3w1"], 2: ["4w1"], 3: ["1b0"], 4: ["2b0"]})
    return list(get_engine("dutch").pair(t, explain=True).explanation)


def test_c04_1_art_9_dutch_explanation_english_unchanged_and_in_german() -> None:
    lines = _dutch_round_2()
    assert "Bracket 1.0: residents 1, 2" in lines
    assert "  [C12] 1 player without their colour preference: 2" in lines
    with using_language("de"):
        german = [worded(line) for line in lines]
    assert "Gruppe 1.0: Residenten 1, 2" in german
    assert "  [C12] 1 Spieler ohne seine Farbpräferenz: 2" in german
    assert "  Paarungen: 1-2" in german
    assert all(isinstance(line, Message) for line in lines)


def test_dutch_downfloaters_counted_in_polish_and_russian_plural_forms() -> None:
    line = Message(
        "[C6] {count} downfloater: {players}",
        _plural="[C6] {count} downfloaters: {players}",
        _count=3,
        _indent="  ",
        count=3,
        players="4, 7, 9",
    )
    assert line == "  [C6] 3 downfloaters: 4, 7, 9"
    with using_language("pl"):
        assert line.shown() == "  [C6] 3 zawodnicy przesunięci w dół: 4, 7, 9"
    with using_language("ru"):
        assert line.shown() == "  [C6] 3 участника перемещены вниз: 4, 7, 9"


def test_stored_explanation_is_english_and_worded_for_a_later_reader() -> None:
    """The audit log keeps the English lines and their messages (rounds.py's payload): the
    window words them in the reader's language, an older record (English only) as stored."""
    lines = _dutch_round_2()
    english = [str(line) for line in lines]
    messages = stored(lines)
    assert messages is not None and len(messages) == len(english)
    rebuilt = from_stored(english, messages)
    assert list(rebuilt) == english
    with using_language("fr"):
        assert "Groupe 1.0 : résidents 1, 2" in [worded(line) for line in rebuilt]
    # An older file: no messages, or unreadable ones, shown as stored.
    assert from_stored(english, None) == tuple(english)
    assert from_stored(english[:1], [{"msgid": "{x.__class__}"}]) == (english[0],)


def test_explanation_line_survives_the_pipe_from_the_engine_process() -> None:
    """The window may pair in a child process: a line comes back with its message."""
    line = _dutch_round_2()[0]
    back = pickle.loads(pickle.dumps(line))
    assert isinstance(back, Message) and back == line and back.msgid == line.msgid
    with using_language("de"):
        assert back.shown() == "Gruppe 1.0: Residenten 1, 2"


def test_cli_pair_explain_in_the_arbiters_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    t = tournament({1: ["3w1"], 2: ["4w1"], 3: ["1b0"], 4: ["2b0"]})
    path = tmp_path / "event.trf"
    path.write_text(format_trf(t), encoding="utf-8")
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["pair", os.fspath(path), "--explain"]) == 0
    err = capsys.readouterr().err
    assert "Gruppe 1.0: Residenten 1, 2" in err
    monkeypatch.setenv("LANGUAGE", "en")
    assert main(["pair", os.fspath(path), "--explain"]) == 0
    assert "Bracket 1.0: residents 1, 2" in capsys.readouterr().err


def test_c04_4_1_dubov_explanation_in_german_and_russian() -> None:
    t = tournament({i: [] for i in range(1, 8)})
    lines = list(get_engine("dubov").pair(t, explain=True).explanation)
    assert lines[0] == "Round 1, Dubov system (C.04.4.1)"
    assert "PAB 7 (art. 3.1: score 0, 0 games played, TPN 7)" in lines
    assert "Bracket 0: residents 1, 2, 3, 4, 5, 6" in lines
    with using_language("de"):
        german = [worded(line) for line in lines]
    assert german[0] == "Runde 1, Dubov-System (C.04.4.1)"
    assert "Freilos 7 (Art. 3.1: 0 Punkte, 0 gespielte Partien, TPN 7)" in german
    assert "Gruppe 0: Residenten 1, 2, 3, 4, 5, 6" in german
    assert "  G1 1, 2, 3  G2 4, 5, 6 (art. 3.2.3)" in german  # labels kept as the rules write
    assert any(line.startswith("Brett 1: ") for line in german)
    with using_language("ru"):
        assert "Пропуск тура по жеребьёвке 7 (ст. 3.1: очков 0, сыграно 0 партий, TPN 7)" in [
            worded(line) for line in lines
        ]


def test_c04_4_2_burstein_explanation_in_german_with_polish_plurals() -> None:
    from swissdesk.verification.generator import GeneratorSettings, generate_tournament
    from tests.engines.test_burstein_articles import truncated

    t = generate_tournament(
        GeneratorSettings(players=15, rounds=7, seed=3, system="burstein"), get_engine("burstein")
    )
    got = get_engine("burstein").pair(truncated(t, 6), 6, explain=True)
    lines = list(got.explanation)
    assert lines[0].startswith("Round 6, Burstein system (C.04.4.2)")
    assert f"Pairing-allocated bye: {got.bye} (art. 3.1)" in lines
    c5 = next(line for line in lines if line.startswith("  [C5] "))
    count = int(c5.split()[1])
    with using_language("de"):
        german = [worded(line) for line in lines]
    assert german[0].startswith("Runde 6, Burstein-System (C.04.4.2): Gruppen")
    assert any(line.startswith("Gruppe ") and " BSN-Reihenfolge " in line for line in german)
    assert f"Freilos (spielfrei durch Auslosung): {got.bye} (Art. 3.1)" in german
    with using_language("pl"):
        polish = worded(c5)
    word = {1: "para"}.get(
        count, "pary" if count % 10 in (2, 3, 4) and count % 100 // 10 != 1 else "par"
    )
    assert polish.startswith(f"  [C5] {count} {word}, najwięcej")


def test_c04_4_2_burstein_seeding_round_in_german() -> None:
    t = tournament({i: [] for i in range(1, 7)}, total_rounds=9)
    lines = list(get_engine("burstein").pair(t, explain=True).explanation)
    assert lines[0].startswith("Round 1 is a seeding round of the Burstein system")
    with using_language("de"):
        assert worded(lines[0]).startswith("Runde 1 ist eine Setzrunde des Burstein-Systems")
        assert worded(lines[1]).startswith("Gruppe ")


def test_c04_4_3_lim_explanation_in_german_keeps_the_notes_order() -> None:
    from tests.engines.test_lim_articles import FOUR_FOUR_ONE

    pairing = get_engine("lim").pair(tournament(FOUR_FOUR_ONE, total_rounds=7), 5, explain=True)
    lines = list(pairing.explanation)
    start = lines.index("scoregroup 2.5 (downward): residents 1, 2, 3, 4, 5")
    with using_language("de"):
        german = [worded(line) for line in lines]
    assert german[0].startswith("Runde 5, Lim-System (C.04.4.3); mittlere Punktzahl ")
    assert german[start : start + 9] == [
        "Punktgruppe 2.5 (abwärts): Residenten 1, 2, 3, 4, 5",
        "  2 floatet (Art. 2.3.4)",
        "  Paritätsfloater 2: behält die meisten Paarungen (3.10.2), Typ d (3.9), floatete in "
        "der Vorrunde (3.10), lässt 0 Spieler mehr mit der einen fälligen Farbe als mit der "
        "anderen (3.2.2), davon die niedrigste Nummer (3.2.4)",
        "  3 floatet (Art. 4.4)",
        "  2 kehrt zurück und 3 floatet an seiner Stelle (Art. 4.4.1)",
        "  2 floatet (Art. 4.4)",
        "  5 floatet (Art. 4.4.2)",
        "  Paarungen: 1-4",
        "  abgehende Floater: 3, 2, 5",
    ]


def test_lim_blocked_median_note_lists_its_reasons_in_the_readers_language() -> None:
    """A note whose field is a list of notes (art. 2.6: why the median is blocked) is stored
    with its parts and worded part by part."""
    why = (
        Message("an odd number of players is left in the median scoregroup"),
        Message("player {player} has no compatible opponent left in it", player="4"),
    )
    note = Message(
        "Median blocked ({why}): floaters from above {down}, from below {up}; pairing {pair} "
        "of scoregroup {score} cracked (art. {article})",
        why=why,
        down=2,
        up=1,
        pair="7-5",
        score="1.5",
        article="2.6.1",
    )
    assert note.startswith(
        "Median blocked (an odd number of players is left in the median scoregroup; player 4 "
        "has no compatible opponent left in it): "
    )
    (back,) = from_stored([str(note)], stored([note]))
    with using_language("ru"):
        assert worded(back).startswith(
            "Средняя группа заблокирована (в средней очковой группе остаётся нечётное число "
            "участников; у участника 4 не осталось в ней допустимого соперника): "
        )


def test_double_swiss_explanation_in_german_and_polish_plural(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from swissdesk.verification.generator import GeneratorSettings, generate_tournament
    from tests.engines.test_burstein_articles import truncated

    t = generate_tournament(
        GeneratorSettings(players=11, rounds=5, seed=7, system="double-swiss"),
        get_engine("double-swiss"),
    )
    lines = list(get_engine("double-swiss").pair(truncated(t, 3), 3, explain=True).explanation)
    assert lines[0] == "Round 3: 11 players to pair"
    with using_language("de"):
        german = [worded(line) for line in lines]
    assert german[0] == "Runde 3: 11 Spieler zu paaren"
    assert any(line.startswith("Gruppe ") and "; Aufwärtsfloater " in line for line in german)
    assert any(": Farben nach Art. " in line for line in german)
    with using_language("pl"):
        assert worded(lines[0]) == "Runda 3: 11 zawodników do skojarzenia"
    path = tmp_path / "ds.trf"
    path.write_text(format_trf(truncated(t, 3)), encoding="utf-8")
    monkeypatch.setenv("LANGUAGE", "ru")
    assert main(["pair", os.fspath(path), "--explain"]) == 0
    assert "Тур 3: 11 участников для жеребьёвки" in capsys.readouterr().err


def test_team_swiss_explanation_in_german() -> None:
    from swissdesk.trf.json_state import state_to_tournament
    from tests.engines.test_team_articles import team_state

    data = team_state(5, [[(1, 2, "2:3"), (3, 4, "1:2"), (5, "PAB")]])
    lines = list(get_engine("team").pair(state_to_tournament(data, "t"), explain=True).explanation)
    assert any(line.startswith("PAB (art. 3.4): team ") for line in lines)
    with using_language("de"):
        german = [worded(line) for line in lines]
    assert any(line.startswith("Freilos (Art. 3.4): Mannschaft ") for line in german)
    assert any(line.startswith("Gruppe ") and "; Residenten" not in line for line in german)
    assert any(line.startswith("  Farben ") and ": Art. " in line for line in german)
    assert any(line.startswith("  Paarungen ") and "; [C8] " in line for line in german)


def test_rating_1992_explanation_in_german() -> None:
    t = tournament({1: ["2w1"], 2: ["1b0"], 3: ["4w="], 4: ["3b="]})
    lines = list(get_engine("rating1992").pair(t, 2, explain=True).explanation)
    text = "\n".join(lines)
    assert "Bracket 1" in text and "C1: 1 has no opponent in the bracket" in text
    with using_language("de"):
        german = "\n".join(worded(line) for line in lines)
    assert "Gruppe 1" in german and "C1: 1 hat keinen Gegner in der Gruppe" in german


def test_round_robin_explanation_and_refusal_in_german() -> None:
    from swissdesk.errors import InputError
    from tests.engines.round_robin.support import rr_tournament

    lines = list(
        get_engine("round-robin").pair(rr_tournament(5, cycles=2), explain=True).explanation
    )
    assert lines[0] == "Berger table for 5/6 players (GRC Annex 1): round 1"
    with using_language("de"):
        german = [worded(line) for line in lines]
    assert german[0] == "Berger-Tabelle für 5/6 Spieler (GRC Anhang 1): Runde 1"
    assert german[1].endswith(": keine Partie in dieser Runde")
    with using_language("de"), pytest.raises(InputError) as refused:
        get_engine("round-robin").pair(rr_tournament(5, cycles=2), 11)
    assert str(refused.value) == (
        "ein Rundenturnier mit 5 Teilnehmern über 2 Zyklen hat 10 Runden: es gibt keine Runde 11"
    )
    with pytest.raises(InputError, match="over 2 cycles has 10 rounds: there is no round 11"):
        get_engine("round-robin").pair(rr_tournament(5, cycles=2), 11)


def test_engine_refusals_are_whole_sentences_in_the_arbiters_language() -> None:
    """What pair_round tells the arbiter when the system is unknown or nothing can be paired
    (C.04.3 art. 1.9.3): worded in the current language, English unchanged."""
    from swissdesk.engines import pair_round
    from swissdesk.errors import InputError, NoPairingError

    t = tournament({1: ["2w1"], 2: ["1b0"]})
    with pytest.raises(InputError, match=r"^unknown pairing system 'nope' \(known: "):
        pair_round(t, 2, "nope")
    with using_language("de"), pytest.raises(InputError) as unknown:
        pair_round(t, 2, "nope")
    assert str(unknown.value).startswith("unbekanntes Paarungssystem 'nope' (bekannt: ")
    with using_language("ru"), pytest.raises(NoPairingError) as none:
        pair_round(t, 2, "dutch")
    assert str(none.value).startswith("ни одна жеребьёвка тура 2 не удовлетворяет")
    assert str(none.value).endswith("решает главный судья (C.04.3 ст. 1.9.3)")


def test_an_engines_reason_for_no_pairing_is_worded_too() -> None:
    """The engine's own reason inside pair_round's sentence (C.04.3 art. 1.9.3)."""
    from swissdesk.engines import pair_round
    from swissdesk.errors import NoPairingError

    t = tournament({1: ["2w1"], 2: ["1b0"]})
    with pytest.raises(NoPairingError, match=r"\(the players cannot all be paired \(\[C1\]"):
        pair_round(t, 2, "dubov")
    with using_language("de"), pytest.raises(NoPairingError) as refused:
        pair_round(t, 2, "dubov")
    assert str(refused.value) == (
        "keine Paarung der Runde 2 erfüllt die absoluten Kriterien (die Spieler können nicht "
        "alle gepaart werden ([C1], [C3], [C4])); der Hauptschiedsrichter entscheidet "
        "(C.04.3 Art. 1.9.3)"
    )


def test_the_engine_child_process_speaks_the_windows_language() -> None:
    """The window pairs in a spawned child process (a fresh interpreter): its refusal comes
    back in the language the window passes, not the child's default English."""
    import multiprocessing

    from swissdesk.gui.engine_job import child_main

    t = tournament({1: ["2w1"], 2: ["1b0"]})
    ctx = multiprocessing.get_context("spawn")
    receiver, sender = ctx.Pipe(duplex=False)
    process = ctx.Process(target=child_main, args=(sender, t, 2, "dubov", False, "de"))
    process.start()
    sender.close()
    try:
        assert receiver.poll(120)
        kind, message = receiver.recv()
    finally:
        process.join(30)
    assert kind == "no-pairing"
    assert message.startswith("keine Paarung der Runde 2 erfüllt die absoluten Kriterien (")
