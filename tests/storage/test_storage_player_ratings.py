"""Schema 11 (issue 31): each player holds every rating the event may use, each with its
source and date, manual entries marked (FIDE's checklist Q134); the tournament-rating
methods read them (HBFN counts the manual rating, every method falls back to it: Q145,
C.04.2 art. 2.1); a TRF's National Rating Support records keep their details through the
``.swissdesk`` file; an older file is upgraded from every earlier version."""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from storage_support import settings
from test_sections_upgrade import FIXTURES, OLD_FILES

from swissdesk.model.ratings import (
    ARBITER,
    NationalRating,
    PlayerRatings,
    Rating,
    RatingMethod,
    RatingRules,
)
from swissdesk.storage import (
    EditPlayer,
    EditSettings,
    PlayerData,
    TournamentFile,
    Undo,
    schema,
)
from swissdesk.trf import format_trf

ALL = PlayerRatings(
    standard=Rating(2100, "FIDE", "2026-11"),
    rapid=Rating(2000, "FIDE", "2026-11"),
    national=(NationalRating("ESP", Rating(1950, "FEDA", "2026-10"), national_id="123456"),),
    manual=Rating(2200, ARBITER, "2026-11-27"),
)


def _create(tmp_path: Path, rules: RatingRules | None = None, **kw: object) -> Path:
    path = tmp_path / "r.swissdesk"
    players = [
        PlayerData("Alba, Ana", 2000, national_rating=1950, ratings=ALL),
        PlayerData("Boix, Bea", 1800, national_rating=1900),
        PlayerData("Cano, Cris", 0, ratings=PlayerRatings(manual=Rating(1500, ARBITER))),
    ]
    with TournamentFile.create(
        path,
        settings(
            federation="ESP",
            time_control_code="1500+10",  # rapid (record 222)
            rating_rules=rules or RatingRules(),
            **kw,
        ),
        players=players,
    ):
        pass
    return path


def test_checklist_q134_every_rating_keeps_its_source_and_date(tmp_path: Path) -> None:
    path = _create(tmp_path)
    with TournamentFile.open(path) as tf:
        rows = {r.name: r for r in tf.players()}
    alba = rows["Alba, Ana"]
    assert alba.ratings == ALL
    assert alba.rating == 2000  # the FIDE rating of the rate of play: rapid
    assert alba.ratings is not None and alba.ratings.manual is not None
    assert alba.ratings.manual.manual  # typed by the arbiter: marked
    # A form that gives only the figures: they are stored as typed by the arbiter.
    boix = rows["Boix, Bea"].ratings
    assert boix == PlayerRatings(
        rapid=Rating(1800, ARBITER), national=(NationalRating("ESP", Rating(1900, ARBITER)),)
    )


def test_checklist_q134_a_typed_rating_is_marked_and_the_others_keep_their_source(
    tmp_path: Path,
) -> None:
    path = _create(tmp_path)
    with TournamentFile.open(path) as tf:
        alba = tf.players()[0]
        tf.execute(EditPlayer(alba.tpn, dataclasses.replace(alba.data, rating=2050)))
        now = tf.players()[0].ratings
        assert now is not None
        assert now.rapid == Rating(2050, ARBITER)
        assert now.standard == ALL.standard and now.national == ALL.national
        assert now.manual == ALL.manual
        tf.execute(Undo())
        assert tf.players()[0].ratings == ALL
        # The national rating typed: its NRS details (the national ID) stay.
        tf.execute(EditPlayer(alba.tpn, dataclasses.replace(alba.data, national_rating=1960)))
        national = tf.players()[0].ratings.national  # type: ignore[union-attr]
        assert [(n.federation, n.value, n.national_id, n.rating.source) for n in national] == [
            ("ESP", 1960, "123456", ARBITER)
        ]


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        # Alba: FIDE rapid 2000, national 1950, manual 2200; Boix: 1800 / 1900; Cano: manual.
        (RatingMethod.FIDE, {"Alba": 2000, "Boix": 1800, "Cano": 1500}),
        (RatingMethod.HBFN, {"Alba": 2200, "Boix": 1900, "Cano": 1500}),
        (RatingMethod.LBFN, {"Alba": 1950, "Boix": 1800, "Cano": 1500}),
        (RatingMethod.NRO, {"Alba": 1950, "Boix": 1900, "Cano": 1500}),
    ],
)
def test_checklist_q145_the_methods_read_the_stored_ratings_and_hbfn_the_manual_one(
    tmp_path: Path, method: RatingMethod, expected: dict[str, int]
) -> None:
    path = _create(tmp_path, RatingRules(method=method))
    with TournamentFile.open(path) as tf:
        got = {p.name.split(",")[0]: p.rating for p in tf.snapshot().players}
        rows = {r.name.split(",")[0]: r.tournament_rating for r in tf.players()}
        official = {p.name.split(",")[0]: p.official_rating for p in tf.snapshot().players}
    assert got == expected == rows
    assert official == {"Alba": 2000, "Boix": 1800, "Cano": 0}  # 001 and the rating change


