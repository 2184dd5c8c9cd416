"""The rating list in the add-player dialog (issue 20): type, pick, the form is filled."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from swissdesk.gui.dialogs import PlayerDialog
from swissdesk.gui.ratinglist_widgets import RatingListImportDialog
from swissdesk.ratinglist import RatingList

LIST = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><sex>M</sex><title>GM</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2830</rating><games>0</games><k>10</k><rapid_rating>2823</rapid_rating><rapid_games>0</rapid_games><rapid_k>20</rapid_k><blitz_rating>2886</blitz_rating><blitz_games>0</blitz_games><blitz_k>20</blitz_k><birthday>1990</birthday><flag></flag></player>
<player><fideid>1100001</fideid><name>Carlos, Juan</name><country>ESP</country><sex>M</sex><title></title><rating>1900</rating><birthday>2001</birthday><flag></flag></player>
<player><fideid>3000001</fideid><name>Müller, Eva</name><country>GER</country><sex>F</sex><title></title><w_title>WIM</w_title><rating>2210</rating><rapid_rating>2150</rapid_rating><birthday>1999</birthday><flag>w</flag></player>
</playerslist>
"""


def _imported(tmp_path: Path) -> RatingList:
    source = tmp_path / "players_list_xml_foa.xml"
    source.write_text(LIST, encoding="utf-8")
    rating_list = RatingList(os.environ["SWISSDESK_RATING_LIST"])
    rating_list.import_file(source)
    return rating_list


def test_add_player_dialog_finds_a_player_by_typing_and_fills_the_form(
    qtbot: QtBot, tmp_path: Path
) -> None:
    _imported(tmp_path)
    dialog = PlayerDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.lookup is not None
    qtbot.keyClicks(dialog.lookup.query, "carl")
    qtbot.waitUntil(lambda: dialog.lookup is not None and dialog.lookup.results.count() == 2)
    assert dialog.lookup.results.item(0).text() == "Carlsen, Magnus · NOR · 2830 · GM"
    qtbot.keyClick(dialog.lookup.query, Qt.Key.Key_Return)
    data = dialog.data()
    assert (data.name, data.title, data.rating, data.federation) == (
        "Carlsen, Magnus",
        "GM",
        2830,
        "NOR",
    )
    assert (data.fide_id, data.sex, data.birth_date) == ("1503014", "m", "1990")
    assert dialog.isVisible(), "Enter on a suggestion fills the form, it does not press OK"


def test_arrow_keys_pick_the_second_match_and_the_rating_type_is_the_tournaments(
    qtbot: QtBot, tmp_path: Path
) -> None:
    rating_list = _imported(tmp_path)
    dialog = PlayerDialog(rating_list=rating_list, rating_kind="rapid")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.lookup is not None
    qtbot.keyClicks(dialog.lookup.query, "mul")
    qtbot.waitUntil(lambda: dialog.lookup is not None and dialog.lookup.results.count() == 1)
    qtbot.keyClick(dialog.lookup.query, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.lookup.query, Qt.Key.Key_Return)
    data = dialog.data()
    assert (data.name, data.title, data.rating, data.sex) == ("Müller, Eva", "WIM", 2150, "w")


def test_without_a_list_the_dialog_is_the_plain_form(qtbot: QtBot) -> None:
    dialog = PlayerDialog()
    qtbot.addWidget(dialog)
    assert dialog.lookup is None


def test_import_dialog_imports_in_a_thread_and_reports(qtbot: QtBot, tmp_path: Path) -> None:
    source = tmp_path / "players_list_xml_foa.xml"
    source.write_text(LIST, encoding="utf-8")
    rating_list = RatingList(tmp_path / "other.sqlite")
    dialog = RatingListImportDialog(rating_list, str(source))
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.finished, timeout=10_000):
        pass
    dialog.stop()
    assert dialog.error == "" and dialog.summary is not None and dialog.summary.players == 3
    broken = tmp_path / "broken.xml"
    broken.write_text(LIST[:300], encoding="utf-8")
    failing = RatingListImportDialog(rating_list, str(broken))
    qtbot.addWidget(failing)
    with qtbot.waitSignal(failing.finished, timeout=10_000):
        pass
    failing.stop()
    assert "previous list is kept" in failing.error
    assert rating_list.find("carlsen")[0].player.standard == 2830
