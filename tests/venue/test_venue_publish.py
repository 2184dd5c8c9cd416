"""``swissdesk publish``: the same pages as a static site with relative links."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from swissdesk.cli import main
from swissdesk.errors import InputError
from swissdesk.venue.publish import MARKER, publish


def links(html: str) -> list[str]:
    return re.findall(r'(?:href|src|action)="([^"]*)"', html)


def test_every_link_of_the_site_is_relative_and_leads_to_a_file(
    events: dict[str, Path], tmp_path: Path
) -> None:
    site = tmp_path / "site"
    target, pages = publish(list(events.values()), site)
    assert target == site and pages > 40
    assert (site / "index.html").is_file() and (site / MARKER).is_file()
    for rnd in (1, 2, 3):
        assert (site / "s" / "riverside-open" / "round" / f"{rnd}.html").is_file()
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "/live" not in html and "live.js" not in html
        for link in links(html):
            assert not link.startswith(("/", "http:", "https:")), (page, link)
            linked = (page.parent / PurePosixPath(link.split("?")[0])).resolve()
            assert linked.is_file(), (page, link)


def test_the_exported_search_lists_every_player_with_the_folded_name(
    events: dict[str, Path], tmp_path: Path
) -> None:
    publish([events["open"]], tmp_path / "one")
    find = (tmp_path / "one" / "s" / "riverside-open" / "find.html").read_text(encoding="utf-8")
    assert 'data-key="wrobel, lukasz"' in find and "find.js" in find
    # One tournament: the site opens on its pairings.
    index = (tmp_path / "one" / "index.html").read_text(encoding="utf-8")
    assert "Where do I play?" in index and 'href="s/riverside-open/standings.html"' in index


def test_a_zip_holds_the_same_site(events: dict[str, Path], tmp_path: Path) -> None:
    assert main(["publish", str(events["rr"]), "-o", str(tmp_path / "site.zip")]) == 0
    with zipfile.ZipFile(tmp_path / "site.zip") as archive:
        names = archive.namelist()
    assert "index.html" in names and "s/masters/crosstable.html" in names
    assert "static/venue.css" in names


def test_a_folder_of_other_files_is_never_replaced(events: dict[str, Path], tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "thesis.odt").write_text("precious")
    with pytest.raises(InputError, match="other files"):
        publish([events["rr"]], folder)
    assert (folder / "thesis.odt").read_text() == "precious"
    publish([events["rr"]], tmp_path / "again")
    publish([events["rr"]], tmp_path / "again")  # a site it published: replaced
    assert (tmp_path / "again" / MARKER).is_file()


def test_publish_refuses_a_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "x.trf"
    trf.write_text("012 X\n")
    assert main(["publish", str(trf), "-o", str(tmp_path / "out")]) == 2
    assert "swissdesk import" in capsys.readouterr().err
