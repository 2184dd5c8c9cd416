"""The venue's pages through Starlette's test client: what a player and an arbiter see
(every system swissdesk pairs), what they must not see, and the search."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader
from starlette.testclient import TestClient

from swissdesk.lists.standings import last_complete_round, standings_view
from swissdesk.reports import render
from swissdesk.storage import open_for_report
from swissdesk.venue.source import Venue
from tests.venue.venue_support import HOSTILE, OPEN_PLAYERS

OPEN = "/s/riverside-open"


def text(html: str) -> str:
    """The page's visible text (tags dropped, entities of the names kept escaped)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_start_page_lists_every_served_tournament(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for name in ("Riverside Open", "Double Open", "Club Cup", "Masters"):
        assert name in page.text
    assert 'href="/s/club-cup/"' in page.text


def test_where_do_i_play_shows_the_current_round_with_a_search(client: TestClient) -> None:
    page = client.get(f"{OPEN}/")
    assert page.status_code == 200
    assert "Where do I play?" in page.text and 'name="q"' in page.text
    assert "Round 3" in page.text and "playing" in page.text
    assert "1 - 0" in page.text or "½ - ½" in page.text or "0 - 1" in page.text
    # Nine players: someone has the pairing-allocated bye.
    assert "pairing-allocated bye" in page.text


def test_search_ignores_accents_and_case_as_the_desktop_search(client: TestClient) -> None:
    for query, name in (("lukasz", "Wróbel, Łukasz"), ("MULLER jurgen", "Müller, Jürgen"),
                        ("nguyen", "Nguyễn, Văn An"), ("иванов", "Иванов, Дмитрий")):  # fmt: skip
        page = client.get(f"{OPEN}/find", params={"q": query})
        assert page.status_code == 200
        assert name in page.text, query
        assert "Board" in page.text or "bye" in page.text.lower()
    by_number = client.get(f"{OPEN}/find", params={"q": "2"})
    assert "Müller, Jürgen" in by_number.text
    nobody = client.get(f"{OPEN}/find", params={"q": "Kasparov"})
    assert "Nobody found" in nobody.text


def test_a_found_player_sees_board_colour_and_opponent_in_large_type(client: TestClient) -> None:
    page = client.get(f"{OPEN}/find", params={"q": "smith"})
    seat = re.search(r'<div class="seat">(.*?)</div>\s*</section>', page.text, re.S)
    assert seat is not None, page.text
    assert re.search(r'class="big">Board \d+<', seat.group(1))
    assert re.search(r">(White|Black)", seat.group(1))
    assert "against" in seat.group(1)


def test_player_page_every_round_score_rank_and_next_pairing(client: TestClient) -> None:
    page = client.get(f"{OPEN}/player/1")
    assert page.status_code == 200
    body = text(page.text)
    assert "Wróbel, Łukasz" in body and "GM" in body and "KS Hetman" in body
    assert "points after round 2" in body and "place" in body
    rows = re.findall(r"<tr><td class=\"n\">(\d)</td>", page.text)
    assert rows == ["1", "2", "3"]
    assert "Round 3" in page.text  # the current pairing in large type


def test_only_what_the_wall_lists_show(client: TestClient, events: dict[str, Path]) -> None:
    pages = [client.get(p).text for p in (f"{OPEN}/", f"{OPEN}/player/1", f"{OPEN}/players",
                                          f"{OPEN}/standings", f"{OPEN}/crosstable")]  # fmt: skip
    for html in pages:
        for p in OPEN_PLAYERS:
            assert p.birth_date not in html
            assert p.fide_id == "" or p.fide_id not in html
        for path in events.values():
            assert str(path.parent) not in html and path.name not in html
        assert "audit" not in html.lower() and "EnterResult" not in html


def test_fide_ids_only_where_the_arbiter_allows_them(events: dict[str, Path]) -> None:
    venue = Venue([events["open"]], fide_ids=True)
    try:
        assert venue.data["riverside-open"].players[1].fide_id == "1124567"
    finally:
        venue.close()


def test_a_name_that_looks_like_html_shows_as_text(client: TestClient) -> None:
    for path in (f"{OPEN}/", f"{OPEN}/players", f"{OPEN}/player/5", f"{OPEN}/standings",
                 f"{OPEN}/crosstable", "/display?section=riverside-open"):  # fmt: skip
        html = client.get(path).text
        assert HOSTILE not in html, path
    escaped = client.get(f"{OPEN}/player/5").text
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in escaped
    found = client.get(f"{OPEN}/find", params={"q": '<img src=x onerror="alert(1)">'}).text
    assert "<img src=x" not in found and "&lt;img src=x" in found


def test_standings_are_the_pdf_standings(client: TestClient, events: dict[str, Path],
                                         tmp_path: Path) -> None:  # fmt: skip
    """One computation: the page ranks with the rows of the printed standings."""
    tournament, _order = open_for_report(events["open"])
    printed = standings_view(tournament, None, last_complete_round(tournament))
    page = client.get(f"{OPEN}/standings").text
    cells = re.findall(r"<tr><td class=\"n\">([^<]+)</td>.*?</tr>", page, re.S)
    assert cells == [row.rank_label for row in printed.rows]
    for column in printed.columns:  # (on a phone all but the first are under the name)
        assert re.search(rf"<th( class=\"wide\")?>{re.escape(column)}</th>", page), column
    pdf = render("standings", tournament, tmp_path / "s.pdf")
    pdf_text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages)
    for row in printed.rows:
        assert " ".join(row.values) in pdf_text
        shown = re.search(rf'/player/{row.tpn}">[^<]*</a>.*?</tr>', page, re.S)
        assert shown is not None and all(v in shown.group(0) for v in row.values)


