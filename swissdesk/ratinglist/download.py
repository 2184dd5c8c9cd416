"""Downloading the rating lists from inside the program (FIDE's checklist for tournament
programs, C.02 Q135-136).

The venue has no network, the arbiter's laptop at home does: one command (or one button)
downloads every list this computer keeps (FIDE's combined list by default, from
:data:`FIDE_LIST_URL`, and any national list the arbiter added with its address) and imports
each one. A list is never replaced by a broken one:

* the file goes to a temporary file beside the rating list database and is removed
  afterwards, whatever happens;
* a download that stops short of the size the server announced, one larger than
  :data:`MAX_DOWNLOAD`, a web page where a list was expected, a damaged zip, or a file whose
  SHA-256 is not the one the arbiter gave, is refused before anything is imported;
* the import is one transaction (:meth:`RatingList.import_file`): a file that turns out
  damaged, a cancel, or a list with fewer than :data:`KEEP_UNLESS_PERCENT` % of the players the
  list held (a file cut short, a server's error file) leaves the previous list exactly as it
  was;
* a list older than the one on this computer (a stale mirror) is refused; the same file as
  last time (same SHA-256) is not imported again.

Each good download is recorded (:class:`ListDownload`: when, SHA-256, size) so that the window
and ``rating-list download --if-older-than 24`` can keep the lists no more than a day old
(Q135) while the computer is online. Standard library only (``urllib``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import email.utils
import hashlib
import ipaddress
import os
import socket
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path

from swissdesk.i18n import _, format_decimal, ngettext, pgettext
from swissdesk.ratinglist.parse import CancelCheck, ImportCancelled, RatingListError
from swissdesk.ratinglist.store import (
    DEFAULT_SOURCE,
    ImportSummary,
    ListDownload,
    RatingList,
    list_date_from_name,
)

FIDE_DOWNLOAD_PAGE = "https://ratings.fide.com/download_lists.phtml"
"""FIDE's page of rating list downloads (the lists' addresses are given there)."""

FIDE_LIST_URL = "https://ratings.fide.com/download/players_list_xml.zip"
"""FIDE's combined standard, rapid and blitz list (XML, zipped), as its download page gives
it: the default address of the ``FIDE`` list."""

MAX_DOWNLOAD = 2 << 30
"""Largest file accepted: 2 GiB (FIDE's combined zip is about 50 MB)."""

KEEP_UNLESS_PERCENT = 50
"""A downloaded list with fewer than this share of the players its list held is refused."""

FRESH_HOURS = 24
"""A list downloaded longer ago than this is due again (FIDE's checklist Q135: never more
than a day old while the program runs)."""

TIMEOUT = 60.0
"""Seconds without an answer from the server before a download gives up."""

_CHUNK = 1 << 16

DownloadProgress = Callable[[str, int, int], None]
"""``progress(phase, done, total)``: phase ``"download"`` (bytes received, of the size the
server announced or 0) or ``"import"`` (bytes of the list read)."""


class DownloadError(RatingListError):
    """A list could not be downloaded, or what came is not a good list; nothing changed."""


class DownloadCancelled(ImportCancelled):
    """The arbiter cancelled the download; nothing changed."""


@dataclass(frozen=True, slots=True)
class Fetched:
    """A file downloaded whole: where it is, its size, SHA-256, and the month of the
    server's Last-Modified date (``""`` when the server gives none)."""

    path: Path
    bytes: int
    sha256: str
    last_modified_month: str


@dataclass(frozen=True, slots=True)
class Refreshed:
    """What downloading one list did: ``imported`` (with the import's summary) or
    ``unchanged`` (the same file as the last download)."""

    name: str
    status: str
    list_date: str
    bytes: int
    sha256: str
    summary: ImportSummary | None = None

    def describe(self) -> str:
        """One line for the arbiter, in the process's language (the window's or the
        terminal's): whole sentences per case, counts and sizes as the language writes them."""
        if self.summary is None:
            if self.list_date:
                return _("{name}: unchanged since the last download (list of {date})").format(
                    name=self.name, date=self.list_date
                )
            return _("{name}: unchanged since the last download (list date unknown)").format(
                name=self.name
            )
        fields = {
            "name": self.name,
            "players": format_decimal(self.summary.players),
            "kinds": ", ".join(kind_name(kind) for kind in self.summary.kinds),
            "date": self.list_date,
            "size": format_decimal(Decimal(self.bytes) / 1_000_000, 1),
        }
        if self.list_date:
            line = ngettext(
                "{name}: {players} player ({kinds}), list of {date}, {size} MB downloaded",
                "{name}: {players} players ({kinds}), list of {date}, {size} MB downloaded",
                self.summary.players,
            ).format(**fields)
        else:
            line = ngettext(
                "{name}: {players} player ({kinds}), list date unknown, {size} MB downloaded",
                "{name}: {players} players ({kinds}), list date unknown, {size} MB downloaded",
                self.summary.players,
            ).format(**fields)
        if not self.summary.skipped:
            return line
        return ngettext(
            "{line}; {count} record could not be read",
            "{line}; {count} records could not be read",
            self.summary.skipped,
        ).format(line=line, count=format_decimal(self.summary.skipped))


def kind_name(kind: str) -> str:
    """A list's rate of play (``standard``, ``rapid``, ``blitz``, as the list files name
    them) in the reader's words; an unknown kind as it is."""
    names = {
        "standard": pgettext("rate of play of a rating list", "standard"),
        "rapid": pgettext("rate of play of a rating list", "rapid"),
        "blitz": pgettext("rate of play of a rating list", "blitz"),
    }
    return names.get(kind, kind)


def fide_default() -> ListDownload:
    """The FIDE list at FIDE's address, never downloaded yet."""
    return ListDownload(DEFAULT_SOURCE, FIDE_LIST_URL)


def planned_downloads(rating_list: RatingList) -> list[ListDownload]:
    """Every list this computer downloads: the FIDE list (at FIDE's address unless the
    arbiter gave another) first, then the others by name."""
    saved = rating_list.downloads()
    fide = next((d for d in saved if d.name == DEFAULT_SOURCE), fide_default())
    return [fide, *(d for d in saved if d.name != DEFAULT_SOURCE)]


def _parse_checked(text: str) -> dt.datetime | None:
    try:
        return dt.datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=dt.UTC)
    except ValueError:
        return None


