"""Issue 31, FIDE's checklist on rating lists: the effective rapid and blitz lists (Q118,
Rapid and Blitz Rating Regulations art. 7.2.1), the list in force at the start checked
before an update (Q137, Q141), every change shown and nothing changed until the arbiter
accepts (Q142, Q143), and an update of a chosen subset (Q144): ``rating-list update``."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.ratinglist import ListedPlayer, RatingList
from swissdesk.ratinglist.store import SourceInfo
from swissdesk.ratinglist.update import effective_rating, list_currency, only, proposed_updates
from swissdesk.storage import AddPlayer, PlayerData, TournamentFile, TournamentSettings

LIST = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>100</fideid><name>Old, Master</name><country>NED</country><sex>M</sex><title>FM</title><rating>2380</rating><games>4</games><k>10</k><rapid_rating>2300</rapid_rating><rapid_games>0</rapid_games><rapid_k>20</rapid_k><birthday>1970</birthday><flag></flag></player>
<player><fideid>200</fideid><name>Young, Talent</name><country>NED</country><sex>F</sex><title></title><rating>1850</rating><games>9</games><k>40</k><birthday>2013</birthday><flag>w</flag></player>
<player><fideid>300</fideid><name>New, Comer</name><country>NED</country><sex>M</sex><title></title><birthday>2010</birthday><flag></flag></player>
</playerslist>
"""


def _setup(tmp_path: Path, time_control: str = "900+10", start: str = "2026/11/28") -> Path:
    source = tmp_path / "players_list_xml_nov26frl.xml"
    source.write_text(LIST, encoding="utf-8")
    RatingList(tmp_path / "list.sqlite").import_file(source)
    path = tmp_path / "t.swissdesk"
    settings = TournamentSettings(
        name="Rapid", total_rounds=7, time_control_code=time_control, start_date=start
    )
    with TournamentFile.create(path, settings) as tf:
        tf.execute(AddPlayer(PlayerData("Old, Master", 2250, fide_id="100")))
        tf.execute(AddPlayer(PlayerData("Young, Talent", 0, fide_id="200")))
        tf.execute(AddPlayer(PlayerData("New, Comer", 1200, fide_id="300")))
    return path


def test_art_7_2_1_the_standard_rating_stands_in_for_a_missing_rapid_one(tmp_path: Path) -> None:
    path = _setup(tmp_path)
    with TournamentFile.open(path) as tf:
        proposal = proposed_updates(tf.players(), RatingList(tmp_path / "list.sqlite"), "rapid")
    changes = {u.tpn: u for u in proposal.updates}
    assert changes[1].after.rating == 2300  # the rapid rating itself
    assert changes[2].after.rating == 1850  # no rapid rating: the standard one
    assert "rating unrated → 1850 (standard: no rapid rating, R&B art. 7.2.1)" in (
        changes[2].describe()
    )
    assert changes[3].after.rating == 0  # rated nowhere: unrated
    assert effective_rating(None, 2000, "standard") == (0, False)
    assert effective_rating(1900, 2000, "blitz") == (1900, False)
    assert effective_rating(None, 2000, "blitz") == (2000, True)


def _source(date: str) -> SourceInfo:
    return SourceInfo("FIDE", "list.zip", "2026-11-01", date, 10, ("standard",))


def test_list_currency_checks_the_list_in_force_at_the_start() -> None:
    assert list_currency([_source("2026-11")], "2026/11/28") == ""
    older = list_currency([_source("2026-09")], "2026/11/28")
    assert "of 2026-09, older than the list in force at the start (2026-11)" in older
    newer = list_currency([_source("2026-12")], "2026/11/28")
    assert "newer than the list in force at the start (2026-11)" in newer
    assert "start date is not known" in list_currency([_source("2026-11")], "")
    assert "FIDE list's date is not known" in list_currency([_source("")], "2026/11/28")
    assert list_currency([], "2026/11/28") == "no FIDE rating list has been imported"


def test_cli_shows_first_then_applies_a_chosen_subset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _setup(tmp_path, start="2027/01/05")
    db = ["rating-list", "--database", str(tmp_path / "list.sqlite")]
    assert main([*db, "update", str(path)]) == 0
    captured = capsys.readouterr()
    assert "older than the list in force at the start (2027-01)" in captured.err
    assert "no. 1 Old, Master: rating 2250 → 2300" in captured.out
    assert "no. 2 Young, Talent: rating unrated → 1850 (standard" in captured.out
    assert "nothing changed" in captured.out
    with TournamentFile.open(path) as tf:
        assert [p.data.rating for p in tf.players()] == [2250, 0, 1200]
    assert main([*db, "update", str(path), "--only", "2"]) == 2  # --only needs --apply
    assert main([*db, "update", str(path), "--apply", "--only", "2,9"]) == 2
    assert "no change proposed for no. 9" in capsys.readouterr().err
    assert main([*db, "update", str(path), "--apply", "--only", "2,3"]) == 0
    assert "ratings updated from the rating list: 2 players" in capsys.readouterr().out
    with TournamentFile.open(path) as tf:
        assert [p.data.rating for p in tf.players()] == [2250, 1850, 0]
    assert main([*db, "update", str(path), "--apply"]) == 0
    with TournamentFile.open(path) as tf:
        assert [p.data.rating for p in tf.players()] == [2300, 1850, 0]
    assert main([*db, "update", str(path)]) == 0
    assert "every rapid rating is up to date" in capsys.readouterr().out


