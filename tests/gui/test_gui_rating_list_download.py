"""File > Download rating lists… (FIDE's checklist C.02 Q135-136): the lists with their
addresses, one button downloading them all with progress, and the lists more than a day old
downloaded in the background; against a loopback server, never the internet."""

from __future__ import annotations

import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.ratinglist_download import (
    KEEP_FRESH_KEY,
    DownloadListsDialog,
    DownloadProgressDialog,
)
from swissdesk.ratinglist import RatingList
from swissdesk.ratinglist.download import FIDE_LIST_URL
from swissdesk.ratinglist.store import ListDownload
from swissdesk.storage import AddPlayer, PlayerData, TournamentFile, TournamentSettings
from tests.ratinglist.list_server import LIST_XML, Served, list_server, zipped

NOVEMBER = {"Last-Modified": "Sun, 01 Nov 2026 06:00:00 GMT"}


def _set_url(dialog: DownloadListsDialog, row: int, url: str) -> None:
    item = dialog.table.item(row, 1)
    assert item is not None
    item.setText(url)


def _wait(qtbot: QtBot) -> object:
    def wait_for_download(dialog: DownloadProgressDialog) -> bool:
        if not dialog.finished_:
            with qtbot.waitSignal(dialog.thread_.finished, timeout=20_000):
                pass
        qtbot.waitUntil(lambda: dialog.finished_, timeout=5_000)
        return False  # the dialog closed itself

    return wait_for_download


def test_q136_download_rating_lists_downloads_every_list_and_checks_the_players(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "open.swissdesk"
    with TournamentFile.create(path, TournamentSettings(name="Open", total_rounds=5)) as tf:
        tf.execute(AddPlayer(PlayerData("Carlsen, Magnus", rating=2800, fide_id="1503014")))
    assert window.open_file(path)
    action = window.menu_actions["download_rating_lists"]
    assert action.isEnabled() and "Do&wnload" in action.text()
    seen: list[DownloadListsDialog] = []
    national = LIST_XML.replace("Carlsen", "Karlsen")
    with list_server() as server:
        fide = server.serve("/players_list_xml.zip", Served(zipped(LIST_XML), NOVEMBER))
        esp = server.serve("/esp_nov26.zip", Served(zipped(national)))

        def fill(dialog: DownloadListsDialog) -> bool:
            seen.append(dialog)
            assert dialog.table.rowCount() == 1
            assert dialog.table.item(0, 1).text() == FIDE_LIST_URL  # type: ignore[union-attr]
            assert dialog.table.item(0, 3).text() == "never"  # type: ignore[union-attr]
            _set_url(dialog, 0, fide)
            dialog.add_list()
            dialog.table.item(1, 0).setText("ESP")  # type: ignore[union-attr]
            _set_url(dialog, 1, esp)
            return True

        update_seen: list[object] = []
        window.prompter.dialogs += [  # type: ignore[attr-defined]
            fill,
            _wait(qtbot),
            lambda d: update_seen.append(d) or False,
        ]
        window.rating_list.download_lists()
    assert len(seen) == 1
    (info,) = window.prompter.infos  # type: ignore[attr-defined]
    assert info[0] == "Download rating lists"
    assert "FIDE: 4 players (standard, rapid, blitz), list of 2026-11" in info[1]
    assert "ESP: 4 players" in info[1]
    assert len(update_seen) == 1, "the new list is checked against the players at once"
    rating_list = RatingList(os.environ["SWISSDESK_RATING_LIST"])
    assert [(d.name, d.url) for d in rating_list.downloads()] == [("ESP", esp), ("FIDE", fide)]
    assert rating_list.find("karlsen")[0].source == "ESP"


def test_a_bad_address_keeps_the_dialog_open_with_a_message(
    window: MainWindow, qtbot: QtBot
) -> None:
    dialog = DownloadListsDialog([ListDownload("FIDE", FIDE_LIST_URL)], keep_fresh=True)
    qtbot.addWidget(dialog)
    _set_url(dialog, 0, "ratings.fide.com")
    dialog.try_accept()
    assert dialog.result() != DownloadListsDialog.DialogCode.Accepted
    assert "FIDE: ratings.fide.com is not a web address" in dialog.error_label.text()
    dialog.remove_list()
    dialog.table.setCurrentCell(0, 0)
    dialog.remove_list()
    assert dialog.table.rowCount() == 1 and "always downloaded" in dialog.error_label.text()
    dialog.reset_fide()
    dialog.try_accept()
    assert dialog.result_downloads == [ListDownload("FIDE", FIDE_LIST_URL)]


def test_a_failed_download_is_an_error_and_the_list_is_kept(
    window: MainWindow, qtbot: QtBot
) -> None:
    with list_server() as server:
        dead = server.url + "/gone.zip"

        def fill(dialog: DownloadListsDialog) -> bool:
            _set_url(dialog, 0, dead)
            return True

        window.prompter.dialogs += [fill, _wait(qtbot)]  # type: ignore[attr-defined]
        window.rating_list.download_lists()
    (error,) = window.prompter.errors  # type: ignore[attr-defined]
    assert "FIDE:" in error[1] and "answered 404" in error[1]
    assert window.prompter.infos == []  # type: ignore[attr-defined]


def test_q135_lists_more_than_a_day_old_are_downloaded_in_the_background(
    window: MainWindow, qtbot: QtBot
) -> None:
    rating_list = RatingList(os.environ["SWISSDESK_RATING_LIST"])
    window.rating_list.refresh_due_lists()
    assert window.rating_list.auto_thread is None, "nothing is fetched before a first download"
    with list_server() as server:
        url = server.serve("/players_list_xml.zip", Served(zipped(LIST_XML), NOVEMBER))
        rating_list.save_download(ListDownload("FIDE", url, checked="2026-01-01 00:00"))
        window.qsettings.setValue(KEEP_FRESH_KEY, False)
        window.rating_list.refresh_due_lists()
        assert window.rating_list.auto_thread is None, "switched off: nothing is fetched"
        window.qsettings.setValue(KEEP_FRESH_KEY, True)
        window.rating_list.refresh_due_lists()
        assert window.rating_list.auto_thread is not None
        qtbot.waitUntil(lambda: window.rating_list.auto_thread is None, timeout=20_000)
        assert server.requests == ["/players_list_xml.zip"]
        message = window.statusBar().currentMessage()
        assert message.startswith("Rating lists: FIDE: 4 players"), message
        window.rating_list.refresh_due_lists()
        assert window.rating_list.auto_thread is None, "downloaded now: not due for a day"
    assert rating_list.find("carlsen")[0].player.standard == 2830
    assert window.rating_list.freshness_timer.isActive()
