"""The pairing rules' own sentences in the reader's language (issue 38): what a recorded or a
hand-made pairing breaks, as the engines' verifiers say it ("[C1] 3 and 1 have already played
each other"), was English inside a translated frame ("die Paarung der Datei verletzt eine
Regel: [C1] 3 and 1 ..."). Each is a whole marked sentence now, English where it is stored
(``--json``, the ``### Import`` lines, the audit record), worded for the reader where shown:
``swissdesk check``, the import's Level-3 question, a hand pairing's warnings. The articles'
tags ("[C1]") stay as FIDE writes them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.engines.base import NoValidPairing, Pair, reason
from swissdesk.engines.lim.engine import LimOptions
from swissdesk.engines.round_robin.verify import hand_pairing_warnings as round_robin_warnings
from swissdesk.i18n import set_process_language, using_language, worded
from swissdesk.storage import ConfirmationRequired, TournamentFile
from swissdesk.storage.commands.manual import hand_pairing_warnings
from swissdesk.storage.commands.rounds import absolute_criteria_warnings
from swissdesk.storage.levels import LevelWarning
from swissdesk.trf import format_trf
from tests.engines.builders import tournament
from tests.engines.round_robin.support import rr_tournament

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "storage"))
try:
    from test_import_check import rematch_tournament
    from test_storage_double_swiss import _started
    from test_storage_round_robin import PLAYERS, play_round, rr_settings
finally:
    sys.path.pop(0)


@pytest.fixture
def rematch(tmp_path: Path) -> Path:
    """Round 2 repeats round 1's games: [C1] on both boards (3-1 and 2-4)."""
    trf = tmp_path / "rematch.trf"
    trf.write_text(format_trf(rematch_tournament()), encoding="utf-8")
    return trf


