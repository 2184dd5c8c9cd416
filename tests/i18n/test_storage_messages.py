"""The storage's refusals speak the language of whoever is shown them (issue 38): the
arbiter's (the process language: the window's, or the command line's from the system) in any
thread the window runs an action on, and a player's inside ``using_language`` (a phone page),
English for everyone else. The refusal is worded when it is raised, so the same action refused
for two people at once reads right for each."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from swissdesk.i18n import set_process_language, using_language
from swissdesk.storage import (
    ActionRefused,
    AddPlayer,
    PlayerData,
    RemovePlayer,
    StorageError,
    TournamentFile,
    TournamentSettings,
    Undo,
)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "t.swissdesk"
    settings = TournamentSettings(name="Lyon Open", total_rounds=5)
    with TournamentFile.create(path, settings, players=[PlayerData("A, Anne", 2000)]):
        pass
    return path


@pytest.fixture
def arbiter_language() -> Iterator[None]:
    yield
    set_process_language("en")


def refusal(path: Path, action: object) -> str:
    with TournamentFile.open(path) as tf, pytest.raises(StorageError) as caught:
        tf.execute(action)  # type: ignore[arg-type]
    return str(caught.value)


def test_a_refusal_is_english_by_default(event: Path) -> None:
    assert refusal(event, RemovePlayer(7)) == "there is no player with pairing number 7"


def test_a_refusal_is_in_the_players_language_inside_using_language(event: Path) -> None:
    with using_language("de"):
        assert refusal(event, RemovePlayer(7)) == "es gibt keinen Spieler mit der Startnummer 7"
    with using_language("ru"):
        assert refusal(event, RemovePlayer(7)) == "нет участника со стартовым номером 7"
    assert refusal(event, RemovePlayer(7)) == "there is no player with pairing number 7"


def test_the_window_s_worker_thread_refuses_in_the_arbiter_s_language(
    event: Path, arbiter_language: None
) -> None:
    """The window sets the process language at start and runs long actions on worker
    threads: a thread starts with no document language of its own, so it speaks the
    arbiter's."""
    set_process_language("fr")
    seen: list[str] = []
    worker = threading.Thread(target=lambda: seen.append(refusal(event, Undo())))
    worker.start()
    worker.join()
    assert len(seen) == 1
    assert seen[0].startswith("la dernière action (")
    assert seen[0].endswith(") ne peut pas être annulée")


def test_a_document_language_does_not_leak_into_the_arbiter_s_refusals(
    event: Path, arbiter_language: None
) -> None:
    set_process_language("pl")
    with using_language("it"):
        assert refusal(event, RemovePlayer(9)) == (
            "non c'è alcun giocatore con il numero di abbinamento 9"
        )
    assert refusal(event, RemovePlayer(9)) == "nie ma zawodnika z numerem startowym 9"


def test_every_refusal_class_keeps_its_type(event: Path) -> None:
    with (
        using_language("tr"),
        TournamentFile.open(event) as tf,
        pytest.raises(ActionRefused, match="sıra numaralı oyuncu yok"),
    ):
        tf.execute(RemovePlayer(7))


def test_the_audit_log_speaks_the_reader_s_language(event: Path) -> None:
    """An action's summary is stored in English with its message beside it, so the log,
    the undo question and the command line word it in the reader's language, whatever
    language the action was done in (a phone page's, the arbiter's)."""
    with TournamentFile.open(event) as tf:
        with using_language("ru"):  # done from a Russian page: the log keeps no Russian
            result = tf.execute(AddPlayer(PlayerData("B, Boris", 1900)))
        assert result.summary == "B, Boris добавлен под № 2"  # the caller's words
        tf.execute(Undo())
        log = tf.audit_log()
        assert [e.summary for e in log[-2:]] == [
            "added B, Boris as no. 2",
            "undone: added B, Boris as no. 2",
        ]
        with using_language("de"):
            shown = [e.summary for e in tf.audit_log()[-2:]]
        assert shown == [
            "B, Boris als Nr. 2 hinzugefügt",
            "rückgängig gemacht: B, Boris als Nr. 2 hinzugefügt",
        ]


def test_a_summary_without_its_message_is_shown_as_written() -> None:
    """Older files (English text only) and records changed by hand: the text as written;
    a message naming an attribute to look up is never formatted."""
    from swissdesk.i18n import Message, in_language, said_n

    assert in_language(None, "added X as no. 3") == "added X as no. 3"
    hostile = {"msgid": "{name.__class__}", "fields": {"name": "x"}}
    assert in_language(hostile, "as written") == "as written"
    assert Message.from_json(hostile, "as written") == "as written"
    counted = said_n(
        "ratings updated from the rating list: {n} player",
        "ratings updated from the rating list: {n} players",
        5,
        n=5,
    )
    assert counted == "ratings updated from the rating list: 5 players"
    with using_language("pl"):  # Polish "many" form for 5
        assert in_language(counted.to_json(), str(counted)) == (
            "zaktualizowano rankingi z listy: 5 zawodników"
        )
