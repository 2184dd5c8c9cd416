"""The venue's pages in the players' languages (issue 38): the tournament's language, unless
the browser asks for another (``Accept-Language``) or the player picked one with the pages'
language switch (a cookie, which wins); ``<html lang>`` right; live updates keep the page's
language; an unknown language falls back cleanly."""

from __future__ import annotations

import asyncio
import dataclasses
import html as html_module
import json
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swissdesk import i18n
from swissdesk.venue.app import Hub, _stream, create_app
from swissdesk.venue.publish import publish
from swissdesk.venue.render import LANGUAGE_COOKIE, Renderer
from swissdesk.venue.source import Venue

OPEN = "/s/riverside-open"

WORDS = {
    "en": ("Where do I play?", "Your name or number"),
    "fr": ("Où dois-je jouer\u00a0?", "Nom ou numéro"),
    "de": ("Wo spiele ich?", "Name oder Nummer"),
    "es": ("¿Dónde juego?", "Nombre o número"),
    "it": ("Dove gioco?", "Nome o numero"),
    "pt": ("Onde jogo?", "Nome ou número"),
    "pl": ("Gdzie gram?", "Nazwisko lub numer"),
    "ru": ("Где я играю?", "Фамилия или номер"),
    "tr": ("Nerede oynuyorum?", "Ad veya numara"),
    "nl": ("Waar speel ik?", "Naam of nummer"),
}
"""Each language's words for the search box's question and its hint (the venue's own
messages; the words other areas share with the venue, such as "Standings", are checked
against the catalogs with :func:`say`, since the areas' catalogs are one at run time)."""


def say(language: str, message: str, context: str | None = None) -> str:
    """``message`` as the catalogs translate it into ``language``."""
    with i18n.using_language(language):
        return i18n.pgettext(context, message) if context else i18n.gettext(message)


def text(html: str) -> str:
    """The page's visible text (tags dropped)."""
    return html_module.unescape(re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", html)))


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([a-z]+)"', html)
    assert found, html[:200]
    return found.group(1)


@pytest.fixture(scope="module")
def venue(events: dict[str, Path]) -> Iterator[Venue]:
    served = Venue([events["open"], events["team"]])
    yield served
    served.close()


@pytest.fixture
def client(venue: Venue) -> Iterator[TestClient]:
    """A fresh client (no cookie) for each test."""
    with TestClient(create_app(Hub(venue, Renderer()))) as c:
        yield c


def test_every_language_is_spoken_and_named_on_the_page(client: TestClient) -> None:
    assert set(WORDS) == set(i18n.LANGUAGES)
    for code, (question, hint) in WORDS.items():
        page = client.get(f"{OPEN}/", headers={"Accept-Language": code})
        assert page.status_code == 200
        assert html_lang(page.text) == code
        shown = text(page.text)
        assert f'placeholder="{hint}"' in html_module.unescape(page.text)
        for word in (question, say(code, "Standings"), say(code, "Cross table")):
            assert word in shown, (code, word)
        if code != "en":
            assert say(code, "Standings") != "Standings"
        # The switch names every language in its own words, the page's one marked.
        assert f'lang="{code}" hreflang="{code}" aria-current="true"' in page.text
        assert all(name in page.text for name in i18n.LANGUAGES.values())


@pytest.mark.parametrize(
    ("page", "language", "words", "shared"),
    [
        (f"{OPEN}/standings", "de", ("Feinwertungen (FIDE C.07), in dieser Reihenfolge",),
         ("Standings",)),
        (f"{OPEN}/crosstable", "ru", ("Клетки туров: строка соперника",), ("Cross table",)),
        (f"{OPEN}/players", "pl", ("Gdzie gram?",), ("Players",)),
        (f"{OPEN}/find?q=zzz", "fr", ("Personne n'a été trouvé pour «\u00a0zzz\u00a0»",), ()),
        ("/s/club-cup/standings", "it", ("Dopo il turno",), ("Standings",)),
        ("/s/club-cup/player/1", "nl", ("Matchpunten: 2",), ("Matches",)),
        ("/", "tr", ("tur 3/5",), ("Tournaments",)),
    ],
)  # fmt: skip
def test_a_page_speaks_the_language_throughout(
    client: TestClient, page: str, language: str, words: tuple[str, ...], shared: tuple[str, ...]
) -> None:
    html = client.get(page, headers={"Accept-Language": language}).text
    assert html_lang(html) == language
    shown = text(html).lower()
    for word in (*words, *(say(language, m) for m in shared)):
        assert word.lower() in shown, word


def test_a_players_byes_and_results_are_words_of_the_page(client: TestClient) -> None:
    """The pairing-allocated bye is a German word on a German page, the same data English on
    an English page: the section is read once, each page says it in its own language."""
    english = text(client.get(f"{OPEN}/", headers={"Accept-Language": "en"}).text)
    german = text(client.get(f"{OPEN}/", headers={"Accept-Language": "de"}).text)
    bye = say("de", "pairing-allocated bye")
    assert bye != "pairing-allocated bye" and "Freilos" in bye
    assert "pairing-allocated bye" in english and bye not in english
    assert bye in german and "pairing-allocated bye" not in german
    assert say("de", "Not playing") in german
    player = text(client.get(f"{OPEN}/player/2", headers={"Accept-Language": "ru"}).text)
    assert "Пропуск в 3-м туре" in player  # the short PAB in a sentence


def test_the_browsers_language_picks_the_best_one_spoken(client: TestClient) -> None:
    page = client.get(f"{OPEN}/", headers={"Accept-Language": "ja, pt-BR;q=0.8, de;q=0.5"})
    assert html_lang(page.text) == "pt" and "Onde jogo?" in page.text
    assert "Accept-Language" in page.headers["vary"]


def test_the_language_picked_on_the_page_wins_over_the_browsers(client: TestClient) -> None:
    switch = client.get(
        "/language",
        params={"set": "pl", "next": f"{OPEN}/standings"},
        follow_redirects=False,
    )
    assert switch.status_code == 303
    assert switch.headers["location"] == f"{OPEN}/standings"
    assert f"{LANGUAGE_COOKIE}=pl" in switch.headers["set-cookie"]
    assert "httponly" in switch.headers["set-cookie"].lower()
    page = client.get(f"{OPEN}/standings", headers={"Accept-Language": "fr"})
    assert html_lang(page.text) == "pl" and "po rundzie 2" in text(page.text)
    # The switch on every page leads there and back.
    assert '/language?set=de&amp;next=%2Fs%2Friverside-open%2Fstandings' in page.text


def test_an_unknown_language_falls_back_cleanly(client: TestClient) -> None:
    page = client.get(f"{OPEN}/", headers={"Accept-Language": "ja, zh;q=0.9"})
    assert page.status_code == 200 and html_lang(page.text) == "en"
    assert "Where do I play?" in page.text
    nothing = client.get("/language", params={"set": "xx", "next": "/"}, follow_redirects=False)
    assert nothing.status_code == 303 and "set-cookie" not in nothing.headers
    client.cookies.set(LANGUAGE_COOKIE, "klingon")
    page = client.get(f"{OPEN}/", headers={"Accept-Language": "nl"})
    assert html_lang(page.text) == "nl"  # a cookie naming nothing spoken is ignored
    for header in ("*", ";q=", "x" * 2000, "de;q=zero"):
        assert client.get(f"{OPEN}/", headers={"Accept-Language": header}).status_code == 200


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:x"]
)
def test_the_language_switch_never_sends_a_phone_elsewhere(client: TestClient, target: str) -> None:
    switch = client.get("/language", params={"set": "de", "next": target}, follow_redirects=False)
    assert switch.status_code == 303 and switch.headers["location"] == "/"


