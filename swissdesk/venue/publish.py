"""The venue's pages as a static site (``swissdesk publish FILE -o DIR``, File > Publish in
the window): every round, the standings, the cross table and every player's page, with
relative links, for the club's web space or a USB stick. No server needed; the search box
filters the list of players in the browser.

Written beside the target and moved into place when complete, so a failure never leaves
half a site; a folder is only replaced when it is empty or a site swissdesk published
(it holds :data:`MARKER`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from swissdesk.errors import InputError
from swissdesk.i18n import SOURCE_LANGUAGE, normalize_language
from swissdesk.venue.pages import section_pages, static_file
from swissdesk.venue.render import ASSETS, Renderer, load_assets
from swissdesk.venue.source import Venue

MARKER = ".swissdesk-site"
"""The file that marks a folder as a site swissdesk published (it may be replaced)."""


def site_files(venue: Venue, language: str | None = None) -> Iterator[tuple[str, bytes]]:
    """``(relative file name, content)`` of every page and asset of the site, in
    ``language`` (``None``: each tournament's own)."""
    renderer = Renderer(static=True)
    data, versions = venue.data, venue.versions
    if len(venue.sections) == 1:
        # One tournament: the start page is its pairings (as the server redirects there).
        only = venue.sections[0].slug
        home = renderer.page(data, versions, f"/s/{only}/", {}, at="/",
                             language=language or data[only].language)  # fmt: skip
        assert home is not None
        yield "index.html", home.encode("utf-8")
    else:
        first = next(iter(data.values()), None)
        index = renderer.page(data, versions, "/", {}, language=language or
                              (first.language if first else SOURCE_LANGUAGE))  # fmt: skip
        assert index is not None
        yield "index.html", index.encode("utf-8")
    for section in venue.sections:
        own = language or data[section.slug].language
        for page in section_pages(data[section.slug]):
            html = renderer.page(data, versions, page, {}, language=own)
            if html is not None:
                yield static_file(page), html.encode("utf-8")
    assets = load_assets()
    for name in ASSETS:
        yield f"static/{name}", assets[name]
    yield MARKER, b"A site published by swissdesk; swissdesk publish may replace this folder.\n"


def publish(
    paths: Sequence[str | Path],
    out: str | os.PathLike[str],
    *,
    fide_ids: bool = False,
    language: str | None = None,
) -> tuple[Path, int]:
    """Write the site of ``paths`` to ``out`` (a folder, or a ``.zip`` file); returns the
    path written and the number of pages."""
    target = Path(out)
    venue = Venue(paths, fide_ids=fide_ids)
    try:
        files = list(site_files(venue, normalize_language(language)))
    finally:
        venue.close()
    pages = sum(1 for name, _ in files if name.endswith(".html"))
    if target.suffix.lower() == ".zip":
        _write_zip(target, files)
    else:
        _write_folder(target, files)
    return target, pages


def _write_zip(target: Path, files: list[tuple[str, bytes]]) -> None:
    if not target.parent.is_dir():
        raise InputError(f"cannot write {target}: folder {target.parent} does not exist")
    fd, temp = tempfile.mkstemp(prefix=".swissdesk-", suffix=".zip", dir=target.parent)
    os.close(fd)
    try:
        with zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, content in files:
                archive.writestr(name, content)
        os.chmod(temp, 0o644)
        os.replace(temp, target)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        Path(temp).unlink(missing_ok=True)


def _write_folder(target: Path, files: list[tuple[str, bytes]]) -> None:
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(f"cannot write {target}: folder {parent} does not exist")
    if target.exists():
        if not target.is_dir():
            raise InputError(f"{target} exists and is not a folder: choose another name")
        if any(target.iterdir()) and not (target / MARKER).exists():
            raise InputError(
                f"{target} is a folder with other files in it: choose an empty or new folder "
                "(swissdesk only replaces a site it published)"
            )
    try:
        temp = Path(tempfile.mkdtemp(prefix=".swissdesk-site-", dir=parent))
    except OSError as exc:
        raise InputError(f"cannot write in {parent}: {exc.strerror or exc}") from exc
    try:
        for name, content in files:
            path = temp / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        for folder in [temp, *(p for p in temp.rglob("*") if p.is_dir())]:
            folder.chmod(0o755)
        for file in (p for p in temp.rglob("*") if p.is_file()):
            file.chmod(0o644)
        if target.exists():
            old = parent / f".{target.name}.old-{os.getpid()}"
            os.replace(target, old)
            os.replace(temp, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(temp, target)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        if temp.exists():
            shutil.rmtree(temp, ignore_errors=True)
