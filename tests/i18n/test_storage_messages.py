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
