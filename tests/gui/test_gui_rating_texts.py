"""The player card's K reason and rating notes in the arbiter's language (issue 38): the
window words what swissdesk.elo computed (art. 8.3.3's reason) in German and Russian; the
English card is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import norm_event

from swissdesk import i18n
from swissdesk.gui.mainwindow import MainWindow

pytestmark = pytest.mark.usefixtures("english_afterwards")


@pytest.mark.parametrize(
    ("language", "seeker", "tenth"),
    [
        ("en", "K 40 (set by the arbiter)",
         "K 20 (rated under 2400 (number of rated games not known: 30 or more assumed))"),
        ("de", "K 40 (vom Schiedsrichter festgelegt)",
         "K 20 (Elo unter 2400 (Zahl der Elo-Partien unbekannt: 30 oder mehr angenommen))"),
        ("ru", "K 40 (задан судьёй)",
         "K 20 (рейтинг ниже 2400 (число обсчитанных партий неизвестно: принято 30 или больше))"),
    ],
)  # fmt: skip
def test_player_card_k_reason_in_the_arbiters_language(
    window: MainWindow, tmp_path: Path, language: str, seeker: str, tenth: str
) -> None:
    i18n.set_process_language(language)
    assert window.open_file(norm_event(tmp_path))
    window.show_page(window.PAGE_STANDINGS)
    for tpn, words in ((1, seeker), (10, tenth)):
        window.standings.player_card(tpn)
        card = window.standings.card
        assert card is not None and card.isVisible()
        text = " ".join(card.browser.toPlainText().split())
        assert words in text, text
        card.close()
