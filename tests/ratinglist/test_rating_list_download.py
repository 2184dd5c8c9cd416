"""Downloading the rating lists from inside the program (FIDE's checklist C.02 Q135-136),
against a loopback HTTP server serving fixture zips: never a byte from the internet."""

from __future__ import annotations

import datetime as dt
import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from swissdesk.ratinglist import RatingList
from swissdesk.ratinglist.download import (
    FIDE_LIST_URL,
    DownloadCancelled,
    DownloadError,
    age_hours,
    check_url,
    fetch,
    is_due,
    planned_downloads,
    refresh,
)
from swissdesk.ratinglist.store import ListDownload
from tests.ratinglist.list_server import LIST_XML, Served, list_server, zipped

NOVEMBER = {"Last-Modified": "Sun, 01 Nov 2026 06:00:00 GMT"}
OCTOBER = {"Last-Modified": "Thu, 01 Oct 2026 06:00:00 GMT"}
NOW = dt.datetime(2026, 11, 27, 20, 0, tzinfo=dt.UTC)


@pytest.fixture
def rating_list(tmp_path: Path) -> RatingList:
    return RatingList(tmp_path / "lists" / "rating-list.sqlite")


def _leftovers(rating_list: RatingList) -> list[Path]:
    return sorted(rating_list.path.parent.glob(".download-*"))


def test_q136_the_fide_list_is_downloaded_imported_and_recorded(
    rating_list: RatingList,
) -> None:
    body = zipped(LIST_XML)
    with list_server() as server:
        url = server.serve("/download/players_list_xml.zip", Served(body, NOVEMBER))
        seen: list[tuple[str, int, int]] = []
        done = refresh(
            rating_list,
            ListDownload("FIDE", url),
            progress=lambda phase, a, b: seen.append((phase, a, b)),
            now=NOW,
        )
    assert done.status == "imported" and done.summary is not None
    assert done.summary.players == 4 and done.list_date == "2026-11"
    assert ("download", len(body), len(body)) in seen
    assert any(phase == "import" for phase, _, _ in seen)
    assert rating_list.find("carlsen")[0].player.rapid == 2823
    source = rating_list.source("FIDE")
    assert source is not None and source.list_date == "2026-11" and source.file == url
    (saved,) = rating_list.downloads()
    assert saved == ListDownload(
        "FIDE",
        url,
        checked="2026-11-27 20:00",
        sha256=hashlib.sha256(body).hexdigest(),
        bytes=len(body),
    )
    assert _leftovers(rating_list) == [], "the downloaded file is removed"
    assert "4 players (standard, rapid, blitz), list of 2026-11" in done.describe()


def test_q136_the_same_file_again_is_not_imported_again(rating_list: RatingList) -> None:
    with list_server() as server:
        url = server.serve("/l.zip", Served(zipped(LIST_XML), NOVEMBER))
        refresh(rating_list, ListDownload("FIDE", url), now=NOW)
        later = NOW + dt.timedelta(days=2)
        again = refresh(rating_list, rating_list.downloads()[0], now=later)
    assert again.status == "unchanged" and again.summary is None
    assert rating_list.downloads()[0].checked == "2026-11-29 20:00"
    assert "unchanged since the last download" in again.describe()


def test_a_download_cut_short_keeps_the_previous_list(rating_list: RatingList) -> None:
    body = zipped(LIST_XML)
    with list_server() as server:
        good = server.serve("/good.zip", Served(body, NOVEMBER))
        refresh(rating_list, ListDownload("FIDE", good), now=NOW)
        cut = server.serve("/cut.zip", Served(zipped(LIST_XML.replace("2830", "2999")), cut=100))
        with pytest.raises(DownloadError, match="stopped after 100 of"):
            refresh(rating_list, ListDownload("FIDE", cut), now=NOW)
    assert rating_list.find("carlsen")[0].player.standard == 2830
    assert rating_list.downloads()[0].url == good, "the failed address is not recorded"
    assert _leftovers(rating_list) == []


def test_a_web_page_a_404_and_an_unreachable_server_are_messages(
    rating_list: RatingList,
) -> None:
    with list_server() as server:
        page = server.serve("/page", Served(b"<!DOCTYPE html><html><body>Login</body></html>"))
        with pytest.raises(DownloadError, match="gives a web page, not a rating list"):
            refresh(rating_list, ListDownload("FIDE", page))
        with pytest.raises(DownloadError, match="answered 404"):
            refresh(rating_list, ListDownload("FIDE", server.url + "/missing.zip"))
        dead = server.url
    with pytest.raises(DownloadError, match=r"cannot reach the server.*unchanged"):
        refresh(rating_list, ListDownload("FIDE", dead + "/l.zip"), timeout=5)
    assert not rating_list.path.exists() or rating_list.sources() == []
    assert _leftovers(rating_list) == []