def age_hours(download: ListDownload, now: dt.datetime | None = None) -> float | None:
    """Hours since the list was last downloaded; None if it never was."""
    checked = _parse_checked(download.checked)
    if checked is None:
        return None
    moment = now or dt.datetime.now(dt.UTC)
    return max(0.0, (moment - checked).total_seconds() / 3600)


def is_due(
    download: ListDownload, hours: float = FRESH_HOURS, now: dt.datetime | None = None
) -> bool:
    """Whether the list was never downloaded or longer ago than ``hours``."""
    age = age_hours(download, now)
    return age is None or age >= hours


def check_url(url: str) -> str:
    """The address, trimmed, if it is a web address (http or https); else a message."""
    text = url.strip()
    parts = urllib.parse.urlsplit(text)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise DownloadError(
            _(
                "{value} is not a web address: give the list's address, starting with https:// "
                "(FIDE's lists: {FIDE_DOWNLOAD_PAGE})"
            ).format(value=text or "(empty)", FIDE_DOWNLOAD_PAGE=FIDE_DOWNLOAD_PAGE)
        )
    return text


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _opener(url: str) -> urllib.request.OpenerDirector:
    """The system's proxies, except for this computer's own addresses."""
    host = urllib.parse.urlsplit(url).hostname or ""
    if _is_loopback(host):
        return urllib.request.build_opener(urllib.request.ProxyHandler({}))
    return urllib.request.build_opener()


def _month_of(header: str | None) -> str:
    if not header:
        return ""
    try:
        moment = email.utils.parsedate_to_datetime(header)
    except (TypeError, ValueError, IndexError):
        return ""
    return f"{moment.year:04d}-{moment.month:02d}"


