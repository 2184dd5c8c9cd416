"""The rating texts in the reader's language (issue 38): the K factor's reason (art. 8.3.3),
the games' notes and the players' status are worded where they are read (German and Russian
here, Russian's three plural forms included), stay English byte for byte for everyone else
(``swissdesk ratings --json``), and ``swissdesk ratings`` prints them in the arbiter's
language."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.elo import development_coefficient, rating_changes, report_rows
from swissdesk.i18n import using_language, worded
from swissdesk.storage import TournamentFile
from tests.norms import norm_support

REASONS = [
    (
        {"rating": 2450},
        "rated 2400 or more",
        "Elo 2400 oder mehr",
        "рейтинг 2400 или выше",
    ),
    (
        {"rating": 2100, "rated_games": 1},
        "new player: 1 rated game before this event",
        "neuer Spieler: 1 Elo-Partie vor diesem Turnier",
        "новый игрок: 1 обсчитанная партия до этого турнира",
    ),
    (
        {"rating": 2100, "rated_games": 22},
        "new player: 22 rated games before this event",
        "neuer Spieler: 22 Elo-Partien vor diesem Turnier",
        "новый игрок: 22 обсчитанные партии до этого турнира",
    ),
    (
        {"rating": 2100, "birth_year": 2010, "event_year": 2026, "rated_games": 80},
        "junior (born 2010) rated under 2300",
        "Jugendlicher (Jahrgang 2010) mit Elo unter 2300",
        "юниор (2010 г. р.) с рейтингом ниже 2300",
    ),
    (
        {"rating": 2100},
        "rated under 2400 (number of rated games not known: 30 or more assumed)",
        "Elo unter 2400 (Zahl der Elo-Partien unbekannt: 30 oder mehr angenommen)",
        "рейтинг ниже 2400 (число обсчитанных партий неизвестно: принято 30 или больше)",
    ),
    (
        {"rating": 2100, "rated_games": 10, "games_in_event": 21},
        "new player: 10 rated games before this event; 40 x 21 games > 700, so K = 33",
        "neuer Spieler: 10 Elo-Partien vor diesem Turnier; 40 x 21 Partien > 700, also K = 33",
        "новый игрок: 10 обсчитанных партий до этого турнира; 40 x 21 партия > 700, поэтому K = 33",
    ),
    (
        {"rating": 2100, "given": 40, "given_source": "arbiter"},
        "set by the arbiter",
        "vom Schiedsrichter festgelegt",
        "задан судьёй",
    ),
]


@pytest.mark.parametrize(("given", "english", "german", "russian"), REASONS)
def test_art_8_3_3_k_reason_in_the_readers_language(
    given: dict[str, int | str], english: str, german: str, russian: str
) -> None:
    with using_language("de"):
        k = development_coefficient(**given)  # type: ignore[arg-type]
        assert worded(k.reason) == german
    assert str(k.reason) == english  # what is stored and what --json writes
    with using_language("ru"):
        assert worded(k.reason) == russian
    assert worded(k.reason) == english


def test_rating_report_json_stays_english_in_any_language() -> None:
    event = norm_support.seeker_event(norm_support.CASE_A)
    with using_language("ru"):
        rows = report_rows(rating_changes(event))
        text = json.dumps(rows, ensure_ascii=False)
    assert rows[0]["k_reason"] == "rated 2400 or more" and rows[0]["status"] == "rated"
    assert not any("а" <= ch <= "я" for ch in text)  # no Cyrillic in the machine's output


@pytest.mark.parametrize(
    ("language", "rated", "new"),
    [
        ("en", "K 10 (rated 2400 or more)", "K 40 (new player: 12 rated games before this event)"),
        ("de", "K 10 (Elo 2400 oder mehr)", "K 40 (neuer Spieler: 12 Elo-Partien vor diesem Turnier)"),
        ("ru", "K 10 (рейтинг 2400 или выше)",
         "K 40 (новый игрок: 12 обсчитанных партий до этого турнира)"),
    ],
)  # fmt: skip
def test_ratings_command_prints_the_k_reason_in_the_arbiters_language(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    system_language: Callable[[str], None],
    language: str,
    rated: str,
    new: str,
) -> None:
    path = tmp_path / "event.swissdesk"
    with TournamentFile.from_tournament(path, norm_support.seeker_event(norm_support.CASE_A)):
        pass
    assert main(["player-rating", str(path), "10", "--rated-games", "12"]) == 0
    system_language(language)
    capsys.readouterr()
    assert main(["ratings", str(path), "--player", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == rated
    assert main(["ratings", str(path), "--player", "10"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == new
    assert main(["ratings", str(path), "--player", "10", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    row = row[0] if isinstance(row, list) else row
    assert row["k_reason"] == "new player: 12 rated games before this event"
