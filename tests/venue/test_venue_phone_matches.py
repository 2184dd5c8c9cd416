"""Matches reported from the phones through the venue (issue 35): a team captain reports
the match's boards and the other captain confirms (C.04.6); a Double-Swiss player reports
both games (C.04.5). Same door, code, CSRF and lane as one game's report."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swissdesk.engines import get_engine
from swissdesk.model.tournament import truncated
from swissdesk.storage import (
    IssueCodes,
    OpenReporting,
    TournamentFile,
)
from swissdesk.trf import write_trf
from swissdesk.venue.app import Hub, create_app
from swissdesk.venue.render import Renderer
from swissdesk.venue.source import Venue
from swissdesk.verification.generator import GeneratorSettings, generate_tournament
from tests.venue.venue_support import reporting_cup

TOKEN = re.compile(r'name="token" value="([^"]+)"')
CHECKED = re.compile(r'name="(g\d+)" value="([^"]+)"[^>]*checked')


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    """Four teams of five, four boards, round 1 paired, team codes, reporting open; the
    first match's first team leaves board 4 empty."""
    return reporting_cup(tmp_path / "cup.swissdesk", first_lineup=(1, 2, 3, None))


@pytest.fixture
def double(tmp_path: Path) -> Path:
    settings = GeneratorSettings(players=10, rounds=5, seed=3, system="double-swiss")
    full = generate_tournament(settings, get_engine("double-swiss"))
    trf = tmp_path / "ds.trf"
    write_trf(truncated(full, 3), trf)
    path = tmp_path / "ds.swissdesk"
    with TournamentFile.import_trf(trf, path) as tf:
        tf.pair_next_round(None)
        tf.execute(IssueCodes())
        tf.execute(OpenReporting(3))
    return path


def serve(path: Path) -> Iterator[TestClient]:
    venue = Venue([path])
    with TestClient(create_app(Hub(venue, Renderer()))) as c:
        yield c
    venue.close()


def token_of(text: str) -> str:
    found = TOKEN.search(text)
    assert found is not None, text
    return found.group(1)


def show_board(client: TestClient, code: str) -> str:
    page = client.get("/report")
    r = client.post("/report", data={"code": code, "token": token_of(page.text)})
    assert r.status_code == 200, r.text
    return r.text


def send(client: TestClient, code: str, page: str, **games: str) -> str:
    data = {"code": code, "token": token_of(page), **games}
    r = client.post("/report", data=data)
    return r.text


def test_a_captain_reports_the_match_and_the_other_captain_confirms_it(cup: Path) -> None:
    with TournamentFile.open(cup) as tf:
        m = tf.team_round_view(1).matches[0]
        codes = tf.player_codes()
    for client in serve(cup):
        page = show_board(client, codes[m.first_tpn])
        assert f"Match {m.number}" in page and "as its captain" in page
        assert "Board 1:" in page and "Player " in page
        assert 'name="n" value="4"' in page
        assert "Empty place" in page and 'name="g4"' not in page  # board 4: no choice
        done = send(client, codes[m.first_tpn], page, n="4", g1="1-0", g2="1/2", g3="0-1")
        assert "the other team&#39;s captain confirms it" in done
        assert "1½-2½ [1-0 1/2 0-1 -+] reported" in done  # board 4: the line-up's forfeit
        assert "Send the results" in done
        # The other captain finds the results chosen already: one tap confirms.
        other = show_board(client, codes[m.second_tpn])
        assert CHECKED.findall(other) == [("g1", "1-0"), ("g2", "1/2"), ("g3", "0-1")]
        assert "Confirm these results" in other
        done = send(client, codes[m.second_tpn], other, n="4", g1="1-0", g2="1/2", g3="0-1")
        assert "both captains agree" in done
    with TournamentFile.open(cup) as tf:
        (rep,) = tf.reports(1)
        assert rep.state == "confirmed" and rep.result == "1-0 1/2 0-1 -+"
        assert tf.audit_log()[-1].action == "ReportMatch"


def test_a_team_form_with_a_board_missing_or_too_many_games_writes_nothing(cup: Path) -> None:
    with TournamentFile.open(cup) as tf:
        m = tf.team_round_view(1).matches[1]
        codes = tf.player_codes()
        before = len(tf.audit_log())
    for client in serve(cup):
        page = show_board(client, codes[m.first_tpn])
        text = send(client, codes[m.first_tpn], page, n="4", g1="1-0", g2="1/2", g3="0-1")
        assert "Report board 4: a win, a draw or a loss" in text
        page = show_board(client, codes[m.first_tpn])
        text = send(client, codes[m.first_tpn], page, n="3", g1="1-0", g2="1/2", g3="0-1")
        assert "Report the 4 boards of the match" in text
        page = show_board(client, codes[m.first_tpn])
        assert "Send the form from its page" in send(client, codes[m.first_tpn], page, n="999")
    with TournamentFile.open(cup) as tf:
        assert len(tf.audit_log()) == before and tf.reports(1) == []


def test_a_double_swiss_player_reports_both_games(double: Path) -> None:
    with TournamentFile.open(double) as tf:
        board = tf.round_view(3).boards[0]
        codes = tf.player_codes()
    for client in serve(double):
        page = show_board(client, codes[board.white_tpn])
        assert "Game 1:" in page and "Game 2:" in page and 'name="n" value="2"' in page
        assert "You play White in game 1 and Black in game 2" in page
        done = send(client, codes[board.white_tpn], page, n="2", g1="0-1", g2="1-0")
        assert "your opponent confirms it" in done
        other = show_board(client, codes[board.black_tpn])
        assert CHECKED.findall(other) == [("g1", "0-1"), ("g2", "1-0")]
        send(client, codes[board.black_tpn], other, n="2", g1="0-1", g2="1-0")
    with TournamentFile.open(double) as tf:
        (rep,) = tf.reports(3)
        assert rep.state == "confirmed" and rep.text == "0-1 1-0 confirmed"


def test_the_captains_page_speaks_the_players_language(cup: Path) -> None:
    """Issue 38 for the captains' page (issue 35, session 45): the match, the captain's
    line, the boards, the empty place and the buttons in the phone's language."""
    with TournamentFile.open(cup) as tf:
        m = tf.team_round_view(1).matches[0]
        codes = tf.player_codes()
    for client in serve(cup):
        client.headers["Accept-Language"] = "de"
        page = show_board(client, codes[m.first_tpn])
        assert f"Wettkampf {m.number}" in page and "als Mannschaftsführer" in page
        assert "Brett 1:" in page and "Leerer Platz" in page and "Ergebnisse senden" in page
        done = send(client, codes[m.first_tpn], page, n="4", g1="1-0", g2="1/2", g3="0-1")
        assert "Mannschaftsführer des anderen Teams bestätigt es" in done
        assert "wartet auf den anderen Mannschaftsführer" in done
        client.headers["Accept-Language"] = "ru"
        other = show_board(client, codes[m.second_tpn])
        assert "Подтвердить эти результаты" in other
        done = send(client, codes[m.second_tpn], other, n="4", g1="1-0", g2="1/2", g3="0-1")
        assert "оба капитана согласны" in done