def test_the_tournaments_language_is_the_default(venue: Venue, client: TestClient) -> None:
    """A browser that asks for nothing spoken gets the tournament's language."""
    slug = OPEN.rsplit("/", 1)[1]
    before = venue.data[slug]
    venue.data[slug] = dataclasses.replace(before, language="es")
    try:
        page = client.get(f"{OPEN}/standings", headers={"Accept-Language": "ja"})
        assert html_lang(page.text) == "es"
        assert "tras la ronda 2" in text(page.text)
        page = client.get(f"{OPEN}/standings")
        assert html_lang(page.text) == "es"
        asked = client.get(f"{OPEN}/standings", headers={"Accept-Language": "it"})
        assert html_lang(asked.text) == "it"
        screen = client.get("/display", params={"section": slug})
        assert html_lang(screen.text) == "es" and "tras la ronda 2 · puestos" in screen.text
        other = client.get("/display", params={"section": slug, "lang": "de"})
        assert html_lang(other.text) == "de" and "nach Runde 2 · Plätze" in other.text
    finally:
        venue.data[slug] = before


def test_a_live_page_keeps_its_language(venue: Venue, client: TestClient) -> None:
    page = client.get(f"{OPEN}/standings", headers={"Accept-Language": "ru"}).text
    live = re.search(r'data-live="([^"]+)"', page)
    assert live and "lang=ru" in live.group(1)
    assert 'data-live-text="Онлайн · обновлено в {time}"' in page
    hub = Hub(venue, Renderer())

    async def first_update(language: str | None) -> str:
        stream = _stream(hub, f"{OPEN}/standings", "", language)
        await anext(stream)
        update = (await anext(stream)).decode()
        await stream.aclose()
        data = next(line for line in update.splitlines() if line.startswith("data: "))
        return str(json.loads(data.removeprefix("data: "))["html"])

    assert "Дополнительные показатели (FIDE C.07)" in asyncio.run(first_update("ru"))
    assert "Tie-breaks (FIDE C.07)" in asyncio.run(first_update(None))  # the section's
    state = hub.live_state(f"{OPEN}/standings", "tr")
    assert state is not None and "Eşitlik bozma ölçütleri" in state[1]


def test_the_phones_pages_and_refusals_speak_the_players_language(client: TestClient) -> None:
    page = client.get("/checkin", headers={"Accept-Language": "de"})
    assert html_lang(page.text) == "de"
    assert "Die Anwesenheitsbestätigung ist jetzt nicht geöffnet." in page.text
    assert "/language?set=fr&amp;next=%2Fcheckin" in page.text
    missing = client.get("/no/such/page", headers={"Accept-Language": "es"})
    assert missing.status_code == 404 and html_lang(missing.text) == "es"
    assert "Esta página no existe." in missing.text
    refused = client.post("/", headers={"Accept-Language": "it"})
    assert refused.status_code == 405 and "Qui si può solo leggere." in refused.text


def test_a_published_site_speaks_the_language_asked_for(
    events: dict[str, Path], tmp_path: Path
) -> None:
    target, _pages = publish([events["open"]], tmp_path / "site.zip", language="nl")
    with zipfile.ZipFile(target) as site:
        standings = site.read("s/riverside-open/standings.html").decode()
    assert html_lang(standings) == "nl" and "Weerstandspunten (FIDE C.07)" in text(standings)
    assert "/language?" not in standings  # no switch on a static site: no server to ask