def test_cross_table_cells_are_the_wall_charts(client: TestClient) -> None:
    page = client.get(f"{OPEN}/crosstable").text
    assert "after round 2" in page
    assert re.search(r'<td class="c">\d+[wb][1½0]</td>', page)


def test_past_rounds_and_unknown_rounds(client: TestClient) -> None:
    assert client.get(f"{OPEN}/round/1").status_code == 200
    assert client.get(f"{OPEN}/round/4").status_code == 404
    assert client.get(f"{OPEN}/player/99").status_code == 404


def test_double_swiss_shows_both_games_of_each_match(client: TestClient) -> None:
    page = client.get("/s/double-open/round/1").text
    # White won game 1, game 2 drawn: from the first-named player's side 1½ – ½.
    assert "1½ – ½ (1:0, ½:½)" in page
    player = client.get("/s/double-open/player/1").text
    assert re.search(r"1½ \((1, ½|0, ½)\)|½ \((0, ½)\)", player)


def test_team_event_matches_line_ups_board_results_and_team_standings(client: TestClient) -> None:
    rnd = client.get("/s/club-cup/round/1").text
    assert "Riverside Player 1" in rnd and "1-0" in rnd
    assert re.search(r'class="score">2 - 0<', rnd)
    standings = client.get("/s/club-cup/standings").text
    assert "MP" in standings and "Ñandú Club" in standings
    team = client.get("/s/club-cup/player/1").text
    assert "Line-up" in team and "Round 1" in team
    found = client.get("/s/club-cup/find", params={"q": "hilltop player 2"}).text
    assert "Hilltop" in found and "Match" in found


def test_round_robin_cross_table_is_the_square_table(client: TestClient) -> None:
    page = client.get("/s/masters/crosstable").text
    assert 'class="list cross grid"' in page
    assert page.count('class="c self"') == 5


def test_display_mode_rotates_pairings_and_standings(client: TestClient) -> None:
    page = client.get("/display", params={"section": "riverside-open", "rows": "6"}).text
    assert page.count('<section class="slide') >= 3
    assert "Round 3 · boards 1–4" in page and "Standings after round 2" in page
    assert 'class="slide current"' in page
    second = client.get("/display", params={"section": "riverside-open", "slide": "1"}).text
    assert re.search(r'class="slide current" data-index="1"', second)
    boards = client.get("/display", params={"section": "riverside-open", "boards": "2-3",
                                            "show": "pairings"}).text  # fmt: skip
    assert "boards 2–3" in boards
    assert client.get("/display", params={"show": "audit"}).status_code == 404
    assert client.get("/display", params={"boards": "9-1"}).status_code == 404


def test_category_standings_of_the_prize_plan_are_on_the_venue_pages(
    events: dict[str, Path], tmp_path: Path
) -> None:
    """Issue 36: each category's standings "in the window, the venue pages and PDFs", from
    the one prize computation the window and the PDF read."""
    import shutil

    from starlette.testclient import TestClient as Client

    from swissdesk.cli import main
    from swissdesk.lists.standings import last_complete_round
    from swissdesk.prizes.event import tournament_prizes
    from swissdesk.storage import TournamentFile
    from swissdesk.venue.app import Hub, create_app
    from swissdesk.venue.render import Renderer

    plan = tmp_path / "plan.toml"
    plan.write_text(
        'version = 1\n[rules]\ncurrency = "EUR"\n\n'
        '[[category]]\nname = "Under 2300"\nrating_below = 2300\n\n'
        '[[category]]\nname = "Women"\nsex = "F"\n\n'
        '[[prize]]\nplace = 1\namount = 100\n\n'
        '[[prize]]\ncategory = "Under 2300"\nplace = 1\namount = 50\n',
        encoding="utf-8",
    )
    path = Path(shutil.copyfile(events["open"], tmp_path / "open.swissdesk"))
    venue = Venue([path])
    try:
        with Client(create_app(Hub(venue, Renderer()))) as c:
            assert c.get(f"{OPEN}/categories").status_code == 404  # no plan: no page
            assert "Category standings" not in c.get(f"{OPEN}/standings").text
    finally:
        venue.close()
    assert main(["prizes", str(path), "--plan", str(plan), "--save"]) == 0
    with TournamentFile.open(path) as tf:
        snapshot = tf.snapshot()
        expected = tournament_prizes(
            snapshot,
            tf.prize_plan(),  # type: ignore[arg-type]
            after_round=last_complete_round(snapshot),
            national={t: i.national_rating for t, i in tf.rating_inputs().players.items()},
            ticked=tf.prize_ticks(),
            withdrawn=frozenset(tf.withdrawn()),
        ).categories
    venue = Venue([path])
    try:
        with Client(create_app(Hub(venue, Renderer()))) as c:
            assert "Category standings" in c.get(f"{OPEN}/standings").text
            page = c.get(f"{OPEN}/categories")
            assert page.status_code == 200
            shown = text(page.text)
            for cat in expected:
                assert cat.name in shown
            members = [row for cat in expected for row in cat.rows]
            assert members, "the sample plan's categories hold players of this event"
            for row in members:
                assert f'/player/{row.placed.tpn}"' in page.text
            assert len(re.findall(r'<td class="n strong">', page.text)) == len(members)
    finally:
        venue.close()
