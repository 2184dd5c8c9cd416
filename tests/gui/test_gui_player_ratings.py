"""Issue 31 in the player form: every rating a player holds, each with its source and date
(FIDE's checklist Q134): the FIDE standard, rapid and blitz ratings, the national rating and
the manual rating; a figure left as it was keeps its source, one typed is marked as typed by
the arbiter today, one filled from the rating list carries the list and its month."""

from __future__ import annotations

import dataclasses
import datetime

from swissdesk.gui.player_dialogs import PlayerDialog, rating_source_text
from swissdesk.model.ratings import ARBITER, NationalRating, PlayerRatings, Rating
from swissdesk.storage import PlayerData

ALL = PlayerRatings(
    standard=Rating(2100, "FIDE", "2026-11"),
    rapid=Rating(2000, "FIDE", "2026-11"),
    national=(NationalRating("ESP", Rating(1950, "FEDA", "2026-10"), national_id="123456"),),
    manual=Rating(2200, ARBITER, "2026-11-27"),
)
DATA = PlayerData("Alba, Ana", 2000, national_rating=1950, ratings=ALL)


def _dialog(qtbot, data: PlayerData | None = DATA, kind: str = "rapid") -> PlayerDialog:  # type: ignore[no-untyped-def]
    dialog = PlayerDialog(data, rating_kind=kind, national_federation="ESP")
    qtbot.addWidget(dialog)
    return dialog