def test_a_damaged_zip_and_a_wrong_checksum_change_nothing(rating_list: RatingList) -> None:
    body = zipped(LIST_XML)
    with list_server() as server:
        refresh(rating_list, ListDownload("FIDE", server.serve("/a.zip", Served(body))), now=NOW)
        damaged = body[:40] + b"\0" * 40 + body[80:]
        url = server.serve("/b.zip", Served(zipped(LIST_XML.replace("2830", "2999"))))
        with pytest.raises(DownloadError, match=r"SHA-256 is .* not the"):
            refresh(rating_list, ListDownload("FIDE", url), expected_sha256="0" * 64)
        bad = server.serve("/c.zip", Served(damaged))
        with pytest.raises(DownloadError, match="damaged"):
            refresh(rating_list, ListDownload("FIDE", bad))
        good_sum = hashlib.sha256(zipped(LIST_XML.replace("2830", "2999"))).hexdigest()
        refresh(rating_list, ListDownload("FIDE", url), expected_sha256=good_sum.upper())
    assert rating_list.find("carlsen")[0].player.standard == 2999
    with pytest.raises(DownloadError, match="not a SHA-256"):
        fetch("http://127.0.0.1/x", rating_list.path.parent, expected_sha256="abc")


def test_a_list_with_far_fewer_players_or_an_older_month_is_refused(
    rating_list: RatingList,
) -> None:
    one_player = LIST_XML.split("<player>")[0] + "<player>" + LIST_XML.split("<player>")[1]
    one_player = one_player.rstrip() + "\n</playerslist>\n"
    with list_server() as server:
        refresh(
            rating_list,
            ListDownload("FIDE", server.serve("/a.zip", Served(zipped(LIST_XML), NOVEMBER))),
            now=NOW,
        )
        small = server.serve("/small.zip", Served(zipped(one_player), NOVEMBER))
        with pytest.raises(DownloadError, match=r"1 players where the FIDE list had 4.*kept"):
            refresh(rating_list, ListDownload("FIDE", small), now=NOW)
        old = server.serve("/old.zip", Served(zipped(LIST_XML.replace("2830", "2801")), OCTOBER))
        with pytest.raises(DownloadError, match="of 2026-10, older than the FIDE list of 2026-11"):
            refresh(rating_list, ListDownload("FIDE", old), now=NOW)
    assert rating_list.find("carlsen")[0].player.standard == 2830
    assert rating_list.sources()[0].players == 4


def test_cancel_during_the_download_changes_nothing(rating_list: RatingList) -> None:
    with list_server() as server:
        url = server.serve("/a.zip", Served(zipped(LIST_XML)))
        with pytest.raises(DownloadCancelled, match="cancelled"):
            refresh(rating_list, ListDownload("FIDE", url), should_cancel=lambda: True)
    assert not rating_list.path.exists() or rating_list.sources() == []
    assert _leftovers(rating_list) == []


def test_an_oversized_download_is_stopped(rating_list: RatingList) -> None:
    with list_server() as server:
        url = server.serve("/big.zip", Served(b"x" * 5000))
        with pytest.raises(DownloadError, match="more than any rating list"):
            fetch(url, rating_list.path.parent, max_bytes=1000)
    assert _leftovers(rating_list) == []


def test_only_web_addresses_are_accepted() -> None:
    assert check_url("  https://example.org/l.zip ") == "https://example.org/l.zip"
    for wrong in ("", "file:///etc/passwd", "ratings.fide.com/x.zip", "ftp://h/x"):
        with pytest.raises(DownloadError, match="not a web address"):
            check_url(wrong)


