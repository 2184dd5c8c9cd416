"""``swissdesk player-rating`` and ``swissdesk rating-rules`` in the arbiter's language
(issue 38): the rating kinds ("standard", "manual", "from round"), the arbiter as a rating's
source, the rating method's, order's and unrated rule's labels, the ratings the rating
tie-breaks read and the list sequence, worded in German and Russian; the stored ids stay
as they are (English output: tests/storage/test_storage_player_ratings.py and
tests/cli/test_cli_long_event.py)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.storage import TournamentFile
from tests.norms import norm_support

SHOWN = {
    "de": [
        "Wertungszahlen: Standard 2600 (FIDE), Blitz 1850 (Schiedsrichter {today}), "
        "manuell 1990 (Schiedsrichter {today})",
        "spätere Wertungszahlen: ab Runde 2 2650 (FIDE 2027-01)",
        "Normbefreiung: keine",
        "Wertungsmethode: FIDON (FIDE-Elo, sonst national; Verband FRA)",
        "Spieler ohne Elo in wertungsbasierten Feinwertungen: Die niedrigste Wertung der Gruppe",
        "wertungsbasierte Feinwertungen lesen: die ersten Wertungszahlen (zu Beginn)",
        "Listenreihenfolge: FIDE Standard, FIDE Schnellschach, FIDE Blitz (die Voreinstellung "
        "für Standard)",
    ],
    "ru": [
        "рейтинги: классика 2600 (FIDE), блиц 1850 (судья {today}), ручной 1990 (судья {today})",
        "более поздние рейтинги: с тура 2: 2650 (FIDE 2027-01)",
        "исключение для норм: нет",
        "метод рейтинга: FIDON (Рейтинг FIDE, иначе национальный; федерация FRA)",
        "участники без рейтинга в показателях на основе рейтинга: Наименьший рейтинг турнира",
        "показатели на основе рейтинга берут: первые рейтинги (на начало)",
        "порядок списков: ФИДЕ классика, ФИДЕ рапид, ФИДЕ блиц (по умолчанию для классики)",
    ],
}


@pytest.mark.parametrize("language", ["de", "ru"])
def test_player_ratings_and_rating_rules_in_the_arbiters_language(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    system_language: Callable[[str], None],
    language: str,
) -> None:
    path = tmp_path / "event.swissdesk"
    with TournamentFile.from_tournament(path, norm_support.seeker_event(norm_support.CASE_A)):
        pass
    assert main(["player-rating", str(path), "2", "--blitz", "1850", "--manual", "1990"]) == 0
    assert main(["rating-rules", str(path), "--long-event", "yes", "--unrated", "lowest",
                 "--method", "FIDON"]) == 0  # fmt: skip
    assert main(["player-rating", str(path), "2", "--later", "2:2650",
                 "--later-list", "FIDE 2027-01"]) == 0  # fmt: skip
    system_language(language)
    capsys.readouterr()
    assert main(["player-rating", str(path), "2"]) == 0
    assert main(["rating-rules", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    today = datetime.date.today().isoformat()
    for line in SHOWN[language]:
        assert line.format(today=today) in out, out
