"""One class for a sentence that remembers its message (issue 38, the review's duplicate D7).

Storage's audit summaries and warnings, the checker's findings and the engines' explanation
lines were three copies of one idea (``Said``, ``Found``, ``Explained``); they are one
:class:`swissdesk.i18n.Message` now. What the files already keep must read as before: the
audit rows' ``said`` / ``summary_said`` / ``warnings[i].said`` and the pairing's
``explanation_said`` payloads, English byte for byte, worded for a later reader.
"""

from __future__ import annotations

import pickle

from swissdesk.engines import get_engine
from swissdesk.engines.explained import from_stored
from swissdesk.i18n import Message, in_language, listed, said, said_n, using_language, worded
from swissdesk.storage.levels import Level, LevelWarning
from swissdesk.verification.pairings import PairingsReport
from tests.engines.builders import tournament


def test_a_summary_a_finding_and_an_explanation_line_are_one_class() -> None:
    summary = said("added {name} as no. {tpn}", name="Wróbel, Łukasz", tpn=3)
    finding = PairingsReport(rounds=()).summary()
    t = tournament({1: ["3w1"], 2: ["4w1"], 3: ["1b0"], 4: ["2b0"]})
    line = get_engine("dutch").pair(t, explain=True).explanation[0]
    assert all(type(text) is Message for text in (summary, finding, line))
    assert summary == "added Wróbel, Łukasz as no. 3"  # a str for everyone else
    assert finding == "0 rounds checked: the engine agrees with the file in every round."
    with using_language("de"):
        assert worded(summary) == "Wróbel, Łukasz als Nr. 3 hinzugefügt"
        assert worded(line) == "Gruppe 1.0: Residenten 1, 2"


def test_an_audit_rows_stored_summary_of_an_earlier_session_reads_as_before() -> None:
    """The ``said`` payload storage wrote before the classes were one (nested message)."""
    stored = {
        "msgid": "undone: {summary}",
        "fields": {
            "summary": {"msgid": "added {name} as no. {tpn}", "fields": {"name": "A", "tpn": 3}}
        },
    }
    english = "undone: added A as no. 3"
    rebuilt = Message.from_json(stored, english)
    assert rebuilt == english and isinstance(rebuilt, Message)
    assert rebuilt.to_json() == stored  # written back the same shape
    with using_language("de"):
        assert in_language(stored, english) == worded(rebuilt)
        assert "A als Nr. 3 hinzugefügt" in worded(rebuilt)
    assert in_language({"msgid": "{x.__class__}"}, english) == english  # hand-edited


def test_a_counted_level_warning_keeps_its_stored_shape() -> None:
    warning = LevelWarning(
        Level.CONFIRM_FACTS,
        said_n("{count} player", "{count} players", 3, count=3),
    )
    data = warning.to_json()
    assert data == {
        "level": 3,
        "text": "3 players",
        "said": {
            "msgid": "{count} player",
            "fields": {"count": 3},
            "plural": "{count} players",
            "count": 3,
        },
    }
    back = LevelWarning.from_json(data)
    assert back.text == "3 players"
    with using_language("ru"):
        assert back.shown == "3 участника"
    with using_language("pl"):
        assert back.shown == "3 zawodników"


def test_an_explanation_stored_with_indent_and_a_list_field_reads_as_before() -> None:
    """The ``explanation_said`` shape: an indent kept outside the message, a list of notes."""
    stored = [
        {
            "msgid": "[C6] {count} downfloater: {players}",
            "plural": "[C6] {count} downfloaters: {players}",
            "count": 2,
            "indent": "  ",
            "fields": {"count": 2, "players": "4, 7"},
        },
        {"msgid": "{p0}; {p1}", "fields": {"p0": "a", "p1": {"msgid": "no round has been played"}}},
    ]
    english = ["  [C6] 2 downfloaters: 4, 7", "a; no round has been played"]
    lines = from_stored(english, stored)
    assert list(lines) == english
    assert [line.to_json() for line in lines if isinstance(line, Message)] == [
        stored[0],
        {
            "msgid": "{p0}; {p1}",
            "fields": {"p0": "a", "p1": {"msgid": "no round has been played", "fields": {}}},
        },
    ]
    with using_language("pl"):
        assert worded(lines[0]) == "  [C6] 2 zawodnicy przesunięci w dół: 4, 7"


def test_a_checkers_finding_goes_into_a_stored_warning_without_a_bridge() -> None:
    """Storage words the checker's differences for the reader: they are already messages
    (the bridge ``storage.said.adopted`` is gone)."""
    differences = (
        said("the file pairs {pair}; the engine does not make this pair", pair="3-1"),
        said_n("{n} round differs", "{n} rounds differ", 2, n=2),
    )
    warning = said(
        "round {n} breaks the pairing rules of {system}: {differences}",
        n=2,
        system="Dutch",
        differences=listed(differences),
    )
    english = (
        "round 2 breaks the pairing rules of Dutch: the file pairs 3-1; the engine does not "
        "make this pair; 2 rounds differ"
    )
    assert warning == english
    back = Message.from_json(warning.to_json(), english)
    with using_language("de"):
        german = worded(back)
    assert "die Datei paart 3-1" in german and "2 Runden weichen ab" in german


def test_a_message_survives_a_pipe_even_with_braces_in_a_field() -> None:
    text = said("added {name} as no. {tpn}", name="{odd} name", tpn=3)
    back = pickle.loads(pickle.dumps(text))
    assert isinstance(back, Message) and back == text and back.fields == text.fields
    indented = said("[C6] {count} downfloater: {players}", _indent="  ", count=1, players="4")
    assert pickle.loads(pickle.dumps(indented)).indent == "  "