def test_the_list_sequence_gives_a_standard_event_the_rapid_rating(tmp_path: Path) -> None:
    """Checklist Q123: a standard event reads standard, then rapid, then blitz; the
    official rating (the TRF's 001, the rating change) stays the standard one."""
    path = tmp_path / "s.swissdesk"
    only_rapid = PlayerRatings(rapid=Rating(1700, "FIDE", "2026-11"))
    with TournamentFile.create(
        path, settings(), players=[PlayerData("Rapid, Only", 0, ratings=only_rapid)]
    ) as tf:
        (player,) = tf.snapshot().players
        assert (player.rating, player.official_rating) == (1700, 0)
        assert tf.players()[0].tournament_rating == 1700


def test_changing_the_rate_of_play_reads_that_rating_and_undo_puts_it_back(
    tmp_path: Path,
) -> None:
    path = _create(tmp_path)
    with TournamentFile.open(path) as tf:
        assert tf.players()[0].rating == 2000  # rapid
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), time_control_code="5400+30")))
        assert [r.rating for r in tf.players()] == [2100, 0, 0]  # standard
        tf.execute(Undo())
        assert [r.rating for r in tf.players()] == [2000, 1800, 0]


def test_nrs_details_round_trip_through_the_swissdesk_file(tmp_path: Path) -> None:
    """A TRF's NRS records (national ID, origin, class, the national list's own name;
    several federations) are kept by the file and exported as they were read."""
    head = f"001 {1:>4}  {'':>3} {'Alba, Ana':33} {2000:>4} ESP {2200001:>11} {'1990/01/01':10}"
    esp = f"ESP {1:>4}  {'CM':>3} {'Alba Sanz, Ana':33} {2150:>4} MAD {'12345678':>11}"
    andorra = f"AND {1:>4}  {'':>3} {'':33} {1990:>4} {'':3} {'99887':>11}".rstrip()
    text = "\n".join(["012 National ratings", "032 ESP", "172 ESP NIDOF", "XXR 5"])
    text += f"\n{head} {'0.0':>4}\n{esp}\n{andorra}\n"
    trf = tmp_path / "in.trf"
    trf.write_text(text, encoding="utf-8")
    path = tmp_path / "nrs.swissdesk"
    with TournamentFile.import_trf(trf, path) as tf:
        first = format_trf(tf.snapshot())
    with TournamentFile.open(path) as tf:
        again = format_trf(tf.snapshot())
        ratings = tf.players()[0].ratings
        assert tf.snapshot().players[0].rating == 2150  # NIDOF: the national rating
    assert again == first
    nrs = [line for line in again.splitlines() if line[:3] in ("ESP", "AND")]
    assert nrs == [esp, andorra]
    assert ratings is not None
    held = ratings.national_for("ESP")
    assert held is not None
    assert (held.national_id, held.origin, held.classification, held.name) == (
        "12345678",
        "MAD",
        "CM",
        "Alba Sanz, Ana",
    )
    assert ratings.standard == Rating(2000, "FIDE")


def _ratings_column(path: Path) -> list[tuple[int, int, int, str]]:
    con = sqlite3.connect(path)
    try:
        return con.execute(
            "SELECT tpn, rating, national_rating, ratings FROM player ORDER BY section_id, tpn"
        ).fetchall()
    finally:
        con.close()


@pytest.mark.parametrize(
    ("name", "version"), [f for f in OLD_FILES if f[1] < 11]
)  # the files before schema 11's per-player ratings (v11_ratings typed its own)
def test_an_upgrade_from_every_earlier_version_gives_each_player_their_ratings(
    tmp_path: Path, name: str, version: int
) -> None:
    path = tmp_path / f"{name}.swissdesk"
    shutil.copy(FIXTURES / f"{name}.swissdesk", path)
    TournamentFile.open(path).close()
    rows = _ratings_column(path)
    assert rows
    for _tpn, rating, national, text in rows:
        ratings = PlayerRatings.from_json(json.loads(text))
        expected = PlayerRatings(
            standard=Rating(rating) if rating > 0 else None,
            national=(NationalRating("", Rating(national)),) if national > 0 else (),
        )
        if name.endswith("_team"):
            expected = PlayerRatings()  # a team's rating is its strength (C.04.6)
        assert ratings == expected  # standard events: the rating is the standard one
    with TournamentFile.open(path) as tf:
        snapshot = {p.tpn: p for p in tf.snapshot().players}
        for row in tf.players():
            assert row.tournament_rating == row.rating == snapshot[row.tpn].rating