def test_checklist_q134_the_form_shows_every_rating_with_its_source(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialog(qtbot)
    form = dialog.player
    assert [form.fide_fields[k].text() for k in ("standard", "rapid", "blitz")] == [
        "2100",
        "2000",
        "",
    ]
    assert form.fide_fields["rapid"].isReadOnly()  # the Rating field's mirror (rapid event)
    assert form.manual_rating.text() == "2200"
    assert form.sources.text() == (
        "Standard 2100 FIDE 2026-11 · Rapid 2000 FIDE 2026-11 · National ESP 1950 FEDA "
        "2026-10 · Manual 2200 typed by the arbiter 2026-11-27"
    )
    assert dialog.data() == DATA  # untouched: every source kept


def test_checklist_q134_typed_ratings_are_marked_as_the_arbiters(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialog(qtbot)
    form = dialog.player
    today = datetime.date.today().isoformat()
    form.fide_fields["blitz"].setText("1900")
    form.rating.setText("2010")
    form.manual_rating.setText("")
    form.national_rating.setText("1960")
    assert form.fide_fields["rapid"].text() == "2010"
    ratings = dialog.data().ratings
    assert ratings is not None
    assert ratings.blitz == Rating(1900, ARBITER, today)
    assert ratings.rapid == Rating(2010, ARBITER, today)
    assert ratings.standard == ALL.standard and ratings.manual is None
    (national,) = ratings.national
    assert (national.value, national.national_id, national.rating.source) == (
        1960,
        "123456",
        ARBITER,
    )
    assert f"Blitz 1900 typed by the arbiter {today}" in form.sources.text()
    form.fide_fields["blitz"].setText("19x0")
    assert any("FIDE blitz rating" in p for p in dialog.problems())


def test_a_rapid_event_keeps_the_standard_rating_standing_in(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Rapid and Blitz Rating Regulations art. 7.2.1: no rapid rating, the standard one is
    the player's rapid rating; the form does not turn it into a rapid rating typed by hand."""
    only_standard = PlayerRatings(standard=Rating(2000, "FIDE", "2026-11"))
    data = PlayerData("Std, Only", 2000, ratings=only_standard)
    dialog = _dialog(qtbot, data)
    rapid = dialog.player.fide_fields["rapid"]
    assert (rapid.text(), rapid.placeholderText()) == ("", "= std")
    assert dialog.data().ratings == only_standard
    dialog.player.manual_rating.setText("1500")
    ratings = dialog.data().ratings
    assert ratings is not None and ratings.rapid is None
    assert ratings.manual is not None and ratings.manual.manual


def test_figures_alone_stay_figures_until_a_rating_is_typed(qtbot) -> None:  # type: ignore[no-untyped-def]
    data = PlayerData("Plain, Pat", 1800, national_rating=1700)
    dialog = _dialog(qtbot, data, kind="standard")
    assert dialog.data() == data
    dialog.player.fide_fields["rapid"].setText("1750")
    ratings = dialog.data().ratings
    assert ratings is not None
    assert ratings.rapid is not None and ratings.rapid.manual
    assert ratings.standard == Rating(1800)  # as given: no source recorded


def test_filling_from_the_rating_list_carries_the_list_and_its_month(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialog(qtbot, None, kind="blitz")
    listed = PlayerRatings(
        standard=Rating(2300, "FIDE", "2026-11"), rapid=Rating(2250, "FIDE", "2026-11")
    )
    values = {
        "name": "Listed, Lee",
        "title": "FM",
        "rating": "2300",  # blitz: the standard rating stands in (art. 7.2.1)
        "federation": "ESP",
        "fide_id": "2200001",
        "sex": "m",
        "birth": "1990",
    }
    dialog.player.fill(values, listed)
    data = dialog.data()
    assert data.ratings == listed and data.rating == 2300
    assert dialog.player.sources.text().startswith("Standard 2300 FIDE 2026-11")
    typed = dataclasses.replace(data, ratings=None)
    assert typed.rating == 2300


def test_rating_source_text_names_unknown_sources() -> None:
    assert rating_source_text(PlayerRatings(standard=Rating(1800))) == (
        "Standard 1800 source not recorded"
    )


def test_checklist_q129_another_lists_rating_is_taken_as_the_manual_rating(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A player unrated on the event's list: the arbiter picks one of the other ratings
    shown (here the national one) and
    it is recorded as the manual rating, with the list it was taken from."""
    # A blitz event: no blitz rating, the standard one stands in (art. 7.2.1).
    data = dataclasses.replace(DATA, rating=2100, ratings=dataclasses.replace(ALL, manual=None))
    dialog = _dialog(qtbot, data, kind="blitz")
    form = dialog.player
    items = [form.pick.itemText(i) for i in range(form.pick.count())]
    assert items == [
        "take another rating…",
        "FIDE standard 2100",
        "FIDE rapid 2000",
        "national ESP 1950",
    ]
    form.pick.activated.emit(3)
    today = datetime.date.today().isoformat()
    assert form.manual_rating.text() == "1950" and form.pick.currentIndex() == 0
    ratings = dialog.data().ratings
    assert ratings is not None
    assert ratings.manual == Rating(1950, ARBITER, today, via="national ESP")
    assert f"Manual 1950 taken from national ESP by the arbiter {today}" in form.sources.text()
    form.manual_rating.setText("1900")  # typed over: a plain manual rating
    ratings = dialog.data().ratings
    assert ratings is not None and ratings.manual == Rating(1900, ARBITER, today)


LIST = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>100</fideid><name>Old, Master</name><country>ESP</country><sex>M</sex><title>FM</title><rating>2380</rating><games>4</games><k>10</k><birthday>1970</birthday><flag></flag></player>
</playerslist>
"""
NATIONAL = LIST.replace("<rating>2380</rating>", "<rating>2410</rating>")


def test_checklist_q128_q129_other_lists_ratings_are_shown_and_can_be_taken(
    qtbot, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """A national list imported beside FIDE's: the player chosen from FIDE's list shows
    the national list's rating too, and the arbiter can take it as the manual rating."""
    from swissdesk.ratinglist import RatingList

    rating_list = RatingList(tmp_path / "list.sqlite")
    fide = tmp_path / "players_list_xml_nov26frl.xml"
    fide.write_text(LIST, encoding="utf-8")
    rating_list.import_file(fide)
    national = tmp_path / "feda_nov26.xml"
    national.write_text(NATIONAL, encoding="utf-8")
    rating_list.import_file(national, source="FEDA")
    dialog = PlayerDialog(None, rating_list=rating_list, rating_kind="rapid")
    qtbot.addWidget(dialog)
    match = rating_list.by_fide_id(100)
    assert match is not None and match.source == "FIDE"
    assert dialog.lookup is not None
    dialog.lookup.last_source = match.source
    dialog._fill_from_list(match.player)
    form = dialog.player
    assert form.rating.text() == "2380"  # rapid: the standard rating stands in (7.2.1)
    assert "On other lists: FEDA standard 2410" in form.sources.text()
    items = [form.pick.itemText(i) for i in range(form.pick.count())]
    assert items[-1] == "FEDA standard 2410"
    form.pick.activated.emit(len(items) - 1)
    data = dialog.data()
    assert data.ratings is not None and data.ratings.manual is not None
    assert (data.ratings.manual.value, data.ratings.manual.via) == (2410, "FEDA standard")
    assert data.ratings.standard is not None and data.ratings.standard.source == "FIDE"