def test_only_keeps_the_chosen_updates(tmp_path: Path) -> None:
    path = _setup(tmp_path)
    with TournamentFile.open(path) as tf:
        proposal = proposed_updates(tf.players(), RatingList(tmp_path / "list.sqlite"), "rapid")
    assert [u.tpn for u in only(proposal, [3, 1]).updates] == [1, 3]
    with pytest.raises(ValueError, match=r"no change proposed for no\. 7"):
        only(proposal, [7])


def test_the_registration_desk_takes_the_effective_rating_too() -> None:
    listed = ListedPlayer(200, "Young, Talent", standard=1850, blitz=1700)
    assert listed.effective_rating("rapid") == 1850  # art. 7.2.1
    assert listed.effective_rating("blitz") == 1700
    assert ListedPlayer(300, "New, Comer", rapid=1500).effective_rating("standard") == 0


def test_checklist_q134_an_update_stores_each_rating_with_the_list_and_its_month(
    tmp_path: Path,
) -> None:
    """Applying an update gives the player every FIDE rating of the list, each marked
    with the list and its month; a rating typed by hand stays marked as the arbiter's
    until the list replaces it."""
    from swissdesk.model.ratings import ARBITER, PlayerRatings, Rating
    from swissdesk.storage import UpdateRatings

    path = _setup(tmp_path)
    rating_list = RatingList(tmp_path / "list.sqlite")
    month = next(s.list_date for s in rating_list.sources() if s.name == "FIDE")[:7]
    with TournamentFile.open(path) as tf:
        before = {r.tpn: r.ratings for r in tf.players()}
        assert before[1] == PlayerRatings(rapid=Rating(2250, ARBITER))  # typed by hand
        proposal = proposed_updates(tf.players(), rating_list, "rapid")
        tf.execute(UpdateRatings(tuple((u.tpn, u.after) for u in proposal.updates)))
        after = {r.tpn: r for r in tf.players()}
    assert after[1].ratings == PlayerRatings(
        standard=Rating(2380, "FIDE", month), rapid=Rating(2300, "FIDE", month)
    )
    assert after[1].rating == 2300
    # No rapid rating: the standard one stands in (art. 7.2.1), and is stored as standard.
    assert after[2].ratings == PlayerRatings(standard=Rating(1850, "FIDE", month))
    assert after[2].rating == 1850
    # A held rating of another kind that the list changes is shown as a change.
    with TournamentFile.open(path) as tf:
        rows = tf.players()
    held = PlayerRatings(
        standard=Rating(2370, "FIDE", "2026-10"), rapid=Rating(2300, "FIDE", month)
    )
    changed = [dataclasses.replace(r, ratings=held) if r.tpn == 1 else r for r in rows]
    (update,) = [u for u in proposed_updates(changed, rating_list, "rapid").updates if u.tpn == 1]
    assert "FIDE standard 2370 → 2380" in update.describe()


def test_issue_38_the_proposed_changes_and_the_list_warning_in_the_arbiters_language(
    tmp_path: Path,
) -> None:
    """Each change is a whole sentence in the reader's language (the window and the terminal
    build them in the arbiter's), the standard rating standing in for a rapid one included."""
    from swissdesk.i18n import using_language

    path = _setup(tmp_path)
    with TournamentFile.open(path) as tf:
        players = tf.players()
    with using_language("de"):
        proposal = proposed_updates(players, RatingList(tmp_path / "list.sqlite"), "rapid")
        changes = {u.tpn: u.describe() for u in proposal.updates}
        older = list_currency([_source("2026-09")], "2026/11/28")
        nothing = list_currency([], "2026/11/28")
    assert changes[2].startswith("Nr. 2 ")
    assert "Elo ohne Elo → 1850 (Standard: keine Schnellschach-Elo, R&B Art. 7.2.1)" in changes[2]
    assert "rating" not in changes[2] and "unrated" not in changes[2]
    assert older == (
        "die eingelesene FIDE-Liste ist von 2026-09, älter als die zu Beginn gültige Liste "
        "(2026-11): vor dem Aktualisieren die Liste 2026-11 einlesen"
    )
    assert nothing == "es wurde keine FIDE-Elo-Liste eingelesen"
    with using_language("ru"):
        assert list_currency([_source("")], "2026/11/28") == (
            "дата листа ФИДЕ неизвестна: действующий лист проверить нельзя"
        )