def test_an_upgraded_rapid_event_keeps_its_rating_as_the_rapid_one(tmp_path: Path) -> None:
    path = tmp_path / "rapid.swissdesk"
    shutil.copy(FIXTURES / "v9_rating_correction.swissdesk", path)
    con = sqlite3.connect(path)
    con.execute("UPDATE tournament SET extra_records = ?", (json.dumps(["222 1500+10"]),))
    con.commit()
    con.close()
    with TournamentFile.open(path) as tf:
        rows = tf.players()
        assert tf.settings().time_control_code == "1500+10"
    assert rows[0].ratings == PlayerRatings(rapid=Rating(rows[0].rating))
    assert all(r.tournament_rating == r.rating for r in rows)
    con = sqlite3.connect(path)
    assert con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == (
        str(schema.SCHEMA_VERSION),
    )
    con.close()


def test_cli_player_rating_sets_each_rating_marked_and_shows_the_sources(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from swissdesk.cli import main

    path = _create(tmp_path, RatingRules(method=RatingMethod.HBFN))
    assert main(["player-rating", str(path), "2", "--blitz", "1850", "--manual", "1990"]) == 0
    capsys.readouterr()
    assert main(["player-rating", str(path), "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    import datetime

    today = datetime.date.today().isoformat()
    assert out[1] == (
        f"ratings: rapid 1800 (arbiter), blitz 1850 (arbiter {today}), national ESP 1900 "
        f"(arbiter), manual 1990 (arbiter {today})"
    )
    assert out[2] == "tournament rating: 1990"  # HBFN counts the manual rating
    assert main(["player-rating", str(path), "2", "--rapid", "0"]) == 0
    with TournamentFile.open(path) as tf:
        boix = tf.players()[1]
        assert boix.rating == 0 and boix.ratings is not None and boix.ratings.rapid is None
    assert main(["player-rating", str(path), "2", "--manual", "12345"]) == 2


def test_cli_rating_rules_sets_the_list_sequence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checklist Q124-126: the arbiter defines the sequence (exclude, add, reorder)."""
    from swissdesk.cli import main

    path = _create(tmp_path)
    assert main(["rating-rules", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "list sequence: FIDE effective rapid (standard when none), FIDE blitz (the default "
        "of rapid)"
    )
    # Boix has a rapid rating only, which this sequence leaves out; Cano his manual one.
    assert main(["rating-rules", str(path), "--list-sequence", "blitz,standard"]) == 0
    with TournamentFile.open(path) as tf:
        assert [p.rating for p in tf.snapshot().players] == [2100, 0, 1500]
        assert [p.official_rating for p in tf.snapshot().players] == [2000, 1800, 0]
    capsys.readouterr()
    assert main(["rating-rules", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "list sequence: FIDE blitz, FIDE standard"
    assert main(["rating-rules", str(path), "--list-sequence", "blitz,blitz"]) == 2
    assert main(["rating-rules", str(path), "--list-sequence", "default"]) == 0
    with TournamentFile.open(path) as tf:
        assert tf.settings().rating_rules.sequence == ()


def test_undo_of_a_removal_gives_the_player_their_ratings_back(tmp_path: Path) -> None:
    from swissdesk.storage import RemovePlayer

    path = _create(tmp_path)
    with TournamentFile.open(path) as tf:
        tf.execute(RemovePlayer(1))
        tf.execute(Undo())
        assert tf.players()[0].ratings == ALL


def test_redo_runs_an_edit_of_the_ratings_again(tmp_path: Path) -> None:
    from swissdesk.storage import Redo

    path = _create(tmp_path)
    changed = dataclasses.replace(ALL, blitz=Rating(1990, ARBITER, "2026-11-28"), manual=None)
    with TournamentFile.open(path) as tf:
        alba = tf.players()[0]
        tf.execute(EditPlayer(alba.tpn, dataclasses.replace(alba.data, ratings=changed)))
        tf.execute(Undo())
        assert tf.players()[0].ratings == ALL
        tf.execute(Redo())
        assert tf.players()[0].ratings == changed