def test_q135_lists_are_due_when_more_than_a_day_old(rating_list: RatingList) -> None:
    (fide,) = planned_downloads(rating_list)
    assert fide.url == FIDE_LIST_URL and fide.checked == "" and is_due(fide, now=NOW)
    fresh = ListDownload("FIDE", FIDE_LIST_URL, checked="2026-11-27 08:00")
    assert age_hours(fresh, NOW) == 12.0 and not is_due(fresh, now=NOW)
    assert is_due(fresh, now=NOW + dt.timedelta(hours=12))
    rating_list.save_download(ListDownload("ESP", "https://example.org/elo.csv", format="FEDA"))
    rating_list.save_download(ListDownload("FIDE", "https://mirror.example.org/l.zip"))
    assert [(d.name, d.url) for d in planned_downloads(rating_list)] == [
        ("FIDE", "https://mirror.example.org/l.zip"),
        ("ESP", "https://example.org/elo.csv"),
    ]
    assert rating_list.forget_download("ESP") and not rating_list.forget_download("ESP")


def _cli(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "swissdesk", "rating-list", "--database", str(database), *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_q136_rating_list_download_command_downloads_every_kept_list(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite"
    national = LIST_XML.replace("2305", "2333").replace("Carlsen", "Karlsen")
    with list_server() as server:
        fide = server.serve("/players_list_xml.zip", Served(zipped(LIST_XML), NOVEMBER))
        esp = server.serve("/esp_nov26.zip", Served(zipped(national)))
        first = _cli(database, "download", "--url", fide)
        assert first.returncode == 0, first.stderr
        assert "FIDE: 4 players (standard, rapid, blitz), list of 2026-11" in first.stdout
        assert "downloading FIDE: 100 %" in first.stderr
        added = _cli(database, "download", "ESP", "--url", esp)
        assert added.returncode == 0 and "ESP: 4 players" in added.stdout
        everything = _cli(database, "download")
        assert everything.returncode == 0, everything.stderr
        assert everything.stdout.splitlines() == [
            "FIDE: unchanged since the last download (list of 2026-11)",
            "ESP: unchanged since the last download (list of 2026-11)",
        ]
        assert server.requests.count("/players_list_xml.zip") == 2
        fresh = _cli(database, "download", "--if-older-than", "24")
        assert fresh.stdout.strip() == "every list was downloaded less than 24 h ago"
        assert server.requests.count("/players_list_xml.zip") == 2
        info = _cli(database, "info")
        assert f"download ESP: {esp}; last downloaded" in info.stdout
        assert "due" not in info.stdout
        server.files.pop("/esp_nov26.zip")
        broken = _cli(database, "download")
        assert broken.returncode == 2 and "Traceback" not in broken.stderr
        assert "ESP: " in broken.stderr and "answered 404" in broken.stderr
        assert "FIDE: unchanged" in broken.stdout, "one failing list does not stop the others"
    forgotten = _cli(database, "download", "ESP", "--forget")
    assert forgotten.returncode == 0 and "no longer downloaded" in forgotten.stdout
    unknown = _cli(database, "download", "ESP")
    assert unknown.returncode == 2 and "give its address with --url" in unknown.stderr
    bad = _cli(database, "download", "--url", "file:///etc/passwd")
    assert bad.returncode == 2 and "not a web address" in bad.stderr


def test_issue_38_a_downloads_line_in_the_readers_language() -> None:
    """The line the window and ``swissdesk rating-list download`` show: whole sentences,
    the players counted with the language's plural and written with its grouping, the size
    with its decimal sign, the rates of play in its words."""
    from swissdesk.i18n import using_language
    from swissdesk.ratinglist.download import Refreshed
    from swissdesk.ratinglist.store import ImportSummary

    summary = ImportSummary("FIDE", 1234, 2, (), ("standard", "rapid"), 1.0)
    done = Refreshed("FIDE", "imported", "2026-11", 12_340_000, "0" * 64, summary)
    assert done.describe() == (
        "FIDE: 1,234 players (standard, rapid), list of 2026-11, 12.3 MB downloaded; "
        "2 records could not be read"
    )
    with using_language("de"):
        assert done.describe() == (
            "FIDE: 1.234 Spieler (Standard, Schnellschach), Liste von 2026-11, "
            "12,3 MB heruntergeladen; 2 Datensätze waren nicht lesbar"
        )
        unchanged = Refreshed("FIDE", "unchanged", "", 0, "0" * 64).describe()
        assert (
            unchanged
            == "FIDE: unverändert seit dem letzten Herunterladen (Datum der Liste unbekannt)"
        )
    one = Refreshed(
        "ESP",
        "imported",
        "2026-11",
        1_000,
        "0" * 64,
        summary.__class__("ESP", 21, 0, (), ("blitz",), 1.0),
    )
    with using_language("ru"):
        assert one.describe() == ("ESP: 21 шахматист (блиц), лист от 2026-11, загружено 0,0 МБ")
