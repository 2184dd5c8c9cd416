"""Issue 27, item 10: the starting list, by pairing number, by rating (C.04.2 art. 2.2:
rating, then title, then name) or alphabetical, with title, federation, rating, FIDE ID and
club; ``swissdesk report FILE --kind starting-list``."""

from __future__ import annotations

from pathlib import Path

import pytest
from report_test_support import multilingual_tournament, pdf_pages, row_texts

from swissdesk.cli import main
from swissdesk.errors import InputError
from swissdesk.model.ratings import NationalRating, Rating, RatingMethod
from swissdesk.model.tournament import Player, Tournament, TournamentInfo
from swissdesk.reports import render
from swissdesk.reports.starting_list import summary
from swissdesk.storage import PlayerData, TournamentFile, TournamentSettings

ENTRIES = [  # tpn, name, title, rating, federation, club
    (1, "Zúñiga, Ana", "GM", 2500, "ESP", "CA Madrid"),
    (2, "Abel, Bo", "IM", 2500, "SWE", "SK Rockaden"),
    (3, "Łukaszewicz, Ewa", "", 2500, "POL", ""),
    (4, "Müller, Max", "FM", 2600, "GER", "SC Bern"),
    (5, "Brown, Oliver", "", 0, "ENG", "Riverside CC"),
]


def entry_list() -> Tournament:
    players = tuple(
        Player(tpn, name, rating=rating, title=title, federation=fed, fide_id=str(900 + tpn),
               club=club)
        for tpn, name, title, rating, fed, club in ENTRIES
    )  # fmt: skip
    return Tournament(players=players, total_rounds=7, info=TournamentInfo(name="Spring Open"))


def _body(path: Path) -> list[list[str]]:
    rows = [row_texts(r) for page in pdf_pages(path) for r in page]
    start = next(i for i, r in enumerate(rows) if "Name" in r)
    return [rows[start], *(r for r in rows[start + 1 :] if r and r[0].isdigit())]


def test_by_pairing_number_with_title_federation_rating_and_club(tmp_path: Path) -> None:
    rows = _body(render("starting-list", entry_list(), tmp_path / "s.pdf"))
    assert rows[0] == ["No.", "Title", "Name", "FED", "Rating", "FIDE ID", "Club"]
    assert rows[1] == ["1", "GM", "Zúñiga, Ana", "ESP", "2500", "901", "CA Madrid"]
    assert rows[3] == ["3", "Łukaszewicz, Ewa", "POL", "2500", "903"]  # no title, no club
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4", "5"]


def test_by_rating_follows_the_initial_order_of_c042_art_2_2(tmp_path: Path) -> None:
    """Rating first, then title (GM before IM before none), then name; unrated last."""
    rows = _body(render("starting-list", entry_list(), tmp_path / "s.pdf", order="rating"))
    assert rows[0][:2] == ["#", "No."]
    assert [r[1] for r in rows[1:]] == ["4", "1", "2", "3", "5"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4", "5"]


def test_alphabetical_ignores_accents_and_case(tmp_path: Path) -> None:
    rows = _body(render("starting-list", entry_list(), tmp_path / "s.pdf", order="name"))
    names = [r[3] if r[2] in ("GM", "IM", "FM") else r[2] for r in rows[1:]]
    assert names == ["Abel, Bo", "Brown, Oliver", "Łukaszewicz, Ewa", "Müller, Max", "Zúñiga, Ana"]


def test_summary_counts_players_federations_rated_and_titled() -> None:
    assert summary(entry_list()) == (
        "5 players from 5 federations; 4 rated, average rating 2525; 3 titled players."
    )
    one = Tournament(players=(Player(1, "Solo, Han", federation="ENG"),))
    assert summary(one) == "1 player from 1 federation."


def test_unknown_order_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="unknown order"):
        render("starting-list", entry_list(), tmp_path / "s.pdf", order="age")


def test_command_line_prints_the_starting_list_of_a_tournament_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``swissdesk report FILE --kind starting-list``: the PDF is written in the current
    folder as ``FILE-starting-list.pdf`` unless ``-o`` names another file."""
    path = tmp_path / "spring.swissdesk"
    players = [PlayerData(name, rating, title=title, federation=fed, club=club)
               for _tpn, name, title, rating, fed, club in ENTRIES]  # fmt: skip
    with TournamentFile.create(path, TournamentSettings(name="Spring Open"), players=players):
        pass
    monkeypatch.chdir(tmp_path)
    assert main(["report", str(path), "--kind", "starting-list"]) == 0
    written = tmp_path / "spring-starting-list.pdf"
    assert f"wrote {written.name}" in capsys.readouterr().out
    rows = _body(written)
    assert rows[0][-1] == "Club" and any("SC Bern" in r for r in rows)
    out = tmp_path / "by-rating.pdf"
    assert main(["report", str(path), "--kind", "starting-list", "--order", "rating",
                 "-o", str(out)]) == 0  # fmt: skip
    assert _body(out)[1][2:4] == ["FM", "Müller, Max"]
    assert main(["report", str(path), "--kind", "standings", "--order", "rating"]) == 2
    assert "--order is an option of the starting list" in capsys.readouterr().err


def test_starting_list_from_a_trf_has_no_club_column(tmp_path: Path) -> None:
    """A TRF holds no club: the column is left out rather than printed empty."""
    rows = _body(render("starting-list", multilingual_tournament(), tmp_path / "s.pdf"))
    assert "Club" not in rows[0] and len(rows) == 8


def test_issue_31_the_several_ratings_each_in_its_column(tmp_path: Path) -> None:
    """A national list beside FIDE's and the FIDON method: the FIDE rating, the national
    one and the tournament rating that orders and pairs, with a line saying which is which."""
    players = (
        Player(1, "Ortega, Ana", rating=2210, federation="ESP", fide_id="901",
               national_ratings=(NationalRating("ESP", Rating(2250)),)),
        Player(2, "Vidal, Pau", rating=1985, fide_rating=0, federation="ESP",
               national_ratings=(NationalRating("ESP", Rating(1985)),)),
        Player(3, "Rey, Leo", rating=0, federation="ESP"),
    )  # fmt: skip
    event = Tournament(
        players=players,
        total_rounds=7,
        info=TournamentInfo(name="Liga"),
        rating_method=RatingMethod.FIDON,
        rating_federation="ESP",
    )
    path = render("starting-list", event, tmp_path / "s.pdf", order="rating")
    rows = _body(path)
    assert rows[0] == ["#", "No.", "Title", "Name", "FED", "FIDE", "ESP", "T.Rtg", "FIDE ID"]
    assert rows[1] == ["1", "1", "Ortega, Ana", "ESP", "2210", "2250", "2210", "901"]
    assert rows[2] == ["2", "2", "Vidal, Pau", "ESP", "1985", "1985"]
    text = " ".join(" ".join(row_texts(r)) for page in pdf_pages(path) for r in page)
    assert "T.Rtg: the tournament rating (FIDON, TRF-2026 record 172), which orders" in text
    plain = _body(render("starting-list", entry_list(), tmp_path / "p.pdf"))
    assert plain[0] == ["No.", "Title", "Name", "FED", "Rating", "FIDE ID", "Club"]