def fetch(
    url: str,
    folder: str | os.PathLike[str],
    *,
    progress: DownloadProgress | None = None,
    should_cancel: CancelCheck | None = None,
    timeout: float = TIMEOUT,
    max_bytes: int = MAX_DOWNLOAD,
    expected_sha256: str = "",
) -> Fetched:
    """Download ``url`` whole into a new file in ``folder`` (the caller removes it), or
    raise :class:`DownloadError` (:class:`DownloadCancelled`) having removed it."""
    from swissdesk import __version__

    url = check_url(url)
    expected = expected_sha256.strip().lower()
    if expected and (len(expected) != 64 or any(c not in "0123456789abcdef" for c in expected)):
        raise DownloadError(
            _("{expected_sha256!r} is not a SHA-256 (64 hexadecimal digits)").format(
                expected_sha256=expected_sha256
            )
        )
    request = urllib.request.Request(url, headers={"User-Agent": f"swissdesk/{__version__}"})
    Path(folder).mkdir(parents=True, exist_ok=True)
    base = Path(urllib.parse.urlsplit(url).path).name or "list"
    handle, name = tempfile.mkstemp(dir=folder, prefix=".download-", suffix=f"-{base[-60:]}")
    path = Path(name)
    try:
        with os.fdopen(handle, "wb") as out:
            try:
                response = _opener(url).open(request, timeout=timeout)
            except urllib.error.HTTPError as exc:
                raise DownloadError(
                    _(
                        "{url}: the server answered {code} {reason}; the lists on this "
                        "computer are unchanged"
                    ).format(url=url, code=exc.code, reason=exc.reason)
                ) from None
            except (urllib.error.URLError, OSError) as exc:
                reason = getattr(exc, "reason", exc)
                if isinstance(reason, (TimeoutError, socket.timeout)):
                    reason = f"no answer within {timeout:.0f} s"
                raise DownloadError(
                    _(
                        "{url}: cannot reach the server ({reason}); is this computer online? "
                        "The lists on this computer are unchanged"
                    ).format(url=url, reason=reason)
                ) from None
            with response:
                length_header = response.headers.get("Content-Length")
                try:
                    announced = int(length_header) if length_header else None
                except ValueError:
                    announced = None
                if announced is not None and announced > max_bytes:
                    raise DownloadError(
                        _(
                            "{url}: the server announces {announced:,} bytes, more than any "
                            "rating list ({max_bytes:,} at most); nothing was downloaded"
                        ).format(url=url, announced=announced, max_bytes=max_bytes)
                    )
                digest = hashlib.sha256()
                done = 0
                head = b""
                while True:
                    if should_cancel is not None and should_cancel():
                        raise DownloadCancelled(
                            "the download was cancelled; the lists on this computer are unchanged"
                        )
                    try:
                        chunk = response.read(_CHUNK)
                    except (OSError, ValueError) as exc:
                        raise DownloadError(
                            _(
                                "{url}: the download stopped after {done:,} bytes ({exc}); the "
                                "lists on this computer are unchanged"
                            ).format(url=url, done=done, exc=exc)
                        ) from None
                    if not chunk:
                        break
                    if len(head) < 512:
                        head += chunk[: 512 - len(head)]
                    done += len(chunk)
                    if done > max_bytes:
                        raise DownloadError(
                            _(
                                "{url}: more than {max_bytes:,} bytes, far more than any "
                                "rating list; the download was stopped and nothing changed"
                            ).format(url=url, max_bytes=max_bytes)
                        )
                    digest.update(chunk)
                    out.write(chunk)
                    if progress is not None:
                        progress("download", done, announced or 0)
                month = _month_of(response.headers.get("Last-Modified"))
        if announced is not None and done != announced:
            raise DownloadError(
                _(
                    "{url}: the download stopped after {done:,} of {announced:,} bytes (the "
                    "connection was lost?); the lists on this computer are unchanged"
                ).format(url=url, done=done, announced=announced)
            )
        if done == 0:
            raise DownloadError(
                _("{url}: the server sent an empty file; nothing changed").format(url=url)
            )
        sniff = head.lstrip().lower()
        if sniff.startswith((b"<!doctype html", b"<html")):
            raise DownloadError(
                _(
                    "{url}: the address gives a web page, not a rating list: give the address "
                    "of the list file itself (FIDE's are on {FIDE_DOWNLOAD_PAGE}); nothing "
                    "changed"
                ).format(url=url, FIDE_DOWNLOAD_PAGE=FIDE_DOWNLOAD_PAGE)
            )
        if head.startswith(b"PK") and not zipfile.is_zipfile(path):
            raise DownloadError(
                _(
                    "{url}: the zip file that came is damaged; the lists on this computer are "
                    "unchanged"
                ).format(url=url)
            )
        sha256 = digest.hexdigest()
        if expected and sha256 != expected:
            raise DownloadError(
                _(
                    "{url}: the file's SHA-256 is {sha256}, not the {expected} given: a "
                    "different or damaged file; nothing changed"
                ).format(url=url, sha256=sha256, expected=expected)
            )
        return Fetched(path, done, sha256, month)
    except BaseException:
        with contextlib.suppress(OSError):
            path.unlink()
        raise