def test_c1_in_swissdesk_check_in_german_and_russian_json_english(
    rematch: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    system_language("en")
    main(["check", str(rematch)])
    english = capsys.readouterr().out
    assert "the file's pairing breaks a rule: [C1] 3 and 1 have already played each other" in (
        english
    )
    main(["check", str(rematch), "--json"])
    english_json = capsys.readouterr().out
    system_language("de")
    main(["check", str(rematch)])
    german = capsys.readouterr().out
    assert "[C1] 3 und 1 haben schon gegeneinander gespielt" in german
    assert "already played" not in german
    main(["check", str(rematch), "--json"])
    assert capsys.readouterr().out == english_json  # for programs: English
    assert "[C1] 3 and 1 have already played each other" in json.dumps(json.loads(english_json))
    system_language("ru")
    main(["check", str(rematch)])
    assert "[C1] 3 и 1 уже играли друг с другом" in capsys.readouterr().out


def test_c1_in_the_imports_level_3_question(rematch: Path, tmp_path: Path) -> None:
    """The question lists the rule the round breaks in the reader's language; the ``### Import``
    line the file keeps stays English."""
    target = tmp_path / "t.swissdesk"
    questions = {}
    for language in ("de", "pl"):
        with using_language(language), pytest.raises(ConfirmationRequired) as asked:
            TournamentFile.import_trf(rematch, target)
        questions[language] = asked.value.warnings[0]
    assert "die Paarung der Datei verletzt eine Regel: [C1] 3 und 1 haben schon" in (
        questions["de"]
    )
    assert "have already played" not in questions["de"]
    assert "[C1] 3 i 1 już ze sobą grali" in questions["pl"]
    with TournamentFile.import_trf(rematch, target, confirmed=3) as tf:
        assert "[C1] 3 and 1 have already played each other" in tf.integrity_log()[0].text


def test_double_swiss_hand_pairing_rematch_in_german_and_polish(tmp_path: Path) -> None:
    """C.04.5 [C1] on matches: the warning of a hand pairing (the window's question and the
    terminal's) in the reader's language, English as stored."""
    with TournamentFile.import_trf(_started(tmp_path), tmp_path / "m.swissdesk") as tf:
        t = tf.snapshot()
    white, black = next(
        (p.tpn, e.opponent) for p in t.players for e in p.rounds if e.played and e.opponent
    )
    (warning,) = hand_pairing_warnings(t, 3, [Pair(white, black)], None)
    assert warning.text == f"[C1] {white} and {black} have already played a match"
    (plain,) = absolute_criteria_warnings(t, 3, [Pair(white, black)], None)
    assert plain == warning.text
    with using_language("de"):
        assert warning.shown == (
            f"[C1] {white} und {black} haben schon einen Wettkampf gegeneinander gespielt"
        )
    with using_language("pl"):
        assert warning.shown == f"[C1] {white} i {black} już rozegrali ze sobą mecz"
    with using_language("ru"):
        assert LevelWarning.from_json(warning.to_json()).shown.startswith(f"[C1] {white} и ")


def test_round_robin_hand_pairing_in_german_and_the_plural_forms_of_russian() -> None:
    """Q101/Q102: a pair that met in both cycles already, and a third White in a row; each
    sentence names the board and the players ("Nr. 1 ..."), counted forms in Russian."""
    double = rr_tournament(4, cycles=2, played=6)
    (met,) = [
        w for w in round_robin_warnings(double, 7, (Pair(1, 4),), 2) if "already met" in w
    ]
    assert met.startswith("board 1: no. 1 ") and met.endswith(
        "have already met 2 times; in a round robin of 2 cycles everyone meets everyone 2 times"
    )
    with using_language("ru"):
        assert worded(met).startswith("доска 1: № 1 ")
        assert worded(met).endswith(
            "уже встречались 2 раза; в круговом турнире в 2 круга каждый встречается с "
            "каждым 2 раза"
        )
    single = rr_tournament(4, played=2)  # round 1: 1-4 2-3; round 2: 4-3 1-2
    again = round_robin_warnings(single, 3, (Pair(1, 4), Pair(2, 3)), None)
    with using_language("de"):
        german = [worded(w) for w in again]
    assert any(
        w.startswith("Brett 1: Nr. 1 ")
        and w.endswith(
            "sind schon einmal aufeinandergetroffen; in einem Rundenturnier mit 1 Zyklus "
            "spielt jeder einmal gegen jeden"
        )
        for w in german
    )
    three = round_robin_warnings(single, 3, (Pair(1, 3), Pair(4, 2)), None)
    with using_language("de"):
        assert any("hätte zum dritten Mal in Folge Weiß" in worded(w) for w in three)
    with using_language("pl"):
        left = [worded(w) for w in round_robin_warnings(single, 3, (Pair(2, 4),), None)]
    assert any(w.startswith("nieskojarzeni i bez pauzy: nr 1 ") for w in left)


def test_the_1992_systems_reason_for_no_pairing_is_one_sentence_in_german_and_russian() -> None:
    """Two players who already met: no pairing obeys B1; the reason was "Swiss based on
    rating (1992): " before an English clause, whatever the language."""
    met = tournament({1: ["2w1"], 2: ["1b0"]})
    with using_language("de"), pytest.raises(NoValidPairing) as refused:
        get_engine("rating1992").pair(met)
    reasons = {}
    for language in ("en", "de", "ru"):
        with using_language(language):
            reasons[language] = reason(refused.value)
    assert str(refused.value) == reasons["en"]  # raised in German, English where it is kept
    assert reasons["en"] == (
        "Swiss based on rating (1992): the procedure found no pairing for the lowest score "
        "bracket [1 2] (no pairing obeys B1 and B2)"
    )
    assert reasons["de"] == (
        "Schweizer System nach Elo (1992): das Verfahren findet keine Paarung für die niedrigste "
        "Punktgruppe [1 2] (keine Paarung erfüllt B1 und B2)"
    )
    assert reasons["ru"].startswith("Швейцарская система по рейтингу (1992): процедура не")


def test_a_wrong_system_option_is_refused_in_the_systems_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    """The system-options parser's reason (``lim:1999,2003``), inside the engine's refusal."""
    trf = tmp_path / "rematch.trf"
    trf.write_text(format_trf(rematch_tournament()), encoding="utf-8")
    for language, refusal in (
        ("en", "pairing system 'lim:1999,2003': one edition of the Lim text, not 1999, 2003"),
        ("de", "Paarungssystem 'lim:1999,2003': eine Ausgabe des Lim-Textes, nicht 1999, 2003"),
        ("pl", "system kojarzenia 'lim:1999,2003': jedno wydanie tekstu Lima, nie 1999, 2003"),
    ):
        system_language(language)
        assert main(["pair", "--system", "lim:1999,2003", str(trf)]) != 0
        assert refusal in capsys.readouterr().err
    with using_language("de"), pytest.raises(ValueError, match="unbekannte Lim-Ausgabe '2010'"):
        LimOptions(edition="2010")


def test_an_engines_reason_in_the_checkers_report_and_english_in_its_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    """A recorded round the engine cannot pair at all: the reason is worded for the reader of
    ``swissdesk check`` and stays English in ``--json`` (it was raised, and kept, in the
    process language: a German arbiter's JSON and ``### Import`` lines read German)."""
    trf = tmp_path / "again.trf"
    trf.write_text(
        format_trf(tournament({1: ["2w1", "2b1"], 2: ["1b0", "1w0"]})), encoding="utf-8"
    )
    system_language("en")
    main(["check", str(trf), "--json"])
    english_json = capsys.readouterr().out
    assert "the engine finds no valid pairing: The players cannot all be paired" in english_json
    system_language("de")
    main(["check", str(trf), "--json"])
    assert capsys.readouterr().out == english_json
    main(["check", str(trf)])
    german = capsys.readouterr().out
    assert "Die Spieler können nicht alle gepaart werden" in german
    assert "The players cannot" not in german
    once = tmp_path / "once.trf"
    once.write_text(format_trf(tournament({1: ["2w1"], 2: ["1b0"]})), encoding="utf-8")
    system_language("ru")
    assert main(["pair", str(once)]) != 0
    refused = capsys.readouterr().err
    assert "решает главный судья" in refused and "Chief Arbiter" not in refused


def test_the_window_asks_about_a_round_robin_paired_by_hand_in_german(tmp_path: Path) -> None:
    """The window's question (gui.prompter.Prompter.confirm_level) for round 2 of a double
    round robin paired by hand like round 1: its facts in the arbiter's German."""
    from swissdesk.storage import ManualPairingChange, PairNextRound
    from swissdesk.storage.levels import Level
    from tests.gui.gui_support import ScriptedPrompter

    with TournamentFile.create(tmp_path / "rr.swissdesk", rr_settings(), players=PLAYERS) as tf:
        play_round(tf)
        tf.execute(PairNextRound(tf.compute_next_pairing(), engine="round-robin"))
        first = tf.round_view(1)
        again = tuple(Pair(b.white_tpn, b.black_tpn) for b in first.boards)
        tf.start_manual_pairing(2)
        set_process_language("de")
        try:
            with pytest.raises(ConfirmationRequired) as question:
                tf.execute(ManualPairingChange(2, again, first.pab.tpn if first.pab else None))
            prompter = ScriptedPrompter(None)  # type: ignore[arg-type]
            level = prompter.confirm_level("Paarung", str(question.value), question.value.items)
        finally:
            set_process_language("en")
    assert level == Level.CONFIRM_FACTS
    (details,) = [asked[2] for asked in prompter.confirms]
    assert details and all(d.startswith("[Stufe 3] Brett ") for d in details)
    assert any(
        "hatte in ihrer letzten Partie Weiß gegen Nr. " in d
        and d.endswith("der nächste Zyklus tauscht die Farben")
        for d in details
    )
    assert not any("last game" in d for d in details)


def test_swissdesk_generate_says_why_a_round_cannot_be_paired_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    """Two players cannot meet again in round 2: the generator's refusal and the engine's
    reason inside it in one language."""
    argv = ["generate", "--system", "dutch", "--seed", "1", "--players", "2", "--rounds", "3"]
    system_language("pl")
    assert main([*argv, "-o", str(tmp_path / "g.trf")]) == 1
    refused = capsys.readouterr().err
    assert refused.startswith("swissdesk: rundy 2 losowego turnieju (ziarno 1) nie da się")
    assert "decyduje sędzia główny" in refused and "Chief Arbiter" not in refused