def refresh(
    rating_list: RatingList,
    download: ListDownload,
    *,
    progress: DownloadProgress | None = None,
    should_cancel: CancelCheck | None = None,
    timeout: float = TIMEOUT,
    expected_sha256: str = "",
    now: dt.datetime | None = None,
) -> Refreshed:
    """Download one list and import it in place of the previous one (see the module doc);
    records the download. A list with a ``format`` is read with that saved custom format
    (:mod:`swissdesk.ratinglist.formats`)."""
    moment = now or dt.datetime.now(dt.UTC)
    stamp = moment.strftime("%Y-%m-%d %H:%M")
    fetched = fetch(
        download.url,
        rating_list.path.parent,
        progress=progress,
        should_cancel=should_cancel,
        timeout=timeout,
        expected_sha256=expected_sha256,
    )
    try:
        current = rating_list.source(download.name)
        if current is not None and download.sha256 and download.sha256 == fetched.sha256:
            rating_list.save_download(
                replace(download, checked=stamp, sha256=fetched.sha256, bytes=fetched.bytes)
            )
            return Refreshed(
                download.name, "unchanged", current.list_date, fetched.bytes, fetched.sha256
            )
        base = Path(urllib.parse.urlsplit(download.url).path).name
        month = (
            list_date_from_name(base)
            or fetched.last_modified_month
            or f"{moment.year:04d}-{moment.month:02d}"
        )
        if current is not None and current.list_date and month < current.list_date:
            raise DownloadError(
                _(
                    "{url}: the list there is of {month}, older than the {name} list of "
                    "{list_date} on this computer (an outdated mirror?); the list on this "
                    "computer is kept"
                ).format(
                    url=download.url,
                    month=month,
                    name=download.name,
                    list_date=current.list_date,
                )
            )

        def reading(done: int, total: int) -> None:
            if progress is not None:
                progress("import", done, total)

        try:
            if download.format:
                from swissdesk.ratinglist.formats import import_custom, saved_format

                fmt = saved_format(rating_list, download.format)
                summary = import_custom(
                    rating_list,
                    fetched.path,
                    replace(fmt, source=download.name),
                    list_date=month,
                    progress=reading,
                    should_cancel=should_cancel,
                    keep_unless_percent=KEEP_UNLESS_PERCENT,
                    file_name=download.url,
                )
            else:
                summary = rating_list.import_file(
                    fetched.path,
                    source=download.name,
                    kind=download.kind or None,
                    list_date=month,
                    progress=reading,
                    should_cancel=should_cancel,
                    keep_unless_percent=KEEP_UNLESS_PERCENT,
                    file_name=download.url,
                )
        except (DownloadError, ImportCancelled):
            raise
        except RatingListError as exc:
            # The message names the address, not the temporary file it was read from.
            message = str(exc).replace(str(fetched.path), download.url)
            raise DownloadError(message.replace(fetched.path.name, download.url)) from None
        rating_list.save_download(
            replace(download, checked=stamp, sha256=fetched.sha256, bytes=fetched.bytes)
        )
        return Refreshed(download.name, "imported", month, fetched.bytes, fetched.sha256, summary)
    finally:
        with contextlib.suppress(OSError):
            fetched.path.unlink()
